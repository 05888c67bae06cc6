/*
 * analysis.c - the published within-noise method.
 *
 * Per workload and platform, per version: round value = median of the
 * round's passes; best = the lowest round value (highest when higher is
 * better), since interference on a shared machine only ever adds time;
 * spread = (highest - lowest round value) / (2 * median of round values).
 * Across versions: gap between the best and the worst best; noise = the
 * largest spread; a difference is beyond the noise only when gap > noise.
 * That rule holds for its design, the same number of rounds per version in
 * one sitting; evidence.c detects other designs (shared sessions over days,
 * unequal rounds, histories) and their statistics, the rank tests and Holm.
 * A claim needs two keys: beyond the noise, and confirmed by the rank test in
 * the same direction after Holm (decide()).
 *
 * It hands over facts, no sentences: the verdict, why a comparison has none,
 * which keys hold a claim and the pair it names, the design, how the rounds
 * were taken and the warnings' kinds; present/ words them.
 */
#include "analysis/analysis.h"
#include "analysis/bisect.h"
#include "analysis/evidence.h"
#include "analysis/record.h"
#include "analysis/impact.h"
#include "analysis/releases.h"
#include "analysis/stats.h"
#include "lib/median.h"
#include "analysis/lines.h"
#include "analysis/timeline.h"
#include "analysis/upgrade.h"
#include "analysis/windows.h"
#include "ingest/ingest.h"
#include "lib/util.h"
#include "model/semver.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Result order for grouping: workload, platform, version, round. The
 * workload and platform keep their first-seen order in the input; versions
 * are ranked once (semver, then first seen), so sorting compares integers. */
/* The key of a series in the comparisons' order: workload and platform as
 * first seen, version by rank; idx is the series' id. */
struct keyed {
	size_t idx;
	uint32_t wl_order, pl_order, ver_rank;
};

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	if (x->wl_order != y->wl_order)
		return x->wl_order < y->wl_order ? -1 : 1;
	if (x->pl_order != y->pl_order)
		return x->pl_order < y->pl_order ? -1 : 1;
	if (x->ver_rank != y->ver_rank)
		return x->ver_rank < y->ver_rank ? -1 : 1;
	return (x->idx > y->idx) - (x->idx < y->idx);
}

static int cmp_round(const void *a, const void *b)
{
	const struct result *x = a, *y = b;
	return (x->round > y->round) - (x->round < y->round);
}

/* First-seen order of interned strings: a hash map from the pointer to its
 * index in `list`, so numbering n results over k names is O(n), not O(n k). */
struct order_map {
	const char **slots;
	size_t *index, nslots;
	const char **list;
	size_t n, alloc;
};

static size_t ptr_hash(const char *s)
{
	uint64_t h = (uint64_t)(uintptr_t)s * 0x9e3779b97f4a7c15ULL;
	return (size_t)(h >> 17);
}

static size_t order_of(struct order_map *o, const char *s)
{
	size_t j;
	if ((o->n + 1) * 2 > o->nslots) {
		size_t ns = o->nslots ? o->nslots * 2 : 64;
		const char **slots = xcalloc(ns, sizeof *slots);
		size_t *index = xmalloc(ns * sizeof *index);
		for (size_t i = 0; i < o->nslots; i++) {
			if (!o->slots[i])
				continue;
			j = ptr_hash(o->slots[i]) & (ns - 1);
			while (slots[j])
				j = (j + 1) & (ns - 1);
			slots[j] = o->slots[i];
			index[j] = o->index[i];
		}
		free(o->slots);
		free(o->index);
		o->slots = slots;
		o->index = index;
		o->nslots = ns;
	}
	j = ptr_hash(s) & (o->nslots - 1);
	while (o->slots[j]) {
		if (o->slots[j] == s)
			return o->index[j];
		j = (j + 1) & (o->nslots - 1);
	}
	o->slots[j] = s;
	o->index[j] = o->n;
	ALLOC_GROW(o->list, o->n + 1, o->alloc);
	o->list[o->n] = s;
	return o->n++;
}

static void order_release(struct order_map *o)
{
	free(o->slots);
	free(o->index);
	free(o->list);
}

static const char *const *rank_names;

/* Versions by semver, then first seen (their index in rank_names). */
static int cmp_version_order(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = semver_cmp(rank_names[x], rank_names[y]);
	if (c)
		return c;
	return x < y ? -1 : x > y;
}

/* "24.19.0-node.63" style V8 strings: keep the V8 version proper. */
static const char *v8_display(struct model *m, const char *v8)
{
	const char *dash;
	if (!v8)
		return NULL;
	dash = strstr(v8, "-node.");
	return dash ? model_internn(m, v8, (size_t)(dash - v8)) : v8;
}

