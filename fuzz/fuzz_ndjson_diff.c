/*
 * fuzz_ndjson_diff.c - the NDJSON line parser against the cJSON path: every
 * line of the input is read into one model with the fast path allowed and
 * into another through cJSON only; both must give the same results, field by
 * field, or the same error message (src/ingest_rounds.c, fast_result_line).
 * The line parser keeps its state from line to line as in a stream, so a
 * line in the shape of the one before is read by the shape path.
 */
#define _GNU_SOURCE
#include "fuzz.h"
#include "ingest.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void differ(const char *what, size_t lineno)
{
	fprintf(stderr, "fuzz-ndjson-diff: line %zu: the fast path and the cJSON path differ in %s\n",
		lineno, what);
	abort();
}

static int same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

static void same_result(const struct result *a, const struct result *b, size_t lineno)
{
	const struct series *x = a->series, *y = b->series;
	size_t n = result_npasses(a);
	if (!same_str(x->workload, y->workload) || !same_str(x->version, y->version) ||
	    !same_str(x->platform, y->platform) || !same_str(x->unit, y->unit) ||
	    !same_str(result_timestamp(a), result_timestamp(b)) || !same_str(x->note, y->note) ||
	    !same_str(x->meta_json, y->meta_json) || !same_str(x->v8, y->v8) ||
	    !same_str(x->source, y->source))
		differ("a name", lineno);
	if (x->better != y->better || a->round != b->round || a->where != b->where ||
	    x->where_is_line != y->where_is_line || x->doc != y->doc ||
	    x->back_to_back != y->back_to_back || x->runner_interleaved != y->runner_interleaved ||
	    n != result_npasses(b) || memcmp(&a->value, &b->value, sizeof a->value) != 0)
		differ("a number", lineno);
	if (memcmp(result_passes(a), result_passes(b), n * sizeof *result_passes(a)) != 0)
		differ("the passes", lineno);
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
