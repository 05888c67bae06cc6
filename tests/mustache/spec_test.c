/*
 * spec_test.c - runs the official Mustache spec files (comments, delimiters,
 * interpolation, inverted, partials, sections) against src/lib/mustache.c, then
 * our own cases: malformed templates (error position and message), behaviour
 * the spec leaves open, and a deterministic random-template robustness run.
 *
 * Usage: spec_test SPEC_DIR
 * Prints one line per failing case and ends with "N passed, N failed";
 * exits 1 when anything failed, 2 on a usage or I/O problem.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "lib/mustache.h"
#include "lib/util.h"

static int passed, failed;

/* Appends s[0..n) to b with control characters and quotes escaped, so a
 * whole case fits on one line. */
static void put_escaped(struct buf *b, const char *s, size_t n)
{
	size_t i;
	buf_putc(b, '"');
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c == '\n')
			buf_puts(b, "\\n");
		else if (c == '\r')
			buf_puts(b, "\\r");
		else if (c == '\t')
			buf_puts(b, "\\t");
		else if (c == '"' || c == '\\')
			buf_printf(b, "\\%c", c);
		else if (c < 0x20)
			buf_printf(b, "\\x%02x", c);
		else
			buf_putc(b, c);
	}
	buf_putc(b, '"');
}

static void fail_output(const char *group, const char *name, const char *want,
			size_t wlen, const char *got, size_t glen)
{
	struct buf b = BUF_INIT;
	buf_printf(&b, "FAIL %s: %s: expected ", group, name);
	put_escaped(&b, want, wlen);
	buf_puts(&b, " got ");
	put_escaped(&b, got, glen);
	printf("%s\n", buf_str(&b));
	buf_release(&b);
	failed++;
}

/* The shortest "%.*g" form that reads back as v: 85 -> "85", 1.21 -> "1.21". */
static void format_number(char *out, size_t size, double v)
{
	int prec;
	for (prec = 1; prec <= 17; prec++) {
		snprintf(out, size, "%.*g", prec, v);
		if (strtod(out, NULL) == v)
			return;
	}
}

static struct mctx *from_json(const cJSON *j)
{
	const cJSON *c;
	struct mctx *v;
	char num[64];

	if (cJSON_IsObject(j)) {
		v = mctx_object();
		cJSON_ArrayForEach(c, j)
			mctx_set(v, c->string, from_json(c));
		return v;
	}
	if (cJSON_IsArray(j)) {
		v = mctx_list();
		cJSON_ArrayForEach(c, j)
			mctx_push(v, from_json(c));
		return v;
	}
	if (cJSON_IsString(j))
		return mctx_string(j->valuestring);
	if (cJSON_IsNumber(j)) {
		format_number(num, sizeof(num), j->valuedouble);
		return mctx_string(num);
	}
	if (cJSON_IsBool(j))
		return mctx_bool(cJSON_IsTrue(j));
	return mctx_null();
}

/* Partial loader over a JSON object of name -> template text. */
static char *json_partial(const char *name, void *ud, char *problem, size_t size)
{
	if (cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive((const cJSON *)ud, name))) {
		snprintf(problem, size, "refused by the loader");
		return NULL;
	}
	const cJSON *p = cJSON_GetObjectItemCaseSensitive((const cJSON *)ud, name);
	return cJSON_IsString(p) ? xstrdup(p->valuestring) : NULL;
}

static int has_lambda(const cJSON *j)
{
	const cJSON *c;
	if (cJSON_IsObject(j) && cJSON_GetObjectItemCaseSensitive(j, "lambda"))
		return 1;
	if (cJSON_IsObject(j) || cJSON_IsArray(j))
		cJSON_ArrayForEach(c, j)
			if (has_lambda(c))
				return 1;
	return 0;
}

