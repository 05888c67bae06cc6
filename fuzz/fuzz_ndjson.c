/*
 * fuzz_ndjson.c - rounds-format NDJSON streamed line by line
 * (ingest_rounds_ndjson_stream), the first line split off as ingest.c does.
 */
#define _GNU_SOURCE
#include "fuzz.h"
#include "ingest/ingest.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m;
	struct nf_error err;
	struct ingest_input in = { "fuzz.ndjson", NULL };
	const char *nl = memchr(data, '\n', size);
	size_t first = nl ? (size_t)(nl - (const char *)data) + 1 : size;
	char *line;
	FILE *f;

	if (size == 0)
		return 0;
	line = xstrndup((const char *)data, first); /* may hold NUL bytes, as ingest.c's */
	/* the rest of the input as a stream; fmemopen wants at least one byte */
	f = fmemopen((void *)(data + first - (first == size)), size - first + (first == size), "r");
	if (first == size)
		fgetc(f);
	fuzz_model_init(&m);
	if (ingest_rounds_ndjson_stream(&m, &in, line, first, f, &err) == 0)
		fuzz_model_finish(&m);
	else
		model_release(&m);
	fclose(f);
	free(line);
	return 0;
}
