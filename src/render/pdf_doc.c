/*
 * pdf_doc.c - the typesetting layer of the PDF: an A4 document written by
 * libharu, with DejaVu embedded as TrueType (the glyphs shown, UTF-8 text
 * through libharu's "UTF-8" encoder, so every character of the text can be
 * copied and searched) and measured with chart_text.c's FreeType metrics of
 * the same files; pages that flow, lines, paragraphs, headings, bookmarks,
 * label fields, tables that break across pages with their header repeated,
 * charts drawn as vectors by the chart scene's libharu backend
 * (chart_haru.c), page footers. Knows nothing of benchmarks: render_pdf.c
 * decides the content.
 *
 * Every page stays open until the document is saved, when "Page N of M" is
 * known and written onto each. Positions come in from the page top and go
 * to libharu from the page bottom (PAGE_H - y).
 */
#include "render/pdf_doc.h"
#include "render/pdf_haru_fixes.h"
#include "present/pdf_words.h"
#include "render/chart/chart_haru.h"

#include <ft2build.h>
#include FT_FREETYPE_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Charts in the PDF: a base size that prints well, and a width whose inner
 * part (inside the chart's own margin of 1.25 base sizes) is the text width,
 * so chart text lines up with the page text. */
#define CHART_FONT 8.0
#define CHART_MARGIN (1.25 * CHART_FONT)
static const struct chart_style print = { TEXT_W + 2 * CHART_MARGIN, CHART_FONT, 0 };

/* ---- pages and text ---- */

static void set_fill(HPDF_Page page, uint32_t c)
{
	HPDF_Page_SetRGBFill(page, (HPDF_REAL)(((c >> 16) & 0xFF) / 255.0),
			     (HPDF_REAL)(((c >> 8) & 0xFF) / 255.0), (HPDF_REAL)((c & 0xFF) / 255.0));
}

static void set_stroke(HPDF_Page page, uint32_t c)
{
	HPDF_Page_SetRGBStroke(page, (HPDF_REAL)(((c >> 16) & 0xFF) / 255.0),
			       (HPDF_REAL)(((c >> 8) & 0xFF) / 255.0), (HPDF_REAL)((c & 0xFF) / 255.0));
}

/*
 * 1 when there is a page to draw on. After libharu's first error nothing
 * more is drawn: the document is lost (pdf_save reports it), and libharu's
 * page functions crash on the NULL page a failed HPDF_AddPage returns.
 */
static int drawable(const struct pdf *p)
{
	return p->page && p->error == HPDF_OK;
}

void pdf_new_page(struct pdf *p)
{
	HPDF_Page page = p->error == HPDF_OK ? HPDF_AddPage(p->doc) : NULL;
	p->y = MARGIN_TOP;
	p->page = page;
	if (!page)
		return;
	/* A4 as the points say (595.276 x 841.89), not libharu's rounded
	 * HPDF_PAGE_SIZE_A4 */
	HPDF_Page_SetWidth(page, (HPDF_REAL)PAGE_W);
	HPDF_Page_SetHeight(page, (HPDF_REAL)PAGE_H);
	ALLOC_GROW(p->pages, p->npages + 1, p->pages_alloc);
	p->pages[p->npages++] = page;
}

/* Starts a new page unless h points still fit on this one. */
void pdf_need(struct pdf *p, double h)
{
	if (p->y + h > BOTTOM && p->y > MARGIN_TOP)
		pdf_new_page(p);
}

double pdf_width(const struct pdf *p, int bold, double size, const char *s)
{
	return chart_text_width(p->cf, bold, size, s);
}


/* One line of text with its baseline `base` points below the page top. */
void pdf_text_at(struct pdf *p, double x, double base, const char *s, int bold,
		    double size, uint32_t color, enum align a)
{
	char *clean = NULL;
	if (!*s || !drawable(p))
		return;
	/* a control character (a line break in free text) is never drawn:
	 * the font has no glyph for it; paragraphs break lines before */
	if (chart_text_has_control(s))
		s = clean = chart_text_line(s);
	if (a == CENTER)
		x -= pdf_width(p, bold, size, s) / 2;
	else if (a == RIGHT)
		x -= pdf_width(p, bold, size, s);
	set_fill(p->page, color);
	HPDF_Page_BeginText(p->page);
	HPDF_Page_SetFontAndSize(p->page, p->font[bold ? 1 : 0], (HPDF_REAL)size);
	HPDF_Page_TextOut(p->page, (HPDF_REAL)x, (HPDF_REAL)(PAGE_H - base), s);
	HPDF_Page_EndText(p->page);
	free(clean);
}

void pdf_hrule(struct pdf *p, double x0, double x1, double y, double lw, uint32_t color)
{
	if (!drawable(p))
		return;
	set_stroke(p->page, color);
	HPDF_Page_SetLineWidth(p->page, (HPDF_REAL)lw);
	HPDF_Page_MoveTo(p->page, (HPDF_REAL)x0, (HPDF_REAL)(PAGE_H - y));
	HPDF_Page_LineTo(p->page, (HPDF_REAL)x1, (HPDF_REAL)(PAGE_H - y));
	HPDF_Page_Stroke(p->page);
}

void pdf_fill_rect(struct pdf *p, double x, double y, double w, double h, uint32_t color)
{
	if (!drawable(p))
		return;
	set_fill(p->page, color);
	HPDF_Page_Rectangle(p->page, (HPDF_REAL)x, (HPDF_REAL)(PAGE_H - y - h), (HPDF_REAL)w,
			    (HPDF_REAL)h);
	HPDF_Page_Fill(p->page);
}

void pdf_dot(struct pdf *p, double x, double y, double r, uint32_t color)
{
	if (!drawable(p))
		return;
	set_fill(p->page, color);
	HPDF_Page_Circle(p->page, (HPDF_REAL)x, (HPDF_REAL)(PAGE_H - y), (HPDF_REAL)r);
	HPDF_Page_Fill(p->page);
}

/* Baseline of a line of `size` text in a line box of height `lead`. */
double pdf_base_in(const struct pdf *p, double top, double lead, double size, int bold)
{
	return top + (lead + chart_cap_height(p->cf, bold) * size) / 2;
}

/* A wrapped paragraph at x with width w, flowing across pages. */
void pdf_paragraph_at(struct pdf *p, double x, double w, const char *text, int bold,
			 double size, double lead, uint32_t color)
{
	char **lines;
	size_t n = chart_wrap(p->cf, bold, size, text, w, 0, &lines);
	for (size_t i = 0; i < n; i++) {
		pdf_need(p, lead);
		pdf_text_at(p, x, pdf_base_in(p, p->y, lead, size, bold), lines[i], bold, size, color, LEFT);
		p->y += lead;
	}
	chart_lines_free(lines, n);
}

void pdf_paragraph(struct pdf *p, const char *text)
{
	pdf_paragraph_at(p, MARGIN_X, TEXT_W, text, 0, SZ_BODY, LEAD_BODY, INK);
	p->y += LEAD_BODY * 0.45;
}

/* Height of a wrapped paragraph, to keep blocks together. */
double pdf_paragraph_height(const struct pdf *p, double w, const char *text, int bold,
			       double size, double lead)
{
	char **lines;
	size_t n = chart_wrap(p->cf, bold, size, text, w, 0, &lines);
	chart_lines_free(lines, n);
	return (double)n * lead;
}

/* A bookmark to the current position, 6 points above it at the top of the
 * window, keeping the reader's zoom. Items are open. */
void pdf_bookmark(struct pdf *p, int parent, const char *title, int *out)
{
	HPDF_Outline up = parent > 0 && (size_t)parent <= p->noutlines ? p->outlines[parent - 1] : NULL;
	HPDF_Outline o = NULL;
	HPDF_Destination dst = NULL;
	if (drawable(p)) {
		o = HPDF_CreateOutline(p->doc, up, title, HPDF_GetCurrentEncoder(p->doc));
		dst = HPDF_Page_CreateDestination(p->page);
	}
	if (o && dst) {
		pdf_haru_dest_keep_zoom(dst, 0, PAGE_H - (p->y - 6));
		HPDF_Outline_SetDestination(o, dst);
		HPDF_Outline_SetOpened(o, HPDF_TRUE);
	}
	ALLOC_GROW(p->outlines, p->noutlines + 1, p->outlines_alloc);
	p->outlines[p->noutlines++] = o;
	if (out)
		*out = (int)p->noutlines;
}

/* A section heading, kept with at least `keep` points of what follows;
 * returns its bookmark. */
int pdf_heading(struct pdf *p, const char *title, double keep)
{
	int o;
	if (p->y > MARGIN_TOP)
		p->y += 10;
	pdf_need(p, 26 + keep);
	pdf_bookmark(p, PDF_OUTLINE_TOP, title, &o);
	pdf_text_at(p, MARGIN_X, pdf_base_in(p, p->y, 18, SZ_H2, 1), title, 1, SZ_H2, INK, LEFT);
	p->y += 18;
	pdf_hrule(p, MARGIN_X, MARGIN_X + TEXT_W, p->y + 1, 0.6, ACCENT);
	p->y += 8;
	return o;
}

void pdf_subheading(struct pdf *p, const char *title, double keep)
{
	p->y += 4;
	pdf_need(p, 16 + keep);
	pdf_text_at(p, MARGIN_X, pdf_base_in(p, p->y, 15, SZ_H3, 1), title, 1, SZ_H3, INK, LEFT);
	p->y += 16;
}

/* "Label   wrapped text" with the label in a column of its own. */
void pdf_field(struct pdf *p, const char *label, const char *text, double labw)
{
	double h = pdf_paragraph_height(p, TEXT_W - labw, text, 0, SZ_BODY, LEAD_BODY);
	double top;
	pdf_need(p, fmin(h, LEAD_BODY * 3));
	top = p->y;
	pdf_text_at(p, MARGIN_X, pdf_base_in(p, top, LEAD_BODY, SZ_BODY, 1), label, 1, SZ_BODY, INK, LEFT);
	pdf_paragraph_at(p, MARGIN_X + labw, TEXT_W - labw, text, 0, SZ_BODY, LEAD_BODY, INK);
	p->y += 3;
}

/* ---- tables ---- */


struct pdf_cell *pdf_table_row(struct pdf_table *t)
{
	struct pdf_cell *row;
	ALLOC_GROW(t->cells, (t->nrows + 1) * t->ncols, t->alloc);
	row = &t->cells[t->nrows * t->ncols];
	for (size_t i = 0; i < t->ncols; i++) {
		row[i].text = NULL;
		row[i].bold = 0;
		row[i].marker = CHART_NONE;
	}
	t->nrows++;
	return row;
}

void pdf_table_release(struct pdf_table *t)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i].text);
	free(t->cells);
	free(t->group);
}

