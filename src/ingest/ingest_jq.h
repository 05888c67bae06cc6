/*
 * ingest_jq.h - user mappings: a jq program (run with libjq) turns each
 * input document of any JSON layout into noisefloor rounds-format JSON.
 */
#ifndef NF_INGEST_JQ_H
#define NF_INGEST_JQ_H

#include "ingest/ingest.h"
#include "lib/error.h"
#include "model/model.h"

struct ingest_jq;

/* Compiles a mapping: the program text in `program`, or read from the file
 * `path` when program is NULL. Returns a mapping to free with
 * ingest_jq_free(), or NULL with err filled: NF_NOINPUT when the file cannot
 * be read, NF_USAGE when the program does not compile (jq's messages
 * included). */
struct ingest_jq *ingest_jq_new(const char *path, const char *program, struct nf_error *err);

/* Reads one input (a file, or "-" for stdin) holding one or more JSON texts,
 * runs the mapping on each and adds its output to m: every output is a
 * rounds-format result object, or a whole rounds document (with "results").
 * The results of one input text form one input document. A runtime error
 * names the input and shows jq's message. The mapping runs in a child
 * process under a CPU time and a memory limit; past one, the error names
 * it. */
int ingest_jq_file(struct ingest_jq *jq, struct model *m, const struct ingest_input *in,
		   struct nf_error *err);

/* Maps every later input in this process, without the CPU time and memory
 * limits of the child process ingest_jq_file otherwise runs it in: for the
 * fuzz target, whose coverage and crashes must be seen where they happen. */
void ingest_jq_in_process(struct ingest_jq *jq);

void ingest_jq_free(struct ingest_jq *jq);

#endif
