/*
 * grouping.c - the words for model.grouping (grouping.h). Each comparison
 * is compared by release or by line on its own (lines.c); the note says so
 * only when comparisons with several releases of a line differ.
 */
#include "present/grouping.h"
#include "lib/util.h"
#include "model/semver.h"

#include <stdlib.h>
#include <string.h>

static int cmp_version(const void *a, const void *b)
{
	return semver_cmp(*(const char *const *)a, *(const char *const *)b);
}

/* The compared lines: "18, 20, 22, 24 and 26". */
static void put_lines(struct buf *b, const struct model *m)
{
	const char **v = xmalloc((m->nseries ? m->nseries : 1) * sizeof *v);
	size_t n = 0;
	for (size_t i = 0; i < m->nseries; i++) {
		const char *x = m->series[i]->version;
		size_t k = 0;
		if (!m->series[i]->release)
			continue;
		while (k < n && v[k] != x)
			k++;
		if (k == n)
			v[n++] = x;
	}
	qsort(v, n, sizeof *v, cmp_version);
	for (size_t k = 0; k < n; k++)
		buf_printf(b, "%s%s", !k ? "" : k + 1 == n ? " and " : ", ", v[k]);
	free(v);
}

char *grouping_note(const struct model *m)
{
	const struct grouping *g = &m->grouping;
	struct buf b = BUF_INIT;
	if (m->versions_kind != VERSIONS_RELEASES || (!g->nmulti && !g->grouped))
		return NULL;
	if (g->grouped && g->nseveral_by_release) {
		/* decided comparison by comparison, and they differ */
		buf_printf(&b, "each comparison is decided on its own rounds: %zu comparison%s compare%s "
			   "release lines (", g->nby_line, g->nby_line == 1 ? "" : "s",
			   g->nby_line == 1 ? "s" : "");
		put_lines(&b, m);
		buf_printf(&b, "), each line with all the rounds of its releases, because release by "
			   "release %s no verdict; the steps between releases inside a line are tested "
			   "separately. %zu comparison%s with several releases of a line compare%s the "
			   "exact releases one by one, which give%s %s a verdict, so a regression there "
			   "is named by the release that brought it (--by line or --by release compares "
			   "all of them one way)", g->nby_line == 1 ? "it has" : "they have",
			   g->nseveral_by_release, g->nseveral_by_release == 1 ? "" : "s",
			   g->nseveral_by_release == 1 ? "s" : "", g->nseveral_by_release == 1 ? "s" : "",
			   g->nseveral_by_release == 1 ? "it" : "them");
	} else if (g->grouped) {
		buf_printf(&b, "the %zu exact releases measured are grouped into their %zu release line%s (",
			   g->nreleases, g->nlines, g->nlines == 1 ? "" : "s");
		put_lines(&b, m);
		buf_puts(&b, "), each compared as one version with all the rounds of its releases; "
			 "the steps between releases inside a line are tested separately");
		if (g->by == BY_LINE)
			buf_puts(&b, ", as asked with --by line");
		else
			buf_printf(&b, ". Grouped, %zu of the %zu comparisons have the versions and "
				   "rounds a verdict needs; release by release, %zu would (--by release "
				   "compares each release)",
				   g->verdicts_by_line, g->ncomparisons, g->verdicts_by_release);
	} else if (g->by == BY_RELEASE) {
		buf_printf(&b, "the %zu exact releases measured are compared one by one, as asked with "
			   "--by release: %zu of the %zu comparisons have the versions and rounds a "
			   "verdict needs; grouped into their %zu release line%s, %zu would",
			   g->nreleases, g->verdicts_by_release, g->ncomparisons, g->nlines,
			   g->nlines == 1 ? "" : "s", g->verdicts_by_line);
	} else {
		buf_printf(&b, "the %zu exact releases measured are compared one by one: grouped into "
			   "their %zu release line%s, %s comparisons would have the versions and "
			   "rounds a verdict needs%s (--by line groups them)", g->nreleases, g->nlines,
			   g->nlines == 1 ? "" : "s",
			   g->verdicts_by_line < g->verdicts_by_release ? "fewer" : "no more",
			   g->verdicts_by_line < g->verdicts_by_release ? ""
				   : ", and release by release each regression is named by the release that "
				     "brought it");
	}
	return buf_detach(&b, NULL);
}

/* How many versions a sentence names before counting the rest. */
#define NAMED 3

/* "("a", "b", "c" and 9 more)": the workloads of platform p's
 * comparisons without a verdict for the reason `why` (one version, or
 * not). */
static void put_workloads(struct buf *b, const struct model *m, const char *p, int one)
{
	size_t k = 0, n = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (c->platform != p || c->verdict != VERDICT_INSUFFICIENT ||
		    (c->insufficient == INSUFFICIENT_ONE_VERSION) != one)
			continue;
		if (k < NAMED)
			buf_printf(b, "%s\"%s\"", k ? ", " : " (", c->workload);
		k++;
		n++;
	}
	if (n > NAMED)
		buf_printf(b, " and %zu more", n - NAMED);
	if (n)
		buf_putc(b, ')');
}

