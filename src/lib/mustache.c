/*
 * mustache.c - the Mustache engine: context values, the parser (template text
 * to a tree of nodes, with standalone lines and set-delimiter tags resolved)
 * and the renderer (tree plus context stack to text).
 *
 * A parsed tree points into the text it was parsed from, so that text must
 * outlive it: the caller's template for the duration of mustache_render, and
 * for partials the indented copy kept in the per-call partial cache.
 */
#include "lib/mustache.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- context values ---- */

enum mctx_type { MCTX_NULL, MCTX_BOOL, MCTX_STRING, MCTX_LIST, MCTX_OBJECT };

struct mentry {
	char *key;
	size_t klen;
	struct mctx *val;
};

struct mctx {
	enum mctx_type type;
	int b;                 /* MCTX_BOOL */
	char *s;               /* MCTX_STRING, NUL-terminated copy */
	size_t len;
	struct mctx **items;   /* MCTX_LIST */
	struct mentry *ents;   /* MCTX_OBJECT, in insertion order */
	size_t n, alloc;
	mctx_item_fn item;     /* MCTX_LIST made on demand (mctx_list_made) */
	void *item_ud;
	void (*free_ud)(void *);
};

static struct mctx *mctx_new(enum mctx_type type)
{
	struct mctx *v = xcalloc(1, sizeof(*v));
	v->type = type;
	return v;
}

static void misuse(const char *fn, const char *what)
{
	fprintf(stderr, "noisefloor: internal error: %s called on %s\n", fn, what);
	abort();
}

struct mctx *mctx_object(void)
{
	return mctx_new(MCTX_OBJECT);
}

struct mctx *mctx_list(void)
{
	return mctx_new(MCTX_LIST);
}

struct mctx *mctx_string(const char *s)
{
	return s ? mctx_stringn(s, strlen(s)) : mctx_null();
}

struct mctx *mctx_stringn(const char *s, size_t n)
{
	struct mctx *v = mctx_new(MCTX_STRING);
	v->s = xstrndup(n ? s : "", n);
	v->len = n;
	return v;
}

struct mctx *mctx_bool(int b)
{
	struct mctx *v = mctx_new(MCTX_BOOL);
	v->b = !!b;
	return v;
}

struct mctx *mctx_null(void)
{
	return mctx_new(MCTX_NULL);
}

static struct mentry *obj_find(const struct mctx *obj, const char *key, size_t klen)
{
	size_t i;
	for (i = 0; i < obj->n; i++)
		if (obj->ents[i].klen == klen && memcmp(obj->ents[i].key, key, klen) == 0)
			return &obj->ents[i];
	return NULL;
}

void mctx_set(struct mctx *obj, const char *key, struct mctx *val)
{
	size_t klen;
	struct mentry *e;

	if (!obj || obj->type != MCTX_OBJECT)
		misuse("mctx_set", "a value that is not an object");
	if (!val)
		val = mctx_null();
	klen = strlen(key);
	e = obj_find(obj, key, klen);
	if (e) {
		if (e->val != val)
			mctx_free(e->val);
		e->val = val;
		return;
	}
	ALLOC_GROW(obj->ents, obj->n + 1, obj->alloc);
	e = &obj->ents[obj->n++];
	e->key = xstrndup(key, klen);
	e->klen = klen;
	e->val = val;
}

void mctx_set_str(struct mctx *obj, const char *key, const char *s)
{
	mctx_set(obj, key, mctx_string(s));
}

void mctx_set_bool(struct mctx *obj, const char *key, int b)
{
	mctx_set(obj, key, mctx_bool(b));
}

struct mctx *mctx_list_made(size_t n, mctx_item_fn item, void *ud, void (*free_ud)(void *))
{
	struct mctx *v = mctx_new(MCTX_LIST);
	v->n = n;
	v->item = item;
	v->item_ud = ud;
	v->free_ud = free_ud;
	return v;
}

