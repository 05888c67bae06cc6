/*
 * doc_context.c - the one template context the documents are rendered
 * from: blog.md, issue.md and summary.md (render_md.c), report.html
 * (render_html.c). The presentation model (report.c and its neighbours)
 * laid out as Mustache values, one section at a time (doc_sections), so a
 * document can be built, rendered and freed a section at a time. Every
 * value is worded here or above; the renderers only lay it out.
 */
#include "present/doc_context.h"

#include "analysis/evidence.h"
#include "lib/fmt.h"
#include "lib/mustache.h"
#include "lib/util.h"
#include "present/compared.h"
#include "present/counts.h"
#include "present/digest.h"
#include "present/doc.h"
#include "present/history.h"
#include "present/report_impact.h"
#include "present/support.h"
#include "present/table_words.h"
#include "present/verdict_words.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A long report lists this many borderline pairs and counts the rest. */
#define MD_MAX_BORDERLINE 12

const char doc_untitled[] = "Benchmark comparison";
const char doc_issue_cut_note[] = "*The rest does not fit a GitHub issue: see analysis.json and report.pdf.*";
const char doc_ci_cut_note[] = "*The rest does not fit: see report.html.*";

void doc_worse_steps(struct buf *b, const char *text, const char *worse_steps)
{
	buf_printf(b, "%s; a newer release is slower %s", text, worse_steps);
}

void doc_capital(char *s)
{
	if (s && s[0] >= 'a' && s[0] <= 'z')
		s[0] = (char)(s[0] - 'a' + 'A');
}

double doc_over_noise(double size, double band)
{
	return size / (band > 0.01 ? band : 0.01);
}

void doc_set_capital(struct mctx *ctx, const char *key, const char *s)
{
	char *cap = s ? xstrdup(s) : NULL;
	doc_capital(cap);
	mctx_set_str(ctx, key, cap);
	free(cap);
}

void doc_push_capital(struct mctx *list, const char *s)
{
	char *cap = xstrdup(s);
	doc_capital(cap);
	mctx_push(list, mctx_string(cap));
	free(cap);
}

/* ---- small context helpers ---- */

static void set_num(struct mctx *o, const char *key, void (*fmt)(struct buf *, double), double v)
{
	struct buf b = BUF_INIT;
	fmt(&b, v);
	mctx_set_str(o, key, b.s);
	buf_release(&b);
}

