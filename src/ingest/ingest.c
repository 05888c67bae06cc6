/*
 * ingest.c - reading inputs: format detection, streaming NDJSON, merging.
 *
 * Every input is either streamed (rounds-format NDJSON, recognised from its
 * first line) or read whole and handed to the format whose probe is surest.
 * ingest_finish() then numbers rounds across documents and checks the merged
 * set, so format readers only describe what their file says.
 *
 * The limits (doc/limits.md, "Limits") are enforced here for every
 * format: a file read whole is at most INGEST_MAX_DOCUMENT bytes (its size is
 * checked before reading when it is a regular file), a line at most INGEST_MAX_LINE,
 * JSON nests at most JSON_MAX_DEPTH levels, and ingest_finish() checks every
 * result against the model's contract, whichever reader made it.
 */
/* fopencookie(): a stream that hashes what it reads */
#define _GNU_SOURCE
#include "ingest/ingest.h"
#include "ingest/formats/reader.h"
#include "ingest/json_input.h"
#include "lib/digest256.h"
#include "lib/util.h"
#include "model/semver.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <float.h>
#include <inttypes.h>
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

/* v in a unit of `from` seconds, in units of `to` seconds (both powers of
 * ten from time_scale): multiplied or divided by the exact power of ten
 * between them, so 1 µs is 1000 ns, not the 999.9999999999999 that
 * v * (1e-6 / 1e-9) gives, and the result is v's correctly rounded. */
static double rescale(double v, double from, double to)
{
	double f = from > to ? from / to : to / from;
	f = pow(10, round(log10(f))); /* 1e3, 1e6 or 1e9: exact doubles */
	return from > to ? v * f : v / f;
}

/* What the input being read set of its machine, once it is read whole:
 * values an earlier input set are not its own. */
static void source_env_close(struct model *m)
{
	struct source_env *e;
	if (!m->nsources)
		return;
	e = &m->source_envs[m->nsources - 1];
	e->cpu = model_env_since(m, "cpu", e->env_from);
	e->cores = model_env_since(m, "cores", e->env_from);
}

void ingest_add_source(struct model *m, const char *path)
{
	struct source_env *e;
	source_env_close(m);
	ALLOC_GROW(m->sources, m->nsources + 1, m->sources_alloc);
	m->source_envs = xrealloc(m->source_envs, m->sources_alloc * sizeof *m->source_envs);
	e = &m->source_envs[m->nsources];
	e->cpu = e->cores = NULL;
	e->doc_from = m->ndocs;
	e->env_from = m->env_changes;
	m->sources[m->nsources++] = xstrdup(path);
}

/* 1 when the object at line[0..len) parses and every member of it is a
 * document field of the rounds format: a header line that does not name
 * its format ({"workloads": ...} printed by a workload ahead of its
 * results), which the format allows. */
static int only_document_fields(const char *line, size_t len)
{
	static const char *const fields[] = { "format", "title", "subject", "environment",
					      "notes", "workloads", "run" };
	cJSON *v = cJSON_ParseWithLength(line, len), *it;
	int ok = cJSON_IsObject(v) && v->child;
	if (ok)
		cJSON_ArrayForEach(it, v) {
			size_t k = 0;
			while (k < sizeof fields / sizeof *fields && strcmp(it->string, fields[k]) != 0)
				k++;
			if (k == sizeof fields / sizeof *fields)
				ok = 0;
		}
	cJSON_Delete(v);
	return ok;
}

/* 1 when a line looks like the start of rounds-format NDJSON: one complete
 * JSON object on the line with a "workload" or a rounds "format" member, or
 * a header line of document fields alone. */
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
	return strstr(line, "\"workload\"") != NULL || strstr(line, "\"noisefloor.rounds/") != NULL ||
	       only_document_fields(p, (size_t)(e - p));
}

/* Reads the rest of f after the b->len bytes already in b, up to
 * INGEST_MAX_DOCUMENT bytes in all, straight into b; stops early at a NUL
 * byte (no format is binary). `size` is the file's size when known (a
 * regular file), else 0: then b is made that large once instead of growing
 * as it fills. */
static int read_rest(const struct ingest_input *in, FILE *f, struct buf *b, size_t size,
		     struct nf_error *err)
{
	size_t n;
	if (size > b->len && size <= INGEST_MAX_DOCUMENT)
		buf_grow(b, size - b->len + 1); /* + 1: room to read the end of the file */
	for (;;) {
		size_t room;
		char *at;
		if (b->alloc - b->len < 2)
			buf_grow(b, 65536);
		room = b->alloc - b->len - 1;
		if (room > INGEST_MAX_DOCUMENT + 1 - b->len)
			room = INGEST_MAX_DOCUMENT + 1 - b->len;
		at = b->s + b->len;
		if ((n = fread(at, 1, room, f)) == 0)
			break;
		if (b->len + n > INGEST_MAX_DOCUMENT)
			return ingest_too_large(in, INGEST_MAX_DOCUMENT, 0, err);
		b->len += n;
		b->s[b->len] = '\0';
		if (memchr(at, '\0', n))
			break;
	}
	if (ferror(f))
		return nf_error_set(err, nf_status_for_read_errno(errno ? errno : EIO),
				    "cannot read '%s': %s", in->path, strerror(errno ? errno : EIO));
	return 0;
}

