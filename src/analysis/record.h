/*
 * record.h - the verdict record: each pair's and each comparison's one
 * account of what decided it (model.h, struct verdict_record).
 */
#ifndef NF_RECORD_H
#define NF_RECORD_H

#include "model/model.h"

/* Fills every pair's record and each comparison's, after the verdicts are
 * decided (analysis.c), and counts each comparison's regressing pairs. */
void record_run(struct model *m);

/* The record's size read as the signed change of `from`'s value to `to`'s
 * (to / from - 1; -0.2 is 20 % less time), from its ratio and interval:
 * *lo and *hi get the interval's ends. from and to are the pair's two
 * versions, in either order. */
double record_change(const struct pair_stats *p, size_t from, double *lo, double *hi);

#endif
