/*
 * json_number.h - reading one JSON number as the rounds format's fast reader needs
 * it: strict JSON syntax, and the double strtod gives (correctly rounded),
 * fast for the short decimals that benchmark files hold.
 *
 * Header-only (static inline) so that the fast reader's loop keeps it
 * inline; tests/numfmt/json-number-test.c holds it against strtod.
 */
#ifndef NF_JSON_NUMBER_H
#define NF_JSON_NUMBER_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* strtod of s[0..n), n <= 63: the way for every number the fast path
 * cannot prove. Kept out of line: it needs a buffer and is rare. */
__attribute__((noinline, unused)) static double json_number_strtod(const char *s, size_t n)
{
	char tmp[64];
	memcpy(tmp, s, n);
	tmp[n] = '\0';
	return strtod(tmp, NULL);
}

/* 1 when a number's text followed by c would read on (or be refused):
 * json_number_read stops before any other byte. */
static inline int json_number_continues(char c)
{
	return (unsigned)(c - '0') <= 9u || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
}

/*
 * A number in strict JSON syntax at p (-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?)
 * that is not followed by a byte cJSON would read as more of it and has at
 * most 63 characters (cJSON's buffer): returns the byte after it with the
 * value in *v; NULL when the text at p is anything else (p must point into
 * NUL-terminated text).
 *
 * The value is the one strtod gives. Without an exponent and with at most
 * 15 digits (a leading 0 counted), the digits form an integer below 2^53
 * and the number of decimals is at most 15, so both are exact doubles and
 * one division (or none) rounds correctly, as strtod does (Clinger's fast
 * path); every other number goes to strtod.
 */
static inline const char *json_number_read(const char *p, double *v)
{
	static const double pow10[16] = { 1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
					  1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15 };
	const char *s = p, *d;
	uint64_t mant; /* wraps past 19 digits: then strtod is used */
	size_t digits, frac = 0;
	int has_exp = 0;

	if (*p == '-')
		p++;
	d = p;
	if ((unsigned)(*p - '0') > 9u)
		return NULL;
	mant = (unsigned)(*p++ - '0');
	if (mant) /* a leading 0 stands alone */
		while ((unsigned)(*p - '0') <= 9u)
			mant = mant * 10 + (unsigned)(*p++ - '0');
	digits = (size_t)(p - d);
	if (*p == '.') {
		const char *f = ++p;
		if ((unsigned)(*p - '0') > 9u)
			return NULL;
		do
			mant = mant * 10 + (unsigned)(*p++ - '0');
		while ((unsigned)(*p - '0') <= 9u);
		frac = (size_t)(p - f);
		digits += frac;
	}
	if (*p == 'e' || *p == 'E') {
		has_exp = 1;
		p++;
		if (*p == '+' || *p == '-')
			p++;
		if ((unsigned)(*p - '0') > 9u)
			return NULL;
		while ((unsigned)(*p - '0') <= 9u)
			p++;
	}
	/* "01", "1.5.", "1e5e", "1-": cJSON would read those differently */
	if (json_number_continues(*p) || p - s > 63)
		return NULL;
	if (!has_exp && digits <= 15) {
		*v = frac ? (double)mant / pow10[frac] : (double)mant;
		if (*s == '-')
			*v = -*v;
	} else {
		*v = json_number_strtod(s, (size_t)(p - s));
	}
	return p;
}

#endif
