/*
 * cmd_run.c - `noisefloor run`: the runner the method needs.
 *
 * Every version runs in every round, in an order rotated (or shuffled) from
 * round to round, so drift of the machine is shared by all versions instead
 * of being charged to one. A round is kept in memory until every version
 * has run, then appended to the rounds file with one write and fsync'd:
 * the file only ever holds complete rounds, whatever stops the run.
 *
 * The file is rounds-format NDJSON. Its first line holds the document
 * fields, the environment and, under "run", the settings, so --resume can
 * refuse different settings and continue with the same ones. Each result's
 * meta carries what the round recorded (the order, the load average before
 * and after, the exit status, CPU times).
 *
 * Commands' output (--measure output) is read by the same readers as
 * `report` (ingest.c), into a model of its own for each run.
 */
#include "cli.h"
#include "error.h"
#include "ingest.h"
#include "jsonw.h"
#include "model.h"
#include "runner_env.h"
#include "runner_exec.h"
#include "util.h"

#include <cjson/cJSON.h>
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef NF_VERSION
#define NF_VERSION "0.0.0"
#endif

#define MAX_COMMAND 1024 /* a command is recorded in the environment */

static const char run_usage[] =
	"usage: noisefloor run [options] --version LABEL=COMMAND --version LABEL=COMMAND...\n"
	"       noisefloor run [options] --list NAME=V1,V2,... COMMAND-WITH-{NAME}\n"
	"       noisefloor run --resume [--out FILE]\n"
	"\n"
	"Runs every version's command in every round, interleaved, the order rotated\n"
	"each round, and appends each complete round to a rounds-format NDJSON file\n"
	"that `noisefloor report` reads.\n"
	"\n"
	"Options:\n"
	"      --version LABEL=COMMAND  a version and its command (repeatable)\n"
	"      --list NAME=V1,V2,...    versions from one command with {NAME} in it\n"
	"      --no-shell          run commands directly, split like a shell would,\n"
	"                          instead of through /bin/sh -c\n"
	"      --rounds N          rounds (default 7)\n"
	"      --passes N          timed runs per version per round (default 5; wall)\n"
	"      --warmup N          untimed runs of each version first (default 1)\n"
	"      --prepare CMD       run before every run (warm-ups too), untimed\n"
	"      --order ORDER       rotate (default) or random\n"
	"      --seed S            seed of --order random\n"
	"      --measure WHAT      wall (default): time each run; output: the command\n"
	"                          prints its results (rounds format or a runner's\n"
	"                          format), on stdout or into the file {out}\n"
	"      --name NAME         the workload's name (wall; default: the command\n"
	"                          with the version as {NAME})\n"
	"      --platform NAME     the results' platform (default: os-arch, linux-x64)\n"
	"      --title TEXT        the report's title\n"
	"  -o, --out FILE          the rounds file (default rounds.ndjson)\n"
	"      --resume            continue FILE with the settings it was started with\n"
	"      --report[=DIR]      render the report into DIR (default out) at the end\n"
	"      --strict            refuse to start when a noise check fails\n"
	"      --ignore-failure    record a command that fails and go on\n"
	"  -q, --quiet             no progress line and no summary\n"
	"  -h, --help              this text\n"
	"\n"
	"Exit status: 0 done, 1 a command failed, 2 usage error, 65 a command's output\n"
	"is not readable, 66 --resume of a missing file, 73/74 cannot write FILE,\n"
	"75 --strict: a noise check failed, 130 stopped by SIGINT or SIGTERM.\n";

/* Bits of struct settings.given: what the command line set. */
enum {
	G_VERSIONS = 1 << 0, G_ROUNDS = 1 << 1, G_PASSES = 1 << 2, G_MEASURE = 1 << 3,
	G_ORDER = 1 << 4, G_SEED = 1 << 5, G_SHELL = 1 << 6, G_PREPARE = 1 << 7,
	G_NAME = 1 << 8, G_PLATFORM = 1 << 9, G_TITLE = 1 << 10, G_WARMUP = 1 << 11,
};

struct version {
	char *label;   /* owned */
	char *command; /* owned, {NAME} substituted */
	char **words;  /* owned: the command split like a shell, NULL when it cannot be */
	char *node, *v8; /* owned: Node.js release and V8, when known */
	int node_checked; /* its label was checked against node */
};

/* What a rounds file is started with; --resume compares and reuses it. */
struct settings {
	struct version *v;
	size_t nv, valloc;
	char *list, *tmpl;    /* owned: --list as given and its command */
	int rounds, passes, warmup;
	int measure_output;
	int order_random;
	unsigned long long seed;
	int shell;
	char *prepare, *name, *platform, *title; /* owned, may be NULL */
	unsigned given;
};

struct run {
	struct settings s;
	const char *out;
	const char *report_dir; /* NULL: no report */
	int resume, strict, ignore_failure, quiet, progress;
	char *tmpdir;           /* owned */
	char *stdout_path, *stderr_path, *output_path; /* owned, in tmpdir */
	int fd;                 /* the rounds file, -1 when not open */
	int created;            /* 1 when this run created the file */
	int has_header;
	int done_rounds;        /* complete rounds in the file */
	struct runenv env;
	char **warnings;        /* owned noise-check warnings */
	size_t nwarnings, walloc, nshown;
	int round;              /* the round running, 0 before round 1 */
	double started;         /* monotonic seconds at round 1 */
	size_t units_done, units_total;
};

/* One version's result of one round, until the round is written. */
struct pending {
	const struct version *v;
	char *workload, *unit;  /* owned */
	int better;
	double *passes;         /* owned */
	size_t npasses;
	char timestamp[40];
	cJSON *meta;            /* owned object */
	char *note;             /* owned, or NULL */
};

struct round {
	struct pending *p;
	size_t n, alloc;
	size_t *order;           /* version indexes in run order */
	char **failed;           /* borrowed labels of versions with no result */
	size_t nfailed;
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

/* ---- settings ---------------------------------------------------------- */

static void settings_init(struct settings *s)
{
	memset(s, 0, sizeof *s);
	s->rounds = 7;
	s->passes = 5;
	s->warmup = 1;
	s->shell = 1;
}

static void settings_release(struct settings *s)
{
	for (size_t i = 0; i < s->nv; i++) {
		free(s->v[i].label);
		free(s->v[i].command);
		exec_argv_free(s->v[i].words);
		free(s->v[i].node);
		free(s->v[i].v8);
	}
	free(s->v);
	free(s->list);
	free(s->tmpl);
	free(s->prepare);
	free(s->name);
	free(s->platform);
	free(s->title);
	settings_init(s);
}

/* Takes ownership of label and command. */
static void add_version(struct settings *s, char *label, char *command)
{
	struct version *v;
	ALLOC_GROW(s->v, s->nv + 1, s->valloc);
	v = &s->v[s->nv++];
	memset(v, 0, sizeof *v);
	v->label = label;
	v->command = command;
}

/* A label or name as the rounds format takes it: valid UTF-8, no control
 * characters, 1 to 1024 bytes. Returns NULL or what is wrong. */
static const char *name_problem(const char *s)
{
	size_t n = strlen(s);
	if (!n)
		return "is empty";
	if (n > INGEST_MAX_NAME)
		return "is longer than 1024 bytes";
	if (!utf8_valid(s, n))
		return "is not valid UTF-8";
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p == 0x7f || (*p == 0xC2 && p[1] >= 0x80 && p[1] <= 0x9F))
			return "holds a control character";
	return NULL;
}

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

