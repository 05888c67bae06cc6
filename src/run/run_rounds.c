/*
 * run_rounds.c - the rounds of `noisefloor run` (see run_rounds.h).
 *
 * Every version runs in every round, in an order rotated (or shuffled) from
 * round to round, so drift of the machine is shared by all versions instead
 * of being charged to one. A round is kept in memory until every version
 * has run, then handed to the rounds file whole.
 *
 * Commands' output (--measure output) is read by the same readers as
 * `report` (ingest.c), into a model of its own for each run.
 */
#include "run/run_rounds.h"
#include "ingest/ingest.h"
#include "lib/util.h"
#include "model/model.h"
#include "run/run_exec.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <time.h>
#include <unistd.h>

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

char *run_loop_replace(const char *s, const char *from, const char *to)
{
	struct buf b = BUF_INIT;
	size_t k = strlen(from);
	const char *p = s, *hit;
	while (k && (hit = strstr(p, from))) {
		buf_put(&b, p, (size_t)(hit - p));
		buf_puts(&b, to);
		p = hit + k;
	}
	buf_puts(&b, p);
	return buf_detach(&b, NULL);
}

char *run_loop_log_path(const char *rounds_path)
{
	size_t n = strlen(rounds_path);
	if (n > 7 && strcmp(rounds_path + n - 7, ".ndjson") == 0)
		n -= 7;
	return xasprintf("%.*s.stderr.log", (int)n, rounds_path);
}

/* ---- messages ---------------------------------------------------------- */

static void say(struct run_loop *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(struct run_loop *r, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	r->say(r->ctx, b.s);
	buf_release(&b);
}

/* "version 'a', round 2" or "version 'a', warm-up": where a message is from. */
static void where(struct buf *b, const struct run_version *v, int round)
{
	buf_printf(b, "version '%s'", v->label);
	if (round)
		buf_printf(b, ", round %d", round);
	else
		buf_puts(b, ", warm-up");
}

double run_loop_elapsed(const struct run_loop *r)
{
	return r->before_s + (r->started > 0 ? mono_s() - r->started : 0);
}

static void progress(struct run_loop *r, int round, const char *label)
{
	double left = -1;
	if (!r->progress)
		return;
	if (r->units_done > 0)
		left = (mono_s() - r->rounds_started) / (double)r->units_done *
		       (double)(r->units_total - r->units_done);
	r->progress(r->ctx, round, label, run_loop_elapsed(r), left);
}

/* 1 when the line s[0..n) says "error", in any case. */
static int says_error(const char *s, size_t n)
{
	for (size_t i = 0; i + 5 <= n; i++)
		if (strncasecmp(s + i, "error", 5) == 0)
			return 1;
	return 0;
}

#define SHOWN_LINES 5     /* lines of stderr a failure message shows */
#define SHOWN_WIDTH 240   /* bytes of each, the rest cut with "..." */

/* The lines of the captured stderr text[0..len) a failure message shows,
 * indented: from the first line that says "error" (Node.js prints its
 * error after the source line and a caret, its version at the end), else
 * the first lines; at most SHOWN_LINES of SHOWN_WIDTH bytes. */
static void first_error_lines(const char *text, size_t len, struct buf *out)
{
	size_t start = len, at = 0, shown = 0;
	for (size_t i = 0; i < len && start == len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t e = nl ? (size_t)(nl - text) : len;
		if (says_error(text + i, e - i))
			start = i;
		i = e + 1;
	}
	if (start == len)
		start = 0;
	while (start < len && (text[start] == '\n' || text[start] == '\r'))
		start++;
	buf_puts(out, start ? "\nits first error lines on stderr:" : "\nits first lines on stderr:");
	for (at = start; at < len && shown < SHOWN_LINES; shown++) {
		const char *nl = memchr(text + at, '\n', len - at);
		size_t e = nl ? (size_t)(nl - text) : len, w = 0;
		buf_puts(out, "\n  ");
		for (size_t i = at; i < e && w < SHOWN_WIDTH; i++, w++) {
			if (text[i] == '\r')
				continue;
			buf_putc(out, (unsigned char)text[i] < 0x20 && text[i] != '\t' ? '?' : text[i]);
		}
		if (e - at > SHOWN_WIDTH)
			buf_puts(out, "...");
		at = e + 1;
	}
}

/* Appends the failure (the message's first line, what) and the whole
 * captured stderr (text[0..len)) to the log beside the rounds file.
 * Returns 0, or -1 when the log cannot be written. */
static int log_stderr(struct run_loop *r, const char *what, const char *text, size_t len)
{
	char ts[40];
	struct buf b = BUF_INIT;
	int fd = open(r->log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644), rc = 0;
	if (fd < 0)
		return -1;
	iso_now(ts);
	buf_printf(&b, "==== %s %s\n", ts, what);
	/* the text is written from where it is (a mapping of any size) */
	if (write_all(fd, b.s, b.len) != 0 || write_all(fd, text, len) != 0 ||
	    (len && text[len - 1] != '\n' && write_all(fd, "\n", 1) != 0))
		rc = -1;
	if (close(fd) != 0)
		rc = -1;
	buf_release(&b);
	return rc;
}

/* The captured stderr at path, mapped read-only whatever its size (a
 * command may print gigabytes before its error), with its length in *len;
 * NULL and 0 when it is empty or cannot be read. Unmap with munmap. */
static char *map_stderr(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	void *p = MAP_FAILED;
	*len = 0;
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
	    (uint64_t)st.st_size <= SIZE_MAX)
		p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (p == MAP_FAILED)
		return NULL;
	*len = (size_t)st.st_size;
	return p;
}

