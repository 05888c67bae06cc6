/*
 * cmd_run.c - `noisefloor run`, the command layer: its options and their
 * checks, the noise checks and what they print, the progress line, and the
 * wiring of the rounds file (run_file.c), the rounds (run_rounds.c)
 * and the machine's record (run_env.c). Every message of the run is
 * printed here, through cli_error().
 */
#include "analysis/bisect.h"
#include "cmd/cli.h"
#include "ingest/ingest.h"
#include "lib/error.h"
#include "lib/util.h"
#include "run/run_checks.h"
#include "run/run_env.h"
#include "run/run_exec.h"
#include "run/run_file.h"
#include "run/run_rounds.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef NF_VERSION
#define NF_VERSION "0.0.0"
#endif

#define MAX_COMMAND 1024 /* bytes in a command: it is recorded in the environment */

/* run's options, for its own --help and the program's (its options do not
 * fit a table, see cmd_run below). */
#define RUN_OPTIONS \
	"      --version LABEL=COMMAND  a version and its command (repeatable)\n" \
	"      --list NAME=V1,V2,...    versions from one command with {NAME} in it\n" \
	"      --no-shell          run commands directly, split like a shell would,\n" \
	"                          instead of through /bin/sh -c\n" \
	"      --rounds N          rounds (default 7)\n" \
	"      --passes N          timed runs per version per round (default 5; wall)\n" \
	"      --warmup N          untimed runs of each version first (default 1)\n" \
	"      --prepare CMD       run before every run (warm-ups too), untimed\n" \
	"      --order ORDER       rotate (default) or random\n" \
	"      --seed S            seed of --order random\n" \
	"      --measure WHAT      wall (default): time each run; output: the command\n" \
	"                          prints its results (rounds format or a runner's\n" \
	"                          format), on stdout or into the file {out}; cpu:\n" \
	"                          wall time and, beside it, each run's CPU time\n" \
	"                          (user + system of its process tree, from wait4)\n" \
	"      --name NAME         the workload's name (wall; default: the command\n" \
	"                          with the version as {NAME})\n" \
	"      --describe TEXT     what one pass of the workload does (wall, cpu;\n" \
	"                          the report's workload tables show it)\n" \
	"      --source FILE       the file of the workload's code (wall, cpu;\n" \
	"                          issue.md's steps to reproduce name it)\n" \
	"      --platform NAME     the results' platform (default: os-arch, linux-x64)\n" \
	"      --title TEXT        the report's title\n" \
	"      --until-decided     after --rounds, twice the rounds and again until\n" \
	"                          every pair of versions is decided (different or\n" \
	"                          the same, as bisect calls it), up to --max-rounds\n" \
	"      --max-rounds N      the rounds --until-decided may reach (default 48)\n" \
	"  -o, --out FILE          the rounds file (default rounds.ndjson)\n" \
	"      --resume            continue FILE with the settings it was started with;\n" \
	"                          with --rounds N, change its plan to N rounds (more,\n" \
	"                          or fewer down to the rounds it holds, not below)\n" \
	"      --report[=DIR]      render the report into DIR (default out) at the end\n" \
	"      --strict            refuse to start when a noise check fails\n" \
	"      --ignore-failure    record a command that fails and go on\n" \
	"      --timeout DURATION  kill a command running longer (30s, 2m, 1h, 500ms;\n" \
	"                          its process group) and count it as failed\n" \
	"  -q, --quiet             no progress line and no summary\n"

static const char run_usage[] =
	"usage: noisefloor run [options] --version LABEL=COMMAND --version LABEL=COMMAND...\n"
	"       noisefloor run [options] --list NAME=V1,V2,... COMMAND-WITH-{NAME}\n"
	"       noisefloor run --resume [--rounds N] [--out FILE]\n"
	"\n"
	"Runs every version's command in every round, interleaved, the order rotated\n"
	"each round, and appends each complete round to a rounds-format NDJSON file\n"
	"that `noisefloor report` reads.\n"
	"\n"
	"Options:\n" RUN_OPTIONS
	"  -h, --help              this text\n"
	"\n"
	"Exit status: 0 done, 1 a command failed, 2 usage error, 65 a command's output\n"
	"is not readable or --resume of an edited file, 66 --resume of a missing file,\n"
	"73/74 cannot write FILE, 75 --strict: a noise check failed, 130 stopped by\n"
	"SIGINT, SIGTERM or SIGHUP.\n";

