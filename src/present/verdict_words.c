/*
 * verdict_words.c - the analysis' facts in words (verdict_words.h): the
 * verdict sentence and its parts, the design, how the rounds were taken,
 * drift, findings across platforms, the recommendation, the warnings, the
 * single-version platform, the two clusters of a bimodal version and
 * `check`'s lines. Reads the analysed model; decides nothing the
 * analysis decided, only how it is said.
 */
#include "present/verdict_words.h"
#include "analysis/evidence.h"
#include "analysis/stats.h"
#include "lib/fmt.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Appends s, its first letter upper case when capital is set (the first
 * word of a sentence). */
static void put_first(struct buf *b, const char *s, int capital)
{
	size_t at = b->len;
	buf_puts(b, s);
	if (capital && b->len > at && b->s[at] >= 'a' && b->s[at] <= 'z')
		b->s[at] = (char)(b->s[at] - 'a' + 'A');
}

/* "insufficient: 1 round of 24.11.1: its spread is unknown". */
static void put_insufficient(struct buf *b, const struct comparison *c, int min_rounds, int capital)
{
	size_t nshort = 0;
	if (c->insufficient == INSUFFICIENT_ONE_VERSION) {
		put_first(b, "insufficient: only ", capital);
		buf_printf(b, "%s was measured, nothing to compare",
			   c->nversions ? c->versions[0].version : "nothing");
		return;
	}
	put_first(b, "insufficient: ", capital);
	for (size_t i = 0; i < c->nversions; i++) {
		const struct version_stats *v = &c->versions[i];
		if ((int)v->nrounds >= min_rounds)
			continue;
		buf_printf(b, "%s%zu round%s of %s", nshort ? ", " : "", v->nrounds,
			   v->nrounds == 1 ? "" : "s", v->version);
		nshort++;
	}
	if (c->insufficient == INSUFFICIENT_SPREAD_UNKNOWN)
		buf_puts(b, nshort == 1 ? ": its spread is unknown" : ": their spread is unknown");
	else
		buf_printf(b, ": fewer than the %d rounds needed to know the spread", min_rounds);
}

/* "±7.2%": a noise band as the verdicts show it. */
static void put_band(struct buf *b, double noise)
{
	buf_puts(b, "\xC2\xB1");
	fmt_fixed(b, noise * 100, noise * 100 < 10 ? 1 : 0);
	buf_putc(b, '%');
}

/* 1 when s holds the lower-case ASCII word w in any case. */
static int has_word_nocase(const char *s, const char *w)
{
	size_t n = strlen(w);
	for (; *s; s++) {
		size_t k = 0;
		while (k < n && s[k] && (s[k] | 0x20) == w[k])
			k++;
		if (k == n)
			return 1;
	}
	return 0;
}

int words_memory(const struct comparison *c)
{
	/* a size named for memory: "..., peak memory" (noisefloor run), "RSS",
	 * "heap used", "resident set" */
	static const char *const words[] = { "memory", "rss", "heap", "resident" };
	if (c->unit_kind != UNIT_SIZE)
		return 0;
	for (size_t k = 0; k < sizeof words / sizeof words[0]; k++)
		if (has_word_nocase(c->workload, words[k]))
			return 1;
	return 0;
}

const struct diff_words *words_diff(const struct comparison *c)
{
	static const struct diff_words time = { "faster", "slower", "fastest", "slowest" };
	static const struct diff_words less = { "smaller", "larger", "smallest", "largest" };
	static const struct diff_words more = { "larger", "smaller", "largest", "smallest" };
	static const struct diff_words mem_less = { "less memory", "more memory", "smallest", "largest" };
	static const struct diff_words mem_more = { "more memory", "less memory", "largest", "smallest" };
	if (c->unit_kind != UNIT_SIZE)
		return &time;
	if (words_memory(c))
		return c->better == BETTER_HIGHER ? &mem_more : &mem_less;
	return c->better == BETTER_HIGHER ? &more : &less;
}

double words_share(const struct comparison *c, double size, int winner)
{
	/* "smaller" says how much less there is: 80 MB against 100 MB is 20%
	 * smaller (the gap, 100 / 80 - 1, is 25%) */
	int smaller = c->unit_kind == UNIT_SIZE && (c->better == BETTER_HIGHER) != !!winner;
	return smaller ? size / (1 + size) : size;
}

void words_size_number(struct buf *b, double size)
{
	if (size >= 1) {
		fmt_fixed(b, 1 + size, 1 + size < 100 ? 1 : 0);
		buf_puts(b, "\xC3\x97");
		return;
	}
	buf_printf(b, "%ld%%", round_half_away(size * 100));
}

void words_size(struct buf *b, const struct comparison *c, double size, const char *other)
{
	double share = words_share(c, size, 1);
	int factor = share >= 1;
	if (words_memory(c)) {
		if (factor && c->better == BETTER_HIGHER) {
			buf_puts(b, " uses ");
			words_size_number(b, share);
			buf_printf(b, " the memory of %s", other);
			return;
		}
		buf_puts(b, " uses ");
		words_size_number(b, share);
		buf_printf(b, " %s than %s", words_diff(c)->better, other);
	} else if (c->unit_kind == UNIT_SIZE) {
		buf_puts(b, " is ");
		words_size_number(b, share);
		buf_printf(b, " %s than %s", words_diff(c)->better, other);
	} else if (c->better == BETTER_HIGHER) {
		buf_puts(b, " does ");
		words_size_number(b, share);
		if (factor)
			buf_printf(b, " the %s of %s", c->unit, other);
		else
			buf_printf(b, " more %s than %s", c->unit, other);
	} else {
		buf_puts(b, " is ");
		words_size_number(b, share);
		buf_printf(b, " faster than %s", other);
	}
}

