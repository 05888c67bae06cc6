/*
 * releases.c - steps between the exact releases of one release line.
 *
 * For every comparison, versions on the same line (version_stats.line) that
 * are exact releases (major.minor.patch) and follow each other in version
 * order form pairs (24.11.1 -> 24.12.0 -> 24.13.0). Each pair gets the
 * ratio of the medians of its round values and the two-sided rank test
 * (stats_mann_whitney); Holm's correction runs over the release pairs of
 * each comparison, so a step depends on its own workload only. A step is a pair significant after Holm whose medians moved by
 * RELEASES_MIN_CHANGE or more. Medians, not best rounds: the releases of a
 * history ran on different days in different numbers (issue: verdicts on
 * real data), and the best of many rounds is more extreme than the best of
 * few. When lines are compared (lines.c), the releases are read back from
 * the rounds of each line (series.release), so the steps inside a line stay;
 * there a step to the worse counts as a regression (comparison.nworse_steps),
 * since no pair of the compared versions sees it. A bisect's comparisons
 * (comparison.by_step) get none: their releases ran in different steps.
 */
#include "analysis/releases.h"
#include "analysis/stats.h"
#include "lib/median.h"
#include "lib/util.h"
#include "model/semver.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 1 when a version is an exact release: three or more numeric parts
 * ("24.11.1", "v24.11.1", "24.11.1-pre"); 0 for "24", "v24" or names. */
int releases_exact(const char *v)
{
	int parts = 0;
	if (*v == 'v' || *v == 'V')
		v++;
	while (*v) {
		if (*v < '0' || *v > '9')
			return 0;
		while (*v >= '0' && *v <= '9')
			v++;
		parts++;
		if (*v == '.')
			v++;
		else
			break;
	}
	return parts >= 3 && (*v == '\0' || *v == '-' || *v == '+');
}

/* One exact release of a comparison: a version of its own, or the rounds
 * of one release inside a line that is compared as one version. */
struct unit {
	const char *release, *line, *v8; /* interned */
	size_t version;       /* index into comparison.versions */
	double *values;       /* owned: its round values, in round order */
	size_t n;
	char first[11], last[11]; /* dates of its first and last round, "" unknown */
};

/* Adds round r's date to u's first and last. */
static void unit_date(struct unit *u, const struct result *r)
{
	const char *t = result_timestamp(r);
	if (!t || strlen(t) < 10)
		return;
	if (!u->first[0] || strncmp(t, u->first, 10) < 0) {
		memcpy(u->first, t, 10);
		u->first[10] = '\0';
	}
	if (!u->last[0] || strncmp(t, u->last, 10) > 0) {
		memcpy(u->last, t, 10);
		u->last[10] = '\0';
	}
}

/* V8 as the documents show it: "13.6.233.10-node.27" -> "13.6.233.10". */
static const char *unit_v8(struct model *m, const char *v8)
{
	const char *dash = v8 ? strstr(v8, "-node.") : NULL;
	return dash ? model_internn(m, v8, (size_t)(dash - v8)) : v8;
}

static int cmp_unit(const void *a, const void *b)
{
	const struct unit *x = a, *y = b;
	if (x->version != y->version)
		return x->version < y->version ? -1 : 1;
	return semver_cmp(x->release, y->release);
}

/* The exact releases of c in version order (malloc'd, caller frees each
 * values array and the array); *n gets how many. */