static void fill_version(struct model *m, struct comparison *c, struct version_stats *vs)
{
	double lo = INFINITY, hi = -INFINITY;
	/* only a release has a line, a status and the schedule's V8 */
	const struct release_line *l = m->versions_kind == VERSIONS_RELEASES
					       ? windows_find(&m->schedule, vs->version) : NULL;
	for (size_t i = 0; i < vs->nrounds; i++) {
		vs->values[i] = vs->rounds[i].value;
		if (vs->values[i] < lo)
			lo = vs->values[i];
		if (vs->values[i] > hi)
			hi = vs->values[i];
		if (!vs->v8 && vs->rounds[i].series->v8)
			vs->v8 = v8_display(m, vs->rounds[i].series->v8);
	}
	/* a line compared as one version has no one V8 when its releases'
	 * differ (the steps inside it name each release's) */
	for (size_t i = 1; vs->v8 && vs->rounds[0].series->release && i < vs->nrounds; i++)
		if (vs->rounds[i].series->v8 && v8_display(m, vs->rounds[i].series->v8) != vs->v8)
			vs->v8 = NULL;
	int grouped = vs->nrounds && vs->rounds[0].series->release;
	/* sorted once: the median, the quantile spread and every pair's rank
	 * tests read this copy */
	memcpy(vs->sorted, vs->values, vs->nrounds * sizeof *vs->sorted);
	sort_doubles(vs->sorted, vs->nrounds);
	vs->median = median_sorted(vs->sorted, vs->nrounds);
	vs->best = c->better == BETTER_HIGHER ? hi : lo;
	vs->worst_round = c->better == BETTER_HIGHER ? lo : hi;
	/* one round has no spread: unknown, not zero */
	vs->spread = vs->nrounds < 2 ? NAN : vs->median > 0 ? (hi - lo) / 2 / vs->median : 0;
	vs->qspread = vs->nrounds < 2 ? NAN : stats_quantile_spread_sorted(vs->sorted, vs->nrounds, 0.25);
	vs->level = vs->best;
	vs->band = vs->spread;
	if (l) {
		struct semver sv = semver_parse(vs->version);
		vs->line = model_intern(m, l->line);
		vs->status = l->status;
		/* the schedule knows V8 only for a line's first and latest release */
		if (grouped)
			;
		else if (!vs->v8 && l->latest && semver_cmp(vs->version, l->latest) == 0 && sv.nparts == 3)
			vs->v8 = model_intern(m, l->v8_latest);
		else if (!vs->v8 && sv.nparts == 3 && sv.minor == 0 && sv.patch == 0 && !sv.pre)
			vs->v8 = model_intern(m, l->v8);
	}
}

/* How much better a is than b, as a fraction: the published gap. */
static double gap_between(int better, double best_b, double best_w)
{
	return better == BETTER_HIGHER ? best_b / best_w - 1 : best_w / best_b - 1;
}

/* Why c, short of versions or rounds, has no verdict: one version, or
 * versions short of rounds that ran one round each, or some more. */
static enum insufficient why_insufficient(const struct comparison *c, int min_rounds)
{
	size_t nshort = 0, nsingle = 0;
	if (c->nversions < 2)
		return INSUFFICIENT_ONE_VERSION;
	for (size_t i = 0; i < c->nversions; i++) {
		if ((int)c->versions[i].nrounds >= min_rounds)
			continue;
		nshort++;
		nsingle += c->versions[i].nrounds == 1;
	}
	return nsingle == nshort ? INSUFFICIENT_SPREAD_UNKNOWN : INSUFFICIENT_FEW_ROUNDS;
}

/* Whether version i of c is left out of the comparison of the others: its
 * rounds fall into two clusters and at least two other versions remain. */
static int set_apart(const struct comparison *c, size_t i)
{
	return c->others_apart && c->versions[i].bimodal;
}

/* A pair that compares two versions of the others (neither set apart). */
static int among_others(const struct comparison *c, const struct pair_stats *p)
{
	return !set_apart(c, p->a) && !set_apart(c, p->b);
}

/* Whether the versions' values, in version order (bests, or the design's
 * levels), go both up and down by more than the noise: a move counts once
 * it leaves the last turning point by more than the noise band, so ups and
 * downs inside the noise never make a series "not linear". */
static int moves_both_ways(const struct comparison *c, int levels, double noise)
{
	int up = 0, down = 0;
	double anchor = 0;
	for (size_t i = 0; i < c->nversions; i++) {
		double v = levels ? c->versions[i].level : c->versions[i].best;
		if (!(v > 0) || !isfinite(v) || set_apart(c, i))
			continue;
		if (!(anchor > 0)) {
			anchor = v;
			continue;
		}
		if (v / anchor - 1 > noise) {
			up = 1;
			anchor = v;
		} else if (anchor / v - 1 > noise) {
			down = 1;
			anchor = v;
		} else if ((up && !down && v > anchor) || (down && !up && v < anchor)) {
			anchor = v; /* further along the way it already went */
		}
	}
	return up && down;
}

/* Whether version w, the winner of a claim, lies inside the version order
 * (neither the first nor the last version not set apart) with the bests
 * moving to it and back after it, as the published tables mean "not
 * linear" (doc/method.md): the versions before it and the versions
 * after it are worse, the smaller of the two ways (the worst best of each
 * side against the winner's, in logs) at least a third of the larger. A
 * way back inside the noise counts; a step followed by a flat does not. */
static int winner_inside(const struct comparison *c, long w)
{
	double way[2] = { 0, 0 };
	int seen[2] = { 0, 0 };
	if (w < 0 || set_apart(c, (size_t)w) || !(c->versions[w].best > 0))
		return 0;
	for (size_t i = 0; i < c->nversions; i++) {
		double x = c->versions[i].best, d;
		int side = (long)i > w;
		if ((long)i == w || set_apart(c, i) || !(x > 0) || !isfinite(x))
			continue;
		d = log(x / c->versions[w].best) * (c->better == BETTER_HIGHER ? -1 : 1);
		seen[side] = 1;
		way[side] = fmax(way[side], d);
	}
	return seen[0] && seen[1] && way[0] > 0 && way[1] > 0 &&
	       3 * fmin(way[0], way[1]) >= fmax(way[0], way[1]);
}

