/*
 * claim_words.c - the answer first: the words for checked claims (a claimed
 * change set against the measured one and its 95 % interval) and for the
 * findings every document opens with, what regressed (or that nothing
 * did) and each confirmed difference with the interval of its ratio.
 */
#include "present/claim_words.h"
#include "present/counts.h"
#include "lib/fmt.h"
#include "present/verdict_words.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *claim_words_verdict_name(enum claim_verdict v)
{
	switch (v) {
	case CLAIM_CONSISTENT:
		return "consistent";
	case CLAIM_NOT_REPRODUCED:
		return "not-reproduced";
	case CLAIM_CANNOT_JUDGE:
		return "cannot-judge";
	case CLAIM_INSUFFICIENT:
		break;
	}
	return "insufficient";
}

const char *claim_words_verdict(enum claim_verdict v)
{
	switch (v) {
	case CLAIM_CONSISTENT:
		return "consistent with the data";
	case CLAIM_NOT_REPRODUCED:
		return "not reproduced";
	case CLAIM_CANNOT_JUDGE:
		return "cannot be judged";
	case CLAIM_INSUFFICIENT:
		break;
	}
	return "cannot be checked";
}

/* "+98%, 95% interval +88% to +107%" */
static void change_and_interval(struct buf *b, double change, double low, double high)
{
	fmt_percent_signed(b, change);
	buf_puts(b, ", ");
	words_interval(b, low, high);
}

void claim_words_check(struct buf *b, const struct model *m, const struct claim_check *k)
{
	const struct claim *cl = &m->claims[k->claim];
	const struct comparison *c = &m->comparisons[k->comparison];
	const char *a = k->a >= 0 ? c->versions[k->a].version : cl->a;
	const char *bv = k->b >= 0 ? c->versions[k->b].version : cl->b;
	size_t need = m->min_rounds > 2 ? (size_t)m->min_rounds : 2;
	buf_puts(b, "the claimed ");
	fmt_percent_signed(b, k->claimed);
	if (c->unit_kind == UNIT_TIME)
		buf_printf(b, " (time of %s against %s, in %s) ", bv, a, c->unit);
	else
		buf_printf(b, " (%s of %s against %s) ", c->unit, bv, a);
	switch (k->verdict) {
	case CLAIM_CONSISTENT:
	case CLAIM_NOT_REPRODUCED:
		buf_printf(b, "is %s: measured ", claim_words_verdict(k->verdict));
		change_and_interval(b, k->measured, k->low, k->high);
		return;
	case CLAIM_CANNOT_JUDGE:
		buf_puts(b, "cannot be judged: the ");
		words_interval(b, k->low, k->high);
		buf_puts(b, " holds both the claim and no change (measured ");
		fmt_percent_signed(b, k->measured);
		buf_putc(b, ')');
		return;
	case CLAIM_INSUFFICIENT:
		break;
	}
	buf_puts(b, "cannot be checked: ");
	switch (k->why) {
	case CLAIM_MISSING_A:
	case CLAIM_MISSING_B:
		buf_printf(b, "%s was not measured on this workload and platform",
			   k->why == CLAIM_MISSING_A ? a : bv);
		break;
	case CLAIM_FEW_ROUNDS: {
		const struct version_stats *va = &c->versions[k->a], *vb = &c->versions[k->b];
		const struct version_stats *v = va->nrounds <= vb->nrounds ? va : vb;
		buf_printf(b, "%s ran %zu round%s, %zu needed for an interval", v->version, v->nrounds,
			   v->nrounds == 1 ? "" : "s", need);
		break;
	}
	case CLAIM_NOT_TOGETHER:
		buf_printf(b, "no step of the bisect measured %s and %s together", a, bv);
		break;
	case CLAIM_NO_INTERVAL:
	case CLAIM_MISSING_NONE:
		buf_puts(b, "no interval can be made from these rounds");
		break;
	}
}

