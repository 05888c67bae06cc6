/*
 * analysis.h - the published method: round values, best, spread, verdicts,
 * changes against the baseline, support status and the recommendation.
 */
#ifndef NF_ANALYSIS_H
#define NF_ANALYSIS_H

#include "lib/error.h"
#include "model/model.h"

/* Fills the computed half of the model from its results, its schedule and
 * its options (as_of, baseline, min_rounds), the impact estimate last
 * (impact_run). Fails with NF_USAGE when the requested baseline is in no
 * comparison: then m->baseline_missing is set and err's message holds only
 * the baseline, for the command layer to word; with NF_DATAERR when the
 * impact options cannot be met (m->impact_in.refused says why). */
int analysis_run(struct model *m, struct nf_error *err);

#endif
