/*
 * numfmt-test.c - fmt_json_number (src/lib/fmt.c) against the printf search it
 * replaces in the common case: byte for byte over edge values and millions
 * of random ones. The reference below is the formatter as it was before its
 * fast path, kept verbatim.
 *
 * usage: numfmt-test [COUNT]   prints "pass\tNAME" / "fail\tNAME\tDETAIL"
 * lines and exits 1 on any difference.
 */
#include "lib/fmt.h"
#include "lib/util.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void reference(struct buf *b, double v)
{
	char tmp[64];
	if (!isfinite(v)) {
		buf_puts(b, "null");
		return;
	}
	if (v == floor(v) && fabs(v) < 1e15) {
		snprintf(tmp, sizeof tmp, "%.0f", v);
		if (strcmp(tmp, "-0") == 0)
			strcpy(tmp, "0");
		buf_puts(b, tmp);
		return;
	}
	for (int prec = 15; prec <= 17; prec++) {
		snprintf(tmp, sizeof tmp, "%.*g", prec, v);
		if (strtod(tmp, NULL) == v)
			break;
	}
	buf_puts(b, tmp);
}

/* xorshift64*: fixed seed, the same values on every run */
static uint64_t state = 0x9E3779B97F4A7C15ull;
static uint64_t next(void)
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return state * 2685821657736338717ull;
}

static long checked, differ;
static char first_bad[200];

static void one(double v)
{
	struct buf a = BUF_INIT, b = BUF_INIT;
	fmt_json_number(&a, v);
	reference(&b, v);
	checked++;
	if (strcmp(buf_str(&a), buf_str(&b)) != 0) {
		differ++;
		if (!first_bad[0])
			snprintf(first_bad, sizeof first_bad, "%a: '%s', printf '%s'", v, buf_str(&a),
				 buf_str(&b));
	}
	buf_release(&a);
	buf_release(&b);
}

static void both(double v)
{
	one(v);
	one(-v);
}

static void report(const char *name, long before_checked, long before_differ)
{
	if (differ == before_differ)
		printf("pass\t%s (%ld values)\n", name, checked - before_checked);
	else
		printf("fail\t%s\t%ld of %ld differ, first %s\n", name, differ - before_differ,
		       checked - before_checked, first_bad);
	first_bad[0] = '\0';
}

int main(int argc, char **argv)
{
	long count = argc > 1 ? atol(argv[1]) : 1000000;
	long c0, d0;
	static const double edges[] = {
		0, 1, 0.1, 0.2, 0.3, 0.5, 1.5, 2.675, 1e-4, 1e-5, 9.9999e-5, 1.00001e-4,
		0.00012345678901234, 1e14, 1e15, 1e16, 999999999999999.9, 99999999999999.99,
		123456789012345.6, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, 45.6113, 43.7012, 1e300, 1e-300,
		5e-324, 1.7976931348623157e308, 4503599627370495.5, 9007199254740993.0,
		0.000999999999999999, 0.0009999999999999999, 12.345000000000001, 1e21, 1e22, 1e23,
	};

	c0 = checked, d0 = differ;
	for (size_t i = 0; i < sizeof edges / sizeof *edges; i++) {
		both(edges[i]);
		both(nextafter(edges[i], INFINITY));
		both(nextafter(edges[i], -INFINITY));
	}
	one(NAN);
	one(INFINITY);
	one(-INFINITY);
	one(-0.0);
	/* the neighbours of the fast path's bounds and of every power of ten */
	for (int e = -30; e <= 30; e++) {
		double p = pow(10, e), x = p;
		for (int i = 0; i < 200; i++) {
			both(x);
			x = nextafter(x, INFINITY);
		}
		x = p;
		for (int i = 0; i < 200; i++) {
			both(x);
			x = nextafter(x, 0);
		}
	}
	report("fmt_json_number: edge values and neighbours of powers of ten", c0, d0);

	/* decimals as benchmarks print them: R / 10^k, 1 to 17 digits */
	c0 = checked, d0 = differ;
	for (long i = 0; i < count; i++) {
		int digits = 1 + (int)(next() % 17), k = (int)(next() % 21);
		uint64_t r = next() % (uint64_t)pow(10, digits);
		both((double)r / pow(10, k));
	}
	report("fmt_json_number: random decimals R / 10^k", c0, d0);

	/* results of arithmetic: ratios, means, scaled values (17 digits) */
	c0 = checked, d0 = differ;
	for (long i = 0; i < count; i++) {
		double a = (double)(next() % 100000000) / 10000, b = (double)(1 + next() % 1000000) / 1000;
		both(a / b);
		both(a * b);
		both((a + b) / 3);
		both(a * 1e-3);
	}
	report("fmt_json_number: quotients, products and means", c0, d0);

	/* exact decimal ties where 15 or 16 digits cut off exactly a half
	 * (123456789012345.5, 1234567890123.25, ...): printf's rounding of the
	 * tie decides, not the integer path */
	c0 = checked, d0 = differ;
	for (long i = 0; i < count / 4 + 1; i++) {
		for (int digits = 11; digits <= 15; digits++) {
			double p = pow(10, digits - 1), n = p + (double)(next() % (uint64_t)(9 * p));
			both(n + 0.5);
			both(n + 0.25);
			both(n + 0.75);
			both(n + 0.125);
			both(n + 0.375);
		}
	}
	report("fmt_json_number: exact decimal ties at 15 and 16 digits", c0, d0);

	/* any double: random bit patterns over every exponent */
	c0 = checked, d0 = differ;
	for (long i = 0; i < count; i++) {
		uint64_t bits = next();
		double v;
		memcpy(&v, &bits, sizeof v);
		one(v);
	}
	report("fmt_json_number: random bit patterns", c0, d0);

	/* doubles in the fast path's range, spread over its exponents */
	c0 = checked, d0 = differ;
	for (long i = 0; i < count; i++) {
		double v = ldexp((double)(next() >> 11) / 9007199254740992.0 + 0.5,
				 -14 + (int)(next() % 65));
		both(v);
	}
	report("fmt_json_number: random doubles from 1e-4 to 1e15", c0, d0);

	printf("checked %ld values, %ld differ\n", checked, differ);
	return differ ? 1 : 0;
}
