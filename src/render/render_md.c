/*
 * render_md.c - blog.md, issue.md and summary.md from Mustache templates.
 *
 * One template context is built from the model and rendered through each
 * template (templates/<name>.md.mustache, or the user's --templates folder).
 * {{name}} escapes for GitHub-flavoured Markdown: text from the input cannot
 * ping anyone (@name, @org/team), open HTML (<script>, </details>), break a
 * table (|) or start emphasis and code; {{{name}}} is for the Markdown the
 * renderer itself produces.
 */
#include "analysis/evidence.h"
#include "lib/fmt.h"
#include "lib/mustache.h"
#include "lib/digest256.h"
#include "lib/util.h"
#include "present/compared.h"
#include "present/counts.h"
#include "present/digest.h"
#include "present/history.h"
#include "present/report_impact.h"
#include "present/support.h"
#include "present/verdict_words.h"
#include "render/render.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const documents[] = { "blog.md", "issue.md", "summary.md" };

/* GitHub refuses an issue body longer than this many characters. */
#define ISSUE_MAX_CHARS 65536
/* Bytes of one template or partial (README, "Limits"). */
#define TEMPLATE_MAX (1 << 20)
/* A long report lists this many borderline pairs and counts the rest. */
#define MD_MAX_BORDERLINE 12

/* How much an issue holds, from everything down to what fits GitHub:
 * the raw rounds inline (else in rounds.csv), every pair of versions, the
 * pairs that are significant or borderline, the significant ones only. */
enum detail {
	DETAIL_FULL,
	DETAIL_NO_RAW,
	DETAIL_CLAIMED_PAIRS,
	DETAIL_SIGNIFICANT_PAIRS,
	DETAIL_NO_PAIRS,
	DETAIL_LEVELS
};