/* Replaces every "{name}" in tmpl with value; returns a malloc'd string. */
static char *substitute(const char *tmpl, const char *name, const char *value)
{
	struct buf b = BUF_INIT;
	char *key = xasprintf("{%s}", name);
	size_t k = strlen(key);
	const char *p = tmpl, *hit;
	while ((hit = strstr(p, key))) {
		buf_put(&b, p, (size_t)(hit - p));
		buf_puts(&b, value);
		p = hit + k;
	}
	buf_puts(&b, p);
	free(key);
	return buf_detach(&b, NULL);
}

/* --list NAME=V1,V2,... with its command: one version per value. */
static int expand_list(struct settings *s)
{
	const char *eq = strchr(s->list, '=');
	char *name, *key;
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
	free(key);
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
		add_version(s, value, substitute(s->tmpl, name, value));
		if (!comma)
			break;
		p = comma + 1;
	}
done:
	free(name);
	return rc;
}

/* Checks the versions: labels, commands, duplicates; splits each command. */
static int check_versions(struct settings *s)
{
	for (size_t i = 0; i < s->nv; i++) {
		struct version *v = &s->v[i];
		const char *why = name_problem(v->label);
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
		v->words = exec_split(v->command, &why);
		if (!v->words && (!s->shell || strspn(v->command, " \t\n") == strlen(v->command)))
			return say(NF_USAGE, "cannot run version '%s': %s ('%s')", v->label, why,
				    v->command);
	}
	return 0;
}

/* ---- the rounds file's header: settings as JSON and back --------------- */

static void settings_json(struct jsonw *w, const struct settings *s)
{
	jsonw_begin_object(w);
	jsonw_key(w, "measure");
	jsonw_string(w, s->measure_output ? "output" : "wall");
	jsonw_key(w, "rounds");
	jsonw_int(w, s->rounds);
	jsonw_key(w, "passes");
	if (s->measure_output)
		jsonw_null(w);
	else
		jsonw_int(w, s->passes);
	jsonw_key(w, "warmup");
	jsonw_int(w, s->warmup);
	jsonw_key(w, "order");
	jsonw_string(w, s->order_random ? "random" : "rotate");
	jsonw_key(w, "seed");
	if (s->order_random) {
		char n[32];
		snprintf(n, sizeof n, "%llu", s->seed);
		jsonw_string(w, n);
	} else {
		jsonw_null(w);
	}
	jsonw_key(w, "shell");
	jsonw_bool(w, s->shell);
	jsonw_key(w, "prepare");
	jsonw_string(w, s->prepare);
	jsonw_key(w, "name");
	jsonw_string(w, s->name);
	jsonw_key(w, "platform");
	jsonw_string(w, s->platform);
	jsonw_key(w, "title");
	jsonw_string(w, s->title);
	jsonw_key(w, "list");
	jsonw_string(w, s->list);
	jsonw_key(w, "command");
	jsonw_string(w, s->tmpl);
	jsonw_key(w, "versions");
	jsonw_begin_array(w);
	for (size_t i = 0; i < s->nv; i++) {
		jsonw_begin_object(w);
		jsonw_key(w, "label");
		jsonw_string(w, s->v[i].label);
		jsonw_key(w, "command");
		jsonw_string(w, s->v[i].command);
		jsonw_end_object(w);
	}
	jsonw_end_array(w);
	jsonw_end_object(w);
}

static char *json_str_dup(const cJSON *o, const char *key)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(it) ? xstrdup(it->valuestring) : NULL;
}

static int json_int(const cJSON *o, const char *key, int dflt)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(it) && it->valuedouble >= 0 && it->valuedouble <= INGEST_MAX_ROUNDS
		       ? (int)it->valuedouble : dflt;
}

/* Reads the settings a file was started with. Returns 0, or -1 when the
 * "run" object is not one noisefloor run wrote. */
static int settings_from_json(const cJSON *o, struct settings *s)
{
	const cJSON *vs = cJSON_GetObjectItemCaseSensitive(o, "versions"), *it;
	char *m = json_str_dup(o, "measure"), *order = json_str_dup(o, "order");
	char *seed = json_str_dup(o, "seed");
	int ok = cJSON_IsObject(o) && cJSON_IsArray(vs) && m && order;

	settings_init(s);
	if (ok) {
		s->measure_output = strcmp(m, "output") == 0;
		s->rounds = json_int(o, "rounds", 0);
		s->passes = json_int(o, "passes", 5);
		s->warmup = json_int(o, "warmup", 1);
		s->order_random = strcmp(order, "random") == 0;
		s->seed = seed ? strtoull(seed, NULL, 10) : 0;
		s->shell = !cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(o, "shell"));
		s->prepare = json_str_dup(o, "prepare");
		s->name = json_str_dup(o, "name");
		s->platform = json_str_dup(o, "platform");
		s->title = json_str_dup(o, "title");
		s->list = json_str_dup(o, "list");
		s->tmpl = json_str_dup(o, "command");
		ok = s->rounds >= 1 && s->platform;
		cJSON_ArrayForEach(it, vs) {
			char *l = json_str_dup(it, "label"), *c = json_str_dup(it, "command");
			if (!l || !c) {
				free(l);
				free(c);
				ok = 0;
				break;
			}
			add_version(s, l, c);
		}
		ok = ok && s->nv > 0;
	}
	free(m);
	free(order);
	free(seed);
	return ok ? 0 : -1;
}

static int same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

/* Names the first setting given on the command line that differs from the
 * file's, into why; returns 1 when one does. */
static int settings_differ(const struct settings *cl, const struct settings *f, struct buf *why)
{
#define STR_OR(x, d) ((x) ? (x) : (d))
	unsigned g = cl->given;
	if ((g & G_MEASURE) && cl->measure_output != f->measure_output)
		buf_printf(why, "it was run with --measure %s, not %s", f->measure_output ? "output" : "wall",
			   cl->measure_output ? "output" : "wall");
	else if ((g & G_ROUNDS) && cl->rounds != f->rounds)
		buf_printf(why, "it was run with --rounds %d, not %d", f->rounds, cl->rounds);
	else if ((g & G_PASSES) && cl->passes != f->passes)
		buf_printf(why, "it was run with --passes %d, not %d", f->passes, cl->passes);
	else if ((g & G_ORDER) && cl->order_random != f->order_random)
		buf_printf(why, "it was run with --order %s, not %s", f->order_random ? "random" : "rotate",
			   cl->order_random ? "random" : "rotate");
	else if ((g & G_SEED) && cl->seed != f->seed)
		buf_printf(why, "it was run with --seed %llu, not %llu", f->seed, cl->seed);
	else if ((g & G_SHELL) && cl->shell != f->shell)
		buf_printf(why, "it was run %s --no-shell", f->shell ? "without" : "with");
	else if ((g & G_PREPARE) && !same_str(cl->prepare, f->prepare))
		buf_printf(why, "it was run with --prepare '%s', not '%s'", STR_OR(f->prepare, ""),
			   STR_OR(cl->prepare, ""));
	else if ((g & G_NAME) && !same_str(cl->name, f->name))
		buf_printf(why, "it was run with --name '%s', not '%s'", STR_OR(f->name, ""),
			   STR_OR(cl->name, ""));
	else if ((g & G_PLATFORM) && !same_str(cl->platform, f->platform))
		buf_printf(why, "it was run with --platform '%s', not '%s'", STR_OR(f->platform, ""),
			   STR_OR(cl->platform, ""));
	else if ((g & G_TITLE) && !same_str(cl->title, f->title))
		buf_printf(why, "it was run with --title '%s', not '%s'", STR_OR(f->title, ""),
			   STR_OR(cl->title, ""));
	else if (g & G_VERSIONS) {
		for (size_t i = 0; i < cl->nv && i < f->nv && !why->len; i++) {
			if (strcmp(cl->v[i].label, f->v[i].label) != 0)
				buf_printf(why, "its version %zu is '%s', not '%s'", i + 1, f->v[i].label,
					   cl->v[i].label);
			else if (strcmp(cl->v[i].command, f->v[i].command) != 0)
				buf_printf(why, "its version '%s' runs '%s', not '%s'", f->v[i].label,
					   f->v[i].command, cl->v[i].command);
		}
		if (!why->len && cl->nv != f->nv)
			buf_printf(why, "it has %zu versions, not %zu", f->nv, cl->nv);
	}
	return why->len > 0;
#undef STR_OR
}

