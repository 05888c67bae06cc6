/*
 * render_pdf.c - the "pdf" renderer: out/report.pdf, the whole evidence in
 * one A4 document.
 *
 * Title and report date; the summary, answer first (the claims checked,
 * the decision, the findings, risks); the verdict tables; the environment
 * (one table, worded in present/doc_env.c);
 * every chart as vectors at the full text width; the support windows; the
 * method; an appendix with every round and its passes. Page
 * numbers, bookmarks, table headers repeated across page breaks.
 *
 * This file decides the content from the presentation model (report.h);
 * pdf_doc.c typesets it (pages, text, tables, charts) and libharu writes
 * the file, with no date or ID of its own: the creation date comes from
 * SOURCE_DATE_EPOCH only, so the same input gives the same bytes.
 */
#include "present/digest.h"
#include "present/doc.h"
#include "present/history.h"
#include "present/pdf_words.h"
#include "present/support.h"
#include "present/verdict_words.h"
#include "render/pdf_doc.h"
#include "render/render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef NF_VERSION
#define NF_VERSION "dev"
#endif

/* ---- the content ---- */

/* Past these sizes the PDF stays a document: the raw rounds move to
 * rounds.csv and the workbook, the per-workload charts and the pairs tables
 * to the workloads that have something to show. */
#define PDF_MAX_APPENDIX_ROUNDS 600
#define PDF_MAX_CHART_WORKLOADS 8
#define PDF_EVIDENCE_LONG 12      /* past this many comparisons with pairs ... */
#define PDF_MAX_EVIDENCE 6        /* ... at most this many get their pairs table */
#define ENV_KEEP_MAX 320.0        /* points of the environment kept with its heading */

static size_t total_rounds(const struct model *m)
{
	size_t n = 0;
	for (size_t i = 0; i < m->ncomparisons; i++)
		for (size_t k = 0; k < m->comparisons[i].nversions; k++)
			n += m->comparisons[i].versions[k].nrounds;
	return n;
}

/* 1 when comparison c has something a reader of a long report must see:
 * a verdict, a step between releases, a step in a series, drift. */
static int noteworthy(const struct comparison *c)
{
	if (c->verdict == VERDICT_FASTER || c->nsteps || c->drift.found)
		return 1;
	for (size_t k = 0; k < c->nrelease_steps; k++)
		if (c->release_steps[k].step)
			return 1;
	return 0;
}

static const char *report_title(const struct model *m)
{
	return m->title && *m->title ? m->title : words_pdf()->untitled;
}

static void title_block(struct pdf *p)
{
	const struct model *m = p->m;
	struct buf b = BUF_INIT;
	char **lines;
	size_t n;

	pdf_text_at(p, MARGIN_X, pdf_base_in(p, p->y, 12, SZ_SMALL, 1), words_pdf()->kicker, 1, SZ_SMALL,
		ACCENT, LEFT);
	p->y += 16;
	n = chart_wrap(p->cf, 1, SZ_H1, report_title(m), TEXT_W, 0, &lines);
	for (size_t i = 0; i < n; i++) {
		pdf_text_at(p, MARGIN_X, pdf_base_in(p, p->y, SZ_H1 * 1.2, SZ_H1, 1), lines[i], 1, SZ_H1, INK,
			LEFT);
		p->y += SZ_H1 * 1.2;
	}
	chart_lines_free(lines, n);
	p->y += 4;
	words_pdf_title_line(&b, m, p->r);
	pdf_paragraph_at(p, MARGIN_X, TEXT_W, b.s, 0, SZ_BODY, LEAD_BODY, MUTED);
	buf_release(&b);
	p->y += 8;
}

/* The environment: the one table every document shows (present/doc_env.c,
 * a row per version with its V8, status and command, a row for the machine,
 * each other key once), then the inputs and the runner's notes. */
static void environment(struct pdf *p)
{
	const struct model *m = p->m;
	const struct words_pdf *W = words_pdf();
	struct pdf_table t = { 0 };
	struct pdf_col cols[] = { { W->measured_with, 0, 0 }, { W->env_details, -1, 0 } };
	struct doc_env_row *er;
	size_t n = doc_env_rows(p->r, &er);
	struct buf b = BUF_INIT;
	/* kept with its heading when short: a row a line, a command two more */
	double keep = LEAD_TABLE + 2 * ROW_PAD;

	t.cols = cols;
	t.ncols = 2;
	t.caption = W->environment;
	for (size_t i = 0; i < n; i++) {
		struct pdf_cell *row = pdf_table_row(&t);
		row[0].text = xstrdup(er[i].key);
		keep += LEAD_TABLE + 2 * ROW_PAD + (er[i].command ? 2 * LEAD_SMALL : 0);
		if (er[i].value && er[i].command)
			row[1].text = xasprintf("%s\n%s", er[i].value, er[i].command);
		else
			row[1].text = xstrdup(er[i].value ? er[i].value
					      : er[i].command ? er[i].command : W->none);
	}
	doc_env_rows_free(er, n);
	if (m->nsources > REPORT_MAX_SOURCES) {
		struct pdf_cell *row = pdf_table_row(&t);
		report_inputs_summary(&b, m);
		row[0].text = xstrdup(W->inputs);
		row[1].text = buf_detach(&b, NULL);
	} else if (m->nsources) {
		struct pdf_cell *row = pdf_table_row(&t);
		for (size_t i = 0; i < m->nsources; i++)
			buf_printf(&b, "%s%s", i ? ", " : "", m->sources[i]);
		row[0].text = xstrdup(m->nsources == 1 ? W->input : W->inputs);
		row[1].text = buf_detach(&b, NULL);
	}
	if (m->notes && *m->notes) {
		struct pdf_cell *row = pdf_table_row(&t);
		row[0].text = xstrdup(W->notes);
		row[1].text = xstrdup(m->notes);
	}
	keep += (double)(t.nrows - n) * (LEAD_TABLE + 2 * ROW_PAD);
	pdf_heading(p, W->environment, keep < ENV_KEEP_MAX ? keep : ENV_KEEP_MAX);
	pdf_table_draw(p, &t);
	pdf_table_release(&t);
}

