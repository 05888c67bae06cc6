/*
 * autocannon.c - autocannon's --json output (one run per file).
 *
 *   {"title": "GET /items", "url": "http://127.0.0.1:3101/items",
 *    "connections": 10, "duration": 3.02, "start": "2026-11-29T22:22:50.859Z",
 *    "errors": 0, "timeouts": 0, "non2xx": 0,
 *    "requests": {"average": 34589.34, "mean": 34589.34, ...},
 *    "latency": {...}, "throughput": {...}}
 *
 * One file is one round with one pass: the run's mean requests per second.
 * The workload is the title, else the URL. The version is the label; without
 * one, a file with a title is the version named by its title and the URL is
 * the workload. Errors, timeouts and non-2xx responses become the note.
 */
#include "ingest/formats/reader.h"
#include "lib/util.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

static int probe_autocannon(const char *text, size_t len)
{
	return reader_has_key(text, len, 0, "requests") && reader_has_key(text, len, 0, "latency") &&
	       reader_has_key(text, len, 0, "throughput") && reader_has_key(text, len, 0, "url")
	       ? 2 : 0;
}

/* The "url" member: a string, or an array of strings joined by spaces. */
static int read_url(const cJSON *root, struct buf *out, const struct ingest_input *in,
		    struct nf_error *err)
{
	const cJSON *url = cJSON_GetObjectItemCaseSensitive(root, "url"), *it;
	if (cJSON_IsString(url)) {
		buf_puts(out, url->valuestring);
	} else if (cJSON_IsArray(url)) {
		cJSON_ArrayForEach(it, url) {
			if (!cJSON_IsString(it))
				return reader_bad(err, in, NULL, "\"url\" must be a string or strings");
			buf_printf(out, "%s%s", out->len ? " " : "", it->valuestring);
		}
	} else {
		return reader_bad(err, in, NULL, "\"url\" must be a string");
	}
	return reader_check_name(buf_str(out), "\"url\"", in, NULL, err);
}

static int read_autocannon(struct model *m, const struct ingest_input *in, const char *text,
			   size_t len, struct nf_error *err)
{
	cJSON *root = reader_parse(in, text, len, err);
	const cJSON *requests;
	const char *title, *start, *workload, *version;
	struct buf url = BUF_INIT, note = BUF_INIT;
	static const char *const problems[] = { "errors", "timeouts", "non2xx" };
	double mean, *pass;
	int has_mean, rc = 0;
	struct result_draft *r;

	if (!root)
		return NF_DATAERR;
	if (reader_string(root, "title", 0, &title, in, NULL, err) ||
	    reader_string(root, "start", 0, &start, in, NULL, err) ||
	    read_url(root, &url, in, err)) {
		rc = NF_DATAERR;
		goto out;
	}
	requests = cJSON_GetObjectItemCaseSensitive(root, "requests");
	if (!cJSON_IsObject(requests)) {
		rc = reader_bad(err, in, NULL, "\"requests\" must be an object");
		goto out;
	}
	if (reader_number(requests, "mean", 0, &mean, &has_mean, in, "requests", err) ||
	    (!has_mean && reader_number(requests, "average", 1, &mean, NULL, in, "requests", err))) {
		rc = NF_DATAERR;
		goto out;
	}
	if (!(mean > 0)) {
		rc = reader_bad(err, in, "requests", "the mean is not above zero: no request "
				"was answered");
		goto out;
	}
	for (size_t i = 0; i < sizeof problems / sizeof problems[0]; i++) {
		double v;
		int has;
		if (reader_number(root, problems[i], 0, &v, &has, in, NULL, err)) {
			rc = NF_DATAERR;
			goto out;
		}
		if (has && v > 0)
			buf_printf(&note, "%s%.0f %s", note.len ? ", " : "", v,
				   strcmp(problems[i], "non2xx") == 0 ? "non-2xx responses" : problems[i]);
	}
	if (in->label) {
		version = in->label;
		workload = title ? title : url.s;
	} else if (title) {
		version = title;
		workload = url.s;
	} else {
		rc = reader_bad(err, in, NULL, "autocannon records no version: give it on the command "
				"line as VERSION=%s (or name the run with --title)", in->path);
		goto out;
	}
	m->ndocs++;
	pass = xmalloc(sizeof *pass);
	*pass = mean;
	r = reader_result(m, in, 1, 0, workload, version, "req/s", NULL, pass, 1);
	r->timestamp = reader_timestamp(m, start);
	if (note.len)
		r->note = model_intern(m, note.s);
	reader_meta(m, r, "autocannon", NULL);
	model_add_result(m, r);
out:
	buf_release(&url);
	buf_release(&note);
	cJSON_Delete(root);
	return rc;
}

const struct ingest_format ingest_format_autocannon = {
	"autocannon",
	probe_autocannon,
	read_autocannon,
};
