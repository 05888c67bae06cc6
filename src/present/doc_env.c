/*
 * doc_env.c - the environment of a run as one table, and the commands and
 * code spans every document shows the same way (see doc.h).
 *
 * `noisefloor run` records a "command V", "node V" and "v8 V" key for each
 * version V beside the machine's; a table with a row per version and one
 * for the machine says them once, where a sentence of every key said them
 * all in a row.
 */
#include "present/doc.h"
#include "present/report.h"

#include <stdlib.h>
#include <string.h>

/* Machine keys, folded into the one "Machine" row in this order. */
static const char *const machine_keys[] = { "os", "arch", "cpu", "cores", "memory", "kernel" };
#define NMACHINE (sizeof machine_keys / sizeof machine_keys[0])

/* Keys of one version ("command 24.22.3"): the word before the version. */
static const char *const version_keys[] = { "command", "node", "v8" };
#define NVERSION_KEYS (sizeof version_keys / sizeof version_keys[0])

static int is_machine_key(const char *key)
{
	for (size_t i = 0; i < NMACHINE; i++)
		if (strcmp(key, machine_keys[i]) == 0)
			return 1;
	return 0;
}

/* The version of r that key names ("v8 24.22.3"), or NULL. */
static const char *key_version(const struct report *r, const char *key)
{
	for (size_t w = 0; w < NVERSION_KEYS; w++) {
		size_t n = strlen(version_keys[w]);
		if (strncmp(key, version_keys[w], n) != 0 || key[n] != ' ')
			continue;
		for (size_t k = 0; k < r->nversions; k++)
			if (strcmp(key + n + 1, r->versions[k].version) == 0)
				return r->versions[k].version;
	}
	return NULL;
}

/* The environment's value of "<word> <version>", or NULL. */
static const char *version_env(const struct model *m, const char *word, const char *version)
{
	char *key = xasprintf("%s %s", word, version);
	const char *v = model_get_env(m, key);
	free(key);
	return v;
}

void doc_code_span(struct buf *b, const char *s)
{
	const char *fence = strchr(s, '`') ? "`` " : "`";
	buf_puts(b, fence);
	for (; *s; s++) {
		if (*s == '|')
			buf_puts(b, "\\|");
		else if (*s == '\n' || *s == '\r')
			buf_putc(b, ' ');
		else
			buf_putc(b, *s);
	}
	buf_puts(b, strchr(fence, ' ') ? " ``" : "`");
}

void doc_html_text(struct buf *b, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&': buf_puts(b, "&amp;"); break;
		case '<': buf_puts(b, "&lt;"); break;
		case '>': buf_puts(b, "&gt;"); break;
		case '"': buf_puts(b, "&quot;"); break;
		case '@': buf_puts(b, "&#64;"); break;
		default: buf_putc(b, *s);
		}
	}
}

/* A source's file name: what follows its last '/', unless it is a URL. */
static const char *file_name(const char *source)
{
	const char *slash = strrchr(source, '/');
	if (strstr(source, "://") || !slash || !slash[1])
		return source;
	return slash + 1;
}

char *doc_command(const struct report *r, const char *command)
{
	const struct model *m = r->m;
	struct buf b = BUF_INIT;
	const char *p = command;
	if (!command)
		return NULL;
	/* token by token: a token that ends in a source's path is that
	 * source's file name */
	while (*p) {
		size_t n = strcspn(p, " \t");
		const char *repl = NULL;
		for (size_t i = 0; i < m->nworkloads + m->nsources && !repl; i++) {
			const char *src = i < m->nworkloads ? m->workloads[i].source
				: m->sources[i - m->nworkloads], *name;
			size_t ns;
			if (!src || strstr(src, "://"))
				continue;
			name = file_name(src);
			ns = strlen(src);
			if (name == src)
				continue;
			/* the token ends with the path, or the path with the
			 * token (one relative, the other absolute), at a '/' */
			if ((n >= ns && memcmp(p + n - ns, src, ns) == 0 && (n == ns || p[n - ns - 1] == '/')) ||
			    (n < ns && memchr(p, '/', n) && memcmp(src + ns - n, p, n) == 0 && src[ns - n - 1] == '/'))
				repl = name;
		}
		if (repl)
			buf_puts(&b, repl);
		else
			buf_put(&b, p, n);
		p += n;
		n = strspn(p, " \t");
		buf_put(&b, p, n);
		p += n;
	}
	return buf_detach(&b, NULL);
}