static int platform_single(const struct model *m, const char *platform);

/* 1 when a workload's finding across platforms compares at least two
 * platforms where more than one version ran. */
static int cross_platform(const struct model *m, const struct platform_finding *f)
{
	size_t n = 0;
	for (size_t k = 0; k < f->ncomparisons; k++)
		n += !platform_single(m, m->comparisons[f->comparisons[k]].platform);
	return n >= 2;
}

/* Confirmed differences page 1 lists besides the regressions. */
#define PDF_MAX_FINDINGS 8

static void summary(struct pdf *p)
{
	const struct model *m = p->m;
	const struct words_pdf *W = words_pdf();
	struct buf b = BUF_INIT;
	double labw = 62;

	/* the labels' column fits the longest label shown */
	if (p->r->impact.shown)
		labw = fmax(labw, chart_text_width(p->cf, 1, SZ_BODY, W->cores_freed) + 10);
	pdf_heading(p, W->summary, LEAD_BODY * 4);
	/* the answer first: the claims checked, then the decision */
	for (size_t i = 0; i < p->r->claims.nlines; i++) {
		buf_reset(&b);
		buf_printf(&b, "%s.", p->r->claims.lines[i]);
		pdf_field(p, i == 0 ? W->claims : "", b.s, labw);
	}
	buf_reset(&b);
	if (p->r->recommendation)
		buf_printf(&b, "%s.", p->r->recommendation);
	else if (p->r->variants_note) {
		buf_printf(&b, "%s.", p->r->variants_note);
		render_capital(b.s);
	} else
		buf_puts(&b, W->no_recommendation);
	pdf_field(p, W->decision, b.s, labw);
	buf_reset(&b);
	/* the short answer every document gives, counting confirmed claims */
	if (p->r->claims.regressed) {
		buf_printf(&b, "%s. ", p->r->claims.regressed);
		render_capital(b.s);
	}
	buf_printf(&b, "%s.", p->r->headline);
	pdf_field(p, W->findings, b.s, labw);
	/* the regressions and a few more: the verdict table has every one */
	for (size_t i = 0; i < p->r->claims.nfindings; i++) {
		buf_reset(&b);
		if (i >= PDF_MAX_FINDINGS && i >= p->r->claims.nregressed) {
			size_t more = p->r->claims.nfindings - i;
			words_pdf_more_findings(&b, more);
			pdf_field(p, "", b.s, labw);
			break;
		}
		buf_printf(&b, "%s.", p->r->claims.findings[i]);
		pdf_field(p, "", b.s, labw);
	}
	if (p->r->impact.shown) {
		/* summary.md's line: what the confirmed differences free */
		buf_reset(&b);
		buf_printf(&b, "%s.", p->r->impact.summary);
		render_capital(b.s);
		pdf_field(p, W->cores_freed, b.s, labw);
	}
	if (!p->r->nwarnings) {
		pdf_field(p, W->risks, W->no_risks, labw);
	} else {
		size_t nw;
		char **w = digest_warnings(m, p->r->warnings, p->r->nwarnings, &nw);
		for (size_t i = 0; i < nw; i++) {
			buf_reset(&b);
			buf_printf(&b, "%s.", w[i]);
			if (b.len >= 2 && b.s[b.len - 2] == '.')
				b.s[--b.len] = '\0';
			render_capital(b.s);
			pdf_field(p, i == 0 ? W->risks : "", b.s, labw);
		}
		digest_free(w, nw);
	}
	for (size_t i = 0; i < m->nbad_days; i++) {
		char *t = history_bad_day_text(&m->bad_days[i]);
		buf_reset(&b);
		buf_printf(&b, "%s.", t);
		render_capital(b.s);
		pdf_field(p, i == 0 ? W->bad_days : "", b.s, labw);
		free(t);
	}
	buf_release(&b);
	/* across platforms: only workloads measured on two platforms where
	 * something can be compared (a single-version platform has no verdict) */
	size_t ncross = 0;
	for (size_t i = 0; i < m->nplatforms; i++)
		ncross += cross_platform(m, &m->platforms[i]);
	if (ncross) {
		struct pdf_table t = { 0 };
		struct pdf_col cols[] = { { W->workload, 150, 0 }, { W->across, -1, 0 } };
		t.cols = cols;
		t.ncols = 2;
		t.caption = W->across;
		pdf_subheading(p, W->across_question, 40);
		for (size_t i = 0; i < m->nplatforms; i++) {
			const struct platform_finding *f = &m->platforms[i];
			struct pdf_cell *row;
			if (!cross_platform(m, f))
				continue;
			row = pdf_table_row(&t);
			row[0].text = xstrdup(f->workload);
			row[1].text = xstrdup(p->r->findings[i]);
			row[1].marker = f->consistent == 1 ? 0x009E73u : f->consistent == 0 ? 0xE69F00u
											 : 0x999999u;
		}
		pdf_table_draw(p, &t);
		pdf_table_release(&t);
	}
}

