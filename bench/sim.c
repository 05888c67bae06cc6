/*
 * sim.c - the verdicts against data with a known truth.
 *
 * Generates measurements in the designs noisefloor meets (seven interleaved
 * rounds on a shared machine, histories with unequal round counts, shared
 * sessions over many days, a CI matrix whose versions never share a round,
 * a version with two modes, slow drift, one sitting on a machine that is
 * 2x slower in some rounds or in some versions' runs), runs the real analysis on each
 * replicate (analysis_run, the code every report runs) and counts, over every
 * pair of versions: claims on pairs that are truly equal (false claims),
 * claims that name the wrong winner, and true differences claimed or missed.
 *
 * Each replicate is one report of WORKLOADS workloads (default 7, as many
 * as the shipped example has), each measured in the same design with the
 * same effect and analysed together, as a report is: a verdict that leaned
 * on the other workloads of its report shows here.
 *
 * Usage: sim [REPLICATES [SEED [WORKLOADS [DESIGN]]]]   (defaults 400, 1
 * and 7; DESIGN: that design only)
 * Prints one tab-separated row per design and effect:
 *   design effect null_pairs false_claims effect_pairs claimed wrong
 *   published_rule published_and_test versions bimodal flagged false_flags
 *   wrong_paired comparisons drift_versions drift_machine headline_wrong
 *   fixed_flagged false_paired drift_any
 * `published_rule` counts the effect pairs the published rule alone (gap
 * between the best rounds beyond the largest range spread) claims in the
 * right direction, the power the verdicts had before they needed a second
 * key; `published_and_test` those it claims and the rank test on the round
 * values confirms after Holm in the same direction, which is what
 * `noisefloor check` already required. `bimodal` counts the versions given a slow mode, `flagged` those of
 * them the analysis flags, `false_flags` flags on versions without one;
 * `wrong_paired` the wrong claims that rest on the pairing of rounds (the
 * rounds design's second way to a claim, pairs[].paired.claim);
 * `false_paired` the false claims that do. Per comparison: `drift_versions`
 * drift notes that charge a trend to the versions (unpaired rounds, or one
 * version against the others of the same rounds), `drift_machine` notes
 * that name the machine (the rounds' common factor trends), `drift_any`
 * either; `headline_wrong` verdicts headed by a false or wrong claim while
 * another pair claims a true difference; `fixed_flagged` comparisons
 * flagged for running the versions in the same order in every round.
 * Built from the project's objects without main.c (make sim).
 */
#include "analysis/analysis.h"
#include "analysis/stats.h"
#include "lib/median.h"
#include "lib/util.h"
#include "model/model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng;

static double unif(void)
{
	return ((double)(stats_splitmix64(&rng) >> 11) + 0.5) / 9007199254740992.0;
}

static double gauss(void)
{
	return sqrt(-2 * log(unif())) * cos(2 * M_PI * unif());
}

/* One simulated measurement, before it becomes model results. */
#define MAXV 4
struct sim_design {
	const char *name;
	size_t nversions;
	size_t rounds[MAXV];
	double day_sd;        /* machine of the day, both ways (log sd) */
	double tail_p;        /* chance of a day whose machine is 2x slower, and
	                         the same chance of one 2x faster */
	double round_sd;      /* noise of one round (log sd) */
	double interfere_p;   /* chance a round of one version is slowed ... */
	double interfere_max; /* ... by up to this fraction (only adds time) */
	int shared;           /* 1: every round holds every version (one session) */
	int days;             /* rounds spread over days (a history) */
	double drift;         /* machine drift over the whole period, log */
	int periods;          /* versions run in different periods of the history */
	int bimodal;          /* index+1 of a version with a slow mode, 0 none */
	int no_time;          /* no timestamps */
	double slow_p;        /* chance the machine is 2x slower: in a round,
	                         for every version of it (slow_own 0), or in one
	                         version's run of a round (slow_own 1) */
	int slow_own;
	double walk_sd;       /* shared design: the machine takes a random walk,
	                         one step of this log sd a round, every version
	                         of the round alike (no drift in expectation) */
	double own_drift;     /* shared design: the last version drifts by this
	                         (log) over the rounds against the others */
	int fixed_order;      /* shared design: the versions run in the same
	                         order every round (never rotated), and the
	                         machine's drift moves from run to run, not from
	                         round to round: position carries drift */
};

/* Effects: factor of each version's true time. */
struct effect {
	const char *name;
	double f[MAXV];
};

