/*
 * compared.h - what a verdict table shows for each version: the value the
 * verdict compared (version_stats.level) and the band it used
 * (version_stats.band), and the words of a column header that say which
 * ("median of 144 rounds ± middle 80%"). Every renderer's verdict table
 * reads these, so the numbers beside a verdict are the ones it compared.
 */
#ifndef NF_PRESENT_COMPARED_H
#define NF_PRESENT_COMPARED_H

#include "model/model.h"

struct buf;

/* Appends what c compared, with its round counts and band, no final
 * period: "best of 7 rounds ± spread", "median of 14 to 144 rounds ±
 * middle 80%", "median of 16 rounds ± middle 50% (tested on per-round
 * ratios)". */
void compared_words(struct buf *b, const struct comparison *c);

/* Appends the header of the numbers of a table of the comparisons of m on
 * platform (interned; NULL: every platform) that have two versions or more
 * (one version is a sentence, not a row): the kind they share with the
 * fewest to most rounds of a version, or each kind once ("median of 18 to
 * 132 rounds ± middle 80%, or best of 3 rounds ± spread, as each row's
 * verdict compared"). Appends nothing without such comparisons. */
void compared_header(struct buf *b, const struct model *m, const char *platform);
/* The same over the comparisons idx[0..n) of m (every one when idx is
 * NULL and n is m->ncomparisons), for a caller that has a platform's
 * already: the header in n steps, not m->ncomparisons. */
void compared_header_in(struct buf *b, const struct model *m, const char *platform,
			const size_t *idx, size_t n);

/* Appends the band's name alone: "spread", "middle 50%", "middle 80%". */
void compared_band_words(struct buf *b, enum band_kind k);

#endif
