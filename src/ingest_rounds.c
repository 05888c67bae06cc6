/*
 * ingest_rounds.c - noisefloor's own rounds format ("noisefloor.rounds/1"),
 * as one JSON document or as NDJSON (one result per line, optionally a first
 * line with the document fields).
 *
 * Everything is validated here, at the boundary: types, finite positive
 * numbers, valid UTF-8, no NUL escapes, no duplicate keys. A parsed tree is
 * freed as soon as its values are copied into the model.
 */
#include "ingest.h"
#include "json_input.h"
#include "util.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Where a value is, for messages: "result 4" or "line 12". */
struct place {
	const struct ingest_input *in;
	size_t where;
	int is_line;
};

static int bad(struct nf_error *err, const struct place *pl, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int bad(struct nf_error *err, const struct place *pl, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (pl->where)
		nf_error_set(err, NF_DATAERR, "cannot read '%s': %s %zu: %s", pl->in->path,
			     pl->is_line ? "line" : "result", pl->where, b.s);
	else
		nf_error_set(err, NF_DATAERR, "cannot read '%s': %s", pl->in->path, b.s);
	buf_release(&b);
	return NF_DATAERR;
}

/* 1 for the members that are free text, where tabs and line breaks may
 * appear; every other string is a name. */
static int is_free_text(const char *key)
{
	return strcmp(key, "note") == 0 || strcmp(key, "notes") == 0 ||
	       strcmp(key, "title") == 0 || strcmp(key, "subject") == 0;
}

/* Checks a string member: valid UTF-8, no control characters (C0, DEL, C1;
 * free text may hold tab, line feed and carriage return), length. */
static int check_text(const char *s, const char *key, int free_text, const struct place *pl,
		      struct nf_error *err, size_t max)
{
	size_t n = strlen(s);
	if (!utf8_valid(s, n))
		return bad(err, pl, "\"%s\" is not valid UTF-8 (at byte %zu)", key, utf8_invalid_at(s, n));
	if (max && n > max)
		return bad(err, pl, "\"%s\" is longer than %zu bytes", key, max);
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		unsigned c = *p < 0x20 || *p == 0x7f ? *p
			   : *p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F ? p[1] : 0x100;
		if (c == 0x100 || (free_text && (c == '\t' || c == '\n' || c == '\r')))
			continue;
		return bad(err, pl, "\"%s\" holds the control character U+%04X at byte %zu", key, c,
			   (size_t)(p - (const unsigned char *)s));
	}
	return 0;
}

/* Reads an optional string member into *out (interned). Numbers are accepted
 * for "version" ("24" for 24). */
static int get_string(struct model *m, const cJSON *obj, const char *key, const char **out,
		      int required, const struct place *pl, struct nf_error *err)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
	*out = NULL;
	if (!it || cJSON_IsNull(it)) {
		if (required)
			return bad(err, pl, "missing \"%s\"", key);
		return 0;
	}
	if (cJSON_IsNumber(it) && strcmp(key, "version") == 0 && isfinite(it->valuedouble)) {
		struct buf b = BUF_INIT;
		fmt_sig(&b, it->valuedouble, 15);
		*out = model_intern(m, b.s);
		buf_release(&b);
		return 0;
	}
	if (!cJSON_IsString(it))
		return bad(err, pl, "\"%s\" must be a string", key);
	if (check_text(it->valuestring, key, is_free_text(key), pl, err, INGEST_MAX_NAME))
		return NF_DATAERR;
	if (required && !it->valuestring[0])
		return bad(err, pl, "\"%s\" is empty", key);
	*out = model_intern(m, it->valuestring);
	return 0;
}

