/*
 * model.c - the model's lifetime, its string pool and small accessors.
 *
 * The pool is an open-addressing hash set of malloc'd strings; interning the
 * repeated strings of every result (workload, version, platform, unit, v8)
 * keeps memory proportional to the number of distinct values.
 */
#include "model/model.h"
#include "lib/iso8601.h"
#include "lib/median.h"
#include "lib/util.h"
#include "model/arena.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The results' extras (struct result_extra: a timestamp, several passes)
 * are carved from blocks of PASSES_BLOCK doubles (a larger request
 * gets a block of its own); a block is never reallocated, so pointers into
 * it stay valid while results grow. */
#define PASSES_BLOCK 65536
struct passes_block {
	struct passes_block *next;
	size_t used, size;
	double v[];
};

static double *alloc_passes(struct model *m, size_t n)
{
	struct passes_block *b = m->passes_blocks;
	if (!b || b->size - b->used < n) {
		size_t size = n > PASSES_BLOCK ? n : PASSES_BLOCK;
		struct passes_block *nb = xmalloc(sizeof *nb + size * sizeof nb->v[0]);
		nb->used = 0;
		nb->size = size;
		if (b && size == n && b->size - b->used > 0) {
			/* a big request: keep filling the current block afterwards */
			nb->next = b->next;
			b->next = nb;
			nb->used = n;
			return nb->v;
		}
		nb->next = b;
		m->passes_blocks = b = nb;
	}
	b->used += n;
	return b->v + b->used - n;
}

double *model_draft_passes(struct model *m, size_t n)
{
	ALLOC_GROW(m->draft_passes, n ? n : 1, m->draft_passes_alloc);
	return m->draft_passes;
}

struct result_draft *model_draft_result(struct model *m)
{
	memset(&m->draft, 0, sizeof m->draft);
	return &m->draft;
}

/* The series: an open-addressing set of the model's series by every field
 * they share. */
struct series_index {
	struct series **slots;
	size_t nslots;
	struct series *last; /* the previous result's series, tried first */
};

/* By every field but the flags (a note per round must not make every
 * round's series collide); series_same() decides. */
static size_t series_hash(const struct series *s)
{
	uint64_t h = (uint64_t)(uintptr_t)s->workload * 0x9E3779B97F4A7C15ULL;
	h ^= (uint64_t)(uintptr_t)s->version + (h >> 29);
	h *= 0xBF58476D1CE4E5B9ULL;
	h ^= (uint64_t)(uintptr_t)s->platform + (uint64_t)(uintptr_t)s->unit + s->doc + (h >> 31);
	h *= 0x94D049BB133111EBULL;
	h ^= (uint64_t)(uintptr_t)s->note + ((uint64_t)(uintptr_t)s->meta_json << 1) +
	     ((uint64_t)(uintptr_t)s->v8 << 2) + (uint64_t)(uintptr_t)s->source + (h >> 29);
	h *= 0x9E3779B97F4A7C15ULL;
	return (size_t)(h >> 24);
}

static int series_same(const struct series *a, const struct series *b)
{
	return a->workload == b->workload && a->version == b->version &&
	       a->platform == b->platform && a->unit == b->unit && a->note == b->note &&
	       a->meta_json == b->meta_json && a->v8 == b->v8 && a->source == b->source &&
	       a->doc == b->doc && a->better == b->better && a->where_is_line == b->where_is_line &&
	       a->back_to_back == b->back_to_back && a->runner_interleaved == b->runner_interleaved;
}

static void series_index_put(struct series_index *x, struct series *s)
{
	size_t j = series_hash(s) & (x->nslots - 1);
	while (x->slots[j])
		j = (j + 1) & (x->nslots - 1);
	x->slots[j] = s;
}