static struct unit *units_of(struct model *m, const struct comparison *c, size_t *n)
{
	struct unit *u = NULL;
	size_t nu = 0, alloc = 0;
	for (size_t i = 0; i < c->nversions; i++) {
		const struct version_stats *v = &c->versions[i];
		size_t from = nu;
		if (!v->line || !v->nrounds)
			continue;
		if (!v->rounds[0].series->release && !releases_exact(v->version))
			continue;
		for (size_t r = 0; r < v->nrounds; r++) {
			const struct series *s = v->rounds[r].series;
			const char *rel = s->release ? s->release : v->version;
			size_t k = from;
			while (k < nu && u[k].release != rel)
				k++;
			if (k == nu) {
				ALLOC_GROW(u, nu + 1, alloc);
				memset(&u[nu], 0, sizeof u[nu]);
				u[nu].release = rel;
				u[nu].line = v->line;
				u[nu].version = i;
				u[nu].values = xmalloc(v->nrounds * sizeof *u[nu].values);
				u[nu].v8 = s->release ? unit_v8(m, s->v8) : v->v8;
				nu++;
			}
			u[k].values[u[k].n++] = v->values[r];
			if (!u[k].v8 && s->v8)
				u[k].v8 = unit_v8(m, s->v8);
			unit_date(&u[k], &v->rounds[r]);
		}
		qsort(u + from, nu - from, sizeof *u, cmp_unit);
	}
	*n = nu;
	return u;
}

/* The median of n values (sorts a copy). */
static double unit_median(const double *x, size_t n)
{
	double *s = xmalloc(n * sizeof *s), med;
	memcpy(s, x, n * sizeof *s);
	sort_doubles(s, n);
	med = median_sorted(s, n);
	free(s);
	return med;
}

int releases_worse(const struct comparison *c, const struct release_step *s)
{
	return s->step && (c->better == BETTER_HIGHER ? s->ratio < 1 : s->ratio > 1);
}

void releases_run(struct model *m)
{
	size_t total = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		struct comparison *c = &m->comparisons[i];
		size_t nu;
		struct unit *u;
		/* a bisect's file: releases of one line measured in different
		 * steps were never interleaved (analysis/bisect.c) */
		if (c->by_step)
			continue;
		u = units_of(m, c, &nu);
		for (size_t b = 1; b < nu; b++) {
			const struct unit *ub = &u[b];
			/* the previous release of the same line in version order */
			size_t a = b;
			while (a-- > 0)
				if (u[a].line == ub->line || strcmp(u[a].line, ub->line) == 0)
					break;
			if (a == (size_t)-1)
				continue;
			const struct unit *ua = &u[a];
			if (ua->n < 2 || ub->n < 2)
				continue;
			struct release_step *s;
			struct mw_result mw;
			c->release_steps = xrealloc(c->release_steps,
						    (c->nrelease_steps + 1) * sizeof *c->release_steps);
			s = &c->release_steps[c->nrelease_steps++];
			memset(s, 0, sizeof *s);
			s->a = ua->version;
			s->b = ub->version;
			s->before = ua->release;
			s->after = ub->release;
			s->v8_before = ua->v8;
			s->v8_after = ub->v8;
			s->line = ub->line;
			s->n_before = ua->n;
			s->n_after = ub->n;
			s->ratio = unit_median(ub->values, ub->n) / unit_median(ua->values, ua->n);
			stats_mann_whitney(ua->values, ua->n, ub->values, ub->n, &mw);
			s->p = mw.p;
			memcpy(s->last_a, ua->last, sizeof s->last_a);
			memcpy(s->first_b, ub->first, sizeof s->first_b);
			total++;
		}
		for (size_t k = 0; k < nu; k++)
			free(u[k].values);
		free(u);
	}
	if (!total)
		return;
	/* Holm across the release pairs of each comparison: a step depends on
	 * its own workload's rounds, not on how many others the report holds */
	double *p = xmalloc(total * sizeof *p);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		struct comparison *c = &m->comparisons[i];
		for (size_t j = 0; j < c->nrelease_steps; j++)
			p[j] = c->release_steps[j].p;
		stats_holm(p, p, c->nrelease_steps);
		for (size_t j = 0; j < c->nrelease_steps; j++) {
			struct release_step *s = &c->release_steps[j];
			s->p_holm = p[j];
			s->step = s->p_holm < STATS_ALPHA && fabs(s->ratio - 1) >= RELEASES_MIN_CHANGE;
			/* when lines are compared, no pair of versions sees the
			 * releases inside one: a step to the worse is the
			 * regression grouping would otherwise hide */
			c->nworse_steps += c->by_line && releases_worse(c, s);
		}
	}
	free(p);
}
