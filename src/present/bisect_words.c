/*
 * bisect_words.c - the words of a bisect read back from its rounds file
 * (bisect_words.h): every document that names the culprit step says it in
 * these words.
 */
#include "present/bisect_words.h"
#include "lib/fmt.h"
#include "model/semver.h"
#include "present/verdict_words.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ARROW " \xE2\x86\x92 "

static const struct comparison *step_comparison(const struct model *m, const struct bisect_step *st)
{
	for (size_t i = 0; st->workload && i < m->ncomparisons; i++)
		if (strcmp(m->comparisons[i].workload, st->workload) == 0)
			return &m->comparisons[i];
	return m->ncomparisons == 1 ? &m->comparisons[0] : NULL;
}

/* The step in the verdicts' size convention (verdict_words.h), from the
 * candidate's value over its good end's (ratio, with its interval):
 * "in parse, 22.0.0 is 40% faster than 21.7.3, 95% interval 38% to 41%";
 * "22.0.0 does 2.9× the ops/s of 21.7.3" for a rate. */
static void put_size(struct buf *b, const struct model *m, const struct bisect_step *st,
		     int with_interval)
{
	const struct comparison *c = step_comparison(m, st);
	struct verdict_record r;
	int higher, cand_better;
	double up, lo, hi;
	if (st->winner && isfinite(st->size) && c) {
		/* the size the step's verdict quoted: its record's */
		const char *other = strcmp(st->winner, st->good) ? st->good : st->candidate;
		if (st->workload)
			buf_printf(b, "in %s, ", st->workload);
		buf_puts(b, st->winner);
		words_size(b, c, st->size, other);
		if (st->decided_by && !strcmp(st->decided_by, "best-rounds"))
			buf_puts(b, " (best rounds)");
		else if (st->decided_by && !strcmp(st->decided_by, "paired"))
			buf_puts(b, " (median of the per-round ratios; paired)");
		else if (st->decided_by && !strcmp(st->decided_by, "medians"))
			buf_puts(b, " (medians)");
		if (with_interval && isfinite(st->size_low)) {
			memset(&r, 0, sizeof r);
			r.size_low = st->size_low;
			r.size_high = st->size_high;
			buf_puts(b, ", ");
			words_size_interval(b, c, &r);
		}
		return;
	}
	/* a file without the record's size: the step's ratio */
	if (!isfinite(st->ratio) || st->ratio <= 0) {
		buf_puts(b, "of unknown size");
		return;
	}
	higher = c ? c->better == BETTER_HIGHER : 0;
	/* "up" is how much more the candidate has than good; the winner's
	 * size is that ratio, or its inverse, less one */
	cand_better = higher ? st->ratio >= 1 : st->ratio <= 1;
	up = cand_better == higher ? st->ratio : 1 / st->ratio;
	lo = cand_better == higher ? st->ratio_low : 1 / st->ratio_high;
	hi = cand_better == higher ? st->ratio_high : 1 / st->ratio_low;
	if (st->workload)
		buf_printf(b, "in %s, ", st->workload);
	buf_puts(b, cand_better ? st->candidate : st->good);
	if (c) {
		words_size(b, c, up - 1, cand_better ? st->good : st->candidate);
	} else {
		buf_puts(b, " is ");
		words_size_number(b, up - 1);
		buf_printf(b, " better than %s", cand_better ? st->good : st->candidate);
	}
	if (with_interval && c && isfinite(st->ratio_low) && isfinite(st->ratio_high) &&
	    st->ratio_low > 0) {
		memset(&r, 0, sizeof r);
		r.size_low = lo - 1;
		r.size_high = hi - 1;
		buf_puts(b, ", ");
		words_size_interval(b, c, &r);
	}
}

/* "; 5 versions measured in 5 steps, 1 skipped" */
static void put_spent(struct buf *b, const struct model *m)
{
	const struct bisect_record *bi = &m->bisect;
	size_t measured = 0;
	for (size_t i = 0; i < bi->nversions; i++) {
		int seen = 0;
		for (size_t k = 0; k < bi->nsteps && !seen; k++)
			seen = !strcmp(bi->steps[k].good, bi->versions[i]) ||
			       !strcmp(bi->steps[k].candidate, bi->versions[i]) ||
			       !strcmp(bi->steps[k].bad, bi->versions[i]);
		measured += seen;
	}
	buf_printf(b, "; %zu version%s measured in %zu step%s", measured, measured == 1 ? "" : "s",
		   bi->nsteps, bi->nsteps == 1 ? "" : "s");
	if (bi->nskips)
		buf_printf(b, ", %zu skipped", bi->nskips);
}

