/*
 * render.h - the renderers. Each reads only the model and writes its files
 * through the outdir; each lives in its own render_<name>.c. The OUTPUTS list in
 * render.c declares them and lists them in the order they run. Each lays out what the
 * presentation model (rc->report, report.h) says; none recomputes it.
 */
#ifndef NF_RENDER_H
#define NF_RENDER_H

#include <stdio.h>
#include "lib/error.h"
#include "lib/fmt.h"
#include "lib/output.h"
#include "model/model.h"
#include "present/report.h"

struct render_ctx {
	const char *templates_dir; /* folder with the Mustache templates */
	const char *font_path;     /* DejaVuSans.ttf */
	const char *font_bold_path; /* DejaVuSans-Bold.ttf */
	long long source_date;     /* SOURCE_DATE_EPOCH, or -1 */
	int with_charts;           /* the charts renderer runs: documents may link them */
	int with_rounds;           /* rounds.csv is written: documents may point to it */
	const char *link_base;     /* --link-base: where report.html is served
	                              (ci-summary.md links to it), or NULL */
	const struct report *report; /* the presentation model: what to show, in
	                                which order, with which sentences */
};

struct renderer {
	const char *name;          /* as used by --formats: "json", "md", ... */
	int (*render)(const struct model *m, const struct render_ctx *rc,
		      struct outdir *od, struct nf_error *err);
	int loaded;                /* it is in noisefloor-formats.so (formats_lib.h):
	                              load that before writing anything */
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
/* Cuts Markdown longer than max_chars characters at its last line break
 * that leaves room for "\n" note "\n" (render_md.c). */
void render_md_cut_to_fit(struct buf *out, size_t max_chars, const char *note);
/* Renders the template <doc>.mustache with the documents' context
 * (present/doc_context.c) that o describes, extra (when not NULL) adding
 * what one document needs to it; appends to out. A document that would
 * pass MUSTACHE_MAX_OUTPUT lists fewer comparisons until it fits, and says
 * so. Returns 0, or the status with err set. */
struct mctx;
struct doc_opts;
typedef void (*render_md_extra_fn)(struct mctx *ctx, void *ud);
typedef void (*render_escape_fn)(struct buf *out, const char *s, size_t n, void *ud);
int render_md_fitted(const struct render_ctx *rc, const char *doc, const struct doc_opts *o,
		     render_md_extra_fn extra, void *ud, render_escape_fn escape,
		     struct buf *out, struct nf_error *err);
/* rounds.csv's SHA-256 as render_rounds writes it, in hex. */
void render_md_rounds_sha256(const struct model *m, char hex[65]);
/* Renders the template <doc>.mustache of rc->templates_dir (its partials
 * from there too) with ctx, escaping {{name}} with escape; appends to out.
 * Returns 0, or the status with err set. */
int render_md_template(const struct render_ctx *rc, const char *doc, struct mctx *ctx,
		       render_escape_fn escape, struct buf *out, struct nf_error *err);

/* Markdown escaping for text from the input (render_md.c): no mention,
 * link, HTML, table cell or emphasis can come from the data. */
void render_md_escape(struct buf *out, const char *s, size_t n, void *ud);

/* ci-summary.md (render_ci.c) into out: what `check --summary` writes too.
 * Returns 0, or the status with err set. */
int render_ci_summary(const struct render_ctx *rc, struct buf *out, struct nf_error *err);

int render_xlsx(const struct model *m, const struct render_ctx *rc,
		struct outdir *od, struct nf_error *err);
int render_charts(const struct model *m, const struct render_ctx *rc,
		  struct outdir *od, struct nf_error *err);
/* rounds.csv: one row per round with its date and exact release. Its bytes
 * are handed to sink in order, a piece at a time, so a document can give
 * their checksum without holding the file. */
struct buf;
typedef void (*rounds_sink)(const void *data, size_t n, void *ud);
void render_rounds_csv_each(const struct model *m, rounds_sink sink, void *ud);
/* Appends one CSV text field (NULL as empty), quoted when it holds a comma,
 * quote or line break; a leading = + - @ tab or carriage return gets a ' so
 * spreadsheets do not read it as a formula. */
void render_csv_field(struct buf *b, const char *s);
int render_pdf(const struct model *m, const struct render_ctx *rc,
	       struct outdir *od, struct nf_error *err);

/* The verdict table on the terminal, one per platform, fitted to `columns`
 * (render_terminal.c); the warnings, grouped, go to `warn` (NULL: the
 * caller prints them). */
void render_terminal(const struct report *r, size_t columns, FILE *f, FILE *warn);
/* Prints text wrapped at spaces to `columns`, continuation lines indented
 * by two. */
void render_terminal_line(FILE *f, const char *text, size_t columns);

/* Upper-cases the first letter of s (ASCII only; NULL and "" are left
 * alone): an entry laid out on its own, a list item or a field, starts as a
 * sentence whatever it was worded to follow ("on darwin-arm64, ..." after
 * "Warning:" in one document, a Risks entry in another). */
void render_capital(char *s);

#endif
