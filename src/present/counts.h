/*
 * counts.h - counts with their nouns, worded once for every document and
 * the terminal: comparisons counted as what they are, over all of a model
 * or a part of it; where the recommended line stands, counted over the
 * comparisons; the comparisons without a verdict counted by why.
 */
#ifndef NF_PRESENT_COUNTS_H
#define NF_PRESENT_COUNTS_H

#include "model/model.h"

#include <stddef.h>

struct buf;

/* How many distinct workloads (*nw) and platforms (*np) the comparisons
 * m->comparisons[pick[0..n)] are (pick NULL: the first n). */
void counts_distinct(const struct model *m, const size_t *pick, size_t n, size_t *nw, size_t *np);

/* 1 when the comparisons of m are counted as workloads: each workload is
 * one comparison (one platform); 0 when a workload is compared on several
 * platforms and the unit is the comparison. */
int counts_by_workload(const struct model *m);

/* Appends the comparisons m->comparisons[pick[0..n)] counted as what they
 * are: "7 workloads" when each of their workloads is one of them, "24
 * comparisons (12 workloads on 2 platforms)" when a workload is among them
 * on several platforms. pick NULL: the first n comparisons. The number
 * first, so "4 of " reads before it and a verb after it agrees with it. */
void counts_compared(struct buf *b, const struct model *m, const size_t *pick, size_t n);

/* Appends where the recommended line stands, one sentence without its
 * final period, over the comparisons with a verdict that measured it:
 * first in wins by a confirmed difference, level with the best (no
 * confirmed difference) in ties, behind by a confirmed difference in
 * losses. Counts of zero are left out; "behind in none" is said (it is
 * the news) unless nothing was behind and nothing else either. The noun
 * is the comparison when m counts them so (counts_by_workload):
 * "v26 was the best in 1 workload by a confirmed difference and level with
 * the best in 2; it was behind in none". Appends nothing when all three
 * are zero. */
void counts_standing(struct buf *b, const struct model *m, const char *line, size_t wins,
		     size_t ties, size_t losses);

/* Appends the comparisons of m without a verdict, counted by why, each
 * part after sep when something is before it in b or in this call (a list
 * such as "8 comparisons within noise · 4 faster"): "12 with one version
 * only", "3 with too few rounds". Appends nothing when every comparison
 * has a verdict. */
void counts_no_verdict(struct buf *b, const struct model *m, const char *sep);

#endif