/* The model's series equal to key, made when new. */
static struct series *find_series(struct model *m, const struct series *key)
{
	struct series_index *x = m->series_index;
	struct series *s, *prev;
	size_t j;
	if (!x)
		x = m->series_index = xcalloc(1, sizeof *x);
	prev = x->last;
	if (prev) {
		if (series_same(prev, key))
			return prev;
		if (prev->next && series_same(prev->next, key))
			return x->last = prev->next;
	}
	if ((m->nseries + 1) * 2 > x->nslots) {
		size_t n = x->nslots ? x->nslots * 2 : 64;
		free(x->slots);
		x->slots = xcalloc(n, sizeof *x->slots);
		x->nslots = n;
		for (size_t i = 0; i < m->nseries; i++)
			series_index_put(x, m->series[i]);
	}
	j = series_hash(key) & (x->nslots - 1);
	for (; (s = x->slots[j]) != NULL; j = (j + 1) & (x->nslots - 1))
		if (series_same(s, key))
			break;
	if (s) {
		if (prev)
			prev->next = s;
		return x->last = s;
	}
	s = xmalloc(sizeof *s);
	*s = *key;
	s->id = m->nseries;
	s->checked = 0;
	s->next = NULL;
	if (prev)
		prev->next = s;
	ALLOC_GROW(m->series, m->nseries + 1, m->series_alloc);
	m->series[m->nseries++] = s;
	x->slots[j] = s;
	return x->last = s;
}

struct result *model_add_result(struct model *m, const struct result_draft *d)
{
	struct series key;
	struct result *r;

	memset(&key, 0, sizeof key);
	key.workload = d->workload;
	key.version = d->version;
	key.platform = d->platform;
	key.unit = d->unit;
	key.note = d->note;
	key.meta_json = d->meta_json;
	key.v8 = d->v8;
	key.source = d->source;
	key.doc = d->doc;
	key.better = d->better;
	key.where_is_line = d->where_is_line;
	key.back_to_back = d->back_to_back;
	key.runner_interleaved = d->runner_interleaved;
	ARENA_GROW(m->results, m->nresults + 1, m->results_alloc);
	if ((m->nresults & 65535) == 0)
		arena_populate(m->results, m->results_alloc * sizeof *r, m->nresults * sizeof *r,
			       (m->nresults + 65536) * sizeof *r);
	r = &m->results[m->nresults++];
	r->series = find_series(m, &key);
	r->extra = NULL;
	r->round = d->round;
	r->where = d->where < UINT32_MAX ? (uint32_t)d->where : UINT32_MAX;
	r->value = d->npasses ? d->passes[0] : 0;
	if (d->timestamp || d->npasses != 1) {
		/* zero passes are kept as such for ingest_finish to refuse */
		size_t n = d->npasses == 1 ? 0 : d->npasses;
		struct result_extra *x;
		x = (void *)alloc_passes(m, (sizeof *x + n * sizeof x->passes[0] + sizeof(double) - 1) /
					       sizeof(double));
		x->timestamp = d->timestamp;
		x->time = NAN;
		if (d->has_time)
			x->time = d->time;
		else if (d->timestamp)
			iso8601_seconds(d->timestamp, &x->time);
		x->npasses = d->npasses;
		if (n)
			memcpy(x->passes, d->passes, n * sizeof *d->passes);
		if (n > 1)
			r->value = result_value_of_passes(x->passes, n);
		r->extra = x;
	}
	return r;
}

void model_add_value_grow(struct model *m, struct series *s, int round, size_t where,
			  double value, const char *timestamp, double time)
{
	struct result *r;
	ARENA_GROW(m->results, m->nresults + 1, m->results_alloc);
	if ((m->nresults & 65535) == 0)
		arena_populate(m->results, m->results_alloc * sizeof *r, m->nresults * sizeof *r,
			       (m->nresults + 65536) * sizeof *r);
	r = model_put_value(&m->results[m->nresults++], s, round, where, value);
	if (timestamp) {
		struct result_extra *x = (void *)alloc_passes(m, (sizeof *x + sizeof(double) - 1) /
								  sizeof(double));
		x->timestamp = timestamp;
		x->time = time;
		x->npasses = 1;
		r->extra = x;
	}
}