/* ---- options ----------------------------------------------------------- */

/* 1 when arg is the option `name` or `name=...`; *val gets the value after
 * '=' (or NULL). */
static int is_opt(const char *arg, const char *name, const char **val)
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

static void set_str(char **dst, const char *v)
{
	free(*dst);
	*dst = xstrdup(v);
}

/* Parses argv into r. Returns -1 to go on, or an exit status. */
static int parse_args(struct run *r, int argc, char **argv)
{
	struct settings *s = &r->s;
	char **positional = xmalloc((size_t)argc * sizeof *positional);
	int npos = 0, rc = -1;
	const char *order = NULL, *measure = NULL, *seed = NULL;

	r->out = "rounds.ndjson";
	for (int i = 1; i < argc && rc < 0; i++) {
		const char *a = argv[i], *val = NULL;
		/* options that take a value: --opt VALUE or --opt=VALUE */
		static const char *const with_value[] = {
			"--version", "--list", "--rounds", "--passes", "--warmup", "--prepare",
			"--order", "--seed", "--measure", "--name", "--platform", "--title", "--out", "-o",
		};
		const char *opt = NULL;
		for (size_t k = 0; k < sizeof with_value / sizeof with_value[0] && !opt; k++)
			if (is_opt(a, with_value[k], &val))
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
				add_version(s, xstrndup(val, (size_t)(eq - val)), xstrdup(eq + 1));
				s->given |= G_VERSIONS;
			} else if (strcmp(opt, "--list") == 0) {
				if (s->list) {
					rc = say(NF_USAGE, "give --list once");
					break;
				}
				set_str(&s->list, val);
				s->given |= G_VERSIONS;
			} else if (strcmp(opt, "--rounds") == 0) {
				rc = parse_count("--rounds", val, 1, &s->rounds) ? NF_USAGE : -1;
				s->given |= G_ROUNDS;
			} else if (strcmp(opt, "--passes") == 0) {
				rc = parse_count("--passes", val, 1, &s->passes) ? NF_USAGE : -1;
				s->given |= G_PASSES;
			} else if (strcmp(opt, "--warmup") == 0) {
				rc = parse_count("--warmup", val, 0, &s->warmup) ? NF_USAGE : -1;
				s->given |= G_WARMUP;
			} else if (strcmp(opt, "--prepare") == 0) {
				set_str(&s->prepare, val);
				s->given |= G_PREPARE;
			} else if (strcmp(opt, "--order") == 0) {
				order = val;
			} else if (strcmp(opt, "--seed") == 0) {
				seed = val;
			} else if (strcmp(opt, "--measure") == 0) {
				measure = val;
			} else if (strcmp(opt, "--name") == 0) {
				set_str(&s->name, val);
				s->given |= G_NAME;
			} else if (strcmp(opt, "--platform") == 0) {
				set_str(&s->platform, val);
				s->given |= G_PLATFORM;
			} else if (strcmp(opt, "--title") == 0) {
				set_str(&s->title, val);
				s->given |= G_TITLE;
			} else {
				r->out = val;
			}
		} else if (is_opt(a, "--report", &val)) {
			/* --report DIR when the next word is no option and no command */
			if (!val && i + 1 < argc && argv[i + 1][0] != '-' && !strchr(argv[i + 1], '{') &&
			    !(s->list && npos == 0 && i + 2 >= argc))
				val = argv[++i];
			r->report_dir = val ? val : "out";
			if (!*r->report_dir)
				rc = say(NF_USAGE, "--report wants a folder, not ''");
		} else if (strcmp(a, "--no-shell") == 0) {
			s->shell = 0;
			s->given |= G_SHELL;
		} else if (strcmp(a, "--resume") == 0) {
			r->resume = 1;
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
			rc = say(NF_USAGE, "run: unknown option '%s' (see noisefloor run --help)", a);
		} else {
			positional[npos++] = argv[i];
		}
	}
	if (rc >= 0)
		goto out;

	if (measure) {
		if (strcmp(measure, "wall") && strcmp(measure, "output")) {
			rc = say(NF_USAGE, "--measure wants wall or output, not '%s'", measure);
			goto out;
		}
		s->measure_output = strcmp(measure, "output") == 0;
		s->given |= G_MEASURE;
	}
	if (order) {
		if (strcmp(order, "rotate") && strcmp(order, "random")) {
			rc = say(NF_USAGE, "--order wants rotate or random, not '%s'", order);
			goto out;
		}
		s->order_random = strcmp(order, "random") == 0;
		s->given |= G_ORDER;
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
		s->given |= G_SEED;
		if (!order) {
			s->order_random = 1;
			s->given |= G_ORDER;
		}
	}
	if (s->measure_output && (s->given & G_PASSES)) {
		rc = say(NF_USAGE, "--passes is for --measure wall: with --measure output the command "
			 "prints its own passes");
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
	if (s->name && name_problem(s->name)) {
		rc = say(NF_USAGE, "--name '%s' %s", s->name, name_problem(s->name));
		goto out;
	}
	if (s->platform && name_problem(s->platform)) {
		rc = say(NF_USAGE, "--platform '%s' %s", s->platform, name_problem(s->platform));
		goto out;
	}
	if (s->title && (strlen(s->title) > INGEST_MAX_NAME || name_problem(s->title))) {
		rc = say(NF_USAGE, "--title %s", name_problem(s->title) ? name_problem(s->title)
			 : "is longer than 1024 bytes");
		goto out;
	}
	if (s->prepare && !s->shell) {
		const char *why = NULL;
		char **words = exec_split(s->prepare, &why);
		if (!words) {
			rc = say(NF_USAGE, "cannot run --prepare: %s ('%s')", why, s->prepare);
			goto out;
		}
		exec_argv_free(words);
	}
	if (!*r->out) {
		rc = say(NF_USAGE, "--out wants a file name, not ''");
		goto out;
	}
	rc = check_versions(s) ? NF_USAGE : -1;
out:
	free(positional);
	return rc;
}

/* ---- the rounds file --------------------------------------------------- */

/* Writes all of b at the end of the file and fsyncs it; on failure cuts the
 * file back to its old length, so it never holds half a round. */
static int append(struct run *r, const struct buf *b)
{
	off_t old = lseek(r->fd, 0, SEEK_END);
	size_t done = 0;
	while (done < b->len) {
		ssize_t n = write(r->fd, b->s + done, b->len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int e = n < 0 ? errno : ENOSPC;
			if (old >= 0 && ftruncate(r->fd, old) == 0)
				fsync(r->fd);
			return say(e == ENOSPC || e == EFBIG || e == EDQUOT ? NF_CANTCREAT : NF_IOERR,
				   "cannot write '%s': %s", r->out, strerror(e));
		}
		done += (size_t)n;
	}
	if (fsync(r->fd) != 0 && errno != EINVAL)
		return say(NF_IOERR, "cannot write '%s': %s", r->out, strerror(errno));
	return 0;
}

/* Reads an existing rounds file for --resume: its settings into f, the
 * number of complete rounds; cuts off an incomplete round a crash left at
 * its end. Returns 0 or an exit status (message printed). */
