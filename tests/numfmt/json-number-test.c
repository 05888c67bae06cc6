/*
 * json-number-test.c - json_number_read (src/lib/json_number.h), the number
 * reader of the NDJSON line parser, against strtod: the same bits for every
 * number it accepts, over edge cases (15, 16 and 17 digits, exponents,
 * subnormals, negative zero, huge values, 63 characters) and millions of
 * generated decimal strings, and NULL for the texts strict JSON (as cJSON
 * reads it) does not allow.
 *
 * usage: json-number-test [COUNT]   prints "pass\tNAME" / "fail\tNAME\tDETAIL"
 * lines, then "checked N strings, F by the fast path", and exits 1 on any
 * difference.
 */
#include "lib/json_number.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long checked, strings, fast, bad;
static char first_bad[200];

static uint64_t bits(double d)
{
	uint64_t u;
	memcpy(&u, &d, sizeof u);
	return u;
}

/* The case json_number_read proves without strtod: no exponent, at most
 * 15 digits. */
static int fast_case(const char *s)
{
	int digits = 0;
	for (; *s; s++) {
		if (*s == 'e' || *s == 'E')
			return 0;
		digits += *s >= '0' && *s <= '9';
	}
	return digits <= 15;
}

/* One valid number s, followed by each byte that ends a number in a line. */
static void check_one(const char *s)
{
	static const char ends[] = { '\0', ',', '}', ']', ' ', '\n' };
	char buf[96];
	size_t n = strlen(s);
	double want = strtod(s, NULL);

	for (size_t e = 0; e < sizeof ends; e++) {
		double got = 0;
		const char *end;
		memcpy(buf, s, n);
		buf[n] = ends[e];
		buf[n + 1] = '\0';
		end = json_number_read(buf, &got);
		checked++;
		if (end != buf + n || bits(got) != bits(want)) {
			if (!bad++)
				snprintf(first_bad, sizeof first_bad, "'%s': %s %a, strtod %a", s,
					 end != buf + n ? "end wrong," : "", got, want);
		}
	}
	strings++;
	fast += fast_case(s);
}

static uint64_t state = 0x9e3779b97f4a7c15ULL;
static uint64_t next(void)
{
	uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void digits(char *out, int n, int lead_nonzero)
{
	for (int i = 0; i < n; i++)
		out[i] = (char)('0' + (i == 0 && lead_nonzero ? 1 + next() % 9 : next() % 10));
	out[n] = '\0';
}

/* A random JSON number: int digits (1-20, or "0"), decimals (0-25), an
 * exponent sometimes (-400..400), a sign sometimes; total digits weighted
 * to 14-18, where the fast path ends. */
static void random_number(char *s)
{
	char *p = s;
	int id, fd, total;
	uint64_t r = next();

	if (r % 5 == 0)
		*p++ = '-';
	total = (int)(next() % 4 == 0 ? 1 + next() % 25 : 13 + next() % 6);
	id = next() % 6 == 0 ? 0 : (int)(1 + next() % (uint64_t)total);
	fd = total - id;
	if (id > 20)
		id = 20;
	if (id == 0) {
		*p++ = '0';
		if (fd == 0)
			fd = 1;
	} else {
		digits(p, id, 1);
		p += id;
	}
	if (fd > 0) {
		*p++ = '.';
		digits(p, fd, 0);
		p += fd;
	}
	if (next() % 5 == 0) {
		int e = (int)(next() % 801) - 400;
		p += sprintf(p, "%s%s%d", next() % 2 ? "e" : "E", e >= 0 && next() % 2 ? "+" : "", e);
	}
	*p = '\0';
}

/* %.*g and %.*e of random doubles: the shortest and the longest forms. */
static void printed_number(char *s)
{
	uint64_t u = next();
	double d;
	int prec = 1 + (int)(next() % 17);

	if (next() % 3 == 0)
		u = (u & 0x800fffffffffffffULL) | ((uint64_t)(1023 - 20 + next() % 60) << 52);
	memcpy(&d, &u, sizeof d);
	if (d != d || d - d != 0) /* NaN or infinity: not JSON */
		d = 1.5;
	snprintf(s, 64, next() % 2 ? "%.*g" : "%.*e", prec, d);
	/* "%g" may print "1e+20" or "5": fine; "inf"/"nan" excluded above */
}

static void report(const char *name, long before_bad, long before_checked)
{
	if (bad == before_bad)
		printf("pass\t%s (%ld strings)\n", name, checked - before_checked);
	else
		printf("fail\t%s\t%ld of %ld differ, first %s\n", name, bad - before_bad,
		       checked - before_checked, first_bad);
}

int main(int argc, char **argv)
{
	static const char *const edges[] = {
		"0", "-0", "0.0", "-0.0", "-0e5", "0e-400", "1", "-1", "9", "10", "0.5", "0.1",
		"0.3", "1.7976931348623157e308", "1.7976931348623159e308", "1e309", "-1e400",
		"4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
		"2.2250738585072011e-308", "2.2250738585072014e-308", "1e-400",
		"123456789012345", "1234567890123456", "12345678901234567", "999999999999999",
		"9999999999999999", "99999999999999999", "9007199254740992", "9007199254740993",
		"0.000000000000001", "0.0000000000000001", "1.23456789012345", "12345678.9012345",
		"1234567890123.45", "0.123456789012345", "0.1234567890123456", "45.6113",
		"3.141592653589793", "2.718281828459045", "100000000000000000000000",
		"1e22", "1e23", "1.5e-5", "1E+2", "8.98846567431158e307",
		"123456789012345678901234567890", "0.000000000000000000000000000001",
		"12345678901234567890123456789012345678901234567890123456789012", /* 62 */
		"123456789012345678901234567890123456789012345678901234567890123", /* 63 */
	};
	static const char *const invalid[] = {
		"", "-", "+1", ".5", "01", "-01", "1.", "1.e5", "1e", "1e+", "1e-", "--1", "1.5.",
		"1e5e", "1e5.", "1-", "1+", "1.5E", "e5", "-.5", "NaN", "Infinity", "1ee5",
		"00", "1.2.3", "0.5e", "1234567890123456789012345678901234567890123456789012345678901234",
	};
	long count = argc > 1 ? atol(argv[1]) : 1000000;
	long b0, c0;
	char s[128];

	b0 = bad;
	c0 = checked;
	for (size_t i = 0; i < sizeof edges / sizeof *edges; i++)
		check_one(edges[i]);
	report("json_number_read: edge cases as strtod reads them", b0, c0);

	b0 = bad;
	c0 = checked;
	for (size_t i = 0; i < sizeof invalid / sizeof *invalid; i++) {
		double v = 0;
		checked++;
		if (json_number_read(invalid[i], &v) != NULL && !bad++)
			snprintf(first_bad, sizeof first_bad, "'%s' accepted", invalid[i]);
	}
	report("json_number_read: not strict JSON, or more than 63 characters: refused", b0, c0);

	b0 = bad;
	c0 = checked;
	for (long i = 0; i < count; i++) {
		random_number(s);
		if (strlen(s) <= 63)
			check_one(s);
	}
	report("json_number_read: generated decimals as strtod reads them", b0, c0);

	b0 = bad;
	c0 = checked;
	for (long i = 0; i < count / 2; i++) {
		printed_number(s);
		check_one(s);
	}
	report("json_number_read: printed doubles (%g, %e) as strtod reads them", b0, c0);

	printf("checked %ld strings (%ld numbers, each with six endings), %ld numbers of the fast "
	       "path, %ld differ\n", checked, strings, fast, bad);
	return bad != 0;
}
