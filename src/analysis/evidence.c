/*
 * evidence.c - fills the evidence half of each comparison from the verdicts
 * analysis.c computed: what a V8 or Node.js maintainer asks for before
 * taking a regression seriously.
 *
 *  - pairs[]: every pair of versions, Mann-Whitney U on the round values,
 *    Hodges-Lehmann shift, the ratio's estimate with the rank test's
 *    interval, the power floor, and Holm's correction across the pairs of
 *    the comparison;
 *    a pair is "borderline" when the within-noise rule and the test
 *    disagree.
 *  - steps[]: in a series of EVIDENCE_LONG_SERIES or more versions, where
 *    the best value moves beyond the noise and stays there.
 *  - run order: whether the timestamps show the versions' rounds ran in
 *    blocks rather than interleaved, and a trend test for drift within
 *    versions (each comparison's test on its own, not corrected across
 *    comparisons).
 *  - platforms[]: one workload's verdicts side by side across platforms.
 * The numbers come from stats.c; this file decides what they are applied
 * to and turns them into the model's fields (facts: present/ words them).
 */
#include "analysis/evidence.h"
#include "analysis/stats.h"
#include "lib/median.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int evidence_all_pairs(const struct comparison *c)
{
	size_t k = c->nversions;
	return !c->by_step && c->npairs == k * (k - 1) / 2;
}

/* The pair of versions a and b of c, a < b: every pair is laid out in the
 * order (0,1), (0,2), ... (0,k-1), (1,2), ..., so its index is arithmetic;
 * a series keeps that order with pairs left out, searched by halves. */
const struct pair_stats *evidence_pair(const struct comparison *c, size_t a, size_t b)
{
	size_t lo = a < b ? a : b, hi = a < b ? b : a, k = c->nversions, first = 0, end = c->npairs;
	if (lo == hi || hi >= k || !c->npairs)
		return NULL;
	if (evidence_all_pairs(c))
		return &c->pairs[lo * (2 * k - lo - 1) / 2 + (hi - lo - 1)];
	while (first < end) {
		size_t mid = first + (end - first) / 2;
		const struct pair_stats *p = &c->pairs[mid];
		if (p->a == lo && p->b == hi)
			return p;
		if (p->a < lo || (p->a == lo && p->b < hi))
			first = mid + 1;
		else
			end = mid;
	}
	return NULL;
}

/* Key 1 of a claim on two versions of comparison c: 1 when their difference
 * by the design's statistic exceeds the pair's noise band (the published
 * rule in the published design). */
static int evidence_beyond_noise(const struct comparison *c, const struct version_stats *a,
			  const struct version_stats *b)
{
	const struct pair_stats *p = evidence_pair(c, (size_t)(a - c->versions), (size_t)(b - c->versions));
	return p && p->beyond_noise;
}

/* ---- pairs ---- */

/* How much better hi is than lo for the metric, as a fraction, and which
 * side: +1 when y is better than x, -1 when x is, 0 equal. */
static double better_by(int better, double x, double y, int *side)
{
	double big = x > y ? x : y, small = x > y ? y : x;
	*side = x == y ? 0 : (better == BETTER_HIGHER) == (y > x) ? 1 : -1;
	return big / small - 1;
}

/* Per-round log ratios log(b / a) of two versions of a paired comparison
 * (rounds in the same order on both sides). Returns a malloc'd array of n. */
static double *log_ratios(const struct version_stats *a, const struct version_stats *b)
{
	double *d = xmalloc((a->nrounds ? a->nrounds : 1) * sizeof(*d));
	for (size_t k = 0; k < a->nrounds; k++)
		d[k] = log(b->values[k] / a->values[k]);
	return d;
}

/* The pairing of rounds that each hold both versions a and b: the median
 * per-round ratio, half the interquartile range of the log ratios (the
 * band), the farthest round, how many rounds lie on the median's side, the
 * signed rank test on the log ratios and the rounds it needs (alpha), and
 * the record's median ratio with its interval (paired_ratio_*). The log
 * ratios are sorted once (a radix sort) and every statistic read from them:
 * a constant taken off keeps their order. */
static void fill_paired(const struct comparison *c, struct pair_stats *p, const struct version_stats *va,
			const struct version_stats *vb, double alpha)
{
	size_t nr = va->nrounds, lo, hi;
	double *d = log_ratios(va, vb), med, iqr, far = 0;
	struct mw_result sr;

	sort_doubles(d, nr);
	/* the record's interval, from the ratios as measured */
	stats_median_interval_ranks(nr, STATS_CI_LEVEL, &lo, &hi);
	p->paired_ratio = nr ? exp(median_sorted(d, nr)) : NAN;
	p->paired_ci_low = nr ? exp(d[lo]) : NAN;
	p->paired_ci_high = nr ? exp(d[hi]) : NAN;

	/* a fixed order: every ratio carries the machine's drift between the
	 * two places; taken off before the ratios are read */
	p->place_bias = c->fixed_order ? c->place_drift * (vb->place - va->place) : 0;
	for (size_t k = 0; k < nr && p->place_bias != 0; k++)
		d[k] -= p->place_bias;

	stats_signed_rank_sorted(d, nr, &sr);
	med = stats_quantile_sorted(d, nr, 0.5);
	iqr = stats_quantile_sorted(d, nr, 0.75) - stats_quantile_sorted(d, nr, 0.25);
	p->paired = 1;
	p->paired_rounds = nr;
	p->paired_size = better_by(c->better, 1, exp(med), &p->paired_side);
	p->paired_noise = exp(iqr / 2) - 1;
	p->paired_agree = 0;
	if (nr && !isnan(d[0]) && !isnan(d[nr - 1])) {
		/* sorted, and no NaN (one would sort to an end): the farthest
		 * ratio is at an end, and the rounds on the median's side are
		 * the run above 0 or the run below it */
		far = fmax(fabs(d[0]), fabs(d[nr - 1]));
		if (p->paired_side) {
			/* b better: its times lower (log ratio below 0), its rates higher */
			int above = (c->better == BETTER_HIGHER) == (p->paired_side > 0);
			size_t lo_ = 0, hi_ = nr;
			while (lo_ < hi_) {
				size_t mid = lo_ + (hi_ - lo_) / 2;
				if (above ? d[mid] <= 0 : d[mid] < 0)
					lo_ = mid + 1;
				else
					hi_ = mid;
			}
			p->paired_agree = above ? nr - lo_ : lo_;
		}
	} else {
		for (size_t k = 0; k < nr; k++) {
			/* fmax's result (a NaN ratio passed over), without its call */
			if (fabs(d[k]) > far)
				far = fabs(d[k]);
			if (p->paired_side && d[k] != 0 &&
			    ((d[k] > 0) == (c->better == BETTER_HIGHER)) == (p->paired_side > 0))
				p->paired_agree++;
		}
	}
	p->paired_max = exp(far) - 1;
	p->paired_p = sr.p;
	p->paired_w = sr.w;
	p->paired_exact = sr.exact;
	/* V above its null mean: b's values are the larger */
	p->paired_test_side = sr.w == (double)nr * (nr + 1) / 4 ? 0
		: (sr.w > (double)nr * (nr + 1) / 4) == (c->better == BETTER_HIGHER) ? 1 : -1;
	p->paired_needed = stats_rounds_needed_paired_sorted(d, nr, alpha);
	free(d);
}

