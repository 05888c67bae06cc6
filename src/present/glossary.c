/*
 * glossary.c - the method's terms, each defined here once (glossary.h).
 * The definitions are analysis.json's; the workbook and the charts lay
 * them out as "Name: definition".
 */
#include "present/glossary.h"

#include "lib/util.h"

struct term {
	const char *name;   /* as a heading */
	const char *key;    /* analysis.json's key */
	const char *says;   /* the definition; NULL: worded with the method's facts */
};

static const struct term terms[GLOSSARY_TERMS] = {
	[GLOSSARY_ROUND_VALUE] = { "Round value", "round_value", "median of the round's passes" },
	[GLOSSARY_BEST] = { "Best", "best", "lowest round value (highest when higher is better)" },
	[GLOSSARY_SPREAD] = { "Spread", "spread",
		"(highest - lowest round value) / (2 * median of the round values)" },
	[GLOSSARY_RULE] = { "Rule", "rule", "a difference counts only when the gap exceeds the largest spread" },
	[GLOSSARY_GAP] = { "Gap", "gap",
		"how much better one of the verdict's two versions is than the other (the largest "
		"claim the rank test confirms, else the best and the worst version)" },
	[GLOSSARY_NOISE] = { "Noise", "noise",
		"the band the gap must exceed. A difference is claimed only when the gap exceeds "
		"the noise and the rank test confirms it" },
	[GLOSSARY_WINNER] = { "Winner", "winner",
		"the version a verdict names faster, when no other version in its row is better; "
		"its value is in bold, as in every document. No claim, no winner" },
	[GLOSSARY_TEST] = { "Rank test", "test",
		"two-sided Mann-Whitney U on the round values, as R's wilcox.test: exact below 50 "
		"rounds a side without ties, else normal with tie and continuity correction" },
	[GLOSSARY_CORRECTION] = { "Correction", "correction", "Holm across the pairs of each comparison" },
	[GLOSSARY_SHIFT] = { "Shift", "shift", "Hodges-Lehmann: median of the pairwise differences b - a" },
	[GLOSSARY_RATIO] = { "Ratio", "ratio",
		"Hodges-Lehmann estimate of b / a: exp of the median of every difference log b - "
		"log a; the centre of ci" },
	[GLOSSARY_MEDIAN_RATIO] = { "Ratio of medians", "median_ratio",
		"median b / median a (another estimate, not the centre of ci)" },
	[GLOSSARY_INTERVAL] = { "Interval", "ci", NULL },
	[GLOSSARY_P_FLOOR] = { "Smallest reachable p", "p_floor",
		"smallest two-sided p the exact test can reach: 2 / C(n + m, n)" },
	[GLOSSARY_ROUNDS_NEEDED] = { "Rounds per version needed", "rounds_needed", NULL },
	[GLOSSARY_STEPS] = { "Steps", "steps",
		"series of 5 or more versions: the best value moves beyond the larger spread and "
		"the next version confirms it" },
	[GLOSSARY_DRIFT] = { "Drift", "drift",
		"Mann-Kendall trend of round values with time within each version, combined per "
		"comparison, each comparison on its own" },
};

const char *glossary_name(enum glossary t)
{
	return terms[t].name;
}

const char *glossary_key(enum glossary t)
{
	return terms[t].key;
}

void glossary_says(struct buf *b, enum glossary t, const struct report_method *mt)
{
	if (terms[t].says)
		buf_puts(b, terms[t].says);
	else if (t == GLOSSARY_INTERVAL)
		buf_printf(b, "%s interval of the ratio b / a (the Hodges-Lehmann estimate in ratio) "
			   "from %s", mt->ci_text, mt->interval);
	else
		buf_printf(b, "rounds per side for %s power at the level %s / pairs given the pooled "
			   "standard deviation and the gap the verdict quotes (best rounds in the "
			   "rounds design, medians elsewhere); null when unknown",
			   mt->power_text, mt->alpha_text);
}

void glossary_line(struct buf *b, enum glossary t, const struct report_method *mt)
{
	buf_printf(b, "%s: ", terms[t].name);
	glossary_says(b, t, mt);
	buf_puts(b, ".");
}
