/*
 * lines.c - exact releases grouped into their release lines (lines.h).
 *
 * A CI history records one file per release per day: dozens of exact
 * releases with one or two rounds each, none of which can be judged alone.
 * Their line can: all rounds of its releases, a history (medians, the
 * middle-80 % band). The choice is made here for each comparison
 * (workload, platform) from its own rounds alone, never from what else the
 * report holds: by line when only its lines have two versions or more with
 * min_rounds rounds each, else by release. Releases win ties: when each
 * has the rounds a verdict needs, a regression is named by the release
 * that brought it (24.12.0), not by its line. Inside a line compared as
 * one version, releases.c tests the steps between its releases.
 */
#include "analysis/lines.h"
#include "analysis/releases.h"
#include "analysis/windows.h"
#include "lib/util.h"
#include "model/semver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One series with the key it is compared under and its rounds. */
struct keyed_series {
	const char *workload, *platform, *key;
	size_t rounds;
};

static int cmp_ptr(const void *a, const void *b)
{
	return (a > b) - (a < b);
}

/* qsort order of an array of pointers, by address */
static int cmp_slot(const void *a, const void *b)
{
	return cmp_ptr(*(const void *const *)a, *(const void *const *)b);
}

static int cmp_keyed_series(const void *a, const void *b)
{
	const struct keyed_series *x = a, *y = b;
	int c = cmp_ptr(x->workload, y->workload);
	if (!c)
		c = cmp_ptr(x->platform, y->platform);
	if (!c)
		c = cmp_ptr(x->key, y->key);
	return c;
}

/* Whether the series k[0..n) of one comparison, compared under their keys
 * (sorted here), hold two keys or more with at least min_rounds rounds each:
 * the versions and rounds a verdict needs. */
static int verdict_possible(struct keyed_series *k, size_t n, int min_rounds)
{
	size_t nkeys = 0;
	int enough = 1;
	qsort(k, n, sizeof *k, cmp_keyed_series);
	for (size_t j = 0; j < n;) {
		size_t h = j, rounds = 0;
		while (h < n && k[h].key == k[j].key)
			rounds += k[h++].rounds;
		nkeys++;
		enough &= rounds >= (size_t)min_rounds;
		j = h;
	}
	return nkeys >= 2 && enough;
}

/* A release of a known line in one comparison. */
struct line_release {
	const char *line, *release; /* interned */
};

static int cmp_line_release(const void *a, const void *b)
{
	const struct line_release *x = a, *y = b;
	int c = cmp_ptr(x->line, y->line);
	return c ? c : cmp_ptr(x->release, y->release);
}

/* Whether some line holds two exact releases or more among the series
 * k[0..n) of one comparison (k[].key the release, line[] its line or
 * NULL for no release of a known line). */
static int several_of_a_line(const struct keyed_series *k, const char *const *line, size_t n)
{
	struct line_release *lr = xmalloc((n ? n : 1) * sizeof *lr);
	size_t nl = 0;
	int several = 0;
	for (size_t i = 0; i < n; i++)
		if (line[i]) {
			lr[nl].line = line[i];
			lr[nl++].release = k[i].key;
		}
	qsort(lr, nl, sizeof *lr, cmp_line_release);
	for (size_t i = 1; i < nl && !several; i++)
		several = lr[i].line == lr[i - 1].line && lr[i].release != lr[i - 1].release;
	free(lr);
	return several;
}

/* Series order for deciding comparison by comparison: workload, platform
 * (interned: by address), then first seen. */
static const struct model *order_model;

static int cmp_series_comparison(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	const struct series *sx = order_model->series[x], *sy = order_model->series[y];
	int c = cmp_ptr(sx->workload, sy->workload);
	if (!c)
		c = cmp_ptr(sx->platform, sy->platform);
	return c ? c : (x > y) - (x < y);
}

/* Decides each comparison (the series idx[0..n) of one workload on one
 * platform): 1 to compare its releases as their lines. Counts it in g. */
