/*
 * run_file.c - the rounds file of `noisefloor run` (see run_file.h).
 *
 * The file is rounds-format NDJSON. Its first line holds the document
 * fields, the environment and, under "run", the settings, so --resume can
 * refuse different settings and continue with the same ones. A round is
 * appended with one write and fsync'd, and each of its results' meta says
 * how many results the round has: on opening for --resume, a round with
 * fewer lines than that (a crash in the middle of a write) is cut off.
 */
#include "run/run_file.h"
#include "ingest/ingest.h"
#include "lib/jsonw.h"
#include "lib/util.h"
#include "model/model.h"
#include "run/run_exec.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- settings ---------------------------------------------------------- */

void run_settings_init(struct run_settings *s)
{
	memset(s, 0, sizeof *s);
	s->rounds = 7;
	s->passes = 5;
	s->warmup = 1;
	s->shell = 1;
}

void run_settings_release(struct run_settings *s)
{
	for (size_t i = 0; i < s->nv; i++) {
		free(s->v[i].label);
		free(s->v[i].command);
		run_exec_argv_free(s->v[i].words);
		free(s->v[i].node);
		free(s->v[i].v8);
	}
	free(s->v);
	free(s->list);
	free(s->tmpl);
	free(s->prepare);
	run_exec_argv_free(s->prepare_words);
	free(s->name);
	free(s->describe);
	free(s->source);
	free(s->platform);
	free(s->title);
	run_settings_init(s);
}

void run_settings_add_version(struct run_settings *s, char *label, char *command)
{
	struct run_version *v;
	ALLOC_GROW(s->v, s->nv + 1, s->valloc);
	v = &s->v[s->nv++];
	memset(v, 0, sizeof *v);
	v->label = label;
	v->command = command;
}

const char *run_name_problem(const char *s)
{
	size_t n = strlen(s);
	if (!n)
		return "is empty";
	if (n > INGEST_MAX_NAME)
		return "is longer than 1024 bytes";
	if (!utf8_valid(s, n))
		return "is not valid UTF-8";
	if (utf8_control_char(s, 0))
		return "holds a control character";
	return NULL;
}

static const char *or_empty(const char *s)
{
	return s ? s : "";
}

/* Names a string setting that differs: "it was run with --prepare 'x', not 'y'". */
static int str_differs(struct buf *why, const char *opt, const char *cl, const char *f)
{
	if ((!cl && !f) || (cl && f && strcmp(cl, f) == 0))
		return 0;
	buf_printf(why, "it was run with %s '%s', not '%s'", opt, or_empty(f), or_empty(cl));
	return 1;
}

int run_settings_differ(const struct run_settings *cl, const struct run_settings *f,
			struct buf *why)
{
	unsigned g = cl->given;
	if ((g & RUN_GIVEN_MEASURE) && (cl->measure_output != f->measure_output ||
					cl->measure_cpu != f->measure_cpu))
		buf_printf(why, "it was run with --measure %s, not %s", run_settings_measure(f),
			   run_settings_measure(cl));
	else if ((g & RUN_GIVEN_PASSES) && cl->passes != f->passes)
		buf_printf(why, "it was run with --passes %d, not %d", f->passes, cl->passes);
	else if ((g & RUN_GIVEN_ORDER) && cl->order_random != f->order_random)
		buf_printf(why, "it was run with --order %s, not %s",
			   f->order_random ? "random" : "rotate", cl->order_random ? "random" : "rotate");
	else if ((g & RUN_GIVEN_SEED) && cl->seed != f->seed)
		buf_printf(why, "it was run with --seed %llu, not %llu", f->seed, cl->seed);
	else if ((g & RUN_GIVEN_SHELL) && cl->shell != f->shell)
		buf_printf(why, "it was run %s --no-shell", f->shell ? "without" : "with");
	else if (((g & RUN_GIVEN_PREPARE) && str_differs(why, "--prepare", cl->prepare, f->prepare)) ||
		 ((g & RUN_GIVEN_NAME) && str_differs(why, "--name", cl->name, f->name)) ||
		 ((g & RUN_GIVEN_DESCRIBE) && str_differs(why, "--describe", cl->describe, f->describe)) ||
		 ((g & RUN_GIVEN_SOURCE) && str_differs(why, "--source", cl->source, f->source)) ||
		 ((g & RUN_GIVEN_PLATFORM) && str_differs(why, "--platform", cl->platform, f->platform)) ||
		 ((g & RUN_GIVEN_TITLE) && str_differs(why, "--title", cl->title, f->title)))
		;
	else if (g & RUN_GIVEN_VERSIONS) {
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
}

/* ---- settings as JSON and back ----------------------------------------- */

const char *run_settings_measure(const struct run_settings *s)
{
	return s->measure_output ? "output" : s->measure_cpu ? "cpu" : "wall";
}

static void settings_json(struct jsonw *w, const struct run_settings *s)
{
	jsonw_begin_object(w);
	jsonw_key(w, "measure");
	jsonw_string(w, run_settings_measure(s));
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
	if (s->describe) {
		jsonw_key(w, "describe");
		jsonw_string(w, s->describe);
	}
	if (s->source) {
		jsonw_key(w, "source");
		jsonw_string(w, s->source);
	}
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

/* The string o.key, malloc'd (caller frees), or NULL when it is none. */
static char *json_str_dup(const cJSON *o, const char *key)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsString(it) ? xstrdup(it->valuestring) : NULL;
}

/* The count o.key (0 to INGEST_MAX_ROUNDS), or dflt when it is none. */
static int json_int(const cJSON *o, const char *key, int dflt)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(it) && it->valuedouble >= 0 && it->valuedouble <= INGEST_MAX_ROUNDS
		       ? (int)it->valuedouble : dflt;
}

