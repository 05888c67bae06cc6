/*
 * cmd_check.c - `noisefloor check FILE... [--baseline VERSION]`: exits 1 when
 * a version newer than the baseline (or a label with no version order) got
 * worse than the baseline by a confirmed claim (beyond the noise by the
 * comparison's design, and the rank test confirms it in the same direction
 * after Holm's correction), printing one line per failure; 0 otherwise.
 * Where a comparison compares release lines, a step to the worse between two
 * releases inside a line (releases.c) fails it too. A
 * version older than a --baseline that is worse is said so, and is no
 * regression. Variants with no order (gzip's levels, two commands:
 * model.versions_ordered) have no newer one: the gate needs --baseline to
 * know the reference, and fails on a variant worse than it ("worse: ..."),
 * the change the gate is there to catch. Both conditions are required so
 * that a CI job fails neither on
 * a noisy difference the test cannot confirm nor on a significant one too
 * small to matter against the spread.
 *
 * The report's analysis is reused as is: the same options that shape it
 * (cli_analysis.c), ingest, release schedule (exact releases grouped into
 * their lines as the report groups them), verdicts and evidence (pairs,
 * Holm across the pairs of each comparison) as `noisefloor report`. No
 * support date changes the exit status: the schedule only names lines and
 * gives the upgrade view its ends' support.
 *
 * The claims checked (--claim) and the upgrade view (--from, --to) are
 * printed and written into the summary, and change nothing in the exit
 * status: a claim is someone else's statement about other rounds, and the
 * gate is about this change; a claim not reproduced is news, not a
 * regression.
 */
#define _GNU_SOURCE /* mkostemp */
#include "analysis/analysis.h"
#include "analysis/evidence.h"
#include "analysis/releases.h"
#include "analysis/stats.h"
#include "cmd/cli.h"
#include "lib/error.h"
#include "present/counts.h"
#include "present/digest.h"
#include "present/report.h"
#include "present/verdict_words.h"
#include "render/render.h"

#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Variants named in the message that asks for --baseline, at most. */
#define CHECK_MAX_LISTED 12

/* What check found: the pairs of a version with its comparison's
 * baseline, how many distinct versions took part, and the comparisons
 * (workloads on platforms) with at least one such pair; compared is
 * malloc'd, check_regressions' caller frees it. */
struct check_count {
	size_t pairs, versions, ncompared;
	size_t *compared;
};

/* What the lines of check go to: failures, regressions smaller than
 * --fail-above (reported, never failing), older versions that are worse,
 * and comparisons too noisy to see a change of the floor. */
struct check_out {
	struct buf fail, small, older, blind;
	size_t nblind;
};

/* The smallest change a comparison should see before its silence means
 * anything, when --fail-above sets no floor of its own: a tenth, the
 * history's floor and asv's default factor (doc/ci.md, "The gate"). */
#define CHECK_BLIND_FLOOR 0.10
/* Comparisons named one by one as too noisy; the rest are counted. */
#define CHECK_BLIND_NAMED 5

/* Whether the record of pair p, a claim, was confirmed by a rank test (a
 * claim on the published rule alone, with too few rounds for any test, is
 * reported but never fails a build): the record's test after Holm. */
static int tested(const struct pair_stats *p)
{
	return p->rec.p_holm < STATS_ALPHA;
}

/* Appends one line to o->fail for each version of each workload that is
 * worse than the comparison's baseline by a confirmed claim of its pair's
 * verdict record, at least `floor` in size, and is not older than the
 * baseline (newer, or a label with no order); a smaller one to o->small, and
 * one line to o->older for each older version that is worse: slower than
 * the baseline it was left for, which is no regression. In a comparison of
 * lines, each step to the worse between two releases inside a line is a
 * failure too (inside a line older than the baseline's, a line to older).
 * A comparison with
 * no failure whose records could not see a change of blind_floor is named
 * in o->blind. Returns the number of failures; *count gets what was
 * compared. Reads only the model. */
