/*
 * ingest.c - reading inputs: format detection, streaming NDJSON, merging.
 *
 * Every input is either streamed (rounds-format NDJSON, recognised from its
 * first line) or read whole and handed to the format whose probe is surest.
 * ingest_finish() then numbers rounds across documents and checks the merged
 * set, so format readers only describe what their file says.
 */
#include "ingest.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The formats, in the order their probes are tried (ties go to the first). */
static const struct ingest_format *const formats[] = {
	&ingest_format_rounds,
	&ingest_format_hyperfine,
	&ingest_format_gbench,
	&ingest_format_mitata,
	&ingest_format_tinybench,
	&ingest_format_benchmarkjs,
	&ingest_format_autocannon,
	&ingest_format_comparejs,
	&ingest_format_pyperf,
};
static const size_t nformats = sizeof formats / sizeof formats[0];

void ingest_line_col(const char *text, size_t off, size_t *line, size_t *col)
{
	size_t l = 1, c = 1;
	for (size_t i = 0; i < off && text[i]; i++) {
		if (text[i] == '\n') {
			l++;
			c = 1;
		} else if (((unsigned char)text[i] & 0xC0) != 0x80) {
			c++;
		}
	}
	*line = l;
	*col = c;
}

static const struct {
	const char *alias, *unit;
	int better;
} units[] = {
	{ "ns", "ns", BETTER_LOWER }, { "nanoseconds", "ns", BETTER_LOWER },
	{ "us", "\xC2\xB5s", BETTER_LOWER }, { "\xC2\xB5s", "\xC2\xB5s", BETTER_LOWER },
	{ "\xCE\xBCs", "\xC2\xB5s", BETTER_LOWER }, { "usec", "\xC2\xB5s", BETTER_LOWER },
	{ "microseconds", "\xC2\xB5s", BETTER_LOWER },
	{ "ms", "ms", BETTER_LOWER }, { "msec", "ms", BETTER_LOWER },
	{ "milliseconds", "ms", BETTER_LOWER },
	{ "s", "s", BETTER_LOWER }, { "sec", "s", BETTER_LOWER }, { "seconds", "s", BETTER_LOWER },
	{ "ops/s", "ops/s", BETTER_HIGHER }, { "ops/sec", "ops/s", BETTER_HIGHER },
	{ "op/s", "ops/s", BETTER_HIGHER }, { "hz", "ops/s", BETTER_HIGHER },
	{ "req/s", "req/s", BETTER_HIGHER }, { "req/sec", "req/s", BETTER_HIGHER },
	{ "requests/s", "req/s", BETTER_HIGHER }, { "rps", "req/s", BETTER_HIGHER },
	{ "mb/s", "MB/s", BETTER_HIGHER }, { "bytes/s", "B/s", BETTER_HIGHER },
};

const char *ingest_unit(struct model *m, const char *unit, int *better)
{
	size_t n = strlen(unit);
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (strcasecmp(units[i].alias, unit) == 0) {
			*better = units[i].better;
			return model_intern(m, units[i].unit);
		}
	}
	/* any other rate ("items/s", "MB/sec") is better when higher */
	*better = (n > 2 && strcmp(unit + n - 2, "/s") == 0) ||
		  (n > 4 && strcmp(unit + n - 4, "/sec") == 0) ? BETTER_HIGHER : BETTER_LOWER;
	return model_intern(m, unit);
}

/* Seconds per unit for the time units, 0 for anything else. */
static double time_scale(const char *unit)
{
	if (strcmp(unit, "ns") == 0)
		return 1e-9;
	if (strcmp(unit, "\xC2\xB5s") == 0)
		return 1e-6;
	if (strcmp(unit, "ms") == 0)
		return 1e-3;
	if (strcmp(unit, "s") == 0)
		return 1;
	return 0;
}

static void add_source(struct model *m, const char *path)
{
	ALLOC_GROW(m->sources, m->nsources + 1, m->sources_alloc);
	m->sources[m->nsources++] = xstrdup(path);
}

