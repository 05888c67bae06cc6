/*
 * workbook.c - the workbook's words (workbook.h): headers, labels and
 * notes of report.xlsx, each worded once here.
 */
#include "present/workbook.h"

#include "lib/fmt.h"
#include "lib/util.h"
#include "present/glossary.h"

#include <stdlib.h>

const char *const workbook_versions_heads[] = {
	"Workload", "Platform", "Version", "Release line", "V8", "Status",
	"Baseline", "Rounds", "Best", "Worst round", "Median of rounds",
	"Spread", "Change of best vs baseline", "Unit", "Better",
	"Rounds as analysed",
};

const char *const workbook_impact_heads[] = {
	"Workload", "Platform", "Bytes per pass", "From (slower)", "To (faster)",
	"Best round from (ms)", "Best round to (ms)", "ms per MB from", "ms per MB to",
	"Saved ms per second", "Cores freed",
	"Share of provisioned cores", "Ratio to / from, low", "Ratio to / from, high",
	"Saved ms per second, low", "Saved ms per second, high", "Note",
};

const char *const workbook_steps_heads[] = {
	"Workload", "Platform", "Before (last on the old level)", "V8 before",
	"After (first on the new level)", "V8 after", "Best before", "Best after",
	"Change of best", "Unit",
};

const char *const workbook_support_heads[] = {
	"Line", "Codename", "Status", "Start", "LTS", "Maintenance", "End",
	"V8", "Latest release", "Compared", "Who should pick it",
};

const char *const workbook_rounds_rows[WB_RR_ROWS] = {
	[WB_RR_WORKLOAD] = "Workload",
	[WB_RR_PLATFORM] = "Platform",
	[WB_RR_VERSION] = "Version",
	[WB_RR_LINE] = "Release line",
	[WB_RR_V8] = "V8",
	[WB_RR_RELEASE] = "Release",
	[WB_RR_UNIT] = "Unit",
	[WB_RR_ROUNDS] = "Rounds",
	[WB_RR_FIRST_DATE] = "First round (UTC day)",
	[WB_RR_LAST_DATE] = "Last round (UTC day)",
	[WB_RR_ORDER] = "Rows",
};
const char workbook_round_head[] = "Round";
const char workbook_round_value_head[] = "Round value (median)";
const char workbook_round_value_head1[] = "Round value";

const char *workbook_rounds_order(enum workbook_rounds_order o)
{
	switch (o) {
	case WB_ORDER_BY_NUMBER:
		return "by round";
	case WB_ORDER_REPEAT:
		return "in turn: round numbers repeat";
	case WB_ORDER_SPARSE:
		return "in turn: round numbers too far apart";
	}
	return "";
}

void workbook_rounds_sheet(struct buf *b, size_t k)
{
	if (k <= 1)
		buf_puts(b, "Rounds");
	else
		buf_printf(b, "Rounds %zu", k);
}

void workbook_rounds_note(struct buf *b, int with_rounds_csv)
{
	buf_puts(b, "One column per version of each comparison, named by the rows above it; "
		 "each round is on the row of its number (column A), unless the Rows line says "
		 "the version lists them in turn. A round of several passes has them left of its "
		 "value, which is their median. ");
	buf_puts(b, with_rounds_csv
		 ? "rounds.csv beside this workbook has every round in one row each, with its "
		   "date, passes, release line and V8."
		 : "rounds.csv (--formats with rounds) has every round in one row each, with its "
		   "date, passes, release line and V8.");
}

void workbook_pairs_heads(struct workbook_pairs_heads *h, const struct report *r)
{
	const struct report_method *mt = &r->method;
	const char *const heads[19] = {
		"Workload", "Platform", r->ordered ? "a (older)" : "a",
		r->ordered ? "b (newer)" : "b", "Rounds a", "Rounds b",
		"U (Mann-Whitney)", "p", "p after Holm", "Ratio of medians b / a",
		"Ratio b / a (Hodges-Lehmann)", NULL, NULL, "Shift b - a (Hodges-Lehmann)", "Unit",
		NULL, "Borderline (rule and test disagree)",
		"Smallest reachable p", "Rounds per version needed",
	};
	for (size_t i = 0; i < 19; i++)
		h->heads[i] = heads[i];
	h->ci_low = xasprintf("%s interval low", mt->ci_text);
	h->ci_high = xasprintf("%s interval high", mt->ci_text);
	h->significant = xasprintf("Significant (p after Holm < %s)", mt->alpha_text);
	h->heads[11] = h->ci_low;
	h->heads[12] = h->ci_high;
	h->heads[15] = h->significant;
}

void workbook_pairs_heads_free(struct workbook_pairs_heads *h)
{
	free(h->ci_low);
	free(h->ci_high);
	free(h->significant);
}

