/*
 * report_impact.c - the Workloads table, the impact sentences and the
 * reproduce facts, worded once for every document (see report_impact.h).
 * Numbers: ms per MB with two decimals (as the article writes 0.92 and
 * 0.74), saved time, shares and cores with two significant digits, so no
 * estimate looks more exact than its interval.
 */
#include "present/report_impact.h"
#include "analysis/impact.h"
#include "lib/iso8601.h"
#include "lib/fmt.h"
#include "lib/util.h"
#include "present/verdict_words.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void report_impact_size(struct buf *b, double bytes)
{
	if (bytes >= IMPACT_MB) {
		fmt_sig(b, bytes / IMPACT_MB, 3);
		buf_puts(b, " MB");
	} else if (bytes >= 1024) {
		fmt_sig(b, bytes / 1024, 3);
		buf_puts(b, " KB");
	} else {
		fmt_sig(b, bytes, 3);
		buf_puts(b, bytes == 1 ? " byte" : " bytes");
	}
}

static void ms_per_mb(struct buf *b, double v)
{
	if (v >= 0.1)
		fmt_fixed(b, v, 2);
	else
		fmt_sig(b, v, 2);
}

static void sig2(struct buf *b, double v)
{
	fmt_sig(b, v, 2);
}

/* "0.13 %" */
static void share(struct buf *b, double v)
{
	fmt_sig(b, v * 100, 2);
	buf_puts(b, " %");
}

static void build_workloads(struct report_impact *r, const struct model *m)
{
	r->workloads = xcalloc(m->nworkloads ? m->nworkloads : 1, sizeof *r->workloads);
	for (size_t i = 0; i < m->nworkloads; i++) {
		const struct workload_info *w = &m->workloads[i];
		struct rimp_workload *row;
		size_t k = 0;
		while (k < m->ncomparisons && strcmp(m->comparisons[k].workload, w->name) != 0)
			k++;
		if (k == m->ncomparisons)
			continue; /* measured nowhere: warned about, not shown */
		row = &r->workloads[r->nworkloads++];
		row->name = w->name;
		row->description = w->description;
		row->source = w->source;
		if (w->bytes > 0) {
			struct buf b = BUF_INIT;
			report_impact_size(&b, w->bytes);
			row->size = buf_detach(&b, NULL);
			fmt_grouped(&b, w->bytes, 0);
			buf_puts(&b, w->bytes == 1 ? " byte" : " bytes");
			row->bytes = buf_detach(&b, NULL);
		}
	}
}

void report_impact_why(struct buf *b, const struct model *m, const struct impact *im)
{
	const struct comparison *c = &m->comparisons[im->comparison];
	const struct version_stats *fast, *slow;
	const struct pair_stats *p;
	switch (im->no_figure) {
	case IMPACT_FIGURE:
		return;
	case IMPACT_NO_VERDICT:
		buf_puts(b, "no verdict (");
		words_verdict(b, m, c, 0);
		buf_putc(b, ')');
		return;
	case IMPACT_WITHIN_NOISE:
		buf_puts(b, "within noise: the versions differ by less than their rounds spread, "
			 "so there is no difference to put a figure on");
		return;
	case IMPACT_NOT_A_TIME:
		buf_printf(b, "measured in %s, not a time per pass: no milliseconds per MB to compare",
			   c->unit);
		return;
	case IMPACT_NOT_ON_UPGRADE:
		if (im->from >= 0 && im->to >= 0)
			buf_printf(b, "no confirmed change from %s to %s, the upgrade weighed here",
				   c->versions[im->from].version, c->versions[im->to].version);
		else
			buf_printf(b, "not measured on both ends of the upgrade from %s to %s",
				   m->upgrade.from, m->upgrade.to);
		return;
	case IMPACT_NO_RANK_TEST:
	case IMPACT_NOT_CONFIRMED:
		break;
	}
	fast = &c->versions[c->best_idx];
	slow = &c->versions[c->worst_idx];
	if (im->no_figure == IMPACT_NO_RANK_TEST) {
		buf_printf(b, "not confirmed: no rank test of %s against %s", fast->version,
			   slow->version);
		return;
	}
	p = &c->pairs[im->pair];
	buf_printf(b, "not confirmed: the rank test does not confirm %s %s than %s after "
		   "Holm's correction (p = ", fast->version, words_diff(c)->better, slow->version);
	fmt_p(b, p->p_holm);
	buf_puts(b, "; ");
	buf_printf(b, "%zu against %zu rounds cannot go below p = ", fast->nrounds, slow->nrounds);
	fmt_p(b, p->p_floor);
	buf_puts(b, ")");
}