static void env_row_add(struct doc_env_row **rows, size_t *n, size_t *alloc, const char *key,
			const char *value, char *command)
{
	if (*n == *alloc) {
		*alloc = *alloc ? *alloc * 2 : 8;
		*rows = xrealloc(*rows, *alloc * sizeof **rows);
	}
	(*rows)[*n].key = xstrdup(key);
	(*rows)[*n].value = value ? xstrdup(value) : NULL;
	(*rows)[(*n)++].command = command;
}

size_t doc_env_rows(const struct report *r, struct doc_env_row **rows)
{
	const struct model *m = r->m;
	struct buf b = BUF_INIT;
	size_t n = 0, alloc = 0;

	*rows = NULL;
	for (size_t k = 0; k < r->nversions; k++) {
		const struct report_version *v = &r->versions[k];
		const char *v8 = v->vs->v8 ? v->vs->v8 : version_env(m, "v8", v->version);
		const char *node = version_env(m, "node", v->version);
		const char *cmd = version_env(m, "command", v->version);
		char *ck = xasprintf("command %s", v->version);
		/* inputs that ran other commands: no one of them is the version's */
		if (model_env_replaced(m, ck))
			cmd = NULL;
		free(ck);
		buf_reset(&b);
		if (v8)
			buf_printf(&b, "V8 %s", v8);
		if (node && strcmp(node, v->version) != 0)
			buf_printf(&b, "%snode %s", b.len ? "; " : "", node);
		if (v->vs->status && m->as_of[0])
			buf_printf(&b, "%s%s on %s", b.len ? "; " : "", v->vs->status, m->as_of);
		env_row_add(rows, &n, &alloc, v->version, b.len ? b.s : NULL, doc_command(r, cmd));
	}
	buf_reset(&b);
	for (size_t i = 0; i < NMACHINE; i++) {
		const char *v = model_get_env(m, machine_keys[i]);
		if (!v)
			continue;
		if (strcmp(machine_keys[i], "arch") == 0 && model_get_env(m, "os"))
			buf_printf(&b, " %s", v);
		else if (strcmp(machine_keys[i], "cores") == 0)
			buf_printf(&b, "%s%s core%s", b.len ? ", " : "", v, strcmp(v, "1") == 0 ? "" : "s");
		else if (strcmp(machine_keys[i], "memory") == 0)
			buf_printf(&b, "%s%s memory", b.len ? ", " : "", v);
		else if (strcmp(machine_keys[i], "kernel") == 0)
			buf_printf(&b, "%skernel %s", b.len ? ", " : "", v);
		else
			buf_printf(&b, "%s%s", b.len ? ", " : "", v);
	}
	if (b.len)
		env_row_add(rows, &n, &alloc, "Machine", b.s, NULL);
	for (size_t i = 0; i < m->nenv; i++) {
		if (is_machine_key(m->env[i].key) || key_version(r, m->env[i].key))
			continue;
		env_row_add(rows, &n, &alloc, m->env[i].key, m->env[i].value, NULL);
	}
	buf_release(&b);
	return n;
}

void doc_env_rows_free(struct doc_env_row *rows, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(rows[i].key);
		free(rows[i].value);
		free(rows[i].command);
	}
	free(rows);
}

void doc_env_ctx(struct mctx *ctx, const struct report *r, const struct doc_opts *opts)
{
	struct doc_env_row *er;
	size_t n = doc_env_rows(r, &er);
	struct mctx *rows = mctx_list();

	(void)opts;

	for (size_t i = 0; i < n; i++) {
		struct mctx *o = mctx_object();
		mctx_set_str(o, "key", er[i].key);
		mctx_set_str(o, "value", er[i].value);
		if (er[i].command) {
			struct buf c = BUF_INIT;
			doc_code_span(&c, er[i].command);
			mctx_set_str(o, "code", c.s);
			buf_release(&c);
		}
		mctx_push(rows, o);
	}
	doc_env_rows_free(er, n);
	mctx_set(ctx, "env_rows", rows);
	mctx_set_bool(ctx, "has_env_rows", n > 0);
}
