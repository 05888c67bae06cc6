/*
 * stats.c - the small statistics noisefloor needs beside its within-noise
 * method, written out rather than linked (GSL is GPL and has no Mann-Whitney
 * test): rank tests with their exact null distributions by counting, the
 * normal tail through erfc, the rank test's interval for a ratio, Holm, and
 * the step finder.
 *
 * The rank tests follow R 4.2's wilcox.test and cor.test line by line where
 * R makes a choice (exact or normal, which tail, the corrections), so that a
 * maintainer who reruns the numbers in R gets the same p-values;
 * tests/stats/ holds the reference values R computed.
 */
#include "analysis/stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
/* NF_STATS_NO_SIMD builds the plain-C fallback of the vector code on a
 * machine that has SSE2, so the tests hold both to the same results. */
#if defined(__SSE2__) && !defined(NF_STATS_NO_SIMD)
#define NF_STATS_SSE2 1
#include <emmintrin.h>
#endif

#include "lib/median.h"
#include "lib/util.h"

void stats_median_interval_ranks(size_t n, double level, size_t *lo, size_t *hi)
{
	/* the largest k with P(B <= k - 1) <= (1 - level) / 2 for B ~ Bin(n, 1/2):
	 * [x(k), x(n + 1 - k)] (1-based) covers the median at `level`; the
	 * binomial's terms by recurrence, in logs past what a double holds.
	 * Every pair of a comparison asks with the same n and level: the last
	 * answer is kept. */
	static size_t last_n, last_lo, last_hi;
	static double last_level = NAN;
	double tail = (1 - level) / 2, term = exp(-(double)n * log(2.0)), cdf = 0;
	size_t k = 1;
	if (n == last_n && level == last_level) {
		*lo = last_lo;
		*hi = last_hi;
		return;
	}
	for (size_t j = 0; j < n / 2; j++) {
		cdf += term;
		if (cdf > tail)
			break;
		k = j + 1; /* 1 - 2 P(B <= j) >= level: [x(j + 1), x(n - j)] */
		term *= (double)(n - j) / (double)(j + 1);
	}
	if (n == 0) {
		*lo = *hi = 0;
		return;
	}
	*lo = last_lo = k - 1;
	*hi = last_hi = n - k;
	last_n = n;
	last_level = level;
}

double stats_quantile_sorted(const double *sorted, size_t n, double q)
{
	double h = (double)(n - 1) * q;
	size_t lo = (size_t)floor(h);

	if (lo + 1 >= n)
		return sorted[n - 1];
	return sorted[lo] + (h - (double)lo) * (sorted[lo + 1] - sorted[lo]);
}

/* Upper tail of the standard normal, accurate far into the tail. */
static double norm_sf(double z)
{
	return 0.5 * erfc(z / sqrt(2.0));
}

/* Two-sided normal p-value for a z that is already continuity-corrected:
 * R's 2 * min(pnorm(z), pnorm(z, lower.tail = FALSE)). */
static double two_sided_normal(double z)
{
	double p = 2 * norm_sf(fabs(z));
	return p > 1 ? 1 : p;
}

/*
 * The null distribution of U for sample sizes n (x) and m (y): counts[u] for
 * u = 0..n*m is the number of ways to place the x values among the n+m ranks
 * with U = u. Items are added in increasing rank; an x placed after k y's adds
 * k to U. Only additions of non-negative doubles, so the counts keep full
 * relative precision even past 2^53 (C(98, 49) is about 2.5e28).
 * Returns a malloc'd array of n*m+1 counts; caller frees.
 */
static double *wilcox_counts(size_t n, size_t m)
{
	size_t nm = n * m, width = nm + 1;
	/* dp[j * width + u]: ways with j x's placed so far and U = u */
	double *dp = xcalloc((n + 1) * width, sizeof(*dp));
	double *out;

	dp[0] = 1;
	for (size_t k = 0; k < n + m; k++) {
		/* k items placed; j of them x's, so k - j y's below the next */
		size_t jmax = k < n ? k : n - 1;
		for (size_t j = jmax + 1; j-- > 0;) {
			size_t ys, umax;
			if (k < j || k - j > m)
				continue;
			ys = k - j;
			umax = j * ys;
			for (size_t u = umax + 1; u-- > 0;) {
				double c = dp[j * width + u];
				if (c != 0)
					dp[(j + 1) * width + u + ys] += c;
			}
		}
	}
	out = xmalloc(width * sizeof(*out));
	memcpy(out, dp + n * width, width * sizeof(*out));
	free(dp);
	return out;
}

/*
 * The exact null distributions cost O((n+m) n nm) (Mann-Whitney), O(n^3)
 * (signed rank) and O(n^4) (Kendall) to build, and a history asks for the
 * same few sample sizes over and over (every release pair of every
 * workload): each is built once and kept for the run. The most recent 64
 * are kept; an entry is never freed while a caller reads it, since callers
 * finish with it before asking for another.
 */
enum null_kind { NULL_WILCOX, NULL_SIGNRANK, NULL_KENDALL };
#define NULL_CACHE 64
static struct null_entry {
	enum null_kind kind;
	size_t n, m;
	double *counts;
} null_cache[NULL_CACHE];
static size_t null_next;

static double *signrank_counts(size_t n);
static double *kendall_counts(size_t n);

static const double *null_counts(enum null_kind kind, size_t n, size_t m)
{
	struct null_entry *e;
	for (size_t i = 0; i < NULL_CACHE; i++) {
		e = &null_cache[i];
		if (e->counts && e->kind == kind && e->n == n && e->m == m)
			return e->counts;
	}
	e = &null_cache[null_next++ % NULL_CACHE];
	free(e->counts);
	e->kind = kind, e->n = n, e->m = m;
	e->counts = kind == NULL_WILCOX ? wilcox_counts(n, m)
		    : kind == NULL_SIGNRANK ? signrank_counts(n) : kendall_counts(n);
	return e->counts;
}

double stats_pwilcox(double u, size_t n, size_t m)
{
	size_t nm = n * m;
	const double *c;
	double below = 0, total = 0;

	if (u < 0)
		return 0;
	if (u >= (double)nm)
		return 1;
	c = null_counts(NULL_WILCOX, n, m);
	for (size_t k = 0; k <= nm; k++) {
		total += c[k];
		if ((double)k <= floor(u + 1e-7))
			below += c[k];
	}
	return below / total;
}

/* 1 when v[0..n) is ascending: what sort_doubles leaves as it is. */
static int is_sorted(const double *v, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (!(v[i - 1] <= v[i]))
			return 0;
	return 1;
}

/* v itself when it is sorted, else a sorted copy into *copy (caller frees). */
static const double *sorted_view(const double *v, size_t n, double **copy)
{
	*copy = NULL;
	if (is_sorted(v, n))
		return v;
	*copy = xmalloc((n ? n : 1) * sizeof(**copy));
	memcpy(*copy, v, n * sizeof(**copy));
	sort_doubles(*copy, n);
	return *copy;
}

void stats_mann_whitney(const double *x, size_t n, const double *y, size_t m,
			struct mw_result *out)
{
	double *cx, *cy;
	const double *sx = sorted_view(x, n, &cx), *sy = sorted_view(y, m, &cy);

	stats_mann_whitney_sorted(sx, n, sy, m, out);
	free(cx);
	free(cy);
}

void stats_mann_whitney_sorted(const double *sx, size_t n, const double *sy, size_t m,
			       struct mw_result *out)
{
	double w = 0, ties = 0, eq = 0, dn = (double)n, dm = (double)m;
	size_t nn = n + m, i = 0, px = 0, py = 0;

	/* R: W = sum of the (average) ranks of x - n(n+1)/2; ranks and their
	 * sums are whole or half numbers, exact in doubles. The two sorted
	 * sides merge into the combined order one tie group at a time; a
	 * value alone in the combined order takes the short way. */
	while (i < nn) {
		if (px < n && (py >= m || sx[px] < sy[py])) {
			if (px + 1 >= n || sx[px + 1] != sx[px]) {
				/* a value of x alone: rank i + 1 (what the group
				 * below adds: (i + 1 + i + 1) / 2, and no tie) */
				w += (double)(i + 1);
				px++;
				i++;
				continue;
			}
		} else if (py < m && (px >= n || sy[py] < sx[px])) {
			if (py + 1 >= m || sy[py + 1] != sy[py]) {
				/* a value of y alone: nothing to add */
				py++;
				i++;
				continue;
			}
		}
		double v = px < n && (py >= m || sx[px] <= sy[py]) ? sx[px] : sy[py];
		size_t nx = 0, ny = 0, j;
		while (px < n && sx[px] == v) {
			px++;
			nx++;
		}
		while (py < m && sy[py] == v) {
			py++;
			ny++;
		}
		j = i + nx + ny;
		double t = (double)(j - i);
		w += (double)nx * ((double)(i + 1) + (double)j) / 2; /* average of ranks i+1..j */
		ties += t * t * t - t;
		eq += (double)nx * (double)ny;
		i = j;
	}
	w -= dn * (dn + 1) / 2;

	out->w = w;
	out->eq = eq;
	if (n < 50 && m < 50 && ties == 0) {
		/* R: if (W > n m / 2) P(U >= W) else P(U <= W); min(2p, 1) */
		double p = w > dn * dm / 2 ? 1 - stats_pwilcox(w - 1, n, m)
					   : stats_pwilcox(w, n, m);
		p *= 2;
		out->p = p > 1 ? 1 : p;
		out->exact = 1;
		return;
	}
	out->exact = 0;
	{
		double z = w - dn * dm / 2;
		double var = (dn * dm / 12) * ((dn + dm + 1) - ties / ((dn + dm) * (dn + dm - 1)));
		double corr = z > 0 ? 0.5 : z < 0 ? -0.5 : 0;
		if (!(var > 0)) {
			/* every value tied: R gives NA; no evidence either way */
			out->p = 1;
			return;
		}
		out->p = two_sided_normal((z - corr) / sqrt(var));
	}
}

/* Moves the values of t[lo..hi) below pivot to its front and returns
 * where the rest begins (Lomuto's scheme without branches: every value is
 * swapped with the boundary, which moves on when the value was below; which
 * side a value falls on is a coin toss to the processor). With below = 0,
 * the values at most pivot instead. */
static size_t partition_below(double *t, size_t lo, size_t hi, double pivot, int below)
{
	size_t store = lo;

	for (size_t i = lo; i < hi; i++) {
		const double x = t[i];
		t[i] = t[store];
		t[store] = x;
		store += below ? x < pivot : x <= pivot;
	}
	return store;
}

