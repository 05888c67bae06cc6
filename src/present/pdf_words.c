/*
 * pdf_words.c - the words of report.pdf that no other document shares
 * (pdf_words.h): the fixed table and the sentences with facts in them.
 */
#include "present/pdf_words.h"
#include "present/report.h"
#include "lib/util.h"
#include "model/model.h"

static const struct words_pdf words = {
	.kicker = "BENCHMARK REPORT",
	.untitled = "Benchmark report",
	.author = "noisefloor",
	.summary = "Summary",
	.verdicts = "Verdicts",
	.charts = "Charts",
	.evidence = "Statistical evidence",
	.support = "Support windows",
	.method = "Method",
	.workloads = "Workloads",
	.impact = "What is it worth to your service?",
	.reproduce = "How to reproduce",
	.appendix = "Appendix: every round",
	.across_question = "Does it reproduce on every platform?",
	.across = "Across platforms",
	.per_version = "What each version's verdict compared",
	.claims = "Claims",
	.decision = "Decision",
	.findings = "Findings",
	.cores_freed = "Cores freed",
	.risks = "Risks",
	.no_risks = "None found.",
	.bad_days = "Bad days",
	.no_recommendation = "No line of the schedule is in long-term support on the report "
			     "date, so there is no recommendation.",
	.environment = "Environment",
	.measured_with = "Measured with",
	.env_details = "V8, support and command",
	.input = "input",
	.inputs = "inputs",
	.notes = "notes",
	.workload = "Workload",
	.verdict = "Verdict",
	.compared = "Compared",
	.gap = "Gap",
	.noise = "Noise",
	.higher_better = "higher is better",
	.lower_better = "lower is better",
	.baseline = "baseline",
	.ratio = "Ratio b/a",
	.shift = "Shift",
	.u = "U",
	.p = "p",
	.p_holm = "p (Holm)",
	.test = "Test",
	.significant = "significant",
	.borderline = "borderline",
	.line = "Line",
	.status = "Status",
	.start = "Start",
	.end = "End",
	.v8 = "V8",
	.pick = "Who should pick it",
	.measured = "measured",
	.recommended = "recommended",
	.version = "Version",
	.round = "Round",
	.value = "Value",
	.passes = "Passes",
	.workload_code_col = "Workload\nits code",
	.what_one_pass = "What one pass does",
	.size = "Size",
	.versions_col = "Versions",
	.change = "Change",
	.none = "\xE2\x80\x94",
	.borderline_label = "Borderline",
	.power = "Power",
	.steps = "Steps",
	.drift = "Drift",
	.run_order = "Run order",
	.run_order_text = "some versions ran their rounds back to back rather than interleaved "
			  "with the others, so a change of the machine over time can be charged "
			  "to a version",
	.design = "Design",
	.two_clusters = "Two clusters",
	.platforms = "Platforms",
	.rounds = "Rounds",
	.best = "Best",
	.best_text = "A version's lowest round value (the highest for rates): interference on a "
		     "shared machine only ever adds time, so the best round is the one closest to "
		     "what the version can do.",
	.spread = "Spread",
	.spread_text = "(highest \xE2\x88\x92 lowest round value) / (2 \xC3\x97 median round "
		       "value), shown as \xC2\xB1x%: how far the rounds of one version disagree.",
	.within_noise = "Within noise",
	.within_noise_text =
		"The gap is how much better one version's best round is than the other's; the "
		"noise is the largest spread among the versions (where the rounds ran both "
		"versions side by side and their per-round ratios decide, the spread of those "
		"ratios; the verdict then says \xE2\x80\x9Cpaired\xE2\x80\x9D). A difference is "
		"claimed only when the gap is larger than the noise and the rank test confirms it "
		"in the same direction after Holm's correction; beyond the noise alone it is "
		"\xE2\x80\x9Cnot confirmed\xE2\x80\x9D. Otherwise the verdict is \xE2\x80\x9Cwithin "
		"noise\xE2\x80\x9D: these measurements cannot tell the versions apart, which is "
		"not proof that they are equal. Unequal round counts and histories are compared "
		"by medians and quantile spreads instead.",
	.not_linear = "Not linear",
	.not_linear_releases = "The best rounds do not move one way only from the oldest "
			       "version to the newest.",
	.not_linear_variants = "The best rounds do not move one way only from the first "
			       "variant to the last.",
	.insufficient = "Insufficient",
	.baseline_label = "Baseline",
	.appendix_intro = "Every round of every version with its timed passes, in the order "
			  "measured. A round's value is the median of its passes; the best round "
			  "of each version is in bold.",
	.workloads_intro = "What each workload does in one pass, how much data it handles and "
			   "where its code is, as the input describes them.",
	.worth = "Worth",
	.ms_per_mb = "ms per MB",
	.saved = "Saved",
	.measured_by = "Measured by",
	.command = "Command",
	.input_label = "Input",
	.sha256 = "SHA-256",
	.unknown = "unknown",
	.report_date = "Report date",
	.runner_notes = "Runner notes",
	.workload_code = "Workload code",
	.when = "When",
};

