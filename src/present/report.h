/*
 * report.h - the presentation model: what every document shows, decided
 * once after the analysis.
 *
 * Data flows ingest -> model -> analysis (analysis.c, evidence.c) ->
 * presentation (report.c) -> renderers. The analysis computes numbers; the
 * presentation decides the order things are shown in, which release lines a
 * reader sees, the report-wide evidence counts, every sentence that more than
 * one document shows (with its numbers formatted once), the method facts and
 * the chart files. Renderers only lay out what this says: a sentence added
 * here appears in every document that has a place for it.
 *
 * To add wording: give the sentence a field in struct report (report-wide)
 * or struct report_comparison (per comparison), build it in report.c, and
 * let each renderer place it. Sentences start in lower case and end without
 * a period, so a document can embed them or capitalise them.
 */
#ifndef NF_REPORT_H
#define NF_REPORT_H

#include <stddef.h>
#include "model/model.h"
#include "present/claim_words.h"
#include "present/chart_plan.h"
#include "present/nouns.h"
#include "present/report_impact.h"
#include "present/upgrade_words.h"

/* The support status of a release line on the report date. */
enum support_status {
	SUPPORT_UNKNOWN = 0,  /* not a release line of the schedule */
	SUPPORT_PLANNED,
	SUPPORT_ALPHA,
	SUPPORT_CURRENT,
	SUPPORT_ACTIVE_LTS,
	SUPPORT_LTS,          /* annual model */
	SUPPORT_MAINTENANCE_LTS,
	SUPPORT_MAINTENANCE,
	SUPPORT_EOL,
};


/* One version of the report, in the one order every output uses. */
struct report_version {
	const char *version;             /* interned */
	const struct version_stats *vs;  /* one occurrence (one with a V8 if any):
	                                    line, v8, status */
	enum support_status support;
	int eol;                         /* support == SUPPORT_EOL */
};

/* One release line of the schedule, as the documents show it. */
struct report_line {
	const struct release_line *line; /* into model.schedule */
	enum support_status support;
	int eol;
	int shown;     /* in the support tables of the documents: lines someone
	                  could still pick, the compared ones and the
	                  recommended one whatever their state */
	char *v8;      /* owned: the V8 its support row shows: the one the
	                  newest measured release of the line ran ("13.6.233.10
	                  (24.11.1)"), else the schedule's latest; or NULL */
};

enum report_chart_kind {
	REPORT_CHART_OVERVIEW, /* every workload's change against the baseline */
	REPORT_CHART_STRIP,    /* every round of one comparison */
	REPORT_CHART_SERIES,   /* a long version series of one comparison */
	REPORT_CHART_TIME,     /* a history of one comparison against time
	                          (a scene of its own: chart_time.h) */
	REPORT_CHART_BISECT,   /* a bisect's step chart: each measured version
	                          against good (not of one comparison) */
	REPORT_CHART_KINDS     /* how many kinds */
};

/* One chart file: charts/<stem>.svg and .png. */
struct report_chart {
	char *stem;                   /* owned: "overview", "json-parse-20k-rows" */
	enum report_chart_kind kind;
	size_t comparison;            /* index into model.comparisons (not for
	                                 the overview) */
};

/* The presentation of one comparison. */
struct report_comparison {
	char **borderline;        /* owned, one per pair (c->npairs): the sentence
	                             on a pair where the within-noise rule and the
	                             test disagree, or NULL */
	size_t nborderline;
	char **steps;             /* owned, one per step (c->nsteps): "between a and
	                             b (V8 x → y): best round +12%" */
	int power_binds;          /* no pair of this comparison can be significant */
	char *power_note;         /* owned when power_binds: why, or NULL */
	char *borderline_summary; /* owned when power_binds and borderline pairs:
	                             one sentence for them all, or NULL */
	const char *chart;        /* stem of the strip chart */
	const char *series_chart; /* stem of the series chart, or NULL */
	const char *time_chart;   /* stem of the time chart of a history, or NULL */
	char *anomaly;            /* owned: the versions whose rounds fall into two
	                             clusters, "24.22.3: 4 of 7 rounds are 13× slower
	                             than the other versions in the same rounds", or NULL */
	char **change;            /* owned, one per version of c (c->nversions):
	                             "−19% (better, not confirmed)" against the
	                             baseline, NULL for the baseline or without one */
	char *verdict_line;       /* owned: the verdict with the numbers behind it,
	                             for chart subtitles and the PDF ("Within noise.
	                             The best rounds are 5.7% apart, inside the noise
	                             of ±19%.") */
	int worth_filing;         /* a regression (an older version confirmed
	                             faster, or a step to the worse between two
	                             releases of a line compared as one version),
	                             a variant confirmed worse than the baseline,
	                             or an anomaly */
	char *worse_steps;        /* owned: in a comparison of lines, its steps to
	                             the worse inside a line ("between 24.1.0 (...)
	                             and 24.2.0 (...) the median round moved
	                             +53.0% (p = ... after Holm)", joined by "; "),
	                             or NULL */
	char *worse_variant;      /* owned, variants only: the variants confirmed
	                             worse than the baseline, "6 and 9 are slower
	                             than the baseline 1"; NULL for releases or
	                             when none is */
	char *text;               /* owned: the verdict in a few words
	                             (words_verdict): "26.12.1 is 40% faster than
	                             20.20.2 (best rounds)", "within noise" */
	char *text_numbers;       /* owned: the verdict with the gap and noise
	                             it weighed, for a list of verdicts
	                             (words_verdict_numbers) */
	char *compared_text;      /* owned: what the verdict compared, the
	                             header of its table's numbers (compared.h):
	                             "median of 144 rounds ± middle 80%" */
	char *design_text;        /* owned: how the rounds were compared
	                             (words_design), or NULL for the published
	                             design */
	char *drift;              /* owned: the drift within versions
	                             (words_drift), or NULL */
};

