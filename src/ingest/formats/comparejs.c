/*
 * comparejs.c - the CSV that Node.js core's benchmark/compare.js
 * prints:
 *
 *   "binary", "filename", "configuration", "rate", "time"
 *   "old", "buffers/buffer-compare.js", "millions=1 size=16", 43.85, 0.0228
 *   "new", "buffers/buffer-compare.js", "millions=1 size=16", 24.08, 0.0415
 *
 * Every row is one run of one configuration: a round of one pass, its rate
 * (operations per second, higher is better). The version is the binary,
 * "old" or "new"; the workload is the file name and the configuration. The
 * n-th row of a binary and workload is its round n. compare.js alternates
 * old and new runs, so the rounds are interleaved.
 */
#include "ingest/formats/reader.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NFIELDS 5

static const char *const header[NFIELDS] = { "binary", "filename", "configuration", "rate",
					     "time" };

/* Splits one line into fields: "quoted" (with "" for a quote) or bare,
 * separated by a comma and optional blanks. Returns the number of fields
 * (only the first max are kept, malloc'd), or SPLIT_OPEN for an unclosed
 * quote and SPLIT_JUNK for text after a closing quote (nothing kept). */
enum { SPLIT_OPEN = -1, SPLIT_JUNK = -2 };

static int split_csv(const char *p, const char *e, char **fields, int max)
{
	int n = 0, rc = 0;
	for (;;) {
		struct buf f = BUF_INIT;
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		if (p < e && *p == '"') {
			for (p++; !rc; p++) {
				if (p >= e)
					rc = SPLIT_OPEN;
				else if (*p == '"' && p + 1 < e && p[1] == '"')
					buf_putc(&f, *p++);
				else if (*p == '"')
					break;
				else
					buf_putc(&f, *p);
			}
			if (!rc) {
				p++;
				while (p < e && (*p == ' ' || *p == '\t'))
					p++;
				if (p < e && *p != ',')
					rc = SPLIT_JUNK;
			}
		} else {
			const char *s = p, *q;
			while (p < e && *p != ',')
				p++;
			q = p;
			while (q > s && (q[-1] == ' ' || q[-1] == '\t'))
				q--;
			buf_put(&f, s, (size_t)(q - s));
		}
		if (rc) {
			buf_release(&f);
			while (n > 0)
				if (--n < max)
					free(fields[n]);
			return rc;
		}
		if (n < max)
			fields[n] = buf_detach(&f, NULL);
		else
			buf_release(&f);
		n++;
		if (p >= e)
			return n;
		p++; /* the comma */
	}
}

static void free_fields(char **fields, int n)
{
	for (int i = 0; i < n && i < NFIELDS; i++)
		free(fields[i]);
}

/* The end of the line starting at p (before "\r\n" or "\n"). */
static const char *line_end(const char *p, const char *e, const char **next)
{
	const char *nl = memchr(p, '\n', (size_t)(e - p));
	const char *end = nl ? nl : e;
	*next = nl ? nl + 1 : e;
	if (end > p && end[-1] == '\r')
		end--;
	return end;
}

static int is_header(const char *text, size_t len)
{
	char *fields[NFIELDS];
	const char *p = text, *e = text + len, *next, *end;
	int n, ok = 1;
	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	end = line_end(p, e, &next);
	n = split_csv(p, end, fields, NFIELDS);
	if (n != NFIELDS) {
		free_fields(fields, n < 0 ? 0 : n);
		return 0;
	}
	for (int i = 0; i < NFIELDS; i++)
		ok &= strcmp(fields[i], header[i]) == 0;
	free_fields(fields, n);
	return ok;
}

static int probe_comparejs(const char *text, size_t len)
{
	return is_header(text, len) ? 2 : 0;
}

/* Rounds seen per (binary, workload), keyed by interned pointers. */
struct seen {
	const char **version, **workload;
	int *count;
	size_t n, a1, a2, a3;
};

