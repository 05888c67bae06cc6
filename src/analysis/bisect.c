/*
 * bisect.c - the bisect's call on a pair (bisect.h), from its verdict
 * record alone: no statistic is computed here.
 */
#include "analysis/bisect.h"
#include "analysis/evidence.h"
#include "analysis/stats.h"

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
