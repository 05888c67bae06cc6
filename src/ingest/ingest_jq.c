/*
 * ingest_jq.c - `--jq FILE` / `--jq-program PROGRAM`: any JSON layout becomes
 * rounds-format input through a jq program, run in process with libjq (1.6).
 *
 * The input is parsed by jq's own parser (so a file may hold a stream of
 * JSON texts, like NDJSON); each text is one input document. Every output is
 * serialised by jq and handed to the rounds-format reader
 * (ingest_rounds_value), which validates it like any rounds file. jq's own
 * messages are collected, never printed: only the command layer (cli.c) prints.
 *
 * jq has no limits of its own, and a program may loop for ever (`def f: f;
 * f`) or build an array of every number. Each input is therefore mapped in
 * a child process with a CPU time limit (JQ_CPU_SECONDS, more for a large
 * input) and a memory limit (JQ_MEMORY, or 16 times the input when that is
 * more), which sends its
 * outputs back serialised through a pipe; past either limit the input gets
 * one error naming the limit. A number jq's JSON cannot hold (`infinite`,
 * `nan`) is refused where it is, not read as 1.8e308 or null.
 */
#include "ingest/ingest_jq.h"
#include "ingest/formats/reader.h"
#include "lib/digest256.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <fcntl.h>
#include <jq.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define JQ_CPU_SECONDS 10             /* CPU time of a mapping, per input, and 1 s more
					 for each 4 MiB of it */
#define JQ_MEMORY ((size_t)1 << 30)   /* its memory, at least (16 times the input if more) */

static long cpu_limit(size_t len)
{
	return JQ_CPU_SECONDS + (long)(len >> 22);
}

static size_t memory_limit(size_t len)
{
	return len > JQ_MEMORY / 16 ? len * 16 : JQ_MEMORY;
}

struct ingest_jq {
	jq_state *jq;
	char *name;        /* "jq mapping 'FILE'" or "jq program" */
	struct buf msgs;   /* messages from jq's error callback */
	int in_process;    /* map here, without limits (ingest_jq_in_process) */
};

/* jq calls this with each message (a string or a value); takes ownership. */
static void on_jq_error(void *data, jv msg)
{
	struct buf *b = data;
	if (b->len)
		buf_puts(b, "; ");
	if (jv_get_kind(msg) == JV_KIND_STRING) {
		buf_puts(b, jv_string_value(msg));
		jv_free(msg);
	} else {
		jv s = jv_dump_string(msg, 0); /* consumes msg */
		buf_puts(b, jv_string_value(s));
		jv_free(s);
	}
	while (b->len && b->s[b->len - 1] == '\n')
		b->s[--b->len] = '\0';
}

struct ingest_jq *ingest_jq_new(const char *path, const char *program, struct nf_error *err)
{
	struct ingest_jq *q;
	char *text = NULL;
	size_t len = 0;

	if (!program) {
		int e = read_file(path, &text, &len);
		if (e) {
			nf_error_set(err, nf_status_for_read_errno(e), "cannot read jq mapping '%s': %s",
				     path, strerror(e));
			return NULL;
		}
		if (memchr(text, '\0', len) || !utf8_valid(text, len)) {
			nf_error_set(err, NF_USAGE, "jq mapping '%s' is not UTF-8 text", path);
			free(text);
			return NULL;
		}
		program = text;
	}
	q = xcalloc(1, sizeof *q);
	buf_init(&q->msgs);
	q->name = path ? xasprintf("jq mapping '%s'", path) : xstrdup("jq program");
	q->jq = jq_init();
	if (!q->jq) {
		nf_error_set(err, NF_USAGE, "cannot start jq for the %s", q->name);
		free(text);
		ingest_jq_free(q);
		return NULL;
	}
	jq_set_error_cb(q->jq, on_jq_error, &q->msgs);
	/* no module search path: a mapping is one self-contained program */
	jq_set_attr(q->jq, jv_string("JQ_LIBRARY_PATH"), jv_array());
	if (!jq_compile(q->jq, program)) {
		nf_error_set(err, NF_USAGE, "cannot compile the %s: %s", q->name,
			     q->msgs.len ? q->msgs.s : "jq gave no reason");
		free(text);
		ingest_jq_free(q);
		return NULL;
	}
	free(text);
	buf_reset(&q->msgs);
	return q;
}

void ingest_jq_free(struct ingest_jq *q)
{
	if (!q)
		return;
	if (q->jq)
		jq_teardown(&q->jq);
	buf_release(&q->msgs);
	free(q->name);
	free(q);
}

