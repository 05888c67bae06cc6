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

/* The value of a digit, or a number above 9 for any other byte. */
static inline unsigned dig(char c)
{
	return (unsigned)(c - '0');
}

int iso8601_read(const char *s, size_t n, double *seconds)
{
	static const unsigned char mdays[] = { 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	const char *p, *end;
	unsigned y0, y1, y2, y3, m0, m1, d0, d1;
	long y, mo, d, h = 0, mi = 0, sec = 0;
	double frac = 0;

	/* "YYYY-MM-DD", its digits checked without a branch each */
	if (n < 10 || s[4] != '-' || s[7] != '-')
		return 0;
	y0 = dig(s[0]), y1 = dig(s[1]), y2 = dig(s[2]), y3 = dig(s[3]);
	m0 = dig(s[5]), m1 = dig(s[6]), d0 = dig(s[8]), d1 = dig(s[9]);
	if ((y0 > 9) | (y1 > 9) | (y2 > 9) | (y3 > 9) | (m0 > 9) | (m1 > 9) | (d0 > 9) | (d1 > 9))
		return 0;
	y = (long)(((y0 * 10 + y1) * 10 + y2) * 10 + y3);
	mo = (long)(m0 * 10 + m1);
	d = (long)(d0 * 10 + d1);
	if (mo < 1 || mo > 12 || d < 1 ||
	    (d > mdays[mo - 1] &&
	     !(mo == 2 && d == 29 && ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0))))
		return 0;
	p = s + 10;
	end = s + n;
	if (p < end) {
		/* "THH:MM", then ":SS" and ".f" */
		unsigned h0, h1, i0, i1;
		if (end - p < 6 || (*p != 'T' && *p != ' ') || p[3] != ':')
			return 0;
		h0 = dig(p[1]), h1 = dig(p[2]), i0 = dig(p[4]), i1 = dig(p[5]);
		if ((h0 > 9) | (h1 > 9) | (i0 > 9) | (i1 > 9) || (h = (long)(h0 * 10 + h1)) > 23 ||
		    (mi = (long)(i0 * 10 + i1)) > 59)
			return 0;
		p += 6;
		if (p < end && *p == ':') {
			unsigned s0, s1;
			if (end - p < 3 || (s0 = dig(p[1])) > 9 || (s1 = dig(p[2])) > 9 ||
			    (sec = (long)(s0 * 10 + s1)) > 60)
				return 0;
			p += 3;
			if (p < end && *p == '.') {
				double scale = 0.1;
				if (end - p < 2 || dig(p[1]) > 9)
					return 0;
				for (p++; p < end && dig(*p) <= 9; p++, scale /= 10)
					frac += (*p - '0') * scale;
			}
		}
		if (p < end && *p == 'Z') {
			p++;
		} else if (p < end && (*p == '+' || *p == '-')) {
			/* "+HH:MM" or "+HHMM": local = UTC + offset */
			int sign = *p == '-' ? -1 : 1;
			unsigned o0, o1, o2, o3;
			long oh, om;
			if (end - p < 5)
				return 0;
			o0 = dig(p[1]), o1 = dig(p[2]);
			p += 3;
			if (*p == ':')
				p++;
			if (end - p < 2)
				return 0;
			o2 = dig(p[0]), o3 = dig(p[1]);
			if ((o0 > 9) | (o1 > 9) | (o2 > 9) | (o3 > 9) || (oh = (long)(o0 * 10 + o1)) > 23 ||
			    (om = (long)(o2 * 10 + o3)) > 59)
				return 0;
			p += 2;
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

/* The proleptic Gregorian date of days since 1970-01-01 (H. Hinnant's
 * civil_from_days). */
static void civil_from_days(long z, long *y, long *m, long *d)
{
	long era, doe, yoe, doy, mp;
	z += 719468;
	era = (z >= 0 ? z : z - 146096) / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = doy - (153 * mp + 2) / 5 + 1;
	*m = mp < 10 ? mp + 3 : mp - 9;
	*y = yoe + era * 400 + (*m <= 2);
}

int iso8601_utc_day(const char *s, char day[11])
{
	double t;
	long y, mo, d;
	day[0] = '\0';
	if (!s || !iso8601_seconds(s, &t))
		return 0;
	{
		/* whole seconds rounded down, then days rounded down (before 1970
		 * too) */
		long long sec = (long long)t, days;
		if ((double)sec > t)
			sec--;
		days = sec / 86400 - (sec % 86400 < 0);
		civil_from_days((long)days, &y, &mo, &d);
	}
	if (y < 0 || y > 9999)
		return 0;
	day[0] = (char)('0' + y / 1000), day[1] = (char)('0' + y / 100 % 10);
	day[2] = (char)('0' + y / 10 % 10), day[3] = (char)('0' + y % 10), day[4] = '-';
	day[5] = (char)('0' + mo / 10), day[6] = (char)('0' + mo % 10), day[7] = '-';
	day[8] = (char)('0' + d / 10), day[9] = (char)('0' + d % 10), day[10] = '\0';
	return 1;
}
