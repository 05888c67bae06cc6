/*
 * grouping.c - the words for model.grouping (grouping.h).
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
	if (m->versions_kind != VERSIONS_RELEASES || !g->nmulti)
		return NULL;
	if (g->grouped) {
		buf_printf(&b, "the %zu exact releases measured are grouped into their %zu release line%s (",
			   g->nreleases, g->nlines, g->nlines == 1 ? "" : "s");
		put_lines(&b, m);
		buf_puts(&b, "), each compared as one version with all the rounds of its releases; "
			 "the steps between releases inside a line are tested apart");
		if (g->by == BY_LINE)
			buf_puts(&b, ", as asked with --by line");
		else
			buf_printf(&b, ". By line %zu of %zu comparisons have the versions and rounds a "
				   "verdict needs, by release %zu (--by release compares each release)",
				   g->verdicts_by_line, g->ncomparisons, g->verdicts_by_release);
	} else if (g->by == BY_RELEASE) {
		buf_printf(&b, "the %zu exact releases measured are compared one by one, as asked with "
			   "--by release; grouped into their %zu release lines, %zu of %zu comparisons "
			   "would have the versions and rounds a verdict needs, %zu by release",
			   g->nreleases, g->nlines, g->verdicts_by_line, g->ncomparisons,
			   g->verdicts_by_release);
	} else {
		buf_printf(&b, "the %zu exact releases measured are compared one by one: grouped into "
			   "their %zu release lines, no more comparisons would have the versions and "
			   "rounds a verdict needs (--by line groups them)", g->nreleases, g->nlines);
	}
	return buf_detach(&b, NULL);
}
