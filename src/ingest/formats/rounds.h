/*
 * rounds.h - between the rounds format's result builder (rounds.c) and its
 * fast reader (rounds_fast.c).
 *
 * A result object reaches the model in two steps: a reader says what each
 * member holds (struct rounds_result: the kind of JSON value and the value,
 * nothing judged), and the one builder in rounds.c checks it
 * (rounds_result_check, every message of the format about a result) and
 * fills the model (rounds_result_add). The cJSON path reads the members from a tree; the fast
 * reader from the text, without a tree, and it gives up (NULL) on anything it
 * cannot say exactly as the tree would, which then goes the cJSON way.
 */
#ifndef NF_INGEST_ROUNDS_H
#define NF_INGEST_ROUNDS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "ingest/ingest.h"
#include "lib/util.h"

/* 1 when the n bytes at a and b are the same, 4 <= n <= 16: two loads
 * of each side (overlapping when n is not a multiple), no byte loop. */
static inline int rounds_same_4to16(const char *a, const char *b, size_t n)
{
	if (n >= 8) {
		uint64_t x0, y0, x1, y1;
		memcpy(&x0, a, 8);
		memcpy(&y0, b, 8);
		memcpy(&x1, a + n - 8, 8);
		memcpy(&y1, b + n - 8, 8);
		return ((x0 ^ y0) | (x1 ^ y1)) == 0;
	} else {
		uint32_t x0, y0, x1, y1;
		memcpy(&x0, a, 4);
		memcpy(&y0, b, 4);
		memcpy(&x1, a + n - 4, 4);
		memcpy(&y1, b + n - 4, 4);
		return ((x0 ^ y0) | (x1 ^ y1)) == 0;
	}
}