const struct words_pdf *words_pdf(void)
{
	return &words;
}

void words_pdf_title_line(struct buf *b, const struct model *m, const struct report *r)
{
	buf_printf(b, "Report date %s \xC2\xB7 ", m->as_of);
	report_count_compared(b, m);
	buf_printf(b, " \xC2\xB7 %zu version%s \xC2\xB7 %s per version", r->nversions,
		   r->nversions == 1 ? "" : "s", r->rounds_counted);
}

void words_pdf_more_findings(struct buf *b, size_t more)
{
	buf_printf(b, "\xE2\x80\xA6" "and %zu more confirmed difference%s, in the verdict table.",
		   more, more == 1 ? "" : "s");
}

void words_pdf_verdicts_key(struct buf *b, const char *compared_header)
{
	buf_printf(b, "Compared: the best version's value the verdict compared (%s). Gap: how "
		   "much better it is than the worst version's. Noise: the largest band of the "
		   "versions' rounds. A version wins only when the gap is larger than the noise.",
		   compared_header);
}

void words_pdf_per_version_key(struct buf *b, const char *compared_header)
{
	buf_printf(b, "Each cell: the value the verdict compared (%s), then how it stands "
		   "against the baseline in the verdicts' size (the pair's record) and the band. "
		   "Bold marks the version a verdict names faster, when no other version in its "
		   "row is better.", compared_header);
}

/* "comparisons" across platforms, else "workloads" */
static const char *compared_noun(const struct model *m)
{
	return report_several_platforms(m) ? "comparisons" : "workloads";
}

void words_pdf_charts_left_out(struct buf *b, const struct model *m, size_t n, int max)
{
	buf_printf(b, "The charts of the other %zu %s (those without a verdict, a step or drift, "
		   "and any past the first %d) are in the charts folder written beside this file.",
		   n, compared_noun(m), max);
}

void words_pdf_tests_left_out(struct buf *b, const struct model *m, size_t n, int max)
{
	buf_printf(b, "The rank tests of the other %zu %s (those without a verdict, a step or "
		   "drift, and any past the first %d) are in analysis.json and the workbook's "
		   "Pairs sheet.", n, compared_noun(m), max);
}

void words_pdf_pairs_key(struct buf *b, const struct report *r)
{
	buf_printf(b, "For each pair of %s: the ratio b/a, the Hodges\xE2\x80\x93Lehmann estimate "
		   "(the median of every ratio of a round of b to a round of a), with its %s "
		   "interval from %s; the shift, the Hodges\xE2\x80\x93Lehmann estimate of b "
		   "\xE2\x88\x92 a in the workload's unit; U and the two-sided p of the test, as R's "
		   "wilcox.test gives them, and p after Holm's correction. A pair is significant "
		   "when p after Holm is below %s; borderline when the within-noise rule and the "
		   "test disagree.",
		   r->ordered ? "an older version a and a newer b" : "variants a and b",
		   r->method.ci_text, r->method.interval, r->method.alpha_text);
}

void words_pdf_interval_head(struct buf *b, const struct report *r)
{
	buf_printf(b, "%s interval", r->method.ci_text);
}

void words_pdf_pairs_shown(struct buf *b, size_t shown, size_t neighbours, size_t npairs)
{
	buf_printf(b, "Shown: the %zu pairs of neighbouring versions", neighbours);
	if (shown > neighbours)
		buf_printf(b, " and %zu other significant or borderline pair%s", shown - neighbours,
			   shown - neighbours == 1 ? "" : "s");
	buf_printf(b, "; all %zu pairs of this long series are in analysis.json and the "
		   "workbook's Pairs sheet.", npairs);
}

void words_pdf_test(struct buf *b, int significant, int borderline)
{
	buf_printf(b, "%s%s%s", significant ? words.significant : "",
		   significant && borderline ? ", " : "", borderline ? words.borderline : "");
}

