/*
 * pyperf.c - pyperf's JSON format (file format "1.0"; 6 and 5 from
 * older perf releases), as written by `pyperf command`, Runner scripts and
 * pyperformance:
 *
 *   {"version": "1.0", "metadata": {...common to every run...},
 *    "benchmarks": [{"metadata": {"name": "telco", ...},
 *                    "runs": [{"metadata": {"calibrate_loops": 1},
 *                              "warmups": [[loops, value]]},
 *                             {"metadata": {"date": "2026-11-29 22:24:48"},
 *                              "warmups": [[1, 0.2]], "values": [0.19, ...]}]}]}
 *
 * Metadata is looked up in the run, then the benchmark, then the file. Every
 * run with values is one worker process: a round whose values are its
 * passes. Calibration runs (no values) are left out. pyperf runs a
 * benchmark's processes one after another, so the rounds are back to back.
 * Units: "second" (the default) is s, others are kept. The version is the
 * label, else the Python version pyperf records (not for `pyperf command`,
 * where that is only the harness); without either the file is refused with
 * the fix (VERSION=FILE): benchmark names are workloads, never versions.
 */
#include "ingest/formats/reader.h"
#include "lib/jsonw.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

static int probe_pyperf(const char *text, size_t len)
{
	if (!reader_has_key(text, len, 0, "benchmarks") || !reader_has_key(text, len, 0, "version") ||
	    reader_has_key(text, len, 0, "context"))
		return 0;
	return strstr(text, "\"runs\"") ? 2 : 0;
}

/* Metadata layers, innermost first. */
struct layers {
	const cJSON *md[3];
};

static const cJSON *lookup(const struct layers *l, const char *key)
{
	for (int i = 0; i < 3; i++) {
		const cJSON *v = l->md[i] ? cJSON_GetObjectItemCaseSensitive(l->md[i], key) : NULL;
		if (v)
			return v;
	}
	return NULL;
}

static int lookup_string(const struct layers *l, const char *key, const char **out,
			 const struct ingest_input *in, const char *where, struct nf_error *err)
{
	const cJSON *v = lookup(l, key);
	*out = NULL;
	if (!v || cJSON_IsNull(v))
		return 0;
	if (!cJSON_IsString(v))
		return reader_bad(err, in, where, "metadata \"%s\" must be a string", key);
	if (reader_check_name(v->valuestring, key, in, where, err))
		return NF_DATAERR;
	*out = v->valuestring;
	return 0;
}

static const cJSON *metadata_of(const cJSON *obj, const char *key, int *bad)
{
	const cJSON *md = cJSON_GetObjectItemCaseSensitive(obj, key);
	*bad = md && !cJSON_IsObject(md) && !cJSON_IsNull(md);
	return cJSON_IsObject(md) ? md : NULL;
}