static void build_claim(struct rimp_claim *cl, const struct impact *im, const struct model *m)
{
	const struct impact_inputs *in = &m->impact_in;
	const struct comparison *c = &m->comparisons[im->comparison];
	const struct version_stats *slow, *fast;
	double scale = impact_ms_per_unit(c->unit), mb = im->bytes / IMPACT_MB;
	struct buf b = BUF_INIT;

	cl->workload = c->workload;
	cl->platform = c->platform;
	cl->confirmed = im->confirmed;
	if (!im->confirmed) {
		buf_printf(&b, "%s: no figure, ", c->workload);
		report_impact_why(&b, m, im);
		cl->sentence = buf_detach(&b, NULL);
		return;
	}
	slow = &c->versions[im->from];
	fast = &c->versions[im->to];

	buf_printf(&b, "%s on %s instead of %s saves about ", c->workload, fast->version,
		   slow->version);
	sig2(&b, im->saved_ms_per_s);
	buf_puts(&b, " ms of CPU time per second (");
	sig2(&b, im->saved_low);
	buf_puts(&b, " to ");
	sig2(&b, im->saved_high);
	buf_puts(&b, " ms with the 95 % interval of the ratio): ");
	share(&b, im->core_share);
	buf_puts(&b, " of one core");
	if (in->cores > 0) {
		buf_puts(&b, ", ");
		share(&b, im->provisioned_share);
		buf_puts(&b, " of the ");
		fmt_sig(&b, in->cores, 6);
		buf_puts(&b, in->cores == 1 ? " core provisioned" : " cores provisioned");
	}
	cl->sentence = buf_detach(&b, NULL);

	fmt_sig(&b, in->rps, 6);
	buf_puts(&b, " requests/s × ");
	report_impact_size(&b, in->payload);
	buf_puts(&b, " (");
	fmt_sig(&b, in->payload / IMPACT_MB, 3);
	buf_puts(&b, " MB) × (");
	ms_per_mb(&b, im->ms_per_mb_from);
	buf_puts(&b, " − ");
	ms_per_mb(&b, im->ms_per_mb_to);
	buf_puts(&b, ") ms/MB = ");
	sig2(&b, im->saved_ms_per_s);
	buf_puts(&b, " ms saved per second; ÷ 1000 ms = ");
	share(&b, im->core_share);
	buf_puts(&b, " of one core");
	cl->formula = buf_detach(&b, NULL);

	for (int k = 0; k < 2; k++) {
		const struct version_stats *v = k ? fast : slow;
		if (k)
			buf_puts(&b, "; ");
		fmt_sig(&b, v->best * scale, 4);
		buf_puts(&b, " ms ÷ ");
		fmt_sig(&b, mb, 3);
		buf_puts(&b, " MB = ");
		ms_per_mb(&b, k ? im->ms_per_mb_to : im->ms_per_mb_from);
		buf_printf(&b, " ms/MB (%s)", v->version);
	}
	cl->per_mb = buf_detach(&b, NULL);

	sig2(&b, im->core_share);
	buf_puts(&b, " cores (");
	sig2(&b, im->core_share_low);
	buf_puts(&b, " to ");
	sig2(&b, im->core_share_high);
	buf_puts(&b, ")");
	cl->cores = buf_detach(&b, NULL);
}

static void build_impact(struct report_impact *r, const struct model *m)
{
	const struct impact_inputs *in = &m->impact_in;
	struct buf b = BUF_INIT;

	r->shown = in->given;
	if (!in->given)
		return;
	fmt_sig(&b, in->rps, 6);
	buf_puts(&b, in->rps == 1 ? " request per second of " : " requests per second of ");
	report_impact_size(&b, in->payload);
	buf_puts(&b, " each");
	if (in->cores > 0) {
		buf_puts(&b, ", on ");
		fmt_sig(&b, in->cores, 6);
		buf_puts(&b, in->cores == 1 ? " core" : " cores");
	}
	r->inputs = buf_detach(&b, NULL);

	r->claims = xcalloc(m->nimpacts ? m->nimpacts : 1, sizeof *r->claims);
	for (size_t i = 0; i < m->nimpacts; i++) {
		build_claim(&r->claims[r->nclaims++], &m->impacts[i], m);
		r->nconfirmed += m->impacts[i].confirmed;
	}

	/* one line for the manager: cores freed */
	if (!r->nconfirmed)
		buf_puts(&b, "none to count on: no confirmed difference");
	for (size_t i = 0, k = 0; i < m->nimpacts; i++) {
		const struct impact *im = &m->impacts[i];
		const struct comparison *c = &m->comparisons[im->comparison];
		if (!im->confirmed)
			continue;
		buf_printf(&b, "%s%s frees ", k++ ? "; " : "", c->versions[im->to].version);
		buf_puts(&b, r->claims[i].cores);
		buf_printf(&b, " on %s against %s", c->workload, c->versions[im->from].version);
	}
	buf_printf(&b, ", at %s", r->inputs);
	r->summary = buf_detach(&b, NULL);
}