static int read_whole(struct model *m, const struct ingest_input *in, struct buf *text,
		      struct nf_error *err)
{
	const struct ingest_format *fmt = NULL;
	int score = 0, rc;
	const char *p = buf_str(text);

	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	if (memchr(text->s ? text->s : "", '\0', text->len)) {
		size_t line, col;
		json_line_col(text->s, strlen(text->s), &line, &col);
		return nf_error_set(err, NF_DATAERR, "cannot read '%s': line %zu, column %zu: "
				    "a NUL byte (not a text file)", in->path, line, col);
	}
	if (!*p)
		return nf_error_set(err, NF_DATAERR, "cannot read '%s': the input is empty", in->path);
	/* the common case first: a plain rounds document, read in one pass */
	if (*p == '{' && ingest_rounds_plain(m, in, text->s, text->len))
		return 0;
	if (*p == '{' || *p == '[') {
		long at;
		json_scan_begin(text->s, text->len);
		at = json_too_deep_at(text->s, text->len);
		if (at >= 0) {
			size_t line, col;
			json_line_col(text->s, (size_t)at, &line, &col);
			json_scan_end();
			return nf_error_set(err, NF_DATAERR, "cannot read '%s': line %zu, column %zu: "
					    "nested deeper than %d levels", in->path, line, col,
					    JSON_MAX_DEPTH);
		}
	}
	reader_keys_begin(buf_str(text), text->len);
	for (size_t i = 0; i < nformats; i++) {
		int s = formats[i]->probe(buf_str(text), text->len);
		if (s > score) {
			score = s;
			fmt = formats[i];
		}
		if (score == 2)
			break; /* certain: a later probe could only tie, and ties go to the first */
	}
	reader_keys_end();
	if (!fmt) {
		struct buf names = BUF_INIT;
		for (size_t i = 0; i < nformats; i++)
			buf_printf(&names, "%s%s", i ? ", " : "", formats[i]->name);
		rc = nf_error_set(err, NF_DATAERR, "cannot read '%s': " INGEST_UNKNOWN_FORMAT
				  " (tried %s)", in->path, names.s);
		buf_release(&names);
	} else {
		rc = fmt->read(m, in, buf_str(text), text->len, err);
	}
	json_scan_end();
	return rc;
}

/* A stream that hashes what is read through it: the digest of an input is
 * of the bytes noisefloor read, stdin included, without reading twice. */
struct hashing {
	FILE *f;
	struct digest256 sha;
};

static ssize_t hashing_read(void *cookie, char *buf, size_t n)
{
	struct hashing *h = cookie;
	size_t k = fread(buf, 1, n, h->f);
	if (k == 0 && ferror(h->f))
		return -1;
	digest256_update(&h->sha, buf, k);
	return (ssize_t)k;
}

int ingest_file(struct model *m, const struct ingest_input *in, struct nf_error *err)
{
	FILE *f, *raw;
	struct hashing hashing;
	cookie_io_functions_t io = { hashing_read, NULL, NULL, NULL };
	char hex[65];
	struct stat st;
	struct buf line = BUF_INIT;
	ssize_t n;
	int rc;
	int is_stdin = strcmp(in->path, "-") == 0;

	if (is_stdin) {
		raw = stdin;
	} else {
		if (stat(in->path, &st) == 0 && S_ISDIR(st.st_mode))
			return nf_error_set(err, NF_NOINPUT, "cannot read '%s': is a directory", in->path);
		raw = fopen(in->path, "rb");
		if (!raw)
			return nf_error_set(err, nf_status_for_read_errno(errno), "cannot read '%s': %s",
					    in->path, strerror(errno));
	}
	hashing.f = raw;
	digest256_init(&hashing.sha);
	if (m->no_digests)
		f = raw;
	else if (!(f = fopencookie(&hashing, "r", io)))
		abort(); /* out of memory */
	ingest_add_source(m, in->path);

	/* The first line says whether this is NDJSON (streamed, any length) or
	 * a file read whole (INGEST_MAX_DOCUMENT at most). A first line longer than
	 * INGEST_MAX_LINE can only be a file read whole. */
	errno = 0;
	n = buf_read_line(&line, f, INGEST_MAX_LINE);
	if (ferror(f)) {
		int e = errno ? errno : EIO;
		rc = nf_error_set(err, nf_status_for_read_errno(e), "cannot read '%s': %s", in->path,
				  strerror(e));
	} else if (n > 0 && looks_like_ndjson_line(line.s, (size_t)n)) {
		/* streamed: memory stays proportional to the values kept */
		rc = ingest_rounds_ndjson_stream(m, in, line.s, (size_t)n, f, err);
	} else if (fstat(fileno(raw), &st) == 0 && S_ISREG(st.st_mode) &&
		   (uint64_t)st.st_size > INGEST_MAX_DOCUMENT) {
		rc = ingest_too_large(in, (uint64_t)st.st_size, 1, err);
	} else {
		int sized = fstat(fileno(raw), &st) == 0 && S_ISREG(st.st_mode);
		rc = read_rest(in, f, &line, sized ? (size_t)st.st_size : 0, err);
		if (!rc)
			rc = read_whole(m, in, &line, err);
	}
	buf_release(&line);
	if (f != raw)
		fclose(f);
	if (!is_stdin)
		fclose(raw);
	if (!rc && !m->no_digests) {
		digest256_final_hex(&hashing.sha, hex);
		model_set_digest(m, in->path, hex);
	}
	return rc;
}

/* ---- after the last input ---- */

static const struct model *sort_model;

/* Orders series by (workload, platform, version) only. */
static int cmp_group(const void *a, const void *b)
{
	const struct series *x = *(const struct series *const *)a;
	const struct series *y = *(const struct series *const *)b;
	int c;
	/* interned: equal strings are the same pointer, no need to compare */
	if (x->workload != y->workload && (c = strcmp(x->workload, y->workload)) != 0)
		return c;
	if (x->platform != y->platform && (c = strcmp(x->platform, y->platform)) != 0)
		return c;
	if (x->version != y->version && (c = strcmp(x->version, y->version)) != 0)
		return c;
	return 0;
}

