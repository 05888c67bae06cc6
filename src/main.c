/*
 * main.c - the command layer: options, subcommands, messages and exit codes.
 *
 * This is the only place that prints to stderr or exits. Library code returns
 * a status with a struct nf_error; main prints "noisefloor: <message>" and
 * exits with the status (documented in --help and the README).
 */
#include "analysis.h"
#include "cmd_convert.h"
#include "cmd_check.h"
#include "error.h"
#include "impact.h"
#include "ingest.h"
#include "ingest_jq.h"
#include "jsonw.h"
#include "model.h"
#include "output.h"
#include "render.h"
#include "util.h"
#include "windows.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
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

#define FONT_DIR "/usr/share/fonts/truetype/dejavu"

static const char usage_text[] =
	"usage: noisefloor [report] [options] [LABEL=]FILE...\n"
	"       noisefloor windows [--as-of YYYY-MM-DD] [--schedule FILE] [--json]\n"
	"       noisefloor check [--baseline VERSION] [--min-rounds N] [-q] [LABEL=]FILE...\n"
	"       noisefloor convert [--jq FILE | --jq-program PROGRAM] [LABEL=]FILE...\n"
	"       noisefloor --help | --version\n"
	"\n"
	"Reads benchmark rounds of several versions (FILE, or - for stdin; several\n"
	"files merge), applies the within-noise rule, joins the release support\n"
	"windows and writes analysis.json, blog.md, issue.md, summary.md (and the\n"
	"other outputs) into the output folder, all or nothing.\n"
	"\n"
	"Options:\n"
	"  -o, --out DIR          output folder (default: out)\n"
	"      --as-of DATE       report date YYYY-MM-DD (default: today, UTC, or the\n"
	"                         date of SOURCE_DATE_EPOCH when set)\n"
	"      --baseline VERSION version the others are compared against\n"
	"                         (default: the oldest)\n"
	"      --min-rounds N     rounds each version needs for a verdict (default 3)\n"
	"      --formats LIST     outputs to write, comma-separated (default: all):\n"
	"                         %s\n"
	"      --templates DIR    Mustache templates for the Markdown documents\n"
	"      --schedule FILE    release schedule (default: the Node.js schedule)\n"
	"      --jq FILE          map each input's JSON with this jq program to rounds\n"
	"      --jq-program PROG  the same, with the program given on the command line\n"
	"      --rps N            requests per second of your service: what a confirmed\n"
	"                         difference is worth to it (needs --payload)\n"
	"      --payload SIZE     data handled per request: 60KB, 1.5MB, or bytes\n"
	"                         (KB = 1024 bytes)\n"
	"      --cores N          cores provisioned, for the share of them freed\n"
	"      --impact WORKLOAD  the workload that stands for a request's work\n"
	"                         (default: every confirmed claim whose workload has\n"
	"                         \"bytes\" in the input's \"workloads\")\n"
	"      --json             windows: print JSON\n"
	"  -q, --quiet            no verdict table on the terminal\n"
	"  -h, --help             this text\n"
	"  -V, --version          the version\n"
	"\n"
	"Exit status:\n"
	"  0 done, 1 check: a workload is worse than the baseline beyond the noise,\n"
	"  2 usage error, 65 bad input data, 66 input missing or unreadable,\n"
	"  73 cannot write output, 74 I/O error.\n";

struct options {
	const char *out;
	const char *as_of;
	const char *baseline;
	const char *templates;
	const char *schedule;
	const char *formats;
	const char *jq_file, *jq_program;
	int min_rounds;
	struct impact_inputs impact;       /* --rps, --payload, --cores, --impact */
	int json;
	int quiet;
	char **files;
	int nfiles;
};

static void print_usage(FILE *f)
{
	struct buf names = BUF_INIT;
	for (size_t i = 0; i < nrenderers; i++)
		buf_printf(&names, "%s%s", i ? "," : "", renderers[i].name);
	fprintf(f, usage_text, names.s);
	buf_release(&names);
}

