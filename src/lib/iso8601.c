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

/* The two digits at s as a number, or -1. */
static inline long two(const char *s)
{
	unsigned a = (unsigned)(s[0] - '0'), b = (unsigned)(s[1] - '0');
	return a > 9 || b > 9 ? -1 : (long)(a * 10 + b);
}

int iso8601_read(const char *s, size_t n, double *seconds)
{
	static const unsigned char mdays[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	const char *p, *end;
	long hi, lo, y, mo, d, h = 0, mi = 0, sec = 0, oh, om;
	double frac = 0;

	if (n < 10 || s[4] != '-' || s[7] != '-' || (hi = two(s)) < 0 || (lo = two(s + 2)) < 0)
		return 0;
	p = s + 10;
	end = s + n;
	y = hi * 100 + lo;
	mo = two(s + 5);
	d = two(s + 8);
	if (mo < 1 || mo > 12 || d < 1 ||
	    d > mdays[mo - 1] + (mo == 2 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0)))
		return 0;
	if (p < end) {
		/* "THH:MM" */
		if (end - p < 6 || (*p != 'T' && *p != ' ') || p[3] != ':' ||
		    (h = two(p + 1)) < 0 || h > 23 || (mi = two(p + 4)) < 0 || mi > 59)
			return 0;
		p += 6;
		if (p < end && *p == ':') {
			if (end - p < 3 || (sec = two(p + 1)) < 0 || sec > 60)
				return 0;
			p += 3;
			if (p < end && *p == '.') {
				double scale = 0.1;
				if (end - p < 2 || (unsigned)(p[1] - '0') > 9)
					return 0;
				for (p++; p < end && *p >= '0' && *p <= '9'; p++, scale /= 10)
					frac += (*p - '0') * scale;
			}
		}
		if (p < end && *p == 'Z') {
			p++;
		} else if (p < end && (*p == '+' || *p == '-')) {
			/* "+HH:MM" or "+HHMM" */
			int sign = *p == '-' ? -1 : 1;
			if (end - p < 5 || (oh = two(p + 1)) < 0 || oh > 23)
				return 0;
			p += 3;
			if (*p == ':')
				p++;
			if (end - p < 2 || (om = two(p)) < 0 || om > 59)
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