void words_size_interval(struct buf *b, const struct comparison *c, const struct verdict_record *r)
{
	double lo = words_share(c, r->size_low, 1), hi = words_share(c, r->size_high, 1);
	struct buf l = BUF_INIT, h = BUF_INIT;
	buf_printf(b, "%.0f%% interval ", STATS_CI_LEVEL * 100);
	words_size_number(&l, fabs(lo));
	words_size_number(&h, hi);
	if (lo >= 0 && hi < 1 && lo < hi && strcmp(buf_str(&l), buf_str(&h)) == 0) {
		/* a narrow interval reads "23% to 23%" in whole percents:
		 * one decimal more tells its ends apart */
		buf_printf(b, "%.1f%% to %.1f%%", floor(lo * 1000) / 10, ceil(hi * 1000) / 10);
		buf_release(&l);
		buf_release(&h);
		return;
	}
	buf_release(&l);
	buf_release(&h);
	if (lo < 0) {
		buf_puts(b, "\xE2\x88\x92");
		words_size_number(b, -lo);
	} else {
		words_size_number(b, lo);
	}
	buf_puts(b, " to ");
	words_size_number(b, hi);
}

const char *words_band_kind(enum record_band k)
{
	switch (k) {
	case RECORD_BAND_LARGEST_SPREAD:
		return "the largest spread of one version's own rounds";
	case RECORD_BAND_PER_ROUND:
		return "the spread of the per-round ratios";
	case RECORD_BAND_QUARTILES:
		return "the larger quartile spread";
	case RECORD_BAND_MIDDLE80:
		return "the larger middle 80% of a history";
	default:
		return "no band";
	}
}

/* " (best rounds)", " (median of 24 per-round ratios; in 20 of 24 rounds;
 * paired; ...)": what decided record r; rule_only adds that the rank test
 * could not take part. */
static void put_record_tag(struct buf *b, const struct comparison *c, const struct verdict_record *r,
			   int rule_only)
{
	switch (r->by) {
	case DECIDED_PAIRED:
		buf_printf(b, " (median of %zu per-round ratios", r->rounds);
		if (c->design != DESIGN_ROUNDS) {
			buf_putc(b, ')');
			break;
		}
		/* the pairing decided where the best rounds could not: both */
		if (r->agree == r->rounds)
			buf_puts(b, "; in every round; paired");
		else
			buf_printf(b, "; in %zu of %zu rounds; paired", r->agree, r->rounds);
		if (r->rule_size <= r->rule_band) {
			buf_puts(b, "; the best rounds are within the published rule's noise of ");
			put_band(b, r->rule_band);
		}
		buf_putc(b, ')');
		break;
	case DECIDED_BEST_ROUNDS:
		buf_puts(b, rule_only ? " (best rounds; too few rounds for a rank test)" : " (best rounds)");
		break;
	case DECIDED_MEDIANS:
		buf_puts(b, " (medians)");
		break;
	case DECIDED_HISTORY:
		buf_puts(b, " (medians of a history)");
		break;
	default:
		break;
	}
}

/* The winner, its size against the other and the tag of record r. */
static void put_record_claim(struct buf *b, const struct comparison *c, const struct verdict_record *r,
			     int rule_only, int capital)
{
	put_first(b, c->versions[r->winner].version, capital);
	words_size(b, c, r->size, c->versions[r->other].version);
	put_record_tag(b, c, r, rule_only);
}

void words_record_claim(struct buf *b, const struct comparison *c, const struct verdict_record *r,
			int capital)
{
	put_record_claim(b, c, r, 0, capital);
}

void words_record_evidence(struct buf *b, const struct comparison *c, const struct verdict_record *r)
{
	if (isfinite(r->size_low) && isfinite(r->size_high)) {
		words_size_interval(b, c, r);
		buf_puts(b, "; ");
	}
	buf_puts(b, r->verdict == VERDICT_FASTER || r->verdict == VERDICT_NOT_CONFIRMED
		 ? "beyond the noise of " : "within the noise of ");
	put_band(b, r->band);
	buf_printf(b, " (%s)", words_band_kind(r->band_kind));
	if (r->rounds && r->winner >= 0)
		buf_printf(b, "; %s better in %zu of %zu rounds", c->versions[r->winner].version, r->agree,
			   r->rounds);
}

/* "26.12.1 is 40% faster than 20.20.2 (best rounds)": the winner w, the other
 * version o, the size in the metric's language ("does 84% more ops/s than"
 * for rates, "is 20% smaller than" for sizes) and the statistic compared,
 * all from the pair's record; rule_only says the rank test could not take
 * part. */
static void put_claim(struct buf *b, const struct comparison *c, const struct pair_stats *p,
		      int rule_only, int capital)
{
	put_record_claim(b, c, &p->rec, rule_only, capital);
}