/* memcmp(a, b, n) == 0 for the short names of a result, without a call. */
static inline int rounds_same(const char *a, const char *b, size_t n)
{
	if (n >= 4 && n <= 16)
		return rounds_same_4to16(a, b, n);
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* memcmp(a, b, n) == 0 for any n, in words: the names cache and the fast
 * reader's shapes compare long texts with it. */
static inline __attribute__((always_inline)) int rounds_same_text(const char *a, const char *b,
								  size_t n)
{
	if (n < 4)
		return rounds_same(a, b, n);
	for (; n > 16; a += 8, b += 8, n -= 8) {
		uint64_t x, y;
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		if (x != y)
			return 0;
	}
	return rounds_same_4to16(a, b, n);
}

/* The members of a result the format knows; the first seven are strings,
 * in the order their checks run. */
enum {
	RF_WORKLOAD, RF_VERSION, RF_PLATFORM, RF_UNIT, RF_BETTER, RF_TIMESTAMP, RF_NOTE,
	RF_ROUND, RF_VALUE, RF_PASSES, RF_BACK, RF_META, RF_NMEMBERS
};
#define RF_NSTRINGS RF_ROUND

/* The kind of JSON value a member holds; RV_ABSENT when there is no such
 * member. The kinds a string member needs no closer look for (none, null,
 * a string) are the ones below 4. */
enum {
	RV_ABSENT, RV_NULL, RV_STRING, RV_NUMBER = 4, RV_TRUE, RV_FALSE, RV_ARRAY, RV_OBJECT,
	RV_OTHER
};

/* One result object as a reader found it. A member's value is read only
 * when its kind says there is one. Small (about 200 bytes): a document read
 * the fast way holds one for each of its results until all have passed. */
struct rounds_result {
	unsigned char kind[RF_NMEMBERS];
	/* read by the fast reader: every string (and "meta"'s text) is as
	 * written, without escapes, and passes the builder's text checks as
	 * a name (valid UTF-8, no control character, not too long) */
	unsigned char plain;
	/* "meta" is an object of such strings written with whitespace between
	 * its tokens: its compact text is its text without that whitespace
	 * (else its text is compact already) */
	unsigned char meta_spaced;
	/* names the reader found among the builder's recent ones (bit k for
	 * member k <= RF_PLATFORM): v[k].str is then the model's copy, the
	 * recent one at recent[k] */
	unsigned char named;
	unsigned char recent[RF_PLATFORM + 1];
	unsigned char v8_kind; /* "meta"."v8" when "meta" is an object */
	uint32_t len[RF_NMEMBERS]; /* RV_STRING, RF_META's text */
	union {
		const char *str; /* RV_STRING (not NUL-terminated); RF_META: its JSON text */
		double num;      /* RV_NUMBER */
	} v[RF_NMEMBERS];
	/* "passes" when an array: its values, the first `numbers` of which
	 * were numbers (the next was not) */
	const double *passes;
	uint32_t npasses, numbers;
	const char *v8;
	uint32_t v8_len;
	uint32_t passes_at; /* rounds_fast_object: the first of them in its struct rounds_passes */
	double time; /* the timestamp's seconds, once rounds_result_check has read it */
};

/* The names one member had lately (interned, so each is a checked name),
 * and for each the one that came after it last time: lines that cycle
 * through versions or repeat a workload find the name without scanning
 * and interning it again (ROUNDS_RECENT: a hundred workloads in turns). */
#define ROUNDS_RECENT 128
struct rounds_recent {
	const char *s[ROUNDS_RECENT];
	size_t n[ROUNDS_RECENT];
	unsigned char next[ROUNDS_RECENT]; /* ROUNDS_RECENT: none yet */
	unsigned char last, fill;
	unsigned char at[256]; /* by the interned pointer: where it may be in s */
};

/* The series the builder stored plain rounds in (one value; no note, meta
 * or back_to_back), by their names: an open-addressing set of the model's
 * series, grown to twice its entries up to ROUNDS_SERIES_MAX slots (then a
 * new series is not added); a round whose names and fields are a series'
 * goes to it (model_add_value). */
#define ROUNDS_SERIES_MAX 65536
struct rounds_series {
	struct series **slots;
	size_t nslots, count;
};

/* What the builder keeps from one result to the next of one input: the
 * names it interned lately, the unit as written and what it became, the
 * default platform and the last "meta" text. Zeroed to start; released
 * with rounds_names_release. */
struct rounds_names {
	/* the names of workload, version and platform, for the fast reader
	 * of NDJSON lines (kept when keep_recent) */
	struct rounds_recent recent[RF_PLATFORM + 1];
	int keep_recent;
	const char *source; /* interned in->path */
	const char *platform; /* the default platform, made when env_changes was */
	size_t env_changes;
	char unit_raw[32];
	const char *unit;
	int unit_better;
	struct {
		const char *s; /* interned */
		size_t n;
	} cache[256];
	struct buf meta_raw;    /* the last "meta" as given, and its interned compact text */
	const char *meta_json;
	struct rounds_series series;
};
void rounds_names_release(struct rounds_names *nc);

/* Where a result is, for messages: "result 4" or "line 12" (none when
 * where is 0). */
struct rounds_place {
	const struct ingest_input *in;
	size_t where;
	int is_line;
};

/* ---- the fast reader (rounds_fast.c) ---- */

/* Passes read by the fast reader, for one line or a whole document. */
struct rounds_passes {
	double *v;
	size_t n, alloc;
};

/* What the fast reader keeps from one NDJSON line to the next (the shape of
 * the last line, the names of lately). rounds_fast_new / rounds_fast_free. */
struct rounds_fast;
struct rounds_fast *rounds_fast_new(void);
void rounds_fast_free(struct rounds_fast *f);

/* The result object at p, a '{', into *rr, its passes appended to *ps
 * from rr->passes_at on (rr->passes is left for the caller to point there:
 * ps->v may move); the text ends with a NUL at or before lim. Returns the byte after the object's '}', or NULL when the
 * object is anything the reader does not take (then rr says nothing). */
const char *rounds_fast_object(const char *p, const char *lim, struct rounds_result *rr,
			       struct rounds_passes *ps);

/* One NDJSON line line[0..n) (line[n] a NUL) that is one result object and
 * whitespace, into *rr as rounds_fast_object does (the passes: ps emptied
 * first; rr->passes set), a name found among nc's recent ones as such; 1,
 * or 0 when the reader does not take it. */
int rounds_fast_line(struct rounds_fast *f, const struct rounds_names *nc, const char *line,
		     size_t n, struct rounds_result *rr, struct rounds_passes *ps);

#endif