/* Puts the last row added into group g. */
void pdf_table_group(struct pdf_table *t, int g)
{
	ALLOC_GROW(t->group, t->nrows, t->group_alloc);
	t->group[t->nrows - 1] = g;
}

/* Natural width of a cell: its widest line plus padding. */
static double cell_width(const struct pdf *p, const char *text, int bold, int marker)
{
	double w = 0;
	int first = 1;
	const char *s = text ? text : "";
	for (;;) {
		const char *nl = strchr(s, '\n');
		char *part = nl ? xstrndup(s, (size_t)(nl - s)) : NULL;
		w = fmax(w, pdf_width(p, first && bold, first ? SZ_TABLE : SZ_SMALL, part ? part : s));
		free(part);
		if (!nl)
			break;
		s = nl + 1;
		first = 0;
	}
	return w + 2 * CELL_PAD + (marker ? 9 : 0) + 0.5;
}

#define TEXT_MIN 40.0 /* a text column is not squeezed below this */
#define FLEX_MIN 72.0 /* nor a flexible one */

/* Resolves column widths: content-fitted columns get their natural width,
 * the flexible column the rest; without one, the spare width is shared. */
static void table_widths(const struct pdf *p, struct pdf_table *t)
{
	double used = 0, flex = 0;
	size_t nflex = 0;
	for (size_t i = 0; i < t->ncols; i++) {
		struct pdf_col *c = &t->cols[i];
		if (c->w == 0) {
			c->w = cell_width(p, c->title, 1, 0);
			for (size_t r = 0; r < t->nrows; r++) {
				const struct pdf_cell *cell = &t->cells[r * t->ncols + i];
				c->w = fmax(c->w, cell_width(p, cell->text, cell->bold,
							     cell->marker != CHART_NONE));
			}
			if (c->right)
				c->w += 6; /* air between neighbouring number columns */
		}
		if (c->w < 0)
			nflex++;
		else
			used += c->w;
	}
	/* Wider than the page: the widest text columns give up width and wrap
	 * (down to one common width, never below TEXT_MIN), numbers keep
	 * theirs, and a flexible column keeps room for a word or two. */
	if (used + FLEX_MIN * (double)nflex > TEXT_W) {
		double over = used + FLEX_MIN * (double)nflex - TEXT_W, lo = TEXT_MIN, hi = TEXT_W;
		for (int it = 0; it < 50; it++) {
			double level = (lo + hi) / 2, cut = 0;
			for (size_t i = 0; i < t->ncols; i++)
				if (!t->cols[i].right && t->cols[i].w > level)
					cut += t->cols[i].w - level;
			if (cut > over)
				lo = level;
			else
				hi = level;
		}
		for (size_t i = 0; i < t->ncols; i++) {
			struct pdf_col *c = &t->cols[i];
			if (!c->right && c->w > hi) {
				used -= c->w - hi;
				c->w = hi;
			}
		}
	}
	/* Still no room for the flexible column (many number columns): the
	 * number columns give up width in proportion and wrap at spaces. */
	if (nflex && used + FLEX_MIN * (double)nflex > TEXT_W) {
		double over = used + FLEX_MIN * (double)nflex - TEXT_W, right = 0;
		for (size_t i = 0; i < t->ncols; i++)
			if (t->cols[i].right && t->cols[i].w > 0)
				right += t->cols[i].w;
		if (right > over) {
			for (size_t i = 0; i < t->ncols; i++)
				if (t->cols[i].right && t->cols[i].w > 0)
					t->cols[i].w *= (right - over) / right;
			used -= over;
		}
	}
	flex = TEXT_W - used;
	for (size_t i = 0; i < t->ncols; i++) {
		if (nflex && t->cols[i].w < 0)
			t->cols[i].w = flex / (double)nflex;
		else if (!nflex)
			t->cols[i].w += flex / (double)t->ncols;
	}
}

