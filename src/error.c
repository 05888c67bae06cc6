/*
 * error.c - filling struct nf_error, and the table of exit statuses.
 */
#include "error.h"

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

static const struct {
	int status;
	const char *text;
} statuses[] = {
	{ NF_OK, "done" },
	{ NF_FAIL, "check: a workload is worse than the baseline beyond the noise" },
	{ NF_USAGE, "usage error" },
	{ NF_DATAERR, "bad input data" },
	{ NF_NOINPUT, "input missing or unreadable" },
	{ NF_CANTCREAT, "cannot write output" },
	{ NF_IOERR, "I/O error" },
	{ NF_TEMPFAIL, "run --strict: the machine is too noisy to start" },
	{ NF_INTERRUPTED, "run: stopped by SIGINT or SIGTERM" },
};

const char *nf_status_str(int status)
{
	for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++)
		if (statuses[i].status == status)
			return statuses[i].text;
	return "unknown status";
}