static int run_spec_file(const char *dir, const char *file)
{
	char path[4096];
	char *text;
	size_t len;
	cJSON *root;
	const cJSON *t, *tests;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (read_file(path, &text, &len) != 0) {
		fprintf(stderr, "spec_test: cannot read %s\n", path);
		return -1;
	}
	root = cJSON_ParseWithLength(text, len);
	free(text);
	tests = root ? cJSON_GetObjectItemCaseSensitive(root, "tests") : NULL;
	if (!cJSON_IsArray(tests)) {
		fprintf(stderr, "spec_test: %s is not a spec file\n", path);
		cJSON_Delete(root);
		return -1;
	}
	cJSON_ArrayForEach(t, tests) {
		const cJSON *name = cJSON_GetObjectItemCaseSensitive(t, "name");
		const cJSON *data = cJSON_GetObjectItemCaseSensitive(t, "data");
		const cJSON *tmpl = cJSON_GetObjectItemCaseSensitive(t, "template");
		const cJSON *want = cJSON_GetObjectItemCaseSensitive(t, "expected");
		const cJSON *partials = cJSON_GetObjectItemCaseSensitive(t, "partials");
		struct mustache_opts opts = { NULL, NULL, NULL, NULL, 0, 0 };
		struct mustache_error err;
		struct buf out = BUF_INIT;
		struct mctx *ctx;
		const char *tname = cJSON_IsString(name) ? name->valuestring : "?";

		if (!cJSON_IsString(tmpl) || !cJSON_IsString(want)) {
			printf("FAIL %s: %s: malformed test case\n", file, tname);
			failed++;
			continue;
		}
		if (has_lambda(data))
			continue;
		if (partials) {
			opts.partial = json_partial;
			opts.partial_ud = (void *)partials;
		}
		ctx = from_json(data);
		if (mustache_render(tmpl->valuestring, strlen(tmpl->valuestring), ctx,
				    &opts, &out, &err) != 0) {
			printf("FAIL %s: %s: error %d:%d: %s\n", file, tname, err.line,
			       err.column, err.message);
			failed++;
		} else if (out.len != strlen(want->valuestring) ||
			   memcmp(buf_str(&out), want->valuestring, out.len) != 0) {
			fail_output(file, tname, want->valuestring, strlen(want->valuestring),
				    buf_str(&out), out.len);
		} else {
			passed++;
		}
		buf_release(&out);
		mctx_free(ctx);
	}
	cJSON_Delete(root);
	return 0;
}

/* ---- our own cases ---- */

struct good_case {
	const char *name;
	const char *data;      /* JSON */
	const char *tmpl;
	const char *partials;  /* JSON object or NULL */
	const char *want;
};

static const struct good_case good_cases[] = {
	{ "null interpolates as empty", "{\"cannot\":null}", "I ({{cannot}}{{{cannot}}}) be seen!", NULL, "I () be seen!" },
	{ "dotted names are never single keys", "{\"a.b\":\"c\"}", "[{{a.b}}]", NULL, "[]" },
	{ "dotted name misses do not fall back to outer contexts", "{\"a\":{\"b\":{}},\"c\":\"no\"}", "[{{#a}}{{b.c}}{{/a}}]", NULL, "[]" },
	{ "implicit iterator at root", "[{\"v\":\"a\"},{\"v\":\"b\"}]", "{{#.}}({{v}}){{/.}}", NULL, "(a)(b)" },
	{ "root string", "\"Hello & bye\"", "{{.}}|{{{.}}}", NULL, "Hello &amp; bye|Hello & bye" },
	{ "empty string is truthy", "{\"s\":\"\"}", "{{#s}}yes{{/s}}{{^s}}no{{/s}}", NULL, "yes" },
	{ "zero string is truthy", "{\"s\":\"0\"}", "{{#s}}yes{{/s}}", NULL, "yes" },
	{ "booleans interpolate as words", "{\"t\":true,\"f\":false}", "{{t}} {{f}}", NULL, "true false" },
	{ "objects and lists interpolate as empty", "{\"o\":{\"a\":\"1\"},\"l\":[\"x\"]}", "[{{o}}{{l}}]", NULL, "[]" },
	{ "list of lists with scalars", "{\"l\":[[\"a\",\"b\"],[],[\"c\"]]}", "{{#l}}<{{#.}}{{.}}{{/.}}{{^.}}-{{/.}}>{{/l}}", NULL, "<ab><-><c>" },
	{ "two tags on one line are not standalone", "{\"a\":true}", "{{#a}}{{/a}}\nx", NULL, "\nx" },
	{ "standalone tag with trailing blanks", "{\"a\":true}", "{{#a}} \t\nx\n  {{/a}}\t\n", NULL, "x\n" },
	{ "triple mustache with custom delimiters", "{\"x\":\"<\"}", "{{=<% %>=}}<%{x}%><%&x%><%x%>", NULL, "<<&lt;" },
	{ "delimiters reset between renders of partials", "{\"x\":\"1\"}", "{{=[ ]=}}[>p][>p]", "{\"p\":\"{{x}}{{=< >=}}<x>\"}", "1111" },
	{ "nested standalone partials accumulate indentation", "{}", "  {{>outer}}\n", "{\"outer\":\"<\\n  {{>inner}}\\n>\",\"inner\":\"x\\ny\\n\"}", "  <\n    x\n    y\n  >" },
	{ "empty lines of an indented partial stay empty", "{}", "  {{>p}}\n", "{\"p\":\"a\\n\\nb\\r\\n\\r\\nc\\n\"}", "  a\n\n  b\r\n\r\n  c\n" },
	{ "missing partial renders empty and keeps the line", "{}", "a\n  {{>nope}}\nb", "{}", "a\nb" },
	{ "empty template", "{}", "", NULL, "" },
	{ "lone braces are text", "{}", "{ } }} {x}", NULL, "{ } }} {x}" },
	{ "section closes after standalone comment with CRLF", "{\"a\":[\"1\",\"2\"]}", "{{#a}}\r\n{{! c }}\r\n{{.}}\r\n{{/a}}\r\n", NULL, "1\r\n2\r\n" },
	{ "context stack walk skips non-objects", "{\"n\":\"outer\",\"l\":[\"x\"]}", "{{#l}}{{n}}{{.}}{{/l}}", NULL, "outerx" },
};

