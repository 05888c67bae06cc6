/*
 * stats.c - the small statistics noisefloor needs beside its within-noise
 * method, written out rather than linked (GSL is GPL and has no Mann-Whitney
 * test): rank tests with their exact null distributions by counting, the
 * normal tail through erfc, a seeded bootstrap, Holm, and the step finder.
 *
 * The rank tests follow R 4.2's wilcox.test and cor.test line by line where
 * R makes a choice (exact or normal, which tail, the corrections), so that a
 * maintainer who reruns the numbers in R gets the same p-values;
 * tests/stats/ holds the reference values R computed.
 */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static int cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;
	return (a > b) - (a < b);
}

double stats_median_of(const double *v, size_t n)
{
	/* every round's value is a median of a few passes: no malloc for those */
	double small[64], *s = n <= 64 ? small : xmalloc(n * sizeof(*s));
	double med;

	memcpy(s, v, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	med = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	if (s != small)
		free(s);
	return med;
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

double stats_pwilcox(double u, size_t n, size_t m)
{
	size_t nm = n * m;
	double *c, below = 0, total = 0;

	if (u < 0)
		return 0;
	if (u >= (double)nm)
		return 1;
	c = wilcox_counts(n, m);
	for (size_t k = 0; k <= nm; k++) {
		total += c[k];
		if ((double)k <= floor(u + 1e-7))
			below += c[k];
	}
	free(c);
	return below / total;
}

/* One value of the combined sample, and which side it came from. */
struct tagged {
	double v;
	int is_x;
};

static int cmp_tagged(const void *pa, const void *pb)
{
	const struct tagged *a = pa, *b = pb;
	return (a->v > b->v) - (a->v < b->v);
}

void stats_mann_whitney(const double *x, size_t n, const double *y, size_t m,
			struct mw_result *out)
{
	double w = 0, ties = 0, dn = (double)n, dm = (double)m;
	size_t nn = n + m;
	struct tagged *all = xmalloc(nn * sizeof(*all));

	for (size_t i = 0; i < n; i++) {
		all[i].v = x[i];
		all[i].is_x = 1;
	}
	for (size_t j = 0; j < m; j++) {
		all[n + j].v = y[j];
		all[n + j].is_x = 0;
	}
	qsort(all, nn, sizeof(*all), cmp_tagged);
	/* R: W = sum of the (average) ranks of x - n(n+1)/2; ranks and their
	 * sums are whole or half numbers, exact in doubles */
	for (size_t i = 0; i < nn;) {
		size_t j = i + 1, nx = 0;
		while (j < nn && all[j].v == all[i].v)
			j++;
		for (size_t k = i; k < j; k++)
			nx += (size_t)all[k].is_x;
		double t = (double)(j - i);
		w += (double)nx * ((double)(i + 1) + (double)j) / 2; /* average of ranks i+1..j */
		ties += t * t * t - t;
		i = j;
	}
	free(all);
	w -= dn * (dn + 1) / 2;

	out->w = w;
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

/* A key that orders doubles as unsigned integers (-0 just below +0). */
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

/* #{(i, j): b[j] - a[i] <= d} for sorted a[0..n), b[0..m): the i that
 * qualify for b[j] are a suffix whose start only moves right as j grows
 * (floating-point subtraction is monotone), so two pointers suffice. */
static double count_at_most(const double *a, size_t n, const double *b, size_t m, double d)
{
	size_t p = 0;
	double count = 0;
	for (size_t j = 0; j < m; j++) {
		while (p < n && b[j] - a[p] > d)
			p++;
		count += (double)(n - p);
	}
	return count;
}

/* The k-th smallest (1-based) of the differences b[j] - a[i]: bisection
 * over the doubles between the smallest and the largest difference, in
 * their integer order, so it lands exactly on a difference. */
static double kth_difference(const double *a, size_t n, const double *b, size_t m, double k)
{
	uint64_t lo = order_key(b[0] - a[n - 1]), hi = order_key(b[m - 1] - a[0]);
	/* invariant: count(hi) >= k; answer in [lo, hi] */
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;
		if (count_at_most(a, n, b, m, from_order_key(mid)) >= k)
			hi = mid;
		else
			lo = mid + 1;
	}
	return from_order_key(lo);
}

double stats_hodges_lehmann(const double *a, size_t n, const double *b, size_t m)
{
	double *sa = xmalloc(n * sizeof(*sa)), *sb = xmalloc(m * sizeof(*sb));
	double total = (double)n * (double)m, med;

	/* O((n + m) log) time and O(n + m) memory rather than all n*m
	 * differences: thousands of rounds a side stay cheap */
	memcpy(sa, a, n * sizeof(*sa));
	memcpy(sb, b, m * sizeof(*sb));
	qsort(sa, n, sizeof(*sa), cmp_double);
	qsort(sb, m, sizeof(*sb), cmp_double);
	if (fmod(total, 2) == 1)
		med = kth_difference(sa, n, sb, m, (total + 1) / 2);
	else
		med = (kth_difference(sa, n, sb, m, total / 2) +
		       kth_difference(sa, n, sb, m, total / 2 + 1)) / 2;
	free(sa);
	free(sb);
	return med + 0.0; /* no "-0" */
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

/* An index in [0, k) from the top 32 bits (k < 2^32). */
static size_t draw_index(uint64_t *state, size_t k)
{
	uint64_t r = stats_splitmix64(state) >> 32;
	return (size_t)((r * (uint64_t)k) >> 32);
}

/* The median of t[0..k), k >= 1, reordering t: quickselect (Hoare
 * partition) for the upper middle element; for even k the lower middle is
 * then the largest of the elements left of it. Same value as sorting. */
static double select_median(double *t, size_t k)
{
	size_t lo = 0, hi = k - 1, mid = k / 2;

	while (lo < hi) {
		double pivot = t[lo + (hi - lo) / 2];
		size_t i = lo, j = hi;
		while (i <= j) {
			while (t[i] < pivot)
				i++;
			while (t[j] > pivot)
				j--;
			if (i <= j) {
				double x = t[i];
				t[i] = t[j];
				t[j] = x;
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		/* now t[lo..j] <= pivot <= t[i..hi], and j < i */
		if (mid <= j)
			hi = j;
		else if (mid >= i)
			lo = i;
		else
			break; /* t[j+1..i-1] all equal the pivot */
	}
	if (k % 2)
		return t[mid];
	{
		double below = t[0];
		for (size_t i = 1; i < mid; i++)
			if (t[i] > below)
				below = t[i];
		return (below + t[mid]) / 2;
	}
}

/* The median of k values drawn with replacement from v[0..k); tmp has room
 * for k values. */
static double resample_median(uint64_t *state, const double *v, size_t k, double *tmp)
{
	for (size_t i = 0; i < k; i++)
		tmp[i] = v[draw_index(state, k)];
	if (k > 16)
		return select_median(tmp, k);
	/* insertion sort wins for the usual handful of rounds */
	for (size_t i = 1; i < k; i++) {
		double x = tmp[i];
		size_t j = i;
		for (; j > 0 && tmp[j - 1] > x; j--)
			tmp[j] = tmp[j - 1];
		tmp[j] = x;
	}
	return k % 2 ? tmp[k / 2] : (tmp[k / 2 - 1] + tmp[k / 2]) / 2;
}

void stats_bootstrap_ratio(const double *a, size_t n, const double *b, size_t m,
			   unsigned resamples, double level, double *low, double *high)
{
	uint64_t state = stats_seed_from_data(a, n, b, m);
	double *ratios = xmalloc((resamples ? resamples : 1) * sizeof(*ratios));
	double *tmp = xmalloc((n > m ? n : m) * sizeof(*tmp));

	if (resamples == 0) {
		*low = *high = stats_median_of(b, m) / stats_median_of(a, n);
		free(ratios);
		free(tmp);
		return;
	}
	for (unsigned r = 0; r < resamples; r++) {
		/* a first, then b, from one stream */
		double ma = resample_median(&state, a, n, tmp);
		double mb = resample_median(&state, b, m, tmp);
		ratios[r] = mb / ma;
	}
	qsort(ratios, resamples, sizeof(*ratios), cmp_double);
	*low = stats_quantile_sorted(ratios, resamples, (1 - level) / 2);
	*high = stats_quantile_sorted(ratios, resamples, (1 + level) / 2);
	free(ratios);
	free(tmp);
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

	for (size_t i = 1; i <= k; i++)
		c = c * (double)(nn - k + i) / (double)i;
	return 2 / c > 1 ? 1 : 2 / c;
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

int stats_rounds_needed(const double *a, size_t n, const double *b, size_t m, double alpha)
{
	const double zsum = stats_norm_quantile_upper(alpha / 2) + stats_norm_quantile_upper(0.20);
	const double are = 3 / M_PI; /* the rank test's efficiency under normal errors */
	double gap = fabs(stats_median_of(b, m) - stats_median_of(a, n));
	double ss = 0, sigma, need;
	size_t df = 0, floor_n = 1;

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
	sigma = sqrt(ss / (double)df);
	/* gap >= zsum sigma sqrt(2/n) / sqrt(are)  <=>  n >= 2 (zsum sigma / gap)^2 / are */
	need = 2 * (zsum * sigma / gap) * (zsum * sigma / gap) / are;
	need = ceil(need - 1e-9);
	while (floor_n < 9999 && !(stats_p_floor(floor_n, floor_n) < alpha))
		floor_n++;
	if (need < (double)floor_n)
		need = (double)floor_n;
	return need > 9999 ? 9999 : (int)need;
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

void stats_trend(const double *v, size_t n, struct trend_result *out)
{
	double s = 0, conc = 0, dn = (double)n;
	double *sorted, ties;

	out->s = 0;
	out->var = 0;
	out->p = 1;
	out->exact = 0;
	if (n < 3)
		return;
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			if (v[j] > v[i]) {
				s += 1;
				conc += 1;
			} else if (v[j] < v[i]) {
				s -= 1;
			}
		}
	sorted = xmalloc(n * sizeof(*sorted));
	memcpy(sorted, v, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp_double);
	/* sum over tie groups of t(t-1)(2t+5) */
	ties = 0;
	for (size_t i = 0; i < n;) {
		size_t j = i + 1;
		while (j < n && sorted[j] == sorted[i])
			j++;
		double t = (double)(j - i);
		ties += t * (t - 1) * (2 * t + 5);
		i = j;
	}
	free(sorted);
	out->s = s;
	out->var = (dn * (dn - 1) * (2 * dn + 5) - ties) / 18;
	if (n < 50 && ties == 0) {
		/* R: q concordant; if (q > n(n-1)/4) P(T >= q) else P(T <= q) */
		double *c = kendall_counts(n), below = 0, above = 0, total = 0, p;
		size_t qmax = n * (n - 1) / 2;
		for (size_t q = 0; q <= qmax; q++) {
			total += c[q];
			if ((double)q <= conc)
				below += c[q];
			if ((double)q >= conc)
				above += c[q];
		}
		free(c);
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

size_t stats_find_steps(const double *v, const double *noise, size_t n,
			size_t *before, size_t *after, size_t max)
{
	/* the current segment: members' values and noises, for medians */
	double *seg_v = xmalloc((n ? n : 1) * sizeof(*seg_v));
	double *seg_e = xmalloc((n ? n : 1) * sizeof(*seg_e));
	size_t nseg = 0, found = 0, last_on_level = 0;
	double level, level_noise;

	if (n == 0) {
		free(seg_v);
		free(seg_e);
		return 0;
	}
	seg_v[nseg] = v[0];
	seg_e[nseg++] = noise[0];
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
		} else if (d != 0) {
			continue; /* an outlier: it does not move the level */
		}
		seg_v[nseg] = v[i];
		seg_e[nseg++] = noise[i];
		last_on_level = i;
		level = stats_median_of(seg_v, nseg);
		level_noise = stats_median_of(seg_e, nseg);
	}
	free(seg_v);
	free(seg_e);
	return found;
}
