/*
 * fuzz_doc_diff.c - the one-pass reader of a rounds JSON document against
 * the cJSON path: the input is read as one document into one model with the
 * one-pass reader allowed and into another through cJSON only; both must
 * give the same document fields, environment, workloads and results, field
 * by field, or the same error message (src/ingest_rounds.c,
 * ingest_rounds_document).
 */
#include "fuzz.h"
#include "ingest.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void differ(const char *what)
{
	fprintf(stderr, "fuzz-doc-diff: the one-pass reader and the cJSON path differ in %s\n", what);
	abort();
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static void same_result(const struct result *a, const struct result *b)
{
	const struct series *x = a->series, *y = b->series;
	size_t n = result_npasses(a);
	if (!same_str(x->workload, y->workload) || !same_str(x->version, y->version) ||
	    !same_str(x->platform, y->platform) || !same_str(x->unit, y->unit) ||
	    !same_str(result_timestamp(a), result_timestamp(b)) || !same_str(x->note, y->note) ||
	    !same_str(x->meta_json, y->meta_json) || !same_str(x->v8, y->v8) ||
	    !same_str(x->source, y->source))
		differ("a result's names");
	if (x->better != y->better || a->round != b->round || a->where != b->where ||
	    x->where_is_line != y->where_is_line || x->doc != y->doc ||
	    x->back_to_back != y->back_to_back || x->runner_interleaved != y->runner_interleaved ||
	    n != result_npasses(b) || memcmp(&a->value, &b->value, sizeof a->value) != 0)
		differ("a result's numbers");
	if (memcmp(result_passes(a), result_passes(b), n * sizeof *result_passes(a)) != 0)
		differ("a result's passes");
}

static void same_model(const struct model *a, const struct model *b)
{
	if (a->ndocs != b->ndocs || !same_str(a->title, b->title) ||
	    !same_str(a->subject, b->subject) || !same_str(a->notes, b->notes))
		differ("the document fields");
	if (a->nenv != b->nenv)
		differ("the environment");
	for (size_t i = 0; i < a->nenv; i++)
		if (!same_str(a->env[i].key, b->env[i].key) ||
		    !same_str(a->env[i].value, b->env[i].value))
			differ("the environment");
	if (a->nworkloads != b->nworkloads)
		differ("the workloads");
	for (size_t i = 0; i < a->nworkloads; i++) {
		const struct workload_info *x = &a->workloads[i], *y = &b->workloads[i];
		if (!same_str(x->name, y->name) || !same_str(x->description, y->description) ||
		    !same_str(x->source, y->source) || !same_str(x->from, y->from) ||
		    memcmp(&x->bytes, &y->bytes, sizeof x->bytes) != 0)
			differ("the workloads");
	}
	if (a->nresults != b->nresults)
		differ("the number of results");
	for (size_t i = 0; i < a->nresults; i++)
		same_result(&a->results[i], &b->results[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model fast, slow;
	struct ingest_input in = { "fuzz.json", size & 1 ? "24.0.0" : NULL };
	struct nf_error ef, es;
	char *text = xmalloc(size + 1);
	int rf, rs;

	memcpy(text, data, size);
	text[size] = '\0';
	fuzz_model_init(&fast);
	fuzz_model_init(&slow);
	memset(&ef, 0, sizeof ef);
	memset(&es, 0, sizeof es);
	rf = ingest_rounds_document(&fast, &in, text, size, 1, NULL, &ef);
	rs = ingest_rounds_document(&slow, &in, text, size, 0, NULL, &es);
	free(text);
	if (rf != rs)
		differ("the status");
	if (rf && strcmp(ef.msg, es.msg) != 0)
		differ("the message");
	if (!rf)
		same_model(&fast, &slow);
	model_release(&fast);
	model_release(&slow);
	return 0;
}
