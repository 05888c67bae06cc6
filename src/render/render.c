/*
 * render.c - the renderer table (the terminal table is render_terminal.c),
 * and what every layout shares: an entry starts with a capital.
 */
#include "render/render.h"
#include "lib/util.h"
#include "present/doc_context.h"
#include "render/formats_lib.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Every output, in the order written. A new output is its render_<name>.c
 * and one line here: the line declares its entry point and adds it to the
 * table (--formats and --help read the names from the table). LOADED marks
 * an output whose file needs cairo, libxlsxwriter or another large
 * library: it goes into noisefloor-formats.so (the Makefile's FORMATS_SRCS)
 * and is called through formats_lib.h; BUILTIN ones are in the program. */
#define OUTPUTS(X)                               \
	X("json", render_json, BUILTIN)          \
	X("md", render_markdown, BUILTIN)        \
	X("ci", render_ci, BUILTIN)              \
	X("charts", render_charts, LOADED)       \
	X("pdf", render_pdf, LOADED)             \
	X("html", render_html, LOADED)           \
	X("xlsx", render_xlsx, LOADED)           \
	X("csv", render_csv, BUILTIN)            \
	X("rounds", render_rounds, BUILTIN)

#define DECLARE(name, fn, where) \
	int fn(const struct model *m, const struct render_ctx *rc, struct outdir *od, \
	       struct nf_error *err);
OUTPUTS(DECLARE)

/* A LOADED output's entry in the table calls it through the shared object. */
#define CALL_BUILTIN(name, fn)
#define CALL_LOADED(name, fn)                                                              \
	static int loaded_##fn(const struct model *m, const struct render_ctx *rc,         \
			       struct outdir *od, struct nf_error *err)                    \
	{                                                                                  \
		__typeof__(&fn) f = FORMATS_FN(fn, "the " name " output", err);             \
		return f ? f(m, rc, od, err) : err->status;                                \
	}
#define CALL(name, fn, where) CALL_##where(name, fn)
OUTPUTS(CALL)

#define FN_BUILTIN(fn) fn
#define FN_LOADED(fn) loaded_##fn
#define ENTRY(name, fn, where) { name, FN_##where(fn), where == LOADED },
enum { BUILTIN, LOADED };
const struct renderer renderers[] = { OUTPUTS(ENTRY) };
const size_t nrenderers = sizeof renderers / sizeof renderers[0];

void render_capital(char *s)
{
	doc_capital(s);
}
