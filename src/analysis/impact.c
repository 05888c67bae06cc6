/*
 * impact.c - the impact estimate: what a confirmed difference between two
 * versions is worth to a service that handles `rps` requests per second of
 * `payload` bytes each, with the workload's "bytes" standing for one pass.
 *
 *   ms per MB (each version) = best round in ms / (bytes / 2^20)
 *   saved ms per second      = rps * payload / 2^20 * (ms/MB slower - ms/MB faster)
 *   share of one core        = saved / 1000 (= cores freed); of --cores: / cores
 *
 * The interval: the pair's 95 % interval for the ratio (pair_stats ci_low,
 * ci_high), taken relative to the pair's ratio of medians, moves the ratio
 * of bests (faster / slower) by the same factors; saved = rps * payload MB *
 * ms/MB slower * (1 - ratio).
 * Only confirmed claims (impact_confirmed_pair) get figures, and with an
 * upgrade view only its own move, when that move is a confirmed change;
 * every other
 * comparison with bytes gets the reason why not (enum impact_no_figure,
 * worded by present/report_impact.c).
 */
#include "analysis/impact.h"
#include "analysis/evidence.h"
#include "lib/util.h"

#include <math.h>
#include <string.h>

double impact_ms_per_unit(const char *unit)
{
	if (strcmp(unit, "ns") == 0)
		return 1e-6;
	if (strcmp(unit, "\xC2\xB5s") == 0)
		return 1e-3;
	if (strcmp(unit, "ms") == 0)
		return 1;
	if (strcmp(unit, "s") == 0)
		return 1e3;
	return 0;
}

long impact_confirmed_pair(const struct comparison *c, enum impact_no_figure *why)
{
	const struct pair_stats *p;
	enum impact_no_figure no = IMPACT_FIGURE;
	long pair = -1;
	if (c->verdict == VERDICT_INSUFFICIENT) {
		no = IMPACT_NO_VERDICT;
	} else if (c->verdict == VERDICT_WITHIN_NOISE) {
		no = IMPACT_WITHIN_NOISE;
	} else {
		/* FASTER and NOT_CONFIRMED name the claim's two versions */
		p = evidence_pair(c, (size_t)c->best_idx, (size_t)c->worst_idx);
		if (!p)
			no = IMPACT_NO_RANK_TEST;
		else if (c->verdict == VERDICT_FASTER && p->claim)
			pair = (long)(p - c->pairs);
		else
			no = IMPACT_NOT_CONFIRMED;
	}
	if (why)
		*why = no;
	return pair;
}

/* The saved time of one entry for another service (rps, payload in bytes),
 * as the workbook's formulas compute it: rps * payload / 2^20 *
 * (ms/MB slower - ms/MB faster). */
static double impact_saved(const struct impact *im, double rps, double payload)
{
	return rps * payload / IMPACT_MB * (im->ms_per_mb_from - im->ms_per_mb_to);
}

/* The figures of a confirmed claim for the model's inputs. */
static void estimate(struct impact *im, const struct comparison *c, const struct model *m,
		     double ms_scale)
{
	const struct impact_inputs *in = &m->impact_in;
	const struct pair_stats *p = &c->pairs[im->pair];
	const struct version_stats *slow = &c->versions[im->from], *fast = &c->versions[im->to];
	double mb = im->bytes / IMPACT_MB, k = in->rps * in->payload / IMPACT_MB;
	/* ratio faster / slower of the medians and its interval, whichever way
	 * round the pair was tested (a older, b newer: ratio = b / a) */
	int fast_is_b = p->b == (size_t)im->to;
	double r = fast_is_b ? p->ratio : 1 / p->ratio;
	double lo = fast_is_b ? p->ci_low : 1 / p->ci_high;
	double hi = fast_is_b ? p->ci_high : 1 / p->ci_low;

	im->ms_per_mb_from = slow->best * ms_scale / mb;
	im->ms_per_mb_to = fast->best * ms_scale / mb;
	im->q = fast->best / slow->best;
	im->q_low = fmin(im->q, im->q * lo / r);
	im->q_high = fmax(im->q, im->q * hi / r);
	im->saved_ms_per_s = impact_saved(im, in->rps, in->payload);
	im->saved_low = k * im->ms_per_mb_from * (1 - im->q_high);
	im->saved_high = k * im->ms_per_mb_from * (1 - im->q_low);
	im->core_share = im->saved_ms_per_s / 1000;
	im->core_share_low = im->saved_low / 1000;
	im->core_share_high = im->saved_high / 1000;
	if (in->cores > 0) {
		im->provisioned_share = im->core_share / in->cores;
		im->provisioned_low = im->core_share_low / in->cores;
		im->provisioned_high = im->core_share_high / in->cores;
	} else {
		im->provisioned_share = im->provisioned_low = im->provisioned_high = NAN;
	}
}

