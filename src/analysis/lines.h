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

/* Decides m->grouping (--by in m->grouping.by: the default groups when
 * grouping gives more comparisons enough versions and rounds for a verdict
 * than the releases alone) and, when grouping, makes each grouped series'
 * version its line (the release kept in series.release) and numbers the
 * rounds of each line in time order. Versions that are no exact release of
 * a known line ("main", "24", variants) are never grouped. Called by
 * analysis_run after the support windows and before the comparisons are
 * built; never fails. */
void lines_group(struct model *m);

#endif