/* The distinct versions of platform p's comparisons without a verdict for
 * that reason, short of rounds (one = 0) or alone (one = 1), in version
 * order; malloc'd, caller frees. */
static const char **short_versions(const struct model *m, const char *p, int one, int min_rounds,
				   size_t *n)
{
	const char **v = NULL;
	size_t nv = 0, alloc = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (c->platform != p || c->verdict != VERDICT_INSUFFICIENT ||
		    (c->insufficient == INSUFFICIENT_ONE_VERSION) != one)
			continue;
		for (size_t k = 0; k < c->nversions; k++) {
			const char *x = c->versions[k].version;
			size_t j = 0;
			if (!one && (int)c->versions[k].nrounds >= min_rounds)
				continue;
			while (j < nv && v[j] != x)
				j++;
			if (j < nv)
				continue;
			ALLOC_GROW(v, nv + 1, alloc);
			v[nv++] = x;
		}
	}
	if (nv)
		qsort(v, nv, sizeof *v, cmp_version);
	*n = nv;
	return v;
}

static void put_versions(struct buf *b, const char **v, size_t n)
{
	for (size_t k = 0; k < n && k < NAMED; k++)
		buf_printf(b, "%s%s", !k ? "" : k + 1 == n && n <= NAMED ? " and " : ", ", v[k]);
	if (n > NAMED)
		buf_printf(b, " and %zu more", n - NAMED);
}

/* The subject of a nothing-to-say sentence: "on darwin-arm64, 12
 * workloads have", or with one platform "12 workloads have", or for one
 * workload its name: "\"Sort\" has". */
static void put_subject(struct buf *b, const struct model *m, const char *p, size_t n, int one,
			int several)
{
	if (several)
		buf_printf(b, "on %s, ", p);
	if (n == 1) {
		for (size_t i = 0; i < m->ncomparisons; i++) {
			const struct comparison *c = &m->comparisons[i];
			if (c->platform == p && c->verdict == VERDICT_INSUFFICIENT &&
			    (c->insufficient == INSUFFICIENT_ONE_VERSION) == one) {
				buf_printf(b, "\"%s\" has", c->workload);
				return;
			}
		}
	}
	buf_printf(b, "%zu workload%s", n, n == 1 ? " has" : "s have");
}

char **grouping_nothing_notes(const struct model *m, size_t *n)
{
	char **out = NULL;
	size_t nout = 0, alloc = 0;
	int several = 0;
	for (size_t i = 1; i < m->ncomparisons; i++)
		several |= m->comparisons[i].platform != m->comparisons[0].platform;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const char *p = m->comparisons[i].platform;
		size_t alone = 0, few = 0, seen = 0;
		for (size_t j = 0; j < i && !seen; j++)
			seen = m->comparisons[j].platform == p;
		if (seen)
			continue;
		for (size_t j = i; j < m->ncomparisons; j++) {
			const struct comparison *c = &m->comparisons[j];
			if (c->platform != p || c->verdict != VERDICT_INSUFFICIENT)
				continue;
			alone += c->insufficient == INSUFFICIENT_ONE_VERSION;
			few += c->insufficient != INSUFFICIENT_ONE_VERSION;
		}
		if (alone) {
			struct buf b = BUF_INIT;
			size_t nv;
			const char **v = short_versions(m, p, 1, m->min_rounds, &nv);
			/* "on darwin-arm64, 12 workloads (...) have nothing to
			 * compare: only 18 was measured" */
			put_subject(&b, m, p, alone, 1, several);
			buf_puts(&b, " nothing to compare");
			if (alone > 1)
				put_workloads(&b, m, p, 1);
			buf_puts(&b, ": only ");
			if (nv == 1)
				buf_printf(&b, "%s was measured", v[0]);
			else {
				buf_puts(&b, "one version each was measured (");
				put_versions(&b, v, nv);
				buf_putc(&b, ')');
			}
			free(v);
			ALLOC_GROW(out, nout + 1, alloc);
			out[nout++] = buf_detach(&b, NULL);
		}
		if (few) {
			struct buf b = BUF_INIT;
			size_t nv;
			const char **v = short_versions(m, p, 0, m->min_rounds, &nv);
			/* "\"Sort\" has too few rounds for a verdict: 24.11.1
			 * ran fewer than the 3 rounds a verdict needs" */
			put_subject(&b, m, p, few, 0, several);
			buf_puts(&b, " too few rounds for a verdict");
			if (few > 1)
				put_workloads(&b, m, p, 0);
			buf_puts(&b, ": ");
			if (nv <= NAMED) {
				put_versions(&b, v, nv);
				buf_printf(&b, " ran fewer than the %d rounds a verdict needs", m->min_rounds);
			} else {
				buf_printf(&b, "%zu versions ran fewer than the %d rounds a verdict needs (",
					   nv, m->min_rounds);
				put_versions(&b, v, nv);
				buf_putc(&b, ')');
			}
			free(v);
			ALLOC_GROW(out, nout + 1, alloc);
			out[nout++] = buf_detach(&b, NULL);
		}
	}
	*n = nout;
	return out;
}
