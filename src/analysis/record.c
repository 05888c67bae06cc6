/*
 * record.c - the verdict record (record.h): for each pair of versions the
 * design that decided it, the pair it names, one estimate with its
 * interval, the noise band the rule used and which band that is, and how
 * many rounds agree; for each comparison its verdict pair's. The record is
 * read, never recomputed, by every sentence, gate line, chart band, claim
 * check and upgrade row (doc/method.md, "The verdict record").
 */
#include "analysis/record.h"
#include "analysis/stats.h"
#include "lib/util.h"
#include "model/semver.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The decider of pair p of c: the pairing when it made the claim or when
 * the rounds are shared sessions, else the design's statistic. */
static enum decided_by decided(const struct comparison *c, const struct pair_stats *p)
{
	if (p->paired_claim)
		return DECIDED_PAIRED;
	switch (c->design) {
	case DESIGN_ROUNDS:
		return DECIDED_BEST_ROUNDS;
	case DESIGN_SESSIONS:
		return DECIDED_PAIRED;
	case DESIGN_UNEQUAL:
		return DECIDED_MEDIANS;
	case DESIGN_HISTORY:
		return DECIDED_HISTORY;
	}
	return DECIDED_BEST_ROUNDS;
}

/* Reads ratio b / a as the size of the winner's advantage: the other's
 * value over the winner's less one for a time or a size, the winner's over
 * the other's for a rate. */
static double as_size(const struct comparison *c, int b_wins, double ratio)
{
	int b_over_a = (c->better == BETTER_HIGHER) == !!b_wins;
	return b_over_a ? ratio - 1 : 1 / ratio - 1;
}

/* Rounds that show the winner better: per-round ratios when the rounds are
 * shared, else the winner's rounds better than the other's median round. */
static void count_agree(const struct comparison *c, const struct version_stats *w,
			const struct version_stats *o, struct verdict_record *r)
{
	int hi = c->better == BETTER_HIGHER;
	r->agree = 0;
	if (c->paired && w->nrounds == o->nrounds) {
		r->rounds = w->nrounds;
		for (size_t k = 0; k < w->nrounds; k++)
			r->agree += hi ? w->values[k] > o->values[k] : w->values[k] < o->values[k];
		return;
	}
	r->rounds = w->nrounds;
	for (size_t k = 0; k < w->nrounds; k++)
		r->agree += hi ? w->values[k] > o->median : w->values[k] < o->median;
}

/* -1 when version a is older than version b, +1 newer, 0 no order (labels,
 * or variants a runner gave: analysis.c, versions_ordered). */
static int release_order(const struct model *m, const char *a, const char *b)
{
	int k;
	if (!m->versions_ordered || !semver_parse(a).ok || !semver_parse(b).ok)
		return 0;
	k = semver_cmp(a, b);
	return (k > 0) - (k < 0);
}

/* The smallest size pair p's rounds could claim: the band of the design
 * that could decide it; with shared rounds in the published design, the
 * narrower of the published rule's and the pairing's, when the signed rank
 * test can confirm anything. */
static double sees(const struct comparison *c, const struct pair_stats *p)
{
	switch (c->design) {
	case DESIGN_ROUNDS:
		if (p->paired && p->paired_reachable && p->paired_noise < p->noise)
			return p->paired_noise;
		return p->noise;
	case DESIGN_SESSIONS:
		return p->paired_reachable ? p->paired_noise : INFINITY;
	default:
		return p->reachable ? p->noise : INFINITY;
	}
}