static void set_fmt(struct mctx *o, const char *key, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void set_fmt(struct mctx *o, const char *key, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	mctx_set_str(o, key, b.s);
	buf_release(&b);
}

/* The newest version of comparison c on a release line, or NULL. */
static const struct version_stats *on_line(const struct comparison *c, const char *line)
{
	const struct version_stats *found = NULL;
	for (size_t k = 0; k < c->nversions; k++)
		if (c->versions[k].line && strcmp(c->versions[k].line, line) == 0)
			found = &c->versions[k];
	return found;
}

/* pairs, steps, drift and borderline notes of one comparison. */
static void evidence_ctx(const struct report_comparison *rcmp, const struct comparison *c,
			 struct mctx *o, int level, size_t *budget)
{
	struct mctx *pairs = mctx_list(), *steps = mctx_list(), *notes = mctx_list();

	/* the templates' names of a pair's cells, in table_words.h's order */
	static const char *const pair_keys[PAIR_MARK] = {
		"a", "b", "ratio", "ci", "shift", "u", "p", "p_holm",
	};
	struct table_pair_row cells;

	for (size_t i = 0; i < c->npairs; i++) {
		const struct pair_stats *p = &c->pairs[i];
		struct mctx *row;
		if (rcmp->borderline[i] && level < DOC_DETAIL_NO_PAIRS && (!budget || *budget > 0)) {
			mctx_push(notes, mctx_string(rcmp->borderline[i]));
			if (budget)
				--*budget;
		}
		/* shorter documents: only the pairs that say something */
		if ((level >= DOC_DETAIL_CLAIMED_PAIRS && !p->significant && !p->borderline) ||
		    (level >= DOC_DETAIL_SIGNIFICANT_PAIRS && !p->significant) || level >= DOC_DETAIL_NO_PAIRS)
			continue;
		/* the pair's cells, formatted once (table_words.c) */
		row = mctx_object();
		table_pair_row(&cells, c, p);
		for (int k = 0; k < PAIR_MARK; k++)
			mctx_set_str(row, pair_keys[k], cells.cell[k]);
		table_pair_row_release(&cells);
		mctx_set_bool(row, "significant", p->significant);
		mctx_set_bool(row, "borderline", p->borderline);
		mctx_set_bool(row, "exact", p->exact);
		mctx_push(pairs, row);
	}
	for (size_t i = 0; i < c->nsteps; i++) {
		const struct step *st = &c->steps[i];
		const struct version_stats *vb = &c->versions[st->before], *va = &c->versions[st->after];
		struct mctx *row = mctx_object();
		struct buf b = BUF_INIT;
		mctx_set_str(row, "before", vb->version);
		mctx_set_str(row, "after", va->version);
		mctx_set_str(row, "v8_before", vb->v8);
		mctx_set_str(row, "v8_after", va->v8);
		fmt_percent_signed(&b, st->change);
		mctx_set_str(row, "change", b.s);
		mctx_set_str(row, "text", rcmp->steps[i]);
		buf_release(&b);
		mctx_push(steps, row);
	}
	mctx_set(o, "pairs", pairs);
	mctx_set_bool(o, "has_pairs", c->npairs > 0);
	mctx_set(o, "steps", steps);
	mctx_set_bool(o, "has_steps", c->nsteps > 0);
	mctx_set(o, "borderline_notes", notes);
	mctx_set_bool(o, "has_borderline", rcmp->nborderline > 0);
	mctx_set_str(o, "drift", rcmp->drift);
}

/* Report-wide evidence: counts, the power floor, method facts, platforms. */
static void evidence_report_ctx(const struct report *r, struct mctx *ctx)
{
	const struct model *m = r->m;
	struct mctx *platforms = mctx_list();

	set_fmt(ctx, "n_pairs", "%zu", r->npairs);
	set_fmt(ctx, "n_significant", "%zu", r->nsignificant);
	mctx_set_bool(ctx, "any_pairs", r->npairs > 0);
	mctx_set_bool(ctx, "any_borderline", r->nborderline > 0);
	mctx_set_bool(ctx, "any_steps", r->nsteps > 0);
	mctx_set_bool(ctx, "any_drift", r->ndrift > 0);
	mctx_set_str(ctx, "power_note", r->power_note);
	mctx_set_str(ctx, "rank_test_note", r->rank_test_note);
	mctx_set_str(ctx, "alpha", r->method.alpha_text);
	mctx_set_str(ctx, "interval_method", r->method.interval);
	mctx_set_str(ctx, "ci_level", r->method.ci_text);
	size_t ncross = 0;
	for (size_t i = 0; i < m->nplatforms; i++) {
		const struct platform_finding *f = &m->platforms[i];
		struct mctx *row;
		size_t n = 0;
		/* a platform where one version ran has nothing to compare */
		for (size_t k = 0; k < f->ncomparisons; k++)
			n += m->comparisons[f->comparisons[k]].nversions > 1;
		if (n < 2)
			continue;
		ncross++;
		row = mctx_object();
		mctx_set_str(row, "workload", f->workload);
		mctx_set_str(row, "text", r->findings[i]);
		mctx_set_bool(row, "consistent", f->consistent == 1);
		mctx_push(platforms, row);
	}
	mctx_set(ctx, "platforms", platforms);
	mctx_set_bool(ctx, "has_platforms", ncross > 0);
}

/* One comparison for the templates; cells for the versions all[0..nall)
 * (a table's columns); raw rounds only at DOC_DETAIL_FULL, as many as raw
 * allows (NULL: all). */
static struct mctx *comparison_ctx(const struct report *r, size_t ci, int level,
				   const struct report_version *all, size_t nall, size_t *budget,
				   struct doc_raw *raw, const struct doc_opts *hook)
{
	size_t nraw = 0;
	const struct comparison *c = &r->m->comparisons[ci];
	const struct report_comparison *rcmp = &r->comparisons[ci];
	struct mctx *o = mctx_object(), *cells = mctx_list(), *rounds = mctx_list();
	const char *unit = c->unit;

	mctx_set_str(o, "workload", c->workload);
	{
		/* for an HTML element (<summary>): no Markdown escapes */
		struct buf h = BUF_INIT;
		doc_html_text(&h, c->workload);
		mctx_set_str(o, "workload_html", buf_str(&h));
		buf_release(&h);
	}
	/* a platform nobody named is no word of a sentence: unset */
	mctx_set_str(o, "platform", model_platform_named(c->platform) ? c->platform : NULL);
	mctx_set_str(o, "unit", unit);
	mctx_set_str(o, "better", c->better == BETTER_HIGHER ? "higher" : "lower");
	mctx_set_str(o, "text", rcmp->text);
	mctx_set_str(o, "verdict", verdict_name(c->verdict));
	mctx_set_bool(o, "faster", c->verdict == VERDICT_FASTER);
	mctx_set_bool(o, "within_noise", c->verdict == VERDICT_WITHIN_NOISE);
	mctx_set_bool(o, "not_confirmed", c->verdict == VERDICT_NOT_CONFIRMED);
	mctx_set_str(o, "anomaly", rcmp->anomaly);
	mctx_set_bool(o, "worth_filing", rcmp->worth_filing);
	mctx_set_str(o, "worse_steps", rcmp->worse_steps);
	mctx_set_str(o, "worse_variant", rcmp->worse_variant);
	mctx_set_str(o, "verdict_line", rcmp->verdict_line);
	mctx_set_str(o, "design_text", rcmp->design_text);
	mctx_set_str(o, "compared_text", rcmp->compared_text);
	mctx_set_bool(o, "insufficient", c->verdict == VERDICT_INSUFFICIENT);
	mctx_set_bool(o, "back_to_back", c->interleaved == 0);
	mctx_set_str(o, "text_numbers", rcmp->text_numbers);
	set_num(o, "gap", fmt_percent, c->gap);
	set_num(o, "noise", fmt_percent, c->noise);
	if (c->verdict == VERDICT_FASTER) {
		const struct version_stats *b = &c->versions[c->best_idx], *w = &c->versions[c->worst_idx];
		struct buf s = BUF_INIT;
		mctx_set_str(o, "best_version", b->version);
		mctx_set_str(o, "worst_version", w->version);
		set_num(o, "best_value", fmt_value, b->level);
		set_num(o, "worst_value", fmt_value, w->level);
		words_how_often(&s, c);
		mctx_set_str(o, "how_often", s.s);
		buf_release(&s);
		/* a newer version confirmed slower than an older one */
		mctx_set_bool(o, "regression", c->regression);
		/* what is filed about the difference: a regression, or a
		 * variant worse than the baseline */
		mctx_set_bool(o, "filed_difference", c->regression || rcmp->worse_variant);
	}
	/* only a real winner is highlighted (found once for the row) */
	const struct version_stats *winner = words_winner(c);
	for (size_t k = 0; k < nall; k++) {
		const struct version_stats *v = report_cell(c, all[k].version);
		struct mctx *cell = mctx_object();
		mctx_set_str(cell, "version", all[k].version);
		if (v) {
			struct buf b = BUF_INIT;
			/* the value the verdict compared and its band */
			fmt_value(&b, v->level);
			buf_puts(&b, " ");
			fmt_spread(&b, v->band);
			mctx_set_str(cell, "value_band", b.s);
			buf_release(&b);
			set_num(cell, "best", fmt_value, v->best);
			set_num(cell, "spread", fmt_spread, v->spread);
			set_fmt(cell, "rounds", "%zu", v->nrounds);
			mctx_set_bool(cell, "is_best", v == winner);
			mctx_set_bool(cell, "baseline", v->is_baseline);
			if (rcmp->change && rcmp->change[v - c->versions])
				mctx_set_str(cell, "change", rcmp->change[v - c->versions]);
		} else {
			mctx_set_str(cell, "value_band", "\xE2\x80\x94");
		}
		mctx_push(cells, cell);
	}
	mctx_set(o, "cells", cells);
	for (size_t k = 0; k < c->nversions && level == DOC_DETAIL_FULL; k++) {
		const struct version_stats *v = &c->versions[k];
		for (size_t r = 0; r < v->nrounds; r++) {
			struct mctx *row;
			struct buf p = BUF_INIT;
			if (raw && raw->limited && raw->left == 0 && nraw > 0) {
				raw->cut = 1;
				break;
			}
			if (raw && raw->limited && raw->left > 0)
				raw->left--;
			nraw++;
			row = mctx_object();
			mctx_set_str(row, "version", v->version);
			set_fmt(row, "round", "%d", v->rounds[r].round);
			set_num(row, "value", fmt_value, v->values[r]);
			for (size_t i = 0; i < result_npasses(&v->rounds[r]); i++) {
				if (i)
					buf_puts(&p, ", ");
				fmt_sig(&p, result_passes(&v->rounds[r])[i], 6);
			}
			mctx_set_str(row, "passes", p.s);
			mctx_set_str(row, "timestamp", result_timestamp(&v->rounds[r]));
			buf_release(&p);
			mctx_push(rounds, row);
		}
	}
	mctx_set(o, "rounds", rounds);
	if (r->link_charts && rcmp->chart) {
		char *path = xasprintf("charts/%s.svg", rcmp->chart);
		mctx_set_str(o, "chart", path);
		free(path);
		if (rcmp->series_chart) {
			path = xasprintf("charts/%s.svg", rcmp->series_chart);
			mctx_set_str(o, "series_chart", path);
			free(path);
		}
		if (rcmp->time_chart) {
			path = xasprintf("charts/%s.svg", rcmp->time_chart);
			mctx_set_str(o, "time_chart", path);
			free(path);
		}
	}
	{
		struct mctx *steps = mctx_list();
		for (size_t i = 0; i < c->nrelease_steps; i++)
			if (c->release_steps[i].step) {
				char *t = history_release_step_text(c, &c->release_steps[i]);
				mctx_push(steps, mctx_string(t));
				free(t);
			}
		mctx_set(o, "release_steps", steps);
	}
	evidence_ctx(rcmp, c, o, level, budget);
	if (hook && hook->each)
		hook->each(o, ci, hook->ud);
	return o;
}

/* The Workloads table, the impact estimate and how to reproduce
 * (report_impact.c words them; the templates lay them out). */
static void impact_ctx(struct mctx *ctx, const struct report_impact *ri)
{
	struct mctx *list = mctx_list();
	for (size_t i = 0; i < ri->nworkloads; i++) {
		struct mctx *w = mctx_object();
		mctx_set_str(w, "name", ri->workloads[i].name);
		mctx_set_str(w, "description", ri->workloads[i].description);
		mctx_set_str(w, "size", ri->workloads[i].size);
		mctx_set_str(w, "bytes", ri->workloads[i].bytes);
		mctx_set_str(w, "source", ri->workloads[i].source);
		mctx_push(list, w);
	}
	mctx_set(ctx, "workloads", list);
	mctx_set_bool(ctx, "has_workloads", ri->nworkloads > 0);
	{
		/* a Size column only where a workload says its size */
		int sized = 0;
		for (size_t i = 0; i < ri->nworkloads && !sized; i++)
			sized = ri->workloads[i].size != NULL;
		mctx_set_bool(ctx, "has_sizes", sized);
	}

	mctx_set_bool(ctx, "impact_shown", ri->shown);
	mctx_set_str(ctx, "impact_inputs", ri->inputs);
	mctx_set_str(ctx, "impact_summary", ri->summary);
	mctx_set_bool(ctx, "impact_any_confirmed", ri->nconfirmed > 0);
	list = mctx_list();
	for (size_t i = 0; i < ri->nclaims; i++) {
		struct mctx *c = mctx_object();
		mctx_set_str(c, "workload", ri->claims[i].workload);
		mctx_set_str(c, "platform", ri->claims[i].platform);
		mctx_set_bool(c, "confirmed", ri->claims[i].confirmed);
		mctx_set_str(c, "sentence", ri->claims[i].sentence);
		mctx_set_str(c, "formula", ri->claims[i].formula);
		mctx_set_str(c, "per_mb", ri->claims[i].per_mb);
		mctx_push(list, c);
	}
	mctx_set(ctx, "impact_claims", list);

	mctx_set_str(ctx, "command", ri->command);
	mctx_set_str(ctx, "run_command", ri->run_command);
	mctx_set_str(ctx, "noisefloor_version", ri->version);
	mctx_set_str(ctx, "as_of_note", ri->as_of_note);
	list = mctx_list();
	for (size_t i = 0; i < ri->ninputs; i++) {
		struct mctx *in = mctx_object();
		mctx_set_str(in, "name", ri->inputs_used[i].name);
		mctx_set_str(in, "sha256", ri->inputs_used[i].sha256);
		/* what a list in a sentence puts before it */
		mctx_set_str(in, "sep", i == 0 ? "" : i + 1 == ri->ninputs ? " and" : ",");
		mctx_push(list, in);
	}
	mctx_set(ctx, "inputs", list);
	mctx_set_str(ctx, "workload_sources", ri->sources);
	mctx_set_str(ctx, "versions_exact", ri->versions);
	mctx_set_str(ctx, "rounds_environment", ri->environment);
	mctx_set_str(ctx, "date_range", ri->date_range);
}

/* The one context every document is rendered from: the presentation model
 * laid out for the templates, with links to the charts when the charts
 * renderer writes them. Caller frees. */
/* One verdict table per platform, each workload once in it, its columns
 * the versions measured there; a platform where one version ran is one
 * sentence instead. */
/* summary.md fits one printed page (60 lines) for any input: every verdict
 * up to MD_SUMMARY_ALL comparisons, else the confirmed findings, at most
 * MD_SUMMARY_FINDINGS, and a count of the rest; at most MD_SUMMARY_RISKS
 * warnings and MD_SUMMARY_BEHIND workloads where the recommended line is
 * behind; the support of the compared lines in one sentence. */
#define MD_SUMMARY_ALL 12
#define MD_SUMMARY_FINDINGS 6
#define MD_SUMMARY_RISKS 4
#define MD_SUMMARY_BEHIND 3

/* "summary_rows": the rows of summary.md's verdict table (workload,
 * platform, text), "summary_platforms" when rows could repeat without the
 * platform, and "summary_more": how many comparisons the table leaves to
 * report.pdf. */
static void summary_rows_ctx(const struct report *r, struct mctx *ctx)
{
	const struct model *m = r->m;
	struct mctx *list = mctx_list();
	int all = m->ncomparisons <= MD_SUMMARY_ALL, plat = 0;
	size_t shown = 0, confirmed = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		struct mctx *o;
		plat |= c->platform != m->comparisons[0].platform;
		if (c->verdict == VERDICT_INSUFFICIENT)
			continue;       /* one sentence per platform says these */
		if (!all && c->verdict != VERDICT_FASTER)
			continue;
		confirmed++;
		if (!all && shown == MD_SUMMARY_FINDINGS)
			continue;
		o = mctx_object();
		mctx_set_str(o, "workload", c->workload);
		mctx_set_str(o, "platform", c->platform);
		mctx_set_str(o, "text", r->comparisons[i].text);
		{
			struct buf p = BUF_INIT;
			doc_plain_verdict(&p, r, i);
			mctx_set_str(o, "plain", buf_str(&p));
			buf_release(&p);
		}
		mctx_push(list, o);
		shown++;
	}
	mctx_set(ctx, "summary_rows", list);
	mctx_set_bool(ctx, "summary_platforms", plat);
	mctx_set_bool(ctx, "summary_all", all);
	mctx_set_bool(ctx, "summary_any_rows", shown > 0);
	if (!all) {
		set_fmt(ctx, "summary_shown", "%zu", shown);
		set_fmt(ctx, "summary_confirmed", "%zu", confirmed);
		set_fmt(ctx, "summary_more", "%zu", m->ncomparisons - shown);
	}
}

