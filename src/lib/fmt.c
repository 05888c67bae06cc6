/*
 * fmt.c - every number noisefloor writes (see fmt.h): the locale-independent
 * fixed, grouped and significant-digit writers, the shortest round-trip form
 * for JSON, and the formats of a value, a change, a spread and a gap built on
 * them.
 */
#include "lib/fmt.h"

#include <float.h>
#include <stdlib.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Replace a locale decimal comma that vsnprintf might have produced. */
static void fix_decimal_point(char *s)
{
	for (; *s; s++)
		if (*s == ',')
			*s = '.';
}

void fmt_fixed(struct buf *b, double v, int decimals)
{
	char tmp[512];
	if (!isfinite(v)) {
		buf_puts(b, isnan(v) ? "NaN" : (v > 0 ? "Infinity" : "-Infinity"));
		return;
	}
	snprintf(tmp, sizeof tmp, "%.*f", decimals, v);
	fix_decimal_point(tmp);
	/* "-0.00" reads oddly in a table */
	if (tmp[0] == '-' && strspn(tmp + 1, "0.") == strlen(tmp + 1))
		memmove(tmp, tmp + 1, strlen(tmp));
	buf_puts(b, tmp);
}

void fmt_grouped(struct buf *b, double v, int decimals)
{
	struct buf t = BUF_INIT;
	const char *s, *dot;
	size_t intlen, i;
	fmt_fixed(&t, v, decimals);
	s = buf_str(&t);
	if (*s == '-') {
		buf_putc(b, '-');
		s++;
	}
	dot = strchr(s, '.');
	intlen = dot ? (size_t)(dot - s) : strlen(s);
	for (i = 0; i < intlen; i++) {
		if (i && (intlen - i) % 3 == 0 && s[0] >= '0' && s[0] <= '9')
			buf_putc(b, ',');
		buf_putc(b, s[i]);
	}
	buf_puts(b, s + intlen);
	buf_release(&t);
}

/* A value out of the range fixed digits say anything in: `digits`
 * significant digits and a power of ten, "1.2e308", "-5e-15". */
static void fmt_scientific(struct buf *b, double v, int digits)
{
	char tmp[64], *e, *m;
	snprintf(tmp, sizeof tmp, "%.*e", digits > 1 ? (digits < 17 ? digits - 1 : 16) : 0, v);
	fix_decimal_point(tmp);
	e = strchr(tmp, 'e');
	if (!e) {
		buf_puts(b, tmp);
		return;
	}
	*e++ = '\0';
	/* the mantissa without trailing zeros, the exponent without '+' and
	 * leading zeros */
	m = tmp + strlen(tmp);
	while (m > tmp && m[-1] == '0')
		*--m = '\0';
	if (m > tmp && m[-1] == '.')
		*--m = '\0';
	buf_puts(b, tmp);
	buf_putc(b, 'e');
	if (*e == '-')
		buf_putc(b, *e);
	if (*e == '-' || *e == '+')
		e++;
	while (*e == '0' && e[1])
		e++;
	buf_puts(b, e);
}

/* Values that fixed digits cannot write in a table's width: from 1e15
 * (where a double's digits run out) and below 1e-9. */
static int out_of_fixed_range(double v)
{
	double a = fabs(v);
	return isfinite(v) && (a >= 1e15 || (a > 0 && a < 1e-9));
}

void fmt_p(struct buf *b, double p)
{
	char tmp[64], *e;
	size_t n;
	if (!(isfinite(p) && p > 0 && p < 0.001)) {
		fmt_sig(b, p, 2);
		return;
	}
	/* as R and SciPy print them: "3.2e-05", "1e-10" */
	snprintf(tmp, sizeof tmp, "%.1e", p);
	fix_decimal_point(tmp);
	e = strchr(tmp, 'e');
	n = e ? (size_t)(e - tmp) : strlen(tmp);
	/* the mantissa without a trailing zero ("1.0" is "1") */
	if (n >= 2 && tmp[n - 1] == '0' && tmp[n - 2] == '.')
		n -= 2;
	buf_put(b, tmp, n);
	if (e)
		buf_puts(b, e);
}

void fmt_sig(struct buf *b, double v, int digits)
{
	int mag, decimals;
	if (!isfinite(v) || v == 0) {
		fmt_fixed(b, v, 0);
		return;
	}
	if (out_of_fixed_range(v)) {
		fmt_scientific(b, v, digits);
		return;
	}
	mag = (int)floor(log10(fabs(v)));
	decimals = digits - 1 - mag;
	if (decimals < 0)
		decimals = 0;
	if (decimals > 12)
		decimals = 12;
	{
		struct buf t = BUF_INIT;
		char *p;
		fmt_fixed(&t, v, decimals);
		p = t.s;
		if (strchr(p, '.')) {
			size_t n = strlen(p);
			while (n && p[n - 1] == '0')
				p[--n] = '\0';
			if (n && p[n - 1] == '.')
				p[--n] = '\0';
		}
		buf_puts(b, p);
		buf_release(&t);
	}
}