int run_settings_from_json(const cJSON *o, struct run_settings *s)
{
	const cJSON *vs = cJSON_GetObjectItemCaseSensitive(o, "versions"), *it;
	char *m = json_str_dup(o, "measure"), *order = json_str_dup(o, "order");
	char *seed = json_str_dup(o, "seed");
	int ok = cJSON_IsObject(o) && cJSON_IsArray(vs) && m && order;

	run_settings_init(s);
	if (ok) {
		s->measure_output = strcmp(m, "output") == 0;
		s->measure_cpu = strcmp(m, "cpu") == 0;
		s->rounds = json_int(o, "rounds", 0);
		s->passes = json_int(o, "passes", 5);
		s->warmup = json_int(o, "warmup", 1);
		s->order_random = strcmp(order, "random") == 0;
		s->seed = seed ? strtoull(seed, NULL, 10) : 0;
		s->shell = !cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(o, "shell"));
		s->prepare = json_str_dup(o, "prepare");
		s->name = json_str_dup(o, "name");
		s->describe = json_str_dup(o, "describe");
		s->source = json_str_dup(o, "source");
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
			run_settings_add_version(s, l, c);
		}
		ok = ok && s->nv > 0;
	}
	free(m);
	free(order);
	free(seed);
	return ok ? 0 : -1;
}

/* Appends " " and arg, quoted for /bin/sh when it holds anything but
 * letters, digits and @%+=:,./_- (or is empty). Returns -1, appending
 * nothing, when arg is not valid UTF-8 or holds a control character other
 * than tab and line feed: the command would not be the one that ran. */
static int put_word(struct buf *b, const char *arg)
{
	size_t n = strlen(arg);
	if (!utf8_valid(arg, n))
		return -1;
	for (const unsigned char *c = (const unsigned char *)arg; *c; c++)
		if ((*c < 0x20 && *c != '\t' && *c != '\n') || *c == 0x7f)
			return -1;
	buf_putc(b, ' ');
	if (n && !arg[strspn(arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				"0123456789@%+=:,./_-")])
		buf_puts(b, arg);
	else
		run_exec_shell_quote(b, arg);
	return 0;
}

int run_settings_command(const struct run_settings *s, const char *out,
			 const char *default_platform, struct buf *b)
{
	size_t at = b->len;
	int bad = 0;
	char n[32];

	buf_puts(b, "noisefloor run");
	if (s->measure_output || s->measure_cpu)
		buf_printf(b, " --measure %s", run_settings_measure(s));
	buf_printf(b, " --rounds %d", s->rounds);
	if (!s->measure_output)
		buf_printf(b, " --passes %d", s->passes);
	buf_printf(b, " --warmup %d", s->warmup);
	if (s->order_random) {
		snprintf(n, sizeof n, "%llu", s->seed);
		buf_printf(b, " --order random --seed %s", n);
	}
	if (!s->shell)
		buf_puts(b, " --no-shell");
	if (s->prepare)
		bad |= put_word(b, "--prepare") | put_word(b, s->prepare);
	if (s->name)
		bad |= put_word(b, "--name") | put_word(b, s->name);
	if (s->describe)
		bad |= put_word(b, "--describe") | put_word(b, s->describe);
	if (s->source)
		bad |= put_word(b, "--source") | put_word(b, s->source);
	if (s->platform && !(default_platform && strcmp(s->platform, default_platform) == 0))
		bad |= put_word(b, "--platform") | put_word(b, s->platform);
	if (s->title)
		bad |= put_word(b, "--title") | put_word(b, s->title);
	bad |= put_word(b, "--out") | put_word(b, out);
	if (s->list && s->tmpl) {
		bad |= put_word(b, "--list") | put_word(b, s->list);
		if (s->tmpl[0] == '-')
			buf_puts(b, " --");
		bad |= put_word(b, s->tmpl);
	} else {
		for (size_t i = 0; i < s->nv && !bad; i++) {
			char *v = xasprintf("%s=%s", s->v[i].label, s->v[i].command);
			bad |= put_word(b, "--version") | put_word(b, v);
			free(v);
		}
	}
	if (bad) {
		b->len = at;
		b->s[at] = '\0';
		return -1;
	}
	return 0;
}

