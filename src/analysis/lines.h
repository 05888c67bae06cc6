/*
 * lines.h - release lines as the unit: when the versions are exact releases
 * of the schedule's product and too few rounds of each release allow a
 * verdict, the releases of each line are compared together, as their line
 * (all rounds of 20.19.5, 20.19.6 and 20.20.0 as "20"). The steps between
 * releases inside a line stay (releases.c reads the releases back from the
 * rounds).
 */
#ifndef NF_LINES_H
#define NF_LINES_H

#include "model/model.h"

/* Decides, for each comparison (workload, platform) on its own rounds,
 * whether its releases are compared as their lines (--by in
 * m->grouping.by: the default groups a comparison when some line of it
 * holds several releases and only its lines, not its releases one by one,
 * have the versions and rounds a verdict needs; --by line groups every
 * comparison with a release of a known line, --by release none), counts
 * the decisions in m->grouping, makes each grouped series' version its
 * line (the release kept in series.release) and numbers the rounds of
 * each line in time order. Versions that are no exact release of
 * a known line ("main", "24", variants) are never grouped. Called by
 * analysis_run after the support windows and before the comparisons are
 * built; never fails. */
void lines_group(struct model *m);

#endif
