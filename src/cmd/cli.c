/*
 * cli.c - the command layer shared by every subcommand (see cli.h): the
 * option catalogue, one parser driven by each subcommand's options table,
 * --help generated from the same table, the input arguments, and the one
 * sanitising message function.
 */
#include "cmd/cli.h"
#include "analysis/analysis.h"
#include "analysis/impact.h"
#include "ingest/ingest.h"
#include "ingest/ingest_jq.h"
#include "ingest/schedule.h"
#include "lib/iso8601.h"
#include "lib/util.h"
#include "present/report.h"
#include "present/verdict_words.h"
#include "render/formats_lib.h"
#include "render/render.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef NF_VERSION
#define NF_VERSION "0.0.0"
#endif
#ifndef NF_DATADIR
#define NF_DATADIR "/usr/local/share/noisefloor"
#endif

/* The options any subcommand may list: long name, short letter (0: none),
 * the value's name in --help (NULL: a flag). */
static const struct {
	const char *name;
	int letter;
	const char *arg;
} catalogue[CLI_NOPTS] = {
	[CLI_OUT] = { "out", 'o', "DIR" },
	[CLI_AS_OF] = { "as-of", 0, "DATE" },
	[CLI_BASELINE] = { "baseline", 0, "VERSION" },
	[CLI_MIN_ROUNDS] = { "min-rounds", 0, "N" },
	[CLI_BY] = { "by", 0, "UNIT" },
	[CLI_FORMATS] = { "formats", 0, "LIST" },
	[CLI_TEMPLATES] = { "templates", 0, "DIR" },
	[CLI_SCHEDULE] = { "schedule", 0, "FILE" },
	[CLI_JQ] = { "jq", 0, "FILE" },
	[CLI_JQ_PROGRAM] = { "jq-program", 0, "PROG" },
	[CLI_JSON] = { "json", 0, NULL },
	[CLI_QUIET] = { "quiet", 'q', NULL },
	[CLI_RPS] = { "rps", 0, "N" },
	[CLI_PAYLOAD] = { "payload", 0, "SIZE" },
	[CLI_CORES] = { "cores", 0, "N" },
	[CLI_IMPACT] = { "impact", 0, "WORKLOAD" },
	[CLI_CLAIM] = { "claim", 0, "CLAIM" },
	[CLI_FROM] = { "from", 0, "VERSION" },
	[CLI_TO] = { "to", 0, "VERSION" },
	[CLI_LINK_BASE] = { "link-base", 0, "URL" },
	[CLI_SUMMARY] = { "summary", 0, "FILE" },
	[CLI_FAIL_ABOVE] = { "fail-above", 0, "PCT" },
	[CLI_HELP] = { "help", 'h', NULL },
	[CLI_VERSION] = { "version", 'V', NULL },
};

/* Every subcommand takes these; --help lists them last. */
static const struct cli_option common_options[] = {
	{ CLI_HELP, "this text" },
	{ CLI_VERSION, "the version" },
	{ 0, NULL },
};

/* Set by cli_main(): the command table, for the program's --help, and
 * whether the default command was named (`noisefloor report --help` is
 * report's help; `noisefloor --help` is the program's). */
static const struct cli_command *const *commands;
static size_t ncommands;
static int command_named;

/* Every exit status of the program, for its --help (README.md's "Exit status"
 * table). */
static const char program_statuses[] =
	"  0    done\n"
	"  1    check: a workload is worse than the baseline beyond the noise;\n"
	"       run: a version's command failed\n"
	"  2    usage error\n"
	"  65   bad input data\n"
	"  66   input missing or unreadable (an input, a template, a font, or\n"
	"       noisefloor-formats.so)\n"
	"  73   cannot write output\n"
	"  74   I/O error\n"
	"  75   run --strict: a noise check failed; nothing was run\n"
	"  130  run: stopped by SIGINT, SIGTERM or SIGHUP; the complete rounds are kept\n";

/* ---- messages ---- */

/* Appends s to b with every control character as '?': C0 (tab and line
 * breaks too: a message is one line), DEL, C1, the bidirectional controls,
 * and each byte of an invalid UTF-8 sequence. */
