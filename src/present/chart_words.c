/*
 * chart_words.c - the charts' words (chart_words.h), worded once here.
 */
#include "present/chart_words.h"

#include "lib/fmt.h"
#include "lib/util.h"
#include "present/counts.h"

static const char *const words[CW_WORDS] = {
	[CW_HIGHER_BETTER] = "higher is better",
	[CW_LOWER_BETTER] = "lower is better",
	[CW_NO_LINE] = "no release line",
	[CW_MIDDLE_HALF] = "middle half of the rounds and their median",
	[CW_OUTLYING] = "outlying, lowest and highest round",
	[CW_ROUND] = "round (median of its passes)",
	[CW_BEST_ROUND] = "best round",
	[CW_RANGE] = "range of the rounds",
	[CW_NOISE_BAND] = "noise band",
	[CW_V8_CHANGES] = "V8 version changes",
	[CW_FIRST_DAY] = "first day of a release",
	[CW_SLOW_ROUND] = "slow round of the machine",
	[CW_BAD_DAY] = "bad day of the machine",
	[CW_OVERVIEW_TITLE] = "Change of each version against the baseline, one row per workload",
	[CW_OVERVIEW_HEAD] = "Dot plot: for each workload, the change of each version's best round "
		"against the baseline, coloured by release line, with the workload's noise band shaded.",
	[CW_OVERVIEW_SUBTITLE] = "Each dot is one version's best round against the baseline; shaded: "
		"the noise band of the workload (the largest spread of its versions). "
		"A dot inside the band is within noise.",
	[CW_OVERVIEW_VTITLE] = "Change of the best round against the baseline",
	[CW_NO_NOISE] = "not enough rounds to know the noise",
	[CW_NO_NOISE_DESC] = ": not enough rounds.",
	[CW_BARS_CUT] = "Bars that run off the axis are cut at its end; "
		"their labels give the full change.",
	[CW_CONFOUNDED] = "Time and version are confounded: each version ran in its own period.",
};

const char *chart_word(enum chart_word w)
{
	return words[w];
}

const char *chart_direction(enum better better)
{
	return words[better == BETTER_HIGHER ? CW_HIGHER_BETTER : CW_LOWER_BETTER];
}

void chart_words_value_title(struct buf *b, const char *unit, enum better better, int best)
{
	buf_printf(b, "%s (%s), %s", best ? "Best round" : "Round value", unit, chart_direction(better));
}

void chart_words_strip_head(struct buf *b, int summary)
{
	buf_printf(b, "%s of ", summary ? "Box plot of the rounds" : "Strip plot of every round");
}

void chart_words_strip_tail(struct buf *b, const char *unit, enum better better)
{
	buf_printf(b, ", per version (%s, %s). Verdict: ", unit, chart_direction(better));
}

void chart_words_strip_box(struct buf *b, const char *version, size_t nrounds, double median,
			   double q1, double q3, const char *unit, size_t nout)
{
	buf_printf(b, " %s: %zu round%s, median ", version, nrounds, nrounds == 1 ? "" : "s");
	fmt_value(b, median);
	buf_printf(b, " %s, middle half ", unit);
	fmt_value(b, q1);
	buf_puts(b, " to ");
	fmt_value(b, q3);
	buf_printf(b, " %s, %zu outlying round%s, best ", unit, nout, nout == 1 ? "" : "s");
}

void chart_words_strip_dots(struct buf *b, const char *version, size_t nrounds)
{
	buf_printf(b, " %s: %zu round%s, best ", version, nrounds, nrounds == 1 ? "" : "s");
}

void chart_words_strip_spread(struct buf *b, double spread)
{
	buf_puts(b, ", spread ");
	fmt_spread(b, spread);
}

