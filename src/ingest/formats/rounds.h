/*
 * rounds.h - between the rounds format's result builder (rounds.c) and its
 * fast reader (rounds_fast.c).
 *
 * A result object reaches the model in two steps: a reader says what each
 * member holds (struct rounds_result: the kind of JSON value and the value,
 * nothing judged), and the one builder checks it (rounds_result_check, every
 * message of the format about a result) and fills the model
 * (rounds_result_add). The cJSON path reads the members from a tree; the fast
 * reader from the text, without a tree, and it gives up (NULL) on anything it
 * cannot say exactly as the tree would, which then goes the cJSON way.
 */
#ifndef NF_INGEST_ROUNDS_H
#define NF_INGEST_ROUNDS_H

#include <stddef.h>
#include "ingest/ingest.h"
#include "lib/util.h"

/* The members of a result the format knows; the first seven are strings,
 * in the order their checks run. */
enum {
	RF_WORKLOAD, RF_VERSION, RF_PLATFORM, RF_UNIT, RF_BETTER, RF_TIMESTAMP, RF_NOTE,
	RF_ROUND, RF_VALUE, RF_PASSES, RF_BACK, RF_META, RF_NMEMBERS
};
#define RF_NSTRINGS RF_ROUND

/* The kind of JSON value a member holds; RV_ABSENT when there is no such
 * member. */
enum {
	RV_ABSENT, RV_NULL, RV_STRING, RV_NUMBER, RV_TRUE, RV_FALSE, RV_ARRAY, RV_OBJECT,
	RV_OTHER
};

/* One result object as a reader found it. Only kind[] (and named, plain)
 * need to start zeroed: a member's value is read only when its kind says
 * there is one. */
struct rounds_result {
	unsigned char kind[RF_NMEMBERS];
	/* every string (and "meta"'s text) is known to pass the builder's text
	 * checks as a name: valid UTF-8, no control character, not too long */
	unsigned char plain;
	/* "meta" is an object of such strings written with whitespace between
	 * its tokens: its compact text is str[RF_META] without that whitespace
	 * (else str[RF_META] is compact already) */
	unsigned char meta_spaced;
	const char *str[RF_NMEMBERS]; /* RV_STRING (not NUL-terminated); RF_META: its JSON text */
	size_t len[RF_NMEMBERS];
	double num[RF_NMEMBERS];      /* RV_NUMBER */
	/* names the reader found interned already (bit k for member k <=
	 * RF_PLATFORM): the model's copy of str[k] */
	unsigned named;
	const char *name[RF_PLATFORM + 1];
	/* "passes" when an array: its values, the first `numbers` of which
	 * were numbers (the next was not) */
	const double *passes;
	size_t npasses, numbers;
	/* "meta"."v8" when "meta" is an object: its kind and text */
	unsigned char v8_kind;
	const char *v8;
	size_t v8_len;
};

/* What the builder keeps from one result to the next of one input: the
 * names it interned lately, the unit as written and what it became, the
 * default platform and the last "meta" text. Zeroed to start; released
 * with rounds_names_release. */
struct rounds_names {
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
};
void rounds_names_release(struct rounds_names *nc);

/* Where a result is, for messages: "result 4" or "line 12" (none when
 * where is 0). */
struct rounds_place {
	const struct ingest_input *in;
	size_t where;
	int is_line;
};

/* Every check of the format on one result, in the order the format states
 * them: 0, or NF_DATAERR with err filled ("cannot read 'FILE': result 2:
 * ..."). Changes nothing. */
int rounds_result_check(const struct rounds_result *rr, const struct rounds_place *pl,
			struct nf_error *err);

/* Adds a result that rounds_result_check passed to the model, as input
 * document doc. Returns the model's result. */
struct result *rounds_result_add(struct model *m, struct rounds_names *nc,
				 const struct rounds_result *rr, const struct rounds_place *pl,
				 size_t doc);

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

/* The result object at p, a '{', into *rr (kind[], named and plain zeroed
 * by the caller), its passes appended to *ps (rr->passes is left for the
 * caller to point there: ps->v may move); the text ends with a NUL at or
 * before lim. Returns the byte after the object's '}', or NULL when the
 * object is anything the reader does not take (then rr says nothing). */
const char *rounds_fast_object(const char *p, const char *lim, struct rounds_result *rr,
			       struct rounds_passes *ps);

/* One NDJSON line line[0..n) (line[n] a NUL) that is one result object and
 * whitespace, into *rr as rounds_fast_object does (the passes: ps emptied
 * first; rr->passes set); 1, or 0 when the reader does not take it. */
int rounds_fast_line(struct rounds_fast *f, const char *line, size_t n, struct rounds_result *rr,
		     struct rounds_passes *ps);

/* After the line rounds_fast_line read was added as res: notes its names
 * for the lines to come. */
void rounds_fast_added(struct rounds_fast *f, const struct rounds_result *rr,
		       const struct result *res);

#endif
