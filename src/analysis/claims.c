/*
 * claims.c - a published claim set against the rounds. A claim says how B
 * compares with A in the metric's own terms: "-57%" on ops/s is 57 % fewer
 * ops/s for B, on a time 57 % less time. The measured change is the pair's
 * Hodges-Lehmann ratio B / A minus one, with its 95 % interval (the same
 * numbers as pairs[] in analysis.json, turned round when the claim names
 * the versions the other way); the claim is consistent with the data when
 * it lies inside that interval, else not reproduced. A ratio of values is
 * a ratio of the metric whichever way is better, so rates and times need no
 * case of their own: only the pair's orientation does.
 */
#include "analysis/claims.h"
#include "analysis/evidence.h"
#include "analysis/record.h"
#include "analysis/upgrade.h"
#include "analysis/stats.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Parses the change: an optional sign, a decimal number, '%'. Returns 1
 * with *out the change as a fraction (-0.57), else 0. */
static int parse_change(const char *s, const char *end, double *out, int *range)
{
	double sign = 1, v;
	char *stop, num[64];
	size_t n;
	*range = 0;
	if (s < end && (*s == '+' || *s == '-'))
		sign = *s++ == '-' ? -1 : 1;
	else if (end - s >= 3 && memcmp(s, "\xE2\x88\x92", 3) == 0)
		sign = -1, s += 3;
	n = (size_t)(end - s);
	while (n && s[n - 1] == ' ')
		n--;
	if (!n || s[n - 1] != '%' || n - 1 >= sizeof num || !(s[0] >= '0' && s[0] <= '9'))
		return 0;
	memcpy(num, s, n - 1);
	num[n - 1] = 0;
	while (n > 1 && num[n - 2] == ' ')
		num[--n - 1] = 0;
	v = strtod(num, &stop);
	if (*stop || !isfinite(v) || strchr(num, 'e') || strchr(num, 'E') || strchr(num, 'x') ||
	    strchr(num, 'X'))
		return 0;
	v = sign * v / 100;
	if (v <= -1 || v > 1000) {
		*range = 1;
		return 0;
	}
	*out = v;
	return 1;
}

enum claim_syntax claims_parse(const char *text, struct claim *out)
{
	const char *eq = strchr(text, '='), *dots, *at, *end;
	double change;
	int range;
	if (!eq)
		return CLAIM_SYNTAX_NO_EQUALS;
	dots = strstr(text, "..");
	if (!dots || dots > eq || dots == text || dots + 2 == eq)
		return CLAIM_SYNTAX_NO_RANGE;
	if ((size_t)(dots - text) == (size_t)(eq - dots - 2) &&
	    memcmp(text, dots + 2, (size_t)(dots - text)) == 0)
		return CLAIM_SYNTAX_SAME;
	at = strchr(eq + 1, '@');
	end = at ? at : eq + 1 + strlen(eq + 1);
	if (!parse_change(eq + 1, end, &change, &range))
		return range ? CLAIM_SYNTAX_RANGE : CLAIM_SYNTAX_CHANGE;
	if (at && !at[1])
		return CLAIM_SYNTAX_WORKLOAD;
	out->text = text;
	out->a = xstrndup(text, (size_t)(dots - text));
	out->b = xstrndup(dots + 2, (size_t)(eq - dots - 2));
	out->change = change;
	out->workload = at ? xstrdup(at + 1) : NULL;
	return CLAIM_SYNTAX_OK;
}

/* 1 when needle is part of hay, ASCII letters without regard to case. */
static int contains_nocase(const char *hay, const char *needle)
{
	size_t n = strlen(needle);
	for (; *hay; hay++) {
		size_t k = 0;
		while (k < n && hay[k] && (hay[k] | (hay[k] >= 'A' && hay[k] <= 'Z' ? 0x20 : 0)) ==
					(needle[k] | (needle[k] >= 'A' && needle[k] <= 'Z' ? 0x20 : 0)))
			k++;
		if (k == n)
			return 1;
	}
	return n == 0;
}

/* The index of version v in c: the same version (interned), else the
 * newest release of the line v names ("22", "v22"), as --from reads it;
 * -1 when none. */
static int version_index(const struct comparison *c, const char *v)
{
	int found = -1;
	for (size_t k = 0; k < c->nversions; k++) {
		if (c->versions[k].version == v)
			return (int)k;
		if (upgrade_names(&c->versions[k], v))
			found = (int)k;
	}
	return found;
}

/* The interned measured version spelled exactly s, or NULL. */
static const char *measured(const struct model *m, const char *s)
{
	for (size_t i = 0; i < m->ncomparisons; i++)
		for (size_t k = 0; k < m->comparisons[i].nversions; k++)
			if (strcmp(m->comparisons[i].versions[k].version, s) == 0)
				return m->comparisons[i].versions[k].version;
	return NULL;
}

const char *claims_version(const struct model *m, const char *v)
{
	const char *found = measured(m, v);
	/* a release line ("22", "v22") names its newest measured release in
	 * each comparison, as --from does */
	for (size_t i = 0; i < m->ncomparisons && !found; i++)
		for (size_t k = 0; k < m->comparisons[i].nversions && !found; k++)
			if (upgrade_names(&m->comparisons[i].versions[k], v))
				found = v;
	if (found)
		return found;
	if (!found && v[0] == 'v' && v[1] >= '0' && v[1] <= '9')
		found = measured(m, v + 1);
	if (!found && v[0] >= '0' && v[0] <= '9') {
		char *with = xmalloc(strlen(v) + 2);
		with[0] = 'v';
		strcpy(with + 1, v);
		found = measured(m, with);
		free(with);
	}
	return found;
}

