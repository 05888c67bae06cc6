/*
 * report.c - the presentation model (report.h): the one version order, the
 * support lines shown, the evidence counts, the sentences more than one
 * document shows, the method facts and the chart plan. Reads the analysed
 * model; computes no statistic (those are analysis.c, evidence.c, stats.c).
 */
#include "present/report.h"
#include "present/doc.h"
#include "present/counts.h"
#include "present/grouping.h"
#include "analysis/evidence.h"
#include "analysis/releases.h"
#include "analysis/stats.h"
#include "analysis/timeline.h"
#include "lib/iso8601.h"
#include "lib/fmt.h"
#include "lib/util.h"
#include "model/semver.h"
#include "present/bisect_words.h"
#include "present/compared.h"
#include "present/digest.h"
#include "present/history.h"
#include "present/verdict_words.h"

#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The status a schedule names ("Active LTS", "End-of-life"); NULL gives
 * SUPPORT_UNKNOWN. */
static enum support_status report_support(const char *status)
{
	static const struct {
		const char *name;
		enum support_status s;
	} names[] = {
		{ "Planned", SUPPORT_PLANNED },
		{ "Alpha", SUPPORT_ALPHA },
		{ "Current", SUPPORT_CURRENT },
		{ "Active LTS", SUPPORT_ACTIVE_LTS },
		{ "LTS", SUPPORT_LTS },
		{ "Maintenance LTS", SUPPORT_MAINTENANCE_LTS },
		{ "Maintenance", SUPPORT_MAINTENANCE },
		{ "End-of-life", SUPPORT_EOL },
	};
	for (size_t i = 0; status && i < sizeof names / sizeof names[0]; i++)
		if (strcmp(names[i].name, status) == 0)
			return names[i].s;
	return SUPPORT_UNKNOWN;
}

size_t report_version_order(const struct model *m, const char ***out)
{
	const char **v = NULL;
	size_t n = 0, alloc = 0;
	struct ptrset seen = { 0 };
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		for (size_t j = 0; j < c->nversions; j++) {
			const char *s = c->versions[j].version;
			size_t at;
			if (!ptrset_add(&seen, s))
				continue;
			/* insert in order; strings that are not versions stay
			 * after their peers, in input order */
			for (at = n; at > 0 && semver_cmp(v[at - 1], s) > 0; at--)
				;
			ALLOC_GROW(v, n + 1, alloc);
			memmove(v + at + 1, v + at, (n - at) * sizeof *v);
			v[at] = s;
			n++;
		}
	}
	ptrset_release(&seen);
	*out = v;
	return n;
}

const struct version_stats *report_cell(const struct comparison *c, const char *version)
{
	return model_comparison_version(c, version);
}

static void build_versions(struct report *r)
{
	const struct model *m = r->m;
	const char **order;

	r->nversions = report_version_order(m, &order);
	r->versions = xcalloc(r->nversions ? r->nversions : 1, sizeof *r->versions);
	for (size_t k = 0; k < r->nversions; k++) {
		struct report_version *v = &r->versions[k];
		v->version = order[k];
		/* the first occurrence, or the first that knows its V8 */
		for (size_t i = 0; i < m->ncomparisons; i++) {
			const struct version_stats *vs = report_cell(&m->comparisons[i], order[k]);
			if (vs && (!v->vs || (!v->vs->v8 && vs->v8)))
				v->vs = vs;
		}
		v->support = report_support(v->vs ? v->vs->status : NULL);
		v->eol = v->support == SUPPORT_EOL;
	}
	free(order);
}

/* The V8 a line's support row shows: the one the newest measured release
 * of it ran (its results' meta.v8, else the schedule's for that exact
 * release), "13.6.233.10 (24.11.1)"; a line not measured, or whose
 * measured releases' V8 is unknown, shows the schedule's latest. Malloc'd,
 * or NULL when none is known. */
static char *line_v8(const struct report *r, const struct release_line *line)
{
	const struct report_version *newest = NULL;
	/* r->versions is in version order, oldest first */
	for (size_t k = 0; k < r->nversions; k++) {
		const struct version_stats *vs = r->versions[k].vs;
		if (vs && vs->v8 && vs->line && strcmp(vs->line, line->line) == 0)
			newest = &r->versions[k];
	}
	if (newest)
		return xasprintf("%s (%s)", newest->vs->v8, newest->version);
	return line->v8_latest ? xstrdup(line->v8_latest) : line->v8 ? xstrdup(line->v8) : NULL;
}

static void build_lines(struct report *r)
{
	const struct model *m = r->m;

	r->nlines = m->schedule.nlines;
	r->lines = xcalloc(r->nlines ? r->nlines : 1, sizeof *r->lines);
	for (size_t i = 0; i < r->nlines; i++) {
		struct report_line *l = &r->lines[i];
		l->line = &m->schedule.lines[i];
		l->support = report_support(l->line->status);
		l->eol = l->support == SUPPORT_EOL;
		/* the lines someone could still pick, and the compared and the
		 * recommended ones whatever their state; none for variants,
		 * which get no release advice */
		l->shown = m->versions_kind == VERSIONS_RELEASES &&
			   (l->line->compared || l->line == m->recommended ||
			    (l->support != SUPPORT_EOL && l->support != SUPPORT_PLANNED));
		l->v8 = line_v8(r, l->line);
	}
}

/* Holm's family of pair p of c: the comparison's pairs, or in a bisect's
 * file the pairs of p's step. */
static size_t pair_family(const struct comparison *c, const struct pair_stats *p)
{
	return c->by_step ? p->family : c->npairs;
}

/* The rounds pair p of c compared of its version a (b_side 0) or b. */
static size_t pair_rounds(const struct comparison *c, const struct pair_stats *p, int b_side)
{
	if (c->by_step)
		return b_side ? p->rounds_b : p->rounds_a;
	return c->versions[b_side ? p->b : p->a].nrounds;
}

