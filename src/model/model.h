/*
 * model.h - the one in-memory model of a noisefloor run.
 *
 * Data flows one way: ingest fills the input half (documents, environment,
 * results); analysis.c fills the computed half (comparisons, support lines,
 * the recommended line) as facts: enums, numbers and version pairs, no
 * sentences; present/ words them and each renderer lays them out.
 * Renderers never see cJSON or any input format.
 *
 * Strings in results (workload, version, platform, unit, ...) are interned in
 * the model's string pool: identical strings share one copy, so memory grows
 * with the number of values, not with the input text. Interned strings can be
 * compared by pointer.
 */
#ifndef NF_MODEL_H
#define NF_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

enum better { BETTER_LOWER = 0, BETTER_HIGHER = 1 };

/* What a unit measures (ingest_unit_kind, from ingest's unit table); the
 * documents word a difference by it: "faster" for a time or a rate,
 * "smaller" or "larger" for a size, never "faster" for megabytes. */
enum unit_kind {
	UNIT_TIME = 0,  /* ns, µs, ms, s: time per pass */
	UNIT_RATE,      /* ops/s, req/s, MB/s and any other "/s": work per second */
	UNIT_SIZE,      /* B, KB, KiB, MB, MiB, GB, GiB, TB: memory or data */
	UNIT_OTHER,     /* anything else, kept as given (worded as a time) */
};

/* What the compared versions are (analysis.c decides, once per report). */
enum versions_kind {
	VERSIONS_RELEASES = 0, /* releases of the schedule's product: the input's
	                         subject names the product, or every version is
	                         on one of its lines ("24.11.1", "v24", "24")
	                         and they are not the values of a runner's
	                         parameter that names no version;
	                         support windows, the recommendation and
	                         end-of-life warnings apply */
	VERSIONS_VARIANTS,     /* other labels ("a", "sleep 0.01", "1.0" of a
	                         product the schedule is not for, gzip's levels
	                         "1", "6", "9" of a --parameter-list): compared
	                         without release advice; ordered only when
	                         model.versions_ordered says so */
};

/* The platform of a result that names none (no "platform", no os and
 * arch in the environment): kept as the comparisons' key and in the data
 * (analysis.json, the CSV files), never written into a sentence. */
#define MODEL_PLATFORM_UNNAMED "unknown"

/* 1 when the input named the platform (not MODEL_PLATFORM_UNNAMED). */
static inline int model_platform_named(const char *platform)
{
	return platform && strcmp(platform, MODEL_PLATFORM_UNNAMED) != 0;
}

struct kv {
	const char *key;   /* interned */
	const char *value; /* interned */
};

/* What every round of one series shares: one workload, version, platform
 * and unit of one input document, with the same per-round extras (note,
 * meta, v8; rare, so a round with its own note makes a series of its own).
 * Stored once per series (model_add_result finds or makes it); results point
 * to it. */
struct series {
	const char *workload; /* interned, valid UTF-8, never empty */
	const char *version;  /* interned, as given ("24.11.1", "v24", "old"); "v24" becomes
	                       * "24" when the input also spells it so (ingest_finish);
	                       * the release line ("24") when the analysis compares
	                       * lines (lines.c), with the release in `release` */
	const char *release;  /* interned exact release as given when `version` is
	                         its line, else NULL */
	const char *platform; /* interned, "linux-x64" */
	const char *unit;     /* interned, normalised ("ms", "ops/s") */
	const char *note;     /* interned, or NULL */
	const char *meta_json; /* interned compact JSON of "meta", or NULL */
	const char *v8;       /* interned meta.v8, or NULL */
	const char *source;   /* interned input name ("-" for stdin) */
	size_t doc;           /* 0-based index of the input document */
	size_t id;            /* 0-based, in the order the series first appeared */
	signed char better;   /* enum better */
	signed char where_is_line; /* 1 when `where` is a line number */
	signed char back_to_back; /* 1 when the runner ran this version's rounds in
	                         a block, not interleaved with other versions */
	signed char runner_interleaved; /* 1 when the runner itself interleaves the
	                         versions' rounds (compare.js alternates them) */
	signed char checked;  /* private: ingest checked the names once */
	struct series *next;  /* private: the series of the result that followed
	                         this one's last (model_add_result tries it first:
	                         runners repeat one order of series every round) */
};

/* What few rounds have: a timestamp, or more than one pass. */
struct result_extra {
	const char *timestamp; /* interned ISO 8601, or NULL */
	double time;          /* the timestamp's seconds since 1970-01-01T00:00Z
	                         (iso8601_read), NaN when it has none */
	size_t npasses;       /* >= 1 once checked by ingest */
	double passes[];      /* npasses of them when more than one, finite and > 0 */
};

/* One round of one version of one workload on one platform: 32 bytes; the
 * common round (one pass, no timestamp) holds nothing out of line. */
struct result {
	struct series *series; /* owned by the model, never moves */
	struct result_extra *extra; /* in the model's storage, or NULL: no
	                         timestamp and one pass, `value` */
	double value;         /* the round's value: the median of its passes */
	int round;            /* >= 1 after ingest */
	uint32_t where;       /* 1-based: index in a document's "results" (also
	                         one on a line) or line (an NDJSON result line),
	                         UINT32_MAX for any later one */
};

/* The round's timestamp (interned ISO 8601), or NULL. */
static inline const char *result_timestamp(const struct result *r)
{
	return r->extra ? r->extra->timestamp : NULL;
}
/* The seconds of the round's timestamp (since 1970-01-01T00:00Z) in *s:
 * 1, or 0 (*s untouched) when it has none. */
static inline int result_time(const struct result *r, double *s)
{
	if (!r->extra || r->extra->time != r->extra->time) /* NaN: none */
		return 0;
	*s = r->extra->time;
	return 1;
}
/* The passes of a round (result_npasses of them). */
static inline size_t result_npasses(const struct result *r)
{
	return r->extra ? r->extra->npasses : 1;
}
static inline const double *result_passes(const struct result *r)
{
	return r->extra && r->extra->npasses != 1 ? r->extra->passes : &r->value;
}
/* A round's value: the median of its passes (n >= 1), the one place this
 * rule is written (model_add_result, and ingest when it rescales a unit). */
double result_value_of_passes(const double *passes, size_t n);

/* A result as a reader fills it before model_add_result() stores it. */
struct result_draft {
	const char *workload, *version, *platform, *unit; /* interned */
	int round;
	signed char better, where_is_line, back_to_back, runner_interleaved;
	signed char has_time; /* time holds the timestamp's seconds (else
	                         model_add_result reads them) */
	double *passes;       /* model_draft_passes() or the reader's own */
	size_t npasses;
	const char *timestamp, *note, *meta_json, *v8, *source; /* interned */
	double time;
	size_t where, doc;
};

