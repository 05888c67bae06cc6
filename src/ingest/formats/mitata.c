/*
 * mitata.c - mitata's JSON output (mitata 1.x, run({ format: 'json' })).
 *
 *   {"layout": [...],
 *    "benchmarks": [{"alias": "sort", "runs": [{"name": "sort",
 *                    "stats": {"samples": [ns, ...], "avg": ..., ...}}]}],
 *    "context": {"now": 1795990887164, "arch": "x64-linux",
 *                "runtime": "node", "version": "22.23.5", ...}}
 *
 * One file is one round of each benchmark run; its raw samples (ns per
 * iteration) are the passes, or, when mitata kept none (samples: false),
 * one pass: the median (stats.p50) mitata computed from them. The version is the label, else the runtime
 * version mitata records; the platform comes from the recorded arch.
 */
#include "ingest/formats/reader.h"
#include "lib/jsonw.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int probe_mitata(const char *text, size_t len)
{
	return reader_has_key(text, len, 0, "benchmarks") &&
	       reader_has_key(text, len, 0, "layout") && reader_has_key(text, len, 0, "context")
	       ? 2 : 0;
}

/* "x64-linux" -> "linux-x64", the order the rest of noisefloor uses. */
static const char *platform_of(struct model *m, const char *arch)
{
	const char *dash = arch ? strchr(arch, '-') : NULL;
	char *p;
	const char *out;
	if (!dash || strchr(dash + 1, '-'))
		return arch ? model_intern(m, arch) : NULL;
	p = xasprintf("%s-%.*s", dash + 1, (int)(dash - arch), arch);
	out = model_intern(m, p);
	free(p);
	return out;
}

static int read_run(struct model *m, const struct ingest_input *in, const cJSON *run,
		    const char *where, size_t index, const char *version, const char *platform,
		    const char *timestamp, const char *meta, struct nf_error *err)
{
	const char *name;
	const cJSON *stats, *samples, *error;
	double *passes;
	size_t n;
	struct result_draft *r;

	if (!cJSON_IsObject(run))
		return reader_bad(err, in, where, "must be an object");
	if (reader_string(run, "name", 1, &name, in, where, err))
		return NF_DATAERR;
	error = cJSON_GetObjectItemCaseSensitive(run, "error");
	if (error && !cJSON_IsNull(error)) {
		const char *msg = NULL;
		if (cJSON_IsObject(error) && reader_string(error, "message", 0, &msg, in, where, err))
			return NF_DATAERR;
		return reader_bad(err, in, where, "\"%s\" threw an error: %s", name,
				  msg ? msg : "(no message)");
	}
	stats = cJSON_GetObjectItemCaseSensitive(run, "stats");
	if (!cJSON_IsObject(stats))
		return reader_bad(err, in, where, "\"stats\" must be an object");
	samples = cJSON_GetObjectItemCaseSensitive(stats, "samples");
	if (!samples || cJSON_IsNull(samples) || cJSON_IsFalse(samples)) {
		/* samples: false: the median the samples would have given */
		double p50;
		struct buf mm = BUF_INIT;
		if (!cJSON_GetObjectItemCaseSensitive(stats, "p50"))
			return reader_bad(err, in, where, "\"stats\" has neither \"samples\" nor \"p50\": "
					  "keep the samples with run({ format: { json: { samples: true } } })");
		if (reader_number(stats, "p50", 1, &p50, NULL, in, where, err))
			return NF_DATAERR;
		if (!(p50 > 0))
			return reader_bad(err, in, where, "\"stats\".\"p50\" must be above zero");
		passes = xmalloc(sizeof *passes);
		passes[0] = p50;
		r = reader_result(m, in, index, 0, name, version, "ns", platform, passes, 1);
		r->timestamp = timestamp;
		buf_printf(&mm, "%s%s\"summary\":\"p50\"", meta ? meta : "", meta ? "," : "");
		reader_meta(m, r, "mitata", mm.s);
		model_add_result(m, r);
		buf_release(&mm);
		return 0;
	}
	if (!cJSON_IsArray(samples))
		return reader_bad(err, in, where, "\"stats\".\"samples\" must be an array");
	if (reader_passes(samples, 1, 0, &passes, &n, in, where, err))
		return NF_DATAERR;
	r = reader_result(m, in, index, 0, name, version, "ns", platform, passes, n);
	r->timestamp = timestamp;
	reader_meta(m, r, "mitata", meta);
	model_add_result(m, r);
	return 0;
}