struct bad_case {
	const char *name;
	const char *tmpl;
	const char *partials;  /* JSON object or NULL */
	int line, column;
	const char *msg;       /* expected substring of the message */
};

static const struct bad_case bad_cases[] = {
	{ "open tag at end of input", "abc{{", NULL, 1, 4, "unclosed tag" },
	{ "open tag alone", "{{", NULL, 1, 1, "unclosed tag" },
	{ "unclosed tag on a later line", "a\n  {{name", NULL, 2, 3, "unclosed tag" },
	{ "unclosed triple mustache", "x\n\n {{{a}}", NULL, 3, 2, "unclosed tag" },
	{ "unclosed comment", "{{! never closed", NULL, 1, 1, "unclosed tag" },
	{ "unclosed section", "{{#rows}}\nx\n", NULL, 1, 1, "unclosed section \"rows\"" },
	{ "unclosed inner section", "{{#a}}\n  {{^b}}\n{{/a}}", NULL, 3, 1, "mismatched closing tag \"a\"" },
	{ "innermost unclosed section is reported", "{{#a}}\n {{#b}}", NULL, 2, 2, "unclosed section \"b\"" },
	{ "mismatched closing tag", "{{#a}}\n{{/b}}", NULL, 2, 1, "mismatched closing tag \"b\": open section is \"a\" (line 1)" },
	{ "closing tag without section", "x{{/a}}", NULL, 1, 2, "without an open section" },
	{ "extra closing tag", "{{#a}}{{/a}}{{/a}}", NULL, 1, 13, "without an open section" },
	{ "empty tag", "ab{{}}", NULL, 1, 3, "empty tag name" },
	{ "blank tag", "{{ }}", NULL, 1, 1, "empty tag name" },
	{ "empty section name", "{{#}}{{/}}", NULL, 1, 1, "empty tag name" },
	{ "empty triple mustache", "{{{}}}", NULL, 1, 1, "empty tag name" },
	{ "empty partial name", "{{> }}", NULL, 1, 1, "empty tag name" },
	{ "whitespace in name", "{{a b}}", NULL, 1, 1, "invalid tag name \"a b\"" },
	{ "tag swallowing a later tag", "{{a {{b}}", NULL, 1, 1, "invalid tag name" },
	{ "unclosed after delimiter change", "{{=<% %>=}}\n<%a", NULL, 2, 1, "unclosed tag: \"<%\" without \"%>\"" },
	{ "one delimiter", "{{=<%=}}", NULL, 1, 1, "invalid set-delimiter tag" },
	{ "three delimiters", "{{= a b c =}}", NULL, 1, 1, "invalid set-delimiter tag" },
	{ "empty delimiters", "{{==}}", NULL, 1, 1, "set-delimiter" },
	{ "inheritance parent", "{{<parent}}{{/parent}}", NULL, 1, 1, "not supported" },
	{ "inheritance block", "x {{$block}}{{/block}}", NULL, 1, 3, "not supported" },
	{ "column counts code points", "h\xc3\xa9llo \xe2\x82\xac {{", NULL, 1, 9, "unclosed tag" },
	{ "recursive partial", "{{>a}}", "{\"a\":\"{{>a}}\"}", 1, 1, "in partial \"a\": partials nested deeper than 16" },
	{ "error inside a partial", "line1\n{{>p}}", "{\"p\":\"ok\\n  {{#x}}\"}", 2, 3, "in partial \"p\": unclosed section \"x\"" },
	{ "error inside an indented partial", "  {{>p}}\n", "{\"p\":\"a\\n {{#x}}\"}", 2, 2, "in partial \"p\": unclosed section \"x\"" },
	{ "error inside a nested partial", "{{>a}}", "{\"a\":\"{{>b}}\",\"b\":\"\\n\\n{{/z}}\"}", 3, 1, "in partial \"b\": closing tag \"z\"" },
	{ "a partial the loader refuses", "a\n {{>p}}", "{\"p\":false}", 2, 2, "partial \"p\": refused by the loader" },
	{ "a refused partial inside a partial", "{{>a}}", "{\"a\":\"x {{>p}}\",\"p\":false}", 1, 3, "in partial \"a\": partial \"p\": refused" },
	{ "a partial chain deeper than 16", "{{>a}}", "{\"a\":\"{{>b}}\",\"b\":\"{{>c}}\",\"c\":\"{{>d}}\",\"d\":\"{{>e}}\",\"e\":\"{{>f}}\",\"f\":\"{{>g}}\",\"g\":\"{{>h}}\",\"h\":\"{{>i}}\",\"i\":\"{{>j}}\",\"j\":\"{{>k}}\",\"k\":\"{{>l}}\",\"l\":\"{{>m}}\",\"m\":\"{{>n}}\",\"n\":\"{{>o}}\",\"o\":\"{{>p}}\",\"p\":\"{{>q}}\",\"q\":\"x\"}", 1, 1, "in partial \"p\": partials nested deeper than 16" },
	{ "output past 16 MiB", "{{>a}}", "{\"a\":\"{{>b}}{{>b}}{{>b}}{{>b}}{{>b}}{{>b}}{{>b}}{{>b}}{{>b}}{{>b}}{{>b}}{{>b}}{{>b}}{{>b}}{{>b}}{{>b}}\",\"b\":\"{{>c}}{{>c}}{{>c}}{{>c}}{{>c}}{{>c}}{{>c}}{{>c}}{{>c}}{{>c}}{{>c}}{{>c}}{{>c}}{{>c}}{{>c}}{{>c}}\",\"c\":\"{{>d}}{{>d}}{{>d}}{{>d}}{{>d}}{{>d}}{{>d}}{{>d}}{{>d}}{{>d}}{{>d}}{{>d}}{{>d}}{{>d}}{{>d}}{{>d}}\",\"d\":\"{{>e}}{{>e}}{{>e}}{{>e}}{{>e}}{{>e}}{{>e}}{{>e}}{{>e}}{{>e}}{{>e}}{{>e}}{{>e}}{{>e}}{{>e}}{{>e}}\",\"e\":\"{{>f}}{{>f}}{{>f}}{{>f}}{{>f}}{{>f}}{{>f}}{{>f}}{{>f}}{{>f}}{{>f}}{{>f}}{{>f}}{{>f}}{{>f}}{{>f}}\",\"f\":\"{{>g}}{{>g}}{{>g}}{{>g}}{{>g}}{{>g}}{{>g}}{{>g}}{{>g}}{{>g}}{{>g}}{{>g}}{{>g}}{{>g}}{{>g}}{{>g}}\",\"g\":\"xx\"}", 1, 1, "in partial \"g\": the output passes 16 MiB, the limit of one document" },
	{ "error in an unrendered section", "{{#no}}{{x y}}{{/no}}", NULL, 1, 8, "invalid tag name" },
};

