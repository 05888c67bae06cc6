/*
 * iso8601-test.c - src/lib/iso8601.c, the one reading of ISO 8601: the forms
 * it takes with their seconds, the near misses it refuses (each field out
 * of its range, a missing or stray character), and every day of 1600 to
 * 2400 as date-only text against a day count kept by hand. Prints
 * "pass|fail<TAB>name<TAB>detail" lines for tests/t-numfmt.sh.
 */
#include "lib/iso8601.h"

#include <stdio.h>
#include <string.h>

static int failed;

static void report(const char *name, int ok, const char *detail)
{
	printf("%s\t%s\t%s\n", ok ? "pass" : "fail", name, ok ? "" : detail);
	failed |= !ok;
}

int main(void)
{
	static const struct {
		const char *s;
		double seconds;
	} good[] = {
		{ "1970-01-01", 0 },
		{ "1970-01-01T00:00:00Z", 0 },
		{ "2026-11-29T22:15:03Z", 1795990503 },
		{ "2026-11-29 22:15:03", 1795990503 },
		{ "2026-11-29T22:15", 1795990500 },
		{ "2026-11-29T22:15:03.5+01:00", 1795986903.5 },
		{ "2026-11-29T22:15:03-0130", 1795995903 },
		{ "2024-02-29T23:59:60Z", 1709251200 },
		{ "1969-12-31T23:59:59Z", -1 },
	};
	static const char *const bad[] = {
		"", "2026", "2026-11-2", "2026/11/29", "2026-1-29", "2026-11-29T", "2026-11-29T22",
		"2026-11-29T::::::+Z", "2026-11-29T22:15:", "2026-11-29T22:15:3", "2026-11-29T22:15:03.",
		"2026-11-29T22:15:03.Z", "2026-11-29T22:15+01", "2026-11-29T22:15+0100x",
		"2026-11-29Z", "2026-11-29T22:15:03ZZ", "2026-11-29t22:15", "2026-00-10", "2026-13-01",
		"2026-11-00", "2026-11-31", "2026-02-29", "2100-02-29", "2026-11-29T24:00",
		"2026-11-29T23:60", "2026-11-29T23:59:61", "2026-11-29T22:15+24:00",
		"2026-11-29T22:15+01:60", " 2026-11-29", "2026-11-29 ",
	};
	static const int mdays[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	char detail[160] = "";
	int ok = 1;
	double t;
	long day;

	for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
		t = 1e300;
		if (!iso8601_seconds(good[i].s, &t) || t != good[i].seconds) {
			snprintf(detail, sizeof detail, "'%s': %.17g, not %.17g", good[i].s, t,
				 good[i].seconds);
			ok = 0;
			break;
		}
	}
	report("iso8601: each form read, with its seconds", ok, detail);

	ok = 1;
	for (size_t i = 0; i < sizeof bad / sizeof *bad && ok; i++) {
		t = 42;
		if (iso8601_seconds(bad[i], &t) || t != 42) {
			snprintf(detail, sizeof detail, "'%s' read", bad[i]);
			ok = 0;
		}
	}
	report("iso8601: near misses refused, the seconds untouched", ok, detail);

	ok = 1;
	day = -135140; /* 1600-01-01 */
	for (int y = 1600; y <= 2400 && ok; y++) {
		int leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
		for (int m = 1; m <= 12 && ok; m++)
			for (int d = 1; d <= 31 && ok; d++) {
				char s[16];
				int real = d <= mdays[m - 1] + (m == 2 && leap);
				snprintf(s, sizeof s, "%04d-%02d-%02d", y, m, d);
				if (iso8601_date(s) != real || (real && (!iso8601_seconds(s, &t) ||
									 t != (double)day * 86400))) {
					if (real)
						snprintf(detail, sizeof detail, "'%s': not day %ld", s, day);
					else
						snprintf(detail, sizeof detail, "'%s' read", s);
					ok = 0;
				}
				day += real;
			}
	}
	report("iso8601: every day of 1600 to 2400, and no other", ok, detail);
	return failed;
}