/* Wrapped lines of one cell: lines[] and whether each is a first-face line. */
struct cell_lines {
	char **lines;
	int *main;
	size_t n;
	double h;
};

static void cell_layout(const struct pdf *p, const struct pdf_cell *c, double w,
			struct cell_lines *out)
{
	const char *s = c->text ? c->text : "";
	size_t alloc = 0;
	int first = 1;
	double avail = w - 2 * CELL_PAD - (c->marker != CHART_NONE ? 9 : 0);
	memset(out, 0, sizeof *out);
	for (;;) {
		const char *nl = strchr(s, '\n');
		char *part = nl ? xstrndup(s, (size_t)(nl - s)) : NULL;
		char **ls;
		size_t k = chart_wrap(p->cf, first && c->bold, first ? SZ_TABLE : SZ_SMALL,
				      part ? part : s, avail, 0, &ls);
		for (size_t i = 0; i < k; i++) {
			ALLOC_GROW(out->lines, out->n + 1, alloc);
			out->main = xrealloc(out->main, alloc * sizeof *out->main);
			out->lines[out->n] = ls[i];
			out->main[out->n++] = first;
			out->h += first ? LEAD_TABLE : LEAD_SMALL;
		}
		free(ls);
		free(part);
		if (!nl)
			break;
		s = nl + 1;
		first = 0;
	}
}