/* jq's message for an invalid value (consumes v). */
static void invalid_message(jv v, struct buf *out)
{
	jv msg = jv_invalid_get_msg(v);
	if (jv_get_kind(msg) == JV_KIND_STRING) {
		buf_puts(out, jv_string_value(msg));
		jv_free(msg);
	} else if (jv_get_kind(msg) == JV_KIND_NULL) {
		buf_puts(out, "null (not a string)");
		jv_free(msg);
	} else {
		jv s = jv_dump_string(msg, 0);
		buf_printf(out, "%s (not a string)", jv_string_value(s));
		jv_free(s);
	}
}

/* Appends where the first number of v that JSON cannot hold is (".passes[2]",
 * "" for v itself) to path and returns 1, or returns 0 when every number
 * is finite. */
static int nonfinite_at(jv v, struct buf *path)
{
	size_t keep = path->len;
	int found = 0;
	switch (jv_get_kind(v)) {
	case JV_KIND_NUMBER:
		return !isfinite(jv_number_value(v));
	case JV_KIND_ARRAY:
		for (int i = 0, n = jv_array_length(jv_copy(v)); i < n && !found; i++) {
			buf_printf(path, "[%d]", i);
			found = nonfinite_at(jv_array_get(jv_copy(v), i), path);
			if (!found)
				path->len = keep, path->s[keep] = '\0';
		}
		break;
	case JV_KIND_OBJECT:
		jv_object_foreach(v, key, value) {
			if (!found) {
				buf_printf(path, ".%s", jv_string_value(key));
				found = nonfinite_at(jv_copy(value), path);
				if (!found)
					path->len = keep, path->s[keep] = '\0';
			}
			jv_free(key);
			jv_free(value);
		}
		break;
	default:
		break;
	}
	jv_free(v);
	return found;
}

/* In the child: checks one output of the mapping (consumes out) and puts
 * its JSON text in *text (malloc'd). Returns 0, or NF_DATAERR with err
 * filled. */
static int check_output(struct ingest_jq *q, const struct ingest_input *in, jv out, size_t k,
			char **text, struct nf_error *err)
{
	struct buf where = BUF_INIT;
	jv dumped;
	if (jv_get_kind(out) != JV_KIND_OBJECT) {
		int rc = reader_bad(err, in, NULL, "the %s gave %s as output %zu: expected a result "
				    "object or a rounds document", q->name,
				    jv_kind_name(jv_get_kind(out)), k);
		jv_free(out);
		return rc;
	}
	if (nonfinite_at(jv_copy(out), &where)) {
		int rc = reader_bad(err, in, NULL, "the %s gave a number that is not finite (jq's "
				    "infinite or nan) at %s of output %zu", q->name, where.s, k);
		buf_release(&where);
		jv_free(out);
		return rc;
	}
	buf_release(&where);
	dumped = jv_dump_string(out, 0);
	*text = xstrdup(jv_string_value(dumped));
	jv_free(dumped);
	return 0;
}

/* Adds one output's JSON text to m. *opened says whether the current input
 * text already has its document. */
static int add_output(struct model *m, const struct ingest_input *in, const char *text,
		      size_t len, size_t k, int *opened, struct nf_error *err)
{
	cJSON *v = reader_parse(in, text, len, err);
	int rc, is_doc;
	if (!v)
		return NF_DATAERR;
	is_doc = cJSON_GetObjectItemCaseSensitive(v, "results") != NULL ||
		 !cJSON_GetObjectItemCaseSensitive(v, "workload");
	rc = ingest_rounds_value(m, in, v, k, 0, is_doc || !*opened, err);
	if (!is_doc)
		*opened = 1;
	cJSON_Delete(v);
	return rc;
}

/* The end of one document's outputs (consumes out): an error, a halt, or
 * simply no more output. */
static int finished(struct ingest_jq *q, const struct ingest_input *in, jv out,
		    struct nf_error *err)
{
	int rc = 0;
	if (jv_invalid_has_msg(jv_copy(out))) {
		struct buf msg = BUF_INIT;
		invalid_message(out, &msg);
		rc = reader_bad(err, in, NULL, "the %s failed: jq: error: %s", q->name, msg.s);
		buf_release(&msg);
		return rc;
	}
	jv_free(out);
	if (jq_halted(q->jq)) {
		jv code = jq_get_exit_code(q->jq), msg = jq_get_error_message(q->jq);
		if (jv_get_kind(code) != JV_KIND_INVALID &&
		    !(jv_get_kind(code) == JV_KIND_NUMBER && jv_number_value(code) == 0))
			rc = reader_bad(err, in, NULL, "the %s stopped with halt_error: %s", q->name,
					jv_get_kind(msg) == JV_KIND_STRING ? jv_string_value(msg)
									    : "(no message)");
		jv_free(code);
		jv_free(msg);
	}
	return rc;
}