void mctx_push(struct mctx *list, struct mctx *val)
{
	if (!list || list->type != MCTX_LIST)
		misuse("mctx_push", "a value that is not a list");
	if (list->item)
		misuse("mctx_push", "a list made on demand");
	ALLOC_GROW(list->items, list->n + 1, list->alloc);
	list->items[list->n++] = val ? val : mctx_null();
}

size_t mctx_list_len(const struct mctx *list)
{
	return list && list->type == MCTX_LIST ? list->n : 0;
}

const struct mctx *mctx_get(const struct mctx *obj, const char *key)
{
	const struct mentry *e;
	if (!obj || obj->type != MCTX_OBJECT || !key)
		return NULL;
	e = obj_find(obj, key, strlen(key));
	return e ? e->val : NULL;
}

void mctx_free(struct mctx *v)
{
	size_t i;
	if (!v)
		return;
	/* Containers are freed recursively; depth is the caller's nesting. */
	switch (v->type) {
	case MCTX_LIST:
		if (v->item) {
			if (v->free_ud)
				v->free_ud(v->item_ud);
			break;
		}
		for (i = 0; i < v->n; i++)
			mctx_free(v->items[i]);
		free(v->items);
		break;
	case MCTX_OBJECT:
		for (i = 0; i < v->n; i++) {
			free(v->ents[i].key);
			mctx_free(v->ents[i].val);
		}
		free(v->ents);
		break;
	case MCTX_STRING:
		free(v->s);
		break;
	case MCTX_NULL:
	case MCTX_BOOL:
		break;
	}
	free(v);
}

static int truthy(const struct mctx *v)
{
	if (!v)
		return 0;
	switch (v->type) {
	case MCTX_NULL:
		return 0;
	case MCTX_BOOL:
		return v->b;
	case MCTX_LIST:
		return v->n > 0;
	case MCTX_STRING:
	case MCTX_OBJECT:
		return 1;
	}
	return 0;
}

/* ---- escaping ---- */

void mustache_escape_html(struct buf *out, const char *s, size_t n, void *ud)
{
	size_t i, run = 0;
	(void)ud;
	for (i = 0; i < n; i++) {
		const char *rep;
		switch (s[i]) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		default: continue;
		}
		buf_put(out, s + run, i - run);
		buf_puts(out, rep);
		run = i + 1;
	}
	buf_put(out, s + run, n - run);
}

/* ---- errors ---- */