static int decide_comparison(struct model *m, const size_t *idx, size_t n, const size_t *rounds,
			     const char *const *label)
{
	struct grouping *g = &m->grouping;
	struct keyed_series *k = xmalloc(n * sizeof *k);
	const char **line = xmalloc(n * sizeof *line);
	int by_release, by_line, several, grouped;

	for (size_t i = 0; i < n; i++) {
		const struct series *s = m->series[idx[i]];
		k[i].workload = s->workload;
		k[i].platform = s->platform;
		k[i].key = s->version;
		k[i].rounds = rounds[idx[i]];
		line[i] = label[idx[i]];
	}
	several = several_of_a_line(k, line, n);
	by_release = verdict_possible(k, n, m->min_rounds);
	for (size_t i = 0; i < n; i++) {
		const struct series *s = m->series[idx[i]];
		k[i].key = label[idx[i]] ? label[idx[i]] : s->version;
		k[i].rounds = rounds[idx[i]];
	}
	by_line = verdict_possible(k, n, m->min_rounds);
	free(k);
	free(line);

	/* releases win ties: a regression is named by the release that
	 * brought it; --by line groups every comparison with a release of
	 * a known line, --by release none */
	if (g->by == BY_LINE) {
		grouped = 0;
		for (size_t i = 0; i < n && !grouped; i++)
			grouped = label[idx[i]] != NULL;
	} else {
		grouped = g->by == BY_DEFAULT && several && by_line && !by_release;
	}
	g->ncomparisons++;
	g->verdicts_by_release += by_release;
	g->verdicts_by_line += by_line;
	g->nseveral += several;
	g->nby_line += grouped;
	g->nseveral_by_release += several && !grouped;
	return grouped;
}

/* Order of the grouped rounds inside a line: time, then release, then the
 * round as ingest numbered it. */
static int cmp_line_round(const void *a, const void *b)
{
	const struct result *x = a, *y = b;
	double tx = 0, ty = 0;
	int c = cmp_ptr(x->series->workload, y->series->workload);
	if (!c)
		c = cmp_ptr(x->series->platform, y->series->platform);
	if (!c)
		c = cmp_ptr(x->series->version, y->series->version);
	if (c)
		return c;
	int hx = result_time(x, &tx), hy = result_time(y, &ty);
	if (hx != hy)
		return hx < hy ? -1 : 1;
	if (tx != ty)
		return tx < ty ? -1 : 1;
	c = semver_cmp(x->series->release, y->series->release);
	if (!c)
		c = cmp_ptr(x->series->release, y->series->release);
	if (c)
		return c;
	return (x->round > y->round) - (x->round < y->round);
}