/* The confirmed changes summary.md lists before "and N more". */
#define MD_UPGRADE_SHOWN 5

/* "upgrade": what moving from one version to another changes
 * (present/upgrade_words.c); false without a view. Every row, and the confirmed
 * ones capped for the summary's page. */
static void upgrade_ctx(const struct report *r, struct mctx *ctx)
{
	const struct report_upgrade *u = &r->upgrade;
	struct mctx *o, *all, *top;
	if (!u->shown) {
		mctx_set_bool(ctx, "upgrade", 0);
		return;
	}
	o = mctx_object();
	all = mctx_list();
	top = mctx_list();
	mctx_set_str(o, "title", u->title);
	mctx_set_str(o, "from", u->from);
	mctx_set_str(o, "to", u->to);
	mctx_set_str(o, "ends", u->ends);
	mctx_set_str(o, "summary", u->summary);
	doc_set_capital(o, "summary_cap", u->summary);
	mctx_set_bool(o, "given", u->given);
	mctx_set_bool(o, "several_platforms", u->several_platforms);
	for (size_t i = 0; i < u->nrows; i++) {
		const struct report_upgrade_row *ur = &u->rows[i];
		for (int k = 0; k < 2; k++) {
			struct mctx *row;
			if (k && (!ur->confirmed || i >= MD_UPGRADE_SHOWN))
				continue;
			row = mctx_object();
			mctx_set_str(row, "workload", ur->workload);
			mctx_set_str(row, "platform", ur->platform);
			mctx_set_str(row, "unit", ur->unit);
			mctx_set_str(row, "from", ur->from ? ur->from : "\xE2\x80\x94");
			mctx_set_str(row, "to", ur->to ? ur->to : "\xE2\x80\x94");
			mctx_set_str(row, "text", ur->text);
			mctx_set_str(row, "plain", ur->plain);
			mctx_set_bool(row, "confirmed", ur->confirmed);
			mctx_push(k ? top : all, row);
		}
	}
	mctx_set(o, "rows", all);
	mctx_set(o, "confirmed_rows", top);
	mctx_set_bool(o, "any_confirmed", u->nconfirmed > 0);
	if (u->nconfirmed > MD_UPGRADE_SHOWN)
		set_fmt(o, "more_confirmed", "%zu", u->nconfirmed - MD_UPGRADE_SHOWN);
	mctx_set(ctx, "upgrade", o);
	mctx_set_bool(ctx, "upgrade_given", u->given);
}