/* What the input says about one workload (the document field "workloads"):
 * what one pass does, how much data it handles and the code that ran. */
struct workload_info {
	const char *name;        /* interned, as the results name the workload */
	const char *description; /* interned sentence, or NULL */
	double bytes;            /* bytes one pass processes, a whole number > 0;
	                            0 when not given */
	const char *source;      /* interned path or URL of the code, or NULL */
	const char *from;        /* interned input name that gave it (messages) */
};

/* One machine the rounds of a platform ran on, as the inputs' environments
 * record it ("cpu", "cores"; ingest_finish): one per platform, cpu and
 * cores met. Rounds of one platform from machines that differ are pooled
 * into its comparisons, and every document warns. */
struct machine {
	const char *platform; /* interned */
	const char *cpu;      /* interned environment value, or NULL: not recorded */
	const char *cores;    /* interned environment value, or NULL: not recorded */
	const char **inputs;  /* owned array of interned input names, in the order
	                         given */
	size_t ninputs;
};

/* What one input's environment said about its machine (ingest, one per
 * model.sources entry): the values it set, not an earlier input's. */
struct source_env {
	const char *cpu, *cores; /* interned, or NULL when it set none */
	size_t doc_from;      /* its first document (model.ndocs when it began) */
	size_t env_from;      /* model.env_changes when it began */
};

/* ---- computed by analysis.c ---- */

/* FASTER is a confirmed claim (both keys); NOT_CONFIRMED a difference beyond
 * the noise that the rank test does not confirm. */
enum verdict { VERDICT_FASTER, VERDICT_WITHIN_NOISE, VERDICT_INSUFFICIENT, VERDICT_NOT_CONFIRMED };

/* Why a comparison has no verdict (VERDICT_INSUFFICIENT). */
enum insufficient {
	INSUFFICIENT_NONE = 0,      /* it has a verdict */
	INSUFFICIENT_ONE_VERSION,   /* one version measured: nothing to compare */
	INSUFFICIENT_SPREAD_UNKNOWN, /* every version short of rounds ran one round:
	                               its spread is unknown */
	INSUFFICIENT_FEW_ROUNDS,    /* some version short of rounds ran more than one,
	                               fewer than model.min_rounds */
};

/* Which keys hold a FASTER verdict's claim. */
enum confirmation {
	CONFIRMED_NONE = 0,   /* no claim (not FASTER) */
	CONFIRMED_BOTH,       /* beyond the noise, and the rank test after Holm */
	CONFIRMED_RULE_ONLY,  /* the published rule alone: with these rounds no rank
	                         test could confirm anything (the published design) */
	CONFIRMED_PAIRED,     /* the published design, where the rule makes no
	                         claim: the median per-round ratio beyond its band
	                         and the signed rank test after Holm */
};

/* How the rounds were taken, which decides the statistic compared
 * (evidence.c detects it; doc/method.md). */
enum design {
	DESIGN_ROUNDS,   /* the same number of rounds per version in one sitting
	                    (or not recorded): best round, range spread */
	DESIGN_SESSIONS, /* shared sessions over days: every round holds every
	                    version; per-round ratios, signed rank test */
	DESIGN_UNEQUAL,  /* very unequal round counts in one sitting: medians,
	                    quartile spread, ratio of medians */
	DESIGN_HISTORY,  /* a history: rounds spread over days with versions in
	                    rounds of their own, or unequal counts with no time
	                    recorded: medians, quartile spread, a 10 % floor;
	                    time and version are confounded */
};

/* What a comparison's verdict compared for each version (`level`) and the
 * band it used around it (`band`): a per-comparison fact the design sets
 * (evidence.c, compared_set), so a table shows exactly that. A new design
 * sets these two and every table follows. */
enum level_stat {
	LEVEL_BEST = 0,   /* the best round (the published design) */
	LEVEL_MEDIAN,     /* the median round (histories, unequal counts, sessions) */
};
enum band_kind {
	BAND_SPREAD = 0,  /* half the range of the rounds, of the median */
	BAND_MIDDLE50,    /* half the middle 50 % (quartiles), of the median */
	BAND_MIDDLE80,    /* half the middle 80 % (10th to 90th), of the median */
};
struct compared {
	enum level_stat level;
	enum band_kind band;
	int per_round_ratios; /* pairs are tested on per-round ratios (sessions):
	                         the table's medians stand beside that test */
};

/* A trend of the round values with run order within the versions of one
 * comparison (Mann-Kendall, combined over the versions with three or more
 * rounds, Holm across the report's comparisons; evidence.c). */
struct drift {
	int found;            /* p below STATS_ALPHA, some version tested */
	int rising;           /* the round values rise with run order */
	int timed;            /* run order from timestamps, else round numbers */
	size_t ntested;       /* versions tested */
	double s;             /* the combined Mann-Kendall S */
	double p;             /* its p (one test per comparison: no correction) */
	int load_explains;    /* the round values follow the load average the
	                         rounds ran under (meta.load_before/after), in the
	                         drift's direction: the machine, not the versions */
	double load_first, load_last; /* the load of the first and last round */
	/* paired rounds (every round holds every version): the versions share
	 * each round's machine, so their trends are not independent; two
	 * tests instead, Bonferroni over both (doc/method.md, "Drift in paired rounds"): */
	int paired;           /* the two tests below were made */
	int machine;          /* the rounds' common factor (mean log value)
	                         trends: s, p and rising are its, and the trend
	                         is the machine's, not the versions' */
	long against;         /* a version whose values trend against the
	                         others' in the same rounds, or -1 */
	int against_rising;   /* its per-round ratio to them rises */
	double against_s, against_p;
};

