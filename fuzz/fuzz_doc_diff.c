/*
 * fuzz_doc_diff.c - the fast way through a rounds JSON document (its results
 * through the same fast reader as NDJSON lines, rounds_fast_object) against
 * the cJSON path: the input is read as one document into one model with the
 * fast way allowed and into another through cJSON only; both must give the
 * same document fields, environment, workloads and results, field by field,
 * or the same error message (src/ingest/formats/rounds.c,
 * ingest_rounds_document).
 */
#include "fuzz.h"
#include "ingest/ingest.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void differ(const char *what)
{
	fprintf(stderr, "fuzz-doc-diff: the fast way and the cJSON path differ in %s\n", what);
	abort();
}

static void same_result(const struct result *a, const struct result *b)
{
	const char *what = fuzz_result_differs(a, b);
	if (what) {
		fprintf(stderr, "fuzz-doc-diff: the fast way and the cJSON path differ in a result's %s\n",
			what);
		abort();
	}
}

static void same_model(const struct model *a, const struct model *b)
{
	if (a->ndocs != b->ndocs || !fuzz_same_str(a->title, b->title) ||
	    !fuzz_same_str(a->subject, b->subject) || !fuzz_same_str(a->notes, b->notes))
		differ("the document fields");
	if (a->nenv != b->nenv)
		differ("the environment");
	for (size_t i = 0; i < a->nenv; i++)
		if (!fuzz_same_str(a->env[i].key, b->env[i].key) ||
		    !fuzz_same_str(a->env[i].value, b->env[i].value))
			differ("the environment");
	if (a->nworkloads != b->nworkloads)
		differ("the workloads");
	for (size_t i = 0; i < a->nworkloads; i++) {
		const struct workload_info *x = &a->workloads[i], *y = &b->workloads[i];
		if (!fuzz_same_str(x->name, y->name) || !fuzz_same_str(x->description, y->description) ||
		    !fuzz_same_str(x->source, y->source) || !fuzz_same_str(x->from, y->from) ||
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