double words_bar_band(const struct comparison *c)
{
	/* the best rounds are judged against the published rule's band, also
	 * where the pairing made the verdict's claim */
	return c->confirmed == CONFIRMED_PAIRED ? c->record.rule_band : c->noise;
}

void words_against_baseline(struct buf *b, const struct comparison *c, size_t k)
{
	const struct pair_stats *p = evidence_pair(c, (size_t)c->baseline_idx, k);
	size_t at = b->len;
	if (!p && c->by_step) {
		/* a bisect's file: never interleaved with the baseline */
		buf_printf(b, "no step with %s", c->versions[c->baseline_idx].version);
		return;
	}
	words_against_baseline_size(b, c, k);
	if (strcmp(b->s + at, "the same") == 0)
		return;
	if (!p || p->rec.verdict == VERDICT_INSUFFICIENT || p->rec.winner < 0)
		buf_puts(b, " (best rounds; not tested)");
	else if (p->rec.verdict == VERDICT_NOT_CONFIRMED)
		buf_puts(b, " (not confirmed)");
	else if (p->rec.verdict == VERDICT_WITHIN_NOISE)
		buf_puts(b, " (within noise)");
}

void words_against_baseline_size(struct buf *b, const struct comparison *c, size_t k)
{
	const struct version_stats *v = &c->versions[k], *base = &c->versions[c->baseline_idx];
	const struct pair_stats *p = evidence_pair(c, (size_t)c->baseline_idx, k);
	double size;
	int better;
	if (p && p->rec.verdict != VERDICT_INSUFFICIENT && p->rec.winner >= 0) {
		size = p->rec.size;
		better = (size_t)p->rec.winner == k;
	} else {
		/* a pair a long series does not test: its best rounds */
		double hi = fmax(v->best, base->best), lo = fmin(v->best, base->best);
		size = lo > 0 ? hi / lo - 1 : 0;
		better = (c->better == BETTER_HIGHER) == (v->best > base->best);
	}
	if (!(size >= 0.005)) {
		buf_puts(b, "the same");
		return;
	}
	words_size_number(b, words_share(c, size, better));
	buf_printf(b, " %s", better ? words_diff(c)->better : words_diff(c)->worse);
}

const struct pair_stats *words_regression_pair(const struct comparison *c)
{
	const struct pair_stats *worst = NULL;
	if (!c->nregressing)
		return NULL;
	if (c->verdict_pair >= 0 && c->pairs[c->verdict_pair].rec.regression)
		return &c->pairs[c->verdict_pair];
	for (size_t k = 0; k < c->npairs; k++)
		if (c->pairs[k].rec.regression && (!worst || c->pairs[k].rec.size > worst->rec.size))
			worst = &c->pairs[k];
	return worst;
}

void words_regression_title(struct buf *b, const struct comparison *c)
{
	const struct verdict_record *r = &words_regression_pair(c)->rec;
	/* the verdict's own words, from the winner's side: one size */
	buf_printf(b, "\"%s\": %s", c->workload, c->versions[r->winner].version);
	words_size(b, c, r->size, c->versions[r->other].version);
}

/* "; a regression: 24.22.3 is 12% faster than 26.12.1 (...)": a regression
 * the verdict's own pair does not show, so that no document that quotes
 * the verdict leaves it out. */
static void put_other_regression(struct buf *b, const struct comparison *c)
{
	const struct pair_stats *p = words_regression_pair(c);
	if (!p || p == &c->pairs[c->verdict_pair])
		return;
	buf_puts(b, "; a regression: ");
	words_record_claim(b, c, &p->rec, 0);
}