/* The Hodges-Lehmann ratio b / a of versions ia and ib of c and its
 * interval, from the pair's test when there is one (turned round when the
 * pair runs the other way), else from the rounds. */
static void measure(const struct comparison *c, int ia, int ib, double *ratio, double *lo,
		    double *hi)
{
	const struct pair_stats *p = evidence_pair(c, (size_t)ia, (size_t)ib);
	if (p && p->rec.verdict != VERDICT_INSUFFICIENT && isfinite(p->rec.ratio)) {
		/* the pair's verdict record: the per-round ratios where the
		 * rounds hold both versions, else the rank test's ratio */
		*ratio = record_change(p, (size_t)ia, lo, hi) + 1;
		*lo += 1;
		*hi += 1;
		return;
	} else {
		const struct version_stats *va = &c->versions[ia], *vb = &c->versions[ib];
		double *la = xmalloc(va->nrounds * sizeof *la), *lb = xmalloc(vb->nrounds * sizeof *lb);
		double ta = stats_sorted_logs(va->sorted, va->nrounds, la);
		double tb = stats_sorted_logs(vb->sorted, vb->nrounds, lb);
		*ratio = exp(stats_hodges_lehmann_interval_logs(la, va->nrounds, ta, lb, vb->nrounds, tb,
								STATS_CI_LEVEL, lo, hi));
		free(la);
		free(lb);
	}
}

/* Checks claim k on comparison ci into *out. */
static void check(const struct model *m, size_t k, size_t ci, const char *a, const char *b,
		  struct claim_check *out)
{
	const struct comparison *c = &m->comparisons[ci];
	size_t need = m->min_rounds > 2 ? (size_t)m->min_rounds : 2;
	double ratio, lo, hi;
	memset(out, 0, sizeof *out);
	out->claim = k;
	out->comparison = ci;
	out->claimed = m->claims[k].change;
	out->a = a ? version_index(c, a) : -1;
	out->b = b ? version_index(c, b) : -1;
	out->measured = out->low = out->high = NAN;
	out->verdict = CLAIM_INSUFFICIENT;
	if (out->a < 0 || out->b < 0) {
		out->why = out->a < 0 ? CLAIM_MISSING_A : CLAIM_MISSING_B;
		return;
	}
	/* a bisect's file: versions are compared only where one step
	 * measured both (analysis/bisect.c) */
	if (c->by_step && !evidence_pair(c, (size_t)out->a, (size_t)out->b)) {
		out->why = CLAIM_NOT_TOGETHER;
		return;
	}
	if (c->versions[out->a].nrounds < need || c->versions[out->b].nrounds < need) {
		out->why = CLAIM_FEW_ROUNDS;
		return;
	}
	measure(c, out->a, out->b, &ratio, &lo, &hi);
	if (!isfinite(ratio) || !isfinite(lo) || !isfinite(hi) || lo <= 0) {
		out->why = CLAIM_NO_INTERVAL;
		return;
	}
	out->measured = ratio - 1;
	out->low = lo - 1;
	out->high = hi - 1;
	/* the interval as printed is rounded; compare the exact numbers; an
	 * interval that holds both the claim and no change cannot tell them
	 * apart */
	if (out->claimed < out->low || out->claimed > out->high)
		out->verdict = CLAIM_NOT_REPRODUCED;
	else if (out->low <= 0 && out->high >= 0 && out->claimed != 0)
		out->verdict = CLAIM_CANNOT_JUDGE;
	else
		out->verdict = CLAIM_CONSISTENT;
}

enum claim_refusal claims_run(struct model *m, size_t *which)
{
	size_t n = 0;
	/* refuse before checking anything: nothing half done */
	for (size_t k = 0; k < m->nclaims_given; k++) {
		const struct claim *cl = &m->claims[k];
		int matched = 0;
		*which = k;
		if (!claims_version(m, cl->a))
			return CLAIM_UNKNOWN_A;
		if (!claims_version(m, cl->b))
			return CLAIM_UNKNOWN_B;
		for (size_t i = 0; i < m->ncomparisons && !matched; i++)
			matched = !cl->workload || contains_nocase(m->comparisons[i].workload, cl->workload);
		if (!matched)
			return CLAIM_NO_WORKLOAD;
	}
	m->claim_checks = xcalloc(m->nclaims_given * (m->ncomparisons ? m->ncomparisons : 1) + 1,
				  sizeof *m->claim_checks);
	for (size_t k = 0; k < m->nclaims_given; k++) {
		const struct claim *cl = &m->claims[k];
		const char *a = claims_version(m, cl->a), *b = claims_version(m, cl->b);
		for (size_t i = 0; i < m->ncomparisons; i++)
			if (!cl->workload || contains_nocase(m->comparisons[i].workload, cl->workload))
				check(m, k, i, a, b, &m->claim_checks[n++]);
	}
	m->nclaim_checks = n;
	return CLAIM_ACCEPTED;
}