static void put_sanitised(struct buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	while (*p) {
		size_t n = *p < 0x80 ? 1 : *p >= 0xC2 && *p <= 0xDF ? 2 : *p >= 0xE0 && *p <= 0xEF ? 3
			 : *p >= 0xF0 && *p <= 0xF4 ? 4 : 0;
		size_t have = 0;
		while (have < n && p[have])
			have++;
		if (n == 0 || have < n || !utf8_valid((const char *)p, n)) {
			buf_putc(b, '?');
			p++;
			continue;
		}
		{
			char one[5] = { 0 };
			memcpy(one, p, n);
			if (utf8_control_char(one, 0))
				buf_putc(b, '?');
			else
				buf_put(b, p, n);
		}
		p += n;
	}
}

static int verror(const struct cli_args *a, int status, const char *fmt, va_list ap)
{
	struct buf raw = BUF_INIT, out = BUF_INIT;
	buf_vprintf(&raw, fmt, ap);
	buf_puts(&out, "noisefloor: ");
	put_sanitised(&out, buf_str(&raw));
	buf_putc(&out, '\n');
	if (status == NF_USAGE)
		buf_printf(&out, "Try 'noisefloor%s%s --help' for more information.\n",
			   a && a->cmd->hint_self ? " " : "", a && a->cmd->hint_self ? a->cmd->name : "");
	fputs(out.s, stderr);
	buf_release(&raw);
	buf_release(&out);
	return status;
}

/* The edit distance between a[0..na) and b[0..nb) (insertions, deletions,
 * substitutions and swaps of neighbours, each 1), or 3 when it is more than 2. */
static size_t option_distance(const char *a, size_t na, const char *b, size_t nb)
{
	size_t d[48][48];
	if (na >= 48 || nb >= 48 || (na > nb ? na - nb : nb - na) > 2)
		return 3;
	for (size_t i = 0; i <= na; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= nb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= na; i++)
		for (size_t j = 1; j <= nb; j++) {
			size_t v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[na][nb] > 2 ? 3 : d[na][nb];
}

void cli_unknown_option(struct buf *out, const char *given, const char *text)
{
	const char *g = given, *best = NULL;
	size_t ng, nbest = 0, dbest = 3;
	while (*g == '-')
		g++;
	ng = strcspn(g, "=");
	buf_printf(out, "unknown option '%s'", given);
	for (const char *p = text; ng && (p = strstr(p, "--")) != NULL;) {
		size_t n;
		p += 2;
		n = strspn(p, "abcdefghijklmnopqrstuvwxyz0123456789-");
		if (n > 1) {
			size_t d = option_distance(g, ng, p, n);
			if (d < dbest && 2 * d < n) {
				dbest = d;
				best = p;
				nbest = n;
			}
		}
		p += n;
	}
	if (best)
		buf_printf(out, "; did you mean '--%.*s'?", (int)nbest, best);
}

int cli_error(const struct cli_args *a, int status, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verror(a, status, fmt, ap);
	va_end(ap);
	return status;
}

int cli_fail(const struct cli_args *a, const struct nf_error *err)
{
	return cli_error(a, err->status, "%s", err->msg);
}

void cli_warn(const char *text)
{
	struct buf out = BUF_INIT;
	buf_puts(&out, "warning: ");
	put_sanitised(&out, text);
	buf_putc(&out, '\n');
	fputs(out.s, stderr);
	buf_release(&out);
}

int cli_flush_stdout(const struct cli_args *a)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		return cli_error(a, NF_IOERR, "cannot write to standard output: %s", strerror(errno));
	return NF_OK;
}

/* ---- --help ---- */

static void put_option(struct buf *b, enum cli_opt id, const char *prefix, const char *help)
{
	struct buf head = BUF_INIT;
	const char *line = help;
	if (catalogue[id].letter)
		buf_printf(&head, "  -%c, ", catalogue[id].letter);
	else
		buf_puts(&head, "      ");
	buf_printf(&head, "--%s%s%s", catalogue[id].name, catalogue[id].arg ? " " : "",
		   catalogue[id].arg ? catalogue[id].arg : "");
	buf_printf(b, "%-24s %s", head.s, prefix);
	buf_release(&head);
	for (;;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		const char *at = memchr(line, '@', len);
		if (at && len - (size_t)(at - line) >= 9 && strncmp(at, "@FORMATS@", 9) == 0) {
			buf_put(b, line, (size_t)(at - line));
			for (size_t i = 0; i < nrenderers; i++)
				buf_printf(b, "%s%s", i ? "," : "", renderers[i].name);
			buf_put(b, at + 9, len - (size_t)(at - line) - 9);
		} else {
			buf_put(b, line, len);
		}
		buf_putc(b, '\n');
		if (!nl)
			break;
		line = nl + 1;
		buf_printf(b, "%25s", "");
	}
}