/* The sentence for a pair where the within-noise rule and the rank test
 * disagree (appends to b). */
static void borderline_text(const struct report *r, const struct comparison *c,
			    const struct pair_stats *p, struct buf *b)
{
	const struct version_stats *va = &c->versions[p->a], *vb = &c->versions[p->b];
	/* the pair's own statistic and noise band: best rounds against the
	 * largest spread in the rounds design, medians or per-round ratios
	 * against their quantile spreads elsewhere */
	if (!p->significant) {
		buf_printf(b, "%s and %s are ", va->version, vb->version);
		fmt_percent(b, p->size);
		buf_puts(b, " apart, beyond the noise of ");
		fmt_spread(b, p->noise);
		buf_puts(b, ", but the rank test does not confirm it (p = ");
		fmt_p(b, p->p_holm);
		buf_printf(b, " after Holm's correction over the %zu pair%s of this ", pair_family(c, p),
			   pair_family(c, p) == 1 ? "" : "s");
		if (c->by_step)
			buf_printf(b, "bisect's step %d", p->step);
		else
			buf_puts(b, "comparison");
		buf_printf(b, "; with %zu and %zu rounds the smallest reachable p is ",
			   pair_rounds(c, p, 0), pair_rounds(c, p, 1));
		fmt_p(b, p->p_floor);
		/* only when more rounds would help: the plan is for the medians */
		if (p->rounds_needed > 0 && (size_t)p->rounds_needed > pair_rounds(c, p, 0) &&
		    (size_t)p->rounds_needed > pair_rounds(c, p, 1))
			buf_printf(b, ", and about %d rounds per version would be needed to tell",
				   p->rounds_needed);
		buf_puts(b, ")");
	} else {
		buf_printf(b, "%s and %s are within the noise of ", va->version, vb->version);
		fmt_spread(b, p->noise);
		buf_puts(b, ", yet the rank test finds their rounds consistently apart (p = ");
		fmt_p(b, p->p_holm);
		buf_puts(b, " after Holm): a typical round differs by ");
		fmt_percent_signed(b, p->ratio - 1);
		buf_printf(b, " (%s interval ", r->method.ci_text);
		fmt_percent_signed(b, p->ci_low - 1);
		buf_puts(b, " to ");
		fmt_percent_signed(b, p->ci_high - 1);
		/* a typical round as far apart as the noise is no steady
		 * difference inside it: the best rounds alone hide it */
		buf_puts(b, fmax(p->ratio, 1 / p->ratio) - 1 < p->noise
			 ? "), a steady difference smaller than the spread of the rounds"
			 : "), a difference of the typical round that the best rounds do not show");
	}
}

/* The pair of comparison c with the smallest reachable p, or NULL. */
static const struct pair_stats *strongest_pair(const struct comparison *c)
{
	const struct pair_stats *best = NULL;
	for (size_t i = 0; i < c->npairs; i++)
		if (!best || c->pairs[i].p_floor < best->p_floor)
			best = &c->pairs[i];
	return best;
}

/* What Holm's first step needs of the smallest p of pair s's family: the
 * level over its own pairs (the family of the correction is the
 * comparison; in a bisect's file, the step). */
static double holm_level(const struct report *r, const struct comparison *c,
			 const struct pair_stats *s)
{
	size_t n = pair_family(c, s);
	return r->method.alpha / (double)(n ? n : 1);
}

/* Why no pair of c can be significant: the rounds of its strongest pair,
 * the smallest p they can reach, the level Holm's first step needs, and the
 * fewest rounds per version that would confirm one of its differences. */
static char *comparison_power_note(const struct report *r, const struct comparison *c)
{
	const struct pair_stats *s = strongest_pair(c);
	struct buf b = BUF_INIT;
	int needed = 0;
	for (size_t i = 0; i < c->npairs; i++) {
		const struct pair_stats *ps = &c->pairs[i];
		if (ps->rounds_needed > 0 && (size_t)ps->rounds_needed > pair_rounds(c, ps, 0) &&
		    (size_t)ps->rounds_needed > pair_rounds(c, ps, 1) &&
		    (!needed || ps->rounds_needed < needed))
			needed = ps->rounds_needed;
	}
	buf_printf(&b, "%zu vs %zu rounds: the smallest reachable p is ", pair_rounds(c, s, 0),
		   pair_rounds(c, s, 1));
	fmt_p(&b, s->p_floor);
	buf_printf(&b, ", and Holm's correction over the %zu pair%s of this ", pair_family(c, s),
		   pair_family(c, s) == 1 ? "" : "s");
	if (c->by_step)
		buf_printf(&b, "bisect's step %d", s->step);
	else
		buf_puts(&b, "comparison");
	buf_puts(&b, " needs p below ");
	fmt_p(&b, holm_level(r, c, s));
	buf_puts(&b, ", so no pair here can be significant");
	if (needed)
		buf_printf(&b, "; about %d rounds per version would be needed to confirm the "
			   "clearest of these differences", needed);
	return buf_detach(&b, NULL);
}