/* The method facts, from stats.h, formatted once. */
struct report_method {
	double alpha;             /* STATS_ALPHA */
	const char *interval;     /* how the ratio's interval is made
	                             (stats_ratio_interval), in words */
	double ci_level;          /* STATS_CI_LEVEL */
	double power;             /* STATS_POWER: what the rounds needed plan for */
	char alpha_text[16];      /* "0.05" */
	char ci_text[16];         /* "95%" */
	char power_text[16];      /* "80%" */
};

struct report {
	const struct model *m;

	char *issue_title;        /* owned: the title suggested for an issue */
	char *baseline_note;      /* owned: which version is the baseline and why;
	                             when it is end-of-life, the --baseline that
	                             compares against a supported line instead */
	struct report_version *versions;  /* owned: every version, semver ascending */
	size_t nversions;
	struct report_line *lines;        /* owned: parallel to model.schedule.lines */
	size_t nlines;
	struct report_comparison *comparisons; /* owned: parallel to model.comparisons */

	/* verdict counts */
	size_t nfaster, nwithin, ninsufficient, nnot_confirmed;
	size_t nregressions, nanomalies;  /* comparisons worth filing */
	size_t nworse;            /* comparisons with a worse_variant (variants) */
	char *bisect_narrowed;    /* owned: a bisect's rounds file: "Narrowed to
	                             a → b: ..." (bisect_words.h), with a
	                             capital, no final period; or NULL */
	char *bisect_changes;     /* owned: "What else changes across a → b:
	                             ...", or NULL */
	char *bisect_changelog;   /* owned: the culprit release's changelog URL
	                             (a --node bisect), or NULL */
	const char *bisect_chart; /* the step chart's stem, or NULL */
	char *headline;           /* owned: the short answer, counting confirmed
	                             claims only: "2 of 7 workloads show a confirmed
	                             difference ...", no final period */
	const char *how_taken;    /* static: how the rounds were taken, as the
	                             input shows it ("interleaving not recorded") */
	char *recommendation;     /* owned: "Use Node.js v24 (...)" (starts with a
	                             capital, no final period), or NULL without a
	                             recommended line */
	int releases;             /* the versions are releases of the schedule's
	                             product (model.versions_kind): only then do
	                             documents show support windows, the
	                             recommendation and "oldest"/"newest" */
	int ordered;              /* the versions have an order
	                             (model.versions_ordered): one can be newer,
	                             older or a regression; else variants, each
	                             against the baseline only */
	char *variants_note;      /* owned, for variants only (else NULL): "the
	                             versions a and b are compared as variants:
	                             they are not releases ...", no final period */
	char **findings;          /* owned, parallel to model.platforms: where each
	                             workload's finding reproduces (words_finding) */

	char *compared_header;    /* owned: the header of the numbers of a table
	                             of every comparison: what the verdicts
	                             compared (compared_header), "" without any */

	/* report-wide evidence counts */
	size_t npairs, nsignificant, nborderline, nsteps, ndrift;
	double p_floor;           /* smallest p any pair can reach (1 without pairs) */
	int by_step;              /* every comparison with pairs is a bisect's,
	                             its pairs its steps' (comparison.by_step) */
	size_t most_pairs;        /* pairs of the comparison with the most: Holm's
	                             family is one comparison */
	int power_binds;          /* no pair of the report can be significant */
	char *power_note;         /* owned report-wide sentence, or NULL without pairs */
	char *rank_test_note;     /* owned, or NULL without pairs: what the rank test
	                             adds to the within-noise rule, "The within-noise
	                             rule compares ... neither claim is safe" (starts a
	                             paragraph, so capitalised) */
	size_t rounds_min, rounds_max; /* the fewest and most rounds of a version */
	char rounds_text[48];     /* "3 to 7", or "7" when every version ran as many */
	char rounds_counted[64];  /* the same with its noun: "7 rounds", "1 round",
	                             "3 to 7 rounds" */
	char measured_on[32];     /* the days the rounds ran, from their timestamps:
	                             "2026-11-29" or "2026-11-29 to 2026-12-03";
	                             "" when no round records its time */