static size_t check_regressions(const struct model *m, double floor, double blind_floor,
				struct check_out *o, struct check_count *count)
{
	size_t failures = 0, n = 0, nv = 0;
	const char **versions = NULL;
	size_t *compared = xmalloc((m->ncomparisons + 1) * sizeof *compared);

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		const struct pair_stats *blind = NULL;
		int worse = 0;
		if (c->baseline_idx < 0)
			continue;
		if (c->nversions > 1)
			compared[n++] = i;
		for (size_t k = 0; k < c->nversions; k++) {
			const struct version_stats *v = &c->versions[k];
			const struct pair_stats *p;
			if ((int)k == c->baseline_idx)
				continue;
			p = evidence_pair(c, (size_t)c->baseline_idx, k);
			/* a bisect's file: only versions a step measured with the
			 * baseline are compared with it */
			if (!p && c->by_step)
				continue;
			versions = xrealloc(versions, (nv + 1) * sizeof *versions);
			versions[nv++] = v->version;
			if (!p)
				continue;
			if (p->rec.verdict != VERDICT_INSUFFICIENT && p->rec.sees > blind_floor &&
			    (!blind || p->rec.sees > blind->rec.sees))
				blind = p;
			if (p->rec.verdict != VERDICT_FASTER || !tested(p) ||
			    p->rec.winner != c->baseline_idx)
				continue;
			worse = 1;
			if (v->baseline_order < 0) {
				words_check_line(&o->older, c, v, p);
				buf_putc(&o->older, '\n');
				continue;
			}
			if (p->rec.size < floor) {
				/* reported, and not failing: said so first */
				buf_puts(&o->small, "under --fail-above: ");
				words_check_line(&o->small, c, v, p);
				buf_putc(&o->small, '\n');
				continue;
			}
			words_check_line(&o->fail, c, v, p);
			buf_putc(&o->fail, '\n');
			failures++;
		}
		/* lines compared as one version: a step to the worse between
		 * two releases inside a line is the regression no pair of
		 * lines sees; inside a line older than the baseline's, it is
		 * said as older */
		for (size_t k = 0; k < c->nrelease_steps && c->nworse_steps; k++) {
			const struct release_step *s = &c->release_steps[k];
			int old = s->b < (size_t)c->baseline_idx;
			if (!releases_worse(c, s))
				continue;
			worse = 1;
			words_check_step_line(old ? &o->older : &o->fail, c, s, old);
			buf_putc(old ? &o->older : &o->fail, '\n');
			failures += !old;
		}
		if (blind && !worse && o->nblind++ < CHECK_BLIND_NAMED) {
			words_check_blind(&o->blind, c, &blind->rec, blind_floor);
			buf_putc(&o->blind, '\n');
		}
	}
	count->pairs = nv;
	count->versions = report_count_distinct(versions, nv);
	count->ncompared = n;
	count->compared = compared;
	free(versions);
	return failures;
}

/* --fail-above PCT: "5", "5%" or "2.5"; -1 when it is no percentage. */
static double fail_above(const char *s)
{
	char *end;
	double pct;
	if (!s)
		return 0;
	pct = strtod(s, &end);
	if (end == s || (*end && strcmp(end, "%") != 0) || !(pct >= 0) || !(pct < 1e6))
		return -1;
	return pct / 100;
}

static const struct cli_option check_options[] = {
	{ CLI_BASELINE, "version the others are checked against\n(default: the oldest of each workload;\nrequired for variants with no order)" },
	{ CLI_MIN_ROUNDS, "rounds each version needs for a verdict (default " CLI_STR(MODEL_MIN_ROUNDS) ")" },
	{ CLI_BY, "UNIT: release, each exact release alone, or line, the\n"
		  "releases of a line grouped; default: for each\n"
		  "comparison, line when only that gives it a verdict" },
	{ CLI_AS_OF, "report date YYYY-MM-DD, for the upgrade view's support\n"
		     "(default: today, UTC, or the date of SOURCE_DATE_EPOCH)" },
	{ CLI_SCHEDULE, "release schedule (default: the Node.js schedule)" },
	{ CLI_CLAIM, "a published claim to check, 'A..B=CHANGE[@WORKLOAD]',\n"
		     "as report checks it: printed and in the summary, and\n"
		     "never a failure (the exit status is about regressions);\n"
		     "repeatable" },
	{ CLI_FROM, "the summary's upgrade view: what changes if you move\n"
		    "from this version or release line (22, 22.21.1) to --to" },
	{ CLI_TO, "the version or line moved to (default: the recommended line)" },
	{ CLI_SUMMARY, "also write ci-summary.md there (for $GITHUB_STEP_SUMMARY\n"
		       "or a pull-request comment): the regressions first" },
	{ CLI_LINK_BASE, "where report.html will be served: the summary links\n"
			 "each line to its section there" },
	{ CLI_TEMPLATES, "Mustache templates (ci-summary.md.mustache)" },
	{ CLI_FAIL_ABOVE, "a practical floor: a confirmed regression smaller than\n"
			  "PCT percent (in the verdicts' size, '21% slower') is\n"
			  "printed and does not fail the check (default 0)" },
	{ CLI_QUIET, "print the failures only: no warnings, no claims,\n"
		     "nothing when the check passes" },
	{ 0, NULL },
};

/* Writes len bytes of data to the stream path (a FIFO, /dev/stdout) as
 * they come; returns 0 or the status with err set. */
