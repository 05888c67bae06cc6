/*
 * pdf_write.h - a small PDF writer: pages with content streams, text in
 * embedded TrueType faces (Type0 / CIDFontType2, Identity-H, subset to the
 * glyphs used), bookmarks, the document information dictionary, and the
 * file itself with its cross-reference table. The typesetting (what goes
 * where) is pdf_doc.c's; this file knows only PDF.
 *
 * Coordinates are PDF points, y up. Every number goes through the same
 * conversion: rounded to single precision, written with at most five
 * decimals and never with the locale's separator.
 */
#ifndef NF_PDF_WRITE_H
#define NF_PDF_WRITE_H

#include <stddef.h>
#include <stdint.h>
#include "lib/util.h"

struct FT_FaceRec_;
struct pdfw;
struct pdfw_font;

/* The graphics state the operators below set, as far as the content
 * written so far is known to have set it: an operator that would set what
 * is already set is left out. */
struct pdfw_gstate {
	unsigned known;          /* PDFW_KNOW_* bits */
	uint32_t fill, stroke;
	float lw, size;
	struct pdfw_font *font;  /* the font of the last Tf, for Tj */
	int dashed;
};

/* A page: its content stream is built by the operator functions below. */
struct pdfw_page {
	struct pdfw *doc;
	double w, h;
	size_t index;            /* 0 for the first page */
	struct buf content;
	struct pdfw_gstate gs;
	struct pdfw_gstate saved[8]; /* q pushes, Q pops */
	size_t depth;
	unsigned fonts_used;     /* bit i: font i is in the resources */
	uint64_t forms_used;     /* bit i: circle form i is */
};

/* A bookmark; the writer owns it. */
struct pdfw_outline;

/* Returns a new, empty document; free it with pdfw_free. */
struct pdfw *pdfw_new(void);
void pdfw_free(struct pdfw *w);

/*
 * Adds a TrueType face to embed (at most 8). `face` is a FreeType face of
 * the file, `path` names it in errors. Returns the font, or NULL when the
 * face has no TrueType outlines (glyf and loca) to embed; the face must
 * stay open until pdfw_finish. `bold` sets the descriptor's ForceBold flag.
 */
struct pdfw_font *pdfw_add_font(struct pdfw *w, struct FT_FaceRec_ *face, int bold);

/* Appends a page of w x h points and returns it (valid until pdfw_free). */
struct pdfw_page *pdfw_add_page(struct pdfw *w, double width, double height);

/* ---- content operators (PDF operator in brackets) ---- */
void pdfw_fill_rgb(struct pdfw_page *pg, uint32_t rgb);          /* rg */
void pdfw_stroke_rgb(struct pdfw_page *pg, uint32_t rgb);        /* RG */
void pdfw_line_width(struct pdfw_page *pg, double w);            /* w */
void pdfw_line_join(struct pdfw_page *pg, int join);             /* j */
void pdfw_line_cap(struct pdfw_page *pg, int cap);               /* J */
/* n whole-point dash lengths (0: solid) and the phase. */
void pdfw_dash(struct pdfw_page *pg, const unsigned *d, size_t n, unsigned phase); /* d */
void pdfw_save(struct pdfw_page *pg);                            /* q */
void pdfw_restore(struct pdfw_page *pg);                         /* Q */
void pdfw_move_to(struct pdfw_page *pg, double x, double y);     /* m */
void pdfw_line_to(struct pdfw_page *pg, double x, double y);     /* l */
void pdfw_rect(struct pdfw_page *pg, double x, double y, double w, double h); /* re */
/* A circle of radius r at (x, y), painted at once with the current colours
 * and line width: paint is PDFW_FILL, PDFW_STROKE or both (0 draws
 * nothing). Four Bezier quarters from the leftmost point; the circles of a
 * radius and paint share one form XObject, placed with a translation. */
enum { PDFW_FILL = 1, PDFW_STROKE = 2 };
void pdfw_circle(struct pdfw_page *pg, double x, double y, double r, unsigned paint);
void pdfw_close_path(struct pdfw_page *pg);                      /* h */
void pdfw_fill(struct pdfw_page *pg);                            /* f */
void pdfw_stroke(struct pdfw_page *pg);                          /* S */
void pdfw_fill_stroke(struct pdfw_page *pg);                     /* B */
void pdfw_end_path(struct pdfw_page *pg);                        /* n */
void pdfw_begin_text(struct pdfw_page *pg);                      /* BT */
void pdfw_end_text(struct pdfw_page *pg);                        /* ET */
void pdfw_font_size(struct pdfw_page *pg, struct pdfw_font *f, double size); /* Tf */
void pdfw_text_pos(struct pdfw_page *pg, double x, double y);    /* Td */
void pdfw_text_matrix(struct pdfw_page *pg, double a, double b, double c, double d,
		      double x, double y);                       /* Tm */
/* Shows UTF-8 text in the current font (nothing for ""); characters
 * above U+FFFF are shown as spaces. */
void pdfw_show(struct pdfw_page *pg, const char *utf8);          /* Tj */

/* ---- document ---- */

/* A bookmark under parent (NULL: top level) that shows pg with `top` (y of
 * the point at the top of the window) at the top: /FitH. Items are open. */
struct pdfw_outline *pdfw_outline(struct pdfw *w, struct pdfw_outline *parent,
				  const char *title, struct pdfw_page *pg, double top);

enum pdfw_info { PDFW_TITLE, PDFW_AUTHOR, PDFW_SUBJECT, PDFW_CREATOR, PDFW_PRODUCER,
		 PDFW_INFO_N };
/* Sets an information entry (UTF-8, copied). */
void pdfw_set_info(struct pdfw *w, enum pdfw_info key, const char *utf8);
/* Sets CreationDate and ModDate to a time in seconds since 1970 (UTC). */
void pdfw_set_date(struct pdfw *w, int64_t epoch);

/* Appends the whole file to out. The fonts are subset to the glyphs the
 * pages show; streams are compressed. Returns NULL, or the font whose
 * tables could not be subset (out then holds a partial file). */
struct pdfw_font *pdfw_finish(struct pdfw *w, struct buf *out);

#endif