/* One pair's test, interval and first key: versions a < b of c, their
 * rounds sorted and the logs of them (fill_pairs), alpha for the plan; the
 * shift only with want_shifts (model.no_shifts). */
static void fill_pair(const struct comparison *c, int want_shifts, struct pair_stats *p, size_t a,
		      size_t b, double **sorted, double **logs, const double *ties, double alpha)
{
	const struct version_stats *va = &c->versions[a], *vb = &c->versions[b];
	struct mw_result mw;

	p->a = a;
	p->b = b;
	p->shift = want_shifts ? stats_hodges_lehmann_sorted(sorted[a], va->nrounds, sorted[b], vb->nrounds)
			       : NAN;
	p->median_ratio = vb->median / va->median;
	/* the estimate the interval is built around, and the interval, in
	 * one selection: the logs are sorted as the values are */
	p->ratio = exp(stats_hodges_lehmann_interval_logs(logs[a], va->nrounds, ties[a], logs[b],
							  vb->nrounds, ties[b], STATS_CI_LEVEL,
							  &p->ci_low, &p->ci_high));
	/* planned on the gap the verdict quotes: the best rounds in
	 * the published design, the medians elsewhere */
	p->rounds_needed = c->paired ? 0 /* planned on the pairing below */
		: c->design == DESIGN_ROUNDS
		? stats_rounds_needed_medians(va->values, va->nrounds, va->best, vb->values,
					      vb->nrounds, vb->best, alpha)
		: stats_rounds_needed_medians(va->values, va->nrounds, va->median,
					      vb->values, vb->nrounds, vb->median, alpha);
	if (c->paired) {
		fill_paired(c, p, va, vb, alpha);
		/* "about N rounds would settle it" plans on the paired spread,
		 * which more rounds do not widen */
		p->rounds_needed = p->paired_needed;
	}
	if (c->design == DESIGN_SESSIONS) {
		p->test = "signed-rank";
		p->p_floor = stats_signed_rank_floor(va->nrounds);
		p->size = p->paired_size;
		p->side = p->paired_side;
		p->noise = p->paired_noise;
		p->test_side = p->paired_test_side;
		mw.w = p->paired_w;
		mw.p = p->paired_p;
		mw.exact = p->paired_exact;
	} else {
		stats_mann_whitney_sorted(sorted[a], va->nrounds, sorted[b], vb->nrounds, &mw);
		p->test = "mann-whitney";
		p->p_floor = stats_p_floor(va->nrounds, vb->nrounds);
		/* the shift's side (without the shift, from the test's counts) */
		double side = want_shifts ? p->shift
			: stats_hodges_lehmann_side(sorted[a], va->nrounds, sorted[b], vb->nrounds, &mw);
		p->test_side = side == 0 ? 0 : (side > 0) == (c->better == BETTER_HIGHER) ? 1 : -1;
		if (c->design == DESIGN_ROUNDS) {
			p->size = better_by(c->better, va->best, vb->best, &p->side);
			/* a pair with a version of two clusters keeps that
			 * version's spread; the others are compared within
			 * their own noise (others_noise) */
			p->noise = c->noise;
			if (va->bimodal || vb->bimodal)
				p->noise = fmax(p->noise, fmax(va->spread, vb->spread));
		} else {
			p->size = better_by(c->better, va->median, vb->median, &p->side);
			p->noise = va->qspread > vb->qspread ? va->qspread : vb->qspread;
			if (!(p->noise == p->noise))
				p->noise = 0;
			if (c->design == DESIGN_HISTORY && p->noise < EVIDENCE_HISTORY_FLOOR)
				p->noise = EVIDENCE_HISTORY_FLOOR;
		}
	}
	p->u = mw.w;
	p->p = mw.p;
	p->exact = mw.exact;
	p->beyond_noise = p->side != 0 && p->size > p->noise;
}

/* Adds the pair of versions a and b (either order) to list[2 * *n ..]. */
static void pair_add(size_t *list, size_t *n, size_t a, size_t b)
{
	if (a == b)
		return;
	list[2 * *n] = a < b ? a : b;
	list[2 * *n + 1] = a < b ? b : a;
	(*n)++;
}

static int cmp_pair(const void *pa, const void *pb)
{
	const size_t *a = pa, *b = pb;
	if (a[0] != b[0])
		return a[0] < b[0] ? -1 : 1;
	return (a[1] > b[1]) - (a[1] < b[1]);
}

/* The versions with the largest and the smallest value of a statistic
 * (each's first), over every version or over those of one cluster only:
 * the verdict judges that pair when no claim is larger (analysis.c). */
static void pair_extremes(const struct comparison *c, size_t *list, size_t *n)
{
	for (int stat = 0; stat < 2; stat++)
		for (int clean = 0; clean < 2; clean++) {
			long hi = -1, lo = -1;
			for (size_t i = 0; i < c->nversions; i++) {
				double v = stat ? c->versions[i].level : c->versions[i].best;
				if (clean && c->versions[i].bimodal)
					continue;
				if (hi < 0 || v > (stat ? c->versions[hi].level : c->versions[hi].best))
					hi = (long)i;
				if (lo < 0 || v < (stat ? c->versions[lo].level : c->versions[lo].best))
					lo = (long)i;
			}
			if (hi >= 0)
				pair_add(list, n, (size_t)hi, (size_t)lo);
		}
}

/*
 * The pairs a comparison tests, as (a, b) with a < b in list (malloc'd,
 * caller frees), sorted: every pair up to EVIDENCE_ALL_PAIRS versions; past
 * that a series, where each version meets its neighbours and the baseline,
 * and the extremes meet (pair_extremes): about 3 pairs a version, not k²/2.
 */
static void pair_list(const struct comparison *c, size_t **list, size_t *npairs)
{
	size_t k = c->nversions, n = 0, cap;
	if (k <= EVIDENCE_ALL_PAIRS) {
		cap = k * (k - 1) / 2;
		*list = xmalloc((cap ? cap : 1) * 2 * sizeof(**list));
		for (size_t a = 0; a < k; a++)
			for (size_t b = a + 1; b < k; b++)
				pair_add(*list, &n, a, b);
		*npairs = n;
		return;
	}
	cap = 2 * k + 4;
	*list = xmalloc(cap * 2 * sizeof(**list));
	for (size_t a = 0; a + 1 < k; a++)
		pair_add(*list, &n, a, a + 1);
	if (c->baseline_idx >= 0)
		for (size_t a = 0; a < k; a++)
			pair_add(*list, &n, a, (size_t)c->baseline_idx);
	pair_extremes(c, *list, &n);
	qsort(*list, n, 2 * sizeof(**list), cmp_pair);
	/* the same pair from two reasons is tested once */
	{
		size_t w = 0;
		for (size_t i = 0; i < n; i++)
			if (w == 0 || cmp_pair(*list + 2 * i, *list + 2 * (w - 1)) != 0) {
				(*list)[2 * w] = (*list)[2 * i];
				(*list)[2 * w + 1] = (*list)[2 * i + 1];
				w++;
			}
		n = w;
	}
	*npairs = n;
}