/* What the child sends, each a kind byte, a 64-bit length and that many
 * bytes: a new input document, one output's JSON text, an error (its
 * status as text, a space, the message) or the end. */
enum { MSG_DOC = 'D', MSG_OUTPUT = 'O', MSG_ERROR = 'E', MSG_END = 'Z' };

static int send_msg(int fd, int kind, const char *data, size_t len)
{
	unsigned char head[9];
	uint64_t n = len;
	head[0] = (unsigned char)kind;
	memcpy(head + 1, &n, sizeof n);
	return write_all(fd, head, sizeof head) != 0 || (len && write_all(fd, data, len) != 0) ? -1 : 0;
}

static int send_error(int fd, const struct nf_error *err)
{
	char *t = xasprintf("%d %s", err->status, err->msg);
	int rc = send_msg(fd, MSG_ERROR, t, strlen(t));
	free(t);
	return rc;
}

/* Where the outputs of a mapping go: emit(ctx, MSG_DOC or MSG_OUTPUT, the
 * output's JSON text, its length, err) returns 0 to go on, or an error
 * status with err filled. */
typedef int (*emit_fn)(void *ctx, int kind, const char *data, size_t len, struct nf_error *err);

/* Maps text (len bytes) and gives what it gives to emit. Returns 0, or an
 * error status with err filled. */
static int map_text(struct ingest_jq *q, const struct ingest_input *in, const char *text,
		    size_t len, emit_fn emit, void *ctx, struct nf_error *err)
{
	size_t k = 0;
	jv_parser *parser = jv_parser_new(0);
	int rc = 0;
	jv_parser_set_buf(parser, text, (int)len, 0);
	while (!rc) {
		jv doc = jv_parser_next(parser);
		if (!jv_is_valid(doc)) {
			if (jv_invalid_has_msg(jv_copy(doc))) {
				struct buf msg = BUF_INIT;
				invalid_message(doc, &msg);
				rc = reader_bad(err, in, NULL, "not JSON that jq can read: %s", msg.s);
				buf_release(&msg);
			} else {
				jv_free(doc); /* the end of the input */
			}
			break;
		}
		if ((rc = emit(ctx, MSG_DOC, NULL, 0, err)) != 0) {
			jv_free(doc);
			break;
		}
		jq_start(q->jq, doc, 0); /* consumes doc */
		while (!rc) {
			jv out = jq_next(q->jq);
			char *t = NULL;
			if (!jv_is_valid(out)) {
				rc = finished(q, in, out, err);
				break;
			}
			if ((rc = check_output(q, in, out, ++k, &t, err)) == 0)
				rc = emit(ctx, MSG_OUTPUT, t, strlen(t), err);
			free(t);
		}
	}
	jv_parser_free(parser);
	return rc;
}

/* The child's emit: the message down the pipe (ctx points to its fd). */
static int emit_to_pipe(void *ctx, int kind, const char *data, size_t len, struct nf_error *err)
{
	(void)err;
	if (send_msg(*(int *)ctx, kind, data, len) != 0)
		_exit(1); /* the parent stopped reading */
	return 0;
}

/* The child: maps text (len bytes) under the limits and sends what it
 * gives on fd. Never returns. */
static void map_in_child(struct ingest_jq *q, const struct ingest_input *in, const char *text,
			 size_t len, int fd)
{
	struct nf_error err = { 0, "" };
	struct rlimit cpu = { (rlim_t)cpu_limit(len), (rlim_t)cpu_limit(len) + 1 };
	int rc, devnull = open("/dev/null", O_WRONLY);

	/* jq's own word on exhausted memory goes to stderr before it aborts */
	if (devnull >= 0)
		dup2(devnull, 2);
	signal(SIGPIPE, SIG_DFL);
	setrlimit(RLIMIT_CPU, &cpu);
#if !defined(__SANITIZE_ADDRESS__)
	{
		/* (AddressSanitizer reserves terabytes of address space) */
		struct rlimit as = { memory_limit(len), memory_limit(len) };
		setrlimit(RLIMIT_AS, &as);
	}
#endif
	rc = map_text(q, in, text, len, emit_to_pipe, &fd, &err);
	jq_teardown(&q->jq); /* this copy's: the parent's stays */
	if ((rc && send_error(fd, &err) != 0) || send_msg(fd, MSG_END, NULL, 0) != 0)
		_exit(1);
	_exit(0);
}