/* The element of rank k (0-based) of t[0..len), reordering t so that
 * t[0..k) <= t[k] <= t(k..len): quickselect with a median-of-three pivot,
 * each round in three parts (below, equal to, above the pivot), so ties
 * cost nothing. */
static double select_kth(double *t, size_t len, size_t k)
{
	size_t lo = 0, hi = len;

	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2, a, b;
		double x = t[lo], y = t[mid], z = t[hi - 1], pivot;
		pivot = x < y ? (y < z ? y : (x < z ? z : x)) : (x < z ? x : (y < z ? z : y));
		a = partition_below(t, lo, hi, pivot, 1);
		if (k < a) {
			hi = a;
			continue;
		}
		b = partition_below(t, a, hi, pivot, 0);
		if (k < b)
			return t[k]; /* t[a..b) all equal the pivot */
		lo = b;
	}
	return t[k];
}

/* The next double below d (d finite). */
static double below(double d)
{
	return nextafter(d, -INFINITY);
}

/*
 * Selection among the n*m differences b[j] - a[i] of sorted a[0..n) and
 * b[0..m) without forming them: row i of the implicit matrix is ascending
 * in j, and a row's count of differences at most d only grows with i (the
 * rounding of a subtraction is monotone), so one staircase walk over the
 * rows counts them for any d in O(n + m).
 *
 * Each order statistic wanted (a target: rank k, and with a pair rank k + 1
 * too) keeps a band of candidates in value (lo, hi], row i's candidates
 * being columns first[i]..end[i), known to hold its ranks by the counts at
 * lo and hi. A round takes a systematic sample of the band (evenly spaced
 * in its row-major order, so every row contributes in proportion to its
 * candidates), selects two pivots in the sample about 0.75 sqrt(s) sample ranks
 * either side of the target's place (Floyd and Rivest), and counts at them:
 * the band shrinks to about 1.5 / sqrt(s) of itself, and a pivot that misses
 * the target still cuts the other side. Once both edges are finite the
 * next rounds interpolate instead: in a narrow band the differences are
 * spread nearly evenly in value, so the target's value follows from its
 * rank in the band, and two counts about sqrt(band) ranks either side of it
 * leave a band of a few sqrt(band) (a round that shrinks the band less than
 * fourfold hands the next back to sampling). Once the band is about n + m
 * its differences are listed and the ranks selected among them. A sampled
 * pivot is a difference inside the band, so a sampled round always makes
 * progress; every edge is a value with an exact count, so the result is the
 * exact order statistic, the same double as sorting all n*m differences
 * gives.
 *
 * The targets of one matrix (the two bounds of an interval) share the first
 * round: one sample of the whole matrix gives every target's pivots.
 */
#ifndef XSEL_SAMPLE_MAX
#define XSEL_SAMPLE_MAX 512 /* the largest sample of a round */
#endif
#ifndef XSEL_SPREAD
#define XSEL_SPREAD 0.75 /* pivots at this many sqrt(s) sample ranks either side */
#endif
#ifndef XSEL_ISPREAD
#define XSEL_ISPREAD 1.0 /* an interpolated round counts this many sqrt(band) either side */
#endif
#ifndef XSEL_LIST
#define XSEL_LIST 1 /* list the band once it holds this many times n + m differences */
#endif

struct xtarget {
	uint64_t k, khi;         /* 1-based ranks wanted: k, and k + 1 when khi = k + 1 */
	double lo, hi;           /* the band (lo, hi] */
	uint64_t cnt_lo, cnt_hi; /* #{differences <= lo}, #{differences <= hi} */
	size_t *first, *end;     /* row i's candidates: columns first[i]..end[i) */
	double rate;             /* differences per unit of value just inside the edge a
				  * missed interpolation moved (0: none) */
	int rate_lo;             /* 1: that edge is lo, 0: hi */
	double kx[4];            /* differences with known counts around the band: the */
	uint64_t kc[4];          /* first round's pivots, ascending (nk of them, else 0) */
	int nk;
	int misses;              /* interpolations in a row that missed */
	int done;
	double result, next;     /* ranks k and khi (next only when khi > k) */
};

struct xsel {
	const double *a, *b;
	size_t n, m;
	size_t *pos;    /* the last count's positions: row i's first column above d */
	size_t *pos2;   /* the same for the upper pivot of a double count */
	double *sample; /* sample_max values */
	size_t sample_max;
	double *list;   /* the final band, grown as needed */
	size_t list_cap;
	uint32_t *start; /* xsel_finish_window's row starts, grown as needed */
	size_t start_cap;
	size_t *store;  /* 4 n positions for the first round of two targets */
};

/*
 * Row i's first column at or after j (j < e, e <= m) whose difference
 * b[j] - ai is above d, stopping at e: what
 *     while (j < e && b[j] - ai <= d) j++;
 * gives, four columns a step. From one row to the next a walk mostly moves
 * a column or two, a number the processor cannot foresee: tested one at a
 * time, each row's last test was a mispredicted branch. b is ascending and
 * the subtraction's rounding monotone, so the differences at most d are a
 * prefix of the four, and their count is the step.
 */
static inline size_t xsel_walk(const double *b, size_t j, size_t e, size_t m, double ai, double d)
{
#ifdef NF_STATS_SSE2
	const __m128d va = _mm_set1_pd(ai), vd = _mm_set1_pd(d);
#endif
	while (j + 4 <= m) {
#ifdef NF_STATS_SSE2
		/* the same subtractions and comparisons, two at a time; the
		 * differences at most d are the mask's low bits */
		const int mask = _mm_movemask_pd(_mm_cmple_pd(_mm_sub_pd(_mm_loadu_pd(b + j), va), vd)) |
				 _mm_movemask_pd(_mm_cmple_pd(_mm_sub_pd(_mm_loadu_pd(b + j + 2), va), vd)) << 2;
		const size_t step = (size_t)__builtin_ctz(~(unsigned)mask);
#else
		const size_t step = (size_t)(b[j] - ai <= d) + (size_t)(b[j + 1] - ai <= d) +
				    (size_t)(b[j + 2] - ai <= d) + (size_t)(b[j + 3] - ai <= d);
#endif
		j += step;
		if (step < 4 || j >= e)
			return j < e ? j : e;
	}
	while (j < e && b[j] - ai <= d)
		j++;
	return j;
}

/*
 * Row i's first columns above d0 and above d1 (d0 < d1), from j0 (j0 < e,
 * at most both) into *j0 and *j1, stopping at e: what xsel_walk gives for
 * each, *j1 no lower than it was. The two values of an interpolated round
 * lie a few columns apart in a row, so one look at four columns mostly
 * settles both: the differences are made once and compared with each.
 */
static inline void xsel_walk2(const double *b, size_t *j0, size_t *j1, size_t e, size_t m,
			      double ai, double d0, double d1)
{
	size_t j = *j0, k;
#ifdef NF_STATS_SSE2
	if (j + 4 <= m) {
		const __m128d va = _mm_set1_pd(ai), vd0 = _mm_set1_pd(d0), vd1 = _mm_set1_pd(d1);
		const __m128d x = _mm_sub_pd(_mm_loadu_pd(b + j), va), y = _mm_sub_pd(_mm_loadu_pd(b + j + 2), va);
		const int m0 = _mm_movemask_pd(_mm_cmple_pd(x, vd0)) | _mm_movemask_pd(_mm_cmple_pd(y, vd0)) << 2;
		const int m1 = _mm_movemask_pd(_mm_cmple_pd(x, vd1)) | _mm_movemask_pd(_mm_cmple_pd(y, vd1)) << 2;
		const size_t s1 = (size_t)__builtin_ctz(~(unsigned)m1);
		if (s1 < 4) {
			/* the differences at most d0 are a prefix of those at
			 * most d1: both ends lie in the four */
			const size_t s0 = (size_t)__builtin_ctz(~(unsigned)m0);
			*j0 = j + s0 < e ? j + s0 : e;
			k = j + s1 < e ? j + s1 : e;
			*j1 = k > *j1 ? k : *j1;
			return;
		}
	}
#endif
	j = xsel_walk(b, j, e, m, ai, d0);
	*j0 = j;
	k = *j1 > j ? *j1 : j;
	*j1 = k < e ? xsel_walk(b, k, e, m, ai, d1) : k;
}

/* #{differences <= d} for d in t's band, with each row's first column above d
 * into x->pos: O(n + the band's candidates up to d). */
static uint64_t xsel_count(struct xsel *x, const struct xtarget *t, double d)
{
	const double *b = x->b;
	size_t j = 0;
	uint64_t c = 0;

	for (size_t i = 0; i < x->n; i++) {
		const size_t e = t->end[i];
		const double ai = x->a[i];
		if (j < t->first[i])
			j = t->first[i];
		if (j < e)
			j = xsel_walk(b, j, e, x->m, ai, d);
		x->pos[i] = j;
		c += j;
	}
	return c;
}

/* The same at two values d0 < d1 of t's band at once (one walk over the
 * rows), positions into x->pos and x->pos2; near: the two lie a few columns
 * apart in a row (xsel_walk2). */
static void xsel_count2(struct xsel *x, const struct xtarget *t, double d0, double d1,
			uint64_t *c0, uint64_t *c1, int near)
{
	const double *b = x->b;
	const size_t n = x->n, m = x->m, h = n / 2;
	size_t j0 = 0, j1 = 0, k0 = 0, k1 = 0;
	uint64_t s0 = 0, s1 = 0;

	/* rows i and h + i side by side: two walks that do not wait for each
	 * other (the second starts at its band's first column); values near
	 * each other (an interpolated round) share their looks at a row */
#define XSEL_ROW2(i, j0, j1, WALK)                                       \
	do {                                                              \
		const size_t e = t->end[i], f = t->first[i];              \
		const double ai = x->a[i];                                \
		if (j0 < f)                                               \
			j0 = f;                                           \
		WALK(j0, j1);                                             \
		x->pos[i] = j0;                                           \
		x->pos2[i] = j1;                                          \
		s0 += j0;                                                 \
		s1 += j1;                                                 \
	} while (0)
#define XSEL_APART(j0, j1)                                               \
	do {                                                              \
		if (j0 < e)                                               \
			j0 = xsel_walk(b, j0, e, m, ai, d0);              \
		if (j1 < j0)                                              \
			j1 = j0;                                          \
		if (j1 < e)                                               \
			j1 = xsel_walk(b, j1, e, m, ai, d1);              \
	} while (0)
#define XSEL_NEAR(j0, j1)                                                \
	do {                                                              \
		if (j1 < j0)                                              \
			j1 = j0;                                          \
		if (j0 < e)                                               \
			xsel_walk2(b, &j0, &j1, e, m, ai, d0, d1);        \
	} while (0)
	if (near) {
		for (size_t i = 0; i < h; i++) {
			XSEL_ROW2(i, j0, j1, XSEL_NEAR);
			XSEL_ROW2(h + i, k0, k1, XSEL_NEAR);
		}
		if (n & 1)
			XSEL_ROW2(n - 1, k0, k1, XSEL_NEAR);
	} else {
		for (size_t i = 0; i < h; i++) {
			XSEL_ROW2(i, j0, j1, XSEL_APART);
			XSEL_ROW2(h + i, k0, k1, XSEL_APART);
		}
		if (n & 1)
			XSEL_ROW2(n - 1, k0, k1, XSEL_APART);
	}
#undef XSEL_NEAR
#undef XSEL_APART
#undef XSEL_ROW2
	*c0 = s0;
	*c1 = s1;
}

