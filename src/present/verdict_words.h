/*
 * verdict_words.h - the analysis' facts in words: each sentence a reader
 * meets about a verdict, worded once here and nowhere else.
 *
 * The analysis hands over enums, numbers and version pairs (model.h); these
 * functions turn them into the verdict sentence, why a comparison has no
 * verdict, the claim and its key, the design, how the rounds were taken,
 * drift, the findings across platforms, the recommendation, the warnings,
 * the sentence for a platform where one version ran, the two clusters of a
 * bimodal version and the lines of `noisefloor check`. report.c
 * keeps the sentences every document shows (struct report); renderers and
 * commands that hold no report call these directly.
 *
 * Each appends to a struct buf (lib/util.h) and never fails. Sentences
 * start in lower case and end without a period, as report.h asks, unless a
 * function says otherwise.
 */
#ifndef NF_VERDICT_WORDS_H
#define NF_VERDICT_WORDS_H

#include <stddef.h>
#include "model/model.h"

struct buf;

/* The words for a difference in c's unit: "faster", "slower", "fastest",
 * "slowest" for a time, a rate or an unknown unit; "smaller", "larger",
 * "smallest", "largest" for a size where lower is better (memory), the
 * other way round where higher is better. Static strings. */
struct diff_words {
	const char *better, *worse, *best, *worst;
};
const struct diff_words *words_diff(const struct comparison *c);

/* 1 when c's metric is memory: a size (B, KB, MiB...) whose workload name
 * says memory, RSS, heap or resident (noisefloor run's "<workload>, peak
 * memory"). Memory is worded as memory: "uses 12% less memory than", never
 * faster or smaller. */
int words_memory(const struct comparison *c);

/* The percentage a sentence quotes for a difference of `size` (how much
 * better, as pair_stats.size), said from the winner's side (winner set:
 * "A is N% faster than B") or the other's ("B is N% slower than A"): size
 * itself, but a sentence that says "smaller" states how much less there is,
 * size / (1 + size): 80 MB against 100 MB is 20% smaller, 25% larger. */
double words_share(const struct comparison *c, double size, int winner);

/* The verdict of c in a few words: "26.12.1 is 40% faster than 20.20.2
 * (best rounds)", "within noise", "not confirmed: ...", "insufficient: 1
 * round of 24.11.1: its spread is unknown". With capital set, its first
 * letter is upper case, to start a sentence. */
/* "95% interval -23% to -19%": the STATS_CI_LEVEL interval of a change,
 * its ends as signed percentages (low, high: changes, 0.1 = +10 %). */
void words_interval(struct buf *b, double low, double high);

/* The verdict record in words (analysis/record.c), in the seed's size
 * convention: " is 40% faster than 20.20.2", from 2x on " is 2.4× faster
 * than 20.20.2"; " does 84% more ops/s than", " does 2.4× the ops/s of"
 * for rates; sizes and memory as words_diff says. Appends to b. */
void words_size(struct buf *b, const struct comparison *c, double size, const char *other);
/* A size in the seed's convention: "40%", from 2x on "2.4×". */
void words_size_number(struct buf *b, double size);
/* "95% interval 34% to 44%" of the record's size (the low end signed when
 * it is below 0: the other could be the better). */
void words_size_interval(struct buf *b, const struct comparison *c, const struct verdict_record *r);
/* What a band is: "the largest spread of one version's own rounds", "the
 * spread of the per-round ratios", ... (static). */
const char *words_band_kind(enum record_band k);
/* "26.12.1 is 40% faster than 20.20.2 (best rounds)", with the published
 * rule's reading beside a claim the pairing made. Needs a winner. */
void words_record_claim(struct buf *b, const struct comparison *c, const struct verdict_record *r,
			int capital);
/* "95% interval 34% to 44%; beyond the noise of ±8.0% (the largest spread
 * of one version's own rounds); 26.12.1 better in 7 of 7 rounds". */
void words_record_evidence(struct buf *b, const struct comparison *c, const struct verdict_record *r);

void words_verdict(struct buf *b, const struct model *m, const struct comparison *c, int capital);

/* The verdict with the gap and noise the within-noise rule weighed, for a
 * list of verdicts (issue.md's "Not filed"): "22.21.1 is 14% faster than
 * 20.19.5 (best rounds) (gap 14%, noise ±11%)". The numbers come
 * before the slow rounds of the machine ("...; rounds 3 and 8: every
 * version about 2.0× slower (the machine)") and are left out where the
 * verdict already states its band ("within noise of the best rounds
 * (±14%); the same within ±11% in every round (paired)"). */
/* words_verdict without the anomaly it opens with: what the verdict says of
 * the versions besides the one whose rounds fall into two clusters ("20.20.2
 * is 18% faster than 26.12.1 (best rounds)"), for a page that has named the
 * anomaly already. */
void words_verdict_besides(struct buf *b, const struct model *m, const struct comparison *c);

void words_verdict_numbers(struct buf *b, const struct model *m, const struct comparison *c);

/* How c's rounds were compared when not by the published design: "a
 * history over 270 days (...): compared by medians ...". Appends nothing for
 * DESIGN_ROUNDS. */
void words_design(struct buf *b, const struct comparison *c);

/* The drift within c's versions: "later rounds were slower: the round
 * values rise with time within each version (Mann-Kendall S = +40, p =
 * 0.003 after Holm)". Appends nothing when c->drift.found is 0. */
void words_drift(struct buf *b, const struct comparison *c);

/* How the rounds were taken (a static string). */
const char *words_how_taken(enum how_taken t);

/* The recommendation: "Use Node.js v24 (Krypton, Active LTS): it is the
 * newest line in Active LTS on 2026-01-05, supported until 2028-04-30"
 * (starts with a capital). Appends nothing without a recommended line. */