static int next_round(struct seen *s, const char *version, const char *workload)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->version[i] == version && s->workload[i] == workload)
			return ++s->count[i];
	ALLOC_GROW(s->version, s->n + 1, s->a1);
	ALLOC_GROW(s->workload, s->n + 1, s->a2);
	ALLOC_GROW(s->count, s->n + 1, s->a3);
	s->version[s->n] = version;
	s->workload[s->n] = workload;
	s->count[s->n++] = 1;
	return 1;
}

static int read_row(struct model *m, const struct ingest_input *in, char **f, size_t lineno,
		    struct seen *seen, struct nf_error *err)
{
	char where[32], *end;
	const char *version, *workload;
	char *w;
	double rate, *pass;
	struct result_draft *r;

	snprintf(where, sizeof where, "line %zu", lineno);
	for (int i = 0; i < 3; i++) {
		if (!utf8_valid(f[i], strlen(f[i])))
			return reader_bad(err, in, where, "\"%s\" is not valid UTF-8", header[i]);
	}
	if (reader_check_name(f[0], "\"binary\"", in, where, err) ||
	    reader_check_name(f[1], "\"filename\"", in, where, err))
		return NF_DATAERR;
	errno = 0;
	rate = strtod(f[3], &end);
	if (end == f[3] || *end || errno || !isfinite(rate) || !(rate > 0))
		return reader_bad(err, in, where, "\"rate\" must be a finite number above zero, not "
				  "\"%.40s\"", f[3]);
	w = f[2][0] ? xasprintf("%s %s", f[1], f[2]) : xstrdup(f[1]);
	if (reader_check_name(w, "the workload", in, where, err)) {
		free(w);
		return NF_DATAERR;
	}
	workload = model_intern(m, w);
	free(w);
	version = model_intern(m, f[0]);
	pass = xmalloc(sizeof *pass);
	*pass = rate;
	r = reader_result(m, in, lineno, 1, workload, version, "ops/s", NULL, pass, 1);
	r->runner_interleaved = 1;
	r->round = next_round(seen, version, workload);
	reader_meta(m, r, "compare.js", NULL);
	model_add_result(m, r);
	return 0;
}

static int read_comparejs(struct model *m, const struct ingest_input *in, const char *text,
			  size_t len, struct nf_error *err)
{
	const char *p = text, *e = text + len, *next, *end;
	struct seen seen = { 0 };
	size_t lineno = 0, rows = 0;
	int rc = 0;

	if (in->label)
		return reader_bad(err, in, NULL, "compare.js output names its own versions (old and "
				  "new): give it without a label");
	if (memchr(text, '\0', len))
		return reader_bad(err, in, NULL, "a NUL byte in the text");
	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	m->ndocs++;
	while (p < e && !rc) {
		char *fields[NFIELDS];
		int n;
		end = line_end(p, e, &next);
		lineno++;
		if (lineno == 1 || end == p) {
			p = next;
			continue; /* the header (checked by the probe), blank lines */
		}
		n = split_csv(p, end, fields, NFIELDS);
		if (n == SPLIT_OPEN) {
			rc = reader_bad(err, in, NULL, "line %zu: a quoted field is not closed", lineno);
		} else if (n == SPLIT_JUNK) {
			rc = reader_bad(err, in, NULL, "line %zu: text after a quoted field", lineno);
		} else if (n != NFIELDS) {
			free_fields(fields, n);
			rc = reader_bad(err, in, NULL, "line %zu: expected %d fields (binary, filename, "
					"configuration, rate, time), found %d", lineno, NFIELDS, n);
		} else {
			rc = read_row(m, in, fields, lineno, &seen, err);
			free_fields(fields, n);
			rows++;
		}
		p = next;
	}
	if (!rc && rows == 0)
		rc = reader_bad(err, in, NULL, "no rows after the header");
	free(seen.version);
	free(seen.workload);
	free(seen.count);
	return rc;
}

const struct ingest_format ingest_format_comparejs = {
	"Node.js benchmark/compare.js CSV",
	probe_comparejs,
	read_comparejs,
};