static int read_passes(struct model *m, struct result *r, const cJSON *obj,
		       const struct place *pl, struct nf_error *err)
{
	const cJSON *passes = cJSON_GetObjectItemCaseSensitive(obj, "passes");
	const cJSON *value = cJSON_GetObjectItemCaseSensitive(obj, "value");
	const cJSON *it;
	size_t n = 0, k = 0;

	if (passes && value)
		return bad(err, pl, "give either \"passes\" or \"value\", not both");
	if (value) {
		if (!cJSON_IsNumber(value))
			return bad(err, pl, "\"value\" must be a number");
		if (!isfinite(value->valuedouble))
			return bad(err, pl, "\"value\" is not a finite number");
		if (value->valuedouble <= 0)
			return bad(err, pl, "\"value\" must be greater than zero, not %g", value->valuedouble);
		r->passes = model_alloc_passes(m, 1);
		r->passes[0] = value->valuedouble;
		r->npasses = 1;
		return 0;
	}
	if (!passes)
		return bad(err, pl, "missing \"passes\" (an array of the round's measurements)");
	if (!cJSON_IsArray(passes))
		return bad(err, pl, "\"passes\" must be an array of numbers");
	cJSON_ArrayForEach(it, passes)
		n++;
	if (n == 0)
		return bad(err, pl, "\"passes\" is empty");
	if (n > INGEST_MAX_PASSES)
		return bad(err, pl, "\"passes\" has %zu values, more than the %d a round may have", n,
			   INGEST_MAX_PASSES);
	r->passes = model_alloc_passes(m, n);
	cJSON_ArrayForEach(it, passes) {
		if (!cJSON_IsNumber(it))
			return bad(err, pl, "\"passes\"[%zu] must be a number", k);
		if (!isfinite(it->valuedouble))
			return bad(err, pl, "\"passes\"[%zu] is not a finite number", k);
		if (it->valuedouble <= 0)
			return bad(err, pl, "\"passes\"[%zu] must be greater than zero, not %g", k,
				   it->valuedouble);
		r->passes[k++] = it->valuedouble;
	}
	r->npasses = n;
	return 0;
}

/* Loose ISO 8601 check: "2026-11-29T22:15:03Z", with optional fraction and
 * offset; a bare date is accepted too. */
static int timestamp_valid(const char *s)
{
	size_t n = strlen(s);
	if (n < 10)
		return 0;
	for (size_t i = 0; i < 10; i++)
		if ((i == 4 || i == 7) ? s[i] != '-' : (s[i] < '0' || s[i] > '9'))
			return 0;
	if (n == 10)
		return 1;
	if (s[10] != 'T' && s[10] != ' ')
		return 0;
	for (size_t i = 11; i < n; i++)
		if (!strchr("0123456789:.+-Z", s[i]))
			return 0;
	return n >= 16;
}

static int add_result(struct model *m, const struct ingest_input *in, const cJSON *obj,
		      const struct place *pl, size_t doc, struct nf_error *err)
{
	struct result *r;
	const cJSON *it;
	const char *better = NULL, *unit = NULL, *dup;
	int unit_better;

	if (!cJSON_IsObject(obj))
		return bad(err, pl, "a result must be an object");
	if ((dup = json_duplicate_key(obj, NULL)) != NULL)
		return bad(err, pl, "the key \"%s\" appears twice in one object", dup);
	r = model_add_result(m);
	r->source = model_intern(m, in->path);
	r->where = pl->where;
	r->where_is_line = pl->is_line;
	r->doc = doc;

	if (get_string(m, obj, "workload", &r->workload, 1, pl, err) ||
	    get_string(m, obj, "version", &r->version, 0, pl, err) ||
	    get_string(m, obj, "platform", &r->platform, 0, pl, err) ||
	    get_string(m, obj, "unit", &unit, 1, pl, err) ||
	    get_string(m, obj, "better", &better, 0, pl, err) ||
	    get_string(m, obj, "timestamp", &r->timestamp, 0, pl, err) ||
	    get_string(m, obj, "note", &r->note, 0, pl, err))
		goto fail;
	if (!r->version) {
		if (!in->label) {
			bad(err, pl, "missing \"version\" (or give it on the command line as VERSION=%s)",
			    in->path);
			goto fail;
		}
		r->version = model_intern(m, in->label);
	}
	if (!r->platform) {
		const char *os = model_get_env(m, "os"), *arch = model_get_env(m, "arch");
		if (os && arch) {
			char *p = xasprintf("%s-%s", os, arch);
			r->platform = model_intern(m, p);
			free(p);
		} else {
			r->platform = model_intern(m, "unknown");
		}
	}
	r->unit = ingest_unit(m, unit, &unit_better);
	r->better = unit_better;
	if (better) {
		if (strcmp(better, "lower") == 0)
			r->better = BETTER_LOWER;
		else if (strcmp(better, "higher") == 0)
			r->better = BETTER_HIGHER;
		else {
			bad(err, pl, "\"better\" must be \"lower\" or \"higher\", not \"%s\"", better);
			goto fail;
		}
	}
	if (r->timestamp && !timestamp_valid(r->timestamp)) {
		bad(err, pl, "\"timestamp\" must be ISO 8601 like \"2026-11-29T22:15:03Z\"");
		goto fail;
	}
	it = cJSON_GetObjectItemCaseSensitive(obj, "back_to_back");
	if (it && !cJSON_IsNull(it)) {
		if (!cJSON_IsBool(it)) {
			bad(err, pl, "\"back_to_back\" must be true or false");
			goto fail;
		}
		r->back_to_back = cJSON_IsTrue(it);
	}
	it = cJSON_GetObjectItemCaseSensitive(obj, "round");
	if (it && !cJSON_IsNull(it)) {
		double v = cJSON_IsNumber(it) ? it->valuedouble : -1;
		if (!cJSON_IsNumber(it) || v != floor(v) || v < 1 || v > INGEST_MAX_ROUNDS) {
			bad(err, pl, "\"round\" must be a whole number from 1 to %d", INGEST_MAX_ROUNDS);
			goto fail;
		}
		r->round = (int)v;
	}
	if (read_passes(m, r, obj, pl, err))
		goto fail;
	it = cJSON_GetObjectItemCaseSensitive(obj, "meta");
	if (it && !cJSON_IsNull(it)) {
		const cJSON *v8;
		char *json;
		if (!cJSON_IsObject(it)) {
			bad(err, pl, "\"meta\" must be an object");
			goto fail;
		}
		v8 = cJSON_GetObjectItemCaseSensitive(it, "v8");
		if (v8 && cJSON_IsString(v8)) {
			if (check_text(v8->valuestring, "meta.v8", 0, pl, err, INGEST_MAX_NAME))
				goto fail;
			if (v8->valuestring[0])
				r->v8 = model_intern(m, v8->valuestring);
		}
		json = cJSON_PrintUnformatted(it);
		if (json && !utf8_valid(json, strlen(json))) {
			free(json);
			bad(err, pl, "\"meta\" holds text that is not valid UTF-8");
			goto fail;
		}
		r->meta_json = model_intern(m, json);
		free(json);
	}
	return 0;
fail:
	/* drop the half-made result (its passes stay in the model's storage) */
	m->nresults--;
	return NF_DATAERR;
}

