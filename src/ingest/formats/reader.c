/*
 * reader.c - helpers shared by the readers of other runners' output
 * (hyperfine.c, gbench.c, ...): key-based probing, parsing,
 * checked getters and result construction. See reader.h.
 */
#include "ingest/formats/reader.h"
#include "ingest/json_input.h"
#include "lib/iso8601.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>


/* ---- probing ---------------------------------------------------------- */

static const char *skip_ws(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	return p;
}

/* p at an opening quote; returns the position after the closing quote. */
static const char *skip_string(const char *p, const char *e)
{
	for (p++; p < e; p++) {
		if (*p == '\\')
			p++;
		else if (*p == '"')
			return p + 1;
	}
	return e;
}

static const char *skip_value(const char *p, const char *e)
{
	int depth = 0;
	if (p < e && *p == '"')
		return skip_string(p, e);
	if (p < e && *p != '{' && *p != '[') {
		while (p < e && !strchr(",}] \t\r\n", *p))
			p++;
		return p;
	}
	while (p < e) {
		if (*p == '"') {
			p = skip_string(p, e);
			continue;
		}
		if (*p == '{' || *p == '[')
			depth++;
		else if ((*p == '}' || *p == ']') && --depth == 0)
			return p + 1;
		p++;
	}
	return e;
}

/* Calls each(key, klen, ctx) for the keys of the top-level object (or of
 * the first array element's), in order, until it returns nonzero (then
 * returns that) or the object ends or is malformed (returns 0). */
