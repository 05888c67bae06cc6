/*
 * cmd_report.c - `noisefloor [report]`, the default command: reads the
 * inputs, runs the analysis and writes every output (or those --formats
 * names) into the output folder, all or nothing; then prints the verdict
 * table.
 */
#include "analysis/analysis.h"
#include "analysis/impact.h"
#include "cmd/cli.h"
#include "lib/output.h"
#include "lib/util.h"
#include "present/digest.h"
#include "present/report.h"
#include "render/formats_lib.h"
#include "render/render.h"
#include "run/run_file.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#ifndef NF_VERSION
#define NF_VERSION "0.0.0"
#endif

#define FONT_DIR "/usr/share/fonts/truetype/dejavu"

static const struct cli_option report_options[] = {
	{ CLI_OUT, "output folder (default: out)" },
	{ CLI_AS_OF, "report date YYYY-MM-DD (default: today, UTC, or the\n"
		     "date of SOURCE_DATE_EPOCH when set)" },
	{ CLI_BASELINE, "version the others are compared against\n(default: the oldest, or the first variant)" },
	{ CLI_MIN_ROUNDS, "rounds each version needs for a verdict (default " CLI_STR(MODEL_MIN_ROUNDS) ")" },
	{ CLI_BY, "UNIT: release, each exact release alone, or line, the\n"
		  "releases of a line grouped; default: for each\n"
		  "comparison, line when only that gives it a verdict" },
	{ CLI_FORMATS, "outputs to write, comma-separated (default: all):\n@FORMATS@" },
	{ CLI_TEMPLATES, "Mustache templates for the Markdown documents" },
	{ CLI_SCHEDULE, "release schedule (default: the Node.js schedule)" },
	{ CLI_JQ, "map each input's JSON with this jq program to rounds" },
	{ CLI_JQ_PROGRAM, "the same, with the program given on the command line" },
	{ CLI_RPS, "requests per second of your service: what a confirmed\n"
		   "difference is worth to it (needs --payload)" },
	{ CLI_PAYLOAD, "data handled per request: 60KB, 1.5MB, or bytes\n(KB = 1024 bytes)" },
	{ CLI_CORES, "cores provisioned, for the share of them freed" },
	{ CLI_IMPACT, "the workload that stands for a request's work (default:\n"
		      "every workload with \"bytes\"; its figure is for the\n"
		      "upgrade's move)" },
	{ CLI_CLAIM, "a published claim to check, 'A..B=CHANGE[@WORKLOAD]':\n"
		     "B against A in the metric's own terms (-57% on ops/s:\n"
		     "57% fewer ops/s), on the workloads whose names contain\n"
		     "WORKLOAD (any case; default: every one); repeatable" },
	{ CLI_FROM, "what changes if you move from this version or release\n"
		    "line (22, 22.21.1) to --to: every workload's confirmed\n"
		    "change, first in summary.md and blog.md" },
	{ CLI_TO, "the version or line moved to (default: the recommended line)" },
	{ CLI_LINK_BASE, "where report.html will be served: ci-summary.md links\n"
			 "each line to its section there" },
	{ CLI_QUIET, "no verdict table on the terminal" },
	{ 0, NULL },
};

/* 1 when the comma-separated formats (NULL: all) name `name`. */
static int wanted(const char *formats, const char *name)
{
	size_t n = strlen(name);
	const char *p = formats;
	if (!formats)
		return 1;
	while (*p) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		if (len == n && strncmp(p, name, n) == 0)
			return 1;
		if (!comma)
			break;
		p = comma + 1;
	}
	return 0;
}

/* Usage error unless every name in --formats is a renderer's. */
static int check_formats(const struct cli_args *a)
{
	const char *formats = a->opt[CLI_FORMATS], *p = formats;
	if (!formats)
		return 0;
	if (!*formats)
		return cli_error(a, NF_USAGE, "--formats wants at least one output (see --help)");
	while (*p) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		int ok = 0;
		for (size_t i = 0; i < nrenderers; i++)
			ok |= strlen(renderers[i].name) == len && strncmp(renderers[i].name, p, len) == 0;
		if (!ok)
			return cli_error(a, NF_USAGE, "unknown output format '%.*s' (see --help)", (int)len, p);
		if (!comma)
			break;
		p = comma + 1;
	}
	return 0;
}

