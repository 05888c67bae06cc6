/*
 * enospc.c - an LD_PRELOAD shim for a full disk: every write to a file
 * (not to standard input, output or error) fails with ENOSPC, whether the
 * program calls write() itself or a library writes through stdio (fwrite,
 * fputs, fputc, fprintf), as libxlsxwriter's zip writer does.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/uio.h>

static int full(int fd)
{
	if (fd <= 2)
		return 0;
	errno = ENOSPC;
	return 1;
}

#define PASS(type, name, args, ...)                                                  \
	static type (*real)args;                                                     \
	if (!real)                                                                   \
		real = (type(*) args)dlsym(RTLD_NEXT, name);                         \
	return real(__VA_ARGS__)

#include <dlfcn.h>

ssize_t write(int fd, const void *b, size_t n)
{
	if (full(fd))
		return -1;
	PASS(ssize_t, "write", (int, const void *, size_t), fd, b, n);
}

ssize_t pwrite(int fd, const void *b, size_t n, off_t o)
{
	if (full(fd))
		return -1;
	PASS(ssize_t, "pwrite", (int, const void *, size_t, off_t), fd, b, n, o);
}

ssize_t writev(int fd, const struct iovec *v, int n)
{
	if (full(fd))
		return -1;
	PASS(ssize_t, "writev", (int, const struct iovec *, int), fd, v, n);
}

size_t fwrite(const void *b, size_t size, size_t n, FILE *f)
{
	if (full(fileno(f)))
		return 0;
	PASS(size_t, "fwrite", (const void *, size_t, size_t, FILE *), b, size, n, f);
}

int fputs(const char *s, FILE *f)
{
	if (full(fileno(f)))
		return EOF;
	PASS(int, "fputs", (const char *, FILE *), s, f);
}

int fputc(int c, FILE *f)
{
	if (full(fileno(f)))
		return EOF;
	PASS(int, "fputc", (int, FILE *), c, f);
}

int vfprintf(FILE *f, const char *fmt, va_list ap)
{
	if (full(fileno(f)))
		return -1;
	PASS(int, "vfprintf", (FILE *, const char *, va_list), f, fmt, ap);
}

int fprintf(FILE *f, const char *fmt, ...)
{
	va_list ap;
	int r;
	if (full(fileno(f)))
		return -1;
	va_start(ap, fmt);
	r = vfprintf(f, fmt, ap);
	va_end(ap);
	return r;
}