/* Orders series by (workload, platform, version, doc, first seen). */
static int cmp_series(const void *a, const void *b)
{
	const struct series *x = *(const struct series *const *)a;
	const struct series *y = *(const struct series *const *)b;
	int c = cmp_group(a, b);
	if (c)
		return c;
	if (x->doc != y->doc)
		return x->doc < y->doc ? -1 : 1;
	return (x->id > y->id) - (x->id < y->id);
}

/* The series in cmp_series order, in linear time when the distinct
 * (workload, platform, version) groups are few next to the series (a note
 * per round makes a series per round): the groups are found by hashing the
 * interned names and sorted, the series placed group by group in the order
 * first seen, and only a group whose documents came out of order is
 * sorted. Returns a malloc'd array; the caller frees it. */
static struct series **series_in_order(const struct model *m)
{
	size_t ns = m->nseries, nslots = 64, ng = 0;
	size_t *slot, *group_of = xmalloc((ns ? ns : 1) * sizeof *group_of);
	size_t *rank, *start;
	struct series **first = xmalloc((ns ? ns : 1) * sizeof *first);
	struct series **order = xmalloc((ns ? ns : 1) * sizeof *order);

	while (nslots < 2 * ns)
		nslots *= 2;
	slot = xcalloc(nslots, sizeof *slot); /* group + 1, 0 empty */
	for (size_t i = 0; i < ns; i++) {
		const struct series *x = m->series[i];
		uint64_t h = ((uint64_t)(uintptr_t)x->workload * 31 + (uintptr_t)x->platform) * 31 +
			     (uintptr_t)x->version;
		h ^= h >> 17;
		h *= 0x9E3779B97F4A7C15ULL;
		h = (h >> 20) & (nslots - 1);
		for (;; h = (h + 1) & (nslots - 1)) {
			const struct series *g;
			if (!slot[h]) {
				first[ng] = m->series[i];
				slot[h] = ++ng;
				break;
			}
			g = first[slot[h] - 1];
			if (g->workload == x->workload && g->platform == x->platform &&
			    g->version == x->version)
				break;
		}
		group_of[i] = slot[h] - 1;
	}
	free(slot);
	/* first[g] is the first series of group g: its id names the group */
	rank = xmalloc((ng ? ng : 1) * sizeof *rank);
	qsort(first, ng, sizeof *first, cmp_group);
	for (size_t g = 0; g < ng; g++)
		rank[group_of[first[g]->id]] = g;
	start = xcalloc(ng + 1, sizeof *start);
	for (size_t i = 0; i < ns; i++)
		start[rank[group_of[i]] + 1]++;
	for (size_t g = 0; g < ng; g++)
		start[g + 1] += start[g];
	for (size_t i = 0; i < ns; i++)
		order[start[rank[group_of[i]]]++] = m->series[i];
	/* start[g] is now the end of group g */
	for (size_t g = 0, from = 0; g < ng; from = start[g++]) {
		for (size_t i = from + 1; i < start[g]; i++) {
			if (order[i - 1]->doc > order[i]->doc) {
				qsort(order + from, start[g] - from, sizeof *order, cmp_series);
				break;
			}
		}
	}
	free(start);
	free(rank);
	free(first);
	free(group_of);
	return order;
}

/* The buckets of sort_by_group: each distinct (workload, platform,
 * version, doc) of the series in series_in_order's order, numbered in that
 * order into bucket[series id]. What ingest_finish needs to know of the
 * groups comes from the same walk (NULL: not asked): *one_doc 0 when a
 * (workload, platform, version) spans several documents, *one_unit 0 when
 * the series of a (workload, platform) differ in unit or in "better".
 * Returns the number of buckets. */
static size_t series_buckets(const struct model *m, size_t *bucket, int *one_doc, int *one_unit)
{
	size_t ns = m->nseries, nbuckets = 0;
	struct series **order = series_in_order(m);
	const struct series *wp = NULL; /* the first series of the (workload, platform) */
	int docs = 1, units = 1;

	for (size_t i = 0; i < ns; i++) {
		const struct series *x = order[i], *p = i ? order[i - 1] : NULL;
		int group = !p || p->workload != x->workload || p->platform != x->platform ||
			    p->version != x->version;
		if (group || p->doc != x->doc) {
			docs &= group;
			nbuckets++;
		}
		bucket[x->id] = nbuckets - 1;
		if (!wp || wp->workload != x->workload || wp->platform != x->platform)
			wp = x;
		else if (wp->unit != x->unit || wp->better != x->better)
			units = 0;
	}
	free(order);
	if (one_doc)
		*one_doc = docs;
	if (one_unit)
		*one_unit = units;
	return nbuckets;
}

/* Fills idx with the result indexes in bucket order, input order within a
 * bucket (a counting sort, stable); start[b + 1] holds the number of results
 * of bucket b (start[0] is 0). Frees start. */
static void place_by_bucket(const struct model *m, const size_t *bucket, size_t *start,
			    size_t nbuckets, size_t *idx)
{
	for (size_t g = 0; g < nbuckets; g++)
		start[g + 1] += start[g];
	for (size_t k = 0; k < m->nresults; k++)
		idx[start[bucket[m->results[k].series->id]]++] = k;
	free(start);
}

/* Fills idx with the result indexes ordered by (workload, platform,
 * version, doc, input order), in linear time: the series are ordered, each
 * distinct (workload, platform, version, doc) of them is a bucket, and the
 * results are placed bucket by bucket in input order (a counting sort,
 * stable). */