/* The fewest and most rounds any version ran, as "3 to 7" or "7". */
static void build_rounds_range(struct report *r)
{
	const struct model *m = r->m;
	size_t lo = (size_t)-1, hi = 0;
	for (size_t i = 0; i < m->ncomparisons; i++)
		for (size_t k = 0; k < m->comparisons[i].nversions; k++) {
			size_t n = m->comparisons[i].versions[k].nrounds;
			lo = n < lo ? n : lo;
			hi = n > hi ? n : hi;
		}
	if (hi == 0)
		lo = 0;
	r->rounds_min = lo;
	r->rounds_max = hi;
	if (lo == hi)
		snprintf(r->rounds_text, sizeof r->rounds_text, "%zu", hi);
	else
		snprintf(r->rounds_text, sizeof r->rounds_text, "%zu to %zu", lo, hi);
	snprintf(r->rounds_counted, sizeof r->rounds_counted, "%s %s", r->rounds_text,
		 lo == hi && hi == 1 ? "round" : "rounds");
	{
		/* the rounds' own days, not the report's date */
		const char *first, *last;
		char d0[11], d1[11];
		report_time_span(m, &first, &last);
		r->measured_on[0] = '\0';
		if (first && iso8601_utc_day(first, d0) && iso8601_utc_day(last, d1)) {
			if (strcmp(d0, d1) == 0)
				snprintf(r->measured_on, sizeof r->measured_on, "%s", d0);
			else
				snprintf(r->measured_on, sizeof r->measured_on, "%s to %s", d0, d1);
		}
	}
}

void report_count_compared(struct buf *b, const struct model *m)
{
	counts_compared(b, m, NULL, m->ncomparisons);
}

static void build_evidence(struct report *r)
{
	const struct model *m = r->m;
	struct buf b = BUF_INIT;
	size_t nseries = 0, nby_step = 0, nwith_pairs = 0;

	r->p_floor = 1;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		r->nfaster += c->verdict == VERDICT_FASTER;
		r->nwithin += c->verdict == VERDICT_WITHIN_NOISE;
		r->ninsufficient += c->verdict == VERDICT_INSUFFICIENT;
		r->nnot_confirmed += c->verdict == VERDICT_NOT_CONFIRMED;
		r->nregressions += c->regression || c->nworse_steps;
		r->nanomalies += c->anomaly;
		r->npairs += c->npairs;
		for (size_t k = 0; k < c->npairs; k++)
			if (pair_family(c, &c->pairs[k]) > r->most_pairs)
				r->most_pairs = pair_family(c, &c->pairs[k]);
		nby_step += c->by_step && c->npairs > 0;
		nwith_pairs += c->npairs > 0;
		r->nsteps += c->nsteps;
		r->ndrift += c->drift.found;
		for (size_t k = 0; k < c->npairs; k++) {
			r->nsignificant += c->pairs[k].significant;
			r->nborderline += c->pairs[k].borderline;
			if (c->pairs[k].p_floor < r->p_floor)
				r->p_floor = c->pairs[k].p_floor;
		}
	}
	/* a bisect's file alone: every comparison's family is a step */
	r->by_step = nwith_pairs && nby_step == nwith_pairs;
	/* the report's power binds when every comparison's does */
	r->power_binds = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct pair_stats *s = strongest_pair(&m->comparisons[i]);
		if (!s)
			continue;
		if (s->p_floor < holm_level(r, &m->comparisons[i], s)) {
			r->power_binds = 0;
			break;
		}
		r->power_binds = 1;
	}
	for (size_t i = 0; i < m->ncomparisons; i++)
		nseries += !m->comparisons[i].by_step && !evidence_all_pairs(&m->comparisons[i]);
	if (r->npairs) {
		/* Holm's first step compares the smallest p with alpha / pairs,
		 * the pairs of one comparison */
		buf_puts(&b, "With the rounds measured, the smallest p-value the rank test can reach is ");
		fmt_p(&b, r->p_floor);
		if (r->by_step)
			buf_printf(&b, "; Holm's correction runs over the pairs of each step of the "
				   "bisect (the versions one step measured together, of one workload on "
				   "one platform: %zu pair%s at most), so its first step needs the "
				   "smallest p below ", r->most_pairs, r->most_pairs == 1 ? "" : "s");
		else
			buf_printf(&b, "; Holm's correction runs over the pairs of each comparison (one "
				   "workload on one platform: %zu pair%s at most), so its first step "
				   "needs the smallest p below ", r->most_pairs,
				   r->most_pairs == 1 ? "" : "s");
		fmt_p(&b, r->method.alpha / (double)r->most_pairs);
		if (r->power_binds)
			buf_puts(&b, ", so no pair can be significant: more rounds per version are needed "
				     "before the test can confirm anything");
		else
			buf_printf(&b, "; %zu pair%s significant", r->nsignificant,
				   r->nsignificant == 1 ? " is" : "s are");
		if (nseries)
			buf_printf(&b, "; %zu workload%s more than %d versions, a series: each version "
				   "is tested against its neighbours and the baseline, not against every "
				   "other version", nseries, nseries == 1 ? " has" : "s have",
				   EVIDENCE_ALL_PAIRS);
		r->power_note = buf_detach(&b, NULL);
		buf_printf(&b, "The within-noise rule compares best rounds against the spread; a rank "
			   "test (Mann\xE2\x80\x93Whitney U on all rounds, Holm-corrected across the "
			   "pairs of versions of each workload) asks whether one version's rounds are "
			   "consistently apart from the other's. Where the two disagree, neither claim "
			   "is safe");
		if (nseries)
			buf_printf(&b, ". Past %d versions a workload is a series, and its versions are "
				   "compared with their neighbours and the baseline only", EVIDENCE_ALL_PAIRS);
		r->rank_test_note = buf_detach(&b, NULL);
	}

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		struct report_comparison *rc = &r->comparisons[i];
		const struct pair_stats *s = strongest_pair(c);

		rc->borderline = xcalloc(c->npairs ? c->npairs : 1, sizeof *rc->borderline);
		for (size_t k = 0; k < c->npairs; k++) {
			if (!c->pairs[k].borderline)
				continue;
			borderline_text(r, c, &c->pairs[k], &b);
			rc->borderline[k] = buf_detach(&b, NULL);
			rc->nborderline++;
		}
		rc->steps = xcalloc(c->nsteps ? c->nsteps : 1, sizeof *rc->steps);
		for (size_t k = 0; k < c->nsteps; k++) {
			const struct step *st = &c->steps[k];
			const struct version_stats *vb = &c->versions[st->before];
			const struct version_stats *va = &c->versions[st->after];
			buf_printf(&b, "between %s and %s", vb->version, va->version);
			if (vb->v8 && va->v8 && strcmp(vb->v8, va->v8) != 0)
				buf_printf(&b, " (V8 %s \xE2\x86\x92 %s)", vb->v8, va->v8);
			else if (vb->v8 && va->v8)
				buf_printf(&b, " (both V8 %s)", vb->v8);
			buf_puts(&b, ": best round ");
			fmt_percent_signed(&b, st->change);
			rc->steps[k] = buf_detach(&b, NULL);
		}
		rc->power_binds = s && s->p_floor >= holm_level(r, c, s);
		if (rc->power_binds)
			rc->power_note = comparison_power_note(r, c);
		if (rc->power_binds && rc->nborderline) {
			buf_printf(&b, "%zu pair%s apart beyond the noise of ", rc->nborderline,
				   rc->nborderline == 1 ? " is" : "s are");
			fmt_spread(&b, c->noise);
			buf_puts(&b, ", which the test cannot confirm with these rounds (see Power)");
			rc->borderline_summary = buf_detach(&b, NULL);
		}
	}
	buf_release(&b);
}

