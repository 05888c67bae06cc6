/*
 * render.c - the renderer table, the number formats every renderer shares,
 * and the compact verdict table for the terminal.
 */
#include "render.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
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
	if (!(spread == spread)) {
		/* one round: the spread is unknown, not zero */
		buf_putc(b, '?');
		return;
	}
	fmt_fixed(b, pct, pct < 10 ? 1 : 0);
	buf_putc(b, '%');
}

/* All versions of the report in version order (first comparison with the
 * most versions sets the order; others are appended as met). */
size_t render_versions(const struct model *m, const struct version_stats ***out)
{
	const struct version_stats **v = NULL;
	size_t n = 0, alloc = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		for (size_t k = 0; k < c->nversions; k++) {
			size_t j, at = n;
			for (j = 0; j < n && v[j]->version != c->versions[k].version; j++)
				;
			if (j < n) {
				if (!v[j]->v8 && c->versions[k].v8)
					v[j] = &c->versions[k];
				continue;
			}
			/* keep version order: insert after the previous version of c */
			if (k > 0)
				for (j = 0; j < n; j++)
					if (v[j]->version == c->versions[k - 1].version)
						at = j + 1;
			ALLOC_GROW(v, n + 1, alloc);
			memmove(v + at + 1, v + at, (n - at) * sizeof *v);
			v[at] = &c->versions[k];
			n++;
		}
	}
	*out = v;
	return n;
}

static const struct version_stats *find_version(const struct comparison *c, const char *version)
{
	for (size_t k = 0; k < c->nversions; k++)
		if (c->versions[k].version == version)
			return &c->versions[k];
	return NULL;
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
	const struct version_stats **all;
	size_t nall = render_versions(m, &all), wname = 8, *wcell = xcalloc(nall + 1, sizeof *wcell);
	struct buf b = BUF_INIT;
	int platforms = 0;

	for (size_t i = 1; i < m->ncomparisons; i++)
		platforms |= m->comparisons[i].platform != m->comparisons[0].platform;
	/* column widths: workload (unit[, platform]), then one per version */
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		buf_reset(&b);
		shorten(&b, c->workload, 32);
		buf_printf(&b, " (%s%s%s)", c->unit, platforms ? ", " : "", platforms ? c->platform : "");
		if (width(b.s) > wname)
			wname = width(b.s);
		for (size_t k = 0; k < nall; k++) {
			const struct version_stats *v = find_version(c, all[k]->version);
			buf_reset(&b);
			if (v) {
				fmt_value(&b, v->best);
				buf_putc(&b, ' ');
				fmt_spread(&b, v->spread);
			}
			if (width(b.s) > wcell[k])
				wcell[k] = width(b.s);
		}
	}
	for (size_t k = 0; k < nall; k++)
		if (width(all[k]->version) > wcell[k])
			wcell[k] = width(all[k]->version);
	pad(f, "", wname, 0);
	for (size_t k = 0; k < nall; k++) {
		fputs("  ", f);
		pad(f, all[k]->version, wcell[k], 1);
	}
	fputs("  verdict\n", f);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		buf_reset(&b);
		shorten(&b, c->workload, 32);
		buf_printf(&b, " (%s%s%s)", c->unit, platforms ? ", " : "", platforms ? c->platform : "");
		pad(f, b.s, wname, 0);
		for (size_t k = 0; k < nall; k++) {
			const struct version_stats *v = find_version(c, all[k]->version);
			buf_reset(&b);
			if (v) {
				fmt_value(&b, v->best);
				buf_putc(&b, ' ');
				fmt_spread(&b, v->spread);
			} else {
				buf_puts(&b, "-");
			}
			fputs("  ", f);
			pad(f, b.s, wcell[k], 1);
		}
		fprintf(f, "  %s\n", c->text);
	}
	for (size_t i = 0; i < m->nwarnings; i++)
		fprintf(f, "warning: %s\n", m->warnings[i]);
	if (m->recommendation)
		fprintf(f, "%s.\n", m->recommendation);
	buf_release(&b);
	free(wcell);
	free(all);
}