/* 1 when a line looks like the start of rounds-format NDJSON: one complete
 * JSON object on the line with a "workload" or a rounds "format" member. */
static int looks_like_ndjson_line(const char *line, size_t len)
{
	const char *p = line, *e = line + len;
	while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	if (p == e || *p != '{')
		return 0;
	while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n'))
		e--;
	if (e[-1] != '}')
		return 0;
	return strstr(line, "\"workload\"") != NULL || strstr(line, "\"noisefloor.rounds/") != NULL;
}

static int read_rest(FILE *f, struct buf *b)
{
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		buf_put(b, chunk, n);
	return ferror(f) ? (errno ? errno : EIO) : 0;
}

static int read_whole(struct model *m, const struct ingest_input *in, struct buf *text,
		      struct nf_error *err)
{
	const struct ingest_format *fmt = NULL;
	int score = 0;
	const char *p = buf_str(text);

	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	if (!*p)
		return nf_error_set(err, NF_DATAERR, "cannot read '%s': the input is empty", in->path);
	for (size_t i = 0; i < nformats; i++) {
		int s = formats[i]->probe(buf_str(text), text->len);
		if (s > score) {
			score = s;
			fmt = formats[i];
		}
	}
	if (!fmt) {
		struct buf names = BUF_INIT;
		for (size_t i = 0; i < nformats; i++)
			buf_printf(&names, "%s%s", i ? ", " : "", formats[i]->name);
		nf_error_set(err, NF_DATAERR, "cannot read '%s': not in any known format (tried %s)",
			     in->path, names.s);
		buf_release(&names);
		return NF_DATAERR;
	}
	return fmt->read(m, in, buf_str(text), text->len, err);
}

int ingest_file(struct model *m, const struct ingest_input *in, struct nf_error *err)
{
	FILE *f;
	struct stat st;
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int rc;
	int is_stdin = strcmp(in->path, "-") == 0;

	if (is_stdin) {
		f = stdin;
	} else {
		if (stat(in->path, &st) == 0 && S_ISDIR(st.st_mode))
			return nf_error_set(err, NF_NOINPUT, "cannot read '%s': is a directory", in->path);
		f = fopen(in->path, "rb");
		if (!f)
			return nf_error_set(err, nf_status_for_read_errno(errno), "cannot read '%s': %s",
					    in->path, strerror(errno));
	}
	add_source(m, in->path);

	errno = 0;
	n = getline(&line, &cap, f);
	if (n < 0 && ferror(f)) {
		rc = nf_error_set(err, NF_IOERR, "cannot read '%s': %s", in->path, strerror(errno));
	} else if (n > 0 && looks_like_ndjson_line(line, (size_t)n)) {
		/* streamed: memory stays proportional to the values kept */
		rc = ingest_rounds_ndjson_stream(m, in, line, (size_t)n, f, err);
	} else {
		struct buf text = BUF_INIT;
		int e;
		if (n > 0)
			buf_put(&text, line, (size_t)n);
		e = read_rest(f, &text);
		if (e)
			rc = nf_error_set(err, NF_IOERR, "cannot read '%s': %s", in->path, strerror(e));
		else
			rc = read_whole(m, in, &text, err);
		buf_release(&text);
	}
	free(line);
	if (!is_stdin)
		fclose(f);
	return rc;
}

/* ---- after the last input ---- */

static const struct model *sort_model;

/* Orders result indexes by (workload, platform, version, doc, input order). */
static int cmp_key(const void *a, const void *b)
{
	const struct result *x = &sort_model->results[*(const size_t *)a];
	const struct result *y = &sort_model->results[*(const size_t *)b];
	int c;
	if ((c = strcmp(x->workload, y->workload)) != 0)
		return c;
	if ((c = strcmp(x->platform, y->platform)) != 0)
		return c;
	if ((c = strcmp(x->version, y->version)) != 0)
		return c;
	if (x->doc != y->doc)
		return x->doc < y->doc ? -1 : 1;
	return (x > y) - (x < y);
}

