/*
 * bisect.c - the bisect's call on a pair (bisect.h), from its verdict
 * record alone: no statistic is computed here; and for a bisect's rounds
 * file, each step's rounds as a model of their own, whose pairs (analysed
 * by analysis.c as any rounds are) become the only pairs of the report's
 * comparisons, and the pair a comparison's verdict reads.
 */
#include "analysis/bisect.h"
#include "analysis/evidence.h"
#include "analysis/stats.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <stdio.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

enum bisect_call bisect_call(const struct comparison *c, size_t a, size_t b, double tolerance,
			     int *b_worse)
{
	const struct pair_stats *p = evidence_pair(c, a, b);
	const struct verdict_record *r;
	double tol;
	if (b_worse)
		*b_worse = 0;
	if (!p)
		return BISECT_UNDECIDED;
	r = &p->rec;
	if (b_worse)
		*b_worse = r->winner == (long)a;
	if (r->verdict == VERDICT_FASTER && r->p_holm < STATS_ALPHA)
		return BISECT_DIFFERENT;
	tol = tolerance > 0 ? tolerance : r->band;
	if (r->verdict == VERDICT_WITHIN_NOISE && isfinite(r->size_low) && isfinite(r->size_high) &&
	    isfinite(tol) && r->size_low > -tol && r->size_high < tol)
		return BISECT_SAME;
	return BISECT_UNDECIDED;
}

size_t bisect_undecided(const struct comparison *c, double tolerance, size_t *npairs)
{
	size_t n = 0, pairs = 0;
	for (size_t a = 0; a < c->nversions; a++)
		for (size_t b = a + 1; b < c->nversions; b++) {
			pairs++;
			n += bisect_call(c, a, b, tolerance, NULL) == BISECT_UNDECIDED;
		}
	if (npairs)
		*npairs = pairs;
	return n;
}

long bisect_version(const struct comparison *c, const char *label)
{
	for (size_t k = 0; k < c->nversions; k++)
		if (strcmp(c->versions[k].version, label) == 0)
			return (long)k;
	return -1;
}

/* ---- a bisect's rounds file: verdicts step by step ---------------------- */

/* The step each series of m carries (by series id): its meta.step when it
 * is from the bisect's file, else 0. Returns a malloc'd array (caller
 * frees) of m->nseries entries. */
static int *series_steps(const struct model *m)
{
	int *st = xcalloc(m->nseries ? m->nseries : 1, sizeof *st);
	for (size_t i = 0; m->bisect.source && i < m->nseries; i++) {
		const struct series *s = m->series[i];
		cJSON *meta;
		const cJSON *v;
		if (!s->meta_json || !s->source || strcmp(s->source, m->bisect.source) != 0)
			continue;
		meta = cJSON_Parse(s->meta_json);
		v = cJSON_GetObjectItemCaseSensitive(meta, "step");
		if (cJSON_IsNumber(v) && v->valuedouble >= 1 && v->valuedouble <= 1e6 &&
		    v->valuedouble == (double)(int)v->valuedouble)
			st[s->id] = (int)v->valuedouble;
		cJSON_Delete(meta);
	}
	return st;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

size_t bisect_step_numbers(const struct model *m, int **steps)
{
	int *st = series_steps(m);
	size_t n = 0;
	*steps = xmalloc((m->nseries ? m->nseries : 1) * sizeof **steps);
	for (size_t i = 0; i < m->nseries; i++)
		if (st[i])
			(*steps)[n++] = st[i];
	qsort(*steps, n, sizeof **steps, cmp_int);
	{
		size_t w = 0;
		for (size_t i = 0; i < n; i++)
			if (!w || (*steps)[w - 1] != (*steps)[i])
				(*steps)[w++] = (*steps)[i];
		n = w;
	}
	free(st);
	return n;
}

size_t bisect_mark(struct model *m)
{
	int *st = series_steps(m);
	size_t n = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		struct comparison *c = &m->comparisons[i];
		int all = c->nversions > 0;
		for (size_t k = 0; all && k < c->nversions; k++)
			for (size_t r = 0; all && r < c->versions[k].nrounds; r++)
				all = st[c->versions[k].rounds[r].series->id] > 0;
		if (!all)
			continue;
		c->by_step = 1;
		free(c->pairs);
		c->pairs = NULL;
		c->npairs = 0;
		/* a long series' steps would set versions of different steps
		 * side by side: the bisect's own steps are its steps */
		free(c->steps);
		c->steps = NULL;
		c->nsteps = 0;
		n++;
	}
	free(st);
	return n;
}