static void fill_record(const struct model *m, const struct comparison *c, struct pair_stats *p)
{
	struct verdict_record *r = &p->rec;
	const struct version_stats *va = &c->versions[p->a], *vb = &c->versions[p->b];
	int side;

	memset(r, 0, sizeof *r);
	r->winner = r->other = r->rule_winner = -1;
	r->size_low = r->size_high = r->ratio = r->ci_low = r->ci_high = NAN;
	r->sees = INFINITY;
	r->p_holm = NAN;
	if ((int)va->nrounds < m->min_rounds || (int)vb->nrounds < m->min_rounds) {
		r->verdict = VERDICT_INSUFFICIENT;
		return;
	}
	r->by = decided(c, p);
	if (r->by == DECIDED_PAIRED && p->paired) {
		r->size = p->paired_size;
		side = p->paired_side;
		r->band = p->paired_noise;
		r->band_kind = RECORD_BAND_PER_ROUND;
	} else {
		r->size = p->size;
		side = p->side;
		r->band = p->noise;
		r->band_kind = c->design == DESIGN_ROUNDS ? RECORD_BAND_LARGEST_SPREAD
			: c->design == DESIGN_HISTORY ? RECORD_BAND_MIDDLE80 : RECORD_BAND_QUARTILES;
	}
	/* the interval of the test that decides: the per-round ratios' where
	 * the pairing decided, else the rank test's ratio and its interval, so
	 * that a confirmed claim's interval leaves out no change as its test
	 * does */
	if (r->by == DECIDED_PAIRED && p->paired) {
		/* the median per-round ratio b / a and its distribution-free
		 * interval (the sign test's order statistics), read by
		 * fill_paired from the sorted log ratios */
		r->ratio = p->paired_ratio;
		r->ci_low = p->paired_ci_low;
		r->ci_high = p->paired_ci_high;
	} else {
		r->ratio = p->ratio;
		r->ci_low = p->ci_low;
		r->ci_high = p->ci_high;
	}
	if (p->claim)
		side = p->claim;
	r->verdict = p->claim ? VERDICT_FASTER : p->beyond_noise ? VERDICT_NOT_CONFIRMED : VERDICT_WITHIN_NOISE;
	/* no side: b is named first, as the pair is */
	r->winner = (long)(side >= 0 ? p->b : p->a);
	r->other = (long)(side >= 0 ? p->a : p->b);
	if (side == 0)
		r->size = 0;
	if (isfinite(r->ci_low) && isfinite(r->ci_high) && r->ci_low > 0) {
		double x = as_size(c, side >= 0, r->ci_low), y = as_size(c, side >= 0, r->ci_high);
		r->size_low = fmin(x, y);
		r->size_high = fmax(x, y);
	}
	count_agree(c, &c->versions[r->winner], &c->versions[r->other], r);
	r->sees = sees(c, p);
	/* the rank test that speaks for it: the signed rank test of the
	 * per-round ratios where the pairing decided and it confirms (or
	 * where the rounds are shared sessions), else the pair's own */
	if ((r->by == DECIDED_PAIRED && p->paired && p->paired_p_holm < STATS_ALPHA &&
	     p->paired_test_side == p->paired_side) || c->design == DESIGN_SESSIONS) {
		r->test = "signed-rank";
		r->p_holm = p->paired_p_holm;
	} else {
		r->test = p->test;
		r->p_holm = p->p_holm;
	}
	r->regression = r->verdict == VERDICT_FASTER &&
			release_order(m, c->versions[r->winner].version, c->versions[r->other].version) < 0;
	r->rule_size = p->size;
	r->rule_band = p->noise;
	r->rule_winner = p->side ? (long)(p->side > 0 ? p->b : p->a) : -1;
}

/* A comparison with no pair judged: the published rule's verdict on the
 * bests (analysis.c, rule_best), or no verdict. */
static void rule_record(const struct model *m, struct comparison *c)
{
	struct verdict_record *r = &c->record;
	memset(r, 0, sizeof *r);
	r->winner = r->other = r->rule_winner = -1;
	r->size_low = r->size_high = r->ratio = r->ci_low = r->ci_high = NAN;
	r->sees = INFINITY;
	r->p_holm = NAN;
	r->verdict = c->verdict;
	if (c->verdict == VERDICT_INSUFFICIENT || c->best_idx < 0 || c->worst_idx < 0)
		return;
	r->by = DECIDED_BEST_ROUNDS;
	r->winner = r->rule_winner = c->best_idx;
	r->other = c->worst_idx;
	r->size = r->rule_size = c->verdict == VERDICT_WITHIN_NOISE && c->gap <= 0 ? 0 : c->gap;
	r->band = r->rule_band = r->sees = c->noise;
	r->band_kind = RECORD_BAND_LARGEST_SPREAD;
	count_agree(c, &c->versions[r->winner], &c->versions[r->other], r);
	r->regression = r->verdict == VERDICT_FASTER &&
			release_order(m, c->versions[r->winner].version, c->versions[r->other].version) < 0;
}

void record_run(struct model *m)
{
	for (size_t i = 0; i < m->ncomparisons; i++) {
		struct comparison *c = &m->comparisons[i];
		c->nregressing = 0;
		for (size_t k = 0; k < c->npairs; k++) {
			struct pair_stats *p = &c->pairs[k];
			/* a bisect step's pair keeps the record its step's
			 * rounds made, its anomalies its step's (analysis/bisect.c) */
			if (!c->by_step) {
				fill_record(m, c, p);
				/* a version set apart as an anomaly is named as
				 * one, not as a regression of each pair it takes
				 * part in */
				if (c->others_apart &&
				    (c->versions[p->a].bimodal || c->versions[p->b].bimodal))
					p->rec.regression = 0;
			}
			c->nregressing += p->rec.regression;
		}
		if (c->verdict_pair >= 0 && c->verdict != VERDICT_INSUFFICIENT) {
			c->record = c->pairs[c->verdict_pair].rec;
			c->record.verdict = c->verdict;
		} else {
			rule_record(m, c);
		}
	}
}

double record_change(const struct pair_stats *p, size_t from, double *lo, double *hi)
{
	const struct verdict_record *r = &p->rec;
	if (from == p->a) {
		*lo = r->ci_low - 1;
		*hi = r->ci_high - 1;
		return r->ratio - 1;
	}
	*lo = 1 / r->ci_high - 1;
	*hi = 1 / r->ci_low - 1;
	return 1 / r->ratio - 1;
}