/* A version within one comparison. */
struct version_stats {
	const char *version;  /* interned */
	const char *line;     /* interned "v24", or NULL when not a release line */
	const char *v8;       /* interned, from the rounds' meta, else the schedule's */
	const char *status;   /* support status on the report date, or NULL */
	const struct result *rounds; /* borrowed: the model's results of this
	                         version, contiguous, by round */
	double *values;       /* round values (median of passes), by round;
	                         in model_block() */
	double *sorted;       /* the same values ascending, sorted once; in
	                         model_block() */
	double place;         /* comparison.fixed_order: its mean time (seconds)
	                         after the middle of its rounds; else 0 */
	size_t nrounds;
	double best;          /* lowest value (highest when higher is better) */
	double worst_round;   /* the other extreme of the round values */
	double median;        /* median of the round values */
	double spread;        /* (max - min) / (2 * median); NaN (unknown) for one round */
	double qspread;       /* quantile spread: (q75 - q25) / (2 * median), in a
	                         history (q90 - q10) / (2 * median); NaN for one round */
	double level;         /* the value compared: best in DESIGN_ROUNDS, else
	                         median (comparison.compared says which) */
	double band;          /* the band the verdict used around it, of the
	                         median: spread or qspread (comparison.compared);
	                         NaN for one round */
	int bimodal;          /* 1 when its rounds fall into two clusters */
	double slow_share;    /* bimodal: share of its rounds in the slow cluster */
	double slow_factor;   /* bimodal: how many times slower those rounds are */
	double change;        /* best / baseline best - 1, signed (0 for baseline) */
	int change_better;    /* +1 better than the baseline, -1 worse, 0 equal */
	int change_beyond;    /* the difference from the baseline is beyond the noise */
	int change_claim;     /* +1 a claim that it is better than the baseline,
	                         -1 worse, 0 no claim (within noise or not confirmed) */
	int is_baseline;
	int baseline_order;   /* +1 a later version than the baseline, -1 an
	                         earlier one, 0 the baseline itself, no
	                         baseline, or either is a label that is no
	                         version ("a", "sleep 0.01"): no order */
};

/*
 * The verdict record (analysis/record.c): what decided a pair of versions
 * and the numbers every sentence, table cell, gate line, chart band, claim
 * check and upgrade row about it quotes. Each pair has one; a comparison's
 * is its verdict pair's. Sizes follow one convention: how much better the
 * winner is, the other's time over the winner's less one ("26 is 25 %
 * faster than 22": 22's time / 26's time - 1), for rates the ratio of the
 * rates, for sizes the larger over the smaller.
 */
enum decided_by {
	DECIDED_NONE = 0,      /* no verdict (insufficient) */
	DECIDED_BEST_ROUNDS,   /* the published rule: the best rounds against the
	                          largest spread of one version's own rounds */
	DECIDED_PAIRED,        /* rounds that each hold both versions: the median
	                          per-round ratio against half the interquartile
	                          range of those ratios, the signed rank test */
	DECIDED_MEDIANS,       /* medians against the larger quartile spread */
	DECIDED_HISTORY,       /* medians of a history against its middle 80 %
	                          (at least EVIDENCE_HISTORY_FLOOR) */
};
enum record_band {
	RECORD_BAND_NONE = 0,
	RECORD_BAND_LARGEST_SPREAD, /* the largest spread of one version's rounds */
	RECORD_BAND_PER_ROUND,      /* half the IQR of the per-round ratios */
	RECORD_BAND_QUARTILES,      /* the larger quartile spread of the two */
	RECORD_BAND_MIDDLE80,       /* the larger middle 80 % (a history) */
};
struct verdict_record {
	enum verdict verdict;  /* of this pair: FASTER a claim, NOT_CONFIRMED
	                          beyond the band but not confirmed, WITHIN_NOISE,
	                          INSUFFICIENT (no rounds enough) */
	enum decided_by by;
	long winner, other;    /* indexes into comparison.versions: the better
	                          one by the deciding statistic and the other;
	                          -1 when neither is */
	double size;           /* how much better the winner is (>= 0) */
	double ratio, ci_low, ci_high; /* the pair's typical ratio b / a and its
	                          STATS_CI_LEVEL interval: the median per-round
	                          ratio and the sign test's interval where the
	                          pairing decided, else the rank test's
	                          Hodges-Lehmann ratio and interval; claims and
	                          the upgrade view read either side of it */
	double size_low, size_high; /* that interval in the size convention,
	                          from the winner's side (the low end may be
	                          below 0: the other could be the better); NaN
	                          unknown */
	double band;           /* the noise band the rule compared size against */
	enum record_band band_kind;
	size_t agree, rounds;  /* rounds that show the winner better, of rounds
	                          compared (paired: per-round ratios; otherwise
	                          the winner's rounds better than the other's
	                          median round); 0 of 0 unknown */
	double sees;           /* the smallest size these rounds could claim
	                          (the band of the design that could decide);
	                          INFINITY when no test can confirm anything */
	int regression;        /* a claim naming the older of two releases the
	                          better (semver order; never for variants) */
	const char *test;      /* static: the rank test that confirms or not,
	                          "signed-rank" or "mann-whitney" */
	double p_holm;         /* its p after Holm over the comparison's pairs */
	/* the published rule's own reading, when the pairing decided: */
	double rule_size, rule_band;
	long rule_winner;
};

/* Mann-Whitney and friends for one pair of versions (filled by stats code). */
struct pair_stats {
	size_t a, b;          /* indexes into comparison.versions */
	double u, p, p_holm;
	double ratio;         /* the Hodges-Lehmann estimate of b / a: exp of the
	                         median of every difference log b - log a, the
	                         centre of [ci_low, ci_high] and always inside it */
	double ci_low, ci_high; /* STATS_CI_LEVEL interval of that ratio (Moses) */
	double median_ratio;  /* median b / median a, another estimate */
	double shift;         /* Hodges-Lehmann shift b - a */
	int significant;
	int exact;            /* exact distribution used */
	double p_floor;       /* smallest p reachable with these sample sizes */
	int rounds_needed;    /* rounds per side needed given the spread, 0 unknown */
	int borderline;       /* within-noise verdict and test disagree */
	/* the two keys of a claim (evidence.c) */
	const char *test;     /* static: "mann-whitney", or "signed-rank" on the
	                         per-round log ratios of shared rounds */
	double size;          /* how much better the better side is, by the
	                         design's statistic (>= 0, 0.4 = 40 %) */
	int side;             /* +1 b better, -1 a better, 0 equal (that statistic) */
	double noise;         /* the noise band key 1 compares size against */
	int beyond_noise;     /* key 1: size > noise */
	int test_side;        /* +1 b better, -1 a better, 0 none: the test's direction */
	int reachable;        /* the test can reach the report's Holm level at all */
	int claim;            /* +1 b better, -1 a better: both keys hold; else 0 */
	int steady;           /* not beyond the noise, yet confirmed by the test */
	/* the pairing of rounds that each hold both versions (c->paired), in
	 * any design (evidence.c); in the published design it is the second
	 * way to a claim, when the published rule makes none (doc/method.md, "Designs") */
	int paired;           /* the fields below are filled */
	size_t paired_rounds; /* rounds compared */
	double paired_size;   /* how much better by the median per-round ratio */
	int paired_side;      /* +1 b better, -1 a better, 0 equal (that ratio) */
	double paired_noise;  /* half the interquartile range of the per-round
	                         log ratios, as a fraction */
	double paired_max;    /* the farthest round: exp(max |log b / a|) - 1 */
	size_t paired_agree;  /* rounds whose ratio lies on paired_side */
	double paired_p, paired_p_holm; /* signed rank on the per-round log ratios;
	                         Holm across the pairs of the comparison */
	double paired_w;      /* the signed rank statistic V */
	int paired_exact;     /* exact distribution used */
	int paired_test_side; /* the signed rank test's direction, as test_side */
	int paired_needed;    /* rounds the signed rank test needs, planned on
	                         the paired spread; 0 unknown */
	int paired_reachable; /* that test can reach the level at all */
	int paired_claim;     /* +1 b better, -1 a better: the claim rests on the
	                         pairing (published design; claim holds it too) */
	double paired_ratio;  /* the median per-round ratio b / a as measured */
	double paired_ci_low, paired_ci_high; /* its interval at STATS_CI_LEVEL
	                         (the sign test's order statistics): the
	                         record's where the pairing decided */
	double place_bias;    /* comparison.fixed_order: the log ratio b / a the
	                         machine's drift between the two versions'
	                         places in the round makes alone; else 0 */
	struct verdict_record rec; /* what decided this pair (record.c) */
	int step;             /* comparison.by_step: the bisect's step whose
	                         rounds this pair was compared on; else 0 */
	size_t family;        /* comparison.by_step: the pairs of that step,
	                         Holm's family; else 0 (the comparison's) */
	size_t rounds_a, rounds_b; /* comparison.by_step: a's and b's rounds
	                         in that step; else 0 (the versions') */
};

