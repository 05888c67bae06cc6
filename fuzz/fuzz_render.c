/*
 * fuzz_render.c - any input through the whole report: ingest as `any` does,
 * the analysis, then every renderer in render.c's table (new ones included)
 * into a scratch output folder that is never committed.
 *
 * Rendering costs milliseconds (fonts, PDF, zip), so inputs are kept small:
 * more than 8 comparisons or 64 results are skipped.
 */
#define _GNU_SOURCE
#include "analysis/analysis.h"
#include "cmd/cli.h"
#include "fuzz.h"
#include "ingest/ingest.h"
#include "lib/output.h"
#include "render/render.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define FONT_DIR "/usr/share/fonts/truetype/dejavu"

static char dir[PATH_MAX];

/* The scratch folder is empty after each input (the output is aborted). */
static void remove_dir(void)
{
	rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char templates[PATH_MAX];
	struct render_ctx rc = { .templates_dir = templates,
				 .font_path = FONT_DIR "/DejaVuSans.ttf",
				 .font_bold_path = FONT_DIR "/DejaVuSans-Bold.ttf",
				 .source_date = 1795910400, .with_charts = 1 };
	struct ingest_input in = { fuzz_file(data, size), "24.0.0" };
	struct model m;
	struct nf_error err;
	struct outdir od;

	if (!dir[0]) {
		const char *tmp = getenv("TMPDIR");
		snprintf(dir, sizeof dir, "%s/noisefloor-fuzz-XXXXXX", tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(dir) || !realpath("templates", templates)) {
			perror("fuzz: run from the top of the source tree");
			abort();
		}
		atexit(remove_dir);
	}
	fuzz_model_init(&m);
	if (ingest_file(&m, &in, &err) == 0 && m.nresults <= 64 && ingest_finish(&m, &err) == 0 &&
	    cli_analyse(&m, &err) == 0 && m.ncomparisons <= 8 &&
	    outdir_open(&od, dir, &err) == 0) {
		struct report rep;
		int status = 0;
		report_build(&rep, &m, rc.with_charts);
		rc.report = &rep;
		for (size_t i = 0; i < nrenderers && !status; i++)
			status = renderers[i].render(&m, &rc, &od, &err);
		report_release(&rep);
		outdir_abort(&od);
	}
	model_release(&m);
	return 0;
}