/* "SELECT 50 newest (linux-x64): " */
static void where(struct buf *b, const struct comparison *c)
{
	buf_puts(b, c->workload);
	if (model_platform_named(c->platform))
		buf_printf(b, " (%s)", c->platform);
	buf_puts(b, ": ");
}

/* The finding of a comparison with a confirmed difference: its verdict,
 * then the change of the judged pair's newer version against its older one
 * with the interval. */
static char *finding(const struct model *m, const char *text, size_t i)
{
	const struct comparison *c = &m->comparisons[i];
	struct buf b = BUF_INIT;
	where(&b, c);
	buf_puts(&b, text);
	if (c->record.winner >= 0 && isfinite(c->record.size_low)) {
		/* the record's interval, in the verdict's own size */
		buf_puts(&b, "; ");
		words_size_interval(&b, c, &c->record);
	}
	return buf_detach(&b, NULL);
}

/* The title when some claim is not reproduced: the first such, with how
 * many others there are. */
static char *not_reproduced_title(const struct model *m, const struct report_claims *rc)
{
	const struct claim_check *first = NULL;
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < m->nclaim_checks && !first; i++)
		if (m->claim_checks[i].verdict == CLAIM_NOT_REPRODUCED)
			first = &m->claim_checks[i];
	if (!first)
		return NULL;
	{
		const struct comparison *c = &m->comparisons[first->comparison];
		buf_puts(&b, "Claimed ");
		fmt_percent_signed(&b, first->claimed);
		buf_printf(&b, " %s for %s against %s on \"%s\" not reproduced: measured ",
			   c->unit_kind == UNIT_TIME ? "time" : c->unit,
			   c->versions[first->b].version, c->versions[first->a].version, c->workload);
		change_and_interval(&b, first->measured, first->low, first->high);
		if (model_platform_named(c->platform))
			buf_printf(&b, " (%s)", c->platform);
		if (rc->nnot_reproduced > 1)
			buf_printf(&b, ", and %zu more", rc->nnot_reproduced - 1);
	}
	return buf_detach(&b, NULL);
}