/* The decimal digits of r, exactly n of them (leading zeros kept), written
 * to out two at a time. */
static void put_digits(char *out, unsigned long long r, int n)
{
	static const char pairs[201] =
		"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
		"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
		"8081828384858687888990919293949596979899";
	while (n >= 2) {
		unsigned q = (unsigned)(r % 100);
		r /= 100;
		n -= 2;
		out[n] = pairs[2 * q];
		out[n + 1] = pairs[2 * q + 1];
	}
	if (n)
		out[0] = (char)('0' + (int)(r % 10));
}

/* The number of decimal digits of r > 0. */
static int count_digits(unsigned long long r)
{
	int n = 1;
	while (r >= 100) {
		r /= 100;
		n += 2;
	}
	return n + (r >= 10);
}

/* Powers of ten that doubles hold exactly (up to 1e22). */
static const double pow10_exact[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
};

/*
 * The common case of fmt_json_number without printf: v (not an integer,
 * 1e-4 <= |v| < 1e15) is the double nearest to R / 10^k for an integer R of
 * at most 15 digits. Then %.15g prints exactly R with the point k digits
 * from its end: R / 10^k is within half an ulp of v (2^-53 |v|), less than
 * half the spacing of 15-digit decimals there (10^-15 |v| / 2), so it is
 * the 15-digit rounding of v; %g keeps fixed notation for exponents -4..14
 * and drops trailing zeros, which the smallest k has none of; and %.15g
 * reading back as v ends the precision search at 15. R and 10^k are exact
 * doubles, so R / 10^k is correctly rounded, as strtod would read it.
 * Returns the length written to out (at most 40 bytes), or 0 when v is not
 * such a value and printf must decide.
 */
static size_t json_number_short(double v, char *out)
{
	double a = fabs(v);
	char digits[24];
	size_t nd = 0, len = 0;
	unsigned long long r = 0;
	int k;

	if (!(a >= 1e-4 && a < 1e15))
		return 0;
	for (k = 1; k <= 19; k++) {
		double t = a * pow10_exact[k], m;
		if (t >= 1e15)
			return 0;
#if FLT_EVAL_METHOD == 0
		/* nearbyint(t) without a call: below 2^52, adding and taking away
		 * 2^52 rounds to an integer, to even on a tie, as nearbyint does */
		m = (t + 0x1p52) - 0x1p52;
#else
		m = nearbyint(t);
#endif
		if (m >= 1e15)
			return 0;
		if (m / pow10_exact[k] == a) {
			r = (unsigned long long)m;
			break;
		}
	}
	if (k > 19 || r == 0)
		return 0;
	while (r % 10 == 0) { /* not reached with the smallest k; kept exact */
		r /= 10;
		k--;
	}
	if (k <= 0)
		return 0;
	nd = (size_t)count_digits(r);
	put_digits(digits, r, (int)nd);
	if (v < 0)
		out[len++] = '-';
	if (nd <= (size_t)k) {
		out[len++] = '0';
		out[len++] = '.';
		for (size_t z = nd; z < (size_t)k; z++)
			out[len++] = '0';
		memcpy(out + len, digits, nd);
		len += nd;
	} else {
		memcpy(out + len, digits, nd - (size_t)k);
		len += nd - (size_t)k;
		out[len++] = '.';
		memcpy(out + len, digits + nd - (size_t)k, (size_t)k);
		len += (size_t)k;
	}
	out[len] = '\0';
	return len;
}

/* Integers below 1e15 as "%.0f" prints them ("-0" as "0"). */
static size_t json_integer(double v, char *out)
{
	size_t len = 0;
	unsigned long long r = (unsigned long long)fabs(v);
	int nd = r ? count_digits(r) : 1;
	if (v < 0 && r)
		out[len++] = '-';
	put_digits(out + len, r, nd);
	len += (size_t)nd;
	out[len] = '\0';
	return len;
}

/* Writes digits d[0..prec) with decimal exponent x as %.*g formats them:
 * fixed when -4 <= x < prec, else d.ddde+XX; trailing zeros of the
 * fraction dropped. */