/* A list of comparisons made one at a time as a template reaches them
 * (mctx_list_made): the comparisons idx[0..n), each with the cells of
 * vers[0..nv) at `level`. budget and raw_left, when not NULL, hold what the
 * borderline notes' budget and the raw rounds' limit were when each
 * comparison was reached, so every element is the same whenever it is
 * made. */
struct made_list {
	const struct report *r;
	struct doc_opts o;
	int level;
	size_t *idx, n;
	struct report_version *vers;
	size_t nv;
	size_t *budget;
	size_t *raw_left;
	int raw_limited;
};

static struct mctx *made_item(size_t i, void *ud)
{
	const struct made_list *l = ud;
	size_t budget = l->budget ? l->budget[i] : 0;
	struct doc_raw raw = { l->raw_left ? l->raw_left[i] : 0, l->raw_limited, 0 };
	return comparison_ctx(l->r, l->idx[i], l->level, l->vers, l->nv, l->budget ? &budget : NULL,
			      l->raw_left ? &raw : NULL, &l->o);
}

static void made_free(void *ud)
{
	struct made_list *l = ud;
	free(l->idx);
	free(l->vers);
	free(l->budget);
	free(l->raw_left);
	free(l);
}

/* A new made_list of no comparison yet, room for cap of them, its cells
 * for vers[0..nv). */
static struct made_list *made_new(const struct report *r, const struct doc_opts *o, int level,
				  const struct report_version *vers, size_t nv, size_t cap)
{
	struct made_list *l = xcalloc(1, sizeof *l);
	l->r = r;
	l->o = *o;
	l->o.raw = NULL;
	l->level = level;
	l->idx = xcalloc(cap + 1, sizeof *l->idx);
	l->vers = xcalloc(nv + 1, sizeof *l->vers);
	memcpy(l->vers, vers, nv * sizeof *vers);
	l->nv = nv;
	return l;
}

/* Appends why a document lists only the first n of the comparisons of m:
 * one sentence, no final period. */
static void listed_words(struct buf *b, const struct model *m, size_t n)
{
	buf_puts(b, "Only the first ");
	counts_compared(b, m, NULL, n);
	buf_printf(b, " of %zu are listed here, so that the document stays readable; every one is "
		   "in analysis.json, verdicts.csv and the workbook", m->ncomparisons);
}

/* How many comparisons the documents list in full: o->listed, or all. */
static size_t listed(const struct report *r, const struct doc_opts *o)
{
	return o->listed && o->listed < r->m->ncomparisons ? o->listed : r->m->ncomparisons;
}

/* Comparison indices a and b, by platform (interned: by address), then by
 * index. */
static const struct model *by_platform_m;
static int by_platform(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	uintptr_t pi = (uintptr_t)by_platform_m->comparisons[i].platform;
	uintptr_t pj = (uintptr_t)by_platform_m->comparisons[j].platform;
	if (pi != pj)
		return pi < pj ? -1 : 1;
	return i < j ? -1 : i > j;
}

/* A platform's comparisons: order[start..start+n), ascending, the
 * first of them comparison `first`. */
struct plat_group {
	size_t start, n, first;
};

static int by_first(const void *a, const void *b)
{
	const struct plat_group *x = a, *y = b;
	return x->first < y->first ? -1 : x->first > y->first;
}

