/*
 * median.c - the median, and the sort under it: a radix sort of doubles,
 * much faster than qsort for the thousands of rounds a side of long
 * histories. A round's value is the median of its passes (model.c), and the
 * analysis takes medians throughout, so it lives below both.
 */
#include "lib/median.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"

/* A key that orders doubles (no NaN) as unsigned integers. */
static uint64_t order_key(double d)
{
	uint64_t u;
	memcpy(&u, &d, sizeof(u));
	return u >> 63 ? ~u : u | (1ULL << 63);
}

static double from_order_key(uint64_t k)
{
	uint64_t u = k >> 63 ? k & ~(1ULL << 63) : ~k;
	double d;
	memcpy(&d, &u, sizeof(d));
	return d;
}

/* Sorts the keys a[0..n) with tmp[0..n) as scratch: LSD radix, 8 bits a
 * pass; the counts of all eight digits come from one pass over the keys,
 * and a pass where every key has the same digit (the exponent bytes of
 * similar values) is skipped. */
static void radix_keys(uint64_t *a, uint64_t *tmp, size_t n)
{
	uint64_t *src = a, *dst = tmp;
	size_t count[8][256];

	memset(count, 0, sizeof(count));
	for (size_t i = 0; i < n; i++) {
		const uint64_t key = a[i];
		for (int d = 0; d < 8; d++)
			count[d][(key >> (8 * d)) & 0xff]++;
	}
	for (int d = 0; d < 8; d++) {
		const int shift = 8 * d;
		size_t sum = 0, *c = count[d];
		if (c[(src[0] >> shift) & 0xff] == n)
			continue;
		for (size_t b = 0; b < 256; b++) {
			size_t x = c[b];
			c[b] = sum;
			sum += x;
		}
		for (size_t i = 0; i < n; i++)
			dst[c[(src[i] >> shift) & 0xff]++] = src[i];
		{
			uint64_t *w = src;
			src = dst;
			dst = w;
		}
	}
	if (src != a)
		memcpy(a, src, n * sizeof(*a));
}

#define SORT_BUCKETS 2048 /* the first pass's buckets */
#define SORT_SMALL 48     /* sorted by insertion up to this many */

static void sort_by_keys(double *v, size_t n);

/*
 * Sorts v[0..n) (n >= 2) by buckets over the values' range: a value's
 * bucket is its place in the range by a rounded linear map, so a smaller
 * value never lands in a higher bucket, and the buckets (at least as many
 * as values: most hold one or none, and the insertion sort has little to
 * mispredict) are sorted by insertion, comparing the doubles; a bucket
 * an outlier crowded goes to sort_by_keys. No key is made for most values,
 * and no value is turned back. Only for values that are neither -0 nor a
 * NaN, over a finite range: every two equal values are then the same bits,
 * so the order is the one sort_by_keys gives. Returns 0, v untouched,
 * otherwise.
 */