struct tally {
	long null_pairs, false_claims, effect_pairs, claimed, wrong, published, checked;
	long wrong_paired;     /* wrong claims that rest on the pairing */
	long versions, bimodal, flagged, false_flags;
	long comparisons;      /* comparisons tallied */
	long drift_versions;   /* drift notes that charge the trend to versions */
	long drift_machine;    /* drift notes that name the machine */
	long headline_wrong;   /* verdicts naming a false or wrong claim while
	                          some pair of the comparison claims a true one */
	long fixed_flagged;    /* comparisons flagged for a fixed run order */
	long false_paired;     /* false claims that rest on the pairing */
	long drift_any;        /* drift notes of any kind */
};

static void stamp(char out[48], double day, double second)
{
	long d = (long)day, s = (long)second;
	/* days from 2026-01-01 in months of 28 days: every one a real date
	 * (iso8601_read refuses a 30 February), and later days later */
	long y = 2026 + d / 336, mo = 1 + (d % 336) / 28, dd = 1 + d % 28;
	snprintf(out, 48, "%04ld-%02ld-%02ldT%02ld:%02ld:%02ldZ", y, mo, dd, (s / 3600) % 24,
		 (s / 60) % 60, s % 60);
}

static void add(struct model *m, const struct sim_design *d, int w, size_t v, int round,
		double value, const char *ts)
{
	static const char *names[MAXV] = { "20.0.0", "22.0.0", "24.0.0", "26.0.0" };
	struct result_draft *r = model_draft_result(m);
	char workload[16];
	snprintf(workload, sizeof workload, "w%d", w);
	r->workload = model_intern(m, workload);
	r->version = model_intern(m, names[v]);
	r->platform = model_intern(m, "linux-x64");
	r->unit = model_intern(m, "ms");
	r->better = BETTER_LOWER;
	r->round = round;
	r->passes = &value;
	r->npasses = 1;
	r->timestamp = d->no_time ? NULL : model_intern(m, ts);
	r->source = model_intern(m, "sim");
	r->where = m->nresults + 1;
	model_add_result(m, r);
}

/* The machine of one day: log-normal, with rare far days both ways. */
static double machine_of(const struct sim_design *d, double drift)
{
	double x = exp(d->day_sd * gauss() + drift), u = unif();
	if (u < d->tail_p)
		x *= 2;
	else if (u < 2 * d->tail_p)
		x /= 2;
	return x;
}

/* One round's value of version v: the true time, the machine, the noise. */
static double value_of(const struct sim_design *d, const struct effect *e, size_t v, double machine)
{
	double x = 10.0 * e->f[v] * machine * exp(d->round_sd * gauss());
	if (d->slow_own && unif() < d->slow_p)
		x *= 2;
	if (d->interfere_p > 0 && unif() < d->interfere_p)
		x *= 1 + d->interfere_max * unif();
	/* a second code path: half of the rounds 4 to 6 times slower */
	if (d->bimodal == (int)v + 1 && unif() < 0.5)
		x *= 4 + 2 * unif();
	return x;
}

static void generate(struct model *m, const struct sim_design *d, const struct effect *e, int w)
{
	char ts[48];
	size_t maxr = 0;
	for (size_t v = 0; v < d->nversions; v++)
		if (d->rounds[v] > maxr)
			maxr = d->rounds[v];
	if (d->shared) {
		/* round r: one session holding every version in a rotated order */
		double walk = 0;
		for (size_t r = 0; r < maxr; r++) {
			double day = d->days ? (double)r * d->days / maxr : 0;
			double machine = machine_of(d, d->fixed_order ? 0 : d->drift * r / maxr);
			if (!d->slow_own && d->slow_p > 0 && unif() < d->slow_p)
				machine *= 2;
			if (d->walk_sd > 0)
				walk += d->walk_sd * gauss();
			machine *= exp(walk);
			for (size_t k = 0; k < d->nversions; k++) {
				size_t v = d->fixed_order ? k : (k + r) % d->nversions;
				double at = machine;
				if (r >= d->rounds[v])
					continue;
				if (d->fixed_order)
					at *= exp(d->drift * (double)(r * d->nversions + k) /
						  (double)(maxr * d->nversions));
				if (d->own_drift != 0 && v == d->nversions - 1)
					at *= exp(d->own_drift * (double)r / (double)(maxr > 1 ? maxr - 1 : 1));
				/* a fixed order's runs fill the round evenly: time is
				 * what carries its drift */
				stamp(ts, day, 36000 + (double)r * 60 +
					       (double)k * (d->fixed_order ? 60.0 / (double)d->nversions : 5));
				add(m, d, w, v, (int)r + 1, value_of(d, e, v, at), ts);
			}
		}
		return;
	}
	/* a history: each round of each version on its own day and machine */
	for (size_t v = 0; v < d->nversions; v++)
		for (size_t r = 0; r < d->rounds[v]; r++) {
			double lo = 0, hi = d->days, t;
			if (d->periods) {
				/* version v runs in its own window of the history */
				lo = d->days * 0.6 * v / (d->nversions > 1 ? d->nversions - 1 : 1);
				hi = lo + d->days * 0.4;
			}
			t = lo + (hi - lo) * unif();
			stamp(ts, t, 3600 * 2 + 600 * v + r % 60);
			add(m, d, w, v, (int)r + 1,
			    value_of(d, e, v, machine_of(d, d->drift * t / d->days)), ts);
		}
}

