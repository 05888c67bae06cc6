/*
 * brute-test.c - the fast paths of src/analysis/stats.c against the plain definitions,
 * on randomized inputs from fixed seeds:
 *  - stats_trend's Kendall S (buckets over the value range with a Fenwick
 *    tree across them, and merge counting walked from both ends in a bucket
 *    an outlier crowded, or over all values without a finite range) against
 *    concordant minus discordant pairs counted over all n(n-1)/2 pairs, its
 *    tie-corrected variance against the ties counted pair by pair, and its
 *    p-value against the null distribution built here (exact) or the normal
 *    tail (approximate);
 *  - sort_doubles (buckets by value or by key, insertion, radix) against qsort: the same values
 *    in order, non-decreasing, and the same multiset of bit patterns;
 *  - stats_signed_rank_sorted's V against the sum of the positives' ranks
 *    counted size by size, with and without ties;
 *  - median_of on four values against sorting them.
 * Sizes sit on the thresholds of the code: the merge's runs of 4 and its
 * doubling widths (powers of two and either side), the sort's insertion
 * limit (48) and its 2,048 buckets, and a few thousand values.
 *
 *     brute-test [trend|sort|signed-rank|median]   one line per check, "pass<TAB>name" or
 *                               "fail<TAB>name<TAB>detail", for tests/t-stats.sh
 *                               (both parts, or the one named)
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/stats.h"
#include "lib/median.h"
#include "mismatches.h"

static uint64_t state;

static uint64_t rnd(uint64_t below_n)
{
	return stats_splitmix64(&state) % below_n;
}


#define MISMATCH(...)                                                  \
	do {                                                           \
		if (!bad++)                                            \
			snprintf(detail, sizeof(detail), __VA_ARGS__); \
	} while (0)

static int cmp_dbl(const void *pa, const void *pb)
{
	double x = *(const double *)pa, y = *(const double *)pb;
	return (x > y) - (x < y);
}

/* ---- Kendall's S of a series against its time order ---- */

#define KINDS 11

/* Fills v[0..n) with a series of a kind. */
static void fill_series(double *v, size_t n, int kind)
{
	static const double zeros[] = { -0.0, 0.0, -1.0, 1.0, 2.0 };
	size_t i = 0;

	switch (kind) {
	case 0: /* values spread over a range: few ties */
		for (; i < n; i++)
			v[i] = (double)rnd(1000003) / 7.0 - 50000;
		break;
	case 1: /* a few values: ties everywhere */
		for (; i < n; i++)
			v[i] = (double)rnd(4);
		break;
	case 2: /* runs of equal values of random lengths */
		while (i < n) {
			double x = (double)rnd(30);
			for (size_t r = 1 + rnd(20); r > 0 && i < n; r--)
				v[i++] = x;
		}
		break;
	case 3: /* zeros of both signs (one value) among a few others */
		for (; i < n; i++)
			v[i] = zeros[rnd(5)];
		break;
	case 4: /* ascending with ties */
		for (; i < n; i++)
			v[i] = (double)(i / (1 + i % 3));
		for (i = 1; i < n; i++)
			v[i] = v[i] < v[i - 1] ? v[i - 1] : v[i];
		break;
	case 5: /* strictly descending */
		for (; i < n; i++)
			v[i] = (double)(n - i) * 0.5;
		break;
	case 6: /* every value the same */
		for (; i < n; i++)
			v[i] = 3.25;
		break;
	case 7: /* ascending with a few values swapped */
		for (; i < n; i++)
			v[i] = (double)i;
		for (size_t s = 0; s < 1 + n / 50 && n > 1; s++) {
			size_t x = rnd(n), y = rnd(n);
			double w = v[x];
			v[x] = v[y];
			v[y] = w;
		}
		break;
	case 8: /* a drift with noise: timings getting slower, rounded as rounds are */
		for (; i < n; i++)
			v[i] = round((100.0 + 0.01 * (double)i + (double)rnd(1000) / 100.0) * 10) / 10;
		break;
	case 9: /* spread values and one far outlier: most in one bucket of
		 * the value range */
		for (; i < n; i++)
			v[i] = (double)rnd(1000003) / 7.0;
		if (n)
			v[rnd(n)] = 1e300;
		break;
	default: /* a sawtooth: runs ascending then restarting */
		for (; i < n; i++)
			v[i] = (double)(i % 7) - (double)(i % 3 == 0);
		break;
	}
}