static int scan_file(struct run *r, struct settings *f)
{
	FILE *in = fdopen(dup(r->fd), "rb");
	struct buf line = BUF_INIT;
	long n;
	size_t lineno = 0;
	off_t pos = 0, keep = 0;
	int rc = 0, round = 0, in_round = 0, expect = 0, seen = 0;

	if (!in)
		return say(NF_IOERR, "cannot read '%s': %s", r->out, strerror(errno));
	rewind(in);
	while (!rc && (n = buf_read_line(&line, in, INGEST_MAX_LINE)) > 0) {
		cJSON *o;
		lineno++;
		if (line.s[n - 1] != '\n')
			break; /* a last line cut short */
		o = cJSON_ParseWithLength(line.s, (size_t)n);
		if (lineno == 1) {
			const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(o, "format");
			if (!o || !cJSON_IsString(fmt) || strcmp(fmt->valuestring, "noisefloor.rounds/1") ||
			    settings_from_json(cJSON_GetObjectItemCaseSensitive(o, "run"), f) != 0) {
				rc = say(NF_USAGE, "cannot resume '%s': it was not started by noisefloor "
					 "run (its first line has no \"run\" settings)", r->out);
			}
			r->has_header = 1;
			keep = pos + n;
		} else if (o) {
			const cJSON *rd = cJSON_GetObjectItemCaseSensitive(o, "round");
			const cJSON *meta = cJSON_GetObjectItemCaseSensitive(o, "meta");
			const cJSON *cnt = cJSON_GetObjectItemCaseSensitive(meta, "round_results");
			int this_round = cJSON_IsNumber(rd) ? (int)rd->valuedouble : -1;
			if (!in_round) {
				if (this_round != round + 1 || !cJSON_IsNumber(cnt) || cnt->valuedouble < 1) {
					cJSON_Delete(o);
					break;
				}
				in_round = this_round;
				expect = (int)cnt->valuedouble;
				seen = 0;
			} else if (this_round != in_round) {
				cJSON_Delete(o);
				break;
			}
			if (++seen == expect) {
				round = in_round;
				in_round = 0;
				keep = pos + n;
			}
		} else {
			break;
		}
		cJSON_Delete(o);
		pos += n;
	}
	if (!rc && ferror(in))
		rc = say(NF_IOERR, "cannot read '%s': %s", r->out, strerror(errno));
	fclose(in);
	buf_release(&line);
	if (rc)
		return rc;
	if (lineno > 0 && !r->has_header)
		return say(NF_USAGE, "cannot resume '%s': it was not started by noisefloor run", r->out);
	{
		struct stat st;
		if (fstat(r->fd, &st) == 0 && st.st_size > keep) {
			if (ftruncate(r->fd, keep) != 0)
				return say(NF_IOERR, "cannot cut the incomplete round off '%s': %s", r->out,
					   strerror(errno));
			say(0, "'%s': dropped an incomplete round %d a stopped run left at its end",
			    r->out, round + 1);
		}
	}
	r->done_rounds = round;
	return 0;
}