/* Fails impact_run: the reason in the model for the command to word, the
 * status in err (its message left empty). */
static int refuse(struct model *m, enum impact_refusal why, struct nf_error *err)
{
	m->impact_in.refused = why;
	if (err) {
		err->status = NF_DATAERR;
		err->msg[0] = '\0';
	}
	return NF_DATAERR;
}

int impact_run(struct model *m, struct nf_error *err)
{
	struct impact_inputs *in = &m->impact_in;
	size_t nbytes = 0, measured = 0;

	if (!in->given) {
		in->rps = IMPACT_EXAMPLE_RPS;
		in->payload = IMPACT_EXAMPLE_PAYLOAD;
		in->cores = IMPACT_EXAMPLE_CORES;
	}
	for (size_t i = 0; i < m->ncomparisons; i++)
		if (!in->workload || strcmp(m->comparisons[i].workload, in->workload) == 0)
			measured++;
	if (in->workload && !measured)
		return refuse(m, IMPACT_UNMEASURED, err);
	m->impacts = xcalloc(m->ncomparisons ? m->ncomparisons : 1, sizeof *m->impacts);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		const struct workload_info *wl = model_workload(m, c->workload);
		struct impact *im;
		double scale = impact_ms_per_unit(c->unit);
		long pair;
		if (in->workload && strcmp(c->workload, in->workload) != 0)
			continue;
		if (!wl || wl->bytes <= 0)
			continue;
		nbytes++;
		im = &m->impacts[m->nimpacts++];
		im->comparison = i;
		im->bytes = wl->bytes;
		im->from = c->worst_idx;
		im->to = c->best_idx;
		im->provisioned_share = im->provisioned_low = im->provisioned_high = NAN;
		pair = impact_confirmed_pair(c, &im->no_figure);
		if (im->no_figure == IMPACT_NOT_CONFIRMED)
			im->pair = (size_t)(evidence_pair(c, (size_t)c->best_idx, (size_t)c->worst_idx) -
					    c->pairs);
		if (pair >= 0 && (scale == 0 || c->better != BETTER_LOWER)) {
			im->no_figure = IMPACT_NOT_A_TIME;
			pair = -1;
		}
		if (pair >= 0 && m->upgrade.shown && i < m->upgrade.nrows) {
			/* the figure weighs the upgrade the documents advise
			 * (--from, else the oldest supported line to the
			 * recommended one), not whichever pair the verdict
			 * claimed: an end-of-life version is no one's choice */
			const struct upgrade_row *u = &m->upgrade.rows[i];
			if (u->pair < 0 || (u->change != UPGRADE_BETTER && u->change != UPGRADE_WORSE)) {
				im->no_figure = IMPACT_NOT_ON_UPGRADE;
				im->from = u->from;
				im->to = u->to;
				continue;
			}
			pair = u->pair;
			/* from the slower to the faster, as every figure reads */
			im->from = u->change == UPGRADE_BETTER ? u->from : u->to;
			im->to = u->change == UPGRADE_BETTER ? u->to : u->from;
		}
		if (pair < 0)
			continue;
		im->pair = (size_t)pair;
		im->confirmed = 1;
		estimate(im, c, m, scale);
	}
	if (in->given && nbytes == 0)
		return refuse(m, in->workload ? IMPACT_NO_BYTES_FOR : IMPACT_NO_BYTES, err);
	return NF_OK;
}