/* The command: what the command line asked for and the run's parts. */
struct run {
	struct run_settings s;
	const char *out;
	const char *report_dir; /* NULL: no report */
	int resume, strict, quiet, ignore_failure;
	int until_decided, max_rounds; /* --until-decided, --max-rounds (0: not given) */
	int timeout_ms; /* --timeout, 0 for none */
	int progress;           /* a progress line on stderr (a terminal, no -q) */
	struct run_file file;
	struct run_loop runner;
	struct run_env env;
	struct run_checks checks;
};

/* ---- messages ---------------------------------------------------------- */

static int say(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Prints "noisefloor: <message>" on stderr through the command layer's
 * sanitising cli_error(), one line per line of the message, and returns
 * status. A usage error is one line here, without the pointer to --help:
 * the issue asks for one line before anything runs. */
static int say(int status, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	const char *p;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	p = buf_str(&b);
	for (;;) {
		const char *nl = strchr(p, '\n');
		int n = nl ? (int)(nl - p) : (int)strlen(p);
		cli_error(NULL, NF_OK, "%.*s", n, p);
		if (!nl)
			break;
		p = nl + 1;
	}
	buf_release(&b);
	return status;
}

/* "0:42", "12:05", "1:02:03": a time the run took. */
static void put_elapsed(struct buf *b, double s)
{
	long e = s > 0 ? (long)s : 0;
	if (e >= 3600)
		buf_printf(b, "%ld:%02ld:%02ld", e / 3600, e / 60 % 60, e % 60);
	else
		buf_printf(b, "%ld:%02ld", e / 60, e % 60);
}

/* The runner's progress callback: "round 3/7 · version 24 · 0:42 elapsed ·
 * about 1:10 left" on one line of the terminal. */
static void show_progress(void *ctx, int round, const char *label, double elapsed_s,
			  double left_s)
{
	const struct run *r = ctx;
	struct buf b = BUF_INIT;
	if (!r->progress)
		return;
	if (round)
		buf_printf(&b, "\rround %d/%d", round, r->s.rounds);
	else
		buf_puts(&b, "\rwarm-up");
	buf_printf(&b, " \xC2\xB7 version %s \xC2\xB7 ", label);
	put_elapsed(&b, elapsed_s);
	buf_puts(&b, " elapsed");
	if (left_s >= 0) {
		buf_puts(&b, " \xC2\xB7 about ");
		put_elapsed(&b, left_s);
		buf_puts(&b, " left");
	}
	buf_puts(&b, "\033[K");
	fputs(b.s, stderr);
	fflush(stderr);
	buf_release(&b);
}

static void progress_clear(const struct run *r)
{
	if (r->progress) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}

/* The runner's message callback: the progress line cleared, then msg. */
static void say_for_runner(void *ctx, const char *msg)
{
	progress_clear(ctx);
	say(0, "%s", msg);
}

/* Prints err, clearing the progress line; returns its status. */
static int fail(const struct run *r, const struct nf_error *err)
{
	progress_clear(r);
	return say(err->status, "%s", err->msg);
}

/* ---- options ----------------------------------------------------------- */

/* A count from min to INGEST_MAX_ROUNDS into *out; returns 0 or NF_USAGE
 * (said). */
static int parse_count(const char *opt, const char *v, int min, int *out)
{
	char *end;
	long n;
	errno = 0;
	n = strtol(v, &end, 10);
	if (!*v || *end || errno || n < min || n > INGEST_MAX_ROUNDS)
		return say(NF_USAGE, "%s wants a whole number from %d to %d, not '%s'", opt, min,
			   INGEST_MAX_ROUNDS, v);
	*out = (int)n;
	return 0;
}

/* A duration "30s", "2m", "1h", "500ms" (a number and its unit, at most a
 * day) into *ms; returns 0 or NF_USAGE (said). */
static int parse_duration(const char *opt, const char *v, int *ms)
{
	static const struct {
		const char *unit;
		double ms;
	} units[] = { { "ms", 1 }, { "s", 1e3 }, { "m", 60e3 }, { "h", 3600e3 } };
	char *end;
	double n;
	errno = 0;
	n = strtod(v, &end);
	if (end != v && !errno && n > 0 && (*v >= '0' && *v <= '9'))
		for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
			if (strcmp(end, units[i].unit) == 0 && n * units[i].ms >= 1 &&
			    n * units[i].ms <= 86400e3) {
				*ms = (int)(n * units[i].ms + 0.5);
				return 0;
			}
	return say(NF_USAGE, "%s wants a duration such as 30s, 2m, 1h or 500ms (at most 24h), not '%s'",
		   opt, v);
}

/* An option's value that is one of two words: *second = 1 for the second. */
static int parse_choice(const char *opt, const char *val, const char *first, const char *second,
			int *is_second)
{
	if (strcmp(val, first) && strcmp(val, second))
		return say(NF_USAGE, "%s wants %s or %s, not '%s'", opt, first, second, val);
	*is_second = strcmp(val, second) == 0;
	return 0;
}

/* --list NAME=V1,V2,... with its command: one version per value. */
static int expand_list(struct run_settings *s)
{
	const char *eq = strchr(s->list, '=');
	char *name, *key = NULL;
	const char *p;
	int rc = 0;

	if (!eq || eq == s->list)
		return say(NF_USAGE, "--list wants NAME=V1,V2,..., not '%s'", s->list);
	name = xstrndup(s->list, (size_t)(eq - s->list));
	if (strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") !=
	    strlen(name)) {
		rc = say(NF_USAGE, "--list: the name '%s' may hold only letters, digits and _", name);
		goto done;
	}
	if (strcmp(name, "out") == 0) {
		rc = say(NF_USAGE, "--list: the name 'out' is taken by {out}, the output file");
		goto done;
	}
	key = xasprintf("{%s}", name);
	if (!s->tmpl) {
		rc = say(NF_USAGE, "--list %s needs the command to run, with %s in it", s->list, key);
	} else if (!strstr(s->tmpl, key)) {
		rc = say(NF_USAGE, "--list %s: the command '%s' has no %s in it", name, s->tmpl, key);
	}
	if (rc)
		goto done;
	for (p = eq + 1;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		char *value = xstrndup(p, len);
		if (!*value) {
			free(value);
			rc = say(NF_USAGE, "--list %s has an empty value", s->list);
			goto done;
		}
		run_settings_add_version(s, value, run_loop_replace(s->tmpl, key, value));
		if (!comma)
			break;
		p = comma + 1;
	}
done:
	free(key);
	free(name);
	return rc;
}

/* Checks the versions (labels, commands, duplicates) and splits each
 * command, and --prepare's with --no-shell: for the command line's
 * settings and again for those a resumed file gives. */
static int check_commands(struct run_settings *s)
{
	const char *why;
	if (s->prepare && !s->shell &&
	    !(s->prepare_words = run_exec_split(s->prepare, &why)))
		return say(NF_USAGE, "cannot run --prepare: %s ('%s')", why, s->prepare);
	for (size_t i = 0; i < s->nv; i++) {
		struct run_version *v = &s->v[i];
		why = run_name_problem(v->label);
		if (why)
			return say(NF_USAGE, "the version label '%s' %s", v->label, why);
		for (size_t j = 0; j < i; j++)
			if (strcmp(s->v[j].label, v->label) == 0)
				return say(NF_USAGE, "the version '%s' is given twice", v->label);
		if (strlen(v->command) > MAX_COMMAND)
			return say(NF_USAGE, "the command of version '%s' is longer than %d bytes",
				    v->label, MAX_COMMAND);
		if (!utf8_valid(v->command, strlen(v->command)))
			return say(NF_USAGE, "the command of version '%s' is not valid UTF-8", v->label);
		for (const unsigned char *c = (const unsigned char *)v->command; *c; c++)
			if ((*c < 0x20 && *c != '\t' && *c != '\n') || *c == 0x7f)
				return say(NF_USAGE, "the command of version '%s' holds the control "
					   "character U+%04X", v->label, *c);
		v->words = run_exec_split(v->command, &why);
		if (!v->words && (!s->shell || strspn(v->command, " \t\n") == strlen(v->command)))
			return say(NF_USAGE, "cannot run version '%s': %s ('%s')", v->label, why,
				    v->command);
	}
	return 0;
}


static void set_str(char **dst, const char *v)
{
	free(*dst);
	*dst = xstrdup(v);
}

/* Parses argv into r. Returns -1 to go on, or an exit status. */
static int parse_args(struct run *r, int argc, char **argv)
{
	struct run_settings *s = &r->s;
	char **positional = xmalloc((size_t)argc * sizeof *positional);
	int npos = 0, rc = -1;
	const char *order = NULL, *measure = NULL, *seed = NULL, *why;

	r->out = "rounds.ndjson";
	for (int i = 1; i < argc && rc < 0; i++) {
		const char *a = argv[i], *val = NULL;
		/* options that take a value: --opt VALUE or --opt=VALUE */
		static const char *const with_value[] = {
			"--version", "--list", "--rounds", "--passes", "--warmup", "--prepare",
			"--order", "--seed", "--measure", "--name", "--describe", "--source", "--platform",
			"--title", "--out", "-o",
			"--timeout", "--max-rounds",
		};
		const char *opt = NULL;
		for (size_t k = 0; k < sizeof with_value / sizeof with_value[0] && !opt; k++)
			if (cli_is_opt(a, with_value[k], &val))
				opt = with_value[k];
		if (opt && !val) {
			if (i + 1 >= argc) {
				rc = say(NF_USAGE, "option '%s' needs a value", opt);
				break;
			}
			val = argv[++i];
		}
		if (opt) {
			if (strcmp(opt, "--version") == 0) {
				const char *eq = strchr(val, '=');
				if (!eq || eq == val) {
					rc = say(NF_USAGE, "--version wants LABEL=COMMAND, not '%s'", val);
					break;
				}
				run_settings_add_version(s, xstrndup(val, (size_t)(eq - val)), xstrdup(eq + 1));
				s->given |= RUN_GIVEN_VERSIONS;
			} else if (strcmp(opt, "--list") == 0) {
				if (s->list) {
					rc = say(NF_USAGE, "give --list once");
					break;
				}
				set_str(&s->list, val);
				s->given |= RUN_GIVEN_VERSIONS;
			} else if (strcmp(opt, "--max-rounds") == 0) {
				rc = parse_count("--max-rounds", val, 1, &r->max_rounds) ? NF_USAGE : -1;
			} else if (strcmp(opt, "--timeout") == 0) {
				rc = parse_duration("--timeout", val, &r->timeout_ms) ? NF_USAGE : -1;
			} else if (strcmp(opt, "--rounds") == 0) {
				rc = parse_count("--rounds", val, 1, &s->rounds) ? NF_USAGE : -1;
				s->given |= RUN_GIVEN_ROUNDS;
			} else if (strcmp(opt, "--passes") == 0) {
				rc = parse_count("--passes", val, 1, &s->passes) ? NF_USAGE : -1;
				s->given |= RUN_GIVEN_PASSES;
			} else if (strcmp(opt, "--warmup") == 0) {
				rc = parse_count("--warmup", val, 0, &s->warmup) ? NF_USAGE : -1;
				s->given |= RUN_GIVEN_WARMUP;
			} else if (strcmp(opt, "--prepare") == 0) {
				set_str(&s->prepare, val);
				s->given |= RUN_GIVEN_PREPARE;
			} else if (strcmp(opt, "--order") == 0) {
				order = val;
			} else if (strcmp(opt, "--seed") == 0) {
				seed = val;
			} else if (strcmp(opt, "--measure") == 0) {
				measure = val;
			} else if (strcmp(opt, "--name") == 0) {
				set_str(&s->name, val);
				s->given |= RUN_GIVEN_NAME;
			} else if (strcmp(opt, "--describe") == 0) {
				set_str(&s->describe, val);
				s->given |= RUN_GIVEN_DESCRIBE;
			} else if (strcmp(opt, "--source") == 0) {
				set_str(&s->source, val);
				s->given |= RUN_GIVEN_SOURCE;
			} else if (strcmp(opt, "--platform") == 0) {
				set_str(&s->platform, val);
				s->given |= RUN_GIVEN_PLATFORM;
			} else if (strcmp(opt, "--title") == 0) {
				set_str(&s->title, val);
				s->given |= RUN_GIVEN_TITLE;
			} else {
				r->out = val;
			}
		} else if (cli_is_opt(a, "--report", &val)) {
			/* --report DIR when the next word is no option and no command */
			if (!val && i + 1 < argc && argv[i + 1][0] != '-' && !strchr(argv[i + 1], '{') &&
			    !(s->list && npos == 0 && i + 2 >= argc))
				val = argv[++i];
			r->report_dir = val ? val : "out";
			if (!*r->report_dir)
				rc = say(NF_USAGE, "--report wants a folder, not ''");
		} else if (strcmp(a, "--no-shell") == 0) {
			s->shell = 0;
			s->given |= RUN_GIVEN_SHELL;
		} else if (strcmp(a, "--resume") == 0) {
			r->resume = 1;
		} else if (strcmp(a, "--until-decided") == 0) {
			r->until_decided = 1;
		} else if (strcmp(a, "--strict") == 0) {
			r->strict = 1;
		} else if (strcmp(a, "--ignore-failure") == 0) {
			r->ignore_failure = 1;
		} else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
			r->quiet = 1;
		} else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
			fputs(run_usage, stdout);
			rc = NF_OK;
		} else if (strcmp(a, "--") == 0) {
			while (++i < argc)
				positional[npos++] = argv[i];
		} else if (a[0] == '-' && a[1]) {
			struct buf msg = BUF_INIT;
			cli_unknown_option(&msg, a, run_usage);
			rc = say(NF_USAGE, "run: %s (see noisefloor run --help)", msg.s);
			buf_release(&msg);
		} else {
			positional[npos++] = argv[i];
		}
	}
	if (rc >= 0)
		goto out;

	if (r->max_rounds && !r->until_decided) {
		rc = say(NF_USAGE, "--max-rounds goes with --until-decided");
		goto out;
	}
	if (r->until_decided && !r->max_rounds)
		r->max_rounds = 48;
	if (r->until_decided && (s->given & RUN_GIVEN_ROUNDS) && r->max_rounds < s->rounds) {
		rc = say(NF_USAGE, "--max-rounds %d is below --rounds %d", r->max_rounds, s->rounds);
		goto out;
	}
	if (measure) {
		if (strcmp(measure, "cpu") == 0) {
			s->measure_cpu = 1;
		} else if (strcmp(measure, "wall") && strcmp(measure, "output")) {
			rc = say(NF_USAGE, "--measure wants wall, output or cpu, not '%s'", measure);
			goto out;
		}
		s->measure_output = strcmp(measure, "output") == 0;
		s->given |= RUN_GIVEN_MEASURE;
	}
	if (order) {
		if ((rc = parse_choice("--order", order, "rotate", "random", &s->order_random)))
			goto out;
		s->given |= RUN_GIVEN_ORDER;
	}
	if (seed) {
		char *end;
		errno = 0;
		s->seed = strtoull(seed, &end, 10);
		if (!*seed || *end || errno || seed[0] == '-') {
			rc = say(NF_USAGE, "--seed wants a whole number, not '%s'", seed);
			goto out;
		}
		if (order && !s->order_random) {
			rc = say(NF_USAGE, "--seed goes with --order random");
			goto out;
		}
		s->given |= RUN_GIVEN_SEED;
		if (!order) {
			s->order_random = 1;
			s->given |= RUN_GIVEN_ORDER;
		}
	}
	if (s->measure_output && (s->given & RUN_GIVEN_PASSES)) {
		rc = say(NF_USAGE, "--passes is for --measure wall: with --measure output the command "
			 "prints its own passes");
		goto out;
	}
	if (s->measure_output && (s->given & (RUN_GIVEN_DESCRIBE | RUN_GIVEN_SOURCE))) {
		rc = say(NF_USAGE, "%s is for --measure wall or cpu: with --measure output the command's "
			 "results describe their own workloads",
			 s->given & RUN_GIVEN_DESCRIBE ? "--describe" : "--source");
		goto out;
	}
	if (s->list && s->nv) {
		rc = say(NF_USAGE, "give --version or --list, not both");
		goto out;
	}
	if (s->list) {
		if (npos > 1) {
			rc = say(NF_USAGE, "--list takes one command, got '%s' too", positional[1]);
			goto out;
		}
		if (npos == 1)
			s->tmpl = xstrdup(positional[0]);
		if ((rc = expand_list(s)) != 0)
			goto out;
	} else if (npos > 0) {
		rc = say(NF_USAGE, "unexpected '%s' (commands go in --version LABEL=COMMAND)",
			 positional[0]);
		goto out;
	}
	if (!s->nv && !r->resume) {
		rc = say(NF_USAGE, "run: give the versions to compare (--version LABEL=COMMAND or "
			 "--list NAME=V1,V2 COMMAND)");
		goto out;
	}
	if (s->name && (why = run_name_problem(s->name))) {
		rc = say(NF_USAGE, "--name '%s' %s", s->name, why);
		goto out;
	}
	if (s->describe && (why = run_name_problem(s->describe))) {
		rc = say(NF_USAGE, "--describe %s", why);
		goto out;
	}
	if (s->source && (why = run_name_problem(s->source))) {
		rc = say(NF_USAGE, "--source '%s' %s", s->source, why);
		goto out;
	}
	if (s->platform && (why = run_name_problem(s->platform))) {
		rc = say(NF_USAGE, "--platform '%s' %s", s->platform, why);
		goto out;
	}
	if (s->title && (why = run_name_problem(s->title))) {
		rc = say(NF_USAGE, "--title %s", why);
		goto out;
	}
	if (!*r->out) {
		rc = say(NF_USAGE, "--out wants a file name, not ''");
		goto out;
	}
	rc = check_commands(s) ? NF_USAGE : -1;