void bisect_step_model(const struct model *m, int step, struct model *sub)
{
	int *st = series_steps(m);
	sub->min_rounds = m->min_rounds;
	sub->versions_kind = m->versions_kind;
	sub->versions_ordered = m->versions_ordered;
	sub->variant_parameter = m->variant_parameter ? model_intern(sub, m->variant_parameter) : NULL;
	sub->command_labels = m->command_labels;
	sub->no_digests = 1;
	for (size_t i = 0; i < m->nresults; i++) {
		const struct result *r = &m->results[i];
		const struct series *s = r->series;
		size_t np = result_npasses(r);
		struct result_draft *d;
		struct result *nr;
		double *passes;
		if (st[s->id] != step)
			continue;
		passes = model_draft_passes(sub, np);
		memcpy(passes, result_passes(r), np * sizeof *passes);
		d = model_draft_result(sub);
		d->workload = model_intern(sub, s->workload);
		d->version = model_intern(sub, s->version);
		d->platform = model_intern(sub, s->platform);
		d->unit = model_intern(sub, s->unit);
		d->round = r->round;
		d->better = s->better;
		d->where_is_line = s->where_is_line;
		d->back_to_back = s->back_to_back;
		d->runner_interleaved = s->runner_interleaved;
		d->passes = passes;
		d->npasses = np;
		d->timestamp = result_timestamp(r) ? model_intern(sub, result_timestamp(r)) : NULL;
		d->has_time = (signed char)result_time(r, &d->time);
		d->note = s->note ? model_intern(sub, s->note) : NULL;
		d->meta_json = s->meta_json ? model_intern(sub, s->meta_json) : NULL;
		d->v8 = s->v8 ? model_intern(sub, s->v8) : NULL;
		d->source = s->source ? model_intern(sub, s->source) : NULL;
		d->where = r->where;
		d->doc = s->doc;
		nr = model_add_result(sub, d);
		/* the value ingest settled on (a rescaled unit's included) */
		nr->value = r->value;
	}
	free(st);
}

/* 1 when the file records a call for step. */
static int step_recorded(const struct model *m, int step)
{
	for (size_t i = 0; i < m->bisect.nsteps; i++)
		if (m->bisect.steps[i].step == step)
			return 1;
	return 0;
}

/* Index k of sc's versions as an index of c's, -1 none. */
static long map_version(const struct comparison *c, const struct comparison *sc, long k)
{
	return k < 0 || (size_t)k >= sc->nversions ? -1 : bisect_version(c, sc->versions[k].version);
}

static int cmp_pair_ab(const void *pa, const void *pb)
{
	const struct pair_stats *a = pa, *b = pb;
	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	return (a->b > b->b) - (a->b < b->b);
}

void bisect_take_pairs(struct model *m, const struct model *sub, int step)
{
	int recorded = step_recorded(m, step);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		struct comparison *c = &m->comparisons[i];
		const struct comparison *sc = NULL;
		if (!c->by_step)
			continue;
		for (size_t j = 0; j < sub->ncomparisons && !sc; j++)
			if (strcmp(sub->comparisons[j].workload, c->workload) == 0 &&
			    strcmp(sub->comparisons[j].platform, c->platform) == 0)
				sc = &sub->comparisons[j];
		for (size_t q = 0; sc && q < sc->npairs; q++) {
			struct pair_stats np = sc->pairs[q], *had = NULL;
			long a = map_version(c, sc, (long)np.a), b = map_version(c, sc, (long)np.b);
			/* both orders are semver, then first seen: the same but
			 * for labels of one version spelled two ways */
			if (a < 0 || b < 0 || a >= b)
				continue;
			np.a = (size_t)a;
			np.b = (size_t)b;
			np.step = step;
			np.family = sc->npairs;
			np.rounds_a = sc->versions[sc->pairs[q].a].nrounds;
			np.rounds_b = sc->versions[sc->pairs[q].b].nrounds;
			np.rec.winner = map_version(c, sc, np.rec.winner);
			np.rec.other = map_version(c, sc, np.rec.other);
			np.rec.rule_winner = map_version(c, sc, np.rec.rule_winner);
			for (size_t k = 0; k < c->npairs && !had; k++)
				if (c->pairs[k].a == np.a && c->pairs[k].b == np.b)
					had = &c->pairs[k];
			if (!had) {
				c->pairs = xrealloc(c->pairs, (c->npairs + 1) * sizeof *c->pairs);
				c->pairs[c->npairs++] = np;
			} else if (recorded || !step_recorded(m, had->step)) {
				*had = np;
			}
		}
		if (c->npairs)
			qsort(c->pairs, c->npairs, sizeof *c->pairs, cmp_pair_ab);
	}
}