static void put_verdict(struct buf *b, const struct model *m, const struct comparison *c, int capital)
{
	const struct pair_stats *p;
	const struct version_stats *w, *o;

	if (c->verdict == VERDICT_INSUFFICIENT) {
		put_insufficient(b, c, m->min_rounds, capital);
		return;
	}
	if (c->verdict_pair < 0) {
		/* no pair judged: the published rule's verdict on the bests */
		if (c->verdict == VERDICT_FASTER) {
			put_first(b, c->versions[c->rule_best].version, capital);
			buf_printf(b, "%s %s by %ld%%%s", words_memory(c) ? " uses" : "", words_diff(c)->better,
				   round_half_away(words_share(c, c->gap, 1) * 100),
				   c->rule_linear ? "" : ", not linear");
		} else {
			put_first(b, "within noise", capital);
		}
		return;
	}
	p = &c->pairs[c->verdict_pair];
	if (c->verdict == VERDICT_FASTER) {
		put_claim(b, c, p, c->confirmed == CONFIRMED_RULE_ONLY, capital);
		if (!c->linear)
			buf_puts(b, ", not linear");
		put_other_regression(b, c);
	} else if (c->verdict == VERDICT_NOT_CONFIRMED) {
		put_first(b, "not confirmed: ", capital);
		put_claim(b, c, p, 0, 0);
		buf_puts(b, " beyond the noise, but not by the rank test");
		if (!p->reachable)
			buf_printf(b, "; %zu against %zu rounds cannot confirm anything", c->versions[p->a].nrounds,
				   c->versions[p->b].nrounds);
		else if (p->paired && p->rounds_needed > 0 &&
			 (size_t)p->rounds_needed > c->versions[p->a].nrounds) {
			/* planned on the rounds' own ratios, which may show less
			 * than the best rounds: say what the plan is for */
			if (p->paired_side != 0 && p->paired_side != p->side) {
				/* the rounds' own ratios point the other way */
				buf_printf(b, "; round by round it is the other way: %s is ",
					   c->versions[p->paired_side > 0 ? p->b : p->a].version);
				fmt_fixed(b, p->paired_size * 100, p->paired_size * 100 < 10 ? 1 : 0);
				buf_printf(b, "%% %s (median per-round ratio), which about %d rounds per version "
					   "would settle", words_diff(c)->better, p->rounds_needed);
			} else {
				buf_puts(b, "; round by round the difference is ");
				fmt_fixed(b, p->paired_size * 100, p->paired_size * 100 < 10 ? 1 : 0);
				buf_printf(b, "%% (median per-round ratio), which about %d rounds per version would settle",
					   p->rounds_needed);
			}
		} else if (p->rounds_needed > 0 && (size_t)p->rounds_needed > c->versions[p->a].nrounds)
			buf_printf(b, "; about %d rounds per version would settle it", p->rounds_needed);
		else
			buf_puts(b, "; more rounds would settle it");
	} else if (c->same_within > 0) {
		/* the best rounds' band is the machine; the rounds' own ratios
		 * say how close the versions are */
		put_first(b, "within noise of the best rounds (", capital);
		put_band(b, c->noise);
		buf_puts(b, c->nversions > 2 ? "); every version the same within " : "); the same within ");
		put_band(b, c->same_within);
		buf_puts(b, " in every round (paired)");
	} else {
		put_first(b, "within noise", capital);
		if (p->steady) {
			w = &c->versions[p->test_side >= 0 ? p->b : p->a];
			o = &c->versions[p->test_side >= 0 ? p->a : p->b];
			buf_puts(b, " (");
			put_band(b, p->noise);
			buf_printf(b, "), yet the rank test finds %s steadily %s%s than %s: a steady difference "
				   "inside a noise band too wide to judge", w->version,
				   words_memory(c) ? "using " : "",
				   c->unit_kind == UNIT_SIZE ? words_diff(c)->better
				   : c->better == BETTER_HIGHER ? "higher" : "faster", o->version);
		}
	}
}

/* A version of two clusters, as its verdict names it: "24.22.3: 4 of 7
 * rounds 13× slower (anomaly)". */
static void put_anomaly(struct buf *b, const struct version_stats *v)
{
	buf_printf(b, "%s: %ld of %zu rounds ", v->version,
		   round_half_away(v->slow_share * (double)v->nrounds), v->nrounds);
	fmt_fixed(b, v->slow_factor, v->slow_factor < 10 ? 1 : 0);
	buf_puts(b, "\xC3\x97 slower (anomaly)");
}

/* The slow rounds of the machine within one sitting: "rounds 3, 7 and
 * 12: every version about 2× slower (the machine)". */
static void put_slow_rounds(struct buf *b, const struct comparison *c)
{
	buf_puts(b, c->nslow_rounds == 1 ? "; round " : "; rounds ");
	for (size_t k = 0; k < c->nslow_rounds; k++)
		buf_printf(b, "%s%d", k == 0 ? "" : k + 1 == c->nslow_rounds ? " and " : ", ", c->slow_rounds[k]);
	buf_puts(b, ": every version about ");
	fmt_fixed(b, c->slow_round_factor, c->slow_round_factor < 10 ? 1 : 0);
	buf_puts(b, "\xC3\x97 slower (the machine)");
}

/* " (gap 14%, noise ±11%)": what the within-noise rule weighed, where the
 * verdict does not quote its band itself. */
static void put_numbers(struct buf *b, const struct comparison *c)
{
	const struct pair_stats *p = c->verdict_pair >= 0 ? &c->pairs[c->verdict_pair] : NULL;
	if (c->verdict == VERDICT_INSUFFICIENT ||
	    (c->verdict == VERDICT_WITHIN_NOISE && (c->same_within > 0 || (p && p->steady))))
		return;
	buf_puts(b, " (gap ");
	fmt_percent(b, c->gap);
	buf_puts(b, ", noise ");
	fmt_spread(b, c->noise);
	buf_putc(b, ')');
}

/* words_verdict, with the numbers before the slow rounds when asked. */
static void put_verdict_all(struct buf *b, const struct model *m, const struct comparison *c,
			    int capital, int numbers)
{
	size_t nanomalous = 0;

	if (!c->anomaly || c->verdict == VERDICT_INSUFFICIENT) {
		put_verdict(b, m, c, capital);
		if (numbers)
			put_numbers(b, c);
		if (c->nslow_rounds && c->verdict != VERDICT_INSUFFICIENT)
			put_slow_rounds(b, c);
		return;
	}
	/* the anomaly first: it is the finding a reader must not miss, and
	 * its version's spread is not the noise of the others */
	for (size_t i = 0; i < c->nversions; i++) {
		if (!c->versions[i].bimodal)
			continue;
		if (nanomalous++)
			buf_puts(b, "; ");
		put_anomaly(b, &c->versions[i]);
	}
	buf_puts(b, c->others_apart ? "; among the others, " : "; ");
	put_verdict(b, m, c, 0);
	if (numbers)
		put_numbers(b, c);
	if (c->nslow_rounds)
		put_slow_rounds(b, c);
}

