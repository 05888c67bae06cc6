/*
 * render_json.c - analysis.json: everything the analysis computed, for other
 * tools. Format "noisefloor.analysis/1".
 */
#include "lib/jsonw.h"
#include "lib/fmt.h"
#include <math.h>
#include <string.h>
#include "analysis/releases.h"
#include "analysis/stats.h"
#include "lib/util.h"
#include "present/glossary.h"
#include "present/support.h"
#include "render/render.h"

#include <stdlib.h>

static void write_version(struct jsonw *w, const struct comparison *c, const struct version_stats *v)
{
	struct buf num = BUF_INIT;

	jsonw_begin_object(w);
	jsonw_key(w, "version");
	jsonw_string(w, v->version);
	jsonw_key(w, "line");
	jsonw_string(w, v->line);
	jsonw_key(w, "v8");
	jsonw_string(w, v->v8);
	jsonw_key(w, "status");
	jsonw_string(w, v->status);
	jsonw_key(w, "rounds");
	jsonw_int(w, (long long)v->nrounds);
	jsonw_key(w, "best");
	jsonw_number(w, v->best);
	jsonw_key(w, "median");
	jsonw_number(w, v->median);
	jsonw_key(w, "spread");
	jsonw_number(w, v->spread);
	jsonw_key(w, "quantile_spread");
	jsonw_number(w, v->qspread);
	jsonw_key(w, "level");
	jsonw_number(w, v->level);
	jsonw_key(w, "band");
	jsonw_number(w, v->band);
	jsonw_key(w, "bimodal");
	jsonw_bool(w, v->bimodal);
	if (v->bimodal) {
		jsonw_key(w, "slow_share");
		jsonw_number(w, v->slow_share);
		jsonw_key(w, "slow_factor");
		jsonw_number(w, v->slow_factor);
	}
	jsonw_key(w, "baseline");
	jsonw_bool(w, v->is_baseline);
	if (c->baseline_idx >= 0) {
		jsonw_key(w, "change");
		jsonw_number(w, v->change);
		jsonw_key(w, "change_is");
		jsonw_string(w, v->change_better > 0 ? "better" : v->change_better < 0 ? "worse" : "same");
	}
	jsonw_key(w, "round_values");
	jsonw_begin_array(w);
	for (size_t i = 0; i < v->nrounds; i++) {
		const double *passes = result_passes(&v->rounds[i]);
		const size_t np = result_npasses(&v->rounds[i]);
		jsonw_begin_object(w);
		jsonw_key(w, "round");
		jsonw_int(w, v->rounds[i].round);
		jsonw_key(w, "value");
		if (np == 1 && memcmp(&passes[0], &v->values[i], sizeof(double)) == 0) {
			/* a round of one pass: its value is that pass, the
			 * same double, formatted once for both */
			buf_reset(&num);
			fmt_json_number(&num, passes[0]);
			jsonw_raw(w, buf_str(&num));
			jsonw_key(w, "passes");
			jsonw_begin_array(w);
			jsonw_raw(w, buf_str(&num));
		} else {
			jsonw_number(w, v->values[i]);
			jsonw_key(w, "passes");
			jsonw_begin_array(w);
			for (size_t k = 0; k < np; k++)
				jsonw_number(w, passes[k]);
		}
		jsonw_end_array(w);
		if (result_timestamp(&v->rounds[i])) {
			jsonw_key(w, "timestamp");
			jsonw_string(w, result_timestamp(&v->rounds[i]));
		}
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
	jsonw_end_object(w);
	buf_release(&num);
}

/* The evidence beside the verdict (evidence.c): pairs, steps, drift. */
/* [low, high] */
static void write_interval(struct jsonw *w, const char *key, double low, double high)
{
	jsonw_key(w, key);
	if (!isfinite(low)) {
		jsonw_null(w);
		return;
	}
	jsonw_begin_array(w);
	jsonw_number(w, low);
	jsonw_number(w, high);
	jsonw_end_array(w);
}

/* A number, or null when it is unknown (NaN, infinite). */
static void write_number_or_null(struct jsonw *w, double x)
{
	if (isfinite(x))
		jsonw_number(w, x);
	else
		jsonw_null(w);
}

/* The verdict record (record.c): what decided it and the numbers every
 * document quotes; words for it are the comparison's "text". */
static void write_record(struct jsonw *w, const struct comparison *c, const struct verdict_record *r)
{
	int named = r->winner >= 0 && r->other >= 0;
	jsonw_key(w, "record");
	jsonw_begin_object(w);
	jsonw_key(w, "verdict");
	jsonw_string(w, verdict_name(r->verdict));
	jsonw_key(w, "decided_by");
	jsonw_string(w, decided_by_name(r->by));
	jsonw_key(w, "winner");
	jsonw_string(w, named ? c->versions[r->winner].version : NULL);
	jsonw_key(w, "other");
	jsonw_string(w, named ? c->versions[r->other].version : NULL);
	jsonw_key(w, "size");
	if (named)
		jsonw_number(w, r->size);
	else
		jsonw_null(w);
	write_interval(w, "interval", r->size_low, r->size_high);
	jsonw_key(w, "band");
	if (r->band_kind != RECORD_BAND_NONE)
		jsonw_number(w, r->band);
	else
		jsonw_null(w);
	jsonw_key(w, "band_is");
	jsonw_string(w, record_band_name(r->band_kind));
	jsonw_key(w, "rounds_agree");
	jsonw_int(w, (long long)r->agree);
	jsonw_key(w, "rounds");
	jsonw_int(w, (long long)r->rounds);
	jsonw_key(w, "sees");
	write_number_or_null(w, r->sees);
	jsonw_key(w, "regression");
	jsonw_bool(w, r->regression);
	jsonw_key(w, "test");
	jsonw_string(w, r->band_kind != RECORD_BAND_NONE ? r->test : NULL);
	jsonw_key(w, "p_holm");
	if (r->band_kind != RECORD_BAND_NONE && r->test)
		jsonw_number(w, r->p_holm);
	else
		jsonw_null(w);
	jsonw_key(w, "grouping");
	jsonw_string(w, c->by_line ? "lines" : "releases");
	/* the published rule's reading beside a verdict the pairing decided */
	jsonw_key(w, "rule");
	if (r->by != DECIDED_PAIRED || c->design != DESIGN_ROUNDS) {
		jsonw_null(w);
	} else {
		jsonw_begin_object(w);
		jsonw_key(w, "winner");
		jsonw_string(w, r->rule_winner >= 0 ? c->versions[r->rule_winner].version : NULL);
		jsonw_key(w, "size");
		jsonw_number(w, r->rule_size);
		jsonw_key(w, "band");
		jsonw_number(w, r->rule_band);
		jsonw_end_object(w);
	}
	jsonw_end_object(w);
}

static void write_evidence(struct jsonw *w, const struct comparison *c,
			   const struct report_comparison *rcmp)
{
	jsonw_key(w, "pairs");
	jsonw_begin_array(w);
	for (size_t i = 0; i < c->npairs; i++) {
		const struct pair_stats *p = &c->pairs[i];
		jsonw_begin_object(w);
		jsonw_key(w, "a");
		jsonw_string(w, c->versions[p->a].version);
		jsonw_key(w, "b");
		jsonw_string(w, c->versions[p->b].version);
		if (c->by_step) {
			/* a bisect's file: the step whose rounds compared them */
			jsonw_key(w, "step");
			jsonw_int(w, p->step);
		}
		jsonw_key(w, "test");
		jsonw_string(w, p->test);
		jsonw_key(w, "u");
		jsonw_number(w, p->u);
		jsonw_key(w, "p");
		jsonw_number(w, p->p);
		jsonw_key(w, "p_holm");
		jsonw_number(w, p->p_holm);
		jsonw_key(w, "exact");
		jsonw_bool(w, p->exact);
		jsonw_key(w, "ratio");
		jsonw_number(w, p->ratio);
		jsonw_key(w, "median_ratio");
		jsonw_number(w, p->median_ratio);
		jsonw_key(w, "ci");
		jsonw_begin_array(w);
		jsonw_number(w, p->ci_low);
		jsonw_number(w, p->ci_high);
		jsonw_end_array(w);
		jsonw_key(w, "shift");
		jsonw_number(w, p->shift);
		jsonw_key(w, "significant");
		jsonw_bool(w, p->significant);
		jsonw_key(w, "borderline");
		jsonw_bool(w, p->borderline);
		jsonw_key(w, "p_floor");
		jsonw_number(w, p->p_floor);
		jsonw_key(w, "rounds_needed");
		if (p->rounds_needed > 0)
			jsonw_int(w, p->rounds_needed);
		else
			jsonw_null(w);
		jsonw_key(w, "size");
		jsonw_number(w, p->size);
		jsonw_key(w, "noise");
		jsonw_number(w, p->noise);
		jsonw_key(w, "beyond_noise");
		jsonw_bool(w, p->beyond_noise);
		jsonw_key(w, "reachable");
		jsonw_bool(w, p->reachable);
		jsonw_key(w, "claim");
		jsonw_string(w, p->claim > 0 ? c->versions[p->b].version
			     : p->claim < 0 ? c->versions[p->a].version : NULL);
		jsonw_key(w, "steady");
		jsonw_bool(w, p->steady);
		write_record(w, c, &p->rec);
		/* the pairing of rounds that hold both versions: null without */
		jsonw_key(w, "paired");
		if (!p->paired) {
			jsonw_null(w);
		} else {
			jsonw_begin_object(w);
			jsonw_key(w, "rounds");
			jsonw_int(w, (long long)p->paired_rounds);
			jsonw_key(w, "size");
			jsonw_number(w, p->paired_size);
			jsonw_key(w, "better");
			jsonw_string(w, p->paired_side > 0 ? c->versions[p->b].version
				     : p->paired_side < 0 ? c->versions[p->a].version : NULL);
			jsonw_key(w, "noise");
			jsonw_number(w, p->paired_noise);
			jsonw_key(w, "farthest");
			jsonw_number(w, p->paired_max);
			jsonw_key(w, "rounds_agree");
			jsonw_int(w, (long long)p->paired_agree);
			jsonw_key(w, "v");
			jsonw_number(w, p->paired_w);
			jsonw_key(w, "p");
			jsonw_number(w, p->paired_p);
			jsonw_key(w, "p_holm");
			jsonw_number(w, p->paired_p_holm);
			jsonw_key(w, "reachable");
			jsonw_bool(w, p->paired_reachable);
			jsonw_key(w, "claim");
			jsonw_bool(w, p->paired_claim != 0);
			jsonw_end_object(w);
		}
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
	jsonw_key(w, "steps");
	jsonw_begin_array(w);
	for (size_t i = 0; i < c->nsteps; i++) {
		const struct step *s = &c->steps[i];
		jsonw_begin_object(w);
		jsonw_key(w, "before");
		jsonw_string(w, c->versions[s->before].version);
		jsonw_key(w, "after");
		jsonw_string(w, c->versions[s->after].version);
		jsonw_key(w, "change");
		jsonw_number(w, s->change);
		jsonw_key(w, "v8_before");
		jsonw_string(w, c->versions[s->before].v8);
		jsonw_key(w, "v8_after");
		jsonw_string(w, c->versions[s->after].v8);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
	jsonw_key(w, "drift");
	jsonw_string(w, rcmp->drift);
	jsonw_key(w, "release_steps");
	jsonw_begin_array(w);
	for (size_t i = 0; i < c->nrelease_steps; i++) {
		const struct release_step *s = &c->release_steps[i];
		jsonw_begin_object(w);
		jsonw_key(w, "line");
		jsonw_string(w, c->versions[s->b].line);
		jsonw_key(w, "before");
		jsonw_string(w, s->before);
		jsonw_key(w, "after");
		jsonw_string(w, s->after);
		jsonw_key(w, "rounds_before");
		jsonw_number(w, (double)s->n_before);
		jsonw_key(w, "rounds_after");
		jsonw_number(w, (double)s->n_after);
		jsonw_key(w, "last_day_before");
		jsonw_string(w, s->last_a[0] ? s->last_a : NULL);
		jsonw_key(w, "first_day_after");
		jsonw_string(w, s->first_b[0] ? s->first_b : NULL);
		jsonw_key(w, "v8_before");
		jsonw_string(w, s->v8_before);
		jsonw_key(w, "v8_after");
		jsonw_string(w, s->v8_after);
		jsonw_key(w, "ratio");
		jsonw_number(w, s->ratio);
		jsonw_key(w, "p");
		jsonw_number(w, s->p);
		jsonw_key(w, "p_holm");
		jsonw_number(w, s->p_holm);
		jsonw_key(w, "step");
		jsonw_bool(w, s->step);
		/* a step to the worse inside a line compared as one version */
		jsonw_key(w, "regression");
		jsonw_bool(w, c->by_line && releases_worse(c, s));
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

/* One workload's verdicts across platforms; [] with a single platform. */
static void write_platforms(struct jsonw *w, const struct report *r)
{
	const struct model *m = r->m;
	jsonw_begin_array(w);
	for (size_t i = 0; i < m->nplatforms; i++) {
		const struct platform_finding *f = &m->platforms[i];
		jsonw_begin_object(w);
		jsonw_key(w, "workload");
		jsonw_string(w, f->workload);
		jsonw_key(w, "platforms");
		jsonw_begin_array(w);
		for (size_t k = 0; k < f->ncomparisons; k++) {
			const struct comparison *c = &m->comparisons[f->comparisons[k]];
			jsonw_begin_object(w);
			jsonw_key(w, "platform");
			jsonw_string(w, c->platform);
			jsonw_key(w, "verdict");
			jsonw_string(w, verdict_name(c->verdict));
			jsonw_key(w, "best_version");
			jsonw_string(w, c->best_idx >= 0 ? c->versions[c->best_idx].version : NULL);
			jsonw_key(w, "text");
			jsonw_string(w, r->comparisons[f->comparisons[k]].text);
			jsonw_end_object(w);
		}
		jsonw_end_array(w);
		jsonw_key(w, "consistent");
		if (f->consistent < 0)
			jsonw_null(w);
		else
			jsonw_bool(w, f->consistent);
		jsonw_key(w, "text");
		jsonw_string(w, r->findings[i]);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

static void write_comparison(struct jsonw *w, const struct comparison *c,
			     const struct report_comparison *rcmp)
{
	jsonw_begin_object(w);
	jsonw_key(w, "workload");
	jsonw_string(w, c->workload);
	jsonw_key(w, "platform");
	jsonw_string(w, c->platform);
	jsonw_key(w, "unit");
	jsonw_string(w, c->unit);
	jsonw_key(w, "unit_kind");
	jsonw_string(w, unit_kind_name(c->unit_kind));
	jsonw_key(w, "better");
	jsonw_string(w, c->better == BETTER_HIGHER ? "higher" : "lower");
	/* decided for this comparison alone (lines.c) */
	jsonw_key(w, "grouping");
	jsonw_string(w, c->by_line ? "lines" : "releases");
	jsonw_key(w, "versions");
	jsonw_begin_array(w);
	for (size_t i = 0; i < c->nversions; i++)
		write_version(w, c, &c->versions[i]);
	jsonw_end_array(w);
	jsonw_key(w, "best_version");
	jsonw_string(w, c->best_idx >= 0 ? c->versions[c->best_idx].version : NULL);
	jsonw_key(w, "worst_version");
	jsonw_string(w, c->worst_idx >= 0 ? c->versions[c->worst_idx].version : NULL);
	jsonw_key(w, "baseline");
	jsonw_string(w, c->baseline_idx >= 0 ? c->versions[c->baseline_idx].version : NULL);
	jsonw_key(w, "gap");
	jsonw_number(w, c->gap);
	jsonw_key(w, "noise");
	jsonw_number(w, c->noise);
	jsonw_key(w, "same_within");
	if (c->same_within > 0)
		jsonw_number(w, c->same_within);
	else
		jsonw_null(w);
	/* rounds in which every version was slow by about the same factor
	 * (the machine, one sitting): null without */
	jsonw_key(w, "slow_rounds");
	if (!c->nslow_rounds) {
		jsonw_null(w);
	} else {
		jsonw_begin_object(w);
		jsonw_key(w, "rounds");
		jsonw_begin_array(w);
		for (size_t k = 0; k < c->nslow_rounds; k++)
			jsonw_int(w, c->slow_rounds[k]);
		jsonw_end_array(w);
		jsonw_key(w, "factor");
		jsonw_number(w, c->slow_round_factor);
		jsonw_end_object(w);
	}
	jsonw_key(w, "confirmed_by_pairing");
	jsonw_bool(w, c->confirmed == CONFIRMED_PAIRED);
	jsonw_key(w, "verdict");
	jsonw_string(w, verdict_name(c->verdict));
	write_record(w, c, &c->record);
	jsonw_key(w, "linear");
	jsonw_bool(w, c->linear);
	jsonw_key(w, "interleaved");
	if (c->interleaved < 0)
		jsonw_null(w);
	else
		jsonw_bool(w, c->interleaved);
	/* timed paired rounds with the same version order in every round */
	jsonw_key(w, "fixed_order");
	jsonw_bool(w, c->fixed_order);
	jsonw_key(w, "design");
	jsonw_string(w, design_name(c->design));
	jsonw_key(w, "compared");
	jsonw_begin_object(w);
	jsonw_key(w, "level");
	jsonw_string(w, level_stat_name(c->compared.level));
	jsonw_key(w, "band");
	jsonw_string(w, band_kind_name(c->compared.band));
	jsonw_key(w, "per_round_ratios");
	jsonw_bool(w, c->compared.per_round_ratios);
	jsonw_key(w, "text");
	jsonw_string(w, rcmp->compared_text);
	jsonw_end_object(w);
	jsonw_key(w, "design_text");
	jsonw_string(w, rcmp->design_text);
	jsonw_key(w, "paired");
	jsonw_bool(w, c->paired);
	jsonw_key(w, "text");
	jsonw_string(w, rcmp->text);
	write_evidence(w, c, rcmp);
	jsonw_end_object(w);
}

static void write_date(struct jsonw *w, const char *key, const char *d)
{
	jsonw_key(w, key);
	jsonw_string(w, d[0] ? d : NULL);
}

/* The environment as one JSON object, shared with `noisefloor convert`. */
void render_json_environment(struct jsonw *w, const struct model *m)
{
	jsonw_begin_object(w);
	for (size_t i = 0; i < m->nenv; i++) {
		jsonw_key(w, m->env[i].key);
		jsonw_string(w, m->env[i].value);
	}
	jsonw_end_object(w);
}

/* The claims checked (--claim): one entry per claim and comparison it
 * matches, the changes B / A - 1 in the metric's own terms. */
static void write_claims(struct jsonw *w, const struct model *m, const struct report *r)
{
	jsonw_key(w, "claims");
	jsonw_begin_array(w);
	for (size_t i = 0; i < m->nclaim_checks; i++) {
		const struct claim_check *k = &m->claim_checks[i];
		const struct claim *cl = &m->claims[k->claim];
		const struct comparison *c = &m->comparisons[k->comparison];
		jsonw_begin_object(w);
		jsonw_key(w, "claim");
		jsonw_string(w, cl->text);
		jsonw_key(w, "workload");
		jsonw_string(w, c->workload);
		jsonw_key(w, "platform");
		jsonw_string(w, c->platform);
		jsonw_key(w, "unit");
		jsonw_string(w, c->unit);
		jsonw_key(w, "a");
		jsonw_string(w, k->a >= 0 ? c->versions[k->a].version : cl->a);
		jsonw_key(w, "b");
		jsonw_string(w, k->b >= 0 ? c->versions[k->b].version : cl->b);
		jsonw_key(w, "claimed");
		jsonw_number(w, k->claimed);
		jsonw_key(w, "measured");
		jsonw_number(w, k->measured);
		write_interval(w, "interval", k->low, k->high);
		jsonw_key(w, "verdict");
		jsonw_string(w, claim_words_verdict_name(k->verdict));
		jsonw_key(w, "text");
		jsonw_string(w, r->claims.lines[i]);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

/* The impact estimate (impact.c): the inputs, then one entry per
 * comparison whose workload has bytes; figures only for confirmed claims. */
static void write_impact(struct jsonw *w, const struct model *m)
{
	const struct impact_inputs *in = &m->impact_in;
	jsonw_key(w, "impact_inputs");
	if (!in->given) {
		jsonw_null(w);
	} else {
		jsonw_begin_object(w);
		jsonw_key(w, "rps");
		jsonw_number(w, in->rps);
		jsonw_key(w, "payload_bytes");
		jsonw_number(w, in->payload);
		jsonw_key(w, "cores");
		jsonw_number(w, in->cores > 0 ? in->cores : NAN);
		jsonw_key(w, "workload");
		jsonw_string(w, in->workload);
		jsonw_end_object(w);
	}
	jsonw_key(w, "impact");
	jsonw_begin_array(w);
	for (size_t i = 0; in->given && i < m->nimpacts; i++) {
		const struct impact *im = &m->impacts[i];
		const struct comparison *c = &m->comparisons[im->comparison];
		jsonw_begin_object(w);
		jsonw_key(w, "workload");
		jsonw_string(w, c->workload);
		jsonw_key(w, "platform");
		jsonw_string(w, c->platform);
		jsonw_key(w, "bytes");
		jsonw_number(w, im->bytes);
		jsonw_key(w, "confirmed");
		jsonw_bool(w, im->confirmed);
		if (!im->confirmed) {
			struct buf why = BUF_INIT;
			report_impact_why(&why, m, im);
			jsonw_key(w, "why");
			jsonw_string(w, why.s);
			buf_release(&why);
			jsonw_end_object(w);
			continue;
		}
		jsonw_key(w, "from");
		jsonw_string(w, c->versions[im->from].version);
		jsonw_key(w, "to");
		jsonw_string(w, c->versions[im->to].version);
		jsonw_key(w, "ms_per_mb");
		jsonw_begin_object(w);
		jsonw_key(w, c->versions[im->from].version);
		jsonw_number(w, im->ms_per_mb_from);
		jsonw_key(w, c->versions[im->to].version);
		jsonw_number(w, im->ms_per_mb_to);
		jsonw_end_object(w);
		jsonw_key(w, "saved_ms_per_s");
		jsonw_number(w, im->saved_ms_per_s);
		jsonw_key(w, "core_share");
		jsonw_number(w, im->core_share);
		jsonw_key(w, "cores_freed");
		jsonw_number(w, im->core_share);
		jsonw_key(w, "provisioned_share");
		jsonw_number(w, im->provisioned_share);
		jsonw_key(w, "interval");
		jsonw_begin_object(w);
		write_interval(w, "ratio", im->q_low, im->q_high);
		write_interval(w, "saved_ms_per_s", im->saved_low, im->saved_high);
		write_interval(w, "core_share", im->core_share_low, im->core_share_high);
		write_interval(w, "cores_freed", im->core_share_low, im->core_share_high);
		write_interval(w, "provisioned_share", im->provisioned_low, im->provisioned_high);
		jsonw_end_object(w);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

/* How to get the same numbers again: the command, noisefloor's version and
 * each input's SHA-256, with the time span of the rounds. */
/* "upgrade": what moving from one version to another changes, a row per
 * comparison in comparison order (null without a view). */
static const char *upgrade_change_name(enum upgrade_change c)
{
	switch (c) {
	case UPGRADE_BETTER:
		return "better";
	case UPGRADE_WORSE:
		return "worse";
	case UPGRADE_NONE:
		return "none";
	case UPGRADE_NOT_TESTED:
		return "not-tested";
	case UPGRADE_NO_VERDICT:
		return "no-verdict";
	default:
		return "unmeasured";
	}
}

static void write_upgrade_end(struct jsonw *w, const char *key, const char *name,
			      const struct release_line *l)
{
	jsonw_key(w, key);
	jsonw_begin_object(w);
	jsonw_key(w, "name");
	jsonw_string(w, name);
	jsonw_key(w, "line");
	jsonw_string(w, l ? l->line : NULL);
	jsonw_key(w, "status");
	jsonw_string(w, l ? l->status : NULL);
	jsonw_key(w, "end");
	jsonw_string(w, l && l->end[0] ? l->end : NULL);
	jsonw_end_object(w);
}

static void write_upgrade(struct jsonw *w, const struct model *m, const struct report *r)
{
	const struct upgrade *u = &m->upgrade;
	jsonw_key(w, "upgrade");
	if (!u->shown) {
		jsonw_null(w);
		return;
	}
	jsonw_begin_object(w);
	jsonw_key(w, "given");
	jsonw_bool(w, u->given);
	write_upgrade_end(w, "from", u->from, u->from_line);
	write_upgrade_end(w, "to", u->to, u->to_line);
	jsonw_key(w, "title");
	jsonw_string(w, r->upgrade.title);
	jsonw_key(w, "ends");
	jsonw_string(w, r->upgrade.ends);
	jsonw_key(w, "summary");
	jsonw_string(w, r->upgrade.summary);
	jsonw_key(w, "rows");
	jsonw_begin_array(w);
	for (size_t i = 0; i < u->nrows; i++) {
		const struct upgrade_row *ur = &u->rows[i];
		const struct comparison *c = &m->comparisons[ur->comparison];
		const char *text = NULL;
		for (size_t k = 0; k < r->upgrade.nrows; k++)
			if (r->upgrade.rows[k].comparison == ur->comparison)
				text = r->upgrade.rows[k].text;
		jsonw_begin_object(w);
		jsonw_key(w, "workload");
		jsonw_string(w, c->workload);
		jsonw_key(w, "platform");
		jsonw_string(w, c->platform);
		jsonw_key(w, "from");
		jsonw_string(w, ur->from >= 0 ? c->versions[ur->from].version : NULL);
		jsonw_key(w, "to");
		jsonw_string(w, ur->to >= 0 ? c->versions[ur->to].version : NULL);
		jsonw_key(w, "change");
		jsonw_string(w, upgrade_change_name(ur->change));
		jsonw_key(w, "ratio");
		jsonw_number(w, ur->ratio);
		write_interval(w, "ci", ur->ci_low, ur->ci_high);
		jsonw_key(w, "text");
		jsonw_string(w, text);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
	jsonw_end_object(w);
}

static void write_reproduce(struct jsonw *w, const struct model *m)
{
	const char *first, *last;
	report_time_span(m, &first, &last);
	jsonw_key(w, "reproduce");
	jsonw_begin_object(w);
	jsonw_key(w, "command");
	jsonw_string(w, m->command_line);
	jsonw_key(w, "run_command");
	jsonw_string(w, m->run_command);
	jsonw_key(w, "noisefloor_version");
	jsonw_string(w, m->program_version);
	jsonw_key(w, "inputs");
	jsonw_begin_array(w);
	for (size_t i = 0; i < m->nsources; i++) {
		if (i && strcmp(m->sources[i], m->sources[i - 1]) == 0)
			continue;
		jsonw_begin_object(w);
		jsonw_key(w, "name");
		jsonw_string(w, m->sources[i]);
		jsonw_key(w, "sha256");
		jsonw_string(w, model_get_digest(m, m->sources[i]));
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
	jsonw_key(w, "first_round");
	jsonw_string(w, first);
	jsonw_key(w, "last_round");
	jsonw_string(w, last);
	jsonw_end_object(w);
}

/* The input's workload descriptions, shared with `noisefloor convert`:
 * members that were not given are left out, as in the input. */
void render_json_workloads(struct jsonw *w, const struct model *m)
{
	jsonw_begin_object(w);
	for (size_t i = 0; i < m->nworkloads; i++) {
		const struct workload_info *wl = &m->workloads[i];
		jsonw_key(w, wl->name);
		jsonw_begin_object(w);
		if (wl->description) {
			jsonw_key(w, "description");
			jsonw_string(w, wl->description);
		}
		if (wl->bytes > 0) {
			jsonw_key(w, "bytes");
			jsonw_number(w, wl->bytes);
		}
		if (wl->source) {
			jsonw_key(w, "source");
			jsonw_string(w, wl->source);
		}
		jsonw_end_object(w);
	}
	jsonw_end_object(w);
}

/* The support table, shared with `noisefloor windows --json`. */
void render_json_support(struct jsonw *w, const struct schedule *s)
{
	jsonw_begin_array(w);
	for (size_t i = 0; i < s->nlines; i++) {
		const struct release_line *l = &s->lines[i];
		jsonw_begin_object(w);
		jsonw_key(w, "line");
		jsonw_string(w, l->line);
		jsonw_key(w, "codename");
		jsonw_string(w, l->codename);
		jsonw_key(w, "status");
		jsonw_string(w, l->status);
		write_date(w, "start", l->start);
		write_date(w, "lts", l->lts);
		write_date(w, "maintenance", l->maintenance);
		write_date(w, "end", l->end);
		if (l->alpha[0])
			write_date(w, "alpha", l->alpha);
		jsonw_key(w, "v8");
		jsonw_string(w, l->v8);
		jsonw_key(w, "latest");
		jsonw_string(w, l->latest);
		jsonw_key(w, "v8_latest");
		jsonw_string(w, l->v8_latest);
		jsonw_key(w, "model");
		jsonw_string(w, l->annual ? "annual" : "lts");
		jsonw_key(w, "pick_when");
		jsonw_string(w, support_pick_when(l->status));
		jsonw_key(w, "compared");
		jsonw_bool(w, l->compared);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
}

/* analysis.json goes to its file as it is made, 64 KB at a time. */
/* The terms analysis.json defines under "method" and "statistics"
 * (present/glossary.c words them), in their order there. */
static const enum glossary method_terms[] = {
	GLOSSARY_ROUND_VALUE, GLOSSARY_BEST, GLOSSARY_SPREAD, GLOSSARY_RULE,
};
static const enum glossary test_terms[] = {
	GLOSSARY_TEST, GLOSSARY_CORRECTION, /* then alpha */
	GLOSSARY_SHIFT, GLOSSARY_RATIO, GLOSSARY_MEDIAN_RATIO, GLOSSARY_INTERVAL,
	GLOSSARY_P_FLOOR, GLOSSARY_ROUNDS_NEEDED, GLOSSARY_STEPS, GLOSSARY_DRIFT,
};

/* Each term of t[0..n) as its key and definition. */
static void glossary_json(struct jsonw *w, const enum glossary *t, size_t n,
			  const struct report_method *mt)
{
	struct buf b = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		buf_reset(&b);
		glossary_says(&b, t[i], mt);
		jsonw_key(w, glossary_key(t[i]));
		jsonw_string(w, b.s);
	}
	buf_release(&b);
}

static void to_file(struct buf *out, void *ud)
{
	fwrite(out->s, 1, out->len, ud);
	buf_reset(out);
}

/* A bisect's steps, as its rounds file records them, the culprit step and
 * what else changes across it; only for a bisect's rounds file. */
static void write_bisect(struct jsonw *w, const struct model *m, const struct report *r)
{
	const struct bisect_record *b = &m->bisect;
	jsonw_key(w, "bisect");
	jsonw_begin_object(w);
	jsonw_key(w, "good");
	jsonw_string(w, b->good);
	jsonw_key(w, "bad");
	jsonw_string(w, b->bad);
	jsonw_key(w, "versions");
	jsonw_begin_array(w);
	for (size_t i = 0; i < b->nversions; i++)
		jsonw_string(w, b->versions[i]);
	jsonw_end_array(w);
	jsonw_key(w, "steps");
	jsonw_begin_array(w);
	for (size_t i = 0; i < b->nsteps; i++) {
		const struct bisect_step *st = &b->steps[i];
		static const char *const call[] = { "undecided", "different", "same" };
		jsonw_begin_object(w);
		jsonw_key(w, "step");
		jsonw_int(w, st->step);
		jsonw_key(w, "phase");
		jsonw_string(w, st->phase);
		jsonw_key(w, "good");
		jsonw_string(w, st->good);
		jsonw_key(w, "candidate");
		jsonw_string(w, st->candidate);
		jsonw_key(w, "bad");
		jsonw_string(w, st->bad);
		jsonw_key(w, "call");
		jsonw_string(w, call[st->call]);
		jsonw_key(w, "changed");
		jsonw_bool(w, st->changed);
		jsonw_key(w, "rounds");
		jsonw_int(w, st->rounds);
		jsonw_key(w, "ratio");
		if (isfinite(st->ratio))
			jsonw_number(w, st->ratio);
		else
			jsonw_null(w);
		jsonw_key(w, "ci");
		if (isfinite(st->ratio_low)) {
			jsonw_begin_array(w);
			jsonw_number(w, st->ratio_low);
			jsonw_number(w, st->ratio_high);
			jsonw_end_array(w);
		} else {
			jsonw_null(w);
		}
		/* the size its verdict quotes (the record's), from the winner */
		jsonw_key(w, "winner");
		if (st->winner)
			jsonw_string(w, st->winner);
		else
			jsonw_null(w);
		jsonw_key(w, "size");
		if (isfinite(st->size))
			jsonw_number(w, st->size);
		else
			jsonw_null(w);
		jsonw_key(w, "size_interval");
		if (isfinite(st->size_low)) {
			jsonw_begin_array(w);
			jsonw_number(w, st->size_low);
			jsonw_number(w, st->size_high);
			jsonw_end_array(w);
		} else {
			jsonw_null(w);
		}
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
	jsonw_key(w, "skipped");
	jsonw_begin_array(w);
	for (size_t i = 0; i < b->nskips; i++) {
		jsonw_begin_object(w);
		jsonw_key(w, "version");
		jsonw_string(w, b->skips[i].version);
		jsonw_key(w, "why");
		jsonw_string(w, b->skips[i].why);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
	jsonw_key(w, "culprit");
	if (b->culprit >= 0) {
		jsonw_begin_array(w);
		jsonw_string(w, b->steps[b->culprit].good);
		jsonw_string(w, b->steps[b->culprit].candidate);
		jsonw_end_array(w);
	} else {
		jsonw_null(w);
	}
	jsonw_key(w, "changes");
	jsonw_begin_array(w);
	for (size_t i = 0; i < b->nchanges; i++) {
		jsonw_begin_object(w);
		jsonw_key(w, "key");
		jsonw_string(w, b->changes[i].key);
		jsonw_key(w, "before");
		jsonw_string(w, b->changes[i].before);
		jsonw_key(w, "after");
		jsonw_string(w, b->changes[i].after);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
	jsonw_key(w, "text");
	jsonw_string(w, r->bisect_narrowed);
	jsonw_key(w, "changelog");
	if (r->bisect_changelog)
		jsonw_string(w, r->bisect_changelog);
	else
		jsonw_null(w);
	jsonw_end_object(w);
}

int render_json(const struct model *m, const struct render_ctx *rc, struct outdir *od,
		struct nf_error *err)
{
	struct buf out = BUF_INIT;
	struct jsonw w;
	const struct report_method *mt = &rc->report->method;
	FILE *f = outdir_fopen(od, "analysis.json", err);

	if (!f)
		return err->status ? err->status : NF_CANTCREAT;
	/* room for one flush's worth (64 KB and the value that crosses it), so
	 * the buffer is not grown and copied a dozen times on the way */
	buf_grow(&out, 80 * 1024);
	jsonw_init(&w, &out, 1);
	jsonw_set_flush(&w, to_file, f);
	jsonw_begin_object(&w);
	jsonw_key(&w, "format");
	jsonw_string(&w, "noisefloor.analysis/1");
	jsonw_key(&w, "generator");
	jsonw_string(&w, "noisefloor " NF_VERSION);
	jsonw_key(&w, "title");
	jsonw_string(&w, m->title);
	jsonw_key(&w, "subject");
	jsonw_string(&w, m->subject);
	jsonw_key(&w, "as_of");
	jsonw_string(&w, m->as_of);
	jsonw_key(&w, "method");
	jsonw_begin_object(&w);
	jsonw_key(&w, "min_rounds");
	jsonw_int(&w, m->min_rounds);
	glossary_json(&w, method_terms, sizeof method_terms / sizeof *method_terms, mt);
	jsonw_end_object(&w);
	jsonw_key(&w, "statistics");
	jsonw_begin_object(&w);
	glossary_json(&w, test_terms, 2, mt);
	jsonw_key(&w, "alpha");
	jsonw_number(&w, mt->alpha);
	glossary_json(&w, test_terms + 2, sizeof test_terms / sizeof *test_terms - 2, mt);
	jsonw_end_object(&w);
	jsonw_key(&w, "environment");
	render_json_environment(&w, m);
	jsonw_key(&w, "workloads");
	render_json_workloads(&w, m);
	jsonw_key(&w, "sources");
	jsonw_begin_array(&w);
	for (size_t i = 0; i < m->nsources; i++)
		jsonw_string(&w, m->sources[i]);
	jsonw_end_array(&w);
	/* the machines of each platform, as each input's environment names
	 * them (ingest_finish): more than one on a platform is warned about */
	jsonw_key(&w, "machines");
	jsonw_begin_array(&w);
	for (size_t i = 0; i < m->nmachines; i++) {
		const struct machine *mc = &m->machines[i];
		jsonw_begin_object(&w);
		jsonw_key(&w, "platform");
		jsonw_string(&w, mc->platform);
		jsonw_key(&w, "cpu");
		jsonw_string(&w, mc->cpu);
		jsonw_key(&w, "cores");
		jsonw_string(&w, mc->cores);
		jsonw_key(&w, "inputs");
		jsonw_begin_array(&w);
		for (size_t k = 0; k < mc->ninputs; k++)
			jsonw_string(&w, mc->inputs[k]);
		jsonw_end_array(&w);
		jsonw_end_object(&w);
	}
	jsonw_end_array(&w);
	write_claims(&w, m, rc->report);
	if (m->bisect.good)
		write_bisect(&w, m, rc->report);
	jsonw_key(&w, "comparisons");
	jsonw_begin_array(&w);
	for (size_t i = 0; i < m->ncomparisons; i++)
		write_comparison(&w, &m->comparisons[i], &rc->report->comparisons[i]);
	jsonw_end_array(&w);
	jsonw_key(&w, "platforms");
	write_platforms(&w, rc->report);
	jsonw_key(&w, "bad_days");
	jsonw_begin_array(&w);
	for (size_t i = 0; i < m->nbad_days; i++) {
		const struct bad_day *d = &m->bad_days[i];
		jsonw_begin_object(&w);
		jsonw_key(&w, "date");
		jsonw_string(&w, d->date);
		jsonw_key(&w, "platform");
		jsonw_string(&w, d->platform);
		jsonw_key(&w, "versions");
		jsonw_begin_array(&w);
		for (size_t k = 0; k < d->nversions; k++)
			jsonw_string(&w, d->versions[k]);
		jsonw_end_array(&w);
		jsonw_key(&w, "speed");
		jsonw_number(&w, d->speed);
		jsonw_end_object(&w);
	}
	jsonw_end_array(&w);
	/* release advice only for releases of the schedule's product */
	jsonw_key(&w, "versions_are");
	jsonw_string(&w, m->versions_kind == VERSIONS_RELEASES ? "releases" : "variants");
	jsonw_key(&w, "product");
	jsonw_string(&w, m->versions_kind == VERSIONS_RELEASES ? m->schedule.product : NULL);
	/* exact releases compared one by one or grouped into lines (lines.c) */
	jsonw_key(&w, "grouping");
	jsonw_begin_object(&w);
	jsonw_key(&w, "by");
	jsonw_string(&w, m->grouping.grouped ? "line" : "release");
	jsonw_key(&w, "forced");
	jsonw_bool(&w, m->grouping.by != BY_DEFAULT);
	jsonw_key(&w, "releases");
	jsonw_number(&w, (double)m->grouping.nreleases);
	jsonw_key(&w, "lines");
	jsonw_number(&w, (double)m->grouping.nlines);
	jsonw_key(&w, "comparisons_with_enough_rounds_by_line");
	jsonw_number(&w, (double)m->grouping.verdicts_by_line);
	jsonw_key(&w, "comparisons_with_enough_rounds_by_release");
	jsonw_number(&w, (double)m->grouping.verdicts_by_release);
	/* each comparison decides for itself (comparisons[].grouping) */
	jsonw_key(&w, "comparisons_by_line");
	jsonw_number(&w, (double)m->grouping.nby_line);
	jsonw_key(&w, "comparisons_by_release");
	jsonw_number(&w, (double)(m->ncomparisons - m->grouping.nby_line));
	jsonw_key(&w, "comparisons_with_several_releases_of_a_line");
	jsonw_number(&w, (double)m->grouping.nseveral);
	jsonw_key(&w, "text");
	jsonw_string(&w, rc->report->grouping_text);
	jsonw_end_object(&w);
	jsonw_key(&w, "support");
	if (m->versions_kind == VERSIONS_RELEASES) {
		render_json_support(&w, &m->schedule);
	} else {
		jsonw_begin_array(&w);
		jsonw_end_array(&w);
	}
	jsonw_key(&w, "recommendation");
	if (m->recommended) {
		jsonw_begin_object(&w);
		jsonw_key(&w, "line");
		jsonw_string(&w, m->recommended->line);
		jsonw_key(&w, "status");
		jsonw_string(&w, m->recommended->status);
		jsonw_key(&w, "end");
		jsonw_string(&w, m->recommended->end);
		jsonw_key(&w, "text");
		jsonw_string(&w, rc->report->recommendation);
		jsonw_end_object(&w);
	} else {
		jsonw_null(&w);
	}
	write_upgrade(&w, m, rc->report);
	write_impact(&w, m);
	write_reproduce(&w, m);
	jsonw_key(&w, "warnings");
	jsonw_begin_array(&w);
	for (size_t i = 0; i < rc->report->nwarnings; i++)
		jsonw_string(&w, rc->report->warnings[i]);
	jsonw_end_array(&w);
	jsonw_end_object(&w);
	buf_putc(&out, '\n');
	to_file(&out, f);
	buf_release(&out);
	return outdir_fclose(od, "analysis.json", f, err);
}