static int read_run(struct model *m, const struct ingest_input *in, const cJSON *run,
		    struct layers *l, const char *values_key, const char *where, size_t where_n,
		    const char *stem, int *round, struct nf_error *err)
{
	const char *name, *unit, *pyver, *command, *date, *version, *workload;
	const cJSON *values;
	char *pyv = NULL;
	double *passes;
	size_t n;
	struct result_draft *r;
	struct buf meta = BUF_INIT;
	int bad;

	if (!cJSON_IsObject(run))
		return reader_bad(err, in, where, "must be an object");
	l->md[0] = metadata_of(run, "metadata", &bad);
	if (bad)
		return reader_bad(err, in, where, "\"metadata\" must be an object");
	values = cJSON_GetObjectItemCaseSensitive(run, values_key);
	if (!values || cJSON_IsNull(values) || (cJSON_IsArray(values) && !values->child))
		return 0; /* a calibration run */
	if (!cJSON_IsArray(values))
		return reader_bad(err, in, where, "\"%s\" must be an array", values_key);
	if (lookup_string(l, "name", &name, in, where, err) ||
	    lookup_string(l, "unit", &unit, in, where, err) ||
	    lookup_string(l, "python_version", &pyver, in, where, err) ||
	    lookup_string(l, "command", &command, in, where, err) ||
	    lookup_string(l, "date", &date, in, where, err))
		return NF_DATAERR;
	if (!name)
		return reader_bad(err, in, where, "the benchmark has no \"name\" in its metadata");
	if (!unit || strcmp(unit, "second") == 0)
		unit = "s";
	if (pyver) {
		size_t k = strcspn(pyver, " ");
		pyv = xstrndup(pyver, k);
		buf_puts(&meta, "\"python_version\":");
		json_escape(&meta, pyv);
	}
	if (in->label) {
		version = in->label;
		workload = name;
	} else if (pyv && *pyv && !command) {
		version = pyv;
		workload = name;
	} else {
		/* benchmark names are workloads, never versions */
		(void)stem;
		free(pyv);
		buf_release(&meta);
		return reader_no_version(err, in, command ? "pyperf command" : "pyperf");
	}
	if (reader_passes(values, 1, 0, &passes, &n, in, where, err)) {
		free(pyv);
		buf_release(&meta);
		return NF_DATAERR;
	}
	r = reader_result(m, in, where_n, 0, workload, version, unit, NULL, passes, n);
	r->round = ++*round;
	r->back_to_back = 1;
	r->timestamp = reader_timestamp(m, date);
	reader_meta(m, r, "pyperf", meta.len ? meta.s : NULL);
	model_add_result(m, r);
	free(pyv);
	buf_release(&meta);
	return 0;
}

static int read_pyperf(struct model *m, const struct ingest_input *in, const char *text,
		       size_t len, struct nf_error *err)
{
	cJSON *root = reader_parse(in, text, len, err);
	const cJSON *version, *benchmarks, *b, *runs, *run;
	const char *values_key = "values", *stem;
	struct layers l = { { NULL, NULL, NULL } };
	size_t i = 0, index = 0, before;
	int bad, rc = 0;

	if (!root)
		return NF_DATAERR;
	version = cJSON_GetObjectItemCaseSensitive(root, "version");
	if (cJSON_IsNumber(version) && (version->valuedouble == 5 || version->valuedouble == 6)) {
		if (version->valuedouble == 5)
			values_key = "samples";
	} else if (!cJSON_IsString(version) || strcmp(version->valuestring, "1.0") != 0) {
		rc = reader_bad(err, in, NULL, "pyperf file format \"version\" must be \"1.0\", 6 or 5");
		goto out;
	}
	l.md[2] = metadata_of(root, "metadata", &bad);
	if (bad) {
		rc = reader_bad(err, in, NULL, "\"metadata\" must be an object");
		goto out;
	}
	if (!(benchmarks = reader_array(root, "benchmarks", in, NULL, err))) {
		rc = NF_DATAERR;
		goto out;
	}
	m->ndocs++;
	stem = reader_stem(m, in);
	before = m->nresults;
	cJSON_ArrayForEach(b, benchmarks) {
		char where[80];
		size_t j = 0;
		int round = 0;
		snprintf(where, sizeof where, "benchmarks[%zu]", i);
		if (!cJSON_IsObject(b)) {
			rc = reader_bad(err, in, where, "must be an object");
			break;
		}
		l.md[1] = metadata_of(b, "metadata", &bad);
		if (!l.md[1] && !bad)
			l.md[1] = metadata_of(b, "common_metadata", &bad);
		if (bad) {
			rc = reader_bad(err, in, where, "\"metadata\" must be an object");
			break;
		}
		if (!(runs = reader_array(b, "runs", in, where, err))) {
			rc = NF_DATAERR;
			break;
		}
		cJSON_ArrayForEach(run, runs) {
			snprintf(where, sizeof where, "benchmarks[%zu].runs[%zu]", i, j++);
			if ((rc = read_run(m, in, run, &l, values_key, where, ++index, stem, &round,
					   err)) != 0)
				break;
		}
		if (rc)
			break;
		i++;
	}
	if (!rc && m->nresults == before)
		rc = reader_bad(err, in, NULL, "no runs with values (only calibration runs)");
out:
	cJSON_Delete(root);
	return rc;
}

const struct ingest_format ingest_format_pyperf = {
	"pyperf",
	probe_pyperf,
	read_pyperf,
};