static int walk_keys(const char *text, size_t len, int in_first_element,
		     int (*each)(const char *k, size_t klen, void *ctx), void *ctx)
{
	const char *p = text, *e = text + len;
	int r;

	if (len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
		p += 3;
	p = skip_ws(p, e);
	if (in_first_element) {
		if (p == e || *p != '[')
			return 0;
		p = skip_ws(p + 1, e);
	}
	if (p == e || *p != '{')
		return 0;
	p = skip_ws(p + 1, e);
	while (p < e && *p == '"') {
		const char *k = p + 1, *kend = skip_string(p, e);
		if ((r = each(k, (size_t)(kend - k - 1), ctx)) != 0)
			return r;
		p = skip_ws(kend, e);
		if (p == e || *p != ':')
			return 0;
		p = skip_value(skip_ws(p + 1, e), e);
		p = skip_ws(p, e);
		if (p == e || *p != ',')
			return 0;
		p = skip_ws(p + 1, e);
	}
	return 0;
}

static int key_is(const char *k, size_t klen, void *key)
{
	return klen == strlen(key) && memcmp(k, key, klen) == 0;
}

/* The key index of reader_keys_begin: the keys walk_keys meets, for either
 * value of in_first_element, made on first use. */
#define KEYS_MAX 64
struct key_list {
	int made, complete; /* complete: every key fitted in KEYS_MAX */
	size_t n;
	struct { const char *k; size_t len; } keys[KEYS_MAX];
};
static struct {
	const char *text; /* NULL outside reader_keys_begin/end */
	size_t len;
	struct key_list list[2];
} probe;

static int key_add(const char *k, size_t klen, void *list)
{
	struct key_list *l = list;
	if (l->n == KEYS_MAX)
		return 1; /* stops the walk: the list is not complete */
	l->keys[l->n].k = k;
	l->keys[l->n++].len = klen;
	return 0;
}

void reader_keys_begin(const char *text, size_t len)
{
	memset(&probe, 0, sizeof probe);
	probe.text = text;
	probe.len = len;
}

void reader_keys_end(void)
{
	memset(&probe, 0, sizeof probe);
}

int reader_has_key(const char *text, size_t len, int in_first_element, const char *key)
{
	struct key_list *l = &probe.list[in_first_element != 0];
	if (!probe.text || text != probe.text || len != probe.len)
		return walk_keys(text, len, in_first_element, key_is, (void *)key);
	if (!l->made) {
		l->complete = walk_keys(text, len, in_first_element, key_add, l) == 0;
		l->made = 1;
	}
	if (!l->complete)
		return walk_keys(text, len, in_first_element, key_is, (void *)key);
	for (size_t i = 0; i < l->n; i++)
		if (key_is(l->keys[i].k, l->keys[i].len, (void *)key))
			return 1;
	return 0;
}

/* ---- errors and parsing ----------------------------------------------- */

int reader_bad(struct nf_error *err, const struct ingest_input *in, const char *where,
	       const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (where)
		nf_error_set(err, NF_DATAERR, "cannot read '%s': %s: %s", in->path, where, b.s);
	else
		nf_error_set(err, NF_DATAERR, "cannot read '%s': %s", in->path, b.s);
	buf_release(&b);
	return NF_DATAERR;
}

cJSON *reader_parse(const struct ingest_input *in, const char *text, size_t len,
		    struct nf_error *err)
{
	struct buf why = BUF_INIT;
	const char *dup;
	cJSON *root;

	if (in->label && reader_check_name(in->label, "the label", in, NULL, err))
		return NULL;
	root = json_input_parse(text, len, 1, &why);
	if (!root) {
		reader_bad(err, in, NULL, "%s", why.s);
		buf_release(&why);
		return NULL;
	}
	buf_release(&why);
	if ((dup = json_duplicate_key(root, NULL)) != NULL) {
		reader_bad(err, in, NULL, "the key \"%s\" appears twice in one object", dup);
		cJSON_Delete(root);
		return NULL;
	}
	return root;
}

int reader_read_array(struct model *m, const struct ingest_input *in, const char *text,
		      size_t len, const char *what, reader_element_fn each, struct nf_error *err)
{
	cJSON *root = reader_parse(in, text, len, err);
	const cJSON *el;
	const char *stem;
	size_t i = 0;
	int rc = 0;

	if (!root)
		return NF_DATAERR;
	if (!cJSON_IsArray(root) || !root->child) {
		cJSON_Delete(root);
		return reader_bad(err, in, NULL, "expected a non-empty array of %s", what);
	}
	m->ndocs++;
	stem = reader_stem(m, in);
	cJSON_ArrayForEach(el, root) {
		if ((rc = each(m, in, el, i++, stem, err)) != 0)
			break;
	}
	cJSON_Delete(root);
	return rc;
}

/* ---- getters ---------------------------------------------------------- */

int reader_check_name(const char *s, const char *what, const struct ingest_input *in,
		      const char *where, struct nf_error *err)
{
	size_t n = strlen(s), at;
	if (!utf8_valid(s, n))
		return reader_bad(err, in, where, "%s is not valid UTF-8 (at byte %zu)", what,
				  utf8_invalid_at(s, n));
	if (n == 0)
		return reader_bad(err, in, where, "%s is empty", what);
	if (n > INGEST_MAX_NAME)
		return reader_bad(err, in, where, "%s is longer than %d bytes", what, INGEST_MAX_NAME);
	if (utf8_control_at(s, n, 0, &at))
		return reader_bad(err, in, where, "%s holds the control character U+%04X at byte %zu",
				  what, utf8_control_at(s, n, 0, NULL), at);
	return 0;
}

int reader_string(const cJSON *obj, const char *key, int required, const char **out,
		  const struct ingest_input *in, const char *where, struct nf_error *err)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
	struct buf what = BUF_INIT;
	int rc = 0;

	*out = NULL;
	if (!it || cJSON_IsNull(it))
		return required ? reader_bad(err, in, where, "missing \"%s\"", key) : 0;
	if (!cJSON_IsString(it))
		return reader_bad(err, in, where, "\"%s\" must be a string", key);
	buf_printf(&what, "\"%s\"", key);
	if (!required && !it->valuestring[0])
		return buf_release(&what), 0; /* an empty optional string is absent */
	rc = reader_check_name(it->valuestring, what.s, in, where, err);
	buf_release(&what);
	if (!rc)
		*out = it->valuestring;
	return rc;
}

int reader_number(const cJSON *obj, const char *key, int required, double *out, int *present,
		  const struct ingest_input *in, const char *where, struct nf_error *err)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (present)
		*present = 0;
	if (!it || cJSON_IsNull(it))
		return required ? reader_bad(err, in, where, "missing \"%s\"", key) : 0;
	if (!cJSON_IsNumber(it))
		return reader_bad(err, in, where, "\"%s\" must be a number", key);
	if (!isfinite(it->valuedouble))
		return reader_bad(err, in, where, "\"%s\" is not a finite number", key);
	*out = it->valuedouble;
	if (present)
		*present = 1;
	return 0;
}

const cJSON *reader_array(const cJSON *obj, const char *key, const struct ingest_input *in,
			  const char *where, struct nf_error *err)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
	if (!it)
		return reader_bad(err, in, where, "missing \"%s\"", key), NULL;
	if (!cJSON_IsArray(it))
		return reader_bad(err, in, where, "\"%s\" must be an array", key), NULL;
	return it;
}