/* Reads the document field "workloads": an object keyed by workload name,
 * each value an object with optional "description" (free text), "bytes" (a
 * whole number above zero) and "source" (a path or URL). An earlier
 * document's value for a member wins, as for the other document fields. */
static int add_workloads(struct model *m, const struct ingest_input *in, const cJSON *ws,
			 const struct place *pl, struct nf_error *err)
{
	const cJSON *w, *it;
	if (!cJSON_IsObject(ws))
		return bad(err, pl, "\"workloads\" must be an object keyed by workload name");
	cJSON_ArrayForEach(w, ws) {
		struct workload_info *info;
		const char *desc = NULL, *source = NULL;
		double bytes = 0;
		struct buf key = BUF_INIT;
		int rc = 0;
		if (check_text(w->string, "workloads\" key \"", 0, pl, err, INGEST_MAX_NAME))
			return NF_DATAERR;
		if (!w->string[0])
			return bad(err, pl, "\"workloads\" has an empty workload name");
		buf_printf(&key, "\"workloads\".\"%s\"", w->string);
		if (!cJSON_IsObject(w)) {
			rc = bad(err, pl, "%s must be an object (description, bytes, source)", key.s);
			goto done;
		}
		cJSON_ArrayForEach(it, w) {
			const char *k = it->string;
			if (strcmp(k, "description") == 0 || strcmp(k, "source") == 0) {
				struct buf what = BUF_INIT;
				int is_desc = k[0] == 'd';
				if (cJSON_IsNull(it))
					continue;
				/* check_text quotes it: "workloads"."NAME"."description" */
				buf_printf(&what, "workloads\".\"%s\".\"%s", w->string, k);
				if (!cJSON_IsString(it))
					rc = bad(err, pl, "%s must be a string", what.s);
				else if (check_text(it->valuestring, what.s, is_desc, pl, err,
						    INGEST_MAX_NAME))
					rc = NF_DATAERR;
				else if (it->valuestring[0])
					*(is_desc ? &desc : &source) = model_intern(m, it->valuestring);
				buf_release(&what);
			} else if (strcmp(k, "bytes") == 0) {
				double v = cJSON_IsNumber(it) ? it->valuedouble : NAN;
				if (cJSON_IsNull(it))
					continue;
				if (!cJSON_IsNumber(it))
					rc = bad(err, pl, "%s.\"bytes\" must be a number", key.s);
				else if (!isfinite(v) || v != floor(v) || v <= 0 || v > 9007199254740992.0)
					rc = bad(err, pl, "%s.\"bytes\" must be a whole number of bytes above "
						 "zero, not %.17g", key.s, v);
				else
					bytes = v;
			} else {
				rc = bad(err, pl, "%s has the unknown member \"%s\" (description, bytes "
					 "and source are known)", key.s, k);
			}
			if (rc)
				goto done;
		}
		info = model_add_workload(m, model_intern(m, w->string));
		if (!info->from)
			info->from = model_intern(m, in->path);
		if (desc && !info->description)
			info->description = desc;
		if (source && !info->source)
			info->source = source;
		if (bytes > 0 && info->bytes == 0)
			info->bytes = bytes;
	done:
		buf_release(&key);
		if (rc)
			return rc;
	}
	return 0;
}