/* Swaps the last count's positions in as one edge of the band. */
static void xsel_take(struct xsel *x, size_t **edge)
{
	size_t *w = *edge;
	*edge = x->pos;
	x->pos = w;
}

/* The smallest difference above the last count's d (+inf when none). */
static double xsel_min_above(const struct xsel *x)
{
	double best = INFINITY;
	for (size_t i = 0; i < x->n; i++)
		if (x->pos[i] < x->m && x->b[x->pos[i]] - x->a[i] < best)
			best = x->b[x->pos[i]] - x->a[i];
	return best;
}

/* The largest difference at most the last count's d (-inf when none). */
static double xsel_max_at_most(const struct xsel *x)
{
	double best = -INFINITY;
	for (size_t i = 0; i < x->n; i++)
		if (x->pos[i] > 0 && x->b[x->pos[i] - 1] - x->a[i] > best)
			best = x->b[x->pos[i] - 1] - x->a[i];
	return best;
}

/* A systematic sample of t's band (more than sample_max candidates) into
 * x->sample; returns its size. With many rows it is taken from every r-th
 * row only (about four samples a row), which is still spread over the
 * whole band and walks fewer rows. */
static size_t xsel_sample(struct xsel *x, const struct xtarget *t)
{
	const size_t s = x->sample_max;
	size_t r = x->n / (s / 4), q = 0;
	uint64_t tot = 0, acc = 0; /* candidates in the rows taken, before row i */
	double step, at;

	if (r > 1)
		for (size_t i = r / 2; i < x->n; i += r)
			tot += t->end[i] - t->first[i];
	if (r <= 1 || tot < s) {
		r = 1;
		tot = t->cnt_hi - t->cnt_lo;
	}
	step = (double)tot / (double)s;
	at = step / 2; /* the rank among the rows taken of the next sample */
	for (size_t i = r / 2; i < x->n && q < s; i += r) {
		const size_t f = t->first[i], w = t->end[i] - f;
		const double ai = x->a[i];
		while (q < s && at < (double)(acc + w)) {
			uint64_t off = (uint64_t)at - acc;
			if (off >= w)
				off = w - 1;
			x->sample[q++] = x->b[f + off] - ai;
			at = ((double)q + 0.5) * step;
		}
		acc += w;
	}
	return q;
}

/* The sample ranks of t's two pivots in a sample of s (lq <= hq < s). */
static void xsel_pivot_ranks(const struct xtarget *t, size_t s, size_t *lq, size_t *hq)
{
	double band = (double)(t->cnt_hi - t->cnt_lo);
	double at = (double)(t->k - t->cnt_lo) / band * (double)s;
	double spread = XSEL_SPREAD * sqrt((double)s) + 1;

	*lq = at > spread ? (size_t)(at - spread) : 0;
	*hq = at + spread < (double)(s - 1) ? (size_t)(at + spread) : s - 1;
	if (*lq > *hq)
		*lq = *hq;
}

/* Narrows t's band at the pivot pv (a difference): counts at pv and moves
 * the edge on pv's side; sets t->done when pv settles the ranks. A pivot
 * outside the band is passed over. */
static void xsel_cut(struct xsel *x, struct xtarget *t, double pv)
{
	uint64_t c, c_lt;

	if (t->done || !(pv > t->lo && pv <= t->hi))
		return;
	c = xsel_count(x, t, pv);
	if (c < t->k) {
		t->lo = pv;
		t->cnt_lo = c;
		xsel_take(x, &t->first);
	} else if (c == t->k) {
		/* pv is a difference and exactly k are at most it: the k-th; the
		 * next is the smallest above it */
		t->result = pv;
		if (t->khi > t->k)
			t->next = xsel_min_above(x);
		t->done = 1;
	} else if (pv < t->hi) {
		t->hi = pv;
		t->cnt_hi = c;
		xsel_take(x, &t->end);
	} else {
		/* pv is the band's top value and ranks k (and khi) are among its
		 * copies or below them */
		c_lt = xsel_count(x, t, below(pv));
		if (c_lt < t->k) {
			t->result = pv;
			t->next = pv; /* c >= khi: a copy of pv is next too */
			t->done = 1;
		} else if (c_lt < t->khi) {
			t->result = xsel_max_at_most(x);
			t->next = pv;
			t->done = 1;
		} else {
			t->hi = below(pv);
			t->cnt_hi = c_lt;
			xsel_take(x, &t->end);
		}
	}
}

/* Narrows t's band at two pivots p0 <= p1 (differences) with one double
 * count when both fall strictly inside it, else one at a time. */
static void xsel_cut2(struct xsel *x, struct xtarget *t, double p0, double p1)
{
	uint64_t c0, c1;
	size_t *w;

	if (t->done)
		return;
	if (!(p0 > t->lo && p0 < p1 && p1 < t->hi)) {
		/* the upper first: when it misses it cuts the most */
		xsel_cut(x, t, p1);
		xsel_cut(x, t, p0);
		return;
	}
	xsel_count2(x, t, p0, p1, &c0, &c1, 0);
	if (c0 == t->k || (c0 < t->k && c1 == t->k)) {
		/* a pivot is the k-th (see xsel_cut) */
		if (c0 != t->k) {
			w = x->pos;
			x->pos = x->pos2;
			x->pos2 = w;
		}
		t->result = c0 == t->k ? p0 : p1;
		if (t->khi > t->k)
			t->next = xsel_min_above(x);
		t->done = 1;
		return;
	}
	if (c1 < t->k) {
		t->lo = p1;
		t->cnt_lo = c1;
		w = t->first;
		t->first = x->pos2;
		x->pos2 = w;
		return;
	}
	if (c0 < t->k) {
		t->lo = p0;
		t->cnt_lo = c0;
		xsel_take(x, &t->first);
		/* c1 >= khi: k and khi lie between the pivots */
		t->hi = p1;
		t->cnt_hi = c1;
		w = t->end;
		t->end = x->pos2;
		x->pos2 = w;
		return;
	}
	/* c0 >= khi */
	t->hi = p0;
	t->cnt_hi = c0;
	xsel_take(x, &t->end);
}

/* Moves an edge of t's band to d (any value strictly inside it), at which
 * c differences are at most d, *pos holding the positions; sets t->done
 * when d lies between ranks k and khi. */
static void xsel_bound(struct xsel *x, struct xtarget *t, double d, uint64_t c, size_t **pos)
{
	size_t *w;

	if (t->done || !(d > t->lo && d < t->hi))
		return;
	if (c < t->k) {
		t->lo = d;
		t->cnt_lo = c;
		w = t->first;
		t->first = *pos;
		*pos = w;
	} else if (c >= t->khi) {
		t->hi = d;
		t->cnt_hi = c;
		w = t->end;
		t->end = *pos;
		*pos = w;
	} else {
		/* c == k < khi: the k-th is the largest at most d, the next the
		 * smallest above */
		w = x->pos;
		x->pos = *pos;
		*pos = w;
		t->result = xsel_max_at_most(x);
		t->next = xsel_min_above(x);
		t->done = 1;
	}
}

/*
 * A round without a sample, for a band with two finite edges: the
 * differences of a narrow band are spread nearly evenly in value, so the
 * target's value is interpolated from its rank in the band and counted at
 * a few square roots of the band either side. Nearly: across a wide band
 * the density drifts, and the target may fall just beyond the two counts.
 * Then the edge moved lies a short way from it, and the two counts give
 * the density there: the next round steps from that edge by the ranks
 * still to go, at that density, and counts a margin either side that
 * grows with the step (a secant). Returns 0 when a round neither settled
 * the ranks, shrank the band to a quarter nor left a secant to try (three
 * missed in a row): then the next round samples.
 */
static int xsel_interpolate(struct xsel *x, struct xtarget *t)
{
	const uint64_t before = t->cnt_hi - t->cnt_lo;
	const double band = (double)before, width = t->hi - t->lo;
	double rate, centre, spread, d0, d1;
	int ok0, ok1;
	uint64_t c0, c1;

	if (t->rate > 0) {
		const double go = t->rate_lo ? (double)(t->k - t->cnt_lo) - 0.5
					     : (double)(t->cnt_hi - t->k) + 0.5;
		rate = t->rate;
		centre = t->rate_lo ? t->lo + go / rate : t->hi - go / rate;
		spread = 2 * sqrt(go) + go / 4 + 1;
	} else {
		rate = band / width;
		centre = t->lo + ((double)(t->k - t->cnt_lo) - 0.5) / rate;
		spread = XSEL_ISPREAD * sqrt(band) + 1;
		if (t->nk == 4) {
			/* the counts at four differences around the band follow
			 * the density's drift across it: the target's value from
			 * the cubic through them (rank to value) */
			const double want = (double)t->k - 0.5;
			double v = 0;
			for (int i = 0; i < 4; i++) {
				double w = t->kx[i];
				for (int j = 0; j < 4; j++)
					if (j != i)
						w *= (want - (double)t->kc[j]) / ((double)t->kc[i] - (double)t->kc[j]);
				v += w;
			}
			if (v > t->lo && v < t->hi)
				centre = v;
		}
	}
	t->nk = 0;
	d0 = centre - spread / rate;
	d1 = centre + spread / rate;
	ok0 = d0 > t->lo && d0 < t->hi;
	ok1 = d1 > t->lo && d1 < t->hi;
	t->rate = 0;
	if (ok0 && ok1 && d0 < d1) {
		xsel_count2(x, t, d0, d1, &c0, &c1, 1);
		xsel_bound(x, t, d0, c0, &x->pos);
		xsel_bound(x, t, d1, c1, &x->pos2);
		if (!t->done && c1 > c0 && (c1 < t->k || c0 >= t->khi)) {
			/* both counts on one side of the target */
			t->rate = (double)(c1 - c0) / (d1 - d0);
			t->rate_lo = c1 < t->k;
		}
	} else if (ok0 || ok1) {
		double d = ok1 ? d1 : d0;
		c0 = xsel_count(x, t, d);
		xsel_bound(x, t, d, c0, &x->pos);
	} else {
		return 0;
	}
	if (t->done || (t->cnt_hi - t->cnt_lo) * 4 <= before) {
		t->misses = 0;
		return 1;
	}
	if (t->rate > 0 && ++t->misses < 3)
		return 1;
	t->rate = 0;
	t->misses = 0;
	return 0;
}

