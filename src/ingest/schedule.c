/*
 * schedule.c - reading a release schedule file (schedule.h): the file read
 * whole, parsed with the checks of every JSON input (json_input.h), and each
 * line's dates and names validated at the boundary, with the file and the
 * line in the message. Dates are kept as "YYYY-MM-DD" strings, which order
 * like the dates they name (windows.c compares them).
 */
#include "ingest/schedule.h"
#include "ingest/json_input.h"
#include "lib/iso8601.h"
#include "lib/util.h"
#include "model/semver.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void schedule_release(struct schedule *s)
{
	for (size_t i = 0; i < s->nlines; i++) {
		free(s->lines[i].line);
		free(s->lines[i].codename);
		free(s->lines[i].v8);
		free(s->lines[i].v8_latest);
		free(s->lines[i].latest);
	}
	free(s->lines);
	free(s->product);
	memset(s, 0, sizeof *s);
}

/* Copies an optional string member; "" counts as absent. */
static int get_str(const cJSON *obj, const char *key, char **out, const char *path,
		   const char *line, struct nf_error *err)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);
	*out = NULL;
	if (!it || cJSON_IsNull(it))
		return 0;
	if (!cJSON_IsString(it))
		return nf_error_set(err, NF_DATAERR, "cannot read schedule '%s': \"%s\".%s must be a string",
				    path, line, key);
	if (!utf8_valid(it->valuestring, strlen(it->valuestring)))
		return nf_error_set(err, NF_DATAERR, "cannot read schedule '%s': \"%s\".%s is not valid UTF-8",
				    path, line, key);
	if (utf8_control_char(it->valuestring, 0))
		return nf_error_set(err, NF_DATAERR,
				    "cannot read schedule '%s': \"%s\".%s holds the control character U+%04X",
				    path, line, key, utf8_control_char(it->valuestring, 0));
	if (it->valuestring[0])
		*out = xstrdup(it->valuestring);
	return 0;
}

static int get_date(const cJSON *obj, const char *key, char out[11], const char *path,
		    const char *line, struct nf_error *err)
{
	char *s;
	int rc = get_str(obj, key, &s, path, line, err);
	out[0] = '\0';
	if (rc)
		return rc;
	if (!s)
		return 0;
	if (!iso8601_date(s)) {
		free(s);
		return nf_error_set(err, NF_DATAERR,
				    "cannot read schedule '%s': \"%s\".%s is not a date (YYYY-MM-DD)",
				    path, line, key);
	}
	memcpy(out, s, 11);
	free(s);
	return 0;
}

static int cmp_line(const void *a, const void *b)
{
	const struct release_line *x = a, *y = b;
	return (x->major > y->major) - (x->major < y->major);
}

int schedule_load(struct schedule *s, const char *path, struct nf_error *err)
{
	char *text;
	size_t len;
	struct buf why = BUF_INIT;
	const char *dup;
	cJSON *root, *it;
	int e, rc = 0;
	size_t alloc = 0;

	schedule_release(s);
	if ((e = read_file(path, &text, &len)) != 0)
		return nf_error_set(err, nf_status_for_read_errno(e), "cannot read schedule '%s': %s",
				    path, strerror(e));
	root = json_input_parse(text, len, 1, &why);
	free(text);
	if (!root) {
		nf_error_set(err, NF_DATAERR, "cannot read schedule '%s': %s", path, why.s);
		buf_release(&why);
		return NF_DATAERR;
	}
	buf_release(&why);
	if ((dup = json_duplicate_key(root, NULL)) != NULL) {
		nf_error_set(err, NF_DATAERR, "cannot read schedule '%s': the key \"%s\" appears twice",
			     path, dup);
		cJSON_Delete(root);
		return NF_DATAERR;
	}
	if (!cJSON_IsObject(root)) {
		cJSON_Delete(root);
		return nf_error_set(err, NF_DATAERR,
				    "cannot read schedule '%s': expected an object keyed by release line", path);
	}
	cJSON_ArrayForEach(it, root) {
		struct release_line *l;
		const char *name = it->string;
		if (strcmp(name, "$product") == 0 && cJSON_IsString(it)) {
			const char *v = it->valuestring;
			if (!utf8_valid(v, strlen(v)) || utf8_control_char(v, 0)) {
				rc = nf_error_set(err, NF_DATAERR, "cannot read schedule '%s': \"$product\" is "
						  "not valid UTF-8 without control characters", path);
				break;
			}
			free(s->product);
			s->product = xstrdup(it->valuestring);
			continue;
		}
		if (name[0] == '$')
			continue;
		if (!cJSON_IsObject(it) || semver_major(name) < 0) {
			rc = nf_error_set(err, NF_DATAERR,
					  "cannot read schedule '%s': \"%s\" is not a release line like \"v24\"",
					  path, name);
			break;
		}
		ALLOC_GROW(s->lines, s->nlines + 1, alloc);
		l = &s->lines[s->nlines++];
		memset(l, 0, sizeof *l);
		l->line = xasprintf("v%ld", semver_major(name));
		l->major = (int)semver_major(name);
		if ((rc = get_str(it, "codename", &l->codename, path, name, err)) ||
		    (rc = get_str(it, "v8", &l->v8, path, name, err)) ||
		    (rc = get_str(it, "v8_latest", &l->v8_latest, path, name, err)) ||
		    (rc = get_str(it, "latest", &l->latest, path, name, err)) ||
		    (rc = get_date(it, "start", l->start, path, name, err)) ||
		    (rc = get_date(it, "lts", l->lts, path, name, err)) ||
		    (rc = get_date(it, "maintenance", l->maintenance, path, name, err)) ||
		    (rc = get_date(it, "end", l->end, path, name, err)) ||
		    (rc = get_date(it, "alpha", l->alpha, path, name, err)))
			break;
		if (!l->start[0] || !l->end[0]) {
			rc = nf_error_set(err, NF_DATAERR, "cannot read schedule '%s': \"%s\" needs start and end dates",
					  path, name);
			break;
		}
		/* The annual model (Node.js 27 on): an alpha phase and no separate
		 * LTS date; "maintenance" is the day the line enters LTS. */
		{
			const cJSON *model = cJSON_GetObjectItemCaseSensitive(it, "model");
			l->annual = (cJSON_IsString(model) && strcmp(model->valuestring, "annual") == 0) ||
				    (l->alpha[0] && !l->lts[0]);
		}
	}
	cJSON_Delete(root);
	if (rc) {
		schedule_release(s);
		return rc;
	}
	if (s->nlines == 0) {
		schedule_release(s);
		return nf_error_set(err, NF_DATAERR, "cannot read schedule '%s': no release lines in it",
				    path);
	}
	if (!s->product)
		s->product = xstrdup("Node.js");
	qsort(s->lines, s->nlines, sizeof *s->lines, cmp_line);
	return 0;
}