/* Markdown escaping for text that comes from the input. */
static void escape_md(struct buf *out, const char *s, size_t n, void *ud)
{
	(void)ud;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		switch (c) {
		case '&': buf_puts(out, "&amp;"); break;
		case '<': buf_puts(out, "&lt;"); break;
		case '>': buf_puts(out, "&gt;"); break;
		case '|': case '\\': case '`': case '*': case '_': case '[': case ']':
		case '#': case '~': case '!':
			buf_putc(out, '\\');
			buf_putc(out, (char)c);
			break;
		case '@':
			/* a zero-width space after @ keeps GitHub from linking a mention */
			buf_putc(out, '@');
			if (i + 1 < n && (isalnum((unsigned char)s[i + 1]) || s[i + 1] == '-' || s[i + 1] == '_'))
				buf_puts(out, "\xE2\x80\x8B");
			break;
		case ':':
			/* "http://x" and "www.x" would become links on GitHub: a
			 * zero-width space keeps them plain text */
			buf_putc(out, ':');
			if (i + 2 < n && s[i + 1] == '/' && s[i + 2] == '/')
				buf_puts(out, "\xE2\x80\x8B");
			break;
		case 'w': case 'W':
			buf_putc(out, (char)c);
			if (i + 3 < n && strncasecmp(s + i, "www.", 4) == 0 &&
			    (i == 0 || !isalnum((unsigned char)s[i - 1]))) {
				buf_put(out, s + i + 1, 2);
				buf_puts(out, "\xE2\x80\x8B");
				i += 2;
			}
			break;
		case '\n': case '\r': case '\t':
			buf_putc(out, ' ');
			break;
		default:
			if (c < 0x20 || c == 0x7f)
				buf_putc(out, ' ');
			else
				buf_putc(out, (char)c);
		}
	}
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

	for (size_t i = 0; i < c->npairs; i++) {
		const struct pair_stats *p = &c->pairs[i];
		struct mctx *row;
		struct buf b = BUF_INIT;
		if (rcmp->borderline[i] && level < DETAIL_NO_PAIRS && (!budget || *budget > 0)) {
			mctx_push(notes, mctx_string(rcmp->borderline[i]));
			if (budget)
				--*budget;
		}
		/* shorter documents: only the pairs that say something */
		if ((level >= DETAIL_CLAIMED_PAIRS && !p->significant && !p->borderline) ||
		    (level >= DETAIL_SIGNIFICANT_PAIRS && !p->significant) || level >= DETAIL_NO_PAIRS)
			continue;
		row = mctx_object();
		mctx_set_str(row, "a", c->versions[p->a].version);
		mctx_set_str(row, "b", c->versions[p->b].version);
		buf_reset(&b);
		fmt_fixed(&b, p->ratio, 3);
		mctx_set_str(row, "ratio", b.s);
		buf_reset(&b);
		fmt_fixed(&b, p->ci_low, 3);
		buf_puts(&b, "\xE2\x80\x93");
		fmt_fixed(&b, p->ci_high, 3);
		mctx_set_str(row, "ci", b.s);
		buf_reset(&b);
		fmt_value_signed(&b, p->shift);
		mctx_set_str(row, "shift", b.s);
		buf_reset(&b);
		fmt_sig(&b, p->u, 6);
		mctx_set_str(row, "u", b.s);
		buf_reset(&b);
		fmt_p(&b, p->p);
		mctx_set_str(row, "p", b.s);
		buf_reset(&b);
		fmt_p(&b, p->p_holm);
		mctx_set_str(row, "p_holm", b.s);
		mctx_set_bool(row, "significant", p->significant);
		mctx_set_bool(row, "borderline", p->borderline);
		mctx_set_bool(row, "exact", p->exact);
		buf_release(&b);
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

/* What another document adds to each comparison of the context
 * (render_md_context). */
struct md_hook {
	render_md_each_fn each;
	void *ud;
};

/* A first try at the issue with every round inline keeps at most this many
 * rounds in its context (and at least one of each comparison); see
 * render_markdown for why the answer is the same. */
#define RAW_PROBE_ROUNDS 4096

/* The raw rounds a context holds: all of them, or a first part (limit). */
struct raw_rounds {
	size_t left;     /* rounds the context may still take */
	int limited;     /* whether `left` applies */
	int cut;         /* set when a round was left out */
};

/* One comparison for the templates; cells for the versions all[0..nall)
 * (a table's columns); raw rounds only at DETAIL_FULL, as many as raw
 * allows (NULL: all). */
static struct mctx *comparison_ctx(const struct report *r, size_t ci, int level,
				   const struct report_version *all, size_t nall, size_t *budget,
				   struct raw_rounds *raw, const struct md_hook *hook)
{
	size_t nraw = 0;
	const struct comparison *c = &r->m->comparisons[ci];
	const struct report_comparison *rcmp = &r->comparisons[ci];
	struct mctx *o = mctx_object(), *cells = mctx_list(), *rounds = mctx_list();
	const char *unit = c->unit;

	mctx_set_str(o, "workload", c->workload);
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
	for (size_t k = 0; k < c->nversions && level == DETAIL_FULL; k++) {
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
 * (present/upgrade.c); false without a view. Every row, and the confirmed
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
	{
		char *cap = xstrdup(u->summary);
		render_capital(cap);
		mctx_set_str(o, "summary_cap", cap);
		free(cap);
	}
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

static void platform_tables_ctx(const struct report *r, struct mctx *ctx, const struct md_hook *hook)
{
	const struct model *m = r->m;
	struct mctx *tables = mctx_list();
	const char **plat = xcalloc(m->ncomparisons + 1, sizeof *plat);
	size_t np = 0;
	struct report_version *vers = xcalloc(r->nversions + 1, sizeof *vers);

	for (size_t i = 0; i < m->ncomparisons; i++) {
		size_t k;
		for (k = 0; k < np && plat[k] != m->comparisons[i].platform; k++)
			;
		if (k == np)
			plat[np++] = m->comparisons[i].platform;
	}
	for (size_t p = 0; p < np; p++) {
		struct mctx *t = mctx_object(), *rows = mctx_list(), *vl = mctx_list();
		size_t nv = 0;
		for (size_t k = 0; k < r->nversions; k++)
			for (size_t i = 0; i < m->ncomparisons; i++)
				if (m->comparisons[i].platform == plat[p] &&
				    report_cell(&m->comparisons[i], r->versions[k].version)) {
					vers[nv++] = r->versions[k];
					break;
				}
		for (size_t i = 0; i < m->ncomparisons; i++) {
			const struct comparison *c = &m->comparisons[i];
			if (c->platform != plat[p])
				continue;
			if (nv > 1)
				mctx_push(rows, comparison_ctx(r, i, DETAIL_CLAIMED_PAIRS, vers, nv, NULL, NULL, hook));
		}
		for (size_t k = 0; k < nv; k++) {
			struct mctx *v = mctx_object();
			mctx_set_str(v, "version", vers[k].version);
			mctx_push(vl, v);
		}
		mctx_set_str(t, "platform", plat[p]);
		{
			/* the header says what the numbers are: what the
			 * verdicts of this table compared */
			struct buf h = BUF_INIT;
			compared_header(&h, m, plat[p]);
			mctx_set_str(t, "compared", h.s);
			buf_release(&h);
		}
		mctx_set_bool(t, "several", np > 1);
		mctx_set_bool(t, "single", nv == 1);
		if (nv == 1) {
			struct buf b = BUF_INIT;
			words_single_platform(&b, m, plat[p]);
			mctx_set_str(t, "sentence", b.s);
			buf_release(&b);
		}
		mctx_set(t, "versions", vl);
		mctx_set(t, "rows", rows);
		mctx_push(tables, t);
	}
	mctx_set(ctx, "platform_tables", tables);
	free(vers);
	free(plat);
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

static void hash_piece(const void *data, size_t n, void *ud)
{
	digest256_update(ud, data, n);
}

/* SHA-256 of rounds.csv as render_rounds writes it, without holding it. */
static void rounds_csv_sha256(const struct model *m, char hex[65])
{
	struct digest256 sha;
	digest256_init(&sha);
	render_rounds_csv_each(m, hash_piece, &sha);
	digest256_final_hex(&sha, hex);
}

/* The template context at a level of detail; raw as comparison_ctx's. */
/* Confirmed differences the first screen lists besides the regressions. */
#define MD_MAX_FINDINGS 8

/* Sets key to s with its first letter a capital (NULL: null). */
static void set_cap(struct mctx *ctx, const char *key, const char *s)
{
	char *cap = s ? xstrdup(s) : NULL;
	render_capital(cap);
	mctx_set_str(ctx, key, cap);
	free(cap);
}

/* The answer first (present/claims.c): the claims checked, what regressed
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
	set_cap(ctx, "claims_answer_cap", rc->answer);
	set_cap(ctx, "regressed_cap", rc->regressed);
}

static struct mctx *build_context(const struct report *r, int level,
				  struct raw_rounds *raw, const char *rounds_sha256,
				  const struct md_hook *hook)
{
	/* a long report names a dozen borderline pairs, and counts the rest */
	size_t budget = r->nborderline > 2 * MD_MAX_BORDERLINE ? MD_MAX_BORDERLINE : (size_t)-1;
	const struct model *m = r->m;
	struct mctx *ctx = mctx_object(), *list;
	const struct report_version *all = r->versions;
	size_t nall = r->nversions;
	size_t nfaster = r->nfaster, nwithin = r->nwithin, ninsufficient = r->ninsufficient;
	size_t maxpasses = 0;
	const char *rec_line = m->recommended ? m->recommended->line : NULL;

	mctx_set_str(ctx, "title", m->title ? m->title : "Benchmark comparison");
	mctx_set_str(ctx, "issue_title", r->issue_title);
	if (r->baseline_note) {
		char *cap = xstrdup(r->baseline_note);
		render_capital(cap);
		mctx_set_str(ctx, "baseline_note", r->baseline_note);
		mctx_set_str(ctx, "baseline_note_cap", cap);
		free(cap);
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

	list = mctx_list();
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		for (size_t k = 0; k < c->nversions; k++) {
			for (size_t r = 0; r < c->versions[k].nrounds; r++)
				if (result_npasses(&c->versions[k].rounds[r]) > maxpasses)
					maxpasses = result_npasses(&c->versions[k].rounds[r]);
		}
		mctx_push(list, comparison_ctx(r, i, level, r->versions, r->nversions, &budget, raw, hook));
	}
	mctx_set(ctx, "comparisons", list);
	summary_rows_ctx(r, ctx);
	mctx_set_bool(ctx, "raw_inline", level == DETAIL_FULL);
	if (r->nborderline > 2 * MD_MAX_BORDERLINE)
		set_fmt(ctx, "borderline_more", "and %zu more pairs where the two disagree; every one is "
			"marked \"borderline\": true in analysis.json", r->nborderline - MD_MAX_BORDERLINE);
	if (level >= DETAIL_CLAIMED_PAIRS)
		mctx_set_str(ctx, "pairs_cut", level >= DETAIL_NO_PAIRS ? "No pair is listed here, nor the borderline ones (blog.md names those)"
				 : level >= DETAIL_SIGNIFICANT_PAIRS ? "Only the pairs significant after Holm are listed here"
				 : "Only the pairs that are significant or borderline are listed here");
	mctx_set_bool(ctx, "pairs_table", level < DETAIL_NO_PAIRS);
	platform_tables_ctx(r, ctx, hook);
	upgrade_ctx(r, ctx);
	history_ctx(r, ctx);
	inputs_ctx(r, ctx, rounds_sha256);
	evidence_report_ctx(r, ctx);
	if (level >= DETAIL_NO_PAIRS)
		mctx_set_bool(ctx, "any_borderline", 0); /* their sentences are in blog.md */
	set_fmt(ctx, "n_comparisons", "%zu", m->ncomparisons);
	set_fmt(ctx, "n_faster", "%zu", nfaster);
	mctx_set_str(ctx, "headline", r->headline);
	mctx_set_str(ctx, "bisect_narrowed", r->bisect_narrowed);
	mctx_set_str(ctx, "bisect_changes", r->bisect_changes);
	claims_ctx(r, ctx);
	mctx_set_str(ctx, "compared_header", r->compared_header);
	/* how exact releases were compared: method, beside the verdicts */
	mctx_set_str(ctx, "grouping_text", r->grouping_text);
	set_cap(ctx, "grouping_text_cap", r->grouping_text);
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
				mctx_push(slower, f);
			}
			buf_release(&t);
		}
		mctx_set(ctx, "rec_findings", findings);
		mctx_set(ctx, "summary_slower", slower);
		if (nslower > MD_SUMMARY_BEHIND)
			set_fmt(ctx, "summary_slower_more", "%zu", nslower - MD_SUMMARY_BEHIND);
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
		char *cap = xstrdup(r->variants_note);
		render_capital(cap);
		mctx_set_str(ctx, "variants_note", r->variants_note);
		mctx_set_str(ctx, "variants_note_cap", cap);
		free(cap);
	}

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
			char *t = xstrdup(w[i]);
			render_capital(t);
			mctx_push(list, mctx_string(t));
			free(t);
		}
		mctx_set(ctx, "summary_warnings", list);
		if (nw > MD_SUMMARY_RISKS)
			set_fmt(ctx, "summary_warnings_more", "%zu", nw - MD_SUMMARY_RISKS);
		digest_free(w, nw);
	}
	if (r->link_charts && r->overview_chart) {
		char *path = xasprintf("charts/%s.svg", r->overview_chart);
		mctx_set_str(ctx, "overview_chart", path);
		free(path);
	}
	if (r->link_charts)
		mctx_set_str(ctx, "charts_note", r->charts_note);
	impact_ctx(ctx, &r->impact);
	return ctx;
}