/* ---- the verdicts in words ---- */

/* What the design compares, for sentences: "best rounds", "medians". */
static const char *compared(const struct comparison *c)
{
	switch (c->design) {
	case DESIGN_ROUNDS:
		return "best rounds";
	case DESIGN_SESSIONS:
		return "per-round ratios";
	default:
		return "medians";
	}
}

/* "2 of 7 workloads show a confirmed difference ..." */
static void build_headline(struct report *r)
{
	const struct model *m = r->m;
	struct buf b = BUF_INIT;
	size_t n = m->ncomparisons;

	size_t nrule = 0, alone = 0;
	for (size_t i = 0; i < n; i++) {
		nrule += m->comparisons[i].confirmed == CONFIRMED_RULE_ONLY;
		alone += m->comparisons[i].verdict == VERDICT_INSUFFICIENT &&
			 m->comparisons[i].insufficient == INSUFFICIENT_ONE_VERSION;
	}
	/* "4 of 7 workloads", "4 of 24 comparisons (12 workloads on 2
	 * platforms)": a comparison is a workload on a platform */
	if (r->nfaster) {
		buf_printf(&b, "%zu of ", r->nfaster);
		report_count_compared(&b, m);
	}
	if (r->nfaster && !nrule)
		buf_printf(&b, " show%s a confirmed difference: larger than the machine's own noise, "
			   "and confirmed by the rank test", r->nfaster == 1 ? "s" : "");
	else if (r->nfaster)
		buf_printf(&b, " show%s a difference larger than the machine's own noise: the rank "
			   "test confirms it in %zu, and in %zu too few rounds were measured for any rank "
			   "test to confirm it", r->nfaster == 1 ? "s" : "", r->nfaster - nrule, nrule);
	else if (n == 1 && r->ninsufficient == 1)
		/* no verdict is not "no difference" */
		buf_puts(&b, alone ? "The workload has no verdict: only one version was measured, "
			 "nothing to compare" : "The workload has no verdict: too few rounds were "
			 "measured");
	else if (n == 1)
		buf_puts(&b, "The workload shows no confirmed difference (larger than the machine's own "
			 "noise and confirmed by the rank test)");
	else if (r->ninsufficient == n) {
		buf_puts(&b, "None of the ");
		report_count_compared(&b, m);
		buf_puts(&b, " has a verdict");
	}
	else {
		buf_puts(&b, "None of the ");
		report_count_compared(&b, m);
		buf_puts(&b, " shows a confirmed difference (larger than the machine's own noise and "
			 "confirmed by the rank test)");
	}
	if (r->nnot_confirmed)
		buf_printf(&b, "; in %zu the difference is beyond the noise but the rank test does not "
			   "confirm it, so no winner is claimed yet", r->nnot_confirmed);
	if (r->nwithin)
		buf_printf(&b, "; in %zu the versions are within noise of each other", r->nwithin);
	if (r->ninsufficient && n > 1) {
		/* why: one version alone has nothing to compare; the others too
		 * few rounds */
		if (alone && n == 1)
			buf_puts(&b, "; only one version was measured, nothing to compare");
		else if (alone)
			buf_printf(&b, "; in %zu only one version was measured, nothing to compare", alone);
		if (r->ninsufficient > alone)
			buf_printf(&b, "; %zu had too few rounds for a verdict", r->ninsufficient - alone);
	}
	if (!r->nfaster && r->ninsufficient < n) {
		/* in the words every comparison shares: "faster", "smaller" */
		const char *better = n ? words_diff(&m->comparisons[0])->better : "faster";
		for (size_t i = 1; i < n; i++)
			if (words_diff(&m->comparisons[i])->better != better)
				better = "better";
		buf_printf(&b, ": on this data, no version is %s", better);
	}
	r->headline = buf_detach(&b, NULL);
}

/* "24.22.3: 4 of 7 rounds are 13× slower than ..." for every bimodal
 * version of c, joined by "; ". Appends nothing when there is none. */
static void anomaly_text(struct buf *b, const struct comparison *c)
{
	size_t at = b->len;
	for (size_t k = 0; k < c->nversions; k++) {
		const struct version_stats *v = &c->versions[k];
		if (!v->bimodal)
			continue;
		buf_printf(b, "%s%s: ", b->len > at ? "; " : "", v->version);
		words_clusters(b, c, v);
	}
}