static int cmp_round(const void *a, const void *b)
{
	const struct result *x = &sort_model->results[*(const size_t *)a];
	const struct result *y = &sort_model->results[*(const size_t *)b];
	if (x->round != y->round)
		return x->round < y->round ? -1 : 1;
	return (x > y) - (x < y);
}

static void where_str(struct buf *b, const struct result *r)
{
	buf_printf(b, "'%s' %s %zu", r->source, r->where_is_line ? "line" : "result", r->where);
}

/* Within one (workload, platform): convert time units to the first one seen;
 * mixing a time with a rate, or two rates, is an error. */
static int unify_units(struct model *m, size_t *idx, size_t n, struct nf_error *err)
{
	struct result *first = &m->results[idx[0]];
	for (size_t i = 1; i < n; i++) {
		struct result *r = &m->results[idx[i]];
		double a, b;
		if (r->unit == first->unit)
			continue;
		a = time_scale(r->unit);
		b = time_scale(first->unit);
		if (a == 0 || b == 0) {
			struct buf w = BUF_INIT;
			where_str(&w, r);
			nf_error_set(err, NF_DATAERR,
				     "cannot compare \"%s\" on %s: measured in %s and in %s (%s)",
				     r->workload, r->platform, first->unit, r->unit, w.s);
			buf_release(&w);
			return NF_DATAERR;
		}
		for (size_t k = 0; k < r->npasses; k++)
			r->passes[k] *= a / b;
		r->unit = first->unit;
		r->better = first->better;
	}
	return 0;
}

int ingest_finish(struct model *m, struct nf_error *err)
{
	size_t *idx, i = 0;
	int rc = 0;

	if (m->nresults == 0)
		return nf_error_set(err, NF_DATAERR, "no results in the input");
	idx = xmalloc(m->nresults * sizeof *idx);
	for (size_t k = 0; k < m->nresults; k++)
		idx[k] = k;
	sort_model = m;
	qsort(idx, m->nresults, sizeof *idx, cmp_key);

	/* units per (workload, platform) */
	while (i < m->nresults && !rc) {
		size_t j = i;
		const struct result *a = &m->results[idx[i]];
		while (j < m->nresults && strcmp(m->results[idx[j]].workload, a->workload) == 0 &&
		       strcmp(m->results[idx[j]].platform, a->platform) == 0)
			j++;
		rc = unify_units(m, idx + i, j - i, err);
		i = j;
	}

	/* Round numbers per (workload, platform, version): a later document's
	 * rounds continue after the earlier documents' rounds; results without
	 * a round are the next round of their document. */
	for (i = 0; i < m->nresults && !rc;) {
		size_t j = i;
		int offset = 0, doc_max = 0;
		size_t doc = m->results[idx[i]].doc;
		struct result *a = &m->results[idx[i]];
		while (j < m->nresults) {
			struct result *r = &m->results[idx[j]];
			if (r->workload != a->workload || r->platform != a->platform ||
			    r->version != a->version)
				break;
			if (r->doc != doc) {
				offset = doc_max;
				doc = r->doc;
			}
			r->round = r->round ? offset + r->round : doc_max + 1;
			if (r->round > doc_max)
				doc_max = r->round;
			j++;
		}
		/* duplicates: the same round twice within the group */
		qsort(idx + i, j - i, sizeof *idx, cmp_round);
		for (size_t x = i + 1; x < j && !rc; x++) {
			struct result *p = &m->results[idx[x - 1]], *q = &m->results[idx[x]];
			if (p->round == q->round) {
				struct buf w1 = BUF_INIT, w2 = BUF_INIT;
				where_str(&w1, p);
				where_str(&w2, q);
				rc = nf_error_set(err, NF_DATAERR,
						  "round %d of %s for \"%s\" on %s appears twice (%s and %s)",
						  p->round, p->version, p->workload, p->platform, w1.s, w2.s);
				buf_release(&w1);
				buf_release(&w2);
			}
		}
		i = j;
	}
	free(idx);
	return rc;
}