/* Reads a template or a partial: a regular file of at most TEMPLATE_MAX
 * bytes of UTF-8, opened without following a symbolic link and without
 * waiting on a FIFO. Returns the text (caller frees), or NULL with *why
 * saying what is wrong and *status the exit status. */
static char *read_template(const char *path, size_t *len, int *status, int *missing, char *why,
			   size_t size)
{
	struct buf b = BUF_INIT;
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);

	*status = 0;
	*missing = 0;
	if (fd < 0) {
		int e = errno;
		*missing = e == ENOENT;
		*status = nf_status_for_read_errno(e == ELOOP ? EPERM : e);
		if (e == ELOOP)
			snprintf(why, size, "a symbolic link, not a regular file");
		else
			snprintf(why, size, "%s", strerror(e));
		return NULL;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		*status = NF_NOINPUT;
		snprintf(why, size, "not a regular file");
	} else if ((unsigned long long)st.st_size > TEMPLATE_MAX) {
		*status = NF_DATAERR;
		snprintf(why, size, "larger than 1 MiB, the limit of a template");
	}
	while (!*status) {
		char chunk[65536];
		ssize_t n = read(fd, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*status = nf_status_for_read_errno(errno);
			snprintf(why, size, "%s", strerror(errno));
		} else if (n == 0) {
			break;
		} else if (b.len + (size_t)n > TEMPLATE_MAX) {
			*status = NF_DATAERR;
			snprintf(why, size, "larger than 1 MiB, the limit of a template");
		} else {
			buf_put(&b, chunk, (size_t)n);
		}
	}
	close(fd);
	if (!*status && !utf8_valid(b.s ? b.s : "", b.len)) {
		*status = NF_DATAERR;
		snprintf(why, size, "not valid UTF-8");
	}
	if (*status) {
		buf_release(&b);
		return NULL;
	}
	if (!b.s)
		buf_puts(&b, "");
	return buf_detach(&b, len);
}