/*
 * Selects t's ranks among the differences of its band (both edges finite,
 * a few hundred or more) without listing them all: they lie nearly evenly
 * in value, so ranks k and khi lie in a window of values interpolated
 * around them. One walk counts the differences below the window, keeps
 * those in it and the smallest above it; the ranks are selected in the
 * window. Returns 0 (t untouched) when they fell outside it.
 */
static int xsel_finish_window(struct xsel *x, struct xtarget *t)
{
	const size_t need = (size_t)(t->cnt_hi - t->cnt_lo), r = (size_t)(t->k - t->cnt_lo) - 1;
	const double per = (t->hi - t->lo) / (double)need, spread = 2 * sqrt((double)need) + 8;
	const double wlo = t->lo + ((double)r + 0.5 - spread) * per;
	const double whi = t->lo + ((double)r + 1.5 + spread) * per;
	size_t below = 0, len = 0, beyond = 0, at, off = 0, row = 0, j = 0;
	double above = INFINITY; /* the smallest difference above the window */
	uint32_t *start;

	/* the band's differences one after another, row by row, without a
	 * loop per row (most rows hold none or one of them: whether a row's
	 * loop goes on is a coin toss to the processor): start[q] is 1 + the
	 * row whose differences begin at the q-th, else 0 */
	if (need + 1 > x->start_cap) {
		free(x->start);
		x->start_cap = need + 1;
		x->start = xmalloc(x->start_cap * sizeof(*x->start));
	}
	start = x->start;
	memset(start, 0, (need + 1) * sizeof(*start));
	for (size_t i = 0; i < x->n; i++) {
		/* a row with none shares its place with the next row, which
		 * writes it after */
		start[off] = (uint32_t)i + 1;
		off += t->end[i] - t->first[i];
	}
	if (off != need)
		return 0;
	for (size_t q = 0; q < need; q++) {
		const int next_row = start[q] > row;
		double d;
		row = next_row ? start[q] : row;
		j = next_row ? t->first[row - 1] : j + 1;
		d = x->b[j] - x->a[row - 1];
		/* no branch: whether a difference falls in the window is a
		 * coin toss to the processor too */
		x->list[len] = d;
		len += d >= wlo && d <= whi;
		below += d < wlo;
		beyond += d > whi;
		above = d > whi && d < above ? d : above;
	}
	/* (a NaN falls nowhere: the plain listing then) */
	if (below + len + beyond != need || r < below || r - below >= len)
		return 0;
	at = r - below;
	t->result = select_kth(x->list, len, at);
	if (t->khi > t->k) {
		/* quickselect leaves list[at+1..] >= list[at]; every value above
		 * the window is above those */
		double nx = above;
		for (size_t i = at + 1; i < len; i++)
			if (x->list[i] < nx)
				nx = x->list[i];
		t->next = nx;
	}
	t->done = 1;
	return 1;
}

/* Lists t's band and selects its ranks there. */
static void xsel_finish(struct xsel *x, struct xtarget *t)
{
	size_t len = 0, r, need = (size_t)(t->cnt_hi - t->cnt_lo);

	if (need > x->list_cap) {
		free(x->list);
		x->list = xmalloc(need * sizeof(*x->list));
		x->list_cap = need;
	}
	if (need >= 256 && t->lo > -INFINITY && t->hi < INFINITY && xsel_finish_window(x, t))
		return;
	for (size_t i = 0; i < x->n; i++) {
		const double ai = x->a[i];
		for (size_t j = t->first[i]; j < t->end[i]; j++)
			x->list[len++] = x->b[j] - ai;
	}
	r = (size_t)(t->k - t->cnt_lo) - 1;
	t->result = select_kth(x->list, len, r);
	if (t->khi > t->k) {
		/* quickselect leaves list[r+1..] >= list[r] */
		double nx = INFINITY;
		for (size_t i = r + 1; i < len; i++)
			if (x->list[i] < nx)
				nx = x->list[i];
		t->next = nx;
	}
	t->done = 1;
}

/* #{differences <= d[v]} into c[v] for the four ascending values d[0..4)
 * at once, over the whole matrix (the first round of several targets), with
 * row i's first column above d[v] into pos[v][i]: one walk over the rows. */
static void xsel_count4(const struct xsel *x, const double *d, uint64_t *c, size_t *const *pos)
{
	const double *b = x->b;
	const double d0 = d[0], d1 = d[1], d2 = d[2], d3 = d[3];
	const size_t m = x->m;
	size_t q0 = 0, q1 = 0, q2 = 0, q3 = 0;
	size_t *p0 = pos[0], *p1 = pos[1], *p2 = pos[2], *p3 = pos[3];
	uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;

	for (size_t i = 0; i < x->n; i++) {
		const double ai = x->a[i];
		/* each position only grows along the rows, and with d; the
		 * two targets' pairs of pivots walk apart, not waiting for
		 * each other */
		if (q0 < m)
			q0 = xsel_walk(b, q0, m, m, ai, d0);
		if (q1 < q0)
			q1 = q0;
		if (q1 < m)
			q1 = xsel_walk(b, q1, m, m, ai, d1);
		if (q2 < m)
			q2 = xsel_walk(b, q2, m, m, ai, d2);
		if (q3 < q2)
			q3 = q2;
		if (q3 < m)
			q3 = xsel_walk(b, q3, m, m, ai, d3);
		p0[i] = q0;
		p1[i] = q1;
		p2[i] = q2;
		p3[i] = q3;
		s0 += q0;
		s1 += q1;
		s2 += q2;
		s3 += q3;
	}
	c[0] = s0;
	c[1] = s1;
	c[2] = s2;
	c[3] = s3;
}

/* Narrows t's band, still the whole matrix, with the counts c[0..nd) at the
 * ascending differences d[0..nd), as xsel_cut at each of them would: the
 * largest count below k gives the lower edge, the smallest above k the
 * upper, and a count of exactly k settles rank k. An edge takes the
 * positions pos[v] over, or a copy when another target took them already
 * (taken[v]). */
static void xsel_apply(struct xsel *x, struct xtarget *t, const double *d, size_t nd,
		       const uint64_t *c, size_t *const *pos, int *taken)
{
	size_t lo = nd, hi = nd;

	t->nk = 0;
	if (nd == 4 && c[0] < c[1] && c[1] < c[2] && c[2] < c[3]) {
		for (size_t v = 0; v < nd; v++) {
			t->kx[v] = d[v];
			t->kc[v] = c[v];
		}
		t->nk = 4;
	}
	for (size_t v = 0; v < nd; v++) {
		if (c[v] < t->k) {
			lo = v;
		} else if (c[v] == t->k) {
			/* d[v] is a difference and exactly k are at most it */
			size_t *w = x->pos;
			t->result = d[v];
			if (t->khi > t->k) {
				x->pos = pos[v];
				t->next = xsel_min_above(x);
				x->pos = w;
			}
			t->done = 1;
			return;
		} else {
			hi = v;
			break;
		}
	}
	if (lo < nd) {
		t->lo = d[lo];
		t->cnt_lo = c[lo];
		if (taken[lo])
			memcpy(t->first, pos[lo], x->n * sizeof(*t->first));
		else
			t->first = pos[lo];
		taken[lo] = 1;
	}
	if (hi < nd) {
		t->hi = d[hi];
		t->cnt_hi = c[hi];
		if (taken[hi])
			memcpy(t->end, pos[hi], x->n * sizeof(*t->end));
		else
			t->end = pos[hi];
		taken[hi] = 1;
	}
}

/* Pivots for the targets t[0..nt) (nt <= 4) from one sample of the band
 * they share (every target's band is the same: with several targets, the
 * whole matrix) and the cuts at them. With three targets, the third lies
 * between the first two (a Hodges-Lehmann estimate between the bounds of
 * its interval): the pivots of the first two cut its band too. */
static void xsel_round(struct xsel *x, struct xtarget *t, size_t nt)
{
	size_t s = xsel_sample(x, &t[0]);
	size_t np = nt == 3 ? 2 : nt; /* the targets that choose pivots */
	size_t rank[8], order[8], nr = 2 * np, top = s;
	double piv[8];

	/* target k's pivots are entries 2k (lower) and 2k + 1 (upper); they
	 * are selected from the largest rank down, each among the values at
	 * most the one before */
	for (size_t k = 0; k < np; k++)
		xsel_pivot_ranks(&t[k], s, &rank[2 * k], &rank[2 * k + 1]);
	for (size_t i = 0; i < nr; i++) {
		size_t j = i;
		for (; j > 0 && rank[order[j - 1]] > rank[i]; j--)
			order[j] = order[j - 1];
		order[j] = i;
	}
	for (size_t i = nr; i-- > 0;) {
		piv[order[i]] = select_kth(x->sample, top, rank[order[i]]);
		top = rank[order[i]] + 1;
	}
	if (np == 2) {
		/* the first round of two targets (an interval's bounds), and
		 * of the estimate between them: every target's band is the
		 * whole matrix, and one walk counts at all four pivots; the
		 * positions stay in x->store */
		double d[4];
		uint64_t c[4];
		size_t *pos[4];
		int taken[4] = { 0, 0, 0, 0 };
		for (size_t i = 0; i < 4; i++) {
			d[i] = piv[order[i]];
			pos[i] = x->store + i * x->n;
		}
		xsel_count4(x, d, c, pos);
		for (size_t k = 0; k < nt; k++)
			xsel_apply(x, &t[k], d, 4, c, pos, taken);
		return;
	}
	for (size_t k = 0; k < nt; k++) {
		xsel_cut2(x, &t[k], piv[2 * k], piv[2 * k + 1]);
		/* another target's pivot strictly inside the band narrows it too */
		for (size_t i = 0; i < nr; i++)
			if (i / 2 != k && piv[i] < t[k].hi)
				xsel_cut(x, &t[k], piv[i]);
	}
}