static void run_good(const struct good_case *c)
{
	cJSON *data = cJSON_Parse(c->data);
	cJSON *partials = c->partials ? cJSON_Parse(c->partials) : NULL;
	struct mustache_opts opts = { NULL, NULL, NULL, NULL, 0, 0 };
	struct mustache_error err;
	struct buf out = BUF_INIT;
	struct mctx *ctx;

	if (!data || (c->partials && !partials)) {
		printf("FAIL own: %s: bad JSON in the test case\n", c->name);
		failed++;
		cJSON_Delete(data);
		cJSON_Delete(partials);
		return;
	}
	if (partials) {
		opts.partial = json_partial;
		opts.partial_ud = partials;
	}
	ctx = from_json(data);
	if (mustache_render(c->tmpl, strlen(c->tmpl), ctx, &opts, &out, &err) != 0) {
		printf("FAIL own: %s: error %d:%d: %s\n", c->name, err.line, err.column, err.message);
		failed++;
	} else if (out.len != strlen(c->want) || memcmp(buf_str(&out), c->want, out.len) != 0) {
		fail_output("own", c->name, c->want, strlen(c->want), buf_str(&out), out.len);
	} else {
		passed++;
	}
	buf_release(&out);
	mctx_free(ctx);
	cJSON_Delete(data);
	cJSON_Delete(partials);
}