static char *load_template(const char *dir, const char *name, size_t *len, struct nf_error *err)
{
	char *path = xasprintf("%s/%s", dir, name), why[200];
	int status, missing;
	char *text = read_template(path, len, &status, &missing, why, sizeof why);
	if (!text)
		nf_error_set(err, status, "cannot read template '%s': %s", path, why);
	free(path);
	return text;
}

/* Partials come from the same folder: {{> name}} reads name.mustache, a
 * regular file there; a name with a slash or ".." is no partial. One that
 * is there but cannot be read stops the render (its status kept in ud). */
struct partials {
	const char *dir;
	int status;
};

static char *load_partial(const char *name, void *ud, char *problem, size_t size)
{
	struct partials *p = ud;
	char *path, *text, why[200];
	size_t len;
	int status, missing;
	if (strchr(name, '/') || strstr(name, ".."))
		return NULL;
	path = xasprintf("%s/%s.mustache", p->dir, name);
	text = read_template(path, &len, &status, &missing, why, sizeof why);
	if (!text && !missing) {
		p->status = status;
		snprintf(problem, size, "cannot read '%s': %s", path, why);
	}
	free(path);
	return text;
}

/* Renders one template with ctx into out. With too_long, an output past
 * MUSTACHE_MAX_OUTPUT is no error: *too_long is set and out is cut off. */