/* In this process: an output goes straight into the model. */
struct direct {
	struct model *m;
	const struct ingest_input *in;
	size_t k;
	int opened;
};

static int emit_direct(void *ctx, int kind, const char *data, size_t len, struct nf_error *err)
{
	struct direct *d = ctx;
	if (kind == MSG_DOC) {
		d->opened = 0;
		return 0;
	}
	return add_output(d->m, d->in, data, len, ++d->k, &d->opened, err);
}

void ingest_jq_in_process(struct ingest_jq *q)
{
	q->in_process = 1;
}

/* Reads one message of the child from f: its kind (EOF when the pipe ends
 * before a whole one) and its bytes into b. */
static int read_msg(FILE *f, struct buf *b)
{
	unsigned char head[9];
	uint64_t n;
	buf_reset(b);
	if (fread(head, 1, sizeof head, f) != sizeof head)
		return EOF;
	memcpy(&n, head + 1, sizeof n);
	if (n > SIZE_MAX / 2)
		return EOF;
	buf_grow(b, (size_t)n + 1);
	if (n && fread(b->s, 1, (size_t)n, f) != (size_t)n)
		return EOF;
	b->len = (size_t)n;
	b->s[b->len] = '\0';
	return head[0];
}

int ingest_jq_file(struct ingest_jq *q, struct model *m, const struct ingest_input *in,
		   struct nf_error *err)
{
	char *text;
	size_t len, k = 0, before = m->nresults;
	int e, rc = 0, fds[2], kind = 0, status = 0, opened = 0;
	struct buf msg = BUF_INIT;
	pid_t pid;
	FILE *f;

	if ((e = read_file(in->path, &text, &len)) == EFBIG)
		return ingest_too_large(in, INGEST_MAX_DOCUMENT, 0, err);
	if (e != 0)
		return nf_error_set(err, nf_status_for_read_errno(e), "cannot read '%s': %s", in->path,
				    strerror(e));
	ingest_add_source(m, in->path);
	{
		struct digest256 sha;
		char hex[65];
		digest256_init(&sha);
		digest256_update(&sha, text, len);
		digest256_final_hex(&sha, hex);
		model_set_digest(m, in->path, hex);
	}
	if (len > INT_MAX) {
		free(text);
		return reader_bad(err, in, NULL, "too large for a jq mapping (2 GB at most)");
	}
	if (q->in_process) {
		struct direct d = { m, in, 0, 0 };
		rc = map_text(q, in, text, len, emit_direct, &d, err);
		free(text);
		if (!rc && m->nresults == before)
			model_warn(m, "the %s gave no results for '%s'", q->name, in->path);
		return rc;
	}
	if (pipe(fds) != 0 || (fflush(NULL), pid = fork()) < 0) {
		free(text);
		return nf_error_set(err, NF_IOERR, "cannot start the %s for '%s': %s", q->name,
				    in->path, strerror(errno));
	}
	if (pid == 0) {
		close(fds[0]);
		map_in_child(q, in, text, len, fds[1]);
	}
	close(fds[1]);
	free(text);
	if (!(f = fdopen(fds[0], "r")))
		die_oom(0);
	while (!rc && (kind = read_msg(f, &msg)) != EOF && kind != MSG_END) {
		if (kind == MSG_DOC) {
			opened = 0;
		} else if (kind == MSG_OUTPUT) {
			rc = add_output(m, in, msg.s, msg.len, ++k, &opened, err);
		} else if (kind == MSG_ERROR) {
			char *sp = strchr(msg.s, ' ');
			rc = nf_error_set(err, atoi(msg.s), "%s", sp ? sp + 1 : "the jq mapping failed");
		}
	}
	if (rc || kind != MSG_END)
		kill(pid, SIGKILL); /* it has nothing more to say that is read */
	fclose(f);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	buf_release(&msg);
	if (!rc && kind != MSG_END) {
		int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
		if (sig == SIGXCPU || sig == SIGKILL)
			rc = reader_bad(err, in, NULL, "the %s ran past its time limit (%ld s of CPU time)",
					q->name, cpu_limit(len));
		else if (sig == SIGABRT || sig == SIGSEGV)
			rc = reader_bad(err, in, NULL, "the %s ran out of memory (its limit is %zu MiB)",
					q->name, memory_limit(len) >> 20);
		else
			rc = reader_bad(err, in, NULL, "the %s ended without its outputs (%s)", q->name,
					sig ? strsignal(sig) : "it exited");
	}
	if (!rc && m->nresults == before)
		model_warn(m, "the %s gave no results for '%s'", q->name, in->path);
	return rc;
}