void report_claims_build(struct report_claims *rc, const struct model *m, const char *const *texts,
			 int releases)
{
	struct buf b = BUF_INIT;
	size_t nworkloads = 0;
	memset(rc, 0, sizeof *rc);

	rc->nlines = m->nclaim_checks;
	rc->lines = xcalloc(rc->nlines + 1, sizeof *rc->lines);
	rc->texts = xcalloc(rc->nlines + 1, sizeof *rc->texts);
	for (size_t i = 0; i < m->nclaim_checks; i++) {
		const struct claim_check *k = &m->claim_checks[i];
		claim_words_check(&b, m, k);
		rc->texts[i] = buf_detach(&b, NULL);
		where(&b, &m->comparisons[k->comparison]);
		buf_puts(&b, rc->texts[i]);
		rc->lines[i] = buf_detach(&b, NULL);
		rc->nconsistent += k->verdict == CLAIM_CONSISTENT;
		rc->nnot_reproduced += k->verdict == CLAIM_NOT_REPRODUCED;
		rc->ninsufficient += k->verdict == CLAIM_INSUFFICIENT;
		rc->ncannot_judge += k->verdict == CLAIM_CANNOT_JUDGE;
	}
	if (m->nclaims_given) {
		/* "the claim X is not reproduced on 1 and consistent with the data on 2 of 3 comparisons" */
		const size_t counts[] = { rc->nnot_reproduced, rc->nconsistent, rc->ncannot_judge,
					  rc->ninsufficient };
		const enum claim_verdict kinds[] = { CLAIM_NOT_REPRODUCED, CLAIM_CONSISTENT,
						     CLAIM_CANNOT_JUDGE, CLAIM_INSUFFICIENT };
		size_t said = 0;
		buf_printf(&b, "%s ", m->nclaims_given == 1 ? "the claim" : "the claims");
		for (size_t k = 0; k < m->nclaims_given; k++)
			buf_printf(&b, "%s%s", k ? (k + 1 == m->nclaims_given ? " and " : ", ") : "",
				   m->claims[k].text);
		for (size_t k = 0, left = (counts[0] > 0) + (counts[1] > 0) + (counts[2] > 0) + (counts[3] > 0);
		     k < 4; k++)
			if (counts[k]) {
				/* "is not reproduced on 1, consistent with the data on 2 and
				 * cannot be checked on 1" */
				buf_printf(&b, "%s%s%s on %zu", !said ? " " : said + 1 == left ? " and " : ", ",
					   kinds[k] == CLAIM_INSUFFICIENT || kinds[k] == CLAIM_CANNOT_JUDGE ? "" : !said ?
					   (m->nclaims_given == 1 ? "is " : "are ") : "",
					   claim_words_verdict(kinds[k]), counts[k]);
				said++;
			}
		buf_printf(&b, " of %zu comparison%s", m->nclaim_checks, m->nclaim_checks == 1 ? "" : "s");
		rc->answer = buf_detach(&b, NULL);
		rc->title = not_reproduced_title(m, rc);
	}

	/* the confirmed differences, regressions first */
	rc->findings = xcalloc(m->ncomparisons + 1, sizeof *rc->findings);
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < m->ncomparisons; i++) {
			const struct comparison *c = &m->comparisons[i];
			int regressed = c->regression;
			if (c->verdict != VERDICT_FASTER || regressed != (pass == 0))
				continue;
			rc->findings[rc->nfindings++] = finding(m, texts[i], i);
			rc->nregressed += regressed;
		}
	{
		size_t nplatforms;
		counts_distinct(m, NULL, m->ncomparisons, &nworkloads, &nplatforms);
	}
	if (!releases)
		;
	else if (!rc->nregressed) {
		/* in the words every comparison shares: "slower", "larger" */
		const char *worse = m->ncomparisons ? words_diff(&m->comparisons[0])->worse : "slower";
		for (size_t i = 1; i < m->ncomparisons; i++)
			if (words_diff(&m->comparisons[i])->worse != worse)
				worse = "worse";
		rc->regressed = xasprintf("nothing regressed: no newer version is confirmed %s than an "
					  "older one on %s%zu workload%s", worse,
					  nworkloads == 1 ? "its " : nworkloads == 2 ? "either of the " : "any of the ",
					  nworkloads, nworkloads == 1 ? "" : "s");
	}
	else {
		/* "2 comparisons regressed (a on linux-x64, b on linux-x64): ..." */
		size_t named = 0;
		buf_printf(&b, "%zu comparison%s regressed (", rc->nregressed, rc->nregressed == 1 ? "" : "s");
		for (size_t i = 0; i < m->ncomparisons && named < 3; i++) {
			const struct comparison *c = &m->comparisons[i];
			if (c->regression) {
				buf_printf(&b, "%s%s", named++ ? ", " : "", c->workload);
				if (model_platform_named(c->platform))
					buf_printf(&b, " on %s", c->platform);
			}
		}
		if (rc->nregressed > named)
			buf_printf(&b, " and %zu more", rc->nregressed - named);
		buf_puts(&b, "): a newer version is confirmed worse than an older one");
		rc->regressed = buf_detach(&b, NULL);
	}
	buf_release(&b);
}

void report_claims_release(struct report_claims *rc)
{
	for (size_t i = 0; i < rc->nlines; i++) {
		free(rc->lines[i]);
		free(rc->texts[i]);
	}
	free(rc->lines);
	free(rc->texts);
	for (size_t i = 0; i < rc->nfindings; i++)
		free(rc->findings[i]);
	free(rc->findings);
	free(rc->title);
	free(rc->answer);
	free(rc->regressed);
	memset(rc, 0, sizeof *rc);
}