static void sort_by_group(const struct model *m, size_t *idx)
{
	size_t ns = m->nseries, *bucket = xmalloc((ns ? ns : 1) * sizeof *bucket);
	size_t nbuckets = series_buckets(m, bucket, NULL, NULL);
	size_t *start = xcalloc(nbuckets + 1, sizeof *start);

	for (size_t k = 0; k < m->nresults; k++)
		start[bucket[m->results[k].series->id] + 1]++;
	place_by_bucket(m, bucket, start, nbuckets, idx);
	free(bucket);
}

/* In group order the results lie far apart in memory: the loops over them
 * ask for the result this many places ahead while they read this one. */
#define INGEST_AHEAD 16

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
	buf_printf(b, "'%s' %s %zu", r->series->source, r->series->where_is_line ? "line" : "result",
		   (size_t)r->where);
}

/* Checks one text of the model: valid UTF-8, at most INGEST_MAX_NAME bytes, no
 * control characters (names: none at all; free text: tab and line breaks),
 * names that are required not empty. Fills *why and returns 1 when it is
 * not. */
static int text_bad(const char *s, int is_name, int required, struct buf *why)
{
	size_t n = strlen(s);
	unsigned c;
	if (!utf8_valid(s, n))
		buf_printf(why, "is not valid UTF-8 (at byte %zu)", utf8_invalid_at(s, n));
	else if (n > INGEST_MAX_NAME)
		buf_printf(why, "is longer than %d bytes", INGEST_MAX_NAME);
	else if (required && !*s)
		buf_puts(why, "is empty");
	else if ((c = utf8_control_char(s, !is_name)) != 0)
		buf_printf(why, "holds the control character U+%04X", c);
	else
		return 0;
	return 1;
}

/* 1 when text_bad() passes the text s (or NULL) as a name at a glance:
 * printable ASCII, at most INGEST_MAX_NAME bytes. */
static int text_plain_name(const char *s)
{
	size_t i = 0;
	if (!s)
		return 1;
	while ((unsigned char)(s[i] - 0x20) < 0x5f)
		i++;
	return !s[i] && i <= INGEST_MAX_NAME;
}

/* The model's contract for one result, whichever reader made it: names and
 * texts as text_bad() wants, 1 to INGEST_MAX_PASSES passes, each finite and > 0.
 * series_checked: the series' own names passed at an earlier result, so
 * only the result's timestamp and passes are checked. */
static int check_result(const struct result *r, int series_checked, struct nf_error *err)
{
	static const char *const names[] = { "workload", "version", "platform", "unit",
					     "timestamp", "note", "meta.v8" };
	const struct series *x = r->series;
	const char *values[] = { x->workload, x->version, x->platform, x->unit,
				 result_timestamp(r), x->note, x->v8 };
	size_t npasses = result_npasses(r);
	const double *passes = result_passes(r);
	struct buf why = BUF_INIT;
	int rc = 0;

	for (size_t k = 0; k < sizeof names / sizeof names[0] && !why.len; k++) {
		struct buf t = BUF_INIT;
		if (series_checked && k != 4)
			continue;
		if (!values[k] && k < 4)
			buf_printf(&why, "\"%s\" is missing", names[k]);
		else if (values[k] && text_bad(values[k], k != 5, k < 4, &t))
			buf_printf(&why, "\"%s\" %s", names[k], t.s);
		buf_release(&t);
	}
	if (!why.len && (npasses == 0 || npasses > INGEST_MAX_PASSES))
		buf_printf(&why, "%zu passes (1 to %d are allowed)", npasses, INGEST_MAX_PASSES);
	for (size_t k = 0; k < npasses && !why.len; k++)
		if (!isfinite(passes[k]) || passes[k] <= 0)
			buf_printf(&why, "pass %zu is not a finite number greater than zero", k + 1);
	if (why.len)
		rc = nf_error_set(err, NF_DATAERR, "cannot read '%s': %s %zu: %s",
				  x->source ? x->source : "-",
				  x->where_is_line ? "line" : "result", (size_t)r->where, why.s);
	buf_release(&why);
	return rc;
}

/* The document fields and the environment, from any input. */
static int check_doc_fields(const struct model *m, struct nf_error *err)
{
	const char *const names[] = { "title", "subject", "notes" };
	const char *const values[] = { m->title, m->subject, m->notes };
	struct buf why = BUF_INIT;
	int rc = 0;
	for (size_t k = 0; k < 3 && !rc; k++)
		if (values[k] && text_bad(values[k], 0, 0, &why))
			rc = nf_error_set(err, NF_DATAERR, "cannot use the input's \"%s\": it %s",
					  names[k], why.s);
	for (size_t k = 0; k < m->nenv && !rc; k++) {
		if (text_bad(m->env[k].key, 1, 1, &why))
			rc = nf_error_set(err, NF_DATAERR, "cannot use an \"environment\" field: "
					  "its name %s", why.s);
		else if (text_bad(m->env[k].value, 0, 0, &why))
			rc = nf_error_set(err, NF_DATAERR, "cannot use \"environment\".\"%s\": it %s",
					  m->env[k].key, why.s);
	}
	buf_release(&why);
	return rc;
}

/* Two results of one (workload, platform) that disagree on which way is
 * better (given, or the unit's default): refused with both places, as the
 * first one winning would turn a regression into a gain. */
