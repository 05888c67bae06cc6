/*
 * tinybench.c - tinybench results as projects save them: the tasks'
 * names and results, serialised with
 *
 *   JSON.stringify(bench.tasks.map(({ name, result }) => ({ name, result })))
 *
 * tinybench 4 and newer (Bench({ retainSamples: true })):
 *   [{"name": "sort", "result": {"state": "completed",
 *     "latency": {"samples": [ms, ...], ...}, "runtime": "node",
 *     "runtimeVersion": "22.23.5", ...}}]
 * tinybench 2 and 3 (vitest bench):
 *   [{"name": "sort", "result": {"samples": [ms, ...], "hz": ..., ...}}]
 *
 * One file is one round of each task; its latency samples (ms) are the
 * passes; without retained samples (tinybench 4+ without retainSamples) the
 * round is one pass, the median (latency.p50) tinybench computed from them.
 * The version is the label, else the runtime version tinybench 4+ records;
 * tasks are workloads, never versions, so a file with neither is refused
 * with the fix (VERSION=FILE). A task that did not complete ("state"
 * other than "completed", or an "error") is left out with a warning; the
 * other tasks of the file are read.
 */
#include "ingest/formats/reader.h"
#include "lib/jsonw.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

static int probe_tinybench(const char *text, size_t len)
{
	if (!reader_has_key(text, len, 1, "name") || !reader_has_key(text, len, 1, "result"))
		return 0;
	return strstr(text, "\"latency\"") || strstr(text, "\"samples\"") ? 2 : 1;
}

static int read_task(struct model *m, const struct ingest_input *in, const cJSON *task,
		     size_t index, const char *stem, struct nf_error *err)
{
	char where[64];
	const char *name, *state, *runtime, *rt_version, *version, *workload;
	const cJSON *result, *latency, *samples, *error;
	struct buf meta = BUF_INIT;
	double *passes;
	size_t n;
	struct result_draft *r;

	snprintf(where, sizeof where, "tasks[%zu]", index);
	if (!cJSON_IsObject(task))
		return reader_bad(err, in, where, "must be an object");
	if (reader_string(task, "name", 1, &name, in, where, err))
		return NF_DATAERR;
	result = cJSON_GetObjectItemCaseSensitive(task, "result");
	if (!cJSON_IsObject(result))
		return reader_bad(err, in, where, "\"%s\" has no \"result\" object (did it run?)", name);
	if (reader_string(result, "state", 0, &state, in, where, err) ||
	    reader_string(result, "runtime", 0, &runtime, in, where, err) ||
	    reader_string(result, "runtimeVersion", 0, &rt_version, in, where, err))
		return NF_DATAERR;
	error = cJSON_GetObjectItemCaseSensitive(result, "error");
	if ((state && strcmp(state, "completed") != 0) || (error && !cJSON_IsNull(error))) {
		/* the other tasks are good data: this one is left out, said once */
		model_warn(m, "'%s' %s: the task \"%s\" did not complete (state \"%s\") and is left out",
			   in->path, where, name, state ? state : "errored");
		return 0;
	}
	latency = cJSON_GetObjectItemCaseSensitive(result, "latency");
	if (latency && !cJSON_IsObject(latency))
		return reader_bad(err, in, where, "\"result\".\"latency\" must be an object");
	samples = cJSON_GetObjectItemCaseSensitive(latency ? latency : result, "samples");
	(void)stem;
	if (!in->label && !rt_version)
		return reader_no_version(err, in, "tinybench");
	version = in->label ? in->label : rt_version;
	workload = name;
	if ((!samples || cJSON_IsNull(samples)) && latency &&
	    cJSON_GetObjectItemCaseSensitive(latency, "p50")) {
		/* the median the samples would have given, as tinybench computed it */
		double p50;
		if (reader_number(latency, "p50", 1, &p50, NULL, in, where, err))
			return NF_DATAERR;
		if (!(p50 > 0))
			return reader_bad(err, in, where, "\"latency\".\"p50\" must be above zero");
		passes = xmalloc(sizeof *passes);
		passes[0] = p50;
		n = 1;
		buf_puts(&meta, "\"summary\":\"p50\"");
	} else {
		if (!samples || cJSON_IsNull(samples))
			return reader_bad(err, in, where, "\"%s\" has no latency samples and no median: "
					  "create the Bench with retainSamples: true (tinybench 4 and newer)",
					  name);
		if (!cJSON_IsArray(samples))
			return reader_bad(err, in, where, "\"samples\" must be an array");
		if (reader_passes(samples, 1, 0, &passes, &n, in, where, err))
			return NF_DATAERR;
	}
	r = reader_result(m, in, index + 1, 0, workload, version, "ms", NULL, passes, n);
	if (runtime) {
		buf_puts(&meta, meta.len ? ",\"runtime\":" : "\"runtime\":");
		json_escape(&meta, runtime);
	}
	if (rt_version) {
		buf_puts(&meta, meta.len ? ",\"runtime_version\":" : "\"runtime_version\":");
		json_escape(&meta, rt_version);
	}
	reader_meta(m, r, "tinybench", meta.len ? meta.s : NULL);
	model_add_result(m, r);
	buf_release(&meta);
	return 0;
}

static int read_tinybench(struct model *m, const struct ingest_input *in, const char *text,
			   size_t len, struct nf_error *err)
{
	return reader_read_array(m, in, text, len, "tasks", read_task, err);
}

const struct ingest_format ingest_format_tinybench = {
	"tinybench",
	probe_tinybench,
	read_tinybench,
};
