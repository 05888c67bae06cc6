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

/* ---- a bisect's rounds file: verdicts step by step ----
 *
 * Each step of a bisect measures its versions interleaved; versions of
 * different steps were measured at different times. So in the analysis of
 * its rounds file (model.bisect set) a comparison whose rounds all carry a
 * meta.step of that file tests only pairs of versions one step measured
 * together, each on that step's rounds alone, paired by round as the step
 * ran them: analysis.c analyses each step as a model of its own
 * (bisect_step_model) and takes its pairs (bisect_take_pairs). A pair
 * measured in several steps is compared on the last of them whose call
 * the file records (or, when none is recorded, on the last). */

/* The steps the results of the bisect's file carry (meta.step), ascending,
 * into *steps (malloc'd, caller frees); returns how many. */
size_t bisect_step_numbers(const struct model *m, int **steps);

/* Marks the comparisons of m whose every round is the bisect file's and
 * carries a step (comparison.by_step) and drops their pairs, which
 * bisect_take_pairs fills again, and their series' steps (comparison.steps:
 * they would set versions of different steps side by side). Returns how
 * many were marked. */
size_t bisect_mark(struct model *m);

/* Fills sub (model_init'ed by the caller) with the results of m's bisect
 * file that carry meta.step == step, and the options that shape their
 * verdicts (min_rounds, what the versions are). */
void bisect_step_model(const struct model *m, int step, struct model *sub);

/* Takes the pairs of sub (one step's model, analysed) into the marked
 * comparisons of m with the same workload and platform, their versions'
 * indexes made m's, step set; then keeps each comparison's pairs sorted as
 * evidence_pair finds them. */
void bisect_take_pairs(struct model *m, const struct model *sub, int step);

/* The pair of a marked comparison c that its verdict reads: the pair of
 * good and candidate of the last step the file records a call for (for a
 * culprit, its confirmation: what bisect printed); when c has no such pair
 * (that step gave its workload for one of them only), a pair of the last
 * step that compared any; with no call recorded, the first step's pair.
 * NULL when c holds no pair. */
const struct pair_stats *bisect_headline(const struct model *m, const struct comparison *c);

/* The index of the version labelled label in c, or -1. */
long bisect_version(const struct comparison *c, const char *label);

#endif