static int better_conflict(const struct result *a, const struct result *b,
			   struct nf_error *err)
{
	struct buf w1 = BUF_INIT, w2 = BUF_INIT;
	where_str(&w1, a);
	where_str(&w2, b);
	nf_error_set(err, NF_DATAERR,
		     "cannot compare \"%s\" on %s: \"better\" is \"%s\" (%s) and \"%s\" (%s)",
		     a->series->workload, a->series->platform,
		     a->series->better == BETTER_HIGHER ? "higher" : "lower", w1.s,
		     b->series->better == BETTER_HIGHER ? "higher" : "lower", w2.s);
	buf_release(&w1);
	buf_release(&w2);
	return NF_DATAERR;
}

/* Within one (workload, platform): convert time units to the first one seen;
 * mixing a time with a rate, or two rates, is an error, and so is a
 * "better" that differs from the first one's. The values are
 * scaled first, then the series take the unit. The group is the leading
 * results of idx[0..max) with the first one's workload and platform; its
 * length goes to *n (found in the same pass over the results, which in
 * group order are far apart in memory). */
static int unify_units(struct model *m, size_t *idx, size_t max, size_t *n,
		       struct nf_error *err)
{
	const struct series *first = m->results[idx[0]].series;
	const char *unit = first->unit;
	int better = first->better, mixed = 0;
	size_t i;
	for (i = 1; i < max; i++) {
		struct result *r = &m->results[idx[i]];
		struct series *x = r->series;
		double a, b;
		if (i + INGEST_AHEAD < max)
			__builtin_prefetch(&m->results[idx[i + INGEST_AHEAD]]);
		if (x->workload != first->workload || x->platform != first->platform)
			break;
		if (x->unit == unit) {
			if (x->better != better)
				return better_conflict(&m->results[idx[0]], r, err);
			continue;
		}
		mixed = 1;
		a = time_scale(r->series->unit);
		b = time_scale(unit);
		if (a == 0 || b == 0) {
			struct buf w = BUF_INIT;
			where_str(&w, r);
			nf_error_set(err, NF_DATAERR,
				     "cannot compare \"%s\" on %s: measured in %s and in %s (%s)",
				     r->series->workload, r->series->platform, unit, r->series->unit, w.s);
			buf_release(&w);
			return NF_DATAERR;
		}
		if (x->better != better)
			return better_conflict(&m->results[idx[0]], r, err);
		if (result_npasses(r) > 1) {
			size_t np = result_npasses(r);
			for (size_t k = 0; k < np; k++)
				r->extra->passes[k] = rescale(r->extra->passes[k], a, b);
			r->value = result_value_of_passes(r->extra->passes, np);
		} else {
			r->value = rescale(r->value, a, b);
		}
	}
	*n = i;
	for (size_t k = 1; mixed && k < i; k++) {
		struct series *x = m->results[idx[k]].series;
		x->unit = unit;
	}
	return 0;
}

/* ---- rounds given twice, machines pooled ---- */

/* The rounds of one input (model.sources) that repeat another's: how many,
 * and the first of them in input order with the round it repeats (result
 * indexes). */
struct repeats {
	size_t dup_src, orig_src;
	size_t count, dup, orig;
};

static int cmp_repeats(const void *a, const void *b)
{
	const struct repeats *x = a, *y = b;
	if (x->dup_src != y->dup_src)
		return x->dup_src < y->dup_src ? -1 : 1;
	return (x->orig_src > y->orig_src) - (x->orig_src < y->orig_src);
}

static inline uint64_t mix(uint64_t h, uint64_t v)
{
	h = (h ^ v) * 0x9E3779B97F4A7C15ULL;
	return h ^ (h >> 29);
}

/* The input (index into model.sources) of each document: a malloc'd array
 * of model.ndocs entries (at least one), caller frees. */
static size_t *docs_sources(const struct model *m)
{
	size_t *src = xcalloc(m->ndocs ? m->ndocs : 1, sizeof *src);
	for (size_t i = 0; i < m->nsources; i++) {
		size_t end = i + 1 < m->nsources ? m->source_envs[i + 1].doc_from : m->ndocs;
		for (size_t d = m->source_envs[i].doc_from; d < end && d < m->ndocs; d++)
			src[d] = i;
	}
	return src;
}

/* The index of x's document into docs_sources' array. */
static size_t doc_of(const struct model *m, const struct series *x)
{
	return x->doc < m->ndocs ? x->doc : (m->ndocs ? m->ndocs - 1 : 0);
}

/* Words the repeats of one input in another; `total` is the number of
 * rounds of the repeating input. */
static void warn_repeats(struct model *m, const struct repeats *rp, size_t total)
{
	const struct result *d = &m->results[rp->dup], *o = &m->results[rp->orig];
	const char *ds = d->series->source, *os = o->series->source;
	size_t n = rp->count;
	struct buf w1 = BUF_INIT, w2 = BUF_INIT;
	where_str(&w1, d);
	where_str(&w2, o);
	if (n == total && rp->dup_src != rp->orig_src && strcmp(ds, os) == 0)
		model_warn(m, "'%s' is given twice: its %zu round%s %s counted once", ds, n,
			   n == 1 ? "" : "s", n == 1 ? "is" : "are");
	else if (n == total)
		model_warn(m, "'%s' repeats %s %zu round%s of '%s' exactly (the same workload, "
			   "version, platform, round and values; the first is %s, as %s): most likely "
			   "one file given twice; each round is counted once", ds,
			   n == 1 ? "the" : "all", n, n == 1 ? "" : "s", os, w1.s, w2.s);
	else
		model_warn(m, "%zu of the %zu rounds of '%s' %s of '%s' exactly (the same workload, "
			   "version, platform, round and values; the first is %s, as %s): %s counted "
			   "once", n, total, ds, n == 1 ? "repeats a round" : "repeat rounds", os, w1.s,
			   w2.s, n == 1 ? "it is" : "each is");
	buf_release(&w1);
	buf_release(&w2);
}

