/*
 * util.h - allocation wrappers, a growable string buffer, UTF-8 checks and
 * locale-independent number formatting shared by every part of noisefloor.
 *
 * Allocation failure aborts the program (a CLI gains nothing from half-handled
 * out-of-memory); every other error is returned as a value.
 */
#ifndef NF_UTIL_H
#define NF_UTIL_H

#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>

/* Abort with a message on out-of-memory. Results are never NULL. */
/*
 * Where a shipped file `rel` is: under $env_name when that is set (whether
 * or not it exists there), else beside the program, else in `installed`
 * relative to the program's folder (an installed PREFIX/bin/noisefloor),
 * else under `fallback` (the configured install path, where the caller
 * reports its absence). The two candidates beside the program count only
 * when they exist (as a regular file with want_file). The program's folder
 * is read once per process. Returns a malloc'd path.
 */
char *find_shipped(const char *env_name, const char *installed, const char *fallback,
		   const char *rel, int want_file);
/* Prints the one out-of-memory message for a request of n bytes and
 * aborts; for allocators of their own (arena.c). */
void die_oom(size_t n) __attribute__((noreturn));
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
/* Returns a malloc'd copy of s (NULL stays NULL); caller frees. */
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Returns a malloc'd formatted string; caller frees. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Grow an array `p` of `*alloc` elements of `size` so index `need-1` fits. */
#define ALLOC_GROW(p, need, alloc)                                          \
	do {                                                                \
		if ((size_t)(need) > (alloc)) {                             \
			size_t nf__n = (alloc) ? (alloc) * 2 : 8;           \
			while (nf__n < (size_t)(need)) nf__n *= 2;          \
			(p) = xrealloc((p), nf__n * sizeof(*(p)));          \
			(alloc) = nf__n;                                    \
		}                                                           \
	} while (0)

/*
 * A growable byte buffer, always NUL-terminated (git's strbuf).
 * BUF_INIT or buf_init() gives an empty buffer whose `s` is a valid "".
 */
struct buf {
	char *s;
	size_t len;
	size_t alloc;
};
#define BUF_INIT { NULL, 0, 0 }

void buf_init(struct buf *b);
/* Frees the storage; the buffer is empty and reusable afterwards. */
void buf_release(struct buf *b);

/* A set of addresses (interned strings, say), for "seen before?" in one
 * pass: open addressing, doubled when half full. Zeroed is empty. */
struct ptrset {
	const void **slot;
	size_t cap, n;
};
/* Adds p (not NULL); returns 1 when it was not in the set yet, else 0. */
int ptrset_add(struct ptrset *s, const void *p);
void ptrset_release(struct ptrset *s);
/* Returns the malloc'd contents (never NULL); the buffer is left empty. */
char *buf_detach(struct buf *b, size_t *len);
void buf_grow(struct buf *b, size_t extra);
void buf_put(struct buf *b, const void *data, size_t n);
void buf_puts(struct buf *b, const char *s);
void buf_putc(struct buf *b, int c);
void buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_vprintf(struct buf *b, const char *fmt, va_list ap);
void buf_reset(struct buf *b);
/* The contents, or "" for a buffer that never grew. */
const char *buf_str(const struct buf *b);

/* Reads one line, up to and including its '\n', into b (replacing what it
 * held). Returns its length (0 at the end of the input), or -1 when the line
 * is longer than max bytes (b then holds its first max + 1 bytes). Check
 * ferror(f) for read errors. */
long buf_read_line(struct buf *b, FILE *f, size_t max);

/* 1 when s[0..n) is well-formed UTF-8 (no overlongs, surrogates, > U+10FFFF). */
int utf8_valid(const char *s, size_t n);
/* Byte offset of the first invalid UTF-8 sequence in s[0..n), or n. */
size_t utf8_invalid_at(const char *s, size_t n);
/* The one rule for text that enters noisefloor (doc/limits.md, "Guarantees"): the
 * first control character in the valid UTF-8 text s[0..n): C0 (but tab,
 * line feed and carriage return when allow_space), DEL, C1, or a
 * bidirectional control (U+061C, U+200E-200F, U+202A-202E, U+2066-2069);
 * 0 when there is none. *at (when not NULL) is its byte offset. Every
 * reader refuses such a text with its place; none is ever replaced. */
unsigned utf8_control_at(const char *s, size_t n, int allow_space, size_t *at);
/* utf8_control_at of the NUL-terminated s. */
unsigned utf8_control_char(const char *s, int allow_space);
/* Number of code points in a valid UTF-8 string. */
size_t utf8_length(const char *s);
/* Decodes one code point of a valid UTF-8 string at *s and advances *s. */
unsigned utf8_next(const char **s);

/* Read a whole file (or stdin for "-") into a malloc'd NUL-terminated buffer.
 * Returns 0, or an errno value; *data is set only on success. */
int read_file(const char *path, char **data, size_t *len);

/* Writes all n bytes of p to fd, again after EINTR and short writes.
 * Returns 0, or an errno value (EIO when write wrote nothing). */
int write_all(int fd, const void *p, size_t n);

/* rm -rf path: removes it and everything under it, following no symbolic
 * link; what cannot be removed stays. */
void remove_tree(const char *path);

#endif