static void judge(struct model *m, struct comparison *c)
{
	int short_rounds = 0;
	c->noise = 0;
	c->best_idx = c->worst_idx = 0;
	for (size_t i = 0; i < c->nversions; i++) {
		const struct version_stats *v = &c->versions[i];
		int b = c->better == BETTER_HIGHER;
		if ((int)v->nrounds < m->min_rounds)
			short_rounds = 1;
		if (v->spread > c->noise)
			c->noise = v->spread;
		if (b ? v->best > c->versions[c->best_idx].best : v->best < c->versions[c->best_idx].best)
			c->best_idx = (int)i;
		if (b ? v->best < c->versions[c->worst_idx].best : v->best > c->versions[c->worst_idx].best)
			c->worst_idx = (int)i;
	}
	c->gap = gap_between(c->better, c->versions[c->best_idx].best, c->versions[c->worst_idx].best);

	/* linear: the bests in version order move one way only, beyond the
	 * noise */
	c->linear = !moves_both_ways(c, 0, c->noise);

	c->verdict_pair = -1;
	c->rule_best = c->best_idx;
	c->rule_linear = c->linear;
	if (short_rounds || c->nversions < 2) {
		c->verdict = VERDICT_INSUFFICIENT;
		c->insufficient = why_insufficient(c, m->min_rounds);
		c->best_idx = c->worst_idx = c->rule_best = -1;
	} else if (c->gap <= c->noise) {
		c->verdict = VERDICT_WITHIN_NOISE;
	} else {
		/* the rule's claim stands when no pair is judged (decide):
		 * CONFIRMED_BOTH, as the documents have always said it */
		c->verdict = VERDICT_FASTER;
		c->confirmed = CONFIRMED_BOTH;
		if (winner_inside(c, c->best_idx))
			c->linear = c->rule_linear = 0;
	}
}

/* A within-noise comparison of paired rounds in the published design
 * whose versions' per-round ratios all lie within a band narrower than the
 * noise, with no difference the signed rank test confirms: that band (the
 * farthest round of any pair), else 0. */
static double same_within(const struct comparison *c)
{
	double far = 0;
	if (c->design != DESIGN_ROUNDS || !c->paired)
		return 0;
	for (size_t i = 0; i < c->npairs; i++) {
		const struct pair_stats *p = &c->pairs[i];
		if (!among_others(c, p) || c->versions[p->a].bimodal || c->versions[p->b].bimodal)
			continue;
		if (!p->paired || (p->paired_reachable && p->paired_p_holm < STATS_ALPHA))
			return 0;
		far = fmax(far, p->paired_max);
	}
	return far < c->noise ? fmax(far, 1e-9) : 0;
}

/* How strong a pair's claim is, for the headline: 4 both keys (the
 * published rule and the rank test on the round values), 3 the pairing of
 * rounds confirmed by both rank tests (the signed rank test on the
 * per-round ratios and the one on the round values), 2 the pairing
 * confirmed by one of them, 1 the published rule alone (too few rounds
 * for any rank test), 0 no claim. */
static int claim_strength(const struct pair_stats *p)
{
	if (!p->claim)
		return 0;
	if (p->paired_claim)
		return 2 + (p->paired_p_holm < STATS_ALPHA && p->significant);
	return p->reachable ? 4 : 1;
}

/* The size a pair's claim is ranked by: the design's statistic; for the
 * pairing's, the smaller of the median per-round ratio and the gap between
 * the best rounds (it claims only where both show the difference: the
 * size both agree on). */
static double claim_size(const struct pair_stats *p)
{
	return p->paired_claim ? fmin(p->paired_size, p->size) : p->size;
}

static void decide_on(struct comparison *c, const struct pair_stats *p);

/* The verdict: the strongest confirmed claim of any pair, naming
 * its two versions; else from the pair of the best and the worst version by
 * the design's statistic: beyond the noise alone is VERDICT_NOT_CONFIRMED, else
 * within noise (the pair's `steady` tells a steady difference inside a
 * too-wide band). Records the pair judged in verdict_pair. */
static void decide(struct comparison *c)
{
	const struct pair_stats *p;

	if (c->verdict == VERDICT_INSUFFICIENT)
		return;
	if (c->design != DESIGN_ROUNDS || c->anomaly) {
		/* by the design's statistic, among the versions not set apart */
		int hi = c->better == BETTER_HIGHER, rounds = c->design == DESIGN_ROUNDS;
		c->best_idx = c->worst_idx = -1;
		for (size_t i = 0; i < c->nversions; i++) {
			double l = rounds ? c->versions[i].best : c->versions[i].level;
			if (set_apart(c, i))
				continue;
			if (c->best_idx < 0 ||
			    (hi ? l > (rounds ? c->versions[c->best_idx].best : c->versions[c->best_idx].level)
				: l < (rounds ? c->versions[c->best_idx].best : c->versions[c->best_idx].level)))
				c->best_idx = (int)i;
			if (c->worst_idx < 0 ||
			    (hi ? l < (rounds ? c->versions[c->worst_idx].best : c->versions[c->worst_idx].level)
				: l > (rounds ? c->versions[c->worst_idx].best : c->versions[c->worst_idx].level)))
				c->worst_idx = (int)i;
		}
	}
	p = evidence_pair(c, (size_t)c->best_idx, (size_t)c->worst_idx);
	if (!p)
		return;
	/* the headline: the strongest claim among all pairs, by one order
	 * (claim_strength, doc/method.md, "Designs"), then the largest
	 * (claim_size); without one, the best against the worst */
	for (size_t i = 0; i < c->npairs; i++) {
		const struct pair_stats *q = &c->pairs[i];
		if (!q->claim || !among_others(c, q))
			continue;
		if (claim_strength(q) > claim_strength(p) ||
		    (claim_strength(q) == claim_strength(p) &&
		     claim_size(q) > claim_size(p)))
			p = q;
	}
	decide_on(c, p);
}