/* The published rule alone on versions a, b: +1 when b's best is better
 * beyond the largest range spread of the comparison, -1 when a's is, else 0. */
static int published_rule(const struct comparison *c, size_t a, size_t b)
{
	double noise = 0, lo, hi;
	for (size_t i = 0; i < c->nversions; i++) {
		const struct version_stats *v = &c->versions[i];
		double mn = INFINITY, mx = -INFINITY;
		for (size_t k = 0; k < v->nrounds; k++) {
			mn = v->values[k] < mn ? v->values[k] : mn;
			mx = v->values[k] > mx ? v->values[k] : mx;
		}
		if (v->nrounds < 3)
			return 0;
		if ((mx - mn) / (2 * median_of(v->values, v->nrounds)) > noise)
			noise = (mx - mn) / (2 * median_of(v->values, v->nrounds));
	}
	lo = c->versions[a].best < c->versions[b].best ? c->versions[a].best : c->versions[b].best;
	hi = c->versions[a].best < c->versions[b].best ? c->versions[b].best : c->versions[a].best;
	if (hi / lo - 1 <= noise)
		return 0;
	return c->versions[b].best < c->versions[a].best ? 1 : -1;
}

/* The analysis' claim on the pair: +1 b better, -1 a better, 0 none. */
static int claim(const struct comparison *c, const struct pair_stats *p)
{
	return c->verdict == VERDICT_INSUFFICIENT ? 0 : p->claim;
}

static int flagged(const struct version_stats *v)
{
	return v->bimodal;
}

static void tally_comparison(const struct sim_design *d, const struct effect *e,
			     const struct comparison *c, struct tally *t);

/* A version without a single true speed: one with two modes, or one that
 * drifts against the others. Its pairs count only through its flag or the
 * drift note. */
static int no_truth(const struct sim_design *d, size_t v)
{
	return d->bimodal == (int)v + 1 || (d->own_drift != 0 && v == d->nversions - 1);
}

static void run(const struct sim_design *d, const struct effect *e, int reps, int workloads,
		struct tally *t)
{
	memset(t, 0, sizeof(*t));
	for (int i = 0; i < reps; i++) {
		struct model m;
		struct nf_error err;
		model_init(&m);
		strcpy(m.as_of, "2026-11-30");
		for (int w = 0; w < workloads; w++)
			generate(&m, d, e, w);
		if (analysis_run(&m, &err) != 0) {
			fprintf(stderr, "sim: analysis failed\n");
			exit(1);
		}
		for (size_t ci = 0; ci < m.ncomparisons; ci++)
			tally_comparison(d, e, &m.comparisons[ci], t);
		model_release(&m);
	}
}