static int render_one(const struct render_ctx *rc, const char *doc, struct mctx *ctx,
		      mustache_escape_fn escape, struct buf *out, int *too_long, struct nf_error *err)
{
	struct partials parts = { rc->templates_dir, 0 };
	struct mustache_opts opts = { escape, NULL, load_partial, &parts, 0, 0 };
	char *name = xasprintf("%s.mustache", doc);
	size_t len;
	char *tmpl = load_template(rc->templates_dir, name, &len, err);
	struct mustache_error merr;
	int status = 0;
	if (!tmpl)
		status = err->status;
	else if (mustache_render(tmpl, len, ctx, &opts, out, &merr) == 0)
		;
	else if (merr.too_long && too_long)
		*too_long = 1;
	else
		status = nf_error_set(err, merr.partial_failed && parts.status ? parts.status : NF_DATAERR,
				      "cannot use template '%s/%s': line %d, column %d: %s",
				      rc->templates_dir, name, merr.line, merr.column, merr.message);
	free(tmpl);
	free(name);
	return status;
}

/* Cuts a document that is still too long at the last line break that
 * leaves room for a closing note, so it always fits (render.h). */
void render_md_cut_to_fit(struct buf *out, size_t max_chars, const char *note)
{
	size_t chars = 0, at = 0, last_nl = 0, room = max_chars - utf8_length(note) - 2;
	for (; at < out->len; at++) {
		if (((unsigned char)out->s[at] & 0xC0) != 0x80)
			chars++;
		if (chars > room)
			break;
		if (out->s[at] == '\n')
			last_nl = at + 1;
	}
	if (at >= out->len)
		return;
	out->len = last_nl;
	out->s[out->len] = '\0';
	buf_printf(out, "\n%s\n", note);
}