/* A step in a long version series (filled by stats code). */
struct step {
	size_t before, after; /* indexes into comparison.versions */
	double change;        /* after best / before best - 1 */
};

/* Two consecutive exact releases of one release line in a comparison, and
 * whether the round values moved between them (filled by releases.c,
 * worded by present/history.c). */
struct release_step {
	size_t a, b;          /* indexes into comparison.versions of the two
	                         releases (a older), or, when lines are compared,
	                         both the index of their line */
	const char *before, *after; /* interned: the two releases */
	const char *v8_before, *v8_after; /* interned V8 of each, or NULL */
	const char *line;     /* interned: their line as compared ("v24" or "24") */
	size_t n_before, n_after; /* their rounds */
	double ratio;         /* median b / median a (round values) */
	double p, p_holm;     /* rank test of a's rounds against b's; Holm across
	                         every release pair of the report */
	int step;             /* significant after Holm and the medians moved by at
	                         least RELEASES_MIN_CHANGE */
	char last_a[11], first_b[11]; /* dates of a's last and b's first round, "" unknown */
};

struct comparison {
	const char *workload, *platform, *unit; /* interned */
	int better;
	enum unit_kind unit_kind; /* what the unit measures */
	struct version_stats *versions; /* owned, in version order */
	size_t nversions;
	size_t *by_name;          /* owned: indexes of versions in the order of
	                             the addresses of their interned names, for
	                             model_comparison_version (model_index_versions);
	                             NULL: looked up one by one */
	int best_idx, worst_idx;  /* -1 when insufficient */
	int baseline_idx;         /* -1 when the baseline is not in this comparison */
	double gap, noise;
	enum verdict verdict;
	int linear;
	enum insufficient insufficient; /* why VERDICT_INSUFFICIENT */
	enum confirmation confirmed;    /* which keys hold a FASTER claim */
	long verdict_pair;        /* index into pairs of the pair the verdict
	                             judged (the largest claim, else the best
	                             against the worst); -1 when no pair was
	                             judged and the verdict is the published
	                             rule's on the bests (rule_best, rule_linear) */
	int rule_best;            /* the published rule's best version on the
	                             bests, before any pair was judged; -1 when
	                             insufficient */
	int rule_linear;          /* the bests in version order move one way */
	struct pair_stats *pairs; /* owned, may be NULL */
	size_t npairs;
	int by_step;              /* 1: a bisect's rounds file: the pairs are
	                             those of versions one step measured
	                             together, each compared on that step's
	                             rounds alone (analysis/bisect.c), and the
	                             verdict is the narrowed step's pair */
	struct step *steps;       /* owned, may be NULL */
	size_t nsteps;
	int interleaved;          /* 1 timestamps (or the runner) show interleaved
	                             rounds, 0 blocks or a history, -1 unknown */
	enum design design;
	struct compared compared; /* what `level` and `band` hold (the design's) */
	int paired;               /* every round holds every version (round numbers,
	                             and timestamps within a session when known) */
	double span_days;         /* first to last round, in days; -1 unknown */
	int regression;           /* the claim names an older version the faster
	                             (both versions, not labels: semver order) */
	int anomaly;              /* some version is bimodal */
	int others_apart;         /* the bimodal versions are set apart and at
	                             least two others are compared among
	                             themselves (evidence.c) */
	int blocked;              /* the timestamps show the versions' rounds ran in
	                             blocks, not interleaved (evidence.c) */
	int fixed_order;          /* paired rounds whose timestamps show the
	                             versions in the same order in every round:
	                             position and version are confounded
	                             (evidence.c) */
	double place_drift;       /* fixed_order: the machine's drift, log change
	                             per second (least squares of the rounds'
	                             mean log value on their mean time) */
	struct drift drift;       /* a trend of the round values with run order */
	struct release_step *release_steps; /* owned, may be NULL */
	size_t nrelease_steps;
	int by_line;              /* 1: its exact releases are compared as their
	                             release lines (lines.c decided it for this
	                             comparison alone), each round's release in
	                             rounds[].series->release */
	size_t nworse_steps;      /* by_line: release steps inside a line to the
	                             worse (a regression between two releases
	                             the lines do not compare); releases.c */
	double same_within;       /* a within-noise verdict of paired rounds whose
	                             versions' per-round ratios all lie within
	                             ±same_within, narrower than the noise band;
	                             0 when not so (analysis.c) */
	int *slow_rounds;         /* owned: round numbers in which every version
	                             was slower by about the same factor (the
	                             machine, evidence.c); may be NULL */
	size_t nslow_rounds;
	double slow_round_factor; /* their typical slowness against the other
	                             rounds (2: twice the time) */
	struct verdict_record record; /* the verdict pair's record, or the
	                             published rule's on the bests when no pair
	                             was judged (record.c) */
	size_t nregressing;       /* pairs whose record is a regression */
};

/* One workload across the platforms it was measured on (filled by evidence.c
 * when the data has several platforms). */
