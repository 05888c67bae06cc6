/*
 * rounds_fast.c - the rounds format's fast reader of one result object,
 * without a cJSON tree: an NDJSON line, or an element of a document's
 * "results" (rounds.h).
 *
 * It takes an object of the members the format knows, each once, whose
 * strings have no escape and pass the format's text checks as names, whose
 * numbers are in strict JSON syntax (read as cJSON reads them, json_number.h),
 * "passes" an array of numbers and "meta" an object of such strings. It says
 * what the object holds and judges nothing: rounds_result_check does. Any
 * other object (an unknown member, a duplicate key, an escape, a control
 * character, a nested value) is NULL and goes through cJSON, which gives the
 * same result or the same message; fuzz/fuzz_ndjson_diff.c and
 * fuzz/fuzz_doc_diff.c hold the two ways equal.
 *
 * NDJSON lines mostly repeat one shape (the same keys in the same order,
 * the same spaces): the reader keeps the last line's shape and then reads
 * only the values of a line in it, and it looks for the names of the
 * members workload, version and platform among those the builder met
 * lately, so that a repeated name is found without being scanned and
 * interned again.
 */
#include "ingest/formats/rounds.h"
#include "lib/json_number.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Where the members of an object were: for each in order its key and where
 * its value starts and ends, and whether every value is one the shape
 * path reads (a string for a string member, a number for "round" and
 * "value"). */
struct fast_layout {
	int key[RF_NMEMBERS];
	size_t at[RF_NMEMBERS], end[RF_NMEMBERS], n;
	int shaped;
};

struct rounds_fast {
	/* the shape of the last line the member parser read: its text, and
	 * its layout; nshape = 0 when there is none */
	char *shape;
	size_t shape_cap, shape_n, nshape;
	struct {
		int k;
		size_t at, end; /* the value is shape[at..end) */
	} slot[RF_NMEMBERS];
	/* the last "round" a shaped line had, as written, and its value: the
	 * lines of one round repeat it */
	char round_text[64];
	size_t round_len;
	double round_value;
};

struct rounds_fast *rounds_fast_new(void)
{
	return xcalloc(1, sizeof(struct rounds_fast));
}

void rounds_fast_free(struct rounds_fast *f)
{
	if (!f)
		return;
	free(f->shape);
	free(f);
}

/* The member whose key starts at the quote p (the text ends at or before
 * lim, at a NUL), and the byte after the key's closing quote in *end;
 * RF_NMEMBERS for any other key. Accepts exactly the keys that fast_string()
 * would read and the known names would match (a known key has no escape and
 * no byte fast_string() stops at): the text is compared with the one key
 * its first two bytes can be, closing quote included, when that many bytes
 * are left before lim. */
static int fast_key_at(const char *p, const char *lim, const char **end)
{
	/* each key with its closing quote */
	static const char *const quoted[RF_NMEMBERS] = {
		"workload\"", "version\"", "platform\"", "unit\"", "better\"", "timestamp\"",
		"note\"", "round\"", "value\"", "passes\"", "back_to_back\"", "meta\"",
	};
	static const unsigned char len[RF_NMEMBERS] = { 9, 8, 9, 5, 7, 10, 5, 6, 6, 7, 13, 5 };
	const char *s = p + 1;
	int k;
	switch (*s) {
	case 'w': k = RF_WORKLOAD; break;
	case 'v': k = s[1] == 'e' ? RF_VERSION : RF_VALUE; break;
	case 'p': k = s[1] == 'l' ? RF_PLATFORM : RF_PASSES; break;
	case 'u': k = RF_UNIT; break;
	case 'b': k = s[1] == 'e' ? RF_BETTER : RF_BACK; break;
	case 't': k = RF_TIMESTAMP; break;
	case 'n': k = RF_NOTE; break;
	case 'r': k = RF_ROUND; break;
	case 'm': k = RF_META; break;
	default: return RF_NMEMBERS;
	}
	if ((size_t)(lim - s) < len[k] || !rounds_same_4to16(s, quoted[k], len[k]))
		return RF_NMEMBERS;
	*end = s + len[k];
	return k;
}

