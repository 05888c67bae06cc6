/*
 * claim_words.h - the words for published claims checked against the rounds
 * (analysis/claims.c) and for the findings every document opens with: what
 * the claims came to, what regressed or that nothing did, and each
 * confirmed difference with its interval. Built once (report_build) so any
 * renderer lays the same sentences out. Sentences start in lower case and
 * end without a period, as report.h's do.
 */
#ifndef NF_PRESENT_CLAIM_WORDS_H
#define NF_PRESENT_CLAIM_WORDS_H

#include <stddef.h>
#include "lib/util.h"
#include "model/model.h"


struct report_claims {
	char **lines;            /* owned, parallel to model.claim_checks: "SELECT
	                            50 newest (linux-x64): the claimed −57% (ops/s of
	                            24.11.1 against 20.19.5) is not reproduced:
	                            measured +98%, 95% interval +88% to +107%" */
	char **texts;            /* owned, parallel: the same without the workload
	                            and platform, for tables */
	size_t nlines;
	size_t nconsistent, nnot_reproduced, ninsufficient, ncannot_judge;
	char *title;             /* owned: the issue title when a claim is not
	                            reproduced ("Claimed −57% … not reproduced: …"),
	                            else NULL */
	char *answer;            /* owned: one sentence on every claim, "the claim
	                            20.19.5..24.11.1=-57%@select is not reproduced on
	                            1 of 1 comparison", or NULL without claims */
	char **findings;         /* owned: one per comparison with a confirmed
	                            difference, regressions first: "SELECT (linux-x64):
	                            24.11.1 does 98% more ops/s than 20.19.5 (best
	                            rounds); 24.11.1 against 20.19.5: +97%, 95%
	                            interval +88% to +107%" */
	size_t nfindings;
	size_t nregressed;       /* the first nregressed findings are regressions */
	char *regressed;         /* owned: "nothing regressed: no newer version is
	                            confirmed slower than an older one on any of the
	                            3 workloads", or "2 workloads regressed"; NULL
	                            for variants */
};

/* "consistent", "not-reproduced", "insufficient": analysis.json's tokens. */
const char *claim_words_verdict_name(enum claim_verdict v);
/* "consistent with the data", "not reproduced", "cannot be checked" */
const char *claim_words_verdict(enum claim_verdict v);

/* Appends the sentence on one checked claim, without its workload (texts). */
void claim_words_check(struct buf *b, const struct model *m, const struct claim_check *k);

/* Fills rc from the model and the verdict of each comparison in a few
 * words (texts[i] for m->comparisons[i], the report's); releases: the
 * versions are releases of the schedule's lines (what regressed is said).
 * Release with report_claims_release. */
void report_claims_build(struct report_claims *rc, const struct model *m, const char *const *texts,
			 int releases);
void report_claims_release(struct report_claims *rc);

#endif