static int usage_error(const char *fmt, const char *arg)
{
	fputs("noisefloor: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("\nTry 'noisefloor --help' for more information.\n", stderr);
	return NF_USAGE;
}

/* Prints the error as one line; control characters from the input (a name
 * quoted in the message) are shown as '?' so they cannot act on the
 * terminal. */
static int fail(const struct nf_error *err)
{
	char msg[sizeof err->msg];
	size_t n = 0;
	for (const unsigned char *p = (const unsigned char *)err->msg; *p && n < sizeof msg - 1; p++) {
		if (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F)
			p++, msg[n++] = '?';
		else
			msg[n++] = *p < 0x20 || *p == 0x7f ? '?' : (char)*p;
	}
	msg[n] = '\0';
	fprintf(stderr, "noisefloor: %s\n", msg);
	return err->status;
}

static int exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

/* Finds a shipped file: $NOISEFLOOR_DATADIR, then beside the executable (the
 * source tree), then ../share/noisefloor from it (an installed tree, wherever
 * it was moved), then the configured data folder. Returns a malloc'd path. */
static char *find_resource(const char *rel)
{
	const char *env = getenv("NOISEFLOOR_DATADIR");
	char exe[PATH_MAX];
	ssize_t n;
	char *p;
	if (env && *env)
		return xasprintf("%s/%s", env, rel);
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		char *slash;
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash) {
			*slash = '\0';
			p = xasprintf("%s/%s", exe, rel);
			if (exists(p))
				return p;
			free(p);
			/* installed: PREFIX/bin/noisefloor, PREFIX/share/noisefloor */
			p = xasprintf("%s/../share/noisefloor/%s", exe, rel);
			if (exists(p))
				return p;
			free(p);
		}
	}
	return xasprintf("%s/%s", NF_DATADIR, rel);
}

/* The report date: --as-of, else SOURCE_DATE_EPOCH's date, else today (UTC).
 * Fails with NF_USAGE and err filled. */
static int report_date(const char *as_of, char out[11], struct nf_error *err)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	time_t t;
	struct tm tm;
	if (as_of) {
		if (!date_valid(as_of))
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

static long long source_date(void)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	char *end;
	long long v;
	if (!sde || !*sde)
		return -1;
	v = strtoll(sde, &end, 10);
	return *end || v < 0 ? -1 : v;
}

enum { OPT_AS_OF = 256, OPT_BASELINE, OPT_MIN_ROUNDS, OPT_TEMPLATES, OPT_SCHEDULE,
       OPT_FORMATS, OPT_JSON, OPT_JQ, OPT_JQ_PROGRAM, OPT_RPS, OPT_PAYLOAD, OPT_CORES,
       OPT_IMPACT };

static const struct option long_options[] = {
	{ "out", required_argument, NULL, 'o' },
	{ "as-of", required_argument, NULL, OPT_AS_OF },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "min-rounds", required_argument, NULL, OPT_MIN_ROUNDS },
	{ "templates", required_argument, NULL, OPT_TEMPLATES },
	{ "schedule", required_argument, NULL, OPT_SCHEDULE },
	{ "formats", required_argument, NULL, OPT_FORMATS },
	{ "json", no_argument, NULL, OPT_JSON },
	{ "jq", required_argument, NULL, OPT_JQ },
	{ "jq-program", required_argument, NULL, OPT_JQ_PROGRAM },
	{ "rps", required_argument, NULL, OPT_RPS },
	{ "payload", required_argument, NULL, OPT_PAYLOAD },
	{ "cores", required_argument, NULL, OPT_CORES },
	{ "impact", required_argument, NULL, OPT_IMPACT },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