/* The help of cmd: its usage line, its options and its exit statuses. The
 * program's help (the default command, not named) gives every command's
 * usage line, the default command's options, then each other command's
 * options under its name, and every exit status. */
static void help_text(struct buf *b, const struct cli_command *cmd)
{
	int program = ncommands && cmd == commands[0] && !command_named;
	buf_printf(b, "usage: noisefloor %s\n", cmd->synopsis);
	if (program) {
		for (size_t i = 1; i < ncommands; i++)
			buf_printf(b, "       noisefloor %s\n", commands[i]->synopsis);
		buf_puts(b, "       noisefloor --help | --version\n");
	}
	buf_printf(b, "\n%s\nOptions:\n", cmd->about);
	for (const struct cli_option *o = cmd->options; o->help; o++)
		put_option(b, o->id, "", o->help);
	for (const struct cli_option *o = common_options; o->help; o++)
		put_option(b, o->id, "", o->help);
	for (size_t i = 1; program && i < ncommands; i++) {
		buf_printf(b, "\nOptions of %s:\n", commands[i]->name);
		if (commands[i]->options_text)
			buf_puts(b, commands[i]->options_text);
		for (const struct cli_option *o = commands[i]->options; o->help; o++)
			put_option(b, o->id, "", o->help);
	}
	buf_printf(b, "\nExit status:\n%s", program ? program_statuses : cmd->exit_status);
}

static int exists(const char *path);

/* ---- parsing ---- */

/* Adds option id to getopt's tables, once. */
static void add_option(struct option *lo, size_t *n, struct buf *shortopts, enum cli_opt id)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(lo[i].name, catalogue[id].name) == 0)
			return;
	lo[*n].name = catalogue[id].name;
	lo[*n].has_arg = catalogue[id].arg ? required_argument : no_argument;
	lo[*n].flag = NULL;
	lo[*n].val = catalogue[id].letter ? catalogue[id].letter : 256 + (int)id;
	(*n)++;
	if (catalogue[id].letter) {
		buf_putc(shortopts, catalogue[id].letter);
		if (catalogue[id].arg)
			buf_putc(shortopts, ':');
	}
}

static int id_of(int val)
{
	if (val >= 256)
		return val - 256;
	for (int i = 0; i < CLI_NOPTS; i++)
		if (catalogue[i].letter == val)
			return i;
	return -1;
}

/* Parses argv with cmd's table into a. Returns -1 to go on, or an exit
 * status (--help and --version print and return 0). */
static int parse(const struct cli_command *cmd, int argc, char **argv, struct cli_args *a)
{
	struct option lo[CLI_NOPTS + 1];
	struct buf shortopts = BUF_INIT;
	size_t n = 0;
	int c, status = -1;

	memset(a, 0, sizeof *a);
	a->cmd = cmd;
	a->min_rounds = MODEL_MIN_ROUNDS;
	buf_putc(&shortopts, ':');
	for (const struct cli_option *o = cmd->options; o->help; o++)
		add_option(lo, &n, &shortopts, o->id);
	for (const struct cli_option *o = common_options; o->help; o++)
		add_option(lo, &n, &shortopts, o->id);
	memset(&lo[n], 0, sizeof lo[n]);

	a->given = xmalloc((size_t)(argc > 1 ? argc - 1 : 1) * sizeof *a->given);
	for (int i = 1; i < argc; i++)
		a->given[a->ngiven++] = argv[i];
	opterr = 0;
	optind = 1;
	while (status < 0 && (c = getopt_long(argc, argv, shortopts.s, lo, NULL)) != -1) {
		int id = c == ':' || c == '?' ? -1 : id_of(c);
		if (c == ':') {
			status = cli_error(a, NF_USAGE, "option '%s' needs a value", argv[optind - 1]);
		} else if (id < 0) {
			struct buf names = BUF_INIT, msg = BUF_INIT;
			for (size_t i = 0; i < n; i++)
				buf_printf(&names, "--%s ", lo[i].name);
			cli_unknown_option(&msg, argv[optind - 1], buf_str(&names));
			status = cli_error(a, NF_USAGE, "%s", msg.s);
			buf_release(&names);
			buf_release(&msg);
		} else if (id == CLI_HELP) {
			struct buf b = BUF_INIT;
			help_text(&b, cmd);
			fputs(b.s, stdout);
			buf_release(&b);
			status = NF_OK;
		} else if (id == CLI_VERSION) {
			printf("noisefloor %s\n", NF_VERSION);
			status = NF_OK;
		} else if (id == CLI_MIN_ROUNDS) {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || end == optarg || v < 1 || v > 1000000)
				status = cli_error(a, NF_USAGE, "--min-rounds wants a whole number from 1, not '%s'",
						   optarg);
			a->opt[id] = optarg;
			a->min_rounds = (int)v;
		} else if (id == CLI_BY) {
			/* checked after the loop: --help wins over a bad value */
			a->opt[id] = optarg;
			a->by = strcmp(optarg, "line") == 0 ? BY_LINE : strcmp(optarg, "release") == 0
										 ? BY_RELEASE : BY_DEFAULT;
		} else if (id == CLI_CLAIM) {
			a->claims = xrealloc(a->claims, (size_t)(a->nclaims + 1) * sizeof *a->claims);
			a->claims[a->nclaims++] = optarg;
			a->opt[id] = optarg;
		} else {
			a->opt[id] = catalogue[id].arg ? optarg : "";
		}
	}
	buf_release(&shortopts);
	if (status < 0 && a->opt[CLI_BY] && a->by == BY_DEFAULT)
		status = cli_error(a, NF_USAGE, "--by wants 'line' or 'release', not '%s'", a->opt[CLI_BY]);
	a->files = argv + optind;
	a->nfiles = argc - optind;
	return status;
}

