/*
 * rounds.c - noisefloor's own rounds format ("noisefloor.rounds/1"), as one
 * JSON document or as NDJSON (one result per line, optionally a first line
 * with the document fields).
 *
 * Everything is validated here, at the boundary: types, finite positive
 * numbers, valid UTF-8, no NUL escapes, no duplicate keys, timestamps that
 * iso8601_read reads. A result has one builder (rounds_result_check and
 * rounds_result_add), whoever read it: the cJSON path below, from a tree
 * that is freed as soon as its values are copied, or the fast reader
 * (rounds_fast.c), from the text of an NDJSON line or of each element of a
 * document's "results". The document fields are always read from a tree.
 */
#include "ingest/formats/rounds.h"
#include "ingest/json_input.h"
#include "lib/fmt.h"
#include "lib/iso8601.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Fills err (when not NULL: a caller that only asks whether) with
 * "cannot read 'FILE': result 4: ..." and returns NF_DATAERR. */
static int bad(struct nf_error *err, const struct rounds_place *pl, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int bad(struct nf_error *err, const struct rounds_place *pl, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	if (!err)
		return NF_DATAERR;
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

/* 1 for the common text that check_text passes at a glance: printable
 * ASCII, at most max bytes. */
static int text_plain(const char *s, size_t n, size_t max)
{
	size_t i = 0;
	while (i < n && (unsigned char)(s[i] - 0x20) < 0x5f)
		i++;
	return i == n && (!max || n <= max);
}

/* Checks the text s[0..n) of a member: valid UTF-8, length, no control
 * characters (utf8_control_at: C0, DEL, C1 and the bidirectional controls;
 * free text may hold tab, line feed and carriage return). */
static int check_text(const char *s, size_t n, const char *key, int free_text,
		      const struct rounds_place *pl, struct nf_error *err, size_t max)
{
	if (text_plain(s, n, max))
		return 0;
	if (!utf8_valid(s, n))
		return bad(err, pl, "\"%s\" is not valid UTF-8 (at byte %zu)", key, utf8_invalid_at(s, n));
	if (max && n > max)
		return bad(err, pl, "\"%s\" is longer than %zu bytes", key, max);
	{
		size_t at;
		unsigned c = utf8_control_at(s, n, free_text, &at);
		if (c)
			return bad(err, pl, "\"%s\" holds the control character U+%04X at byte %zu", key, c,
				   at);
	}
	return 0;
}

/* The first control character in the compact JSON text of "meta" (its
 * strings are texts: tab and line breaks allowed), raw or escaped (cJSON
 * writes C0 as an escape, the others raw), or 0. */
static unsigned meta_control(const char *s, size_t n)
{
	unsigned c = utf8_control_at(s, n, 1, NULL);
	for (size_t i = 0; !c && i + 1 < n; i++) {
		if (s[i] != '\\')
			continue;
		i++;
		if (s[i] == 'b' || s[i] == 'f')
			c = s[i] == 'b' ? 0x08 : 0x0C;
		else if (s[i] == 'u' && i + 4 < n && s[i + 1] == '0' && s[i + 2] == '0' &&
			 (s[i + 3] == '0' || s[i + 3] == '1')) {
			unsigned lo = (unsigned)(s[i + 4] <= '9' ? s[i + 4] - '0' : (s[i + 4] | 0x20) - 'a' + 10);
			unsigned v = (unsigned)(s[i + 3] - '0') * 16 + lo;
			if (v != '\t' && v != '\n' && v != '\r')
				c = v;
		}
	}
	return c;
}

static int check_str(const char *s, const char *key, int free_text, const struct rounds_place *pl,
		     struct nf_error *err)
{
	return check_text(s, strlen(s), key, free_text, pl, err, INGEST_MAX_NAME);
}

/* ---- the result builder ----
 *
 * Its two halves are inlined where they are called (the line reader's loop
 * above all: per line, a call costs as much as a check). */

static const char *const member_key[RF_NMEMBERS] = {
	"workload", "version", "platform", "unit", "better", "timestamp", "note",
	"round", "value", "passes", "back_to_back", "meta",
};

/* The members that must be there. */
#define RF_REQUIRED ((1u << RF_WORKLOAD) | (1u << RF_UNIT))

static int absent(const struct rounds_result *rr, int k)
{
	return rr->kind[k] <= RV_NULL;
}

static int member_is(const struct rounds_result *rr, int k, const char *lit)
{
	size_t n = strlen(lit);
	return rr->len[k] == n && memcmp(rr->v[k].str, lit, n) == 0;
}

/* Every check of the format on one result, in the order the format states
 * them: 0, or NF_DATAERR with err filled ("cannot read 'FILE': result 2:
 * ..."; err NULL: only says whether). Changes nothing but rr->time, the
 * seconds of the timestamp it read. */
static inline __attribute__((always_inline)) int
rounds_result_check(struct rounds_result *rr, const struct rounds_place *pl, struct nf_error *err)
{
	/* the bits of kind[] that are 0 when each string member is a
	 * string or none (a kind below 4), in the order of the bytes */
	static const union {
		unsigned char b[8];
		uint64_t w;
	} strings_plain = { { 0xFC, 0xFC, 0xFC, 0xFC, 0xFC, 0xFC, 0xFC, 0 } };
	_Static_assert(RF_NSTRINGS == 7, "strings_plain covers the seven string members");
	const struct ingest_input *in = pl->in;
	uint64_t kinds;

	/* the strings: "version" may be a number ("24" for 24); workload
	 * and unit are required and not empty; "note" is free text. At a
	 * glance when each is a string or none, the required ones there and
	 * not empty, and every text plain. */
	memcpy(&kinds, rr->kind, sizeof kinds);
	if (!(rr->plain && !(kinds & strings_plain.w) && rr->kind[RF_WORKLOAD] == RV_STRING &&
	      rr->kind[RF_UNIT] == RV_STRING && rr->len[RF_WORKLOAD] && rr->len[RF_UNIT]))
		for (int k = 0; k < RF_NSTRINGS; k++) {
			const unsigned required = (RF_REQUIRED >> k) & 1;
			const int kind = rr->kind[k];
			if (kind == RV_STRING) {
				if (!rr->plain && check_text(rr->v[k].str, rr->len[k], member_key[k], k == RF_NOTE,
							     pl, err, INGEST_MAX_NAME))
					return NF_DATAERR;
				if (required && !rr->len[k])
					return bad(err, pl, "\"%s\" is empty", member_key[k]);
			} else if (kind == RV_ABSENT || kind == RV_NULL) {
				if (required)
					return bad(err, pl, "missing \"%s\"", member_key[k]);
			} else if (!(kind == RV_NUMBER && k == RF_VERSION && isfinite(rr->v[k].num))) {
				return bad(err, pl, "\"%s\" must be a string", member_key[k]);
			}
		}
	if (absent(rr, RF_VERSION) && !in->label)
		return bad(err, pl, "missing \"version\" (or give it on the command line as VERSION=%s)",
			   in->path);
	if (rr->kind[RF_BETTER] == RV_STRING && !member_is(rr, RF_BETTER, "lower") &&
	    !member_is(rr, RF_BETTER, "higher"))
		return bad(err, pl, "\"better\" must be \"lower\" or \"higher\", not \"%.*s\"",
			   (int)rr->len[RF_BETTER], rr->v[RF_BETTER].str);
	if (rr->kind[RF_TIMESTAMP] == RV_STRING &&
	    !iso8601_read(rr->v[RF_TIMESTAMP].str, rr->len[RF_TIMESTAMP], &rr->time))
		return bad(err, pl, "\"timestamp\" must be ISO 8601 like \"2026-11-29T22:15:03Z\"");
	if (!absent(rr, RF_BACK) && rr->kind[RF_BACK] != RV_TRUE && rr->kind[RF_BACK] != RV_FALSE)
		return bad(err, pl, "\"back_to_back\" must be true or false");
	if (!absent(rr, RF_ROUND)) {
		double v = rr->kind[RF_ROUND] == RV_NUMBER ? rr->v[RF_ROUND].num : -1;
		/* whole: in range, the same after a cut to an integer */
		if (!(v >= 1 && v <= INGEST_MAX_ROUNDS) || v != (double)(long)v)
			return bad(err, pl, "\"round\" must be a whole number from 1 to %d",
				   INGEST_MAX_ROUNDS);
	}

	/* "passes" or "value": present even when null */
	if (rr->kind[RF_PASSES] != RV_ABSENT && rr->kind[RF_VALUE] != RV_ABSENT)
		return bad(err, pl, "give either \"passes\" or \"value\", not both");
	if (rr->kind[RF_VALUE] != RV_ABSENT) {
		double v = rr->v[RF_VALUE].num;
		if (rr->kind[RF_VALUE] != RV_NUMBER)
			return bad(err, pl, "\"value\" must be a number");
		if (!isfinite(v))
			return bad(err, pl, "\"value\" is not a finite number");
		if (v <= 0)
			return bad(err, pl, "\"value\" must be greater than zero, not %g", v);
	} else {
		if (rr->kind[RF_PASSES] == RV_ABSENT)
			return bad(err, pl, "missing \"passes\" (an array of the round's measurements)");
		if (rr->kind[RF_PASSES] != RV_ARRAY)
			return bad(err, pl, "\"passes\" must be an array of numbers");
		if (rr->npasses == 0)
			return bad(err, pl, "\"passes\" is empty");
		if (rr->npasses > INGEST_MAX_PASSES)
			return bad(err, pl, "\"passes\" has %zu values, more than the %d a round may have",
				   (size_t)rr->npasses, INGEST_MAX_PASSES);
		for (size_t k = 0; k < rr->npasses; k++) {
			double v = k < rr->numbers ? rr->passes[k] : 0;
			if (k == rr->numbers)
				return bad(err, pl, "\"passes\"[%zu] must be a number", k);
			if (!isfinite(v))
				return bad(err, pl, "\"passes\"[%zu] is not a finite number", k);
			if (v <= 0)
				return bad(err, pl, "\"passes\"[%zu] must be greater than zero, not %g", k, v);
		}
	}

	if (!absent(rr, RF_META)) {
		if (rr->kind[RF_META] != RV_OBJECT)
			return bad(err, pl, "\"meta\" must be an object");
		if (!rr->plain && rr->v8_kind == RV_STRING &&
		    check_text(rr->v8, rr->v8_len, "meta.v8", 0, pl, err, INGEST_MAX_NAME))
			return NF_DATAERR;
		if (!rr->plain && !utf8_valid(rr->v[RF_META].str, rr->len[RF_META]))
			return bad(err, pl, "\"meta\" holds text that is not valid UTF-8");
		if (!rr->plain) {
			unsigned c = meta_control(rr->v[RF_META].str, rr->len[RF_META]);
			if (c)
				return bad(err, pl, "\"meta\" holds the control character U+%04X", c);
		}
	}
	return 0;
}

/* model_internn(s, n) through a small cache of the names an input repeats
 * (a workload's name on every one of its lines): a slot by the length and
 * the last two bytes, checked against the interned text. */
static const char *names_intern(struct model *m, struct rounds_names *nc, const char *s, size_t n)
{
	size_t h = n ? (n * 131 + (unsigned char)s[n - 1] * 31 + (unsigned char)s[n > 1 ? n - 2 : 0]) & 255
		     : 0;
	if (nc->cache[h].s && nc->cache[h].n == n && rounds_same_text(nc->cache[h].s, s, n))
		return nc->cache[h].s;
	nc->cache[h].n = n;
	return nc->cache[h].s = model_internn(m, s, n);
}

/* Notes the interned name s (n bytes) as the member's latest; i is its
 * index when the reader found it there, else -1. */
static __attribute__((noinline)) void recent_note_slow(struct rounds_recent *r, int i,
							const char *s, size_t n)
{
	if (i < 0) {
		/* where the name went in, unless another took its place */
		const size_t h = (size_t)(((uint64_t)(uintptr_t)s * 0x9E3779B97F4A7C15ULL) >> 56);
		i = r->at[h] < r->fill && r->s[r->at[h]] == s ? r->at[h] : r->fill;
		if (i == r->fill)
			r->at[h] = (unsigned char)(r->fill < ROUNDS_RECENT ? r->fill
									  : (r->last + 1) % ROUNDS_RECENT);
	}
	if (i == r->fill) {
		if (r->fill < ROUNDS_RECENT) {
			r->fill++;
		} else {
			/* replace the one after the last: the oldest of a cycle
			 * longer than the table */
			i = (r->last + 1) % ROUNDS_RECENT;
		}
		r->s[i] = s;
		r->n[i] = n;
		r->next[i] = ROUNDS_RECENT;
	}
	/* a name repeated is found as the last one: what followed it before
	 * is kept for when it changes */
	if (i != r->last)
		r->next[r->last] = (unsigned char)i;
	r->last = (unsigned char)i;
}

/* recent_note_slow, inline for a name the reader found among the recent. */
static inline __attribute__((always_inline)) void recent_note(struct rounds_recent *r, int i,
							      const char *s, size_t n)
{
	if (i < 0 || i == r->fill) {
		recent_note_slow(r, i, s, n);
		return;
	}
	if (i != r->last)
		r->next[r->last] = (unsigned char)i;
	r->last = (unsigned char)i;
}

/* Member k <= RF_PLATFORM, a string, interned; noted as recent for the
 * line reader when the fast reader read it (a name the reader finds there must be text it
 * would read itself: no quote, no backslash, as written). */
static inline __attribute__((always_inline)) const char *
name_of(struct model *m, struct rounds_names *nc, const struct rounds_result *rr, int k)
{
	int named = (rr->named >> k) & 1;
	const char *s = named ? rr->v[k].str : names_intern(m, nc, rr->v[k].str, rr->len[k]);
	if (nc->keep_recent && rr->plain)
		recent_note(&nc->recent[k], named ? rr->recent[k] : -1, s, rr->len[k]);
	return s;
}

/* The platform of a result without one: "OS-ARCH" from the environment, or
 * "unknown"; made again when the environment has changed. */
static __attribute__((noinline)) const char *platform_new(struct model *m, struct rounds_names *nc)
{
	const char *os = model_get_env(m, "os"), *arch = model_get_env(m, "arch");
	if (os && arch) {
		char *pf = xasprintf("%s-%s", os, arch);
		nc->platform = model_intern(m, pf);
		free(pf);
	} else {
		nc->platform = model_intern(m, "unknown");
	}
	nc->env_changes = m->env_changes;
	return nc->platform;
}

static inline const char *default_platform(struct model *m, struct rounds_names *nc)
{
	if (!nc->platform || nc->env_changes != m->env_changes)
		return platform_new(m, nc);
	return nc->platform;
}

/* ingest_unit of the unit s[0..n) as written, remembered when short. */
static __attribute__((noinline)) const char *unit_new(struct model *m, struct rounds_names *nc,
						      const char *s, size_t n, int *better)
{
	char unit[INGEST_MAX_NAME + 1];
	memcpy(unit, s, n);
	unit[n] = '\0';
	if (n >= sizeof nc->unit_raw)
		return ingest_unit(m, unit, better);
	memcpy(nc->unit_raw, unit, n + 1);
	nc->unit = ingest_unit(m, unit, &nc->unit_better);
	*better = nc->unit_better;
	return nc->unit;
}

/* ingest_unit of the unit as written, through the last one. */
static inline const char *unit_of(struct model *m, struct rounds_names *nc, const char *s, size_t n,
			   int *better)
{
	if (nc->unit && n < sizeof nc->unit_raw && rounds_same(nc->unit_raw, s, n) &&
	    !nc->unit_raw[n]) {
		*better = nc->unit_better;
		return nc->unit;
	}
	return unit_new(m, nc, s, n, better);
}

/* The interned compact text of "meta", through the last one. */
static const char *meta_of(struct model *m, struct rounds_names *nc, const struct rounds_result *rr)
{
	const char *s = rr->v[RF_META].str;
	size_t n = rr->len[RF_META];
	if (nc->meta_json && nc->meta_raw.len == n && memcmp(nc->meta_raw.s, s, n) == 0)
		return nc->meta_json;
	buf_reset(&nc->meta_raw);
	buf_put(&nc->meta_raw, s, n);
	if (rr->meta_spaced) {
		/* compact: the text without the whitespace outside strings (it
		 * has no escapes) */
		char *t = xmalloc(n);
		size_t k = 0;
		int in_str = 0;
		for (size_t j = 0; j < n; j++) {
			char c = s[j];
			if (c == '"')
				in_str = !in_str;
			if (in_str || !(c == ' ' || c == '\t' || c == '\r' || c == '\n'))
				t[k++] = c;
		}
		nc->meta_json = model_internn(m, t, k);
		free(t);
	} else {
		nc->meta_json = model_internn(m, s, n);
	}
	return nc->meta_json;
}

static inline size_t series_hash(const char *workload, const char *version, const char *platform)
{
	uint64_t h = ((uint64_t)(uintptr_t)workload * 0x9E3779B97F4A7C15ULL) ^
		     ((uint64_t)(uintptr_t)version * 0xBF58476D1CE4E5B9ULL) ^ (uintptr_t)platform;
	return (size_t)(h ^ (h >> 29));
}

/* A series of nc's set that a plain round with these names and fields
 * belongs to (model_add_result would find it), or NULL. */
static inline struct series *series_known(const struct rounds_names *nc, const char *workload,
					  const char *version, const char *platform,
					  const char *unit, int better, size_t doc, int is_line)
{
	const struct rounds_series *t = &nc->series;
	struct series *x;
	if (!t->nslots)
		return NULL;
	for (size_t j = series_hash(workload, version, platform) & (t->nslots - 1);
	     (x = t->slots[j]) != NULL; j = (j + 1) & (t->nslots - 1))
		if (x->workload == workload && x->version == version && x->platform == platform &&
		    x->unit == unit && x->better == better && x->doc == doc &&
		    x->where_is_line == is_line && x->source == nc->source && !x->note &&
		    !x->meta_json && !x->v8 && !x->back_to_back && !x->runner_interleaved)
			return x;
	return NULL;
}

static void series_put(struct rounds_series *t, struct series *x)
{
	size_t j = series_hash(x->workload, x->version, x->platform) & (t->nslots - 1);
	while (t->slots[j])
		j = (j + 1) & (t->nslots - 1);
	t->slots[j] = x;
}

/* Adds x, the series of a plain round, to nc's set, unless it is full. */
static __attribute__((noinline)) void series_note(struct rounds_names *nc, struct series *x)
{
	struct rounds_series *t = &nc->series;
	if ((t->count + 1) * 2 > t->nslots) {
		struct series **old = t->slots;
		size_t n = t->nslots;
		if (n >= ROUNDS_SERIES_MAX)
			return;
		t->nslots = n ? 2 * n : 64;
		t->slots = xcalloc(t->nslots, sizeof *t->slots);
		for (size_t i = 0; i < n; i++)
			if (old[i])
				series_put(t, old[i]);
		free(old);
	}
	series_put(t, x);
	t->count++;
}

/* Adds a result that rounds_result_check passed to the model, as input
 * document doc. A plain round (one value; no note, meta or back_to_back)
 * of a series met before goes straight to it through nc's set of series,
 * without a draft: model_add_result would find that series for it. */
static inline __attribute__((always_inline)) void
rounds_result_add(struct model *m, struct rounds_names *nc, const struct rounds_result *rr,
		  const struct rounds_place *pl, size_t doc)
{
	struct result_draft *r;
	const char *workload, *version, *platform, *unit;
	int unit_better, better;
	const char *timestamp = NULL;
	const int plain = rr->kind[RF_VALUE] == RV_NUMBER && rr->kind[RF_NOTE] != RV_STRING &&
			  rr->kind[RF_META] != RV_OBJECT && rr->kind[RF_BACK] != RV_TRUE;

	if (!nc->source)
		nc->source = model_intern(m, pl->in->path);
	workload = name_of(m, nc, rr, RF_WORKLOAD);
	if (rr->kind[RF_VERSION] == RV_STRING) {
		version = name_of(m, nc, rr, RF_VERSION);
	} else if (rr->kind[RF_VERSION] == RV_NUMBER) {
		struct buf b = BUF_INIT;
		fmt_sig(&b, rr->v[RF_VERSION].num, 15);
		version = model_intern(m, b.s);
		buf_release(&b);
	} else {
		version = model_intern(m, pl->in->label);
	}
	platform = rr->kind[RF_PLATFORM] == RV_STRING ? name_of(m, nc, rr, RF_PLATFORM)
						       : default_platform(m, nc);
	unit = unit_of(m, nc, rr->v[RF_UNIT].str, rr->len[RF_UNIT], &unit_better);
	better = unit_better;
	if (rr->kind[RF_BETTER] == RV_STRING)
		better = rr->v[RF_BETTER].str[0] == 'l' ? BETTER_LOWER : BETTER_HIGHER;
	if (rr->kind[RF_TIMESTAMP] == RV_STRING)
		timestamp = names_intern(m, nc, rr->v[RF_TIMESTAMP].str, rr->len[RF_TIMESTAMP]);
	if (plain) {
		struct series *x =
			series_known(nc, workload, version, platform, unit, better, doc, pl->is_line);
		if (x) {
			model_add_value(m, x, rr->kind[RF_ROUND] == RV_NUMBER ? (int)rr->v[RF_ROUND].num : 0,
					pl->where, rr->v[RF_VALUE].num, timestamp, rr->time);
			return;
		}
	}

	r = model_draft_result(m);
	r->source = nc->source;
	r->where = pl->where;
	r->where_is_line = pl->is_line;
	r->doc = doc;
	r->workload = workload;
	r->version = version;
	r->platform = platform;
	r->unit = unit;
	r->better = better;
	if (timestamp) {
		r->timestamp = timestamp;
		r->time = rr->time;
		r->has_time = 1;
	}
	if (rr->kind[RF_NOTE] == RV_STRING)
		r->note = names_intern(m, nc, rr->v[RF_NOTE].str, rr->len[RF_NOTE]);
	r->back_to_back = rr->kind[RF_BACK] == RV_TRUE;
	if (rr->kind[RF_ROUND] == RV_NUMBER)
		r->round = (int)rr->v[RF_ROUND].num;
	if (rr->kind[RF_VALUE] == RV_NUMBER) {
		r->passes = (double *)&rr->v[RF_VALUE].num;
		r->npasses = 1;
	} else {
		r->passes = (double *)rr->passes;
		r->npasses = rr->npasses;
	}
	if (rr->kind[RF_META] == RV_OBJECT) {
		r->meta_json = meta_of(m, nc, rr);
		if (rr->v8_kind == RV_STRING && rr->v8_len)
			r->v8 = names_intern(m, nc, rr->v8, rr->v8_len);
	}
	{
		struct series *x = model_add_result(m, r)->series;
		if (plain)
			series_note(nc, x); /* not in the set: series_known did not find it */
	}
}

void rounds_names_release(struct rounds_names *nc)
{
	buf_release(&nc->meta_raw);
	free(nc->series.slots);
}

/* ---- the cJSON path ---- */

/* What the tree's member `it` (NULL: none) holds, as member k of rr. */
static void member_from_tree(struct rounds_result *rr, int k, const cJSON *it)
{
	rr->kind[k] = !it ? RV_ABSENT
		    : cJSON_IsNull(it) ? RV_NULL
		    : cJSON_IsString(it) ? RV_STRING
		    : cJSON_IsNumber(it) ? RV_NUMBER
		    : cJSON_IsTrue(it) ? RV_TRUE
		    : cJSON_IsFalse(it) ? RV_FALSE
		    : cJSON_IsArray(it) ? RV_ARRAY
		    : cJSON_IsObject(it) ? RV_OBJECT : RV_OTHER;
	if (rr->kind[k] == RV_STRING) {
		rr->v[k].str = it->valuestring;
		rr->len[k] = (uint32_t)strlen(it->valuestring);
	} else if (rr->kind[k] == RV_NUMBER) {
		rr->v[k].num = it->valuedouble;
	}
}

/* The result object obj into rr: the passes in the model's draft, the
 * compact text of "meta" returned (caller frees; NULL without one). */
static char *result_from_tree(struct model *m, const cJSON *obj, struct rounds_result *rr)
{
	const cJSON *it;
	char *meta = NULL;

	memset(rr, 0, sizeof *rr);
	for (int k = 0; k < RF_NMEMBERS; k++)
		member_from_tree(rr, k, cJSON_GetObjectItemCaseSensitive(obj, member_key[k]));
	if (rr->kind[RF_PASSES] == RV_ARRAY) {
		const cJSON *passes = cJSON_GetObjectItemCaseSensitive(obj, "passes");
		size_t n = 0;
		cJSON_ArrayForEach(it, passes)
			n++;
		rr->npasses = n < UINT32_MAX ? (uint32_t)n : UINT32_MAX;
		if (n > 0 && n <= INGEST_MAX_PASSES) {
			double *v = model_draft_passes(m, n);
			cJSON_ArrayForEach(it, passes) {
				if (!cJSON_IsNumber(it))
					break;
				v[rr->numbers++] = it->valuedouble;
			}
			rr->passes = v;
		}
	}
	if (rr->kind[RF_META] == RV_OBJECT) {
		const cJSON *tree = cJSON_GetObjectItemCaseSensitive(obj, "meta");
		const cJSON *v8 = cJSON_GetObjectItemCaseSensitive(tree, "v8");
		if (!(meta = cJSON_PrintUnformatted(tree)))
			abort(); /* out of memory */
		rr->v[RF_META].str = meta;
		rr->len[RF_META] = (uint32_t)strlen(meta);
		if (cJSON_IsString(v8)) {
			rr->v8_kind = RV_STRING;
			rr->v8 = v8->valuestring;
			rr->v8_len = (uint32_t)strlen(v8->valuestring);
		}
	}
	return meta;
}

static int add_result(struct model *m, const cJSON *obj,
		      const struct rounds_place *pl, size_t doc, struct rounds_names *nc,
		      struct nf_error *err)
{
	struct rounds_result rr;
	const char *dup;
	char *meta;
	int rc;

	if (!cJSON_IsObject(obj))
		return bad(err, pl, "a result must be an object");
	if ((dup = json_duplicate_key(obj, NULL)) != NULL)
		return bad(err, pl, "the key \"%s\" appears twice in one object", dup);
	meta = result_from_tree(m, obj, &rr);
	rc = rounds_result_check(&rr, pl, err);
	if (!rc)
		rounds_result_add(m, nc, &rr, pl, doc);
	free(meta);
	return rc;
}

/* ---- the document fields ---- */

/* Reads the optional free-text member key of the document into *out (the
 * tree's text; NULL without one). */
static int get_text(const cJSON *obj, const char *key, const char **out,
		    const struct rounds_place *pl, struct nf_error *err)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
	*out = NULL;
	if (!it || cJSON_IsNull(it))
		return 0;
	if (!cJSON_IsString(it))
		return bad(err, pl, "\"%s\" must be a string", key);
	if (check_str(it->valuestring, key, 1, pl, err))
		return NF_DATAERR;
	*out = it->valuestring;
	return 0;
}

/* Reads the document field "workloads": an object keyed by workload name,
 * each value an object with optional "description" (free text), "bytes" (a
 * whole number above zero) and "source" (a path or URL). An earlier
 * document's value for a member wins, as for the other document fields.
 * Only checks, without apply. */
static int add_workloads(struct model *m, const struct ingest_input *in, const cJSON *ws,
			 const struct rounds_place *pl, int apply, struct nf_error *err)
{
	const cJSON *w, *it;
	if (!cJSON_IsObject(ws))
		return bad(err, pl, "\"workloads\" must be an object keyed by workload name");
	cJSON_ArrayForEach(w, ws) {
		struct workload_info *info;
		const char *desc = NULL, *source = NULL, *name = w->string;
		double bytes = 0;
		if (check_str(name, "workloads\" key \"", 0, pl, err))
			return NF_DATAERR;
		if (!name[0])
			return bad(err, pl, "\"workloads\" has an empty workload name");
		if (!cJSON_IsObject(w))
			return bad(err, pl, "\"workloads\".\"%s\" must be an object (description, bytes, "
				   "source)", name);
		cJSON_ArrayForEach(it, w) {
			const char *k = it->string;
			if (strcmp(k, "description") == 0 || strcmp(k, "source") == 0) {
				int is_desc = k[0] == 'd', rc = 0;
				if (cJSON_IsNull(it))
					continue;
				if (!cJSON_IsString(it)) {
					/* (the quotes as they have always been) */
					return bad(err, pl, "workloads\".\"%s\".\"%s must be a string", name, k);
				} else if (!text_plain(it->valuestring, strlen(it->valuestring),
						       INGEST_MAX_NAME)) {
					/* check_text quotes it: "workloads"."NAME"."description" */
					char *what = xasprintf("workloads\".\"%s\".\"%s", name, k);
					rc = check_str(it->valuestring, what, is_desc, pl, err);
					free(what);
				}
				if (rc)
					return rc;
				if (it->valuestring[0])
					*(is_desc ? &desc : &source) = it->valuestring;
			} else if (strcmp(k, "bytes") == 0) {
				double v = cJSON_IsNumber(it) ? it->valuedouble : NAN;
				if (cJSON_IsNull(it))
					continue;
				if (!cJSON_IsNumber(it))
					return bad(err, pl, "\"workloads\".\"%s\".\"bytes\" must be a number", name);
				if (!isfinite(v) || v != floor(v) || v <= 0 || v > 9007199254740992.0)
					return bad(err, pl, "\"workloads\".\"%s\".\"bytes\" must be a whole number "
						   "of bytes above zero, not %.17g", name, v);
				bytes = v;
			} else {
				return bad(err, pl, "\"workloads\".\"%s\" has the unknown member \"%s\" "
					   "(description, bytes and source are known)", name, k);
			}
		}
		if (!apply)
			continue;
		info = model_add_workload(m, model_intern(m, name));
		if (!info->from)
			info->from = model_intern(m, in->path);
		if (desc && !info->description)
			info->description = model_intern(m, desc);
		if (source && !info->source)
			info->source = model_intern(m, source);
		if (bytes > 0 && info->bytes == 0)
			info->bytes = bytes;
	}
	return 0;
}

/* ---- a bisect's records ----
 *
 * `noisefloor bisect --out` writes one rounds file: the header names the
 * bisect's ends under "bisect", each result its step in meta.step, and a
 * line {"bisect": {...}} after each step records its call. The rounds are
 * read as any rounds; the records go into model.bisect. */

static int bisect_number(const cJSON *o, const char *key, double *out, int need,
			 const struct rounds_place *pl, struct nf_error *err)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);
	if (!it || cJSON_IsNull(it)) {
		if (need)
			return bad(err, pl, "\"bisect\" has no \"%s\"", key);
		return 0;
	}
	if (!cJSON_IsNumber(it) || !isfinite(it->valuedouble))
		return bad(err, pl, "\"bisect\".\"%s\" must be a number", key);
	*out = it->valuedouble;
	return 0;
}

