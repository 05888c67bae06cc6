/*
 * render_charts.c - the "charts" renderer: one SVG per chart in out/charts,
 * each with a PNG preview beside it (for places that take no SVG, such as
 * issue trackers).
 *
 *   overview.svg        every workload's change against the baseline
 *   <workload>.svg      per comparison: every round per version (strip plot)
 *   <workload>-series.svg  a long version series, when there is one
 *   <workload>-time.svg    a history (rounds dated over several days):
 *                          every round against its date (chart_time.c)
 *
 * Which files, under which names, is the presentation model's chart plan
 * (report.h), which the Markdown links and the PDF draws from too.
 */
#include "render/chart/chart.h"
#include "render/render.h"

#include <stdlib.h>

/* Blog width: browsers show the SVG at 1:1 in px. */
static const struct chart_style web = { 800, 13, 1 };
/* PNG previews have two device pixels per px, sharp on high-density screens. */
#define PNG_SCALE 2.0

/* Writes a laid-out scene as name.svg and name.png under charts/. */
static int write_scene(const struct chart_scene *scp, const struct chart_fonts *f,
		       struct outdir *od, const char *name, struct nf_error *err)
{
	const struct chart_scene sc = *scp;
	struct buf b = BUF_INIT;
	char *path;
	int rc;

	rc = chart_svg(&sc, f, &b, err);
	if (rc == NF_OK) {
		path = xasprintf("charts/%s.svg", name);
		rc = outdir_write(od, path, b.s, b.len, err);
		free(path);
	}
	if (rc == NF_OK) {
		buf_reset(&b);
		rc = chart_png(&sc, f, PNG_SCALE, &b, err);
	}
	if (rc == NF_OK) {
		path = xasprintf("charts/%s.png", name);
		rc = outdir_write(od, path, b.s, b.len, err);
		free(path);
	}
	buf_release(&b);
	return rc;
}

int render_charts(const struct model *m, const struct render_ctx *rc,
		  struct outdir *od, struct nf_error *err)
{
	const struct report *r = rc->report;
	struct chart_fonts *f;
	int status;

	if ((status = chart_fonts_open(&f, rc->font_path, rc->font_bold_path, err)) != NF_OK)
		return status;
	for (size_t i = 0; status == NF_OK && i < r->ncharts; i++) {
		struct chart_scene sc;
		chart_planned_scene(m, &r->charts[i], &web, f, &sc);
		status = write_scene(&sc, f, od, r->charts[i].stem, err);
		chart_scene_release(&sc);
	}
	chart_fonts_free(f);
	return status;
}