out:
	free(positional);
	return rc;
}

/* ---- the noise checks -------------------------------------------------- */

/* Runs the noise checks: the machine's (when `machine`) and the runtimes of
 * the versions not checked yet; prints the new warnings. Returns
 * NF_TEMPFAIL when --strict refuses to go on, else 0. */
static int noise_checks(struct run *r, int machine)
{
	if (machine)
		run_checks_machine(&r->checks, &r->env, run_env_load());
	run_checks_versions(&r->checks, &r->s);
	for (; r->checks.shown < r->checks.n; r->checks.shown++) {
		progress_clear(r);
		say(0, "warning: %s", r->checks.warnings[r->checks.shown]);
	}
	if (r->checks.n && r->strict)
		return say(NF_TEMPFAIL, "--strict: not starting (%zu noise check%s failed)",
			   r->checks.n, r->checks.n == 1 ? "" : "s");
	return 0;
}

/* Sets "<what> <label>" in the environment to value, when there is a value
 * and the key is not too long for the rounds format. */
static void env_version_field(struct run_env *env, const char *what, const char *label,
			      const char *value)
{
	char *k;
	if (!value)
		return;
	k = xasprintf("%s %s", what, label);
	if (strlen(k) <= INGEST_MAX_NAME)
		run_env_set(env, k, value);
	free(k);
}

