/*
 * lines.c - exact releases grouped into their release lines (lines.h).
 *
 * A CI history records one file per release per day: dozens of exact
 * releases with one or two rounds each, none of which can be judged alone.
 * Their line can: all rounds of its releases, a history (medians, the
 * middle-80 % band). The choice is made once, here, from counts alone: how
 * many comparisons (workload, platform) would have two versions or more
 * with min_rounds rounds each, by release and by line. Releases win ties:
 * when each has the rounds a verdict needs, a regression is named by the
 * release that brought it (24.12.0), not by its line.
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

/* Comparisons of k[0..n) (sorted here) with two keys or more, each with at
 * least min_rounds rounds; *ncomparisons gets how many there are. */
static size_t verdicts(struct keyed_series *k, size_t n, int min_rounds, size_t *ncomparisons)
{
	size_t good = 0, ncmp = 0;
	qsort(k, n, sizeof *k, cmp_keyed_series);
	for (size_t i = 0; i < n;) {
		size_t j = i, nkeys = 0;
		int enough = 1;
		while (j < n && k[j].workload == k[i].workload && k[j].platform == k[i].platform) {
			size_t h = j, rounds = 0;
			while (h < n && k[h].workload == k[j].workload && k[h].platform == k[j].platform &&
			       k[h].key == k[j].key)
				rounds += k[h++].rounds;
			nkeys++;
			enough &= rounds >= (size_t)min_rounds;
			j = h;
		}
		ncmp++;
		good += nkeys >= 2 && enough;
		i = j;
	}
	*ncomparisons = ncmp;
	return good;
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
	const char **label;
	struct keyed_series *k;
	int plain = 0, with_v = 0;

	g->grouped = 0;
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

	/* how many comparisons would have a verdict either way */
	k = xmalloc(ns * sizeof *k);
	for (size_t i = 0; i < ns; i++) {
		k[i].workload = m->series[i]->workload;
		k[i].platform = m->series[i]->platform;
		k[i].key = m->series[i]->version;
		k[i].rounds = rounds[i];
	}
	g->verdicts_by_release = verdicts(k, ns, m->min_rounds, &g->ncomparisons);
	for (size_t i = 0; i < ns; i++) {
		k[i].workload = m->series[i]->workload;
		k[i].platform = m->series[i]->platform;
		k[i].key = label[i] ? label[i] : m->series[i]->version;
		k[i].rounds = rounds[i];
	}
	g->verdicts_by_line = verdicts(k, ns, m->min_rounds, &g->ncomparisons);
	free(k);
	free(rounds);

	g->grouped = g->nmulti > 0 &&
		     (g->by == BY_LINE ||
		      (g->by == BY_DEFAULT && g->verdicts_by_line > g->verdicts_by_release));
	if (!g->grouped) {
		free(label);
		return;
	}
	/* a --baseline that names a grouped release names its line */
	for (size_t i = 0; i < ns; i++)
		if (label[i] && m->baseline && strcmp(m->baseline, m->series[i]->version) == 0)
			m->baseline = label[i];
	for (size_t i = 0; i < ns; i++) {
		if (!label[i])
			continue;
		m->series[i]->release = m->series[i]->version;
		m->series[i]->version = label[i];
	}
	free(label);

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
