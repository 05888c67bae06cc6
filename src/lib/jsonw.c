/*
 * jsonw.c - a streaming JSON writer with optional two-space indentation.
 */
#include "lib/jsonw.h"
#include "lib/fmt.h"

#include <string.h>

void jsonw_init(struct jsonw *w, struct buf *out, int pretty)
{
	memset(w, 0, sizeof *w);
	w->out = out;
	w->pretty = pretty;
}

static void newline(struct jsonw *w)
{
	size_t n;
	if (!w->pretty)
		return;
	n = 1 + 2 * (size_t)(w->depth > 0 ? w->depth : 0);
	buf_grow(w->out, n);
	w->out->s[w->out->len] = '\n';
	memset(w->out->s + w->out->len + 1, ' ', n - 1);
	w->out->len += n;
	w->out->s[w->out->len] = '\0';
}

void jsonw_set_flush(struct jsonw *w, void (*flush)(struct buf *out, void *ud), void *ud)
{
	w->flush = flush;
	w->flush_ud = ud;
}

/* Separator and indentation before a value or a key. */
static void before_value(struct jsonw *w)
{
	if (w->flush && w->out->len >= 65536)
		w->flush(w->out, w->flush_ud);
	if (w->after_key) {
		w->after_key = 0;
		return;
	}
	if (w->depth > 0) {
		if (w->need_comma[w->depth])
			buf_putc(w->out, ',');
		newline(w);
	}
	if (w->depth < 64)
		w->need_comma[w->depth] = 1;
}

static void begin(struct jsonw *w, char c)
{
	before_value(w);
	buf_putc(w->out, c);
	w->depth++;
	if (w->depth < 64)
		w->need_comma[w->depth] = 0;
}

static void end(struct jsonw *w, char c)
{
	int had = w->depth < 64 && w->need_comma[w->depth];
	w->depth--;
	if (had)
		newline(w);
	buf_putc(w->out, c);
}

void jsonw_begin_object(struct jsonw *w) { begin(w, '{'); }
void jsonw_end_object(struct jsonw *w) { end(w, '}'); }
void jsonw_begin_array(struct jsonw *w) { begin(w, '['); }
void jsonw_end_array(struct jsonw *w) { end(w, ']'); }

/* 1 for the bytes a JSON string holds as they are: not the control
 * characters, DEL, '"' (0x22) or '\\' (0x5c). */
static const unsigned char plain[256] = {
	[0x20 ... 0x21] = 1, [0x23 ... 0x5b] = 1, [0x5d ... 0x7e] = 1, [0x80 ... 0xff] = 1,
};

/* The length of s when every byte of it is plain, else -1. */
static long plain_len(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (plain[*p])
		p++;
	return *p ? -1 : (long)(p - (const unsigned char *)s);
}

/* '"', s[0..n) and the closing quote, then `tail` (tail_len bytes), in one
 * copy: s needs no escapes. */
static void put_plain(struct buf *out, const char *s, size_t n, const char *tail,
		      size_t tail_len)
{
	char *d;
	buf_grow(out, n + 2 + tail_len);
	d = out->s + out->len;
	*d++ = '"';
	memcpy(d, s, n);
	d += n;
	*d++ = '"';
	memcpy(d, tail, tail_len);
	out->len += n + 2 + tail_len;
	out->s[out->len] = '\0';
}

void json_escape(struct buf *out, const char *s)
{
	long n = plain_len(s);
	if (n >= 0) {
		put_plain(out, s, (size_t)n, "", 0);
		return;
	}
	buf_putc(out, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		/* a run of characters that need no escape goes in one copy */
		if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7f) {
			const char *run = s;
			while (*s && (unsigned char)*s >= 0x20 && *s != '"' && *s != '\\' &&
			       (unsigned char)*s != 0x7f)
				s++;
			buf_put(out, run, (size_t)(s - run));
			if (!*s)
				break;
			c = (unsigned char)*s;
		}
		switch (c) {
		case '"': buf_puts(out, "\\\""); break;
		case '\\': buf_puts(out, "\\\\"); break;
		case '\n': buf_puts(out, "\\n"); break;
		case '\r': buf_puts(out, "\\r"); break;
		case '\t': buf_puts(out, "\\t"); break;
		default:
			if (c < 0x20 || c == 0x7f)
				buf_printf(out, "\\u%04x", c);
			else
				buf_putc(out, (char)c);
		}
	}
	buf_putc(out, '"');
}

void jsonw_key(struct jsonw *w, const char *key)
{
	long n = plain_len(key);
	if (n >= 0 && !w->after_key && w->depth > 0 && w->depth < 64) {
		/* the common case in one copy: the comma, the newline and
		 * indentation, the quoted key and ": " (what before_value and
		 * put_plain write, without growing the buffer three times) */
		size_t ind = w->pretty ? 1 + 2 * (size_t)w->depth : 0;
		size_t len = (w->need_comma[w->depth] ? 1 : 0) + ind + (size_t)n + 2 +
			     (w->pretty ? 2 : 1);
		char *d;
		if (w->flush && w->out->len >= 65536)
			w->flush(w->out, w->flush_ud);
		buf_grow(w->out, len);
		d = w->out->s + w->out->len;
		if (w->need_comma[w->depth])
			*d++ = ',';
		if (ind) {
			*d++ = '\n';
			memset(d, ' ', ind - 1);
			d += ind - 1;
		}
		*d++ = '"';
		memcpy(d, key, (size_t)n);
		d += n;
		*d++ = '"';
		*d++ = ':';
		if (w->pretty)
			*d++ = ' ';
		w->out->len += len;
		w->out->s[w->out->len] = '\0';
		w->need_comma[w->depth] = 1;
		w->after_key = 1;
		return;
	}
	before_value(w);
	if (n >= 0) {
		put_plain(w->out, key, (size_t)n, ": ", w->pretty ? 2 : 1);
	} else {
		json_escape(w->out, key);
		buf_puts(w->out, w->pretty ? ": " : ":");
	}
	w->after_key = 1;
}

void jsonw_string(struct jsonw *w, const char *s)
{
	before_value(w);
	if (s)
		json_escape(w->out, s);
	else
		buf_puts(w->out, "null");
}

void jsonw_number(struct jsonw *w, double v)
{
	before_value(w);
	fmt_json_number(w->out, v);
}

void jsonw_int(struct jsonw *w, long long v)
{
	char digits[24];
	size_t n = 0;
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v : (unsigned long long)v;
	before_value(w);
	do {
		digits[sizeof digits - 1 - n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		digits[sizeof digits - 1 - n++] = '-';
	buf_put(w->out, digits + sizeof digits - n, n);
}

void jsonw_bool(struct jsonw *w, int v)
{
	before_value(w);
	buf_puts(w->out, v ? "true" : "false");
}

void jsonw_null(struct jsonw *w)
{
	before_value(w);
	buf_puts(w->out, "null");
}

void jsonw_raw(struct jsonw *w, const char *json)
{
	before_value(w);
	buf_puts(w->out, json);
}