/* A request rate (--rps) or a core count (--cores): a finite number above
 * zero, at most 1e12. Returns NF_OK, or NF_USAGE with err filled; `option`
 * names it in the message. */
static int parse_number(const char *option, const char *s, double *out, struct nf_error *err)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || *end || !isfinite(v) || v <= 0 || v > 1e12)
		return nf_error_set(err, NF_USAGE, "%s wants a number above zero, not '%s'", option, s);
	*out = v;
	return NF_OK;
}

/* A data size (--payload): a number above zero with an optional suffix B,
 * KB, MB or GB (KB = 1024 bytes; KiB, MiB, GiB the same; any case) into
 * bytes. Returns NF_OK, or NF_USAGE with err filled. */
static int parse_size(const char *s, double *bytes, struct nf_error *err)
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

/* Reads --rps, --payload, --cores and --impact into in. Returns -1 to go
 * on, or an exit status after one line on stderr: the value is named, so
 * no pointer to --help follows. */
static int impact_options(const struct cli_args *a, struct impact_inputs *in)
{
	struct nf_error err = { 0, "" };
	memset(in, 0, sizeof *in);
	if ((a->opt[CLI_RPS] && parse_number("--rps", a->opt[CLI_RPS], &in->rps, &err)) ||
	    (a->opt[CLI_PAYLOAD] && parse_size(a->opt[CLI_PAYLOAD], &in->payload, &err)) ||
	    (a->opt[CLI_CORES] && parse_number("--cores", a->opt[CLI_CORES], &in->cores, &err))) {
		cli_error(a, NF_DATAERR, "%s", err.msg); /* printed without the hint */
		return NF_USAGE;
	}
	if ((in->rps > 0) != (in->payload > 0)) {
		cli_error(a, NF_DATAERR, "%s", in->rps > 0 ? "--rps needs --payload (the data handled "
			  "per request)" : "--payload needs --rps (requests per second)");
		return NF_USAGE;
	}
	if (!in->rps && (a->opt[CLI_CORES] || a->opt[CLI_IMPACT])) {
		cli_error(a, NF_DATAERR, "%s needs --rps and --payload",
			  a->opt[CLI_CORES] ? "--cores" : "--impact");
		return NF_USAGE;
	}
	in->workload = a->opt[CLI_IMPACT];
	in->given = in->rps > 0;
	return -1;
}

/* Appends arg to b, single-quoted for a POSIX shell when it needs it;
 * control characters become '?' (a line break would end the documents'
 * code block). */