void workbook_pass_head(struct buf *b, size_t k)
{
	buf_printf(b, "Pass %zu", k);
}

static const char *const labels[WB_LABELS] = {
	[WB_BENCHMARK_REPORT] = "Benchmark report",
	[WB_REPORT_DATE] = "Report date",
	[WB_VERSIONS_LEFT_OUT] = "Versions left out",
	[WB_ROUNDS] = "Rounds",
	[WB_VERSIONS_HOLD_VALUES] = "The Versions sheet holds each version's statistics as values, "
		"computed from those rounds.",
	[WB_COMPUTED_AS_VALUES] = "Computed by noisefloor, as values: an edited round "
		"does not change them (see Rounds as analysed)",
	[WB_ROUNDS_AS_ANALYSED] = "Rounds as analysed",
	[WB_ROUNDS_EDITED] = "no: rounds edited, run noisefloor again",
	[WB_WARNING] = "Warning",
	[WB_VERSIONS] = "Versions",
	[WB_SUPPORT_WINDOWS] = "Support windows",
	[WB_RECOMMENDATION] = "Recommendation",
	[WB_NO_LTS] = "No release line is in long-term support on the report date.",
	[WB_ENVIRONMENT] = "Environment",
	[WB_WORTH] = "What is it worth to your service?",
	[WB_RPS] = "Requests per second",
	[WB_PAYLOAD] = "Payload per request (KB, 1 KB = 1024 bytes)",
	[WB_CORES] = "Cores provisioned (may stay empty)",
	[WB_INPUTS_GIVEN] = "The inputs of this report; change them and every figure below follows.",
	[WB_INPUTS_EXAMPLE] = "Example inputs: type your own and every figure below follows.",
	[WB_IMPACT_FORMULA] = "Saved ms per second = requests per second \xC3\x97 payload "
		"in MB \xC3\x97 (ms per MB of the slower \xE2\x88\x92 ms per MB of the faster); ms per MB = best "
		"round \xC3\xB7 (bytes per pass \xC3\xB7 1,048,576); cores freed (the share of one core) = saved \xC3\xB7 1000. Only "
		"confirmed claims (a \"faster\" verdict) get figures.",
	[WB_IMPACT_VALUES] = "The best rounds and the ratio interval are "
		"noisefloor's values for the confirmed claim, so an edited round does not change "
		"them (the Summary's Rounds as analysed says when the rounds differ); a negative "
		"figure would be a cost, and says so.",
	[WB_IMPACT_NO_BYTES] = "Workloads without \"bytes\" in the input's \"workloads\" "
		"have no time per MB and are left out.",
	[WB_CHANGE_AXIS] = "Change of best vs baseline",
	[WB_CHANGE_CHART] = "Bar chart of the change of each version's best value "
		"against the baseline, per workload",
	[WB_BEST_CHARTS] = "Best value per version (data: Versions sheet, Best column; "
		"green: the winner, as bold in every document)",
	[WB_VERSION] = "Version",
	[WB_COMMENTS] = "Benchmark report written by noisefloor",
};

const char *workbook_label(enum workbook_label l)
{
	return labels[l];
}

void workbook_status_on(struct buf *b, const char *date)
{
	buf_printf(b, "Status on %s", date);
}

void workbook_each_version(struct buf *b, const char *compared_header)
{
	buf_printf(b, "Each version: %s", compared_header);
}

void workbook_value_head(struct buf *b, const char *version, int band)
{
	buf_printf(b, band ? "%s \xC2\xB1" : "%s value", version);
}

void workbook_left_out(struct buf *b, size_t n, size_t ncols)
{
	buf_puts(b, "The ");
	fmt_grouped(b, (double)n, 0);
	buf_puts(b, " versions are more than the verdict table and the Charts sheet give columns (");
	fmt_grouped(b, (double)ncols, 0);
	buf_puts(b, ": the oldest and the newest). Left out of them, each still on the Versions, "
		 "Pairs and Rounds sheets: ");
}

void workbook_left_out_more(struct buf *b, size_t more)
{
	if (more) {
		buf_puts(b, " and ");
		fmt_grouped(b, (double)more, 0);
		buf_puts(b, " more");
	}
	buf_putc(b, '.');
}

