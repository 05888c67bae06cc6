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
 * few.
 */
#include "analysis/releases.h"
#include "analysis/stats.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* 1 when a version is an exact release: three or more numeric parts
 * ("24.11.1", "v24.11.1", "24.11.1-pre"); 0 for "24", "v24" or names. */
static int releases_exact(const char *v)
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

/* The date of the earliest (last = 0) or latest (last = 1) round, or "". */
static void round_date(const struct version_stats *v, int last, char out[11])
{
	const char *pick = NULL;
	out[0] = '\0';
	for (size_t r = 0; r < v->nrounds; r++) {
		const char *t = result_timestamp(&v->rounds[r]);
		if (!t || strlen(t) < 10)
			continue;
		if (!pick || (last ? strncmp(t, pick, 10) > 0 : strncmp(t, pick, 10) < 0))
			pick = t;
	}
	if (pick) {
		memcpy(out, pick, 10);
		out[10] = '\0';
	}
}

void releases_run(struct model *m)
{
	size_t total = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		struct comparison *c = &m->comparisons[i];
		for (size_t b = 1; b < c->nversions; b++) {
			const struct version_stats *vb = &c->versions[b];
			if (!vb->line || !releases_exact(vb->version) || vb->nrounds < 2)
				continue;
			/* the previous release of the same line in version order */
			size_t a = b;
			while (a-- > 0)
				if (c->versions[a].line == vb->line || (c->versions[a].line &&
				    strcmp(c->versions[a].line, vb->line) == 0))
					break;
			if (a == (size_t)-1)
				continue;
			const struct version_stats *va = &c->versions[a];
			if (!releases_exact(va->version) || va->nrounds < 2)
				continue;
			struct release_step *s;
			struct mw_result mw;
			c->release_steps = xrealloc(c->release_steps,
						    (c->nrelease_steps + 1) * sizeof *c->release_steps);
			s = &c->release_steps[c->nrelease_steps++];
			memset(s, 0, sizeof *s);
			s->a = a;
			s->b = b;
			s->ratio = vb->median / va->median;
			stats_mann_whitney(va->values, va->nrounds, vb->values, vb->nrounds, &mw);
			s->p = mw.p;
			round_date(va, 1, s->last_a);
			round_date(vb, 0, s->first_b);
			total++;
		}
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
		}
	}
	free(p);
}
