/*
 * stats-test.c - unit tests of src/analysis/stats.c against the reference values in
 * this folder (R for the rank tests, the interval of a ratio, Holm and the
 * trend test) and against series built by hand for the step finder and the rounds-needed rule.
 *
 *     stats-test DIR     (DIR holds the *.tsv files)
 *
 * Prints one line per check, "pass<TAB>name" or "fail<TAB>name<TAB>detail",
 * for tests/t-stats.sh to record; exits 0 unless a file cannot be read.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/stats.h"
#include "lib/median.h"

static void result(int ok, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#include <stdarg.h>
static void result(int ok, const char *name, const char *fmt, ...)
{
	if (ok) {
		printf("pass\t%s\n", name);
		return;
	}
	printf("fail\t%s\t", name);
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static int close_to(double a, double b, double tol)
{
	return fabs(a - b) <= tol * fmax(1.0, fmax(fabs(a), fabs(b)));
}

/* Parses "1,2.5,3" into a malloc'd array; caller frees. */
static double *parse_list(const char *s, size_t *n)
{
	size_t cap = 8;
	double *v = malloc(cap * sizeof(*v));
	*n = 0;
	while (*s) {
		char *end;
		if (*n == cap)
			v = realloc(v, (cap *= 2) * sizeof(*v));
		v[(*n)++] = strtod(s, &end);
		s = *end == ',' ? end + 1 : end;
		if (end == s && *s)
			break;
	}
	return v;
}

/* Splits a line at tabs in place; returns the number of fields. */
static size_t split_tabs(char *line, char **f, size_t max)
{
	size_t k = 0;
	line[strcspn(line, "\r\n")] = '\0';
	f[k++] = line;
	for (char *p = line; *p && k < max; p++)
		if (*p == '\t') {
			*p = '\0';
			f[k++] = p + 1;
		}
	return k;
}

static FILE *open_in(const char *dir, const char *name)
{
	char path[4096];
	FILE *f;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "stats-test: cannot read '%s'\n", path);
		exit(2);
	}
	return f;
}

static void test_mann_whitney(const char *dir)
{
	FILE *f = open_in(dir, "mannwhitney.tsv");
	char line[65536], *fl[9], name[300];

	while (fgets(line, sizeof(line), f)) {
		size_t n, m;
		struct mw_result r;
		if (line[0] == '#' || split_tabs(line, fl, 9) != 9)
			continue;
		double *x = parse_list(fl[1], &n), *y = parse_list(fl[2], &m);
		double w = strtod(fl[3], NULL);
		/* R's NA (every value tied) is reported as p = 1 on purpose */
		double p = strcmp(fl[4], "NA") ? strtod(fl[4], NULL) : 1;
		int exact = atoi(fl[5]);
		double shift = strtod(fl[6], NULL), floor_p = strtod(fl[8], NULL);

		stats_mann_whitney(x, n, y, m, &r);
		snprintf(name, sizeof(name), "mann-whitney %s: W, p and method as R", fl[0]);
		result(r.w == w && close_to(r.p, p, 1e-10) && r.exact == exact, name,
		       "W %.17g p %.17g exact %d, R: W %.17g p %.17g exact %d",
		       r.w, r.p, r.exact, w, p, exact);
		snprintf(name, sizeof(name), "hodges-lehmann %s", fl[0]);
		double hl = stats_hodges_lehmann(x, n, y, m);
		int hl_ok = close_to(hl, shift, 1e-12);
		if (strcmp(fl[7], "NA"))
			hl_ok = hl_ok && close_to(hl, strtod(fl[7], NULL), 1e-9);
		result(hl_ok, name, "%.17g, R: %s (R's estimate %s)", hl, fl[6], fl[7]);
		snprintf(name, sizeof(name), "power floor %s", fl[0]);
		result(close_to(stats_p_floor(n, m), floor_p, 1e-12), name, "%.17g, R: %.17g",
		       stats_p_floor(n, m), floor_p);
		free(x);
		free(y);
	}
	fclose(f);
}

