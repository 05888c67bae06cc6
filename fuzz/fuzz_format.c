/*
 * fuzz_format.c - one reader of ingest.c's format table, called the way
 * ingest.c calls it for a file read whole: probe, then read a NUL-terminated
 * text that holds no NUL byte (ingest.c refuses those first). Built once per
 * format with -DNF_FUZZ_FORMAT=ingest_format_<name>.
 */
#include "fuzz.h"
#include "ingest/ingest.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

#ifndef NF_FUZZ_FORMAT
#error "build with -DNF_FUZZ_FORMAT=ingest_format_<name>"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct ingest_format *fmt = &NF_FUZZ_FORMAT;
	struct model m;
	struct nf_error err;
	struct ingest_input in = { "fuzz.json", "24.0.0" };
	char *text;

	if (memchr(data, '\0', size))
		return 0;
	text = xstrndup((const char *)data, size);
	fmt->probe(text, size);
	fuzz_model_init(&m);
	m.ndocs = 0;
	if (fmt->read(&m, &in, text, size, &err) == 0)
		fuzz_model_finish(&m);
	else
		model_release(&m);
	free(text);
	return 0;
}
