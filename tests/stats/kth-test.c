/*
 * kth-test.c - the k-th pairwise difference selection of src/analysis/stats.c
 * (stats_kth_difference, stats_kth_differences, and through them the
 * Hodges-Lehmann shift and the ratio interval) against the selection it
 * replaced, kept here as the reference, and against sorting every
 * difference where that is affordable.
 *
 *     kth-test                    the differential test (one line per check,
 *                                 "pass<TAB>name" or "fail<TAB>name<TAB>detail")
 *     kth-test --quick            the same groups with a quarter of the pairs
 *                                 (for a second build of stats.c, such as its
 *                                 plain-C path with -DNF_STATS_NO_SIMD)
 *     kth-test --bench N REPS     both selections on one pair of N values a
 *                                 side: seconds per pair for the interval's
 *                                 two bounds and the shift's two middle ranks
 *
 * Every rank is an exact order statistic, so the two must agree to the bit.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/stats.h"
#include "lib/median.h"
#include "lib/util.h"
#include "mismatches.h"

/* ---- the reference: the selection before the X+Y rewrite, unchanged ---- */

/* The element of rank k (0-based) of t[0..len), reordering t (quickselect
 * with a median-of-three pivot). */
static double ref_select_kth(double *t, size_t len, size_t k)
{
	size_t lo = 0, hi = len - 1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2, i = lo, j = hi;
		double x = t[lo], y = t[mid], z = t[hi], pivot;
		pivot = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y));
		while (i <= j) {
			while (t[i] < pivot)
				i++;
			while (t[j] > pivot)
				j--;
			if (i <= j) {
				double w = t[i];
				t[i] = t[j];
				t[j] = w;
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		/* t[lo..j] <= pivot <= t[i..hi], and j < i */
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return t[k]; /* t[j+1..i-1] all equal the pivot */
	}
	return t[k];
}

/* The next double ref_below d (d finite). */
static double ref_below(double d)
{
	return nextafter(d, -INFINITY);
}

/* The selection's state over the implicit matrix of differences b[j] - a[i]
 * (rows i of sorted a, columns j of sorted b, each row ascending): the band
 * of candidates in value (lo, hi] is b[first[i]..end[i]) in row i; both
 * bounds only move right as i grows. */
struct band {
	const double *a, *b;
	size_t n, m;
	size_t *first, *end, *pos;
	double lo, hi, cnt_lo, cnt_hi; /* cnt_*: #{differences <= lo or hi} */
};

/* #{differences <= d} for d in [lo, hi], with each row's first column above
 * d into bd->pos; O(n + the band's size). */
static double ref_band_count(struct band *bd, double d)
{
	size_t j = 0;
	double c = 0;
	for (size_t i = 0; i < bd->n; i++) {
		if (j < bd->first[i])
			j = bd->first[i];
		while (j < bd->end[i] && bd->b[j] - bd->a[i] <= d)
			j++;
		bd->pos[i] = j;
		c += (double)j;
	}
	return c;
}

/* Swaps the last count's positions in as the band's lower or upper edge. */
static void ref_band_take(struct band *bd, size_t **edge)
{
	size_t *t = *edge;
	*edge = bd->pos;
	bd->pos = t;
}

/* The smallest difference above d, where bd->pos holds ref_band_count(d)'s
 * positions (a row's first column above d); +inf when none. */
static double ref_band_min_above(const struct band *bd)
{
	double best = INFINITY;
	for (size_t i = 0; i < bd->n; i++)
		if (bd->pos[i] < bd->m && bd->b[bd->pos[i]] - bd->a[i] < best)
			best = bd->b[bd->pos[i]] - bd->a[i];
	return best;
}

/* The largest difference at most d, where bd->pos holds ref_band_count(d)'s
 * positions. */
static double ref_band_max_at_most(const struct band *bd)
{
	double best = -INFINITY;
	for (size_t i = 0; i < bd->n; i++)
		if (bd->pos[i] > 0 && bd->b[bd->pos[i] - 1] - bd->a[i] > best)
			best = bd->b[bd->pos[i] - 1] - bd->a[i];
	return best;
}