/* Says that a command failed: the first error lines of its stderr, and
 * all of it kept in the log beside the rounds file. Returns 1 when that
 * stops the run. */
static int failed(struct run_loop *r, const struct run_version *v, int round, const char *what,
		  const char *command, const struct run_exec_result *res)
{
	struct buf b = BUF_INIT;
	char *text;
	size_t len = 0, len0;
	where(&b, v, round);
	buf_printf(&b, ": %s '%s' ", what, command);
	run_exec_describe(&b, res);
	if (r->ignore_failure)
		buf_puts(&b, " (recorded, going on)");
	text = map_stderr(r->stderr_path, &len);
	len0 = len;
	while (len && (text[len - 1] == '\n' || text[len - 1] == '\r'))
		len--;
	if (len) {
		int kept = log_stderr(r, b.s, text, len) == 0;
		int e = errno;
		first_error_lines(text, len, &b);
		if (kept)
			buf_printf(&b, "\nits whole stderr is in '%s'", r->log_path);
		else
			buf_printf(&b, "\n(cannot keep its stderr in '%s': %s)", r->log_path, strerror(e));
	}
	r->say(r->ctx, b.s);
	buf_release(&b);
	if (text)
		munmap(text, len0);
	return !r->ignore_failure;
}

/* ---- running one command ----------------------------------------------- */

/* The argv to run command: /bin/sh -c, or with --no-shell its words
 * (borrowed). */
static char *const *command_argv(const struct run_loop *r, char **words, const char *command,
				 char *sh[4])
{
	if (!r->s->shell)
		return words;
	sh[0] = "/bin/sh";
	sh[1] = "-c";
	sh[2] = (char *)command;
	sh[3] = NULL;
	return sh;
}

/* Runs one command (stdout into out_path, NULL: none); fills *res. Returns
 * 0, NF_FAIL when it did not exit 0, NF_INTERRUPTED when the run is asked
 * to stop, NF_IOERR (said) when it could not be started. */
static int run_one(struct run_loop *r, char *const *argv, const char *out_path,
		   struct run_exec_result *res)
{
	if (run_exec_run(argv, out_path, r->stderr_path, r->timeout_ms, res) != 0) {
		say(r, "cannot start '%s': %s", argv[0], strerror(errno));
		return NF_IOERR;
	}
	if (run_exec_stop_signal)
		return NF_INTERRUPTED;
	return res->status == 0 && !res->exec_errno ? 0 : NF_FAIL;
}

#define TMP_FULL_BYTES (1 << 20) /* free space below which $TMPDIR counts as full */