/*
 * Every pair's test and the first key of a claim, by the comparison's design
 * (doc/method.md):
 *  - rounds:   the gap between the best rounds against the comparison's noise
 *              (its largest range spread); Mann-Whitney on the round values;
 *  - sessions: the median per-round ratio against half the interquartile
 *              range of the per-round ratios; signed rank test on their logs;
 *  - unequal, history: the ratio of medians against the larger quartile
 *              spread (in a history at least EVIDENCE_HISTORY_FLOOR);
 *              Mann-Whitney on the round values.
 * rounds_needed plans for Holm's first step over the comparison's own
 * pairs (0.05 / its pairs), the family correct_pairs uses.
 */
static void fill_pairs(struct comparison *c, int want_shifts)
{
	size_t k = c->nversions, total = 0, *list;
	double alpha;
	double **sorted = xmalloc((k ? k : 1) * sizeof(*sorted));
	double **logs = xmalloc((k ? k : 1) * sizeof(*logs)), *ties = xmalloc((k ? k : 1) * sizeof(*ties));
	double *store;

	/* each version's rounds sorted once (analysis.c): the rank tests and
	 * the interval read them as they are;
	 * their logs for the interval, once per version, not per pair */
	for (size_t a = 0; a < k; a++)
		total += c->versions[a].nrounds;
	store = xmalloc((total ? total : 1) * sizeof(*store));
	for (size_t a = 0, at = 0; a < k; a++) {
		sorted[a] = c->versions[a].sorted;
		logs[a] = store + at;
		ties[a] = stats_sorted_logs(sorted[a], c->versions[a].nrounds, logs[a]);
		at += c->versions[a].nrounds;
	}
	pair_list(c, &list, &c->npairs);
	c->pairs = c->npairs ? xcalloc(c->npairs, sizeof(*c->pairs)) : NULL;
	alpha = STATS_ALPHA / (double)(c->npairs ? c->npairs : 1);
	for (size_t i = 0; i < c->npairs; i++)
		fill_pair(c, want_shifts, &c->pairs[i], list[2 * i], list[2 * i + 1], sorted, logs, ties, alpha);
	free(list);
	free(store);
	free(logs);
	free(ties);
	free(sorted);
}

/* The published design's second way to a claim, where its rule makes none
 * (doc/method.md, "Designs"), for a pair of versions of one cluster each: the
 * median per-round ratio beyond its band, on the side of at least three
 * rounds of four, in the direction of the best rounds and of the rank
 * test, and confirmed by a rank test after Holm: the signed rank test on
 * the ratios, or the Mann-Whitney test on the round values. (Seven rounds
 * leave the signed rank test one wrong-side round of the two smallest
 * ratios; one round interfered with by up to 30 % in one version turns a
 * true 10 % ratio over with a large rank, where the round values still
 * separate: 54 % of such comparisons claimed with the signed rank test
 * alone, 64 % with either, no more false claims, bench/sim.sh.) The best rounds and the ratios
 * must show the same difference within a factor of two (in logs): ratios
 * far beyond the best rounds' gap are one version's runs slowed alone in
 * most rounds (bench/sim.sh, sitting-*-own), and a best-round gap the
 * ratios do not share is one lucky round, whose tiny ratio says nothing.
 * Versions run in the same order in every round (fixed_order) carry the
 * machine's drift between their places in every ratio: the median ratio
 * must stay beyond its band with that drift (place_bias) taken off it. */
static int paired_claim_holds(const struct pair_stats *ps)
{
	return ps->paired_reachable && ps->paired_side != 0 &&
	       log1p(ps->paired_size) - fabs(ps->place_bias) > log1p(ps->paired_noise) &&
	       ps->paired_side == ps->side && ps->test_side == ps->side &&
	       2 * log1p(ps->size) >= log1p(ps->paired_size) &&
	       2 * log1p(ps->paired_size) >= log1p(ps->size) &&
	       4 * ps->paired_agree >= 3 * ps->paired_rounds &&
	       ps->paired_size > ps->paired_noise &&
	       ((ps->paired_p_holm < STATS_ALPHA && ps->paired_test_side == ps->paired_side) ||
		(ps->significant && ps->test_side == ps->paired_side));
}

/* Holm across the pairs of each comparison, then significance and
 * borderline. The family is the comparison: its verdict, its claims and
 * `check`'s answer depend on its own rounds only, never on how many other
 * workloads or platforms the report holds. */
static void correct_pairs(struct model *m)
{
	size_t most = 0;
	double *p;

	for (size_t i = 0; i < m->ncomparisons; i++)
		if (m->comparisons[i].npairs > most)
			most = m->comparisons[i].npairs;
	if (most == 0)
		return;
	p = xmalloc(most * sizeof(*p));
	for (size_t i = 0; i < m->ncomparisons; i++) {
		struct comparison *c = &m->comparisons[i];
		size_t total = c->npairs, k = 0;
		for (size_t j = 0; j < total; j++)
			p[j] = c->pairs[j].p;
		stats_holm(p, p, total);
		for (size_t j = 0; j < total; j++)
			c->pairs[j].paired_p_holm = c->pairs[j].paired_p;
		for (size_t j = 0; j < total && c->paired; j++)
			p[j] = c->pairs[j].paired_p;
		if (c->paired) {
			stats_holm(p, p, total);
			for (size_t j = 0; j < total; j++)
				c->pairs[j].paired_p_holm = p[j];
			for (size_t j = 0; j < total; j++)
				p[j] = c->pairs[j].p;
			stats_holm(p, p, total);
		}
		for (size_t j = 0; j < c->npairs; j++) {
			struct pair_stats *ps = &c->pairs[j];
			const struct version_stats *a = &c->versions[ps->a], *b = &c->versions[ps->b];
			ps->p_holm = p[k++];
			ps->significant = ps->p_holm < STATS_ALPHA;
			/* Holm's first step multiplies the smallest p by the number
			 * of pairs: below that the test can never confirm anything */
			ps->reachable = ps->p_floor * (double)total < STATS_ALPHA;
			if ((int)a->nrounds >= m->min_rounds && (int)b->nrounds >= m->min_rounds) {
				int confirmed = ps->significant && ps->test_side == ps->side;
				/* the published design with too few rounds for any rank
				 * test keeps the published rule alone */
				if (!ps->reachable && c->design == DESIGN_ROUNDS)
					confirmed = 1;
				/* a fixed order: the gap must stay beyond the noise
				 * with the drift between the places taken off */
				if (c->fixed_order &&
				    log1p(ps->size) - fabs(ps->place_bias) <= log1p(ps->noise))
					confirmed = 0;
				ps->claim = ps->beyond_noise && confirmed ? ps->side : 0;
				ps->steady = !ps->beyond_noise && ps->significant && ps->test_side != 0;
				ps->paired_reachable = ps->paired &&
					stats_signed_rank_floor(ps->paired_rounds) * (double)total < STATS_ALPHA;
				if (!ps->claim && c->design == DESIGN_ROUNDS && !a->bimodal && !b->bimodal &&
				    paired_claim_holds(ps))
					ps->claim = ps->paired_claim = ps->paired_side;
			}
			/* a version short of rounds has no within-noise verdict to
			 * disagree with; a claim the pairing of the rounds makes
			 * is the verdict of the rule that decides, so the best
			 * rounds' rule has nothing left to disagree about */
			if ((int)a->nrounds >= m->min_rounds && (int)b->nrounds >= m->min_rounds &&
			    !ps->paired_claim)
				ps->borderline = evidence_beyond_noise(c, a, b) != ps->significant;
		}
	}
	free(p);
}