struct platform_finding {
	const char *workload;     /* interned */
	size_t *comparisons;      /* owned: indexes into model.comparisons, by platform */
	size_t ncomparisons;
	int consistent;           /* 1 same verdict and winner everywhere, 0 not, -1 one platform */
};

/* A day on which the versions that ran on a platform were all far slower
 * than usual across the workloads: the machine, not a version (filled by
 * timeline.c from dated rounds, worded by present/history.c). */
struct bad_day {
	char date[11];            /* YYYY-MM-DD as the timestamps give it */
	const char *platform;     /* interned */
	const char **versions;    /* owned array of interned versions, by name */
	size_t nversions;
	double speed;             /* typical speed that day against each version's
	                             usual (0.5: half as fast) */
};

/* Why impact_run refused the reader's options: the analysis fails with
 * NF_DATAERR and the command words the message (cmd_report.c). */
enum impact_refusal {
	IMPACT_ACCEPTED = 0,
	IMPACT_UNMEASURED,    /* --impact names no workload of the comparisons */
	IMPACT_NO_BYTES_FOR,  /* the --impact workload has no "bytes" */
	IMPACT_NO_BYTES,      /* --rps and --payload given, and no measured
	                         workload has "bytes" */
};

/* The reader's service, for the impact estimate (impact.c): --rps,
 * --payload, --cores and --impact. */
struct impact_inputs {
	double rps;           /* requests per second, > 0 */
	double payload;       /* bytes of data handled per request, > 0 */
	double cores;         /* cores provisioned, 0 when not given */
	const char *workload; /* --impact WORKLOAD, or NULL: every claim with bytes */
	int given;            /* 1 with --rps and --payload; 0: the example inputs
	                         (for the workbook only; documents show nothing) */
	enum impact_refusal refused; /* set by impact_run when it fails */
};

/* Why an entry of the impact estimate has no figure (impact.c decides,
 * present/report_impact.c words it). */
enum impact_no_figure {
	IMPACT_FIGURE = 0,    /* a confirmed claim: the figures are set */
	IMPACT_NO_VERDICT,    /* the comparison has no verdict (insufficient) */
	IMPACT_WITHIN_NOISE,  /* the versions differ by less than the noise */
	IMPACT_NO_RANK_TEST,  /* no rank test of the faster version (best_idx)
	                         against the slower (worst_idx) */
	IMPACT_NOT_CONFIRMED, /* that pair's rank test (`pair`) does not confirm
	                         the difference after Holm */
	IMPACT_NOT_A_TIME,    /* confirmed, but measured in a unit that is no
	                         time per pass (a rate, or higher is better) */
	IMPACT_NOT_ON_UPGRADE, /* a confirmed claim, but no confirmed change on
	                         the upgrade view's move (from, to: its ends,
	                         -1 where unmeasured) */
};

/* What a confirmed claim is worth to that service, from the slower to the
 * faster version of one comparison (filled by impact.c). Intervals come
 * from the pair's 95 % interval for the ratio (ci_low, ci_high). */
struct impact {
	size_t comparison;        /* index into model.comparisons */
	double bytes;             /* the workload's bytes per pass */
	int from, to;             /* versions: slower, faster; -1 without a claim */
	size_t pair;              /* index into the comparison's pairs: the claim's
	                             (confirmed), or the pair whose test did not
	                             confirm it (IMPACT_NOT_CONFIRMED) */
	int confirmed;            /* 1: the figures below are set */
	enum impact_no_figure no_figure; /* IMPACT_FIGURE when confirmed, else
	                             why there is none */
	double ms_per_mb_from, ms_per_mb_to;  /* best round / (bytes / 2^20), in ms */
	double q, q_low, q_high;  /* faster / slower: ratio of bests and its interval */
	double saved_ms_per_s, saved_low, saved_high; /* per second of wall clock */
	double core_share, core_share_low, core_share_high; /* saved / 1000: share of
	                                                       one core = cores freed */
	double provisioned_share, provisioned_low, provisioned_high; /* of --cores;
	                                                       NaN without it */
};

/* A published claim to check (--claim 'A..B=CHANGE[@WORKLOAD]', parsed by
 * claims_parse in analysis/claims.c): B against A, in the metric's own
 * terms. */
struct claim {
	const char *text;     /* borrowed: the argument as given */
	char *a, *b;          /* owned: the versions as written */
	double change;        /* claimed B / A - 1: -0.57 for "-57%" (fewer ops/s,
	                         or less time, for B) */
	char *workload;       /* owned: a part of the workload names, matched
	                         without regard to case; NULL: every workload */
};

/* What the rounds say about a claim on one comparison (claims.c). */
enum claim_verdict {
	CLAIM_CONSISTENT,     /* the claimed change is inside the 95 % interval
	                         of the measured change */
	CLAIM_NOT_REPRODUCED, /* outside it */
	CLAIM_INSUFFICIENT,   /* `why` says what is missing */
	CLAIM_CANNOT_JUDGE,   /* the interval holds both the claim and no
	                         change: too wide to tell them apart */
};

/* Why a claim has no verdict on a comparison (CLAIM_INSUFFICIENT). */
enum claim_missing {
	CLAIM_MISSING_NONE = 0,
	CLAIM_MISSING_A,      /* version a was not measured on this comparison */
	CLAIM_MISSING_B,      /* version b was not */
	CLAIM_FEW_ROUNDS,     /* a version has fewer than model.min_rounds (or 2) */
	CLAIM_NO_INTERVAL,    /* the interval could not be made (every round tied) */
	CLAIM_NOT_TOGETHER,   /* comparison.by_step: no step of the bisect
	                         measured both versions */
};

/* One claim checked on one comparison (workload x platform) it matches. */
struct claim_check {
	size_t claim;         /* index into model.claims */
	size_t comparison;    /* index into model.comparisons */
	int a, b;             /* indexes into that comparison's versions, -1 missing */
	double claimed;       /* the claim's change, B / A - 1 */
	double measured;      /* Hodges-Lehmann ratio B / A - 1; NaN without one */
	double low, high;     /* its STATS_CI_LEVEL interval, as changes; NaN without */
	enum claim_verdict verdict;
	enum claim_missing why;
};

/* What one comparison changes when a reader moves from one version to
 * another (analysis/upgrade.c decides, present/upgrade_words.c words it). */
enum upgrade_change {
	UPGRADE_BETTER = 0,   /* a confirmed change for the better (the pair's claim) */
	UPGRADE_WORSE,        /* a confirmed change for the worse */
	UPGRADE_NONE,         /* the pair was tested: no confirmed change */
	UPGRADE_NOT_TESTED,   /* both measured, the pair not tested (a long series) */
	UPGRADE_UNMEASURED,   /* one end was not measured in this comparison */
	UPGRADE_NO_VERDICT,   /* the comparison has no verdict (insufficient) */
};

