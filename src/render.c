/*
 * render.c - the renderer table, the number formats every renderer shares
 * and the version order.
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
	{ "rounds", render_rounds },
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