/* The verdict from pair p of c (decide, decide_bisect). */
static void decide_on(struct comparison *c, const struct pair_stats *p)
{
	if (p->claim) {
		c->best_idx = (int)(p->claim > 0 ? p->b : p->a);
		c->worst_idx = (int)(p->claim > 0 ? p->a : p->b);
	}
	c->gap = p->paired_claim ? p->paired_size : p->size;
	c->noise = p->paired_claim ? p->paired_noise : p->noise;
	if (c->design != DESIGN_ROUNDS || c->anomaly)
		c->linear = !moves_both_ways(c, c->design != DESIGN_ROUNDS, c->noise);
	c->verdict_pair = (long)(p - c->pairs);
	c->confirmed = CONFIRMED_NONE;
	if (p->claim) {
		c->verdict = VERDICT_FASTER;
		c->confirmed = p->paired_claim ? CONFIRMED_PAIRED
			: p->reachable ? CONFIRMED_BOTH : CONFIRMED_RULE_ONLY;
		if (winner_inside(c, c->best_idx))
			c->linear = 0;
	} else if (p->beyond_noise) {
		c->verdict = VERDICT_NOT_CONFIRMED;
	} else {
		c->verdict = VERDICT_WITHIN_NOISE;
		c->same_within = same_within(c);
	}
}

/* A comparison of a bisect's rounds file (comparison.by_step): the
 * verdict is its headline pair's (bisect_headline), with the pair's own
 * winner and other; with too few rounds in it, decide's on its steps'
 * pairs. */
static void decide_bisect(const struct model *m, struct comparison *c)
{
	const struct pair_stats *p = bisect_headline(m, c);
	if (c->verdict == VERDICT_INSUFFICIENT)
		return;
	if (!p || p->rec.verdict == VERDICT_INSUFFICIENT || p->rec.winner < 0) {
		decide(c);
		return;
	}
	c->best_idx = (int)p->rec.winner;
	c->worst_idx = (int)p->rec.other;
	decide_on(c, p);
	/* "not linear" would set versions of different steps side by side:
	 * the verdict is one step's two versions */
	c->linear = 1;
}

/* Semantic-version order of two versions: -1 a is earlier, +1 later, 0 the
 * same or no order (a runner's labels, or either is a label that is no
 * version). */
static int version_order(const struct model *m, const char *a, const char *b)
{
	int c;
	if ((m->versions_kind == VERSIONS_VARIANTS && (m->variant_parameter || m->command_labels)) ||
	    !semver_parse(a).ok || !semver_parse(b).ok)
		return 0;
	c = semver_cmp(a, b);
	return (c > 0) - (c < 0);
}

/* Change of each version against the baseline: the metric's own relative
 * change, signed; better or worse by the metric's direction. */
static void against_baseline(struct model *m, struct comparison *c)
{
	c->baseline_idx = -1;
	/* in a comparison of lines, a --baseline naming one of a line's
	 * releases names that line */
	for (size_t i = 0; m->baseline && c->by_line && i < c->nversions && c->baseline_idx < 0; i++)
		for (size_t r = 0; r < c->versions[i].nrounds; r++) {
			const char *rel = c->versions[i].rounds[r].series->release;
			if (rel && strcmp(rel, m->baseline) == 0) {
				c->baseline_idx = (int)i;
				break;
			}
		}
	for (size_t i = 0; c->baseline_idx < 0 && i < c->nversions; i++) {
		/* the same string, or the same version ("v24.11.1" for
		 * "24.11.1"); a label that is no version equals only itself */
		if (m->baseline ? strcmp(c->versions[i].version, m->baseline) == 0 ||
					  (semver_cmp(c->versions[i].version, m->baseline) == 0 &&
					   semver_parse(m->baseline).ok &&
					   semver_parse(c->versions[i].version).ok)
				: i == 0) {
			c->baseline_idx = (int)i;
			break;
		}
	}
	for (size_t i = 0; i < c->nversions; i++) {
		struct version_stats *v = &c->versions[i];
		double base;
		v->is_baseline = (int)i == c->baseline_idx;
		if (c->baseline_idx < 0)
			continue;
		v->baseline_order = v->is_baseline ? 0 : version_order(m, v->version,
							     c->versions[c->baseline_idx].version);
		base = c->versions[c->baseline_idx].best;
		v->change = v->best / base - 1;
		if (v->is_baseline || v->best == base)
			v->change_better = 0;
		else if (c->better == BETTER_HIGHER)
			v->change_better = v->best > base ? 1 : -1;
		else
			v->change_better = v->best < base ? 1 : -1;
	}
}

/*
 * Puts the n results of one group in round order, in place. Rounds are
 * distinct within a group (ingest rejects a round twice), so the order is
 * the same whatever order the results came in. When the rounds span a range
 * not much wider than n, each result's place is its rank in that range and
 * the moves follow the permutation's cycles; otherwise the group is sorted.
 * *to is a scratch array of *nalloc entries, grown here; the caller frees it.
 */
static void order_by_round(struct result *r, size_t n, size_t **to, size_t *nalloc)
{
	int lo, hi;
	size_t span, *t;

	if (n < 2)
		return;
	lo = hi = r[0].round;
	for (size_t i = 1; i < n; i++) {
		if (r[i].round < lo)
			lo = r[i].round;
		if (r[i].round > hi)
			hi = r[i].round;
	}
	span = (size_t)((long long)hi - lo) + 1;
	if (span > 4 * n + 64) {
		qsort(r, n, sizeof *r, cmp_round);
		return;
	}
	if (*nalloc < span + 1) {
		free(*to);
		*nalloc = span + 1;
		*to = xmalloc(*nalloc * sizeof **to);
	}
	t = *to;
	/* t[round - lo + 1] = 1 where a result has that round, then ranks */
	memset(t, 0, (span + 1) * sizeof *t);
	for (size_t i = 0; i < n; i++)
		t[r[i].round - lo + 1] = 1;
	for (size_t k = 0; k < span; k++)
		t[k + 1] += t[k];
	/* t[round - lo] is now the place of the result with that round */
	for (size_t i = 0; i < n; i++) {
		size_t d = t[r[i].round - lo];
		while (d != i) {
			struct result x = r[d];
			r[d] = r[i];
			r[i] = x;
			d = t[r[i].round - lo];
		}
	}
}