double result_value_of_passes(const double *passes, size_t n)
{
	return median_of(passes, n);
}

void *model_block(struct model *m, size_t n)
{
	if (n > m->block_size) {
		m->block = arena_resize(m->block, m->block_size, n);
		arena_populate(m->block, n, m->block_size, n);
		m->block_size = n;
	}
	return m->block;
}

struct strpool {
	char **slots;
	size_t nslots, count;
};

/* Eight bytes at a time, then mixed so that the low bits (the slot)
 * depend on every byte: every timestamp of an input is interned. */
static size_t hash_bytes(const char *s, size_t n)
{
	uint64_t h = 1469598103934665603ULL ^ n, w;
	for (; n >= 8; s += 8, n -= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0x9E3779B97F4A7C15ULL;
		h ^= h >> 32;
	}
	w = 0;
	memcpy(&w, s, n);
	h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
	h ^= h >> 31;
	h *= 0x94D049BB133111EBULL;
	return (size_t)(h ^ (h >> 29));
}

static void pool_grow(struct strpool *p)
{
	size_t n = p->nslots ? p->nslots * 2 : 256;
	char **slots = xcalloc(n, sizeof *slots);
	for (size_t i = 0; i < p->nslots; i++) {
		char *s = p->slots[i];
		size_t j;
		if (!s)
			continue;
		j = hash_bytes(s, strlen(s)) & (n - 1);
		while (slots[j])
			j = (j + 1) & (n - 1);
		slots[j] = s;
	}
	free(p->slots);
	p->slots = slots;
	p->nslots = n;
}

const char *model_internn(struct model *m, const char *s, size_t n)
{
	struct strpool *p;
	size_t j;
	if (!s)
		return NULL;
	if (!m->pool)
		m->pool = xcalloc(1, sizeof *m->pool);
	p = m->pool;
	if ((p->count + 1) * 2 > p->nslots)
		pool_grow(p);
	j = hash_bytes(s, n) & (p->nslots - 1);
	while (p->slots[j]) {
		if (strncmp(p->slots[j], s, n) == 0 && p->slots[j][n] == '\0')
			return p->slots[j];
		j = (j + 1) & (p->nslots - 1);
	}
	p->slots[j] = xstrndup(s, n);
	p->count++;
	return p->slots[j];
}

const char *model_intern(struct model *m, const char *s)
{
	return s ? model_internn(m, s, strlen(s)) : NULL;
}

/* An open-addressing index from a string (compared by content) to its
 * place in one of the model's arrays, so that finding a workload, an
 * environment key or a warning costs the same with 200,000 of them as with
 * 2. A slot holds place + 1 (0: empty); the key is read through key_at. */
struct name_index {
	size_t *slots;
	size_t nslots, count;
};

typedef const char *(*key_at_fn)(const struct model *m, size_t i);

static const char *workload_key(const struct model *m, size_t i)
{
	return m->workloads[i].name;
}

static const char *env_key(const struct model *m, size_t i)
{
	return m->env[i].key;
}

static const char *warning_key(const struct model *m, size_t i)
{
	return m->warnings[i];
}

/* The place of key in the index x, or (size_t)-1. */
static size_t index_find(const struct model *m, const struct name_index *x, key_at_fn key_at,
			 const char *key)
{
	size_t j;
	if (!x || !x->nslots)
		return (size_t)-1;
	j = hash_bytes(key, strlen(key)) & (x->nslots - 1);
	for (; x->slots[j]; j = (j + 1) & (x->nslots - 1))
		if (strcmp(key_at(m, x->slots[j] - 1), key) == 0)
			return x->slots[j] - 1;
	return (size_t)-1;
}

