/*
 * fmt.h - number formats shared by the presentation model, the renderers
 * and the charts: one way to write a value, a change, a spread or a gap in
 * every output. Each appends to a buf. (The plain fixed, grouped and
 * significant-digit writers are in util.h.)
 */
#ifndef NF_FMT_H
#define NF_FMT_H

#include "util.h"

/* A measured value with its unit's usual precision: grouped above 1000,
 * then 1, 2 decimals, then 3 significant digits. */
void fmt_value(struct buf *b, double v);
/* The same, signed ("+0.64", "−1.15"), for a shift between versions. */
void fmt_value_signed(struct buf *b, double v);
/* A signed percentage of a ratio minus one ("+8.9%", "−12%", "0%"). */
void fmt_percent_signed(struct buf *b, double ratio_minus_one);
/* A spread as "±x%" (one decimal below 10%). */
void fmt_spread(struct buf *b, double spread);
/* An unsigned gap as "x%" (one decimal below 10%), as verdicts state it. */
void fmt_percent(struct buf *b, double gap);

#endif