/*
 * Places the model's results group by group, (workload, platform, version)
 * in the comparisons' order, each group by round, and returns the groups'
 * bounds: start[g] to start[g + 1] for g < *ngroups (malloc'd, caller
 * frees), and in (*blocks)[g] (malloc'd, caller frees) 1 when the runner
 * ran some of group g's rounds back to back. The series (few) are sorted, then the results are moved in place
 * into their groups (no index per result, no second copy of the results)
 * and each group is put in round order.
 * Ingest guarantees one result per (workload, platform, version, round).
 */
static size_t *group_results(struct model *m, size_t *ngroups, unsigned char **blocks)
{
	size_t ns = m->nseries, n = m->nresults, ng = 0;
	struct order_map wl = { 0 }, pl = { 0 }, ver = { 0 };
	struct keyed *k = xmalloc((ns ? ns : 1) * sizeof *k);
	size_t *by_rank, *rank, *group_of = xmalloc((ns ? ns : 1) * sizeof *group_of);
	size_t *start, *head, *to = NULL, ntoalloc = 0;

	/* series come in the order first seen: so do their names */
	for (size_t i = 0; i < ns; i++) {
		const struct series *x = m->series[i];
		k[i].idx = i;
		k[i].wl_order = (uint32_t)order_of(&wl, x->workload);
		k[i].pl_order = (uint32_t)order_of(&pl, x->platform);
		k[i].ver_rank = (uint32_t)order_of(&ver, x->version);
	}
	/* first-seen index -> rank in version order */
	by_rank = xmalloc((ver.n ? ver.n : 1) * sizeof *by_rank);
	rank = xmalloc((ver.n ? ver.n : 1) * sizeof *rank);
	for (size_t i = 0; i < ver.n; i++)
		by_rank[i] = i;
	rank_names = ver.list;
	qsort(by_rank, ver.n, sizeof *by_rank, cmp_version_order);
	for (size_t i = 0; i < ver.n; i++)
		rank[by_rank[i]] = i;
	for (size_t i = 0; i < ns; i++)
		k[i].ver_rank = (uint32_t)rank[k[i].ver_rank];
	free(by_rank);
	free(rank);
	if (wl.n && pl.n && ver.n && wl.n <= (4 * ns + 64) / pl.n / ver.n) {
		/* few possible groups: a counting sort, stable in first-seen order */
		size_t nkeys = wl.n * pl.n * ver.n, *at = xcalloc(nkeys + 1, sizeof *at);
		struct keyed *out = xmalloc(ns * sizeof *out);
#define KEY_OF(x) (((size_t)(x).wl_order * pl.n + (x).pl_order) * ver.n + (x).ver_rank)
		for (size_t i = 0; i < ns; i++)
			at[KEY_OF(k[i]) + 1]++;
		for (size_t g = 0; g < nkeys; g++)
			at[g + 1] += at[g];
		for (size_t i = 0; i < ns; i++)
			out[at[KEY_OF(k[i])]++] = k[i];
#undef KEY_OF
		free(at);
		free(k);
		k = out;
	} else {
		qsort(k, ns, sizeof *k, cmp_keyed);
	}
	for (size_t i = 0; i < ns; i++) {
		if (!i || k[i].wl_order != k[i - 1].wl_order || k[i].pl_order != k[i - 1].pl_order ||
		    k[i].ver_rank != k[i - 1].ver_rank)
			ng++;
		group_of[k[i].idx] = ng - 1;
	}
	free(k);
	order_release(&wl);
	order_release(&pl);
	order_release(&ver);

	/* group bounds, then the moves: an American flag pass (each group's
	 * next free place is a write head, so the moves are a few sequential
	 * streams, not a random permutation of the whole array), then each
	 * group put in round order within itself, where it fits in cache */
	start = xcalloc(ng + 1, sizeof *start);
	*blocks = xcalloc(ng ? ng : 1, 1);
	for (size_t i = 0; i < n; i++) {
		const struct series *x = m->results[i].series;
		start[group_of[x->id] + 1]++;
		(*blocks)[group_of[x->id]] |= x->back_to_back != 0;
	}
	for (size_t g = 0; g < ng; g++)
		start[g + 1] += start[g];
	head = xmalloc((ng ? ng : 1) * sizeof *head);
	memcpy(head, start, ng * sizeof *head);
	for (size_t g = 0; g < ng; g++) {
		while (head[g] < start[g + 1]) {
			struct result r = m->results[head[g]];
			size_t b = group_of[r.series->id];
			while (b != g) {
				struct result t = m->results[head[b]];
				m->results[head[b]++] = r;
				/* the next visit to group b, thousands of moves
				 * away, finds its place in cache */
				if (head[b] + 2 < n)
					__builtin_prefetch(&m->results[head[b] + 2], 1);
				r = t;
				b = group_of[r.series->id];
			}
			m->results[head[g]++] = r;
		}
	}
	free(head);
	free(group_of);
	for (size_t g = 0; g < ng; g++)
		order_by_round(m->results + start[g], start[g + 1] - start[g], &to, &ntoalloc);
	free(to);
	*ngroups = ng;
	return start;
}

/* Builds the comparisons from the grouped results; (*blocks)[i] (malloc'd,
 * caller frees) is 1 when the runner says it ran some version's rounds of
 * comparison i back to back. */