static void cell_lines_release(struct cell_lines *cl)
{
	chart_lines_free(cl->lines, cl->n);
	free(cl->main);
}

static double header_height(const struct pdf *p, const struct pdf_table *t)
{
	double h = LEAD_TABLE;
	for (size_t i = 0; i < t->ncols; i++) {
		struct pdf_cell c = { (char *)t->cols[i].title, 1, CHART_NONE };
		struct cell_lines cl;
		cell_layout(p, &c, t->cols[i].w, &cl);
		h = fmax(h, cl.h);
		cell_lines_release(&cl);
	}
	return h + 2 * ROW_PAD;
}

static void draw_header(struct pdf *p, const struct pdf_table *t, int continued)
{
	double x = MARGIN_X, h = header_height(p, t);
	if (continued && t->caption) {
		struct buf s = BUF_INIT;
		words_pdf_continued(&s, t->caption);
		pdf_text_at(p, MARGIN_X, pdf_base_in(p, p->y, LEAD_SMALL, SZ_SMALL, 0), s.s, 0, SZ_SMALL,
			MUTED, LEFT);
		buf_release(&s);
		p->y += LEAD_SMALL + 2;
	}
	for (size_t i = 0; i < t->ncols; i++) {
		struct pdf_cell c = { (char *)t->cols[i].title, 1, CHART_NONE };
		struct cell_lines cl;
		double yy = p->y + ROW_PAD + (h - 2 * ROW_PAD) ;
		cell_layout(p, &c, t->cols[i].w, &cl);
		/* header text sits at the bottom of the header row */
		yy -= cl.h;
		for (size_t k = 0; k < cl.n; k++) {
			double lead = cl.main[k] ? LEAD_TABLE : LEAD_SMALL;
			double size = cl.main[k] ? SZ_TABLE : SZ_SMALL;
			int bold = cl.main[k];
			double base = pdf_base_in(p, yy, lead, size, bold);
			if (t->cols[i].right)
				pdf_text_at(p, x + t->cols[i].w - CELL_PAD, base, cl.lines[k], bold, size,
					cl.main[k] ? INK : MUTED, RIGHT);
			else
				pdf_text_at(p, x + CELL_PAD, base, cl.lines[k], bold, size,
					cl.main[k] ? INK : MUTED, LEFT);
			yy += lead;
		}
		cell_lines_release(&cl);
		x += t->cols[i].w;
	}
	p->y += h;
	pdf_hrule(p, MARGIN_X, MARGIN_X + TEXT_W, p->y, 0.8, INK);
}