static void platform_tables_ctx(const struct report *r, struct mctx *ctx, const struct doc_opts *hook)
{
	const struct model *m = r->m;
	struct mctx *tables = mctx_list();
	size_t *order = xcalloc(m->ncomparisons + 1, sizeof *order);
	struct plat_group *groups = xcalloc(m->ncomparisons + 1, sizeof *groups);
	size_t np = 0, nlisted = listed(r, hook);
	struct report_version *vers = xcalloc(r->nversions + 1, sizeof *vers);

	/* the comparisons of each platform together, the platforms in the
	 * order they first appear: in n log n, as a report of 10,000
	 * platforms has 10,000 tables */
	for (size_t i = 0; i < m->ncomparisons; i++)
		order[i] = i;
	by_platform_m = m;
	qsort(order, m->ncomparisons, sizeof *order, by_platform);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		if (i == 0 || m->comparisons[order[i]].platform != m->comparisons[order[i - 1]].platform) {
			groups[np].start = i;
			groups[np++].first = order[i];
		}
		groups[np - 1].n++;
	}
	qsort(groups, np, sizeof *groups, by_first);
	for (size_t p = 0; p < np; p++) {
		struct mctx *t = mctx_object(), *vl = mctx_list();
		struct made_list *rows;
		const size_t *g = order + groups[p].start;
		size_t ng = groups[p].n, nv = 0;
		const char *plat = m->comparisons[g[0]].platform;
		for (size_t k = 0; k < r->nversions; k++)
			for (size_t i = 0; i < ng; i++)
				if (report_cell(&m->comparisons[g[i]], r->versions[k].version)) {
					vers[nv++] = r->versions[k];
					break;
				}
		rows = made_new(r, hook, DOC_DETAIL_CLAIMED_PAIRS, vers, nv, ng);
		for (size_t i = 0; i < ng && nv > 1; i++)
			if (g[i] < nlisted)
				rows->idx[rows->n++] = g[i];
		for (size_t k = 0; k < nv; k++) {
			struct mctx *v = mctx_object();
			mctx_set_str(v, "version", vers[k].version);
			mctx_push(vl, v);
		}
		mctx_set_str(t, "platform", plat);
		{
			/* the header says what the numbers are: what the
			 * verdicts of this table compared */
			struct buf h = BUF_INIT;
			compared_header_in(&h, m, plat, g, ng);
			mctx_set_str(t, "compared", h.s);
			buf_release(&h);
		}
		mctx_set_bool(t, "several", np > 1);
		mctx_set_bool(t, "single", nv == 1);
		if (nv == 1) {
			struct buf b = BUF_INIT;
			words_single_platform(&b, m, plat);
			mctx_set_str(t, "sentence", b.s);
			buf_release(&b);
		}
		mctx_set(t, "versions", vl);
		mctx_set(t, "rows", mctx_list_made(rows->n, made_item, rows, made_free));
		mctx_push(tables, t);
	}
	mctx_set(ctx, "platform_tables", tables);
	free(vers);
	free(groups);
	free(order);
}

/* Bad days of the machine and the steps between releases of a line. */
static void history_ctx(const struct report *r, struct mctx *ctx)
{
	const struct model *m = r->m;
	struct mctx *days = mctx_list();
	size_t nsteps = 0;
	for (size_t i = 0; i < m->nbad_days; i++) {
		char *t = history_bad_day_text(&m->bad_days[i]);
		mctx_push(days, mctx_string(t));
		free(t);
	}
	mctx_set(ctx, "bad_days", days);
	mctx_set_bool(ctx, "any_bad_days", m->nbad_days > 0);
	for (size_t i = 0; i < m->ncomparisons; i++)
		for (size_t k = 0; k < m->comparisons[i].nrelease_steps; k++)
			nsteps += m->comparisons[i].release_steps[k].step;
	mctx_set_bool(ctx, "any_release_steps", nsteps > 0);
}

/* The inputs: listed when few, else summarised (count, shared folder,
 * dates), with the checksum of rounds.csv when it is written. */
/* The inputs; rounds_sha256 is rounds.csv's digest when it is written. */
static void inputs_ctx(const struct report *r, struct mctx *ctx, const char *rounds_sha256)
{
	const struct model *m = r->m;
	struct mctx *list = mctx_list();
	int many = m->nsources > REPORT_MAX_SOURCES;
	for (size_t i = 0; i < m->nsources && !many; i++)
		mctx_push(list, mctx_string(m->sources[i]));
	mctx_set(ctx, "sources", list);
	mctx_set_bool(ctx, "sources_listed", !many);
	if (many) {
		struct buf b = BUF_INIT;
		report_inputs_summary(&b, m);
		mctx_set_str(ctx, "inputs_summary", b.s);
		buf_reset(&b);
		report_inputs_files(&b, m);
		mctx_set_str(ctx, "inputs_files", b.s);
		buf_release(&b);
	}
	{
		/* summary.md says when once, in days */
		struct buf b = BUF_INIT;
		report_rounds_days(&b, m);
		mctx_set_str(ctx, "rounds_days", b.len ? b.s : NULL);
		buf_release(&b);
	}
	if (rounds_sha256) {
		mctx_set_str(ctx, "rounds_file", "rounds.csv");
		mctx_set_str(ctx, "rounds_sha256", rounds_sha256);
	}
}

/* The template context at a level of detail; raw as comparison_ctx's. */
/* Confirmed differences the first screen lists besides the regressions. */
#define MD_MAX_FINDINGS 8

/* The answer first (present/claim_words.c): the claims checked, what regressed
 * and each confirmed difference with its interval. */
static void claims_ctx(const struct report *r, struct mctx *ctx)
{
	const struct report_claims *rc = &r->claims;
	struct mctx *claims = mctx_list(), *findings = mctx_list();
	for (size_t i = 0; i < rc->nlines; i++)
		mctx_push(claims, mctx_string(rc->lines[i]));
	/* the first screen names the regressions and a few more; the verdict
	 * tables below have every one */
	for (size_t i = 0; i < rc->nfindings && (i < MD_MAX_FINDINGS || i < rc->nregressed); i++)
		mctx_push(findings, mctx_string(rc->findings[i]));
	if (rc->nfindings > MD_MAX_FINDINGS && rc->nfindings > rc->nregressed) {
		size_t more = rc->nfindings - (rc->nregressed > MD_MAX_FINDINGS ? rc->nregressed : MD_MAX_FINDINGS);
		set_fmt(ctx, "findings_more", "and %zu more confirmed difference%s, in the verdict table",
			more, more == 1 ? "" : "s");
	}
	mctx_set(ctx, "claims", claims);
	mctx_set(ctx, "findings", findings);
	mctx_set_bool(ctx, "any_claims", rc->nlines > 0);
	mctx_set_bool(ctx, "any_findings", rc->nfindings > 0);
	doc_set_capital(ctx, "claims_answer_cap", rc->answer);
	doc_set_capital(ctx, "regressed_cap", rc->regressed);
}