static int build_comparisons(struct model *m, unsigned char **blocks)
{
	unsigned char *group_blocks;
	size_t alloc = 0, ngroups, *start = group_results(m, &ngroups, &group_blocks);
	double *store;

	*blocks = xcalloc(ngroups ? ngroups : 1, 1); /* no more comparisons than groups */

	/* every version's values and their sorted copy, side by side, in the
	 * model's block (one mapping at millions of rounds, not two heap
	 * blocks a version; its first half held ingest's index) */
	store = model_block(m, 2 * m->nresults * sizeof *store);

	for (size_t g = 0; g < ngroups;) {
		const struct series *first = m->results[start[g]].series;
		struct comparison *c;
		size_t h = g, valloc = 0;
		while (h < ngroups && m->results[start[h]].series->workload == first->workload &&
		       m->results[start[h]].series->platform == first->platform)
			h++;
		ALLOC_GROW(m->comparisons, m->ncomparisons + 1, alloc);
		c = &m->comparisons[m->ncomparisons++];
		memset(c, 0, sizeof *c);
		c->workload = first->workload;
		c->platform = first->platform;
		c->unit = first->unit;
		c->unit_kind = ingest_unit_kind(c->unit);
		c->better = first->better;
		c->interleaved = -1;
		for (size_t a = g; a < h; a++) {
			struct version_stats *vs;
			ALLOC_GROW(c->versions, c->nversions + 1, valloc);
			vs = &c->versions[c->nversions++];
			memset(vs, 0, sizeof *vs);
			vs->rounds = m->results + start[a];
			vs->nrounds = start[a + 1] - start[a];
			vs->version = vs->rounds[0].series->version;
			vs->values = store;
			vs->sorted = store + vs->nrounds;
			store += 2 * vs->nrounds;
			if (group_blocks[a]) {
				c->interleaved = 0;
				(*blocks)[m->ncomparisons - 1] = 1;
			}
			if (vs->nrounds && vs->rounds[0].series->release)
				c->by_line = 1;
			fill_version(m, c, vs);
		}
		judge(m, c);
		g = h;
	}
	free(start);
	free(group_blocks);
	return 0;
}

/* 1 when two names are the same letters and digits, case aside ("nodejs"
 * and "Node.js"). */
static int same_name(const char *a, const char *b)
{
	for (;;) {
		while (*a && !((*a >= 'a' && *a <= 'z') || (*a >= 'A' && *a <= 'Z') || (*a >= '0' && *a <= '9')))
			a++;
		while (*b && !((*b >= 'a' && *b <= 'z') || (*b >= 'A' && *b <= 'Z') || (*b >= '0' && *b <= '9')))
			b++;
		if (!*a || !*b)
			return !*a && !*b;
		if ((*a | 0x20) != (*b | 0x20))
			return 0;
		a++;
		b++;
	}
}

/* Releases of the schedule's product when the input's subject names it, or
 * when every version is on one of its lines and they are not the values of
 * a runner's parameter that names no version (hyperfine's --parameter-list
 * threads 16,20,24 are thread counts, not Node.js lines); else variants. */
static enum versions_kind versions_kind(const struct model *m, const char *const *versions, size_t n)
{
	if (m->subject && m->schedule.product && same_name(m->subject, m->schedule.product))
		return VERSIONS_RELEASES;
	if (!n || m->variant_parameter)
		return VERSIONS_VARIANTS;
	for (size_t i = 0; i < n; i++)
		if (!windows_find(&m->schedule, versions[i]))
			return VERSIONS_VARIANTS;
	return VERSIONS_RELEASES;
}

/* 1 when the versions have an order (model.versions_ordered): releases,
 * or variants that all spell a version and that no runner gave as labels
 * (a parameter's values, command names). */
static int versions_ordered(const struct model *m, const char *const *versions, size_t n)
{
	if (m->versions_kind == VERSIONS_RELEASES)
		return 1;
	if (m->variant_parameter || m->command_labels)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!semver_parse(versions[i]).ok)
			return 0;
	return 1;
}

/* What the versions are; for releases, the support status of the compared
 * lines, the recommended line and the end-of-life warnings. Variants get
 * none of these. */
static void support(struct model *m)
{
	struct order_map ver = { 0 };

	windows_apply_date(&m->schedule, m->as_of);
	/* each distinct version once */
	for (size_t i = 0; i < m->nseries; i++)
		order_of(&ver, m->series[i]->version);
	m->versions_kind = versions_kind(m, ver.list, ver.n);
	m->versions_ordered = versions_ordered(m, ver.list, ver.n);
	if (m->versions_kind != VERSIONS_RELEASES) {
		order_release(&ver);
		m->recommended = NULL;
		return;
	}
	for (size_t i = 0; i < ver.n; i++) {
		struct release_line *l = (struct release_line *)windows_find(&m->schedule, ver.list[i]);
		if (l)
			l->compared = 1;
	}
	order_release(&ver);
	for (size_t i = 0; i < m->schedule.nlines; i++) {
		const struct release_line *l = &m->schedule.lines[i];
		if (l->compared && windows_status_is_eol(l->status))
			model_warn_fact(m, WARNING_EOL, 0, 0, i);
	}
	m->recommended = windows_recommend(&m->schedule);
}

/* Each version against the baseline by the two keys. */
static void baseline_claims(struct comparison *c)
{
	if (c->baseline_idx < 0)
		return;
	for (size_t i = 0; i < c->nversions; i++) {
		const struct pair_stats *p;
		struct version_stats *v = &c->versions[i];
		if ((int)i == c->baseline_idx)
			continue;
		p = evidence_pair(c, i, (size_t)c->baseline_idx);
		if (!p)
			continue;
		v->change_beyond = p->beyond_noise;
		if (p->claim)
			v->change_claim = (p->claim > 0 ? p->b : p->a) == i ? 1 : -1;
	}
}