/* ---- steps ---- */

static void fill_steps(struct comparison *c)
{
	size_t n = c->nversions, nknown = 0, found;
	double *v, *e, *known, typical = 0;
	size_t *before, *after;

	if (n < EVIDENCE_LONG_SERIES)
		return;
	v = xmalloc(n * sizeof(*v));
	e = xmalloc(n * sizeof(*e));
	known = xmalloc(n * sizeof(*known));
	before = xmalloc(n * sizeof(*before));
	after = xmalloc(n * sizeof(*after));
	for (size_t i = 0; i < n; i++)
		if (c->versions[i].nrounds >= 2)
			known[nknown++] = c->design == DESIGN_ROUNDS ? c->versions[i].spread
								    : c->versions[i].qspread;
	/* a single round has no spread: it gets the series' typical one */
	if (nknown)
		typical = median_of(known, nknown);
	for (size_t i = 0; i < n; i++) {
		/* the design's statistic: a history's best round says more about
		 * its luckiest day than about the version */
		v[i] = c->versions[i].level;
		e[i] = c->versions[i].nrounds < 2 ? typical
		       : c->design == DESIGN_ROUNDS ? c->versions[i].spread : c->versions[i].qspread;
	}
	found = stats_find_steps(v, e, n, before, after, n);
	if (found) {
		c->steps = xcalloc(found, sizeof(*c->steps));
		c->nsteps = found;
		for (size_t i = 0; i < found; i++) {
			c->steps[i].before = before[i];
			c->steps[i].after = after[i];
			c->steps[i].change = v[after[i]] / v[before[i]] - 1;
		}
	}
	free(v);
	free(e);
	free(known);
	free(before);
	free(after);
}

/* ---- run order and drift ---- */

/* One round of a comparison in run order. */
struct ordered {
	double time;    /* seconds, or the round number without timestamps */
	int round;
	size_t version; /* index into comparison.versions */
	size_t r;       /* index into the version's rounds */
};

static int cmp_ordered(const void *pa, const void *pb)
{
	const struct ordered *a = pa, *b = pb;
	if (a->time != b->time)
		return a->time < b->time ? -1 : 1;
	if (a->round != b->round)
		return a->round < b->round ? -1 : 1;
	return (a->version > b->version) - (a->version < b->version);
}

/*
 * Sorts o[0..n) by cmp_ordered, stably, where start[0..nruns] bounds runs
 * that are each sorted already: the runs merged pairwise, O(n log nruns).
 * The result equals a stable sort of the whole array. Takes ownership of o;
 * returns the sorted array (o or another), malloc'd, caller frees.
 */
static struct ordered *merge_runs(struct ordered *o, size_t n, size_t *start, size_t nruns)
{
	struct ordered *tmp = xmalloc((n ? n : 1) * sizeof(*tmp)), *src = o, *dst = tmp;
	size_t len = nruns ? start[1] - start[0] : 0;
	int lockstep = nruns > 1;

	/* the common case: every version ran the same rounds at the same
	 * times, each key once, so the order is round by round, the versions
	 * in order (what the merge gives too, in one pass) */
	for (size_t r = 1; r < nruns && lockstep; r++)
		lockstep = start[r + 1] - start[r] == len;
	for (size_t i = 0; i < len && lockstep; i++) {
		const struct ordered *f = &o[start[0] + i];
		if (i > 0 && cmp_ordered(f - 1, f) >= 0)
			lockstep = 0;
		for (size_t r = 1; r < nruns && lockstep; r++)
			lockstep = o[start[r] + i].time == f->time && o[start[r] + i].round == f->round;
	}
	if (lockstep) {
		size_t k = 0;
		for (size_t i = 0; i < len; i++)
			for (size_t r = 0; r < nruns; r++)
				tmp[k++] = o[start[r] + i];
		free(o);
		return tmp;
	}

	while (nruns > 1) {
		size_t out = 0;
		for (size_t r = 0; r < nruns; r += 2) {
			size_t lo = start[r], mid = start[r + 1 < nruns ? r + 1 : nruns];
			size_t hi = start[r + 2 < nruns ? r + 2 : nruns], i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				dst[k++] = cmp_ordered(&src[j], &src[i]) < 0 ? src[j++] : src[i++];
			while (i < mid)
				dst[k++] = src[i++];
			while (j < hi)
				dst[k++] = src[j++];
			start[out++] = lo;
		}
		start[out] = n;
		nruns = out;
		{
			struct ordered *w = src;
			src = dst;
			dst = w;
		}
	}
	if (src != o)
		memcpy(o, src, n * sizeof(*o));
	free(tmp);
	return o;
}

/* The comparison's rounds in run order: by timestamp when every round has
 * one, else by round number. Sets *timed. Returns a malloc'd array of
 * *count entries; caller frees. */
static struct ordered *run_order(const struct comparison *c, size_t *count, int *timed)
{
	size_t n = 0, k = 0, *start = xmalloc((c->nversions + 1) * sizeof(*start));
	struct ordered *o;
	int runs_sorted = 1;

	for (size_t v = 0; v < c->nversions; v++)
		n += c->versions[v].nrounds;
	o = xmalloc((n ? n : 1) * sizeof(*o));
	*timed = 1;
	for (size_t v = 0; v < c->nversions; v++) {
		start[v] = k;
		for (size_t r = 0; r < c->versions[v].nrounds; r++) {
			const struct result *res = &c->versions[v].rounds[r];
			o[k].round = res->round;
			o[k].version = v;
			o[k].r = r;
			if (!result_time(res, &o[k].time))
				*timed = 0;
			k++;
		}
	}
	start[c->nversions] = n;
	if (!*timed)
		for (size_t i = 0; i < n; i++)
			o[i].time = o[i].round;
	/* each version's rounds come by round number, so usually in run order
	 * already: then merging them is enough */
	for (size_t v = 0; v < c->nversions && runs_sorted; v++)
		for (size_t i = start[v] + 1; i < start[v + 1] && runs_sorted; i++)
			runs_sorted = cmp_ordered(&o[i - 1], &o[i]) <= 0;
	if (runs_sorted)
		o = merge_runs(o, n, start, c->nversions);
	else
		qsort(o, n, sizeof(*o), cmp_ordered);
	free(start);
	*count = n;
	return o;
}

/*
 * 1 when the rounds in run order show blocks: every version's rounds
 * contiguous (the versions ran one after the other), or some version with
 * three or more rounds ran all of them back to back. (Two rounds side by
 * side happen in interleaved runs too, where one round's order ends with the
 * version the next round's starts with.)
 */