/* Copies the document fields (title, subject, environment, notes, workloads). */
static int add_doc_fields(struct model *m, const struct ingest_input *in, const cJSON *doc,
			  const struct place *pl, struct nf_error *err)
{
	const cJSON *it, *env;
	const char *s;
	static const char *const text_fields[] = { "title", "subject", "notes" };

	it = cJSON_GetObjectItemCaseSensitive(doc, "format");
	if (it) {
		if (!cJSON_IsString(it))
			return bad(err, pl, "\"format\" must be a string");
		if (strncmp(it->valuestring, "noisefloor.rounds/", 18) != 0)
			return bad(err, pl, "\"format\" is \"%.60s\", expected \"noisefloor.rounds/1\"",
				   it->valuestring);
		if (strcmp(it->valuestring, "noisefloor.rounds/1") != 0)
			return bad(err, pl, "format \"%.60s\" is newer than this noisefloor reads "
				   "(noisefloor.rounds/1)", it->valuestring);
	}
	for (size_t i = 0; i < 3; i++) {
		char **dst = i == 0 ? &m->title : i == 1 ? &m->subject : &m->notes;
		if (get_string(m, doc, text_fields[i], &s, 0, pl, err))
			return NF_DATAERR;
		if (s && !*dst)
			*dst = xstrdup(s);
	}
	env = cJSON_GetObjectItemCaseSensitive(doc, "environment");
	if (env && !cJSON_IsNull(env)) {
		if (!cJSON_IsObject(env))
			return bad(err, pl, "\"environment\" must be an object");
		cJSON_ArrayForEach(it, env) {
			struct buf v = BUF_INIT;
			if (check_text(it->string, "environment key", 0, pl, err, INGEST_MAX_NAME))
				return NF_DATAERR;
			if (cJSON_IsString(it)) {
				if (check_text(it->valuestring, it->string, 1, pl, err, INGEST_MAX_NAME))
					return NF_DATAERR;
				buf_puts(&v, it->valuestring);
			} else if (cJSON_IsNumber(it) && isfinite(it->valuedouble)) {
				fmt_sig(&v, it->valuedouble, 15);
			} else if (cJSON_IsBool(it)) {
				buf_puts(&v, cJSON_IsTrue(it) ? "true" : "false");
			} else if (cJSON_IsNull(it)) {
				continue;
			} else {
				return bad(err, pl, "\"environment\".\"%s\" must be a string or a number",
					   it->string);
			}
			model_set_env(m, it->string, v.s);
			buf_release(&v);
		}
	}
	it = cJSON_GetObjectItemCaseSensitive(doc, "workloads");
	if (it && !cJSON_IsNull(it) && add_workloads(m, in, it, pl, err))
		return NF_DATAERR;
	return 0;
}

int ingest_rounds_value(struct model *m, const struct ingest_input *in, const cJSON *v,
			size_t where, int where_is_line, int new_doc, struct nf_error *err)
{
	struct place pl = { in, where, where_is_line };
	const cJSON *results, *it;
	const char *dup;
	size_t k = 0;

	if (!cJSON_IsObject(v))
		return bad(err, &pl, "expected a JSON object");
	/* each result's own keys are checked by add_result, which names it */
	results = cJSON_GetObjectItemCaseSensitive(v, "results");
	if ((dup = json_duplicate_key(v, results)) != NULL)
		return bad(err, &pl, "the key \"%s\" appears twice in one object", dup);
	if (new_doc)
		m->ndocs++;
	if (!results && cJSON_GetObjectItemCaseSensitive(v, "workload"))
		return add_result(m, in, v, &pl, m->ndocs - 1, err);
	if (add_doc_fields(m, in, v, &pl, err))
		return NF_DATAERR;
	if (!results)
		return where_is_line ? 0 : bad(err, &pl, "missing \"results\"");
	if (!cJSON_IsArray(results))
		return bad(err, &pl, "\"results\" must be an array");
	if (!results->child)
		return bad(err, &pl, "\"results\" is empty");
	cJSON_ArrayForEach(it, results) {
		struct place rp = { in, where_is_line ? where : ++k, where_is_line };
		if (add_result(m, in, it, &rp, m->ndocs - 1, err))
			return NF_DATAERR;
	}
	return 0;
}

