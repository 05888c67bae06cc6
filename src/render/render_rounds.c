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
#include "lib/iso8601.h"
#include "lib/fmt.h"
#include "lib/util.h"
#include "render/render.h"

#include <string.h>

/* rounds.csv goes to its sink in pieces of about this many bytes. */
#define ROUNDS_PIECE 65536

void render_rounds_csv_each(const struct model *m, rounds_sink sink, void *ud)
{
	struct buf b = BUF_INIT, mid = BUF_INIT, tail = BUF_INIT;
	char num[24];

	buf_grow(&b, ROUNDS_PIECE + 4096);
	buf_puts(&b, "date,release,line,v8,platform,workload,unit,round,value,passes\r\n");
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		for (size_t k = 0; k < c->nversions; k++) {
			const struct version_stats *v = &c->versions[k];
			size_t after_release;
			/* the fields every round of a version shares, made once:
			 * ",release,line," before the V8 (which a round may carry
			 * itself) and ",platform,workload,unit," after it */
			buf_reset(&mid);
			buf_putc(&mid, ',');
			render_csv_field(&mid, v->version);
			after_release = mid.len;
			buf_putc(&mid, ',');
			render_csv_field(&mid, v->line);
			buf_putc(&mid, ',');
			if (v->v8)
				render_csv_field(&mid, v->v8);
			buf_reset(&tail);
			buf_putc(&tail, ',');
			render_csv_field(&tail, model_platform_named(c->platform) ? c->platform : "");
			buf_putc(&tail, ',');
			render_csv_field(&tail, c->workload);
			buf_putc(&tail, ',');
			render_csv_field(&tail, c->unit);
			buf_putc(&tail, ',');
			for (size_t r = 0; r < v->nrounds; r++) {
				const struct result *res = &v->rounds[r];
				char day[11];
				if (iso8601_utc_day(result_timestamp(res), day))
					buf_put(&b, day, 10);
				if (res->series->release) {
					/* a line compared as one version: each
					 * round's own release */
					buf_putc(&b, ',');
					render_csv_field(&b, res->series->release);
					buf_put(&b, mid.s + after_release, mid.len - after_release);
				} else {
					buf_put(&b, mid.s, mid.len);
				}
				if (!v->v8)
					render_csv_field(&b, res->series->v8);
				buf_put(&b, tail.s, tail.len);
				snprintf(num, sizeof num, "%d,", res->round);
				buf_puts(&b, num);
				fmt_json_number(&b, v->values[r]);
				buf_putc(&b, ',');
				for (size_t p = 0; p < result_npasses(res); p++) {
					if (p)
						buf_putc(&b, ' ');
					fmt_json_number(&b, result_passes(res)[p]);
				}
				buf_put(&b, "\r\n", 2);
				if (b.len >= ROUNDS_PIECE) {
					sink(b.s, b.len, ud);
					buf_reset(&b);
				}
			}
		}
	}
	if (b.len)
		sink(b.s, b.len, ud);
	buf_release(&b);
	buf_release(&mid);
	buf_release(&tail);
}

static void to_file(const void *data, size_t n, void *ud)
{
	fwrite(data, 1, n, ud);
}

int render_rounds(const struct model *m, const struct render_ctx *rc, struct outdir *od,
		  struct nf_error *err)
{
	/* written as it is made: a million rounds are 64 MB */
	FILE *f = outdir_fopen(od, "rounds.csv", err);
	(void)rc;
	if (!f)
		return err->status ? err->status : NF_CANTCREAT;
	render_rounds_csv_each(m, to_file, f);
	return outdir_fclose(od, "rounds.csv", f, err);
}
