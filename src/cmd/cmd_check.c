/*
 * cmd_check.c - `noisefloor check FILE... [--baseline VERSION]`: exits 1 when
 * a version newer than the baseline (or a label with no version order) got
 * worse than the baseline by a confirmed claim (beyond the noise by the
 * comparison's design, and the rank test confirms it in the same direction
 * after Holm's correction), printing one line per failure; 0 otherwise. A
 * version older than a --baseline that is worse is said so, and is no
 * regression. Both conditions are required so that a CI job fails neither on
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
#include "present/report.h"
#include "present/verdict_words.h"
#include "render/render.h"

#include "lib/util.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What check found: the comparisons of a version with its workload's
 * baseline, and how many distinct versions and comparisons took part. */
struct check_count {
	size_t comparisons, versions, workloads;
};

/* Appends one line to fail for each version of each workload that is worse
 * than the comparison's baseline by a confirmed claim and is not older than
 * the baseline (newer, or a label with no order), and one line to older for
 * each older version that is worse: slower than the baseline it was left
 * for, which is no regression. Returns the number of failures; *count gets
 * what was compared. Reads only the model. */
static size_t check_regressions(const struct model *m, struct buf *fail, struct buf *older,
				struct check_count *count)
{
	size_t failures = 0, n = 0, nv = 0;
	const char **versions = NULL, **workloads = xmalloc((m->ncomparisons + 1) * sizeof *workloads);

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (c->baseline_idx < 0)
			continue;
		workloads[n++] = c->workload;
		for (size_t k = 0; k < c->nversions; k++) {
			const struct version_stats *v = &c->versions[k];
			const struct pair_stats *p;
			if ((int)k == c->baseline_idx)
				continue;
			versions = xrealloc(versions, (nv + 1) * sizeof *versions);
			versions[nv++] = v->version;
			p = evidence_pair(c, (size_t)c->baseline_idx, k);
			/* a confirmed claim naming the baseline the better one: both
			 * keys, and a rank test that could and did confirm it (a claim
			 * on the published rule alone, with too few rounds for any
			 * test, is reported but never fails a build) */
			if (!p || !p->claim || !p->significant ||
			    (p->claim > 0 ? p->b : p->a) != (size_t)c->baseline_idx)
				continue;
			if (v->baseline_order < 0) {
				words_check_line(older, c, v, p);
				buf_putc(older, '\n');
				continue;
			}
			words_check_line(fail, c, v, p);
			buf_putc(fail, '\n');
			failures++;
		}
	}
	count->comparisons = nv;
	count->versions = report_count_distinct(versions, nv);
	count->workloads = report_count_distinct(workloads, n);
	free(versions);
	free(workloads);
	return failures;
}

static const struct cli_option check_options[] = {
	{ CLI_BASELINE, "version the others are checked against\n(default: the oldest of each workload,\nor its first variant)" },
	{ CLI_MIN_ROUNDS, "rounds each version needs for a verdict (default " CLI_STR(MODEL_MIN_ROUNDS) ")" },
	{ CLI_BY, "UNIT: release, each exact release alone, or line, the\n"
		  "releases of a line grouped; default: line, unless\n"
		  "releases one by one give more workloads a verdict" },
	{ CLI_SUMMARY, "also write ci-summary.md there (for $GITHUB_STEP_SUMMARY\n"
		       "or a pull-request comment): the regressions first" },
	{ CLI_LINK_BASE, "where report.html will be served: the summary links\n"
			 "each line to its section there" },
	{ CLI_TEMPLATES, "Mustache templates (ci-summary.md.mustache)" },
	{ CLI_QUIET, "print nothing when the check passes" },
	{ 0, NULL },
};

/* Writes ci-summary.md to path (replacing it) from the analysed model:
 * the same document `noisefloor report` writes. Returns 0, or the status
 * with err set. */