static void shell_quote(struct buf *b, const char *arg)
{
	if (*arg && !arg[strspn(arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				   "0123456789@%+=:,./_-")]) {
		buf_puts(b, arg);
		return;
	}
	buf_putc(b, '\'');
	for (const char *p = arg; *p; p++)
		if (*p == '\'')
			buf_puts(b, "'\\''");
		else
			buf_putc(b, (unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p);
	buf_putc(b, '\'');
}

/* The report's command line for "How to reproduce": "noisefloor report"
 * and the arguments as given, paths below the working folder made
 * relative, without the output folder, --formats and -q (they change no
 * number: the same input gives the same files in any folder, whichever
 * outputs are asked for). Returns a malloc'd string; caller frees. */
/* Nonzero when s is one of the operands ([LABEL=]FILE): the same pointer
 * into argv. */
static int is_operand(const struct cli_args *a, const char *s)
{
	for (int k = 0; k < a->nfiles; k++)
		if (a->files[k] == s)
			return 1;
	return 0;
}

/* More input files than this are written as FILE... in the command a
 * document shows (the documents summarise them; analysis.json lists them). */
#define COMMAND_MAX_FILES 10

/* The command line as given, shell-quoted, without the output folder,
 * --formats and -q; with elide_files, the input files as one "FILE..."
 * when there are more than COMMAND_MAX_FILES. Returns a malloc'd string,
 * caller frees. */
static char *command_line(const struct cli_args *a, int elide_files)
{
	struct buf b = BUF_INIT;
	int elided = 0;
	char cwd[PATH_MAX];
	size_t ncwd = getcwd(cwd, sizeof cwd) && strcmp(cwd, "/") ? strlen(cwd) : 0;
	int files_only = 0;
	buf_puts(&b, "noisefloor report");
	for (int i = 0; i < a->ngiven; i++) {
		const char *s = a->given[i], *eq;
		struct buf arg = BUF_INIT;
		if (strcmp(s, "--") == 0)
			files_only = 1;
		else if (files_only)
			;
		else if (strcmp(s, "-o") == 0 || strcmp(s, "--out") == 0) {
			i++;
			continue;
		} else if (strcmp(s, "--formats") == 0) {
			i++;
			continue;
		} else if (strncmp(s, "--out=", 6) == 0 || (s[0] == '-' && s[1] == 'o') ||
			   strncmp(s, "--formats=", 10) == 0 || strcmp(s, "-q") == 0 ||
			   strcmp(s, "--quiet") == 0)
			continue;
		if (elide_files && a->nfiles > COMMAND_MAX_FILES && is_operand(a, s)) {
			if (!elided++)
				buf_puts(&b, " FILE...");
			continue;
		}
		/* LABEL=/abs/path, --opt=/abs/path, /abs/path */
		eq = s[0] != '/' ? strchr(s, '=') : NULL;
		buf_put(&arg, s, eq ? (size_t)(eq + 1 - s) : 0);
		s = eq ? eq + 1 : s;
		if (ncwd && strncmp(s, cwd, ncwd) == 0 && s[ncwd] == '/' && s[ncwd + 1])
			s += ncwd + 1;
		buf_puts(&arg, s);
		buf_putc(&b, ' ');
		shell_quote(&b, arg.s);
		buf_release(&arg);
	}
	return buf_detach(&b, NULL);
}

/* The value of the environment's key, or NULL. */
static const char *env_value(const struct model *m, const char *key)
{
	for (size_t i = 0; i < m->nenv; i++)
		if (strcmp(m->env[i].key, key) == 0)
			return m->env[i].value;
	return NULL;
}

/* The `noisefloor run` command that took the rounds, rebuilt from the
 * settings the rounds file records (m->run_json), writing them into the
 * file as the report was given it. Malloc'd, or NULL when no input records
 * them or they are not ones noisefloor run wrote; caller frees. */
static char *run_command(const struct model *m)
{
	cJSON *o = m->run_json ? cJSON_Parse(m->run_json) : NULL;
	struct run_settings s;
	struct buf b = BUF_INIT;
	const char *os = env_value(m, "os"), *arch = env_value(m, "arch");
	char *platform = os && arch ? xasprintf("%s-%s", os, arch) : NULL;
	char cwd[PATH_MAX];
	const char *out = m->run_source;
	size_t ncwd = getcwd(cwd, sizeof cwd) && strcmp(cwd, "/") ? strlen(cwd) : 0;

	if (out && ncwd && strncmp(out, cwd, ncwd) == 0 && out[ncwd] == '/' && out[ncwd + 1])
		out += ncwd + 1;
	if (o && out && run_settings_from_json(o, &s) == 0)
		run_settings_command(&s, out, platform, &b);
	else
		run_settings_init(&s);
	run_settings_release(&s);
	cJSON_Delete(o);
	free(platform);
	if (!b.len) {
		buf_release(&b);
		return NULL;
	}
	return buf_detach(&b, NULL);
}

/* Words why the analysis refused --impact, --rps and --payload
 * (m->impact_in.refused, impact.h) into err. Returns NF_DATAERR. */
static int impact_refusal(const struct model *m, struct nf_error *err)
{
	const struct impact_inputs *in = &m->impact_in;
	struct buf names = BUF_INIT;
	switch (in->refused) {
	case IMPACT_UNMEASURED:
		for (size_t i = 0; i < m->ncomparisons && names.len < 300; i++)
			if (i == 0 || strcmp(m->comparisons[i].workload, m->comparisons[i - 1].workload))
				buf_printf(&names, "%s\"%s\"", names.len ? ", " : "",
					   m->comparisons[i].workload);
		nf_error_set(err, NF_DATAERR, "--impact '%s' names no measured workload (measured: %s)",
			     in->workload, names.s);
		buf_release(&names);
		return NF_DATAERR;
	case IMPACT_NO_BYTES_FOR:
		return nf_error_set(err, NF_DATAERR, "--impact '%s': the input gives no \"bytes\" "
				    "for it in \"workloads\", so its time per MB is unknown",
				    in->workload);
	case IMPACT_NO_BYTES:
	case IMPACT_ACCEPTED:
		break;
	}
	return nf_error_set(err, NF_DATAERR, "--rps and --payload need a workload with "
			    "\"bytes\" in the input's \"workloads\" (how much data one pass "
			    "processes)");
}

/* Reads every input into m and runs the analysis (cli_load_and_analyse);
 * a refused impact estimate is worded here. */
static int load_and_analyse(struct model *m, const struct cli_args *a, struct nf_error *err)
{
	/* impact_in is set by run() */
	int rc = cli_load_and_analyse(m, a, err);
	if (rc != 0 && m->impact_in.refused)
		rc = impact_refusal(m, err);
	return rc;
}

static char *env_or(const char *name, const char *fallback)
{
	const char *v = getenv(name);
	return xstrdup(v ? v : fallback);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "wrote out/: analysis.json, blog.md, …, charts/ (82 files)": the files
 * about to be committed, top-level ones by name, each folder once with its
 * count. Returns a malloc'd string; caller frees. */
static char *written_line(const struct outdir *od)
{
	struct buf b = BUF_INIT;
	char **names = xcalloc(od->nnames + 1, sizeof *names);
	size_t n = 0, len = strlen(od->dir);
	for (size_t i = 0; i < od->nnames; i++)
		if (od->names[i][0] != '.')
			names[n++] = od->names[i];
	qsort(names, n, sizeof *names, cmp_name);
	buf_printf(&b, "wrote %s%s:", od->dir, len && od->dir[len - 1] == '/' ? "" : "/");
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < n; i++) {
			const char *slash = strchr(names[i], '/');
			if (pass == 0 && !slash) {
				buf_printf(&b, "%s %s", b.s[b.len - 1] == ':' ? "" : ",", names[i]);
			} else if (pass == 1 && slash && (i == 0 || strncmp(names[i - 1], names[i],
					(size_t)(slash - names[i]) + 1) != 0)) {
				size_t k = i, dl = (size_t)(slash - names[i]) + 1;
				while (k < n && strncmp(names[k], names[i], dl) == 0)
					k++;
				buf_printf(&b, "%s %.*s (%zu files)", b.s[b.len - 1] == ':' ? "" : ",",
					   (int)dl, names[i], k - i);
			}
		}
	free(names);
	return buf_detach(&b, NULL);
}

/* What the output folder's commit refused to act on (a planted record or
 * manifest), one warning a line, shown even with --quiet: it concerns files
 * of the user's. */
static void show_notices(void)
{
	char *n = outdir_notices(), *save = NULL;
	for (char *line = n ? strtok_r(n, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save))
		cli_warn(line);
	free(n);
}

/* Said when another run holds the output folder's lock. */
static void say_waiting(const char *dir)
{
	cli_error(NULL, NF_OK, "waiting for another noisefloor that is writing into '%s'", dir);
}

static int run(const struct cli_args *a)
{
	const char *formats = a->opt[CLI_FORMATS];
	struct model m;
	struct nf_error err = { 0, "" };
	struct outdir od;
	struct render_ctx rc;
	struct report rep;
	char *templates, *font, *font_bold, *wrote = NULL;
	int status;

	struct impact_inputs impact;

	if ((status = check_formats(a)) != 0 || (status = cli_check_link_base(a)) != 0 ||
	    (status = impact_options(a, &impact)) >= 0 ||
	    (status = cli_need_inputs(a)) != 0)
		return status;
	model_init(&m);
	if ((status = cli_claim_options(a, &m)) >= 0) {
		model_release(&m);
		return status;
	}
	m.impact_in = impact;
	m.command_line = command_line(a, 0);
	if (a->nfiles > COMMAND_MAX_FILES)
		m.command_shown = command_line(a, 1);
	m.program_version = NF_VERSION;
	if ((status = load_and_analyse(&m, a, &err)) != 0) {
		model_release(&m);
		return cli_fail(a, &err);
	}
	if ((status = cli_check_claims(a, &m)) != 0) {
		model_release(&m);
		return status;
	}
	m.run_command = run_command(&m);
	templates = a->opt[CLI_TEMPLATES] ? xstrdup(a->opt[CLI_TEMPLATES]) : cli_find_resource("templates");
	font = env_or("NOISEFLOOR_FONT", FONT_DIR "/DejaVuSans.ttf");
	font_bold = env_or("NOISEFLOOR_FONT_BOLD", FONT_DIR "/DejaVuSans-Bold.ttf");
	rc.templates_dir = templates;
	rc.font_path = font;
	rc.font_bold_path = font_bold;
	rc.source_date = cli_source_date();
	rc.link_base = a->opt[CLI_LINK_BASE];
	rc.with_charts = wanted(formats, "charts");
	rc.with_rounds = wanted(formats, "rounds");
	report_build(&rep, &m, rc.with_charts);
	rc.report = &rep;

	/* an output in noisefloor-formats.so that cannot be loaded stops the
	 * run before the output folder is touched */
	od.staging = NULL;
	for (size_t i = 0; i < nrenderers && !status; i++)
		if (renderers[i].loaded && wanted(formats, renderers[i].name)) {
			char user[64];
			snprintf(user, sizeof user, "the %s output", renderers[i].name);
			status = formats_lib_load(user, &err);
		}
	outdir_on_wait(say_waiting);
	if (!status)
		status = outdir_open(&od, a->opt[CLI_OUT] ? a->opt[CLI_OUT] : "out", &err);
	/* an input in the output folder under an output's name is refused
	 * when that output is staged, before anything is moved */
	for (int i = 0; i < a->nfiles && !status; i++)
		outdir_protect(&od, cli_input_path(a->files[i]));
	for (size_t i = 0; i < nrenderers && !status; i++)
		if (wanted(formats, renderers[i].name)) {
			od.writer = renderers[i].name;
			status = renderers[i].render(&m, &rc, &od, &err);
		}
	if (status) {
		if (od.staging)
			outdir_abort(&od);
	} else {
		wrote = written_line(&od);
		status = outdir_commit(&od, &err);
	}
	show_notices();
	if (status) {
		cli_fail(a, &err);
	} else if (!a->opt[CLI_QUIET]) {
		size_t columns = cli_terminal_columns();
		size_t nw;
		char **w = digest_warnings(&m, rep.warnings, rep.nwarnings, &nw);
		/* warnings through cli_warn, which shows control characters
		 * (an input's path) as '?' on the terminal */
		for (size_t i = 0; i < nw; i++)
			cli_warn(w[i]);
		digest_free(w, nw);
		render_terminal(&rep, columns, stdout, NULL);
		/* the claims checked, after the verdicts they are read against */
		cli_print_claims(&rep, stdout, columns);
		render_terminal_line(stdout, wrote, columns);
	}
	/* the folder is committed: a summary that cannot reach stdout fails
	 * the run (74) and says that the report itself is there */
	errno = 0;
	if (!status && (fflush(stdout) != 0 || ferror(stdout))) {
		int e = errno ? errno : EIO;
		status = cli_error(a, NF_IOERR, "cannot write to standard output: %s; the report itself "
				   "is written, in '%s'", strerror(e), a->opt[CLI_OUT] ? a->opt[CLI_OUT] : "out");
	}
	free(wrote);
	report_release(&rep);
	free(templates);
	free(font);
	free(font_bold);
	model_release(&m);
	return status;
}

const struct cli_command cmd_report = {
	.name = "report",
	.synopsis = "[report] [options] [LABEL=]FILE...",
	.about = "Reads benchmark rounds of several versions (FILE, or - for stdin; several\n"
		 "files merge), applies the within-noise rule, joins the release support\n"
		 "windows and writes analysis.json, blog.md, issue.md, summary.md (and the\n"
		 "other outputs) into the output folder, all or nothing.\n",
	.options = report_options,
	.exit_status = "  0 done, 1 check: a workload is worse than the baseline beyond the noise,\n"
		       "  2 usage error, 65 bad input data, 66 input missing or unreadable,\n"
		       "  73 cannot write output, 74 I/O error.\n",
	.run = run,
};