/* The edit distance of a and b counting a swap of two neighbours as one
 * edit (optimal string alignment), capped at 3: enough to say "close". */
static size_t edit_distance(const char *a, const char *b)
{
	enum { MAX = 24 };
	size_t la = strlen(a), lb = strlen(b), d[MAX + 1][MAX + 1];
	if (la > MAX || lb > MAX)
		return 3;
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb] < 3 ? d[la][lb] : 3;
}

/* The first argument names no command, so it is an input of the default
 * command, unless it is no file and looks like a mistyped command
 * (`noisefloor reprot`): then a usage error with the command meant.
 * Returns 0 to go on, or the exit status (said). */
static int not_a_command(const char *arg)
{
	const struct cli_command *close = NULL;
	size_t best = 3;
	if (!*arg || *arg == '-' || strchr(arg, '=') || strchr(arg, '/') || strchr(arg, '.') ||
	    exists(arg))
		return 0;
	for (size_t i = 0; i < ncommands; i++) {
		size_t d = edit_distance(arg, commands[i]->name);
		if (d < best && d * 3 <= strlen(commands[i]->name))
			best = d, close = commands[i];
	}
	if (!close)
		return 0;
	return cli_error(NULL, NF_USAGE, "'%s' is not a command or a file; did you mean '%s'?", arg,
			 close->name);
}

int cli_main(int argc, char **argv, const struct cli_command *const *cmds, size_t ncmds)
{
	const struct cli_command *cmd = cmds[0];
	struct cli_args a;
	int status;

	commands = cmds;
	ncommands = ncmds;
	if (argc < 2) {
		struct buf b = BUF_INIT;
		help_text(&b, cmds[0]);
		fputs(b.s, stderr);
		buf_release(&b);
		return NF_USAGE;
	}
	for (size_t i = 0; i < ncmds; i++)
		if (strcmp(argv[1], cmds[i]->name) == 0) {
			cmd = cmds[i];
			command_named = 1;
			argc--;
			argv++;
			break;
		}
	if (!command_named && (status = not_a_command(argv[1])) != 0)
		return status;
	if (cmd->run_argv) {
		memset(&a, 0, sizeof a);
		a.cmd = cmd;
		status = cmd->run_argv(argc, argv);
	} else {
		status = parse(cmd, argc, argv, &a);
		if (status < 0)
			status = cmd->run(&a);
	}
	free(a.given);
	free(a.claims);
	/* the output or help that never reached stdout is an error too */
	if (status == NF_OK)
		status = cli_flush_stdout(&a);
	return status;
}

/* ---- inputs ---- */

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

int cli_need_inputs(const struct cli_args *a)
{
	if (a->nfiles > 0)
		return NF_OK;
	return cli_error(a, NF_USAGE, "%s%sno input files (give FILE..., or - for stdin)",
			 a->cmd == commands[0] ? "" : a->cmd->name, a->cmd == commands[0] ? "" : ": ");
}

/* Splits "LABEL=path" when LABEL looks like a label and the whole argument is
 * not itself an existing file. *label_buf gets the malloc'd label or NULL. */