/* Parses argv into o. Returns -1 to go on, or an exit status. */
static int parse_options(int argc, char **argv, struct options *o)
{
	int c;
	memset(o, 0, sizeof *o);
	o->out = "out";
	o->min_rounds = 3;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":o:qhV", long_options, NULL)) != -1) {
		switch (c) {
		case 'o': o->out = optarg; break;
		case OPT_AS_OF: o->as_of = optarg; break;
		case OPT_BASELINE: o->baseline = optarg; break;
		case OPT_TEMPLATES: o->templates = optarg; break;
		case OPT_SCHEDULE: o->schedule = optarg; break;
		case OPT_FORMATS: o->formats = optarg; break;
		case OPT_JSON: o->json = 1; break;
		case OPT_JQ: o->jq_file = optarg; break;
		case OPT_JQ_PROGRAM: o->jq_program = optarg; break;
		case 'q': o->quiet = 1; break;
		case OPT_MIN_ROUNDS: {
			char *end;
			long v = strtol(optarg, &end, 10);
			if (*end || end == optarg || v < 1 || v > 1000000)
				return usage_error("--min-rounds wants a whole number from 1, not '%s'", optarg);
			o->min_rounds = (int)v;
			break;
		}
		case OPT_RPS:
		case OPT_PAYLOAD:
		case OPT_CORES: {
			struct nf_error err = { 0, "" };
			if (c == OPT_PAYLOAD ? impact_parse_size(optarg, &o->impact.payload, &err)
			    : impact_parse_number(c == OPT_RPS ? "--rps" : "--cores", optarg,
						  c == OPT_RPS ? &o->impact.rps : &o->impact.cores, &err))
				return fail(&err);
			break;
		}
		case OPT_IMPACT: o->impact.workload = optarg; break;
		case 'h':
			print_usage(stdout);
			return NF_OK;
		case 'V':
			printf("noisefloor %s\n", NF_VERSION);
			return NF_OK;
		case ':':
			return usage_error("option '%s' needs a value", argv[optind - 1]);
		default:
			return usage_error("unknown option '%s'", argv[optind - 1]);
		}
	}
	if ((o->impact.rps > 0) != (o->impact.payload > 0)) {
		fprintf(stderr, "noisefloor: %s\n", o->impact.rps > 0 ? "--rps needs --payload (the data "
			"handled per request)" : "--payload needs --rps (requests per second)");
		return NF_USAGE;
	}
	if (!o->impact.rps && (o->impact.cores > 0 || o->impact.workload)) {
		fprintf(stderr, "noisefloor: %s needs --rps and --payload\n",
			o->impact.cores > 0 ? "--cores" : "--impact");
		return NF_USAGE;
	}
	o->impact.given = o->impact.rps > 0;
	o->files = argv + optind;
	o->nfiles = argc - optind;
	return -1;
}

/* Loads the schedule named by --schedule, or the shipped one. */
static int load_schedule(struct schedule *s, const struct options *o, struct nf_error *err)
{
	char *path = o->schedule ? xstrdup(o->schedule) : find_resource("data/nodejs-schedule.json");
	int rc = schedule_load(s, path, err);
	free(path);
	return rc;
}

/* Splits "LABEL=path" when LABEL looks like a label and the whole argument is
 * not itself an existing file. */
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

/* Reads every input into m, through the jq mapping when one is given. */
static int load_inputs(struct model *m, const struct options *o, struct nf_error *err)
{
	struct ingest_jq *jq = NULL;
	int rc = 0;
	if (o->jq_file && o->jq_program)
		return nf_error_set(err, NF_USAGE, "give --jq or --jq-program, not both");
	if ((o->jq_file || o->jq_program) && !(jq = ingest_jq_new(o->jq_file, o->jq_program, err)))
		return err->status;
	for (int i = 0; i < o->nfiles && !rc; i++) {
		char *label;
		struct ingest_input in = input_from_arg(o->files[i], &label);
		rc = jq ? ingest_jq_file(jq, m, &in, err) : ingest_file(m, &in, err);
		free(label);
	}
	ingest_jq_free(jq);
	return rc ? rc : ingest_finish(m, err);
}

/* Reads every input into m and runs the analysis. */
static int load_and_analyse(struct model *m, const struct options *o, struct nf_error *err)
{
	int rc;
	if (o->nfiles == 0)
		return nf_error_set(err, NF_USAGE, "no input files (give FILE..., or - for stdin)");
	if ((rc = report_date(o->as_of, m->as_of, err)) != 0)
		return rc;
	m->baseline = o->baseline;
	m->min_rounds = o->min_rounds;
	m->impact_in = o->impact;
	if ((rc = load_schedule(&m->schedule, o, err)) != 0)
		return rc;
	if ((rc = load_inputs(m, o, err)) != 0)
		return rc;
	return analysis_run(m, err);
}

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