static void set_error(struct mustache_error *err, const char *src, size_t pos,
		      const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Fills err with the 1-based line and column (in UTF-8 code points) of
 * src[pos] and the formatted message. */
static void set_error(struct mustache_error *err, const char *src, size_t pos,
		      const char *fmt, ...)
{
	va_list ap;
	size_t i;
	int line = 1, col = 1;

	for (i = 0; i < pos; i++) {
		if (src[i] == '\n') {
			line++;
			col = 1;
		} else if (((unsigned char)src[i] & 0xC0) != 0x80) {
			col++;
		}
	}
	err->line = line;
	err->column = col;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
}

/* Names and delimiters quoted in messages are cut to keep messages short. */
#define QMAX 40
#define QLEN(n) ((int)((n) > QMAX ? QMAX : (n)))

/* ---- parsing ---- */

enum ntype { N_TEXT, N_VAR, N_RAW, N_SECTION, N_INVERTED, N_PARTIAL };

struct node;

struct nodes {
	struct node *v;
	size_t n, alloc;
};

struct node {
	enum ntype type;
	const char *s;        /* N_TEXT: the text; otherwise the tag's name */
	size_t len;
	size_t pos;           /* offset of the tag in its template */
	const char *indent;   /* N_PARTIAL: standalone indentation (may be empty) */
	size_t ilen;
	struct nodes body;    /* N_SECTION, N_INVERTED */
};

static void nodes_release(struct nodes *ns)
{
	size_t i;
	for (i = 0; i < ns->n; i++)
		nodes_release(&ns->v[i].body); /* depth bounded by MUSTACHE_MAX_NESTING */
	free(ns->v);
	ns->v = NULL;
	ns->n = ns->alloc = 0;
}

static struct node *nodes_add(struct nodes *ns, enum ntype type, const char *s,
			      size_t len, size_t pos)
{
	struct node *n;
	ALLOC_GROW(ns->v, ns->n + 1, ns->alloc);
	n = &ns->v[ns->n++];
	memset(n, 0, sizeof(*n));
	n->type = type;
	n->s = s;
	n->len = len;
	n->pos = pos;
	return n;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

#define NPOS ((size_t)-1)

/* First offset >= from where s[0..slen) occurs in src[0..len), or NPOS. */
static size_t find(const char *src, size_t len, size_t from, const char *s, size_t slen)
{
	size_t i;
	if (slen == 0 || len < slen)
		return NPOS;
	for (i = from; i + slen <= len; i++) {
		const char *p = memchr(src + i, s[0], len - slen + 1 - i);
		if (!p)
			return NPOS;
		i = (size_t)(p - src);
		if (memcmp(p, s, slen) == 0)
			return i;
	}
	return NPOS;
}

/*
 * Finds the end of a tag whose content starts at `from`: the closing
 * delimiter, preceded by the character `pre` when pre is not 0 ('}' for
 * "{{{name}}}", '=' for "{{=<% %>=}}"). Sets *content_end to where the content
 * stops and returns the offset just past the closing delimiter, or NPOS.
 */
static size_t find_close(const char *src, size_t len, size_t from, const char *ctag,
			 size_t clen, char pre, size_t *content_end)
{
	size_t at = from;
	for (;;) {
		size_t e = find(src, len, at, ctag, clen);
		if (e == NPOS)
			return NPOS;
		if (!pre) {
			*content_end = e;
			return e + clen;
		}
		if (e > from && src[e - 1] == pre) {
			*content_end = e - 1;
			return e + clen;
		}
		at = e + 1;
	}
}

struct open_section {
	struct nodes *parent;
	const char *name;
	size_t len;
	size_t pos;
};

static int valid_name(const char *s, size_t n)
{
	size_t i;
	if (n == 0)
		return 0;
	for (i = 0; i < n; i++)
		if (is_space(s[i]))
			return 0;
	return 1;
}

/*
 * Parses src[0..len) into root. Returns 0, or -1 with *err filled and root
 * holding whatever was parsed (the caller frees it either way).
 */
static int parse(const char *src, size_t len, struct nodes *root, struct mustache_error *err)
{
	struct open_section open[MUSTACHE_MAX_NESTING];
	size_t depth = 0;
	struct nodes *cur = root;
	const char *otag = "{{", *ctag = "}}";
	size_t olen = 2, clen = 2;
	size_t pos = 0;

	for (;;) {
		size_t t, q, ce = 0, te, ns, ne, text_end, next;
		const char *indent = NULL;
		size_t ilen = 0;
		char sigil;
		struct node *n;

		t = find(src, len, pos, otag, olen);
		if (t == NPOS) {
			if (pos < len)
				nodes_add(cur, N_TEXT, src + pos, len - pos, pos);
			break;
		}

		q = t + olen;
		while (q < len && is_space(src[q]))
			q++;
		sigil = q < len ? src[q] : 0;
		switch (sigil) {
		case '#': case '^': case '/': case '>': case '&': case '{': case '!': case '=':
			q++;
			break;
		case '<': case '$':
			set_error(err, src, t, "template inheritance tags (\"%.*s%c\") are not supported",
				  QLEN(olen), otag, sigil);
			return -1;
		default:
			sigil = 0;
			break;
		}

		te = find_close(src, len, q, ctag, clen,
				sigil == '{' ? '}' : sigil == '=' ? '=' : 0, &ce);
		if (te == NPOS) {
			if (sigil == '{')
				set_error(err, src, t, "unclosed tag: \"%.*s{\" without \"}%.*s\"",
					  QLEN(olen), otag, QLEN(clen), ctag);
			else if (sigil == '=')
				set_error(err, src, t, "unclosed set-delimiter tag: \"%.*s=\" without \"=%.*s\"",
					  QLEN(olen), otag, QLEN(clen), ctag);
			else
				set_error(err, src, t, "unclosed tag: \"%.*s\" without \"%.*s\"",
					  QLEN(olen), otag, QLEN(clen), ctag);
			return -1;
		}

		/* The name: the content without surrounding whitespace. */
		ns = q;
		ne = ce;
		while (ns < ne && is_space(src[ns]))
			ns++;
		while (ne > ns && is_space(src[ne - 1]))
			ne--;

		/* Standalone: the only tag on its line, with nothing but spaces
		 * and tabs around it. The line goes away, newline included. */
		text_end = t;
		next = te;
		if (sigil && strchr("#^/>!=", sigil)) {
			size_t p = t, a = te;
			while (p > pos && is_blank(src[p - 1]))
				p--;
			if (p == 0 || src[p - 1] == '\n') {
				while (a < len && is_blank(src[a]))
					a++;
				if (a == len || src[a] == '\n' || (src[a] == '\r' && a + 1 < len && src[a + 1] == '\n')) {
					text_end = p;
					next = a == len ? len : src[a] == '\n' ? a + 1 : a + 2;
					indent = src + p;
					ilen = t - p;
				}
			}
		}
		if (text_end > pos)
			nodes_add(cur, N_TEXT, src + pos, text_end - pos, pos);

		if (sigil != '!' && sigil != '=' && !valid_name(src + ns, ne - ns)) {
			if (ne == ns)
				set_error(err, src, t, "empty tag name");
			else
				set_error(err, src, t, "invalid tag name \"%.*s\" (names cannot contain whitespace)",
					  QLEN(ne - ns), src + ns);
			return -1;
		}

		switch (sigil) {
		case '!':
			break;
		case '=': {
			/* Two whitespace-separated delimiters. */
			size_t a = ns, b, c, d;
			b = a;
			while (b < ne && !is_space(src[b]))
				b++;
			c = b;
			while (c < ne && is_space(src[c]))
				c++;
			d = c;
			while (d < ne && !is_space(src[d]))
				d++;
			if (b == a || d == c || d != ne) {
				set_error(err, src, t, "invalid set-delimiter tag (expected two delimiters, as in \"{{=<%% %%>=}}\")");
				return -1;
			}
			otag = src + a;
			olen = b - a;
			ctag = src + c;
			clen = d - c;
			break;
		}
		case '#':
		case '^':
			if (depth == MUSTACHE_MAX_NESTING) {
				set_error(err, src, t, "sections nested too deeply (limit %d)", MUSTACHE_MAX_NESTING);
				return -1;
			}
			n = nodes_add(cur, sigil == '#' ? N_SECTION : N_INVERTED, src + ns, ne - ns, t);
			open[depth].parent = cur;
			open[depth].name = n->s;
			open[depth].len = n->len;
			open[depth].pos = t;
			depth++;
			cur = &n->body;
			break;
		case '/': {
			struct open_section *o;
			if (depth == 0) {
				set_error(err, src, t, "closing tag \"%.*s\" without an open section",
					  QLEN(ne - ns), src + ns);
				return -1;
			}
			o = &open[depth - 1];
			if (o->len != ne - ns || memcmp(o->name, src + ns, o->len) != 0) {
				struct mustache_error at;
				set_error(&at, src, o->pos, "-");
				set_error(err, src, t, "mismatched closing tag \"%.*s\": open section is \"%.*s\" (line %d)",
					  QLEN(ne - ns), src + ns, QLEN(o->len), o->name, at.line);
				return -1;
			}
			cur = o->parent;
			depth--;
			break;
		}
		case '>':
			n = nodes_add(cur, N_PARTIAL, src + ns, ne - ns, t);
			n->indent = indent ? indent : "";
			n->ilen = ilen;
			break;
		case '&':
		case '{':
			nodes_add(cur, N_RAW, src + ns, ne - ns, t);
			break;
		default:
			nodes_add(cur, N_VAR, src + ns, ne - ns, t);
			break;
		}
		pos = next;
	}

	if (depth > 0) {
		struct open_section *o = &open[depth - 1];
		set_error(err, src, o->pos, "unclosed section \"%.*s\"", QLEN(o->len), o->name);
		return -1;
	}
	return 0;
}

/* ---- partials ---- */

struct pvariant {
	char *indent;          /* the standalone indentation it was parsed with */
	size_t ilen;
	char *text;            /* the indented partial text the tree points into */
	size_t len;
	struct nodes root;
	struct pvariant *next;
};

struct pentry {
	char *name;
	size_t nlen;
	char *raw;             /* as returned by the loader; NULL: no such partial */
	struct pvariant *variants;
	struct pentry *next;
};

/* Prepends indent to every non-empty line of raw. Returns a malloc'd copy. */
static char *indent_text(const char *raw, size_t rlen, const char *indent, size_t ilen,
			 size_t *outlen)
{
	struct buf b = BUF_INIT;
	size_t i = 0;
	while (i < rlen) {
		const char *nl = memchr(raw + i, '\n', rlen - i);
		size_t end = nl ? (size_t)(nl - raw) + 1 : rlen;
		int empty = raw[i] == '\n' || (raw[i] == '\r' && i + 1 < rlen && raw[i + 1] == '\n');
		if (!empty)
			buf_put(&b, indent, ilen);
		buf_put(&b, raw + i, end - i);
		i = end;
	}
	return buf_detach(&b, outlen);
}

static void partials_free(struct pentry *p)
{
	while (p) {
		struct pentry *next = p->next;
		struct pvariant *v = p->variants;
		while (v) {
			struct pvariant *vn = v->next;
			nodes_release(&v->root);
			free(v->indent);
			free(v->text);
			free(v);
			v = vn;
		}
		free(p->name);
		free(p->raw);
		free(p);
		p = next;
	}
}

/* ---- rendering ---- */

struct render {
	mustache_escape_fn escape;
	void *escape_ud;
	mustache_partial_fn partial;
	void *partial_ud;
	struct buf *out;
	struct mustache_error *err;
	int err_wrapped;             /* err already names the partial it is in */
	const struct mctx **stack;   /* the context stack, innermost last */
	size_t sp, salloc;
	struct pentry *partials;
	int pdepth;
	const char *src;             /* the template being rendered */
	size_t out_start, max_out;   /* out->len at the start; the bytes it may grow */
	size_t expansions, max_exp;  /* section bodies expanded; the most allowed */
};

/* Counts one expansion of a section body (or partial) at pos; -1 with the
 * error set past the limit. */
static int expand(struct render *r, size_t pos)
{
	if (++r->expansions <= r->max_exp)
		return 0;
	set_error(r->err, r->src, pos, "sections expanded more than %zu times, the limit of one "
		  "document (nested sections over lists multiply)", r->max_exp);
	return -1;
}

static void push(struct render *r, const struct mctx *v)
{
	ALLOC_GROW(r->stack, r->sp + 1, r->salloc);
	r->stack[r->sp++] = v;
}

/* Resolves a tag name against the context stack; NULL for a miss. */
static const struct mctx *lookup(const struct render *r, const char *name, size_t len)
{
	const struct mctx *v = NULL;
	size_t i, seg;

	if (len == 1 && name[0] == '.')
		return r->sp ? r->stack[r->sp - 1] : NULL;

	for (seg = 0; seg < len && name[seg] != '.'; seg++)
		;
	if (seg == 0)
		return NULL;
	for (i = r->sp; i-- > 0;) {
		const struct mctx *c = r->stack[i];
		if (c && c->type == MCTX_OBJECT) {
			const struct mentry *e = obj_find(c, name, seg);
			if (e) {
				v = e->val;
				break;
			}
		}
	}
	/* Remaining parts resolve strictly inside the previous result. */
	while (v && seg < len) {
		const struct mentry *e;
		size_t start = seg + 1, end = start;
		while (end < len && name[end] != '.')
			end++;
		if (end == start || v->type != MCTX_OBJECT)
			return NULL;
		e = obj_find(v, name + start, end - start);
		v = e ? e->val : NULL;
		seg = end;
	}
	return v;
}

static void interpolate(struct render *r, const struct mctx *v, int escape)
{
	const char *s;
	size_t n;
	if (!v)
		return;
	switch (v->type) {
	case MCTX_STRING:
		s = v->s;
		n = v->len;
		break;
	case MCTX_BOOL:
		s = v->b ? "true" : "false";
		n = strlen(s);
		break;
	default:
		return;
	}
	if (escape)
		r->escape(r->out, s, n, r->escape_ud);
	else
		buf_put(r->out, s, n);
}

/* Wraps the error of a failed partial render with the partial's name and
 * makes its column relative to the partial's own (unindented) text. */
static void wrap_error(struct render *r, const struct pentry *p, size_t ilen)
{
	struct buf msg = BUF_INIT;
	size_t n;
	if (r->err_wrapped)
		return;
	r->err_wrapped = 1;
	buf_printf(&msg, "in partial \"%.*s\": %s", QLEN(p->nlen), p->name, r->err->message);
	n = msg.len < sizeof(r->err->message) ? msg.len : sizeof(r->err->message) - 1;
	memcpy(r->err->message, msg.s, n);
	r->err->message[n] = '\0';
	buf_release(&msg);
	if (ilen && (size_t)r->err->column > ilen)
		r->err->column -= (int)ilen;
}

static int render_nodes(struct render *r, const struct nodes *ns);

static int render_partial(struct render *r, const struct node *n)
{
	struct pentry *p;
	struct pvariant *v;
	const char *saved_src;
	int rc;

	for (p = r->partials; p; p = p->next)
		if (p->nlen == n->len && memcmp(p->name, n->s, n->len) == 0)
			break;
	if (!p) {
		p = xcalloc(1, sizeof(*p));
		p->name = xstrndup(n->s, n->len);
		p->nlen = n->len;
		p->next = r->partials;
		r->partials = p;
		if (r->partial) {
			char problem[200] = "";
			p->raw = r->partial(p->name, r->partial_ud, problem, sizeof problem);
			if (!p->raw && problem[0]) {
				set_error(r->err, r->src, n->pos, "partial \"%.*s\": %s", QLEN(p->nlen),
					  p->name, problem);
				r->err->partial_failed = 1;
				return -1;
			}
		}
	}
	if (!p->raw)
		return 0;

	if (r->pdepth >= MUSTACHE_MAX_PARTIAL_DEPTH) {
		set_error(r->err, r->src, n->pos, "partials nested deeper than %d (a recursive partial?)",
			  MUSTACHE_MAX_PARTIAL_DEPTH);
		return -1;
	}

	for (v = p->variants; v; v = v->next)
		if (v->ilen == n->ilen && memcmp(v->indent, n->indent, n->ilen) == 0)
			break;
	if (!v) {
		v = xcalloc(1, sizeof(*v));
		v->indent = xstrndup(n->indent, n->ilen);
		v->ilen = n->ilen;
		v->text = indent_text(p->raw, strlen(p->raw), n->indent, n->ilen, &v->len);
		v->next = p->variants;
		p->variants = v;
		if (parse(v->text, v->len, &v->root, r->err) < 0) {
			/* Leave the entry unusable so it is never rendered. */
			nodes_release(&v->root);
			free(p->raw);
			p->raw = NULL;
			wrap_error(r, p, n->ilen);
			return -1;
		}
	}

	if (expand(r, n->pos) < 0)
		return -1;
	saved_src = r->src;
	r->src = v->text;
	r->pdepth++;
	rc = render_nodes(r, &v->root);
	r->pdepth--;
	r->src = saved_src;
	if (rc < 0)
		wrap_error(r, p, n->ilen);
	return rc;
}

static int render_nodes(struct render *r, const struct nodes *ns)
{
	size_t i, j;
	for (i = 0; i < ns->n; i++) {
		const struct node *n = &ns->v[i];
		const struct mctx *v;
		switch (n->type) {
		case N_TEXT:
			buf_put(r->out, n->s, n->len);
			break;
		case N_VAR:
		case N_RAW:
			interpolate(r, lookup(r, n->s, n->len), n->type == N_VAR);
			break;
		case N_SECTION:
			v = lookup(r, n->s, n->len);
			if (!truthy(v))
				break;
			if (v->type == MCTX_LIST) {
				for (j = 0; j < v->n; j++) {
					/* an element made on demand lives for its body */
					struct mctx *made = v->item ? v->item(j, v->item_ud) : NULL;
					int rc;
					if (expand(r, n->pos) < 0) {
						mctx_free(made);
						return -1;
					}
					push(r, made ? made : v->items[j]);
					rc = render_nodes(r, &n->body);
					r->sp--;
					mctx_free(made);
					if (rc < 0)
						return -1;
				}
			} else {
				if (expand(r, n->pos) < 0)
					return -1;
				push(r, v);
				if (render_nodes(r, &n->body) < 0)
					return -1;
				r->sp--;
			}
			break;
		case N_INVERTED:
			if (!truthy(lookup(r, n->s, n->len)) &&
			    (expand(r, n->pos) < 0 || render_nodes(r, &n->body) < 0))
				return -1;
			break;
		case N_PARTIAL:
			if (render_partial(r, n) < 0)
				return -1;
			break;
		}
		if (r->out->len - r->out_start > r->max_out) {
			if (r->max_out % ((size_t)1 << 20) == 0)
				set_error(r->err, r->src, n->pos, "the output passes %zu MiB, the limit of "
					  "one document", r->max_out >> 20);
			else
				set_error(r->err, r->src, n->pos, "the output passes %zu bytes, the limit of "
					  "one document", r->max_out);
			r->err->too_long = 1;
			return -1;
		}
	}
	return 0;
}

int mustache_render(const char *tmpl, size_t len, const struct mctx *ctx,
		    const struct mustache_opts *opts, struct buf *out,
		    struct mustache_error *err)
{
	struct mustache_error dummy;
	struct nodes root = { NULL, 0, 0 };
	struct render r;
	int rc;

	if (!err)
		err = &dummy;
	memset(err, 0, sizeof(*err));
	if (!tmpl)
		tmpl = "";

	memset(&r, 0, sizeof(r));
	r.escape = opts && opts->escape ? opts->escape : mustache_escape_html;
	r.escape_ud = opts ? opts->escape_ud : NULL;
	r.partial = opts ? opts->partial : NULL;
	r.partial_ud = opts ? opts->partial_ud : NULL;
	r.out = out;
	r.out_start = out->len;
	r.max_out = opts && opts->max_output ? opts->max_output : MUSTACHE_MAX_OUTPUT;
	r.max_exp = opts && opts->max_expansions ? opts->max_expansions : MUSTACHE_MAX_EXPANSIONS;
	r.err = err;
	r.src = tmpl;

	rc = parse(tmpl, len, &root, err);
	if (rc == 0) {
		if (ctx)
			push(&r, ctx);
		rc = render_nodes(&r, &root);
	}
	nodes_release(&root);
	partials_free(r.partials);
	free(r.stack);
	if (rc == 0)
		memset(err, 0, sizeof(*err));
	return rc;
}