static void run_bad(const struct bad_case *c)
{
	cJSON *partials = c->partials ? cJSON_Parse(c->partials) : NULL;
	struct mustache_opts opts = { NULL, NULL, NULL, NULL, 0, 0 };
	struct mustache_error err;
	struct buf out = BUF_INIT;
	struct mctx *ctx = mctx_object();
	int rc;

	if (partials) {
		opts.partial = json_partial;
		opts.partial_ud = partials;
	}
	rc = mustache_render(c->tmpl, strlen(c->tmpl), ctx, &opts, &out, &err);
	if (rc != -1) {
		printf("FAIL bad: %s: expected an error, got %d\n", c->name, rc);
		failed++;
	} else if (err.line != c->line || err.column != c->column || !strstr(err.message, c->msg)) {
		printf("FAIL bad: %s: expected %d:%d \"...%s...\", got %d:%d \"%s\"\n", c->name,
		       c->line, c->column, c->msg, err.line, err.column, err.message);
		failed++;
	} else {
		passed++;
	}
	buf_release(&out);
	mctx_free(ctx);
	cJSON_Delete(partials);
}

/* A string literal as pointer and length (it may contain NUL bytes). */
#define LIT(s) s, sizeof(s) - 1

static int same(const struct buf *b, const char *s, size_t n)
{
	return b->len == n && memcmp(buf_str(b), s, n) == 0;
}

static void check(int ok, const char *name)
{
	if (ok) {
		passed++;
	} else {
		printf("FAIL api: %s\n", name);
		failed++;
	}
}

static void bracket_escape(struct buf *out, const char *s, size_t n, void *ud)
{
	(*(int *)ud)++;
	buf_putc(out, '[');
	buf_put(out, s, n);
	buf_putc(out, ']');
}

static int loads;

static char *counting_partial(const char *name, void *ud)
{
	(void)ud;
	loads++;
	return strcmp(name, "p") == 0 ? xstrdup("<{{v}}>") : NULL;
}

/* A made list's elements: objects whose "v" is ud's prefix and the index. */
static int made_calls;

static struct mctx *made_item(size_t i, void *ud)
{
	struct mctx *o = mctx_object();
	char s[32];
	snprintf(s, sizeof s, "%s%zu", (const char *)ud, i);
	mctx_set_str(o, "v", s);
	made_calls++;
	return o;
}

static int made_freed;

static void made_free_ud(void *ud)
{
	(void)ud;
	made_freed++;
}

