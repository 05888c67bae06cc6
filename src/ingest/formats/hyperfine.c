/*
 * hyperfine.c - hyperfine's --export-json output.
 *
 *   {"results": [{"command": "node22 sort.js", "times": [0.114, ...],
 *                 "exit_codes": [0, ...], "parameters": {"v": "22"}, ...}]}
 *
 * Every run hyperfine made is a round of one pass (seconds). hyperfine runs
 * all of a command's runs back to back, so the rounds are marked as not
 * interleaved across versions. The version is the label (VERSION=FILE), else
 * the version parameter of a --parameter-list/--parameter-scan run (the
 * workload is then the command with the value put back as {NAME}), else the
 * command (or its --command-name), with the file name as the workload.
 * The values of a parameter that names no version (--parameter-list level
 * 1,6,9) are variants, whatever they look like (model.variant_parameter);
 * command names are labels, ordered only as releases (model.command_labels).
 */
#include "ingest/formats/reader.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

static int probe_hyperfine(const char *text, size_t len)
{
	if (!reader_has_key(text, len, 0, "results"))
		return 0;
	return strstr(text, "\"command\"") && strstr(text, "\"times\"") &&
	       !strstr(text, "\"workload\"") ? 2 : 0;
}

/* The parameter that carries the version: one named version, v or node, else
 * the only one. NULL when there is none or no way to choose. */
static const cJSON *version_parameter(const cJSON *params)
{
	static const char *const names[] = { "version", "v", "node", "runtime" };
	const cJSON *it;
	int n = 0;
	if (!cJSON_IsObject(params))
		return NULL;
	for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
		it = cJSON_GetObjectItemCaseSensitive(params, names[i]);
		if (it)
			return it;
	}
	cJSON_ArrayForEach(it, params)
		n++;
	return n == 1 ? params->child : NULL;
}

/* 1 when a parameter's name says its values are versions ("v", "ver",
 * "version", "node_version", "runtime", "release"). */
static int names_version(const char *name)
{
	static const char *const exact[] = { "v", "ver", "node", "runtime", "release" };
	for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
		if (strcmp(name, exact[i]) == 0)
			return 1;
	return strstr(name, "version") != NULL || strstr(name, "VERSION") != NULL ||
	       strstr(name, "Version") != NULL;
}

/* The command with every occurrence of value replaced by {name}. */
static char *command_template(const char *command, const char *name, const char *value)
{
	struct buf b = BUF_INIT;
	size_t vlen = strlen(value);
	const char *p = command, *hit;
	if (!vlen)
		return xstrdup(command);
	while ((hit = strstr(p, value)) != NULL) {
		buf_put(&b, p, (size_t)(hit - p));
		buf_printf(&b, "{%s}", name);
		p = hit + vlen;
	}
	buf_puts(&b, p);
	return buf_detach(&b, NULL);
}

static int read_entry(struct model *m, const struct ingest_input *in, const cJSON *e,
		      size_t index, const char *stem, struct nf_error *err)
{
	char where[64];
	const char *command;
	const cJSON *times, *codes, *params, *vp, *t, *c;
	char *workload = NULL;
	const char *version;
	size_t run = 0, kept = 0, failed = 0;
	int rc = 0;

	snprintf(where, sizeof where, "results[%zu]", index);
	if (!cJSON_IsObject(e))
		return reader_bad(err, in, where, "must be an object");
	if (reader_string(e, "command", 1, &command, in, where, err))
		return NF_DATAERR;
	times = cJSON_GetObjectItemCaseSensitive(e, "times");
	if (!times)
		return reader_bad(err, in, where, "no \"times\": export with hyperfine 1.2 or newer, "
				  "which records every run");
	if (!(times = reader_array(e, "times", in, where, err)))
		return NF_DATAERR;
	codes = cJSON_GetObjectItemCaseSensitive(e, "exit_codes");
	if (codes && !cJSON_IsArray(codes) && !cJSON_IsNull(codes))
		return reader_bad(err, in, where, "\"exit_codes\" must be an array");
	if (cJSON_IsArray(codes) && cJSON_GetArraySize(codes) != cJSON_GetArraySize(times))
		return reader_bad(err, in, where, "\"exit_codes\" and \"times\" differ in length");
	params = cJSON_GetObjectItemCaseSensitive(e, "parameters");
	if (params && !cJSON_IsObject(params) && !cJSON_IsNull(params))
		return reader_bad(err, in, where, "\"parameters\" must be an object");

	vp = in->label ? NULL : version_parameter(params);
	if (in->label) {
		version = in->label;
		workload = xstrdup(command);
	} else if (vp) {
		if (!cJSON_IsString(vp))
			return reader_bad(err, in, where, "parameter \"%s\" must be a string", vp->string);
		if (reader_check_name(vp->valuestring, "the version parameter", in, where, err))
			return NF_DATAERR;
		version = vp->valuestring;
		workload = command_template(command, vp->string, vp->valuestring);
		if (!names_version(vp->string))
			m->variant_parameter = model_intern(m, vp->string);
	} else {
		version = command;
		workload = xstrdup(stem);
		m->command_labels = 1;
	}
	if (reader_check_name(workload, "the workload", in, where, err)) {
		free(workload);
		return NF_DATAERR;
	}

	c = cJSON_IsArray(codes) ? codes->child : NULL;
	cJSON_ArrayForEach(t, times) {
		struct result_draft *r;
		double *pass;
		run++;
		if (!cJSON_IsNumber(t) || !(t->valuedouble > 0) || t->valuedouble > 1e12) {
			rc = reader_bad(err, in, where, "\"times\"[%zu] must be a finite number above zero",
					run - 1);
			break;
		}
		if (c && !(cJSON_IsNumber(c) && c->valuedouble == 0)) {
			failed++; /* --ignore-failure: not a measurement */
			c = c->next;
			continue;
		}
		if (c)
			c = c->next;
		pass = xmalloc(sizeof *pass);
		*pass = t->valuedouble;
		r = reader_result(m, in, index + 1, 0, workload, version, "s", NULL, pass, 1);
		r->round = (int)++kept;
		r->back_to_back = 1;
		reader_meta(m, r, "hyperfine", NULL);
		model_add_result(m, r);
	}
	if (!rc && run == 0)
		rc = reader_bad(err, in, where, "\"times\" is empty");
	if (!rc && kept == 0)
		rc = reader_bad(err, in, where, "every run exited with a non-zero status");
	if (!rc && failed)
		model_warn(m, "'%s': %zu of %zu runs of \"%s\" exited with a non-zero status and were "
			   "left out", in->path, failed, run, command);
	free(workload);
	return rc;
}

static int read_hyperfine(struct model *m, const struct ingest_input *in, const char *text,
			  size_t len, struct nf_error *err)
{
	cJSON *root = reader_parse(in, text, len, err);
	const cJSON *results, *e;
	const char *stem;
	size_t i = 0;
	int rc = 0;

	if (!root)
		return NF_DATAERR;
	if (!(results = reader_array(root, "results", in, NULL, err))) {
		cJSON_Delete(root);
		return NF_DATAERR;
	}
	if (!results->child)
		rc = reader_bad(err, in, NULL, "\"results\" is empty");
	m->ndocs++;
	stem = reader_stem(m, in);
	cJSON_ArrayForEach(e, results) {
		if (rc)
			break;
		rc = read_entry(m, in, e, i++, stem, err);
	}
	cJSON_Delete(root);
	return rc;
}

const struct ingest_format ingest_format_hyperfine = {
	"hyperfine",
	probe_hyperfine,
	read_hyperfine,
};