static int ran_in_blocks(const struct comparison *c, const struct ordered *o, size_t n)
{
	size_t runs = 0, *first, *last;
	int some_multi = 0, blocks = 0;

	if (c->nversions < 2)
		return 0;
	/* each version's first and last place in the run order, in one pass */
	first = xmalloc(2 * c->nversions * sizeof(*first));
	last = first + c->nversions;
	for (size_t v = 0; v < c->nversions; v++) {
		first[v] = n;
		last[v] = 0;
	}
	for (size_t i = 0; i < n; i++) {
		runs += i == 0 || o[i].version != o[i - 1].version;
		if (first[o[i].version] == n)
			first[o[i].version] = i;
		last[o[i].version] = i;
	}
	for (size_t v = 0; v < c->nversions && !blocks; v++) {
		some_multi |= c->versions[v].nrounds >= 2;
		if (c->versions[v].nrounds < 3)
			continue;
		blocks = last[v] - first[v] + 1 == c->versions[v].nrounds;
	}
	free(first);
	return blocks || (some_multi && runs == c->nversions);
}

/* Trend of the round values with run order within each version, combined
 * over the versions. Returns the p-value (1 when nothing to test). */
static double drift_test(const struct comparison *c, const struct ordered *o, size_t n,
			 double *s, size_t *ntested)
{
	struct trend_result *t = xcalloc(c->nversions ? c->nversions : 1, sizeof(*t));
	double *series = xmalloc((n ? n : 1) * sizeof(*series));
	size_t k = 0, *start = xcalloc(c->nversions + 1, sizeof(*start));
	double p;

	/* each version's values in run order, gathered in one pass (a
	 * counting sort by version): start[v] is where version v's begin */
	for (size_t i = 0; i < n; i++)
		start[o[i].version + 1]++;
	for (size_t v = 0; v < c->nversions; v++)
		start[v + 1] += start[v];
	for (size_t i = 0; i < n; i++) {
		size_t v = o[i].version;
		series[start[v]++] = c->versions[v].values[o[i].r];
	}
	/* start[v] is now where version v's end */
	for (size_t v = 0; v < c->nversions; v++) {
		size_t from = v ? start[v - 1] : 0;
		if (c->versions[v].nrounds < 3)
			continue;
		stats_trend(series + from, start[v] - from, &t[k++]);
	}
	p = stats_trend_combined(t, k, s);
	*ntested = k;
	free(t);
	free(series);
	free(start);
	return p;
}

/*
 * Drift of a comparison whose rounds are paired (every round holds every
 * version once, values[k] the same round in every version), from its
 * rounds in run order o[0..n). A slow round slows every version of it, so
 * the versions' trends move together and their S do not add as if they
 * were independent. Two tests instead, each at STATS_ALPHA / 2: the trend
 * of the rounds' common factor (the mean log value over the versions: the
 * machine) and the trend of each version's log value less the mean of the
 * others' in the same round (with two versions one test, the log ratio;
 * with more, each p times the versions, and of those found the version
 * whose difference moves most; when one is found, the machine is the mean
 * of the others). Returns 0 (nothing set)
 * when some value is not positive.
 */
static int drift_paired(const struct comparison *c, const struct ordered *o, size_t n,
			struct drift *d)
{
	size_t k = c->nversions, nr = c->versions[0].nrounds, len = 0, ntests = k == 2 ? 1 : k;
	size_t *order;
	double *common, *series, *lg, best_p = 2, best_slope = 0;
	int best_found = 0;
	struct trend_result tm, tv, tbest = { 0, 0, 1, 0 };
	long against = -1;

	for (size_t v = 0; v < k; v++)
		for (size_t r = 0; r < nr; r++)
			if (!(c->versions[v].values[r] > 0))
				return 0;
	order = xmalloc(nr * sizeof(*order));
	common = xmalloc(nr * sizeof(*common));
	series = xmalloc(nr * sizeof(*series));
	for (size_t i = 0; i < n && len < nr; i++)
		if (o[i].version == 0)
			order[len++] = o[i].r;
	/* every value's log, once: lg[v * nr + j] for version v in the j-th
	 * round run */
	lg = xmalloc(k * nr * sizeof(*lg));
	for (size_t v = 0; v < k; v++)
		for (size_t j = 0; j < nr; j++)
			lg[v * nr + j] = log(c->versions[v].values[order[j]]);
	for (size_t j = 0; j < nr; j++) {
		double sum = 0;
		for (size_t v = 0; v < k; v++)
			sum += lg[v * nr + j];
		common[j] = sum / (double)k;
	}
	stats_trend(common, nr, &tm);
	for (size_t t = 0; t < ntests; t++) {
		size_t v = k == 2 ? 1 : t;
		for (size_t j = 0; j < nr; j++) {
			double own = lg[v * nr + j];
			series[j] = own - ((double)k * common[j] - own) / (double)(k - 1);
		}
		stats_trend(series, nr, &tv);
		/* of the versions found, the one that moves most: one version
		 * drifting by d moves every other's difference to the rest by
		 * d / (k - 1) the other way */
		{
			double mi = ((double)nr - 1) / 2, sxy = 0, sxx = 0, slope;
			int found = fmin(1, 2 * (double)ntests * tv.p) < STATS_ALPHA;
			for (size_t j = 0; j < nr; j++) {
				sxy += ((double)j - mi) * series[j];
				sxx += ((double)j - mi) * ((double)j - mi);
			}
			slope = sxx > 0 ? fabs(sxy / sxx) : 0;
			if (found ? (!best_found || slope > best_slope) : (!best_found && tv.p < best_p)) {
				best_found = found;
				best_slope = slope;
				best_p = tv.p;
				tbest = tv;
				against = (long)v;
			}
		}
	}
	/* a version that drifts against the others moves their mean too: the
	 * machine is then the others' trend alone */
	if (fmin(1, 2 * (double)ntests * best_p) < STATS_ALPHA) {
		for (size_t j = 0; j < nr; j++) {
			double own = lg[(size_t)against * nr + j];
			common[j] = ((double)k * common[j] - own) / (double)(k - 1);
		}
		stats_trend(common, nr, &tm);
	}
	memset(d, 0, sizeof(*d));
	d->paired = 1;
	d->ntested = k;
	d->against = -1;
	d->s = tm.s;
	d->p = fmin(1, 2 * tm.p);
	d->rising = tm.s > 0;
	d->machine = d->p < STATS_ALPHA;
	if (fmin(1, 2 * (double)ntests * best_p) < STATS_ALPHA) {
		d->against = against;
		d->against_s = tbest.s;
		d->against_p = fmin(1, 2 * (double)ntests * best_p);
		d->against_rising = tbest.s > 0;
		if (!d->machine)
			d->rising = d->against_rising;
	}
	d->found = d->machine || d->against >= 0;
	free(lg);
	free(order);
	free(common);
	free(series);
	return 1;
}

static void fill_design(struct comparison *c, const struct ordered *o, size_t n, int timed);

/*
 * 1 when the paired rounds of c (three or more), in timed run order
 * o[0..n), ran the versions in the same order in every round, each at a
 * time of its own: a version's place in the round is then its place in
 * every round, and a machine that drifts within the sitting favours the
 * earlier places. Rotating the order is what makes the pairing fair.
 */