/* Adds place i (whose key is not in the index yet) to the index *xp. */
static void index_add(const struct model *m, struct name_index **xp, key_at_fn key_at, size_t i)
{
	struct name_index *x = *xp ? *xp : (*xp = xcalloc(1, sizeof **xp));
	size_t j;
	if ((x->count + 1) * 2 > x->nslots) {
		size_t n = x->nslots ? x->nslots * 2 : 64;
		size_t *slots = xcalloc(n, sizeof *slots);
		for (size_t k = 0; k < x->nslots; k++) {
			if (!x->slots[k])
				continue;
			j = hash_bytes(key_at(m, x->slots[k] - 1), strlen(key_at(m, x->slots[k] - 1))) &
			    (n - 1);
			while (slots[j])
				j = (j + 1) & (n - 1);
			slots[j] = x->slots[k];
		}
		free(x->slots);
		x->slots = slots;
		x->nslots = n;
	}
	j = hash_bytes(key_at(m, i), strlen(key_at(m, i))) & (x->nslots - 1);
	while (x->slots[j])
		j = (j + 1) & (x->nslots - 1);
	x->slots[j] = i + 1;
	x->count++;
}

static void index_free(struct name_index *x)
{
	if (x)
		free(x->slots);
	free(x);
}

void model_init(struct model *m)
{
	memset(m, 0, sizeof *m);
	m->min_rounds = MODEL_MIN_ROUNDS;
}

/* A version's index and the address of its name, for model_index_versions. */
struct named_index {
	uintptr_t name;
	size_t k;
};

static int cmp_named_index(const void *pa, const void *pb)
{
	const struct named_index *a = pa, *b = pb;
	return (a->name > b->name) - (a->name < b->name);
}

void model_index_versions(struct comparison *c)
{
	struct named_index *t = xmalloc((c->nversions ? c->nversions : 1) * sizeof(*t));

	for (size_t k = 0; k < c->nversions; k++) {
		t[k].name = (uintptr_t)c->versions[k].version;
		t[k].k = k;
	}
	qsort(t, c->nversions, sizeof(*t), cmp_named_index);
	free(c->by_name);
	c->by_name = xmalloc((c->nversions ? c->nversions : 1) * sizeof(*c->by_name));
	for (size_t k = 0; k < c->nversions; k++)
		c->by_name[k] = t[k].k;
	free(t);
}

