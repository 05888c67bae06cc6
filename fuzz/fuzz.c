/*
 * fuzz.c - the shared part of the fuzz targets (see fuzz.h).
 */
#define _GNU_SOURCE
#include "fuzz.h"

#include "analysis/analysis.h"
#include "cmd/cli.h"
#include "ingest/ingest.h"
#include "ingest/schedule.h"
#include "lib/error.h"
#include "lib/util.h"
#include "render/render.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* A memfd with the given bytes; returns its descriptor. */
static int memfd_with(const void *data, size_t size)
{
	int fd = memfd_create("fuzz", MFD_CLOEXEC);
	if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size)) {
		perror("fuzz: memfd");
		abort();
	}
	return fd;
}

void fuzz_model_init(struct model *m)
{
	static char schedule[64];
	struct nf_error err;
	if (!schedule[0]) {
		/* read once: later runs do not depend on the working folder */
		char *text;
		size_t len;
		if (read_file("data/nodejs-schedule.json", &text, &len) != 0) {
			fprintf(stderr, "fuzz: run from the top of the source tree\n");
			abort();
		}
		snprintf(schedule, sizeof schedule, "/proc/self/fd/%d", memfd_with(text, len));
		free(text);
	}
	model_init(m);
	memcpy(m->as_of, "2026-11-29", 11);
	m->min_rounds = 3;
	if (schedule_load(&m->schedule, schedule, &err) != 0) {
		fprintf(stderr, "fuzz: %s\n", err.msg);
		abort();
	}
}

void fuzz_model_finish(struct model *m)
{
	struct nf_error err;
	if (ingest_finish(m, &err) == 0 && cli_analyse(m, &err) == 0) {
		FILE *null = fopen("/dev/null", "w");
		if (null) {
			struct report rep;
			report_build(&rep, m, 0);
			render_terminal(&rep, 80, null, null);
			report_release(&rep);
			fclose(null);
		}
	}
	model_release(m);
}

const char *fuzz_file(const uint8_t *data, size_t size)
{
	static int fd = -1;
	static char path[64];
	if (fd >= 0)
		close(fd);
	fd = memfd_with(data, size);
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
	return path;
}

int fuzz_same_str(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

const char *fuzz_result_differs(const struct result *a, const struct result *b)
{
	const struct series *x = a->series, *y = b->series;
	size_t n = result_npasses(a);
	if (!fuzz_same_str(x->workload, y->workload) || !fuzz_same_str(x->version, y->version) ||
	    !fuzz_same_str(x->platform, y->platform) || !fuzz_same_str(x->unit, y->unit) ||
	    !fuzz_same_str(result_timestamp(a), result_timestamp(b)) ||
	    !fuzz_same_str(x->note, y->note) || !fuzz_same_str(x->meta_json, y->meta_json) ||
	    !fuzz_same_str(x->v8, y->v8) || !fuzz_same_str(x->source, y->source))
		return "names";
	if (x->better != y->better || a->round != b->round || a->where != b->where ||
	    x->where_is_line != y->where_is_line || x->doc != y->doc ||
	    x->back_to_back != y->back_to_back || x->runner_interleaved != y->runner_interleaved ||
	    n != result_npasses(b) || memcmp(&a->value, &b->value, sizeof a->value) != 0)
		return "numbers";
	if (memcmp(result_passes(a), result_passes(b), n * sizeof *result_passes(a)) != 0)
		return "passes";
	return NULL;
}