static int bisect_text(const cJSON *o, const char *key, const char **out, int need,
		       struct model *m, const struct rounds_place *pl, struct nf_error *err)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);
	*out = NULL;
	if (!it || cJSON_IsNull(it)) {
		if (need)
			return bad(err, pl, "\"bisect\" has no \"%s\"", key);
		return 0;
	}
	if (!cJSON_IsString(it))
		return bad(err, pl, "\"bisect\".\"%s\" must be a string", key);
	if (check_str(it->valuestring, key, 1, pl, err))
		return NF_DATAERR;
	*out = model_intern(m, it->valuestring);
	return 0;
}

/* The header's "bisect" settings: the ends. */
static int bisect_header(struct model *m, const struct ingest_input *in, const cJSON *o,
			 const struct rounds_place *pl, int apply, struct nf_error *err)
{
	const char *good, *bad_end;
	if (!cJSON_IsObject(o))
		return bad(err, pl, "\"bisect\" must be an object");
	if (bisect_text(o, "good", &good, 1, m, pl, err) ||
	    bisect_text(o, "bad", &bad_end, 1, m, pl, err))
		return NF_DATAERR;
	if (apply && !m->bisect.good) {
		const cJSON *vs = cJSON_GetObjectItemCaseSensitive(o, "versions"), *it;
		m->bisect.good = good;
		m->bisect.bad = bad_end;
		m->bisect.source = model_intern(m, in->path);
		m->bisect.node = cJSON_IsString(cJSON_GetObjectItemCaseSensitive(o, "node"));
		cJSON_ArrayForEach(it, vs) {
			const cJSON *l = cJSON_GetObjectItemCaseSensitive(it, "label");
			if (!cJSON_IsString(l) || check_str(l->valuestring, "label", 0, pl, NULL))
				continue;
			m->bisect.versions = xrealloc(m->bisect.versions, (m->bisect.nversions + 1) *
						      sizeof *m->bisect.versions);
			m->bisect.versions[m->bisect.nversions++] = model_intern(m, l->valuestring);
		}
	}
	return 0;
}

