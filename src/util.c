/*
 * util.c - allocation wrappers, the string buffer, UTF-8 validation and the
 * locale-independent number formatting every renderer uses.
 *
 * Numbers are formatted by hand on top of "%.*f" in the "C" conventions: the
 * program never calls setlocale(LC_ALL, ""), and fmt_* additionally replace a
 * ',' decimal point should a library have changed LC_NUMERIC behind our back.
 */
/* readlink, PATH_MAX and madvise: the tests also build this file alone */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <float.h>
#include <malloc.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static void die_oom(size_t n)
{
	fprintf(stderr, "noisefloor: out of memory allocating %zu bytes\n", n);
	abort();
}

/*
 * Blocks of BIG_BLOCK bytes or more (the rounds of millions of values, their
 * sorted copies, an input read whole) ask for transparent huge pages on the
 * 2 MB-aligned part inside them. A 4 KB page costs a fault when it is first
 * touched, and in a virtual machine a fault is dear: at 10 million values
 * 138,000 faults were a third of the run. The kernel may refuse or ignore
 * the advice; the memory is the same either way.
 */
#define BIG_BLOCK ((size_t)8 << 20)
#define HUGE_PAGE ((uintptr_t)2 << 20)

static void *big_pages(void *p, size_t n)
{
#ifdef MADV_HUGEPAGE
	if (n >= BIG_BLOCK) {
		uintptr_t a = ((uintptr_t)p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
		uintptr_t e = ((uintptr_t)p + n) & ~(HUGE_PAGE - 1);
		if (e > a)
			(void)madvise((void *)a, e - a, MADV_HUGEPAGE);
	}
#else
	(void)n;
#endif
	return p;
}

/* The program's folder from /proc/self/exe, or NULL; read once. */
static const char *exe_dir(void)
{
	static char dir[PATH_MAX];
	static int known; /* 0 not yet read, 1 in dir, -1 none */
	if (!known) {
		ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
		char *slash;
		known = -1;
		if (n > 0) {
			dir[n] = '\0';
			if ((slash = strrchr(dir, '/')) != NULL) {
				*slash = '\0';
				known = 1;
			}
		}
	}
	return known > 0 ? dir : NULL;
}

static int found(const char *path, int want_file)
{
	struct stat st;
	return stat(path, &st) == 0 && (!want_file || S_ISREG(st.st_mode));
}

char *find_shipped(const char *env_name, const char *installed, const char *fallback,
		   const char *rel, int want_file)
{
	const char *env = getenv(env_name), *dir = exe_dir();
	char *p;
	if (env && *env)
		return xasprintf("%s/%s", env, rel);
	if (dir) {
		p = xasprintf("%s/%s", dir, rel);
		if (found(p, want_file))
			return p;
		free(p);
		p = xasprintf("%s/%s/%s", dir, installed, rel);
		if (found(p, want_file))
			return p;
		free(p);
	}
	return xasprintf("%s/%s", fallback, rel);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die_oom(n);
	return big_pages(p, n);
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		die_oom(n * size);
	return big_pages(p, n * size);
}

void *xrealloc(void *p, size_t n)
{
	void *q;
	if (p && n >= BIG_BLOCK && malloc_usable_size(p) < n) {
		/* growing a big block: a new block advised before the copy
		 * touches its pages, so the copy faults once per huge page
		 * (realloc copies into pages nobody asked to be huge: at 1M
		 * values that copy was 42 % of the page faults) */
		size_t old = malloc_usable_size(p);
		q = xmalloc(n);
		memcpy(q, p, old);
		free(p);
		return q;
	}
	q = realloc(p, n ? n : 1);
	if (!q)
		die_oom(n);
	return big_pages(q, n);
}

char *xstrdup(const char *s)
{
	return s ? xstrndup(s, strlen(s)) : NULL;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	return buf_detach(&b, NULL);
}

/* ---- struct buf ---- */

void buf_init(struct buf *b)
{
	b->s = NULL;
	b->len = 0;
	b->alloc = 0;
}

void buf_release(struct buf *b)
{
	free(b->s);
	buf_init(b);
}

char *buf_detach(struct buf *b, size_t *len)
{
	char *s;
	buf_grow(b, 0);
	s = b->s;
	if (len)
		*len = b->len;
	buf_init(b);
	return s;
}

void buf_grow(struct buf *b, size_t extra)
{
	size_t need = b->len + extra + 1;
	if (need < b->len)
		die_oom(SIZE_MAX);
	if (need > b->alloc) {
		size_t n = b->alloc ? b->alloc : 64;
		while (n < need)
			n *= 2;
		b->s = xrealloc(b->s, n);
		b->alloc = n;
	}
	b->s[b->len] = '\0';
}

void buf_put(struct buf *b, const void *data, size_t n)
{
	if (b->alloc - b->len <= n) /* no room for n bytes and the NUL */
		buf_grow(b, n);
	memcpy(b->s + b->len, data, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void buf_puts(struct buf *b, const char *s)
{
	buf_put(b, s, strlen(s));
}

void buf_putc(struct buf *b, int c)
{
	if (b->alloc - b->len < 2)
		buf_grow(b, 1);
	b->s[b->len++] = (char)c;
	b->s[b->len] = '\0';
}

void buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list cp;
	int n;
	buf_grow(b, 64);
	va_copy(cp, ap);
	n = vsnprintf(b->s + b->len, b->alloc - b->len, fmt, cp);
	va_end(cp);
	if (n < 0)
		return;
	if ((size_t)n >= b->alloc - b->len) {
		buf_grow(b, (size_t)n);
		vsnprintf(b->s + b->len, b->alloc - b->len, fmt, ap);
	}
	b->len += (size_t)n;
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}

void buf_reset(struct buf *b)
{
	b->len = 0;
	if (b->s)
		b->s[0] = '\0';
}

const char *buf_str(const struct buf *b)
{
	return b->s ? b->s : "";
}

long buf_read_line(struct buf *b, FILE *f, size_t max)
{
	int c;
	buf_reset(b);
	while (b->len <= max && (c = getc_unlocked(f)) != EOF) {
		if (b->len + 1 >= b->alloc)
			buf_grow(b, b->alloc ? b->alloc : 4096);
		b->s[b->len++] = (char)c;
		if (c == '\n')
			break;
	}
	if (b->alloc)
		b->s[b->len] = '\0';
	return b->len > max ? -1 : (long)b->len;
}

/* ---- UTF-8 ---- */

size_t utf8_invalid_at(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0;
	while (i < n) {
		unsigned c = s[i];
		size_t k;
		unsigned cp;
		if (c < 0x80) {
			i++;
			continue;
		} else if (c >= 0xC2 && c <= 0xDF) {
			k = 1;
			cp = c & 0x1F;
		} else if (c >= 0xE0 && c <= 0xEF) {
			k = 2;
			cp = c & 0x0F;
		} else if (c >= 0xF0 && c <= 0xF4) {
			k = 3;
			cp = c & 0x07;
		} else {
			return i;
		}
		if (n - i <= k)
			return i;
		for (size_t j = 1; j <= k; j++) {
			if ((s[i + j] & 0xC0) != 0x80)
				return i;
			cp = (cp << 6) | (s[i + j] & 0x3F);
		}
		if ((k == 2 && cp < 0x800) || (k == 3 && cp < 0x10000) ||
		    (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
			return i;
		i += k + 1;
	}
	return n;
}

int utf8_valid(const char *s, size_t n)
{
	return utf8_invalid_at(s, n) == n;
}

/* The first control character in s (C0, DEL or C1; tab, line feed and
 * carriage return only when !allow_space), or 0. s is valid UTF-8. */
unsigned utf8_control_char(const char *s, int allow_space)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		if (*p < 0x20 || *p == 0x7f) {
			if (!(allow_space && (*p == '\t' || *p == '\n' || *p == '\r')))
				return *p;
		} else if (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F) {
			return p[1];
		} else if (*p == 0xE2 && ((p[1] == 0x80 && ((p[2] >= 0x8E && p[2] <= 0x8F) ||
							     (p[2] >= 0xAA && p[2] <= 0xAE))) ||
					  (p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9))) {
			/* bidirectional controls (U+200E-200F, U+202A-202E,
			 * U+2066-2069) can make a name read as another */
			return 0x2000u + (unsigned)((p[1] & 0x3F) << 6 | (p[2] & 0x3F));
		}
	}
	return 0;
}

size_t utf8_length(const char *s)
{
	size_t n = 0;
	for (; *s; s++)
		if (((unsigned char)*s & 0xC0) != 0x80)
			n++;
	return n;
}

unsigned utf8_next(const char **s)
{
	const unsigned char *p = (const unsigned char *)*s;
	unsigned c = p[0];
	int k = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
	unsigned cp = k == 0 ? c : k == 1 ? c & 0x1F : k == 2 ? c & 0x0F : c & 0x07;
	int i;
	for (i = 1; i <= k && (p[i] & 0xC0) == 0x80; i++)
		cp = (cp << 6) | (p[i] & 0x3F);
	*s += i;
	return cp;
}

/* ---- numbers ---- */

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

void fmt_sig(struct buf *b, double v, int digits)
{
	int mag, decimals;
	if (!isfinite(v) || v == 0) {
		fmt_fixed(b, v, 0);
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

/* ---- files ---- */

/* Files read whole are at most this long (as inputs are, see ingest.c):
 * past it read_file fails with EFBIG instead of filling memory. */
#define READ_FILE_MAX ((size_t)256 << 20)

int read_file(const char *path, char **data, size_t *len)
{
	struct stat st;
	FILE *f;
	struct buf b = BUF_INIT;
	char chunk[65536];
	size_t n;
	int err = 0;

	if (strcmp(path, "-") == 0) {
		f = stdin;
	} else {
		f = fopen(path, "rb");
		if (!f)
			return errno;
	}
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) && (uint64_t)st.st_size > READ_FILE_MAX)
		err = EFBIG;
	while (!err && (n = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (b.len + n > READ_FILE_MAX) {
			err = EFBIG;
			break;
		}
		buf_put(&b, chunk, n);
	}
	if (!err && ferror(f))
		err = errno ? errno : EIO;
	if (f != stdin)
		fclose(f);
	if (err) {
		buf_release(&b);
		return err;
	}
	*data = buf_detach(&b, len);
	return 0;
}

/* ---- time ---- */

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

/* Reads n digits at s into *v. */
static int digits(const char *s, int n, long *v)
{
	*v = 0;
	for (int i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		*v = *v * 10 + (s[i] - '0');
	}
	return 1;
}

int iso8601_seconds(const char *s, double *out)
{
	long y, mo, d, h = 0, mi = 0, sec = 0, oh, om;
	double frac = 0;
	const char *p = s + 10;

	if (strlen(s) < 10 || !digits(s, 4, &y) || s[4] != '-' || !digits(s + 5, 2, &mo) ||
	    s[7] != '-' || !digits(s + 8, 2, &d))
		return 0;
	if (*p == 'T' || *p == ' ') {
		if (!digits(p + 1, 2, &h) || p[3] != ':' || !digits(p + 4, 2, &mi))
			return 0;
		p += 6;
		if (*p == ':') {
			if (!digits(p + 1, 2, &sec))
				return 0;
			p += 3;
			if (*p == '.') {
				double scale = 0.1;
				for (p++; *p >= '0' && *p <= '9'; p++, scale /= 10)
					frac += (*p - '0') * scale;
			}
		}
		if (*p == 'Z') {
			p++;
		} else if (*p == '+' || *p == '-') {
			int sign = *p == '-' ? -1 : 1;
			if (!digits(p + 1, 2, &oh))
				return 0;
			p += 3;
			if (*p == ':')
				p++;
			if (!digits(p, 2, &om))
				return 0;
			p += 2;
			/* local = UTC + offset */
			h -= sign * oh;
			mi -= sign * om;
		}
	}
	if (*p)
		return 0;
	*out = (double)days_from_civil(y, mo, d) * 86400 + (double)(h * 3600 + mi * 60 + sec) + frac;
	return 1;
}
