/*
 * render_pdf.c - the "pdf" renderer: out/report.pdf, the whole evidence in
 * one A4 document.
 *
 * Title and report date; the summary, answer first (the claims checked,
 * the decision, the findings, risks); the environment; the verdict tables;
 * every chart as vectors at the full text width; the support windows; the
 * method; an appendix with every round and its passes. Page
 * numbers, bookmarks, table headers repeated across page breaks.
 *
 * This file decides the content from the presentation model (report.h);
 * pdf_doc.c typesets it (pages, text, tables, charts) and cairo writes the
 * file, with no date or ID of its own: the creation date comes from
 * SOURCE_DATE_EPOCH only, so the same input gives the same bytes.
 */
#include "present/digest.h"
#include "present/history.h"
#include "present/support.h"
#include "present/verdict_words.h"
#include "render/chart/chart_time.h"
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

/* Rounds per version and passes per round as "7" or "3 to 7". */
/* Past these sizes the PDF stays a document: the raw rounds move to
 * rounds.csv and the workbook, the per-workload charts and the pairs tables
 * to the workloads that have something to show. */
#define PDF_MAX_APPENDIX_ROUNDS 600
#define PDF_MAX_CHART_WORKLOADS 8
#define PDF_EVIDENCE_LONG 12      /* past this many comparisons with pairs ... */
#define PDF_MAX_EVIDENCE 6        /* ... at most this many get their pairs table */

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

/* "7 rounds", "1 round", "3 to 7 rounds": the report's range (report.c). */
static void rounds_range(const struct report *r, struct buf *b)
{
	buf_puts(b, r->rounds_counted);
}

/* The fewest and most timed passes of a round. */
static void passes_range(const struct model *m, struct buf *b)
{
	size_t lo = (size_t)-1, hi = 0;
	for (size_t i = 0; i < m->ncomparisons; i++)
		for (size_t j = 0; j < m->comparisons[i].nversions; j++) {
			const struct version_stats *vs = &m->comparisons[i].versions[j];
			for (size_t r = 0; r < vs->nrounds; r++) {
				size_t k = result_npasses(&vs->rounds[r]);
				lo = k < lo ? k : lo;
				hi = k > hi ? k : hi;
			}
		}
	if (hi == 0)
		lo = 0;
	if (lo == hi)
		buf_printf(b, "%zu %s", hi, hi == 1 ? "timed pass" : "timed passes");
	else
		buf_printf(b, "%zu to %zu timed passes", lo, hi);
}

static const char *report_title(const struct model *m)
{
	return m->title && *m->title ? m->title : "Benchmark report";
}