/*
 * Selects the targets t[0..nt) (nt <= 4; each with k and khi set, 1 <= k <=
 * khi <= n*m) among the differences of sorted a[0..n) and b[0..m), n, m >=
 * 1: O((n + m) log(n m)) time and O(n + m) memory.
 */
static void kth_differences(const double *a, size_t n, const double *b, size_t m,
			    struct xtarget *t, size_t nt)
{
	const uint64_t total = (uint64_t)n * (uint64_t)m;
	const uint64_t limit = XSEL_LIST * (uint64_t)(n + m) + 64;
	size_t s = (n + m) / 4;
	size_t *block = xmalloc((2 + 2 * nt) * n * sizeof(*block));
	struct xsel x = { a, b, n, m, block, block + n, NULL, 0, NULL, 0, NULL, 0, NULL };

	x.sample_max = s < 128 ? 128 : s > XSEL_SAMPLE_MAX ? XSEL_SAMPLE_MAX : s;
	for (size_t k = 0; k < nt; k++) {
		t[k].lo = -INFINITY;
		t[k].hi = INFINITY;
		t[k].cnt_lo = 0;
		t[k].cnt_hi = total;
		t[k].first = block + (2 + 2 * k) * n;
		t[k].end = block + (3 + 2 * k) * n;
		t[k].done = 0;
		t[k].rate = 0;
		t[k].misses = 0;
		t[k].nk = 0;
		t[k].next = INFINITY;
		for (size_t i = 0; i < n; i++) {
			t[k].first[i] = 0;
			t[k].end[i] = m;
		}
	}
	if (total > limit) {
		x.sample = xmalloc(x.sample_max * sizeof(*x.sample));
		if (nt == 2 || nt == 3)
			x.store = xmalloc(4 * n * sizeof(*x.store));
		xsel_round(&x, t, nt);
		for (size_t k = 0; k < nt; k++) {
			int interpolate = 1;
			while (!t[k].done && t[k].cnt_hi - t[k].cnt_lo > limit) {
				if (interpolate && t[k].lo > -INFINITY && t[k].hi < INFINITY) {
					interpolate = xsel_interpolate(&x, &t[k]);
				} else {
					xsel_round(&x, &t[k], 1);
					interpolate = 1;
				}
			}
		}
	}
	for (size_t k = 0; k < nt; k++)
		if (!t[k].done)
			xsel_finish(&x, &t[k]);
	free(x.sample);
	free(x.list);
	free(x.start);
	free(x.store);
	free(block);
}

double stats_kth_difference(const double *a, size_t n, const double *b, size_t m, double k,
			    double *next)
{
	struct xtarget t;

	t.k = (uint64_t)k;
	t.khi = next ? t.k + 1 : t.k;
	kth_differences(a, n, b, m, &t, 1);
	if (next)
		*next = t.next;
	return t.result;
}

void stats_kth_differences(const double *a, size_t n, const double *b, size_t m,
			   const double *k, size_t nk, double *out)
{
	struct xtarget t[4];

	for (size_t done = 0; done < nk; done += 4) {
		size_t c = nk - done < 4 ? nk - done : 4;
		for (size_t i = 0; i < c; i++)
			t[i].k = t[i].khi = (uint64_t)k[done + i];
		kth_differences(a, n, b, m, t, c);
		for (size_t i = 0; i < c; i++)
			out[done + i] = t[i].result;
	}
}

double stats_hodges_lehmann(const double *a, size_t n, const double *b, size_t m)
{
	double *ca, *cb;
	const double *sa = sorted_view(a, n, &ca), *sb = sorted_view(b, m, &cb);
	double med = stats_hodges_lehmann_sorted(sa, n, sb, m);

	free(ca);
	free(cb);
	return med;
}

double stats_hodges_lehmann_sorted(const double *sa, size_t n, const double *sb, size_t m)
{
	double total = (double)n * (double)m, med;

	/* O((n + m) log) time and O(n + m) memory rather than all n*m
	 * differences: thousands of rounds a side stay cheap */
	if (fmod(total, 2) == 1) {
		med = stats_kth_difference(sa, n, sb, m, (total + 1) / 2, NULL);
	} else {
		double upper, lower = stats_kth_difference(sa, n, sb, m, total / 2, &upper);
		med = (lower + upper) / 2;
	}
	return med + 0.0; /* no "-0" */
}

double stats_hodges_lehmann_side(const double *sa, size_t n, const double *sb, size_t m,
				 const struct mw_result *mw)
{
	double total = (double)n * (double)m;

	if (n && m && isfinite(sa[0]) && isfinite(sa[n - 1]) && isfinite(sb[0]) && isfinite(sb[m - 1])) {
		/* a rounded difference of finite doubles has the exact one's
		 * sign (it is 0 only for equal values): b[j] - a[i] < 0 when
		 * b[j] < a[i], <= 0 when b[j] <= a[i] */
		uint64_t below = 0, at_most = 0, k;
		size_t lt = 0, le = 0;
		if (mw) {
			/* W = #{a[i] > b[j]} + eq / 2, whole and half numbers,
			 * exact in doubles */
			below = (uint64_t)(mw->w - mw->eq / 2);
			at_most = below + (uint64_t)mw->eq;
		}
		for (size_t i = 0; i < n && !mw; i++) {
			while (lt < m && sb[lt] < sa[i])
				lt++;
			while (le < m && sb[le] <= sa[i])
				le++;
			below += lt;
			at_most += le;
		}
		if (fmod(total, 2) == 1) {
			k = (uint64_t)((total + 1) / 2); /* the k-th difference */
			return at_most < k ? 1 : below >= k ? -1 : 0;
		}
		k = (uint64_t)(total / 2); /* the mean of the k-th and the next */
		if (at_most < k)
			return 1; /* both above 0 */
		if (below >= k + 1)
			return -1; /* both below 0 */
		if (below < k && at_most >= k + 1)
			return 0; /* both 0 */
		/* one each side of 0 or at it: their values decide */
	}
	return stats_hodges_lehmann_sorted(sa, n, sb, m);
}

/* Feeds the 8 bytes of w, least significant first, to an FNV-1a hash. */
static uint64_t fnv_word(uint64_t h, uint64_t w)
{
	for (int k = 0; k < 8; k++) {
		h ^= (w >> (8 * k)) & 0xff;
		h *= 0x100000001b3ULL; /* FNV-1a 64 prime */
	}
	return h;
}

uint64_t stats_seed_from_data(const double *a, size_t n, const double *b, size_t m)
{
	uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a 64 offset basis */
	uint64_t bits;

	/* each side's size first, so ([1,2],[3]) and ([1],[2,3]) differ */
	h = fnv_word(h, (uint64_t)n);
	for (size_t i = 0; i < n; i++) {
		memcpy(&bits, &a[i], sizeof(bits));
		h = fnv_word(h, bits);
	}
	h = fnv_word(h, (uint64_t)m);
	for (size_t i = 0; i < m; i++) {
		memcpy(&bits, &b[i], sizeof(bits));
		h = fnv_word(h, bits);
	}
	return h;
}

uint64_t stats_splitmix64(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Sorted logs of v[0..n) into out; returns the sum of t^3 - t over groups
 * of t equal logs. */
static double sorted_logs(const double *v, size_t n, double *out)
{
	double ties = 0;
	for (size_t i = 0; i < n; i++)
		/* the values are mostly sorted already: a copy of the one
		 * before has its logarithm */
		out[i] = i > 0 && v[i] == v[i - 1] ? out[i - 1] : log(v[i]);
	sort_doubles(out, n);
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		if (j >= n || out[j] != out[i]) {
			i = j; /* a value alone adds 0 */
			continue;
		}
		while (j < n && out[j] == out[i])
			j++;
		ties += ((double)(j - i) * (double)(j - i) - 1) * (double)(j - i);
		i = j;
	}
	return ties;
}

/* 1 when sorted x[0..n) and y[0..m) share a value. */
static int share_value(const double *x, size_t n, const double *y, size_t m)
{
	size_t i = 0, j = 0;
	while (i < n && j < m) {
		if (x[i] == y[j])
			return 1;
		if (x[i] < y[j])
			i++;
		else
			j++;
	}
	return 0;
}

double stats_sorted_logs(const double *v, size_t n, double *out)
{
	return sorted_logs(v, n, out);
}

void stats_ratio_interval(const double *a, size_t n, const double *b, size_t m, double level,
			  double *low, double *high)
{
	double *la = xmalloc(n * sizeof(*la)), *lb = xmalloc(m * sizeof(*lb));
	double ties_a = sorted_logs(a, n, la), ties_b = sorted_logs(b, m, lb);

	stats_ratio_interval_logs(la, n, ties_a, lb, m, ties_b, level, low, high);
	free(la);
	free(lb);
}

/* The ranks (1-based) of the differences that bound the interval of
 * stats_ratio_interval_logs into *klo and *khi. */
static void interval_ranks(const double *la, size_t n, double ties_a, const double *lb, size_t m,
			   double ties_b, double level, double *klo_out, double *khi_out)
{
	double ties = ties_a + ties_b;
	double nm = (double)n * (double)m, alpha = 1 - level, klo, khi;

	if (n < 50 && m < 50 && ties == 0 && !share_value(la, n, lb, m)) {
		/* R: qu <- qwilcox(alpha/2, n.x, n.y); if (qu == 0) qu <- 1;
		 * ql <- n.x n.y - qu; c(diffs[qu], diffs[ql + 1]) */
		const double *c = null_counts(NULL_WILCOX, m, n);
		double total = 0, run = 0;
		size_t qu = 0;
		for (size_t u = 0; u <= n * m; u++)
			total += c[u];
		for (;; qu++) {
			run += c[qu] / total;
			if (run >= alpha / 2 - 10 * 2.220446049250313e-16)
				break;
		}
		if (qu == 0)
			qu = 1;
		klo = (double)qu;
		khi = nm - (double)qu + 1;
	} else {
		/* R's root of the continuity-corrected normal statistic, where it
		 * steps: W(d) = nm - #{diffs < d} between differences, so the
		 * bounds are the differences of ranks ceil(nm/2 - 1/2 - z sigma)
		 * and ceil(nm/2 + 1/2 + z sigma), clamped to the extremes */
		double dn = (double)n, dm = (double)m;
		double sigma = sqrt((nm / 12) * ((dn + dm + 1) - ties / ((dn + dm) * (dn + dm - 1))));
		double z = stats_norm_quantile_upper(alpha / 2);
		klo = ceil(nm / 2 - 0.5 - z * sigma);
		khi = ceil(nm / 2 + 0.5 + z * sigma);
		if (klo < 1)
			klo = 1;
		if (khi > nm)
			khi = nm;
		if (khi < klo)
			khi = klo;
	}
	*klo_out = klo;
	*khi_out = khi;
}