/* A line {"bisect": {...}}: one step's call and the versions skipped
 * before it. */
static int bisect_line(struct model *m, const struct ingest_input *in, const cJSON *v,
		       const struct rounds_place *pl, struct nf_error *err)
{
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(v, "bisect"), *sk, *it;
	struct bisect_step st;
	const char *call;
	double step = 0, rounds = 0, first = 0, changed = 0;
	if (!cJSON_IsObject(o) || cJSON_GetArraySize(v) != 1)
		return bad(err, pl, "expected a result object with \"workload\" or a bisect's "
			   "record {\"bisect\": {...}} (document fields belong on the first line)");
	if (!m->bisect.good || strcmp(m->bisect.source, in->path) != 0)
		return bad(err, pl, "a bisect's record in a file whose first line names no "
			   "\"bisect\"");
	memset(&st, 0, sizeof st);
	st.ratio = st.ratio_low = st.ratio_high = NAN;
	st.size = st.size_low = st.size_high = NAN;
	st.p_holm = -1;
	if (bisect_number(o, "step", &step, 1, pl, err) ||
	    bisect_number(o, "rounds", &rounds, 1, pl, err) ||
	    bisect_number(o, "first_round", &first, 0, pl, err) ||
	    bisect_number(o, "ratio", &st.ratio, 0, pl, err) ||
	    bisect_number(o, "ratio_low", &st.ratio_low, 0, pl, err) ||
	    bisect_number(o, "ratio_high", &st.ratio_high, 0, pl, err) ||
	    bisect_number(o, "p_holm", &st.p_holm, 0, pl, err) ||
	    bisect_number(o, "size", &st.size, 0, pl, err) ||
	    bisect_number(o, "size_low", &st.size_low, 0, pl, err) ||
	    bisect_number(o, "size_high", &st.size_high, 0, pl, err) ||
	    bisect_text(o, "winner", &st.winner, 0, m, pl, err) ||
	    bisect_text(o, "decided_by", &st.decided_by, 0, m, pl, err) ||
	    bisect_text(o, "phase", &st.phase, 1, m, pl, err) ||
	    bisect_text(o, "good", &st.good, 1, m, pl, err) ||
	    bisect_text(o, "candidate", &st.candidate, 1, m, pl, err) ||
	    bisect_text(o, "bad", &st.bad, 1, m, pl, err) ||
	    bisect_text(o, "workload", &st.workload, 0, m, pl, err) ||
	    bisect_text(o, "call", &call, 1, m, pl, err))
		return NF_DATAERR;
	if (step < 1 || step > 1000 || step != floor(step) || rounds < 1 ||
	    rounds > INGEST_MAX_ROUNDS || rounds != floor(rounds))
		return bad(err, pl, "\"bisect\": \"step\" and \"rounds\" must be whole "
			   "numbers from 1");
	if (strcmp(call, "undecided") && strcmp(call, "different") && strcmp(call, "same"))
		return bad(err, pl, "\"bisect\".\"call\" must be \"different\", \"same\" or "
			   "\"undecided\", not \"%.60s\"", call);
	if (!(st.ratio > 0) || !(st.ratio_low > 0) || !(st.ratio_high >= st.ratio_low))
		st.ratio_low = st.ratio_high = NAN;
	if (!(st.ratio > 0))
		st.ratio = NAN;
	if (st.winner && strcmp(st.winner, st.good) && strcmp(st.winner, st.candidate))
		return bad(err, pl, "\"bisect\".\"winner\" must be the step's \"good\" or "
			   "\"candidate\", not \"%.60s\"", st.winner);
	if (!st.winner || !(st.size >= 0))
		st.winner = NULL, st.size = NAN;
	if (!st.winner || !(st.size_high >= st.size_low))
		st.size_low = st.size_high = NAN;
	it = cJSON_GetObjectItemCaseSensitive(o, "changed");
	changed = cJSON_IsTrue(it);
	st.step = (int)step;
	st.rounds = (int)rounds;
	st.first_round = first >= 1 && first <= INT32_MAX ? (int)first : 0;
	st.call = !strcmp(call, "different") ? 1 : !strcmp(call, "same") ? 2 : 0;
	st.changed = changed != 0;
	sk = cJSON_GetObjectItemCaseSensitive(o, "skipped");
	cJSON_ArrayForEach(it, sk) {
		struct bisect_skip k;
		if (bisect_text(it, "version", &k.version, 1, m, pl, err) ||
		    bisect_text(it, "why", &k.why, 0, m, pl, err))
			return NF_DATAERR;
		ALLOC_GROW(m->bisect.skips, m->bisect.nskips + 1, m->bisect.skips_alloc);
		m->bisect.skips[m->bisect.nskips++] = k;
	}
	ALLOC_GROW(m->bisect.steps, m->bisect.nsteps + 1, m->bisect.steps_alloc);
	m->bisect.steps[m->bisect.nsteps++] = st;
	return 0;
}

