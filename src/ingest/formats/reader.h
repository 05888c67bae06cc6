/*
 * reader.h - what the readers of other runners' output share:
 * probing a JSON text by its keys, parsing with line:column errors, checked
 * getters that name the path to a bad value, and making a result with the
 * fields every reader fills the same way.
 *
 * Every error is "cannot read 'FILE': <where>: <rule>" with NF_DATAERR.
 */
#ifndef NF_INGEST_RUNNER_H
#define NF_INGEST_RUNNER_H

#include <stddef.h>
#include "ingest/ingest.h"
#include "lib/error.h"
#include "model/model.h"

struct cJSON;

/* 1 when the JSON text's top-level value is an object with member `key`
 * (in_first_element 0), or an array whose first element is an object with
 * member `key` (in_first_element 1). Scans without building a tree and
 * ignores keys of nested values, so text inside strings cannot match. */
int reader_has_key(const char *text, size_t len, int in_first_element, const char *key);

/* Between reader_keys_begin(text, len) and reader_keys_end(), while every
 * format's probe looks at one text, reader_has_key on that text finds keys
 * in an index of them made once, instead of scanning the text (and skipping
 * its values) on every call. The text must not change in between. */
void reader_keys_begin(const char *text, size_t len);
void reader_keys_end(void);

/* Fills err with "cannot read 'FILE': WHERE: RULE" (no "WHERE: " when where
 * is NULL) and returns NF_DATAERR. */
int reader_bad(struct nf_error *err, const struct ingest_input *in, const char *where,
	       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Parses a whole JSON text. Rejects NUL bytes, "\u0000" escapes and
 * duplicate keys; syntax errors give line and column. Returns the tree
 * (caller frees with cJSON_Delete) or NULL with err filled. Checks the
 * input's label (valid UTF-8, not too long) too. */
struct cJSON *reader_parse(const struct ingest_input *in, const char *text, size_t len,
			   struct nf_error *err);

/* Reads a JSON text whose top level is a non-empty array (`what` names its
 * elements in the error, "benchmarks"), counts it as one input document and
 * calls each() on every element with its index and the file's stem
 * (reader_stem). Stops at the first error. */
typedef int (*reader_element_fn)(struct model *m, const struct ingest_input *in,
				 const struct cJSON *el, size_t index, const char *stem,
				 struct nf_error *err);
int reader_read_array(struct model *m, const struct ingest_input *in, const char *text,
		      size_t len, const char *what, reader_element_fn each, struct nf_error *err);

/* The member `key` of obj as a string: valid UTF-8, at most 1024 bytes,
 * non-empty when required. Sets *out to the tree's string (borrowed) or NULL
 * when absent and not required. `where` names obj for messages. */
int reader_string(const struct cJSON *obj, const char *key, int required, const char **out,
		  const struct ingest_input *in, const char *where, struct nf_error *err);

/* The member `key` of obj as a finite number; *present is 0 when absent and
 * not required (present may be NULL when required). */
int reader_number(const struct cJSON *obj, const char *key, int required, double *out,
		  int *present, const struct ingest_input *in, const char *where,
		  struct nf_error *err);

/* The member `key` of obj, which must be an array (of any length), or NULL
 * with err filled. */
const struct cJSON *reader_array(const struct cJSON *obj, const char *key,
				 const struct ingest_input *in, const char *where,
				 struct nf_error *err);

/* Copies an array of numbers into a malloc'd array (caller frees): every
 * element finite and > 0, at least one. scale multiplies each value;
 * reciprocal makes each value 1/value first (seconds per op -> ops/s). */
int reader_passes(const struct cJSON *arr, double scale, int reciprocal, double **out,
		  size_t *n, const struct ingest_input *in, const char *where,
		  struct nf_error *err);

/* Checks a name the reader made itself (workload, version): valid UTF-8,
 * non-empty, at most 1024 bytes. */
int reader_check_name(const char *s, const char *what, const struct ingest_input *in,
		      const char *where, struct nf_error *err);

/* The input's file name without folders and extension ("bench" for
 * "out/bench.json", "stdin" for "-"); interned. The workload name for
 * files whose entries name versions, not workloads. */
const char *reader_stem(struct model *m, const struct ingest_input *in);

/* Drafts a result (the model's draft: model_draft_result) with source, doc (the input's document: m->ndocs - 1),
 * where, workload, version, unit and better filled, the platform taken from
 * `platform` or else the environment's os-arch or else "unknown", and the
 * passes (malloc'd; taken over: copied into the draft's storage and freed).
 * Call after counting the input's document in m->ndocs; the caller adds the
 * draft with model_add_result() once it has filled the rest. */
struct result_draft *reader_result(struct model *m, const struct ingest_input *in, size_t where,
			     int where_is_line, const char *workload, const char *version,
			     const char *unit, const char *platform, double *passes,
			     size_t npasses);

/* Sets meta_json to {"runner": runner} plus any extra members given as a
 * compact JSON fragment ("\"runtime\":\"node\"") or NULL. */
void reader_meta(struct model *m, struct result_draft *r, const char *runner, const char *extra);

/* The interned ISO 8601 form of a runner's date ("2026-11-29 22:24:48.3"
 * gets a 'T'), or NULL when s is NULL or not a date iso8601_read accepts
 * (the runner's date is then left out, not refused). */
const char *reader_timestamp(struct model *m, const char *s);

/* Refuses a file whose runner records no version and whose names are
 * workloads (benchmarks, tasks, arguments), never versions: "cannot read
 * 'F': RUNNER records no version, and its names are benchmarks, not
 * versions: give the version on the command line as VERSION=F". Returns
 * NF_DATAERR. */
int reader_no_version(struct nf_error *err, const struct ingest_input *in, const char *runner);

/* Sets an environment field only when the input being read has not set it
 * yet (an earlier input's value is replaced, as a later rounds file's
 * environment replaces it: each input records its own machine). */
void reader_env_default(struct model *m, const char *key, const char *value);

#endif