/*
 * The k-th smallest (1-based, 1 <= k <= n*m) of the differences b[j] - a[i]
 * of sorted a[0..n), b[0..m), and with next != NULL (k < n*m) also the
 * (k+1)-th into *next, without forming the n*m differences: a selection over
 * the implicit sorted matrix in O((n + m) log(n m)) time and O(n + m) memory.
 *
 * The candidates are the differences in a value band (lo, hi], known to
 * hold ranks k (and k+1) by their counts. While the band holds more than a
 * few times n + m differences, a systematic sample of it (evenly spaced in
 * the band's row-major order) gives two pivots just around the target's
 * place (Floyd and Rivest's selection: sqrt(s) sample ranks either side,
 * about two standard deviations of the target's rank in the sample), and
 * counting narrows the band to them; a round leaves about 1/32 of the band
 * (a pivot that misses the target still cuts the other side). Then the band's differences
 * are listed and the answer selected among them. Every pivot is a
 * difference inside the band, so every round makes progress; the result is
 * the exact order statistic, equal to sorting all differences.
 */
static double ref_kth_difference2(const double *a, size_t n, const double *b, size_t m, double k,
			      double *next)
{
	double total = (double)n * (double)m, khi = next ? k + 1 : k;
	double limit = 4.0 * (double)(n + m) + 64, result = 0, *t, *sample;
	/* samples: as many as the rows and columns (the cost of a count), 256 to 4096 */
	const size_t s = n + m < 256 ? 256 : n + m > 4096 ? 4096 : n + m;
	struct band bd = { a, b, n, m, NULL, NULL, NULL, -INFINITY, INFINITY, 0, 0 };
	size_t len = 0, r;
	int done = 0;

	bd.cnt_hi = total;
	bd.first = xcalloc(n, sizeof(size_t));
	bd.end = xmalloc(n * sizeof(size_t));
	bd.pos = xmalloc(n * sizeof(size_t));
	for (size_t i = 0; i < n; i++)
		bd.end[i] = m;
	sample = bd.cnt_hi - bd.cnt_lo > limit ? xmalloc(s * sizeof(*sample)) : NULL;
	while (!done && bd.cnt_hi - bd.cnt_lo > limit) {
		double band = bd.cnt_hi - bd.cnt_lo, step = band / (double)s, acc = 0, piv[2];
		double at = (k - bd.cnt_lo) / band * (double)s, spread = sqrt((double)s) + 1;
		size_t q = 0, lq, hq;
		/* systematic sample: the differences of band ranks (q + 1/2) step */
		for (size_t i = 0; i < n && q < s; i++) {
			double rowlen = (double)(bd.end[i] - bd.first[i]);
			while (q < s && ((double)q + 0.5) * step < acc + rowlen) {
				size_t off = (size_t)(((double)q + 0.5) * step - acc);
				if (off >= bd.end[i] - bd.first[i])
					off = bd.end[i] - bd.first[i] - 1;
				sample[q++] = b[bd.first[i] + off] - a[i];
			}
			acc += rowlen;
		}
		lq = at > spread ? (size_t)(at - spread) : 0;
		hq = at + spread < (double)(q - 1) ? (size_t)(at + spread) : q - 1;
		if (lq > hq)
			lq = hq;
		piv[1] = ref_select_kth(sample, q, hq);
		piv[0] = ref_select_kth(sample, hq + 1, lq);
		for (int w = 0; w < 2 && !done; w++) {
			double pv = piv[w], c, c_lt;
			if (!(pv > bd.lo && pv <= bd.hi))
				continue; /* the other pivot already cut it off */
			c = ref_band_count(&bd, pv);
			if (c < k) {
				bd.lo = pv;
				bd.cnt_lo = c;
				ref_band_take(&bd, &bd.first);
			} else if (c < khi) {
				/* c == k: pv, a difference, is the k-th; the next is
				 * the smallest above it */
				result = pv;
				*next = ref_band_min_above(&bd);
				done = 1;
			} else if (pv < bd.hi) {
				bd.hi = pv;
				bd.cnt_hi = c;
				ref_band_take(&bd, &bd.end);
			} else {
				/* pv is the band's top value and ranks k (and k+1) are
				 * among its copies or ref_below them */
				double at_most = c;
				c_lt = ref_band_count(&bd, ref_below(pv));
				if (c_lt < k) {
					result = pv;
					if (next)
						*next = at_most >= k + 1 ? pv : INFINITY;
					done = 1;
				} else if (c_lt < khi) {
					result = ref_band_max_at_most(&bd);
					*next = pv;
					done = 1;
				} else {
					bd.hi = ref_below(pv);
					bd.cnt_hi = c_lt;
					ref_band_take(&bd, &bd.end);
				}
			}
		}
	}
	free(sample);
	if (!done) {
		/* list the band and select the ranks within it */
		t = xmalloc((bd.cnt_hi - bd.cnt_lo > 0 ? (size_t)(bd.cnt_hi - bd.cnt_lo) : 1) * sizeof(*t));
		for (size_t i = 0; i < n; i++)
			for (size_t j = bd.first[i]; j < bd.end[i]; j++)
				t[len++] = b[j] - a[i];
		r = (size_t)(k - bd.cnt_lo) - 1;
		result = ref_select_kth(t, len, r);
		if (next) {
			/* quickselect leaves t[r+1..] >= t[r] */
			double nx = INFINITY;
			for (size_t i = r + 1; i < len; i++)
				if (t[i] < nx)
					nx = t[i];
			*next = nx;
		}
		free(t);
	}
	free(bd.first);
	free(bd.end);
	free(bd.pos);
	return result;
}