static int check_formats(const char *formats)
{
	const char *p = formats;
	if (!formats)
		return 0;
	if (!*formats)
		return usage_error("%s", "--formats wants at least one output (see --help)");
	while (*p) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		int ok = 0;
		for (size_t i = 0; i < nrenderers; i++)
			ok |= strlen(renderers[i].name) == len && strncmp(renderers[i].name, p, len) == 0;
		if (!ok) {
			char *name = xstrndup(p, len);
			int rc = usage_error("unknown output format '%s' (see --help)", name);
			free(name);
			return rc;
		}
		if (!comma)
			break;
		p = comma + 1;
	}
	return 0;
}

/* Appends arg to b, single-quoted for a POSIX shell when it needs it. */
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
		else /* a line break would end the documents' code block */
			buf_putc(b, (unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p);
	buf_putc(b, '\'');
}

/* The report's command line for "How to reproduce": "noisefloor report"
 * and the arguments as given, paths below the working folder made
 * relative, without the output folder and -q (they change no number: the
 * same input gives the same files in any folder). Returns a malloc'd
 * string; caller frees. */
static char *command_line(int argc, char **argv)
{
	struct buf b = BUF_INIT;
	char cwd[PATH_MAX];
	size_t ncwd = getcwd(cwd, sizeof cwd) && strcmp(cwd, "/") ? strlen(cwd) : 0;
	int files_only = 0;
	buf_puts(&b, "noisefloor report");
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *eq;
		struct buf arg = BUF_INIT;
		if (strcmp(a, "--") == 0)
			files_only = 1;
		else if (files_only)
			;
		else if (strcmp(a, "-o") == 0 || strcmp(a, "--out") == 0) {
			i++;
			continue;
		}
		else if (strncmp(a, "--out=", 6) == 0 || (a[0] == '-' && a[1] == 'o') ||
			 strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0)
			continue;
		/* LABEL=/abs/path, --opt=/abs/path, /abs/path */
		eq = a[0] != '/' ? strchr(a, '=') : NULL;
		buf_put(&arg, a, eq ? (size_t)(eq + 1 - a) : 0);
		a = eq ? eq + 1 : a;
		if (ncwd && strncmp(a, cwd, ncwd) == 0 && a[ncwd] == '/' && a[ncwd + 1])
			a += ncwd + 1;
		buf_puts(&arg, a);
		buf_putc(&b, ' ');
		shell_quote(&b, arg.s);
		buf_release(&arg);
	}
	return buf_detach(&b, NULL);
}

static int cmd_report(int argc, char **argv)
{
	struct options o;
	struct model m;
	struct nf_error err = { 0, "" };
	struct outdir od;
	struct render_ctx rc;
	char *templates = NULL, *font = NULL, *font_bold = NULL;
	char *cmd = command_line(argc, argv); /* before getopt reorders argv */
	int status = parse_options(argc, argv, &o);

	if (status < 0 && (status = check_formats(o.formats)) == 0)
		status = -1;
	if (status >= 0) {
		free(cmd);
		return status;
	}
	model_init(&m);
	m.command_line = cmd;
	m.program_version = NF_VERSION;
	status = load_and_analyse(&m, &o, &err);
	if (status) {
		model_release(&m);
		if (status == NF_USAGE)
			return usage_error("%s", err.msg);
		return fail(&err);
	}

	templates = o.templates ? xstrdup(o.templates) : find_resource("templates");
	font = xstrdup(getenv("NOISEFLOOR_FONT") ? getenv("NOISEFLOOR_FONT") : FONT_DIR "/DejaVuSans.ttf");
	font_bold = xstrdup(getenv("NOISEFLOOR_FONT_BOLD") ? getenv("NOISEFLOOR_FONT_BOLD")
							 : FONT_DIR "/DejaVuSans-Bold.ttf");
	rc.templates_dir = templates;
	rc.font_path = font;
	rc.font_bold_path = font_bold;
	rc.source_date = source_date();
	rc.with_charts = wanted(o.formats, "charts");

	status = outdir_open(&od, o.out, &err);
	for (size_t i = 0; i < nrenderers && !status; i++)
		if (wanted(o.formats, renderers[i].name)) {
			od.writer = renderers[i].name;
			status = renderers[i].render(&m, &rc, &od, &err);
		}
	if (status) {
		if (od.staging)
			outdir_abort(&od);
	} else {
		status = outdir_commit(&od, &err);
	}
	if (status)
		fail(&err);
	else if (!o.quiet)
		render_terminal(&m, stdout);
	free(templates);
	free(font);
	free(font_bold);
	model_release(&m);
	return status;
}