/* A round given again in another input document (the same file twice, a
 * copy under another name, or rounds merged twice) would count as two
 * rounds: twice the evidence. A repeat is a result of another document
 * with the same workload, version, platform, round within its document,
 * timestamp (or none) and every pass equal; it is left out, and every
 * document warns, naming both places. Round numbers repeat legitimately
 * across documents (other days, other versions): only equal values make a
 * repeat. Groups of one (workload, platform, version) from one document
 * (the common case) are passed over; the others are hashed, one table
 * per group: linear in the results.
 * Each result's round becomes its round within its document (what the
 * numbering after this reads the same way). With repeats, the results
 * left are moved down in input order and idx is made again. */
static void drop_repeats(struct model *m, size_t *idx)
{
	size_t n = m->nresults, nslots = 0, *slot = NULL, nrep = 0, arep = 0, last = 0;
	size_t *src = NULL;
	unsigned char *drop = NULL;
	struct repeats *rep = NULL;

	if (m->ndocs < 2)
		return;
	for (size_t i = 0, j; i < n; i = j) {
		const struct series *a = m->results[idx[i]].series;
		size_t doc = a->doc, want = 64;
		long long local_max = 0;
		int several = 0;
		/* the group's end; a group of one document has no repeats */
		for (j = i + 1; j < n; j++) {
			const struct series *x = m->results[idx[j]].series;
			if (j + INGEST_AHEAD < n)
				__builtin_prefetch(&m->results[idx[j + INGEST_AHEAD]]);
			if (x->workload != a->workload || x->platform != a->platform ||
			    x->version != a->version)
				break;
			several |= x->doc != a->doc;
		}
		if (!several)
			continue;
		/* one table per group, twice its size: the group's results (in
		 * cache) and the table (small) are what the probes touch */
		while (want < 2 * (j - i))
			want *= 2;
		if (want > nslots) {
			free(slot);
			slot = xmalloc(want * sizeof *slot);
			nslots = want;
		}
		memset(slot, 0, want * sizeof *slot); /* result + 1, 0 empty */
		for (size_t g = i; g < j; g++) {
			struct result *r = &m->results[idx[g]];
			const struct series *x = r->series;
			size_t np = result_npasses(r);
			const double *p = result_passes(r);
			const char *t = result_timestamp(r);
			long long round;
			uint64_t h;
			size_t at;
			if (x->doc != doc) {
				doc = x->doc;
				local_max = 0;
			}
			round = r->round > 0 ? r->round : local_max + 1;
			if (round > local_max)
				local_max = round;
			/* past the limit: the numbering refuses it */
			r->round = round > INGEST_MAX_ROUNDS ? INGEST_MAX_ROUNDS + 1 : (int)round;
			h = mix(mix(0, (uint64_t)r->round), (uintptr_t)t);
			for (size_t k = 0; k < np; k++) {
				uint64_t bits;
				memcpy(&bits, &p[k], sizeof bits);
				h = mix(h, bits);
			}
			for (at = h & (want - 1); slot[at]; at = (at + 1) & (want - 1)) {
				const struct result *q = &m->results[slot[at] - 1];
				size_t k = 0;
				if (q->series->doc == x->doc || q->round != r->round ||
				    result_timestamp(q) != t || result_npasses(q) != np)
					continue;
				while (k < np && result_passes(q)[k] == p[k])
					k++;
				if (k == np)
					break;
			}
			if (!slot[at]) {
				slot[at] = idx[g] + 1;
				continue;
			}
			/* a repeat: left out, counted by the pair of inputs */
			if (!drop) {
				drop = xcalloc(n, 1);
				src = docs_sources(m);
			}
			drop[idx[g]] = 1;
			{
				size_t ds = src[doc_of(m, x)];
				size_t os = src[doc_of(m, m->results[slot[at] - 1].series)];
				if (!(last < nrep && rep[last].dup_src == ds && rep[last].orig_src == os))
					for (last = 0; last < nrep; last++)
						if (rep[last].dup_src == ds && rep[last].orig_src == os)
							break;
				if (last == nrep) {
					ALLOC_GROW(rep, nrep + 1, arep);
					rep[nrep].dup_src = ds;
					rep[nrep].orig_src = os;
					rep[nrep].count = 0;
					rep[nrep++].dup = SIZE_MAX;
				}
				rep[last].count++;
				if (idx[g] < rep[last].dup) {
					rep[last].dup = idx[g];
					rep[last].orig = slot[at] - 1;
				}
			}
		}
	}
	free(slot);
	if (nrep) {
		size_t *total = xcalloc(m->nsources + 1, sizeof *total), kept = 0;
		for (size_t k = 0; k < n; k++)
			total[src[doc_of(m, m->results[k].series)]]++;
		qsort(rep, nrep, sizeof *rep, cmp_repeats);
		for (size_t k = 0; k < nrep; k++)
			warn_repeats(m, &rep[k], total[rep[k].dup_src]);
		for (size_t k = 0; k < n; k++)
			if (!drop[k])
				m->results[kept++] = m->results[k];
		m->nresults = kept;
		sort_by_group(m, idx);
		free(total);
	}
	free(drop);
	free(src);
	free(rep);
}

/* The machines of each platform, from the environment of the input each
 * series came from; a platform whose rounds come from machines that differ
 * (both record the cpu, or both the cores, and they differ) is warned about
 * in every document: its rounds are pooled, as the input names them. */