int words_bisect_narrowed(struct buf *b, const struct model *m)
{
	const struct bisect_record *bi = &m->bisect;
	const struct bisect_step *st, *last;
	if (!bi->good || !bi->nsteps)
		return 0;
	last = &bi->steps[bi->nsteps - 1];
	if (bi->culprit >= 0) {
		st = &bi->steps[bi->culprit];
		buf_printf(b, "Narrowed to %s" ARROW "%s: ", st->good, st->candidate);
		put_size(b, m, st, 1);
		buf_printf(b, ", confirmed in %d round%s", st->rounds, st->rounds == 1 ? "" : "s");
		put_spent(b, m);
		return 1;
	}
	if (!strcmp(last->phase, "verify") && last->call == 2)
		buf_printf(b, "Nothing to bisect: %s and %s are the same in %d rounds", last->good,
			   last->candidate, last->rounds);
	else if (!strcmp(last->phase, "confirm"))
		buf_printf(b, "Not confirmed: %s" ARROW "%s after %d rounds", last->good,
			   last->candidate, last->rounds);
	else if (last->call == 0)
		buf_printf(b, "Undecided: the change is between %s and %s; %s was not decided in "
			   "%d rounds", last->good, last->bad, last->candidate, last->rounds);
	else
		buf_printf(b, "Not finished: the change is between %s and %s so far",
			   last->changed ? last->good : last->candidate, last->changed ? last->candidate : last->bad);
	if (isfinite(last->ratio)) {
		buf_puts(b, ": ");
		put_size(b, m, last, 1);
	}
	put_spent(b, m);
	return 1;
}

char *words_bisect_changelog(const struct model *m)
{
	const struct bisect_record *bi = &m->bisect;
	const char *v;
	if (!bi->good || !bi->nsteps || bi->culprit < 0 || !bi->node)
		return NULL;
	v = bi->steps[bi->culprit].candidate;
	if (!semver_parse(v).ok)
		return NULL;
	return xasprintf("https://github.com/nodejs/node/blob/main/doc/changelogs/CHANGELOG_V%ld.md#%s",
			 semver_parse(v).major, v);
}

int words_bisect_title(struct buf *b, const struct model *m)
{
	const struct bisect_record *bi = &m->bisect;
	const struct bisect_step *st;
	if (!bi->good || !bi->nsteps || bi->culprit < 0)
		return 0;
	st = &bi->steps[bi->culprit];
	buf_printf(b, "Performance change narrowed to %s" ARROW "%s: ", st->good, st->candidate);
	put_size(b, m, st, 0); /* a title stops before the interval */
	return 1;
}

void words_meta_changes(struct buf *b, const struct meta_change *c, size_t n)
{
	for (size_t i = 0; i < n; i++)
		buf_printf(b, "%s%s %s" ARROW "%s", i ? ", " : "", c[i].key, c[i].before, c[i].after);
}

int words_bisect_changes(struct buf *b, const struct model *m)
{
	const struct bisect_record *bi = &m->bisect;
	const struct bisect_step *st;
	if (!bi->good || bi->culprit < 0 || !bi->nchanges)
		return 0;
	st = &bi->steps[bi->culprit];
	buf_printf(b, "What else changes across %s" ARROW "%s: ", st->good, st->candidate);
	words_meta_changes(b, bi->changes, bi->nchanges);
	return 1;
}

double bisect_words_ratio(const struct model *m, const char *version, double *lo, double *hi)
{
	const struct bisect_record *bi = &m->bisect;
	*lo = *hi = NAN;
	if (bi->good && !strcmp(version, bi->good)) {
		*lo = *hi = 1;
		return 1;
	}
	for (size_t k = bi->nsteps; k-- > 0;)
		if (!strcmp(bi->steps[k].candidate, version) && isfinite(bi->steps[k].ratio)) {
			*lo = bi->steps[k].ratio_low;
			*hi = bi->steps[k].ratio_high;
			return bi->steps[k].ratio;
		}
	return NAN;
}

char *words_bisect_chart_title(const struct model *m)
{
	return xasprintf("Bisect %s" ARROW "%s: each measured version against good",
			 m->bisect.good, m->bisect.bad);
}

const char *words_bisect_legend(enum bisect_legend k)
{
	switch (k) {
	case BISECT_AS_GOOD:
		return "as good";
	case BISECT_CHANGED:
		return "changed";
	case BISECT_INTERVAL:
		return "95% interval";
	case BISECT_CULPRIT:
		break;
	}
	return "the culprit step";
}

char *words_bisect_chart_axis(const struct model *m)
{
	(void)m;
	return xstrdup("change against the good end of its step");
}

char *words_bisect_chart_desc(const struct model *m)
{
	struct buf b = BUF_INIT;
	const struct bisect_record *bi = &m->bisect;
	buf_printf(&b, "The versions the bisect measured, in order, each against the good end of "
		   "the step that measured it last (%s is good).", bi->good);
	for (size_t i = 0; i < bi->nversions; i++) {
		double lo, hi, r = bisect_words_ratio(m, bi->versions[i], &lo, &hi);
		if (!isfinite(r) || !strcmp(bi->versions[i], bi->good))
			continue;
		buf_printf(&b, " %s: ", bi->versions[i]);
		fmt_percent_signed(&b, r - 1);
		buf_putc(&b, '.');
	}
	if (bi->culprit >= 0) {
		buf_putc(&b, ' ');
		words_bisect_narrowed(&b, m);
		buf_putc(&b, '.');
		if (bi->nchanges) {
			buf_putc(&b, ' ');
			words_bisect_changes(&b, m);
			buf_putc(&b, '.');
		}
	}
	return buf_detach(&b, NULL);
}