static void test_signed_rank(const char *dir)
{
	FILE *f = open_in(dir, "signedrank.tsv");
	char line[65536], *fl[5], name[300];

	while (fgets(line, sizeof(line), f)) {
		size_t n;
		struct mw_result r;
		if (line[0] == '#' || split_tabs(line, fl, 5) != 5)
			continue;
		double *d = parse_list(fl[1], &n);
		stats_signed_rank(d, n, &r);
		snprintf(name, sizeof(name), "signed rank %s: V, p and method as R", fl[0]);
		result(r.w == strtod(fl[2], NULL) && close_to(r.p, strtod(fl[3], NULL), 1e-10) &&
		       r.exact == atoi(fl[4]), name, "V %.17g p %.17g exact %d, R: V %s p %s exact %s",
		       r.w, r.p, r.exact, fl[2], fl[3], fl[4]);
		free(d);
	}
	fclose(f);
	result(close_to(stats_signed_rank_floor(7), 0.015625, 1e-15), "signed rank floor of 7 pairs",
	       "%.17g", stats_signed_rank_floor(7));
}

static void test_quantile_spread(const char *dir)
{
	FILE *f = open_in(dir, "quantile.tsv");
	char line[65536], *fl[4], name[300];

	while (fgets(line, sizeof(line), f)) {
		size_t n;
		if (line[0] == '#' || split_tabs(line, fl, 4) != 4)
			continue;
		double *v = parse_list(fl[1], &n), lo = strtod(fl[2], NULL);
		double got = stats_quantile_spread(v, n, lo);
		snprintf(name, sizeof(name), "quantile spread %s at %s as R", fl[0], fl[2]);
		result(close_to(got, strtod(fl[3], NULL), 1e-12), name, "%.17g, R: %s", got, fl[3]);
		free(v);
	}
	fclose(f);
}

static void test_two_clusters(void)
{
	/* the shipped Concatenate 50k strings on 24.22.3, in ms: 4 of 7 slow */
	double shipped[] = { 4.781, 0.844, 4.952, 0.368, 4.391, 4.537, 0.801 };
	double one_far[] = { 1.0, 1.02, 0.99, 1.01, 3.0, 1.0, 0.98 };
	double spread[] = { 1.0, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6 };
	double x[7];
	struct bimodal_result b;

	for (int i = 0; i < 7; i++)
		x[i] = log(shipped[i]);
	stats_two_clusters(x, 7, &b);
	result(b.split && b.nhigh == 4, "two clusters: the shipped anomaly splits 4 of 7", "split %d high %zu",
	       b.split, b.nhigh);
	for (int i = 0; i < 7; i++)
		x[i] = log(one_far[i]);
	stats_two_clusters(x, 7, &b);
	result(!b.split, "two clusters: one far round is an outlier, not a mode", "split %d", b.split);
	for (int i = 0; i < 7; i++)
		x[i] = log(spread[i]);
	stats_two_clusters(x, 7, &b);
	result(!b.split, "two clusters: an even spread does not split", "split %d", b.split);
}

static void test_holm(const char *dir)
{
	FILE *f = open_in(dir, "holm.tsv");
	char line[65536], *fl[2], name[64];
	int k = 0;

	while (fgets(line, sizeof(line), f)) {
		size_t n, n2;
		if (line[0] == '#' || split_tabs(line, fl, 2) != 2)
			continue;
		double *p = parse_list(fl[0], &n), *want = parse_list(fl[1], &n2);
		double *adj = malloc(n * sizeof(*adj));
		int ok = n == n2;
		stats_holm(p, adj, n);
		for (size_t i = 0; ok && i < n; i++)
			ok = close_to(adj[i], want[i], 1e-12);
		snprintf(name, sizeof(name), "holm case %d as p.adjust", ++k);
		result(ok, name, "for %s", fl[0]);
		free(p);
		free(want);
		free(adj);
	}
	fclose(f);
}

