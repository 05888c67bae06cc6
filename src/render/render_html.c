/*
 * render_html.c - report.html: one self-contained page to share. It lays
 * out the documents' context (present/doc_context.c: the presentation
 * model's sentences and tables) through templates/report.html.mustache,
 * with every {{name}} HTML-escaped, and adds what only a page has: an id for
 * each comparison (present/anchors.c, which ci-summary.md links to) and the
 * charts inline as SVG, the same scenes as charts/ (chart_svg), their
 * element ids made unique per chart. Nothing is fetched: no script, font,
 * image or style from anywhere (a Content-Security-Policy in the template
 * says so to the browser). What only the page lays out its own way: the
 * claims checked as a table with each verdict a word (claims_page), the
 * upgrade view one table per platform (upgrade_page).
 *
 * Bounded like the PDF: the charts stop at HTML_MAX_CHART_BYTES of SVG
 * (the rest are in charts/), the pairs tables past HTML_MAX_PAIRS rows keep
 * the pairs that say something, the rounds are in rounds.csv.
 */
#include "lib/mustache.h"
#include "lib/util.h"
#include "present/anchors.h"
#include "present/claim_words.h"
#include "present/doc_context.h"
#include "render/chart/chart.h"
#include "render/render.h"

#include <stdlib.h>
#include <string.h>

/* Bytes of inline SVG one page holds; charts past it are left to charts/. */
#define HTML_MAX_CHART_BYTES ((size_t)2 << 20)

/* Rows of the pairs tables one page holds: past it, only the pairs that
 * are significant or borderline (every pair is in analysis.json and the
 * workbook). */
#define HTML_MAX_PAIRS 5000

/* The blog's width, as the charts renderer draws them. */
static const struct chart_style web = { 800, 13, 1 };

/* HTML escaping for text from the input: & < > " ' as references, control
 * characters (but tab and line breaks) as spaces. Text stays text: no tag,
 * attribute or link can come from the data. */
static void escape_html(struct buf *out, const char *s, size_t n, void *ud)
{
	(void)ud;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		switch (c) {
		case '&': buf_puts(out, "&amp;"); break;
		case '<': buf_puts(out, "&lt;"); break;
		case '>': buf_puts(out, "&gt;"); break;
		case '"': buf_puts(out, "&quot;"); break;
		case '\'': buf_puts(out, "&#39;"); break;
		case '\n': case '\t': buf_putc(out, (char)c); break;
		default:
			buf_putc(out, c < 0x20 || c == 0x7f ? ' ' : (char)c);
		}
	}
}

/* What the page adds to each comparison of the context. */
struct page {
	const struct model *m;
	char **anchors;      /* one per comparison */
	char **svg[REPORT_CHART_KINDS]; /* inline SVG of each kind of chart per
	                                   comparison (the overview at 0), or NULL */
	size_t n;
	const struct render_ctx *rc;
	size_t left_out;      /* charts left to charts/ */
};

/* Appends chart svg (a whole SVG document) to out as an inline <svg>
 * element: without the XML declaration, its ids prefixed "c<k>-" so the
 * charts of one page do not share glyph ids. */
static void inline_svg(struct buf *out, const char *svg, size_t len, size_t k)
{
	const char *p = svg, *end = svg + len;
	char prefix[32];
	snprintf(prefix, sizeof prefix, "c%zu-", k);
	if (strncmp(p, "<?xml", 5) == 0) {
		const char *q = strstr(p, "?>");
		p = q ? q + 2 : p;
		while (p < end && (*p == '\n' || *p == '\r'))
			p++;
	}
	while (p < end) {
		const char *a = strstr(p, "id=\""), *b = strstr(p, "href=\"#"), *next;
		size_t skip;
		if (!a && !b) {
			buf_put(out, p, (size_t)(end - p));
			break;
		}
		if (a && (!b || a < b)) {
			next = a;
			skip = 4;
		} else {
			next = b;
			skip = 7;
		}
		buf_put(out, p, (size_t)(next - p) + skip);
		buf_puts(out, prefix);
		p = next + skip;
	}
}