static uint32_t verdict_color(enum verdict v)
{
	return v == VERDICT_FASTER ? 0x009E73u : v == VERDICT_WITHIN_NOISE ? 0x999999u : 0xE69F00u;
}

/* 1 when only one version was measured on the platform. */
static int platform_single(const struct model *m, const char *platform)
{
	const char *v = NULL;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (c->platform != platform)
			continue;
		for (size_t k = 0; k < c->nversions; k++) {
			if (v && c->versions[k].version != v)
				return 0;
			v = c->versions[k].version;
		}
	}
	return 1;
}

/* One sentence per platform where only one version ran. */
static void single_platforms(struct pdf *p)
{
	const struct model *m = p->m;
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		size_t k;
		for (k = 0; k < i && m->comparisons[k].platform != c->platform; k++)
			;
		if (k < i || !platform_single(m, c->platform) || !c->nversions)
			continue;
		buf_reset(&b);
		words_single_platform(&b, m, c->platform);
		buf_putc(&b, '.');
		pdf_paragraph(p, b.s);
	}
	buf_release(&b);
}

static void verdicts(struct pdf *p)
{
	const struct model *m = p->m;
	const struct words_pdf *W = words_pdf();
	struct pdf_table t = { 0 };
	struct pdf_col cols[] = {
		{ W->workload, 150, 0 }, { W->verdict, -1, 0 },
		{ W->compared, 0, 1 }, { W->gap, 0, 1 }, { W->noise, 0, 1 },
	};
	int plat = 0;
	for (size_t i = 1; i < m->ncomparisons; i++)
		plat |= m->comparisons[i].platform != m->comparisons[0].platform;

	pdf_heading(p, W->verdicts, 60);
	{
		struct buf h = BUF_INIT;
		if (p->r->grouping_text) {
			/* the rows name lines or releases: how they were formed */
			buf_printf(&h, "%s.", p->r->grouping_text);
			render_capital(h.s);
			pdf_paragraph(p, h.s);
			buf_reset(&h);
		}
		words_pdf_verdicts_key(&h, p->r->compared_header);
		pdf_paragraph(p, h.s);
		buf_release(&h);
	}
	t.cols = cols;
	t.ncols = 5;
	t.caption = W->verdicts;
	single_platforms(p);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		struct pdf_cell *row;
		struct buf b = BUF_INIT;
		if (platform_single(m, c->platform))
			continue;
		row = pdf_table_row(&t);
		if (plat)
			row[0].text = xasprintf("%s\n%s, %s", c->workload, c->platform, c->unit);
		else
			row[0].text = xasprintf("%s\n%s, %s", c->workload, c->unit,
						c->better == BETTER_HIGHER ? W->higher_better
									   : W->lower_better);
		row[1].text = xstrdup(p->r->comparisons[i].text);
		row[1].marker = verdict_color(c->verdict);
		if (c->verdict != VERDICT_INSUFFICIENT) {
			/* the value the row's verdict compared, bold when it is
			 * the winner's (words_winner: the one meaning of bold) */
			const struct version_stats *best = words_winner(c);
			if (!best) {
				best = &c->versions[0];
				for (size_t k = 1; k < c->nversions; k++)
					if (c->better == BETTER_HIGHER ? c->versions[k].level > best->level
								       : c->versions[k].level < best->level)
						best = &c->versions[k];
			}
			fmt_value(&b, best->level);
			buf_printf(&b, " %s\n%s", c->unit, best->version);
			row[2].text = buf_detach(&b, NULL);
			row[2].bold = best == words_winner(c);
			fmt_percent(&b, c->gap);
			row[3].text = buf_detach(&b, NULL);
			fmt_spread(&b, c->noise);
			row[4].text = buf_detach(&b, NULL);
		}
	}
	pdf_table_draw(p, &t);
	pdf_table_release(&t);
}