/* The null distribution of the number of inversions of a random permutation
 * of n, the product of (1 + x + ... + x^(k-1)) for k = 1..n, into
 * c[0..n(n-1)/2]: written out here apart from stats.c's counting, and by
 * additions only, so the far tails keep their precision. */
static void inversion_counts(size_t n, double *c)
{
	size_t qmax = n * (n - 1) / 2, top = 0;
	double *next = malloc((qmax + 1) * sizeof(*next));

	memset(c, 0, (qmax + 1) * sizeof(*c));
	c[0] = 1;
	for (size_t k = 2; k <= n; k++) {
		top += k - 1;
		for (size_t q = 0; q <= top; q++) {
			double sum = 0;
			for (size_t add = 0; add < k && add <= q; add++)
				sum += c[q - add];
			next[q] = sum;
		}
		memcpy(c, next, (top + 1) * sizeof(*c));
	}
	free(next);
}

static int close_to(double a, double b, double tol)
{
	return fabs(a - b) <= tol * fmax(1e-300, fmax(fabs(a), fabs(b)));
}

/* One series: S, var, the p-value and the exact flag against the plain
 * definitions; adds its S to *sum. */
static void check_trend(const double *v, size_t n, int kind, double *sum, struct trend_result *out)
{
	double s = 0, ties = 0, dn = (double)n, conc = 0, var, p;
	int exact;

	for (size_t i = 0; i < n; i++) {
		for (size_t j = i + 1; j < n; j++) {
			s += (v[j] > v[i]) - (v[j] < v[i]);
			conc += v[j] > v[i];
		}
	}
	/* the groups of equal values, each adding t(t-1)(2t+5), from a copy
	 * sorted by qsort */
	{
		double *w = malloc((n ? n : 1) * sizeof(*w));
		memcpy(w, v, n * sizeof(*w));
		qsort(w, n, sizeof(*w), cmp_dbl);
		for (size_t i = 0, j; i < n; i = j) {
			double t;
			for (j = i + 1; j < n && w[j] == w[i]; j++)
				;
			t = (double)(j - i);
			ties += t * (t - 1) * (2 * t + 5);
		}
		free(w);
	}
	stats_trend(v, n, out);
	if (n < 3) {
		if (out->s != 0 || out->var != 0 || out->p != 1 || out->exact != 0)
			MISMATCH("kind %d, %zu values: S %g var %g p %g exact %d, want all 0 and p 1",
				 kind, n, out->s, out->var, out->p, out->exact);
		return;
	}
	*sum += s;
	var = (dn * (dn - 1) * (2 * dn + 5) - ties) / 18;
	exact = n < 50 && ties == 0;
	if (exact) {
		/* R's cor.test: q concordant pairs; P(T >= q) above the middle,
		 * else P(T <= q), doubled */
		size_t qmax = n * (n - 1) / 2;
		double *c = malloc((qmax + 1) * sizeof(*c)), lo = 0, hi = 0, tot = 0;
		inversion_counts(n, c);
		for (size_t q = 0; q <= qmax; q++) {
			tot += c[q];
			lo += (double)q <= conc ? c[q] : 0;
			hi += (double)q >= conc ? c[q] : 0;
		}
		p = 2 * (conc > dn * (dn - 1) / 4 ? hi : lo) / tot;
		free(c);
	} else if (var > 0) {
		double sc = s > 0 ? s - 1 : s < 0 ? s + 1 : 0;
		p = erfc(fabs(sc) / sqrt(var) / sqrt(2.0));
	} else {
		p = 1;
	}
	p = p > 1 ? 1 : p;
	if (out->s != s || out->var != var || out->exact != exact || !close_to(out->p, p, 1e-12))
		MISMATCH("kind %d, %zu values: S %.17g var %.17g p %.17g exact %d; all pairs: "
			 "S %.17g var %.17g p %.17g exact %d",
			 kind, n, out->s, out->var, out->p, out->exact, s, var, p, exact);
}

