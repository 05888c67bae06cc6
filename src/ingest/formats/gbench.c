/*
 * gbench.c - Google Benchmark's JSON output (--benchmark_format=json
 * or --benchmark_out=FILE).
 *
 *   {"context": {"date": ..., "num_cpus": 2, ...},
 *    "benchmarks": [{"name": "BM_Sort/old", "run_name": "BM_Sort/old",
 *                    "run_type": "iteration", "repetition_index": 0,
 *                    "real_time": 5313140.2, "time_unit": "ns", ...},
 *                   {"run_type": "aggregate", "aggregate_name": "mean", ...}]}
 *
 * Every "iteration" entry (one per --benchmark_repetitions repetition) is a
 * round of one pass, its real_time per iteration; aggregates are left out,
 * since they summarise those same repetitions. Repetitions run back to back.
 * The version is the label, else an explicit "version:VALUE" part of the run
 * name ("BM_Concat/version:old" is version "old" of "BM_Concat"). Arguments
 * ("BM_SortInts/1000") stay in the workload name: they are what is measured,
 * never a version; a file with no version anywhere is refused with the fix
 * (VERSION=FILE).
 */
#include "ingest/formats/reader.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static int probe_gbench(const char *text, size_t len)
{
	if (!reader_has_key(text, len, 0, "benchmarks") || !reader_has_key(text, len, 0, "context"))
		return 0;
	return strstr(text, "\"real_time\"") && strstr(text, "\"time_unit\"") ? 2 : 0;
}

/* Splits a run name into workload and version (both malloc'd) when one of
 * its parts is an explicit "version:VALUE" named argument
 * (BENCHMARK(BM_Concat)->ArgName("version") style); the other parts stay in
 * the workload. Returns 0 when no part names a version: the arguments of a
 * benchmark ("BM_SortInts/1000") are part of what is measured, never a
 * version. */
static int split_name(const char *name, char **workload, char **version)
{
	static const char key[] = "version:";
	const char *p = name, *found = NULL, *found_end = NULL;
	struct buf w = BUF_INIT;

	while (*p) {
		const char *e = strchr(p, '/');
		if (!e)
			e = p + strlen(p);
		if ((size_t)(e - p) > sizeof key - 1 && strncmp(p, key, sizeof key - 1) == 0) {
			found = p;
			found_end = e;
		}
		p = *e ? e + 1 : e;
	}
	if (!found)
		return 0;
	buf_put(&w, name, (size_t)(found - name));
	buf_puts(&w, *found_end ? found_end + 1 : "");
	if (w.len && w.s[w.len - 1] == '/')
		w.s[--w.len] = '\0';
	*workload = buf_detach(&w, NULL);
	*version = xstrndup(found + sizeof key - 1, (size_t)(found_end - found - (sizeof key - 1)));
	return 1;
}

/* A small map from run name to the number of rounds seen, for files without
 * repetition_index. */
struct seen {
	const char **names;
	int *count;
	size_t n, alloc, count_alloc;
};

static int next_round(struct seen *s, const char *name)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->names[i] == name)
			return ++s->count[i];
	ALLOC_GROW(s->names, s->n + 1, s->alloc);
	ALLOC_GROW(s->count, s->n + 1, s->count_alloc);
	s->names[s->n] = name;
	s->count[s->n++] = 1;
	return 1;
}

static int read_entry(struct model *m, const struct ingest_input *in, const cJSON *e,
		      size_t index, const char *stem, const char *date, struct seen *seen,
		      struct nf_error *err)
{
	char where[64];
	const char *name, *run_name, *run_type, *unit, *err_msg;
	const cJSON *it;
	double real_time, rep = 0;
	int has_rep;
	char *workload = NULL, *version = NULL;
	struct result_draft *r;
	double *pass;
	int rc = 0;