/* Best round per version with its change against the baseline. */
static void per_version(struct pdf *p)
{
	const struct model *m = p->m;
	const struct report_version *vers = p->r->versions;
	size_t nvers = p->r->nversions;
	struct pdf_table t = { 0 };
	struct pdf_col *cols;
	if (nvers < 2 || nvers > 6)
		return;
	pdf_subheading(p, words_pdf()->per_version, 80);
	{
		struct buf h = BUF_INIT;
		words_pdf_per_version_key(&h, p->r->compared_header);
		pdf_paragraph(p, h.s);
		buf_release(&h);
	}
	cols = xcalloc(nvers + 1, sizeof *cols);
	cols[0].title = words_pdf()->workload;
	cols[0].w = -1;
	for (size_t k = 0; k < nvers; k++) {
		cols[k + 1].title = vers[k].version;
		cols[k + 1].right = 1;
	}
	t.cols = cols;
	t.ncols = nvers + 1;
	t.caption = words_pdf()->per_version;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		struct pdf_cell *row;
		if (platform_single(m, c->platform))
			continue;       /* one sentence for the platform says it */
		row = pdf_table_row(&t);
		row[0].text = xasprintf("%s\n%s", c->workload, c->unit);
		for (size_t k = 0; k < nvers; k++) {
			const struct version_stats *vs = report_cell(c, vers[k].version);
			struct buf b = BUF_INIT;
			if (!vs)
				continue;
			fmt_value(&b, vs->level);
			buf_putc(&b, '\n');
			if (vs->is_baseline)
				buf_puts(&b, words_pdf()->baseline);
			else if (c->baseline_idx >= 0)
				words_against_baseline(&b, c, (size_t)(vs - c->versions));
			if (vs->nrounds > 1) {
				buf_puts(&b, vs->is_baseline || c->baseline_idx >= 0 ? " \xC2\xB7 " : "");
				fmt_spread(&b, vs->band);
			}
			row[k + 1].text = buf_detach(&b, NULL);
			row[k + 1].bold = vs == words_winner(c);
		}
	}
	pdf_table_draw(p, &t);
	pdf_table_release(&t);
	free(cols);
}

/* The charts of the presentation model's plan, as the charts renderer
 * writes them. */
static void charts(struct pdf *p)
{
	int parent = PDF_OUTLINE_TOP;
	const char *section = words_pdf()->charts;
	size_t nwork = 0, shown = 0, left_out = 0;
	int bounded;
	for (size_t i = 0; i < p->m->ncomparisons; i++)
		nwork += !platform_single(p->m, p->m->comparisons[i].platform);
	bounded = nwork > PDF_MAX_CHART_WORKLOADS;
	for (size_t i = 0; i < p->r->ncharts; i++) {
		const struct report_chart *ch = &p->r->charts[i];
		if (bounded && ch->kind != REPORT_CHART_OVERVIEW && ch->kind != REPORT_CHART_BISECT) {
			/* a long report: the time chart (else the strip plot) of
			 * the workloads with something to show, up to the limit */
			const struct comparison *c = &p->m->comparisons[ch->comparison];
			const struct report_comparison *rcmp = &p->r->comparisons[ch->comparison];
			int primary = rcmp->time_chart ? ch->kind == REPORT_CHART_TIME
						       : ch->kind == REPORT_CHART_STRIP;
			if (!primary)
				continue;
			if (!noteworthy(c) || shown >= PDF_MAX_CHART_WORKLOADS) {
				left_out++;
				continue;
			}
			shown++;
		}
		{
			struct chart_scene sc;
			chart_planned_scene(p->m, ch, pdf_chart_style(), p->cf, &sc);
			pdf_scene(p, &sc, sc.title, section, &parent);
			chart_scene_release(&sc);
		}
		section = NULL;
	}
	if (left_out) {
		struct buf b = BUF_INIT;
		words_pdf_charts_left_out(&b, p->m, left_out, PDF_MAX_CHART_WORKLOADS);
		pdf_paragraph(p, b.s);
		buf_release(&b);
	}
}

/* ---- the statistics beside the verdict ---- */

#define NOTE_LABEL_W 78.0
/* A pairs table's header (two lines) with its first three rows, which
 * table_draw keeps together: what a heading above it must keep. */
#define PAIRS_START_H (LEAD_TABLE + LEAD_SMALL + 2 * ROW_PAD + 3 * (LEAD_TABLE + 2 * ROW_PAD))

/* Whether the table shows a pair: all of them, except in a long series,
 * where the pairs of neighbouring versions are the story and the others
 * are shown only when significant, or borderline for a reason of their
 * own (not just the power floor). */
static int pair_shown(const struct comparison *c, const struct pair_stats *ps, int binds)
{
	return !report_chart_series(c) || ps->b == ps->a + 1 || ps->significant ||
	       (ps->borderline && !binds);
}

/* One comparison's pairs: the ratio b/a (Hodges-Lehmann) with its interval, shift, U,
 * p and p after Holm, formatted as issue.md formats them. */
