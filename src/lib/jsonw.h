/*
 * jsonw.h - a small streaming JSON writer (analysis.json, windows --json,
 * convert). Numbers are written locale-independently; non-finite numbers
 * become null. Strings are escaped per RFC 8259.
 */
#ifndef NF_JSONW_H
#define NF_JSONW_H

#include "lib/util.h"

struct jsonw {
	struct buf *out;
	int pretty;       /* indent with two spaces */
	int depth;
	int need_comma[64];
	int after_key;
	void (*flush)(struct buf *out, void *ud); /* see jsonw_set_flush */
	void *flush_ud;
};

void jsonw_init(struct jsonw *w, struct buf *out, int pretty);
/* Hands out to flush whenever it holds 64 KB or more, between two values;
 * flush takes the bytes and empties it. The caller flushes what is left at
 * the end. */
void jsonw_set_flush(struct jsonw *w, void (*flush)(struct buf *out, void *ud), void *ud);
void jsonw_begin_object(struct jsonw *w);
void jsonw_end_object(struct jsonw *w);
void jsonw_begin_array(struct jsonw *w);
void jsonw_end_array(struct jsonw *w);
void jsonw_key(struct jsonw *w, const char *key);
void jsonw_string(struct jsonw *w, const char *s);  /* NULL writes null */
void jsonw_number(struct jsonw *w, double v);
void jsonw_int(struct jsonw *w, long long v);
void jsonw_bool(struct jsonw *w, int v);
void jsonw_null(struct jsonw *w);
void jsonw_raw(struct jsonw *w, const char *json); /* a value already in JSON */

/* Appends s as a JSON string literal with quotes. */
void json_escape(struct buf *out, const char *s);

#endif
