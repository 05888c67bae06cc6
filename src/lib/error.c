/*
 * error.c - filling struct nf_error, and the exit status of a read error.
 */
#define _GNU_SOURCE /* vasprintf */
#include "lib/error.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Moves i back to the start of the UTF-8 character it is in. */
static size_t char_start(const char *s, size_t i)
{
	while (i > 0 && ((unsigned char)s[i] & 0xC0) == 0x80)
		i--;
	return i;
}

int nf_error_set(struct nf_error *err, int status, const char *fmt, ...)
{
	va_list ap;
	char *full = NULL;
	int n;
	if (!err)
		return status;
	err->status = status;
	va_start(ap, fmt);
	n = vasprintf(&full, fmt, ap);
	va_end(ap);
	if (n < 0) {
		snprintf(err->msg, sizeof err->msg, "%s", fmt);
		return status;
	}
	if ((size_t)n < sizeof err->msg) {
		memcpy(err->msg, full, (size_t)n + 1);
	} else {
		/* too long (long paths): the middle gives way, so the
		 * message keeps its subject's start and its reason */
		static const char gap[] = "\xE2\x80\xA6"; /* … */
		size_t half = (sizeof err->msg - sizeof gap) / 2;
		size_t head = char_start(full, half);
		size_t tail = char_start(full, (size_t)n - half + 3);
		memcpy(err->msg, full, head);
		memcpy(err->msg + head, gap, sizeof gap - 1);
		memcpy(err->msg + head + sizeof gap - 1, full + tail, (size_t)n - tail + 1);
	}
	free(full);
	return status;
}

int nf_status_for_write_errno(int e)
{
	return e == ENOSPC || e == EDQUOT || e == EIO || e == EFBIG ? NF_IOERR : NF_CANTCREAT;
}

int nf_status_for_read_errno(int e)
{
	switch (e) {
	case ENOENT:
	case ENOTDIR:
	case EACCES:
	case EPERM:
		return NF_NOINPUT;
	default:
		return NF_IOERR;
	}
}
