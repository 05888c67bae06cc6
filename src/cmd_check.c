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
 * evidence (pairs, Holm across every pair) as `noisefloor report`. No
 * release schedule is loaded: the gate does not depend on support dates.
 */
#include "cmd_check.h"
#include "analysis.h"
#include "error.h"
#include "evidence.h"
#include "ingest.h"
#include "render.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char check_usage[] =
	"usage: noisefloor check [--baseline VERSION] [--min-rounds N] [-q] [LABEL=]FILE...\n"
	"\n"
	"Fails when a workload is worse than the baseline beyond the noise and the\n"
	"Mann-Whitney test finds the difference significant after Holm's correction\n"
	"across every pair of versions (p < 0.05). Prints one line per failure.\n"
	"\n"
	"Options:\n"
	"      --baseline VERSION version the others are checked against\n"
	"                         (default: the oldest of each workload)\n"
	"      --min-rounds N     rounds each version needs for a verdict (default 3)\n"
	"  -q, --quiet            print nothing when the check passes\n"
	"  -h, --help             this text\n"
	"\n"
	"Exit status:\n"
	"  0 no regression, 1 a regression, 2 usage error, 65 bad input data,\n"
	"  66 input missing or unreadable, 74 I/O error.\n";

size_t check_regressions(const struct model *m, struct buf *out, size_t *checked)
{
	size_t failures = 0, n = 0;

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		const struct version_stats *base;
		if (c->baseline_idx < 0)
			continue;
		base = &c->versions[c->baseline_idx];
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
			buf_printf(out, "regression: \"%s\" on %s: %s is worse than %s by ", c->workload,
				   c->platform, v->version, base->version);
			fmt_fixed(out, p->size * 100, 1);
			buf_puts(out, c->design == DESIGN_ROUNDS ? "% (best " : "% (median ");
			fmt_value(out, v->level);
			buf_puts(out, " against ");
			fmt_value(out, base->level);
			buf_printf(out, " %s), beyond the noise of ", c->unit);
			fmt_spread(out, p->noise);
			buf_puts(out, "; p = ");
			fmt_sig(out, p->p_holm, 2);
			buf_puts(out, " after Holm\n");
			failures++;
		}
	}
	if (checked)
		*checked = n;
	return failures;
}

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

static int usage_error(const char *fmt, const char *arg)
{
	fputs("noisefloor: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("\nTry 'noisefloor check --help' for more information.\n", stderr);
	return NF_USAGE;
}

enum { OPT_BASELINE = 256, OPT_MIN_ROUNDS };

static const struct option check_options[] = {
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "min-rounds", required_argument, NULL, OPT_MIN_ROUNDS },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

/* Reads the inputs as `report` does ("LABEL=path" when the argument is not
 * itself a file) and runs the analysis. */
static int load(struct model *m, char **files, int nfiles, struct nf_error *err)
{
	int rc;
	for (int i = 0; i < nfiles; i++) {
		struct ingest_input in = { files[i], NULL };
		char *label = NULL, *eq = strchr(files[i], '=');
		if (eq && eq != files[i] && !memchr(files[i], '/', (size_t)(eq - files[i])) &&
		    !exists(files[i])) {
			label = xstrndup(files[i], (size_t)(eq - files[i]));
			in.label = label;
			in.path = eq + 1;
		}
		rc = ingest_file(m, &in, err);
		free(label);
		if (rc)
			return rc;
	}
	if ((rc = ingest_finish(m, err)) != 0)
		return rc;
	return analysis_run(m, err);
}

int cmd_check(int argc, char **argv)
{
	struct model m;
	struct nf_error err = { 0, "" };
	struct buf out = BUF_INIT;
	const char *baseline = NULL;
	int quiet = 0, min_rounds = 3, c, status;
	size_t failures, checked;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":qh", check_options, NULL)) != -1) {
		switch (c) {
		case OPT_BASELINE: baseline = optarg; break;
		case 'q': quiet = 1; break;
		case OPT_MIN_ROUNDS: {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || end == optarg || v < 1 || v > 1000000)
				return usage_error("--min-rounds wants a whole number from 1, not '%s'", optarg);
			min_rounds = (int)v;
			break;
		}
		case 'h':
			fputs(check_usage, stdout);
			return NF_OK;
		case ':':
			return usage_error("option '%s' needs a value", argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if (optind >= argc)
		return usage_error("%s", "check: no input files (give FILE..., or - for stdin)");

	model_init(&m);
	m.baseline = baseline;
	m.min_rounds = min_rounds;
	status = load(&m, argv + optind, argc - optind, &err);
	if (status) {
		model_release(&m);
		if (status == NF_USAGE)
			return usage_error("%s", err.msg);
		fprintf(stderr, "noisefloor: %s\n", err.msg);
		return status;
	}
	failures = check_regressions(&m, &out, &checked);
	if (failures)
		fputs(out.s, stdout);
	else if (!quiet)
		printf("no regression: %zu version%s checked against the baseline, none worse beyond "
		       "the noise and significant after Holm\n", checked, checked == 1 ? "" : "s");
	buf_release(&out);
	model_release(&m);
	if (fflush(stdout) != 0 || ferror(stdout)) {
		fprintf(stderr, "noisefloor: cannot write to standard output: %s\n", strerror(errno));
		return NF_IOERR;
	}
	return failures ? NF_FAIL : NF_OK;
}
