/*
 * render.h - the renderers. Each reads only the model and writes its files
 * through the outdir; each lives in its own render_<name>.c. The table in
 * render.c lists them in the order they run.
 */
#ifndef NF_RENDER_H
#define NF_RENDER_H

#include <stdio.h>
#include "error.h"
#include "model.h"
#include "output.h"

struct render_ctx {
	const char *templates_dir; /* folder with the Mustache templates */
	const char *font_path;     /* DejaVuSans.ttf */
	const char *font_bold_path; /* DejaVuSans-Bold.ttf */
	long long source_date;     /* SOURCE_DATE_EPOCH, or -1 */
	int with_charts;           /* the charts renderer runs: documents may link them */
};

struct renderer {
	const char *name;          /* as used by --formats: "json", "md", ... */
	int (*render)(const struct model *m, const struct render_ctx *rc,
		      struct outdir *od, struct nf_error *err);
};

extern const struct renderer renderers[];
extern const size_t nrenderers;

int render_json(const struct model *m, const struct render_ctx *rc,
		struct outdir *od, struct nf_error *err);
/* The support table as a JSON array (analysis.json, windows --json). */
struct jsonw;
void render_json_support(struct jsonw *w, const struct schedule *s);
/* The environment fields as one JSON object (analysis.json, convert). */
void render_json_environment(struct jsonw *w, const struct model *m);
/* The input's "workloads" as one JSON object keyed by workload name
 * (analysis.json, convert). */
void render_json_workloads(struct jsonw *w, const struct model *m);

int render_markdown(const struct model *m, const struct render_ctx *rc,
		    struct outdir *od, struct nf_error *err);
int render_xlsx(const struct model *m, const struct render_ctx *rc,
		struct outdir *od, struct nf_error *err);
int render_charts(const struct model *m, const struct render_ctx *rc,
		  struct outdir *od, struct nf_error *err);
int render_pdf(const struct model *m, const struct render_ctx *rc,
	       struct outdir *od, struct nf_error *err);

/* Every version of the report, in version order (a comparison's order is
 * kept; versions met later are placed after their predecessor). Sets *out to
 * a malloc'd array of borrowed pointers (caller frees the array) and returns
 * its length. */
size_t render_versions(const struct model *m, const struct version_stats ***out);

/* The compact verdict table on the terminal. */
void render_terminal(const struct model *m, FILE *f);

/* Shared number formatting for every renderer (appends to b):
 * a measured value with its unit's usual precision, the same signed ("+0.64",
 * "−1.15", for a shift between versions), a signed percentage, a spread as
 * "±x%". */
struct buf;
void fmt_value(struct buf *b, double v);
void fmt_value_signed(struct buf *b, double v);
void fmt_percent_signed(struct buf *b, double ratio_minus_one);
void fmt_spread(struct buf *b, double spread);

#endif