static int write_stream(const char *path, const char *data, size_t len, struct nf_error *err)
{
	FILE *f = fopen(path, "w");
	int bad;
	if (!f)
		return nf_error_set(err, NF_CANTCREAT, "cannot write '%s': %s", path, strerror(errno));
	bad = fwrite(data, 1, len, f) != len;
	bad |= fclose(f) != 0;
	if (bad)
		return nf_error_set(err, nf_status_for_write_errno(errno), "cannot write '%s': %s",
				    path, strerror(errno));
	return 0;
}

/* Replaces the file at path with data all or nothing, as report commits
 * its folder: written under a hidden name beside it (`.noisefloor-XXXXXX`),
 * made durable, then renamed over it, so a full disk or a kill leaves the
 * old file whole. A path through a symbolic link replaces the file it
 * names, not the link; a path that names no regular file (a FIFO, a
 * device) is written as a stream. Returns 0 or the status with err set. */
static int write_file_atomic(const char *path, const char *data, size_t len,
			     struct nf_error *err)
{
	struct stat st;
	char *target, *tmp, *slash;
	int fd, e = 0;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode))
		return write_stream(path, data, len, err);
	target = realpath(path, NULL); /* the file a link names */
	if (!target)
		target = xstrdup(path);
	slash = strrchr(target, '/');
	tmp = slash ? xasprintf("%.*s/.noisefloor-XXXXXX", (int)(slash - target), target)
		    : xstrdup(".noisefloor-XXXXXX");
	if ((fd = mkostemp(tmp, O_CLOEXEC)) < 0) {
		e = errno;
	} else {
		e = write_all(fd, data, len);
		if (!e && fchmod(fd, 0644) != 0)
			e = errno;
		if (!e && fsync(fd) != 0 && errno != EINVAL)
			e = errno;
		if (close(fd) != 0 && !e)
			e = errno;
		if (!e && rename(tmp, target) != 0)
			e = errno;
		if (e)
			unlink(tmp);
	}
	free(tmp);
	free(target);
	if (e)
		return nf_error_set(err, nf_status_for_write_errno(e), "cannot write '%s': %s", path,
				    strerror(e));
	return 0;
}

/* Writes ci-summary.md to path (replacing it) from the report of the
 * analysed model: the same document `noisefloor report` writes. Returns 0,
 * or the status with err set. */
static int write_summary(const struct cli_args *a, const struct report *rep, const char *path,
			 struct nf_error *err)
{
	struct render_ctx rc = { 0 };
	struct buf out = BUF_INIT;
	char *templates = a->opt[CLI_TEMPLATES] ? xstrdup(a->opt[CLI_TEMPLATES])
			  : cli_find_resource("templates");
	int status;

	rc.templates_dir = templates;
	rc.source_date = -1;
	rc.link_base = a->opt[CLI_LINK_BASE];
	rc.report = rep;
	status = render_ci_summary(&rc, &out, err);
	if (status == NF_OK)
		status = write_file_atomic(path, out.s ? out.s : "", out.len, err);
	buf_release(&out);
	free(templates);
	return status;
}

/* The warnings every document shows (the inputs', the noise, the load,
 * end of life, ...), on stderr as report says them: repeats grouped with a
 * count. */
static void print_warnings(const struct model *m)
{
	size_t nw, nall;
	char **all = report_warnings(m, &nall);
	char **w = digest_warnings(m, all, nall, &nw);
	for (size_t i = 0; i < nw; i++)
		cli_warn(w[i]);
	digest_free(w, nw);
	for (size_t i = 0; i < nall; i++)
		free(all[i]);
	free(all);
}

static void check_out_release(struct check_out *o)
{
	buf_release(&o->fail);
	buf_release(&o->small);
	buf_release(&o->older);
	buf_release(&o->blind);
}