static void test_trend(const char *dir)
{
	FILE *f = open_in(dir, "trend.tsv");
	char line[65536], *fl[5], name[300];

	while (fgets(line, sizeof(line), f)) {
		size_t n;
		struct trend_result t;
		if (line[0] == '#' || split_tabs(line, fl, 5) != 5)
			continue;
		double *v = parse_list(fl[1], &n);
		stats_trend(v, n, &t);
		snprintf(name, sizeof(name), "kendall trend %s as cor.test", fl[0]);
		result(t.s == strtod(fl[2], NULL) && close_to(t.p, strtod(fl[3], NULL), 1e-10) &&
		       t.exact == atoi(fl[4]), name, "S %g p %.17g exact %d, R: S %s p %s exact %s",
		       t.s, t.p, t.exact, fl[2], fl[3], fl[4]);
		free(v);
	}
	fclose(f);
}

/* stats_ratio_interval against R (ratio-interval.tsv, gen-interval.R):
 * the bounds where R's statistic steps (R with tol.root = 1e-13) to 1e-10,
 * R's default answer to its root tolerance of 1e-4 on the log scale, the
 * same interval for the values in another order, and R's choice of the
 * exact or the normal method. */
static void test_ratio_interval(const char *dir)
{
	FILE *f = open_in(dir, "ratio-interval.tsv");
	char line[262144], *fl[8], name[300];

	while (fgets(line, sizeof(line), f)) {
		size_t n, m;
		double lo, hi, lo2, hi2, rlo, rhi;
		if (line[0] == '#' || split_tabs(line, fl, 8) != 8)
			continue;
		double *a = parse_list(fl[1], &n), *b = parse_list(fl[2], &m);
		stats_ratio_interval(a, n, b, m, 0.95, &lo, &hi);
		snprintf(name, sizeof(name), "ratio interval %s where R's statistic steps", fl[0]);
		result(close_to(lo, strtod(fl[6], NULL), 1e-10) && close_to(hi, strtod(fl[7], NULL), 1e-10),
		       name, "[%.17g, %.17g], R [%s, %s]", lo, hi, fl[6], fl[7]);
		rlo = strtod(fl[3], NULL);
		rhi = strtod(fl[4], NULL);
		snprintf(name, sizeof(name), "ratio interval %s as R's default wilcox.test", fl[0]);
		result(fabs(log(lo) - log(rlo)) <= 1.01e-4 && fabs(log(hi) - log(rhi)) <= 1.01e-4 &&
			       (atoi(fl[5]) == 0 || (close_to(lo, rlo, 1e-12) && close_to(hi, rhi, 1e-12))),
		       name, "[%.17g, %.17g], R [%s, %s] (%s)", lo, hi, fl[3], fl[4],
		       atoi(fl[5]) ? "exact" : "normal");
		/* reversed order of both sides */
		for (size_t i = 0; i < n / 2; i++) {
			double t = a[i];
			a[i] = a[n - 1 - i];
			a[n - 1 - i] = t;
		}
		for (size_t i = 0; i < m / 2; i++) {
			double t = b[i];
			b[i] = b[m - 1 - i];
			b[m - 1 - i] = t;
		}
		stats_ratio_interval(a, n, b, m, 0.95, &lo2, &hi2);
		snprintf(name, sizeof(name), "ratio interval %s whatever the order of the rounds", fl[0]);
		result(lo == lo2 && hi == hi2, name, "[%.17g, %.17g] then [%.17g, %.17g]", lo, hi, lo2, hi2);
		free(a);
		free(b);
	}
	fclose(f);

	/* the seed depends on the data and on how it splits into two sides */
	double v1[] = { 1, 2 }, v2[] = { 3 }, v3[] = { 1 }, v4[] = { 2, 3 }, v5[] = { 1, 2.0000000001 };
	result(stats_seed_from_data(v1, 2, v2, 1) != stats_seed_from_data(v3, 1, v4, 2),
	       "data seed depends on the split", "same seed");
	result(stats_seed_from_data(v1, 2, v2, 1) != stats_seed_from_data(v5, 2, v2, 1),
	       "data seed depends on every value", "same seed");
}

struct step_case {
	const char *name;
	double v[16];
	double e[16];
	size_t n;
	size_t want[4];     /* after */
	size_t nwant;
	size_t before[4];   /* when not simply after - 1 */
};