static int cmd_windows(int argc, char **argv)
{
	struct options o;
	struct schedule s = { 0 };
	struct nf_error err = { 0, "" };
	char date[11];
	int status = parse_options(argc, argv, &o);

	if (status >= 0)
		return status;
	if (o.nfiles > 0)
		return usage_error("windows takes no files, got '%s'", o.files[0]);
	if (report_date(o.as_of, date, &err) != 0)
		return usage_error("%s", err.msg);
	if ((status = load_schedule(&s, &o, &err)) != 0)
		return fail(&err);
	schedule_apply_date(&s, date);
	if (o.json) {
		struct buf out = BUF_INIT;
		struct jsonw w;
		jsonw_init(&w, &out, 1);
		render_json_support(&w, &s);
		buf_putc(&out, '\n');
		fputs(out.s, stdout);
		buf_release(&out);
	} else {
		printf("%s release lines on %s\n\n", s.product, date);
		printf("%-5s %-10s %-16s %-10s %-10s %-10s %-10s %s\n", "Line", "Codename", "Status",
		       "Start", "LTS", "Maint.", "End", "V8");
		for (size_t i = 0; i < s.nlines; i++) {
			const struct release_line *l = &s.lines[i];
			printf("%-5s %-10s %-16s %-10s %-10s %-10s %-10s %s\n", l->line,
			       l->codename ? l->codename : "-", l->status, l->start,
			       l->lts[0] ? l->lts : "-", l->maintenance[0] ? l->maintenance : "-",
			       l->end, l->v8 ? l->v8 : "-");
		}
		{
			const struct release_line *r = schedule_recommend(&s);
			if (r)
				printf("\nFor production: %s %s (%s until %s).\n", s.product, r->line,
				       r->status, r->end);
		}
	}
	if (fflush(stdout) != 0 || ferror(stdout)) {
		schedule_release(&s);
		fprintf(stderr, "noisefloor: cannot write to standard output: %s\n", strerror(errno));
		return NF_IOERR;
	}
	schedule_release(&s);
	return 0;
}

/* convert: the merged input as rounds-format NDJSON on stdout. */
static int cmd_convert(int argc, char **argv)
{
	struct options o;
	struct model m;
	struct nf_error err = { 0, "" };
	int status = parse_options(argc, argv, &o);

	if (status >= 0)
		return status;
	if (o.nfiles == 0)
		return usage_error("%s", "convert: no input files (give FILE..., or - for stdin)");
	model_init(&m);
	status = load_inputs(&m, &o, &err);
	if (!status)
		status = convert_write(&m, stdout, &err);
	model_release(&m);
	if (status == NF_USAGE)
		return usage_error("%s", err.msg);
	return status ? fail(&err) : 0;
}

/* Subcommands; a new one is one line here. "report" is the default. */
static const struct {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{ "report", cmd_report },
	{ "windows", cmd_windows },
	{ "check", cmd_check },
	{ "convert", cmd_convert },
};

int main(int argc, char **argv)
{
	/* past a file size limit (ulimit -f), write() fails with EFBIG and the
	 * run ends with a message instead of being killed half-way */
	int status = -1;
	signal(SIGXFSZ, SIG_IGN);
	if (argc >= 2) {
		for (size_t i = 0; i < sizeof commands / sizeof commands[0] && status < 0; i++)
			if (strcmp(argv[1], commands[i].name) == 0)
				status = commands[i].run(argc - 1, argv + 1);
	}
	if (argc < 2) {
		print_usage(stderr);
		return NF_USAGE;
	}
	if (status < 0)
		status = cmd_report(argc, argv);
	/* the verdict table or help that never reached stdout is an error too */
	if (status == NF_OK && (fflush(stdout) != 0 || ferror(stdout))) {
		fprintf(stderr, "noisefloor: cannot write to standard output: %s\n", strerror(errno));
		status = NF_IOERR;
	}
	return status;
}