static int read_mitata(struct model *m, const struct ingest_input *in, const char *text,
		       size_t len, struct nf_error *err)
{
	cJSON *root = reader_parse(in, text, len, err);
	const cJSON *context, *benchmarks, *b, *runs, *run, *cpu;
	const char *version, *runtime = NULL, *arch = NULL, *cpu_name = NULL, *platform;
	const char *timestamp = NULL;
	struct buf meta = BUF_INIT;
	double now;
	int has_now, rc = 0;
	size_t i = 0, index = 0;

	if (!root)
		return NF_DATAERR;
	context = cJSON_GetObjectItemCaseSensitive(root, "context");
	if (!cJSON_IsObject(context)) {
		rc = reader_bad(err, in, NULL, "\"context\" must be an object");
		goto out;
	}
	if (reader_string(context, "version", 0, &version, in, "context", err) ||
	    reader_string(context, "runtime", 0, &runtime, in, "context", err) ||
	    reader_string(context, "arch", 0, &arch, in, "context", err) ||
	    reader_number(context, "now", 0, &now, &has_now, in, "context", err)) {
		rc = NF_DATAERR;
		goto out;
	}
	cpu = cJSON_GetObjectItemCaseSensitive(context, "cpu");
	if (cJSON_IsObject(cpu) && reader_string(cpu, "name", 0, &cpu_name, in, "context.cpu", err)) {
		rc = NF_DATAERR;
		goto out;
	}
	if (runtime) {
		buf_puts(&meta, "\"runtime\":");
		json_escape(&meta, runtime);
	}
	if (version) {
		buf_puts(&meta, meta.len ? ",\"runtime_version\":" : "\"runtime_version\":");
		json_escape(&meta, version);
	}
	if (in->label)
		version = in->label;
	if (!version) {
		rc = reader_bad(err, in, "context", "no runtime \"version\": give the version on the "
				"command line as VERSION=%s", in->path);
		goto out;
	}
	if (has_now && now > 0 && now < 32503680000000.0) { /* before the year 3000 */
		time_t t = (time_t)(now / 1000);
		struct tm tm;
		char iso[32];
		gmtime_r(&t, &tm);
		strftime(iso, sizeof iso, "%Y-%m-%dT%H:%M:%SZ", &tm);
		timestamp = model_intern(m, iso);
	}
	reader_env_default(m, "cpu", cpu_name);
	platform = platform_of(m, arch);
	if (!(benchmarks = reader_array(root, "benchmarks", in, NULL, err))) {
		rc = NF_DATAERR;
		goto out;
	}
	m->ndocs++;
	cJSON_ArrayForEach(b, benchmarks) {
		char where[80];
		size_t j = 0;
		snprintf(where, sizeof where, "benchmarks[%zu]", i);
		if (!cJSON_IsObject(b) || !(runs = reader_array(b, "runs", in, where, err))) {
			rc = cJSON_IsObject(b) ? NF_DATAERR : reader_bad(err, in, where, "must be an object");
			break;
		}
		cJSON_ArrayForEach(run, runs) {
			snprintf(where, sizeof where, "benchmarks[%zu].runs[%zu]", i, j++);
			if ((rc = read_run(m, in, run, where, ++index, version, platform, timestamp,
					   meta.len ? meta.s : NULL, err)) != 0)
				break;
		}
		if (rc)
			break;
		i++;
	}
	if (!rc && index == 0)
		rc = reader_bad(err, in, NULL, "no benchmark runs");
out:
	buf_release(&meta);
	cJSON_Delete(root);
	return rc;
}

const struct ingest_format ingest_format_mitata = {
	"mitata",
	probe_mitata,
	read_mitata,
};
