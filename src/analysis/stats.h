/*
 * stats.h - the statistics behind the evidence beside the within-noise
 * verdict: the Mann-Whitney U test as R's wilcox.test computes it, the
 * Hodges-Lehmann shift, the rank test's interval for a ratio of medians,
 * Holm's correction, the power floor of a rank test, a trend test for drift
 * and the step finder for long version series.
 *
 * Every function here is pure: it reads arrays, writes only its outputs,
 * never prints and never touches the model (evidence.c does that). Inputs are
 * finite numbers; round values are > 0 where a function says so.
 */
#ifndef NF_STATS_H
#define NF_STATS_H

#include <stddef.h>
#include <stdint.h>

/* Significance level of every test in the report (two-sided). */
#define STATS_ALPHA 0.05
/* Power that stats_rounds_needed plans for. */
#define STATS_POWER 0.80
/* Level of the interval of a ratio of medians. */
#define STATS_CI_LEVEL 0.95

/* The result of a two-sample rank test. */
struct mw_result {
	double w;   /* R's W: the rank sum of x minus n(n+1)/2 (U of x) */
	double p;   /* two-sided p-value; 1 when every value is tied */
	int exact;  /* 1 when the exact distribution was used */
	double eq;  /* Mann-Whitney only: the pairs with x[i] == y[j] (W counts
	             * each half) */
};

/*
 * Two-sided Mann-Whitney U (Wilcoxon rank sum) test of x[0..n) against
 * y[0..m), n, m >= 1, with the results of R's
 * wilcox.test(x, y, exact = NULL, correct = TRUE):
 *  - exact distribution when n < 50, m < 50 and no value occurs twice in the
 *    combined sample: p = min(1, 2 min(P(U <= W), P(U >= W)));
 *  - otherwise the normal approximation with the tie-corrected variance and
 *    the continuity correction 0.5 sign(W - nm/2).
 * When every value is the same the variance is zero and R returns NA; we
 * return p = 1 (no evidence of a difference) deliberately.
 */
void stats_mann_whitney(const double *x, size_t n, const double *y, size_t m,
			struct mw_result *out);
/* The same of x and y already sorted ascending (a report's sorted rounds):
 * nothing copied or checked. */
void stats_mann_whitney_sorted(const double *x, size_t n, const double *y, size_t m,
			       struct mw_result *out);

/* P(U <= u) under the null for sample sizes n and m (no ties), as R's
 * pwilcox(u, n, m). n, m < 50 keeps it exact; larger works but is slow. */
double stats_pwilcox(double u, size_t n, size_t m);

/* The Hodges-Lehmann shift of b against a: the median of the n*m pairwise
 * differences b[j] - a[i]. This is minus R's wilcox.test(a, b,
 * conf.int = TRUE) estimate in the exact case; with ties R finds the same
 * quantity by root-finding, we compute it directly. */
double stats_hodges_lehmann(const double *a, size_t n, const double *b, size_t m);
/* The same of a and b already sorted ascending. */
double stats_hodges_lehmann_sorted(const double *a, size_t n, const double *b, size_t m);
/* A value with the sign of stats_hodges_lehmann_sorted(a, n, b, m) (1, -1
 * or 0, or the shift itself): told from the differences below and at most
 * 0 when they settle it (finite values), else the selection's result. mw:
 * the Mann-Whitney result of a against b (stats_mann_whitney_sorted(a, n,
 * b, m)), whose W and eq give those counts, or NULL to count them, O(n + m). */
double stats_hodges_lehmann_side(const double *a, size_t n, const double *b, size_t m,
				 const struct mw_result *mw);

/* The k-th smallest (1-based, 1 <= k <= n*m) of the n*m differences
 * b[j] - a[i] of a[0..n) and b[0..m), both sorted ascending, n, m >= 1, and
 * with next != NULL (k < n*m) also the (k+1)-th into *next: the same doubles
 * as sorting every difference, in O((n + m) log(n m)) expected time and
 * O(n + m) memory. */
double stats_kth_difference(const double *a, size_t n, const double *b, size_t m, double k,
			    double *next);
/* The same for the ranks k[0..nk) of one pair at once into out[0..nk) (the
 * two bounds of an interval): the ranks share the selection's first round. */
void stats_kth_differences(const double *a, size_t n, const double *b, size_t m,
			   const double *k, size_t nk, double *out);

/* The distribution-free interval of a median from n sorted values at
 * `level`: order statistics *lo <= *hi (0-based) such that the interval
 * [x(lo), x(hi)] holds the median with at least that probability (the sign
 * test's binomial); with too few values for the level, the whole range. */
void stats_median_interval_ranks(size_t n, double level, size_t *lo, size_t *hi);

