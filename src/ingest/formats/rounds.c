/*
 * ingest_rounds.c - noisefloor's own rounds format ("noisefloor.rounds/1"),
 * as one JSON document or as NDJSON (one result per line, optionally a first
 * line with the document fields).
 *
 * Everything is validated here, at the boundary: types, finite positive
 * numbers, valid UTF-8, no NUL escapes, no duplicate keys. A parsed tree is
 * freed as soon as its values are copied into the model.
 */
#include "ingest/ingest.h"
#include "ingest/json_input.h"
#include "lib/fmt.h"
#include "lib/json_number.h"
#include "lib/util.h"

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

static int read_passes(struct model *m, struct result_draft *r, const cJSON *obj,
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
		r->passes = model_draft_passes(m, 1);
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
	r->passes = model_draft_passes(m, n);
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
	struct result_draft *r;
	const cJSON *it;
	const char *better = NULL, *unit = NULL, *dup;
	int unit_better;

	if (!cJSON_IsObject(obj))
		return bad(err, pl, "a result must be an object");
	if ((dup = json_duplicate_key(obj, NULL)) != NULL)
		return bad(err, pl, "the key \"%s\" appears twice in one object", dup);
	r = model_draft_result(m);
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
	model_add_result(m, r);
	return 0;
fail:
	/* the half-made draft is never added */
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
	return ingest_rounds_document(m, in, text, len, 1, NULL, err);
}

const struct ingest_format ingest_format_rounds = {
	"noisefloor rounds (JSON or NDJSON)",
	probe_rounds,
	read_rounds,
};

/* ---- the fast path for the common NDJSON result line ----
 *
 * A line that is one flat result object (the members add_result reads, no
 * "meta", strings without escapes or control characters, numbers in strict
 * JSON syntax) is read here straight into the model, without a cJSON tree.
 * It accepts only lines that the cJSON path below accepts, and fills the
 * result exactly as add_result would; anything else (any error, any member it
 * does not know, a duplicate key, an escape, a null where a value is needed)
 * returns 0 and the line goes through the cJSON path, which then gives the
 * same result or the same message as always. fuzz/fuzz_ndjson_diff.c checks
 * that both paths agree. */

enum {
	F_WORKLOAD, F_VERSION, F_PLATFORM, F_UNIT, F_BETTER, F_TIMESTAMP, F_NOTE,
	F_ROUND, F_VALUE, F_PASSES, F_BACK, F_NKEYS
};

static const size_t fast_len[F_NKEYS] = { 8, 7, 8, 4, 6, 9, 4, 5, 5, 6, 12 };

/* The names one member had lately (interned, so each is a checked name),
 * and for each the one that came after it last time: lines that cycle
 * through versions or repeat a workload find the name without scanning
 * and interning it again. */
#define FAST_RECENT 8
struct fast_recent {
	const char *s[FAST_RECENT];
	size_t n[FAST_RECENT];
	unsigned char next[FAST_RECENT]; /* FAST_RECENT: none yet */
	unsigned char last, fill;
};

struct fast_state {
	double *passes; /* scratch for one line's passes */
	size_t cap;
	const char *source; /* interned in->path */
	const char *platform; /* the default platform, made when env_changes was */
	size_t env_changes;
	char unit_raw[32];  /* the last unit as written, what ingest_unit made of it */
	const char *unit;
	int unit_better;
	struct {
		const char *s; /* interned */
		size_t n;
	} names[256];           /* names seen, by fast_intern() */
	/* the shape of the last line the member parser read (fast_shape_*):
	 * its text, and for each member in order the key and where its value
	 * starts and ends; nshape = 0 when there is none */
	char *shape;
	size_t shape_cap, shape_n, nshape;
	struct {
		int k;
		size_t at, end; /* the value is shape[at..end) */
	} slot[F_NKEYS];
	size_t taken; /* lines read here, not by cJSON */
	/* the last "round" a shaped line had, as written, and its value: the
	 * lines of one round repeat it */
	char round_text[64];
	size_t round_len;
	double round_value;
	struct fast_recent recent[F_PLATFORM + 1]; /* names of workload, version, platform */
};

/* 1 when the n bytes at a and b are the same, 4 <= n <= 16: two loads
 * of each side (overlapping when n is not a multiple), no byte loop. */
static int same_4to16(const char *a, const char *b, size_t n)
{
	if (n >= 8) {
		uint64_t x0, y0, x1, y1;
		memcpy(&x0, a, 8);
		memcpy(&y0, b, 8);
		memcpy(&x1, a + n - 8, 8);
		memcpy(&y1, b + n - 8, 8);
		return ((x0 ^ y0) | (x1 ^ y1)) == 0;
	} else {
		uint32_t x0, y0, x1, y1;
		memcpy(&x0, a, 4);
		memcpy(&y0, b, 4);
		memcpy(&x1, a + n - 4, 4);
		memcpy(&y1, b + n - 4, 4);
		return ((x0 ^ y0) | (x1 ^ y1)) == 0;
	}
}

/* The member whose key starts at the quote p (the line's text ends at lim,
 * a NUL), and the byte after the key's closing quote in *end; F_NKEYS for
 * any other key. Accepts exactly the keys that fast_string() would read and
 * the known names would match (a known key has no escape and no byte
 * fast_string() stops at): the text is compared with the one key its first
 * two bytes can be, closing quote included, when that many bytes are left
 * before lim. */
static int fast_key_at(const char *p, const char *lim, const char **end)
{
	/* each key with its closing quote */
	static const char *const quoted[F_NKEYS] = {
		"workload\"", "version\"", "platform\"", "unit\"", "better\"", "timestamp\"",
		"note\"", "round\"", "value\"", "passes\"", "back_to_back\"",
	};
	const char *s = p + 1;
	size_t n;
	int k;
	switch (*s) {
	case 'w': k = F_WORKLOAD; break;
	case 'v': k = s[1] == 'e' ? F_VERSION : F_VALUE; break;
	case 'p': k = s[1] == 'l' ? F_PLATFORM : F_PASSES; break;
	case 'u': k = F_UNIT; break;
	case 'b': k = s[1] == 'e' ? F_BETTER : F_BACK; break;
	case 't': k = F_TIMESTAMP; break;
	case 'n': k = F_NOTE; break;
	case 'r': k = F_ROUND; break;
	default: return F_NKEYS;
	}
	n = fast_len[k] + 1;
	if ((size_t)(lim - s) < n || !same_4to16(s, quoted[k], n))
		return F_NKEYS;
	*end = s + n;
	return k;
}