/* Adds comparison c's pairs and versions to t. */
static void tally_comparison(const struct sim_design *d, const struct effect *e,
			     const struct comparison *c, struct tally *t)
{
	int true_claim = 0;
	t->comparisons++;
	t->drift_versions += c->drift.found && (!c->drift.paired || c->drift.against >= 0);
	t->drift_machine += c->drift.found && c->drift.paired && c->drift.machine;
	t->fixed_flagged += c->fixed_order;
	t->drift_any += c->drift.found;
	for (size_t k = 0; k < c->npairs; k++) {
		const struct pair_stats *p = &c->pairs[k];
		double fa = e->f[p->a], fb = e->f[p->b];
		if (no_truth(d, p->a) || no_truth(d, p->b) || fa == fb)
			continue;
		true_claim |= claim(c, p) == (fb < fa ? 1 : -1);
	}
	if (true_claim && c->verdict == VERDICT_FASTER && c->verdict_pair >= 0 &&
	    !no_truth(d, c->pairs[c->verdict_pair].a) && !no_truth(d, c->pairs[c->verdict_pair].b)) {
		const struct pair_stats *p = &c->pairs[c->verdict_pair];
		double fa = e->f[p->a], fb = e->f[p->b];
		int truth = fa == fb ? 0 : fb < fa ? 1 : -1;
		t->headline_wrong += claim(c, p) != truth;
	}
	for (size_t k = 0; k < c->npairs; k++) {
		const struct pair_stats *p = &c->pairs[k];
		double fa = e->f[p->a], fb = e->f[p->b];
		int truth;
		if (no_truth(d, p->a) || no_truth(d, p->b))
			continue;
		truth = fa == fb ? 0 : fb < fa ? 1 : -1;
		int got = claim(c, p);
		if (truth == 0) {
			t->null_pairs++;
			t->false_claims += got != 0;
			t->false_paired += got != 0 && p->paired_claim != 0;
		} else {
			t->effect_pairs++;
			t->claimed += got == truth;
			t->wrong += got == -truth;
			t->wrong_paired += got == -truth && p->paired_claim != 0;
			t->published += published_rule(c, p->a, p->b) == truth;
			t->checked += published_rule(c, p->a, p->b) == truth && p->significant &&
				      p->test_side == truth;
		}
	}
	for (size_t v = 0; v < c->nversions; v++) {
		int truth = d->bimodal == (int)v + 1, got = flagged(&c->versions[v]);
		/* a slow state of single versions' runs is a slow mode of every
		 * version: flagging it is no false flag, missing it no miss */
		if (d->slow_own)
			continue;
		t->versions++;
		t->bimodal += truth;
		t->flagged += truth && got;
		t->false_flags += !truth && got;
	}
}

