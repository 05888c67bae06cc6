/*
 * timeline.c - dated histories and the bad days of the machine.
 *
 * A bad day: for every dated comparison of a platform, each round's speed
 * against its version's usual level (the median of that version's rounds;
 * inverted for lower-is-better units, so below 1 is always slower) is
 * taken on a log scale. The median over the platform's workloads gives one
 * factor per (day, version): how that version did that day. A day on which
 * at least TIMELINE_BAD_MIN_VERSIONS versions ran and every one of them was
 * slower than the typical day by more than TIMELINE_BAD_Z robust standard
 * deviations is a bad day of the machine: the versions share nothing but
 * the day.
 */
#include "analysis/timeline.h"
#include "analysis/stats.h"
#include "lib/median.h"
#include "lib/iso8601.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int timeline_day(const struct result *r, double *days)
{
	double s;
	if (!result_time(r, &s))
		return 0;
	*days = s / 86400;
	return 1;
}

int timeline_dated(const struct comparison *c)
{
	char first[11] = "", day[11];
	int several = 0;
	for (size_t k = 0; k < c->nversions; k++)
		for (size_t r = 0; r < c->versions[k].nrounds; r++) {
			const struct result *res = &c->versions[k].rounds[r];
			double d;
			if (!timeline_day(res, &d))
				return 0;
			iso8601_utc_day(result_timestamp(res), day);
			if (!first[0])
				memcpy(first, day, 11);
			else if (strcmp(first, day) != 0)
				several = 1;
		}
	return several;
}

int timeline_sitting(const struct comparison *c)
{
	if (!c->nslow_rounds || timeline_dated(c))
		return 0;
	for (size_t k = 0; k < c->nversions; k++)
		for (size_t r = 0; r < c->versions[k].nrounds; r++) {
			double d;
			if (!timeline_day(&c->versions[k].rounds[r], &d))
				return 0;
		}
	return 1;
}

const struct bad_day *timeline_bad_day(const struct model *m, const char *platform,
				       const char *date)
{
	char day[11];
	if (!iso8601_utc_day(date, day))
		return NULL;
	for (size_t i = 0; i < m->nbad_days; i++)
		if (strcmp(m->bad_days[i].platform, platform) == 0 &&
		    strcmp(m->bad_days[i].date, day) == 0)
			return &m->bad_days[i];
	return NULL;
}

struct obs {
	const char *platform;   /* interned */
	char date[11];
	const char *version;    /* interned */
	double logspeed;
};

static int cmp_obs(const void *a, const void *b)
{
	const struct obs *x = a, *y = b;
	int c = strcmp(x->platform, y->platform);
	if (!c)
		c = strcmp(x->date, y->date);
	if (!c)
		c = strcmp(x->version, y->version);
	if (!c)
		c = x->logspeed < y->logspeed ? -1 : x->logspeed > y->logspeed;
	return c;
}

struct dayver {
	size_t first, n;        /* range in the sorted observations */
	double factor;          /* median log speed */
};

void timeline_run(struct model *m)
{
	struct obs *o = NULL;
	size_t n = 0, alloc = 0;

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (!timeline_dated(c))
			continue;
		for (size_t k = 0; k < c->nversions; k++) {
			const struct version_stats *v = &c->versions[k];
			if (v->nrounds < 3 || !(v->median > 0))
				continue;
			for (size_t r = 0; r < v->nrounds; r++) {
				double s = v->values[r] / v->median;
				if (c->better == BETTER_LOWER)
					s = 1 / s;
				ALLOC_GROW(o, n + 1, alloc);
				o[n].platform = c->platform;
				iso8601_utc_day(result_timestamp(&v->rounds[r]), o[n].date);
				o[n].version = v->version;
				o[n].logspeed = log(s);
				n++;
			}
		}
	}
	if (n == 0)
		return;
	qsort(o, n, sizeof *o, cmp_obs);

	/* one factor per (platform, date, version) */
	struct dayver *dv = NULL;
	size_t ndv = 0, dalloc = 0;
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && o[j].platform == o[i].platform && strcmp(o[j].date, o[i].date) == 0 &&
		       o[j].version == o[i].version)
			j++;
		double *v = xmalloc((j - i) * sizeof *v);
		for (size_t k = i; k < j; k++)
			v[k - i] = o[k].logspeed;
		ALLOC_GROW(dv, ndv + 1, dalloc);
		dv[ndv].first = i;
		dv[ndv].n = j - i;
		dv[ndv].factor = median_of(v, j - i);
		ndv++;
		free(v);
		i = j;
	}

	/* per platform: the typical day and its robust spread, then the days */
	for (size_t a = 0; a < ndv;) {
		const char *platform = o[dv[a].first].platform;
		size_t b = a;
		while (b < ndv && o[dv[b].first].platform == platform)
			b++;
		double *f = xmalloc((b - a) * sizeof *f), *dev = xmalloc((b - a) * sizeof *dev);
		for (size_t k = a; k < b; k++)
			f[k - a] = dv[k].factor;
		double centre = median_of(f, b - a);
		for (size_t k = a; k < b; k++)
			dev[k - a] = fabs(dv[k].factor - centre);
		double sd = 1.4826 * median_of(dev, b - a);
		free(f);
		free(dev);
		for (size_t d = a; d < b && sd > 0;) {
			size_t e = d, slow = 0;
			double sum = 0;
			while (e < b && strcmp(o[dv[e].first].date, o[dv[d].first].date) == 0) {
				if ((dv[e].factor - centre) / sd < -TIMELINE_BAD_Z)
					slow++;
				sum += dv[e].factor;
				e++;
			}
			if (e - d >= TIMELINE_BAD_MIN_VERSIONS && slow == e - d) {
				struct bad_day *bd;
				m->bad_days = xrealloc(m->bad_days, (m->nbad_days + 1) * sizeof *m->bad_days);
				bd = &m->bad_days[m->nbad_days++];
				memcpy(bd->date, o[dv[d].first].date, 11);
				bd->platform = platform;
				bd->nversions = e - d;
				bd->versions = xcalloc(e - d, sizeof *bd->versions);
				for (size_t k = d; k < e; k++)
					bd->versions[k - d] = o[dv[k].first].version;
				bd->speed = exp(sum / (double)(e - d) - centre);
			}
			d = e;
		}
		a = b;
	}
	free(dv);
	free(o);
}
