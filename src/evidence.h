/*
 * evidence.h - the evidence beside the within-noise verdict: rank tests per
 * pair of versions with Holm's correction across the report, the rank
 * test's intervals for ratios, the power floor, steps in long version series, run order and
 * drift, and findings across platforms.
 */
#ifndef NF_EVIDENCE_H
#define NF_EVIDENCE_H

#include "model.h"

/* A series of at least this many versions is searched for steps. */
#define EVIDENCE_LONG_SERIES 5

/*
 * Fills pairs[], steps[], drift and (from timestamps) interleaved of every
 * comparison, and the model's platforms[]; adds a warning when the data ran
 * in blocks. Called once by analysis_run after the verdicts; reads only the
 * model. Never fails (allocation failure aborts).
 */
void evidence_run(struct model *m);

/* The within-noise rule applied to two versions of comparison c: 1 when the
 * gap between their bests exceeds the comparison's noise (its largest
 * spread), as the documents mark a change "within noise" or not. */
int evidence_beyond_noise(const struct comparison *c, const struct version_stats *a,
			  const struct version_stats *b);

#endif