static double ref_kth_difference(const double *a, size_t n, const double *b, size_t m, double k)
{
	return ref_kth_difference2(a, n, b, m, k, NULL);
}

/* ---- the test ---- */

static uint64_t state = 20261130;

static uint64_t rnd(uint64_t below_n)
{
	return stats_splitmix64(&state) % below_n;
}

/* Fills v[0..n) with values of a kind (see the cases in main) and sorts it. */
static void fill(double *v, size_t n, int kind, double shift)
{
	for (size_t i = 0; i < n; i++) {
		switch (kind) {
		case 0: /* distinct-looking values spread over a range */
			v[i] = (double)rnd(100000007) / 997.0 + shift;
			break;
		case 1: /* a few values: ties everywhere */
			v[i] = (double)rnd(6) + shift;
			break;
		case 2: /* one value */
			v[i] = 5.0;
			break;
		case 3: /* logs of timings rounded to 3 decimals, as rounds are */
			v[i] = log(40.0 + (double)rnd(20000) / 1000.0 + shift);
			break;
		case 4: /* large magnitudes, where subtraction rounds */
			v[i] = 1e16 + (double)rnd(64) * 2 + shift * 1e3;
			break;
		default: /* negative and positive, with zeros of both signs */
			v[i] = rnd(5) == 0 ? (rnd(2) ? 0.0 : -0.0) : (double)((int64_t)rnd(2001) - 1000) / 8.0;
			break;
		}
	}
	sort_doubles(v, n);
}

static int same(double x, double y)
{
	/* bit for bit, except that the zeros of both signs are one value */
	return x == y;
}

static int cmp_dbl(const void *pa, const void *pb)
{
	double x = *(const double *)pa, y = *(const double *)pb;
	return (x > y) - (x < y);
}

static unsigned long checks;

static void mismatch(const char *what, size_t n, size_t m, double k, double got, double want)
{
	if (!bad)
		snprintf(detail, sizeof(detail), "%s: %zu vs %zu values, rank %.0f: %.17g, reference %.17g",
			 what, n, m, k, got, want);
	bad++;
}

/* Ranks worth checking for one pair: the extremes, the middle, the normal
 * interval's bounds, a few at random; into k[], returns how many. */
static size_t ranks_of(size_t n, size_t m, double *k)
{
	double nm = (double)n * (double)m, dn = (double)n, dm = (double)m;
	double sigma = sqrt(nm / 12 * (dn + dm + 1)), z = 1.959963984540054;
	size_t c = 0;

	k[c++] = 1;
	k[c++] = nm;
	k[c++] = ceil(nm / 2);
	k[c++] = floor(nm / 2) + 1;
	k[c++] = fmax(1, ceil(nm / 2 - 0.5 - z * sigma));
	k[c++] = fmin(nm, ceil(nm / 2 + 0.5 + z * sigma));
	if (nm >= 2) {
		k[c++] = 2;
		k[c++] = nm - 1;
	}
	for (int r = 0; r < 4; r++)
		k[c++] = 1 + (double)rnd((uint64_t)nm);
	return c;
}

/* Every check on one pair: single ranks and rank pairs against the
 * reference (and against all differences sorted when want_naive), several
 * ranks at once, and the Hodges-Lehmann shift. */