/* ---- rounds ------------------------------------------------------------ */

struct run_result *run_round_add(struct run_round *rd)
{
	struct run_result *p;
	ALLOC_GROW(rd->p, rd->n + 1, rd->alloc);
	p = &rd->p[rd->n++];
	memset(p, 0, sizeof *p);
	p->meta = cJSON_CreateObject();
	return p;
}

void run_round_release(struct run_round *rd)
{
	for (size_t i = 0; i < rd->n; i++) {
		struct run_result *p = &rd->p[i];
		free(p->workload);
		free(p->unit);
		free(p->passes);
		free(p->note);
		cJSON_Delete(p->meta);
	}
	free(rd->p);
	free(rd->order);
	free(rd->failed);
	memset(rd, 0, sizeof *rd);
}

/* Sets meta.key to item (taken), after the keys meta already has: one
 * value per key, whatever the command's own output put there. */
static void meta_set(cJSON *meta, const char *key, cJSON *item)
{
	cJSON_DeleteItemFromObjectCaseSensitive(meta, key);
	cJSON_AddItemToObject(meta, key, item);
}

/* Serialises one complete round into b. */
static void round_json(const struct run_settings *s, int rno, struct run_round *rd, struct buf *b)
{
	for (size_t i = 0; i < rd->n; i++) {
		struct run_result *p = &rd->p[i];
		struct jsonw w;
		cJSON *order = cJSON_CreateArray();
		char *meta;

		for (size_t k = 0; k < s->nv; k++)
			cJSON_AddItemToArray(order, cJSON_CreateString(s->v[rd->order[k]].label));
		meta_set(p->meta, "order", order);
		if (p->v->v8 && !cJSON_GetObjectItemCaseSensitive(p->meta, "v8"))
			cJSON_AddStringToObject(p->meta, "v8", p->v->v8);
		if (p->v->node && !cJSON_GetObjectItemCaseSensitive(p->meta, "node"))
			cJSON_AddStringToObject(p->meta, "node", p->v->node);
		cJSON_DeleteItemFromObjectCaseSensitive(p->meta, "load_before");
		cJSON_DeleteItemFromObjectCaseSensitive(p->meta, "load_after");
		if (rd->load_before >= 0)
			cJSON_AddNumberToObject(p->meta, "load_before", round(rd->load_before * 100) / 100);
		if (rd->load_after >= 0)
			cJSON_AddNumberToObject(p->meta, "load_after", round(rd->load_after * 100) / 100);
		cJSON_DeleteItemFromObjectCaseSensitive(p->meta, "failed");
		if (rd->nfailed)
			cJSON_AddItemToObject(p->meta, "failed",
					      cJSON_CreateStringArray(rd->failed, (int)rd->nfailed));
		cJSON_DeleteItemFromObjectCaseSensitive(p->meta, "elapsed_s");
		if (rd->elapsed_s >= 0)
			cJSON_AddNumberToObject(p->meta, "elapsed_s", round(rd->elapsed_s * 10) / 10);
		meta_set(p->meta, "round_results", cJSON_CreateNumber((double)rd->n));
		meta = cJSON_PrintUnformatted(p->meta);

		jsonw_init(&w, b, 0);
		jsonw_begin_object(&w);
		jsonw_key(&w, "workload");
		jsonw_string(&w, p->workload);
		jsonw_key(&w, "version");
		jsonw_string(&w, p->v->label);
		jsonw_key(&w, "platform");
		jsonw_string(&w, s->platform);
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

/* ---- the file ---------------------------------------------------------- */

void run_file_init(struct run_file *f, const char *path)
{
	memset(f, 0, sizeof *f);
	f->path = path;
	f->fd = -1;
}

/* Writes all of b at the end of the file and fsyncs it; on failure cuts the
 * file back to its old length, so it never holds half a round. */
static int append(struct run_file *f, const struct buf *b, struct nf_error *err)
{
	off_t old = lseek(f->fd, 0, SEEK_END);
	size_t done = 0;
	while (done < b->len) {
		ssize_t n = write(f->fd, b->s + done, b->len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int e = n < 0 ? errno : ENOSPC;
			if (old >= 0 && ftruncate(f->fd, old) == 0)
				fsync(f->fd);
			return nf_error_set(err, nf_status_for_write_errno(e), "cannot write '%s': %s",
					    f->path, strerror(e));
		}
		done += (size_t)n;
	}
	if (fsync(f->fd) != 0 && errno != EINVAL)
		return nf_error_set(err, NF_IOERR, "cannot write '%s': %s", f->path, strerror(errno));
	return 0;
}

/* The results a resumed file holds, by round, workload, version and
 * platform, each with its line: a result that comes twice is refused. */
struct seen_set {
	char **keys;
	size_t *lines;
	size_t n, cap; /* cap a power of two, or 0 */
};

static size_t key_hash(const char *k)
{
	size_t h = 1469598103934665603ULL & SIZE_MAX;
	for (; *k; k++)
		h = (h ^ (unsigned char)*k) * (1099511628211ULL & SIZE_MAX);
	return h;
}

/* Adds key (taken) seen at line; returns 0, or the line it was seen at
 * before (key then freed). */
static size_t seen_add(struct seen_set *t, char *key, size_t line)
{
	size_t i;
	if (2 * (t->n + 1) > t->cap) {
		struct seen_set g = { NULL, NULL, 0, t->cap ? 2 * t->cap : 64 };
		g.keys = xcalloc(g.cap, sizeof *g.keys);
		g.lines = xcalloc(g.cap, sizeof *g.lines);
		for (size_t k = 0; k < t->cap; k++)
			if (t->keys[k]) {
				for (i = key_hash(t->keys[k]) & (g.cap - 1); g.keys[i]; i = (i + 1) & (g.cap - 1))
					;
				g.keys[i] = t->keys[k];
				g.lines[i] = t->lines[k];
			}
		g.n = t->n;
		free(t->keys);
		free(t->lines);
		*t = g;
	}
	for (i = key_hash(key) & (t->cap - 1); t->keys[i]; i = (i + 1) & (t->cap - 1))
		if (strcmp(t->keys[i], key) == 0) {
			free(key);
			return t->lines[i];
		}
	t->keys[i] = key;
	t->lines[i] = line;
	t->n++;
	return 0;
}

static void seen_release(struct seen_set *t)
{
	for (size_t k = 0; k < t->cap; k++)
		free(t->keys[k]);
	free(t->keys);
	free(t->lines);
	memset(t, 0, sizeof *t);
}

static int only_space(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' && s[i] != '\n')
			return 0;
	return 1;
}

/* The whole number o.key from 1 to max, or 0 when it is none. */
static int json_count(const cJSON *o, const char *key, double max)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(o, key);
	return cJSON_IsNumber(it) && it->valuedouble >= 1 && it->valuedouble <= max &&
	       it->valuedouble == floor(it->valuedouble) ? (int)it->valuedouble : 0;
}

/* Refuses to resume a file that was edited: the line and the reason. */
static int edited(const struct run_file *f, struct nf_error *err, size_t lineno, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int edited(const struct run_file *f, struct nf_error *err, size_t lineno, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	nf_error_set(err, NF_DATAERR, "cannot resume '%s': line %zu: %s; the file is left as it is",
		     f->path, lineno, b.s);
	buf_release(&b);
	return NF_DATAERR;
}

/* Reads an existing rounds file for --resume: its settings into from, the
 * number of complete rounds. A crash can leave one thing only: the first
 * lines of the next round at the end, the last perhaps cut short; that
 * incomplete round is cut off. Anything else out of place (a round missing
 * or short, a result twice, a line that is not one noisefloor run wrote)
 * is an edit: the file is refused with the line and the reason, and left
 * as it is. Blank lines are skipped, as report skips them; a last complete
 * line with no line feed gets one. */
static int scan(struct run_file *f, struct run_settings *from, struct nf_error *err)
{
	FILE *in = fdopen(dup(f->fd), "rb");
	struct buf line = BUF_INIT;
	struct seen_set seen_keys = { 0 };
	long n;
	size_t lineno = 0, round_line = 0;
	off_t pos = 0, keep = 0;
	int rc = 0, round = 0, in_round = 0, expect = 0, seen = 0, cut_line = 0, add_lf = 0;
	double elapsed = 0;
	struct stat st;

	if (!in)
		return nf_error_set(err, NF_IOERR, "cannot read '%s': %s", f->path, strerror(errno));
	rewind(in);
	while (!rc && (n = buf_read_line(&line, in, INGEST_MAX_LINE)) != 0) {
		const cJSON *meta, *wl, *ver, *pf, *el;
		cJSON *o;
		int this_round, cnt, last = 0;
		size_t before;

		lineno++;
		if (n < 0) {
			rc = edited(f, err, lineno, "longer than %zu bytes", INGEST_MAX_LINE);
			break;
		}
		if (line.s[n - 1] != '\n')
			last = 1; /* the end of the file: a crash may have cut it short */
		if (only_space(line.s, (size_t)n)) {
			pos += n;
			if (!in_round)
				keep = pos;
			continue;
		}
		o = cJSON_ParseWithLength(line.s, (size_t)n);
		if (!f->has_header) {
			const cJSON *fmt = cJSON_GetObjectItemCaseSensitive(o, "format");
			if (!o || !cJSON_IsString(fmt) || strcmp(fmt->valuestring, "noisefloor.rounds/1") ||
			    run_settings_from_json(cJSON_GetObjectItemCaseSensitive(o, "run"), from) != 0)
				rc = nf_error_set(err, NF_USAGE, "cannot resume '%s': it was not started by "
						  "noisefloor run (its first line has no \"run\" settings)",
						  f->path);
			f->has_header = 1;
			f->header_len = (size_t)n;
			add_lf = last;
			keep = pos + n;
			pos += n;
			cJSON_Delete(o);
			continue;
		}
		if (!o) {
			cJSON_Delete(o);
			if (last) {
				cut_line = (int)lineno;
				break;
			}
			rc = edited(f, err, lineno, "not JSON");
			break;
		}
		meta = cJSON_GetObjectItemCaseSensitive(o, "meta");
		wl = cJSON_GetObjectItemCaseSensitive(o, "workload");
		ver = cJSON_GetObjectItemCaseSensitive(o, "version");
		pf = cJSON_GetObjectItemCaseSensitive(o, "platform");
		this_round = json_count(o, "round", INGEST_MAX_ROUNDS);
		cnt = json_count(meta, "round_results", 1e9);
		el = cJSON_GetObjectItemCaseSensitive(meta, "elapsed_s");
		if (cJSON_IsNumber(el) && isfinite(el->valuedouble) && el->valuedouble >= 0 &&
		    el->valuedouble < 1e9)
			elapsed = el->valuedouble;
		if (!this_round || !cnt || !cJSON_IsString(wl) || !cJSON_IsString(ver) ||
		    !cJSON_IsString(pf)) {
			rc = edited(f, err, lineno, "not a result noisefloor run wrote (%s)",
				    !this_round ? "no round number" : !cnt ? "no round_results in its meta"
				    : "no workload, version or platform");
			cJSON_Delete(o);
			break;
		}
		before = seen_add(&seen_keys, xasprintf("%d\x1f%s\x1f%s\x1f%s", this_round,
							wl->valuestring, ver->valuestring,
							pf->valuestring), lineno);
		if (before)
			rc = edited(f, err, lineno, "repeats line %zu: workload '%s', version '%s', "
				    "round %d", before, wl->valuestring, ver->valuestring, this_round);
		else if (!in_round && this_round != round + 1)
			rc = round ? edited(f, err, lineno, "round %d follows round %d", this_round, round)
				   : edited(f, err, lineno, "round %d comes first", this_round);
		else if (in_round && this_round != in_round)
			rc = edited(f, err, lineno, "round %d begins before round %d is complete: it has "
				    "%d of its %d results, from line %zu", this_round, in_round, seen,
				    expect, round_line);
		else if (in_round && cnt != expect)
			rc = edited(f, err, lineno, "round %d has %d results, not %d as line %zu says",
				    in_round, cnt, expect, round_line);
		cJSON_Delete(o);
		if (rc)
			break;
		if (!in_round) {
			in_round = this_round;
			expect = cnt;
			seen = 0;
			round_line = lineno;
		}
		if (++seen == expect) {
			f->elapsed_s = elapsed;
			round = in_round;
			in_round = 0;
			keep = pos + n;
			add_lf = last;
		}
		pos += n;
	}
	if (!rc && ferror(in))
		rc = nf_error_set(err, NF_IOERR, "cannot read '%s': %s", f->path, strerror(errno));
	fclose(in);
	buf_release(&line);
	seen_release(&seen_keys);
	if (rc)
		return rc;
	if (lineno > 0 && !f->has_header)
		return nf_error_set(err, NF_USAGE, "cannot resume '%s': it was not started by "
				    "noisefloor run", f->path);
	if (fstat(f->fd, &st) == 0 && st.st_size > keep) {
		if (ftruncate(f->fd, keep) != 0)
			return nf_error_set(err, NF_IOERR, "cannot cut the incomplete round off '%s': %s",
					    f->path, strerror(errno));
		if (in_round || cut_line)
			f->dropped_round = round + 1;
	}
	f->done_rounds = round;
	if (add_lf) {
		/* a last complete line an editor saved with no line feed */
		struct buf lf = BUF_INIT;
		buf_putc(&lf, '\n');
		rc = append(f, &lf, err);
		buf_release(&lf);
	}
	return rc;
}

static int header_with_rounds(const char *line, size_t len, int rounds, struct buf *out);

/* 1 when name is base, a dot and six of mkstemp's letters: a name
 * run_file_set_rounds could have made beside base. */
static int copy_name(const char *name, const char *base)
{
	size_t n = strlen(base);
	const char *p = name + n + 1;
	if (strncmp(name, base, n) != 0 || name[n] != '.' || strlen(p) != 6)
		return 0;
	for (; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')))
			return 0;
	return 1;
}

/* Reads all of fd (len bytes) into a malloc'd buffer; NULL on a short read. */
static char *read_all(int fd, size_t len)
{
	char *all = xmalloc(len + 1);
	for (size_t done = 0; done < len;) {
		ssize_t n = pread(fd, all + done, len - done, (off_t)done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			free(all);
			return NULL;
		}
		done += (size_t)n;
	}
	return all;
}

/* 1 when the open file c (st) is a copy run_file_set_rounds began of f and
 * never renamed (a stopped run): a regular file of ours, one link, not
 * locked by a rewrite under way, whose first line is f's header with
 * another number of rounds and whose rest is the start of f's rounds. */
static int stopped_copy(const struct run_file *f, const char *target, size_t tlen, int c,
			const struct stat *st)
{
	struct buf a = BUF_INIT, b = BUF_INIT;
	const char *nl;
	char *all;
	size_t len = (size_t)st->st_size, hl;
	int ours = 0;

	if (!S_ISREG(st->st_mode) || st->st_uid != geteuid() || st->st_nlink != 1 || len == 0 ||
	    len > tlen + 65536 || flock(c, LOCK_EX | LOCK_NB) != 0)
		return 0;
	if (!(all = read_all(c, len)))
		return 0;
	if ((nl = memchr(all, '\n', len)) != NULL) {
		hl = (size_t)(nl - all) + 1;
		/* the same header once both say 1 round, and not the same now */
		if (header_with_rounds(all, hl, 1, &a) == 0 &&
		    header_with_rounds(target, f->header_len, 1, &b) == 0 && a.len == b.len &&
		    memcmp(a.s, b.s, a.len) == 0 &&
		    (hl != f->header_len || memcmp(all, target, hl) != 0) &&
		    len - hl <= tlen - f->header_len &&
		    memcmp(all + hl, target + f->header_len, len - hl) == 0)
			ours = 1;
	}
	free(all);
	buf_release(&a);
	buf_release(&b);
	return ours;
}

/* Removes what a run stopped during run_file_set_rounds (kill -9) left
 * beside the file: its copy `FILE.XXXXXX`, when stopped_copy proves it is
 * one; any other name or file is left as it is. f is open and locked, its
 * header read. Sets f->removed_copy to the last one removed. */
static void remove_copies(struct run_file *f)
{
	struct stat st;
	char *real = realpath(f->path, NULL), *dcopy, *bcopy, *target = NULL;
	const char *dir, *base;
	DIR *d = NULL;
	struct dirent *e;

	if (!real)
		real = xstrdup(f->path);
	dcopy = xstrdup(real);
	bcopy = xstrdup(real);
	dir = dirname(dcopy);
	base = basename(bcopy);
	if (fstat(f->fd, &st) != 0 || !(target = read_all(f->fd, (size_t)st.st_size)) ||
	    !(d = opendir(dir)))
		goto out;
	while ((e = readdir(d)) != NULL) {
		struct stat cs, now;
		int c;
		if (!copy_name(e->d_name, base))
			continue;
		c = openat(dirfd(d), e->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (c < 0)
			continue;
		/* removed only while the name still names the file read */
		if (fstat(c, &cs) == 0 && stopped_copy(f, target, (size_t)st.st_size, c, &cs) &&
		    fstatat(dirfd(d), e->d_name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
		    now.st_dev == cs.st_dev && now.st_ino == cs.st_ino &&
		    unlinkat(dirfd(d), e->d_name, 0) == 0) {
			free(f->removed_copy);
			f->removed_copy = strcmp(dir, ".") == 0 && !strchr(f->path, '/')
				? xstrdup(e->d_name) : xasprintf("%s/%s", dir, e->d_name);
		}
		close(c);
	}
out:
	if (d)
		closedir(d);
	free(target);
	free(dcopy);
	free(bcopy);
	free(real);
}

int run_file_open(struct run_file *f, int resume, struct run_settings *from,
		     struct nf_error *err)
{
	int rc;
	struct stat st;
	run_settings_init(from);
	if (resume) {
		f->fd = open(f->path, O_RDWR | O_CLOEXEC);
		if (f->fd < 0)
			return nf_error_set(err, errno == ENOENT ? NF_NOINPUT : NF_USAGE,
					    "cannot resume '%s': %s", f->path, strerror(errno));
	} else {
		if (stat(f->path, &st) == 0)
			return nf_error_set(err, NF_USAGE, "'%s' exists: give --resume to continue it, "
					    "or another --out", f->path);
		f->fd = open(f->path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		if (f->fd < 0)
			return nf_error_set(err, NF_USAGE, "cannot write '%s': %s", f->path,
					    strerror(errno));
		f->created = 1;
	}
	if (fstat(f->fd, &st) == 0 && !S_ISREG(st.st_mode))
		return nf_error_set(err, NF_USAGE, "cannot write '%s': not a regular file", f->path);
	if (flock(f->fd, LOCK_EX | LOCK_NB) != 0)
		return nf_error_set(err, NF_USAGE, "'%s' is being written by another noisefloor run",
				    f->path);
	if (!resume)
		return 0;
	if ((rc = scan(f, from, err)) == 0 && f->has_header)
		remove_copies(f);
	return rc;
}

cJSON *run_file_new_workload(struct run_file *f, const char *name)
{
	cJSON *o;
	if (!f->workloads && !(f->workloads = cJSON_CreateObject()))
		abort(); /* out of memory */
	if (cJSON_GetObjectItemCaseSensitive(f->workloads, name))
		return NULL;
	if (!(o = cJSON_AddObjectToObject(f->workloads, name)))
		abort(); /* out of memory */
	return o;
}

void run_file_add_workloads(struct run_file *f, const struct model *m)
{
	for (size_t i = 0; i < m->nworkloads; i++) {
		const struct workload_info *wi = &m->workloads[i];
		cJSON *o = run_file_new_workload(f, wi->name);
		if (!o)
			continue;
		if (wi->description)
			cJSON_AddStringToObject(o, "description", wi->description);
		if (wi->bytes > 0)
			cJSON_AddNumberToObject(o, "bytes", wi->bytes);
		if (wi->source)
			cJSON_AddStringToObject(o, "source", wi->source);
	}
}

int run_file_write_header(struct run_file *f, const struct run_settings *s,
			     const struct run_env *env, struct nf_error *err)
{
	struct jsonw w;
	struct buf b = BUF_INIT, t = BUF_INIT;
	int rc;

	jsonw_init(&w, &b, 0);
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
		buf_printf(&t, "%d timed runs of each version per round (wall time%s)", s->passes,
			   s->measure_cpu ? " and CPU time, user + system" : "");
	buf_printf(&t, "; %d warm-up run%s of each version; measured by noisefloor run",
		   s->warmup, s->warmup == 1 ? "" : "s");
	jsonw_key(&w, "notes");
	jsonw_string(&w, t.s);
	jsonw_key(&w, "environment");
	jsonw_begin_object(&w);
	for (size_t i = 0; i < env->n; i++) {
		jsonw_key(&w, env->keys[i]);
		if (strcmp(env->keys[i], "cores") == 0)
			jsonw_raw(&w, env->values[i]);
		else
			jsonw_string(&w, env->values[i]);
	}
	jsonw_end_object(&w);
	if (f->workloads && f->workloads->child) {
		char *ws = cJSON_PrintUnformatted(f->workloads);
		if (!ws)
			abort(); /* out of memory */
		jsonw_key(&w, "workloads");
		jsonw_raw(&w, ws);
		free(ws);
	}
	jsonw_key(&w, "run");
	settings_json(&w, s);
	jsonw_end_object(&w);
	buf_putc(&b, '\n');
	rc = append(f, &b, err);
	if (!rc) {
		f->has_header = 1;
		f->header_len = b.len; /* run_file_set_rounds rewrites it */
	}
	buf_release(&t);
	buf_release(&b);
	return rc;
}

/* 0 when the path still names the file f holds open (device and inode),
 * else the status with err set: a file replaced at its path (an editor's
 * save, a copy over it) or removed would take the rounds into a copy no
 * one sees. */
int run_file_still_there(struct run_file *f, struct nf_error *err)
{
	struct stat a, b;
	if (f->fd < 0 || !f->has_header)
		return 0;
	if (fstat(f->fd, &a) != 0)
		return nf_error_set(err, NF_IOERR, "cannot write '%s': %s", f->path, strerror(errno));
	if (stat(f->path, &b) != 0) {
		f->replaced = 1;
		return nf_error_set(err, NF_CANTCREAT,
				    "cannot write '%s': the file was removed during the run; nothing more is written",
				    f->path);
	}
	if (a.st_dev != b.st_dev || a.st_ino != b.st_ino) {
		f->replaced = 1;
		return nf_error_set(err, NF_CANTCREAT,
				    "cannot write '%s': the file was replaced during the run; nothing more is written",
				    f->path);
	}
	return 0;
}

int run_file_append_round(struct run_file *f, const struct run_settings *s, int round,
			     struct run_round *rd, struct nf_error *err)
{
	struct buf b = BUF_INIT;
	int rc;
	if ((rc = run_file_still_there(f, err)) != 0)
		return rc;
	round_json(s, round, rd, &b);
	rc = append(f, &b, err);
	if (!rc)
		f->done_rounds = round;
	buf_release(&b);
	return rc;
}

/* The header line of the file (f->header_len bytes) with its run.rounds
 * and the notes' "N rounds of" set to rounds, into out. Returns 0, or -1
 * when it is not the header noisefloor run wrote. */
static int header_with_rounds(const char *line, size_t len, int rounds, struct buf *out)
{
	cJSON *o = cJSON_ParseWithLength(line, len);
	cJSON *run = cJSON_GetObjectItemCaseSensitive(o, "run");
	cJSON *notes = cJSON_GetObjectItemCaseSensitive(o, "notes");
	const cJSON *old = cJSON_GetObjectItemCaseSensitive(run, "rounds");
	char *text;
	if (!cJSON_IsObject(run) || !cJSON_IsNumber(old)) {
		cJSON_Delete(o);
		return -1;
	}
	if (cJSON_IsString(notes)) {
		char *prefix = xasprintf("%d rounds of ", (int)old->valuedouble);
		size_t k = strlen(prefix);
		if (strncmp(notes->valuestring, prefix, k) == 0) {
			char *now = xasprintf("%d rounds of %s", rounds, notes->valuestring + k);
			cJSON_ReplaceItemInObjectCaseSensitive(o, "notes", cJSON_CreateString(now));
			free(now);
		}
		free(prefix);
	}
	cJSON_ReplaceItemInObjectCaseSensitive(run, "rounds", cJSON_CreateNumber(rounds));
	text = cJSON_PrintUnformatted(o);
	buf_puts(out, text);
	buf_putc(out, '\n');
	free(text);
	cJSON_Delete(o);
	return 0;
}

int run_file_set_rounds(struct run_file *f, int rounds, struct nf_error *err)
{
	struct buf b = BUF_INIT;
	struct stat st;
	char *all = NULL, *tmp = NULL, *target = NULL;
	off_t len;
	int fd = -1, rc = 0;

	if (fstat(f->fd, &st) != 0 || (len = st.st_size) < (off_t)f->header_len)
		return nf_error_set(err, NF_IOERR, "cannot read '%s': %s", f->path, strerror(errno));
	all = xmalloc((size_t)len + 1);
	for (off_t done = 0; done < len;) {
		ssize_t n = pread(f->fd, all + done, (size_t)(len - done), done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			rc = nf_error_set(err, NF_IOERR, "cannot read '%s': %s", f->path,
					  n < 0 ? strerror(errno) : "it became shorter");
			goto out;
		}
		done += n;
	}
	if (header_with_rounds(all, f->header_len, rounds, &b) != 0) {
		rc = nf_error_set(err, NF_USAGE, "cannot resume '%s': it was not started by "
				  "noisefloor run", f->path);
		goto out;
	}
	buf_put(&b, all + f->header_len, (size_t)len - f->header_len);
	/* the new file is locked before it takes the name, then replaces the old:
	 * the file a symbolic link names, not the link */
	if (!(target = realpath(f->path, NULL)))
		target = xstrdup(f->path);
	tmp = xasprintf("%s.XXXXXX", target);
	if ((fd = mkstemp(tmp)) < 0 || fchmod(fd, st.st_mode & 07777) != 0 ||
	    flock(fd, LOCK_EX | LOCK_NB) != 0) {
		rc = nf_error_set(err, NF_CANTCREAT, "cannot write beside '%s': %s", f->path,
				  strerror(errno));
		goto out;
	}
	fcntl(fd, F_SETFD, FD_CLOEXEC);
	{
		struct run_file t = *f;
		t.fd = fd;
		if ((rc = append(&t, &b, err)) != 0)
			goto out;
	}
	if (rename(tmp, target) != 0) {
		rc = nf_error_set(err, NF_CANTCREAT, "cannot replace '%s': %s", f->path, strerror(errno));
		goto out;
	}
	close(f->fd);
	f->fd = fd;
	fd = -1;
	f->header_len = b.len - ((size_t)len - f->header_len);
out:
	if (fd >= 0) {
		close(fd);
		unlink(tmp);
	}
	free(tmp);
	free(target);
	free(all);
	buf_release(&b);
	return rc;
}

void run_file_close(struct run_file *f)
{
	cJSON_Delete(f->workloads);
	f->workloads = NULL;
	free(f->removed_copy);
	f->removed_copy = NULL;
	if (f->fd < 0)
		return;
	if (f->created && !f->has_header)
		unlink(f->path);
	close(f->fd);
	f->fd = -1;
}