/* Height of the first n rows: a table starts on a new page rather than
 * leave its header with fewer rows behind. */
static double rows_height(const struct pdf *p, const struct pdf_table *t, size_t n)
{
	double total = 0;
	for (size_t r = 0; r < t->nrows && r < n; r++) {
		double h = LEAD_TABLE;
		for (size_t i = 0; i < t->ncols; i++) {
			struct cell_lines cl;
			cell_layout(p, &t->cells[r * t->ncols + i], t->cols[i].w, &cl);
			h = fmax(h, cl.h);
			cell_lines_release(&cl);
		}
		total += h + 2 * ROW_PAD;
	}
	return total;
}

/*
 * Draws the table from the cursor, breaking across pages with the header
 * repeated. In a grouped table the first column names the group only on its
 * first row, and again (muted) on the first row of a new page.
 */
void pdf_table_draw(struct pdf *p, struct pdf_table *t)
{
	double hh;
	struct cell_lines *cl = xcalloc(t->ncols, sizeof *cl);
	const char *group_label = NULL;

	table_widths(p, t);
	hh = header_height(p, t);

	for (size_t r = 0; r < t->nrows; r++) {
		const struct pdf_cell *row = &t->cells[r * t->ncols];
		double h = LEAD_TABLE, x = MARGIN_X;
		int broke = r == 0;
		for (size_t i = 0; i < t->ncols; i++) {
			cell_layout(p, &row[i], t->cols[i].w, &cl[i]);
			h = fmax(h, cl[i].h);
		}
		h += 2 * ROW_PAD;
		if (r == 0) {
			pdf_need(p, hh + rows_height(p, t, 3));
			draw_header(p, t, 0);
		} else if (p->y + h > BOTTOM) {
			pdf_new_page(p);
			draw_header(p, t, 1);
			broke = 1;
		}
		if (t->group ? t->group[r] % 2 == 1 : r % 2 == 1)
			pdf_fill_rect(p, MARGIN_X, p->y, TEXT_W, h, ZEBRA);
		if (t->group && !broke && t->group[r] != t->group[r - 1])
			pdf_hrule(p, MARGIN_X, MARGIN_X + TEXT_W, p->y, 0.3, RULE);
		if (t->group && row[0].text && *row[0].text)
			group_label = row[0].text;
		else if (t->group && broke && group_label)
			pdf_text_at(p, MARGIN_X + CELL_PAD, pdf_base_in(p, p->y + ROW_PAD, LEAD_TABLE, SZ_TABLE, 0),
				group_label, 0, SZ_TABLE, MUTED, LEFT);
		for (size_t i = 0; i < t->ncols; i++) {
			double yy = p->y + ROW_PAD;
			for (size_t k = 0; k < cl[i].n; k++) {
				int main = cl[i].main[k], bold = main && row[i].bold;
				double lead = main ? LEAD_TABLE : LEAD_SMALL;
				double size = main ? SZ_TABLE : SZ_SMALL;
				double base = pdf_base_in(p, yy, lead, size, bold);
				uint32_t col = main ? INK : MUTED;
				if (k == 0 && row[i].marker != CHART_NONE)
					pdf_dot(p, x + CELL_PAD + 3, yy + lead / 2, 3, row[i].marker);
				if (t->cols[i].right)
					pdf_text_at(p, x + t->cols[i].w - CELL_PAD, base, cl[i].lines[k], bold,
						size, col, RIGHT);
				else
					pdf_text_at(p, x + CELL_PAD + (row[i].marker != CHART_NONE ? 9 : 0),
						base, cl[i].lines[k], bold, size, col, LEFT);
				yy += lead;
			}
			x += t->cols[i].w;
			cell_lines_release(&cl[i]);
		}
		p->y += h;
	}
	pdf_hrule(p, MARGIN_X, MARGIN_X + TEXT_W, p->y, 0.5, RULE);
	p->y += 10;
	free(cl);
}