static void check_pair(const double *a, size_t n, const double *b, size_t m, int want_naive)
{
	double k[16], got[16], nm = (double)n * (double)m, *all = NULL;
	size_t nk = ranks_of(n, m, k);

	if (want_naive) {
		all = malloc(n * m * sizeof(*all));
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < m; j++)
				all[i * m + j] = b[j] - a[i];
		qsort(all, n * m, sizeof(*all), cmp_dbl);
	}
	for (size_t r = 0; r < nk; r++) {
		double want = ref_kth_difference(a, n, b, m, k[r]);
		double one = stats_kth_difference(a, n, b, m, k[r], NULL);
		checks++;
		if (!same(one, want))
			mismatch("k-th", n, m, k[r], one, want);
		if (all && !same(one, all[(size_t)k[r] - 1]))
			mismatch("k-th against sorting", n, m, k[r], one, all[(size_t)k[r] - 1]);
		if (k[r] < nm) {
			double next, ref_next, lower = stats_kth_difference(a, n, b, m, k[r], &next);
			double ref_lower = ref_kth_difference2(a, n, b, m, k[r], &ref_next);
			checks++;
			if (!same(lower, ref_lower) || !same(next, ref_next))
				mismatch("k-th and next", n, m, k[r], next, ref_next);
			if (all && !same(next, all[(size_t)k[r]]))
				mismatch("next against sorting", n, m, k[r], next, all[(size_t)k[r]]);
		}
	}
	/* the interval's two bounds at once, then four ranks in no order */
	stats_kth_differences(a, n, b, m, k + 4, 2, got);
	checks++;
	if (!same(got[0], ref_kth_difference(a, n, b, m, k[4])) ||
	    !same(got[1], ref_kth_difference(a, n, b, m, k[5])))
		mismatch("two ranks at once", n, m, k[4], got[0], ref_kth_difference(a, n, b, m, k[4]));
	{
		double four[4] = { k[nk - 1], k[2], k[nk - 2], k[0] };
		stats_kth_differences(a, n, b, m, four, 4, got);
		for (int i = 0; i < 4; i++) {
			double want = ref_kth_difference(a, n, b, m, four[i]);
			checks++;
			if (!same(got[i], want))
				mismatch("four ranks at once", n, m, four[i], got[i], want);
		}
	}
	{
		/* the shift: the median of the differences, as the reference had it */
		double want, hl = stats_hodges_lehmann(a, n, b, m);
		if (fmod(nm, 2) == 1) {
			want = ref_kth_difference(a, n, b, m, (nm + 1) / 2);
		} else {
			double upper, lower = ref_kth_difference2(a, n, b, m, nm / 2, &upper);
			want = (lower + upper) / 2;
		}
		checks++;
		if (!same(hl, want + 0.0))
			mismatch("hodges-lehmann", n, m, nm / 2, hl, want);
		{
			/* its side alone, from the differences below and at 0,
			 * counted or from the Mann-Whitney test's W */
			struct mw_result mw;
			double side = stats_hodges_lehmann_side(a, n, b, m, NULL), side_mw;
			stats_mann_whitney_sorted(a, n, b, m, &mw);
			side_mw = stats_hodges_lehmann_side(a, n, b, m, &mw);
			checks += 2;
			if ((side > 0) != (hl > 0) || (side < 0) != (hl < 0) || (side == 0) != (hl == 0))
				mismatch("side of the shift", n, m, nm / 2, side, hl);
			if ((side_mw > 0) != (hl > 0) || (side_mw < 0) != (hl < 0) || (side_mw == 0) != (hl == 0))
				mismatch("side of the shift from W", n, m, nm / 2, side_mw, hl);
		}
		{
			/* the estimate and the interval in one selection: the
			 * same doubles as each alone */
			double lo, hi, lo1, hi1, est;
			stats_ratio_interval_logs(a, n, 0, b, m, 0, 0.95, &lo, &hi);
			est = stats_hodges_lehmann_interval_logs(a, n, 0, b, m, 0, 0.95, &lo1, &hi1);
			checks++;
			if (!same(est, want + 0.0))
				mismatch("hodges-lehmann with its interval", n, m, nm / 2, est, want);
			checks++;
			if (!same(lo1, lo) || !same(hi1, hi))
				mismatch("interval with its estimate", n, m, 0, same(lo1, lo) ? hi1 : lo1,
					 same(lo1, lo) ? hi : lo);
		}
	}
	free(all);
}

/* Sizes of a case: 1-3 on one side or both, unequal, equal, larger. */
static void sizes(int t, size_t *n, size_t *m)
{
	switch (t % 6) {
	case 0: *n = 1 + rnd(3); *m = 1 + rnd(3); break;
	case 1: *n = 1 + rnd(3); *m = 1 + rnd(300); break;
	case 2: *n = 1 + rnd(300); *m = 1 + rnd(3); break;
	case 3: *n = *m = 1 + rnd(120); break;
	case 4: *n = 1 + rnd(60); *m = 1 + rnd(600); break;
	default: *n = 40 + rnd(500); *m = 40 + rnd(500); break;
	}
}