	snprintf(where, sizeof where, "benchmarks[%zu]", index);
	if (!cJSON_IsObject(e))
		return reader_bad(err, in, where, "must be an object");
	if (reader_string(e, "name", 1, &name, in, where, err) ||
	    reader_string(e, "run_name", 0, &run_name, in, where, err) ||
	    reader_string(e, "run_type", 0, &run_type, in, where, err))
		return NF_DATAERR;
	if (run_type && strcmp(run_type, "aggregate") == 0)
		return 0;
	it = cJSON_GetObjectItemCaseSensitive(e, "error_occurred");
	if (cJSON_IsTrue(it)) {
		if (reader_string(e, "error_message", 0, &err_msg, in, where, err))
			return NF_DATAERR;
		return reader_bad(err, in, where, "\"%s\" failed: %s", name,
				  err_msg ? err_msg : "error_occurred is true");
	}
	if (reader_number(e, "real_time", 1, &real_time, NULL, in, where, err) ||
	    reader_string(e, "time_unit", 1, &unit, in, where, err) ||
	    reader_number(e, "repetition_index", 0, &rep, &has_rep, in, where, err))
		return NF_DATAERR;
	if (!(real_time > 0))
		return reader_bad(err, in, where, "\"real_time\" must be above zero");
	if (strcmp(unit, "ns") && strcmp(unit, "us") && strcmp(unit, "ms") && strcmp(unit, "s"))
		return reader_bad(err, in, where, "\"time_unit\" must be ns, us, ms or s, not \"%s\"",
				  unit);
	if (has_rep && (rep < 0 || rep != floor(rep) || rep > 1e9))
		return reader_bad(err, in, where, "\"repetition_index\" must be a whole number from 0");
	if (!run_name)
		run_name = name;

	(void)stem;
	if (in->label) {
		workload = xstrdup(run_name);
		version = xstrdup(in->label);
	} else if (!split_name(run_name, &workload, &version)) {
		return reader_no_version(err, in, "Google Benchmark");
	}
	if (reader_check_name(workload, "the workload from the name", in, where, err) ||
	    reader_check_name(version, "the version from the name", in, where, err)) {
		rc = NF_DATAERR;
		goto out;
	}
	pass = xmalloc(sizeof *pass);
	*pass = real_time;
	r = reader_result(m, in, index + 1, 0, workload, version, unit, NULL, pass, 1);
	r->round = has_rep ? (int)rep + 1 : next_round(seen, model_intern(m, run_name));
	r->back_to_back = 1;
	r->timestamp = date;
	reader_meta(m, r, "google-benchmark", NULL);
	model_add_result(m, r);
out:
	free(workload);
	free(version);
	return rc;
}

static int read_gbench(struct model *m, const struct ingest_input *in, const char *text,
		       size_t len, struct nf_error *err)
{
	cJSON *root = reader_parse(in, text, len, err);
	const cJSON *benchmarks, *context, *e;
	const char *date = NULL, *stem, *s;
	struct seen seen = { 0 };
	size_t i = 0, before;
	double cpus;
	int has_cpus, rc = 0;

	if (!root)
		return NF_DATAERR;
	context = cJSON_GetObjectItemCaseSensitive(root, "context");
	if (!cJSON_IsObject(context)) {
		rc = reader_bad(err, in, NULL, "\"context\" must be an object");
		goto out;
	}
	if (reader_string(context, "date", 0, &s, in, "context", err) ||
	    reader_number(context, "num_cpus", 0, &cpus, &has_cpus, in, "context", err)) {
		rc = NF_DATAERR;
		goto out;
	}
	date = reader_timestamp(m, s);
	if (has_cpus && cpus >= 1 && cpus < 1e6) {
		char *v = xasprintf("%.0f", cpus);
		reader_env_default(m, "cores", v);
		free(v);
	}
	if (!(benchmarks = reader_array(root, "benchmarks", in, NULL, err))) {
		rc = NF_DATAERR;
		goto out;
	}
	m->ndocs++;
	stem = reader_stem(m, in);
	before = m->nresults;
	cJSON_ArrayForEach(e, benchmarks) {
		if ((rc = read_entry(m, in, e, i++, stem, date, &seen, err)) != 0)
			break;
	}
	if (!rc && m->nresults == before)
		rc = reader_bad(err, in, NULL, "no per-repetition results (run_type \"iteration\"): "
				"run without --benchmark_report_aggregates_only");
out:
	free(seen.names);
	free(seen.count);
	cJSON_Delete(root);
	return rc;
}

const struct ingest_format ingest_format_gbench = {
	"Google Benchmark",
	probe_gbench,
	read_gbench,
};
