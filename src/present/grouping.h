/*
 * grouping.h - the sentence every document gives on how exact releases were
 * compared: one by one, or grouped into their release lines (the facts are
 * analysis/lines.c's model.grouping), and the one sentence per platform for
 * the comparisons that have nothing to say. Lower case, no final period.
 */
#ifndef NF_GROUPING_H
#define NF_GROUPING_H

#include "model/model.h"

/* "the 45 exact releases measured are grouped into their 5 release lines
 * (18, 20, 22, 24 and 26) ...", or when the comparisons with several
 * releases of a line differ, "each comparison is decided on its own
 * rounds: 3 comparisons compare release lines (24), ... 4 comparisons with
 * several releases of a line compare the exact releases one by one ...";
 * malloc'd (caller frees), or NULL when there is nothing to say (no line
 * with more than one release measured, nothing grouped). */
char *grouping_note(const struct model *m);

/* Nothing to say, said once: one sentence per platform whose comparisons
 * have no verdict (one version, or too few rounds), with their count and a
 * few names: "on darwin-arm64, 12 workloads have nothing to compare
 * ("Production · select", ... and 9 more): only 18 was measured"; with one
 * platform no "on ...", and one workload by its name ("\"Sort\" has too few
 * rounds for a verdict: 24.11.1 ran fewer than the 3 rounds a verdict
 * needs"). Returns
 * a malloc'd array of *n malloc'd sentences (caller frees each and the
 * array; NULL when there are none). */
char **grouping_nothing_notes(const struct model *m, size_t *n);

#endif