static int same_order(const struct comparison *c, const struct ordered *o, size_t n)
{
	size_t k = c->nversions, nr = c->versions[0].nrounds;
	size_t *seen, *first;
	int same = nr >= 3 && k >= 2;

	if (!same)
		return 0;
	seen = xcalloc(nr, sizeof(*seen));
	first = xmalloc(k * sizeof(*first));
	/* first[j]: the version in place j of the first round met; every
	 * round must hold the same version in place j, at a later time than
	 * place j - 1 */
	for (size_t j = 0; j < k; j++)
		first[j] = k;
	for (size_t i = 0; i < n && same; i++) {
		size_t r = o[i].r, j = seen[r]++;
		if (first[j] == k)
			first[j] = o[i].version;
		same = first[j] == o[i].version;
	}
	/* ties in time leave the order unknown */
	for (size_t i = 1; i < n && same; i++)
		if (o[i].time == o[i - 1].time)
			same = 0;
	free(seen);
	free(first);
	return same;
}

/*
 * For c in a fixed order (same_order), from its rounds in run order
 * o[0..n): each version's mean place in its rounds (seconds after the
 * round's mean time) and the machine's drift (log change per second, least
 * squares of each round's mean log value on its mean time). A pair's
 * place_bias is then place_drift times the gap between its places: what
 * the order alone makes of the per-round ratio.
 */
static void fill_places(struct comparison *c, const struct ordered *o, size_t n)
{
	size_t k = c->nversions, nr = c->versions[0].nrounds;
	double *t = xcalloc(nr, sizeof(*t)), *y = xcalloc(nr, sizeof(*y));
	double mt = 0, my = 0, sxy = 0, sxx = 0;

	for (size_t i = 0; i < n; i++) {
		t[o[i].r] += o[i].time / (double)k;
		y[o[i].r] += log(c->versions[o[i].version].values[o[i].r]) / (double)k;
	}
	for (size_t v = 0; v < k; v++)
		c->versions[v].place = 0;
	for (size_t i = 0; i < n; i++)
		c->versions[o[i].version].place += (o[i].time - t[o[i].r]) / (double)nr;
	for (size_t j = 0; j < nr; j++) {
		mt += t[j] / (double)nr;
		my += y[j] / (double)nr;
	}
	for (size_t j = 0; j < nr; j++) {
		sxy += (t[j] - mt) * (y[j] - my);
		sxx += (t[j] - mt) * (t[j] - mt);
	}
	c->place_drift = sxx > 0 && isfinite(sxy) ? sxy / sxx : 0;
	free(t);
	free(y);
}

/* Run order, blocks and drift of every comparison, and with the same run
 * order its design (fill_design). */
static void run_order_and_drift(struct model *m)
{
	size_t nc = m->ncomparisons, nblocked = 0, nfixed = 0;
	double *p = xmalloc((nc ? nc : 1) * sizeof(*p)), *s = xmalloc((nc ? nc : 1) * sizeof(*s));
	size_t *ntested = xcalloc(nc ? nc : 1, sizeof(*ntested));
	int *timed = xcalloc(nc ? nc : 1, sizeof(*timed));
	int *blocked = xcalloc(nc ? nc : 1, sizeof(*blocked));

	for (size_t i = 0; i < nc; i++) {
		struct comparison *c = &m->comparisons[i];
		size_t n;
		struct ordered *o = run_order(c, &n, &timed[i]);
		if (timed[i] && c->interleaved != 0 && ran_in_blocks(c, o, n)) {
			c->interleaved = 0;
			blocked[i] = 1;
		}
		fill_design(c, o, n, timed[i]);
		c->fixed_order = timed[i] && c->paired && !blocked[i] && same_order(c, o, n);
		if (c->fixed_order)
			fill_places(c, o, n);
		nfixed += c->fixed_order;
		c->drift.against = -1;
		if (c->paired && c->versions[0].nrounds >= 3 && drift_paired(c, o, n, &c->drift)) {
			c->drift.timed = timed[i];
			p[i] = 1; /* decided by drift_paired */
			ntested[i] = 0;
		} else {
			p[i] = drift_test(c, o, n, &s[i], &ntested[i]);
		}
		free(o);
	}
	/* each comparison's drift test is a family of its own (one p): like
	 * its verdict, its drift note depends on its own rounds only */
	for (size_t i = 0; i < nc; i++) {
		struct comparison *c = &m->comparisons[i];
		c->blocked = blocked[i];
		nblocked += blocked[i];
		if (!(p[i] < STATS_ALPHA) || ntested[i] == 0)
			continue;
		c->drift.found = 1;
		c->drift.rising = s[i] > 0;
		c->drift.timed = timed[i];
		c->drift.ntested = ntested[i];
		c->drift.s = s[i];
		c->drift.p = p[i];
	}
	if (nblocked)
		model_warn_fact(m, WARNING_BLOCKS, 0, 0, 0);
	if (nfixed)
		model_warn_fact(m, WARNING_FIXED_ORDER, 0, 0, 0);
	free(p);
	free(s);
	free(ntested);
	free(timed);
	free(blocked);
}

/* ---- design ---- */

/* One round of one version, for matching rounds across versions. */
struct slot {
	int round;
	size_t version;
	double time;
};

static int cmp_slot(const void *pa, const void *pb)
{
	const struct slot *a = pa, *b = pb;
	if (a->round != b->round)
		return a->round < b->round ? -1 : 1;
	return (a->version > b->version) - (a->version < b->version);
}

/* 1 when every round number holds every version exactly once and, with
 * timestamps, the versions of a round ran within EVIDENCE_SESSION_SPAN. */
static int rounds_shared(const struct comparison *c, const struct ordered *o, size_t n, int timed)
{
	struct slot *s = NULL;
	size_t i = 1;
	int ok = 1;

	if (c->nversions < 2 || n % c->nversions)
		return 0;
	/* without timestamps the run order is already by round and version:
	 * read as it is; else a copy sorted so */
	while (i < n && (o[i - 1].round < o[i].round ||
			 (o[i - 1].round == o[i].round && o[i - 1].version <= o[i].version)))
		i++;
	if (i < n) {
		s = xmalloc(n * sizeof(*s));
		for (size_t j = 0; j < n; j++) {
			s[j].round = o[j].round;
			s[j].version = o[j].version;
			s[j].time = o[j].time;
		}
		qsort(s, n, sizeof(*s), cmp_slot);
	}
	/* every round holds each version once, within the session's span */
#define SHARED_ROUNDS(x)                                                         \
	for (size_t g = 0; g < n && ok; g += c->nversions) {                     \
		double lo = x[g].time, hi = x[g].time;                           \
		for (size_t v = 0; v < c->nversions; v++) {                      \
			if (x[g + v].round != x[g].round || x[g + v].version != v) \
				ok = 0;                                          \
			lo = x[g + v].time < lo ? x[g + v].time : lo;            \
			hi = x[g + v].time > hi ? x[g + v].time : hi;            \
		}                                                                \
		if (timed && hi - lo > EVIDENCE_SESSION_SPAN)                    \
			ok = 0;                                                  \
	}
	if (s) {
		SHARED_ROUNDS(s)
	} else {
		SHARED_ROUNDS(o)
	}
#undef SHARED_ROUNDS
	free(s);
	return ok;
}


