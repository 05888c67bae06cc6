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
 * Only confirmed claims (impact_confirmed_pair) get figures; every other
 * comparison with bytes gets the sentence why not.
 */
#include "analysis/impact.h"
#include "analysis/evidence.h"
#include "lib/fmt.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

int impact_parse_number(const char *option, const char *s, double *out, struct nf_error *err)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || *end || !isfinite(v) || v <= 0 || v > 1e12)
		return nf_error_set(err, NF_USAGE, "%s wants a number above zero, not '%s'", option, s);
	*out = v;
	return NF_OK;
}

int impact_parse_size(const char *s, double *bytes, struct nf_error *err)
{
	static const struct {
		const char *suffix;
		double scale;
	} suffixes[] = {
		{ "", 1 }, { "b", 1 }, { "kb", 1024 }, { "kib", 1024 }, { "mb", IMPACT_MB },
		{ "mib", IMPACT_MB }, { "gb", IMPACT_MB * 1024 }, { "gib", IMPACT_MB * 1024 },
	};
	char *end;
	double v = strtod(s, &end);
	if (end != s && isfinite(v) && v > 0 && s[0] != ' ') {
		while (*end == ' ')
			end++;
		for (size_t i = 0; i < sizeof suffixes / sizeof suffixes[0]; i++)
			if (strcasecmp(end, suffixes[i].suffix) == 0 && v * suffixes[i].scale <= 1e15) {
				*bytes = v * suffixes[i].scale;
				return NF_OK;
			}
	}
	return nf_error_set(err, NF_USAGE, "--payload wants a size above zero like 60KB, 1.5MB "
			    "or a number of bytes (KB = 1024 bytes), not '%s'", s);
}

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

long impact_confirmed_pair(const struct comparison *c, char **why)
{
	const struct version_stats *fast, *slow;
	const struct pair_stats *p;
	struct buf b = BUF_INIT;
	if (why)
		*why = NULL;
	if (c->verdict == VERDICT_INSUFFICIENT) {
		buf_printf(&b, "no verdict (%s)", c->text);
		goto no;
	}
	if (c->verdict == VERDICT_WITHIN_NOISE) {
		buf_puts(&b, "within noise: the versions differ by less than their rounds spread, "
			 "so there is no difference to put a figure on");
		goto no;
	}
	/* FASTER and NOT_CONFIRMED name the claim's two versions */
	fast = &c->versions[c->best_idx];
	slow = &c->versions[c->worst_idx];
	p = evidence_pair(c, (size_t)c->best_idx, (size_t)c->worst_idx);
	if (c->verdict == VERDICT_FASTER && p && p->claim) {
		buf_release(&b);
		return (long)(p - c->pairs);
	}
	if (!p) {
		buf_printf(&b, "not confirmed: no rank test of %s against %s", fast->version,
			   slow->version);
		goto no;
	}
	buf_printf(&b, "not confirmed: the rank test does not confirm %s faster than %s after "
		   "Holm's correction (p = ", fast->version, slow->version);
	fmt_sig(&b, p->p_holm, 2);
	buf_puts(&b, "; ");
	buf_printf(&b, "%zu against %zu rounds cannot go below p = ", fast->nrounds, slow->nrounds);
	fmt_sig(&b, p->p_floor, 2);
	buf_puts(&b, ")");
no:
	if (why)
		*why = buf_detach(&b, NULL);
	else
		buf_release(&b);
	return -1;
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
	if (in->workload && !measured) {
		struct buf names = BUF_INIT;
		for (size_t i = 0; i < m->ncomparisons && names.len < 300; i++)
			if (i == 0 || strcmp(m->comparisons[i].workload, m->comparisons[i - 1].workload))
				buf_printf(&names, "%s\"%s\"", names.len ? ", " : "",
					   m->comparisons[i].workload);
		nf_error_set(err, NF_DATAERR, "--impact '%s' names no measured workload (measured: %s)",
			     in->workload, names.s);
		buf_release(&names);
		return NF_DATAERR;
	}
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
		pair = impact_confirmed_pair(c, &im->why);
		if (pair >= 0 && (scale == 0 || c->better != BETTER_LOWER)) {
			im->why = xasprintf("measured in %s, not a time per pass: no milliseconds "
					    "per MB to compare", c->unit);
			pair = -1;
		}
		if (pair < 0)
			continue;
		im->pair = (size_t)pair;
		im->confirmed = 1;
		estimate(im, c, m, scale);
	}
	if (in->given && nbytes == 0) {
		if (in->workload)
			return nf_error_set(err, NF_DATAERR, "--impact '%s': the input gives no \"bytes\" "
					    "for it in \"workloads\", so its time per MB is unknown",
					    in->workload);
		return nf_error_set(err, NF_DATAERR, "--rps and --payload need a workload with "
				    "\"bytes\" in the input's \"workloads\" (how much data one pass "
				    "processes)");
	}
	return NF_OK;
}