int main(int argc, char **argv)
{
	int reps = argc > 1 ? atoi(argv[1]) : 400;
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
	int workloads = argc > 3 ? atoi(argv[3]) : 7;
	const char *only = argc > 4 ? argv[4] : NULL;
	static const struct sim_design designs[] = {
		/* name, versions, rounds, day_sd, tail_p, round_sd, interfere p/max, shared, days, drift, periods, bimodal, no_time, slow_p, slow_own, walk_sd, own_drift, fixed_order */
		{ "interleaved-7", 2, { 7, 7 }, 0.02, 0, 0.02, 0.3, 0.3, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
		{ "interleaved-7-untimed", 2, { 7, 7 }, 0.02, 0, 0.02, 0.3, 0.3, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0 },
		{ "history-144/25/82/18", 4, { 144, 25, 82, 18 }, 0.12, 0.01, 0.05, 0.01, 0.3, 0, 270, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
		{ "history-30", 2, { 30, 30 }, 0.12, 0.01, 0.05, 0.01, 0.3, 0, 270, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
		{ "sessions-30", 2, { 30, 30 }, 0.12, 0.01, 0.05, 0.1, 0.2, 1, 60, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
		{ "matrix-30", 2, { 30, 30 }, 0.12, 0.01, 0.05, 0.1, 0.2, 0, 60, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
		{ "bimodal-7", 4, { 7, 7, 7, 7 }, 0.02, 0, 0.02, 0.3, 0.3, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0 },
		{ "drift-7", 2, { 7, 7 }, 0.01, 0, 0.02, 0.3, 0.3, 1, 0, 0.15, 0, 0, 0, 0, 0, 0, 0, 0 },
		{ "drift-history", 2, { 60, 40 }, 0.08, 0.01, 0.05, 0.01, 0.3, 0, 270, 0.10, 1, 0, 0, 0, 0, 0, 0, 0 },
		/* one sitting on a machine 2x slower in 40 % of the rounds (every
		 * version of the round), or in 40 % of single versions' runs */
		{ "sitting-7-shared", 2, { 7, 7 }, 0, 0, 0.03, 0.1, 0.1, 1, 0, 0, 0, 0, 0, 0.4, 0, 0, 0, 0 },
		{ "sitting-10-shared", 2, { 10, 10 }, 0, 0, 0.03, 0.1, 0.1, 1, 0, 0, 0, 0, 0, 0.4, 0, 0, 0, 0 },
		{ "sitting-20-shared", 2, { 20, 20 }, 0, 0, 0.03, 0.1, 0.1, 1, 0, 0, 0, 0, 0, 0.4, 0, 0, 0, 0 },
		{ "sitting-30-shared", 2, { 30, 30 }, 0, 0, 0.03, 0.1, 0.1, 1, 0, 0, 0, 0, 0, 0.4, 0, 0, 0, 0 },
		{ "sitting-7-own", 2, { 7, 7 }, 0, 0, 0.03, 0.1, 0.1, 1, 0, 0, 0, 0, 0, 0.4, 1, 0, 0, 0 },
		{ "sitting-10-own", 2, { 10, 10 }, 0, 0, 0.03, 0.1, 0.1, 1, 0, 0, 0, 0, 0, 0.4, 1, 0, 0, 0 },
		{ "sitting-20-own", 2, { 20, 20 }, 0, 0, 0.03, 0.1, 0.1, 1, 0, 0, 0, 0, 0, 0.4, 1, 0, 0, 0 },
		{ "sitting-30-own", 2, { 30, 30 }, 0, 0, 0.03, 0.1, 0.1, 1, 0, 0, 0, 0, 0, 0.4, 1, 0, 0, 0 },
		/* shared machine noise and drift: three versions in one sitting of
		 * 10 rounds, 40 % of the rounds 2x slow for every version (no
		 * drift), the same with a random walk of the machine (its drift,
		 * not the versions'), with the last version drifting 15 % against
		 * the others, and 7 rounds in a fixed order under a slow drift */
		{ "shared-3x10", 3, { 10, 10, 10 }, 0, 0, 0.03, 0.1, 0.1, 1, 0, 0, 0, 0, 0, 0.4, 0, 0, 0, 0 },
		{ "shared-3x10-walk", 3, { 10, 10, 10 }, 0, 0, 0.03, 0.1, 0.1, 1, 0, 0, 0, 0, 0, 0, 0, 0.05, 0, 0 },
		{ "shared-3x10-own-drift", 3, { 10, 10, 10 }, 0, 0, 0.03, 0.1, 0.1, 1, 0, 0, 0, 0, 0, 0.4, 0, 0, 0.15, 0 },
		{ "fixed-order-drift-7", 2, { 7, 7 }, 0.01, 0, 0.02, 0.3, 0.3, 1, 0, 0.3, 0, 0, 0, 0, 0, 0, 0, 1 },
	};
	static const struct effect effects[] = {
		{ "none", { 1, 1, 1, 1 } },
		{ "5%", { 1, 1, 0.95, 0.95 } },
		{ "10%", { 1, 1, 0.9, 0.9 } },
		{ "20%", { 1, 1, 0.8, 0.8 } },
		{ "x2.2", { 1, 1, 1 / 2.2, 1 / 2.2 } },
	};

	/* the seed hashed: seeds n and n + 1 start far apart in the stream
	 * (seed * the step of splitmix64 would only shift it by one draw) */
	rng = stats_splitmix64(&seed);
	printf("design\teffect\tnull_pairs\tfalse_claims\teffect_pairs\tclaimed\twrong\tpublished_rule\tpublished_and_test\tversions\tbimodal\tflagged\tfalse_flags\twrong_paired\tcomparisons\tdrift_versions\tdrift_machine\theadline_wrong\tfixed_flagged\tfalse_paired\tdrift_any\n");
	for (size_t i = 0; i < sizeof(designs) / sizeof(designs[0]); i++)
		for (size_t j = 0; j < sizeof(effects) / sizeof(effects[0]); j++) {
			struct sim_design d = designs[i];
			struct effect e = effects[j];
			struct tally t;
			if (only && strcmp(only, d.name) != 0)
				continue;
			if (d.nversions == 2) {
				/* two versions: the second carries the effect */
				e.f[1] = e.f[2];
			}
			run(&d, &e, reps, workloads, &t);
			printf("%s\t%s\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\t%ld\n",
			       d.name, e.name, t.null_pairs, t.false_claims, t.effect_pairs, t.claimed, t.wrong,
			       t.published, t.checked, t.versions, t.bimodal, t.flagged, t.false_flags,
			       t.wrong_paired, t.comparisons, t.drift_versions, t.drift_machine,
			       t.headline_wrong, t.fixed_flagged, t.false_paired, t.drift_any);
			fflush(stdout);
		}
	return 0;
}