static int run(const struct cli_args *a)
{
	struct model m;
	struct nf_error err = { 0, "" };
	struct check_out o = { BUF_INIT, BUF_INIT, BUF_INIT, BUF_INIT, 0 };
	struct report rep;
	struct check_count count;
	size_t failures;
	double floor = fail_above(a->opt[CLI_FAIL_ABOVE]);
	int status, quiet = a->opt[CLI_QUIET] != NULL, with_report;

	if ((status = cli_need_inputs(a)) != 0 || (status = cli_check_link_base(a)) != 0)
		return status;
	if (floor < 0) {
		fprintf(stderr, "noisefloor check: --fail-above '%s': expected a percentage such as 5 or 2.5%%\n",
			a->opt[CLI_FAIL_ABOVE]);
		return NF_USAGE;
	}
	model_init(&m);
	if ((status = cli_claim_options(a, &m)) >= 0) {
		model_release(&m);
		return status;
	}
	m.no_digests = 1; /* the gate prints no "How to reproduce" */
	/* nor, without the summary, any pair's shift */
	m.no_shifts = a->opt[CLI_SUMMARY] == NULL;
	if ((status = cli_load_and_analyse(&m, a, &err)) != 0) {
		model_release(&m);
		return cli_fail(a, &err);
	}
	if ((status = cli_check_claims(a, &m)) != 0) {
		model_release(&m);
		return status;
	}
	if (!m.versions_ordered && !m.baseline) {
		/* no order says which variant is the reference */
		const char **v;
		size_t n = report_version_order(&m, &v);
		struct buf b = BUF_INIT;
		for (size_t i = 0; i < n && i < CHECK_MAX_LISTED; i++)
			buf_printf(&b, "%s%s", i ? ", " : "", v[i]);
		if (n > CHECK_MAX_LISTED)
			buf_printf(&b, " and %zu more", n - CHECK_MAX_LISTED);
		status = cli_error(a, NF_USAGE, "the versions are variants, not releases (%s): "
				   "name the one the others are checked against with --baseline", b.s);
		buf_release(&b);
		free(v);
		model_release(&m);
		return status;
	}
	failures = check_regressions(&m, floor, floor > CHECK_BLIND_FLOOR ? floor : CHECK_BLIND_FLOOR,
				     &o, &count);
	/* the words of the claims and the summary come from the report */
	with_report = a->opt[CLI_SUMMARY] || (m.nclaims_given && !quiet);
	if (with_report)
		report_build(&rep, &m, 0);
	if (a->opt[CLI_SUMMARY] && (status = write_summary(a, &rep, a->opt[CLI_SUMMARY], &err)) != 0) {
		report_release(&rep);
		check_out_release(&o);
		model_release(&m);
		free(count.compared);
		return cli_fail(a, &err);
	}
	if (!quiet)
		print_warnings(&m);
	if (failures)
		fputs(o.fail.s, stdout);
	if (o.small.len && !quiet)
		fputs(o.small.s, stdout);
	if (o.older.len && !quiet)
		fputs(o.older.s, stdout);
	if (!failures && !quiet) {
		/* comparisons counted as every document counts them: "in 4
		 * comparisons (2 workloads on 2 platforms)" */
		struct buf t = BUF_INIT;
		report_count(&t, count.versions, "version", "versions");
		buf_puts(&t, " against the baseline in ");
		counts_compared(&t, &m, count.compared, count.ncompared);
		buf_puts(&t, ", ");
		report_count(&t, count.pairs, "pair", "pairs");
		printf("%s: %s in all, none %s by a confirmed difference", !m.versions_ordered
		       ? "nothing worse" : "no regression", t.s, o.older.len ? "newer and worse" : "worse");
		if (floor > 0)
			printf(" of %g%% or more (--fail-above)", floor * 100);
		putchar('\n');
		buf_release(&t);
	}
	if (o.nblind && !quiet) {
		/* what the silence of the gate cannot vouch for */
		fputs(o.blind.s, stdout);
		if (o.nblind > CHECK_BLIND_NAMED)
			printf("cannot see: %zu more comparison%s as noisy\n", o.nblind - CHECK_BLIND_NAMED,
			       o.nblind - CHECK_BLIND_NAMED == 1 ? "" : "s");
	}
	free(count.compared);
	/* the claims checked, after the verdict of the gate: they change
	 * nothing in it */
	if (with_report && !quiet)
		cli_print_claims(&rep, stdout, cli_terminal_columns());
	if (with_report)
		report_release(&rep);
	check_out_release(&o);
	model_release(&m);
	if ((status = cli_flush_stdout(a)) != 0)
		return status;
	return failures ? NF_FAIL : NF_OK;
}

const struct cli_command cmd_check = {
	.name = "check",
	.synopsis = "check [options] [LABEL=]FILE...",
	.about = "Fails when a version newer than the baseline is worse than it by a\n"
		 "confirmed difference: the verdict record of the pair (the design that decides\n"
		 "it: best rounds against the largest spread, or the per-round ratios of shared\n"
		 "rounds against their own spread) is beyond its noise band, and the rank test\n"
		 "confirms it after Holm's correction across the pairs of its workload\n"
		 "(p < 0.05). Prints one line per failure, quoting the record as the documents\n"
		 "do; a version older than the baseline that is worse is listed, and is no\n"
		 "regression. Then the comparisons too noisy to see a 10% change (or the\n"
		 "--fail-above floor), and the claims checked (--claim); neither changes the\n"
		 "exit status. Variants with no order (labels that are no versions, the values\n"
		 "of a hyperfine parameter list): --baseline names the reference, and a variant\n"
		 "worse than it fails.\n",
	.options = check_options,
	.exit_status = "  0 no regression, 1 a regression (or a variant worse than the baseline),\n"
		       "  2 usage error (also variants with no order and no --baseline),\n"
		       "  65 bad input data, 66 input missing or unreadable, 73 cannot write the\n"
		       "  summary, 74 I/O error.\n",
	.hint_self = 1,
	.run = run,
};