static void run_api_cases(void)
{
	struct mctx *o = mctx_object(), *l = mctx_list();
	struct mustache_opts opts = { NULL, NULL, NULL, NULL, 0, 0 };
	struct mustache_error err;
	struct buf out = BUF_INIT;
	int escapes = 0;
	char *big;
	size_t i, n;

	mctx_set_str(o, "k", "a");
	mctx_set_str(o, "z", "last");
	mctx_set_str(o, "k", "b&");          /* replaces, keeps position */
	mctx_set_str(o, "nul", NULL);
	mctx_set_bool(o, "yes", 1);
	mctx_push(l, mctx_string("x"));
	mctx_push(l, NULL);
	mctx_push(l, mctx_stringn("y\0z", 3));
	mctx_set(o, "l", l);
	mctx_set(o, "none", NULL);
	check(mctx_list_len(l) == 3 && mctx_list_len(o) == 0 && mctx_list_len(NULL) == 0, "mctx_list_len");
	check(mctx_get(o, "l") == l && mctx_get(o, "nope") == NULL && mctx_get(l, "k") == NULL, "mctx_get");

	buf_reset(&out);
	check(mustache_render(LIT("{{k}}|{{&k}}|{{#nul}}n{{/nul}}{{^none}}N{{/none}}|{{#yes}}Y{{/yes}}|{{#l}}({{.}}){{/l}}"),
			      o, NULL, &out, &err) == 0, "render with NULL opts");
	check(same(&out, LIT("b&amp;|b&|N|Y|(x)()(y\0z)")), "setters, replacement, NUL bytes");

	buf_reset(&out);
	opts.escape = bracket_escape;
	opts.escape_ud = &escapes;
	check(mustache_render(LIT("{{k}}{{{k}}}{{z}}"), o, &opts, &out, &err) == 0 &&
	      strcmp(buf_str(&out), "[b&]b&[last]") == 0 && escapes == 2, "custom escape function");

	buf_reset(&out);
	check(mustache_render(LIT("a{{x}}{{#x}}no{{/x}}{{.}}b"), NULL, NULL, &out, &err) == 0 &&
	      strcmp(buf_str(&out), "ab") == 0, "NULL context");

	buf_reset(&out);
	check(mustache_render(LIT("a\0{{k}}\0b"), o, NULL, &out, &err) == 0 &&
	      same(&out, LIT("a\0b&amp;\0b")), "NUL bytes in the template");

	buf_reset(&out);
	check(mustache_render(LIT("{{#x}}"), o, NULL, &out, NULL) == -1, "NULL err pointer");

	/* The loader runs once per name, however often the partial is used. */
	{
		struct mctx *d = mctx_object(), *items = mctx_list();
		for (i = 0; i < 3; i++) {
			struct mctx *it = mctx_object();
			mctx_set_str(it, "v", i == 1 ? "b" : "a");
			mctx_push(items, it);
		}
		mctx_set(d, "items", items);
		opts.escape = NULL;
		opts.partial = counting_partial;
		buf_reset(&out);
		check(mustache_render(LIT("{{>p}}{{#items}}{{>p}}{{>q}}{{/items}}{{>q}}"), d, &opts, &out, &err) == 0 &&
		      strcmp(buf_str(&out), "<><a><b><a>") == 0 && loads == 2, "partial loader called once per name");
		mctx_free(d);
	}

	/* Sections nested to the limit work; one more is an error. */
	{
		struct buf t = BUF_INIT;
		for (i = 0; i < MUSTACHE_MAX_NESTING; i++)
			buf_puts(&t, "{{#yes}}");
		buf_puts(&t, "{{k}}");
		for (i = 0; i < MUSTACHE_MAX_NESTING; i++)
			buf_puts(&t, "{{/yes}}");
		buf_reset(&out);
		check(mustache_render(t.s, t.len, o, NULL, &out, &err) == 0 &&
		      strcmp(buf_str(&out), "b&amp;") == 0, "nesting at the limit");
		buf_reset(&t);
		for (i = 0; i <= MUSTACHE_MAX_NESTING; i++)
			buf_puts(&t, "{{#yes}}\n");
		check(mustache_render(t.s, t.len, o, NULL, &out, &err) == -1 &&
		      err.line == MUSTACHE_MAX_NESTING + 1 && err.column == 1 &&
		      strstr(err.message, "nested too deeply"), "nesting beyond the limit");
		buf_release(&t);
	}

	/* A large template renders in linear-ish time. */
	{
		struct buf t = BUF_INIT;
		for (i = 0; i < 20000; i++)
			buf_puts(&t, "row {{#l}}{{.}},{{/l}}\n");
		big = buf_detach(&t, &n);
		buf_reset(&out);
		check(mustache_render(big, n, o, NULL, &out, &err) == 0 && out.len == 20000 * 12, "large template");
		free(big);
	}

	/* A list made on demand: each element is made when the section
	 * reaches it and freed after its body (ASan's leak check), so one
	 * lives at a time; a
	 * template that walks it twice (or inside itself) gets the same
	 * elements; an error mid-list frees the element. */
	{
		struct mctx *d = mctx_object(), *made = mctx_list_made(3, made_item, "i", made_free_ud);
		struct mustache_opts small = { NULL, NULL, NULL, NULL, 8, 0 };
		mctx_set(d, "made", made);
		mctx_set(d, "none", mctx_list_made(0, made_item, "n", NULL));
		check(mctx_list_len(made) == 3, "made list: its length");
		buf_reset(&out);
		check(mustache_render(LIT("{{#made}}{{v}},{{/made}}|{{#made}}{{v}}{{#made}}.{{/made}}{{/made}}|"
					  "{{#none}}x{{/none}}{{^none}}empty{{/none}}"), d, NULL, &out, &err) == 0 &&
		      strcmp(buf_str(&out), "i0,i1,i2,|i0...i1...i2...|empty") == 0, "made list: rendered, twice and nested");
		check(made_calls == 15, "made list: made when reached");
		buf_reset(&out);
		check(mustache_render(LIT("{{#made}}{{v}}long{{/made}}"), d, &small, &out, &err) == -1 &&
		      err.too_long, "made list: an error mid-list");
		mctx_free(d);
		check(made_freed == 1, "made list: its ud freed with it");
	}

	/* Success clears err. */
	err.line = 7;
	check(mustache_render(LIT("x"), o, NULL, &out, &err) == 0 && err.line == 0 && err.message[0] == 0,
	      "err zeroed on success");

	buf_release(&out);
	mctx_free(o);
}