/*
 * What the design compares, set once per comparison: each version's level
 * (the best round in the published design, else the median) and the band
 * around it the verdict used (the spread, the middle 50 %, or in a history
 * the middle 80 %: each round stands on the machine of its day). Tables show
 * exactly these (comparison.compared); a new design sets them here.
 */
static void compared_set(struct comparison *c)
{
	c->compared.level = c->design == DESIGN_ROUNDS ? LEVEL_BEST : LEVEL_MEDIAN;
	c->compared.band = c->design == DESIGN_ROUNDS ? BAND_SPREAD
		: c->design == DESIGN_HISTORY ? BAND_MIDDLE80 : BAND_MIDDLE50;
	c->compared.per_round_ratios = c->design == DESIGN_SESSIONS;
	for (size_t v = 0; v < c->nversions; v++) {
		struct version_stats *vs = &c->versions[v];
		vs->level = c->compared.level == LEVEL_BEST ? vs->best : vs->median;
		if (c->compared.band == BAND_MIDDLE80 && vs->nrounds >= 2)
			vs->qspread = stats_quantile_spread_sorted(vs->sorted, vs->nrounds, 0.10);
		vs->band = c->compared.band == BAND_SPREAD ? vs->spread : vs->qspread;
	}
}

/* Which statistic the comparison compares (doc/method.md), whether
 * its rounds are paired, and what the timestamps say about interleaving,
 * from its rounds in run order o[0..n). Runs after run_order_and_drift has
 * marked blocks in this comparison. */
static void fill_design(struct comparison *c, const struct ordered *o, size_t n, int timed)
{
	{
		size_t minr = (size_t)-1, maxr = 0;
		int unequal;
		double span;

		for (size_t v = 0; v < c->nversions; v++) {
			minr = c->versions[v].nrounds < minr ? c->versions[v].nrounds : minr;
			maxr = c->versions[v].nrounds > maxr ? c->versions[v].nrounds : maxr;
		}
		unequal = (double)maxr > EVIDENCE_UNEQUAL * (double)minr;
		span = timed && n ? o[n - 1].time - o[0].time : 0;
		c->span_days = timed ? span / 86400 : -1;
		c->paired = !unequal && rounds_shared(c, o, n, timed);
		if (timed && span > EVIDENCE_HISTORY_SPAN)
			c->design = c->paired ? DESIGN_SESSIONS : DESIGN_HISTORY;
		else if (unequal)
			c->design = timed ? DESIGN_UNEQUAL : DESIGN_HISTORY;
		else
			c->design = DESIGN_ROUNDS;
		/* interleaving is a fact from the input (timestamps, or a runner
		 * that interleaves by itself) or nothing */
		if (c->interleaved != 0 && timed) {
			c->interleaved = c->design == DESIGN_HISTORY ? 0 : 1;
		} else if (c->interleaved != 0) {
			int all = n > 0;
			for (size_t v = 0; v < c->nversions; v++)
				for (size_t k = 0; k < c->versions[v].nrounds; k++)
					all &= c->versions[v].rounds[k].series->runner_interleaved;
			if (all)
				c->interleaved = 1;
		}
		compared_set(c);
	}
}

/* 0 when the logs of num[k] / den[k] (den NULL: of num[k]), k < n, span
 * less than log(STATS_MODE_RATIO), so that stats_two_clusters finds no
 * split in them, nor in them turned over: told from the logs of the two
 * extreme ratios alone (log is monotone), not of every one. 1 otherwise,
 * and when some ratio is not a positive finite number. */
static int logs_may_split(const double *num, const double *den, size_t n)
{
	double lo = INFINITY, hi = 0;

	for (size_t k = 0; k < n; k++) {
		const double r = den ? num[k] / den[k] : num[k];
		if (!(r > 0 && r < INFINITY))
			return 1;
		lo = r < lo ? r : lo;
		hi = r > hi ? r : hi;
	}
	return !(log(hi) - log(lo) < log(STATS_MODE_RATIO));
}

/*
 * Versions whose rounds fall into two clusters. With paired rounds of three
 * versions or more each round value is first divided by the machine of that
 * round (the median over the versions), so a slow round shared by every
 * version cancels and only a version's own slow rounds remain. With two
 * paired versions there is no median to outvote one version's mode: a
 * version has one when its own rounds and its per-round ratio to the other
 * both fall into two clusters (a slow machine splits the first, not the
 * second).
 */
static void fill_bimodal(struct comparison *c)
{
	size_t nr = c->nversions ? c->versions[0].nrounds : 0;
	double *machine = NULL;
	int two = c->paired && c->nversions == 2;

	/* the machine of each paired round: the median over the versions of
	 * value / that version's median, robust to one version's own mode */
	if (c->paired && c->nversions > 2) {
		double *f = xmalloc(c->nversions * sizeof(*f));
		machine = xmalloc((nr ? nr : 1) * sizeof(*machine));
		for (size_t k = 0; k < nr; k++) {
			for (size_t w = 0; w < c->nversions; w++)
				f[w] = c->versions[w].values[k] / c->versions[w].median;
			machine[k] = median_of(f, c->nversions);
		}
		free(f);
	}
	for (size_t v = 0; v < c->nversions; v++) {
		struct version_stats *vs = &c->versions[v];
		struct bimodal_result br;
		double *x, flip = c->better == BETTER_HIGHER ? -1 : 1;

		if (vs->nrounds < 2 * STATS_MODE_MIN || (c->design != DESIGN_ROUNDS && !c->paired))
			continue;
		if (!(machine && !two) && !logs_may_split(vs->sorted, NULL, vs->nrounds))
			continue;
		x = xmalloc(vs->nrounds * sizeof(*x));
		/* slow is up: times as they are, rates turned over; without the
		 * machine taken out, from the sorted rounds (only the values
		 * count, and sorted logs need no sorting again) */
		for (size_t k = 0; k < vs->nrounds && !(machine && !two); k++)
			x[k] = flip * log(vs->sorted[flip > 0 ? k : vs->nrounds - 1 - k]);
		if (machine || two) {
			const struct version_stats *other = two ? &c->versions[1 - v] : NULL;
			/* two versions: its own rounds must split first */
			if (two) {
				stats_two_clusters(x, vs->nrounds, &br);
				if (!br.split) {
					free(x);
					continue;
				}
			}
			if (!logs_may_split(vs->values, two ? other->values : machine, vs->nrounds)) {
				free(x);
				continue;
			}
			for (size_t k = 0; k < vs->nrounds; k++)
				x[k] = flip * log(vs->values[k] / (two ? other->values[k] : machine[k]));
		}
		stats_two_clusters(x, vs->nrounds, &br);
		if (br.split && two) {
			/* against the other version in the same rounds */
			double *ratios = xmalloc(vs->nrounds * sizeof(*ratios));
			size_t nslow = 0;
			for (size_t k = 0; k < vs->nrounds; k++)
				if (x[k] >= br.cut)
					ratios[nslow++] = pow(vs->values[k] / c->versions[1 - v].values[k], flip);
			vs->bimodal = 1;
			vs->slow_share = (double)br.nhigh / (double)vs->nrounds;
			vs->slow_factor = nslow ? median_of(ratios, nslow) : br.ratio;
			free(ratios);
		} else if (br.split) {
			vs->bimodal = 1;
			vs->slow_share = (double)br.nhigh / (double)vs->nrounds;
			vs->slow_factor = br.ratio;
			/* paired: against the other versions in the same rounds, what
			 * a reader compares (their median round value, the machine
			 * taken out); else against its own fast rounds */
			if (machine) {
				double *o = xmalloc(c->nversions * sizeof(*o));
				size_t no = 0, nslow = 0;
				double *ratios = xmalloc(vs->nrounds * sizeof(*ratios));
				for (size_t k = 0; k < vs->nrounds; k++) {
					if (flip * log(vs->values[k] / machine[k]) < br.cut)
						continue;
					no = 0;
					for (size_t w = 0; w < c->nversions; w++)
						if (w != v)
							o[no++] = c->versions[w].values[k];
					ratios[nslow++] = pow(vs->values[k] / median_of(o, no), flip);
				}
				if (nslow)
					vs->slow_factor = median_of(ratios, nslow);
				free(o);
				free(ratios);
			}
		}
		free(x);
	}
	free(machine);
}