static void title_block(struct pdf *p)
{
	const struct model *m = p->m;
	struct buf b = BUF_INIT;
	size_t nvers = p->r->nversions;
	char **lines;
	size_t n;

	pdf_text_at(p, MARGIN_X, pdf_base_in(p, p->y, 12, SZ_SMALL, 1), "BENCHMARK REPORT", 1, SZ_SMALL,
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
	buf_printf(&b, "Report date %s \xC2\xB7 ", m->as_of);
	report_count_compared(&b, m);
	buf_printf(&b, " \xC2\xB7 %zu version%s \xC2\xB7 ", nvers, nvers == 1 ? "" : "s");
	rounds_range(p->r, &b);
	buf_puts(&b, " per version");
	pdf_paragraph_at(p, MARGIN_X, TEXT_W, b.s, 0, SZ_BODY, LEAD_BODY, MUTED);
	buf_release(&b);
	p->y += 8;
}

static void environment(struct pdf *p)
{
	const struct model *m = p->m;
	struct pdf_table t = { 0 };
	struct pdf_col cols[] = { { "Environment", 0, 0 }, { "", -1, 0 } };
	struct buf b = BUF_INIT;

	p->y += 8; /* below the summary */

	t.cols = cols;
	t.ncols = 2;
	for (size_t i = 0; i < m->nenv; i++) {
		struct pdf_cell *row = pdf_table_row(&t);
		row[0].text = xstrdup(m->env[i].key);
		row[1].text = xstrdup(m->env[i].value);
	}
	{
		struct pdf_cell *row = pdf_table_row(&t);
		for (size_t k = 0; k < p->r->nversions; k++) {
			const struct report_version *v = &p->r->versions[k];
			buf_printf(&b, "%s%s", k ? ", " : "", v->version);
			if (v->vs->v8)
				buf_printf(&b, " (V8\xC2\xA0%s)", v->vs->v8);
		}
		row[0].text = xstrdup("versions");
		row[1].text = buf_detach(&b, NULL);
	}
	if (m->nsources > REPORT_MAX_SOURCES) {
		struct pdf_cell *row = pdf_table_row(&t);
		report_inputs_summary(&b, m);
		row[0].text = xstrdup("inputs");
		row[1].text = buf_detach(&b, NULL);
	} else if (m->nsources) {
		struct pdf_cell *row = pdf_table_row(&t);
		for (size_t i = 0; i < m->nsources; i++)
			buf_printf(&b, "%s%s", i ? ", " : "", m->sources[i]);
		row[0].text = xstrdup(m->nsources == 1 ? "input" : "inputs");
		row[1].text = buf_detach(&b, NULL);
	}
	if (m->notes && *m->notes) {
		struct pdf_cell *row = pdf_table_row(&t);
		row[0].text = xstrdup("notes");
		row[1].text = xstrdup(m->notes);
	}
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
	struct buf b = BUF_INIT;
	double labw = 62;

	/* the labels' column fits the longest label shown */
	if (p->r->impact.shown)
		labw = fmax(labw, chart_text_width(p->cf, 1, SZ_BODY, "Cores freed") + 10);
	pdf_heading(p, "Summary", LEAD_BODY * 4);
	/* the answer first: the claims checked, then the decision */
	for (size_t i = 0; i < p->r->claims.nlines; i++) {
		buf_reset(&b);
		buf_printf(&b, "%s.", p->r->claims.lines[i]);
		pdf_field(p, i == 0 ? "Claims" : "", b.s, labw);
	}
	buf_reset(&b);
	if (p->r->recommendation)
		buf_printf(&b, "%s.", p->r->recommendation);
	else if (p->r->variants_note) {
		buf_printf(&b, "%s.", p->r->variants_note);
		render_capital(b.s);
	} else
		buf_puts(&b, "No line of the schedule is in long-term support on the report date, "
			 "so there is no recommendation.");
	pdf_field(p, "Decision", b.s, labw);
	buf_reset(&b);
	/* the short answer every document gives, counting confirmed claims */
	if (p->r->claims.regressed) {
		buf_printf(&b, "%s. ", p->r->claims.regressed);
		render_capital(b.s);
	}
	buf_printf(&b, "%s.", p->r->headline);
	pdf_field(p, "Findings", b.s, labw);
	/* the regressions and a few more: the verdict table has every one */
	for (size_t i = 0; i < p->r->claims.nfindings; i++) {
		buf_reset(&b);
		if (i >= PDF_MAX_FINDINGS && i >= p->r->claims.nregressed) {
			size_t more = p->r->claims.nfindings - i;
			buf_printf(&b, "\xE2\x80\xA6" "and %zu more confirmed difference%s, in the verdict table.",
				   more, more == 1 ? "" : "s");
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
		pdf_field(p, "Cores freed", b.s, labw);
	}
	if (!p->r->nwarnings) {
		pdf_field(p, "Risks", "None found.", labw);
	} else {
		size_t nw;
		char **w = digest_warnings(m, p->r->warnings, p->r->nwarnings, &nw);
		for (size_t i = 0; i < nw; i++) {
			buf_reset(&b);
			buf_printf(&b, "%s.", w[i]);
			if (b.len >= 2 && b.s[b.len - 2] == '.')
				b.s[--b.len] = '\0';
			render_capital(b.s);
			pdf_field(p, i == 0 ? "Risks" : "", b.s, labw);
		}
		digest_free(w, nw);
	}
	for (size_t i = 0; i < m->nbad_days; i++) {
		char *t = history_bad_day_text(&m->bad_days[i]);
		buf_reset(&b);
		buf_printf(&b, "%s.", t);
		render_capital(b.s);
		pdf_field(p, i == 0 ? "Bad days" : "", b.s, labw);
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
		struct pdf_col cols[] = { { "Workload", 150, 0 }, { "Across platforms", -1, 0 } };
		t.cols = cols;
		t.ncols = 2;
		t.caption = "Across platforms";
		pdf_subheading(p, "Does it reproduce on every platform?", 40);
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
	struct pdf_table t = { 0 };
	struct pdf_col cols[] = {
		{ "Workload", 150, 0 }, { "Verdict", -1, 0 },
		{ "Compared", 0, 1 }, { "Gap", 0, 1 }, { "Noise", 0, 1 },
	};
	int plat = 0;
	for (size_t i = 1; i < m->ncomparisons; i++)
		plat |= m->comparisons[i].platform != m->comparisons[0].platform;

	pdf_heading(p, "Verdicts", 60);
	{
		struct buf h = BUF_INIT;
		if (p->r->grouping_text) {
			/* the rows name lines or releases: how they were formed */
			buf_printf(&h, "%s.", p->r->grouping_text);
			render_capital(h.s);
			pdf_paragraph(p, h.s);
			buf_reset(&h);
		}
		buf_printf(&h, "Compared: the best version's value the verdict compared (%s). Gap: how "
			   "much better it is than the worst version's. Noise: the largest band of the "
			   "versions' rounds. A version wins only when the gap is larger than the noise.",
			   p->r->compared_header);
		pdf_paragraph(p, h.s);
		buf_release(&h);
	}
	t.cols = cols;
	t.ncols = 5;
	t.caption = "Verdicts";
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
						c->better == BETTER_HIGHER ? "higher is better"
									   : "lower is better");
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
	pdf_subheading(p, "What each version's verdict compared", 80);
	{
		struct buf h = BUF_INIT;
		buf_printf(&h, "Each cell: the value the verdict compared (%s), then how it stands "
			   "against the baseline in the verdicts' size (the pair's record) and the band. Bold marks the version a "
			   "verdict names faster, when no other version in its row is better.",
			   p->r->compared_header);
		pdf_paragraph(p, h.s);
		buf_release(&h);
	}
	cols = xcalloc(nvers + 1, sizeof *cols);
	cols[0].title = "Workload";
	cols[0].w = -1;
	for (size_t k = 0; k < nvers; k++) {
		cols[k + 1].title = vers[k].version;
		cols[k + 1].right = 1;
	}
	t.cols = cols;
	t.ncols = nvers + 1;
	t.caption = "What each version's verdict compared";
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
				buf_puts(&b, "baseline");
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
	struct chart_spec sp;
	int parent = PDF_OUTLINE_TOP;
	const char *section = "Charts";
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
		if (p->r->charts[i].kind == REPORT_CHART_TIME) {
			struct chart_scene sc;
			chart_time_scene(p->m, &p->m->comparisons[p->r->charts[i].comparison],
					 pdf_chart_style(), p->cf, &sc);
			pdf_scene(p, &sc, sc.title, section, &parent);
			chart_scene_release(&sc);
		} else {
			chart_spec_planned(p->m, &p->r->charts[i], &sp);
			pdf_chart(p, &sp, section, &parent);
			chart_spec_release(&sp);
		}
		section = NULL;
	}
	if (left_out) {
		char *t = xasprintf("The charts of the other %zu %s (those without a verdict, "
				    "a step or drift, and any past the first %d) are in the charts "
				    "folder written beside this file.", left_out,
				    report_several_platforms(p->m) ? "comparisons" : "workloads",
				    PDF_MAX_CHART_WORKLOADS);
		pdf_paragraph(p, t);
		free(t);
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
	struct pdf_table t = { 0 };
	char *shift_head = xasprintf("Shift\n%s", c->unit);
	char *ci_head = xasprintf("%s interval", p->r->method.ci_text);
	struct pdf_col cols[] = {
		{ "a \xE2\x86\x92 b", 0, 0 }, { "Ratio b/a", 0, 1 }, { ci_head, 0, 1 },
		{ shift_head, 0, 1 }, { "U", 0, 1 }, { "p", 0, 1 }, { "p (Holm)", 0, 1 },
		{ "Test", -1, 0 },
	};
	struct buf b = BUF_INIT;

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
			row[7].text = xasprintf("%s%s%s", ps->significant ? "significant" : "",
						ps->significant && ps->borderline ? ", " : "",
						ps->borderline ? "borderline" : "");
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
	const struct comparison *c = &m->comparisons[ci];

	if (p->r->comparisons[ci].power_note)
		note_field(p, "Power", p->r->comparisons[ci].power_note);
	for (size_t i = 0; i < c->nsteps; i++)
		pdf_field(p, i == 0 ? "Steps" : "", p->r->comparisons[ci].steps[i], NOTE_LABEL_W);
	if (p->r->comparisons[ci].drift)
		note_field(p, "Drift", p->r->comparisons[ci].drift);
	if (c->interleaved == 0)
		note_field(p, "Run order", "some versions ran their rounds back to back rather than "
			   "interleaved with the others, so a change of the machine over time can be "
			   "charged to a version");
	if (p->r->comparisons[ci].design_text)
		note_field(p, "Design", p->r->comparisons[ci].design_text);
	if (p->r->comparisons[ci].anomaly)
		note_field(p, "Two clusters", p->r->comparisons[ci].anomaly);
	for (size_t k = 0; k < m->nplatforms; k++) {
		const struct platform_finding *f = &m->platforms[k];
		if (f->workload == c->workload && f->comparisons[f->ncomparisons - 1] == ci)
			note_field(p, "Platforms", p->r->findings[k]);
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
		note_field(p, "Borderline", rc->borderline_summary);
		return;
	}
	for (size_t i = 0; i < c->npairs; i++)
		if (rc->borderline[i])
			note_field(p, n++ ? "" : "Borderline", rc->borderline[i]);
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
	parent = pdf_heading(p, "Statistical evidence", LEAD_BODY * 6);
	buf_printf(&b, "%s.", r->rank_test_note);
	pdf_paragraph(p, b.s);
	buf_reset(&b);
	buf_printf(&b, "For each pair of %s: the ratio b/a, the "
		   "Hodges\xE2\x80\x93Lehmann estimate (the median of every ratio of a round of b "
		   "to a round of a), with its %s interval from %s; the shift, the "
		   "Hodges\xE2\x80\x93Lehmann estimate of b \xE2\x88\x92 a "
		   "in the workload's unit; U and the two-sided p of the test, as R's wilcox.test "
		   "gives them, and p after Holm's correction. A pair is significant when p after "
		   "Holm is below %s; borderline when the within-noise rule and the test "
		   "disagree.", r->ordered ? "an older version a and a newer b" : "variants a and b",
		   r->method.ci_text, r->method.interval, r->method.alpha_text);
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
			buf_printf(&s, "Shown: the %zu pairs of neighbouring versions", neighbours);
			if (shown > neighbours)
				buf_printf(&s, " and %zu other significant or borderline pair%s",
					   shown - neighbours, shown - neighbours == 1 ? "" : "s");
			buf_printf(&s, "; all %zu pairs of this long series are in analysis.json and "
				   "the workbook's Pairs sheet.", c->npairs);
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
		buf_printf(&b, "The rank tests of the other %zu %s (those without a verdict, a "
			   "step or drift, and any past the first %d) are in analysis.json and the "
			   "workbook's Pairs sheet.", skipped,
			   report_several_platforms(m) ? "comparisons" : "workloads", PDF_MAX_EVIDENCE);
		pdf_paragraph(p, b.s);
	}
	buf_release(&b);
}

static void support(struct pdf *p)
{
	const struct model *m = p->m;
	struct pdf_table t = { 0 };
	struct pdf_col cols[] = {
		{ "Line", 0, 0 }, { "Status", 0, 0 }, { "Start", 0, 1 }, { "End", 0, 1 },
		{ "V8", 0, 1 }, { "Who should pick it", -1, 0 },
	};
	size_t shown = 0;

	for (size_t i = 0; i < p->r->nlines; i++)
		shown += p->r->lines[i].shown;
	if (!shown)
		return;
	pdf_heading(p, "Support windows", 60);
	{
		struct buf b = BUF_INIT;
		buf_printf(&b, "Status of each %s release line on %s: the measured lines and every "
			   "line that can still be picked.",
			   m->schedule.product ? m->schedule.product : "", m->as_of);
		pdf_paragraph(p, b.s);
		buf_release(&b);
	}
	t.cols = cols;
	t.ncols = 6;
	t.caption = "Support windows";
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
		if (l->compared || l == m->recommended)
			buf_printf(&b, "\n%s%s%s", l->compared ? "measured" : "",
				   l->compared && l == m->recommended ? ", " : "",
				   l == m->recommended ? "recommended" : "");
		row[0].text = buf_detach(&b, NULL);
		row[0].bold = l == m->recommended;
		row[1].text = xstrdup(l->status);
		row[1].marker = p->r->lines[i].eol ? 0xD55E00u : CHART_NONE;
		row[2].text = xstrdup(*l->start ? l->start : "\xE2\x80\x94");
		row[3].text = xstrdup(*l->end ? l->end : "\xE2\x80\x94");
		row[4].text = xstrdup(p->r->lines[i].v8 ? p->r->lines[i].v8 : "\xE2\x80\x94");
		row[5].text = xstrdup(support_pick_when(l->status));
	}
	pdf_table_draw(p, &t);
	pdf_table_release(&t);
}