const struct version_stats *model_comparison_version(const struct comparison *c, const char *version)
{
	size_t lo = 0, hi = c->nversions;

	if (!c->by_name) {
		for (size_t k = 0; k < c->nversions; k++)
			if (c->versions[k].version == version)
				return &c->versions[k];
		return NULL;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct version_stats *v = &c->versions[c->by_name[mid]];
		if (v->version == version)
			return v;
		if ((uintptr_t)v->version < (uintptr_t)version)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

static void comparison_release(struct comparison *c)
{
	free(c->by_name);
	free(c->versions);
	free(c->pairs);
	free(c->steps);
	free(c->release_steps);
	free(c->slow_rounds);
}

void model_release(struct model *m)
{
	while (m->passes_blocks) {
		struct passes_block *b = m->passes_blocks;
		m->passes_blocks = b->next;
		free(b);
	}
	arena_free(m->results, m->results_alloc * sizeof *m->results);
	arena_free(m->block, m->block_size);
	for (size_t i = 0; i < m->nseries; i++)
		free(m->series[i]);
	free(m->series);
	if (m->series_index)
		free(m->series_index->slots);
	free(m->series_index);
	index_free(m->workload_index);
	index_free(m->env_index);
	index_free(m->warning_index);
	free(m->draft_passes);
	free(m->env);
	for (size_t i = 0; i < m->nsources; i++)
		free(m->sources[i]);
	free(m->sources);
	free(m->source_envs);
	free(m->env_set_at);
	free(m->env_replaced);
	for (size_t i = 0; i < m->nmachines; i++)
		free(m->machines[i].inputs);
	free(m->machines);
	free(m->workloads);
	free(m->digests);
	free(m->command_line);
	free(m->command_shown);
	free(m->run_json);
	free(m->bisect.steps);
	free(m->bisect.skips);
	free(m->bisect.versions);
	free(m->bisect.changes);
	free(m->run_command);
	free(m->title);
	free(m->subject);
	free(m->notes);
	for (size_t i = 0; i < m->ncomparisons; i++)
		comparison_release(&m->comparisons[i]);
	free(m->comparisons);
	for (size_t i = 0; i < m->schedule.nlines; i++) {
		struct release_line *l = &m->schedule.lines[i];
		free(l->line);
		free(l->codename);
		free(l->v8);
		free(l->v8_latest);
		free(l->latest);
	}
	free(m->schedule.lines);
	free(m->schedule.product);
	for (size_t i = 0; i < m->nplatforms; i++)
		free(m->platforms[i].comparisons);
	free(m->platforms);
	for (size_t i = 0; i < m->nbad_days; i++)
		free(m->bad_days[i].versions);
	free(m->bad_days);
	free(m->impacts);
	for (size_t i = 0; i < m->nclaims_given; i++) {
		free(m->claims[i].a);
		free(m->claims[i].b);
		free(m->claims[i].workload);
	}
	free(m->claims);
	free(m->claim_checks);
	free(m->upgrade.rows);
	for (size_t i = 0; i < m->nwarnings; i++)
		free(m->warnings[i]);
	free(m->warnings);
	free(m->warning_facts);
	if (m->pool) {
		for (size_t i = 0; i < m->pool->nslots; i++)
			free(m->pool->slots[i]);
		free(m->pool->slots);
		free(m->pool);
	}
	model_init(m);
}

void model_set_env(struct model *m, const char *key, const char *value)
{
	key = model_intern(m, key);
	value = model_intern(m, value);
	m->env_changes++;
	size_t i = index_find(m, m->env_index, env_key, key);
	if (i != (size_t)-1) {
		m->env_replaced[i] |= m->env[i].value != value;
		m->env[i].value = value;
		m->env_set_at[i] = m->env_changes;
		return;
	}
	if (m->nenv + 1 > m->env_alloc) { /* env_set_at grows with env, not on every key */
		ALLOC_GROW(m->env, m->nenv + 1, m->env_alloc);
		m->env_set_at = xrealloc(m->env_set_at, m->env_alloc * sizeof *m->env_set_at);
		m->env_replaced = xrealloc(m->env_replaced, m->env_alloc * sizeof *m->env_replaced);
	}
	m->env_replaced[m->nenv] = 0;
	m->env[m->nenv].key = key;
	m->env[m->nenv].value = value;
	m->env_set_at[m->nenv] = m->env_changes;
	index_add(m, &m->env_index, env_key, m->nenv);
	m->nenv++;
}

const char *model_env_since(const struct model *m, const char *key, size_t since)
{
	size_t i = index_find(m, m->env_index, env_key, key);
	return i != (size_t)-1 && m->env_set_at[i] > since ? m->env[i].value : NULL;
}

int model_env_replaced(const struct model *m, const char *key)
{
	size_t i = index_find(m, m->env_index, env_key, key);
	return i != (size_t)-1 && m->env_replaced[i];
}

const char *model_get_env(const struct model *m, const char *key)
{
	size_t i = index_find(m, m->env_index, env_key, key);
	return i != (size_t)-1 ? m->env[i].value : NULL;
}

void model_set_digest(struct model *m, const char *source, const char *hex)
{
	source = model_intern(m, source);
	for (size_t i = 0; i < m->ndigests; i++)
		if (m->digests[i].key == source) {
			m->digests[i].value = model_intern(m, hex);
			return;
		}
	ALLOC_GROW(m->digests, m->ndigests + 1, m->digests_alloc);
	m->digests[m->ndigests].key = source;
	m->digests[m->ndigests++].value = model_intern(m, hex);
}

const char *model_get_digest(const struct model *m, const char *source)
{
	for (size_t i = 0; i < m->ndigests; i++)
		if (strcmp(m->digests[i].key, source) == 0)
			return m->digests[i].value;
	return NULL;
}

const struct workload_info *model_workload(const struct model *m, const char *name)
{
	size_t i = index_find(m, m->workload_index, workload_key, name);
	return i != (size_t)-1 ? &m->workloads[i] : NULL;
}

struct workload_info *model_add_workload(struct model *m, const char *name)
{
	struct workload_info *w = (struct workload_info *)model_workload(m, name);
	if (w)
		return w;
	ALLOC_GROW(m->workloads, m->nworkloads + 1, m->workloads_alloc);
	w = &m->workloads[m->nworkloads];
	memset(w, 0, sizeof *w);
	w->name = name;
	index_add(m, &m->workload_index, workload_key, m->nworkloads++);
	return w;
}

void model_warn(struct model *m, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	if (index_find(m, m->warning_index, warning_key, b.s) != (size_t)-1) {
		buf_release(&b);
		return;
	}
	ALLOC_GROW(m->warnings, m->nwarnings + 1, m->warnings_alloc);
	m->warnings[m->nwarnings] = buf_detach(&b, NULL);
	index_add(m, &m->warning_index, warning_key, m->nwarnings++);
}

void model_warn_fact(struct model *m, enum warning_kind kind, size_t comparison, size_t version,
		     size_t line)
{
	struct warning_fact *w;
	ALLOC_GROW(m->warning_facts, m->nwarning_facts + 1, m->warning_facts_alloc);
	w = &m->warning_facts[m->nwarning_facts++];
	w->kind = kind;
	w->comparison = comparison;
	w->version = version;
	w->line = line;
}

const char *verdict_name(enum verdict v)
{
	switch (v) {
	case VERDICT_FASTER:
		return "faster";
	case VERDICT_WITHIN_NOISE:
		return "within-noise";
	case VERDICT_NOT_CONFIRMED:
		return "not-confirmed";
	default:
		return "insufficient";
	}
}

const char *design_name(enum design d)
{
	switch (d) {
	case DESIGN_SESSIONS:
		return "sessions";
	case DESIGN_UNEQUAL:
		return "unequal";
	case DESIGN_HISTORY:
		return "history";
	default:
		return "rounds";
	}
}

const char *level_stat_name(enum level_stat l)
{
	return l == LEVEL_MEDIAN ? "median" : "best";
}

const char *band_kind_name(enum band_kind b)
{
	return b == BAND_MIDDLE80 ? "middle-80" : b == BAND_MIDDLE50 ? "middle-50" : "spread";
}

const char *decided_by_name(enum decided_by d)
{
	switch (d) {
	case DECIDED_BEST_ROUNDS:
		return "best-rounds";
	case DECIDED_PAIRED:
		return "paired";
	case DECIDED_MEDIANS:
		return "medians";
	case DECIDED_HISTORY:
		return "history-medians";
	default:
		return NULL;
	}
}

const char *record_band_name(enum record_band b)
{
	switch (b) {
	case RECORD_BAND_LARGEST_SPREAD:
		return "largest-spread";
	case RECORD_BAND_PER_ROUND:
		return "per-round-ratio";
	case RECORD_BAND_QUARTILES:
		return "quartile-spread";
	case RECORD_BAND_MIDDLE80:
		return "middle-80";
	default:
		return NULL;
	}
}

const char *unit_kind_name(enum unit_kind k)
{
	switch (k) {
	case UNIT_RATE:
		return "rate";
	case UNIT_SIZE:
		return "size";
	case UNIT_OTHER:
		return "other";
	default:
		return "time";
	}
}