void workbook_rounds_elsewhere(struct buf *b, size_t nwide, size_t passes, size_t columns,
			       size_t nlong, size_t nrounds, size_t rows, int with_rounds_csv)
{
	if (nwide) {
		buf_puts(b, nwide == 1 ? "A version has a round of " : "Versions have rounds of up to ");
		fmt_grouped(b, (double)passes, 0);
		buf_puts(b, " passes, more than a row of this sheet holds (");
		fmt_grouped(b, (double)columns, 0);
		buf_puts(b, nlong ? "); " : "): ");
	}
	if (nlong) {
		if (nlong == 1)
			buf_puts(b, nwide ? "a version has " : "A version has ");
		else
			buf_puts(b, nwide ? "versions have up to " : "Versions have up to ");
		fmt_grouped(b, (double)nrounds, 0);
		buf_puts(b, " rounds, more than a column of this sheet holds (");
		fmt_grouped(b, (double)rows, 0);
		buf_puts(b, "): ");
	}
	buf_puts(b, with_rounds_csv
		 ? "their rounds, with their passes, dates, release lines and V8, are in rounds.csv "
		   "beside this workbook."
		 : "write rounds.csv (--formats with rounds) for their rounds, with their passes, "
		   "dates, release lines and V8.");
}

int workbook_method_line(struct buf *b, size_t i, const struct report *r, int rounds_elsewhere)
{
	const struct report_method *mt = &r->method;
	switch (i) {
	case 0:
		buf_printf(b, "%s: ", glossary_name(GLOSSARY_ROUND_VALUE));
		glossary_says(b, GLOSSARY_ROUND_VALUE, mt);
		buf_puts(b, rounds_elsewhere ? " (rounds.csv)." : " (Rounds sheet).");
		return 1;
	case 1:
		glossary_line(b, GLOSSARY_BEST, mt);
		buf_printf(b, " %s: ", glossary_name(GLOSSARY_SPREAD));
		glossary_says(b, GLOSSARY_SPREAD, mt);
		buf_puts(b, " (Versions sheet).");
		return 1;
	case 2:
		glossary_line(b, GLOSSARY_GAP, mt);
		buf_putc(b, ' ');
		glossary_line(b, GLOSSARY_NOISE, mt);
		return 1;
	case 3:
		buf_printf(b, "Pairs: the two-sided Mann-Whitney test of every pair of "
			   "versions on the round values, p after Holm's correction across "
			   "the pairs of each workload (significant below %s), the ratio of medians with its "
			   "%s interval from %s and the Hodges-Lehmann shift.",
			   mt->alpha_text, mt->ci_text, mt->interval);
		return 1;
	case 4:
		glossary_line(b, GLOSSARY_WINNER, mt);
		return 1;
	case 5:
		buf_puts(b, rounds_elsewhere
			 ? "The bests and spreads below are formulas over the Versions "
			   "sheet, whose statistics are values computed from the rounds: "
			   "select a cell to see how it was made. Gap, Noise, Verdict, "
			   "Winner and Finding are noisefloor's analysis, written as values."
			 : "Each version's value below is the one its verdict compared (the best round, or the "
			   "median in a history or with unequal rounds), with the band it used (the spread, "
			   "or the middle 50% or 80% of the rounds as a value). The bests, medians and spreads "
			   "below are formulas over the Versions and Rounds sheets: "
			   "select a cell to see how it was made. Gap, Noise, Verdict, Winner and Finding are "
			   "noisefloor's analysis, written as values: a verdict needs the rank test, whose "
			   "p-values (Pairs sheet) a spreadsheet cannot recompute, so no formula here gives a "
			   "verdict. Edit a round and Rounds as analysed says no: run noisefloor again.");
		return 1;
	}
	return 0;
}

void workbook_change_label(struct buf *b, const char *baseline, size_t nlower, size_t nhigher,
			   size_t nsize, size_t nmemory)
{
	buf_puts(b, "Change of each version's best against ");
	if (baseline)
		buf_printf(b, "the baseline %s", baseline);
	else
		buf_puts(b, "its comparison's baseline");
	/* a size is smaller, never faster */
	if (!nsize)
		buf_puts(b, !nhigher ? " (negative is faster)" : !nlower ? " (positive is better)"
				     : " (negative is faster for times, positive is better for rates)");
	else
		buf_puts(b, nsize == nlower && !nhigher ? nmemory == nsize ? " (negative is less memory)"
			     : " (negative is smaller)"
			     : !nlower ? " (positive is better)"
			     : " (negative is better where lower is better, positive where higher is)");
}

void workbook_change_title(struct buf *b, const char *baseline)
{
	buf_printf(b, "Change of best against %s", baseline ? baseline : "the baseline");
}

void workbook_best_series(struct buf *b, const char *unit, const char *better)
{
	if (unit)
		buf_printf(b, "Best, %s (%s is better)", unit, better);
	else
		buf_printf(b, "Best (%s is better)", better);
}

void workbook_best_description(struct buf *b, const char *workload)
{
	buf_printf(b, "Column chart of the best value per version for %s", workload);
}