/* ---- the sections: each sets its keys of the context ---- */

/* The document's head: title, subject, the environment and the versions. */
static void section_head(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	const struct model *m = r->m;
	const struct report_version *all = r->versions;
	size_t nall = r->nversions;
	struct mctx *list;
	(void)o;

	mctx_set_str(ctx, "title", m->title ? m->title : doc_untitled);
	mctx_set_str(ctx, "issue_title", r->issue_title);
	if (r->baseline_note) {
		mctx_set_str(ctx, "baseline_note", r->baseline_note);
		doc_set_capital(ctx, "baseline_note_cap", r->baseline_note);
	}
	mctx_set_str(ctx, "subject", m->subject);
	mctx_set_str(ctx, "product", m->schedule.product);
	mctx_set_str(ctx, "as_of", m->as_of);
	mctx_set_str(ctx, "notes", m->notes);
	mctx_set_str(ctx, "generator", "noisefloor " NF_VERSION);
	if (r->measured_on[0])
		mctx_set_str(ctx, "measured_on", r->measured_on);
	set_fmt(ctx, "min_rounds", "%d", m->min_rounds);

	list = mctx_list();
	for (size_t i = 0; i < m->nenv; i++) {
		struct mctx *e = mctx_object();
		mctx_set_str(e, "key", m->env[i].key);
		mctx_set_str(e, "value", m->env[i].value);
		mctx_push(list, e);
	}
	mctx_set(ctx, "environment", list);
	{
		struct buf b = BUF_INIT;
		for (size_t i = 0; i < m->nenv; i++)
			buf_printf(&b, "%s%s %s", i ? ", " : "", m->env[i].key, m->env[i].value);
		mctx_set_str(ctx, "environment_line", b.len ? b.s : NULL);
		buf_release(&b);
	}
	mctx_set_bool(ctx, "has_environment", m->nenv > 0);
	{
		/* "linux x64" for the Platform field */
		const char *os = model_get_env(m, "os"), *arch = model_get_env(m, "arch");
		const char *cpu = model_get_env(m, "cpu");
		struct buf b = BUF_INIT;
		if (os)
			buf_printf(&b, "%s%s%s", os, arch ? " " : "", arch ? arch : "");
		if (cpu)
			buf_printf(&b, "%s%s", b.len ? ", " : "", cpu);
		if (!os) {
			/* no environment: the platforms the data names */
			for (size_t i = 0; i < m->ncomparisons; i++) {
				size_t k;
				for (k = 0; k < i && m->comparisons[k].platform != m->comparisons[i].platform; k++)
					;
				if (k == i && strcmp(m->comparisons[i].platform, "unknown") != 0)
					buf_printf(&b, "%s%s", b.len ? ", " : "", m->comparisons[i].platform);
			}
		}
		mctx_set_str(ctx, "platform_line", b.len ? b.s : NULL);
		buf_release(&b);
	}

	list = mctx_list();
	for (size_t k = 0; k < nall; k++) {
		struct mctx *v = mctx_object();
		mctx_set_str(v, "version", all[k].version);
		mctx_set_str(v, "line", all[k].vs->line);
		mctx_set_str(v, "v8", all[k].vs->v8);
		mctx_set_str(v, "status", all[k].vs->status);
		mctx_set_bool(v, "eol", all[k].eol);
		mctx_push(list, v);
	}
	mctx_set(ctx, "versions", list);
	{
		struct buf b = BUF_INIT;
		for (size_t k = 0; k < nall; k++) {
			buf_printf(&b, "%s%s", k ? ", " : "", all[k].version);
			if (all[k].vs->v8)
				buf_printf(&b, " (V8 %s)", all[k].vs->v8);
		}
		mctx_set_str(ctx, "versions_line", b.s);
		buf_release(&b);
	}
}

/* "comparisons": every comparison listed in full, with its cells, pairs
 * and rounds, each made when a template reaches it. */
static void section_comparisons(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	const struct model *m = r->m;
	/* a long report names a dozen borderline pairs, and counts the rest */
	size_t budget = r->nborderline > 2 * MD_MAX_BORDERLINE ? MD_MAX_BORDERLINE : (size_t)-1;
	size_t n = listed(r, o);
	struct made_list *l = made_new(r, o, o->level, r->versions, r->nversions, n);
	struct doc_raw *raw = o->level == DOC_DETAIL_FULL ? o->raw : NULL;

	l->budget = xcalloc(n + 1, sizeof *l->budget);
	if (raw) {
		l->raw_left = xcalloc(n + 1, sizeof *l->raw_left);
		l->raw_limited = raw->limited;
	}
	for (size_t i = 0; i < n; i++) {
		const struct comparison *c = &m->comparisons[i];
		l->idx[l->n++] = i;
		l->budget[i] = budget;
		/* what comparison_ctx takes: a note for each borderline pair
		 * while the budget lasts */
		for (size_t j = 0; j < c->npairs && o->level < DOC_DETAIL_NO_PAIRS && budget > 0; j++)
			if (r->comparisons[i].borderline[j])
				budget--;
		if (raw) {
			/* every round while the limit lasts, and at least one */
			size_t total = 0, take;
			for (size_t k = 0; k < c->nversions; k++)
				total += c->versions[k].nrounds;
			l->raw_left[i] = raw->left;
			take = !raw->limited ? total : total < raw->left ? total : raw->left;
			if (take == 0 && total > 0)
				take = 1;
			if (take < total)
				raw->cut = 1;
			if (raw->limited)
				raw->left -= take < raw->left ? take : raw->left;
		}
	}
	mctx_set(ctx, "comparisons", mctx_list_made(l->n, made_item, l, made_free));
	if (n < m->ncomparisons) {
		struct buf b = BUF_INIT;
		listed_words(&b, m, n);
		mctx_set_str(ctx, "comparisons_cut", b.s);
		buf_release(&b);
	}
}

/* summary.md's verdict table (summary_rows_ctx). */
static void section_summary(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	(void)o;
	summary_rows_ctx(r, ctx);
}

