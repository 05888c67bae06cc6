/*
 * bisect.h - the three-valued call `noisefloor bisect` makes on a pair of
 * versions, read from the pair's verdict record (record.c): different, the
 * same, or not decided yet. Every number the call rests on is the record's,
 * so the bisect quotes what every document quotes.
 */
#ifndef NF_BISECT_H
#define NF_BISECT_H

#include "model/model.h"

enum bisect_call {
	BISECT_UNDECIDED, /* more rounds may decide it */
	BISECT_DIFFERENT, /* a confirmed claim: beyond the band, and the rank
	                     test after Holm below STATS_ALPHA */
	BISECT_SAME,      /* within the noise, and the record's whole interval
	                     inside the tolerance */
};

/* The call on versions a and b of c. tolerance > 0: "the same" needs the
 * record's interval (size_low, size_high) inside +-tolerance (the bisect
 * passes half the size of the change it narrows, so a small step in
 * between is not missed); tolerance <= 0: inside +-the record's own band.
 * *b_worse (may be NULL) gets 1 when the record names a the better one. */
enum bisect_call bisect_call(const struct comparison *c, size_t a, size_t b, double tolerance,
			     int *b_worse);

/* The pairs of versions of c that bisect_call (with tolerance) leaves
 * undecided; *npairs (may be NULL) gets how many pairs c has. `run
 * --until-decided` takes rounds until no comparison has one. */
size_t bisect_undecided(const struct comparison *c, double tolerance, size_t *npairs);

/* The facts of the results' meta that differ between versions a and b
 * (labels) of workload (NULL: any): the scalar members each version's
 * results agree on, but the runner's own (exit status, loads, order, CPU
 * times, step). Fills *out (malloc'd, caller frees) and returns their
 * number, in the order of a's meta. */
size_t bisect_meta_changes(struct model *m, const char *workload, const char *a,
			   const char *b, struct meta_change **out);

/* After the analysis of a bisect's rounds file: the culprit step and the
 * meta facts that change across it (model.bisect). */
void bisect_analyse(struct model *m);

/* The index of the version labelled label in c, or -1. */
long bisect_version(const struct comparison *c, const char *label);

#endif
