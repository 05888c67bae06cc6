/*
 * render_pdf.c - the "pdf" renderer: out/report.pdf, the whole evidence on
 * A4 pages (summary, verdicts, charts as vectors, support windows, method,
 * every round in an appendix). Work in progress: not yet in the renderer
 * table.
 */
#include "render.h"

int render_pdf(const struct model *m, const struct render_ctx *rc, struct outdir *od,
	       struct nf_error *err);

int render_pdf(const struct model *m, const struct render_ctx *rc, struct outdir *od,
	       struct nf_error *err)
{
	(void)m;
	(void)rc;
	(void)od;
	(void)err;
	return 0;
}