/* What the pairs' tables hold at this level of detail. */
static void section_pairs(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	int level = o->level;
	mctx_set_bool(ctx, "raw_inline", level == DOC_DETAIL_FULL);
	if (r->nborderline > 2 * MD_MAX_BORDERLINE)
		set_fmt(ctx, "borderline_more", "and %zu more pairs where the two disagree; every one is "
			"marked \"borderline\": true in analysis.json", r->nborderline - MD_MAX_BORDERLINE);
	if (level >= DOC_DETAIL_CLAIMED_PAIRS)
		mctx_set_str(ctx, "pairs_cut", level >= DOC_DETAIL_NO_PAIRS ? "No pair is listed here, nor the borderline ones (blog.md names those)"
				 : level >= DOC_DETAIL_SIGNIFICANT_PAIRS ? "Only the pairs significant after Holm are listed here"
				 : "Only the pairs that are significant or borderline are listed here");
	mctx_set_bool(ctx, "pairs_table", level < DOC_DETAIL_NO_PAIRS);
}

static void section_platform_tables(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	platform_tables_ctx(r, ctx, o);
}

static void section_upgrade(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	(void)o;
	upgrade_ctx(r, ctx);
}

static void section_history(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	(void)o;
	history_ctx(r, ctx);
}

static void section_inputs(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	inputs_ctx(r, ctx, o->rounds_sha256);
}

/* Report-wide evidence; the shortest issue leaves the borderline pairs'
 * sentences to blog.md. */
static void section_evidence(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	evidence_report_ctx(r, ctx);
	if (o->level >= DOC_DETAIL_NO_PAIRS)
		mctx_set_bool(ctx, "any_borderline", 0); /* their sentences are in blog.md */
}

/* The verdicts counted, the headline, the claims and the method facts. */
static void section_verdicts(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	const struct model *m = r->m;
	size_t nfaster = r->nfaster, nwithin = r->nwithin, ninsufficient = r->ninsufficient;
	size_t maxpasses = 0;
	(void)o;

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		for (size_t k = 0; k < c->nversions; k++)
			for (size_t j = 0; j < c->versions[k].nrounds; j++)
				if (result_npasses(&c->versions[k].rounds[j]) > maxpasses)
					maxpasses = result_npasses(&c->versions[k].rounds[j]);
	}
	set_fmt(ctx, "n_comparisons", "%zu", m->ncomparisons);
	set_fmt(ctx, "n_faster", "%zu", nfaster);
	mctx_set_str(ctx, "headline", r->headline);
	mctx_set_str(ctx, "bisect_narrowed", r->bisect_narrowed);
	mctx_set_str(ctx, "bisect_changelog", r->bisect_changelog);
	mctx_set_str(ctx, "bisect_changes", r->bisect_changes);
	claims_ctx(r, ctx);
	mctx_set_str(ctx, "compared_header", r->compared_header);
	/* how exact releases were compared: method, beside the verdicts */
	mctx_set_str(ctx, "grouping_text", r->grouping_text);
	doc_set_capital(ctx, "grouping_text_cap", r->grouping_text);
	mctx_set_str(ctx, "how_taken", r->how_taken);
	set_fmt(ctx, "n_not_confirmed", "%zu", r->nnot_confirmed);
	mctx_set_bool(ctx, "any_not_confirmed", r->nnot_confirmed > 0);
	mctx_set_bool(ctx, "any_worth_filing", r->nregressions + r->nworse + r->nanomalies > 0);
	set_fmt(ctx, "n_within", "%zu", nwithin);
	set_fmt(ctx, "n_insufficient", "%zu", ninsufficient);
	mctx_set_bool(ctx, "any_faster", nfaster > 0);
	mctx_set_bool(ctx, "any_within", nwithin > 0);
	mctx_set_bool(ctx, "any_insufficient", ninsufficient > 0);
	mctx_set_str(ctx, "rounds", r->rounds_text);
	set_fmt(ctx, "passes", "%zu", maxpasses);
	/* counts with their nouns in number, as present/ words them */
	mctx_set_str(ctx, "rounds_counted", r->rounds_counted);
	{
		struct buf t = BUF_INIT;
		report_count(&t, maxpasses, "pass", "passes");
		mctx_set_str(ctx, "passes_counted", t.s);
		buf_reset(&t);
		report_count_compared(&t, m);
		mctx_set_str(ctx, "workloads_counted", t.s);
		buf_reset(&t);
		report_count(&t, r->npairs, "pair", "pairs");
		mctx_set_str(ctx, "pairs_counted", t.s);
		buf_reset(&t);
		report_count(&t, (size_t)m->min_rounds, "round", "rounds");
		mctx_set_str(ctx, "min_rounds_counted", t.s);
		buf_release(&t);
	}
}

/* Where the recommended line stands in each workload, and the advice. */
static void section_recommended(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	const struct model *m = r->m;
	const char *rec_line = m->recommended ? m->recommended->line : NULL;
	(void)o;

	/* Where the recommended line stands in each workload. */
	if (rec_line) {
		struct mctx *findings = mctx_list(), *slower = mctx_list();
		size_t wins = 0, losses = 0, ties = 0, measured = 0, nslower = 0;
		for (size_t i = 0; i < m->ncomparisons; i++) {
			const struct comparison *c = &m->comparisons[i];
			const struct version_stats *r = on_line(c, rec_line);
			struct rec_standing st;
			struct mctx *f;
			struct buf t = BUF_INIT;
			if (!r || c->verdict == VERDICT_INSUFFICIENT)
				continue;
			measured++;
			words_rec_standing(&t, m, c, r, &st);
			if (st.fastest)
				wins++;
			else if (st.faster)
				losses++;
			else
				ties++;
			f = mctx_object();
			mctx_set_str(f, "workload", c->workload);
			mctx_set_str(f, "platform", c->platform);
			mctx_set_str(f, "version", r->version);
			mctx_set_str(f, "text", t.s);
			mctx_set_bool(f, "slower", st.gap > 0);
			mctx_push(findings, f);
			/* summary.md's page names the first few */
			if (st.gap > 0 && nslower++ < MD_SUMMARY_BEHIND) {
				f = mctx_object();
				mctx_set_str(f, "workload", c->workload);
				mctx_set_str(f, "platform", c->platform);
				mctx_set_str(f, "version", r->version);
				mctx_set_str(f, "text", t.s);
				if (st.faster) {
					/* summary.md's words: "26.12.1 is 18% slower than
					 * 20.20.2"; memory from the winner's side, in the
					 * verdicts' one size: "20.20.2 uses 8% less memory
					 * than 26.12.1" */
					struct buf p = BUF_INIT;
					if (words_memory(c)) {
						buf_printf(&p, "%s uses ", st.faster->version);
						words_size_number(&p, words_share(c, st.gap, 1));
						buf_printf(&p, " less memory than %s", r->version);
					} else if (c->unit_kind == UNIT_TIME || c->unit_kind == UNIT_OTHER) {
						buf_printf(&p, "%s is ", r->version);
						words_size_number(&p, st.gap);
						buf_printf(&p, " slower than %s", st.faster->version);
					}
					mctx_set_str(f, "plain", p.len ? p.s : NULL);
					buf_release(&p);
				}
				mctx_push(slower, f);
			}
			buf_release(&t);
		}
		mctx_set(ctx, "rec_findings", findings);
		mctx_set(ctx, "summary_slower", slower);
		if (nslower > MD_SUMMARY_BEHIND)
			set_fmt(ctx, "summary_slower_more", "and %zu more workload%s where %s is behind, in report.pdf",
				nslower - MD_SUMMARY_BEHIND, nslower - MD_SUMMARY_BEHIND == 1 ? "" : "s", rec_line);
		{
			struct buf t = BUF_INIT;
			counts_standing(&t, m, rec_line, wins, ties, losses);
			mctx_set_str(ctx, "rec_standing", t.len ? t.s : NULL);
			buf_release(&t);
		}
		mctx_set_bool(ctx, "rec_measured", measured > 0);
		mctx_set_bool(ctx, "rec_has_losses", losses > 0);
		mctx_set_str(ctx, "rec_line", rec_line);
		mctx_set_str(ctx, "rec_status", m->recommended->status);
		mctx_set_str(ctx, "rec_end", m->recommended->end);
		mctx_set_str(ctx, "rec_codename", m->recommended->codename);
	}
	mctx_set_str(ctx, "recommendation", r->recommendation);
	/* release advice only for releases of the schedule's product */
	mctx_set_bool(ctx, "releases", r->releases);
	mctx_set_bool(ctx, "ordered", r->ordered);
	if (r->variants_note) {
		mctx_set_str(ctx, "variants_note", r->variants_note);
		doc_set_capital(ctx, "variants_note_cap", r->variants_note);
	}

}

