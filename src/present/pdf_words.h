/*
 * pdf_words.h - the words of report.pdf that no other document shares:
 * its headings, labels and column titles, the method's glossary as the PDF
 * states it, and the sentences that introduce its tables and say what it
 * leaves to other files. render_pdf.c and pdf_doc.c lay them out and word
 * nothing themselves; the sentences every document shows (verdicts,
 * claims, findings) stay in report.c and verdict_words.c.
 *
 * The fixed words are one static table (words_pdf); the sentences with
 * facts in them append to a struct buf (lib/util.h) and never fail. These
 * sentences are whole: capitalised, ending with their period.
 */
#ifndef NF_PDF_WORDS_H
#define NF_PDF_WORDS_H

#include <stddef.h>

struct buf;
struct model;
struct report;
struct report_upgrade;

/* The fixed words, static strings. */
struct words_pdf {
	const char *kicker, *untitled, *author;
	/* section headings; `impact` is a question */
	const char *summary, *verdicts, *charts, *evidence, *support, *method, *workloads,
		*impact, *reproduce, *appendix;
	/* subheadings and captions */
	const char *across_question, *across, *per_version;
	/* the summary's labels */
	const char *claims, *decision, *findings, *cores_freed, *risks, *no_risks, *bad_days,
		*no_recommendation;
	/* the environment table */
	const char *environment, *measured_with, *env_details, *input, *inputs, *notes;
	/* column titles and cells */
	const char *workload, *verdict, *compared, *gap, *noise, *higher_better, *lower_better,
		*baseline, *ratio, *shift, *u, *p, *p_holm, *test, *significant, *borderline, *line,
		*status, *start, *end, *v8, *pick, *measured, *recommended, *version, *round,
		*value, *passes, *workload_code_col, *what_one_pass, *size, *versions_col,
		*change, *none;
	/* the evidence's notes */
	const char *borderline_label, *power, *steps, *drift, *run_order, *run_order_text, *design, *two_clusters,
		*platforms;
	/* the method's glossary */
	const char *rounds, *best, *best_text, *spread, *spread_text, *within_noise,
		*within_noise_text, *not_linear, *not_linear_releases, *not_linear_variants,
		*insufficient, *baseline_label;
	/* the appendix, the workloads, what it is worth, how to reproduce */
	const char *appendix_intro, *workloads_intro, *worth, *ms_per_mb, *saved, *measured_by,
		*command, *input_label, *sha256, *unknown, *report_date, *runner_notes, *workload_code, *when;
};
const struct words_pdf *words_pdf(void);

/* "Report date 2026-11-29 · 7 workloads · 4 versions · 7 rounds per
 * version", without a period: the line under the title. */
void words_pdf_title_line(struct buf *b, const struct model *m, const struct report *r);
/* "…and 3 more confirmed differences, in the verdict table." */
void words_pdf_more_findings(struct buf *b, size_t more);
/* The key under the verdicts' heading, with what "compared" is
 * (report.compared_header). */
void words_pdf_verdicts_key(struct buf *b, const char *compared_header);
/* The key above the table of each version's compared value. */
void words_pdf_per_version_key(struct buf *b, const char *compared_header);
/* What the PDF leaves out of a long report, n comparisons (or workloads,
 * on one platform) past the first `max`: their charts, their rank tests. */
void words_pdf_charts_left_out(struct buf *b, const struct model *m, size_t n, int max);
void words_pdf_tests_left_out(struct buf *b, const struct model *m, size_t n, int max);
/* How the pairs tables read: what b/a, the interval, the shift, U and p
 * are, and when a pair is significant or borderline. */
void words_pdf_pairs_key(struct buf *b, const struct report *r);
/* The title of an interval column: "95% interval". */
void words_pdf_interval_head(struct buf *b, const struct report *r);
/* "Shown: the 12 pairs of neighbouring versions ...; all 78 pairs ..." */
void words_pdf_pairs_shown(struct buf *b, size_t shown, size_t neighbours, size_t npairs);
/* A pair's test cell: "significant", "borderline", both, or nothing. */
void words_pdf_test(struct buf *b, int significant, int borderline);
/* The key above the support windows. */
void words_pdf_support_key(struct buf *b, const struct model *m);
/* A release line's second line: "measured", "recommended", both, nothing. */
void words_pdf_line_notes(struct buf *b, int measured, int recommended);
/* The method's "Rounds" entry: how many rounds, how they were taken, how
 * many passes a round ran and what its value is. */
void words_pdf_rounds(struct buf *b, const struct model *m, const struct report *r);
/* The method's "Insufficient" and "Baseline" entries. */
void words_pdf_insufficient(struct buf *b, int min_rounds);
void words_pdf_baseline(struct buf *b, const char *base);
/* The appendix when its n rounds are too many to print. */
void words_pdf_appendix_too_many(struct buf *b, size_t n);
/* The title of pass column k (0-based) of the appendix: "pass 1", "2". */
void words_pdf_pass_column(struct buf *b, size_t k);
/* What-it-is-worth's key, with the inputs assumed; its formulas' lines. */
void words_pdf_impact_key(struct buf *b, const struct report *r, const char *inputs);
void words_pdf_per_mb(struct buf *b, const char *per_mb);
void words_pdf_saved(struct buf *b, const char *formula);
/* The upgrade's key after its summary: how a change is confirmed. */
void words_pdf_upgrade_key(struct buf *b, const struct report *r);
/* The command to reproduce with noisefloor's version on a line of its own. */
void words_pdf_command(struct buf *b, const char *command, const char *version);
/* "Rounds run <date range>." */
void words_pdf_rounds_run(struct buf *b, const char *date_range);
/* A table's caption on the page it continues on: "<caption> (continued)". */
void words_pdf_continued(struct buf *b, const char *caption);
/* A page's footer number: "Page 3 of 16". */
void words_pdf_page(struct buf *b, size_t page, size_t npages);

#endif
