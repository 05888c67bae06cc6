/*
 * error.h - errors as values. Library code fills a struct nf_error and returns
 * its status; only the command layer (cli.c) prints ("noisefloor: <msg>").
 *
 * Statuses are the program's documented exit codes (sysexits.h values).
 */
#ifndef NF_ERROR_H
#define NF_ERROR_H

enum nf_status {
	NF_OK = 0,
	NF_FAIL = 1,       /* check: a regression beyond the noise; run: a command failed */
	NF_USAGE = 2,      /* bad command line */
	NF_DATAERR = 65,   /* bad input data */
	NF_NOINPUT = 66,   /* input missing or unreadable */
	NF_CANTCREAT = 73, /* cannot write output */
	NF_IOERR = 74,     /* I/O error while reading or writing */
	NF_TEMPFAIL = 75,  /* `noisefloor run --strict`: the machine is too noisy now */
	NF_INTERRUPTED = 130 /* `noisefloor run`: stopped by SIGINT or SIGTERM */
};

struct nf_error {
	int status;
	char msg[16384]; /* lower case, no final period, subject quoted; room for
	                    three whole paths; a longer message loses its middle */
};

/* Sets err (when not NULL) and returns status, so callers can write
 * `return nf_error_set(err, NF_DATAERR, "...")`. */
int nf_error_set(struct nf_error *err, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The exit status for an errno value met while reading an input file. */
int nf_status_for_read_errno(int e);

/* The exit status for an errno value met while writing an output, the same
 * for every writer: a full disk, a quota, a file too large or a failing
 * device is NF_IOERR (74); anything else (permissions, a bad path) is
 * NF_CANTCREAT (73). */
int nf_status_for_write_errno(int e);

#endif