void stats_ratio_interval_logs(const double *la, size_t n, double ties_a, const double *lb, size_t m,
			       double ties_b, double level, double *low, double *high)
{
	/* both bounds in one selection: they share its first round */
	double k[2], d[2];

	interval_ranks(la, n, ties_a, lb, m, ties_b, level, &k[0], &k[1]);
	stats_kth_differences(la, n, lb, m, k, 2, d);
	*low = exp(d[0]);
	*high = exp(d[1]);
}

double stats_hodges_lehmann_interval_logs(const double *la, size_t n, double ties_a,
					  const double *lb, size_t m, double ties_b, double level,
					  double *low, double *high)
{
	double total = (double)n * (double)m, klo, khi, med;
	struct xtarget t[3];

	/* the bounds first: the estimate lies between them, and the first
	 * round's counts at the bounds' pivots leave it a band of a few
	 * percent of the differences without a round of its own */
	interval_ranks(la, n, ties_a, lb, m, ties_b, level, &klo, &khi);
	t[0].k = t[0].khi = (uint64_t)klo;
	t[1].k = t[1].khi = (uint64_t)khi;
	/* the median: rank (total + 1) / 2, or the mean of ranks total / 2
	 * and the next (stats_hodges_lehmann_sorted) */
	t[2].k = fmod(total, 2) == 1 ? (uint64_t)((total + 1) / 2) : (uint64_t)(total / 2);
	t[2].khi = fmod(total, 2) == 1 ? t[2].k : t[2].k + 1;
	kth_differences(la, n, lb, m, t, 3);
	*low = exp(t[0].result);
	*high = exp(t[1].result);
	med = t[2].khi > t[2].k ? (t[2].result + t[2].next) / 2 : t[2].result;
	return med + 0.0; /* no "-0" */
}

struct pidx {
	double p;
	size_t i;
};

static int cmp_pidx(const void *pa, const void *pb)
{
	const struct pidx *a = pa, *b = pb;
	if (a->p != b->p)
		return (a->p > b->p) - (a->p < b->p);
	return (a->i > b->i) - (a->i < b->i); /* stable, as R's order() */
}

void stats_holm(const double *p, double *adj, size_t k)
{
	struct pidx *o = xmalloc((k ? k : 1) * sizeof(*o));
	double run = 0;

	for (size_t i = 0; i < k; i++) {
		o[i].p = p[i];
		o[i].i = i;
	}
	qsort(o, k, sizeof(*o), cmp_pidx);
	/* R: pmin(1, cummax((k - i + 1) * p[o]))[order(o)] */
	for (size_t i = 0; i < k; i++) {
		double v = (double)(k - i) * o[i].p;
		if (v > run)
			run = v;
		adj[o[i].i] = run < 1 ? run : 1;
	}
	free(o);
}

double stats_p_floor(size_t n, size_t m)
{
	/* C(n+m, n) by the multiplicative formula, in doubles */
	double c = 1;
	size_t k = n < m ? n : m, nn = n + m;

	/* once C overflows to infinity it stays there (the floor is 0): a
	 * report with thousands of rounds a side stops there */
	for (size_t i = 1; i <= k && c < INFINITY; i++)
		c = c * (double)(nn - k + i) / (double)i;
	return 2 / c > 1 ? 1 : 2 / c;
}

/* Null distribution of the signed rank sum V for n differences: counts[v],
 * v = 0..n(n+1)/2, the number of subsets of {1..n} with sum v. Returns a
 * malloc'd array; caller frees. */
static double *signrank_counts(size_t n)
{
	size_t top = n * (n + 1) / 2;
	double *c = xcalloc(top + 1, sizeof(*c));

	c[0] = 1;
	for (size_t k = 1; k <= n; k++)
		for (size_t v = k * (k + 1) / 2; v >= k; v--)
			c[v] += c[v - k];
	return c;
}

/* P(V <= v) under the null for n differences, as R's psignrank(v, n). */
static double stats_psignrank(double v, size_t n)
{
	size_t top = n * (n + 1) / 2;
	const double *c;
	double below = 0, total = 0;

	if (v < 0)
		return 0;
	if (v >= (double)top)
		return 1;
	c = null_counts(NULL_SIGNRANK, n, 0);
	for (size_t k = 0; k <= top; k++) {
		total += c[k];
		if ((double)k <= floor(v + 1e-7))
			below += c[k];
	}
	return below / total;
}

double stats_signed_rank_floor(size_t n)
{
	double p = 2 * pow(0.5, (double)n);
	return p > 1 ? 1 : p;
}

/* The signed rank test's result from V (v), the ties' sum of t^3 - t over
 * the groups of equal sizes, the k nonzero differences and whether some
 * were zero: the exact p or the normal approximation, as R gives them. */
static void signed_rank_p(double v, double ties, size_t k, int zeroes, struct mw_result *out)
{
	double dn = (double)k;

	out->w = v;
	if (k < 50 && ties == 0 && !zeroes) {
		/* R: if (V > n(n+1)/4) P(V >= v) else P(V <= v); min(2p, 1) */
		double p = v > dn * (dn + 1) / 4 ? 1 - stats_psignrank(v - 1, k) : stats_psignrank(v, k);
		p *= 2;
		out->p = p > 1 ? 1 : p;
		out->exact = 1;
		return;
	}
	{
		double z = v - dn * (dn + 1) / 4;
		double var = dn * (dn + 1) * (2 * dn + 1) / 24 - ties / 48;
		double corr = z > 0 ? 0.5 : z < 0 ? -0.5 : 0;
		if (!(var > 0))
			return;
		out->p = two_sided_normal((z - corr) / sqrt(var));
	}
}

void stats_signed_rank(const double *d, size_t n, struct mw_result *out)
{
	double *s = xmalloc((n ? n : 1) * sizeof(*s));

	memcpy(s, d, n * sizeof(*s));
	sort_doubles(s, n);
	stats_signed_rank_sorted(s, n, out);
	free(s);
}

/*
 * The signed rank statistic of sorted s[0..n) (below zero s[0..neg), zero
 * s[neg..pos), above s[pos..n)) when no two sizes are equal: the sum of the
 * ranks of the positive ones into *v, and 1. The sizes of the negatives
 * (from the one nearest zero down) and the positives (up) merge without a
 * branch: a positive's rank is the sizes taken before it, plus one. Returns
 * 0, *v unset, when two sizes are equal (a tie: the general walk).
 */
static int signed_rank_untied(const double *s, size_t neg, size_t pos, size_t n, double *v)
{
	const size_t na = neg, nb = n - pos, total = na + nb;
	size_t i = 0, j = 0, sum = 0;
	int tied = 0;

	for (size_t r = 0; r < total; r++) {
		const double a = i < na ? -s[neg - 1 - i] : INFINITY;
		const double b = j < nb ? s[pos + j] : INFINITY;
		const size_t take_b = b < a;
		tied |= a == b;
		sum += (r + 1) & (0 - take_b);
		i += 1 - take_b;
		j += take_b;
	}
	for (size_t r = 1; r < na && !tied; r++)
		tied |= s[r - 1] == s[r];
	for (size_t r = pos + 1; r < n && !tied; r++)
		tied |= s[r - 1] == s[r];
	if (tied)
		return 0;
	*v = (double)sum;
	return 1;
}

void stats_signed_rank_sorted(const double *s, size_t n, struct mw_result *out)
{
	/* s[0..neg) below zero, s[neg..pos) zero, s[pos..n) above */
	size_t neg = 0, pos, i, j, k, rank = 0, hi = n;
	double v = 0, ties = 0;

	/* the first value not below zero, by halves */
	while (neg < hi) {
		size_t mid = neg + (hi - neg) / 2;
		if (s[mid] < 0)
			neg = mid + 1;
		else
			hi = mid;
	}
	pos = neg;
	while (pos < n && s[pos] == 0)
		pos++;
	out->w = 0;
	out->p = 1;
	out->exact = 0;
	out->eq = 0;
	k = neg + (n - pos);
	if (k == 0)
		return;
	if (signed_rank_untied(s, neg, pos, n, &v)) {
		signed_rank_p(v, 0, k, pos > neg, out);
		return;
	}
	v = 0;
	/* i walks the negatives from the one nearest zero down, j the
	 * positives up: the sizes in ascending order, each run of equal
	 * sizes one group of tied ranks */
	i = neg;
	j = pos;
	while (i > 0 || j < n) {
		double size, t;
		size_t count = 0, npos = 0;
		if (j < n && (i == 0 || s[j] <= -s[i - 1]))
			size = s[j];
		else
			size = -s[i - 1];
		while (i > 0 && -s[i - 1] == size) {
			i--;
			count++;
		}
		while (j < n && s[j] == size) {
			j++;
			count++;
			npos++;
		}
		t = (double)count;
		v += (double)npos * ((double)(rank + 1) + (double)(rank + count)) / 2;
		ties += t * t * t - t;
		rank += count;
	}
	signed_rank_p(v, ties, k, pos > neg, out);
}

double stats_quantile_spread_sorted(const double *s, size_t n, double lo)
{
	double q1 = stats_quantile_sorted(s, n, lo), q3 = stats_quantile_sorted(s, n, 1 - lo);
	double med = stats_quantile_sorted(s, n, 0.5);

	return med > 0 ? (q3 - q1) / 2 / med : 0; /* 2 * med may overflow */
}

double stats_quantile_spread(const double *v, size_t n, double lo)
{
	double *s = xmalloc(n * sizeof(*s)), q;

	memcpy(s, v, n * sizeof(*s));
	sort_doubles(s, n);
	q = stats_quantile_spread_sorted(s, n, lo);
	free(s);
	return q;
}