/* The q-quantile (0 <= q <= 1) of sorted[0..n), n >= 1, by linear
 * interpolation between order statistics (R's quantile type 7). */
double stats_quantile_sorted(const double *sorted, size_t n, double q);

/* A 64-bit FNV-1a hash of the IEEE 754 bit patterns of a[0..n) then b[0..m)
 * and both sizes: the same data always gives the same seed, on every
 * platform (for seeded methods that must not depend on the input order). */
uint64_t stats_seed_from_data(const double *a, size_t n, const double *b, size_t m);

/* splitmix64: advances *state and returns the next 64-bit output. */
uint64_t stats_splitmix64(uint64_t *state);

/*
 * A distribution-free interval for median(b) / median(a), values > 0, at
 * confidence `level` (0.95): the Hodges-Lehmann/Moses interval of the rank
 * test on the logs, exp of R's
 *   wilcox.test(log(b), log(a), conf.int = TRUE, conf.level = level)$conf.int:
 *  - exact (n < 50, m < 50, no value twice): the differences
 *    log b[j] - log a[i] of ranks qu and nm - qu + 1, qu = qwilcox((1 -
 *    level) / 2, m, n) (at least 1);
 *  - otherwise the differences where the continuity-corrected normal
 *    statistic with the tie-corrected variance crosses z(1 - (1 - level)/2),
 *    the points R's root finder converges to (R stops at a tolerance of
 *    1e-4 on the log scale).
 * Deterministic, independent of the order of the values, O((n + m) log(nm))
 * time and O(n + m) memory.
 */
void stats_ratio_interval(const double *a, size_t n, const double *b, size_t m, double level,
			  double *low, double *high);
/* The same from the sorted logs of a and b and their tie sums, as
 * stats_sorted_logs gives them: a version in several pairs takes its logs
 * once. */
double stats_sorted_logs(const double *v, size_t n, double *out);
void stats_ratio_interval_logs(const double *la, size_t n, double ties_a, const double *lb, size_t m,
			       double ties_b, double level, double *low, double *high);
/* The Hodges-Lehmann estimate of the logs (the median of every difference
 * lb[j] - la[i], the same double as stats_hodges_lehmann_sorted) returned,
 * and the interval of stats_ratio_interval_logs into *low and *high, in one
 * selection: the estimate lies between the bounds and shares their first
 * round. */
double stats_hodges_lehmann_interval_logs(const double *la, size_t n, double ties_a,
					  const double *lb, size_t m, double ties_b, double level,
					  double *low, double *high);

/* Holm's step-down adjustment of p[0..k) into adj[0..k) (may alias p), as
 * R's p.adjust(p, "holm"). */
void stats_holm(const double *p, double *adj, size_t k);

/* The smallest two-sided p-value the exact rank test can reach with n
 * against m values: min(1, 2 / C(n+m, n)). 3 vs 3 gives 0.1, 4 vs 4 0.029. */
double stats_p_floor(size_t n, size_t m);

/*
 * Rounds per side needed to tell a from b apart (values > 0) at the
 * two-sided level alpha (the report passes 0.05 / its number of pairs, the
 * first step of Holm's correction), or 0 when that cannot be said (no
 * difference between the medians, or a single round on each side so no
 * spread is known). The rule:
 *   sigma = the pooled standard deviation of the two sides (a side with one
 *           round contributes nothing);
 *   gap   = |median(b) - median(a)|;
 *   n     = the smallest n such that the exact floor 2 / C(2n, n) is below
 *           alpha and gap >= (z(1 - alpha/2) + z(STATS_POWER)) sigma sqrt(2 / n) / sqrt(3/pi):
 *           STATS_POWER (80 %) power for a normal shift, with the rank test's efficiency
 *           3/pi against the t-test.
 * The result is capped at 9999.
 */
int stats_rounds_needed(const double *a, size_t n, const double *b, size_t m, double alpha);
/* The same with the gap measured between two given levels of a and b (their
 * medians, or the statistic a verdict quotes, such as their best rounds). */
int stats_rounds_needed_medians(const double *a, size_t n, double median_a, const double *b, size_t m,
				double median_b, double alpha);
/* Rounds needed for the signed rank test on n per-round log ratios d to
 * reach alpha with STATS_POWER, planned on their median against their
 * interquartile spread (the paired band does not widen with more rounds);
 * 0 when the median is 0 or n < 2. */
int stats_rounds_needed_paired(const double *d, size_t n, double alpha);
/* The same from the log ratios sorted ascending (s[0..n)): no copy, no sort. */
int stats_rounds_needed_paired_sorted(const double *s, size_t n, double alpha);