static double seconds(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Both selections on one pair of n values a side (logs of timings with a
 * 2 % shift): the interval's two bounds and the shift's middle pair; with
 * only_new the reference is not run (for counting instructions). */
static int bench(size_t n, int reps, int only_new)
{
	double *a = malloc(n * sizeof(*a)), *b = malloc(n * sizeof(*b)), k[16];
	double t0, t_ref = 0, t_new, want[4] = { 0 }, got[4] = { 0 };
	size_t nk;

	fill(a, n, 3, 0);
	fill(b, n, 3, 1);
	nk = ranks_of(n, n, k);
	(void)nk;
	t0 = seconds();
	for (int r = 0; r < reps && !only_new; r++) {
		want[0] = ref_kth_difference(a, n, b, n, k[4]);
		want[1] = ref_kth_difference(a, n, b, n, k[5]);
		want[2] = ref_kth_difference2(a, n, b, n, k[2], &want[3]);
	}
	t_ref = (seconds() - t0) / reps;
	t0 = seconds();
	for (int r = 0; r < reps; r++) {
		stats_kth_differences(a, n, b, n, k + 4, 2, got);
		got[2] = stats_kth_difference(a, n, b, n, k[2], &got[3]);
	}
	t_new = (seconds() - t0) / reps;
	if (only_new) {
		printf("n = m = %zu: %.6f s per pair\n", n, t_new);
		return 0;
	}
	printf("n = m = %zu: reference %.6f s, now %.6f s per pair (%.1fx)%s\n", n, t_ref, t_new,
	       t_ref / t_new, memcmp(want, got, sizeof(want)) ? " MISMATCH" : "");
	free(a);
	free(b);
	return memcmp(want, got, sizeof(want)) != 0;
}

int main(int argc, char **argv)
{
	double *a, *b;
	int quick, pairs;
	char name[200];

	if (argc == 4 && !strcmp(argv[1], "--bench"))
		return bench((size_t)atol(argv[2]), atoi(argv[3]), 0);
	if (argc == 4 && !strcmp(argv[1], "--bench-new"))
		return bench((size_t)atol(argv[2]), atoi(argv[3]), 1);
	quick = argc == 2 && !strcmp(argv[1], "--quick");
	pairs = quick ? 60 : 240;
	a = malloc(30000 * sizeof(*a));
	b = malloc(30000 * sizeof(*b));

	/* random pairs of every kind of values and sizes, with all differences
	 * sorted as a third opinion */
	for (int kind = 0; kind < 6; kind++) {
		for (int t = 0; t < pairs; t++) {
			size_t n, m;
			sizes(t, &n, &m);
			fill(a, n, kind, 0);
			fill(b, m, kind, (double)(t % 3));
			check_pair(a, n, b, m, 1);
		}
		snprintf(name, sizeof(name),
			 "k-th difference: value kind %d, %d pairs of 1 to 540 values, as the reference and as sorting",
			 kind, pairs);
		report(name);
	}
	/* both sides the same values, and one side a shifted copy of the other
	 * (every difference repeated) */
	for (int t = 0; t < pairs / 2; t++) {
		size_t n, m;
		sizes(t, &n, &m);
		fill(a, n, t % 2 ? 0 : 3, 0);
		memcpy(b, a, n * sizeof(*a));
		check_pair(a, n, b, n, 1);
		for (size_t i = 0; i < n; i++)
			b[i] = a[i] + 0.25;
		check_pair(a, n, b, n, 1);
	}
	snprintf(name, sizeof(name), "k-th difference: equal samples and shifted copies (%d pairs)", pairs);
	report(name);
	/* large samples, as the reference only */
	for (int t = 0; t < (quick ? 3 : 12); t++) {
		size_t n = 2000 + rnd(3000), m = t % 3 ? n : 500 + rnd(6000);
		fill(a, n, t % 2 ? 3 : 1, 0);
		fill(b, m, t % 2 ? 3 : 1, (double)(t % 4) * 0.01);
		check_pair(a, n, b, m, 0);
	}
	fill(a, quick ? 8000 : 25000, 3, 0);
	fill(b, quick ? 8000 : 25000, 3, 0.5);
	check_pair(a, quick ? 8000 : 25000, b, quick ? 8000 : 25000, 0);
	report(quick ? "k-th difference: 2,000 to 8,000 values a side, as the reference"
		     : "k-th difference: 2,000 to 25,000 values a side, as the reference");
	printf("# %lu checks\n", checks);
	free(a);
	free(b);
	return 0;
}