void words_interval(struct buf *b, double low, double high)
{
	buf_printf(b, "%.0f%% interval ", STATS_CI_LEVEL * 100);
	fmt_percent_signed(b, low);
	buf_puts(b, " to ");
	fmt_percent_signed(b, high);
}

void words_verdict(struct buf *b, const struct model *m, const struct comparison *c, int capital)
{
	put_verdict_all(b, m, c, capital, 0);
}

void words_verdict_besides(struct buf *b, const struct model *m, const struct comparison *c)
{
	put_verdict(b, m, c, 0);
	if (c->nslow_rounds && c->verdict != VERDICT_INSUFFICIENT)
		put_slow_rounds(b, c);
}

void words_verdict_numbers(struct buf *b, const struct model *m, const struct comparison *c)
{
	put_verdict_all(b, m, c, 0, 1);
}

void words_design(struct buf *b, const struct comparison *c)
{
	size_t minr = (size_t)-1, maxr = 0;
	for (size_t i = 0; i < c->nversions; i++) {
		minr = c->versions[i].nrounds < minr ? c->versions[i].nrounds : minr;
		maxr = c->versions[i].nrounds > maxr ? c->versions[i].nrounds : maxr;
	}
	switch (c->design) {
	case DESIGN_ROUNDS:
		break;
	case DESIGN_SESSIONS:
		buf_printf(b, "shared sessions over %.0f days: every round holds every version, so each "
			   "round's ratios cancel the machine of that day; compared by the median per-round "
			   "ratio and the signed rank test", c->span_days);
		break;
	case DESIGN_UNEQUAL:
		buf_printf(b, "unequal rounds (%zu to %zu per version): compared by medians and the quartile "
			   "spread, which do not grow with the number of rounds", minr, maxr);
		break;
	case DESIGN_HISTORY:
		if (c->span_days >= 0)
			buf_printf(b, "a history over %.0f days (%zu to %zu rounds per version, versions in "
				   "rounds of their own)", c->span_days, minr, maxr);
		else
			buf_printf(b, "unequal rounds with no time recorded (%zu to %zu per version), compared "
				   "as a history", minr, maxr);
		buf_printf(b, ": compared by medians against the spread of the middle 80%% of the rounds, "
			   "a claim needs %d%% or more, and time and version are confounded",
			   (int)(EVIDENCE_HISTORY_FLOOR * 100));
		break;
	}
}

void words_drift(struct buf *b, const struct comparison *c)
{
	const struct drift *d = &c->drift;
	if (!d->found)
		return;
	if (!d->paired || d->machine) {
		buf_printf(b, "later rounds %s %s: the round values %s with %s within %s "
			   "(Mann-Kendall S = %+.0f, p = ", words_memory(c) ? "used" : "were",
			   d->rising == (c->better == BETTER_LOWER) ? words_diff(c)->worse : words_diff(c)->better,
			   d->rising ? "rise" : "fall", d->timed ? "time" : "the round number",
			   d->ntested == 1 ? "the version" : "each version", d->s);
		fmt_p(b, d->p);
		buf_putc(b, ')');
	}
	if (d->load_explains) {
		buf_printf(b, ", which the load explains: the load average %s from ",
			   d->load_last > d->load_first ? "rose" : "fell");
		fmt_fixed(b, d->load_first, 1);
		buf_puts(b, " to ");
		fmt_fixed(b, d->load_last, 1);
		buf_puts(b, " over the rounds, and the round values follow it: the machine changed, "
			 "not the versions");
	} else if (d->machine) {
		buf_puts(b, ", every version alike in the same rounds: the machine changed, not the versions");
	}
	if (d->paired && d->against >= 0) {
		const struct version_stats *v = &c->versions[d->against];
		int two = c->nversions == 2;
		buf_printf(b, "%slater rounds of %s %s %s against %s in the same rounds: its ratio to %s %s "
			   "with %s (Mann-Kendall S = %+.0f, p = ", d->machine ? "; " : "", v->version,
			   words_memory(c) ? "used" : "were",
			   d->against_rising == (c->better == BETTER_LOWER) ? words_diff(c)->worse
									    : words_diff(c)->better,
			   two ? c->versions[0].version : "the other versions", two ? "it" : "their mean",
			   d->against_rising ? "rises" : "falls", d->timed ? "time" : "the round number",
			   d->against_s);
		fmt_p(b, d->against_p);
		buf_putc(b, ')');
	}
}

const char *words_how_taken(enum how_taken t)
{
	switch (t) {
	case TAKEN_HISTORY:
		return "the rounds are a history: versions ran on different days, in rounds of their "
		       "own, so time and version are confounded";
	case TAKEN_BLOCKS:
		return "each version's rounds ran back to back, not interleaved with the other "
		       "versions, so a change of the machine over time can be charged to a version";
	case TAKEN_UNRECORDED:
		return "every version was run several times; interleaving not recorded (the input "
		       "has no timestamps), so a slow phase of the machine may have hit one version "
		       "more than another";
	case TAKEN_SESSIONS:
		return "every version ran in every session, on the machine of that day, so each "
		       "session's ratios cancel the machine";
	case TAKEN_INTERLEAVED:
		return "every version was run several times, interleaved with the others (as the "
		       "timestamps show), so a slow phase of the machine hit every version alike";
	case TAKEN_SEVERAL:
		break;
	}
	return "every version was run several times";
}