/* How the rounds were taken across the report, as far as the input shows
 * it: a history confounds time and version whatever else holds, then
 * blocks, then what is not recorded, then the best design known. */
static enum how_taken how_taken(const struct model *m)
{
	size_t n[4] = { 0, 0, 0, 0 }, unknown = 0, blocks = 0, yes = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		n[c->design]++;
		unknown += c->interleaved < 0;
		yes += c->interleaved > 0;
		blocks += c->interleaved == 0 && c->design != DESIGN_HISTORY;
	}
	if (n[DESIGN_HISTORY])
		return TAKEN_HISTORY;
	if (blocks)
		return TAKEN_BLOCKS;
	if (unknown)
		return TAKEN_UNRECORDED;
	if (n[DESIGN_SESSIONS])
		return TAKEN_SESSIONS;
	return yes ? TAKEN_INTERLEAVED : TAKEN_SEVERAL;
}


/* The 1-minute load average around a result's round as `noisefloor run`
 * records it in meta (the higher of load_before and load_after), or -1. */
static double result_load(const struct result *r)
{
	const char *meta = r->series->meta_json;
	cJSON *j, *it;
	double load = -1;
	if (!meta || !strstr(meta, "\"load_") || !(j = cJSON_Parse(meta)))
		return -1;
	if (cJSON_IsNumber(it = cJSON_GetObjectItemCaseSensitive(j, "load_before")))
		load = it->valuedouble;
	if (cJSON_IsNumber(it = cJSON_GetObjectItemCaseSensitive(j, "load_after")) && it->valuedouble > load)
		load = it->valuedouble;
	cJSON_Delete(j);
	return load;
}

/* Whether the load explains a comparison's drift: within each version the
 * round values, taken in the order of the load their rounds ran under,
 * trend the way the drift goes (slower under more load), by the same
 * combined Mann-Kendall test the drift was found with. */
static void drift_and_load(struct model *m, const double *load_of)
{
	for (size_t i = 0; i < m->ncomparisons; i++) {
		struct comparison *c = &m->comparisons[i];
		struct trend_result *t;
		size_t k = 0, most = 0;
		double s = 0, p, *loads, *vals;
		int complete = 1;
		/* a version's trend against the others of its rounds is no
		 * machine's: the load cannot explain it */
		if (!c->drift.found || (c->drift.paired && !c->drift.machine))
			continue;
		for (size_t v = 0; v < c->nversions; v++)
			most = c->versions[v].nrounds > most ? c->versions[v].nrounds : most;
		t = xcalloc(c->nversions, sizeof *t);
		loads = xmalloc((most ? most : 1) * sizeof *loads);
		vals = xmalloc((most ? most : 1) * sizeof *vals);
		for (size_t v = 0; v < c->nversions && complete; v++) {
			const struct version_stats *vs = &c->versions[v];
			size_t n = vs->nrounds;
			if (n < 3)
				continue;
			for (size_t r = 0; r < n && complete; r++) {
				loads[r] = load_of[vs->rounds + r - m->results];
				vals[r] = vs->values[r];
				complete = loads[r] >= 0;
			}
			if (!complete)
				break;
			if (v == 0) {
				c->drift.load_first = loads[0];
				c->drift.load_last = loads[n - 1];
			}
			/* values ordered by their round's load (insertion: few rounds) */
			for (size_t a = 1; a < n; a++)
				for (size_t b = a; b > 0 && loads[b - 1] > loads[b]; b--) {
					double tl = loads[b], tv = vals[b];
					loads[b] = loads[b - 1], vals[b] = vals[b - 1];
					loads[b - 1] = tl, vals[b - 1] = tv;
				}
			stats_trend(vals, n, &t[k++]);
		}
		if (complete && k) {
			p = stats_trend_combined(t, k, &s);
			/* slower (higher times, lower rates) where the load was higher */
			c->drift.load_explains = p < STATS_ALPHA &&
				((s > 0) == (c->better == BETTER_LOWER)) &&
				((c->drift.load_last > c->drift.load_first) ==
				 (c->drift.rising == (c->better == BETTER_LOWER)));
		}
		free(t);
		free(loads);
		free(vals);
	}
}

/* One run of a version in a round (a process), as the load warning counts
 * them: the results it gave for each workload share it. */
struct run_key {
	const char *source, *version, *platform; /* interned */
	int round;
	int above;
};

static int cmp_addr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;
	return (x > y) - (x < y);
}

static int cmp_run(const void *pa, const void *pb)
{
	const struct run_key *a = pa, *b = pb;
	int c;
	if ((c = cmp_addr(a->source, b->source)) || (c = cmp_addr(a->version, b->version)) ||
	    (c = cmp_addr(a->platform, b->platform)))
		return c;
	return (a->round > b->round) - (a->round < b->round);
}

/* The machine as `noisefloor run` recorded it: noise checks that did not
 * pass, and runs whose round had a 1-minute load average above the cores
 * (meta.load_before, meta.load_after; read only when the environment names
 * the cores). Each is a warning fact. Returns each result's load (-1 when
 * it has none), read once for drift_and_load; NULL when the cores are
 * unknown. Caller frees. */