/* ---- charts ---- */

const struct chart_style *pdf_chart_style(void)
{
	return &print;
}

void pdf_scene(struct pdf *p, const struct chart_scene *scp, const char *title,
	       const char *section, int *parent)
{
	const struct chart_scene sc = *scp;
	double content, avail, s, left;
	/* the inked part; a chart taller than a page is scaled down to fit */
	content = sc.height - 2 * CHART_MARGIN;
	avail = BOTTOM - MARGIN_TOP - 40;
	s = content > avail ? avail / content : 1;
	if (section) {
		*parent = pdf_heading(p, section, content * s);
		p->y += 4;
	} else {
		pdf_need(p, content * s);
	}
	pdf_bookmark(p, *parent, title, NULL);
	left = MARGIN_X - CHART_MARGIN * s + TEXT_W * (1 - s) / 2;
	if (drawable(p))
		chart_haru_draw(p->page, &sc, p->font, left, PAGE_H - (p->y - CHART_MARGIN * s), s);
	p->y += content * s + 14;
}

/* ---- the document ---- */

/* libharu reports every failure here; the first one is kept and makes
 * pdf_save fail (later calls fail too: libharu's errors are sticky). */
static void on_haru_error(HPDF_STATUS status, HPDF_STATUS detail, void *data)
{
	struct pdf *p = data;
	if (p->error == HPDF_OK) {
		p->error = status;
		p->error_detail = detail;
	}
}

/* 1 when the face draws its glyphs from outlines, which the PDF embeds. A
 * face without (a bitmap font, or TrueType without its glyf table, whose
 * glyphs FreeType loads empty) would print blank. */
static int has_outlines(FT_Face face)
{
	FT_UInt g = FT_Get_Char_Index(face, 'A');
	return FT_IS_SCALABLE(face) && g &&
	       FT_Load_Glyph(face, g, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) == 0 &&
	       face->glyph->format == FT_GLYPH_FORMAT_OUTLINE && face->glyph->outline.n_contours > 0;
}

/* Embeds one face with the UTF-8 encoder and a valid ToUnicode map;
 * NULL when libharu cannot load it. */
static HPDF_Font load_face(struct pdf *p, const char *path)
{
	const char *name = HPDF_LoadTTFontFromFile(p->doc, path, HPDF_TRUE);
	HPDF_Font font = name ? HPDF_GetFont(p->doc, name, "UTF-8") : NULL;
	if (font && pdf_haru_fix_tounicode(p->doc, font) != HPDF_OK)
		font = NULL;
	return p->error == HPDF_OK ? font : NULL;
}

int pdf_open(struct pdf *p, const char *font_path, const char *font_bold_path,
	     struct nf_error *err)
{
	int status;