/* Opens (or creates) the rounds file and takes an exclusive lock on it. */
static int open_file(struct run *r, struct settings *f)
{
	struct stat st;
	if (r->resume) {
		r->fd = open(r->out, O_RDWR | O_CLOEXEC);
		if (r->fd < 0)
			return say(errno == ENOENT ? NF_NOINPUT : NF_USAGE, "cannot resume '%s': %s", r->out,
				   strerror(errno));
	} else {
		if (stat(r->out, &st) == 0)
			return say(NF_USAGE, "'%s' exists: give --resume to continue it, or another --out",
				   r->out);
		r->fd = open(r->out, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (r->fd < 0)
			return say(NF_USAGE, "cannot write '%s': %s", r->out, strerror(errno));
		r->created = 1;
	}
	if (fstat(r->fd, &st) == 0 && !S_ISREG(st.st_mode))
		return say(NF_USAGE, "cannot write '%s': not a regular file", r->out);
	if (flock(r->fd, LOCK_EX | LOCK_NB) != 0)
		return say(NF_USAGE, "'%s' is being written by another noisefloor run", r->out);
	return r->resume ? scan_file(r, f) : 0;
}

/* Removes the file when this run created it and wrote nothing into it. */
static void drop_empty_file(struct run *r)
{
	if (r->fd >= 0 && r->created && !r->has_header)
		unlink(r->out);
}

static void write_header(struct run *r, struct buf *b)
{
	const struct settings *s = &r->s;
	struct jsonw w;
	struct buf t = BUF_INIT;
	jsonw_init(&w, b, 0);
	jsonw_begin_object(&w);
	jsonw_key(&w, "format");
	jsonw_string(&w, "noisefloor.rounds/1");
	if (!s->title) {
		for (size_t i = 0; i < s->nv; i++)
			buf_printf(&t, "%s%s", i ? " vs " : "", s->v[i].label);
		if (t.len > INGEST_MAX_NAME)
			buf_reset(&t);
	}
	if (s->title || t.len) {
		jsonw_key(&w, "title");
		jsonw_string(&w, s->title ? s->title : t.s);
	}
	buf_reset(&t);
	buf_printf(&t, "%d rounds of %zu versions, interleaved, the order %s each round; ",
		   s->rounds, s->nv, s->order_random ? "shuffled" : "rotated");
	if (s->measure_output)
		buf_printf(&t, "one run of each version per round, its own output read");
	else
		buf_printf(&t, "%d timed runs of each version per round (wall time)", s->passes);
	buf_printf(&t, "; %d warm-up run%s of each version; measured by noisefloor run",
		   s->warmup, s->warmup == 1 ? "" : "s");
	jsonw_key(&w, "notes");
	jsonw_string(&w, t.s);
	jsonw_key(&w, "environment");
	jsonw_begin_object(&w);
	for (size_t i = 0; i < r->env.n; i++) {
		jsonw_key(&w, r->env.keys[i]);
		if (strcmp(r->env.keys[i], "cores") == 0)
			jsonw_raw(&w, r->env.values[i]);
		else
			jsonw_string(&w, r->env.values[i]);
	}
	jsonw_end_object(&w);
	jsonw_key(&w, "run");
	settings_json(&w, s);
	jsonw_end_object(&w);
	buf_putc(b, '\n');
	buf_release(&t);
}

/* ---- rounds ------------------------------------------------------------ */

static double mono_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void iso_now(char out[40])
{
	struct timespec ts;
	struct tm tm;
	clock_gettime(CLOCK_REALTIME, &ts);
	gmtime_r(&ts.tv_sec, &tm);
	strftime(out, 40, "%Y-%m-%dT%H:%M:%S", &tm);
	snprintf(out + strlen(out), 40 - strlen(out), ".%03ldZ", ts.tv_nsec / 1000000);
}

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* The order of round `round` (1-based): rotated, round r starting with
 * version (r - 1) mod n; or shuffled from the seed and the round number,
 * so a resumed run gets the same orders. */
static void round_order(const struct settings *s, int round, size_t *order)
{
	size_t n = s->nv;
	for (size_t k = 0; k < n; k++)
		order[k] = s->order_random ? k : ((size_t)(round - 1) + k) % n;
	if (s->order_random) {
		uint64_t x = s->seed ^ ((uint64_t)round * 0xD1B54A32D192ED03ULL);
		for (size_t k = n - 1; k > 0; k--) {
			size_t j = (size_t)(splitmix64(&x) % (k + 1));
			size_t t = order[k];
			order[k] = order[j];
			order[j] = t;
		}
	}
}

static void progress(struct run *r, int round, const char *label)
{
	double el = mono_s() - r->started;
	long e = (long)el, left;
	if (!r->progress)
		return;
	if (round)
		fprintf(stderr, "\rround %d/%d", round, r->s.rounds);
	else
		fputs("\rwarm-up", stderr);
	fprintf(stderr, " \xC2\xB7 version %s \xC2\xB7 %ld:%02ld elapsed", label, e / 60, e % 60);
	if (r->units_done > 0) {
		left = (long)(el / (double)r->units_done * (double)(r->units_total - r->units_done));
		fprintf(stderr, " \xC2\xB7 about %ld:%02ld left", left / 60, left % 60);
	}
	fputs("\033[K", stderr);
	fflush(stderr);
}

static void progress_clear(struct run *r)
{
	if (r->progress) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}

/* The last lines of the captured stderr, indented, for a failure message. */
static void last_lines(const char *path, struct buf *out)
{
	char *text = NULL;
	size_t len, start, lines = 0;
	if (read_file(path, &text, &len) != 0)
		return;
	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		len--;
	start = len;
	while (start > 0 && lines < 5) {
		start--;
		if (text[start] == '\n' && ++lines == 5) {
			start++;
			break;
		}
	}
	if (len) {
		buf_puts(out, "\nits last lines on stderr:");
		for (size_t i = start; i < len; i++) {
			if (i == start || text[i - 1] == '\n')
				buf_puts(out, "\n  ");
			if (text[i] == '\n')
				continue;
			buf_putc(out, (unsigned char)text[i] < 0x20 && text[i] != '\t' ? '?' : text[i]);
		}
	}
	free(text);
}

/* The argv to run a command: /bin/sh -c, or its words (borrowed). */
static char *const *command_argv(const struct run *r, const struct version *v,
				 const char *command, char *sh[4])
{
	if (!r->s.shell && v)
		return v->words;
	sh[0] = "/bin/sh";
	sh[1] = "-c";
	sh[2] = (char *)command;
	sh[3] = NULL;
	return sh;
}

enum outcome { RAN_OK = 0, RAN_FAILED = 1, RAN_STOPPED = 2, RAN_ERROR = 3 };

/* Runs one command; fills *res. RAN_FAILED when it did not exit 0 (message
 * in why when the failure stops the run). */
static enum outcome run_one(struct run *r, char *const *argv, const char *out_path,
			    struct exec_result *res)
{
	if (exec_run(argv, out_path, r->stderr_path, 0, res) != 0) {
		say(NF_IOERR, "cannot start '%s': %s", argv[0], strerror(errno));
		return RAN_ERROR;
	}
	if (exec_stop_signal)
		return RAN_STOPPED;
	return res->status == 0 && !res->exec_errno ? RAN_OK : RAN_FAILED;
}

/* The command of v with {out} replaced by the output file, quoted when
 * the path holds anything but letters, digits and / . _ - (write {out}
 * bare in the command); malloc'd. */
static char *command_for(const struct run *r, const struct version *v)
{
	struct buf q = BUF_INIT;
	const char *path = r->output_path;
	char *c;
	if (!strstr(v->command, "{out}"))
		return xstrdup(v->command);
	if (strspn(path, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/._-") ==
	    strlen(path))
		buf_puts(&q, path);
	else
		exec_shell_quote(&q, path);
	c = substitute(v->command, "out", q.s);
	buf_release(&q);
	return c;
}

/* Reports a failed command and says whether the run stops. */
static int failed(struct run *r, const struct version *v, int round, const char *what,
		  const char *command, const struct exec_result *res)
{
	struct buf b = BUF_INIT;
	progress_clear(r);
	buf_printf(&b, "version '%s'%s%.0d: %s '%s' ", v->label, round ? ", round " : ", warm-up",
		   round, what, command);
	exec_describe(&b, res);
	if (r->ignore_failure)
		buf_puts(&b, " (recorded, going on)");
	last_lines(r->stderr_path, &b);
	say(0, "%s", b.s);
	buf_release(&b);
	return !r->ignore_failure;
}

/* Runs --prepare; RAN_OK to go on. */
static enum outcome prepare(struct run *r, const struct version *v, int round)
{
	char *sh[4];
	struct exec_result res;
	enum outcome o;
	char **words = NULL;
	const char *why;
	if (!r->s.prepare)
		return RAN_OK;
	if (r->s.shell) {
		command_argv(r, NULL, r->s.prepare, sh);
		o = run_one(r, sh, NULL, &res);
	} else {
		words = exec_split(r->s.prepare, &why);
		o = run_one(r, words, NULL, &res);
		exec_argv_free(words);
	}
	if (o == RAN_FAILED && !failed(r, v, round, "--prepare", r->s.prepare, &res))
		o = RAN_OK;
	return o;
}

static void pending_release(struct pending *p)
{
	free(p->workload);
	free(p->unit);
	free(p->passes);
	free(p->note);
	cJSON_Delete(p->meta);
}

static struct pending *add_pending(struct round *rd)
{
	struct pending *p;
	ALLOC_GROW(rd->p, rd->n + 1, rd->alloc);
	p = &rd->p[rd->n++];
	memset(p, 0, sizeof *p);
	p->meta = cJSON_CreateObject();
	return p;
}

static void round_release(struct round *rd)
{
	for (size_t i = 0; i < rd->n; i++)
		pending_release(&rd->p[i]);
	free(rd->p);
	free(rd->order);
	free(rd->failed);
	memset(rd, 0, sizeof *rd);
}

/* The workload name of --measure wall: --name, or the command with the
 * version put back as {NAME} when that is the same for every version, else
 * "wall time". Malloc'd. */
static char *wall_workload(const struct settings *s)
{
	char *common = NULL;
	if (s->name)
		return xstrdup(s->name);
	if (s->tmpl && !name_problem(s->tmpl))
		return xstrdup(s->tmpl);
	for (size_t i = 0; i < s->nv; i++) {
		struct buf b = BUF_INIT;
		const char *p = s->v[i].command, *hit;
		size_t k = strlen(s->v[i].label);
		while ((hit = strstr(p, s->v[i].label))) {
			buf_put(&b, p, (size_t)(hit - p));
			buf_puts(&b, "{v}");
			p = hit + k;
		}
		buf_puts(&b, p);
		if (!common) {
			common = buf_detach(&b, NULL);
		} else {
			int same = strcmp(common, b.s) == 0;
			buf_release(&b);
			if (!same) {
				free(common);
				return xstrdup("wall time");
			}
		}
	}
	if (!common || name_problem(common)) {
		free(common);
		return xstrdup("wall time");
	}
	return common;
}

static void add_number_array(cJSON *meta, const char *key, const double *v, size_t n)
{
	cJSON *a = cJSON_AddArrayToObject(meta, key);
	for (size_t i = 0; i < n; i++)
		cJSON_AddItemToArray(a, cJSON_CreateNumber(round(v[i] * 1000) / 1000));
}

static void set_meta_string(cJSON *meta, const char *key, const char *value)
{
	cJSON_DeleteItemFromObjectCaseSensitive(meta, key);
	cJSON_AddStringToObject(meta, key, value);
}

/* --measure wall: `passes` timed runs of v. */
static enum outcome measure_wall(struct run *r, const struct version *v, int round,
				 struct round *rd)
{
	const struct settings *s = &r->s;
	char *sh[4];
	char *const *argv = command_argv(r, v, v->command, sh);
	double *wall = xmalloc((size_t)s->passes * sizeof *wall);
	double *user = xmalloc((size_t)s->passes * sizeof *user);
	double *sys = xmalloc((size_t)s->passes * sizeof *sys);
	int status = 0, nfailed = 0;
	char ts[40];
	enum outcome o = RAN_OK;
	struct pending *p;

	iso_now(ts);
	for (int k = 0; k < s->passes && o == RAN_OK; k++) {
		struct exec_result res;
		if ((o = prepare(r, v, round)) != RAN_OK)
			break;
		o = run_one(r, argv, NULL, &res);
		if (o == RAN_FAILED) {
			if (failed(r, v, round, "the command", v->command, &res))
				break;
			status = res.status;
			nfailed++;
			o = RAN_OK;
		}
		/* nanoseconds are the clock's resolution */
		wall[k] = floor(res.wall_ms * 1e6 + 0.5) / 1e6;
		if (wall[k] <= 0)
			wall[k] = 1e-6;
		user[k] = res.user_ms;
		sys[k] = res.sys_ms;
	}
	if (o == RAN_OK) {
		p = add_pending(rd);
		p->v = v;
		p->workload = wall_workload(s);
		p->unit = xstrdup("ms");
		p->better = BETTER_LOWER;
		p->passes = wall;
		p->npasses = (size_t)s->passes;
		wall = NULL;
		memcpy(p->timestamp, ts, sizeof ts);
		cJSON_AddNumberToObject(p->meta, "exit_status", status);
		if (nfailed)
			p->note = xasprintf("exit status %d in %d of %d passes", status, nfailed, s->passes);
		add_number_array(p->meta, "user_ms", user, (size_t)s->passes);
		add_number_array(p->meta, "sys_ms", sys, (size_t)s->passes);
		if (v->node)
			cJSON_AddStringToObject(p->meta, "node", v->node);
		if (v->v8)
			cJSON_AddStringToObject(p->meta, "v8", v->v8);
	}
	free(wall);
	free(user);
	free(sys);
	return o;
}

/* Reads one run's output through the readers `report` uses and turns it
 * into pending results of v (NULL rd: only looks at it, for a warm-up).
 * The results of one workload (several runs of a runner, say) become the
 * passes of one round. Returns 0 or NF_DATAERR (message printed). */
static int read_output(struct run *r, struct version *v, int round, const char *path,
		       const char *ts, int status, struct round *rd)
{
	struct model m;
	struct nf_error err = { 0, "" };
	struct ingest_input in = { path, v->label };
	int rc;

	model_init(&m);
	rc = ingest_file(&m, &in, &err);
	if (!rc)
		rc = ingest_finish(&m, &err);
	if (rc) {
		/* the temporary file is named for what it holds */
		const char *name = strcmp(path, r->output_path) == 0 ? "{out}" : "stdout";
		char *msg = err.msg, *hit = strstr(msg, path);
		struct buf b = BUF_INIT;
		if (hit) {
			buf_put(&b, msg, (size_t)(hit - msg));
			buf_puts(&b, name);
			buf_puts(&b, hit + strlen(path));
			msg = b.s;
		}
		progress_clear(r);
		say(0, "version '%s'%s%.0d: the command's output is not usable: %s", v->label,
		    round ? ", round " : ", warm-up", round, msg);
		buf_release(&b);
		model_release(&m);
		return NF_DATAERR;
	}
	for (size_t i = 0; i < m.nresults; i++) {
		const struct result *res = &m.results[i];
		cJSON *meta = res->meta_json ? cJSON_Parse(res->meta_json) : NULL;
		const cJSON *node = cJSON_GetObjectItemCaseSensitive(meta, "node");
		struct pending *p = NULL;

		/* the output's own record of the runtime */
		if (res->v8 && !v->v8)
			v->v8 = xstrdup(res->v8);
		if (cJSON_IsString(node) && !v->node)
			v->node = xstrdup(node->valuestring);
		if (!rd) {
			cJSON_Delete(meta);
			continue;
		}
		for (size_t k = 0; k < rd->n && !p; k++)
			if (rd->p[k].v == v && strcmp(rd->p[k].workload, res->workload) == 0 &&
			    strcmp(rd->p[k].unit, res->unit) == 0)
				p = &rd->p[k];
		if (p) {
			p->passes = xrealloc(p->passes, (p->npasses + res->npasses) * sizeof *p->passes);
			memcpy(p->passes + p->npasses, res->passes, res->npasses * sizeof *p->passes);
			p->npasses += res->npasses;
			cJSON_Delete(meta);
			continue;
		}
		p = add_pending(rd);
		if (cJSON_IsObject(meta)) {
			cJSON_Delete(p->meta);
			p->meta = meta;
		} else {
			cJSON_Delete(meta);
		}
		p->v = v;
		p->workload = xstrdup(res->workload);
		p->unit = xstrdup(res->unit);
		p->better = res->better;
		p->passes = xmalloc(res->npasses * sizeof *p->passes);
		memcpy(p->passes, res->passes, res->npasses * sizeof *p->passes);
		p->npasses = res->npasses;
		p->note = xstrdup(res->note);
		snprintf(p->timestamp, sizeof p->timestamp, "%s", ts);
		if (strcmp(res->version, v->label) != 0)
			set_meta_string(p->meta, "runtime_version", res->version);
		cJSON_DeleteItemFromObjectCaseSensitive(p->meta, "exit_status");
		cJSON_AddNumberToObject(p->meta, "exit_status", status);
	}
	model_release(&m);
	return 0;
}

/* --measure output: one run of v; its output read. round 0 is a warm-up. */
static enum outcome measure_output(struct run *r, struct version *v, int round, struct round *rd)
{
	char *sh[4], *command = command_for(r, v), **words = NULL;
	int to_file = strstr(v->command, "{out}") != NULL;
	const char *path = to_file ? r->output_path : r->stdout_path;
	char *const *argv;
	struct exec_result res;
	char ts[40];
	enum outcome o;
	const char *why;

	/* --no-shell with {out}: the words of the command with the path in it */
	if (!r->s.shell && to_file && (words = exec_split(command, &why)) != NULL)
		argv = words;
	else
		argv = command_argv(r, v, command, sh);
	if ((o = prepare(r, v, round)) != RAN_OK)
		goto out;
	unlink(r->output_path);
	iso_now(ts);
	o = run_one(r, argv, to_file ? NULL : r->stdout_path, &res);
	if (o == RAN_FAILED) {
		if (failed(r, v, round, "the command", v->command, &res))
			goto out;
		/* recorded: what it printed is still read when it is readable */
		if (access(path, R_OK) != 0 || read_output(r, v, round, path, ts, res.status, rd) != 0) {
			if (rd) {
				rd->failed = xrealloc(rd->failed, (rd->nfailed + 1) * sizeof *rd->failed);
				rd->failed[rd->nfailed++] = v->label;
			}
		}
		o = RAN_OK;
		goto out;
	}
	if (o != RAN_OK)
		goto out;
	if (to_file && access(r->output_path, F_OK) != 0) {
		progress_clear(r);
		say(0, "version '%s'%s%.0d: the command wrote nothing into {out}", v->label,
		    round ? ", round " : ", warm-up", round);
		o = RAN_ERROR;
	} else if (read_output(r, v, round, path, ts, 0, rd) != 0) {
		o = RAN_ERROR;
	}
out:
	exec_argv_free(words);
	free(command);
	return o;
}

/* Serialises one complete round into b. */
static void round_json(struct run *r, int rno, struct round *rd, double load_before,
		       double load_after, struct buf *b)
{
	for (size_t i = 0; i < rd->n; i++) {
		struct pending *p = &rd->p[i];
		struct jsonw w;
		cJSON *order = cJSON_CreateArray(), *failed_arr;
		char *meta;

		for (size_t k = 0; k < r->s.nv; k++)
			cJSON_AddItemToArray(order, cJSON_CreateString(r->s.v[rd->order[k]].label));
		cJSON_DeleteItemFromObjectCaseSensitive(p->meta, "order");
		cJSON_AddItemToObject(p->meta, "order", order);
		if (p->v->v8 && !cJSON_GetObjectItemCaseSensitive(p->meta, "v8"))
			cJSON_AddStringToObject(p->meta, "v8", p->v->v8);
		if (p->v->node && !cJSON_GetObjectItemCaseSensitive(p->meta, "node"))
			cJSON_AddStringToObject(p->meta, "node", p->v->node);
		cJSON_DeleteItemFromObjectCaseSensitive(p->meta, "load_before");
		cJSON_DeleteItemFromObjectCaseSensitive(p->meta, "load_after");
		if (load_before >= 0)
			cJSON_AddNumberToObject(p->meta, "load_before", round(load_before * 100) / 100);
		if (load_after >= 0)
			cJSON_AddNumberToObject(p->meta, "load_after", round(load_after * 100) / 100);
		cJSON_DeleteItemFromObjectCaseSensitive(p->meta, "failed");
		if (rd->nfailed) {
			failed_arr = cJSON_AddArrayToObject(p->meta, "failed");
			for (size_t k = 0; k < rd->nfailed; k++)
				cJSON_AddItemToArray(failed_arr, cJSON_CreateString(rd->failed[k]));
		}
		cJSON_DeleteItemFromObjectCaseSensitive(p->meta, "round_results");
		cJSON_AddNumberToObject(p->meta, "round_results", (double)rd->n);
		meta = cJSON_PrintUnformatted(p->meta);

		jsonw_init(&w, b, 0);
		jsonw_begin_object(&w);
		jsonw_key(&w, "workload");
		jsonw_string(&w, p->workload);
		jsonw_key(&w, "version");
		jsonw_string(&w, p->v->label);
		jsonw_key(&w, "platform");
		jsonw_string(&w, r->s.platform);
		jsonw_key(&w, "round");
		jsonw_int(&w, rno);
		jsonw_key(&w, "unit");
		jsonw_string(&w, p->unit);
		jsonw_key(&w, "better");
		jsonw_string(&w, p->better == BETTER_HIGHER ? "higher" : "lower");
		jsonw_key(&w, "timestamp");
		jsonw_string(&w, p->timestamp);
		if (p->note) {
			jsonw_key(&w, "note");
			jsonw_string(&w, p->note);
		}
		jsonw_key(&w, "passes");
		jsonw_begin_array(&w);
		for (size_t k = 0; k < p->npasses; k++)
			jsonw_number(&w, p->passes[k]);
		jsonw_end_array(&w);
		jsonw_key(&w, "meta");
		jsonw_raw(&w, meta);
		jsonw_end_object(&w);
		buf_putc(b, '\n');
		free(meta);
	}
}

static const char *signame(int sig)
{
	return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "a signal";
}

/* The message of a run that ends before its last round. */
static void tell_rounds_kept(struct run *r)
{
	if (!r->has_header) {
		say(0, "nothing was measured; '%s' was not written", r->out);
		return;
	}
	say(0, "'%s' holds %d complete round%s of %d; to continue: noisefloor run --resume --out '%s'",
	    r->out, r->done_rounds, r->done_rounds == 1 ? "" : "s", r->s.rounds, r->out);
}

/* ---- the noise checks -------------------------------------------------- */

static void warn(struct run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warn(struct run *r, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	ALLOC_GROW(r->warnings, r->nwarnings + 1, r->walloc);
	r->warnings[r->nwarnings++] = buf_detach(&b, NULL);
}

/* Checks the machine (when `machine`) and the runtimes of the versions not
 * checked yet, before round 1 (pyperf's system check in spirit); prints
 * the new warnings. Returns NF_TEMPFAIL when --strict refuses, else 0. */
static int noise_checks(struct run *r, int machine)
{
	double load = machine ? runenv_load() : -1;
	if (r->env.cores > 0 && load > r->env.cores / 2.0) {
		struct buf b = BUF_INIT;
		fmt_fixed(&b, load, 2);
		warn(r, "the machine is busy: load average %s with %d cores (above half the cores)",
		     b.s, r->env.cores);
		buf_release(&b);
	}
	if (machine && r->env.governor && strcmp(r->env.governor, "performance") != 0)
		warn(r, "the CPU frequency governor is '%s', not 'performance': the clock speed "
		     "changes with the load", r->env.governor);
	if (machine && r->env.turbo == 1)
		warn(r, "turbo boost is on: the clock speed depends on temperature and on the other "
		     "cores' load");
	for (size_t i = 0; i < r->s.nv; i++) {
		struct version *v = &r->s.v[i];
		if (v->node && !v->node_checked && runenv_label_mismatch(v->label, v->node))
			warn(r, "version '%s' runs Node.js %s ('%s')", v->label, v->node, v->command);
		v->node_checked |= v->node != NULL;
	}
	for (; r->nshown < r->nwarnings; r->nshown++) {
		progress_clear(r);
		say(0, "warning: %s", r->warnings[r->nshown]);
	}
	if (r->nwarnings && r->strict)
		return say(NF_TEMPFAIL, "--strict: not starting (%zu noise check%s failed)",
			   r->nwarnings, r->nwarnings == 1 ? "" : "s");
	return 0;
}

/* Records the versions' runtimes and the warnings in the environment. */
static void env_versions(struct run *r)
{
	struct buf all = BUF_INIT;
	for (size_t i = 0; i < r->s.nv; i++) {
		const struct version *v = &r->s.v[i];
		char *k = xasprintf("command %s", v->label);
		if (strlen(k) <= INGEST_MAX_NAME)
			runenv_set(&r->env, k, v->command);
		free(k);
		if (v->node) {
			k = xasprintf("node %s", v->label);
			if (strlen(k) <= INGEST_MAX_NAME)
				runenv_set(&r->env, k, v->node);
			free(k);
		}
		if (v->v8) {
			k = xasprintf("v8 %s", v->label);
			if (strlen(k) <= INGEST_MAX_NAME)
				runenv_set(&r->env, k, v->v8);
			free(k);
		}
	}
	for (size_t i = 0; i < r->nwarnings; i++)
		buf_printf(&all, "%s%s", i ? "; " : "", r->warnings[i]);
	if (all.len > INGEST_MAX_NAME) {
		/* cut at a character boundary */
		size_t n = INGEST_MAX_NAME - 3;
		while (n && ((unsigned char)all.s[n] & 0xC0) == 0x80)
			n--;
		all.s[n] = '\0';
		all.len = n;
		buf_puts(&all, "...");
	}
	runenv_set(&r->env, "noise checks", r->nwarnings ? all.s : "passed");
	buf_release(&all);
}

/* ---- the run ----------------------------------------------------------- */

static int make_tmpdir(struct run *r)
{
	const char *t = getenv("TMPDIR");
	char *tmpl = xasprintf("%s/noisefloor-run.XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(tmpl)) {
		int e = errno;
		free(tmpl);
		return say(NF_CANTCREAT, "cannot make a temporary folder: %s", strerror(e));
	}
	r->tmpdir = tmpl;
	r->stdout_path = xasprintf("%s/stdout", tmpl);
	r->stderr_path = xasprintf("%s/stderr", tmpl);
	r->output_path = xasprintf("%s/output", tmpl);
	return 0;
}

static void remove_tmpdir(struct run *r)
{
	if (!r->tmpdir)
		return;
	unlink(r->stdout_path);
	unlink(r->stderr_path);
	unlink(r->output_path);
	rmdir(r->tmpdir);
	free(r->tmpdir);
	free(r->stdout_path);
	free(r->stderr_path);
	free(r->output_path);
}

/* Renders the report of the finished file with this same program. */
static int run_report(struct run *r)
{
	char *argv[7];
	int n = 0;
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
	{
		/* the report writes to our stdout and stderr */
		pid_t pid = fork();
		int status;
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
}

/* Runs the warm-ups: untimed runs of each version before round 1 (and
 * before the first round a resumed run adds). Returns the exit status. */
static int run_warmups(struct run *r)
{
	struct settings *s = &r->s;
	int status = 0;

	r->started = mono_s();
	for (int w = 0; w < s->warmup; w++)
		for (size_t i = 0; i < s->nv; i++) {
			enum outcome o;
			progress(r, 0, s->v[i].label);
			if (s->measure_output) {
				o = measure_output(r, &s->v[i], 0, NULL);
			} else {
				char *sh[4];
				struct exec_result res;
				o = prepare(r, &s->v[i], 0);
				if (o == RAN_OK)
					o = run_one(r, command_argv(r, &s->v[i], s->v[i].command, sh), NULL,
						    &res);
				if (o == RAN_FAILED && !failed(r, &s->v[i], 0, "the command",
							       s->v[i].command, &res))
					o = RAN_OK;
			}
			if (o != RAN_OK)
				return o == RAN_STOPPED ? NF_INTERRUPTED : o == RAN_FAILED ? NF_FAIL
				       : NF_DATAERR;
		}
	return status;
}

static int run_round(struct run *r, int round)
{
	struct settings *s = &r->s;
	struct round rd;
	struct buf b = BUF_INIT;
	double before, after;
	int rc = 0;

	memset(&rd, 0, sizeof rd);
	rd.order = xmalloc(s->nv * sizeof *rd.order);
	round_order(s, round, rd.order);
	before = runenv_load();
	for (size_t k = 0; k < s->nv && !rc; k++) {
		struct version *v = &s->v[rd.order[k]];
		enum outcome o;
		progress(r, round, v->label);
		o = s->measure_output ? measure_output(r, v, round, &rd) : measure_wall(r, v, round, &rd);
		if (o != RAN_OK)
			rc = o == RAN_STOPPED ? NF_INTERRUPTED : o == RAN_FAILED ? NF_FAIL : NF_DATAERR;
		r->units_done++;
	}
	after = runenv_load();
	if (!rc && rd.n == 0) {
		progress_clear(r);
		rc = say(NF_FAIL, "round %d: no version gave a result", round);
	}
	if (!rc) {
		round_json(r, round, &rd, before, after, &b);
		if ((rc = append(r, &b)) == 0)
			r->done_rounds = round;
	}
	buf_release(&b);
	round_release(&rd);
	return rc;
}

static void run_release(struct run *r)
{
	settings_release(&r->s);
	runenv_release(&r->env);
	for (size_t i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	remove_tmpdir(r);
	if (r->fd >= 0)
		close(r->fd);
}

/* Takes the file's settings for what the command line did not give, after
 * refusing any that differ. */
static int adopt_settings(struct run *r, struct settings *f)
{
	struct settings *cl = &r->s;
	struct buf why = BUF_INIT;
	if (settings_differ(cl, f, &why)) {
		int rc = say(NF_USAGE, "cannot resume '%s' with these settings: %s", r->out, why.s);
		buf_release(&why);
		return rc;
	}
	buf_release(&why);
	f->warmup = (cl->given & G_WARMUP) ? cl->warmup : f->warmup;
	f->given = cl->given;
	settings_release(cl);
	*cl = *f;
	settings_init(f);
	return check_versions(cl) ? NF_USAGE : 0;
}

/* The subcommand; argv[0] is "run". Parses its own options (README,
 * "noisefloor run"; `noisefloor run --help`). Returns the exit status:
 * 0 done, 1 a version's command failed, 2 usage error, 65 a command's
 * output is not readable, 66 --resume of a missing file, 73/74 the rounds
 * file cannot be written, 75 --strict refused a noisy machine, 130 stopped
 * by SIGINT or SIGTERM (complete rounds kept). */
static int run_main(int argc, char **argv)
{
	struct run r;
	struct settings f;
	int rc;

	memset(&r, 0, sizeof r);
	r.fd = -1;
	settings_init(&r.s);
	settings_init(&f);
	runenv_init(&r.env);
	if ((rc = parse_args(&r, argc, argv)) >= 0) {
		run_release(&r);
		return rc;
	}
	exec_catch_signals();
	rc = open_file(&r, &f);
	if (!rc && r.resume && r.has_header)
		rc = adopt_settings(&r, &f);
	else if (!rc && r.resume && !r.s.nv)
		rc = say(NF_USAGE, "cannot resume '%s': it is empty; give the versions to run", r.out);
	settings_release(&f);
	if (!rc)
		rc = make_tmpdir(&r);
	if (rc)
		goto done;

	r.progress = !r.quiet && isatty(2);
	runenv_probe(&r.env, NF_VERSION);
	if (!r.s.platform)
		r.s.platform = xasprintf("%s-%s", r.env.os ? r.env.os : "unknown",
					 r.env.arch ? r.env.arch : "unknown");
	if (!r.s.order_random || (r.s.given & G_SEED) || r.has_header)
		;
	else
		r.s.seed = (unsigned long long)time(NULL) ^ ((unsigned long long)getpid() << 20);

	if (r.done_rounds >= r.s.rounds) {
		if (!r.quiet)
			say(0, "'%s' already holds all %d round%s", r.out, r.s.rounds,
			    r.s.rounds == 1 ? "" : "s");
		rc = r.report_dir ? run_report(&r) : 0;
		goto done;
	}
	for (size_t i = 0; i < r.s.nv && !exec_stop_signal; i++)
		runenv_node_versions(r.s.v[i].words, r.tmpdir, &r.s.v[i].node, &r.s.v[i].v8);
	/* before anything runs; then again for what the warm-ups' output says */
	if ((rc = noise_checks(&r, 1)) != 0 || (rc = run_warmups(&r)) != 0 ||
	    (rc = noise_checks(&r, 0)) != 0)
		goto stopped;
	if (!r.has_header) {
		struct buf b = BUF_INIT;
		env_versions(&r);
		write_header(&r, &b);
		rc = append(&r, &b);
		buf_release(&b);
		if (!rc)
			r.has_header = 1;
	}
	r.units_total = (size_t)(r.s.rounds - r.done_rounds) * r.s.nv;
	r.started = mono_s();
	for (int round = r.done_rounds + 1; !rc && round <= r.s.rounds; round++) {
		if (exec_stop_signal)
			break;
		r.round = round;
		rc = run_round(&r, round);
	}
stopped:
	progress_clear(&r);
	if (rc == NF_INTERRUPTED || exec_stop_signal) {
		rc = NF_INTERRUPTED;
		if (r.round)
			say(0, "stopped by %s in round %d", signame(exec_stop_signal), r.round);
		else
			say(0, "stopped by %s before round 1", signame(exec_stop_signal));
		tell_rounds_kept(&r);
	} else if (rc == NF_TEMPFAIL || rc == NF_USAGE) {
		/* refused before anything was measured */
	} else if (rc) {
		tell_rounds_kept(&r);
	} else {
		if (!r.quiet)
			say(0, "'%s' holds %d complete round%s of %zu version%s", r.out, r.done_rounds,
			    r.done_rounds == 1 ? "" : "s", r.s.nv, r.s.nv == 1 ? "" : "s");
		if (r.report_dir)
			rc = run_report(&r);
	}
done:
	drop_empty_file(&r);
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
	.exit_status = "  0 done, 1 a command failed, 2 usage error, 65 a command's output is not\n"
		       "  readable, 75 --strict refused, 130 stopped by SIGINT or SIGTERM.\n",
	.run_argv = run_main,
};