/* One comparison of the upgrade view. */
struct upgrade_row {
	size_t comparison;    /* index into model.comparisons */
	int from, to;         /* indexes into its versions, -1 not measured */
	long pair;            /* index into its pairs of (from, to), -1 none */
	enum upgrade_change change;
	double ratio, ci_low, ci_high; /* to / from: the pair's Hodges-Lehmann
	                         ratio and its STATS_CI_LEVEL interval, turned
	                         to read from the `from` side; NaN without a pair */
};

/* The move the upgrade view answers, from `from` to `to` (--from, --to; or
 * without --from the oldest supported measured line to the recommended
 * one). A name matches a version equal to it, or every version of the line
 * it names ("22", "v22": each comparison takes that line's newest release
 * it measured). */
struct upgrade {
	int shown;            /* 1: the rows below are set */
	int given;            /* --from was given */
	const char *from, *to; /* interned names as given or chosen ("22", "v24") */
	const struct release_line *from_line, *to_line; /* into schedule, or NULL */
	struct upgrade_row *rows; /* owned, one per comparison, in its order */
	size_t nrows;
	size_t nbetter, nworse, nnone; /* rows with a confirmed change each way,
	                         and the rest that measured both ends */
};

/* Why --from or --to was refused (analysis_run fails with NF_USAGE and the
 * command words it, listing the known versions). */
enum upgrade_refusal {
	UPGRADE_ACCEPTED = 0,
	UPGRADE_FROM_UNKNOWN, /* --from names no measured version or line */
	UPGRADE_TO_UNKNOWN,   /* --to names none, or without --to no line is
	                         recommended (variants) */
	UPGRADE_SAME,         /* both name the same versions */
};

/* A release line of the product's schedule, with its status on as_of. */
struct release_line {
	char *line;          /* "v24" */
	int major;
	char *codename;      /* NULL when none */
	char start[11], lts[11], maintenance[11], end[11], alpha[11]; /* "" = none */
	char *v8;            /* V8 at the line's first release, or NULL */
	char *v8_latest;     /* V8 of the latest release known, or NULL */
	char *latest;        /* latest release known, or NULL */
	int annual;          /* annual model: Alpha, Current, LTS, End-of-life */
	const char *status;  /* static string, on the model's as_of: the phase's
	                        name ("Active LTS"; present/support.h words it) */
	int compared;        /* 1 when a compared version is on this line */
};

struct schedule {
	char *product;                /* "Node.js" */
	struct release_line *lines;   /* owned, ascending major */
	size_t nlines;
};

/* How the rounds were taken, as the input shows it across the report
 * (analysis.c, from the comparisons' designs and interleaving). */
enum how_taken {
	TAKEN_HISTORY,       /* some comparison is a history: time and version confounded */
	TAKEN_BLOCKS,        /* some version's rounds ran back to back */
	TAKEN_UNRECORDED,    /* interleaving not recorded (no timestamps) */
	TAKEN_SESSIONS,      /* every version ran in every session */
	TAKEN_INTERLEAVED,   /* the timestamps (or the runner) show interleaved rounds */
	TAKEN_SEVERAL,       /* every version ran several times, nothing more known */
};

/* What a warning the analysis records is about; present/ words it
 * (report.h: report.warnings). */
enum warning_kind {
	WARNING_EOL,           /* a compared release line is end-of-life: line */
	WARNING_BLOCKS,        /* the timestamps show blocks: the comparisons
	                          with `blocked` set */
	WARNING_INSUFFICIENT,  /* comparison has no verdict (its `insufficient`) */
	WARNING_RUNNER_BLOCKS, /* the runner ran each version's rounds of
	                          comparison back to back */
	WARNING_BIMODAL,       /* version of comparison falls into two clusters */
	WARNING_HISTORY,       /* comparisons with a verdict are histories: the
	                          ones of design DESIGN_HISTORY */
	WARNING_NOISE_CHECKS,  /* the environment's "noise checks" (noisefloor
	                          run) did not pass */
	WARNING_LOADED,        /* runs took place under a load average above the
	                          cores: model.load */
	WARNING_FIXED_ORDER,   /* the timestamps show the same version order in
	                          every round: the comparisons with fixed_order */
};

/* One warning fact, in the order the analysis met it. */
struct warning_fact {
	enum warning_kind kind;
	size_t comparison;    /* index into model.comparisons (INSUFFICIENT,
	                         RUNNER_BLOCKS, BIMODAL) */
	size_t version;       /* index into that comparison's versions (BIMODAL) */
	size_t line;          /* index into model.schedule.lines (EOL) */
};

/* Whether exact releases are compared one by one or grouped into their
 * release lines (--by; analysis/lines.c), decided for each comparison. */
enum compare_by {
	BY_DEFAULT = 0, /* each comparison by line when only that gives it a
	                   verdict, else by release */
	BY_LINE,        /* --by line */
	BY_RELEASE,     /* --by release */
};

/* What lines.c decided (analysis.json "grouping"; present/ words it);
 * each comparison's own decision is comparison.by_line. */
struct grouping {
	enum compare_by by;   /* as asked */
	int grouped;          /* 1: some comparison compares the releases of
	                         each line as one version, the line */
	size_t nreleases;     /* exact releases of known lines measured (the ones
	                         that are grouped when grouped) */
	size_t nlines;        /* the lines they belong to */
	size_t nmulti;        /* lines with more than one release measured */
	size_t verdicts_by_line, verdicts_by_release; /* comparisons that would
	                         have enough versions and rounds for a verdict
	                         either way */
	size_t ncomparisons;  /* comparisons those two counts are out of */
	size_t nby_line;      /* comparisons whose releases are compared as
	                         their lines */
	size_t nseveral;      /* comparisons with some line of several releases
	                         measured: where the choice arises */
	size_t nseveral_by_release; /* of those, the ones compared release by
	                         release */
};

/* Rounds each version needs for a verdict unless --min-rounds says otherwise. */
#define MODEL_MIN_ROUNDS 3

/* One step of a bisect, as its rounds file records it (a line
 * {"bisect": {...}} after the step's rounds; ingest/formats/rounds.c). */
