/*
 * iso8601.c - ISO 8601 dates and times (see iso8601.h): one grammar, so a
 * timestamp that ingest accepts is one that every later reader can date.
 */
#include "lib/iso8601.h"

#include <string.h>

/* Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
 * days_from_civil). */
static long days_from_civil(long y, long m, long d)
{
	long era, yoe, doy, doe;
	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* Reads k digits at s (all before end) into *v, at most max. */
static int field(const char *s, const char *end, int k, long max, long *v)
{
	if (end - s < k)
		return 0;
	*v = 0;
	for (int i = 0; i < k; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		*v = *v * 10 + (s[i] - '0');
	}
	return *v <= max;
}

int iso8601_read(const char *s, size_t n, double *seconds)
{
	static const int mdays[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	const char *p = s + 10, *const end = s + n;
	long y, mo, d, h = 0, mi = 0, sec = 0, oh, om;
	double frac = 0;

	if (!field(s, end, 4, 9999, &y) || n < 10 || s[4] != '-' || !field(s + 5, end, 2, 12, &mo) ||
	    s[7] != '-' || !field(s + 8, end, 2, 31, &d) || mo < 1 || d < 1 ||
	    d > mdays[mo - 1] + (mo == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0)))
		return 0;
	if (p < end) {
		if ((*p != 'T' && *p != ' ') || !field(p + 1, end, 2, 23, &h) || end - p < 6 ||
		    p[3] != ':' || !field(p + 4, end, 2, 59, &mi))
			return 0;
		p += 6;
		if (p < end && *p == ':') {
			if (!field(p + 1, end, 2, 60, &sec))
				return 0;
			p += 3;
			if (p < end && *p == '.') {
				double scale = 0.1;
				if (end - p < 2 || p[1] < '0' || p[1] > '9')
					return 0;
				for (p++; p < end && *p >= '0' && *p <= '9'; p++, scale /= 10)
					frac += (*p - '0') * scale;
			}
		}
		if (p < end && *p == 'Z') {
			p++;
		} else if (p < end && (*p == '+' || *p == '-')) {
			int sign = *p == '-' ? -1 : 1;
			if (!field(p + 1, end, 2, 23, &oh))
				return 0;
			p += 3;
			if (p < end && *p == ':')
				p++;
			if (!field(p, end, 2, 59, &om))
				return 0;
			p += 2;
			/* local = UTC + offset */
			h -= sign * oh;
			mi -= sign * om;
		}
	}
	if (p != end)
		return 0;
	if (seconds)
		*seconds = (double)days_from_civil(y, mo, d) * 86400 +
			   (double)(h * 3600 + mi * 60 + sec) + frac;
	return 1;
}

int iso8601_seconds(const char *s, double *seconds)
{
	return iso8601_read(s, strlen(s), seconds);
}

int iso8601_date(const char *s)
{
	return strlen(s) == 10 && iso8601_read(s, 10, NULL);
}