static struct ingest_input input_from_arg(char *arg, char **label_buf)
{
	struct ingest_input in = { arg, NULL };
	char *eq = strchr(arg, '=');
	*label_buf = NULL;
	if (eq && eq != arg && !memchr(arg, '/', (size_t)(eq - arg)) && !exists(arg)) {
		*label_buf = xstrndup(arg, (size_t)(eq - arg));
		in.label = *label_buf;
		in.path = eq + 1;
	}
	return in;
}

const char *cli_input_path(char *arg)
{
	char *label;
	struct ingest_input in = input_from_arg(arg, &label);
	free(label);
	return in.path;
}

/* A refused --baseline lists up to this many versions. */
#define CLI_MAX_LISTED 12

int cli_analyse(struct model *m, struct nf_error *err)
{
	int status = analysis_run(m, err);
	if (status != 0) {
		if (m->upgrade_refused) {
			/* the versions and lines there are, in the documents'
			 * order, as for --baseline */
			const char **v;
			size_t n = report_version_order(m, &v);
			struct buf b = BUF_INIT, lines = BUF_INIT;
			size_t nl = 0;
			const char *opt = m->upgrade_refused == UPGRADE_FROM_UNKNOWN ? "--from" : "--to";
			const char *what = m->upgrade_refused == UPGRADE_FROM_UNKNOWN ? m->upgrade_from
					   : m->upgrade_to;
			for (size_t i = 0; i < n && i < CLI_MAX_LISTED; i++)
				buf_printf(&b, "%s%s", i ? ", " : "", v[i]);
			if (n > CLI_MAX_LISTED)
				buf_printf(&b, " and %zu more", n - CLI_MAX_LISTED);
			for (size_t i = 0; i < m->schedule.nlines; i++)
				if (m->schedule.lines[i].compared)
					buf_printf(&lines, "%s%s", nl++ ? ", " : "",
						   m->schedule.lines[i].line + (m->schedule.lines[i].line[0] == 'v'));
			if (m->upgrade_refused == UPGRADE_SAME)
				nf_error_set(err, NF_USAGE, "--from '%s' and --to '%s' name the same versions: "
					     "give two different ones (measured: %s)", m->upgrade_from,
					     m->upgrade.to ? m->upgrade.to : m->upgrade_to, b.s ? b.s : "none");
			else if (!what)
				nf_error_set(err, NF_USAGE, "--from needs --to: no release line is recommended "
					     "for these versions (measured: %s)", b.s ? b.s : "none");
			else {
				/* versions that are the lines themselves list once */
				if (nl && b.s && strcmp(b.s, lines.s) == 0)
					nl = 0;
				nf_error_set(err, NF_USAGE, "%s '%s' is not among the measured versions%s: %s%s%s",
					     opt, what, nl && !(b.s && strcmp(b.s, lines.s) == 0) ? " or release lines" : "",
					     b.s ? b.s : "none",
					     nl ? "; lines " : "", nl ? lines.s : "");
			}
			buf_release(&b);
			buf_release(&lines);
			free(v);
		}
		if (m->baseline_missing) {
			/* the versions there are, in the documents' order; a
			 * long list names the first dozen and counts the rest */
			const char **v;
			size_t n = report_version_order(m, &v);
			struct buf b = BUF_INIT;
			for (size_t i = 0; i < n && i < CLI_MAX_LISTED; i++)
				buf_printf(&b, "%s%s", i ? ", " : "", v[i]);
			if (n > CLI_MAX_LISTED)
				buf_printf(&b, " and %zu more", n - CLI_MAX_LISTED);
			nf_error_set(err, NF_USAGE, "the baseline '%s' is not among the measured versions: %s",
				     m->baseline, b.s ? b.s : "none");
			buf_release(&b);
			free(v);
		}
		return status;
	}
	return NF_OK;
}

/* 1 when cmd's table has option id. */
static int offers(const struct cli_command *cmd, enum cli_opt id)
{
	for (const struct cli_option *o = cmd->options; o->help; o++)
		if (o->id == id)
			return 1;
	return 0;
}