struct bisect_step {
	int step, rounds, first_round;
	const char *phase;     /* interned: "verify", "bisect" or "confirm" */
	const char *good, *candidate, *bad; /* interned version labels */
	const char *workload;  /* interned: the workload the step was called on */
	int call;              /* enum bisect_call's values: 0 undecided,
	                          1 different, 2 the same */
	int changed;           /* the candidate is not the same as good */
	double ratio, ratio_low, ratio_high; /* the candidate's values over
	                          good's and their interval; NaN unknown */
	const char *winner;    /* interned: good or candidate, the better by the
	                          pair's verdict record; NULL unknown (a file
	                          written before the record was kept) */
	double size, size_low, size_high; /* the record's size, in the
	                          verdicts' convention from the winner's side,
	                          and its interval; NaN unknown */
	const char *decided_by; /* interned: the record's decided_by, or NULL */
	double p_holm;         /* the pair's rank test after Holm, -1 unknown */
};

/* A version a bisect skipped, and why (its --setup or command failed). */
struct bisect_skip {
	const char *version, *why; /* interned */
};

/* A fact of the results' meta (NODE_MODULE_VERSION, V8, the addon's
 * version) that differs between two versions: key, and its value under each. */
struct meta_change {
	const char *key, *before, *after; /* interned */
};

/* What a bisect's rounds file says of the bisect (`noisefloor bisect
 * --out`): its ends, and each step's call in order. */
struct bisect_record {
	const char *good, *bad;   /* interned; NULL: no input is a bisect's */
	const char *source;       /* interned: the input it is from */
	int node;                 /* the candidates are Node.js releases (--node) */
	struct bisect_step *steps; /* owned, in the file's order */
	size_t nsteps, steps_alloc;
	struct bisect_skip *skips; /* owned */
	size_t nskips, skips_alloc;
	const char **versions;    /* owned array of interned labels: the
	                             candidates in the bisect's order */
	size_t nversions;
	/* filled by the analysis (analysis/bisect.c): */
	long culprit;             /* index into steps of the confirm step that
	                             found the culprit, -1 none */
	struct meta_change *changes; /* owned: the meta facts that change across
	                             the culprit step (its good → candidate) */
	size_t nchanges;
};

struct model {
	/* input half */
	char *title, *subject, *notes;     /* owned, may be NULL */
	const char *variant_parameter;     /* interned: the name of a runner's
	                                      parameter ("level") whose values
	                                      are the versions and that names no
	                                      version: they are variants; or NULL */
	int command_labels;                /* a reader took versions from the
	                                      names a runner gave its commands
	                                      (hyperfine -n): labels, with no
	                                      order unless they are releases */
	struct kv *env;                    /* environment fields, in input order */
	size_t nenv, env_alloc;
	size_t env_changes;                /* counts model_set_env() calls */
	size_t *env_set_at;                /* env_changes just after each env field
	                                      was last set (model_env_since) */
	unsigned char *env_replaced;       /* 1 where a later input gave the field
	                                      another value (model_env_replaced) */
	struct result *results;            /* in input order; analysis_run() groups
	                                      them by comparison and version
	                                      (arena.h: freed by model_release) */
	size_t nresults, results_alloc;
	struct series **series;            /* owned, in the order first seen */
	size_t nseries, series_alloc;
	size_t ndocs;
	char **sources;                    /* owned input names, in order given */
	size_t nsources, sources_alloc;
	struct source_env *source_envs;    /* owned, one per source (ingest) */
	struct machine *machines;          /* owned: the machines of each platform,
	                                      by platform first met (ingest_finish) */
	size_t nmachines;
	struct kv *digests;                /* input name -> SHA-256 of the bytes
	                                      read from it (64 hex digits) */
	size_t ndigests, digests_alloc;
	struct workload_info *workloads;   /* owned array, in input order */
	size_t nworkloads, workloads_alloc;

	/* how the report was made, for "How to reproduce" (set by main.c) */
	char *command_line;                /* owned: the noisefloor command, shell-quoted,
	                                      without the output folder; or NULL */
	char *command_shown;               /* owned: the same with many input files
	                                      written as FILE..., or NULL */
	const char *program_version;       /* static: noisefloor's version, or NULL */
	char *run_json;                    /* owned: the "run" settings of the first input
	                                      noisefloor run wrote, as JSON; or NULL */
	const char *run_source;            /* interned: the input they are from */
	char *run_command;                 /* owned: the noisefloor run command rebuilt from
	                                      them, shell-quoted (cmd_report.c); or NULL */
	struct bisect_record bisect;       /* a bisect's steps, when an input is its
	                                      rounds file */

	/* options that shape the analysis */
	char as_of[11];                    /* YYYY-MM-DD */
	const char *baseline;              /* version string, or NULL: the oldest */
	int min_rounds;                    /* default MODEL_MIN_ROUNDS */
	struct grouping grouping;          /* by: --by; the rest lines.c's */
	int no_digests;                    /* inputs are not hashed: the command
	                                      shows no SHA-256 (check) */
	int no_shifts;                     /* no pair's Hodges-Lehmann shift of the
	                                      round values (pairs[].shift, NAN): a
	                                      selection among all the pair's
	                                      differences that only the documents
	                                      and analysis.json show (check without
	                                      --summary); a Mann-Whitney design's
	                                      side then comes from the test's counts
	                                      at 0, so every verdict is the same */
	struct impact_inputs impact_in;    /* the reader's service (impact.c) */
	const char *upgrade_from, *upgrade_to; /* --from, --to, or NULL */
	enum upgrade_refusal upgrade_refused; /* set when analysis_run refuses them */

	/* computed half */
	struct comparison *comparisons;    /* owned */
	size_t ncomparisons;
	struct schedule schedule;
	enum versions_kind versions_kind;  /* releases of the schedule's product,
	                                      or variants: only releases get
	                                      support lines, a recommendation and
	                                      end-of-life warnings */
	int versions_ordered;              /* 1: the versions have an order, so
	                                      one can be newer and a regression:
	                                      releases, or variants that all spell
	                                      a version ("1.0", "2.0" of another
	                                      product) and are no runner's labels
	                                      (variant_parameter, command_labels);
	                                      0: variants compared without an
	                                      order ("a", gzip's levels 1, 6, 9):
	                                      `check` needs --baseline */
	enum how_taken how_taken;          /* how the rounds were taken, as the
	                                      input shows it */
	int baseline_missing;              /* --baseline names no measured version
	                                      (analysis_run fails) */
	const struct release_line *recommended; /* into schedule, or NULL (always
	                                      NULL for variants) */
	char **warnings;                   /* owned sentences shown in every
	                                      document, worded where they were met
	                                      (ingest); shown before warning_facts */
	size_t nwarnings, warnings_alloc;
	struct warning_fact *warning_facts; /* owned: the analysis' warnings,
	                                      in order; present/ words them */
	size_t nwarning_facts, warning_facts_alloc;
	struct platform_finding *platforms; /* owned, NULL with one platform */
	size_t nplatforms;
	struct bad_day *bad_days;          /* owned, by platform and date */
	size_t nbad_days;
	struct {
		size_t known;      /* runs (a version's process in a round, one
		                      result per workload it times) whose meta
		                      records the load around their round
		                      (load_before, load_after) */
		size_t above;      /* of those, the ones above the cores */
		double cores;      /* the environment's cores, 0 unknown */
		double highest;    /* the highest load recorded */
		const char *noise_checks; /* what the noise checks found, when they
		                      did not pass (the environment's text), or NULL */
	} load;                            /* filled by the analysis */
	struct claim *claims;              /* owned: the claims to check, in the
	                                      order given (--claim) */
	size_t nclaims_given;            /* entries of claims */
	struct claim_check *claim_checks;  /* owned: by claim, then comparison
	                                      (claims_run) */
	size_t nclaim_checks;
	struct upgrade upgrade;            /* what moving from one version to
	                                      another changes (upgrade.c) */
	struct impact *impacts;            /* owned: one per comparison whose
	                                      workload has bytes (impact.c) */
	size_t nimpacts;