void words_recommendation(struct buf *b, const struct model *m)
{
	const struct release_line *rec = m->recommended;
	if (!rec)
		return;
	buf_printf(b, "Use %s %s (%s%s%s): it is the newest line in %s on %s",
		   m->schedule.product, rec->line, rec->codename ? rec->codename : "",
		   rec->codename ? ", " : "", rec->status, rec->status, m->as_of);
	buf_printf(b, ", supported until %s", rec->end);
	if (!rec->compared)
		buf_puts(b, "; it was not among the measured versions");
}

void words_finding(struct buf *b, const struct model *m, const struct platform_finding *f)
{
	const struct comparison *c0 = &m->comparisons[f->comparisons[0]];
	if (f->consistent < 0) {
		buf_printf(b, "measured on %s only", c0->platform);
		return;
	}
	if (f->consistent) {
		/* the same verdict everywhere: a claim names its winner, any
		 * other verdict reads as within noise */
		if (c0->verdict == VERDICT_FASTER)
			buf_printf(b, words_memory(c0) ? "%s uses the least memory on every platform ("
				   : "%s is the %s on every platform (", c0->versions[c0->best_idx].version,
				   words_diff(c0)->best);
		else
			buf_puts(b, "within noise on every platform (");
		for (size_t j = 0; j < f->ncomparisons; j++)
			buf_printf(b, "%s%s", j ? ", " : "", m->comparisons[f->comparisons[j]].platform);
		buf_puts(b, "): the finding reproduces");
		return;
	}
	buf_puts(b, "the platforms disagree: ");
	for (size_t j = 0; j < f->ncomparisons; j++) {
		const struct comparison *c = &m->comparisons[f->comparisons[j]];
		buf_printf(b, "%s%s ", j ? "; " : "", c->platform);
		words_verdict(b, m, c, 0);
	}
}

/* "\"a\" on p, \"b\" on p, \"c\" on p and 2 more": the comparisons of m
 * that `pick` selects, the first three by name. Returns how many. */
static size_t put_names(struct buf *b, const struct model *m,
			int (*pick)(const struct comparison *c))
{
	size_t n = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (!pick(c))
			continue;
		if (n < 3) {
			buf_puts(b, n ? ", " : "");
			words_subject(b, c);
		}
		n++;
	}
	if (n > 3)
		buf_printf(b, " and %zu more", n - 3);
	return n;
}

static int pick_blocked(const struct comparison *c)
{
	return c->blocked;
}

static int pick_fixed_order(const struct comparison *c)
{
	return c->fixed_order;
}

static int pick_history(const struct comparison *c)
{
	return c->design == DESIGN_HISTORY && c->verdict != VERDICT_INSUFFICIENT;
}

void words_clusters(struct buf *b, const struct comparison *c, const struct version_stats *v)
{
	buf_printf(b, "%ld of %zu rounds %s ", round_half_away(v->slow_share * (double)v->nrounds),
		   v->nrounds, words_memory(c) ? "use" : "are");
	fmt_fixed(b, v->slow_factor, v->slow_factor < 10 ? 1 : 0);
	buf_printf(b, "\xC3\x97 %s than %s", words_diff(c)->worse,
		   c->paired ? "the other versions in the same rounds" : "its other rounds");
}

void words_warning(struct buf *b, const struct model *m, const struct warning_fact *w)
{
	const struct comparison *c = w->comparison < m->ncomparisons ? &m->comparisons[w->comparison] : NULL;

	switch (w->kind) {
	case WARNING_EOL: {
		const struct release_line *l = &m->schedule.lines[w->line];
		buf_printf(b, "%s %s is end-of-life since %s: it gets no security fixes; "
			   "do not deploy it, whatever its speed", m->schedule.product, l->line, l->end);
		break;
	}
	case WARNING_BLOCKS: {
		int drift = 0;
		for (size_t i = 0; i < m->ncomparisons; i++)
			drift |= m->comparisons[i].blocked && m->comparisons[i].drift.found;
		buf_puts(b, "the timestamps show the rounds ran in blocks, one version after another, "
			 "not interleaved (");
		put_names(b, m, pick_blocked);
		buf_printf(b, "): a change of the machine over time is charged to a version%s",
			   drift ? ", and the values drift with time" : "");
		break;
	}
	case WARNING_FIXED_ORDER:
		buf_puts(b, "the timestamps show the versions ran in the same order in every round, "
			 "never rotated (");
		put_names(b, m, pick_fixed_order);
		buf_puts(b, "): a version's place in the round is the same in every round, so a machine "
			 "that drifts during the sitting favours the earlier places; the pairing of rounds "
			 "claims no difference the drift between places could make");
		break;
	case WARNING_INSUFFICIENT:
		words_subject(b, c);
		buf_puts(b, ": ");
		words_verdict(b, m, c, 0);
		break;
	case WARNING_RUNNER_BLOCKS:
		words_subject(b, c);
		buf_puts(b, ": the runner measured each version's rounds back to back, "
			 "not interleaved, so machine drift can be charged to a version");
		break;
	case WARNING_BIMODAL:
		words_subject(b, c);
		buf_printf(b, ": the rounds of %s fall into two clusters: ", c->versions[w->version].version);
		words_clusters(b, c, &c->versions[w->version]);
		buf_printf(b, "; %s is erratic here, worth reporting upstream%s", c->versions[w->version].version,
			   c->others_apart ? ", and the other versions are compared without it" : "");
		break;
	case WARNING_HISTORY: {
		struct buf names = BUF_INIT;
		size_t n = put_names(&names, m, pick_history);
		const struct comparison *first = NULL;
		for (size_t i = 0; i < m->ncomparisons && !first; i++)
			if (pick_history(&m->comparisons[i]))
				first = &m->comparisons[i];
		buf_printf(b, "%s %s %s: ", n == 1 ? "this comparison" : "these comparisons",
			   n == 1 ? "is" : "are", names.s);
		words_design(b, first);
		buf_release(&names);
		break;
	}
	case WARNING_NOISE_CHECKS:
		buf_printf(b, "the machine did not pass the noise checks before the rounds (%s): "
			   "its noise is in every round, and a difference smaller than it is not to be trusted",
			   m->load.noise_checks);
		break;
	case WARNING_LOADED:
		buf_printf(b, "%zu of %zu runs ran while the load average was above the ", m->load.above,
			   m->load.known);
		fmt_sig(b, m->load.cores, 3);
		buf_puts(b, " cores (up to ");
		fmt_fixed(b, m->load.highest, 1);
		buf_puts(b, "): the machine was busy, and its noise is in those rounds");
		break;
	}
}

