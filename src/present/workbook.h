/*
 * workbook.h - the workbook's words (report.xlsx): its sheets' column
 * headers, labels and notes, worded here once; render_xlsx.c lays them
 * out in cells and charts. The method's terms come from glossary.c.
 */
#ifndef NF_PRESENT_WORKBOOK_H
#define NF_PRESENT_WORKBOOK_H

#include "present/report.h"

#include <stddef.h>

struct buf;

/* The column headers of the Versions (16), Impact (18), Steps (10) and
 * Support (11: the third is worded by workbook_status_on) sheets. */
extern const char *const workbook_versions_heads[];
extern const char *const workbook_impact_heads[];
extern const char *const workbook_steps_heads[];
extern const char *const workbook_support_heads[];

/* The Pairs sheet's 19 column headers into heads; ordered: a is the older
 * version; the interval's and the test's headers use buffers of *words
 * (freed with workbook_pairs_heads_free). */
struct workbook_pairs_heads {
	const char *heads[19];
	char *ci_low, *ci_high, *significant;
};
void workbook_pairs_heads(struct workbook_pairs_heads *h, const struct report *r);
void workbook_pairs_heads_free(struct workbook_pairs_heads *h);

/* The Rounds sheets: one column per version of each comparison, a row
 * per round. Their header rows, in order (a row is there when some
 * version has what it shows), each labelled in column A by
 * workbook_rounds_rows[]; then the column heads: the round (column A),
 * pass k (from 1) and the round value, of several passes or of one. */
enum workbook_rounds_row {
	WB_RR_WORKLOAD, WB_RR_PLATFORM, WB_RR_VERSION, WB_RR_LINE, WB_RR_V8, WB_RR_RELEASE,
	WB_RR_UNIT, WB_RR_ROUNDS, WB_RR_FIRST_DATE, WB_RR_LAST_DATE, WB_RR_ORDER, WB_RR_ROWS
};
extern const char *const workbook_rounds_rows[];
extern const char workbook_round_head[];
void workbook_pass_head(struct buf *b, size_t k);
extern const char workbook_round_value_head[];  /* of several passes: their median */
extern const char workbook_round_value_head1[]; /* of one pass */
/* The Order row's cell: round k on the sheet's round k, or its rounds in
 * turn because their numbers repeat or are too far apart to line up. */
enum workbook_rounds_order { WB_ORDER_BY_NUMBER, WB_ORDER_REPEAT, WB_ORDER_SPARSE };
const char *workbook_rounds_order(enum workbook_rounds_order o);
/* The name of Rounds sheet k (from 1): "Rounds", "Rounds 2", ... */
void workbook_rounds_sheet(struct buf *b, size_t k);
/* The Rounds sheet's note: how it is laid out, and where each round is in
 * one row (rounds.csv, or how to get it). */
void workbook_rounds_note(struct buf *b, int with_rounds_csv);

/* Labels and one-line notes, each a static string. */
enum workbook_label {
	WB_BENCHMARK_REPORT,     /* the title when the input has none */
	WB_REPORT_DATE,
	WB_VERSIONS_LEFT_OUT,
	WB_ROUNDS,
	WB_VERSIONS_HOLD_VALUES, /* the Rounds sheet's note when rounds are elsewhere */
	WB_COMPUTED_AS_VALUES,
	WB_ROUNDS_AS_ANALYSED,
	WB_ROUNDS_EDITED,        /* the Summary's "no" */
	WB_WARNING,
	WB_VERSIONS,
	WB_SUPPORT_WINDOWS,
	WB_RECOMMENDATION,
	WB_NO_LTS,
	WB_ENVIRONMENT,
	WB_WORTH,                /* the Impact sheet */
	WB_RPS,
	WB_PAYLOAD,
	WB_CORES,
	WB_INPUTS_GIVEN,
	WB_INPUTS_EXAMPLE,
	WB_IMPACT_FORMULA,
	WB_IMPACT_VALUES,
	WB_IMPACT_NO_BYTES,
	WB_CHANGE_AXIS,          /* the Charts sheet */
	WB_CHANGE_CHART,
	WB_BEST_CHARTS,
	WB_VERSION,
	WB_COMMENTS,             /* the document's properties */
	WB_LABELS
};
const char *workbook_label(enum workbook_label l);

/* "Status on 2026-11-29": the support status column's header. */
void workbook_status_on(struct buf *b, const char *date);

/* The Summary's verdict table: "Each version: <header>", and a version's
 * value and band headers. */
void workbook_each_version(struct buf *b, const char *compared_header);
void workbook_value_head(struct buf *b, const char *version, int band);

/* Why the verdict table and the Charts sheet leave out versions: n
 * versions, ncols columns, then the names the caller appends (at most
 * what fits), then workbook_left_out_more. */
void workbook_left_out(struct buf *b, size_t n, size_t ncols);
void workbook_left_out_more(struct buf *b, size_t more);

/* Why the Rounds sheets leave out the rounds of some versions: nwide
 * versions with a round of more passes (the most: passes) than a sheet's
 * columns hold (columns), nlong with more rounds (the most: nrounds) than
 * its rows hold (rows); where they are. */
void workbook_rounds_elsewhere(struct buf *b, size_t nwide, size_t passes, size_t columns,
			       size_t nlong, size_t nrounds, size_t rows, int with_rounds_csv);

/* The Summary's method lines: line i (from 0) into b; 0 when there is no
 * such line. rounds_elsewhere: the rounds are in rounds.csv only. */
int workbook_method_line(struct buf *b, size_t i, const struct report *r, int rounds_elsewhere);

/* The Charts sheet: the change table's label (baseline NULL: each
 * comparison's own), given how many comparisons are times, rates, sizes
 * and memory; the change chart's title; a comparison's chart series,
 * axis and description. */
void workbook_change_label(struct buf *b, const char *baseline, size_t nlower, size_t nhigher,
			   size_t nsize, size_t nmemory);
void workbook_change_title(struct buf *b, const char *baseline);
void workbook_best_series(struct buf *b, const char *unit, const char *better);
void workbook_best_description(struct buf *b, const char *workload);

#endif