static void pairs_table(struct pdf *p, const struct comparison *c, const char *caption,
			int binds)
{
	const struct words_pdf *W = words_pdf();
	struct pdf_table t = { 0 };
	struct buf b = BUF_INIT;
	char *shift_head = xasprintf("%s\n%s", W->shift, c->unit);
	char *ci_head = (words_pdf_interval_head(&b, p->r), buf_detach(&b, NULL));
	struct pdf_col cols[] = {
		{ "a \xE2\x86\x92 b", 0, 0 }, { W->ratio, 0, 1 }, { ci_head, 0, 1 },
		{ shift_head, 0, 1 }, { W->u, 0, 1 }, { W->p, 0, 1 }, { W->p_holm, 0, 1 },
		{ W->test, -1, 0 },
	};

	t.cols = cols;
	t.ncols = sizeof cols / sizeof cols[0];
	t.caption = caption;
	for (size_t i = 0; i < c->npairs; i++) {
		const struct pair_stats *ps = &c->pairs[i];
		struct pdf_cell *row;
		if (!pair_shown(c, ps, binds))
			continue;
		row = pdf_table_row(&t);
		row[0].text = xasprintf("%s \xE2\x86\x92 %s", c->versions[ps->a].version,
					c->versions[ps->b].version);
		fmt_fixed(&b, ps->ratio, 3);
		row[1].text = buf_detach(&b, NULL);
		fmt_fixed(&b, ps->ci_low, 3);
		buf_puts(&b, "\xE2\x80\x93");
		fmt_fixed(&b, ps->ci_high, 3);
		row[2].text = buf_detach(&b, NULL);
		fmt_value_signed(&b, ps->shift);
		row[3].text = buf_detach(&b, NULL);
		fmt_sig(&b, ps->u, 6);
		row[4].text = buf_detach(&b, NULL);
		fmt_p(&b, ps->p);
		row[5].text = buf_detach(&b, NULL);
		fmt_p(&b, ps->p_holm);
		row[6].text = buf_detach(&b, NULL);
		row[6].bold = ps->significant;
		if (ps->significant || ps->borderline) {
			words_pdf_test(&b, ps->significant, ps->borderline);
			row[7].text = buf_detach(&b, NULL);
			row[7].bold = ps->significant;
			row[7].marker = ps->borderline ? 0xE69F00u : 0x009E73u;
		}
	}
	buf_release(&b);
	pdf_table_draw(p, &t);
	pdf_table_release(&t);
	free(shift_head);
	free(ci_head);
}

/* A note with its first letter in upper case (the model's sentences start
 * in lower case to be embedded). */
static void note_field(struct pdf *p, const char *label, const char *text)
{
	char *s = xasprintf("%s.", text);
	render_capital(s);
	pdf_field(p, label, s, NOTE_LABEL_W);
	free(s);
}

/* Above a comparison's table: power, steps, drift, run order and, under the
 * workload's last platform, the finding across platforms. */
static void evidence_notes(struct pdf *p, size_t ci)
{
	const struct model *m = p->m;
	const struct words_pdf *W = words_pdf();
	const struct comparison *c = &m->comparisons[ci];

	if (p->r->comparisons[ci].power_note)
		note_field(p, W->power, p->r->comparisons[ci].power_note);
	for (size_t i = 0; i < c->nsteps; i++)
		pdf_field(p, i == 0 ? W->steps : "", p->r->comparisons[ci].steps[i], NOTE_LABEL_W);
	if (p->r->comparisons[ci].drift)
		note_field(p, W->drift, p->r->comparisons[ci].drift);
	if (c->interleaved == 0)
		note_field(p, W->run_order, W->run_order_text);
	if (p->r->comparisons[ci].design_text)
		note_field(p, W->design, p->r->comparisons[ci].design_text);
	if (p->r->comparisons[ci].anomaly)
		note_field(p, W->two_clusters, p->r->comparisons[ci].anomaly);
	for (size_t k = 0; k < m->nplatforms; k++) {
		const struct platform_finding *f = &m->platforms[k];
		if (f->workload == c->workload && f->comparisons[f->ncomparisons - 1] == ci)
			note_field(p, W->platforms, p->r->findings[k]);
	}
}

/* Below a comparison's table: a sentence per borderline pair, or one line
 * for them all when the power floor alone explains them. */
static void borderline_notes(struct pdf *p, size_t ci)
{
	const struct comparison *c = &p->m->comparisons[ci];
	const struct report_comparison *rc = &p->r->comparisons[ci];
	size_t n = 0;
	if (rc->borderline_summary) {
		note_field(p, words_pdf()->borderline_label, rc->borderline_summary);
		return;
	}
	for (size_t i = 0; i < c->npairs; i++)
		if (rc->borderline[i])
			note_field(p, n++ ? "" : words_pdf()->borderline_label, rc->borderline[i]);
}

/*
 * Statistical evidence: what the rank test adds to the within-noise rule
 * and the report's power floor, then per comparison the notes on power,
 * steps, drift, run order and platforms, its table of pairs and the
 * borderline pairs explained.
 */