void lines_group(struct model *m)
{
	struct grouping *g = &m->grouping;
	size_t ns = m->nseries, *rounds;
	size_t *idx;
	const char **label;
	unsigned char *grouped;
	int plain = 0, with_v = 0;

	g->grouped = 0;
	g->nby_line = g->nseveral = g->nseveral_by_release = 0;
	if (m->versions_kind != VERSIONS_RELEASES || !ns)
		return;
	rounds = xcalloc(ns, sizeof *rounds);
	label = xcalloc(ns, sizeof *label);
	for (size_t i = 0; i < m->nresults; i++)
		rounds[m->results[i].series->id]++;

	/* the line of every exact release of a known line; one spelling of
	 * the lines ("v20" only when every release is written "v20.x.y") */
	for (size_t i = 0; i < ns; i++) {
		const char *v = m->series[i]->version;
		if (!releases_exact(v) || !windows_find(&m->schedule, v))
			continue;
		if (*v == 'v' || *v == 'V')
			with_v = 1;
		else
			plain = 1;
	}
	{
		/* distinct releases and lines, counted once */
		const char **rel = xmalloc(ns * sizeof *rel);
		long *maj = xmalloc(ns * sizeof *maj);
		size_t nrel = 0;
		for (size_t i = 0; i < ns; i++) {
			const char *v = m->series[i]->version;
			char buf[32];
			if (!releases_exact(v) || !windows_find(&m->schedule, v))
				continue;
			snprintf(buf, sizeof buf, "%s%ld", with_v && !plain ? "v" : "", semver_major(v));
			label[i] = model_intern(m, buf);
			rel[nrel++] = v;
		}
		qsort(rel, nrel, sizeof *rel, cmp_slot);
		size_t nd = 0;
		for (size_t i = 0; i < nrel; i++)
			if (!i || rel[i] != rel[i - 1])
				rel[nd++] = rel[i];
		g->nreleases = nd;
		for (size_t i = 0; i < nd; i++)
			maj[i] = semver_major(rel[i]);
		/* lines, and lines with more than one release */
		g->nlines = g->nmulti = 0;
		for (size_t i = 0; i < nd; i++) {
			size_t same = 0, first = 1;
			for (size_t j = 0; j < nd; j++) {
				if (maj[j] != maj[i])
					continue;
				same++;
				if (j < i)
					first = 0;
			}
			g->nlines += first;
			g->nmulti += first && same > 1;
		}
		free(rel);
		free(maj);
	}

	/* each comparison (workload, platform) decided on its own rounds:
	 * nothing else in the report changes how it is compared */
	idx = xmalloc(ns * sizeof *idx);
	grouped = xcalloc(ns, sizeof *grouped);
	for (size_t i = 0; i < ns; i++)
		idx[i] = i;
	order_model = m;
	qsort(idx, ns, sizeof *idx, cmp_series_comparison);
	g->ncomparisons = g->verdicts_by_release = g->verdicts_by_line = 0;
	g->nseveral = g->nby_line = g->nseveral_by_release = 0;
	for (size_t i = 0; i < ns;) {
		const struct series *first = m->series[idx[i]];
		size_t j = i;
		while (j < ns && m->series[idx[j]]->workload == first->workload &&
		       m->series[idx[j]]->platform == first->platform)
			j++;
		if (decide_comparison(m, idx + i, j - i, rounds, label))
			for (size_t h = i; h < j; h++)
				grouped[idx[h]] = 1;
		i = j;
	}
	free(idx);
	free(rounds);
	g->grouped = g->nby_line > 0;

	/* a grouped release's version becomes its line (the release kept);
	 * a --baseline naming a grouped release finds its line in that
	 * comparison only (analysis.c, against_baseline) */
	for (size_t i = 0; i < ns; i++) {
		if (!label[i] || !grouped[i])
			continue;
		m->series[i]->release = m->series[i]->version;
		m->series[i]->version = label[i];
	}
	free(grouped);
	free(label);
	if (!g->grouped)
		return;

	/* rounds of a line, numbered 1.. in time order: the releases' own
	 * round numbers repeat across releases */
	{
		size_t n = 0;
		struct result *r;
		for (size_t i = 0; i < m->nresults; i++)
			n += m->results[i].series->release != NULL;
		r = xmalloc((n ? n : 1) * sizeof *r);
		n = 0;
		for (size_t i = 0; i < m->nresults; i++)
			if (m->results[i].series->release)
				r[n++] = m->results[i];
		qsort(r, n, sizeof *r, cmp_line_round);
		for (size_t i = 0; i < n; i++)
			r[i].round = i && r[i - 1].series->workload == r[i].series->workload &&
					     r[i - 1].series->platform == r[i].series->platform &&
					     r[i - 1].series->version == r[i].series->version
					     ? r[i - 1].round + 1 : 1;
		/* back in place: the grouped results keep their slots, in the
		 * sorted order (analysis_run groups every result afterwards) */
		n = 0;
		for (size_t i = 0; i < m->nresults; i++)
			if (m->results[i].series->release)
				m->results[i] = r[n++];
		free(r);
	}
}