static void find_machines(struct model *m)
{
	size_t *src = docs_sources(m), alloc = 0, last_s = SIZE_MAX;
	const char *last_p = NULL;

	for (size_t i = 0; i < m->nseries; i++) {
		const struct series *x = m->series[i];
		size_t s = m->nsources ? src[doc_of(m, x)] : 0, k;
		const struct source_env *e;
		struct machine *mc;
		const char *name;
		if (!m->nsources)
			break;
		if (x->platform == last_p && s == last_s)
			continue;
		e = &m->source_envs[s];
		for (k = 0; k < m->nmachines; k++)
			if (m->machines[k].platform == x->platform && m->machines[k].cpu == e->cpu &&
			    m->machines[k].cores == e->cores)
				break;
		if (k == m->nmachines) {
			ALLOC_GROW(m->machines, m->nmachines + 1, alloc);
			mc = &m->machines[m->nmachines++];
			memset(mc, 0, sizeof *mc);
			mc->platform = x->platform;
			mc->cpu = e->cpu;
			mc->cores = e->cores;
		}
		mc = &m->machines[k];
		name = model_intern(m, m->sources[s]);
		/* series come input by input: an input is new, or the last one */
		if (!mc->ninputs || mc->inputs[mc->ninputs - 1] != name) {
			mc->inputs = xrealloc(mc->inputs, (mc->ninputs + 1) * sizeof *mc->inputs);
			mc->inputs[mc->ninputs++] = name;
		}
		last_p = x->platform;
		last_s = s;
	}
	free(src);

	for (size_t i = 0; i < m->nmachines; i++) {
		const struct machine *a = &m->machines[i];
		int first = 1, differ = 0;
		size_t count = 0;
		struct buf b = BUF_INIT;
		for (size_t k = 0; k < i && first; k++)
			first = m->machines[k].platform != a->platform;
		if (!first)
			continue;
		/* two known values differ when one differs from the first known */
		const char *cpu = NULL, *cores = NULL;
		for (size_t k = i; k < m->nmachines; k++) {
			const struct machine *c = &m->machines[k];
			if (c->platform != a->platform)
				continue;
			count++;
			if (c->cpu && !cpu)
				cpu = c->cpu;
			if (c->cores && !cores)
				cores = c->cores;
			differ |= (c->cpu && c->cpu != cpu) || (c->cores && c->cores != cores);
		}
		if (!differ)
			continue;
		for (size_t k = i, nth = 0; k < m->nmachines; k++) {
			const struct machine *c = &m->machines[k];
			if (c->platform != a->platform)
				continue;
			buf_puts(&b, nth++ ? "; " : "");
			buf_puts(&b, c->cpu ? c->cpu : "a machine");
			if (c->cores)
				buf_printf(&b, " with %s cores", c->cores);
			else if (!c->cpu)
				buf_puts(&b, " not recorded");
			buf_printf(&b, " ('%s'", c->inputs[0]);
			if (c->ninputs == 2)
				buf_printf(&b, " and '%s'", c->inputs[1]);
			else if (c->ninputs > 2)
				buf_printf(&b, " and %zu more inputs", c->ninputs - 1);
			buf_putc(&b, ')');
		}
		model_warn(m, "the rounds on %s come from %zu machines and are pooled as one platform: "
			   "%s; a difference between the machines is charged to the versions each ran "
			   "and widens the spreads: give each machine a platform name of its own to "
			   "compare them apart", a->platform, count, b.s);
		buf_release(&b);
	}
}

/* A "workloads" entry that names no measured workload is most likely a
 * typo in one of the two names: said in every document, not refused. */
static void warn_unmeasured_workloads(struct model *m)
{
	for (size_t i = 0; i < m->nworkloads; i++) {
		const char *name = m->workloads[i].name;
		size_t k = 0;
		while (k < m->nseries && m->series[k]->workload != name)
			k++;
		if (k == m->nseries)
			model_warn(m, "'%s' describes the workload \"%s\" in \"workloads\", but no "
				   "result measures it", m->workloads[i].from, name);
	}
}

static int cmp_ptr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const char *const *)a, y = (uintptr_t)*(const char *const *)b;
	return (x > y) - (x < y);
}

/* One version spelt two ways, "v24" and "24" (node --version and most
 * runners): a version with a leading 'v' whose rest is a version is the
 * same version as that rest when the input also gives the rest, and then
 * takes its name. A spelling used alone is kept as given. */
static void unify_version_spellings(struct model *m)
{
	const char **v;
	size_t n = 0;
	if (m->nseries < 2)
		return;
	v = xmalloc(m->nseries * sizeof *v);
	for (size_t k = 0; k < m->nseries; k++)
		v[k] = m->series[k]->version;
	qsort(v, m->nseries, sizeof *v, cmp_ptr);
	for (size_t k = 0; k < m->nseries; k++)
		if (v[k] && (n == 0 || v[n - 1] != v[k]))
			v[n++] = v[k];
	for (size_t k = 0; k < m->nseries; k++) {
		struct series *x = m->series[k];
		const char *bare;
		if (!x->version || (x->version[0] != 'v' && x->version[0] != 'V') ||
		    !semver_parse(x->version).ok)
			continue;
		bare = model_intern(m, x->version + 1);
		if (bsearch(&bare, v, n, sizeof *v, cmp_ptr))
			x->version = bare;
	}
	free(v);
}