void words_pdf_support_key(struct buf *b, const struct model *m)
{
	buf_printf(b, "Status of each %s release line on %s: the measured lines and every line "
		   "that can still be picked.", m->schedule.product ? m->schedule.product : "",
		   m->as_of);
}

void words_pdf_line_notes(struct buf *b, int measured, int recommended)
{
	buf_printf(b, "%s%s%s", measured ? words.measured : "", measured && recommended ? ", " : "",
		   recommended ? words.recommended : "");
}

/* "7 timed passes", "1 timed pass", "3 to 7 timed passes": the fewest and
 * most timed passes of a round. */
static void passes_range(struct buf *b, const struct model *m)
{
	size_t lo = (size_t)-1, hi = 0;
	for (size_t i = 0; i < m->ncomparisons; i++)
		for (size_t j = 0; j < m->comparisons[i].nversions; j++) {
			const struct version_stats *vs = &m->comparisons[i].versions[j];
			for (size_t r = 0; r < vs->nrounds; r++) {
				size_t k = result_npasses(&vs->rounds[r]);
				lo = k < lo ? k : lo;
				hi = k > hi ? k : hi;
			}
		}
	if (hi == 0)
		lo = 0;
	if (lo == hi)
		buf_printf(b, "%zu %s", hi, hi == 1 ? "timed pass" : "timed passes");
	else
		buf_printf(b, "%zu to %zu timed passes", lo, hi);
}

void words_pdf_rounds(struct buf *b, const struct model *m, const struct report *r)
{
	buf_printf(b, "Each version ran %s of every workload: %s. A round ran ", r->rounds_counted,
		   r->how_taken);
	passes_range(b, m);
	buf_puts(b, "; its value is the median of its passes, so one disturbed pass does not "
		 "move it.");
}

void words_pdf_insufficient(struct buf *b, int min_rounds)
{
	buf_printf(b, "A version with fewer than %d rounds has no known spread, so its workload "
		   "gets no verdict.", min_rounds);
}

void words_pdf_baseline(struct buf *b, const char *base)
{
	buf_printf(b, "Change against %s: a version's best divided by the baseline's best, minus "
		   "one; negative means a lower value.", base);
}

void words_pdf_appendix_too_many(struct buf *b, size_t n)
{
	buf_printf(b, "The %zu rounds are too many to print: every round with its date, exact "
		   "release and passes is in rounds.csv and in the workbook's Rounds sheet, "
		   "written beside this file.", n);
}

void words_pdf_pass_column(struct buf *b, size_t k)
{
	buf_printf(b, k ? "%zu" : "pass %zu", k + 1);
}

void words_pdf_impact_key(struct buf *b, const struct report *r, const char *inputs)
{
	buf_printf(b, "At %s, with each workload's best rounds standing for the work of one "
		   "request. Only confirmed claims (a \"faster\" verdict) get a figure, with the "
		   "range the %s interval of the ratio gives; the workbook's Impact sheet recomputes "
		   "them for other numbers.", inputs, r->method.ci_text);
}

void words_pdf_per_mb(struct buf *b, const char *per_mb)
{
	buf_printf(b, "best round \xC3\xB7 (bytes per pass \xC3\xB7 1,048,576): %s", per_mb);
}

void words_pdf_saved(struct buf *b, const char *formula)
{
	buf_printf(b, "requests per second \xC3\x97 payload in MB \xC3\x97 (ms/MB of the slower "
		   "\xE2\x88\x92 ms/MB of the faster): %s", formula);
}

void words_pdf_upgrade_key(struct buf *b, const struct report *r)
{
	buf_printf(b, "A change is confirmed as a verdict's claim is: beyond the noise and by the "
		   "rank test after Holm; the percentage is the median of every ratio of a round of "
		   "one version to a round of the other, with its %s interval.", r->method.ci_text);
}

void words_pdf_command(struct buf *b, const char *command, const char *version)
{
	buf_printf(b, "%s\n(noisefloor %s)", command, version ? version : "");
}

void words_pdf_rounds_run(struct buf *b, const char *date_range)
{
	buf_printf(b, "Rounds run %s.", date_range);
}

void words_pdf_continued(struct buf *b, const char *caption)
{
	buf_printf(b, "%s (continued)", caption);
}

void words_pdf_page(struct buf *b, size_t page, size_t npages)
{
	buf_printf(b, "Page %zu of %zu", page, npages);
}
