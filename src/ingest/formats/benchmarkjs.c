/*
 * benchmarkjs.c - benchmark.js results as projects save them: each
 * benchmark's name, hz and stats, for example from a suite's 'complete'
 * handler:
 *
 *   JSON.stringify(this.map((b) => ({ name: b.name, hz: b.hz, stats: b.stats })))
 *   [{"name": "sort", "hz": 295.7, "stats": {"sample": [s, ...], "mean": ...}}]
 *
 * One file is one round of each benchmark. stats.sample holds seconds per
 * operation, one per cycle; each becomes a pass in operations per second
 * (1 / sample), the unit benchmark.js reports (hz), so higher is better.
 * The version is the label: benchmark.js records no runtime version, and the
 * benchmarks of one suite are different workloads, never versions of one, so
 * a file without a label is refused with the fix (VERSION=FILE).
 */
#include "ingest/formats/reader.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <string.h>

static int probe_benchmarkjs(const char *text, size_t len)
{
	if (!reader_has_key(text, len, 1, "name") || !reader_has_key(text, len, 1, "stats"))
		return 0;
	return strstr(text, "\"sample\"") ? 2 : 1;
}

static int read_bench(struct model *m, const struct ingest_input *in, const cJSON *b,
		      size_t index, const char *stem, struct nf_error *err)
{
	char where[64];
	const char *name;
	const cJSON *stats, *sample;
	double *passes;
	size_t n;
	struct result_draft *r;

	snprintf(where, sizeof where, "[%zu]", index);
	if (!cJSON_IsObject(b))
		return reader_bad(err, in, where, "must be an object");
	if (reader_string(b, "name", 1, &name, in, where, err))
		return NF_DATAERR;
	(void)stem;
	if (!in->label)
		return reader_no_version(err, in, "benchmark.js");
	if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(b, "aborted")) ||
	    cJSON_GetObjectItemCaseSensitive(b, "error"))
		return reader_bad(err, in, where, "\"%s\" was aborted or failed", name);
	stats = cJSON_GetObjectItemCaseSensitive(b, "stats");
	if (!cJSON_IsObject(stats))
		return reader_bad(err, in, where, "\"stats\" must be an object");
	sample = cJSON_GetObjectItemCaseSensitive(stats, "sample");
	if (!sample)
		return reader_bad(err, in, where, "\"stats\" has no \"sample\" (keep b.stats whole "
				  "when saving the results)");
	if (!cJSON_IsArray(sample))
		return reader_bad(err, in, where, "\"stats\".\"sample\" must be an array");
	if (reader_passes(sample, 1, 1, &passes, &n, in, where, err))
		return NF_DATAERR;
	r = reader_result(m, in, index + 1, 0, name, in->label, "ops/s", NULL, passes, n);
	reader_meta(m, r, "benchmark.js", NULL);
	model_add_result(m, r);
	return 0;
}

static int read_benchmarkjs(struct model *m, const struct ingest_input *in, const char *text,
			     size_t len, struct nf_error *err)
{
	return reader_read_array(m, in, text, len, "benchmarks", read_bench, err);
}

const struct ingest_format ingest_format_benchmarkjs = {
	"benchmark.js",
	probe_benchmarkjs,
	read_benchmarkjs,
};
