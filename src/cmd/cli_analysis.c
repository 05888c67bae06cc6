/*
 * cli_analysis.c - the options that shape the analysis, shared by `report`
 * and `check` so that the gate and the documents read one model: the
 * report date, --baseline, --min-rounds, --by, the release schedule, the
 * upgrade view (--from, --to) and the published claims (--claim); loading
 * and analysing with them; the one-line refusals of a claim; and the
 * claims checked as terminal lines. The refusals of --from and --to are
 * cli_analyse's (cli.c).
 */
#include "analysis/claims.h"
#include "cmd/cli.h"
#include "lib/util.h"
#include "present/report.h"
#include "render/render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

int cli_claim_options(const struct cli_args *a, struct model *m)
{
	static const char *const why[] = {
		[CLAIM_SYNTAX_NO_EQUALS] = "it wants 'A..B=CHANGE[@WORKLOAD]', like '20.19.5..24.11.1=-57%@select'",
		[CLAIM_SYNTAX_NO_RANGE] = "the versions are written A..B, like 20.19.5..24.11.1",
		[CLAIM_SYNTAX_SAME] = "A and B are the same version",
		[CLAIM_SYNTAX_CHANGE] = "the change is a signed percentage of B against A, like -57% or +10%",
		[CLAIM_SYNTAX_RANGE] = "the change must be above -100% and at most +100000%",
		[CLAIM_SYNTAX_WORKLOAD] = "nothing follows '@' (leave it out to check every workload)",
	};
	if (!a->nclaims)
		return -1;
	m->claims = xcalloc((size_t)a->nclaims, sizeof *m->claims);
	for (int i = 0; i < a->nclaims; i++) {
		enum claim_syntax e = claims_parse(a->claims[i], &m->claims[i]);
		if (e != CLAIM_SYNTAX_OK) {
			cli_error(a, NF_DATAERR, "--claim '%s': %s", a->claims[i], why[e]);
			return NF_USAGE; /* printed without the hint: the claim is named */
		}
		m->nclaims_given++;
	}
	return -1;
}

int cli_load_and_analyse(struct model *m, const struct cli_args *a, struct nf_error *err)
{
	int rc;
	if ((rc = cli_report_date(a, m->as_of, err)) != 0)
		return rc;
	m->baseline = a->opt[CLI_BASELINE];
	m->upgrade_from = a->opt[CLI_FROM];
	m->upgrade_to = a->opt[CLI_TO];
	m->min_rounds = a->min_rounds;
	m->grouping.by = a->by;
	if ((rc = cli_load_schedule(&m->schedule, a, err)) != 0)
		return rc;
	if ((rc = cli_load_inputs(m, a, err)) != 0)
		return rc;
	return cli_analyse(m, err);
}

int cli_check_claims(const struct cli_args *a, struct model *m)
{
	size_t k;
	struct buf names = BUF_INIT;
	enum claim_refusal r = claims_run(m, &k);
	const struct claim *cl = &m->claims[k];
	if (r == CLAIM_ACCEPTED)
		return NF_OK;
	if (r == CLAIM_NO_WORKLOAD) {
		for (size_t i = 0; i < m->ncomparisons && names.len < 300; i++)
			if (i == 0 || strcmp(m->comparisons[i].workload, m->comparisons[i - 1].workload))
				buf_printf(&names, "%s\"%s\"", names.len ? ", " : "", m->comparisons[i].workload);
	} else {
		/* the versions there are, in the documents' order */
		const char **v;
		size_t n = report_version_order(m, &v);
		for (size_t i = 0; i < n && i < 12; i++)
			buf_printf(&names, "%s%s", i ? ", " : "", v[i]);
		if (n > 12)
			buf_printf(&names, " and %zu more", n - 12);
		free(v);
	}
	/* one line without the hint: the claim is named */
	if (r == CLAIM_NO_WORKLOAD)
		cli_error(a, NF_DATAERR, "--claim '%s': '%s' is part of no workload's name (measured: %s)",
			  cl->text, cl->workload, names.s ? names.s : "none");
	else
		cli_error(a, NF_DATAERR, "--claim '%s': version '%s' was not measured (measured: %s)",
			  cl->text, r == CLAIM_UNKNOWN_A ? cl->a : cl->b, names.s ? names.s : "none");
	buf_release(&names);
	return NF_USAGE;
}

void cli_print_claims(const struct report *rep, FILE *f, size_t columns)
{
	for (size_t i = 0; i < rep->claims.nlines; i++) {
		/* a claim line starts with its workload's name, as the input
		 * spells it ("acorn.parse"): never capitalised */
		char *line = xasprintf("%s.", rep->claims.lines[i]);
		render_terminal_line(f, line, columns);
		free(line);
	}
}

size_t cli_terminal_columns(void)
{
	const char *s = getenv("COLUMNS");
	char *end;
	long v = s ? strtol(s, &end, 10) : 0;
	struct winsize ws;
	if (s && *s && !*end && v >= 40 && v <= 1000)
		return (size_t)v;
	if (isatty(STDOUT_FILENO) && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 40)
		return ws.ws_col;
	return 80;
}