/* Parses one JSON text; on error fills err with "cannot read 'FILE':
 * line L, column C: ..." (lines counted from first_line for NDJSON). Returns
 * the tree or NULL. */
static cJSON *parse(const struct ingest_input *in, const char *text, size_t len,
		    size_t first_line, struct nf_error *err)
{
	struct buf why = BUF_INIT;
	cJSON *root = json_input_parse(text, len, first_line, &why);
	if (!root)
		nf_error_set(err, NF_DATAERR, "cannot read '%s': %s", in->path, why.s);
	buf_release(&why);
	return root;
}

static int probe_rounds(const char *text, size_t len)
{
	(void)len;
	while (*text == ' ' || *text == '\t' || *text == '\r' || *text == '\n')
		text++;
	if (*text != '{')
		return 0;
	if (strstr(text, "\"noisefloor.rounds/"))
		return 2;
	if (strstr(text, "\"workload\"") && (strstr(text, "\"passes\"") || strstr(text, "\"value\"")))
		return 1;
	return 0;
}

static int read_rounds(struct model *m, const struct ingest_input *in, const char *text,
		       size_t len, struct nf_error *err)
{
	cJSON *root = parse(in, text, len, 1, err);
	int rc;
	if (!root)
		return NF_DATAERR;
	rc = ingest_rounds_value(m, in, root, 0, 0, 1, err);
	cJSON_Delete(root);
	return rc;
}

const struct ingest_format ingest_format_rounds = {
	"noisefloor rounds (JSON or NDJSON)",
	probe_rounds,
	read_rounds,
};

static int ndjson_line(struct model *m, const struct ingest_input *in, const char *line,
		       size_t n, size_t lineno, struct nf_error *err)
{
	cJSON *v;
	int rc;
	size_t i = 0;
	while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n'))
		i++;
	if (i == n)
		return 0; /* blank lines are allowed */
	v = parse(in, line, n, lineno, err);
	if (!v)
		return NF_DATAERR;
	if (lineno > 1 && !cJSON_GetObjectItemCaseSensitive(v, "workload")) {
		struct place pl = { in, lineno, 1 };
		cJSON_Delete(v);
		return bad(err, &pl, "expected a result object with \"workload\" "
			   "(document fields belong on the first line)");
	}
	rc = ingest_rounds_value(m, in, v, lineno, 1, 0, err);
	cJSON_Delete(v);
	return rc;
}

int ingest_rounds_ndjson_stream(struct model *m, const struct ingest_input *in, const char *first,
				size_t first_len, FILE *f, struct nf_error *err)
{
	struct buf line = BUF_INIT;
	size_t lineno = 1, before = m->nresults;
	long n;
	int rc;

	m->ndocs++; /* the whole NDJSON file is one document */
	rc = ndjson_line(m, in, first, first_len, lineno, err);
	while (!rc && (errno = 0, n = buf_read_line(&line, f, INGEST_MAX_LINE)) != 0 && !ferror(f)) {
		if (n < 0) {
			struct place pl = { in, lineno + 1, 1 };
			rc = bad(err, &pl, "longer than %zu MiB, the limit for one line",
				 INGEST_MAX_LINE >> 20);
			break;
		}
		rc = ndjson_line(m, in, line.s, (size_t)n, ++lineno, err);
	}
	if (!rc && ferror(f)) {
		int e = errno ? errno : EIO;
		rc = nf_error_set(err, nf_status_for_read_errno(e), "cannot read '%s': %s", in->path,
				  strerror(e));
	}
	if (!rc && m->nresults == before)
		rc = nf_error_set(err, NF_DATAERR, "cannot read '%s': no results in it (only the "
				  "document fields)", in->path);
	buf_release(&line);
	return rc;
}
