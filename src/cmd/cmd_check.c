/*
 * cmd_check.c - `noisefloor check FILE... [--baseline VERSION]`: exits 1 when
 * a workload got worse than the baseline by a confirmed claim (beyond the
 * noise by the comparison's design, and the rank test confirms it in the
 * same direction after Holm's correction), printing one line per failure; 0
 * otherwise. Both conditions are required so that a CI job fails neither on
 * a noisy difference the test cannot confirm nor on a significant one too
 * small to matter against the spread.
 *
 * The report's analysis is reused as is: the same ingest, verdicts and
 * evidence (pairs, Holm across the pairs of each comparison) as `noisefloor report`. No
 * release schedule is loaded: the gate does not depend on support dates.
 */
#include "analysis/analysis.h"
#include "analysis/evidence.h"
#include "cmd/cli.h"
#include "lib/error.h"
#include "present/verdict_words.h"
#include "render/render.h"

#include <stdio.h>

/* Appends one line to out for each version of each workload that is worse
 * than the comparison's baseline beyond the noise (the gap between their bests
 * exceeds the comparison's noise) and significant after Holm's correction across the
 * comparison's pairs. Returns the number of such lines; *checked (may be NULL) gets the
 * number of versions compared with a baseline. Reads only the model. */
static size_t check_regressions(const struct model *m, struct buf *out, size_t *checked)
{
	size_t failures = 0, n = 0;

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (c->baseline_idx < 0)
			continue;
		for (size_t k = 0; k < c->nversions; k++) {
			const struct version_stats *v = &c->versions[k];
			const struct pair_stats *p;
			if ((int)k == c->baseline_idx)
				continue;
			n++;
			p = evidence_pair(c, (size_t)c->baseline_idx, k);
			/* a confirmed claim naming the baseline the better one: both
			 * keys, and a rank test that could and did confirm it (a claim
			 * on the published rule alone, with too few rounds for any
			 * test, is reported but never fails a build) */
			if (!p || !p->claim || !p->significant ||
			    (p->claim > 0 ? p->b : p->a) != (size_t)c->baseline_idx)
				continue;
			words_regression(out, c, v, p);
			buf_putc(out, '\n');
			failures++;
		}
	}
	if (checked)
		*checked = n;
	return failures;
}

static const struct cli_option check_options[] = {
	{ CLI_BASELINE, "version the others are checked against\n(default: the oldest of each workload)" },
	{ CLI_MIN_ROUNDS, "rounds each version needs for a verdict (default " CLI_STR(MODEL_MIN_ROUNDS) ")" },
	{ CLI_QUIET, "print nothing when the check passes" },
	{ 0, NULL },
};

static int run(const struct cli_args *a)
{
	struct model m;
	struct nf_error err = { 0, "" };
	struct buf out = BUF_INIT;
	size_t failures, checked;
	int status;

	if ((status = cli_need_inputs(a)) != 0)
		return status;
	model_init(&m);
	m.baseline = a->opt[CLI_BASELINE];
	m.min_rounds = a->min_rounds;
	m.no_digests = 1; /* the gate prints no "How to reproduce" */
	if ((status = cli_load_inputs(&m, a, &err)) != 0 || (status = cli_analyse(&m, &err)) != 0) {
		model_release(&m);
		return cli_fail(a, &err);
	}
	failures = check_regressions(&m, &out, &checked);
	if (failures)
		fputs(out.s, stdout);
	else if (!a->opt[CLI_QUIET])
		printf("no regression: %zu version%s checked against the baseline, none worse beyond "
		       "the noise and significant after Holm\n", checked, checked == 1 ? "" : "s");
	buf_release(&out);
	model_release(&m);
	if ((status = cli_flush_stdout(a)) != 0)
		return status;
	return failures ? NF_FAIL : NF_OK;
}

const struct cli_command cmd_check = {
	.name = "check",
	.synopsis = "check [--baseline VERSION] [--min-rounds N] [-q] [LABEL=]FILE...",
	.about = "Fails when a workload is worse than the baseline beyond the noise and the\n"
		 "Mann-Whitney test finds the difference significant after Holm's correction\n"
		 "across every pair of versions (p < 0.05). Prints one line per failure.\n",
	.options = check_options,
	.exit_status = "  0 no regression, 1 a regression, 2 usage error, 65 bad input data,\n"
		       "  66 input missing or unreadable, 74 I/O error.\n",
	.hint_self = 1,
	.run = run,
};