/* Copies the document fields (title, subject, environment, notes,
 * workloads) of doc into the model; only checks them, without apply (the
 * model is then as it was, but for interned strings). */
static int add_doc_fields(struct model *m, const struct ingest_input *in, const cJSON *doc,
			  const struct rounds_place *pl, int apply, struct nf_error *err)
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
		if (get_text(doc, text_fields[i], &s, pl, err))
			return NF_DATAERR;
		if (apply && s && !*dst)
			*dst = xstrdup(s);
	}
	env = cJSON_GetObjectItemCaseSensitive(doc, "environment");
	if (env && !cJSON_IsNull(env)) {
		if (!cJSON_IsObject(env))
			return bad(err, pl, "\"environment\" must be an object");
		cJSON_ArrayForEach(it, env) {
			struct buf v = BUF_INIT;
			if (check_str(it->string, "environment key", 0, pl, err))
				return NF_DATAERR;
			if (cJSON_IsString(it)) {
				if (check_str(it->valuestring, it->string, 1, pl, err))
					return NF_DATAERR;
			} else if (cJSON_IsNull(it)) {
				continue;
			} else if (!(cJSON_IsNumber(it) && isfinite(it->valuedouble)) && !cJSON_IsBool(it)) {
				return bad(err, pl, "\"environment\".\"%s\" must be a string or a number",
					   it->string);
			}
			if (!apply)
				continue;
			if (cJSON_IsString(it))
				buf_puts(&v, it->valuestring);
			else if (cJSON_IsNumber(it))
				fmt_sig(&v, it->valuedouble, 15);
			else
				buf_puts(&v, cJSON_IsTrue(it) ? "true" : "false");
			model_set_env(m, it->string, v.s);
			buf_release(&v);
		}
	}
	it = cJSON_GetObjectItemCaseSensitive(doc, "workloads");
	if (it && !cJSON_IsNull(it) && add_workloads(m, in, it, pl, apply, err))
		return NF_DATAERR;
	/* the settings noisefloor run recorded: kept as they are, for the
	 * command that took the rounds (cmd_report.c rebuilds it) */
	it = cJSON_GetObjectItemCaseSensitive(doc, "bisect");
	if (it && bisect_header(m, in, it, pl, apply, err))
		return NF_DATAERR;
	it = cJSON_GetObjectItemCaseSensitive(doc, "run");
	if (apply && cJSON_IsObject(it) && !m->run_json) {
		m->run_json = cJSON_PrintUnformatted(it);
		m->run_source = model_intern(m, in->path);
	}
	return 0;
}