/* The gap as the verdict quotes it: a whole percentage, as "N% faster"
 * rounds it, so that one sentence never says 10% and 9.6% of one gap; a
 * size's gap, which the verdict quotes as how much smaller, says what it
 * measures. */
static void put_gap(struct buf *b, const struct comparison *c)
{
	buf_printf(b, "%ld%%", round_half_away(c->gap * 100));
	if (c->unit_kind == UNIT_SIZE)
		buf_puts(b, " (the larger over the smaller)");
}

void report_verdict_sentence(struct buf *b, const struct model *m, const struct comparison *c)
{
	words_verdict(b, m, c, 1);
	buf_putc(b, '.');
	if (c->verdict == VERDICT_FASTER) {
		buf_puts(b, " The gap of ");
		put_gap(b, c);
		buf_printf(b, " between the %s clears the noise of ",
			   c->confirmed == CONFIRMED_PAIRED ? "per-round ratios" : compared(c));
		fmt_spread(b, c->noise);
		buf_puts(b, c->confirmed == CONFIRMED_RULE_ONLY ? "; too few rounds for the rank test to confirm it."
			    : c->confirmed == CONFIRMED_PAIRED ? " and the signed rank test confirms it."
			    : " and the rank test confirms it.");
	} else if (c->verdict == VERDICT_NOT_CONFIRMED) {
		buf_printf(b, " The %s are ", compared(c));
		put_gap(b, c);
		buf_puts(b, " apart, beyond the noise of ");
		fmt_spread(b, c->noise);
		buf_puts(b, ", but the rank test does not confirm it.");
	} else if (c->verdict == VERDICT_WITHIN_NOISE) {
		buf_printf(b, " The %s are ", compared(c));
		fmt_fixed(b, c->gap * 100, c->gap < 0.1 ? 1 : 0);
		buf_puts(b, "% apart, inside the noise of ");
		fmt_spread(b, c->noise);
		buf_putc(b, '.');
	}
	if (c->anomaly) {
		buf_puts(b, " Two clusters: ");
		anomaly_text(b, c);
		buf_putc(b, '.');
	}
}

/* "the versions a and b are compared as variants: ..." for labels that are
 * no releases of the schedule's product. */
static void build_variants_note(struct report *r)
{
	struct buf b = BUF_INIT;
	if (r->m->versions_kind != VERSIONS_VARIANTS || !r->nversions)
		return;
	buf_puts(&b, r->nversions == 1 ? "the version " : "the versions ");
	for (size_t k = 0; k < r->nversions && k < REPORT_MAX_NAMED; k++)
		buf_printf(&b, "%s%s", !k ? "" : k + 1 == r->nversions ? " and " : ", ",
			   r->versions[k].version);
	if (r->nversions > REPORT_MAX_NAMED)
		buf_printf(&b, " and %zu more", r->nversions - REPORT_MAX_NAMED);
	if (r->nversions == 1)
		buf_puts(&b, " is a variant, not a release on a product's release schedule, "
			 "so no release advice applies");
	else
		buf_puts(&b, " are compared as variants: they are not releases on a product's release "
			 "schedule, so no release advice applies");
	r->variants_note = buf_detach(&b, NULL);
}

/* The variants of c confirmed worse than its baseline: "9 is slower than
 * the baseline 1", "6 and 9 are slower than the baseline 1"; NULL for
 * ordered versions (a newer one worse is a regression), without a baseline
 * or when none is. Returns a malloc'd string, caller frees. */
static char *worse_variants(const struct model *m, const struct comparison *c)
{
	struct buf b = BUF_INIT;
	size_t n = 0, said = 0;
	if (m->versions_ordered || c->baseline_idx < 0)
		return NULL;
	for (size_t k = 0; k < c->nversions; k++)
		n += c->versions[k].change_claim < 0;
	if (!n)
		return NULL;
	for (size_t k = 0; k < c->nversions; k++) {
		if (c->versions[k].change_claim >= 0)
			continue;
		if (said < REPORT_MAX_NAMED)
			buf_printf(&b, "%s%s", !said ? "" : said + 1 == n ? " and " : ", ",
				   c->versions[k].version);
		said++;
	}
	if (n > REPORT_MAX_NAMED)
		buf_printf(&b, " and %zu more", n - REPORT_MAX_NAMED);
	buf_printf(&b, " %s %s than the baseline %s", n == 1 ? "is" : "are", words_diff(c)->worse,
		   c->versions[c->baseline_idx].version);
	return buf_detach(&b, NULL);
}