	char *grouping_text;      /* owned: how exact releases were compared, one
	                             by one or grouped into lines (grouping_note),
	                             or NULL. A statement of method, never a
	                             warning: each document gives it where it
	                             says what its verdicts compared */
	char **warnings;          /* owned: every warning shown in every document,
	                             the model's worded ones, then its warning
	                             facts in words (words_warning) */
	size_t nwarnings;

	struct report_method method;

	struct report_chart *charts; /* owned: the chart plan, in the order the
	                                charts renderer writes and the PDF draws */
	size_t ncharts;
	const char *overview_chart;  /* stem, or NULL when there is no overview */
	size_t charts_alloc;         /* allocated entries of charts */
	size_t charts_left_out;      /* comparisons past REPORT_MAX_WORKLOAD_CHARTS:
	                                no charts of their own */
	char *charts_note;           /* owned sentence saying which workloads have
	                                no charts of their own, or NULL */
	int link_charts;             /* the charts renderer writes the files:
	                                Markdown documents may link them */

	struct report_claims claims; /* the claims checked and the findings
	                                documents open with (present/claim_words.c) */
	struct report_impact impact; /* the Workloads table, the impact estimate
	                                and how to reproduce (report_impact.c) */
	struct report_upgrade upgrade; /* what moving from one version to
	                                another changes (present/upgrade_words.c) */
};

/*
 * Builds the presentation of an analysed model; with_charts plans the chart
 * files (the charts renderer runs, documents link them). r borrows m, which
 * must outlive it. Release with report_release. Never fails.
 */
void report_build(struct report *r, const struct model *m, int with_charts);
void report_release(struct report *r);

/* The verdict of c with the numbers behind it, capitalised, for chart
 * subtitles and the PDF: "Within noise. The best rounds are 5.7% apart,
 * inside the noise of ±19%. Two clusters: 24.22.3: 4 of 7 rounds are 13×
 * slower than the other versions in the same rounds." Appends to b. */
struct buf;
void report_verdict_sentence(struct buf *b, const struct model *m, const struct comparison *c);

/* The documents list their inputs one by one up to this many; beyond it,
 * report_inputs_summary appends "N files under FOLDER, rounds dated A to B"
 * (the folder and dates when known). */
#define REPORT_MAX_SOURCES 10
/* A sentence that names versions names this many and counts the rest. */
#define REPORT_MAX_NAMED 6
void report_inputs_summary(struct buf *b, const struct model *m);
/* Appends the inputs counted without their dates: "73 files under
 * data/ci/" (summary.md says the days once, report_rounds_days). */
void report_inputs_files(struct buf *b, const struct model *m);
/* Appends the UTC days the rounds ran, as a sentence without its final
 * period: "Rounds run on 2026-11-29 (UTC)", "Rounds run from 2025-11-14 to
 * 2026-08-09 (UTC days)"; nothing when no round names its time. */
void report_rounds_days(struct buf *b, const struct model *m);

/* The one version order of every output: the distinct versions of the
 * model, semantic-version ascending (strings that are not versions keep
 * their input order). Sets *out to a malloc'd array of interned strings
 * (caller frees the array) and returns its length. Chart specs use it
 * directly; everything else reads r->versions. */
size_t report_version_order(const struct model *m, const char ***out);

/* Comparison c's statistics for a version, or NULL when c did not
 * measure it. */
const struct version_stats *report_cell(const struct comparison *c, const char *version);

/* The chart plan's rules and file names: chart_plan.h. */

/* Appends the comparisons counted as what they are, the one wording of
 * every count of them: "7 workloads" when each workload is one comparison
 * (one platform), "24 comparisons (12 workloads on 2 platforms)" when a
 * workload is compared on several. Reads "4 of " before it, and a verb
 * after it agrees with the first number. */
void report_count_compared(struct buf *b, const struct model *m);

/* Every warning the documents show, in words: the inputs' first, then the
 * analysis' facts in the order they were met (what report prints on
 * stderr and check prints too). Returns a malloc'd array of *count malloc'd
 * strings; the caller frees each and the array. */
char **report_warnings(const struct model *m, size_t *count);

#endif