int ingest_finish(struct model *m, struct nf_error *err)
{
	size_t *idx, *bucket, *start, nbuckets, i = 0;
	int *last, one_doc, one_unit, rounds_given = 1;
	const char *plain_ts = NULL;
	int rc = 0;

	if (m->nresults == 0) {
		if (m->nsources == 1)
			return nf_error_set(err, NF_DATAERR, "cannot read '%s': no results in it",
					    m->sources[0]);
		return nf_error_set(err, NF_DATAERR, "no results in the input");
	}
	source_env_close(m);
	if ((rc = check_doc_fields(m, err)) != 0)
		return rc;
	unify_version_spellings(m);
	bucket = xmalloc((m->nseries ? m->nseries : 1) * sizeof *bucket);
	nbuckets = series_buckets(m, bucket, &one_doc, &one_unit);
	start = xcalloc(nbuckets + 1, sizeof *start);
	last = xcalloc(nbuckets ? nbuckets : 1, sizeof *last);
	/* One pass in input order (the results' order in memory). Each result
	 * is checked: a series' names at its first result, each result's
	 * timestamp and passes every time (at a glance for one pass and a
	 * timestamp of printable ASCII or the last one checked). Its bucket is
	 * counted for sort_by_group's placing. And the rounds are watched:
	 * when each (workload, platform, version) comes from one document and
	 * gives every round, rising, within the limit (as a runner writes
	 * them), the numbering below would change nothing. */
	for (size_t k = 0; k < m->nresults; k++) {
		struct result *r = &m->results[k];
		struct series *x = r->series;
		size_t b;
		if (!(x->checked && r->value > 0 && r->value <= DBL_MAX &&
		      (!r->extra || (r->extra->npasses == 1 && (r->extra->timestamp == plain_ts ||
								  text_plain_name(r->extra->timestamp)))))) {
			if ((rc = check_result(r, x->checked, err)) != 0) {
				free(last);
				free(start);
				free(bucket);
				return rc;
			}
			x->checked = 1;
		}
		if (r->extra)
			plain_ts = r->extra->timestamp; /* checked, the same next time */
		b = bucket[x->id];
		start[b + 1]++;
		rounds_given &= r->round > last[b] && r->round <= INGEST_MAX_ROUNDS;
		last[b] = r->round;
	}
	free(last);
	if (one_unit && one_doc && rounds_given) {
		/* nothing to unify, no repeats, every round as given: the loops
		 * below, in group order, would change nothing (and the analysis
		 * groups the results itself) */
		free(start);
		free(bucket);
		find_machines(m);
		warn_unmeasured_workloads(m);
		return 0;
	}
	/* in the model's block: analysis_run takes it over, pages touched */
	idx = model_block(m, m->nresults * sizeof *idx);
	sort_model = m;
	place_by_bucket(m, bucket, start, nbuckets, idx);
	free(bucket);

	/* units per (workload, platform): nothing to do when each has one
	 * unit and one "better" */
	while (!one_unit && i < m->nresults && !rc) {
		size_t n = 0;
		rc = unify_units(m, idx + i, m->nresults - i, &n, err);
		i += n;
	}
	/* a group from one document repeats none of another's */
	if (!rc && !one_doc)
		drop_repeats(m, idx);
	if (!rc && one_doc && rounds_given)
		i = m->nresults; /* numbered as given: the loop below would keep every round */
	else
		i = 0;

	/* Round numbers per (workload, platform, version): a later document's
	 * rounds continue after the earlier documents' rounds; results without
	 * a round are the next round of their document. */
	while (i < m->nresults && !rc) {
		size_t j = i;
		long long offset = 0, doc_max = 0, prev = 0;
		int in_order = 1; /* rounds rising strictly, in idx order */
		size_t doc = m->results[idx[i]].series->doc;
		const struct series *a = m->results[idx[i]].series;
		while (j < m->nresults) {
			struct result *r = &m->results[idx[j]];
			const struct series *x = r->series;
			if (j + INGEST_AHEAD < m->nresults)
				__builtin_prefetch(&m->results[idx[j + INGEST_AHEAD]], 1);
			if (x->workload != a->workload || x->platform != a->platform ||
			    x->version != a->version)
				break;
			long long round;
			if (x->doc != doc) {
				offset = doc_max;
				doc = x->doc;
			}
			round = r->round > 0 ? offset + r->round : doc_max + 1;
			if (round > INGEST_MAX_ROUNDS) {
				struct buf w = BUF_INIT;
				where_str(&w, r);
				rc = nf_error_set(err, NF_DATAERR,
						  "more than %d rounds of %s for \"%s\" on %s (%s)",
						  INGEST_MAX_ROUNDS, x->version, x->workload, x->platform, w.s);
				buf_release(&w);
				break;
			}
			r->round = (int)round;
			if (round > doc_max)
				doc_max = round;
			if (j > i && round <= prev)
				in_order = 0;
			prev = round;
			j++;
		}
		if (rc)
			break;
		/* duplicates: the same round twice within the group (rounds
		 * usually come in order: then there are none; sorted only when
		 * they do not) */
		for (size_t x = i + 1; x < j && !in_order; x++) {
			const struct result *p = &m->results[idx[x - 1]], *q = &m->results[idx[x]];
			if (p->round > q->round || (p->round == q->round && idx[x - 1] > idx[x])) {
				qsort(idx + i, j - i, sizeof *idx, cmp_round);
				break;
			}
		}
		for (size_t x = i + 1; x < j && !rc && !in_order; x++) {
			struct result *p = &m->results[idx[x - 1]], *q = &m->results[idx[x]];
			if (p->round == q->round) {
				struct buf w1 = BUF_INIT, w2 = BUF_INIT;
				where_str(&w1, p);
				where_str(&w2, q);
				rc = nf_error_set(err, NF_DATAERR,
						  "round %d of %s for \"%s\" on %s appears twice (%s and %s)",
						  p->round, p->series->version, p->series->workload,
						  p->series->platform, w1.s, w2.s);
				buf_release(&w1);
				buf_release(&w2);
			}
		}
		i = j;
	}
	if (!rc) {
		find_machines(m);
		warn_unmeasured_workloads(m);
	}
	return rc;
}