/*
 * Two-sided Wilcoxon signed rank test of d[0..n) against 0 (the paired test
 * on per-round differences), with the results of R's wilcox.test(d,
 * exact = NULL, correct = TRUE): zeros are dropped; exact distribution when
 * fewer than 50 values remain and there were neither zeros nor ties among
 * |d|; otherwise the normal approximation with the tie-corrected variance and
 * the continuity correction. out->w is R's V, the rank sum of the positive
 * differences. With nothing left (every d zero) p = 1.
 */
void stats_signed_rank(const double *d, size_t n, struct mw_result *out);
/* The same from d sorted ascending (s[0..n)): the sizes |d| come in order
 * by merging the negative side, read backwards, with the positive side, so
 * nothing is sorted again; the same result to the bit. */
void stats_signed_rank_sorted(const double *s, size_t n, struct mw_result *out);


/* The smallest two-sided p-value the exact signed rank test reaches with n
 * pairs: min(1, 2 / 2^n). 5 pairs give 0.0625, 7 pairs 0.0156. */
double stats_signed_rank_floor(size_t n);

/* A quantile spread of v[0..n) (n >= 1, values > 0): half the distance
 * between the lo and 1 - lo quantiles (type 7) over the median, shown as
 * +-x %: lo = 0.25 gives half the interquartile range, 0.10 the middle 80 %
 * of the values. Unlike the range it does not grow with the number of
 * values. */
double stats_quantile_spread(const double *v, size_t n, double lo);
/* The same of values already sorted ascending. */
double stats_quantile_spread_sorted(const double *sorted, size_t n, double lo);

/* Two clusters of values (a version whose rounds split into two modes). */
struct bimodal_result {
	int split;      /* 1 when the values fall into two clusters */
	/* with split (else they may be 0, 1 and 0): */
	size_t nhigh;   /* values in the upper cluster */
	double ratio;   /* median of the upper cluster / median of the lower */
	double cut;     /* the lowest value of the upper cluster */
};

/*
 * Looks for two clusters in the logarithms x[0..n) (n >= 1; not modified):
 * the largest gap between neighbours in sorted order that leaves at least
 * STATS_MODE_MIN values on each side. The values split when that gap is at
 * least log(STATS_MODE_RATIO) (the upper cluster starts at twice the lower's
 * top) and wider than either cluster (each cluster is tighter than the gap
 * between them). One far value is an outlier, not a mode.
 */
#define STATS_MODE_MIN 2
#define STATS_MODE_RATIO 2.0
void stats_two_clusters(const double *x, size_t n, struct bimodal_result *out);

/* The upper quantile z with P(Z > z) = q for a standard normal Z, 0 < q < 1. */
double stats_norm_quantile_upper(double q);

/* The result of a trend test on a series in time order. */
struct trend_result {
	double s;   /* Kendall's S: concordant minus discordant pairs with time */
	double var; /* its null variance (tie-corrected) */
	double p;   /* two-sided p-value; 1 when fewer than 3 values */
	int exact;
};

/*
 * Mann-Kendall trend test of v[0..n) against its index (time order):
 * exact when n < 50 and no ties (as R's cor.test(seq_along(v), v,
 * method = "kendall")), else the normal approximation with the tie-corrected
 * variance and a continuity correction of 1.
 */
void stats_trend(const double *v, size_t n, struct trend_result *out);

/*
 * Combines trend tests of several independent series (one per version) into
 * one: S and var add up, p from the normal approximation with a continuity
 * correction of 1. Returns p (1 when the total variance is 0).
 */
double stats_trend_combined(const struct trend_result *t, size_t k, double *s_out);

/*
 * The step finder. Values v[0..n) (> 0) are a workload's value per version in
 * version order; noise[0..n) each version's relative noise (its spread).
 * A version "moves beyond the noise" from a level L when |v/L - 1| exceeds
 * the larger of its own noise and the level's noise. A step is reported
 * between i-1 and i when v[i] moves beyond the noise from the current level
 * and v[i+1] does too, in the same direction (STATS_STEP_MIN_RUN versions
 * confirm it; a single version that moves and comes back is an outlier, not
 * a step, and so is a move in the last version alone). After a step the
 * level is the new segment's median value and its noise the median of its
 * members' noises.
 * Writes up to `max` steps into before[] and after[]: `after` is the first
 * version on the new level, `before` the last version that was on the old
 * level (not an outlier in between), so the change lies between the two.
 * Returns the number of steps found (which may exceed max).
 */
#define STATS_STEP_MIN_RUN 2
size_t stats_find_steps(const double *v, const double *noise, size_t n,
			size_t *before, size_t *after, size_t max);

#endif