static void build_verdicts(struct report *r)
{
	const struct model *m = r->m;
	struct buf b = BUF_INIT;

	build_headline(r);
	compared_header(&b, m, NULL);
	r->compared_header = buf_detach(&b, NULL);
	upgrade_words_build(&r->upgrade, r->m);
	r->how_taken = words_how_taken(m->how_taken);
	words_recommendation(&b, m);
	if (b.len)
		r->recommendation = buf_detach(&b, NULL);
	build_variants_note(r);
	r->findings = xcalloc(m->nplatforms ? m->nplatforms : 1, sizeof *r->findings);
	for (size_t i = 0; i < m->nplatforms; i++) {
		words_finding(&b, m, &m->platforms[i]);
		r->findings[i] = buf_detach(&b, NULL);
	}
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		struct report_comparison *rc = &r->comparisons[i];

		words_verdict(&b, m, c, 0);
		rc->text = buf_detach(&b, NULL);
		words_verdict_numbers(&b, m, c);
		rc->text_numbers = buf_detach(&b, NULL);
		compared_words(&b, c);
		rc->compared_text = buf_detach(&b, NULL);
		words_design(&b, c);
		if (b.len)
			rc->design_text = buf_detach(&b, NULL);
		words_drift(&b, c);
		if (b.len)
			rc->drift = buf_detach(&b, NULL);
		rc->worse_variant = worse_variants(m, c);
		r->nworse += rc->worse_variant != NULL;
		rc->worth_filing = c->regression || c->nworse_steps || rc->worse_variant || c->anomaly;
		/* a bisect's confirmed step is filed for itself, whatever its
		 * sign: the comparison of the workload it narrowed */
		if (c->by_step && m->bisect.culprit >= 0 && c->verdict == VERDICT_FASTER &&
		    !strcmp(c->workload, m->bisect.steps[m->bisect.culprit].workload))
			rc->worth_filing = 1;
		for (size_t k = 0; k < c->nrelease_steps && c->nworse_steps; k++) {
			char *t;
			if (!releases_worse(c, &c->release_steps[k]))
				continue;
			t = history_release_step_text(c, &c->release_steps[k]);
			buf_printf(&b, "%s%s", b.len ? "; " : "", t);
			free(t);
		}
		if (b.len)
			rc->worse_steps = buf_detach(&b, NULL);
		anomaly_text(&b, c);
		if (b.len)
			rc->anomaly = buf_detach(&b, NULL);

		rc->change = xcalloc(c->nversions ? c->nversions : 1, sizeof *rc->change);
		for (size_t k = 0; k < c->nversions && c->baseline_idx >= 0; k++) {
			const struct version_stats *v = &c->versions[k];
			if (v->is_baseline)
				continue;
			/* the pair's verdict record, in the verdicts' size */
			words_against_baseline(&b, c, k);
			rc->change[k] = buf_detach(&b, NULL);
		}

		report_verdict_sentence(&b, m, c);
		rc->verdict_line = buf_detach(&b, NULL);
	}
	buf_release(&b);
}

void report_inputs_summary(struct buf *b, const struct model *m)
{
	struct digest_inputs in;
	digest_inputs(m, &in);
	report_inputs_files(b, m);
	if (in.first[0])
		buf_printf(b, ", rounds dated %s to %s", in.first, in.last);
	digest_inputs_release(&in);
}

void report_inputs_files(struct buf *b, const struct model *m)
{
	struct digest_inputs in;
	digest_inputs(m, &in);
	buf_printf(b, "%zu files", in.n);
	if (in.folder[0])
		buf_printf(b, " under %s", in.folder);
	digest_inputs_release(&in);
}

void report_rounds_days(struct buf *b, const struct model *m)
{
	struct digest_inputs in;
	digest_inputs(m, &in);
	if (in.first[0] && strcmp(in.first, in.last) == 0)
		buf_printf(b, "Rounds run on %s (UTC)", in.first);
	else if (in.first[0])
		buf_printf(b, "Rounds run from %s to %s (UTC days)", in.first, in.last);
	digest_inputs_release(&in);
}

/* ---- the chart plan (its rules and file names: chart_plan.c) ---- */

static void add_chart(struct report *r, char *stem, enum report_chart_kind kind, size_t ci)
{
	ALLOC_GROW(r->charts, r->ncharts + 1, r->charts_alloc);
	r->charts[r->ncharts].stem = stem;
	r->charts[r->ncharts].kind = kind;
	r->charts[r->ncharts].comparison = ci;
	r->ncharts++;
}

/* The overview first, then per comparison its strip chart, for a long
 * series its series chart, and for a history its time chart. Stems are unique (report_chart_stems). */
static void build_charts(struct report *r)
{
	const struct model *m = r->m;
	char **names = report_chart_stems(m);
	size_t first;

	if (report_has_overview(m))
		add_chart(r, xstrdup("overview"), REPORT_CHART_OVERVIEW, 0);
	if (m->bisect.good && m->bisect.nsteps && m->bisect.nversions)
		add_chart(r, xstrdup("bisect-steps"), REPORT_CHART_BISECT, 0);
	first = r->ncharts;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		if (i >= REPORT_MAX_WORKLOAD_CHARTS) {
			/* past the limit no charts: analysis.json, the workbook
			 * and the documents' tables hold every workload */
			free(names[i]);
			r->charts_left_out++;
			continue;
		}
		add_chart(r, names[i], REPORT_CHART_STRIP, i);
		if (report_chart_series(&m->comparisons[i]))
			add_chart(r, xasprintf("%s-series", names[i]), REPORT_CHART_SERIES, i);
		if (timeline_dated(&m->comparisons[i]) || timeline_sitting(&m->comparisons[i]))
			add_chart(r, xasprintf("%s-time", names[i]), REPORT_CHART_TIME, i);
	}
	free(names);
	if (r->charts_left_out)
		r->charts_note = xasprintf("Charts of their own for the first %d workloads only: the "
					   "other %zu are in the tables, analysis.json and the workbook.",
					   REPORT_MAX_WORKLOAD_CHARTS, r->charts_left_out);
	/* pointers into charts[] only once it stops growing */
	for (size_t k = 0; k < first; k++)
		if (r->charts[k].kind == REPORT_CHART_OVERVIEW)
			r->overview_chart = r->charts[k].stem;
		else
			r->bisect_chart = r->charts[k].stem;
	for (size_t k = first; k < r->ncharts; k++) {
		struct report_comparison *rc = &r->comparisons[r->charts[k].comparison];
		if (r->charts[k].kind == REPORT_CHART_STRIP)
			rc->chart = r->charts[k].stem;
		else if (r->charts[k].kind == REPORT_CHART_TIME)
			rc->time_chart = r->charts[k].stem;
		else
			rc->series_chart = r->charts[k].stem;
	}
}

