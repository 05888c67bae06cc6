/*
 * fmt.h - every number noisefloor writes, in one place: the plain fixed,
 * grouped and significant-digit writers, JSON's shortest round-trip form,
 * and on them one way to write a value, a change, a spread or a gap in
 * every output. Each appends to a buf.
 */
#ifndef NF_FMT_H
#define NF_FMT_H

#include "lib/util.h"

/*
 * Number formatting that never depends on the locale (we never call
 * setlocale(LC_ALL, ""), but libraries or embedders might): '.' is always the
 * decimal point and there is no grouping. These append to `b`.
 *   fmt_fixed(b, 3.14159, 2)   -> "3.14"
 *   fmt_grouped(b, 18383.2, 0) -> "18,383" (thousands separated by ',')
 *   fmt_sig(b, 0.000123456, 4) -> "0.0001235" (shortest of %.Ng, no exponent
 *                                  for ordinary magnitudes)
 */
void fmt_fixed(struct buf *b, double v, int decimals);
void fmt_grouped(struct buf *b, double v, int decimals);
void fmt_sig(struct buf *b, double v, int digits);
/* A p value or a level it is held to, two significant digits: "0.0023",
 * "0.8", "1", and below 0.001 in scientific notation, "3.2e-05" (not
 * "0.000032", nor a floor as "0.000000000015"). */
void fmt_p(struct buf *b, double p);
/* Shortest decimal that reads back as exactly v ("%.17g" trimmed), for JSON. */
void fmt_json_number(struct buf *b, double v);

/* Round half away from zero to an integer (for "faster by 25%"). */
long round_half_away(double v);

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