static void method(struct pdf *p)
{
	const struct model *m = p->m;
	struct buf b = BUF_INIT;
	const char *base = NULL;
	const double labw = 78;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (!base && c->baseline_idx >= 0)
			base = c->versions[c->baseline_idx].version;
	}
	pdf_heading(p, "Method", LEAD_BODY * 4);
	buf_puts(&b, "Each version ran ");
	rounds_range(p->r, &b);
	buf_printf(&b, " of every workload: %s. ", p->r->how_taken);
	buf_puts(&b, "A round ran ");
	passes_range(m, &b);
	buf_puts(&b, "; its value is the median of its passes, so one disturbed "
		 "pass does not move it.");
	pdf_field(p, "Rounds", b.s, labw);
	pdf_field(p, "Best", "A version's lowest round value (the highest for rates): interference on "
	      "a shared machine only ever adds time, so the best round is the one closest to what "
	      "the version can do.", labw);
	pdf_field(p, "Spread", "(highest \xE2\x88\x92 lowest round value) / (2 \xC3\x97 median "
	      "round value), shown as \xC2\xB1x%: how far the rounds of one version disagree.", labw);
	pdf_field(p, "Within noise", "The gap is how much better one version's best round is "
	      "than the other's; the noise is the largest spread among the versions (where the "
	      "rounds ran both versions side by side and their per-round ratios decide, the "
	      "spread of those ratios; the verdict then says \xE2\x80\x9Cpaired\xE2\x80\x9D). A "
	      "difference is claimed only when the gap is larger than the noise and the rank test "
	      "confirms it in the same direction after Holm's correction; beyond the noise alone it "
	      "is \xE2\x80\x9Cnot confirmed\xE2\x80\x9D. Otherwise the verdict "
	      "is \xE2\x80\x9Cwithin noise\xE2\x80\x9D: these measurements cannot tell the "
	      "versions apart, which is not proof that they are equal. Unequal round counts and "
	      "histories are compared by medians and quantile spreads instead.", labw);
	pdf_field(p, "Not linear", p->r->releases ? "The best rounds do not move one way only from "
		  "the oldest version to the newest." : "The best rounds do not move one way only "
		  "from the first variant to the last.", labw);
	buf_reset(&b);
	buf_printf(&b, "A version with fewer than %d rounds has no known spread, so its workload "
		   "gets no verdict.", m->min_rounds);
	pdf_field(p, "Insufficient", b.s, labw);
	if (base) {
		buf_reset(&b);
		buf_printf(&b, "Change against %s: a version's best divided by the baseline's best, "
			   "minus one; negative means a lower value.", base);
		pdf_field(p, "Baseline", b.s, labw);
	}
	buf_release(&b);
}

