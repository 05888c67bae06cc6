/*
 * fmt.c - the number formats of every output (see fmt.h).
 */
#include "fmt.h"

#include <math.h>

void fmt_value(struct buf *b, double v)
{
	double a = fabs(v);
	if (a >= 1000)
		fmt_grouped(b, v, 0);
	else if (a >= 100)
		fmt_fixed(b, v, 1);
	else if (a >= 1)
		fmt_fixed(b, v, 2);
	else
		fmt_sig(b, v, 3);
}

void fmt_value_signed(struct buf *b, double v)
{
	buf_puts(b, v > 0 ? "+" : v < 0 ? "\xE2\x88\x92" : "");
	fmt_value(b, fabs(v));
}

void fmt_percent_signed(struct buf *b, double r)
{
	double pct = r * 100;
	if (fabs(pct) < 0.05) {
		buf_puts(b, "0%");
		return;
	}
	/* U+2212 minus sign reads better than a hyphen in tables */
	buf_puts(b, pct > 0 ? "+" : "\xE2\x88\x92");
	fmt_fixed(b, fabs(pct), fabs(pct) < 10 ? 1 : 0);
	buf_putc(b, '%');
}

void fmt_spread(struct buf *b, double spread)
{
	double pct = spread * 100;
	buf_puts(b, "\xC2\xB1");
	if (!(spread == spread)) {
		/* one round: the spread is unknown, not zero */
		buf_putc(b, '?');
		return;
	}
	fmt_fixed(b, pct, pct < 10 ? 1 : 0);
	buf_putc(b, '%');
}

void fmt_percent(struct buf *b, double gap)
{
	fmt_fixed(b, gap * 100, gap * 100 < 10 ? 1 : 0);
	buf_putc(b, '%');
}