static void evidence(struct pdf *p)
{
	const struct model *m = p->m;
	const struct report *r = p->r;
	size_t npairs = r->npairs;
	int parent;
	struct buf b = BUF_INIT;

	if (!npairs)
		return;
	parent = pdf_heading(p, words_pdf()->evidence, LEAD_BODY * 6);
	buf_printf(&b, "%s.", r->rank_test_note);
	pdf_paragraph(p, b.s);
	buf_reset(&b);
	words_pdf_pairs_key(&b, r);
	pdf_paragraph(p, b.s);
	buf_reset(&b);
	buf_printf(&b, "%s.", r->power_note);
	pdf_paragraph(p, b.s);

	size_t with_evidence = 0, drawn = 0, skipped = 0;
	for (size_t i = 0; i < m->ncomparisons; i++)
		with_evidence += m->comparisons[i].npairs > 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		int binds = r->comparisons[i].power_binds;
		size_t shown = 0, neighbours = 0;
		if (!c->npairs && !c->nsteps && !c->drift.found && c->interleaved != 0 &&
		    c->design == DESIGN_ROUNDS && !c->anomaly)
			continue;
		if (with_evidence > PDF_EVIDENCE_LONG && (!noteworthy(c) || drawn >= PDF_MAX_EVIDENCE)) {
			skipped++;
			continue;
		}
		drawn++;
		buf_reset(&b);
		buf_printf(&b, "%s (%s", c->workload, c->unit);
		if (model_platform_named(c->platform))
			buf_printf(&b, ", %s", c->platform);
		buf_putc(&b, ')');
		pdf_subheading(p, b.s, PAIRS_START_H + 6);
		p->y -= 16;
		pdf_bookmark(p, parent, c->workload, NULL);
		p->y += 16;
		evidence_notes(p, i);
		if (!c->npairs)
			continue;
		for (size_t k = 0; k < c->npairs; k++) {
			shown += pair_shown(c, &c->pairs[k], binds);
			neighbours += c->pairs[k].b == c->pairs[k].a + 1;
		}
		if (shown < c->npairs) {
			struct buf s = BUF_INIT;
			words_pdf_pairs_shown(&s, shown, neighbours, c->npairs);
			/* kept with the table's header and first rows */
			p->y += 2;
			pdf_need(p, pdf_paragraph_height(p, TEXT_W, s.s, 0, SZ_SMALL, LEAD_SMALL) + 10 +
				PAIRS_START_H);
			pdf_paragraph_at(p, MARGIN_X, TEXT_W, s.s, 0, SZ_SMALL, LEAD_SMALL, MUTED);
			p->y += 4;
			buf_release(&s);
		}
		p->y += 4;
		pairs_table(p, c, b.s, binds);
		borderline_notes(p, i);
	}
	if (skipped) {
		buf_reset(&b);
		words_pdf_tests_left_out(&b, m, skipped, PDF_MAX_EVIDENCE);
		pdf_paragraph(p, b.s);
	}
	buf_release(&b);
}

static void support(struct pdf *p)
{
	const struct model *m = p->m;
	const struct words_pdf *W = words_pdf();
	struct pdf_table t = { 0 };
	struct pdf_col cols[] = {
		{ W->line, 0, 0 }, { W->status, 0, 0 }, { W->start, 0, 1 }, { W->end, 0, 1 },
		{ W->v8, 0, 1 }, { W->pick, -1, 0 },
	};
	size_t shown = 0;

	for (size_t i = 0; i < p->r->nlines; i++)
		shown += p->r->lines[i].shown;
	if (!shown)
		return;
	pdf_heading(p, W->support, 60);
	{
		struct buf b = BUF_INIT;
		words_pdf_support_key(&b, m);
		pdf_paragraph(p, b.s);
		buf_release(&b);
	}
	t.cols = cols;
	t.ncols = 6;
	t.caption = W->support;
	for (size_t i = 0; i < p->r->nlines; i++) {
		const struct release_line *l = p->r->lines[i].line;
		struct pdf_cell *row;
		struct buf b = BUF_INIT;
		if (!p->r->lines[i].shown)
			continue;
		row = pdf_table_row(&t);
		buf_puts(&b, l->line);
		if (l->codename)
			buf_printf(&b, " %s", l->codename);
		if (l->compared || l == m->recommended) {
			buf_putc(&b, '\n');
			words_pdf_line_notes(&b, l->compared, l == m->recommended);
		}
		row[0].text = buf_detach(&b, NULL);
		row[0].bold = l == m->recommended;
		row[1].text = xstrdup(l->status);
		row[1].marker = p->r->lines[i].eol ? 0xD55E00u : CHART_NONE;
		row[2].text = xstrdup(*l->start ? l->start : W->none);
		row[3].text = xstrdup(*l->end ? l->end : W->none);
		row[4].text = xstrdup(p->r->lines[i].v8 ? p->r->lines[i].v8 : W->none);
		row[5].text = xstrdup(support_pick_when(l->status));
	}
	pdf_table_draw(p, &t);
	pdf_table_release(&t);
}

static void method(struct pdf *p)
{
	const struct model *m = p->m;
	const struct words_pdf *W = words_pdf();
	struct buf b = BUF_INIT;
	const char *base = NULL;
	const double labw = 78;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (!base && c->baseline_idx >= 0)
			base = c->versions[c->baseline_idx].version;
	}
	pdf_heading(p, W->method, LEAD_BODY * 4);
	words_pdf_rounds(&b, m, p->r);
	pdf_field(p, W->rounds, b.s, labw);
	pdf_field(p, W->best, W->best_text, labw);
	pdf_field(p, W->spread, W->spread_text, labw);
	pdf_field(p, W->within_noise, W->within_noise_text, labw);
	pdf_field(p, W->not_linear, p->r->releases ? W->not_linear_releases : W->not_linear_variants,
		  labw);
	buf_reset(&b);
	words_pdf_insufficient(&b, m->min_rounds);
	pdf_field(p, W->insufficient, b.s, labw);
	if (base) {
		buf_reset(&b);
		words_pdf_baseline(&b, base);
		pdf_field(p, W->baseline_label, b.s, labw);
	}
	buf_release(&b);
}