void words_recommendation(struct buf *b, const struct model *m);

/* Where one workload's finding across platforms reproduces, or that the
 * platforms disagree (each platform with its verdict). */
void words_finding(struct buf *b, const struct model *m, const struct platform_finding *f);

/* One warning of the analysis in words. */
void words_warning(struct buf *b, const struct model *m, const struct warning_fact *w);

/* The sentence for a platform where one version ran, in place of its table:
 * "linux-x64: only 24.11.1 was measured (up to 5 rounds), nothing to compare
 * (3 workloads)"; "Only 24.11.1 was measured ..." on a platform no input
 * named. */
void words_single_platform(struct buf *b, const struct model *m, const char *platform);

/* The two clusters of bimodal version v of c: "4 of 7 rounds are 13×
 * slower than the other versions in the same rounds". */
void words_clusters(struct buf *b, const struct comparison *c, const struct version_stats *v);

/* Names comparison c in a sentence: "\"parse\" on linux-x64", or
 * "\"parse\"" when no input named its platform (model_platform_named). */
void words_subject(struct buf *b, const struct comparison *c);

/* The line of `noisefloor check` for version v of c, worse than the
 * baseline by the confirmed claim of pair p (no newline), by v's order
 * against the baseline (version_stats.baseline_order): a newer version is a
 * regression, "regression: \"parse\" on linux-x64: 26.1.0 is newer than the
 * baseline 24.11.1, and slower: +12% (best ... after Holm"; an older one is
 * not, "older: ... 20.19.5 is older than the baseline 24.11.1, and slower:
 * -49% ..."; a label with no order, "worse: ... b is slower than the
 * baseline a: ...". The percentage is the documents' change against the
 * baseline, signed in the metric's own direction. */
void words_check_line(struct buf *b, const struct comparison *c, const struct version_stats *v,
		      const struct pair_stats *p);

/* The band a chart draws around the baseline for comparison c: the one the
 * best rounds' changes it plots are judged against (the published rule's,
 * also where the pairing made the claim). */
double words_bar_band(const struct comparison *c);

/* Version k of c against c's baseline (c has one, k is not it), in the
 * verdicts' size from the pair's record: "40% faster", "18% slower (within
 * noise)", "2.4× faster (not confirmed)", "the same". */
void words_against_baseline(struct buf *b, const struct comparison *c, size_t k);
/* The same without what kind of difference it is: "40% faster" (a chart's
 * label). */
void words_against_baseline_size(struct buf *b, const struct comparison *c, size_t k);

/* The pair of c whose record is its largest regression (the verdict's own
 * pair when it is one), or NULL when nothing regressed. */
const struct pair_stats *words_regression_pair(const struct comparison *c);
/* "\"W\": 20.20.2 is 18% faster than 26.12.1": an issue's title for the
 * regression of c (which has one), in its record's own words. */
void words_regression_title(struct buf *b, const struct comparison *c);

/* "cannot see: "W" on P: these rounds cannot confirm a change smaller than
 * about 23% (the noise, ±23%), ...": what check's silence cannot vouch for,
 * from the record r whose band is widest; floor is the change the gate
 * means to see. */
void words_check_blind(struct buf *b, const struct comparison *c, const struct verdict_record *r,
		       double floor);

/* The line of `noisefloor check` for release step s of c, whose lines are
 * compared (comparison.by_line), to the worse (no newline): "regression:
 * \"parse\" on linux-x64: 24.2.0 is newer than 24.1.0 of line 24 (compared
 * as one version), and slower: +53% (median round), rounds 7 and 7; p =
 * 0.0006 after Holm"; with older set, the line is older than the baseline
 * and the line starts "older:" (no regression). */
void words_check_step_line(struct buf *b, const struct comparison *c, const struct release_step *s,
			   int older);

/* How often the winner of c's FASTER verdict beat the other version the
 * claim names: "in every round: the worst of 7 rounds of 26.1.0 beat the
 * best of 7 rounds of 24.11.1" when their round ranges do not overlap, else
 * that they overlap. */
void words_how_often(struct buf *b, const struct comparison *c);

/* What version v's change against the baseline is when it is no claim, in
 * a few words: "within noise" when it ends inside the noise, "not
 * confirmed" when it is beyond the noise but the rank test does not confirm
 * it; NULL for a claim and for the baseline. A static string. */
const char *words_change_kind(const struct version_stats *v);

/* "(anomaly)" for a version whose rounds fall into two clusters (its bar is
 * judged against its own spread, not the band drawn for the others); NULL
 * otherwise. A static string. */
const char *words_anomaly_mark(const struct version_stats *v);

/* The version of c every document marks (bold), the one meaning of the
 * mark: the version a FASTER verdict names faster, when no other version of
 * c is better than it by the best round (what every row shows) or by the
 * verdict's statistic (c's level). NULL otherwise: no claim, or the claim's
 * winner is beaten in its own row by a version whose claims the rank test
 * did not confirm. */
const struct version_stats *words_winner(const struct comparison *c);

/* Where a version of the recommended line stands in a comparison, by
 * confirmed claims only. */
struct rec_standing {
	int fastest;          /* it is the winner (words_winner) */
	const struct version_stats *faster; /* else the version the largest
	                         confirmed claim against it names faster, or NULL:
	                         as fast as the best */
	double gap;           /* that claim's size (0 without one) */
};
/* Decides where version r of c stands (into *out) and appends it in words:
 * "fastest (<verdict>)", "12% slower than 26.1.0 (best rounds), a confirmed
 * difference", "as fast as the best: no confirmed difference". */
void words_rec_standing(struct buf *b, const struct model *m, const struct comparison *c,
			const struct version_stats *r, struct rec_standing *out);


#endif