/* Records the versions' commands and runtimes and the warnings in the
 * environment. */
static void env_versions(struct run *r)
{
	char *checks = run_checks_summary(&r->checks);
	for (size_t i = 0; i < r->s.nv; i++) {
		const struct run_version *v = &r->s.v[i];
		env_version_field(&r->env, "command", v->label, v->command);
		env_version_field(&r->env, "node", v->label, v->node);
		env_version_field(&r->env, "v8", v->label, v->v8);
	}
	run_env_set(&r->env, INGEST_ENV_NOISE_CHECKS, checks);
	free(checks);
}

/* ---- the run ----------------------------------------------------------- */

/* Renders the report of the finished file with this same program. */
static int run_report(struct run *r)
{
	char *argv[7];
	int n = 0, status;
	pid_t pid;
	argv[n++] = "/proc/self/exe";
	argv[n++] = "report";
	if (r->quiet)
		argv[n++] = "-q";
	argv[n++] = "--out";
	argv[n++] = (char *)r->report_dir;
	argv[n++] = (char *)r->out;
	argv[n] = NULL;
	fflush(stdout);
	if (access(argv[0], X_OK) != 0)
		argv[0] = "noisefloor";
	/* the report writes to our stdout and stderr */
	pid = fork();
	if (pid < 0)
		return say(NF_IOERR, "cannot start the report: %s", strerror(errno));
	if (pid == 0) {
		execvp(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return say(NF_IOERR, "cannot wait for the report: %s", strerror(errno));
	return WIFEXITED(status) ? WEXITSTATUS(status) : NF_IOERR;
}

/* --resume: takes the file's settings (f, emptied) for what the command line
 * did not give, after refusing any that differ. */
static int adopt_settings(struct run *r, struct run_settings *f)
{
	struct run_settings *cl = &r->s;
	struct buf why = BUF_INIT;
	if (run_settings_differ(cl, f, &why)) {
		int rc = say(NF_USAGE, "cannot resume '%s' with these settings: %s", r->out, why.s);
		buf_release(&why);
		return rc;
	}
	buf_release(&why);
	if ((cl->given & RUN_GIVEN_ROUNDS) && cl->rounds != f->rounds) {
		/* more rounds (or fewer, down to those it holds): the same orders go on */
		struct nf_error err;
		if (cl->rounds < r->file.done_rounds)
			return say(NF_USAGE, "cannot resume '%s' with --rounds %d: it holds %d complete "
				   "rounds already", r->out, cl->rounds, r->file.done_rounds);
		if (run_file_set_rounds(&r->file, cl->rounds, &err) != 0)
			return fail(r, &err);
		f->rounds = cl->rounds;
	}
	f->warmup = (cl->given & RUN_GIVEN_WARMUP) ? cl->warmup : f->warmup;
	f->given = cl->given;
	run_settings_release(cl);
	*cl = *f;
	run_settings_init(f);
	return check_commands(cl) ? NF_USAGE : 0;
}

static int write_header(struct run *r);
static int header_for_runner(void *ctx)
{
	return write_header(ctx);
}

/* Opens the rounds file (and with --resume takes its settings) and sets up
 * the runner. Returns 0 or the exit status (said). */
static int start(struct run *r)
{
	struct run_settings f;
	struct nf_error err;
	int rc = run_file_open(&r->file, r->resume, &f, &err);
	if (rc)
		fail(r, &err);
	else if (r->file.dropped_round)
		say(0, "'%s': dropped an incomplete round %d a stopped run left at its end", r->out,
		    r->file.dropped_round);
	if (!rc && r->file.removed_copy)
		say(0, "'%s': removed '%s', the copy a stopped --resume --rounds left beside it",
		    r->out, r->file.removed_copy);
	if (!rc && r->resume && r->file.has_header)
		rc = adopt_settings(r, &f);
	else if (!rc && r->resume && !r->s.nv)
		rc = say(NF_USAGE, "cannot resume '%s': it is empty; give the versions to run", r->out);
	run_settings_release(&f);
	if (!rc && (rc = run_loop_init(&r->runner, &r->s, &r->file, &err)) != 0)
		fail(r, &err);
	r->runner.ignore_failure = r->ignore_failure;
	r->runner.timeout_ms = r->timeout_ms;
	r->runner.progress = show_progress;
	r->runner.say = say_for_runner;
	r->runner.header = header_for_runner;
	r->runner.ctx = r;
	return rc;
}

/* Writes the header line, with the versions' runtimes, the noise checks
 * recorded in the environment and the workloads the output described, when
 * the file has none yet. */
static int write_header(struct run *r)
{
	struct nf_error err;
	if (r->file.has_header)
		return 0;
	env_versions(r);
	return run_file_write_header(&r->file, &r->s, &r->env, &err) ? fail(r, &err) : 0;
}

static const char *signame(int sig)
{
	return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP" : "a signal";
}

/* The message of a run that ends before its last round. */
static void tell_rounds_kept(struct run *r)
{
	if (!r->file.has_header) {
		say(0, "nothing was measured; '%s' was not written", r->out);
		return;
	}
	if (r->file.replaced) {
		say(0, "the %d complete round%s measured went to the file that '%s' named when the run started; the file there now is another's",
		    r->file.done_rounds, r->file.done_rounds == 1 ? "" : "s", r->out);
		return;
	}
	say(0, "'%s' holds %d complete round%s of %d; to continue: noisefloor run --resume --out '%s'",
	    r->out, r->file.done_rounds, r->file.done_rounds == 1 ? "" : "s", r->s.rounds, r->out);
}

/* What is said when the run ends, by how it ends; returns its exit status. */
static int finish(struct run *r, int rc)
{
	progress_clear(r);
	if (rc == NF_INTERRUPTED || run_exec_stop_signal) {
		if (r->runner.round)
			say(0, "stopped by %s in round %d", signame(run_exec_stop_signal), r->runner.round);
		else
			say(0, "stopped by %s before round 1", signame(run_exec_stop_signal));
		tell_rounds_kept(r);
		return NF_INTERRUPTED;
	}
	if (rc == NF_TEMPFAIL || rc == NF_USAGE)
		return rc; /* refused before anything was measured */
	if (!rc) { /* the last round's file is still the one at the path */
		struct nf_error err = { 0, "" };
		if ((rc = run_file_still_there(&r->file, &err)) != 0)
			say(0, "%s", err.msg);
	}
	if (rc) {
		tell_rounds_kept(r);
		return rc;
	}
	if (!r->quiet) {
		struct buf t = BUF_INIT;
		put_elapsed(&t, run_loop_elapsed(&r->runner));
		say(0, "'%s' holds %d complete round%s of %zu version%s, %s since the run started",
		    r->out, r->file.done_rounds, r->file.done_rounds == 1 ? "" : "s", r->s.nv,
		    r->s.nv == 1 ? "" : "s", t.s);
		buf_release(&t);
	}
	return r->report_dir ? run_report(r) : 0;
}

/* --until-decided: while a pair of versions is undecided (analysis/
 * bisect.c, the call bisect makes), twice the rounds, up to --max-rounds.
 * The peak memory beside wall time decides nothing here. Returns 0 or the
 * exit status (said). */
static int until_decided(struct run *r)
{
	for (;;) {
		struct model m;
		struct cli_args a;
		struct nf_error err = { 0, "" };
		char *files[1];
		size_t open = 0, pairs = 0;
		int rc;
		memset(&a, 0, sizeof a);
		files[0] = (char *)r->out;
		a.min_rounds = MODEL_MIN_ROUNDS;
		a.by = BY_RELEASE;
		a.files = files;
		a.nfiles = 1;
		model_init(&m);
		m.no_digests = 1;
		if ((rc = cli_load_and_analyse(&m, &a, &err)) != 0) {
			model_release(&m);
			return say(rc, "%s", err.msg);
		}
		for (size_t i = 0; i < m.ncomparisons; i++) {
			const struct comparison *c = &m.comparisons[i];
			size_t np;
			if (r->runner.memory_workload && !strcmp(c->workload, r->runner.memory_workload))
				continue;
			open += bisect_undecided(c, 0, &np);
			pairs += np;
		}
		model_release(&m);
		if (!open || r->s.rounds >= r->max_rounds) {
			if (!r->quiet && !open)
				say(0, "every pair of versions decided in %d rounds", r->file.done_rounds);
			else if (!r->quiet)
				say(0, "%zu of %zu pair%s of versions still undecided at --max-rounds %d",
				    open, pairs, pairs == 1 ? "" : "s", r->max_rounds);
			return 0;
		}
		{
			int next = r->s.rounds * 2 > r->max_rounds ? r->max_rounds : r->s.rounds * 2;
			if (run_file_set_rounds(&r->file, next, &err) != 0)
				return fail(r, &err);
			r->s.rounds = next;
		}
		if ((rc = run_loop_rounds(&r->runner)) != 0)
			return rc;
	}
}

static void run_release(struct run *r)
{
	run_file_close(&r->file);
	run_loop_release(&r->runner);
	run_settings_release(&r->s);
	run_env_release(&r->env);
	run_checks_release(&r->checks);
}

/* The subcommand; argv[0] is "run". Parses its own options (doc/run.md,
 * "noisefloor run"; `noisefloor run --help`). Returns the exit status:
 * 0 done, 1 a version's command failed, 2 usage error, 65 a command's
 * output is not readable or the file to resume was edited, 66 --resume of a missing file, 73/74 the rounds
 * file cannot be written, 75 --strict refused a noisy machine, 130 stopped
 * by SIGINT, SIGTERM or SIGHUP (complete rounds kept). */
static int run_main(int argc, char **argv)
{
	struct run r;
	int rc;

	memset(&r, 0, sizeof r);
	run_settings_init(&r.s);
	run_env_init(&r.env);
	if ((rc = parse_args(&r, argc, argv)) >= 0) {
		run_release(&r);
		return rc;
	}
	run_file_init(&r.file, r.out);
	run_exec_catch_signals();
	if ((rc = start(&r)) != 0)
		goto done;
	/* said now, not only when the report finds nothing to compare */
	if (r.s.nv == 1)
		say(0, "warning: only one version, '%s', is measured: the report will have nothing to "
		    "compare it with; give two versions or more (--version, or --list NAME=V1,V2)",
		    r.s.v[0].label);

	r.progress = !r.quiet && isatty(2);
	run_env_probe(&r.env, NF_VERSION);
	if (!r.s.platform)
		r.s.platform = xasprintf("%s-%s", r.env.os ? r.env.os : "unknown",
					 r.env.arch ? r.env.arch : "unknown");
	/* a new shuffled run without --seed: a seed of its own, kept in the file */
	if (r.s.order_random && !(r.s.given & RUN_GIVEN_SEED) && !r.file.has_header)
		r.s.seed = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 20);

	if (r.file.done_rounds >= r.s.rounds && !r.until_decided) {
		if (!r.quiet)
			say(0, "'%s' already holds all %d round%s", r.out, r.s.rounds,
			    r.s.rounds == 1 ? "" : "s");
		rc = r.report_dir ? run_report(&r) : 0;
		goto done;
	}
	for (size_t i = 0; i < r.s.nv && !run_exec_stop_signal; i++)
		run_env_node_versions(r.s.v[i].words, r.runner.tmpdir, &r.s.v[i].node, &r.s.v[i].v8);
	/* before anything runs; then again for what the warm-ups' output says.
	 * With --measure output and no warm-up, nothing has said what the
	 * workloads are yet: the header waits for round 1's output. */
	if ((rc = noise_checks(&r, 1)) == 0 && (rc = run_loop_warmups(&r.runner)) == 0 &&
	    (rc = noise_checks(&r, 0)) == 0 &&
	    (rc = r.s.measure_output && !r.s.warmup ? 0 : write_header(&r)) == 0)
		rc = run_loop_rounds(&r.runner);
	if (!rc && r.until_decided && !run_exec_stop_signal)
		rc = until_decided(&r);
	rc = finish(&r, rc);
done:
	run_release(&r);
	return rc;
}

static const struct cli_option run_options[] = { { CLI_NOPTS, NULL } };

/* Its options do not fit a table: --version is repeatable and means a
 * version here, not the program's version; it parses its own argv. */
const struct cli_command cmd_run = {
	.name = "run",
	.synopsis = "run [options] --version LABEL=COMMAND... | --list NAME=V1,V2,... COMMAND",
	.about = "Runs every version's command in every round, interleaved, and appends each\n"
		 "complete round to a rounds file (see noisefloor run --help).\n",
	.options = run_options,
	.options_text = RUN_OPTIONS,
	.exit_status = "  0 done, 1 a command failed, 2 usage error, 65 a command's output is not\n"
		       "  readable or --resume of an edited file, 75 --strict refused, 130 stopped\n"
		       "  by SIGINT, SIGTERM or SIGHUP.\n",
	.run_argv = run_main,
};