static const char *fast_ws(const char *p)
{
	/* every byte it skips is at most a space: one test for the rest */
	while ((unsigned char)*p <= ' ' && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	return p;
}

/* The string at the quote p when it has no escape and its text passes the
 * format's checks as a name (valid UTF-8, no control character, at most
 * INGEST_MAX_NAME bytes): its text in *s, *n, and the byte after it;
 * NULL when it is anything else. */
static const char *fast_string(const char *p, const char **s, uint32_t *n)
{
	/* 1: the closing quote or a byte the fast path leaves to cJSON (control
	 * characters, the NUL at the end of the text, a backslash, DEL); 2: a
	 * byte of a multibyte character, checked after the scan */
	static const unsigned char stop[256] = {
		[0 ... 0x1f] = 1, ['"'] = 1, ['\\'] = 1, [0x7f] = 1, [0x80 ... 0xff] = 2,
	};
	const unsigned char *q = (const unsigned char *)p + 1;
	int high = 0;
	for (;;) {
		while (!stop[*q])
			q++;
		if (stop[*q] != 2)
			break;
		high = 1;
		q++;
	}
	if (*q != '"')
		return NULL;
	*s = p + 1;
	if ((const char *)q - *s > INGEST_MAX_NAME)
		return NULL;
	*n = (uint32_t)((const char *)q - *s);
	if (high) {
		/* C1 and bidirectional controls: the careful path says where */
		if (!utf8_valid(*s, *n) || utf8_control_at(*s, *n, 0, NULL))
			return NULL;
	}
	return (const char *)q + 1;
}

static int fast_literal(const char **p, const char *lit)
{
	size_t n;
	if (**p != lit[0]) /* most often: a value, not the literal tried first */
		return 0;
	n = strlen(lit);
	if (strncmp(*p, lit, n) != 0)
		return 0;
	*p += n;
	return 1;
}

/* A string, number, true, false or null at p as member k of rr; the byte
 * after it, or NULL. */
static const char *fast_scalar(const char *p, struct rounds_result *rr, int k)
{
	if (*p == '"') {
		p = fast_string(p, &rr->v[k].str, &rr->len[k]);
		rr->kind[k] = RV_STRING;
	} else if (fast_literal(&p, "null")) {
		rr->kind[k] = RV_NULL;
	} else if (fast_literal(&p, "true")) {
		rr->kind[k] = RV_TRUE;
	} else if (fast_literal(&p, "false")) {
		rr->kind[k] = RV_FALSE;
	} else {
		p = json_number_read(p, &rr->v[k].num);
		rr->kind[k] = RV_NUMBER;
	}
	return p;
}

/* "passes", an array of numbers at the '[' p, appended to ps. */
static const char *fast_passes(const char *p, struct rounds_result *rr, struct rounds_passes *ps)
{
	size_t at = ps->n;
	rr->passes_at = (uint32_t)at;
	p = fast_ws(p + 1);
	if (*p != ']') {
		for (;;) {
			double x;
			if (!(p = json_number_read(p, &x)) || ps->n - at == INGEST_MAX_PASSES)
				return NULL;
			ALLOC_GROW(ps->v, ps->n + 1, ps->alloc);
			ps->v[ps->n++] = x;
			p = fast_ws(p);
			if (*p == ']')
				break;
			if (*p != ',')
				return NULL;
			p = fast_ws(p + 1);
		}
	}
	rr->kind[RF_PASSES] = RV_ARRAY;
	rr->npasses = rr->numbers = (uint32_t)(ps->n - at);
	return p + 1;
}

/* "meta", an object of strings under distinct keys at the '{' p; its "v8"
 * in rr. Its compact text is its text without the whitespace between
 * tokens, as cJSON prints it (meta_spaced). */
static const char *fast_meta(const char *p, struct rounds_result *rr)
{
	struct {
		const char *s;
		uint32_t n;
	} keys[16];
	size_t nkeys = 0;
	const char *start = p;
	p = fast_ws(p + 1);
	if (*p != '}') {
		for (;;) {
			const char *v;
			uint32_t vn;
			if (*p != '"' || nkeys == 16 || !(p = fast_string(p, &keys[nkeys].s, &keys[nkeys].n)))
				return NULL;
			for (size_t i = 0; i < nkeys; i++)
				if (keys[i].n == keys[nkeys].n && !memcmp(keys[i].s, keys[nkeys].s, keys[i].n))
					return NULL;
			p = fast_ws(p);
			if (*p != ':')
				return NULL;
			p = fast_ws(p + 1);
			if (*p != '"' || !(p = fast_string(p, &v, &vn)))
				return NULL;
			if (keys[nkeys].n == 2 && !memcmp(keys[nkeys].s, "v8", 2)) {
				rr->v8_kind = RV_STRING;
				rr->v8 = v;
				rr->v8_len = vn;
			}
			nkeys++;
			p = fast_ws(p);
			if (*p == '}')
				break;
			if (*p != ',')
				return NULL;
			p = fast_ws(p + 1);
		}
	}
	rr->kind[RF_META] = RV_OBJECT;
	rr->v[RF_META].str = start;
	rr->len[RF_META] = (uint32_t)(p + 1 - start);
	rr->meta_spaced = 1;
	return p + 1;
}

static void fast_start(struct rounds_result *rr)
{
	memset(rr->kind, 0, sizeof rr->kind);
	rr->plain = 1;
	rr->named = 0;
	rr->v8_kind = RV_ABSENT;
	rr->passes = NULL;
}

/* rounds_fast_object, and with lay the layout of the object from base. */
static const char *fast_object(const char *p, const char *lim, struct rounds_result *rr,
			       struct rounds_passes *ps, struct fast_layout *lay, const char *base)
{
	unsigned keys = 0; /* every member met */
	fast_start(rr);
	if (*p != '{')
		return NULL;
	p = fast_ws(p + 1);
	for (;;) {
		int k;
		if (*p != '"' || (k = fast_key_at(p, lim, &p)) == RF_NMEMBERS || (keys & (1u << k)))
			return NULL;
		keys |= 1u << k;
		p = fast_ws(p);
		if (*p != ':')
			return NULL;
		p = fast_ws(p + 1);
		if (lay) {
			lay->key[lay->n] = k;
			lay->at[lay->n] = (size_t)(p - base);
		}
		if (k == RF_PASSES && *p == '[')
			p = fast_passes(p, rr, ps);
		else if (k == RF_META && *p == '{')
			p = fast_meta(p, rr);
		else
			p = fast_scalar(p, rr, k);
		if (!p)
			return NULL;
		if (lay) {
			int kind = rr->kind[k];
			lay->end[lay->n++] = (size_t)(p - base);
			if (k < RF_NSTRINGS ? kind != RV_STRING
					    : (k != RF_ROUND && k != RF_VALUE) || kind != RV_NUMBER)
				lay->shaped = 0;
		}
		p = fast_ws(p);
		if (*p == '}')
			return p + 1;
		if (*p != ',')
			return NULL;
		p = fast_ws(p + 1);
	}
}

const char *rounds_fast_object(const char *p, const char *lim, struct rounds_result *rr,
			       struct rounds_passes *ps)
{
	return fast_object(p, lim, rr, ps, NULL, NULL);
}

/* A name of r's at the quote p (bytes up to lim) when the string there is
 * one of them, closing quote included: the one that followed the last
 * name, or the last name again. Returns its index, or -1. */
static int fast_recent_at(const struct rounds_recent *r, const char *p, const char *lim)
{
	int c[2];
	if (!r->fill)
		return -1;
	c[0] = r->next[r->last];
	c[1] = r->last;
	for (int i = 0; i < 2; i++) {
		size_t n;
		if (c[i] >= r->fill)
			continue;
		n = r->n[c[i]];
		if ((size_t)(lim - p) >= n + 2 && p[n + 1] == '"' && rounds_same(p + 1, r->s[c[i]], n))
			return c[i];
	}
	return -1;
}

/* Keeps line[0..n) as the shape of the lines to come. */
static void fast_shape_keep(struct rounds_fast *f, const char *line, size_t n,
			    const struct fast_layout *lay)
{
	if (n > f->shape_cap) {
		f->shape_cap = n * 2;
		free(f->shape);
		f->shape = xmalloc(f->shape_cap);
	}
	memcpy(f->shape, line, n);
	f->shape_n = n;
	for (size_t i = 0; i < lay->n; i++) {
		f->slot[i].k = lay->key[i];
		f->slot[i].at = lay->at[i];
		f->slot[i].end = lay->end[i];
	}
	f->nshape = lay->n;
}

/*
 * The members of a line in the shape of the last line the member parser
 * read (the same bytes outside the values: the same keys in the same
 * order, the same spaces and punctuation; each value a string, a number
 * for "round" or "value"): only the values are read, with the same
 * functions as there. A line in that shape is one the member parser reads
 * the same way, token by token, so the result is the same; any other line
 * returns 0 and goes to the member parser.
 */
static int fast_shape_members(struct rounds_fast *f, const struct rounds_names *nc,
			      const char *line, size_t n, struct rounds_result *rr)
{
	const char *p = line, *const lim = line + n;
	size_t prev = 0; /* the end of the previous value in the shape */

	fast_start(rr);
	for (size_t i = 0; i < f->nshape; i++) {
		const int k = f->slot[i].k;
		const size_t lit = f->slot[i].at - prev;
		if ((size_t)(lim - p) < lit || !rounds_same_text(p, f->shape + prev, lit))
			return 0;
		p += lit;
		if (k < RF_NSTRINGS) {
			/* the shape's own string there, quotes included */
			const size_t vl = f->slot[i].end - f->slot[i].at;
			int c;
			if (*p != '"')
				return 0;
			if (k > RF_PLATFORM && (size_t)(lim - p) >= vl &&
			    rounds_same_text(p, f->shape + f->slot[i].at, vl)) {
				/* the same text, read and found plain before */
				rr->v[k].str = p + 1;
				rr->len[k] = (uint32_t)(vl - 2);
				p += vl;
			} else if (k <= RF_PLATFORM && (c = fast_recent_at(&nc->recent[k], p, lim)) >= 0) {
				/* the model's copy of the same text */
				rr->v[k].str = nc->recent[k].s[c];
				rr->recent[k] = (unsigned char)c;
				rr->named |= 1u << k;
				rr->len[k] = (uint32_t)nc->recent[k].n[c];
				p += rr->len[k] + 2;
			} else if (!(p = fast_string(p, &rr->v[k].str, &rr->len[k]))) {
				return 0;
			}
			rr->kind[k] = RV_STRING;
		} else if (k == RF_ROUND) {
			/* the same text as the last one, ending there, is the same
			 * number (json_number_read stops at the same byte) */
			const size_t rl = f->round_len;
			if (rl && (size_t)(lim - p) > rl && rounds_same(p, f->round_text, rl) &&
			    !json_number_continues(p[rl])) {
				rr->v[k].num = f->round_value;
				p += rl;
			} else {
				const char *q = p;
				if (!(p = json_number_read(p, &rr->v[k].num)))
					return 0;
				/* at most 63 characters: fits */
				memcpy(f->round_text, q, (size_t)(p - q));
				f->round_len = (size_t)(p - q);
				f->round_value = rr->v[k].num;
			}
			rr->kind[k] = RV_NUMBER;
		} else { /* RF_VALUE */
			if (!(p = json_number_read(p, &rr->v[k].num)))
				return 0;
			rr->kind[k] = RV_NUMBER;
		}
		prev = f->slot[i].end;
	}
	return (size_t)(lim - p) == f->shape_n - prev &&
	       rounds_same_text(p, f->shape + prev, f->shape_n - prev);
}

int rounds_fast_line(struct rounds_fast *f, const struct rounds_names *nc, const char *line,
		     size_t n, struct rounds_result *rr, struct rounds_passes *ps)
{
	struct fast_layout lay;
	const char *p;

	ps->n = 0;
	if (f->nshape && fast_shape_members(f, nc, line, n, rr))
		return 1;
	lay.n = 0;
	lay.shaped = 1;
	p = fast_object(fast_ws(line), line + n, rr, ps, &lay, line);
	if (!p || fast_ws(p) != line + n)
		return 0;
	if (lay.shaped)
		fast_shape_keep(f, line, n, &lay);
	rr->passes = ps->v;
	return 1;
}
