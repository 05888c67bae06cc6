/*
 * releases.h - releases inside a line: when a comparison holds several
 * exact releases of one release line (24.11.1, 24.12.0, 24.13.0), each
 * consecutive pair is tested for a move of the round values, so a change
 * can be placed between two releases with their dates and V8 versions;
 * when lines are compared (lines.h), the releases inside each line.
 */
#ifndef NF_RELEASES_H
#define NF_RELEASES_H

#include "model/model.h"

/* The smallest move of the medians between two releases called a step. */
#define RELEASES_MIN_CHANGE 0.05

/* Fills release_steps of every comparison (rank test per consecutive pair
 * of releases of one line, Holm across the pairs of each comparison) and,
 * in comparisons of lines, nworse_steps. Called once by
 * analysis_run; never fails. */
void releases_run(struct model *m);

/* 1 when s is a step (significant after Holm, RELEASES_MIN_CHANGE or
 * more) to the worse by c's metric: the later release slower, or lower
 * where higher is better. */
int releases_worse(const struct comparison *c, const struct release_step *s);

/* 1 when a version is an exact release: three or more numeric parts
 * ("24.11.1", "v24.11.1", "24.11.1-pre"); 0 for "24", "v24" or names. */
int releases_exact(const char *v);

#endif
