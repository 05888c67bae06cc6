/*
 * bisect.c - the bisect's call on a pair (bisect.h), from its verdict
 * record alone: no statistic is computed here.
 */
#include "analysis/bisect.h"
#include "analysis/evidence.h"
#include "analysis/stats.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <stdio.h>

#include <math.h>
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