void stats_two_clusters(const double *x, size_t n, struct bimodal_result *out)
{
	double *s, gap = 0, lo_w, hi_w;
	size_t cut = 0;

	out->split = 0;
	out->nhigh = 0;
	out->ratio = 1;
	out->cut = 0;
	if (n < 2 * STATS_MODE_MIN)
		return;
	{
		/* no gap is wider than the whole range (a difference's rounding
		 * is monotone): a range narrower than the least gap that splits
		 * needs no sorting (most versions) */
		double lo = x[0], hi = x[0];
		int nan = x[0] != x[0];
		for (size_t i = 1; i < n; i++) {
			lo = x[i] < lo ? x[i] : lo;
			hi = x[i] > hi ? x[i] : hi;
			nan |= x[i] != x[i];
		}
		if (!nan && hi - lo < log(STATS_MODE_RATIO))
			return;
	}
	s = xmalloc(n * sizeof(*s));
	memcpy(s, x, n * sizeof(*s));
	sort_doubles(s, n);
	for (size_t i = STATS_MODE_MIN; i + STATS_MODE_MIN <= n; i++)
		if (s[i] - s[i - 1] > gap) {
			gap = s[i] - s[i - 1];
			cut = i;
		}
	if (cut) {
		lo_w = s[cut - 1] - s[0];
		hi_w = s[n - 1] - s[cut];
		out->nhigh = n - cut;
		out->cut = s[cut];
		out->ratio = exp(median_of(s + cut, n - cut) - median_of(s, cut));
		out->split = gap >= log(STATS_MODE_RATIO) && gap > lo_w && gap > hi_w;
	}
	free(s);
}

/* The sum of squared deviations from the mean of v[0..n), n >= 1. */
static double sum_squares(const double *v, size_t n)
{
	double mean = 0, ss = 0;
	for (size_t i = 0; i < n; i++)
		mean += v[i];
	mean /= (double)n;
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	return ss;
}