void words_single_platform(struct buf *b, const struct model *m, const char *platform)
{
	const char *version = NULL;
	size_t n = 0, rounds = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (c->platform != platform)
			continue;
		n++;
		for (size_t k = 0; k < c->nversions; k++) {
			if (!version)
				version = c->versions[k].version;
			if (c->versions[k].nrounds > rounds)
				rounds = c->versions[k].nrounds;
		}
	}
	/* "linux-x64: only 24 was measured ...", or "Only 24 ..." on a
	 * platform no input named */
	if (model_platform_named(platform))
		buf_printf(b, "%s: ", platform);
	if (rounds == 1)
		buf_printf(b, "%s of %s only, nothing to compare (%zu workload%s)",
			   model_platform_named(platform) ? "one run" : "One run", version, n,
			   n == 1 ? "" : "s");
	else
		buf_printf(b, "%s %s was measured (up to %zu rounds), nothing to compare "
			   "(%zu workload%s)", model_platform_named(platform) ? "only" : "Only", version,
			   rounds, n, n == 1 ? "" : "s");
}

void words_subject(struct buf *b, const struct comparison *c)
{
	buf_printf(b, "\"%s\"", c->workload);
	if (model_platform_named(c->platform))
		buf_printf(b, " on %s", c->platform);
}

void words_check_line(struct buf *b, const struct comparison *c, const struct version_stats *v,
		      const struct pair_stats *p)
{
	const struct version_stats *base = &c->versions[c->baseline_idx];
	const char *worse = words_diff(c)->worse;
	/* an unnamed platform is left out: "worse: \"w\": b is slower ..." */
	const char *on = model_platform_named(c->platform) ? " on " : "";
	const char *pf = *on ? c->platform : "";
	if (v->baseline_order > 0)
		buf_printf(b, "regression: \"%s\"%s%s: %s is newer than the baseline %s, and %s: ",
			   c->workload, on, pf, v->version, base->version, worse);
	else if (v->baseline_order < 0)
		buf_printf(b, "older: \"%s\"%s%s: %s is older than the baseline %s, and %s: ",
			   c->workload, on, pf, v->version, base->version, worse);
	else
		buf_printf(b, "worse: \"%s\"%s%s: %s is %s than the baseline %s: ", c->workload,
			   on, pf, v->version, worse, base->version);
	/* the pair's verdict record, as every document words it */
	words_record_claim(b, c, &p->rec, 0);
	buf_puts(b, "; ");
	words_record_evidence(b, c, &p->rec);
	buf_puts(b, "; p = ");
	fmt_p(b, p->rec.p_holm);
	buf_printf(b, " after Holm (%s)", p->rec.test);
}

void words_check_blind(struct buf *b, const struct comparison *c, const struct verdict_record *r,
		       double floor)
{
	buf_printf(b, "cannot see: \"%s\"%s%s: ", c->workload,
		   model_platform_named(c->platform) ? " on " : "",
		   model_platform_named(c->platform) ? c->platform : "");
	if (!isfinite(r->sees)) {
		buf_printf(b, "with %zu rounds no test can confirm a change of any size", r->rounds);
		return;
	}
	buf_puts(b, "a change smaller than about ");
	words_size_number(b, r->sees);
	buf_puts(b, " cannot be confirmed by these rounds (noise ");
	put_band(b, r->sees);
	buf_printf(b, ": %s), so a change of ", words_band_kind(r->band_kind == RECORD_BAND_LARGEST_SPREAD &&
								r->sees < r->band ? RECORD_BAND_PER_ROUND
								: r->band_kind));
	words_size_number(b, floor);
	buf_puts(b, " could pass unseen");
}

