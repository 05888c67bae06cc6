/*
 * util.c - allocation wrappers, the string buffer, UTF-8 validation, files
 * read whole and the shipped files' lookup. (Numbers are written by fmt.c.)
 *
 * Allocation asks nothing of the kernel beyond malloc: the one policy for
 * big arrays (no transparent huge pages, which cost more kernel time than
 * they saved faults) is arena.c's.
 */
/* readlink and PATH_MAX: the tests also build this file alone; nftw's
 * FTW_DEPTH and FTW_PHYS are X/Open's */
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

void die_oom(size_t n)
{
	fprintf(stderr, "noisefloor: out of memory allocating %zu bytes\n", n);
	abort();
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
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		die_oom(n * size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q)
		die_oom(n);
	return q;
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

static size_t ptrset_at(const struct ptrset *s, const void *p)
{
	uint64_t h = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15u;
	size_t k = (size_t)(h >> 32) & (s->cap - 1);
	while (s->slot[k] && s->slot[k] != p)
		k = (k + 1) & (s->cap - 1);
	return k;
}

int ptrset_add(struct ptrset *s, const void *p)
{
	size_t k;

	if (2 * (s->n + 1) > s->cap) {
		struct ptrset t = { NULL, s->cap ? 2 * s->cap : 64, 0 };
		t.slot = xcalloc(t.cap, sizeof(*t.slot));
		for (size_t i = 0; i < s->cap; i++)
			if (s->slot[i])
				t.slot[ptrset_at(&t, s->slot[i])] = s->slot[i];
		t.n = s->n;
		free(s->slot);
		*s = t;
	}
	k = ptrset_at(s, p);
	if (s->slot[k])
		return 0;
	s->slot[k] = p;
	s->n++;
	return 1;
}

void ptrset_release(struct ptrset *s)
{
	free(s->slot);
	memset(s, 0, sizeof(*s));
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

/* The first control character in s[0..n) (C0, DEL or C1; tab, line feed
 * and carriage return only when !allow_space; the bidirectional controls),
 * or 0. s is valid UTF-8. */
unsigned utf8_control_at(const char *s, size_t n, int allow_space, size_t *at)
{
	const unsigned char *b = (const unsigned char *)s, *e = b + n;
	for (const unsigned char *p = b; p < e; p++) {
		unsigned c = 0;
		if (*p < 0x20 || *p == 0x7f) {
			if (!(allow_space && (*p == '\t' || *p == '\n' || *p == '\r')))
				c = *p;
		} else if (*p < 0xC2 || e - p < 2) {
			continue;
		} else if (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F) {
			c = p[1];
		} else if (*p == 0xD8 && p[1] == 0x9C) {
			c = 0x061C; /* the Arabic letter mark */
		} else if (*p == 0xE2 && e - p >= 3 &&
			   ((p[1] == 0x80 && ((p[2] >= 0x8E && p[2] <= 0x8F) || (p[2] >= 0xAA && p[2] <= 0xAE))) ||
			    (p[1] == 0x81 && p[2] >= 0xA6 && p[2] <= 0xA9))) {
			/* bidirectional controls (U+200E-200F, U+202A-202E,
			 * U+2066-2069) can make a name read as another */
			c = 0x2000u + (unsigned)((p[1] & 0x3F) << 6 | (p[2] & 0x3F));
		}
		if (c) {
			if (at)
				*at = (size_t)(p - b);
			return c;
		}
	}
	return 0;
}

unsigned utf8_control_char(const char *s, int allow_space)
{
	return utf8_control_at(s, strlen(s), allow_space, NULL);
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

int write_all(int fd, const void *p, size_t n)
{
	const char *s = p;
	while (n > 0) {
		ssize_t k = write(fd, s, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return k < 0 ? errno : EIO;
		s += k;
		n -= (size_t)k;
	}
	return 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

void remove_tree(const char *path)
{
	nftw(path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}