void chart_words_strip_note(struct buf *b, size_t nr, size_t np, int summary, int dots_max)
{
	if (nr)
		buf_printf(b, "%s%zu round%s per version", b->len ? "; " : "", nr, nr == 1 ? "" : "s");
	if (np)
		buf_printf(b, "%seach round is the median of %zu pass%s", b->len ? "; " : "", np,
			   np == 1 ? "" : "es");
	if (summary)
		buf_printf(b, "%swith over %d rounds a version, its box spans the first to the "
			   "third quartile of its rounds, the line in it is the median, and dots mark "
			   "the lowest and highest round and any more than 1.5 box widths beyond the box",
			   b->len ? "; " : "", dots_max);
	buf_puts(b, b->len ? "; right" : "Right");
	buf_puts(b, ": best round and spread (\xC2\xB1half the range of the rounds, "
		 "relative to their median).");
}

void chart_words_axis_cap(struct buf *b, double cap, double hi)
{
	buf_puts(b, "The axis is capped at \xC2\xB1");
	fmt_fixed(b, cap * 100, 0);
	buf_puts(b, "%: dots beyond it sit at its end (the largest change is ");
	fmt_fixed(b, hi * 100, 0);
	buf_puts(b, "%). ");
}

void chart_words_not_shown(struct buf *b, const struct model *m, const size_t *pick, size_t n,
			   int max)
{
	buf_puts(b, "Not shown: ");
	counts_compared(b, m, pick, n);
	buf_printf(b, " past the first %d rows (every workload is in analysis.json, the "
		   "workbook and the tables). ", max);
}

void chart_words_left_out(struct buf *b, const struct model *m, const size_t *pick, size_t n,
			  const char *platform)
{
	/* "12 workloads on darwin-arm64", "24 comparisons (12 workloads on 2
	 * platforms)" */
	buf_puts(b, "Left out: ");
	counts_compared(b, m, pick, n);
	if (platform)
		buf_printf(b, " on %s", platform);
	buf_puts(b, " with only one version or too few rounds to compare.");
}

void chart_words_bars_head(struct buf *b, const char *base)
{
	buf_printf(b, "Bar chart: for each workload, the change of each version's best round "
		   "against %s, with the noise band of the workload shaded.", base ? base : "the baseline");
}

void chart_words_bars_title(struct buf *b, const char *base, int axis)
{
	buf_printf(b, axis ? "Change of the best round against %s" : "Best round of each version against %s",
		   base ? base : "the baseline");
}

void chart_words_series_note(struct buf *b, size_t nseries)
{
	buf_printf(b, "%s%zu workload%s measured on a long version series %s a chart of %s own.",
		   b->len ? " " : "", nseries, nseries == 1 ? "" : "s", nseries == 1 ? "has" : "have",
		   nseries == 1 ? "its" : "their");
}

void chart_words_bars_subtitle(struct buf *b, size_t nbeyond, size_t nbars, int paired)
{
	buf_printf(b, "%zu of %zu differences clear the noise of their workload and are confirmed "
		   "by the rank test. "
		   "Shaded: the noise band (the largest spread of the workload's versions); "
		   "a pale bar that ends inside it is within noise, a pale bar with a dashed outline "
		   "beyond it is not confirmed by the rank test%s.", nbeyond, nbars,
		   paired ? "; a solid bar inside it is confirmed by the per-round ratios of "
		   "rounds that ran both versions (paired), whose own band is narrower" : "");
}

void chart_words_series_title(struct buf *b, const char *workload, size_t nversions)
{
	buf_printf(b, "%s across %zu versions", workload, nversions);
}

void chart_words_series_subtitle(struct buf *b, const char *platform)
{
	buf_printf(b, " Best round of each version in version order%s%s.", platform ? " on " : "",
		   platform ? platform : "");
}

void chart_words_series_head(struct buf *b)
{
	buf_puts(b, "Line chart of the best round of ");
}

void chart_words_series_tail(struct buf *b, size_t nversions, const char *unit, enum better better)
{
	buf_printf(b, " for %zu versions in version "
		   "order (%s, %s), coloured by release line; dashed lines mark a change of the "
		   "V8 version.", nversions, unit, chart_direction(better));
}

void chart_words_v8_from(struct buf *b, const char *version, const char *v8)
{
	buf_printf(b, " From %s: V8 %s.", version, v8);
}

void chart_words_round_label(struct buf *b, int round, const char *day, const char *version)
{
	if (day)
		buf_puts(b, day);
	else
		buf_printf(b, "round %d", round);
	buf_printf(b, " \xC2\xB7 %s", version);
}