static void test_steps(void)
{
	static const struct step_case cases[] = {
		{ "none: flat within the noise", { 100, 101, 99, 100.5, 102, 99.5, 100 },
		  { .03, .03, .03, .03, .03, .03, .03 }, 7, { 0 }, 0, { 0 } },
		{ "one step up", { 100, 101, 99, 100, 112, 111, 113, 112 },
		  { .02, .02, .02, .02, .02, .02, .02, .02 }, 8, { 4 }, 1, { 0 } },
		{ "one step down, noisy after", { 50, 50.3, 49.8, 40, 41, 39.5, 40.5 },
		  { .01, .01, .01, .03, .03, .03, .03 }, 7, { 3 }, 1, { 0 } },
		{ "two steps: regression then fix", { 100, 100, 101, 120, 121, 119, 100, 99, 101 },
		  { .02, .02, .02, .02, .02, .02, .02, .02, .02 }, 9, { 3, 6 }, 2, { 0 } },
		{ "two steps in the same direction", { 100, 99, 110, 111, 110, 125, 124, 126 },
		  { .02, .02, .02, .02, .02, .02, .02, .02 }, 8, { 2, 5 }, 2, { 0 } },
		{ "none: a single outlier version", { 100, 101, 130, 100, 99, 100 },
		  { .02, .02, .02, .02, .02, .02 }, 6, { 0 }, 0, { 0 } },
		{ "none: a move in the last version alone", { 100, 101, 100, 99, 100, 130 },
		  { .02, .02, .02, .02, .02, .02 }, 6, { 0 }, 0, { 0 } },
		{ "step at the last two versions", { 100, 101, 100, 99, 130, 131 },
		  { .02, .02, .02, .02, .02, .02 }, 6, { 4 }, 1, { 0 } },
		{ "none: a change smaller than a noisy version's spread", { 100, 100, 108, 107, 108 },
		  { .02, .02, .10, .10, .10 }, 5, { 0 }, 0, { 0 } },
		{ "an outlier just before a step is not its 'before'", { 100, 101, 100, 80, 120, 121, 120 },
		  { .02, .02, .02, .02, .02, .02, .02 }, 7, { 4 }, 1, { 2 } },
	};
	for (size_t c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		const struct step_case *sc = &cases[c];
		size_t got[8], gotb[8], k = stats_find_steps(sc->v, sc->e, sc->n, gotb, got, 8);
		int ok = k == sc->nwant;
		char name[200], detail[200] = "";
		size_t len = 0;
		for (size_t i = 0; ok && i < k; i++)
			ok = got[i] == sc->want[i] &&
			     gotb[i] == (sc->before[i] ? sc->before[i] : sc->want[i] - 1);
		for (size_t i = 0; i < k && i < 8 && len < sizeof(detail) - 40; i++)
			len += (size_t)snprintf(detail + len, sizeof(detail) - len, " %zu-%zu",
						gotb[i], got[i]);
		snprintf(name, sizeof(name), "steps %s", sc->name);
		result(ok, name, "found %zu step(s):%s", k, detail);
	}
	/* max bounds the writes, not the count */
	double v[] = { 1, 1, 2, 2, 4, 4, 8, 8 }, e[] = { 0, 0, 0, 0, 0, 0, 0, 0 };
	size_t oneb[1], one[1] = { 99 }, k = stats_find_steps(v, e, 8, oneb, one, 1);
	result(k == 3 && one[0] == 2, "steps: count beyond max, first written",
	       "k %zu first %zu", k, one[0]);
}