static void appendix(struct pdf *p)
{
	const struct model *m = p->m;
	const struct words_pdf *W = words_pdf();
	int parent;
	if (total_rounds(m) > PDF_MAX_APPENDIX_ROUNDS) {
		struct buf b = BUF_INIT;
		words_pdf_appendix_too_many(&b, total_rounds(m));
		pdf_heading(p, W->appendix, 40);
		pdf_paragraph(p, b.s);
		buf_release(&b);
		return;
	}
	parent = pdf_heading(p, W->appendix, 160);
	pdf_paragraph(p, W->appendix_intro);

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		struct pdf_table t = { 0 };
		struct pdf_col *cols;
		size_t npasses = 0, ncols;
		int split;
		struct buf b = BUF_INIT;
		char *title = model_platform_named(c->platform)
			      ? xasprintf("%s (%s, %s)", c->workload, c->unit, c->platform)
			      : xasprintf("%s (%s)", c->workload, c->unit);

		for (size_t j = 0; j < c->nversions; j++)
			for (size_t r = 0; r < c->versions[j].nrounds; r++)
				if (result_npasses(&c->versions[j].rounds[r]) > npasses)
					npasses = result_npasses(&c->versions[j].rounds[r]);
		/* one aligned column per pass while they fit, else one list */
		split = npasses <= 9;
		ncols = 3 + (split ? npasses : 1);
		cols = xcalloc(ncols, sizeof *cols);
		cols[0] = (struct pdf_col){ W->version, 0, 0 };
		cols[1] = (struct pdf_col){ W->round, 0, 1 };
		cols[2] = (struct pdf_col){ W->value, 0, 1 };
		if (split) {
			for (size_t k = 0; k < npasses; k++) {
				words_pdf_pass_column(&b, k);
				cols[3 + k] = (struct pdf_col){ buf_detach(&b, NULL), 0, 1 };
			}
		} else {
			cols[3] = (struct pdf_col){ W->passes, -1, 0 };
		}
		t.cols = cols;
		t.ncols = ncols;
		t.caption = title;
		pdf_subheading(p, title, 60);
		p->y -= 16;
		pdf_bookmark(p, parent, c->workload, NULL);
		p->y += 16;
		for (size_t j = 0; j < c->nversions; j++) {
			const struct version_stats *vs = &c->versions[j];
			int best_marked = 0;
			for (size_t r = 0; r < vs->nrounds; r++) {
				const struct result *res = &vs->rounds[r];
				struct pdf_cell *row = pdf_table_row(&t);
				pdf_table_group(&t, (int)j);
				row[0].text = xstrdup(r == 0 ? vs->version : "");
				row[1].text = xasprintf("%d", res->round);
				fmt_value(&b, vs->values[r]);
				row[2].text = buf_detach(&b, NULL);
				if (!best_marked && vs->values[r] == vs->best) {
					row[2].bold = 1;
					best_marked = 1;
				}
				for (size_t k = 0; k < result_npasses(res); k++) {
					if (!split && k)
						buf_puts(&b, "   ");
					fmt_value(&b, result_passes(res)[k]);
					if (split)
						row[3 + k].text = buf_detach(&b, NULL);
				}
				if (!split)
					row[3].text = buf_detach(&b, NULL);
			}
		}
		pdf_table_draw(p, &t);
		pdf_table_release(&t);
		if (split)
			for (size_t k = 0; k < npasses; k++)
				free((char *)cols[3 + k].title);
		free(cols);
		free(title);
	}
}

static void metadata(struct pdf *p, const struct render_ctx *rc)
{
	const struct model *m = p->m;
	const char *author = model_get_env(m, "author");
	pdf_metadata(p, report_title(m), author ? author : words_pdf()->author, m->subject,
		     "noisefloor " NF_VERSION, rc->source_date);
}

/* ---- workloads, impact, how to reproduce (worded in report_impact.c) ---- */

static void workloads(struct pdf *p)
{
	const struct report_impact *ri = &p->r->impact;
	const struct words_pdf *W = words_pdf();
	struct pdf_table t = { 0 };
	struct pdf_col cols[] = {
		{ W->workload_code_col, 0, 0 }, { W->what_one_pass, -1, 0 }, { W->size, 0, 1 },
	};
	if (!ri->nworkloads)
		return;
	pdf_heading(p, W->workloads, 60);
	pdf_paragraph(p, W->workloads_intro);
	t.cols = cols;
	t.ncols = 3;
	t.caption = W->workloads;
	for (size_t i = 0; i < ri->nworkloads; i++) {
		const struct rimp_workload *w = &ri->workloads[i];
		struct pdf_cell *row = pdf_table_row(&t);
		row[0].text = w->source ? xasprintf("%s\n%s", w->name, w->source) : xstrdup(w->name);
		row[1].text = xstrdup(w->description ? w->description : W->none);
		row[2].text = w->size ? xasprintf("%s\n%s", w->size, w->bytes) : xstrdup(W->none);
	}
	pdf_table_draw(p, &t);
	pdf_table_release(&t);
}