const struct pair_stats *bisect_headline(const struct model *m, const struct comparison *c)
{
	const struct bisect_record *b = &m->bisect;
	const struct pair_stats *first = NULL;
	if (b->nsteps) {
		const struct bisect_step *st = &b->steps[b->nsteps - 1];
		for (size_t i = 0; i < c->npairs; i++) {
			const struct pair_stats *p = &c->pairs[i];
			const char *va = c->versions[p->a].version, *vb = c->versions[p->b].version;
			if (p->step == st->step &&
			    ((!strcmp(va, st->good) && !strcmp(vb, st->candidate)) ||
			     (!strcmp(va, st->candidate) && !strcmp(vb, st->good))))
				return p;
		}
		/* a workload that step did not give for both: the last step
		 * that compared any of its pairs */
		for (size_t i = 0; i < c->npairs; i++)
			if (!first || c->pairs[i].step > first->step)
				first = &c->pairs[i];
		return first;
	}
	for (size_t i = 0; i < c->npairs; i++)
		if (!first || c->pairs[i].step < first->step)
			first = &c->pairs[i];
	return first;
}

/* ---- what changes across a step ---------------------------------------- */

/* The runner's own members of meta: no fact of a version. */
static int runner_member(const char *key)
{
	static const char *const own[] = { "exit_status", "load_before", "load_after",
					   "elapsed_s", "round_results", "step", "user_ms",
					   "sys_ms", "order", "failed" };
	for (size_t i = 0; i < sizeof own / sizeof own[0]; i++)
		if (strcmp(key, own[i]) == 0)
			return 1;
	return 0;
}

/* The scalar meta facts of version v (and workload, when not NULL), each
 * once, as an object of strings (caller frees); a member whose value
 * differs between the version's results is left out. */
static cJSON *version_facts(const struct model *m, const char *workload, const char *v)
{
	cJSON *facts = cJSON_CreateObject(), *mixed = cJSON_CreateObject();
	const char *last = NULL;
	for (size_t i = 0; i < m->nseries; i++) {
		const struct series *s = m->series[i];
		const char *label = s->release ? s->release : s->version;
		cJSON *meta, *it;
		if (!s->meta_json || strcmp(label, v) != 0 ||
		    (workload && strcmp(s->workload, workload) != 0) || s->meta_json == last)
			continue;
		last = s->meta_json;
		meta = cJSON_Parse(s->meta_json);
		cJSON_ArrayForEach(it, meta) {
			char num[64];
			const char *val;
			const cJSON *had;
			if (runner_member(it->string) || cJSON_GetObjectItemCaseSensitive(mixed, it->string))
				continue;
			if (cJSON_IsString(it))
				val = it->valuestring;
			else if (cJSON_IsNumber(it)) {
				snprintf(num, sizeof num, "%.15g", it->valuedouble);
				val = num;
			} else if (cJSON_IsBool(it))
				val = cJSON_IsTrue(it) ? "true" : "false";
			else
				continue;
			had = cJSON_GetObjectItemCaseSensitive(facts, it->string);
			if (!had)
				cJSON_AddStringToObject(facts, it->string, val);
			else if (strcmp(had->valuestring, val) != 0) {
				cJSON_DeleteItemFromObjectCaseSensitive(facts, it->string);
				cJSON_AddTrueToObject(mixed, it->string);
			}
		}
		cJSON_Delete(meta);
	}
	cJSON_Delete(mixed);
	return facts;
}

size_t bisect_meta_changes(struct model *m, const char *workload, const char *a,
			   const char *b, struct meta_change **out)
{
	cJSON *fa = version_facts(m, workload, a), *fb = version_facts(m, workload, b), *it;
	size_t n = 0;
	*out = NULL;
	cJSON_ArrayForEach(it, fa) {
		const cJSON *o = cJSON_GetObjectItemCaseSensitive(fb, it->string);
		if (!o || strcmp(o->valuestring, it->valuestring) == 0)
			continue;
		*out = xrealloc(*out, (n + 1) * sizeof **out);
		(*out)[n].key = model_intern(m, it->string);
		(*out)[n].before = model_intern(m, it->valuestring);
		(*out)[n].after = model_intern(m, o->valuestring);
		n++;
	}
	cJSON_Delete(fa);
	cJSON_Delete(fb);
	return n;
}

void bisect_analyse(struct model *m)
{
	struct bisect_record *b = &m->bisect;
	const struct bisect_step *st;
	b->culprit = -1;
	if (!b->good)
		return;
	for (size_t i = b->nsteps; i-- > 0;)
		if (strcmp(b->steps[i].phase, "confirm") == 0 && b->steps[i].call == BISECT_DIFFERENT) {
			b->culprit = (long)i;
			break;
		}
	if (b->culprit < 0)
		return;
	st = &b->steps[b->culprit];
	b->nchanges = bisect_meta_changes(m, NULL, st->good, st->candidate, &b->changes);
}
