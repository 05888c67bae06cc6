/*
 * fuzz_mustache.c - the template engine (`--templates DIR`): parsing and
 * rendering any template against a context shaped like the report's, with
 * partials, both escapes, and the limits on nesting and partial depth.
 *
 * Lists in the context have two elements. Nested sections multiply (a
 * template can ask for 2^n renderings), so every template is rendered under
 * a small expansion limit and output limit: deep nesting is fuzzed, and
 * must stop there with an error, never run on.
 */
#include "fuzz.h"
#include "lib/mustache.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct mctx *ctx;

static struct mctx *make_item(const char *name, int flag)
{
	struct mctx *o = mctx_object(), *inner = mctx_object();
	mctx_set_str(o, "name", name);
	mctx_set_bool(o, "flag", flag);
	mctx_set_str(o, "empty", "");
	mctx_set_str(o, "none", NULL);
	mctx_set_str(inner, "deep", "<&\"'>");
	mctx_set(o, "inner", inner);
	return o;
}

/* The elements of a list made on demand (mctx_list_made). */
static struct mctx *made_item(size_t i, void *ud)
{
	(void)ud;
	return make_item(i % 2 ? "made odd" : "made even", (int)(i % 2));
}

static struct mctx *make_context(void)
{
	struct mctx *root = mctx_object(), *list = mctx_list(), *strs = mctx_list();
	mctx_set_str(root, "title", "@org/team | <script>`x`</details> ]]> =HYPERLINK(\"x\")");
	mctx_set_str(root, "x", "a&b");
	mctx_set_bool(root, "yes", 1);
	mctx_set_bool(root, "no", 0);
	mctx_push(list, make_item("one", 1));
	mctx_push(list, make_item("two \xE2\x98\x83", 0));
	mctx_set(root, "list", list);
	mctx_push(strs, mctx_string("s1"));
	mctx_push(strs, mctx_stringn("s\0two", 5));
	mctx_set(root, "strs", strs);
	mctx_set(root, "nil", mctx_null());
	mctx_set(root, "nolist", mctx_list());
	mctx_set(root, "made", mctx_list_made(3, made_item, NULL, NULL));
	return root;
}

/* Partials: a few fixed ones, one that includes itself (stopped by the
 * partial depth limit), one the loader refuses, and none for any other
 * name. */
static char *partial(const char *name, void *ud, char *problem, size_t size)
{
	(void)ud;
	if (strcmp(name, "unreadable") == 0) {
		snprintf(problem, size, "cannot read it");
		return NULL;
	}
	if (strcmp(name, "a") == 0)
		return xstrdup("{{x}}<{{{title}}}>\n");
	if (strcmp(name, "b") == 0)
		return xstrdup("  {{#list}}{{>a}}{{name}}{{/list}}\n");
	if (strcmp(name, "self") == 0)
		return xstrdup("{{>self}}");
	if (strcmp(name, "d") == 0)
		return xstrdup("{{=<% %>=}}<%x%><%={{ }}=%>{{x}}");
	if (strcmp(name, "bad") == 0)
		return xstrdup("{{#x}}");
	return NULL;
}

static void escape_plain(struct buf *out, const char *s, size_t n, void *ud)
{
	(void)ud;
	buf_put(out, s, n);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct mustache_opts opts = { NULL, NULL, partial, NULL, (size_t)1 << 20, 20000 };
	struct mustache_error merr;
	struct buf out = BUF_INIT;

	if (!ctx)
		ctx = make_context();
	if (size < 1)
		return 0;
	if (data[0] & 1)
		opts.escape = escape_plain;
	mustache_render((const char *)data + 1, size - 1, (data[0] & 2) ? NULL : ctx, &opts, &out,
			&merr);
	buf_release(&out);
	return 0;
}