/* memcmp(a, b, n) == 0 for the short names of a line, without a call. */
static int same_bytes(const char *a, const char *b, size_t n)
{
	if (n >= 4 && n <= 16)
		return same_4to16(a, b, n);
	for (size_t i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* memcmp(a, b, n) == 0 for any n, in words. */
static int same_text(const char *a, const char *b, size_t n)
{
	if (n < 4) {
		for (size_t i = 0; i < n; i++)
			if (a[i] != b[i])
				return 0;
		return 1;
	}
	for (; n > 16; a += 8, b += 8, n -= 8) {
		uint64_t x, y;
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		if (x != y)
			return 0;
	}
	return same_4to16(a, b, n);
}

/* model_internn(s, n) through a small cache of the names a stream repeats
 * (a workload's name on every one of its lines): a slot by the length and
 * the last two bytes, checked against the interned text. */
static const char *fast_intern(struct model *m, struct fast_state *fs, const char *s, size_t n)
{
	size_t h = n ? (n * 131 + (unsigned char)s[n - 1] * 31 + (unsigned char)s[n > 1 ? n - 2 : 0]) & 255
		     : 0;
	if (fs->names[h].s && fs->names[h].n == n && same_bytes(fs->names[h].s, s, n))
		return fs->names[h].s;
	fs->names[h].n = n;
	return fs->names[h].s = model_internn(m, s, n);
}

static const char *fast_ws(const char *p)
{
	/* every byte it skips is at most a space: one test for the rest */
	while ((unsigned char)*p <= ' ' && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	return p;
}

/* A string without escapes whose text check_text accepts as a name (or as
 * free text without tab or line breaks); NULL when it is anything else. */
static const char *fast_string(const char *p, const char **s, size_t *n)
{
	/* 1: the closing quote or a byte the fast path leaves to cJSON (control
	 * characters, the NUL at the end of the text, a backslash, DEL); 2: a
	 * byte of a multibyte character, checked after the scan */
	static const unsigned char stop[256] = {
		[0 ... 0x1f] = 1, ['"'] = 1, ['\\'] = 1, [0x7f] = 1, [0x80 ... 0xff] = 2,
	};
	const unsigned char *q = (const unsigned char *)p + 1;
	int high = 0;
	for (;;) {
		while (!stop[*q])
			q++;
		if (stop[*q] != 2)
			break;
		high = 1;
		q++;
	}
	if (*q != '"')
		return NULL;
	*s = p + 1;
	*n = (size_t)((const char *)q - *s);
	if (*n > INGEST_MAX_NAME)
		return NULL;
	if (high) {
		if (!utf8_valid(*s, *n))
			return NULL;
		for (size_t i = 0; i + 1 < *n; i++)
			if ((unsigned char)(*s)[i] == 0xC2 && (unsigned char)(*s)[i + 1] <= 0x9F)
				return NULL; /* C1 control (0xC2 is always a lead byte here) */
	}
	return (const char *)q + 1;
}

/* A number in strict JSON syntax that cJSON reads the same way, with the
 * double strtod gives (json_number.h); NULL otherwise. */
static const char *fast_number(const char *p, double *v)
{
	return json_number_read(p, v);
}

static int fast_literal(const char **p, const char *lit)
{
	size_t n;
	if (**p != lit[0]) /* most often: a value, not the literal tried first */
		return 0;
	n = strlen(lit);
	if (strncmp(*p, lit, n) != 0)
		return 0;
	*p += n;
	return 1;
}

/* A name of r's at the quote p (bytes up to lim) when the string there is
 * one of them, closing quote included: the one that followed the last
 * name, or the last name again. Returns its index, or -1. */
static int fast_recent_at(const struct fast_recent *r, const char *p, const char *lim)
{
	int c[2];
	if (!r->fill)
		return -1;
	c[0] = r->next[r->last];
	c[1] = r->last;
	for (int i = 0; i < 2; i++) {
		size_t n;
		if (c[i] >= r->fill)
			continue;
		n = r->n[c[i]];
		if ((size_t)(lim - p) >= n + 2 && p[n + 1] == '"' && same_bytes(p + 1, r->s[c[i]], n))
			return c[i];
	}
	return -1;
}

/* Notes the interned name s (n bytes) as the member's latest; i is its
 * index when fast_recent_at found it, else -1. */
static void fast_recent_note(struct fast_recent *r, int i, const char *s, size_t n)
{
	if (i < 0)
		for (i = 0; i < r->fill && r->s[i] != s;)
			i++;
	if (i == r->fill) {
		if (r->fill < FAST_RECENT) {
			r->fill++;
		} else {
			/* replace the one after the last: the oldest of a cycle
			 * longer than the table */
			i = (r->last + 1) % FAST_RECENT;
		}
		r->s[i] = s;
		r->n[i] = n;
		r->next[i] = FAST_RECENT;
	}
	r->next[r->last] = (unsigned char)i;
	r->last = (unsigned char)i;
}

/* One line's members as the parsers below read them. */
/* Only seen, named, npasses and back start known: a member's other fields
 * are set when its bit in seen (a name's in named) is. */
struct fast_line {
	const char *str[F_ROUND];
	const char *name[F_PLATFORM + 1]; /* interned already (fast_recent_at) */
	int recent[F_PLATFORM + 1];       /* and its index there */
	size_t len[F_ROUND], npasses;
	unsigned seen, named;
	double round, value;
	int back;
};

/* Keeps line[0..n) as the shape of the lines to come: the members
 * slot[0..nslot), each value line[at..end). */
static void fast_shape_keep(struct fast_state *fs, const char *line, size_t n,
			    const int *key, const size_t *at, const size_t *end, size_t nslot)
{
	if (n > fs->shape_cap) {
		fs->shape_cap = n * 2;
		free(fs->shape);
		fs->shape = xmalloc(fs->shape_cap);
	}
	memcpy(fs->shape, line, n);
	fs->shape_n = n;
	for (size_t i = 0; i < nslot; i++) {
		fs->slot[i].k = key[i];
		fs->slot[i].at = at[i];
		fs->slot[i].end = end[i];
	}
	fs->nshape = nslot;
}

/*
 * The members of a line in the shape of the last line the member parser
 * below read (the same bytes outside the values: the same keys in the same
 * order, the same spaces and punctuation; each value a string, a number
 * for "round" or "value"): only the values are read, with the same
 * functions and checks as there. A line in that shape is one the member
 * parser reads the same way, token by token, so the result is the same;
 * any other line returns 0 and goes to the member parser.
 */
static int fast_shape_members(struct fast_state *fs, const char *line, size_t n,
			      struct fast_line *fl)
{
	const char *p = line, *const lim = line + n;
	size_t prev = 0; /* the end of the previous value in the shape */
	unsigned seen = 0, named = 0;

	for (size_t i = 0; i < fs->nshape; i++) {
		const int k = fs->slot[i].k;
		const size_t lit = fs->slot[i].at - prev;
		if ((size_t)(lim - p) < lit || !same_text(p, fs->shape + prev, lit))
			return 0;
		p += lit;
		if (k < F_ROUND) {
			int c;
			if (*p != '"')
				return 0;
			if (k <= F_PLATFORM && (c = fast_recent_at(&fs->recent[k], p, lim)) >= 0) {
				fl->name[k] = fs->recent[k].s[c];
				fl->recent[k] = c;
				named |= 1u << k;
				fl->str[k] = p + 1;
				fl->len[k] = fs->recent[k].n[c];
				p += fl->len[k] + 2;
			} else if (!(p = fast_string(p, &fl->str[k], &fl->len[k]))) {
				return 0;
			}
		} else if (k == F_ROUND) {
			/* the same text as the last one, ending there, is the same
			 * number (json_number_read stops at the same byte) */
			const size_t rl = fs->round_len;
			if (rl && (size_t)(lim - p) > rl && same_bytes(p, fs->round_text, rl) &&
			    !json_number_continues(p[rl])) {
				fl->round = fs->round_value;
				p += rl;
			} else {
				const char *q = p;
				if (!(p = fast_number(p, &fl->round)))
					return 0;
				/* at most 63 characters: fits */
				memcpy(fs->round_text, q, (size_t)(p - q));
				fs->round_len = (size_t)(p - q);
				fs->round_value = fl->round;
			}
		} else { /* F_VALUE */
			if (!(p = fast_number(p, &fl->value)) || !isfinite(fl->value) || fl->value <= 0)
				return 0;
		}
		seen |= 1u << k;
		prev = fs->slot[i].end;
	}
	fl->seen = seen;
	fl->named = named;
	return (size_t)(lim - p) == fs->shape_n - prev && same_text(p, fs->shape + prev, fs->shape_n - prev);
}

/* The members of a flat result object on line[0..n) into *fl; 1 when the
 * line is one, 0 to take the cJSON path. A line whose values are all
 * strings and numbers becomes the shape fast_shape_members looks for. */
static int fast_members(struct fast_state *fs, const char *line, size_t n, struct fast_line *fl)
{
	const char *p = fast_ws(line);
	int key[F_NKEYS], shaped = 1;
	size_t at[F_NKEYS], end[F_NKEYS], nslot = 0;
	unsigned keys = 0; /* every member met, null ones too */

	if (*p != '{')
		return 0;
	p = fast_ws(p + 1);
	for (;;) {
		int k;
		if (*p != '"' || (k = fast_key_at(p, line + n, &p)) == F_NKEYS || (keys & (1u << k)))
			return 0;
		keys |= 1u << k;
		p = fast_ws(p);
		if (*p != ':')
			return 0;
		p = fast_ws(p + 1);
		/* no key twice: at most F_NKEYS members */
		key[nslot] = k;
		at[nslot] = (size_t)(p - line);
		if (k < F_ROUND) {
			if (*p == '"') {
				if (!(p = fast_string(p, &fl->str[k], &fl->len[k])))
					return 0;
				fl->seen |= 1u << k;
			} else if (!fast_literal(&p, "null")) {
				return 0;
			} else {
				shaped = 0;
			}
		} else if (k == F_ROUND) {
			if (fast_literal(&p, "null"))
				shaped = 0;
			else if (!(p = fast_number(p, &fl->round)))
				return 0;
			else
				fl->seen |= 1u << k;
		} else if (k == F_BACK) {
			if (fast_literal(&p, "true"))
				fl->back = 1;
			else if (fast_literal(&p, "false"))
				fl->back = 0;
			else if (!fast_literal(&p, "null"))
				return 0;
			fl->seen |= 1u << k;
			shaped = 0;
		} else if (k == F_VALUE) {
			if (!(p = fast_number(p, &fl->value)) || !isfinite(fl->value) || fl->value <= 0)
				return 0;
			fl->seen |= 1u << k;
		} else { /* F_PASSES */
			if (*p != '[')
				return 0;
			p = fast_ws(p + 1);
			for (;;) {
				double x;
				if (!(p = fast_number(p, &x)) || !isfinite(x) || x <= 0 ||
				    fl->npasses == INGEST_MAX_PASSES)
					return 0;
				if (fl->npasses == fs->cap) {
					fs->cap = fs->cap ? fs->cap * 2 : 64;
					fs->passes = xrealloc(fs->passes, fs->cap * sizeof *fs->passes);
				}
				fs->passes[fl->npasses++] = x;
				p = fast_ws(p);
				if (*p == ']')
					break;
				if (*p != ',')
					return 0;
				p = fast_ws(p + 1);
			}
			p++;
			fl->seen |= 1u << k;
			shaped = 0;
		}
		end[nslot++] = (size_t)(p - line);
		p = fast_ws(p);
		if (*p == '}')
			break;
		if (*p != ',')
			return 0;
		p = fast_ws(p + 1);
	}
	if (fast_ws(p + 1) != line + n)
		return 0;
	if (shaped)
		fast_shape_keep(fs, line, n, key, at, end, nslot);
	return 1;
}

/* 1 when the line was read into the model, 0 to take the cJSON path. */
static int fast_result_line(struct model *m, const struct ingest_input *in,
			    struct fast_state *fs, const char *line, size_t n, size_t lineno)
{
	struct fast_line fl;
	const char *const *str = fl.str;
	const size_t *len = fl.len;
	unsigned seen;
	double round, value;
	int unit_better;
	char unit[INGEST_MAX_NAME + 1];
	struct result_draft *r;

	fl.seen = fl.named = 0;
	fl.npasses = 0;
	fl.back = -1;
	fl.round = fl.value = 0;
	if (!fs->nshape || !fast_shape_members(fs, line, n, &fl)) {
		fl.seen = fl.named = 0;
		fl.npasses = 0;
		fl.back = -1;
		if (!fast_members(fs, line, n, &fl))
			return 0;
	}
	seen = fl.seen;
	round = fl.round;
	value = fl.value;

	/* what add_result checks, in any order: every failure goes the slow way */
	if (!(seen & (1u << F_WORKLOAD)) || !len[F_WORKLOAD] || !(seen & (1u << F_UNIT)) ||
	    !len[F_UNIT])
		return 0;
	if (!(seen & (1u << F_VERSION)) && !in->label)
		return 0;
	if ((seen & (1u << F_VALUE)) == !!(seen & (1u << F_PASSES)))
		return 0; /* both or neither */
	if ((seen & (1u << F_ROUND)) &&
	    (!(round >= 1 && round <= INGEST_MAX_ROUNDS) || (double)(long)round != round))
		return 0;
	if (seen & (1u << F_BETTER)) {
		if (!(len[F_BETTER] == 5 && memcmp(str[F_BETTER], "lower", 5) == 0) &&
		    !(len[F_BETTER] == 6 && memcmp(str[F_BETTER], "higher", 6) == 0))
			return 0;
	}
	if (seen & (1u << F_TIMESTAMP)) {
		char ts[INGEST_MAX_NAME + 1];
		memcpy(ts, str[F_TIMESTAMP], len[F_TIMESTAMP]);
		ts[len[F_TIMESTAMP]] = '\0';
		if (!timestamp_valid(ts))
			return 0;
	}

	/* the line is good: fill a result as add_result does */
	r = model_draft_result(m);
	if (!fs->source)
		fs->source = model_intern(m, in->path);
	r->source = fs->source;
	r->where = lineno;
	r->where_is_line = 1;
	r->doc = m->ndocs - 1;
	r->workload = (fl.named & (1u << F_WORKLOAD)) ? fl.name[F_WORKLOAD]
					  : fast_intern(m, fs, str[F_WORKLOAD], len[F_WORKLOAD]);
	fast_recent_note(&fs->recent[F_WORKLOAD], (fl.named & (1u << F_WORKLOAD)) ? fl.recent[F_WORKLOAD] : -1, r->workload,
				 len[F_WORKLOAD]);
	if (seen & (1u << F_VERSION)) {
		r->version = (fl.named & (1u << F_VERSION)) ? fl.name[F_VERSION]
						: fast_intern(m, fs, str[F_VERSION], len[F_VERSION]);
		fast_recent_note(&fs->recent[F_VERSION], (fl.named & (1u << F_VERSION)) ? fl.recent[F_VERSION] : -1, r->version,
				 len[F_VERSION]);
	} else {
		r->version = model_intern(m, in->label);
	}
	if (seen & (1u << F_PLATFORM)) {
		r->platform = (fl.named & (1u << F_PLATFORM)) ? fl.name[F_PLATFORM]
						  : fast_intern(m, fs, str[F_PLATFORM], len[F_PLATFORM]);
		fast_recent_note(&fs->recent[F_PLATFORM], (fl.named & (1u << F_PLATFORM)) ? fl.recent[F_PLATFORM] : -1, r->platform,
				 len[F_PLATFORM]);
	} else {
		if (!fs->platform || fs->env_changes != m->env_changes) {
			const char *os = model_get_env(m, "os"), *arch = model_get_env(m, "arch");
			if (os && arch) {
				char *pf = xasprintf("%s-%s", os, arch);
				fs->platform = model_intern(m, pf);
				free(pf);
			} else {
				fs->platform = model_intern(m, "unknown");
			}
			fs->env_changes = m->env_changes;
		}
		r->platform = fs->platform;
	}
	if (fs->unit && len[F_UNIT] < sizeof fs->unit_raw &&
	    same_bytes(fs->unit_raw, str[F_UNIT], len[F_UNIT]) && !fs->unit_raw[len[F_UNIT]]) {
		r->unit = fs->unit;
		unit_better = fs->unit_better;
	} else {
		memcpy(unit, str[F_UNIT], len[F_UNIT]);
		unit[len[F_UNIT]] = '\0';
		r->unit = ingest_unit(m, unit, &unit_better);
		if (len[F_UNIT] < sizeof fs->unit_raw) {
			memcpy(fs->unit_raw, unit, len[F_UNIT] + 1);
			fs->unit = r->unit;
			fs->unit_better = unit_better;
		}
	}
	r->better = unit_better;
	if (seen & (1u << F_BETTER))
		r->better = str[F_BETTER][0] == 'l' ? BETTER_LOWER : BETTER_HIGHER;
	if (seen & (1u << F_TIMESTAMP))
		r->timestamp = model_internn(m, str[F_TIMESTAMP], len[F_TIMESTAMP]);
	if (seen & (1u << F_NOTE))
		r->note = model_internn(m, str[F_NOTE], len[F_NOTE]);
	if (fl.back > 0)
		r->back_to_back = 1;
	if (seen & (1u << F_ROUND))
		r->round = (int)round;
	if (seen & (1u << F_VALUE)) {
		r->passes = &value;
		r->npasses = 1;
	} else {
		r->passes = fs->passes;
		r->npasses = fl.npasses;
	}
	model_add_result(m, r);
	fs->taken++;
	return 1;
}

static int ndjson_line(struct model *m, const struct ingest_input *in, struct fast_state *fs,
		       const char *line, size_t n, size_t lineno, struct nf_error *err)
{
	cJSON *v;
	int rc;
	size_t i = 0;
	while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n'))
		i++;
	if (i == n)
		return 0; /* blank lines are allowed */
	if (fs && line[n] == '\0' && fast_result_line(m, in, fs, line, n, lineno))
		return 0;
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

/* The lines of a stream, read in large blocks and split with memchr instead
 * of a getc per byte: the same lines and the same limit as buf_read_line. */
struct lines {
	FILE *f;
	char *buf;
	size_t pos, end, cap; /* unread bytes: buf[pos..end); buf[end] is writable */
	size_t saved_at;      /* the byte after the last line, replaced by a NUL */
	char saved;
	int have_saved, done;
	int err; /* ferror(f) after the last read: it changes only there */
};

/* The next line (with its line feed) at *line, NUL-terminated, until the
 * next call; returns its length, 0 at the end of the input or on a read
 * error (see ferror), -1 when it is longer than max. */
static long lines_next(struct lines *l, size_t max, char **line)
{
	size_t scanned = 0;
	if (l->have_saved) {
		l->buf[l->saved_at] = l->saved;
		l->have_saved = 0;
	}
	if (!l->buf) {
		l->cap = (size_t)1 << 20;
		l->buf = xmalloc(l->cap);
	}
	for (;;) {
		char *s = l->buf + l->pos, *nl;
		size_t avail = l->end - l->pos, n, got;
		nl = avail > scanned ? memchr(s + scanned, '\n', avail - scanned) : NULL;
		n = nl ? (size_t)(nl - s) + 1 : avail;
		if (n > max)
			return -1;
		if (nl || l->done) {
			if (n == 0)
				return 0;
			*line = s;
			l->pos += n;
			l->saved_at = l->pos;
			l->saved = l->buf[l->pos];
			l->have_saved = 1;
			l->buf[l->pos] = '\0';
			return (long)n;
		}
		scanned = avail;
		if (l->pos) {
			memmove(l->buf, s, avail);
			l->pos = 0;
			l->end = avail;
		}
		if (l->cap - l->end < 65536 + 1) {
			l->cap *= 2;
			l->buf = xrealloc(l->buf, l->cap);
		}
		got = fread(l->buf + l->end, 1, l->cap - 1 - l->end, l->f);
		l->err = ferror(l->f);
		l->end += got;
		if (got == 0)
			l->done = 1;
	}
}

int ingest_rounds_ndjson_stream(struct model *m, const struct ingest_input *in, const char *first,
				size_t first_len, FILE *f, struct nf_error *err)
{
	struct lines lines = { 0 };
	struct fast_state fs = { 0 };
	size_t lineno = 1, before = m->nresults;
	char *line = NULL;
	long n;
	int rc;

	lines.f = f;
	m->ndocs++; /* the whole NDJSON file is one document */
	rc = ndjson_line(m, in, &fs, first, first_len, lineno, err);
	while (!rc && (errno = 0, n = lines_next(&lines, INGEST_MAX_LINE, &line)) != 0 && !lines.err) {
		if (n < 0) {
			struct place pl = { in, lineno + 1, 1 };
			rc = bad(err, &pl, "longer than %zu MiB, the limit for one line",
				 INGEST_MAX_LINE >> 20);
			break;
		}
		/* the common line, a result object from its first byte, straight
		 * to the line parser (line[n] is the NUL lines_next put there);
		 * if it declines, to cJSON without trying it again */
		++lineno;
		if (line[0] == '{')
			rc = fast_result_line(m, in, &fs, line, (size_t)n, lineno)
				     ? 0
				     : ndjson_line(m, in, NULL, line, (size_t)n, lineno, err);
		else
			rc = ndjson_line(m, in, &fs, line, (size_t)n, lineno, err);
	}
	if (!rc && ferror(f)) {
		int e = errno ? errno : EIO;
		rc = nf_error_set(err, nf_status_for_read_errno(e), "cannot read '%s': %s", in->path,
				  strerror(e));
	}
	if (!rc && m->nresults == before)
		rc = nf_error_set(err, NF_DATAERR, "cannot read '%s': no results in it (only the "
				  "document fields)", in->path);
	free(lines.buf);
	free(fs.passes);
	free(fs.shape);
	return rc;
}

struct ingest_ndjson_fast {
	struct fast_state fs;
};

struct ingest_ndjson_fast *ingest_ndjson_fast_new(void)
{
	return xcalloc(1, sizeof(struct ingest_ndjson_fast));
}

void ingest_ndjson_fast_free(struct ingest_ndjson_fast *fast)
{
	if (!fast)
		return;
	free(fast->fs.passes);
	free(fast->fs.shape);
	free(fast);
}

int ingest_rounds_ndjson_line(struct model *m, const struct ingest_input *in, const char *line,
			      size_t n, size_t lineno, struct ingest_ndjson_fast *fast, int *took_fast,
			      struct nf_error *err)
{
	size_t taken = fast ? fast->fs.taken : 0;
	int rc = ndjson_line(m, in, fast ? &fast->fs : NULL, line, n, lineno, err);
	if (took_fast)
		*took_fast = fast && fast->fs.taken > taken;
	return rc;
}

/* ---- the fast path for a whole rounds document ----
 *
 * A document whose parts are all plain (the known document fields, an
 * "environment" of strings, numbers, booleans and nulls, "workloads" as
 * add_workloads reads them, and results as the line parser above reads them
 * plus a "meta" object of plain strings) is read here in one pass over the
 * text, without a cJSON tree. Nothing reaches the model until the whole text
 * has been read and every check the cJSON path makes has passed; any doubt
 * (an error, an escape, a key it does not know, a duplicate) leaves the model
 * untouched and returns 0, and the document goes through cJSON, which gives
 * the same model or the same message as always. fuzz/fuzz_doc_diff.c checks
 * that both paths agree. */

struct span {
	const char *s;
	size_t n;
};

/* One environment member: its value a string (s), a number or a boolean. */
struct doc_env {
	struct span key, s;
	double num;
	int kind; /* 's' string, 'n' number, 't' true, 'f' false */
};

struct doc_workload {
	struct span name, desc, source; /* desc and source: n == 0 for none */
	double bytes;
};

struct doc_result {
	struct span str[F_ROUND];
	unsigned seen, keys; /* keys: every member met, null ones too */
	int back;
	double round, value;
	size_t passes_at, npasses; /* into doc.passes */
	struct span meta, v8;      /* the "meta" object's text; s NULL for none */
};

struct doc {
	struct span text[3];      /* title, subject, notes; s NULL for none */
	struct doc_env *env;
	size_t nenv, env_alloc;
	struct doc_workload *ws;
	size_t nws, ws_alloc;
	struct doc_result *rs;
	size_t nrs, rs_alloc;
	double *passes;
	size_t npasses, passes_alloc;
	const char *end;          /* the text's end (a NUL) */
};

static int span_is(struct span a, const char *lit)
{
	size_t n = strlen(lit);
	return a.n == n && memcmp(a.s, lit, n) == 0;
}

static int span_eq(struct span a, struct span b)
{
	return a.n == b.n && memcmp(a.s, b.s, a.n) == 0;
}

/* A member's key and the colon after it: returns the byte after the colon
 * and its whitespace, NULL when the key is not a plain string. */
static const char *doc_key(const char *p, struct span *key)
{
	if (*p != '"' || !(p = fast_string(p, &key->s, &key->n)))
		return NULL;
	p = fast_ws(p);
	if (*p != ':')
		return NULL;
	return fast_ws(p + 1);
}

/* After a member's value: the next member's first byte (*more = 1) or the
 * byte after the closing bracket `close` (*more = 0); NULL otherwise. */
static const char *doc_next(const char *p, char close, int *more)
{
	p = fast_ws(p);
	if (*p == ',') {
		*more = 1;
		return fast_ws(p + 1);
	}
	if (*p != close)
		return NULL;
	*more = 0;
	return p + 1;
}

/* The opening bracket at p; the first member's first byte, or the byte after
 * the closing one for an empty object or array (*more = 0). */
static const char *doc_open(const char *p, char open, char close, int *more)
{
	if (*p != open)
		return NULL;
	p = fast_ws(p + 1);
	*more = *p != close;
	return *more ? p : p + 1;
}

/* Members of "environment" and names in "workloads" the one-pass reader
 * takes: it compares each with those before it, so more of them go the
 * cJSON way, which sorts them. */
#define DOC_MAX_MEMBERS 64

/* "environment": an object of strings, finite numbers, booleans and nulls
 * under distinct keys. */
static const char *doc_environment(const char *p, struct doc *d)
{
	int more;
	size_t first = d->nenv;
	if (!(p = doc_open(p, '{', '}', &more)))
		return NULL;
	while (more) {
		struct doc_env e = { 0 };
		if (d->nenv - first == DOC_MAX_MEMBERS || !(p = doc_key(p, &e.key)))
			return NULL;
		for (size_t i = first; i < d->nenv; i++)
			if (span_eq(d->env[i].key, e.key))
				return NULL;
		if (*p == '"') {
			if (!(p = fast_string(p, &e.s.s, &e.s.n)))
				return NULL;
			e.kind = 's';
		} else if (fast_literal(&p, "true")) {
			e.kind = 't';
		} else if (fast_literal(&p, "false")) {
			e.kind = 'f';
		} else if (fast_literal(&p, "null")) {
			e.kind = 0;
		} else {
			if (!(p = fast_number(p, &e.num)) || !isfinite(e.num))
				return NULL;
			e.kind = 'n';
		}
		ALLOC_GROW(d->env, d->nenv + 1, d->env_alloc);
		d->env[d->nenv++] = e;
		if (!(p = doc_next(p, '}', &more)))
			return NULL;
	}
	return p;
}

/* "workloads": distinct non-empty names, each an object of "description"
 * and "source" (strings or null) and "bytes" (a whole number or null). */
static const char *doc_workloads(const char *p, struct doc *d)
{
	int more, wmore;
	size_t first = d->nws;
	if (!(p = doc_open(p, '{', '}', &more)))
		return NULL;
	while (more) {
		struct doc_workload w = { 0 };
		unsigned seen = 0;
		if (d->nws - first == DOC_MAX_MEMBERS || !(p = doc_key(p, &w.name)) || !w.name.n)
			return NULL;
		for (size_t i = first; i < d->nws; i++)
			if (span_eq(d->ws[i].name, w.name))
				return NULL;
		if (!(p = doc_open(p, '{', '}', &wmore)))
			return NULL;
		while (wmore) {
			struct span k, *dst;
			unsigned bit;
			if (!(p = doc_key(p, &k)))
				return NULL;
			if (span_is(k, "description"))
				bit = 1, dst = &w.desc;
			else if (span_is(k, "source"))
				bit = 2, dst = &w.source;
			else if (span_is(k, "bytes"))
				bit = 4, dst = NULL;
			else
				return NULL;
			if (seen & bit)
				return NULL;
			seen |= bit;
			if (fast_literal(&p, "null")) {
				;
			} else if (dst) {
				if (*p != '"' || !(p = fast_string(p, &dst->s, &dst->n)))
					return NULL;
			} else {
				double v;
				if (!(p = fast_number(p, &v)) || !isfinite(v) || v != floor(v) || v <= 0 ||
				    v > 9007199254740992.0)
					return NULL;
				w.bytes = v;
			}
			if (!(p = doc_next(p, '}', &wmore)))
				return NULL;
		}
		ALLOC_GROW(d->ws, d->nws + 1, d->ws_alloc);
		d->ws[d->nws++] = w;
		if (!(p = doc_next(p, '}', &more)))
			return NULL;
	}
	return p;
}

/* "meta": an object of plain strings under distinct keys (then its compact
 * text is its text without the whitespace between tokens, as cJSON prints
 * it); its "v8" in r->v8. */
static const char *doc_meta(const char *p, struct doc_result *r)
{
	struct span keys[16];
	size_t nkeys = 0;
	int more;
	r->meta.s = p;
	if (!(p = doc_open(p, '{', '}', &more)))
		return NULL;
	while (more) {
		struct span v;
		if (nkeys == 16 || !(p = doc_key(p, &keys[nkeys])))
			return NULL;
		for (size_t i = 0; i < nkeys; i++)
			if (span_eq(keys[i], keys[nkeys]))
				return NULL;
		if (*p != '"' || !(p = fast_string(p, &v.s, &v.n)))
			return NULL;
		if (span_is(keys[nkeys], "v8"))
			r->v8 = v;
		nkeys++;
		if (!(p = doc_next(p, '}', &more)))
			return NULL;
	}
	r->meta.n = (size_t)(p - r->meta.s);
	return p;
}

/* One result object into r, with the checks of fast_result_line. */
static const char *doc_result(const struct ingest_input *in, const char *p, struct doc *d,
			      struct doc_result *r)
{
	int more;
	memset(r, 0, sizeof *r);
	r->back = -1;
	r->passes_at = d->npasses;
	if (!(p = doc_open(p, '{', '}', &more)) || !more)
		return NULL;
	while (more) {
		int k;
		if (*p != '"')
			return NULL;
		k = fast_key_at(p, d->end, &p);
		if (k == F_NKEYS) {
			/* the one member the line parser leaves to cJSON */
			struct span key;
			if (!(p = doc_key(p, &key)) || !span_is(key, "meta") || r->meta.s)
				return NULL;
			if (fast_literal(&p, "null"))
				r->meta.s = p; /* seen, and none */
			else if (!(p = doc_meta(p, r)))
				return NULL;
			goto next;
		}
		if (r->keys & (1u << k))
			return NULL;
		r->keys |= 1u << k;
		p = fast_ws(p);
		if (*p != ':')
			return NULL;
		p = fast_ws(p + 1);
		if (k < F_ROUND) {
			if (*p == '"') {
				if (!(p = fast_string(p, &r->str[k].s, &r->str[k].n)))
					return NULL;
				r->seen |= 1u << k;
			} else if (!fast_literal(&p, "null")) {
				return NULL;
			}
		} else if (k == F_ROUND) {
			if (fast_literal(&p, "null"))
				;
			else if (!(p = fast_number(p, &r->round)))
				return NULL;
			else
				r->seen |= 1u << k;
		} else if (k == F_BACK) {
			if (fast_literal(&p, "true"))
				r->back = 1;
			else if (fast_literal(&p, "false"))
				r->back = 0;
			else if (!fast_literal(&p, "null"))
				return NULL;
			r->seen |= 1u << k;
		} else if (k == F_VALUE) {
			if (!(p = fast_number(p, &r->value)) || !isfinite(r->value) || r->value <= 0)
				return NULL;
			r->seen |= 1u << k;
		} else { /* F_PASSES */
			int pmore;
			if (!(p = doc_open(p, '[', ']', &pmore)) || !pmore)
				return NULL;
			while (pmore) {
				double x;
				if (!(p = fast_number(p, &x)) || !isfinite(x) || x <= 0 ||
				    d->npasses - r->passes_at == INGEST_MAX_PASSES)
					return NULL;
				ALLOC_GROW(d->passes, d->npasses + 1, d->passes_alloc);
				d->passes[d->npasses++] = x;
				if (!(p = doc_next(p, ']', &pmore)))
					return NULL;
			}
			r->npasses = d->npasses - r->passes_at;
			r->seen |= 1u << k;
		}
	next:
		if (!(p = doc_next(p, '}', &more)))
			return NULL;
	}

	/* what add_result checks: every failure goes the slow way */
	if (!(r->seen & (1u << F_WORKLOAD)) || !r->str[F_WORKLOAD].n ||
	    !(r->seen & (1u << F_UNIT)) || !r->str[F_UNIT].n)
		return NULL;
	if (!(r->seen & (1u << F_VERSION)) && !in->label)
		return NULL;
	if ((r->seen & (1u << F_VALUE)) == !!(r->seen & (1u << F_PASSES)))
		return NULL; /* both or neither */
	if ((r->seen & (1u << F_ROUND)) &&
	    (r->round != floor(r->round) || r->round < 1 || r->round > INGEST_MAX_ROUNDS))
		return NULL;
	if ((r->seen & (1u << F_BETTER)) && !span_is(r->str[F_BETTER], "lower") &&
	    !span_is(r->str[F_BETTER], "higher"))
		return NULL;
	if (r->seen & (1u << F_TIMESTAMP)) {
		char ts[INGEST_MAX_NAME + 1];
		memcpy(ts, r->str[F_TIMESTAMP].s, r->str[F_TIMESTAMP].n);
		ts[r->str[F_TIMESTAMP].n] = '\0';
		if (!timestamp_valid(ts))
			return NULL;
	}
	return p;
}

/* The whole text into d; 1 when every part of it is plain (and it names
 * its format, with need_format). */
static int doc_read(const struct ingest_input *in, const char *text, size_t len, struct doc *d,
		    int need_format)
{
	const char *p = fast_ws(text);
	unsigned seen = 0;
	int more;
	d->end = text + len;
	if (!(p = doc_open(p, '{', '}', &more)))
		return 0;
	while (more) {
		static const char *const names[] = { "format", "title", "subject", "notes",
						     "environment", "workloads", "results" };
		struct span key;
		size_t k;
		if (!(p = doc_key(p, &key)))
			return 0;
		for (k = 0; k < 7 && !span_is(key, names[k]); k++)
			;
		if (k == 7 || (seen & (1u << k)))
			return 0;
		seen |= 1u << k;
		if (k == 0) {
			struct span f;
			if (*p != '"' || !(p = fast_string(p, &f.s, &f.n)) ||
			    !span_is(f, "noisefloor.rounds/1"))
				return 0;
		} else if (k <= 3) {
			if (fast_literal(&p, "null"))
				;
			else if (*p != '"' || !(p = fast_string(p, &d->text[k - 1].s, &d->text[k - 1].n)))
				return 0;
		} else if (k == 4) {
			if (!fast_literal(&p, "null") && !(p = doc_environment(p, d)))
				return 0;
		} else if (k == 5) {
			if (!fast_literal(&p, "null") && !(p = doc_workloads(p, d)))
				return 0;
		} else {
			int rmore;
			if (!(p = doc_open(p, '[', ']', &rmore)) || !rmore)
				return 0;
			while (rmore) {
				ALLOC_GROW(d->rs, d->nrs + 1, d->rs_alloc);
				if (!(p = doc_result(in, p, d, &d->rs[d->nrs])))
					return 0;
				d->nrs++;
				if (!(p = doc_next(p, ']', &rmore)))
					return 0;
			}
		}
		if (!(p = doc_next(p, '}', &more)))
			return 0;
	}
	/* the whole text, and a document with results (not one bare result) */
	return fast_ws(p) == text + len && (seen & (1u << 6)) && (!need_format || (seen & 1));
}

static const char *doc_intern(struct model *m, struct span s)
{
	return model_internn(m, s.s, s.n);
}

/* Fills the model from d as ingest_rounds_value does from the tree: the
 * document fields first, then the results in order. */
static void doc_commit(struct model *m, const struct ingest_input *in, const struct doc *d)
{
	struct fast_state fs = { 0 };
	struct buf b = BUF_INIT;
	const char *source, *meta_json = NULL;
	struct span meta = { NULL, 0 }; /* the text of meta_json, kept for the next result */

	m->ndocs++;
	for (size_t i = 0; i < 3; i++) {
		char **dst = i == 0 ? &m->title : i == 1 ? &m->subject : &m->notes;
		if (d->text[i].s && !*dst)
			*dst = xstrndup(d->text[i].s, d->text[i].n);
	}
	for (size_t i = 0; i < d->nenv; i++) {
		const struct doc_env *e = &d->env[i];
		const char *v;
		if (!e->kind)
			continue;
		if (e->kind == 's') {
			v = doc_intern(m, e->s);
		} else if (e->kind == 'n') {
			buf_reset(&b);
			fmt_sig(&b, e->num, 15);
			v = b.s;
		} else {
			v = e->kind == 't' ? "true" : "false";
		}
		model_set_env(m, doc_intern(m, e->key), v);
	}
	source = model_intern(m, in->path);
	for (size_t i = 0; i < d->nws; i++) {
		const struct doc_workload *w = &d->ws[i];
		struct workload_info *info = model_add_workload(m, doc_intern(m, w->name));
		if (!info->from)
			info->from = source;
		if (w->desc.n && !info->description)
			info->description = doc_intern(m, w->desc);
		if (w->source.n && !info->source)
			info->source = doc_intern(m, w->source);
		if (w->bytes > 0 && info->bytes == 0)
			info->bytes = w->bytes;
	}

	fs.source = source;
	for (size_t i = 0; i < d->nrs; i++) {
		const struct doc_result *dr = &d->rs[i];
		const struct span *str = dr->str;
		struct result_draft *r = model_draft_result(m);
		int unit_better;
		r->source = source;
		r->where = i + 1;
		r->where_is_line = 0;
		r->doc = m->ndocs - 1;
		r->workload = fast_intern(m, &fs, str[F_WORKLOAD].s, str[F_WORKLOAD].n);
		r->version = dr->seen & (1u << F_VERSION)
				     ? fast_intern(m, &fs, str[F_VERSION].s, str[F_VERSION].n)
				     : model_intern(m, in->label);
		if (dr->seen & (1u << F_PLATFORM)) {
			r->platform = fast_intern(m, &fs, str[F_PLATFORM].s, str[F_PLATFORM].n);
		} else {
			if (!fs.platform) {
				const char *os = model_get_env(m, "os"), *arch = model_get_env(m, "arch");
				if (os && arch) {
					char *pf = xasprintf("%s-%s", os, arch);
					fs.platform = model_intern(m, pf);
					free(pf);
				} else {
					fs.platform = model_intern(m, "unknown");
				}
			}
			r->platform = fs.platform;
		}
		if (fs.unit && str[F_UNIT].n < sizeof fs.unit_raw &&
		    same_bytes(fs.unit_raw, str[F_UNIT].s, str[F_UNIT].n) &&
		    !fs.unit_raw[str[F_UNIT].n]) {
			r->unit = fs.unit;
			unit_better = fs.unit_better;
		} else {
			char unit[INGEST_MAX_NAME + 1];
			memcpy(unit, str[F_UNIT].s, str[F_UNIT].n);
			unit[str[F_UNIT].n] = '\0';
			r->unit = ingest_unit(m, unit, &unit_better);
			if (str[F_UNIT].n < sizeof fs.unit_raw) {
				memcpy(fs.unit_raw, unit, str[F_UNIT].n + 1);
				fs.unit = r->unit;
				fs.unit_better = unit_better;
			}
		}
		r->better = unit_better;
		if (dr->seen & (1u << F_BETTER))
			r->better = str[F_BETTER].s[0] == 'l' ? BETTER_LOWER : BETTER_HIGHER;
		if (dr->seen & (1u << F_TIMESTAMP))
			r->timestamp = fast_intern(m, &fs, str[F_TIMESTAMP].s, str[F_TIMESTAMP].n);
		if (dr->seen & (1u << F_NOTE))
			r->note = fast_intern(m, &fs, str[F_NOTE].s, str[F_NOTE].n);
		if (dr->back > 0)
			r->back_to_back = 1;
		if (dr->seen & (1u << F_ROUND))
			r->round = (int)dr->round;
		if (dr->meta.n) {
			if (!meta.s || !span_eq(meta, dr->meta)) {
				/* compact: the text without the whitespace outside strings */
				int in_str = 0;
				buf_reset(&b);
				for (size_t j = 0; j < dr->meta.n; j++) {
					char c = dr->meta.s[j];
					if (c == '"')
						in_str = !in_str;
					if (in_str || !(c == ' ' || c == '\t' || c == '\r' || c == '\n'))
						buf_putc(&b, c);
				}
				meta_json = model_internn(m, b.s, b.len);
				meta = dr->meta;
			}
			r->meta_json = meta_json;
			if (dr->v8.n)
				r->v8 = fast_intern(m, &fs, dr->v8.s, dr->v8.n);
		}
		if (dr->seen & (1u << F_VALUE)) {
			r->passes = (double *)&dr->value;
			r->npasses = 1;
		} else {
			r->passes = d->passes + dr->passes_at;
			r->npasses = dr->npasses;
		}
		model_add_result(m, r);
	}
	buf_release(&b);
}

/* The one-pass reader: 1 when it read the document into the model, 0 when
 * it left the model as it was. */
static int doc_fast(struct model *m, const struct ingest_input *in, const char *text, size_t len,
		    int need_format)
{
	struct doc d;
	int ok;
	memset(&d, 0, sizeof d);
	ok = text[len] == '\0' && doc_read(in, text, len, &d, need_format);
	if (ok)
		doc_commit(m, in, &d);
	free(d.env);
	free(d.ws);
	free(d.rs);
	free(d.passes);
	return ok;
}

int ingest_rounds_plain(struct model *m, const struct ingest_input *in, const char *text,
			size_t len)
{
	return doc_fast(m, in, text, len, 1);
}

int ingest_rounds_document(struct model *m, const struct ingest_input *in, const char *text,
			   size_t len, int fast, int *took_fast, struct nf_error *err)
{
	cJSON *root;
	int rc;

	if (took_fast)
		*took_fast = 0;
	if (fast && doc_fast(m, in, text, len, 0)) {
		if (took_fast)
			*took_fast = 1;
		return 0;
	}
	root = parse(in, text, len, 1, err);
	if (!root)
		return NF_DATAERR;
	rc = ingest_rounds_value(m, in, root, 0, 0, 1, err);
	cJSON_Delete(root);
	return rc;
}