static void test_rounds_needed(void)
{
	double a[] = { 10, 11, 12 }, b[] = { 13, 14, 15 }, c[] = { 11, 12, 13 };
	double one_a[] = { 10 }, one_b[] = { 12 };
	double z;
	int r;

	/* R: qnorm(1 - 0.05/84) = 3.2411521655173563 */
	z = stats_norm_quantile_upper(0.05 / 84);
	result(close_to(z, 3.2411521655173563, 1e-12), "normal quantile as R's qnorm", "%.17g", z);
	z = stats_norm_quantile_upper(0.20);
	result(close_to(z, 0.8416212335729143, 1e-12), "normal quantile z(0.80) as R's qnorm", "%.17g", z);
	/* sigma 1, gap 3: 2 (2.8016 / 3)^2 / (3/pi) = 1.83, so the floor's 4 */
	r = stats_rounds_needed(a, 3, b, 3, 0.05);
	result(r == 4, "rounds needed: a clear gap needs the floor's 4", "%d", r);
	/* sigma 1, gap 1: 2 * 2.8016^2 / 0.95493 = 16.44 -> 17 */
	r = stats_rounds_needed(a, 3, c, 3, 0.05);
	result(r == 17, "rounds needed: a gap of one sigma needs 17", "%d", r);
	/* alpha 0.05/42 (42 pairs): R: 2 ((qnorm(1-0.05/84) + qnorm(0.8)) / 1)^2 / (3/pi) = 34.9 */
	r = stats_rounds_needed(a, 3, c, 3, 0.05 / 42);
	result(r == 35, "rounds needed: corrected alpha, one sigma needs 35", "%d", r);
	/* gap 3 sigma at 0.05/42: 3.88 by the power rule, but 2/C(12,6) = 0.0022
	 * is not below 0.00119 and 2/C(14,7) = 0.00058 is: 7 */
	r = stats_rounds_needed(a, 3, b, 3, 0.05 / 42);
	result(r == 7, "rounds needed: corrected alpha raises the floor to 7", "%d", r);
	r = stats_rounds_needed(a, 3, a, 3, 0.05);
	result(r == 0, "rounds needed: no gap is unknown (0)", "%d", r);
	r = stats_rounds_needed(one_a, 1, one_b, 1, 0.05);
	result(r == 0, "rounds needed: one round each is unknown (0)", "%d", r);
	r = stats_rounds_needed(one_a, 1, b, 3, 0.05);
	result(r == 4, "rounds needed: spread from the side that has it", "%d", r);
}

/* The Hodges-Lehmann shift by selection against the plain definition: sort
 * all n*m differences and take their median. */
static void test_hodges_lehmann_random(void)
{
	uint64_t state = 20261129;
	int bad = 0;
	char detail[200] = "";

	for (int t = 0; t < 400 && !bad; t++) {
		size_t n = 1 + stats_splitmix64(&state) % 40, m = 1 + stats_splitmix64(&state) % 40;
		double a[40], b[40], d[1600], naive, fast;
		int ints = t % 2;
		for (size_t i = 0; i < n; i++)
			a[i] = ints ? (double)(stats_splitmix64(&state) % 7)
				    : (double)(stats_splitmix64(&state) % 100000) / 997.0 - 30;
		for (size_t j = 0; j < m; j++)
			b[j] = ints ? (double)(stats_splitmix64(&state) % 7)
				    : (double)(stats_splitmix64(&state) % 100000) / 991.0 - 31;
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < m; j++)
				d[i * m + j] = b[j] - a[i];
		naive = median_of(d, n * m);
		fast = stats_hodges_lehmann(a, n, b, m);
		if (naive != fast) {
			bad = 1;
			snprintf(detail, sizeof(detail), "case %d (%zu vs %zu): %.17g, sorted: %.17g",
				 t, n, m, fast, naive);
		}
	}
	result(!bad, "hodges-lehmann by selection equals the median of all differences (400 cases)",
	       "%s", detail);
}

static int cmp_dbl(const void *pa, const void *pb)
{
	double x = *(const double *)pa, y = *(const double *)pb;
	return (x > y) - (x < y);
}

/* Samples large enough for the selection's sampling rounds (more than
 * 4 (n + m) differences), with and without ties: the Hodges-Lehmann shift
 * equals the median of all n*m differences sorted. */