void words_check_step_line(struct buf *b, const struct comparison *c, const struct release_step *s,
			   int older)
{
	buf_printf(b, "%s: \"%s\"%s%s: %s is newer than %s of line %s (compared as one version)",
		   older ? "older" : "regression", c->workload,
		   model_platform_named(c->platform) ? " on " : "",
		   model_platform_named(c->platform) ? c->platform : "", s->after, s->before,
		   c->versions[s->b].version);
	if (older)
		buf_printf(b, ", a line older than the baseline %s", c->versions[c->baseline_idx].version);
	buf_printf(b, ", and %s: ", words_diff(c)->worse);
	fmt_percent_signed(b, s->ratio - 1);
	buf_printf(b, " (median round), rounds %zu and %zu; p = ", s->n_before, s->n_after);
	fmt_p(b, s->p_holm);
	buf_puts(b, " after Holm");
}

void words_how_often(struct buf *b, const struct comparison *c)
{
	const struct verdict_record *r = &c->record;
	const struct version_stats *w = &c->versions[r->winner], *o = &c->versions[r->other];
	if (c->by_step && c->verdict_pair >= 0) {
		/* a bisect's file: the versions' rounds span steps measured at
		 * other times; the record's rounds are its step's alone */
		buf_printf(b, "in step %d, whose rounds each ran both, %s was better in %zu of %zu "
			   "rounds; the %s differ by more than the noise (", c->pairs[c->verdict_pair].step,
			   w->version, r->agree, r->rounds, r->by == DECIDED_PAIRED ? "per-round ratios"
			   : r->by == DECIDED_BEST_ROUNDS ? "best rounds" : "medians");
		words_size_number(b, r->size);
		buf_puts(b, " against ");
		put_band(b, r->band);
		buf_puts(b, ") and the rank test confirms it");
		return;
	}
	/* do the round ranges of the winner and the other overlap? */
	if (c->better == BETTER_HIGHER ? w->worst_round > o->best : w->worst_round < o->best) {
		buf_printf(b, "in every round: the worst of %zu rounds of %s beat the best of %zu rounds of %s",
			   w->nrounds, w->version, o->nrounds, o->version);
		return;
	}
	buf_printf(b, "the round values of %s and %s overlap; ", w->version, o->version);
	if (r->by == DECIDED_PAIRED)
		buf_printf(b, "%s was better in %zu of %zu rounds that ran both, and the median of those "
			   "per-round ratios lies beyond their own spread (", w->version, r->agree, r->rounds);
	else
		buf_printf(b, "the %s differ by more than the noise (", r->by == DECIDED_BEST_ROUNDS
			   ? "best rounds" : "medians");
	words_size_number(b, r->size);
	buf_puts(b, " against ");
	put_band(b, r->band);
	buf_puts(b, ") and the rank test confirms it");
}

const struct version_stats *words_winner(const struct comparison *c)
{
	const struct version_stats *w;
	int hi = c->better == BETTER_HIGHER;

	if (c->verdict != VERDICT_FASTER || c->best_idx < 0)
		return NULL;
	w = &c->versions[c->best_idx];
	/* the largest confirmed claim may name a version that another one,
	 * whose own claims the test did not confirm, beats in the same row:
	 * then no version is marked */
	for (size_t i = 0; i < c->nversions; i++) {
		const struct version_stats *v = &c->versions[i];
		if (v == w || !v->nrounds)
			continue;
		if (hi ? v->best > w->best || v->level > w->level
		       : v->best < w->best || v->level < w->level)
			return NULL;
	}
	return w;
}

void words_rec_standing(struct buf *b, const struct model *m, const struct comparison *c,
			const struct version_stats *r, struct rec_standing *out)
{
	const struct pair_stats *lose = NULL;
	size_t ri = (size_t)(r - c->versions);

	/* the largest confirmed pair that beats r */
	for (size_t k = 0; k < c->npairs; k++) {
		const struct pair_stats *p = &c->pairs[k];
		if (p->rec.verdict != VERDICT_FASTER || (p->a != ri && p->b != ri) ||
		    (size_t)p->rec.winner == ri)
			continue;
		if (!lose || p->rec.size > lose->rec.size)
			lose = p;
	}
	memset(out, 0, sizeof *out);
	out->faster = lose ? &c->versions[lose->rec.winner] : NULL;
	out->gap = lose ? lose->rec.size : 0;
	if (words_winner(c) == r) {
		out->fastest = 1;
		buf_printf(b, "%s (", words_diff(c)->best);
		words_verdict(b, m, c, 0);
		buf_putc(b, ')');
	} else if (lose) {
		/* the record's own size and design, from the side that lost */
		const struct verdict_record *lr = &lose->rec;
		if (c->unit_kind == UNIT_TIME || c->unit_kind == UNIT_OTHER) {
			words_size_number(b, lr->size);
			buf_printf(b, " slower than %s", out->faster->version);
			put_record_tag(b, c, lr, 0);
		} else {
			buf_puts(b, "behind: ");
			words_record_claim(b, c, lr, 0);
		}
		buf_puts(b, ", a confirmed difference");
	} else {
		buf_puts(b, c->unit_kind == UNIT_SIZE ? "as good as the best: no confirmed difference"
			 : "as fast as the best: no confirmed difference");
	}
}

const char *words_anomaly_mark(const struct version_stats *v)
{
	return v->bimodal ? "(anomaly)" : NULL;
}

const char *words_change_kind(const struct version_stats *v)
{
	if (v->is_baseline || v->change_claim)
		return NULL;
	return v->change_beyond ? "not confirmed" : "within noise";
}
