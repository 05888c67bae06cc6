/*
 * error.c - filling struct nf_error, and the exit status of a read error.
 */
#include "lib/error.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

int nf_error_set(struct nf_error *err, int status, const char *fmt, ...)
{
	va_list ap;
	if (!err)
		return status;
	err->status = status;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof err->msg, fmt, ap);
	va_end(ap);
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