static void test_selection_large(void)
{
	uint64_t state = 20261130;
	int bad = 0;
	char detail[200] = "";
	double *a = malloc(700 * sizeof(*a)), *b = malloc(700 * sizeof(*b));
	double *d = malloc(700 * 700 * sizeof(*d));

	for (int t = 0; t < 24 && !bad; t++) {
		size_t n = 60 + stats_splitmix64(&state) % 640, m = 60 + stats_splitmix64(&state) % 640;
		double naive, fast, total = (double)n * (double)m;
		int kind = t % 3; /* 0: distinct, 1: few values, 2: one side constant */
		for (size_t i = 0; i < n; i++)
			a[i] = kind == 1 ? (double)(stats_splitmix64(&state) % 9)
				 : kind == 2 ? 5.0 : (double)(stats_splitmix64(&state) % 1000003) / 997.0;
		for (size_t j = 0; j < m; j++)
			b[j] = kind == 1 ? (double)(stats_splitmix64(&state) % 9)
				 : (double)(stats_splitmix64(&state) % 1000003) / 991.0;
		for (size_t i = 0; i < n; i++)
			for (size_t j = 0; j < m; j++)
				d[i * m + j] = b[j] - a[i];
		qsort(d, n * m, sizeof(*d), cmp_dbl);
		naive = fmod(total, 2) == 1 ? d[(n * m) / 2] : (d[n * m / 2 - 1] + d[n * m / 2]) / 2;
		fast = stats_hodges_lehmann(a, n, b, m);
		if (naive + 0.0 != fast) {
			bad = 1;
			snprintf(detail, sizeof(detail), "case %d (%zu vs %zu): %.17g, sorted: %.17g",
				 t, n, m, fast, naive);
		}
	}
	result(!bad, "selection over 60-700 values a side equals sorting all differences (24 cases)",
	       "%s", detail);
	free(a);
	free(b);
	free(d);
}

/* Kendall's S by merge counting against the count over all pairs. */
static void test_trend_random(void)
{
	uint64_t state = 7;
	int bad = 0;
	char detail[200] = "";
	double v[300];

	for (int t = 0; t < 60 && !bad; t++) {
		size_t n = 3 + stats_splitmix64(&state) % 297;
		double s = 0;
		struct trend_result r;
		for (size_t i = 0; i < n; i++)
			v[i] = t % 2 ? (double)(stats_splitmix64(&state) % 5)
				     : (double)(stats_splitmix64(&state) % 100000) + (double)i * 3;
		for (size_t i = 0; i < n; i++)
			for (size_t j = i + 1; j < n; j++)
				s += (v[j] > v[i]) - (v[j] < v[i]);
		stats_trend(v, n, &r);
		if (r.s != s) {
			bad = 1;
			snprintf(detail, sizeof(detail), "case %d (%zu values): S %.17g, all pairs %.17g",
				 t, n, r.s, s);
		}
	}
	result(!bad, "trend: Kendall's S by merge counting equals the count over all pairs (60 cases)",
	       "%s", detail);
}

static void test_pwilcox(void)
{
	/* R: pwilcox(0:3, 3, 3) = 0.05 0.10 0.20 0.35 */
	const double want[] = { 0.05, 0.10, 0.20, 0.35 };
	int ok = 1;
	for (int u = 0; u < 4; u++)
		ok = ok && close_to(stats_pwilcox(u, 3, 3), want[u], 1e-12);
	result(ok, "pwilcox(0:3, 3, 3) as R", "mismatch");
	/* R: pwilcox(1000, 49, 49), pwilcox(500, 40, 45) */
	double p = stats_pwilcox(1000, 49, 49);
	result(close_to(p, 0.077968162023427587, 1e-10), "pwilcox(1000, 49, 49) as R", "%.17g", p);
	p = stats_pwilcox(500, 40, 45);
	result(close_to(p, 0.00017076816342185441, 1e-10), "pwilcox(500, 40, 45) as R", "%.17g", p);
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "tests/stats";
	test_mann_whitney(dir);
	test_signed_rank(dir);
	test_quantile_spread(dir);
	test_two_clusters();
	test_holm(dir);
	test_trend(dir);
	test_ratio_interval(dir);
	test_steps();
	test_rounds_needed();
	test_pwilcox();
	test_hodges_lehmann_random();
	test_selection_large();
	test_trend_random();
	return 0;
}