static void each_comparison(struct mctx *o, size_t ci, void *ud)
{
	const struct page *pg = ud;
	mctx_set_str(o, "anchor", pg->anchors[ci]);
	mctx_set_str(o, "strip_svg", pg->svg[REPORT_CHART_STRIP][ci]);
	mctx_set_str(o, "series_svg", pg->svg[REPORT_CHART_SERIES][ci]);
	mctx_set_str(o, "time_svg", pg->svg[REPORT_CHART_TIME][ci]);
	/* a pairs table only with rows (the long report keeps claimed pairs) */
	mctx_set_bool(o, "has_pairs", mctx_list_len(mctx_get(o, "pairs")) > 0);
	{
		const struct comparison *c = &pg->m->comparisons[ci];
		int any = 0;
		for (size_t k = 0; k < c->nrelease_steps && !any; k++)
			any = c->release_steps[k].step;
		mctx_set_bool(o, "has_release_steps", any);
	}
}

/* "claim_rows": each claim checked on each comparison it matched, with its
 * verdict as a word (the badge) and the sentence of present/claim_words.c, the
 * workload linked to its section. */
static void claims_page(const struct report *r, char **anchors, struct mctx *ctx)
{
	const struct model *m = r->m;
	struct mctx *list = mctx_list();
	for (size_t i = 0; i < m->nclaim_checks; i++) {
		const struct claim_check *k = &m->claim_checks[i];
		const struct comparison *c = &m->comparisons[k->comparison];
		struct mctx *o = mctx_object();
		char *text = xstrdup(r->claims.texts[i]);
		render_capital(text);
		mctx_set_str(o, "claim", m->claims[k->claim].text);
		mctx_set_str(o, "workload", c->workload);
		mctx_set_str(o, "platform", c->platform);
		mctx_set_str(o, "anchor", anchors[k->comparison]);
		mctx_set_str(o, "verdict", claim_words_verdict_name(k->verdict));
		mctx_set_str(o, "verdict_words", claim_words_verdict(k->verdict));
		mctx_set_bool(o, "not_reproduced", k->verdict == CLAIM_NOT_REPRODUCED);
		mctx_set_str(o, "text", text);
		free(text);
		mctx_push(list, o);
	}
	mctx_set(ctx, "claim_rows", list);
	mctx_set_bool(ctx, "claims_platforms", report_several_platforms(m));
}

/* The badge class of an upgrade row: the verdicts' colours, the text says
 * it in words. */
static const char *upgrade_class(enum upgrade_change c)
{
	switch (c) {
	case UPGRADE_BETTER:
		return "faster";
	case UPGRADE_WORSE:
		return "faster v-regression";
	case UPGRADE_NONE:
		return "within-noise";
	case UPGRADE_NOT_TESTED:
	case UPGRADE_UNMEASURED:
	case UPGRADE_NO_VERDICT:
		break;
	}
	return "insufficient";
}

/* "upgrade_page": the upgrade view when --from was given (as blog.md and
 * the PDF show it), every row, one table per platform in the order the
 * comparisons meet them; false otherwise. */
static void upgrade_page(const struct report *r, char **anchors, struct mctx *ctx)
{
	const struct model *m = r->m;
	const struct report_upgrade *u = &r->upgrade;
	const char **plat;
	size_t np = 0;
	struct mctx *o, *tables;
	if (!u->shown || !u->given) {
		mctx_set_bool(ctx, "upgrade_page", 0);
		return;
	}
	plat = xcalloc(m->ncomparisons + 1, sizeof *plat);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		size_t k;
		for (k = 0; k < np && plat[k] != m->comparisons[i].platform; k++)
			;
		if (k == np)
			plat[np++] = m->comparisons[i].platform;
	}
	o = mctx_object();
	tables = mctx_list();
	mctx_set_str(o, "title", u->title);
	mctx_set_str(o, "ends", u->ends);
	doc_set_capital(o, "summary_cap", u->summary);
	for (size_t p = 0; p < np; p++) {
		struct mctx *t, *rows = mctx_list();
		for (size_t i = 0; i < u->nrows; i++) {
			const struct report_upgrade_row *ur = &u->rows[i];
			struct mctx *row;
			if (ur->platform != plat[p])
				continue;
			row = mctx_object();
			mctx_set_str(row, "workload", ur->workload);
			mctx_set_str(row, "unit", ur->unit);
			mctx_set_str(row, "anchor", anchors[ur->comparison]);
			mctx_set_str(row, "from", ur->from ? ur->from : "\xE2\x80\x94");
			mctx_set_str(row, "to", ur->to ? ur->to : "\xE2\x80\x94");
			mctx_set_str(row, "class", upgrade_class(ur->change));
			mctx_set_str(row, "text", ur->text);
			mctx_push(rows, row);
		}
		if (!mctx_list_len(rows)) {
			mctx_free(rows);
			continue;
		}
		t = mctx_object();
		mctx_set_str(t, "platform", plat[p]);
		mctx_set_bool(t, "several", np > 1);
		mctx_set(t, "rows", rows);
		mctx_push(tables, t);
	}
	mctx_set(o, "tables", tables);
	mctx_set(ctx, "upgrade_page", o);
	free(plat);
}