/*
 * The slow rounds of the machine within one sitting of paired rounds: a
 * round in which every version took at least EVIDENCE_SLOW_ROUND times its
 * own median round, by factors within EVIDENCE_SLOW_AGREE of each other.
 * Their factor: the median over those rounds of the versions' geometric
 * mean. A version slow alone is no slow round (its anomaly flag stays).
 */
static void fill_slow_rounds(struct comparison *c)
{
	size_t nr = c->nversions ? c->versions[0].nrounds : 0;
	double *shared, flip = c->better == BETTER_HIGHER ? -1 : 1;

	if (c->design != DESIGN_ROUNDS || !c->paired || c->nversions < 2 || nr < EVIDENCE_SLOW_MIN_ROUNDS)
		return;
	for (size_t v = 0; v < c->nversions; v++)
		if (c->versions[v].nrounds != nr || !(c->versions[v].median > 0))
			return;
	shared = xmalloc(nr * sizeof(*shared));
	for (size_t k = 0; k < nr; k++) {
		double lo = INFINITY, hi = -INFINITY, sum = 0;
		size_t fast = 0;
		/* a version clearly under EVIDENCE_SLOW_ROUND times its median
		 * in this round (by a millionth of it, far beyond a logarithm's
		 * rounding) makes it no slow round: most rounds, told without
		 * a logarithm of each version's ratio */
		for (size_t v = 0; v < c->nversions && !fast; v++) {
			const struct version_stats *vs = &c->versions[v];
			double r = vs->values[k] / vs->median;
			fast = flip > 0 ? r < EVIDENCE_SLOW_ROUND * (1 - 1e-6)
					: r > (1 + 1e-6) / EVIDENCE_SLOW_ROUND;
		}
		if (fast)
			continue;
		for (size_t v = 0; v < c->nversions; v++) {
			const struct version_stats *vs = &c->versions[v];
			double f = flip * log(vs->values[k] / vs->median);
			lo = fmin(lo, f);
			hi = fmax(hi, f);
			sum += f;
		}
		if (!(lo >= log(EVIDENCE_SLOW_ROUND)) || hi - lo > log(EVIDENCE_SLOW_AGREE))
			continue;
		c->slow_rounds = xrealloc(c->slow_rounds, (c->nslow_rounds + 1) * sizeof(*c->slow_rounds));
		c->slow_rounds[c->nslow_rounds] = c->versions[0].rounds[k].round;
		shared[c->nslow_rounds++] = sum / (double)c->nversions;
	}
	if (c->nslow_rounds)
		c->slow_round_factor = exp(median_of(shared, c->nslow_rounds));
	free(shared);
}

/* ---- platforms ---- */

static void fill_platforms(struct model *m)
{
	const char *first_platform = NULL;
	int several = 0;
	size_t alloc = 0;

	for (size_t i = 0; i < m->ncomparisons; i++) {
		if (!first_platform)
			first_platform = m->comparisons[i].platform;
		several |= m->comparisons[i].platform != first_platform;
	}
	if (!several)
		return;
	/* comparisons come grouped by workload, platforms in first-seen order */
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		struct platform_finding *f = NULL;
		for (size_t k = 0; k < m->nplatforms; k++)
			if (m->platforms[k].workload == c->workload)
				f = &m->platforms[k];
		if (!f) {
			ALLOC_GROW(m->platforms, m->nplatforms + 1, alloc);
			f = &m->platforms[m->nplatforms++];
			memset(f, 0, sizeof(*f));
			f->workload = c->workload;
		}
		f->comparisons = xrealloc(f->comparisons, (f->ncomparisons + 1) * sizeof(*f->comparisons));
		f->comparisons[f->ncomparisons++] = i;
	}
	for (size_t k = 0; k < m->nplatforms; k++) {
		struct platform_finding *f = &m->platforms[k];
		const struct comparison *c0 = &m->comparisons[f->comparisons[0]];
		if (f->ncomparisons < 2) {
			f->consistent = -1;
			continue;
		}
		f->consistent = 1;
		for (size_t j = 1; j < f->ncomparisons; j++) {
			const struct comparison *c = &m->comparisons[f->comparisons[j]];
			if (c->verdict != c0->verdict || c->verdict == VERDICT_INSUFFICIENT ||
			    (c->verdict == VERDICT_FASTER &&
			     c->versions[c->best_idx].version != c0->versions[c0->best_idx].version))
				f->consistent = 0;
		}
		if (c0->verdict == VERDICT_INSUFFICIENT)
			f->consistent = 0;
	}
}

/* The noise band of the rounds design once the versions of two clusters
 * are set apart: the largest spread of the other versions, when at least
 * two are left to compare (their differences are not hidden by one
 * version's own anomaly); else the largest spread of all, as before. */
static void others_noise(struct comparison *c)
{
	size_t clean = 0;
	double noise = 0;
	for (size_t i = 0; i < c->nversions; i++) {
		c->anomaly |= c->versions[i].bimodal;
		if (c->versions[i].bimodal)
			continue;
		clean++;
		noise = fmax(noise, c->versions[i].spread);
	}
	c->others_apart = c->anomaly && clean >= 2;
	if (c->others_apart && c->design == DESIGN_ROUNDS)
		c->noise = noise;
}

void evidence_run(struct model *m)
{
	run_order_and_drift(m);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		/* the anomalies first: they decide the noise the others share */
		fill_bimodal(&m->comparisons[i]);
		fill_slow_rounds(&m->comparisons[i]);
		others_noise(&m->comparisons[i]);
		fill_pairs(&m->comparisons[i], !m->no_shifts);
		fill_steps(&m->comparisons[i]);
	}
	correct_pairs(m);
}

void evidence_platforms(struct model *m)
{
	fill_platforms(m);
}