int reader_passes(const cJSON *arr, double scale, int reciprocal, double **out, size_t *n,
		  const struct ingest_input *in, const char *where, struct nf_error *err)
{
	const cJSON *it;
	size_t count = 0, k = 0;
	double *v;

	cJSON_ArrayForEach(it, arr)
		count++;
	if (count == 0)
		return reader_bad(err, in, where, "\"%s\" is empty", arr->string ? arr->string : "samples");
	v = xmalloc(count * sizeof *v);
	cJSON_ArrayForEach(it, arr) {
		double x;
		if (!cJSON_IsNumber(it) || !isfinite(it->valuedouble) || it->valuedouble <= 0) {
			free(v);
			return reader_bad(err, in, where, "\"%s\"[%zu] must be a finite number above zero",
					  arr->string ? arr->string : "samples", k);
		}
		x = reciprocal ? 1 / it->valuedouble : it->valuedouble;
		x *= scale;
		if (!isfinite(x) || x <= 0) {
			free(v);
			return reader_bad(err, in, where, "\"%s\"[%zu] is out of range",
					  arr->string ? arr->string : "samples", k);
		}
		v[k++] = x;
	}
	*out = v;
	*n = count;
	return 0;
}

/* ---- results ---------------------------------------------------------- */

const char *reader_stem(struct model *m, const struct ingest_input *in)
{
	const char *base = strrchr(in->path, '/'), *dot;
	if (strcmp(in->path, "-") == 0)
		return model_intern(m, "stdin");
	base = base ? base + 1 : in->path;
	dot = strrchr(base, '.');
	if (!dot || dot == base)
		return model_intern(m, base);
	return model_internn(m, base, (size_t)(dot - base));
}

struct result_draft *reader_result(struct model *m, const struct ingest_input *in, size_t where,
			     int where_is_line, const char *workload, const char *version,
			     const char *unit, const char *platform, double *passes,
			     size_t npasses)
{
	struct result_draft *r = model_draft_result(m);
	int better;

	r->source = model_intern(m, in->path);
	r->doc = m->ndocs ? m->ndocs - 1 : 0;
	r->where = where;
	r->where_is_line = where_is_line;
	r->workload = model_intern(m, workload);
	r->version = model_intern(m, version);
	r->unit = ingest_unit(m, unit, &better);
	r->better = better;
	if (platform && *platform) {
		r->platform = model_intern(m, platform);
	} else {
		const char *os = model_get_env(m, "os"), *arch = model_get_env(m, "arch");
		char *p = os && arch ? xasprintf("%s-%s", os, arch) : NULL;
		r->platform = model_intern(m, p ? p : "unknown");
		free(p);
	}
	r->passes = model_draft_passes(m, npasses);
	memcpy(r->passes, passes, npasses * sizeof *passes);
	free(passes);
	r->npasses = npasses;
	return r;
}

void reader_meta(struct model *m, struct result_draft *r, const char *runner, const char *extra)
{
	struct buf b = BUF_INIT;
	buf_puts(&b, "{\"runner\":");
	buf_printf(&b, "\"%s\"", runner); /* runner names are plain ASCII */
	if (extra && *extra)
		buf_printf(&b, ",%s", extra);
	buf_putc(&b, '}');
	r->meta_json = model_intern(m, b.s);
	buf_release(&b);
}

void reader_env_default(struct model *m, const char *key, const char *value)
{
	/* "not set": by this input; an earlier input's machine is not this one's */
	size_t since = m->nsources ? m->source_envs[m->nsources - 1].env_from : 0;
	if (value && *value && !model_env_since(m, key, since))
		model_set_env(m, key, value);
}

const char *reader_timestamp(struct model *m, const char *s)
{
	char buf[64];
	size_t n = s ? strlen(s) : 0;
	if (!s || n >= sizeof buf || !iso8601_read(s, n, NULL))
		return NULL;
	memcpy(buf, s, n + 1);
	if (n > 10)
		buf[10] = 'T';
	return model_intern(m, buf);
}

int reader_no_version(struct nf_error *err, const struct ingest_input *in, const char *runner)
{
	return reader_bad(err, in, NULL, "%s records no version, and its names are benchmarks, not "
			  "versions: give the version on the command line as VERSION=%s", runner,
			  in->path);
}