/* Draws the chart plan as inline SVG into pg until the budget is spent.
 * Returns the status; *left_out counts the charts past the budget. */
static int draw_charts(const struct model *m, const struct render_ctx *rc, struct page *pg,
		       size_t *left_out, struct nf_error *err)
{
	const struct report *r = rc->report;
	struct chart_fonts *f;
	size_t used = 0;
	int status;

	*left_out = 0;
	if ((status = chart_fonts_open(&f, rc->font_path, rc->font_bold_path, err)) != NF_OK)
		return status;
	for (size_t i = 0; status == NF_OK && i < r->ncharts; i++) {
		const struct report_chart *ch = &r->charts[i];
		struct chart_scene sc;
		struct buf svg = BUF_INIT, el = BUF_INIT;
		/* where the page shows it: its kind's place, per comparison */
		char **slot = &pg->svg[ch->kind][ch->comparison];
		if (used >= HTML_MAX_CHART_BYTES) {
			++*left_out;
			continue;
		}
		chart_planned_scene(m, ch, &web, f, &sc);
		status = chart_svg(&sc, f, &svg, err);
		chart_scene_release(&sc);
		if (status == NF_OK && used + svg.len > HTML_MAX_CHART_BYTES && used > 0) {
			/* the budget is spent: this chart and the rest stay in charts/ */
			used = HTML_MAX_CHART_BYTES;
			++*left_out;
		} else if (status == NF_OK) {
			inline_svg(&el, svg.s, svg.len, i);
			used += el.len;
			*slot = buf_detach(&el, NULL);
		}
		buf_release(&el);
		buf_release(&svg);
	}
	chart_fonts_free(f);
	return status;
}

/* What only the page adds to the documents' context. */
static void page_extra(struct mctx *ctx, void *ud)
{
	const struct page *pg = ud;
	const struct report *r = pg->rc->report;
	mctx_set_str(ctx, "overview_svg", pg->svg[REPORT_CHART_OVERVIEW][0]);
	mctx_set_str(ctx, "bisect_svg", pg->svg[REPORT_CHART_BISECT][0]);
	claims_page(r, pg->anchors, ctx);
	upgrade_page(r, pg->anchors, ctx);
	if (pg->left_out) {
		char *n = xasprintf("%zu", pg->left_out);
		mctx_set_str(ctx, "charts_cut", n);
		free(n);
	}
	mctx_set_bool(ctx, "charts_written", pg->rc->with_charts);
	/* the rounds are in rounds.csv, not on the page */
	mctx_set_bool(ctx, "with_rounds", pg->rc->with_rounds);
}

int render_html(const struct model *m, const struct render_ctx *rc, struct outdir *od,
		struct nf_error *err)
{
	const struct report *r = rc->report;
	struct page pg;
	char hex[65];
	size_t left_out = 0;
	struct buf out = BUF_INIT;
	int status;

	pg.m = m;
	pg.n = m->ncomparisons;
	pg.anchors = anchors_build(m);
	for (int k = 0; k < REPORT_CHART_KINDS; k++)
		pg.svg[k] = xcalloc(pg.n + 1, sizeof *pg.svg[k]);
	status = draw_charts(m, rc, &pg, &left_out, err);
	if (status == NF_OK) {
		struct doc_opts o = { r->npairs > HTML_MAX_PAIRS ? DOC_DETAIL_CLAIMED_PAIRS : DOC_DETAIL_NO_RAW,
				      NULL, NULL, each_comparison, &pg, 0 };
		if (rc->with_rounds) {
			render_md_rounds_sha256(m, hex);
			o.rounds_sha256 = hex;
		}
		pg.rc = rc;
		pg.left_out = left_out;
		status = render_md_fitted(rc, "report.html", &o, page_extra, &pg, escape_html, &out, err);
	}
	if (status == NF_OK)
		status = outdir_write(od, "report.html", out.s ? out.s : "", out.len, err);
	buf_release(&out);
	for (int k = 0; k < REPORT_CHART_KINDS; k++) {
		for (size_t i = 0; i < pg.n + 1; i++)
			free(pg.svg[k][i]);
		free(pg.svg[k]);
	}
	anchors_free(pg.anchors, pg.n);
	return status;
}