static void appendix(struct pdf *p)
{
	const struct model *m = p->m;
	int parent;
	if (total_rounds(m) > PDF_MAX_APPENDIX_ROUNDS) {
		char *t = xasprintf("The %zu rounds are too many to print: every round with its date, "
				    "exact release and passes is in rounds.csv and in the workbook's "
				    "Rounds sheet, written beside this file.", total_rounds(m));
		pdf_heading(p, "Appendix: every round", 40);
		pdf_paragraph(p, t);
		free(t);
		return;
	}
	parent = pdf_heading(p, "Appendix: every round", 160);
	pdf_paragraph(p, "Every round of every version with its timed passes, in the order measured. "
		  "A round's value is the median of its passes; the best round of each version is "
		  "in bold.");

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
		cols[0] = (struct pdf_col){ "Version", 0, 0 };
		cols[1] = (struct pdf_col){ "Round", 0, 1 };
		cols[2] = (struct pdf_col){ "Value", 0, 1 };
		if (split) {
			for (size_t k = 0; k < npasses; k++) {
				char *h = xasprintf(k ? "%zu" : "pass %zu", k + 1);
				cols[3 + k] = (struct pdf_col){ h, 0, 1 };
			}
		} else {
			cols[3] = (struct pdf_col){ "Passes", -1, 0 };
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
	pdf_metadata(p, report_title(m), author ? author : "noisefloor", m->subject,
		     "noisefloor " NF_VERSION, rc->source_date);
}

/* ---- workloads, impact, how to reproduce (worded in report_impact.c) ---- */

static void workloads(struct pdf *p)
{
	const struct report_impact *ri = &p->r->impact;
	struct pdf_table t = { 0 };
	struct pdf_col cols[] = {
		{ "Workload\nits code", 0, 0 }, { "What one pass does", -1, 0 }, { "Size", 0, 1 },
	};
	if (!ri->nworkloads)
		return;
	pdf_heading(p, "Workloads", 60);
	pdf_paragraph(p, "What each workload does in one pass, how much data it handles and where "
		  "its code is, as the input describes them.");
	t.cols = cols;
	t.ncols = 3;
	t.caption = "Workloads";
	for (size_t i = 0; i < ri->nworkloads; i++) {
		const struct rimp_workload *w = &ri->workloads[i];
		struct pdf_cell *row = pdf_table_row(&t);
		row[0].text = w->source ? xasprintf("%s\n%s", w->name, w->source) : xstrdup(w->name);
		row[1].text = xstrdup(w->description ? w->description : "\xE2\x80\x94");
		row[2].text = w->size ? xasprintf("%s\n%s", w->size, w->bytes) : xstrdup("\xE2\x80\x94");
	}
	pdf_table_draw(p, &t);
	pdf_table_release(&t);
}

static void impact(struct pdf *p)
{
	const struct report_impact *ri = &p->r->impact;
	struct buf b = BUF_INIT;
	const double labw = 90;
	if (!ri->shown)
		return;
	pdf_heading(p, "What is it worth to your service?", LEAD_BODY * 6);
	buf_printf(&b, "At %s, with each workload's best rounds standing for the work of one "
		   "request. Only confirmed claims (a \"faster\" verdict) get a figure, with the range "
		   "the 95 %% interval of the ratio gives; the workbook's Impact sheet recomputes "
		   "them for other numbers.", ri->inputs);
	pdf_paragraph(p, b.s);
	for (size_t i = 0; i < ri->nclaims; i++) {
		const struct rimp_claim *c = &ri->claims[i];
		if (!c->confirmed)
			continue;
		pdf_subheading(p, c->workload, LEAD_BODY * 4);
		buf_reset(&b);
		buf_printf(&b, "%s.", c->sentence);
		pdf_field(p, "Worth", b.s, labw);
		buf_reset(&b);
		buf_printf(&b, "best round \xC3\xB7 (bytes per pass \xC3\xB7 1,048,576): %s", c->per_mb);
		pdf_field(p, "ms per MB", b.s, labw);
		buf_reset(&b);
		buf_printf(&b, "requests per second \xC3\x97 payload in MB \xC3\x97 (ms/MB of the "
			   "slower \xE2\x88\x92 ms/MB of the faster): %s", c->formula);
		pdf_field(p, "Saved", b.s, labw);
	}
	for (size_t i = 0; i < ri->nclaims; i++)
		if (!ri->claims[i].confirmed) {
			buf_reset(&b);
			buf_printf(&b, "%s.", ri->claims[i].sentence);
			pdf_paragraph(p, b.s);
		}
	buf_release(&b);
}

/* What moving from one version to another changes (present/upgrade.c),
 * with --from: both ends' support, the counts, and every comparison that
 * measured an end, confirmed changes first. */
static void upgrade(struct pdf *p)
{
	const struct report_upgrade *u = &p->r->upgrade;
	struct pdf_table t = { 0 };
	struct pdf_col cols[] = {
		{ "Workload", 150, 0 }, { "Versions", 0, 0 }, { "Change", -1, 0 },
	};
	struct buf b = BUF_INIT;
	if (!u->shown)
		return;
	pdf_heading(p, u->title, LEAD_BODY * 6);
	if (u->ends)
		buf_printf(&b, "%s. ", u->ends);
	buf_printf(&b, "%s. A change is confirmed as a verdict's claim is: beyond the noise and "
		   "by the rank test after Holm; the percentage is the median of every ratio of a "
		   "round of one version to a round of the other, with its 95 %% interval.",
		   u->summary);
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
		row[1].text = xasprintf("%s \xE2\x86\x92 %s", ur->from ? ur->from : "\xE2\x80\x94",
					ur->to ? ur->to : "\xE2\x80\x94");
		row[2].text = xstrdup(ur->text);
		row[2].bold = ur->confirmed;
	}
	pdf_table_draw(p, &t);
	pdf_table_release(&t);
}