	struct strpool *pool;              /* private */
	struct passes_block *passes_blocks; /* private: storage of every result's passes */
	struct series_index *series_index; /* private: finds a draft's series */
	struct name_index *workload_index; /* private: finds a workload by name */
	struct name_index *env_index;      /* private: finds an environment key */
	struct name_index *warning_index;  /* private: finds a warning's text */
	struct result_draft draft;         /* private: model_draft_result() */
	double *draft_passes;              /* private: model_draft_passes() */
	void *block;                       /* private: model_block(), block_size bytes */
	size_t block_size;
	size_t draft_passes_alloc;
};

void model_init(struct model *m);
/* Builds c->by_name once c's versions are final (analysis_run). */
void model_index_versions(struct comparison *c);
/* c's version whose interned name is `version` (the same pointer), or NULL:
 * a binary search of c->by_name when built, else a scan. */
const struct version_stats *model_comparison_version(const struct comparison *c, const char *version);
void model_release(struct model *m);

/* Returns the interned copy of s (NULL stays NULL); the model owns it. */
const char *model_intern(struct model *m, const char *s);
const char *model_internn(struct model *m, const char *s, size_t n);

/* Room for n passes of a result being drafted, owned by the model and valid
 * until the next call (model_add_result copies them). */
double *model_draft_passes(struct model *m, size_t n);

/* The model's draft, zeroed: a reader fills it and calls model_add_result. */
struct result_draft *model_draft_result(struct model *m);

/* Stores the draft d as a result: finds or makes its series, copies several
 * passes into the model's storage, computes the value. Returns the result
 * (valid until the next append). */
struct result *model_add_result(struct model *m, const struct result_draft *d);
/* Fills a result of one pass without extras (model_add_value). */
static inline struct result *model_put_value(struct result *r, struct series *s, int round,
					     size_t where, double value)
{
	r->series = s;
	r->extra = NULL;
	r->round = round;
	r->where = where < UINT32_MAX ? (uint32_t)where : UINT32_MAX;
	r->value = value;
	return r;
}
/* model_add_value's way when the results must grow (or have their next
 * pages populated) or the round has a timestamp. */
void model_add_value_grow(struct model *m, struct series *s, int round, size_t where,
			  double value, const char *timestamp, double time);
/* Stores a round of one pass in series s, which model_add_result returned
 * for an earlier result with the same draft but for round, where, the pass
 * and the timestamp (interned, or NULL; time its seconds): as
 * model_add_result would store it, without finding the series again.
 * Inline: the rounds format's reader stores most rounds this way. */
static inline void model_add_value(struct model *m, struct series *s, int round, size_t where,
				   double value, const char *timestamp, double time)
{
	if (timestamp || m->nresults >= m->results_alloc || (m->nresults & 65535) == 0) {
		model_add_value_grow(m, s, round, where, value, timestamp, time);
		return;
	}
	model_put_value(&m->results[m->nresults++], s, round, where, value);
}
/* The model's one large block, grown to at least n bytes with its contents
 * kept (arena.h: a grown block touches only its new pages); owned by the
 * model until model_release, valid until the next call. ingest_finish sorts
 * its index of the results there (when it has units to unify, documents to
 * merge or rounds to number), then analysis_run keeps every version's
 * values and sorted copy there (and nothing calls it after that). */
void *model_block(struct model *m, size_t n);
/* Sets an environment field, replacing an earlier value of the same key. */
void model_set_env(struct model *m, const char *key, const char *value);
const char *model_get_env(const struct model *m, const char *key);
/* 1 when the field was set more than once with different values (inputs
 * that disagree: each version's command in three runs of one workload
 * each), so that its last value is not every input's. */
int model_env_replaced(const struct model *m, const char *key);
/* The environment field's value when it was set after model.env_changes was
 * `since` (by the input being read), else NULL. */
const char *model_env_since(const struct model *m, const char *key, size_t since);
/* Records / looks up the SHA-256 (hex) of what was read from an input. */
void model_set_digest(struct model *m, const char *source, const char *hex);
const char *model_get_digest(const struct model *m, const char *source);
/* The input's description of a workload, or NULL. */
const struct workload_info *model_workload(const struct model *m, const char *name);
/* The entry for a workload (name interned by the caller), added empty when
 * new; valid until the next call. */
struct workload_info *model_add_workload(struct model *m, const char *name);
/* Adds a warning shown in every document; takes a printf format. For
 * ingest, which words its own; the analysis records facts (model_warn_fact). */
void model_warn(struct model *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Records a warning fact (the fields that kind does not use are 0). */
void model_warn_fact(struct model *m, enum warning_kind kind, size_t comparison, size_t version,
		     size_t line);

/* "faster", "within-noise", "insufficient", "not-confirmed" */
const char *verdict_name(enum verdict v);
/* "rounds", "sessions", "unequal", "history" */
const char *design_name(enum design d);
/* "best", "median" */
const char *level_stat_name(enum level_stat l);
/* "spread", "middle-50", "middle-80" */
const char *band_kind_name(enum band_kind b);
/* "time", "rate", "size", "other" */
const char *unit_kind_name(enum unit_kind k);
/* "best-rounds", "paired", "medians", "history-medians"; NULL for none */
const char *decided_by_name(enum decided_by d);
/* "largest-spread", "per-round-ratio", "quartile-spread", "middle-80"; NULL for none */
const char *record_band_name(enum record_band b);

#endif
