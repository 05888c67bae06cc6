/*
 * fuzz_ndjson_diff.c - the fast reader of a result object on NDJSON lines
 * against the cJSON path: every line of the input is read into one model
 * with the fast reader allowed and into another through cJSON only; both
 * must give the same results, field by field, or the same error message
 * (src/ingest/formats/rounds_fast.c, rounds_fast_line). The reader keeps its
 * state from line to line as in a stream, so a line in the shape of the one
 * before is read by the shape path.
 */
#define _GNU_SOURCE
#include "fuzz.h"
#include "ingest/ingest.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void differ(const char *what, size_t lineno)
{
	fprintf(stderr, "fuzz-ndjson-diff: line %zu: the fast path and the cJSON path differ in %s\n",
		lineno, what);
	abort();
}

static void same_result(const struct result *a, const struct result *b, size_t lineno)
{
	const char *what = fuzz_result_differs(a, b);
	if (what) {
		fprintf(stderr, "fuzz-ndjson-diff: line %zu: the fast path and the cJSON path differ in a result's %s\n",
			lineno, what);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model fast, slow;
	struct ingest_input in = { "fuzz.ndjson", size & 1 ? "24.0.0" : NULL };
	size_t lineno = 0, off = 0;
	struct ingest_ndjson_fast *fs = ingest_ndjson_fast_new();

	fuzz_model_init(&fast);
	fuzz_model_init(&slow);
	fast.ndocs = slow.ndocs = 1;
	while (off < size) {
		const char *s = (const char *)data + off, *nl = memchr(s, '\n', size - off);
		size_t n = nl ? (size_t)(nl - s) + 1 : size - off;
		char *line = xmalloc(n + 1);
		struct nf_error ef, es;
		int rf, rs, took = 0;
		memcpy(line, s, n);
		line[n] = '\0';
		off += n;
		lineno++;
		memset(&ef, 0, sizeof ef);
		memset(&es, 0, sizeof es);
		rf = ingest_rounds_ndjson_line(&fast, &in, line, n, lineno, fs, &took, &ef);
		rs = ingest_rounds_ndjson_line(&slow, &in, line, n, lineno, NULL, NULL, &es);
		free(line);
		if (rf != rs)
			differ("the status", lineno);
		if (rf) {
			if (strcmp(ef.msg, es.msg) != 0)
				differ("the message", lineno);
			break;
		}
		if (fast.nresults != slow.nresults)
			differ("the number of results", lineno);
		if (fast.nresults)
			same_result(&fast.results[fast.nresults - 1], &slow.results[slow.nresults - 1],
				    lineno);
	}
	ingest_ndjson_fast_free(fs);
	model_release(&fast);
	model_release(&slow);
	return 0;
}