static void test_trend(void)
{
	/* 0-40, each side of every power of two the merges double through, the
	 * last merge's right run of 1 to 5 values, and a few thousand */
	size_t sizes[200], ns = 0;
	double *v = malloc(6000 * sizeof(*v));
	char name[300];

	for (size_t n = 0; n <= 40; n++)
		sizes[ns++] = n;
	for (size_t p = 64; p <= 4096; p *= 2) {
		sizes[ns++] = p - 1;
		sizes[ns++] = p;
		sizes[ns++] = p + 1;
		if (p <= 512) {
			sizes[ns++] = p + 2;
			sizes[ns++] = p + 3;
			sizes[ns++] = p + 5;
			sizes[ns++] = p + p / 2 + 3;
		}
	}
	sizes[ns++] = 48;
	sizes[ns++] = 49;
	sizes[ns++] = 50;
	sizes[ns++] = 51;
	sizes[ns++] = 3001;
	for (int kind = 0; kind < KINDS; kind++) {
		size_t count = 0;
		state = 1000 + (uint64_t)kind;
		for (size_t t = 0; t < ns; t++) {
			size_t n = sizes[t];
			/* the largest sizes for a few kinds only (O(n^2) each):
			 * few ties, many ties, signed zeros, ascending and
			 * descending */
			if ((n > 1100 && kind > 5) || (n > 2100 && (kind == 2 || kind == 3)))
				continue;
			double sum = 0, combined, total = 0;
			struct trend_result r[3];
			for (int rep = 0; rep < (n <= 100 ? 3 : 1); rep++) {
				fill_series(v, n, kind);
				check_trend(v, n, kind, &sum, &r[rep]);
				count++;
				if (rep == 0)
					total = sum;
			}
			/* the combined test adds the S of each series */
			if (n >= 3 && n <= 100) {
				stats_trend_combined(r, 3, &combined);
				if (combined != sum)
					MISMATCH("kind %d, 3 series of %zu: combined S %.17g, want %.17g",
						 kind, n, combined, sum);
			}
			(void)total;
		}
		snprintf(name, sizeof(name),
			 "trend: Kendall's S, variance and p of %zu series of value kind %d (0 to 4,097 values) as counting all pairs",
			 count, kind);
		report(name);
	}
	free(v);
}

/* ---- sort_doubles against qsort ---- */

static int cmp_u64(const void *pa, const void *pb)
{
	uint64_t x = *(const uint64_t *)pa, y = *(const uint64_t *)pb;
	return (x > y) - (x < y);
}

/* A finite double from 64 random bits (the exponent of all ones, inf and
 * NaN, redrawn). */
static double any_finite(void)
{
	for (;;) {
		uint64_t u = stats_splitmix64(&state);
		double d;
		memcpy(&d, &u, sizeof(d));
		if (isfinite(d))
			return d;
	}
}

#define SORT_KINDS 15

/* Fills v[0..n) with values of a kind. */
static void fill_sort(double *v, size_t n, int kind)
{
	double x = 1;
	size_t i = 0;

	switch (kind) {
	case 0: /* round values in ms, three decimals */
		for (; i < n; i++)
			v[i] = 20 + (double)rnd(200000) / 1000.0;
		break;
	case 1: /* logs of timings: negative and positive */
		for (; i < n; i++)
			v[i] = log(0.5 + (double)rnd(100000) / 10000.0);
		break;
	case 2: /* any finite bit pattern: both signs, every magnitude */
		for (; i < n; i++)
			v[i] = any_finite();
		break;
	case 3: /* huge magnitudes of both signs */
		for (; i < n; i++)
			v[i] = (rnd(2) ? 1 : -1) * ldexp(1 + (double)rnd(1000) / 1000, 1000 + (int)rnd(24));
		break;
	case 4: /* tiny, subnormal and zero, both signs */
		for (; i < n; i++)
			v[i] = (rnd(2) ? 1 : -1) * (rnd(8) == 0 ? 0.0 : ldexp((double)(1 + rnd(5000)), -1074 + (int)rnd(60)));
		break;
	case 5: /* zeros of both signs only */
		for (; i < n; i++)
			v[i] = rnd(2) ? 0.0 : -0.0;
		break;
	case 6: /* two distinct values */
		for (; i < n; i++)
			v[i] = rnd(2) ? 7.5 : -3.0;
		break;
	case 7: /* every value the same */
		for (; i < n; i++)
			v[i] = 42.0;
		break;
	case 8: /* consecutive doubles: a key range narrower than the buckets */
		for (; i < n; i++) {
			uint64_t u;
			x = 1.0;
			memcpy(&u, &x, sizeof(u));
			u += rnd(3000);
			memcpy(&v[i], &u, sizeof(u));
		}
		break;
	case 9: /* already ascending, then one value out of place */
		for (; i < n; i++)
			v[i] = (double)i;
		if (n > 1)
			v[rnd(n)] = -1;
		break;
	case 10: /* descending */
		for (; i < n; i++)
			v[i] = (double)(n - i);
		break;
	case 11: /* one crowded bucket: the ends far apart, the rest within 1e-9 of 5
		  * (48 or 49 values in a bucket decide insertion or radix) */
		for (; i < n; i++)
			v[i] = 5 + (double)rnd(1000) * 1e-12;
		if (n > 2) {
			v[rnd(n)] = -1e6;
			v[rnd(n)] = 1e6;
		}
		break;
	case 12: /* many ties among a range */
		for (; i < n; i++)
			v[i] = (double)rnd(17) * 0.25 - 2;
		break;
	case 13: /* subnormals only, no zero: a range whose buckets would be
		  * infinitely narrow */
		for (; i < n; i++)
			v[i] = ldexp((double)(1 + rnd(3)), -1074);
		break;
	default: /* ascending runs with repeats, a sawtooth of magnitudes */
		for (; i < n; i++) {
			x = i % 97 == 0 ? 1 : x * 1.5;
			v[i] = (i % 2 ? -x : x);
		}
		break;
	}
}