void chart_words_slow_rounds(struct buf *b, const struct comparison *c)
{
	buf_puts(b, c->nslow_rounds == 1 ? "round " : "rounds ");
	for (size_t k = 0; k < c->nslow_rounds; k++)
		buf_printf(b, "%s%d", k == 0 ? "" : k + 1 == c->nslow_rounds ? " and " : ", ", c->slow_rounds[k]);
}

void chart_words_time_title(struct buf *b, const char *workload)
{
	buf_printf(b, "%s over time", workload);
}

void chart_words_time_head(struct buf *b, const char *platform, int sitting)
{
	buf_printf(b, "%s: every round at its %s, coloured by release line. ", platform,
		   sitting ? "time" : "date");
}

/* "3.1×": how much slower the machine's slow rounds ran. */
static void slow_factor(struct buf *b, const struct comparison *c)
{
	fmt_fixed(b, c->slow_round_factor, c->slow_round_factor < 10 ? 1 : 0);
	buf_puts(b, "\xC3\x97 slower");
}

void chart_words_time_slow(struct buf *b, const struct comparison *c)
{
	buf_puts(b, "Shaded: ");
	chart_words_slow_rounds(b, c);
	buf_puts(b, ", in which every version ran about ");
	slow_factor(b, c);
	buf_puts(b, " than its usual round: the machine, not a version.");
}

void chart_words_time_bad_day(struct buf *b, const char *label, const struct bad_day *d)
{
	buf_printf(b, "The slowest round, %s, fell on a bad day of the machine: on %s ", label, d->date);
	for (size_t i = 0; i < d->nversions; i++)
		buf_printf(b, "%s%s", i == 0 ? "" : i + 1 == d->nversions ? " and " : ", ", d->versions[i]);
	buf_printf(b, " all ran at about %.0f%% of their usual speed.", d->speed * 100);
}

void chart_words_ringed(struct buf *b, const char *worse, const char *worse_label, int bad,
			const char *better, const char *better_label)
{
	buf_printf(b, "Ringed: the %s round, %s", worse, worse_label);
	if (bad)
		buf_puts(b, " (a bad day of the machine)");
	buf_printf(b, ", and the %s, %s.", better, better_label);
}

void chart_words_time_foot(struct buf *b, enum better better, int sitting)
{
	if (sitting)
		buf_printf(b, "Each dot is one round (the median of its passes); %s. Times in UTC.",
			   chart_direction(better));
	else
		buf_printf(b, "Each dot is one round (the median of its passes); %s. Dashed rules: the "
			   "first day each release ran (releases running from the start have none).",
			   chart_direction(better));
}

void chart_words_time_desc_head(struct buf *b)
{
	buf_puts(b, "Round values of ");
}

void chart_words_time_span(struct buf *b, const char *unit, enum better better, const char *first,
			   const char *last)
{
	buf_printf(b, " (%s, %s) against their %s, ", unit, chart_direction(better), last ? "date" : "time");
	if (last)
		buf_printf(b, "%s to %s. ", first, last);
	else
		buf_printf(b, "one sitting on %s. ", first);
}

void chart_words_time_extreme(struct buf *b, int slowest, const char *value, const char *unit,
			      const char *label, const char *bad_date)
{
	buf_printf(b, "%s round: %s %s on %s", slowest ? "Slowest" : ". Fastest", value, unit, label);
	if (bad_date)
		buf_printf(b, ", %s was a bad day of the machine (every version that ran was slow)", bad_date);
}

void chart_words_time_desc_slow(struct buf *b, const struct comparison *c)
{
	buf_puts(b, ". Slow rounds of the machine (shaded): ");
	chart_words_slow_rounds(b, c);
	buf_puts(b, ", every version about ");
	slow_factor(b, c);
	buf_puts(b, ".");
}

void chart_words_first_days(struct buf *b)
{
	buf_puts(b, ". First days:");
}

void chart_words_first_day(struct buf *b, int first, const char *version, const char *day)
{
	buf_printf(b, "%s %s %s", first ? "" : ",", version, day);
}
