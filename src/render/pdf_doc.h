/*
 * pdf_doc.h - the typesetting layer of the PDF (pdf_doc.c): pages, text,
 * paragraphs, headings, bookmarks, tables and charts on A4. Positions: x in
 * points from the left edge, y (p->y, `top`, `base`) in points from the top
 * of the page (pdf_doc.c turns it into libharu's, from the bottom). The
 * file itself is libharu's.
 */
#ifndef NF_PDF_DOC_H
#define NF_PDF_DOC_H

#include <hpdf.h>
#include <stdint.h>
#include "lib/error.h"
#include "lib/output.h"
#include "render/chart/chart.h"

/* A4 in points, and the text block. */
#define PAGE_W 595.276
#define PAGE_H 841.89
#define MARGIN_X 56.0
#define MARGIN_TOP 54.0
#define MARGIN_BOTTOM 64.0
#define TEXT_W (PAGE_W - 2 * MARGIN_X)
#define BOTTOM (PAGE_H - MARGIN_BOTTOM)

/* Type sizes and leading, in points. */
#define SZ_BODY 9.5
#define LEAD_BODY 13.8
#define SZ_SMALL 7.8
#define LEAD_SMALL 10.4
#define SZ_TABLE 8.4
#define LEAD_TABLE 11.2
#define SZ_H1 20.0
#define SZ_H2 13.0
#define SZ_H3 10.5

#define INK 0x222222u
#define MUTED 0x666666u
#define RULE 0xBBBBBBu
#define ZEBRA 0xF4F5F7u
#define ACCENT 0x0072B2u

struct model;
struct report;

/* A bookmark: an index into pdf.outlines plus one; PDF_OUTLINE_TOP is the
 * top level. */
#define PDF_OUTLINE_TOP 0

struct pdf {
	/* the content's context (render_pdf.c); never read here */
	const struct model *m;
	const struct report *r;
	HPDF_Doc doc;            /* libharu's document */
	HPDF_Font font[2];       /* regular, bold: embedded, "UTF-8" encoder */
	struct chart_fonts *cf;  /* the same files, measured with FreeType */
	/* Every page stays open until the document is saved: the footers
	 * need the page count. page is the current one. */
	HPDF_Page *pages;
	size_t npages, pages_alloc;
	HPDF_Page page;
	HPDF_Outline *outlines;
	size_t noutlines, outlines_alloc;
	HPDF_STATUS error, error_detail; /* libharu's first error, or HPDF_OK */
	double y;                /* top of the next line, from the page top */
};


enum align { LEFT, CENTER, RIGHT };

/*
 * Starts a document with the two faces (regular, bold) embedded, without
 * pages (the first is pdf_new_page's). p must stay where it is until
 * pdf_save: libharu's error handler writes into it. NF_NOINPUT when a font
 * cannot be read or has no outlines to embed, NF_IOERR when libharu cannot
 * start a PDF; on failure nothing is left to free.
 */
int pdf_open(struct pdf *p, const char *font_path, const char *font_bold_path,
	     struct nf_error *err);
/* The information dictionary: title, author, subject (NULL: none) and
 * creator, copied; the creation and modification date `date` seconds
 * since 1970 (UTC), or no date at all when date < 0, so that the same
 * input gives the same bytes. The producer is libharu's. */
void pdf_metadata(struct pdf *p, const char *title, const char *author, const char *subject,
		  const char *creator, long long date);
/* Writes "Page N of M" and the running title on every page. */
void pdf_footers(struct pdf *p, const char *title);
/* Saves the document as `name` in the output folder and frees it either
 * way. NF_IOERR when libharu failed on any call since pdf_open (nothing
 * written), else what outdir_write returns. */
int pdf_save(struct pdf *p, struct outdir *od, const char *name, struct nf_error *err);

/* ---- pages and text ---- */