static void impact(struct pdf *p)
{
	const struct report_impact *ri = &p->r->impact;
	const struct words_pdf *W = words_pdf();
	struct buf b = BUF_INIT;
	const double labw = 90;
	if (!ri->shown)
		return;
	pdf_heading(p, W->impact, LEAD_BODY * 6);
	words_pdf_impact_key(&b, p->r, ri->inputs);
	pdf_paragraph(p, b.s);
	for (size_t i = 0; i < ri->nclaims; i++) {
		const struct rimp_claim *c = &ri->claims[i];
		if (!c->confirmed)
			continue;
		pdf_subheading(p, c->workload, LEAD_BODY * 4);
		buf_reset(&b);
		buf_printf(&b, "%s.", c->sentence);
		pdf_field(p, W->worth, b.s, labw);
		buf_reset(&b);
		words_pdf_per_mb(&b, c->per_mb);
		pdf_field(p, W->ms_per_mb, b.s, labw);
		buf_reset(&b);
		words_pdf_saved(&b, c->formula);
		pdf_field(p, W->saved, b.s, labw);
	}
	for (size_t i = 0; i < ri->nclaims; i++)
		if (!ri->claims[i].confirmed) {
			buf_reset(&b);
			buf_printf(&b, "%s.", ri->claims[i].sentence);
			pdf_paragraph(p, b.s);
		}
	buf_release(&b);
}

/* What moving from one version to another changes (present/upgrade_words.c),
 * with --from: both ends' support, the counts, and every comparison that
 * measured an end, confirmed changes first. */
static void upgrade(struct pdf *p)
{
	const struct report_upgrade *u = &p->r->upgrade;
	struct pdf_table t = { 0 };
	const struct words_pdf *W = words_pdf();
	struct pdf_col cols[] = {
		{ W->workload, 150, 0 }, { W->versions_col, 0, 0 }, { W->change, -1, 0 },
	};
	struct buf b = BUF_INIT;
	if (!u->shown)
		return;
	pdf_heading(p, u->title, LEAD_BODY * 6);
	if (u->ends)
		buf_printf(&b, "%s. ", u->ends);
	buf_printf(&b, "%s. ", u->summary);
	words_pdf_upgrade_key(&b, p->r);
	/* "no workload changes ..." starts the paragraph without ends */
	render_capital(b.s);
	pdf_paragraph(p, b.s);
	buf_release(&b);
	t.cols = cols;
	t.ncols = 3;
	t.caption = u->title;
	for (size_t i = 0; i < u->nrows; i++) {
		const struct report_upgrade_row *ur = &u->rows[i];
		struct pdf_cell *row = pdf_table_row(&t);
		if (u->several_platforms)
			row[0].text = xasprintf("%s\n%s, %s", ur->workload, ur->platform, ur->unit);
		else
			row[0].text = xasprintf("%s\n%s", ur->workload, ur->unit);
		row[1].text = xasprintf("%s \xE2\x86\x92 %s", ur->from ? ur->from : W->none,
					ur->to ? ur->to : W->none);
		row[2].text = xstrdup(ur->text);
		row[2].bold = ur->confirmed;
	}
	pdf_table_draw(p, &t);
	pdf_table_release(&t);
}

static void reproduce(struct pdf *p)
{
	const struct report_impact *ri = &p->r->impact;
	const struct words_pdf *W = words_pdf();
	struct buf b = BUF_INIT;
	const double labw = 90;
	pdf_heading(p, W->reproduce, LEAD_BODY * 6);
	if (ri->run_command)
		pdf_field(p, W->measured_by, ri->run_command, labw);
	if (ri->command) {
		words_pdf_command(&b, ri->command, ri->version);
		pdf_field(p, W->command, b.s, labw);
	}
	for (size_t i = 0; i < ri->ninputs; i++) {
		pdf_field(p, W->input_label, ri->inputs_used[i].name, labw);
		pdf_field(p, W->sha256,
			  ri->inputs_used[i].sha256 ? ri->inputs_used[i].sha256 : W->unknown, labw);
	}
	buf_reset(&b);
	buf_printf(&b, "%s.", ri->as_of_note);
	pdf_field(p, W->report_date, b.s, labw);
	if (ri->notes)
		pdf_field(p, W->runner_notes, ri->notes, labw);
	if (ri->sources)
		pdf_field(p, W->workload_code, ri->sources, labw);
	pdf_field(p, W->versions_col, ri->versions, labw);
	if (ri->date_range) {
		buf_reset(&b);
		words_pdf_rounds_run(&b, ri->date_range);
		pdf_field(p, W->when, b.s, labw);
	}
	buf_release(&b);
}

int render_pdf(const struct model *m, const struct render_ctx *rc,
	       struct outdir *od, struct nf_error *err)
{
	struct pdf p;
	int status;

	memset(&p, 0, sizeof p);
	p.m = m;
	p.r = rc->report;
	if ((status = pdf_open(&p, rc->font_path, rc->font_bold_path, err)) != NF_OK)
		return status;
	metadata(&p, rc);

	pdf_new_page(&p);
	title_block(&p);
	summary(&p);
	if (p.r->upgrade.given)
		upgrade(&p);
	verdicts(&p);
	per_version(&p);
	environment(&p);
	charts(&p);
	impact(&p);
	evidence(&p);
	support(&p);
	method(&p);
	workloads(&p);
	reproduce(&p);
	appendix(&p);
	pdf_footers(&p, report_title(m));
	return pdf_save(&p, od, "report.pdf", err);
}
