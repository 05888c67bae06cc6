/*
 * render_rounds.c - rounds.csv: one row per round, the raw data a document
 * leaves out once it is too long to show it (issue.md tells the reader to
 * attach this file; report.pdf and the workbook point to it).
 *
 * Columns: date (UTC day of the round's timestamp, empty without one),
 * release (the version as given), line ("v24", empty when the version is no
 * release line), v8, platform, workload, unit, round, value (the round value,
 * the median of its passes), passes (every pass, separated by spaces).
 * RFC 4180: CRLF line ends, quoting where needed; a text field that a spreadsheet would read as a formula
 * (starting with = + - @, tab or carriage return) gets a leading apostrophe,
 * so opening the file never runs anything from the input. Numbers are
 * written in the shortest form that reads back to the same double.
 */
#include "render.h"
#include "util.h"

#include <string.h>

void render_rounds_csv(const struct model *m, struct buf *out)
{
	struct buf b = *out;

	buf_puts(&b, "date,release,line,v8,platform,workload,unit,round,value,passes\r\n");
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		for (size_t k = 0; k < c->nversions; k++) {
			const struct version_stats *v = &c->versions[k];
			for (size_t r = 0; r < v->nrounds; r++) {
				const struct result *res = &v->rounds[r];
				if (result_timestamp(res) && strlen(result_timestamp(res)) >= 10)
					buf_put(&b, result_timestamp(res), 10);
				buf_putc(&b, ',');
				render_csv_field(&b, v->version);
				buf_putc(&b, ',');
				render_csv_field(&b, v->line);
				buf_putc(&b, ',');
				render_csv_field(&b, v->v8 ? v->v8 : res->series->v8);
				buf_putc(&b, ',');
				render_csv_field(&b, c->platform);
				buf_putc(&b, ',');
				render_csv_field(&b, c->workload);
				buf_putc(&b, ',');
				render_csv_field(&b, c->unit);
				buf_printf(&b, ",%d,", res->round);
				fmt_json_number(&b, v->values[r]);
				buf_putc(&b, ',');
				for (size_t p = 0; p < result_npasses(res); p++) {
					if (p)
						buf_putc(&b, ' ');
					fmt_json_number(&b, result_passes(res)[p]);
				}
				buf_puts(&b, "\r\n");
			}
		}
	}
	*out = b;
}

int render_rounds(const struct model *m, const struct render_ctx *rc, struct outdir *od,
		  struct nf_error *err)
{
	struct buf b = BUF_INIT;
	int status;
	(void)rc;
	render_rounds_csv(m, &b);
	status = outdir_write(od, "rounds.csv", b.s, b.len, err);
	buf_release(&b);
	return status;
}
