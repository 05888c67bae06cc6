/*
 * evidence.h - the evidence beside the within-noise verdict: rank tests per
 * pair of versions with Holm's correction across the pairs of each
 * comparison (the family is the comparison), the rank
 * test's intervals for ratios, the power floor, steps in long version series, run order and
 * drift, and findings across platforms.
 */
#ifndef NF_EVIDENCE_H
#define NF_EVIDENCE_H

#include "model/model.h"

/* Rounds spread over more than this (seconds) are a history. */
#define EVIDENCE_HISTORY_SPAN (24 * 3600.0)
/* The versions of one round ran within this (seconds): a shared session. */
#define EVIDENCE_SESSION_SPAN (6 * 3600.0)
/* Round counts are very unequal when the largest exceeds this times the
 * smallest. */
#define EVIDENCE_UNEQUAL 1.5
/* In a history a claim needs at least this difference (asv's default
 * factor): time and version are confounded. */
#define EVIDENCE_HISTORY_FLOOR 0.10

/* A slow round of the machine (one sitting of paired rounds): every version
 * at least EVIDENCE_SLOW_ROUND times its own median round (slow is up: rates
 * turned over), and the versions' factors within EVIDENCE_SLOW_AGREE of each
 * other (the same factor: the machine, not one version's own slow state,
 * which the anomaly flag names). 1.25 is far beyond the jitter of rounds on
 * a steady machine (the published design's spreads are a few percent) and
 * well inside the 2x state of a machine that changes state; doc/method.md, "Slow
 * rounds of the machine". Needs EVIDENCE_SLOW_MIN_ROUNDS rounds. */
#define EVIDENCE_SLOW_ROUND 1.25
#define EVIDENCE_SLOW_AGREE 1.25
#define EVIDENCE_SLOW_MIN_ROUNDS 5

/* A series of at least this many versions is searched for steps. */
#define EVIDENCE_LONG_SERIES 5

/*
 * Fills the design, paired, span_days, interleaved (from timestamps), every
 * version's level and bimodal flag, and pairs[] (with both keys of a claim
 * and Holm across the comparison's pairs), steps[] and drift of every comparison; records
 * a warning fact (WARNING_BLOCKS) when the data ran in blocks. Called once by analysis_run after the
 * published statistics, before the verdicts; reads only the model. Never
 * fails (allocation failure aborts).
 */
void evidence_run(struct model *m);

/* Fills the model's platforms[] from the verdicts (after them). */
void evidence_platforms(struct model *m);

/* Up to this many versions every pair of a comparison is tested. Past it
 * the comparison is a series (nightlies, every release of a line): each
 * version is tested against its neighbours and the baseline, and the
 * extremes against each other, so the work grows with the versions, not
 * their square (doc/limits.md, "Many versions"). */
#define EVIDENCE_ALL_PAIRS 64

/* 1 when c tested every pair of its versions, 0 for a series. */
int evidence_all_pairs(const struct comparison *c);

/* The pair of versions a and b of c, in either order, or NULL when it was
 * not tested (a series) or a == b. Constant time for every pair, a binary
 * search in a series. */
const struct pair_stats *evidence_pair(const struct comparison *c, size_t a, size_t b);

#endif
