/*
 * mustache.h - a small Mustache template engine: template context values
 * (struct mctx) and the renderer.
 *
 * Supports interpolation ({{name}}, {{{name}}}, {{&name}}), sections,
 * inverted sections, comments, partials and set-delimiter tags, following the
 * official Mustache spec (lambdas and template inheritance are not supported;
 * "{{<" and "{{$" tags are reported as errors).
 *
 * Ownership: a context tree is owned by its root. Setters and mctx_push take
 * ownership of the value they are given; mctx_free(root) frees the whole
 * tree. mustache_render never keeps or frees anything it is given, never
 * prints, and reports every template problem as a struct mustache_error.
 *
 * Semantics worth knowing (all per the spec unless noted):
 *  - Falsy values are exactly: null, false, an empty list and a name that
 *    cannot be resolved. Everything else is truthy, including the empty
 *    string and "0" (the spec leaves strings to the host language; we follow
 *    the Ruby/"only false, null and [] are falsy" rule). To hide a section
 *    for a missing value, set it to null (mctx_set_str(obj, key, NULL)).
 *  - A truthy list section renders once per element, with the element pushed
 *    on the context stack; any other truthy value renders once, pushed.
 *  - {{.}} is the top of the context stack. "a.b.c" resolves "a" by walking
 *    the stack (innermost first, objects only), then "b" and "c" strictly
 *    inside the previous result; any miss makes the whole name a miss.
 *  - Interpolation: strings as-is (escaped for {{name}}), true/false as
 *    "true"/"false", null, misses, lists and objects as "". There are no
 *    numbers: callers format them as strings (see fmt_* in util.h).
 *  - Standalone lines: a line holding only whitespace and one section, end
 *    section, inverted, comment, partial or set-delimiter tag is removed
 *    entirely (its indentation and its "\n" or "\r\n"). Interpolation tags
 *    are never standalone. A standalone partial's indentation is prepended
 *    to every non-empty line of the partial's text before it is parsed.
 *  - Partials are parsed with the default "{{ }}" delimiters; the loader is
 *    called at most once per name per render call.
 */
#ifndef NF_MUSTACHE_H
#define NF_MUSTACHE_H

#include <stddef.h>

#include "lib/util.h"

/* A template context value: null, bool, string, list or object (ordered keys). */
struct mctx;

/* Constructors. Each returns a new value owned by the caller (or by whatever
 * container it is later handed to). Never NULL. */
struct mctx *mctx_object(void);
struct mctx *mctx_list(void);
struct mctx *mctx_string(const char *s);              /* copies s; NULL gives null */
struct mctx *mctx_stringn(const char *s, size_t n);   /* copies s[0..n); may hold NULs */
struct mctx *mctx_bool(int b);
struct mctx *mctx_null(void);

/* A list of n elements made when a section reaches them: item(i, ud)
 * returns a new value for element i (0 <= i < n), which the renderer frees
 * once the section's body has rendered it, so a list of many large
 * elements holds one at a time. item must give the same value for the same
 * i every time (a template may walk the list more than once, or inside
 * itself). free_ud (NULL: none) frees ud when the list is freed. mctx_push
 * on such a list is a programming error. */
typedef struct mctx *(*mctx_item_fn)(size_t i, void *ud);
struct mctx *mctx_list_made(size_t n, mctx_item_fn item, void *ud, void (*free_ud)(void *));

/*
 * Object setters take ownership of val (NULL val means null); setting an
 * existing key replaces (and frees) the old value in place, keeping the key's
 * position. key is copied. Calling a setter on a non-object, or mctx_push on a
 * non-list, is a programming error and aborts.
 */
void mctx_set(struct mctx *obj, const char *key, struct mctx *val);
void mctx_set_str(struct mctx *obj, const char *key, const char *s); /* NULL s sets null */
void mctx_set_bool(struct mctx *obj, const char *key, int b);
void mctx_push(struct mctx *list, struct mctx *val); /* takes ownership; NULL val pushes null */
/* Number of elements of a list (0 for anything else, including NULL). */
size_t mctx_list_len(const struct mctx *list);
/* The value stored under key in obj, or NULL when obj is not an object or has
 * no such key. The result is still owned by obj. */
const struct mctx *mctx_get(const struct mctx *obj, const char *key);
/* Frees v and everything it contains. NULL is fine. */
void mctx_free(struct mctx *v);

/* Escaping applied to {{name}} (not to {{{name}}} or {{&name}}). Appends the
 * escaped form of s[0..n) to out. */
typedef void (*mustache_escape_fn)(struct buf *out, const char *s, size_t n, void *ud);
/* The spec's default: & < > " become &amp; &lt; &gt; &quot; (a single quote
 * is not escaped: quote HTML attributes with "). ud is unused. */
void mustache_escape_html(struct buf *out, const char *s, size_t n, void *ud);

/* Partial loader: return a malloc'd NUL-terminated template text for name
 * (the renderer frees it), or NULL: with problem left empty when there is no
 * such partial (which renders as empty, per spec); with a message written
 * into problem[0..size) when the partial exists but cannot be used (it is
 * not readable, not a regular file), which stops the render with an error
 * whose partial_failed is set. */
typedef char *(*mustache_partial_fn)(const char *name, void *ud, char *problem, size_t size);

struct mustache_opts {
	mustache_escape_fn escape;   /* NULL means mustache_escape_html */
	void *escape_ud;
	mustache_partial_fn partial; /* NULL means no partials (all render empty) */
	void *partial_ud;
	size_t max_output;           /* bytes one render may append; 0: MUSTACHE_MAX_OUTPUT */
	size_t max_expansions;       /* section bodies one render may expand (each list
	                                item, each true or inverted section, each
	                                partial); 0: MUSTACHE_MAX_EXPANSIONS */
};

struct mustache_error {
	int line, column;   /* 1-based position in the template (column in code points) */
	char message[256];  /* lower case, no final period, e.g. "unclosed section \"rows\"" */
	int partial_failed; /* the loader refused a partial (the message says why) */
	int too_long;       /* the output passed max_output */
};

/* Limits; exceeding one is reported as an error at the tag (or text) where
 * it is passed. */
#define MUSTACHE_MAX_PARTIAL_DEPTH 16   /* partials rendered inside partials */
#define MUSTACHE_MAX_NESTING 100        /* sections open at once in one template */
#define MUSTACHE_MAX_OUTPUT ((size_t)16 << 20) /* bytes of output of one render */
/* Section bodies expanded in one render: bounds the work of nested sections
 * that print nothing (each level multiplies it), which the output limit
 * never meets; the shipped templates expand a few dozen per workload. */
#define MUSTACHE_MAX_EXPANSIONS ((size_t)10000000)

/*
 * Renders tmpl[0..len) against ctx (NULL acts as an empty object), appending
 * to out. opts may be NULL (all defaults). Returns 0, or -1 with *err filled
 * (err may be NULL); after an error out may hold partial output, which the
 * caller should discard. On success *err is zeroed.
 *
 * The whole template is parsed before anything is rendered, so syntax errors
 * are found even in sections that would not be rendered. A partial is parsed
 * when it is first rendered; for an error inside a partial the message starts
 * with `in partial "name": ` and line/column refer to the partial's text.
 */
int mustache_render(const char *tmpl, size_t len, const struct mctx *ctx,
		    const struct mustache_opts *opts, struct buf *out,
		    struct mustache_error *err);

#endif