	p->error = p->error_detail = HPDF_OK;
	p->pages = NULL;
	p->npages = p->pages_alloc = 0;
	p->page = NULL;
	p->outlines = NULL;
	p->noutlines = p->outlines_alloc = 0;
	if ((status = chart_fonts_open(&p->cf, font_path, font_bold_path, err)) != NF_OK)
		return status;
	for (int k = 0; k < 2; k++)
		if (!has_outlines(chart_fonts_ft_face(p->cf, k))) {
			chart_fonts_free(p->cf);
			return nf_error_set(err, NF_NOINPUT, "cannot embed the font '%s' in 'report.pdf'",
					    k ? font_bold_path : font_path);
		}
	if (!(p->doc = HPDF_New(on_haru_error, p))) {
		chart_fonts_free(p->cf);
		return nf_error_set(err, NF_IOERR, "cannot start 'report.pdf': out of memory");
	}
	/* compression applies to the streams made after it: first */
	HPDF_SetCompressionMode(p->doc, HPDF_COMP_ALL);
	HPDF_UseUTFEncodings(p->doc);
	/* the information dictionary and the bookmarks in UTF-8 too */
	HPDF_SetCurrentEncoder(p->doc, "UTF-8");
	for (int k = 0; k < 2; k++) {
		if (!(p->font[k] = load_face(p, k ? font_bold_path : font_path))) {
			HPDF_Free(p->doc);
			chart_fonts_free(p->cf);
			return nf_error_set(err, NF_NOINPUT, "cannot embed the font '%s' in 'report.pdf'",
					    k ? font_bold_path : font_path);
		}
	}
	return NF_OK;
}

void pdf_metadata(struct pdf *p, const char *title, const char *author, const char *subject,
		  const char *creator, long long date)
{
	HPDF_SetInfoAttr(p->doc, HPDF_INFO_TITLE, title);
	HPDF_SetInfoAttr(p->doc, HPDF_INFO_AUTHOR, author);
	if (subject)
		HPDF_SetInfoAttr(p->doc, HPDF_INFO_SUBJECT, subject);
	HPDF_SetInfoAttr(p->doc, HPDF_INFO_CREATOR, creator);
	/* libharu writes no date of its own: only the one given */
	if (date >= 0) {
		time_t t = (time_t)date;
		struct tm tm;
		if (gmtime_r(&t, &tm)) {
			HPDF_Date d = { tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
					tm.tm_min, tm.tm_sec, 'Z', 0, 0 };
			HPDF_SetInfoDateAttr(p->doc, HPDF_INFO_CREATION_DATE, d);
			HPDF_SetInfoDateAttr(p->doc, HPDF_INFO_MOD_DATE, d);
		}
	}
}

void pdf_footers(struct pdf *p, const char *title)
{
	char **lines;
	size_t n = chart_wrap(p->cf, 0, SZ_SMALL, title, TEXT_W * 0.6, 1, &lines);
	HPDF_Page cur = p->page;
	struct buf num = BUF_INIT;
	for (size_t i = 0; i < p->npages; i++) {
		double base = PAGE_H - MARGIN_BOTTOM + 30;
		p->page = p->pages[i];
		pdf_hrule(p, MARGIN_X, MARGIN_X + TEXT_W, base - 12, 0.4, RULE);
		pdf_text_at(p, MARGIN_X, base, lines[0], 0, SZ_SMALL, MUTED, LEFT);
		buf_reset(&num);
		words_pdf_page(&num, i + 1, p->npages);
		pdf_text_at(p, MARGIN_X + TEXT_W, base, num.s, 0, SZ_SMALL, MUTED, RIGHT);
	}
	buf_release(&num);
	p->page = cur;
	chart_lines_free(lines, n);
}

int pdf_save(struct pdf *p, struct outdir *od, const char *name, struct nf_error *err)
{
	int status;
	struct buf out = BUF_INIT;

	/* into libharu's memory stream, then read out whole: exactly its
	 * size (HPDF_GetContents would write the document a second time) */
	if (p->error == HPDF_OK && HPDF_SaveToStream(p->doc) == HPDF_OK) {
		HPDF_UINT32 n = HPDF_GetStreamSize(p->doc);
		buf_grow(&out, n ? n : 1);
		if (n && HPDF_ReadFromStream(p->doc, (HPDF_BYTE *)out.s, &n) == HPDF_OK)
			out.len = n;
		else if (p->error == HPDF_OK)
			p->error = HPDF_INVALID_DOCUMENT;
	}
	if (p->error != HPDF_OK)
		status = nf_error_set(err, NF_IOERR, "cannot write '%s': libharu error 0x%04X (%u)", name,
				      (unsigned)p->error, (unsigned)p->error_detail);
	else
		status = outdir_write(od, name, out.s, out.len, err);
	buf_release(&out);
	HPDF_Free(p->doc);
	free(p->pages);
	free(p->outlines);
	chart_fonts_free(p->cf);
	return status;
}
