/*
 * render.c - the renderer table and the compact verdict table for the
 * terminal.
 */
#include "render.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Every output, in the order written. A new output is its render_<name>.c
 * and one line here: the line declares its entry point and adds it to the
 * table (--formats and --help read the names from the table). */
#define OUTPUTS(X)                      \
	X("json", render_json)          \
	X("md", render_markdown)        \
	X("charts", render_charts)      \
	X("pdf", render_pdf)            \
	X("xlsx", render_xlsx)          \
	X("csv", render_csv)

#define DECLARE(name, fn) \
	int fn(const struct model *m, const struct render_ctx *rc, struct outdir *od, \
	       struct nf_error *err);
OUTPUTS(DECLARE)
#define ENTRY(name, fn) { name, fn },
const struct renderer renderers[] = { OUTPUTS(ENTRY) };
const size_t nrenderers = sizeof renderers / sizeof renderers[0];

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

void render_terminal(const struct report *r, FILE *f)
{
	const struct model *m = r->m;
	const struct report_version *all = r->versions;
	size_t nall = r->nversions, wname = 8, *wcell = xcalloc(nall + 1, sizeof *wcell);
	struct buf b = BUF_INIT;
	int platforms = 0;

	platforms = report_several_platforms(m);
	/* column widths: workload (unit[, platform]), then one per version */
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		buf_reset(&b);
		shorten(&b, c->workload, 32);
		buf_printf(&b, " (%s%s%s)", c->unit, platforms ? ", " : "", platforms ? c->platform : "");
		if (width(b.s) > wname)
			wname = width(b.s);
		for (size_t k = 0; k < nall; k++) {
			const struct version_stats *v = report_cell(c, all[k].version);
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
		if (width(all[k].version) > wcell[k])
			wcell[k] = width(all[k].version);
	pad(f, "", wname, 0);
	for (size_t k = 0; k < nall; k++) {
		fputs("  ", f);
		pad(f, all[k].version, wcell[k], 1);
	}
	fputs("  verdict\n", f);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		buf_reset(&b);
		shorten(&b, c->workload, 32);
		buf_printf(&b, " (%s%s%s)", c->unit, platforms ? ", " : "", platforms ? c->platform : "");
		pad(f, b.s, wname, 0);
		for (size_t k = 0; k < nall; k++) {
			const struct version_stats *v = report_cell(c, all[k].version);
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
	for (size_t i = 0; i < r->nwarnings; i++)
		fprintf(f, "warning: %s\n", r->warnings[i]);
	if (m->recommendation)
		fprintf(f, "%s.\n", m->recommendation);
	buf_release(&b);
	free(wcell);
}