static int write_summary(const struct cli_args *a, const struct model *m, const char *path,
			 struct nf_error *err)
{
	struct report rep;
	struct render_ctx rc = { 0 };
	struct buf out = BUF_INIT;
	char *templates = a->opt[CLI_TEMPLATES] ? xstrdup(a->opt[CLI_TEMPLATES])
			  : cli_find_resource("templates");
	int status;
	FILE *f;

	report_build(&rep, m, 0);
	rc.templates_dir = templates;
	rc.source_date = -1;
	rc.link_base = a->opt[CLI_LINK_BASE];
	rc.report = &rep;
	status = render_ci_summary(&rc, &out, err);
	if (status == NF_OK) {
		f = fopen(path, "w");
		if (!f)
			status = nf_error_set(err, NF_CANTCREAT, "cannot write '%s': %s", path,
					      strerror(errno));
		else {
			int bad = fwrite(out.s ? out.s : "", 1, out.len, f) != out.len;
			bad |= fclose(f) != 0;
			if (bad)
				status = nf_error_set(err, NF_IOERR, "cannot write '%s': %s", path,
						      strerror(errno));
		}
	}
	buf_release(&out);
	report_release(&rep);
	free(templates);
	return status;
}

static int run(const struct cli_args *a)
{
	struct model m;
	struct nf_error err = { 0, "" };
	struct buf out = BUF_INIT, older = BUF_INIT;
	struct check_count count;
	size_t failures;
	int status;

	if ((status = cli_need_inputs(a)) != 0 || (status = cli_check_link_base(a)) != 0)
		return status;
	model_init(&m);
	m.baseline = a->opt[CLI_BASELINE];
	m.min_rounds = a->min_rounds;
	m.grouping.by = a->by;
	m.no_digests = 1; /* the gate prints no "How to reproduce" */
	if ((status = cli_load_inputs(&m, a, &err)) != 0 || (status = cli_analyse(&m, &err)) != 0) {
		model_release(&m);
		return cli_fail(a, &err);
	}
	failures = check_regressions(&m, &out, &older, &count);
	if (a->opt[CLI_SUMMARY] && (status = write_summary(a, &m, a->opt[CLI_SUMMARY], &err)) != 0) {
		buf_release(&older);
		buf_release(&out);
		model_release(&m);
		return cli_fail(a, &err);
	}
	if (failures)
		fputs(out.s, stdout);
	if (older.len && !a->opt[CLI_QUIET])
		fputs(older.s, stdout);
	if (!failures && !a->opt[CLI_QUIET])
		printf("no regression: %zu comparison%s with the baseline (%zu version%s, %zu workload%s), "
		       "none %s beyond the noise and significant after Holm\n", count.comparisons,
		       count.comparisons == 1 ? "" : "s", count.versions, count.versions == 1 ? "" : "s",
		       count.workloads, count.workloads == 1 ? "" : "s",
		       older.len ? "newer and worse" : "worse");
	buf_release(&older);
	buf_release(&out);
	model_release(&m);
	if ((status = cli_flush_stdout(a)) != 0)
		return status;
	return failures ? NF_FAIL : NF_OK;
}

const struct cli_command cmd_check = {
	.name = "check",
	.synopsis = "check [--baseline VERSION] [--min-rounds N] [--summary FILE] [-q] [LABEL=]FILE...",
	.about = "Fails when a version newer than the baseline is worse than it beyond the\n"
		 "noise and the Mann-Whitney test finds the difference significant after Holm's\n"
		 "correction across the pairs of versions of its workload (p < 0.05). Prints one\n"
		 "line per failure; a version older than the baseline that is worse is listed,\n"
		 "and is no regression.\n",
	.options = check_options,
	.exit_status = "  0 no regression, 1 a regression, 2 usage error, 65 bad input data,\n"
		       "  66 input missing or unreadable, 73 cannot write the summary, 74 I/O error.\n",
	.hint_self = 1,
	.run = run,
};