static void build_method(struct report_method *mt)
{
	mt->alpha = STATS_ALPHA;
	mt->interval = "the rank test on log values (Hodges-Lehmann/Moses, distribution-free)";
	mt->ci_level = STATS_CI_LEVEL;
	snprintf(mt->alpha_text, sizeof mt->alpha_text, "%g", mt->alpha);
	snprintf(mt->ci_text, sizeof mt->ci_text, "%g%%", mt->ci_level * 100);
	mt->power = STATS_POWER;
	snprintf(mt->power_text, sizeof mt->power_text, "%g%%", mt->power * 100);
}

/* The title an issue would carry: the largest regression beyond the noise
 * (a newer version slower than an older one), else the largest step down
 * between releases of a line, else that nothing regressed. */
static void build_issue_title(struct report *r)
{
	const struct model *m = r->m;
	const struct comparison *worst = NULL;
	const struct comparison *step_c = NULL;
	const struct release_step *step = NULL;
	size_t nreg = 0;
	struct buf b = BUF_INIT;
	int lead_anomaly;
	long lead = doc_issue_lead(r, &lead_anomaly);
	/* a bisect's file: what it narrowed is its finding */
	if (words_bisect_title(&b, m)) {
		r->issue_title = buf_detach(&b, NULL);
		return;
	}
	/* the title names the finding with the strongest evidence (doc.h) */
	if (doc_issue_anomaly_title(r, &b)) {
		r->issue_title = buf_detach(&b, NULL);
		return;
	}
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (c->regression) {
			nreg++;
			if (lead >= 0 && m->comparisons[lead].regression)
				worst = &m->comparisons[lead];
			else if (!worst || words_regression_pair(c)->rec.size > words_regression_pair(worst)->rec.size)
				worst = c;
		}
		for (size_t k = 0; k < c->nrelease_steps; k++) {
			const struct release_step *s = &c->release_steps[k];
			double down = c->better == BETTER_HIGHER ? 1 - s->ratio : s->ratio - 1;
			if (s->step && down > 0 &&
			    (!step || down > (step_c->better == BETTER_HIGHER ? 1 - step->ratio : step->ratio - 1))) {
				step = s;
				step_c = c;
			}
		}
	}
	if (!worst && !m->versions_ordered) {
		/* variants with no order have no regression: the largest confirmed difference
		 * that makes a variant worse than the baseline */
		for (size_t i = 0; i < m->ncomparisons; i++) {
			const struct comparison *c = &m->comparisons[i];
			char *w = c->verdict == VERDICT_FASTER ? worse_variants(m, c) : NULL;
			if (w && (!worst || c->gap > worst->gap))
				worst = c;
			nreg += w != NULL;
			free(w);
		}
	}
	if (worst) {
		buf_printf(&b, "Performance %s: ", !m->versions_ordered ? "difference" : "regression");
		if (worst->regression) {
			words_regression_title(&b, worst);
		} else {
			/* a variant worse than the baseline: the verdict's own pair,
			 * in its own words */
			buf_printf(&b, "\"%s\": %s", worst->workload,
				   worst->versions[worst->record.winner].version);
			words_size(&b, worst, worst->record.size,
				   worst->versions[worst->record.other].version);
		}
		if (model_platform_named(worst->platform))
			buf_printf(&b, " (%s)", worst->platform);
		if (nreg > 1)
			buf_printf(&b, ", and %zu more %s%s", nreg - 1,
				   counts_by_workload(m) ? "workload" : "comparison", nreg == 2 ? "" : "s");
	} else if (step) {
		double down = step_c->better == BETTER_HIGHER ? 1 - step->ratio : step->ratio - 1;
		buf_printf(&b, "Performance: \"%s\" %.0f%% slower from %s on (median round against %s%s%s)",
			   step_c->workload, down * 100, step->after, step->before,
			   model_platform_named(step_c->platform) ? ", " : "",
			   model_platform_named(step_c->platform) ? step_c->platform : "");
	} else {
		size_t nw = 0, np = 0;
		counts_distinct(m, NULL, m->ncomparisons, &nw, &np);
		buf_printf(&b, "Benchmark of %zu workload%s", nw, nw == 1 ? "" : "s");
		if (np > 1)
			buf_printf(&b, " on %zu platforms", np);
		if (!m->versions_ordered) {
			buf_printf(&b, ", %zu variant%s: no variant worse than the baseline beyond the noise",
				   r->nversions, r->nversions == 1 ? "" : "s");
			r->issue_title = buf_detach(&b, NULL);
			return;
		}
		if (r->nversions > 1)
			buf_printf(&b, ", %s to %s", r->versions[0].version, r->versions[r->nversions - 1].version);
		buf_puts(&b, ": no regression beyond the noise");
	}
	r->issue_title = buf_detach(&b, NULL);
}

/* The baseline and why: given with --baseline, or the oldest version; an
 * end-of-life oldest version is said so, with the option that compares
 * against the oldest supported one instead. */
static void build_baseline_note(struct report *r)
{
	const struct model *m = r->m;
	const struct report_version *base = NULL, *supported = NULL;
	struct buf b = BUF_INIT;
	if (!r->nversions)
		return;
	for (size_t k = 0; k < r->nversions; k++) {
		if (m->baseline && strcmp(r->versions[k].version, m->baseline) == 0)
			base = &r->versions[k];
		if (!supported && !r->versions[k].eol && r->versions[k].support != SUPPORT_UNKNOWN)
			supported = &r->versions[k];
	}
	if (m->baseline) {
		buf_printf(&b, "the baseline is %s, as given with --baseline", base ? base->version : m->baseline);
	} else {
		base = &r->versions[0];
		if (m->versions_kind == VERSIONS_RELEASES)
			buf_printf(&b, "the baseline is %s, the oldest version measured", base->version);
		else
			buf_printf(&b, "the baseline is %s, the first variant", base->version);
		if (m->versions_kind == VERSIONS_RELEASES && base->eol && base->vs->line) {
			const struct release_line *l = NULL;
			for (size_t i = 0; i < m->schedule.nlines; i++)
				if (strcmp(m->schedule.lines[i].line, base->vs->line) == 0)
					l = &m->schedule.lines[i];
			buf_printf(&b, "; %s %s is end-of-life%s%s", m->schedule.product ? m->schedule.product : "its line",
				   base->vs->line, l ? " since " : "", l ? l->end : "");
			if (supported && supported != base)
				buf_printf(&b, ", so compare against a supported line with "
					   "--baseline %s", supported->version);
		}
	}
	r->baseline_note = buf_detach(&b, NULL);
}