/* Says, when the file system of the folder that holds the commands'
 * output files is full, that this is why v's command failed or its output
 * is not usable (a cut-off file reads as bad JSON). Returns NF_IOERR when
 * it is full, else 0. */
static int tmp_full(struct run_loop *r, const struct run_version *v, int round)
{
	struct statvfs sv;
	struct buf b = BUF_INIT;
	if (statvfs(r->tmpdir, &sv) != 0 ||
	    (unsigned long long)sv.f_bavail * sv.f_frsize >= TMP_FULL_BYTES)
		return 0;
	where(&b, v, round);
	buf_printf(&b, ": cannot keep the command's output in '%s': %s (the file system of $TMPDIR "
		   "is full; give TMPDIR a folder with room)", r->tmpdir, strerror(ENOSPC));
	r->say(r->ctx, b.s);
	buf_release(&b);
	return NF_IOERR;
}

/* Runs --prepare, when there is one, for a run of v. Returns 0 to go on
 * (a failure --ignore-failure records included), else as run_one(). */
static int prepare(struct run_loop *r, const struct run_version *v, int round)
{
	char *sh[4];
	struct run_exec_result res;
	int rc;
	if (!r->s->prepare)
		return 0;
	rc = run_one(r, command_argv(r, r->s->prepare_words, r->s->prepare, sh), NULL, &res);
	if (rc == NF_FAIL && !failed(r, v, round, "--prepare", r->s->prepare, &res))
		rc = 0;
	return rc;
}

/* One run of v: --prepare, then argv (stdout into out_path); ts (when not
 * NULL) gets the time the command started. Returns 0 when it ran, also
 * when it failed and --ignore-failure records that (res says how it
 * ended); else as run_one(), the failure said. */
static int run_version(struct run_loop *r, const struct run_version *v, int round,
		       char *const *argv, const char *out_path, char ts[40], struct run_exec_result *res)
{
	int rc = prepare(r, v, round);
	if (rc)
		return rc;
	if (ts)
		iso_now(ts);
	rc = run_one(r, argv, out_path, res);
	if (rc == NF_FAIL && tmp_full(r, v, round))
		return NF_IOERR;
	if (rc == NF_FAIL && !failed(r, v, round, "the command", v->command, res))
		rc = 0;
	return rc;
}

static int ran_ok(const struct run_exec_result *res)
{
	return res->status == 0 && !res->exec_errno;
}

/* --describe and --source into the header's "workloads" (a file that has
 * them keeps its own): the workload, its peak memory and its CPU time, each
 * what one pass does, the metric said after it. */
static void describe_workloads(const struct run_loop *r, const struct run_settings *s, struct run_file *file)
{
	const char *names[3] = { r->workload, r->memory_workload, r->cpu_workload };
	static const char *const what[3] = { NULL, "its peak resident memory", "its CPU time, user + system" };

	if (!s->describe && !s->source)
		return;
	for (int i = 0; i < 3; i++) {
		cJSON *o = names[i] ? run_file_new_workload(file, names[i]) : NULL;
		if (!o)
			continue;
		if (s->describe) {
			char *d = what[i] ? xasprintf("%s; %s", s->describe, what[i]) : xstrdup(s->describe);
			if (!cJSON_AddStringToObject(o, "description", d))
				abort();
			free(d);
		}
		if (s->source && !cJSON_AddStringToObject(o, "source", s->source))
			abort();
	}
}

/* ---- --measure wall ---------------------------------------------------- */

/* The workload name of --measure wall: --name, or the command with the
 * version put back as {NAME} when that is the same for every version, else
 * "wall time". Malloc'd. */
