/*
 * fuzz_any.c - any input, as `noisefloor report FILE` reads it: format
 * detection, streamed NDJSON or a whole file handed to the surest format
 * (every format in ingest.c's table, including ones added later), the
 * limits, the merge checks and the analysis.
 */
#include "fuzz.h"
#include "ingest/ingest.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct model m;
	struct nf_error err;
	struct ingest_input in = { fuzz_file(data, size), "24.0.0" };
	fuzz_model_init(&m);
	if (ingest_file(&m, &in, &err) == 0)
		fuzz_model_finish(&m);
	else
		model_release(&m);
	return 0;
}