static void put_g(struct buf *b, int neg, const char *d, int prec, int x)
{
	int n = prec;
	while (n > 1 && d[n - 1] == '0')
		n--;
	char *o;
	if (x < -4 || x >= prec) {
		if (neg)
			buf_putc(b, '-');
		buf_putc(b, d[0]);
		if (n > 1) {
			buf_putc(b, '.');
			buf_put(b, d + 1, (size_t)n - 1);
		}
		buf_printf(b, "e%c%02d", x < 0 ? '-' : '+', x < 0 ? -x : x);
		return;
	}
	/* fixed: a sign, "0." and three zeros at most, the digits */
	buf_grow(b, (size_t)prec + 8);
	o = b->s + b->len;
	if (neg)
		*o++ = '-';
	if (x < 0) {
		*o++ = '0';
		*o++ = '.';
		for (int i = -1; i > x; i--)
			*o++ = '0';
		memcpy(o, d, (size_t)n);
		o += n;
	} else {
		memcpy(o, d, (size_t)x + 1);
		o += x + 1;
		if (n > x + 1) {
			*o++ = '.';
			memcpy(o, d + x + 1, (size_t)(n - x - 1));
			o += n - x - 1;
		}
	}
	b->len = (size_t)(o - b->s);
	b->s[b->len] = '\0';
}

#ifdef __SIZEOF_INT128__
/* fmt_round_trip without printf or strtod for 1e-4 <= |v| < 1e15, in exact
 * 128-bit integer arithmetic: |v| = m 2^-s (53-bit m, 3 <= s <= 66), so
 * |v| 10^q for q <= 20 is the integer m 10^q (at most 120 bits) over 2^s,
 * and its floor and remainder give the correctly rounded p digits directly
 * (as printf prints them); a candidate D 10^-q converts back to v exactly
 * when it lies strictly between the midpoints to v's neighbours, or on one
 * with m even (strtod rounds to nearest, ties to even), compared as
 * D 2^(s+2) against (4m +- 2) 10^q (at most 125 bits). Returns 0 and writes
 * nothing for other values and for an exact decimal tie, which printf's
 * own rounding then decides. */
static int round_trip_exact(struct buf *b, double v)
{
	typedef unsigned __int128 u128;
	static const unsigned long long p10[] = {
		1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL, 10000000ULL,
		100000000ULL, 1000000000ULL, 10000000000ULL, 100000000000ULL, 1000000000000ULL,
		10000000000000ULL, 100000000000000ULL, 1000000000000000ULL,
		10000000000000000ULL, 100000000000000000ULL, 1000000000000000000ULL,
		10000000000000000000ULL,
	};
	double a = fabs(v);
	int ex, s, x, neg = v < 0;
	unsigned long long m;
	u128 lo4, hi4;

	if (!(a >= 1e-4 && a < 1e15))
		return 0;
	{ /* a = m 2^(ex - 53), from the bits: a is normal (>= 1e-4) */
		uint64_t bits;
		memcpy(&bits, &a, sizeof bits);
		m = (bits & ((1ULL << 52) - 1)) | 1ULL << 52;
		ex = (int)(bits >> 52) - 1022;
	}
	s = 53 - ex;
	if (s < 3 || s > 66)
		return 0;
	/* the decimal exponent, 10^x <= a < 10^(x+1): 2^(ex-1) <= a < 2^ex puts
	 * it at floor((ex - 1) log10 2) or one above (78913 / 2^18 is log10 2
	 * to within 2^-20, exact enough for |ex| < 100); the loop below
	 * corrects it */
	{
		int t = (ex - 1) * 78913;
		x = t >= 0 ? t >> 18 : -((-t + (1 << 18) - 1) >> 18);
	}
	for (int tries = 0;; tries++) {
		int q = 16 - x;
		u128 n, d;
		if (tries == 2 || q < 0 || q > 20)
			return 0;
		n = (u128)m * (q > 19 ? (u128)p10[19] * 10 : p10[q]);
		d = n >> s;
		if (d >= p10[17])
			x++;
		else if (d < p10[16])
			x--;
		else
			break;
	}
	/* the midpoints to the neighbours, times 4: the one below is nearer
	 * at a power of two */
	hi4 = (u128)(4 * m + 2);
	lo4 = (u128)(m == 1ULL << 52 ? 4 * m - 1 : 4 * m - 2);
	for (int prec = 15; prec <= 17; prec++) {
		int q = prec - 1 - x, rx = x, qq;
		u128 n = (u128)m * (q > 19 ? (u128)p10[19] * 10 : p10[q]), d, rem, half, scale, lhs;
		char digits[17];
		d = n >> s;
		rem = n & (((u128)1 << s) - 1);
		half = (u128)1 << (s - 1);
		if (rem == half)
			return 0; /* an exact tie: printf's rounding decides */
		if (rem > half && ++d == p10[prec]) {
			d = p10[prec - 1];
			rx++;
		}
		qq = prec - 1 - rx;
		if (prec < 17) {
			if (qq < 0)
				return 0;
			scale = qq > 19 ? (u128)p10[19] * 10 : p10[qq];
			lhs = d << (s + 2);
			if (!((lhs > lo4 * scale && lhs < hi4 * scale) ||
			      (!(m & 1) && (lhs == lo4 * scale || lhs == hi4 * scale))))
				continue;
		}
		put_digits(digits, (unsigned long long)d, prec); /* d < 10^17: 64 bits */
		put_g(b, neg, digits, prec, rx);
		return 1;
	}
	return 0; /* not reached: 17 digits always convert back */
}
#endif