int cli_load_inputs(struct model *m, const struct cli_args *a, struct nf_error *err)
{
	const char *jq_file = a->opt[CLI_JQ], *jq_program = a->opt[CLI_JQ_PROGRAM];
	struct ingest_jq *jq = NULL;
	/* the mapping is in noisefloor-formats.so (formats_lib.h) */
	__typeof__(&ingest_jq_new) jq_new = NULL;
	__typeof__(&ingest_jq_file) jq_read = NULL;
	__typeof__(&ingest_jq_free) jq_free = NULL;
	const char *user = jq_file ? "--jq" : "--jq-program";
	int rc = 0;
	if (jq_file && jq_program)
		return nf_error_set(err, NF_USAGE, "give --jq or --jq-program, not both");
	if ((jq_file || jq_program) &&
	    (!(jq_new = FORMATS_FN(ingest_jq_new, user, err)) ||
	     !(jq_read = FORMATS_FN(ingest_jq_file, user, err)) ||
	     !(jq_free = FORMATS_FN(ingest_jq_free, user, err)) ||
	     !(jq = jq_new(jq_file, jq_program, err))))
		return err->status;
	for (int i = 0; i < a->nfiles && !rc; i++) {
		char *label;
		struct ingest_input in = input_from_arg(a->files[i], &label);
		rc = jq ? jq_read(jq, m, &in, err) : ingest_file(m, &in, err);
		free(label);
		if (rc == NF_DATAERR && !jq && strstr(err->msg, "': " INGEST_UNKNOWN_FORMAT " (")) {
			/* the way out: a jq program that maps the file to rounds */
			size_t len = strlen(err->msg);
			snprintf(err->msg + len, sizeof err->msg - len, offers(a->cmd, CLI_JQ)
				 ? "; to read another runner's JSON, give a jq program that maps it to rounds with --jq FILE"
				 : "; to read another runner's JSON, map it to rounds with a jq program first: noisefloor convert --jq FILE");
		}
	}
	if (jq)
		jq_free(jq);
	return rc ? rc : ingest_finish(m, err);
}

/* ---- shipped files, dates ---- */

char *cli_find_resource(const char *rel)
{
	/* installed: PREFIX/bin/noisefloor, PREFIX/share/noisefloor */
	return find_shipped("NOISEFLOOR_DATADIR", "../share/noisefloor", NF_DATADIR, rel, 0);
}

int cli_load_schedule(struct schedule *s, const struct cli_args *a, struct nf_error *err)
{
	char *path = a->opt[CLI_SCHEDULE] ? xstrdup(a->opt[CLI_SCHEDULE])
					  : cli_find_resource("data/nodejs-schedule.json");
	int rc = schedule_load(s, path, err);
	free(path);
	return rc;
}

int cli_report_date(const struct cli_args *a, char out[11], struct nf_error *err)
{
	const char *as_of = a->opt[CLI_AS_OF], *sde = getenv("SOURCE_DATE_EPOCH");
	time_t t;
	struct tm tm;
	if (as_of) {
		if (!iso8601_date(as_of))
			return nf_error_set(err, NF_USAGE, "--as-of wants a date YYYY-MM-DD, not '%s'", as_of);
		memcpy(out, as_of, 11);
		return 0;
	}
	if (sde && *sde) {
		char *end;
		long long v = strtoll(sde, &end, 10);
		if (*end || v < 0)
			return nf_error_set(err, NF_USAGE,
					    "SOURCE_DATE_EPOCH must be a number of seconds, not '%s'", sde);
		t = (time_t)v;
	} else {
		t = time(NULL);
	}
	gmtime_r(&t, &tm);
	strftime(out, 11, "%Y-%m-%d", &tm);
	return 0;
}

long long cli_source_date(void)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;
	if (!sde || !*sde)
		return -1;
	v = strtoll(sde, &end, 10);
	return *end || v < 0 ? -1 : v;
}

int cli_check_link_base(const struct cli_args *a)
{
	const char *u = a->opt[CLI_LINK_BASE];
	if (!u)
		return 0;
	if (strncmp(u, "https://", 8) != 0 && strncmp(u, "http://", 7) != 0)
		return cli_error(a, NF_USAGE, "--link-base wants an http:// or https:// address, not '%s'", u);
	for (const char *p = u; *p; p++)
		if ((unsigned char)*p <= ' ' || (unsigned char)*p >= 0x7f || strchr("\"'`<>()[]{}\\|#^", *p))
			return cli_error(a, NF_USAGE, "--link-base: '%s' has a character a link cannot "
					 "hold as is (percent-encode it)", u);
	return 0;
}

int cli_is_opt(const char *arg, const char *name, const char **val)
{
	size_t n = strlen(name);
	*val = NULL;
	if (strncmp(arg, name, n) != 0)
		return 0;
	if (arg[n] == '=') {
		*val = arg + n + 1;
		return 1;
	}
	return arg[n] == '\0';
}