char **report_warnings(const struct model *m, size_t *count)
{
	struct buf b = BUF_INIT;
	size_t nnothing, k, n;
	/* comparisons without a verdict: one sentence per platform, where
	 * the first of them was met, never one each */
	char **nothing = grouping_nothing_notes(m, &nnothing);
	char **w;
	int said = 0;
	n = m->nwarnings + m->nwarning_facts + nnothing;
	w = xcalloc(n ? n : 1, sizeof *w);
	for (size_t i = 0; i < m->nwarnings; i++)
		w[i] = xstrdup(m->warnings[i]);
	k = m->nwarnings;
	for (size_t i = 0; i < m->nwarning_facts; i++) {
		if (m->warning_facts[i].kind == WARNING_INSUFFICIENT) {
			for (size_t j = 0; !said && j < nnothing; j++)
				w[k++] = nothing[j];
			said = 1;
			continue;
		}
		words_warning(&b, m, &m->warning_facts[i]);
		w[k++] = buf_detach(&b, NULL);
	}
	for (size_t j = 0; !said && j < nnothing; j++)
		w[k++] = nothing[j];
	free(nothing);
	*count = k;
	return w;
}

/* The model's worded warnings, then its warning facts in words, in the
 * order they were met. */
static void build_warnings(struct report *r)
{
	r->warnings = report_warnings(r->m, &r->nwarnings);
}

void report_build(struct report *r, const struct model *m, int with_charts)
{
	memset(r, 0, sizeof *r);
	r->m = m;
	r->link_charts = with_charts;
	r->releases = m->versions_kind == VERSIONS_RELEASES;
	r->ordered = m->versions_ordered;
	build_method(&r->method);
	build_versions(r);
	build_lines(r);
	build_rounds_range(r);
	r->comparisons = xcalloc(m->ncomparisons ? m->ncomparisons : 1, sizeof *r->comparisons);
	build_evidence(r);
	build_verdicts(r);
	build_charts(r);
	{
		struct buf b = BUF_INIT;
		if (words_bisect_narrowed(&b, m))
			r->bisect_narrowed = buf_detach(&b, NULL);
		if (words_bisect_changes(&b, m))
			r->bisect_changes = buf_detach(&b, NULL);
		r->bisect_changelog = words_bisect_changelog(m);
		buf_release(&b);
	}
	/* how exact releases were compared: a statement of method, shown
	 * with what the verdicts compared, not among the risks */
	r->grouping_text = grouping_note(m);
	build_warnings(r);
	build_issue_title(r);
	{
		const char **texts = xmalloc((r->m->ncomparisons + 1) * sizeof *texts);
		for (size_t i = 0; i < r->m->ncomparisons; i++)
			texts[i] = r->comparisons[i].text;
		report_claims_build(&r->claims, r->m, texts, r->releases);
		free(texts);
	}
	if (r->claims.title) {
		/* the answer to the claim is the issue's subject */
		free(r->issue_title);
		r->issue_title = xstrdup(r->claims.title);
	}
	build_baseline_note(r);
	report_impact_build(&r->impact, m);
}

void report_release(struct report *r)
{
	for (size_t i = 0; r->comparisons && i < r->m->ncomparisons; i++) {
		struct report_comparison *rc = &r->comparisons[i];
		for (size_t k = 0; k < r->m->comparisons[i].npairs; k++)
			free(rc->borderline[k]);
		free(rc->borderline);
		for (size_t k = 0; k < r->m->comparisons[i].nsteps; k++)
			free(rc->steps[k]);
		free(rc->steps);
		free(rc->power_note);
		free(rc->borderline_summary);
		free(rc->anomaly);
		free(rc->worse_steps);
		free(rc->worse_variant);
		for (size_t k = 0; rc->change && k < r->m->comparisons[i].nversions; k++)
			free(rc->change[k]);
		free(rc->change);
		free(rc->verdict_line);
		free(rc->text);
		free(rc->text_numbers);
		free(rc->design_text);
		free(rc->compared_text);
		free(rc->drift);
	}
	for (size_t i = 0; r->findings && i < r->m->nplatforms; i++)
		free(r->findings[i]);
	free(r->findings);
	for (size_t i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	free(r->grouping_text);
	free(r->recommendation);
	free(r->variants_note);
	free(r->headline);
	free(r->bisect_narrowed);
	free(r->bisect_changes);
	free(r->bisect_changelog);
	free(r->compared_header);
	upgrade_words_release(&r->upgrade);
	free(r->comparisons);
	for (size_t k = 0; k < r->ncharts; k++)
		free(r->charts[k].stem);
	free(r->charts);
	free(r->versions);
	for (size_t i = 0; i < r->nlines; i++)
		free(r->lines[i].v8);
	free(r->lines);
	free(r->power_note);
	free(r->rank_test_note);
	free(r->charts_note);
	free(r->issue_title);
	report_claims_release(&r->claims);
	free(r->baseline_note);
	report_impact_release(&r->impact);
	memset(r, 0, sizeof *r);
}