static char *wall_workload(const struct run_settings *s)
{
	char *common = NULL;
	if (s->name)
		return xstrdup(s->name);
	if (s->tmpl && !run_name_problem(s->tmpl))
		return xstrdup(s->tmpl);
	for (size_t i = 0; i < s->nv; i++) {
		char *w = run_loop_replace(s->v[i].command, s->v[i].label, "{v}");
		if (!common) {
			common = w;
			continue;
		}
		if (strcmp(common, w) != 0) {
			free(w);
			free(common);
			return xstrdup("wall time");
		}
		free(w);
	}
	if (!common || run_name_problem(common)) {
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


/* A result of v in rd with the passes of one round of --measure wall
 * (taken from *passes, which becomes NULL), lower is better. */
static struct run_result *wall_result(struct run_round *rd, const struct run_version *v,
				      const char *workload, const char *unit, double **passes,
				      int npasses, const char *ts, int status, int nfailed)
{
	struct run_result *p = run_round_add(rd);
	p->v = v;
	p->workload = xstrdup(workload);
	p->unit = xstrdup(unit);
	p->better = BETTER_LOWER;
	p->passes = *passes;
	p->npasses = (size_t)npasses;
	*passes = NULL;
	memcpy(p->timestamp, ts, sizeof p->timestamp);
	cJSON_AddNumberToObject(p->meta, "exit_status", status);
	if (nfailed)
		p->note = xasprintf("exit status %d in %d of %d passes", status, nfailed, npasses);
	return p;
}
/* `passes` timed runs of v, into rd. */
static int measure_wall(struct run_loop *r, const struct run_version *v, int round,
			struct run_round *rd)
{
	const struct run_settings *s = r->s;
	char *sh[4];
	char *const *argv = command_argv(r, v->words, v->command, sh);
	double *wall = xmalloc((size_t)s->passes * sizeof *wall);
	double *user = xmalloc((size_t)s->passes * sizeof *user);
	double *sys = xmalloc((size_t)s->passes * sizeof *sys);
	double *rss = xmalloc((size_t)s->passes * sizeof *rss);
	double *cpu = xmalloc((size_t)s->passes * sizeof *cpu);
	int status = 0, nfailed = 0, rc = 0, rss_known = 1;
	char ts[40];
	struct run_result *p;

	iso_now(ts);
	for (int k = 0; k < s->passes && !rc; k++) {
		struct run_exec_result res;
		if ((rc = run_version(r, v, round, argv, NULL, NULL, &res)) != 0)
			break;
		if (!ran_ok(&res)) {
			status = res.status;
			nfailed++;
		}
		/* nanoseconds are the clock's resolution */
		wall[k] = floor(res.wall_ms * 1e6 + 0.5) / 1e6;
		if (wall[k] <= 0)
			wall[k] = 1e-6;
		user[k] = res.user_ms;
		sys[k] = res.sys_ms;
		/* the command's process tree: wait4 counts what it waited for */
		cpu[k] = floor((res.user_ms + res.sys_ms) * 1e3 + 0.5) / 1e3;
		if (cpu[k] <= 0)
			cpu[k] = 1e-3; /* below the clock's tick */
		/* KiB to MiB, exactly */
		rss[k] = (double)res.maxrss_kb / 1024;
		rss_known &= res.maxrss_kb > 0;
	}
	if (!rc) {
		p = wall_result(rd, v, r->workload, "ms", &wall, s->passes, ts, status, nfailed);
		add_number_array(p->meta, "user_ms", user, (size_t)s->passes);
		add_number_array(p->meta, "sys_ms", sys, (size_t)s->passes);
		if (v->node)
			cJSON_AddStringToObject(p->meta, "node", v->node);
		if (v->v8)
			cJSON_AddStringToObject(p->meta, "v8", v->v8);
		if (r->cpu_workload) {
			/* beside wall time: each pass's CPU time, user + system */
			p = wall_result(rd, v, r->cpu_workload, "ms", &cpu, s->passes, ts, status,
					nfailed);
			if (v->node)
				cJSON_AddStringToObject(p->meta, "node", v->node);
			if (v->v8)
				cJSON_AddStringToObject(p->meta, "v8", v->v8);
		}
		if (rss_known && r->memory_workload)
			/* the second metric: each pass's peak resident memory */
			wall_result(rd, v, r->memory_workload, "MiB", &rss, s->passes, ts, status, nfailed);
	}
	free(wall);
	free(user);
	free(sys);
	free(rss);
	free(cpu);
	return rc;
}

/* ---- --measure output -------------------------------------------------- */

/* The result of v in rd for workload and unit, or a new one. */
static struct run_result *result_for(struct run_round *rd, const struct run_version *v,
				     const char *workload, const char *unit, int *is_new)
{
	for (size_t k = 0; k < rd->n; k++)
		if (rd->p[k].v == v && strcmp(rd->p[k].workload, workload) == 0 &&
		    strcmp(rd->p[k].unit, unit) == 0) {
			*is_new = 0;
			return &rd->p[k];
		}
	*is_new = 1;
	return run_round_add(rd);
}

/* Reads one run's output through the readers `report` uses and turns it
 * into results of v in rd (NULL rd: only looks at it, for a warm-up). The
 * results of one workload (several runs of a runner, say) become the
 * passes of one round. Returns 0, NF_DATAERR or, when $TMPDIR is full, NF_IOERR (said). */
static int read_output(struct run_loop *r, struct run_version *v, int round, const char *path,
		       const char *ts, int status, struct run_round *rd)
{
	struct model m;
	struct nf_error err = { 0, "" };
	struct ingest_input in = { path, v->label };

	model_init(&m);
	if (ingest_file(&m, &in, &err) != 0 || ingest_finish(&m, &err) != 0) {
		/* the temporary file is named for what it holds */
		if (tmp_full(r, v, round)) {
			model_release(&m);
			return NF_IOERR;
		}
		char *msg = run_loop_replace(err.msg, path,
					   strcmp(path, r->output_path) == 0 ? "{out}" : "stdout");
		struct buf b = BUF_INIT;
		where(&b, v, round);
		buf_printf(&b, ": the command's output is not usable: %s", msg);
		r->say(r->ctx, b.s);
		buf_release(&b);
		free(msg);
		model_release(&m);
		return NF_DATAERR;
	}
	/* what the output says of its workloads goes on the header line */
	run_file_add_workloads(r->file, &m);
	for (size_t i = 0; i < m.nresults; i++) {
		const struct result *res = &m.results[i];
		cJSON *meta = res->series->meta_json ? cJSON_Parse(res->series->meta_json) : NULL;
		const cJSON *node = cJSON_GetObjectItemCaseSensitive(meta, "node");
		struct run_result *p;
		int is_new;

		/* the output's own record of the runtime */
		if (res->series->v8 && !v->v8)
			v->v8 = xstrdup(res->series->v8);
		if (cJSON_IsString(node) && !v->node)
			v->node = xstrdup(node->valuestring);
		if (!rd) {
			cJSON_Delete(meta);
			continue;
		}
		p = result_for(rd, v, res->series->workload, res->series->unit, &is_new);
		p->passes = xrealloc(p->passes, (p->npasses + result_npasses(res)) * sizeof *p->passes);
		memcpy(p->passes + p->npasses, result_passes(res), result_npasses(res) * sizeof *p->passes);
		p->npasses += result_npasses(res);
		if (!is_new) {
			cJSON_Delete(meta);
			continue;
		}
		if (cJSON_IsObject(meta)) {
			cJSON_Delete(p->meta);
			p->meta = meta;
		} else {
			cJSON_Delete(meta);
		}
		p->v = v;
		p->workload = xstrdup(res->series->workload);
		p->unit = xstrdup(res->series->unit);
		p->better = res->series->better;
		p->note = xstrdup(res->series->note);
		snprintf(p->timestamp, sizeof p->timestamp, "%s", ts);
		if (strcmp(res->series->version, v->label) != 0) {
			cJSON_DeleteItemFromObjectCaseSensitive(p->meta, "runtime_version");
			cJSON_AddStringToObject(p->meta, "runtime_version", res->series->version);
		}
		cJSON_DeleteItemFromObjectCaseSensitive(p->meta, "exit_status");
		cJSON_AddNumberToObject(p->meta, "exit_status", status);
	}
	model_release(&m);
	return 0;
}

/* The command of v with {out} replaced by the output file, quoted when
 * the path holds anything but letters, digits and / . _ - (write {out}
 * bare in the command); malloc'd. */
static char *command_for(const struct run_loop *r, const struct run_version *v)
{
	struct buf q = BUF_INIT;
	const char *path = r->output_path;
	char *c;
	if (strspn(path, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/._-") ==
	    strlen(path))
		buf_puts(&q, path);
	else
		run_exec_shell_quote(&q, path);
	c = run_loop_replace(v->command, "{out}", q.s);
	buf_release(&q);
	return c;
}

/* 1 when the file at path holds anything. */
static int has_bytes(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && st.st_size > 0;
}

/* One run of v, its output read into rd (NULL rd: a warm-up, round 0). */
static int measure_output(struct run_loop *r, struct run_version *v, int round,
			  struct run_round *rd)
{
	char *sh[4], *command = command_for(r, v), **words = NULL;
	int to_file = strstr(v->command, "{out}") != NULL;
	const char *path = to_file ? r->output_path : r->stdout_path;
	char *const *argv;
	struct run_exec_result res;
	char ts[40];
	const char *why;
	int rc;

	/* --no-shell with {out}: the words of the command with the path in it */
	if (!r->s->shell && to_file && (words = run_exec_split(command, &why)) != NULL)
		argv = words;
	else
		argv = command_argv(r, v->words, command, sh);
	unlink(r->output_path);
	rc = run_version(r, v, round, argv, to_file ? NULL : r->stdout_path, ts, &res);
	if (!rc && !ran_ok(&res)) {
		/* recorded: what it printed is still read when there is any */
		if ((!has_bytes(path) || read_output(r, v, round, path, ts, res.status, rd) != 0) &&
		    rd) {
			ALLOC_GROW(rd->failed, rd->nfailed + 1, rd->falloc);
			rd->failed[rd->nfailed++] = v->label;
		}
	} else if (!rc && to_file && access(r->output_path, F_OK) != 0) {
		struct buf b = BUF_INIT;
		where(&b, v, round);
		buf_puts(&b, ": the command wrote nothing into {out}");
		r->say(r->ctx, b.s);
		buf_release(&b);
		rc = NF_DATAERR;
	} else if (!rc) {
		rc = read_output(r, v, round, path, ts, 0, rd);
	}
	run_exec_argv_free(words);
	free(command);
	return rc;
}

/* ---- rounds ------------------------------------------------------------ */

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

/* The order of round `round` (1-based) into order[0..s->nv): rotated, round
 * r starting with version (r - 1) mod n; or shuffled from the seed and the
 * round number, so a resumed run gets the same orders. */
static void run_loop_order(const struct run_settings *s, int round, size_t *order)
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

/* Removes the temporary folders "noisefloor-run.PID.XXXXXX" in dir that a
 * run killed before it could clean up left: ours (same user), of a process
 * that no longer exists; only the files a run puts there. */
static void clean_dead_runs(const char *dir)
{
	static const char *const files[] = { "stdout", "stderr", "output" };
	DIR *d = opendir(dir);
	struct dirent *e;
	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		char *end, *path;
		struct stat st;
		long pid;
		if (strncmp(e->d_name, "noisefloor-run.", 15) != 0)
			continue;
		errno = 0;
		pid = strtol(e->d_name + 15, &end, 10);
		if (errno || pid <= 0 || *end != '.' || strlen(end) != 7 || pid == (long)getpid() ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid()) {
			for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
				char *f = xasprintf("%s/%s", path, files[i]);
				unlink(f);
				free(f);
			}
			rmdir(path);
		}
		free(path);
	}
	closedir(d);
}

int run_loop_init(struct run_loop *r, struct run_settings *s, struct run_file *file,
		struct nf_error *err)
{
	const char *t = getenv("TMPDIR");
	char *tmpl = xasprintf("%s/noisefloor-run.%ld.XXXXXX", t && *t ? t : "/tmp", (long)getpid());
	clean_dead_runs(t && *t ? t : "/tmp");
	memset(r, 0, sizeof *r);
	r->s = s;
	r->file = file;
	if (!mkdtemp(tmpl)) {
		int e = errno;
		free(tmpl);
		return nf_error_set(err, NF_CANTCREAT, "cannot make a temporary folder: %s",
				    strerror(e));
	}
	r->tmpdir = tmpl;
	r->stdout_path = xasprintf("%s/stdout", tmpl);
	r->stderr_path = xasprintf("%s/stderr", tmpl);
	r->output_path = xasprintf("%s/output", tmpl);
	r->log_path = run_loop_log_path(file->path);
	r->before_s = file->elapsed_s;
	if (!s->measure_output) {
		r->workload = wall_workload(s);
		r->memory_workload = xasprintf("%s, peak memory", r->workload);
		if (run_name_problem(r->memory_workload)) {
			free(r->memory_workload);
			r->memory_workload = xstrdup("peak memory");
		}
		if (s->measure_cpu) {
			r->cpu_workload = xasprintf("%s, CPU time", r->workload);
			if (run_name_problem(r->cpu_workload)) {
				free(r->cpu_workload);
				r->cpu_workload = xstrdup("CPU time");
			}
		}
		describe_workloads(r, s, file);
	}
	return 0;
}

void run_loop_release(struct run_loop *r)
{
	if (r->tmpdir) {
		unlink(r->stdout_path);
		unlink(r->stderr_path);
		unlink(r->output_path);
		rmdir(r->tmpdir);
	}
	free(r->tmpdir);
	free(r->stdout_path);
	free(r->stderr_path);
	free(r->output_path);
	free(r->log_path);
	free(r->workload);
	free(r->memory_workload);
	free(r->cpu_workload);
	memset(r, 0, sizeof *r);
}

int run_loop_warmups(struct run_loop *r)
{
	struct run_settings *s = r->s;
	r->started = mono_s();
	for (int w = 0; w < s->warmup; w++)
		for (size_t i = 0; i < s->nv; i++) {
			struct run_version *v = &s->v[i];
			int rc;
			progress(r, 0, v->label);
			if (s->measure_output) {
				rc = measure_output(r, v, 0, NULL);
			} else {
				char *sh[4];
				struct run_exec_result res;
				rc = run_version(r, v, 0, command_argv(r, v->words, v->command, sh), NULL, NULL,
						 &res);
			}
			if (rc)
				return rc;
		}
	return 0;
}

/* Runs round `round` and appends it to the file. */
static int run_round(struct run_loop *r, int round)
{
	struct run_settings *s = r->s;
	struct run_round rd;
	struct nf_error err;
	int rc = 0;

	memset(&rd, 0, sizeof rd);
	rd.order = xmalloc(s->nv * sizeof *rd.order);
	run_loop_order(s, round, rd.order);
	rd.load_before = run_env_load();
	for (size_t k = 0; k < s->nv && !rc; k++) {
		struct run_version *v = &s->v[rd.order[k]];
		progress(r, round, v->label);
		rc = s->measure_output ? measure_output(r, v, round, &rd)
				       : measure_wall(r, v, round, &rd);
		r->units_done++;
	}
	rd.load_after = run_env_load();
	rd.elapsed_s = run_loop_elapsed(r);
	if (!rc && rd.n == 0) {
		say(r, "round %d: no version gave a result", round);
		rc = NF_FAIL;
	}
	if (!rc && !r->file->has_header && r->header)
		rc = r->header(r->ctx);
	if (!rc && (rc = run_file_append_round(r->file, s, round, &rd, &err)) != 0)
		r->say(r->ctx, err.msg);
	run_round_release(&rd);
	if (!rc && r->round_done)
		rc = r->round_done(r->ctx, round);
	return rc;
}

int run_loop_rounds(struct run_loop *r)
{
	int rc = 0;
	r->units_done = 0;
	r->units_total = (size_t)(r->s->rounds - r->file->done_rounds) * r->s->nv;
	r->rounds_started = mono_s();
	if (r->started == 0)
		r->started = r->rounds_started;
	for (int round = r->file->done_rounds + 1; !rc && round <= r->s->rounds; round++) {
		if (run_exec_stop_signal)
			break;
		r->round = round;
		rc = run_round(r, round);
	}
	return rc;
}