/* One array: sort_doubles's result non-decreasing, the same values as
 * qsort's in order, the same bit patterns as the input. */
static void check_sort(const double *in, size_t n, int kind, double *v, double *q, uint64_t *b1,
		       uint64_t *b2)
{
	memcpy(v, in, n * sizeof(*v));
	memcpy(q, in, n * sizeof(*q));
	sort_doubles(v, n);
	qsort(q, n, sizeof(*q), cmp_dbl);
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && !(v[i - 1] <= v[i])) {
			MISMATCH("kind %d, %zu values: [%zu] %.17g after %.17g", kind, n, i, v[i], v[i - 1]);
			return;
		}
		if (v[i] != q[i]) {
			MISMATCH("kind %d, %zu values: [%zu] %.17g, qsort %.17g", kind, n, i, v[i], q[i]);
			return;
		}
	}
	memcpy(b1, in, n * sizeof(*b1));
	memcpy(b2, v, n * sizeof(*b2));
	qsort(b1, n, sizeof(*b1), cmp_u64);
	qsort(b2, n, sizeof(*b2), cmp_u64);
	if (n && memcmp(b1, b2, n * sizeof(*b1)))
		MISMATCH("kind %d, %zu values: not a permutation of the input's bit patterns", kind, n);
}

static void test_sort(void)
{
	static const size_t sizes[] = { 0,    1,    2,    3,    4,    5,    7,    16,   46,   47,  48,
					49,   50,   51,   95,   96,   97,   100,  200,  1000, 2047, 2048,
					2049, 2050, 4095, 4096, 4097, 6000, 30011 };
	const size_t ns = sizeof(sizes) / sizeof(sizes[0]), max = 30011;
	double *in = malloc(max * sizeof(*in)), *v = malloc(max * sizeof(*v)), *q = malloc(max * sizeof(*q));
	uint64_t *b1 = malloc(max * sizeof(*b1)), *b2 = malloc(max * sizeof(*b2));
	char name[300];

	for (int kind = 0; kind < SORT_KINDS; kind++) {
		size_t count = 0;
		state = 2000 + (uint64_t)kind;
		for (size_t t = 0; t < ns; t++) {
			size_t n = sizes[t];
			for (int rep = 0; rep < (n <= 4096 ? 4 : 1); rep++) {
				fill_sort(in, n, kind);
				check_sort(in, n, kind, v, q, b1, b2);
				count++;
			}
		}
		snprintf(name, sizeof(name),
			 "sort: %zu arrays of value kind %d (0 to 30,011 values) as qsort, in order, a permutation of the input",
			 count, kind);
		report(name);
	}
	/* a crowded bucket of 46 to 51 values: positive doubles are ordered
	 * as their bit patterns, so 1.0 plus b * 1024 units in the last place,
	 * b = 0..2047, spans 2,048 buckets of 1,024 units, one value each; the
	 * crowd joins the value of bucket 1000, and the array is shuffled */
	for (size_t crowd = 46; crowd <= 51; crowd++) {
		size_t n = 2048 + crowd - 1;
		uint64_t one;
		double one_d = 1.0;
		memcpy(&one, &one_d, sizeof(one));
		for (size_t i = 0; i < n; i++) {
			uint64_t u = one + (i < 2048 ? (uint64_t)i * 1024 : 1000 * 1024 + 1 + rnd(1023));
			memcpy(&in[i], &u, sizeof(u));
		}
		for (size_t i = n - 1; i > 0; i--) {
			size_t r = rnd(i + 1);
			double w = in[i];
			in[i] = in[r];
			in[r] = w;
		}
		check_sort(in, n, 100 + (int)crowd, v, q, b1, b2);
	}
	report("sort: one bucket of 46 to 51 values among 2,048 (insertion or radix) as qsort");
	free(in);
	free(v);
	free(q);
	free(b1);
	free(b2);
}

