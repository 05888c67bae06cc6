/*
 * render.c - the renderer table (the terminal table is render_terminal.c).
 */
#include "render.h"
#include "util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Every output, in the order written. A new output is its render_<name>.c
 * and one line here: the line declares its entry point and adds it to the
 * table (--formats and --help read the names from the table). */
#define OUTPUTS(X)                      \
	X("json", render_json)          \
	X("md", render_markdown)        \
	X("charts", render_charts)      \
	X("pdf", render_pdf)            \
	X("xlsx", render_xlsx)          \
	X("csv", render_csv)            \
	X("rounds", render_rounds)

#define DECLARE(name, fn) \
	int fn(const struct model *m, const struct render_ctx *rc, struct outdir *od, \
	       struct nf_error *err);
OUTPUTS(DECLARE)
#define ENTRY(name, fn) { name, fn },
const struct renderer renderers[] = { OUTPUTS(ENTRY) };
const size_t nrenderers = sizeof renderers / sizeof renderers[0];