/* Random templates from tag-ish pieces must never crash, hang or leak, and
 * every error must carry a position and a message. */
static void run_random(void)
{
	static const char *pieces[] = {
		"{{", "}}", "{{{", "}}}", "#", "^", "/", ">", "!", "=", "&", "{", "}",
		"a", "b", ".", " ", "  ", "\n", "\r\n", "\t", "{{#a}}", "{{/a}}", "{{^b}}",
		"{{/b}}", "{{a}}", "{{.}}", "{{=<% %>=}}", "<%", "%>", "{{>p}}", "{{>q}}",
		"  {{>p}}\n", "{{! c }}", "x", "a.b", "{{a.b}}", "<", "$",
	};
	const size_t npieces = sizeof(pieces) / sizeof(pieces[0]);
	cJSON *pj = cJSON_Parse("{\"p\":\"{{#a}}{{>p}}{{/a}}[{{b}}]\\n\",\"q\":\"{{#a}}\\n{{b}}\"}");
	cJSON *dj = cJSON_Parse("{\"a\":[{\"b\":\"<&>\"},{\"a\":false,\"b\":\"2\"}],\"b\":\"x\"}");
	struct mctx *ctx = from_json(dj);
	struct mustache_opts opts = { NULL, NULL, json_partial, pj, 0, 0 };
	unsigned long seed = 12345;
	int iter, bad = 0, errors = 0;

	for (iter = 0; iter < 20000 && !bad; iter++) {
		struct buf t = BUF_INIT, out = BUF_INIT;
		struct mustache_error err;
		int k, np, rc;

		seed = seed * 6364136223846793005UL + 1442695040888963407UL;
		np = (int)((seed >> 33) % 24);
		for (k = 0; k < np; k++) {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			buf_puts(&t, pieces[(seed >> 33) % npieces]);
		}
		rc = mustache_render(buf_str(&t), t.len, ctx, &opts, &out, &err);
		if (rc == -1) {
			errors++;
			if (err.line < 1 || err.column < 1 || !err.message[0]) {
				printf("FAIL random: template \"%s\": error without position or message\n", buf_str(&t));
				bad = 1;
			}
		} else if (rc != 0) {
			printf("FAIL random: template \"%s\": returned %d\n", buf_str(&t), rc);
			bad = 1;
		}
		buf_release(&t);
		buf_release(&out);
	}
	if (!bad && errors > 0 && errors < iter)
		passed++;
	else if (!bad) {
		printf("FAIL random: unexpected mix of %d errors in %d renders\n", errors, iter);
		failed++;
	} else {
		failed++;
	}
	mctx_free(ctx);
	cJSON_Delete(pj);
	cJSON_Delete(dj);
}

int main(int argc, char **argv)
{
	static const char *files[] = {
		"comments.json", "delimiters.json", "interpolation.json",
		"inverted.json", "partials.json", "sections.json",
	};
	size_t i;

	if (argc != 2) {
		fprintf(stderr, "usage: %s SPEC_DIR\n", argv[0]);
		return 2;
	}
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
		if (run_spec_file(argv[1], files[i]) < 0)
			return 2;
	for (i = 0; i < sizeof(good_cases) / sizeof(good_cases[0]); i++)
		run_good(&good_cases[i]);
	for (i = 0; i < sizeof(bad_cases) / sizeof(bad_cases[0]); i++)
		run_bad(&bad_cases[i]);
	run_api_cases();
	run_random();

	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