static int sort_by_value(double *v, size_t n)
{
	double lo = v[0], hi = v[0], scale, *t;
	uint32_t *bucket, *start;
	size_t nb = 64;
	int odd = 0, crowded = 0;

	/* the range in two lanes of each end (a NaN passes by them: the
	 * buckets below find it); -0 is looked for when 0 is in the range */
	{
		double lo1 = lo, hi1 = hi;
		size_t i = 0;
		for (; i + 2 <= n; i += 2) {
			lo = v[i] < lo ? v[i] : lo;
			hi = v[i] > hi ? v[i] : hi;
			lo1 = v[i + 1] < lo1 ? v[i + 1] : lo1;
			hi1 = v[i + 1] > hi1 ? v[i + 1] : hi1;
		}
		for (; i < n; i++) {
			lo = v[i] < lo ? v[i] : lo;
			hi = v[i] > hi ? v[i] : hi;
		}
		lo = lo1 < lo ? lo1 : lo;
		hi = hi1 > hi ? hi1 : hi;
	}
	if (!(hi - lo > 0 && hi - lo < INFINITY))
		return 0;
	for (size_t i = 0; lo <= 0 && hi >= 0 && i < n && !odd; i++) {
		uint64_t u;
		memcpy(&u, &v[i], sizeof(u));
		odd = u == 1ULL << 63; /* -0 */
	}
	if (odd)
		return 0;
	while (nb < n && nb < 65536)
		nb *= 2;
	scale = (double)nb / (hi - lo);
	if (!(scale < INFINITY))
		return 0; /* a range of a few subnormals */
	t = xmalloc(n * sizeof(*t));
	bucket = xmalloc(n * sizeof(*bucket));
	start = xcalloc(nb + 1, sizeof(*start));
	for (size_t i = 0; i < n; i++) {
		const double x = (v[i] - lo) * scale;
		const uint32_t b = x < (double)nb ? (uint32_t)x : (uint32_t)nb - 1;
		odd |= !(x >= 0); /* a NaN */
		bucket[i] = b;
		crowded |= ++start[b + 1] > SORT_SMALL;
	}
	if (odd) {
		free(t);
		free(bucket);
		free(start);
		return 0;
	}
	for (size_t b = 0; b < nb; b++)
		start[b + 1] += start[b];
	for (size_t i = 0; i < n; i++)
		t[start[bucket[i]]++] = v[i];
	if (!crowded) {
		/* a value is out of place only among its bucket's few: one
		 * insertion sort over them all, back into v, passes no value
		 * further (no walk over the buckets, most of them empty) */
		for (size_t i = 0; i < n; i++) {
			const double x = t[i];
			size_t j = i;
			for (; j > 0 && v[j - 1] > x; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		free(t);
		free(bucket);
		free(start);
		return 1;
	}
	/* start[b] is now where bucket b ends */
	for (size_t b = 0, from = 0; b < nb; from = start[b++]) {
		double *a = t + from;
		const size_t len = start[b] - from;
		if (len > SORT_SMALL) {
			sort_by_keys(a, len);
			continue;
		}
		for (size_t i = 1; i < len; i++) {
			const double x = a[i];
			size_t j = i;
			for (; j > 0 && a[j - 1] > x; j--)
				a[j] = a[j - 1];
			a[j] = x;
		}
	}
	memcpy(v, t, n * sizeof(*v));
	free(t);
	free(bucket);
	free(start);
	return 1;
}

void sort_doubles(double *v, size_t n)
{
	{
		/* already sorted (a report passes each version's sorted rounds
		 * to every test of every pair): nothing to do */
		size_t i = 1;
		while (i < n && v[i - 1] <= v[i])
			i++;
		if (i >= n)
			return;
	}
	if (n < SORT_SMALL) {
		/* insertion sort for a handful of rounds */
		for (size_t i = 1; i < n; i++) {
			double x = v[i];
			size_t j = i;
			for (; j > 0 && v[j - 1] > x; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		return;
	}
	if (!sort_by_value(v, n))
		sort_by_keys(v, n);
}

/* Sorts v[0..n) (n >= 2) by the order keys of its values. */
static void sort_by_keys(double *v, size_t n)
{
	uint64_t *k, *t, lo = UINT64_MAX, hi = 0;
	size_t start[SORT_BUCKETS + 1], head[SORT_BUCKETS];
	int shift = 0;

	/* The order keys (unsigned integers in the doubles' order) go into
	 * SORT_BUCKETS buckets by the top bits of their range in one pass;
	 * a bucket is then sorted by insertion when small, as it mostly is
	 * (thousands of rounds spread over two thousand buckets), else by
	 * radix_keys. Fewer passes over the values than eight radix digits. */
	k = xmalloc(2 * n * sizeof(*k));
	t = k + n;
	for (size_t i = 0; i < n; i++) {
		const uint64_t key = order_key(v[i]);
		k[i] = key;
		lo = key < lo ? key : lo;
		hi = key > hi ? key : hi;
	}
	memset(start, 0, sizeof(start));
	if (!(lo >> 63) && hi >> 63) {
		/* values of both signs (log ratios around 0): the keys of the
		 * negative ones lie far below the positive ones', so one range
		 * would put each sign in a bucket or two; each sign gets half
		 * the buckets over its own range instead */
		uint64_t nhi = 0, plo = UINT64_MAX;
		int pshift = 0;
		for (size_t i = 0; i < n; i++) {
			if (k[i] >> 63)
				plo = k[i] < plo ? k[i] : plo;
			else
				nhi = k[i] > nhi ? k[i] : nhi;
		}
		while (((nhi - lo) >> shift) >= SORT_BUCKETS / 2)
			shift++;
		while (((hi - plo) >> pshift) >= SORT_BUCKETS / 2)
			pshift++;
#define SPLIT_BUCKET(key) ((key) >> 63 ? SORT_BUCKETS / 2 + (((key) - plo) >> pshift) : ((key) - lo) >> shift)
		for (size_t i = 0; i < n; i++)
			start[SPLIT_BUCKET(k[i]) + 1]++;
		for (size_t b = 0; b < SORT_BUCKETS; b++)
			start[b + 1] += start[b];
		memcpy(head, start, sizeof(head));
		for (size_t i = 0; i < n; i++)
			t[head[SPLIT_BUCKET(k[i])]++] = k[i];
#undef SPLIT_BUCKET
	} else {
		while (((hi - lo) >> shift) >= SORT_BUCKETS)
			shift++;
		for (size_t i = 0; i < n; i++)
			start[((k[i] - lo) >> shift) + 1]++;
		for (size_t b = 0; b < SORT_BUCKETS; b++)
			start[b + 1] += start[b];
		memcpy(head, start, sizeof(head));
		for (size_t i = 0; i < n; i++)
			t[head[(k[i] - lo) >> shift]++] = k[i];
	}
	for (size_t b = 0; b < SORT_BUCKETS; b++) {
		const size_t from = start[b], len = start[b + 1] - from;
		uint64_t *a = t + from;
		if (len > SORT_SMALL) {
			radix_keys(a, k + from, len); /* k[from..] is free by now */
			continue;
		}
		for (size_t i = 1; i < len; i++) {
			const uint64_t x = a[i];
			size_t j = i;
			for (; j > 0 && a[j - 1] > x; j--)
				a[j] = a[j - 1];
			a[j] = x;
		}
	}
	for (size_t i = 0; i < n; i++)
		v[i] = from_order_key(t[i]);
	free(k);
}

/* The midpoint of two values, finite for finite ones (near DBL_MAX the sum
 * would overflow); the same double as (a + b) / 2 otherwise. */
double midpoint(double a, double b)
{
	double s = a + b;
	return isfinite(s) ? s / 2 : a / 2 + b / 2;
}

double median_sorted(const double *s, size_t n)
{
	return n % 2 ? s[n / 2] : midpoint(s[n / 2 - 1], s[n / 2]);
}

double median_of(const double *v, size_t n)
{
	if (n == 4 && v[0] != 0 && v[1] != 0 && v[2] != 0 && v[3] != 0 && v[0] == v[0] &&
	    v[1] == v[1] && v[2] == v[2] && v[3] == v[3]) {
		/* four versions of a paired round: the middle two are the larger
		 * of the pairs' smaller values and the smaller of their larger
		 * ones, found without a branch to mispredict (no zero, whose
		 * sign the order below keeps, and no NaN) */
		const double lo0 = v[0] < v[1] ? v[0] : v[1], hi0 = v[0] < v[1] ? v[1] : v[0];
		const double lo1 = v[2] < v[3] ? v[2] : v[3], hi1 = v[2] < v[3] ? v[3] : v[2];
		return midpoint(lo0 > lo1 ? lo0 : lo1, hi0 < hi1 ? hi0 : hi1);
	}
	if (n < 48) {
		/* sort_doubles's insertion sort, done while copying: the few
		 * passes of a round, the versions of a paired round */
		double t[48];
		for (size_t i = 0; i < n; i++) {
			double x = v[i];
			size_t j = i;
			for (; j > 0 && t[j - 1] > x; j--)
				t[j] = t[j - 1];
			t[j] = x;
		}
		return n % 2 ? t[n / 2] : midpoint(t[n / 2 - 1], t[n / 2]);
	}

	/* every round's value is a median of a few passes: no malloc for those */
	double small[64], *s = n <= 64 ? small : xmalloc(n * sizeof(*s));
	double med;

	memcpy(s, v, n * sizeof(*s));
	sort_doubles(s, n);
	med = n % 2 ? s[n / 2] : midpoint(s[n / 2 - 1], s[n / 2]);
	if (s != small)
		free(s);
	return med;
}