static void reproduce(struct pdf *p)
{
	const struct report_impact *ri = &p->r->impact;
	struct buf b = BUF_INIT;
	const double labw = 90;
	pdf_heading(p, "How to reproduce", LEAD_BODY * 6);
	if (ri->run_command)
		pdf_field(p, "Measured by", ri->run_command, labw);
	if (ri->command) {
		buf_printf(&b, "%s\n(noisefloor %s)", ri->command, ri->version ? ri->version : "");
		pdf_field(p, "Command", b.s, labw);
	}
	for (size_t i = 0; i < ri->ninputs; i++) {
		pdf_field(p, "Input", ri->inputs_used[i].name, labw);
		pdf_field(p, "SHA-256",
			  ri->inputs_used[i].sha256 ? ri->inputs_used[i].sha256 : "unknown", labw);
	}
	buf_reset(&b);
	buf_printf(&b, "%s.", ri->as_of_note);
	pdf_field(p, "Report date", b.s, labw);
	if (ri->notes)
		pdf_field(p, "Runner notes", ri->notes, labw);
	if (ri->sources)
		pdf_field(p, "Workload code", ri->sources, labw);
	pdf_field(p, "Versions", ri->versions, labw);
	if (ri->environment)
		pdf_field(p, "Environment", ri->environment, labw);
	if (ri->date_range) {
		buf_reset(&b);
		buf_printf(&b, "Rounds run %s.", ri->date_range);
		pdf_field(p, "When", b.s, labw);
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
	environment(&p);
	verdicts(&p);
	per_version(&p);
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