static double *machine_state(struct model *m)
{
	double *load_of;
	struct run_key *runs;
	size_t nruns = 0;
	const char *checks = model_get_env(m, INGEST_ENV_NOISE_CHECKS);
	const char *cores = model_get_env(m, "cores");

	if (checks && *checks && strcmp(checks, "passed") != 0) {
		m->load.noise_checks = checks;
		model_warn_fact(m, WARNING_NOISE_CHECKS, 0, 0, 0);
	}
	m->load.cores = cores ? strtod(cores, NULL) : 0;
	if (!(m->load.cores > 0))
		return NULL;
	load_of = xmalloc((m->nresults ? m->nresults : 1) * sizeof *load_of);
	runs = xmalloc((m->nresults ? m->nresults : 1) * sizeof *runs);
	for (size_t i = 0; i < m->nresults; i++) {
		/* results of one series share its meta: parsed once */
		double load = load_of[i] = i && m->results[i].series == m->results[i - 1].series
					   ? load_of[i - 1] : result_load(&m->results[i]);
		const struct series *s = m->results[i].series;
		if (!(load >= 0))
			continue;
		/* one run (process) of a version in a round gives a result
		 * for each workload it times: it is counted once */
		runs[nruns].source = s->source;
		runs[nruns].version = s->release ? s->release : s->version;
		runs[nruns].platform = s->platform;
		runs[nruns].round = m->results[i].round;
		runs[nruns].above = load > m->load.cores;
		nruns++;
		if (load > m->load.highest)
			m->load.highest = load;
	}
	if (nruns)
		qsort(runs, nruns, sizeof *runs, cmp_run);
	for (size_t i = 0; i < nruns; i++) {
		if (i && cmp_run(&runs[i], &runs[i - 1]) == 0) {
			if (runs[i].above && !runs[i - 1].above) {
				m->load.above++;  /* the run counts as above once */
				runs[i - 1].above = 1;
			}
			continue;
		}
		m->load.known++;
		m->load.above += runs[i].above;
	}
	free(runs);
	if (m->load.above)
		model_warn_fact(m, WARNING_LOADED, 0, 0, 0);
	return load_of;
}

/* The verdicts of one bisect step's rounds alone: analysis_run's part that
 * decides pairs, on sub (bisect_step_model). */
static void analyse_step(struct model *sub)
{
	unsigned char *blocks; /* the runner ran some rounds back to back */
	build_comparisons(sub, &blocks);
	for (size_t i = 0; i < sub->ncomparisons; i++) {
		model_index_versions(&sub->comparisons[i]);
		against_baseline(sub, &sub->comparisons[i]);
		if (blocks[i])
			sub->comparisons[i].interleaved = 0;
	}
	free(blocks);
	evidence_run(sub);
	for (size_t i = 0; i < sub->ncomparisons; i++)
		decide(&sub->comparisons[i]);
	record_run(sub);
}

/* A bisect's rounds file: the pairs of its comparisons are those one step
 * measured together, each on that step's rounds (bisect.h). */
static void bisect_steps(struct model *m)
{
	int *steps;
	size_t n = bisect_step_numbers(m, &steps);
	if (n && bisect_mark(m))
		for (size_t k = 0; k < n; k++) {
			struct model sub;
			model_init(&sub);
			bisect_step_model(m, steps[k], &sub);
			analyse_step(&sub);
			bisect_take_pairs(m, &sub, steps[k]);
			model_release(&sub);
		}
	free(steps);
}

int analysis_run(struct model *m, struct nf_error *err)
{
	size_t nhistory = 0;
	unsigned char *blocks; /* the runner ran some rounds back to back */

	support(m);
	lines_group(m);
	build_comparisons(m, &blocks);
	for (size_t i = 0; i < m->ncomparisons; i++)
		model_index_versions(&m->comparisons[i]);
	for (size_t i = 0; i < m->ncomparisons; i++)
		against_baseline(m, &m->comparisons[i]);
	if (m->baseline) {
		int found = 0;
		for (size_t i = 0; i < m->ncomparisons; i++)
			found |= m->comparisons[i].baseline_idx >= 0;
		if (!found) {
			/* the command layer words the message (baseline_missing) */
			m->baseline_missing = 1;
			free(blocks);
			return nf_error_set(err, NF_USAGE, "%s", m->baseline);
		}
	}
	for (size_t i = 0; i < m->ncomparisons; i++)
		if (blocks[i])
			m->comparisons[i].interleaved = 0;
	evidence_run(m);
	if (m->bisect.good)
		bisect_steps(m);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		if (m->comparisons[i].by_step)
			decide_bisect(m, &m->comparisons[i]);
		else
			decide(&m->comparisons[i]);
		baseline_claims(&m->comparisons[i]);
	}
	record_run(m);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		struct comparison *c = &m->comparisons[i];
		/* a regression needs an order: two releases, not labels; any
		 * pair's record that names the older one the better */
		c->regression = c->nregressing > 0;
		if (c->verdict == VERDICT_INSUFFICIENT)
			model_warn_fact(m, WARNING_INSUFFICIENT, i, 0, 0);
		if (blocks[i])
			model_warn_fact(m, WARNING_RUNNER_BLOCKS, i, 0, 0);
		for (size_t k = 0; k < c->nversions; k++)
			if (c->versions[k].bimodal)
				model_warn_fact(m, WARNING_BIMODAL, i, k, 0);
		nhistory += c->design == DESIGN_HISTORY && c->verdict != VERDICT_INSUFFICIENT;
	}
	free(blocks);
	if (nhistory)
		model_warn_fact(m, WARNING_HISTORY, 0, 0, 0);
	{
		double *load_of = machine_state(m);
		if (m->load.known)
			drift_and_load(m, load_of);
		free(load_of);
	}
	m->how_taken = how_taken(m);
	evidence_platforms(m);
	timeline_run(m);
	releases_run(m);
	bisect_analyse(m);
	if (upgrade_run(m, err) != NF_OK)
		return NF_USAGE;
	return impact_run(m, err);
}