/* The support table of the release lines, and its one-sentence form. */
static void section_support(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	const struct model *m = r->m;
	struct mctx *list;
	(void)o;

	list = mctx_list();
	for (size_t i = 0; i < r->nlines; i++) {
		const struct release_line *l = r->lines[i].line;
		struct mctx *s;
		if (!r->lines[i].shown)
			continue;
		s = mctx_object();
		set_fmt(s, "option", "%s %s%s%s%s", m->schedule.product, l->line, l->codename ? " (" : "",
			l->codename ? l->codename : "", l->codename ? ")" : "");
		mctx_set_str(s, "line", l->line);
		mctx_set_str(s, "status", l->status);
		mctx_set_str(s, "v8", r->lines[i].v8 ? r->lines[i].v8 : "\xE2\x80\x94");
		mctx_set_str(s, "end", l->end);
		mctx_set_str(s, "pick_when", support_pick_when(l->status));
		mctx_set_bool(s, "compared", l->compared);
		mctx_set_bool(s, "recommended", l == m->recommended);
		mctx_set_bool(s, "eol", r->lines[i].eol);
		mctx_push(list, s);
	}
	mctx_set(ctx, "support", list);
	{
		/* summary.md's page: the compared lines in one sentence,
		 * "v22 Maintenance LTS until 2027-04-30, v20 end-of-life
		 * since 2026-04-30" */
		struct buf t = BUF_INIT;
		size_t n = 0;
		for (size_t i = 0; i < r->nlines; i++) {
			const struct release_line *l = r->lines[i].line;
			if (!r->lines[i].shown || !l->compared)
				continue;
			buf_printf(&t, "%s%s %s", n++ ? ", " : "", l->line,
				   r->lines[i].eol ? "end-of-life" : l->status);
			if (l->end[0])
				buf_printf(&t, " %s %s", r->lines[i].eol ? "since" : "until", l->end);
		}
		if (n)
			mctx_set_str(ctx, "support_line", t.s);
		buf_release(&t);
	}

}

/* The warnings, grouped; summary.md's first few. */
static void section_warnings(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	const struct model *m = r->m;
	struct mctx *list;
	(void)o;

	{
		size_t nw;
		char **w = digest_warnings(m, r->warnings, r->nwarnings, &nw);
		list = mctx_list();
		for (size_t i = 0; i < nw; i++)
			mctx_push(list, mctx_string(w[i]));
		mctx_set(ctx, "warnings", list);
		mctx_set_bool(ctx, "has_warnings", nw > 0);
		/* summary.md's risks fit its page: the first few, then a count */
		list = mctx_list();
		for (size_t i = 0; i < nw && i < MD_SUMMARY_RISKS; i++) {
			/* a list item of its own, no "Warning:" before it */
			doc_push_capital(list, w[i]);
		}
		mctx_set(ctx, "summary_warnings", list);
		if (nw > MD_SUMMARY_RISKS)
			set_fmt(ctx, "summary_warnings_more", "%zu", nw - MD_SUMMARY_RISKS);
		digest_free(w, nw);
	}
}

/* The charts' links, the Workloads table, the impact and how to reproduce. */
static void section_impact(struct mctx *ctx, const struct report *r, const struct doc_opts *o)
{
	(void)o;
	if (r->link_charts && r->overview_chart) {
		char *path = xasprintf("charts/%s.svg", r->overview_chart);
		mctx_set_str(ctx, "overview_chart", path);
		free(path);
	}
	if (r->link_charts)
		mctx_set_str(ctx, "charts_note", r->charts_note);
	impact_ctx(ctx, &r->impact);
}

const struct doc_section doc_sections[] = {
	{ "head", section_head },
	{ "comparisons", section_comparisons },
	{ "summary", section_summary },
	{ "pairs", section_pairs },
	{ "platform_tables", section_platform_tables },
	{ "upgrade", section_upgrade },
	{ "history", section_history },
	{ "inputs", section_inputs },
	{ "evidence", section_evidence },
	{ "verdicts", section_verdicts },
	{ "recommended", section_recommended },
	{ "support", section_support },
	{ "warnings", section_warnings },
	{ "impact", section_impact },
	/* each document for its own reader (doc.h) */
	{ "environment", doc_env_ctx },
	{ "issue", doc_issue_ctx },
	{ "summary_plain", doc_summary_ctx },
	{ "blog", doc_blog_ctx },
	{ "ci", doc_ci_ctx },
};
const size_t ndoc_sections = sizeof doc_sections / sizeof doc_sections[0];

struct mctx *doc_context(const struct report *r, const struct doc_opts *o)
{
	struct mctx *ctx = mctx_object();
	for (size_t i = 0; i < ndoc_sections; i++)
		doc_sections[i].build(ctx, r, o);
	return ctx;
}
