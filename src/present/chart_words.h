/*
 * chart_words.h - the charts' words: titles, axis titles, legends, notes
 * and the text descriptions of every chart scene (render/chart/ lays them
 * out and draws them). The verdicts and subjects come from
 * verdict_words.c; the method's terms from glossary.c.
 */
#ifndef NF_PRESENT_CHART_WORDS_H
#define NF_PRESENT_CHART_WORDS_H

#include "model/model.h"

#include <stddef.h>

struct buf;

/* Labels and fixed sentences, each a static string. */
enum chart_word {
	CW_HIGHER_BETTER,
	CW_LOWER_BETTER,
	CW_NO_LINE,           /* a legend entry for versions of no release line */
	CW_MIDDLE_HALF,
	CW_OUTLYING,
	CW_ROUND,
	CW_BEST_ROUND,
	CW_RANGE,
	CW_NOISE_BAND,
	CW_V8_CHANGES,
	CW_FIRST_DAY,
	CW_SLOW_ROUND,
	CW_BAD_DAY,
	CW_OVERVIEW_TITLE,
	CW_OVERVIEW_HEAD,
	CW_OVERVIEW_SUBTITLE,
	CW_OVERVIEW_VTITLE,
	CW_NO_NOISE,          /* a bar's note: too few rounds */
	CW_NO_NOISE_DESC,
	CW_BARS_CUT,
	CW_CONFOUNDED,
	CW_WORDS
};
const char *chart_word(enum chart_word w);

/* "higher is better" or "lower is better". */
const char *chart_direction(enum better better);

/* "Round value (ms), lower is better"; "Best round (ms), ..." with best. */
void chart_words_value_title(struct buf *b, const char *unit, enum better better, int best);

/* The strip chart's description: its head ("Strip plot of every round of ",
 * or the box plot's with summary), after the subject its tail up to the
 * verdict; per version the box's figures or the dots', up to "best "; the
 * spread after the best; and the note under it. platform: NULL unless an
 * input named it; nr, np: the rounds a version and passes a round, when
 * every version has the same (0 otherwise); dots_max: rounds shown as
 * dots. */
void chart_words_strip_head(struct buf *b, int summary);
void chart_words_strip_tail(struct buf *b, const char *unit, enum better better);
void chart_words_strip_box(struct buf *b, const char *version, size_t nrounds, double median,
			   double q1, double q3, const char *unit, size_t nout);
void chart_words_strip_dots(struct buf *b, const char *version, size_t nrounds);
void chart_words_strip_spread(struct buf *b, double spread);
void chart_words_strip_note(struct buf *b, size_t nr, size_t np, int summary, int dots_max);

/* The overview's note: the axis capped at cap (the largest change hi);
 * the comparisons m->comparisons[pick[0..n)] past the first max rows, or
 * left out (on one platform, or NULL) with too little to compare. */
void chart_words_axis_cap(struct buf *b, double cap, double hi);
void chart_words_not_shown(struct buf *b, const struct model *m, const size_t *pick, size_t n,
			   int max);
void chart_words_left_out(struct buf *b, const struct model *m, const size_t *pick, size_t n,
			  const char *platform);

/* The bar chart: its description's head, against base (NULL: each
 * comparison's baseline); its title and axis title; the note on the
 * workloads of a long series; the subtitle, nbeyond of nbars confirmed. */
void chart_words_bars_head(struct buf *b, const char *base);
void chart_words_bars_title(struct buf *b, const char *base, int axis);
void chart_words_series_note(struct buf *b, size_t nseries);
void chart_words_bars_subtitle(struct buf *b, size_t nbeyond, size_t nbars, int paired);

/* The series chart: its title, the subtitle after the verdict, the
 * description's head after the subject, and a V8 change. */
void chart_words_series_title(struct buf *b, const char *workload, size_t nversions);
void chart_words_series_subtitle(struct buf *b, const char *platform);
void chart_words_series_head(struct buf *b);
void chart_words_series_tail(struct buf *b, size_t nversions, const char *unit, enum better better);
void chart_words_v8_from(struct buf *b, const char *version, const char *v8);

/* The time chart. A round's label, "2025-11-27 · 24.11.1" (day) or
 * "round 3 · 24.11.1" (day NULL: one sitting). */
void chart_words_round_label(struct buf *b, int round, const char *day, const char *version);
/* "round 4" or "rounds 2, 5 and 7": c's slow rounds of the machine. */
void chart_words_slow_rounds(struct buf *b, const struct comparison *c);
/* The title, "parse over time"; the header's first sentence. */
void chart_words_time_title(struct buf *b, const char *workload);
void chart_words_time_head(struct buf *b, const char *platform, int sitting);
/* The header in one sitting: the slow rounds shaded. */
void chart_words_time_slow(struct buf *b, const struct comparison *c);
/* The header when the slowest round (label) fell on bad day d. */
void chart_words_time_bad_day(struct buf *b, const char *label, const struct bad_day *d);
/* Under the plot: the two ringed rounds (worse and better words of the
 * metric, their labels; bad: the worse is on a bad day), the footnote. */
void chart_words_ringed(struct buf *b, const char *worse, const char *worse_label, int bad,
			const char *better, const char *better_label);
void chart_words_time_foot(struct buf *b, enum better better, int sitting);
/* The description: after "Round values of " (head) and the subject, the
 * span (days as "YYYY-MM-DD"; last NULL: one sitting on first); the
 * slowest and the fastest round (bad_date: the slowest's bad day, or
 * NULL); the slow rounds of a sitting; each version's first day. */
void chart_words_time_desc_head(struct buf *b);
void chart_words_time_span(struct buf *b, const char *unit, enum better better, const char *first,
			   const char *last);
void chart_words_time_extreme(struct buf *b, int slowest, const char *value, const char *unit,
			      const char *label, const char *bad_date);
void chart_words_time_desc_slow(struct buf *b, const struct comparison *c);
void chart_words_first_days(struct buf *b);
void chart_words_first_day(struct buf *b, int first, const char *version, const char *day);

#endif