double stats_norm_quantile_upper(double q)
{
	/* bisection on the tail: slow next to a rational approximation, but
	 * exact to the last bits of erfc and called a few times per report */
	double lo = -40, hi = 40;
	for (int i = 0; i < 200 && hi - lo > 1e-15; i++) {
		double mid = (lo + hi) / 2;
		if (norm_sf(mid) > q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/* The constants of stats_rounds_needed for one alpha: the normal quantiles
 * (200 bisection steps each) and the smallest equal sample size whose
 * exact floor is below alpha; a report plans every pair with the same
 * alpha, so they are found once, not per pair. */
static void rounds_needed_consts(double alpha, double *zsum, size_t *floor_n)
{
	static double last_alpha = NAN, last_zsum;
	static size_t last_floor;

	if (!(alpha == last_alpha)) {
		size_t f = 1;
		last_zsum = stats_norm_quantile_upper(alpha / 2) + stats_norm_quantile_upper(1 - STATS_POWER);
		while (f < 9999 && !(stats_p_floor(f, f) < alpha))
			f++;
		last_floor = f;
		last_alpha = alpha;
	}
	*zsum = last_zsum;
	*floor_n = last_floor;
}

int stats_rounds_needed_medians(const double *a, size_t n, double median_a, const double *b, size_t m,
				double median_b, double alpha)
{
	const double are = 3 / M_PI; /* the rank test's efficiency under normal errors */
	double gap = fabs(median_b - median_a);
	double ss = 0, sigma, need, zsum;
	size_t df = 0, floor_n;

	if (n >= 2) {
		ss += sum_squares(a, n);
		df += n - 1;
	}
	if (m >= 2) {
		ss += sum_squares(b, m);
		df += m - 1;
	}
	if (gap == 0 || df == 0 || !(alpha > 0))
		return 0;
	rounds_needed_consts(alpha, &zsum, &floor_n);
	sigma = sqrt(ss / (double)df);
	/* gap >= zsum sigma sqrt(2/n) / sqrt(are)  <=>  n >= 2 (zsum sigma / gap)^2 / are */
	need = 2 * (zsum * sigma / gap) * (zsum * sigma / gap) / are;
	need = ceil(need - 1e-9);
	if (need < (double)floor_n)
		need = (double)floor_n;
	return need > 9999 ? 9999 : (int)need;
}

/* The expected interquartile range (R's type 7) of n rounds drawn from a
 * standard normal: the order statistics at Blom's scores
 * Phi^-1((i - 3/8) / (n + 1/4)). Few rounds' quartiles lie inside the
 * population's (7 rounds: 1.12 against 1.349), so dividing by 1.349 would
 * plan too few rounds at 7 and more at every later look: the advice would
 * grow with the rounds it asked for. */
static double iqr_of_normal(size_t n)
{
	static size_t last_n;
	static double last;
	if (n == last_n)
		return last;
	double h = (double)(n - 1) * 0.25, frac = h - floor(h);
	size_t lo = (size_t)floor(h);
	/* 0-based order statistic i at Blom's score */
#define BLOM(i) (-stats_norm_quantile_upper(((double)(i) + 1 - 0.375) / ((double)n + 0.25)))
	double q25 = (1 - frac) * BLOM(lo) + frac * BLOM(lo + 1 < n ? lo + 1 : lo);
#undef BLOM
	last_n = n;
	last = q25 < 0 ? -2 * q25 : 1.349;
	return last;
}

int stats_rounds_needed_paired(const double *d, size_t n, double alpha)
{
	double *s;
	int need;

	if (n < 2 || !(alpha > 0))
		return 0;
	s = xmalloc(n * sizeof(*s));
	memcpy(s, d, n * sizeof(*s));
	sort_doubles(s, n);
	need = stats_rounds_needed_paired_sorted(s, n, alpha);
	free(s);
	return need;
}

int stats_rounds_needed_paired_sorted(const double *s, size_t n, double alpha)
{
	const double are = 3 / M_PI; /* the signed rank test's efficiency under normal errors */
	double gap, sigma, need, zsum;
	size_t floor_n, f = 1;

	if (n < 2 || !(alpha > 0))
		return 0;
	gap = fabs(median_sorted(s, n));
	/* the spread the band is made of (interquartile range), as a normal
	 * sd: one round slowed alone does not plan for hundreds of rounds */
	sigma = (stats_quantile_sorted(s, n, 0.75) - stats_quantile_sorted(s, n, 0.25)) / iqr_of_normal(n);
	if (gap == 0)
		return 0;
	rounds_needed_consts(alpha, &zsum, &floor_n);
	while (f < 9999 && !(stats_signed_rank_floor(f) < alpha))
		f++;
	/* one sample of n log ratios: gap >= zsum sigma / sqrt(n are) */
	need = ceil((zsum * sigma / gap) * (zsum * sigma / gap) / are - 1e-9);
	if (need < (double)f)
		need = (double)f;
	return need > 9999 ? 9999 : (int)need;
}

int stats_rounds_needed(const double *a, size_t n, const double *b, size_t m, double alpha)
{
	return stats_rounds_needed_medians(a, n, median_of(a, n), b, m, median_of(b, m), alpha);
}

/*
 * Null distribution of the number of concordant pairs of a random
 * permutation of n (the Mahonian numbers): counts[q], q = 0..n(n-1)/2.
 * Returns a malloc'd array; caller frees.
 */
static double *kendall_counts(size_t n)
{
	size_t qmax = n * (n - 1) / 2;
	double *c = xcalloc(qmax + 1, sizeof(*c)), *next = xcalloc(qmax + 1, sizeof(*next));

	c[0] = 1;
	for (size_t k = 2; k <= n; k++) {
		/* inserting the k-th element adds 0..k-1 concordant pairs */
		size_t top = (k - 1) * (k - 2) / 2;
		memset(next, 0, (qmax + 1) * sizeof(*next));
		for (size_t q = 0; q <= top; q++)
			if (c[q] != 0)
				for (size_t add = 0; add < k; add++)
					next[q + add] += c[q];
		memcpy(c, next, (qmax + 1) * sizeof(*c));
	}
	free(next);
	return c;
}

/*
 * Merges the sorted runs src[lo..mid) and src[mid..hi) into dst[lo..hi),
 * stably, and returns the pairs of a left value above a right one. Two
 * walks, neither waiting for the other and without branches (which run
 * gives the next value is a coin toss to the processor): from the front the
 * smaller values, a right value passing every left value not yet taken from
 * the front; from the back the larger, a right value passing every left
 * value already taken from the back. Each takes as many values as the
 * shorter run holds, so neither runs out; the front walk then merges what
 * is left between them (with runs of unequal length).
 */
static size_t merge_counting(const double *src, double *dst, size_t lo, size_t mid, size_t hi)
{
	const size_t half = mid - lo < hi - mid ? mid - lo : hi - mid;
	size_t i = lo, j = mid, ib = mid, jb = hi, k = lo, inv = 0; /* back: ib, jb one past */

	for (size_t kb = hi; k < lo + half; k++) {
		const double x = src[i], y = src[j], xb = src[ib - 1], yb = src[jb - 1];
		const size_t r = y < x, l = xb > yb; /* right from the front, left from the back */
		dst[k] = r ? y : x;
		inv += (mid - i) & (0 - r);
		i += 1 - r;
		j += r;
		dst[--kb] = l ? xb : yb;
		inv += (mid - ib) & (l - 1);
		ib -= l;
		jb -= 1 - l;
	}
	while (i < ib && j < jb) {
		if (src[j] < src[i]) {
			inv += mid - i;
			dst[k++] = src[j++];
		} else {
			dst[k++] = src[i++];
		}
	}
	while (i < ib)
		dst[k++] = src[i++];
	/* a right value left over passes the left values taken from the back */
	inv += (jb - j) * (mid - i);
	while (j < jb)
		dst[k++] = src[j++];
	return inv;
}

/*
 * Sorts t[0..n) and returns its number of pairs i < j (in the original
 * order) with t[i] > t[j]: insertion sort of runs of 4 (each shift passes
 * one larger value), then bottom-up merges (merge_counting).
 * O(n log n) rather than all n(n-1)/2 comparisons; counts are whole numbers
 * below 2^53, exact in doubles.
 */
static double count_inversions(double *t, size_t n)
{
	double *tmp = xmalloc(n * sizeof(*tmp)), *src = t, *dst = tmp;
	size_t inv = 0;
	const size_t run = 4;

	for (size_t lo = 0; lo < n; lo += run) {
		size_t hi = lo + run < n ? lo + run : n;
		for (size_t i = lo + 1; i < hi; i++) {
			double x = t[i];
			size_t j = i;
			for (; j > lo && t[j - 1] > x; j--)
				t[j] = t[j - 1];
			inv += i - j;
			t[j] = x;
		}
	}
	for (size_t width = run; width < n; width *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * width) {
			size_t mid = lo + width < n ? lo + width : n;
			size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
			inv += merge_counting(src, dst, lo, mid, hi);
		}
		{
			double *w = src;
			src = dst;
			dst = w;
		}
	}
	if (src != t)
		memcpy(t, src, n * sizeof(*t));
	free(tmp);
	return (double)inv;
}

/*
 * count_inversions without a merge sort, for values spread over a finite
 * range: each value goes into one of about n / 2 buckets by where it lies
 * in the range (a rounded linear map, so a smaller value never lands in a
 * higher bucket). A pair in different buckets is inverted when the earlier
 * value's bucket is the higher: counts over the buckets' binary prefixes
 * give, for each value, the earlier ones in higher buckets. A pair in
 * one bucket is counted by sorting the bucket, its values in their order:
 * by insertion (stable: equal values never pass each other), or by
 * count_inversions when an outlier crowded it. t[0..n) sorted into
 * out[0..n). Returns 0, out unset, when the range is not finite (a NaN, an
 * infinity) or empty.
 */
static int count_inversions_buckets(const double *t, size_t n, double *out, double *inv_out)
{
	double lo = t[0], hi = t[0], scale;
	uint32_t *bucket, *fw, *start;
	size_t nb = 16;
	int levels = 0;
	uint64_t inv = 0;
	double big = 0; /* inversions inside crowded buckets */

	int nan = 0;

	for (size_t i = 1; i < n; i++) {
		lo = t[i] < lo ? t[i] : lo;
		hi = t[i] > hi ? t[i] : hi;
		nan |= t[i] != t[i];
	}
	if (nan || !(hi - lo > 0 && hi - lo < INFINITY))
		return 0;
	while (nb < n / 8 && nb < 4096)
		nb *= 2;
	scale = (double)nb / (hi - lo);
	bucket = xmalloc(n * sizeof(*bucket));
	while (((size_t)1 << levels) < nb)
		levels++;
	/* counts of the values so far in each bucket prefix of l + 1 bits,
	 * level l at fw + 2^(l+1) - 2; then the buckets' bounds */
	fw = xcalloc(2 * nb + nb + 1, sizeof(*fw));
	start = fw + 2 * nb;
	for (size_t i = 0; i < n; i++) {
		const double x = (t[i] - lo) * scale;
		const uint32_t b = x < (double)nb ? (uint32_t)x : (uint32_t)nb - 1;
		bucket[i] = b;
		/* the earlier values in higher buckets: at the first bit where
		 * theirs differs from b's, b has a 0 and they a 1; a fixed
		 * number of steps, none a branch to mispredict */
		uint32_t *cnt = fw;
		size_t step = 2; /* nodes at the level */
		for (int shift = levels - 1; shift >= 0; shift--, cnt += step, step *= 2) {
			const uint32_t node = b >> shift;
			inv += cnt[node | 1] & ((node & 1u) - 1u);
			cnt[node]++;
		}
		start[b + 1]++;
	}
	for (size_t b = 0; b < nb; b++)
		start[b + 1] += start[b];
	for (size_t i = 0; i < n; i++)
		out[start[bucket[i]]++] = t[i];
	/* start[b] is now where bucket b ends */
	for (size_t b = 0, from = 0; b < nb; from = start[b++]) {
		double *a = out + from;
		const size_t len = start[b] - from;
		if (len > 32) {
			big += count_inversions(a, len);
			continue;
		}
		for (size_t i = 1; i < len; i++) {
			const double x = a[i];
			size_t j = i;
			for (; j > 0 && a[j - 1] > x; j--)
				a[j] = a[j - 1];
			inv += i - j;
			a[j] = x;
		}
	}
	free(fw);
	free(bucket);
	*inv_out = (double)inv + big;
	return 1;
}

void stats_trend(const double *v, size_t n, struct trend_result *out)
{
	double s = 0, conc = 0, disc, tied = 0, dn = (double)n;
	double *sorted, ties;

	out->s = 0;
	out->var = 0;
	out->p = 1;
	out->exact = 0;
	if (n < 3)
		return;
	sorted = xmalloc(n * sizeof(*sorted));
	if (!count_inversions_buckets(v, n, sorted, &disc)) {
		memcpy(sorted, v, n * sizeof(*sorted));
		disc = count_inversions(sorted, n);
	}
	/* sum over tie groups of t(t-1)(2t+5), and the tied pairs, which are
	 * neither concordant nor discordant (a value alone adds 0 to both) */
	ties = 0;
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		if (j >= n || sorted[j] != sorted[i]) {
			i = j;
			continue;
		}
		while (j < n && sorted[j] == sorted[i])
			j++;
		double t = (double)(j - i);
		ties += t * (t - 1) * (2 * t + 5);
		tied += t * (t - 1) / 2;
		i = j;
	}
	free(sorted);
	conc = dn * (dn - 1) / 2 - disc - tied;
	s = conc - disc; /* concordant minus discordant pairs */
	out->s = s;
	out->var = (dn * (dn - 1) * (2 * dn + 5) - ties) / 18;
	if (n < 50 && ties == 0) {
		/* R: q concordant; if (q > n(n-1)/4) P(T >= q) else P(T <= q) */
		const double *c = null_counts(NULL_KENDALL, n, 0);
		double below = 0, above = 0, total = 0, p;
		size_t qmax = n * (n - 1) / 2;
		for (size_t q = 0; q <= qmax; q++) {
			total += c[q];
			if ((double)q <= conc)
				below += c[q];
			if ((double)q >= conc)
				above += c[q];
		}
		p = conc > dn * (dn - 1) / 4 ? above / total : below / total;
		p *= 2;
		out->p = p > 1 ? 1 : p;
		out->exact = 1;
		return;
	}
	if (out->var > 0) {
		double sc = s > 0 ? s - 1 : s < 0 ? s + 1 : 0;
		out->p = two_sided_normal(sc / sqrt(out->var));
	}
}

double stats_trend_combined(const struct trend_result *t, size_t k, double *s_out)
{
	double s = 0, var = 0, sc;

	for (size_t i = 0; i < k; i++) {
		s += t[i].s;
		var += t[i].var;
	}
	if (s_out)
		*s_out = s;
	if (!(var > 0))
		return 1;
	sc = s > 0 ? s - 1 : s < 0 ? s + 1 : 0;
	return two_sided_normal(sc / sqrt(var));
}

/* +1 when v is beyond the noise above level, -1 below, 0 within. */
static int beyond(double v, double level, double noise)
{
	double rel = v / level - 1;
	if (rel > noise)
		return 1;
	if (rel < -noise)
		return -1;
	return 0;
}

/*
 * The median of a growing set, each value added in O(log n): a max-heap of
 * the lower half and a min-heap of the upper half, the lower one as large
 * as the upper or one larger. Its median is the set's sorted middle (or the
 * midpoint of the two middles), the same double median_of gives.
 * A NaN has no place in either heap: a set that holds one is left to
 * median_of (running_median_of).
 */
struct running_median {
	double *lo, *hi; /* lo: max-heap, hi: min-heap */
	size_t nlo, nhi;
	int nan;
};

static void heap_push(double *h, size_t *n, double x, int max)
{
	size_t i = (*n)++;
	while (i > 0) {
		size_t up = (i - 1) / 2;
		if (max ? !(h[up] < x) : !(h[up] > x))
			break;
		h[i] = h[up];
		i = up;
	}
	h[i] = x;
}

static double heap_pop(double *h, size_t *n, int max)
{
	double top = h[0], x = h[--*n];
	size_t i = 0;
	for (;;) {
		size_t c = 2 * i + 1;
		if (c >= *n)
			break;
		if (c + 1 < *n && (max ? h[c + 1] > h[c] : h[c + 1] < h[c]))
			c++;
		if (max ? !(h[c] > x) : !(h[c] < x))
			break;
		h[i] = h[c];
		i = c;
	}
	if (*n)
		h[i] = x;
	return top;
}

static void running_median_add(struct running_median *r, double x)
{
	if (x != x) {
		r->nan = 1;
		return;
	}
	if (r->nlo == 0 || x <= r->lo[0])
		heap_push(r->lo, &r->nlo, x, 1);
	else
		heap_push(r->hi, &r->nhi, x, 0);
	if (r->nlo > r->nhi + 1)
		heap_push(r->hi, &r->nhi, heap_pop(r->lo, &r->nlo, 1), 0);
	else if (r->nhi > r->nlo)
		heap_push(r->lo, &r->nlo, heap_pop(r->hi, &r->nhi, 0), 1);
}

/* The median of the set, whose values are also seg[0..n) in the order
 * they were added. */
static double running_median_of(const struct running_median *r, const double *seg, size_t n)
{
	if (r->nan)
		return median_of(seg, n);
	return r->nlo > r->nhi ? r->lo[0] : midpoint(r->lo[0], r->hi[0]);
}

size_t stats_find_steps(const double *v, const double *noise, size_t n,
			size_t *before, size_t *after, size_t max)
{
	/* the current segment: members' values and noises, for medians,
	 * each also kept as a running median */
	double *seg_v = xmalloc((n ? n : 1) * sizeof(*seg_v));
	double *seg_e = xmalloc((n ? n : 1) * sizeof(*seg_e));
	double *heaps = xmalloc(4 * (n ? n : 1) * sizeof(*heaps));
	struct running_median mv = { heaps, heaps + n, 0, 0, 0 };
	struct running_median me = { heaps + 2 * n, heaps + 3 * n, 0, 0, 0 };
	size_t nseg = 0, found = 0, last_on_level = 0;
	double level, level_noise;

	if (n == 0) {
		free(seg_v);
		free(seg_e);
		free(heaps);
		return 0;
	}
	seg_v[nseg] = v[0];
	seg_e[nseg++] = noise[0];
	running_median_add(&mv, v[0]);
	running_median_add(&me, noise[0]);
	level = v[0];
	level_noise = noise[0];
	for (size_t i = 1; i < n; i++) {
		double e = noise[i] > level_noise ? noise[i] : level_noise;
		int d = beyond(v[i], level, e);
		int confirmed = d != 0;

		/* the move must hold for STATS_STEP_MIN_RUN versions in a row */
		for (size_t k = 1; confirmed && k < STATS_STEP_MIN_RUN; k++) {
			double ek;
			if (i + k >= n) {
				confirmed = 0;
				break;
			}
			ek = noise[i + k] > level_noise ? noise[i + k] : level_noise;
			confirmed = beyond(v[i + k], level, ek) == d;
		}
		if (confirmed) {
			if (found < max) {
				before[found] = last_on_level;
				after[found] = i;
			}
			found++;
			nseg = 0;
			mv.nlo = mv.nhi = 0;
			me.nlo = me.nhi = 0;
			mv.nan = me.nan = 0;
		} else if (d != 0) {
			continue; /* an outlier: it does not move the level */
		}
		seg_v[nseg] = v[i];
		seg_e[nseg++] = noise[i];
		running_median_add(&mv, v[i]);
		running_median_add(&me, noise[i]);
		last_on_level = i;
		level = running_median_of(&mv, seg_v, nseg);
		level_noise = running_median_of(&me, seg_e, nseg);
	}
	free(seg_v);
	free(seg_e);
	free(heaps);
	return found;
}