/* The signed rank statistic by its definition: every size's rank counted
 * over all sizes (ties: the mean of their ranks), the positives' summed. */
static double brute_signed_rank(const double *s, size_t n)
{
	double v = 0;
	for (size_t i = 0; i < n; i++) {
		double below = 0, same = 0;
		if (!(s[i] > 0))
			continue;
		for (size_t j = 0; j < n; j++) {
			if (s[j] == 0)
				continue;
			below += fabs(s[j]) < s[i];
			same += fabs(s[j]) == s[i];
		}
		v += below + (same + 1) / 2;
	}
	return v;
}

static int cmp_plain(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return (a > b) - (a < b);
}

/* stats_signed_rank_sorted's statistic (its merge without branches where no
 * two sizes are equal, the general walk where some are) against the
 * definition: sorted ratios without ties, with ties of sizes across the
 * signs, within a sign, and with zeros. */
static void test_signed_rank(void)
{
	static const size_t sizes[] = { 1, 2, 3, 7, 8, 49, 50, 51, 200, 1001 };
	double s[1001];
	char name[200];

	state = 3000;
	for (int kind = 0; kind < 4; kind++) {
		size_t count = 0;
		for (size_t t = 0; t < sizeof(sizes) / sizeof(sizes[0]); t++) {
			size_t n = sizes[t];
			for (int rep = 0; rep < 8; rep++) {
				struct mw_result r;
				double want;
				for (size_t i = 0; i < n; i++) {
					/* 0: distinct; 1: sizes from a few values, both
					 * signs; 2: ties within a sign only; 3: zeros too */
					double x = (double)(rnd(1u << 30) + 1) / (1u << 20);
					if (kind == 1 || kind == 3)
						x = (double)(rnd(6) + (kind == 3 ? 0 : 1));
					else if (kind == 2)
						x = (double)(rnd(n + 4) + 1) + (rnd(2) ? 0.5 : 0);
					s[i] = kind == 2 ? (x - floor(x) > 0 ? x : -x) : (rnd(2) ? x : -x);
				}
				qsort(s, n, sizeof(*s), cmp_plain);
				stats_signed_rank_sorted(s, n, &r);
				want = brute_signed_rank(s, n);
				count++;
				if (r.w != want)
					MISMATCH("kind %d, %zu ratios: V %.17g, definition %.17g", kind, n, r.w, want);
			}
		}
		snprintf(name, sizeof(name), "signed rank: %zu sorted arrays of kind %d (1 to 1,001 ratios) as the definition",
			 count, kind);
		report(name);
	}
}

/* median_of on four values (the versions of a paired round: the middle
 * two without sorting) against the insertion sort it had: the same bits,
 * zeros of both signs, ties and NaN among them. */
static void test_median4(void)
{
	static const double pick[] = { 1.5, -2.0, 0.0, -0.0, 3.25, 1.5, 1e308, -1e308, 7.0 };
	size_t count = 0;

	state = 4004;
	for (int t = 0; t < 20000; t++) {
		double v[4], w[4], want, got;
		for (int i = 0; i < 4; i++)
			v[i] = t % 3 == 0 ? pick[rnd(9)] : t % 3 == 1 ? any_finite() : (double)rnd(5) - 2;
		if (t % 97 == 0)
			v[rnd(4)] = NAN;
		for (size_t i = 0; i < 4; i++) {
			size_t j = i;
			for (; j > 0 && w[j - 1] > v[i]; j--)
				w[j] = w[j - 1];
			w[j] = v[i];
		}
		want = midpoint(w[1], w[2]);
		got = median_of(v, 4);
		count++;
		if (memcmp(&want, &got, sizeof(got)) != 0 && !(want != want && got != got))
			MISMATCH("median of %.17g %.17g %.17g %.17g: %.17g, sorted %.17g", v[0], v[1], v[2],
				 v[3], got, want);
	}
	report("median of four values: the same bits as sorting them (20,000 draws)");
	(void)count;
}

int main(int argc, char **argv)
{
	if (argc < 2 || !strcmp(argv[1], "trend"))
		test_trend();
	if (argc < 2 || !strcmp(argv[1], "sort"))
		test_sort();
	if (argc < 2 || !strcmp(argv[1], "signed-rank"))
		test_signed_rank();
	if (argc < 2 || !strcmp(argv[1], "median"))
		test_median4();
	return 0;
}
