/*
 * fuzz_jq.c - an input read through a jq mapping (`--jq`): jq's parser, the
 * mapping's output serialised and read back as rounds-format JSON. The
 * mapping is the identity, so the input itself must be rounds JSON (or a
 * stream of result objects) to get far.
 */
#include "fuzz.h"
#include "ingest/ingest.h"
#include "ingest/ingest_jq.h"

#include <stdio.h>
#include <stdlib.h>

static struct ingest_jq *jq;

/* Two leaks inside libjq 1.6, suppressed here: its stack block is lost when
 * jq_start follows a run stopped before its last output (the command never
 * does that: an error ends the run, but this target keeps one mapping across
 * inputs), and its parser loses a string on some syntax errors ("Expected
 * separator between values"; `jq . FILE` loses it too). libjq has no frame
 * pointers: the suppressions need the slow unwinder to see its functions. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:jq_start\nleak:jv_parser_next\n";
}

const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "fast_unwind_on_malloc=0:malloc_context_size=12";
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m;
	struct nf_error err;
	struct ingest_input in = { fuzz_file(data, size), "24.0.0" };
	if (!jq) {
		if (!(jq = ingest_jq_new(NULL, ".", &err))) {
			fprintf(stderr, "fuzz: %s\n", err.msg);
			abort();
		}
		ingest_jq_in_process(jq); /* the fuzzer sees what happens here */
	}
	fuzz_model_init(&m);
	if (ingest_jq_file(jq, &m, &in, &err) == 0)
		fuzz_model_finish(&m);
	else
		model_release(&m);
	return 0;
}