static void build_reproduce(struct report_impact *r, const struct model *m)
{
	struct buf b = BUF_INIT;
	struct ptrset seen = { 0 };
	const char *first = NULL, *last = NULL;

	r->command = m->command_shown ? xstrdup(m->command_shown)
		   : m->command_line ? xstrdup(m->command_line) : NULL;
	r->version = m->program_version;
	r->run_command = m->run_command;
	/* variants have no support windows to judge */
	r->as_of_note = m->versions_kind == VERSIONS_RELEASES
				? xasprintf("%s, the day the support windows are judged on (add --as-of %s "
					    "to judge them on the same day)", m->as_of, m->as_of)
				: xstrdup(m->as_of);
	r->inputs_used = xcalloc(m->nsources ? m->nsources : 1, sizeof *r->inputs_used);
	for (size_t i = 0; i < m->nsources; i++) {
		size_t k = 0;
		while (k < i && strcmp(m->sources[k], m->sources[i]) != 0)
			k++;
		if (k < i)
			continue;
		r->inputs_used[r->ninputs].name = m->sources[i];
		r->inputs_used[r->ninputs++].sha256 = model_get_digest(m, m->sources[i]);
	}
	r->notes = m->notes;

	/* each source once (interned: one address per name) */
	for (size_t i = 0; i < m->nworkloads; i++) {
		const char *s = m->workloads[i].source;
		if (s && ptrset_add(&seen, s))
			buf_printf(&b, "%s%s", b.len ? "; " : "", s);
	}
	ptrset_release(&seen);
	r->sources = b.len ? buf_detach(&b, NULL) : NULL;
	buf_release(&b);

	/* each version once, with its exact release and V8 */
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		for (size_t v = 0; v < c->nversions; v++) {
			const char *ver = c->versions[v].version;
			if (!ptrset_add(&seen, ver))
				continue;
			buf_printf(&b, "%s%s", b.len ? ", " : "", ver);
			if (c->versions[v].v8)
				buf_printf(&b, " (V8 %s)", c->versions[v].v8);
		}
	}
	ptrset_release(&seen);
	r->versions = buf_detach(&b, NULL);

	for (size_t i = 0; i < m->nenv; i++)
		buf_printf(&b, "%s%s %s", i ? ", " : "", m->env[i].key, m->env[i].value);
	r->environment = b.len ? buf_detach(&b, NULL) : NULL;
	buf_release(&b);

	report_time_span(m, &first, &last);
	if (first)
		r->date_range = strcmp(first, last) == 0 ? xasprintf("at %s", first)
							  : xasprintf("from %s to %s", first, last);
}

void report_time_span(const struct model *m, const char **first, const char **last)
{
	double lo = 0, hi = 0, s;
	*first = *last = NULL;
	/* by the time each names, not its text: offsets differ */
	for (size_t i = 0; i < m->nresults; i++) {
		const char *t = result_timestamp(&m->results[i]);
		if (!t || !iso8601_seconds(t, &s))
			continue;
		if (!*first || s < lo)
			*first = t, lo = s;
		if (!*last || s > hi)
			*last = t, hi = s;
	}
}

void report_impact_build(struct report_impact *r, const struct model *m)
{
	memset(r, 0, sizeof *r);
	build_workloads(r, m);
	build_impact(r, m);
	build_reproduce(r, m);
}

void report_impact_release(struct report_impact *r)
{
	for (size_t i = 0; i < r->nworkloads; i++) {
		free(r->workloads[i].size);
		free(r->workloads[i].bytes);
	}
	free(r->workloads);
	free(r->inputs);
	for (size_t i = 0; i < r->nclaims; i++) {
		free(r->claims[i].sentence);
		free(r->claims[i].formula);
		free(r->claims[i].per_mb);
		free(r->claims[i].cores);
	}
	free(r->claims);
	free(r->summary);
	free(r->command);
	free(r->as_of_note);
	free(r->inputs_used);
	free(r->sources);
	free(r->versions);
	free(r->environment);
	free(r->date_range);
	memset(r, 0, sizeof *r);
}
