/*
 * ingest_jq.c - `--jq FILE` / `--jq-program PROGRAM`: any JSON layout becomes
 * rounds-format input through a jq program, run in process with libjq (1.6).
 *
 * The input is parsed by jq's own parser (so a file may hold a stream of
 * JSON texts, like NDJSON); each text is one input document. Every output is
 * serialised by jq and handed to the rounds-format reader
 * (ingest_rounds_value), which validates it like any rounds file. jq's own
 * messages are collected, never printed: only the command layer (cli.c) prints.
 */
#include "ingest/ingest_jq.h"
#include "ingest/formats/reader.h"
#include "lib/digest256.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <jq.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct ingest_jq {
	jq_state *jq;
	char *name;        /* "jq mapping 'FILE'" or "jq program" */
	struct buf msgs;   /* messages from jq's error callback */
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

/* Adds one output of the mapping (consumes out). *opened says whether the
 * current input text already has its document. */
static int add_output(struct ingest_jq *q, struct model *m, const struct ingest_input *in,
		      jv out, size_t k, int *opened, struct nf_error *err)
{
	jv text;
	cJSON *v;
	int rc, is_doc;

	if (jv_get_kind(out) != JV_KIND_OBJECT) {
		int rc2 = reader_bad(err, in, NULL, "the %s gave %s as output %zu: expected a result "
				     "object or a rounds document", q->name,
				     jv_kind_name(jv_get_kind(out)), k);
		jv_free(out);
		return rc2;
	}
	text = jv_dump_string(out, 0);
	v = reader_parse(in, jv_string_value(text), (size_t)jv_string_length_bytes(jv_copy(text)), err);
	jv_free(text);
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

int ingest_jq_file(struct ingest_jq *q, struct model *m, const struct ingest_input *in,
		   struct nf_error *err)
{
	char *text;
	size_t len, k = 0, before = m->nresults;
	jv_parser *parser;
	int e, rc = 0;

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
	parser = jv_parser_new(0);
	jv_parser_set_buf(parser, text, (int)len, 0);
	while (!rc) {
		jv doc = jv_parser_next(parser);
		int opened = 0;
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
		jq_start(q->jq, doc, 0); /* consumes doc */
		while (!rc) {
			jv out = jq_next(q->jq);
			if (jv_is_valid(out)) {
				rc = add_output(q, m, in, out, ++k, &opened, err);
			} else {
				rc = finished(q, in, out, err);
				break;
			}
		}
	}
	jv_parser_free(parser);
	free(text);
	if (!rc && m->nresults == before)
		model_warn(m, "the %s gave no results for '%s'", q->name, in->path);
	return rc;
}
