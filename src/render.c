/*
 * render.c - the renderer table, the number formats every renderer shares,
 * and the compact verdict table for the terminal.
 */
#include "render.h"
#include "util.h"

#include <math.h>
#include <string.h>

/* Every output, in the order written. A new output is one line here. */
const struct renderer renderers[] = {
	{ "json", render_json },
	{ "md", render_markdown },
	{ "charts", render_charts },
	{ "pdf", render_pdf },
	{ "xlsx", render_xlsx },
};
const size_t nrenderers = sizeof renderers / sizeof renderers[0];

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
	fmt_fixed(b, pct, pct < 10 ? 1 : 0);
	buf_putc(b, '%');
}

/* Display width of a UTF-8 string (one column per code point). */
static size_t width(const char *s)
{
	return utf8_length(s);
}

static void pad(FILE *f, const char *s, size_t w, int right)
{
	size_t n = width(s);
	if (right)
		for (size_t i = n; i < w; i++)
			fputc(' ', f);
	fputs(s, f);
	if (!right)
		for (size_t i = n; i < w; i++)
			fputc(' ', f);
}

/* Cuts a name to at most `max` code points, ending in an ellipsis. */
static void shorten(struct buf *out, const char *s, size_t max)
{
	size_t n = 0;
	if (width(s) <= max) {
		buf_puts(out, s);
		return;
	}
	for (; *s && n < max - 1; n++) {
		const char *p = s + 1;
		while (((unsigned char)*p & 0xC0) == 0x80)
			p++;
		buf_put(out, s, (size_t)(p - s));
		s = p;
	}
	buf_puts(out, "\xE2\x80\xA6");
}

void render_terminal(const struct model *m, FILE *f)
{
	size_t wname = 8, wcell = 0;
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		size_t n = width(c->workload) + (m->ncomparisons > 1 ? width(c->platform) + 3 : 0);
		if (n > wname)
			wname = n;
		for (size_t k = 0; k < c->nversions; k++) {
			buf_reset(&b);
			buf_printf(&b, "%s ", c->versions[k].version);
			fmt_value(&b, c->versions[k].best);
			buf_putc(&b, ' ');
			fmt_spread(&b, c->versions[k].spread);
			if (width(b.s) > wcell)
				wcell = width(b.s);
		}
	}
	if (wname > 40)
		wname = 40;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		buf_reset(&b);
		shorten(&b, c->workload, 40);
		pad(f, b.s, wname, 0);
		fputs("  ", f);
		for (size_t k = 0; k < c->nversions; k++) {
			buf_reset(&b);
			buf_printf(&b, "%s ", c->versions[k].version);
			fmt_value(&b, c->versions[k].best);
			buf_putc(&b, ' ');
			fmt_spread(&b, c->versions[k].spread);
			pad(f, b.s, wcell, 0);
			fputs("  ", f);
		}
		fprintf(f, "%s (%s)\n", c->text, c->unit);
	}
	for (size_t i = 0; i < m->nwarnings; i++)
		fprintf(f, "warning: %s\n", m->warnings[i]);
	if (m->recommendation)
		fprintf(f, "%s\n", m->recommendation);
	buf_release(&b);
}
