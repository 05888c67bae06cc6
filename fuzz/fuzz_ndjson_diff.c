/*
 * fuzz_ndjson_diff.c - the NDJSON line parser against the cJSON path: every
 * line of the input is read into one model with the fast path allowed and
 * into another through cJSON only; both must give the same results, field by
 * field, or the same error message (src/ingest_rounds.c, fast_result_line).
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
	if (!same_str(a->workload, b->workload) || !same_str(a->version, b->version) ||
	    !same_str(a->platform, b->platform) || !same_str(a->unit, b->unit) ||
	    !same_str(a->timestamp, b->timestamp) || !same_str(a->note, b->note) ||
	    !same_str(a->meta_json, b->meta_json) || !same_str(a->v8, b->v8) ||
	    !same_str(a->source, b->source))
		differ("a name", lineno);
	if (a->better != b->better || a->round != b->round || a->where != b->where ||
	    a->where_is_line != b->where_is_line || a->doc != b->doc ||
	    a->back_to_back != b->back_to_back || a->runner_interleaved != b->runner_interleaved ||
	    a->npasses != b->npasses)
		differ("a number", lineno);
	if (memcmp(a->passes, b->passes, a->npasses * sizeof *a->passes) != 0)
		differ("the passes", lineno);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model fast, slow;
	struct ingest_input in = { "fuzz.ndjson", size & 1 ? "24.0.0" : NULL };
	size_t lineno = 0, off = 0;

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
		rf = ingest_rounds_ndjson_line(&fast, &in, line, n, lineno, 1, &took, &ef);
		rs = ingest_rounds_ndjson_line(&slow, &in, line, n, lineno, 0, NULL, &es);
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
	model_release(&fast);
	model_release(&slow);
	return 0;
}