/* Writes the first of %.15g, %.16g and %.17g that converts back to v, from
 * one %.16e: its 17 significant digits are %.17g's, and rounded to 15 or
 * 16 they are what %.15g or %.16g prints unless the digits cut off are
 * exactly a half (rounding twice could then differ: snprintf is asked). */
static void fmt_round_trip(struct buf *b, double v)
{
	char e[48], d[17], tmp[64];
	const char *p = e;
	int neg, x;
#ifdef __SIZEOF_INT128__
	if (round_trip_exact(b, v))
		return;
#endif
	snprintf(e, sizeof e, "%.16e", v);
	fix_decimal_point(e);
	neg = *p == '-';
	p += neg;
	d[0] = p[0];
	memcpy(d + 1, p + 2, 16);
	x = atoi(p + 19);
	for (int prec = 15; prec <= 16; prec++) {
		char r[17];
		int rx = x, i;
		size_t mark = b->len;
		if (d[prec] == '5' && (prec == 16 || d[16] == '0')) {
			snprintf(tmp, sizeof tmp, "%.*g", prec, v);
			fix_decimal_point(tmp);
			if (strtod(tmp, NULL) == v) {
				buf_puts(b, tmp);
				return;
			}
			continue;
		}
		memcpy(r, d, (size_t)prec);
		if (d[prec] >= '5') { /* above the half: round up, carrying */
			for (i = prec - 1; i >= 0 && r[i] == '9'; i--)
				r[i] = '0';
			if (i >= 0) {
				r[i]++;
			} else {
				r[0] = '1';
				rx++;
			}
		}
		put_g(b, neg, r, prec, rx);
		if (strtod(b->s + mark, NULL) == v)
			return;
		b->len = mark;
		b->s[mark] = '\0';
	}
	put_g(b, neg, d, 17, x);
}

void fmt_json_number(struct buf *b, double v)
{
	size_t n;
	if (!isfinite(v)) {
		buf_puts(b, "null");
		return;
	}
	/* the two common forms are written in place: room for either */
	buf_grow(b, 48);
	if (fabs(v) < 1e15 && (double)(long long)v == v) { /* an integer, without floor() */
		b->len += json_integer(v, b->s + b->len);
		return;
	}
	if ((n = json_number_short(v, b->s + b->len)) > 0) {
		b->len += n;
		return;
	}
	fmt_round_trip(b, v);
}

long round_half_away(double v)
{
	return (long)(v < 0 ? -floor(-v + 0.5) : floor(v + 0.5));
}

void fmt_value(struct buf *b, double v)
{
	double a = fabs(v);
	if (out_of_fixed_range(v))
		fmt_scientific(b, v, 3);
	else if (a >= 1000)
		fmt_grouped(b, v, 0);
	else if (a >= 100)
		fmt_fixed(b, v, 1);
	else if (a >= 1)
		fmt_fixed(b, v, 2);
	else
		fmt_sig(b, v, 3);
}

void fmt_value_signed(struct buf *b, double v)
{
	buf_puts(b, v > 0 ? "+" : v < 0 ? "\xE2\x88\x92" : "");
	fmt_value(b, fabs(v));
}

void fmt_percent_signed(struct buf *b, double r)
{
	double pct = r * 100;
	if (fabs(pct) < 0.05) {
		buf_puts(b, "0%");
		return;
	}
	/* U+2212 minus sign reads better than a hyphen in tables */
	buf_puts(b, pct > 0 ? "+" : "\xE2\x88\x92");
	fmt_fixed(b, fabs(pct), fabs(pct) < 10 ? 1 : 0);
	buf_putc(b, '%');
}

void fmt_spread(struct buf *b, double spread)
{
	double pct = spread * 100;
	buf_puts(b, "\xC2\xB1");
	if (!(spread == spread)) {
		/* one round: the spread is unknown, not zero */
		buf_putc(b, '?');
		return;
	}
	fmt_fixed(b, pct, pct < 10 ? 1 : 0);
	buf_putc(b, '%');
}

void fmt_percent(struct buf *b, double gap)
{
	fmt_fixed(b, gap * 100, gap * 100 < 10 ? 1 : 0);
	buf_putc(b, '%');
}
