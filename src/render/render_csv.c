/*
 * render_csv.c - verdicts.csv: the verdict table, one row per comparison
 * (workload, platform, unit, what the verdict compared, each version's
 * value the verdict compared and the band it used, the verdict), versions in the presentation model's order. RFC 4180: CRLF line
 * ends, fields quoted when they hold a comma, quote or line break; numbers
 * in full precision; an empty field where a version was not measured.
 */
#include "render/render.h"

#include <string.h>

void render_csv_field(struct buf *b, const char *s)
{
	if (!s)
		s = "";
	int quote = strpbrk(s, ",\"\r\n") != NULL;
	if (quote)
		buf_putc(b, '"');
	if (strchr("=+-@\t\r", s[0]) && s[0])
		buf_putc(b, '\'');
	for (; *s; s++) {
		if (*s == '"')
			buf_putc(b, '"');
		buf_putc(b, *s);
	}
	if (quote)
		buf_putc(b, '"');
}

int render_csv(const struct model *m, const struct render_ctx *rc, struct outdir *od,
	       struct nf_error *err)
{
	const struct report *r = rc->report;
	struct buf b = BUF_INIT;
	int status;

	buf_puts(&b, "workload,platform,unit,compared");
	for (size_t k = 0; k < r->nversions; k++) {
		buf_putc(&b, ',');
		render_csv_field(&b, r->versions[k].version);
		buf_puts(&b, " value,");
		render_csv_field(&b, r->versions[k].version);
		buf_puts(&b, " band");
	}
	buf_puts(&b, ",verdict\r\n");
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		render_csv_field(&b, c->workload);
		buf_putc(&b, ',');
		render_csv_field(&b, model_platform_named(c->platform) ? c->platform : "");
		buf_putc(&b, ',');
		render_csv_field(&b, c->unit);
		buf_putc(&b, ',');
		render_csv_field(&b, r->comparisons[i].compared_text);
		for (size_t k = 0; k < r->nversions; k++) {
			const struct version_stats *v = report_cell(c, r->versions[k].version);
			buf_putc(&b, ',');
			if (v)
				fmt_json_number(&b, v->level);
			buf_putc(&b, ',');
			if (v)
				fmt_json_number(&b, v->band);
		}
		buf_putc(&b, ',');
		render_csv_field(&b, r->comparisons[i].text);
		buf_puts(&b, "\r\n");
	}
	status = outdir_write(od, "verdicts.csv", b.s, b.len, err);
	buf_release(&b);
	return status;
}