struct mctx *render_md_context(const struct report *r, const char *rounds_sha256,
			       int claimed_pairs, render_md_each_fn each, void *ud)
{
	struct md_hook hook = { each, ud };
	return build_context(r, claimed_pairs ? DETAIL_CLAIMED_PAIRS : DETAIL_NO_RAW, NULL,
			     rounds_sha256, &hook);
}

void render_md_rounds_sha256(const struct model *m, char hex[65])
{
	rounds_csv_sha256(m, hex);
}

int render_md_template(const struct render_ctx *rc, const char *doc, struct mctx *ctx,
		       mustache_escape_fn escape, struct buf *out, struct nf_error *err)
{
	return render_one(rc, doc, ctx, escape, out, NULL, err);
}

void render_md_escape(struct buf *out, const char *s, size_t n, void *ud)
{
	escape_md(out, s, n, ud);
}

int render_markdown(const struct model *m, const struct render_ctx *rc, struct outdir *od,
		    struct nf_error *err)
{
	const struct report *r = rc->report;
	char hex[65];
	const char *sha = NULL;
	struct mctx *ctx;
	int status = 0;
	if (rc->with_rounds) {
		rounds_csv_sha256(m, hex);
		sha = hex;
	}
	/* blog and summary show no raw rounds: the lighter context serves them */
	ctx = build_context(r, DETAIL_NO_RAW, NULL, sha, NULL);

	for (size_t i = 0; i < sizeof documents / sizeof documents[0] && !status; i++) {
		struct buf out = BUF_INIT;
		if (strcmp(documents[i], "issue.md") == 0) {
			/*
			 * The issue sheds detail until it fits GitHub. Every round
			 * inline is first tried with the first RAW_PROBE_ROUNDS of
			 * them (and one of each comparison, so no list of rounds
			 * turns empty): a template renders each round of a list on
			 * its own, so the whole issue is at least as long as this
			 * part, and a part that does not fit means the whole does
			 * not either. Only a part that fits is tried again whole.
			 * A rendering past MUSTACHE_MAX_OUTPUT stops there: it is
			 * too long, like any other that does not fit.
			 */
			struct raw_rounds probe = { RAW_PROBE_ROUNDS, 1, 0 };
			int too_long = 0; /* past MUSTACHE_MAX_OUTPUT: far too long, cut off */
			for (int level = DETAIL_FULL; level < DETAIL_LEVELS && !status; level++) {
				struct mctx *ic = level == DETAIL_NO_RAW ? ctx
						  : build_context(r, level, level == DETAIL_FULL ? &probe : NULL, sha, NULL);
				buf_reset(&out);
				status = render_one(rc, documents[i], ic, escape_md, &out, &too_long, err);
				if (ic != ctx)
					mctx_free(ic);
				if (!status && level == DETAIL_FULL && probe.cut &&
				    utf8_length(out.s ? out.s : "") <= ISSUE_MAX_CHARS) {
					ic = build_context(r, level, NULL, sha, NULL);
					buf_reset(&out);
					status = render_one(rc, documents[i], ic, escape_md, &out, &too_long, err);
					mctx_free(ic);
				}
				if (utf8_length(out.s ? out.s : "") <= ISSUE_MAX_CHARS)
					break;
			}
			if (!status)
				render_md_cut_to_fit(&out, ISSUE_MAX_CHARS, "*The rest does not fit a GitHub issue: "
					   "see analysis.json and report.pdf.*");
		} else {
			status = render_one(rc, documents[i], ctx, escape_md, &out, NULL, err);
		}
		if (!status)
			status = outdir_write(od, documents[i], out.s ? out.s : "", out.len, err);
		buf_release(&out);
	}
	mctx_free(ctx);
	return status;
}