/* ingest_rounds_value with the builder's names of the input. */
static int rounds_value(struct model *m, const struct ingest_input *in, const cJSON *v,
			size_t where, int where_is_line, int new_doc, struct rounds_names *nc,
			struct nf_error *err)
{
	struct rounds_place pl = { in, where, where_is_line };
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
		return add_result(m, v, &pl, m->ndocs - 1, nc, err);
	if (add_doc_fields(m, in, v, &pl, 1, err))
		return NF_DATAERR;
	if (!results)
		return where_is_line ? 0 : bad(err, &pl, "missing \"results\"");
	if (!cJSON_IsArray(results))
		return bad(err, &pl, "\"results\" must be an array");
	if (!results->child)
		return bad(err, &pl, "\"results\" is empty");
	/* a result in "results" is placed by its index, also in a document on
	 * one line (NDJSON's first line): "line 1" would name them all */
	cJSON_ArrayForEach(it, results) {
		struct rounds_place rp = { in, ++k, 0 };
		if (add_result(m, it, &rp, m->ndocs - 1, nc, err))
			return NF_DATAERR;
	}
	return 0;
}

int ingest_rounds_value(struct model *m, const struct ingest_input *in, const cJSON *v,
			size_t where, int where_is_line, int new_doc, struct nf_error *err)
{
	struct rounds_names nc;
	int rc;
	memset(&nc, 0, sizeof nc);
	rc = rounds_value(m, in, v, where, where_is_line, new_doc, &nc, err);
	rounds_names_release(&nc);
	return rc;
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

/* ---- NDJSON ---- */

/* What the lines of one stream share. */
struct ingest_ndjson_fast {
	struct rounds_fast *fast; /* NULL: every line through cJSON */
	struct rounds_names names;
	struct rounds_passes passes;
	size_t taken; /* lines the fast reader read */
};

/* The line through the fast reader: 1 when it was read into the model, 0
 * (the model as it was) to take the cJSON path, which then gives the same
 * result or the message. */
static inline __attribute__((always_inline)) int
fast_line(struct model *m, const struct ingest_input *in, struct ingest_ndjson_fast *s,
		     const char *line, size_t n, size_t lineno)
{
	struct rounds_result rr;
	struct rounds_place pl = { in, lineno, 1 };
	if (!rounds_fast_line(s->fast, &s->names, line, n, &rr, &s->passes) ||
	    rounds_result_check(&rr, &pl, NULL))
		return 0;
	rounds_result_add(m, &s->names, &rr, &pl, m->ndocs - 1);
	s->taken++;
	return 1;
}

/* One line through cJSON (fast 0) or the fast reader first. */
static int ndjson_line(struct model *m, const struct ingest_input *in, struct ingest_ndjson_fast *s,
		       int fast, const char *line, size_t n, size_t lineno, struct nf_error *err)
{
	cJSON *v;
	int rc;
	size_t i = 0;
	while (i < n && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n'))
		i++;
	if (i == n)
		return 0; /* blank lines are allowed */
	if (fast && s->fast && line[n] == '\0' && fast_line(m, in, s, line, n, lineno))
		return 0;
	v = parse(in, line, n, lineno, err);
	if (!v)
		return NF_DATAERR;
	if (lineno > 1 && !cJSON_GetObjectItemCaseSensitive(v, "workload") &&
	    cJSON_GetObjectItemCaseSensitive(v, "bisect")) {
		struct rounds_place pl = { in, lineno, 1 };
		rc = bisect_line(m, in, v, &pl, err);
		cJSON_Delete(v);
		return rc;
	}
	if (lineno > 1 && !cJSON_GetObjectItemCaseSensitive(v, "workload")) {
		struct rounds_place pl = { in, lineno, 1 };
		cJSON_Delete(v);
		return bad(err, &pl, "expected a result object with \"workload\" "
			   "(document fields belong on the first line)");
	}
	rc = rounds_value(m, in, v, lineno, 1, 0, &s->names, err);
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
	struct ingest_ndjson_fast *s = ingest_ndjson_fast_new();
	size_t lineno = 1, before = m->nresults;
	char *line = NULL;
	long n;
	int rc;

	lines.f = f;
	m->ndocs++; /* the whole NDJSON file is one document */
	rc = ndjson_line(m, in, s, 1, first, first_len, lineno, err);
	while (!rc && (errno = 0, n = lines_next(&lines, INGEST_MAX_LINE, &line)) != 0 && !lines.err) {
		if (n < 0) {
			struct rounds_place pl = { in, lineno + 1, 1 };
			rc = bad(err, &pl, "longer than %zu MiB, the limit for one line",
				 INGEST_MAX_LINE >> 20);
			break;
		}
		/* the common line, a result object from its first byte, straight
		 * to the fast reader (line[n] is the NUL lines_next put there);
		 * if it declines, to cJSON without trying it again */
		++lineno;
		if (line[0] == '{')
			rc = fast_line(m, in, s, line, (size_t)n, lineno)
				     ? 0
				     : ndjson_line(m, in, s, 0, line, (size_t)n, lineno, err);
		else
			rc = ndjson_line(m, in, s, 1, line, (size_t)n, lineno, err);
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
	ingest_ndjson_fast_free(s);
	return rc;
}

struct ingest_ndjson_fast *ingest_ndjson_fast_new(void)
{
	struct ingest_ndjson_fast *s = xcalloc(1, sizeof *s);
	s->fast = rounds_fast_new();
	s->names.keep_recent = 1;
	return s;
}

void ingest_ndjson_fast_free(struct ingest_ndjson_fast *s)
{
	if (!s)
		return;
	rounds_fast_free(s->fast);
	rounds_names_release(&s->names);
	free(s->passes.v);
	free(s);
}

int ingest_rounds_ndjson_line(struct model *m, const struct ingest_input *in, const char *line,
			      size_t n, size_t lineno, struct ingest_ndjson_fast *fast, int *took_fast,
			      struct nf_error *err)
{
	size_t taken = fast ? fast->taken : 0;
	struct ingest_ndjson_fast slow;
	int rc;
	if (!fast)
		memset(&slow, 0, sizeof slow);
	rc = ndjson_line(m, in, fast ? fast : &slow, 1, line, n, lineno, err);
	if (!fast)
		rounds_names_release(&slow.names);
	if (took_fast)
		*took_fast = fast && fast->taken > taken;
	return rc;
}

/* ---- a whole document ---- */

/*
 * The fast way through a document read whole: its results through the
 * fast reader, its other members (the document fields) each parsed by
 * cJSON on its own and read by add_doc_fields, as the cJSON path reads them
 * from the whole tree. Nothing reaches the model until every part has been
 * read and has passed every check; any doubt (an error, an escape, a key
 * it does not know, a duplicate) leaves the model untouched and returns 0,
 * and the document goes through cJSON, which gives the same model or the
 * same message as always. fuzz/fuzz_doc_diff.c checks that both agree.
 */

/* The document's members the fast way knows, in the order of their bits. */
static const char *const doc_member[] = { "format", "title", "subject", "notes",
					  "environment", "workloads", "results" };
#define DOC_RESULTS 6

/* The member key at the quote p, when it is one of doc_member written
 * plainly: its index, and the byte after its closing quote in *end; -1
 * otherwise. */
static int doc_key(const char *p, const char **end)
{
	for (int k = 0; k <= DOC_RESULTS; k++) {
		size_t n = strlen(doc_member[k]);
		if (strncmp(p + 1, doc_member[k], n) == 0 && p[n + 1] == '"') {
			*end = p + n + 2;
			return k;
		}
	}
	return -1;
}

static const char *doc_ws(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	return p;
}

/* The value at p (a document field) parsed by cJSON into *v, when it has no
 * escape and no NUL; the byte after it, or NULL. */
static const char *doc_field(const char *p, const char *end, cJSON **v)
{
	const char *after = NULL;
	/* what starts a JSON value (cJSON would skip a byte order mark) */
	if (!*p || !strchr("\"{[-0123456789tfn", *p))
		return NULL;
	*v = cJSON_ParseWithLengthOpts(p, (size_t)(end - p), &after, 0);
	if (!*v)
		return NULL;
	for (const char *q = p; q < after; q++)
		if (*q == '\\' || *q == '\0')
			return NULL;
	/* "01" or "5." in it: cJSON takes them, the cJSON path refuses them */
	if (json_bad_number_at(p, (size_t)(after - p)) >= 0)
		return NULL;
	return after;
}

struct doc {
	cJSON *fields;                 /* the members but "results", in order */
	struct rounds_result *rs;
	size_t nrs, rs_alloc;
	struct rounds_passes passes;
};

/* The whole text into d; 1 when every part of it is one the fast way takes
 * (and it names its format, with need_format). */
static int doc_read(const char *text, size_t len, struct doc *d, int need_format)
{
	const char *p = doc_ws(text), *const end = text + len;
	unsigned seen = 0;
	if (*p != '{')
		return 0;
	p = doc_ws(p + 1);
	for (;;) {
		int k;
		if (*p != '"' || (k = doc_key(p, &p)) < 0 || (seen & (1u << k)))
			return 0;
		seen |= 1u << k;
		p = doc_ws(p);
		if (*p != ':')
			return 0;
		p = doc_ws(p + 1);
		if (k == DOC_RESULTS) {
			if (*p != '[')
				return 0;
			p = doc_ws(p + 1);
			for (;;) {
				ALLOC_GROW(d->rs, d->nrs + 1, d->rs_alloc);
				if (!(p = rounds_fast_object(p, end, &d->rs[d->nrs], &d->passes)))
					return 0;
				d->nrs++;
				p = doc_ws(p);
				if (*p == ']')
					break;
				if (*p != ',')
					return 0;
				p = doc_ws(p + 1);
			}
			p++;
		} else {
			cJSON *v = NULL;
			p = doc_field(p, end, &v);
			if (v) {
				if (!d->fields)
					d->fields = cJSON_CreateObject();
				cJSON_AddItemToObject(d->fields, doc_member[k], v);
			}
			if (!p)
				return 0;
		}
		p = doc_ws(p);
		if (*p == '}')
			break;
		if (*p != ',')
			return 0;
		p = doc_ws(p + 1);
	}
	/* the whole text, and a document with results (not one bare result) */
	return doc_ws(p + 1) == end && (seen & (1u << DOC_RESULTS)) && (!need_format || (seen & 1));
}

/* The fast way: 1 when it read the document into the model, 0 when it left
 * the model as it was. */
static int doc_fast(struct model *m, const struct ingest_input *in, const char *text, size_t len,
		    int need_format)
{
	struct rounds_place pl = { in, 0, 0 };
	struct doc d;
	int ok;

	memset(&d, 0, sizeof d);
	ok = text[len] == '\0' && doc_read(text, len, &d, need_format);
	/* every check of the cJSON path, before the model changes */
	if (ok && d.fields)
		ok = !json_duplicate_key(d.fields, NULL) &&
		     !add_doc_fields(m, in, d.fields, &pl, 0, NULL);
	for (size_t i = 0; ok && i < d.nrs; i++) {
		struct rounds_place rp = { in, i + 1, 0 };
		if (d.rs[i].kind[RF_PASSES] == RV_ARRAY && d.passes.v)
			d.rs[i].passes = d.passes.v + d.rs[i].passes_at;
		ok = !rounds_result_check(&d.rs[i], &rp, NULL);
	}
	if (ok) {
		struct rounds_names nc;
		memset(&nc, 0, sizeof nc);
		m->ndocs++;
		if (d.fields)
			add_doc_fields(m, in, d.fields, &pl, 1, NULL);
		for (size_t i = 0; i < d.nrs; i++) {
			struct rounds_place rp = { in, i + 1, 0 };
			rounds_result_add(m, &nc, &d.rs[i], &rp, m->ndocs - 1);
		}
		rounds_names_release(&nc);
	}
	cJSON_Delete(d.fields);
	free(d.rs);
	free(d.passes.v);
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
	struct rounds_names nc;
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
	memset(&nc, 0, sizeof nc);
	rc = rounds_value(m, in, root, 0, 0, 1, &nc, err);
	rounds_names_release(&nc);
	cJSON_Delete(root);
	return rc;
}