/* A new page; p->y at its top margin. */
void pdf_new_page(struct pdf *p);
/* Starts a new page unless h points still fit on this one. */
void pdf_need(struct pdf *p, double h);
/* Width of s in points. */
double pdf_width(const struct pdf *p, int bold, double size, const char *s);
/* One line of text with its baseline `base` points below the page top. */
void pdf_text_at(struct pdf *p, double x, double base, const char *s, int bold,
		    double size, uint32_t color, enum align a);
/* A horizontal rule, a filled rectangle, a dot (colours 0xRRGGBB). */
void pdf_hrule(struct pdf *p, double x0, double x1, double y, double lw, uint32_t color);
void pdf_fill_rect(struct pdf *p, double x, double y, double w, double h, uint32_t color);
void pdf_dot(struct pdf *p, double x, double y, double r, uint32_t color);
/* Baseline of a line of `size` text in a line box of height `lead`. */
double pdf_base_in(const struct pdf *p, double top, double lead, double size, int bold);
/* A wrapped paragraph at x with width w, flowing across pages. */
void pdf_paragraph_at(struct pdf *p, double x, double w, const char *text, int bold,
			 double size, double lead, uint32_t color);
/* A body paragraph at the text width. */
void pdf_paragraph(struct pdf *p, const char *text);
/* Height of a wrapped paragraph, to keep blocks together. */
double pdf_paragraph_height(const struct pdf *p, double w, const char *text, int bold,
			       double size, double lead);
/* A bookmark to the current position under parent (PDF_OUTLINE_TOP: top
 * level); *out (when not NULL) is set to it. */
void pdf_bookmark(struct pdf *p, int parent, const char *title, int *out);
/* A section heading kept with `keep` points of what follows; returns its
 * bookmark. A subheading likewise, without a bookmark. */
int pdf_heading(struct pdf *p, const char *title, double keep);
void pdf_subheading(struct pdf *p, const char *title, double keep);
/* "Label   wrapped text" with the label in a column labw points wide. */
void pdf_field(struct pdf *p, const char *label, const char *text, double labw);

/* ---- tables ---- */

struct pdf_col {
	const char *title;
	double w;            /* points; 0 = fit the content, < 0 = take the rest */
	int right;           /* right-aligned (numbers) */
};

/* A cell: lines separated by '\n'; the first in the table face, the rest
 * smaller and muted. */
struct pdf_cell {
	char *text;          /* owned */
	int bold;
	uint32_t marker;     /* a coloured dot before the text, or CHART_NONE */
};

struct pdf_table {
	struct pdf_col *cols;
	size_t ncols;
	struct pdf_cell *cells;  /* rows x ncols */
	size_t nrows, alloc;
	const char *caption; /* repeated with "(continued)" after a page break */
	int *group;          /* optional group of each row: shading alternates by
	                        group and a rule separates groups */
	size_t group_alloc;
};

#define CELL_PAD 4.0
#define ROW_PAD 3.2

/* Appends a row of t->ncols empty cells and returns it (valid until the next
 * row). The table owns the cells' text. */
struct pdf_cell *pdf_table_row(struct pdf_table *t);
/* Frees the cells (not cols). */
void pdf_table_release(struct pdf_table *t);
/* Sets the group of the last row (shading alternates by group). */
void pdf_table_group(struct pdf_table *t, int g);
/* Draws t at p->y, breaking across pages with the header and caption
 * repeated. */
void pdf_table_draw(struct pdf *p, struct pdf_table *t);

/* ---- charts ---- */

/* Draws a scene laid out with pdf_chart_style() whole on one page, with a
 * bookmark under *parent; under a new section heading (whose bookmark
 * becomes *parent) when `section`; sc stays the caller's. */
void pdf_scene(struct pdf *p, const struct chart_scene *sc, const char *title,
	       const char *section, int *parent);
/* The chart size and type size of the PDF. */
const struct chart_style *pdf_chart_style(void);

#endif
