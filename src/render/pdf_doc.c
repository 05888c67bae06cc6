/*
 * pdf_doc.c - the typesetting layer of the PDF: an A4 document written by
 * cairo's PDF surface, with DejaVu drawn through the same FreeType faces as
 * the PNG charts (cairo embeds the glyphs shown as subsets) and measured
 * with chart_text.c's metrics of the same files; pages that flow, lines,
 * paragraphs, headings, bookmarks, label fields, tables that break across
 * pages with their header repeated, charts drawn as vectors by the PNG
 * previews' code (chart_cairo.c), page footers. Knows nothing of
 * benchmarks: render_pdf.c decides the content.
 *
 * Pages are recorded (cairo recording surfaces) and only painted onto the
 * PDF surface when the document is saved, once "Page N of M" is known.
 */
#include "render/pdf_doc.h"
#include "render/chart/chart_cairo.h"

#include <cairo-pdf.h>
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

static void set_color(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, ((c >> 16) & 0xFF) / 255.0, ((c >> 8) & 0xFF) / 255.0,
			     (c & 0xFF) / 255.0);
}

/* A context drawing on a page's recording, fonts pinned as the charts'. */
static cairo_t *page_context(cairo_surface_t *page)
{
	cairo_t *cr = cairo_create(page);
	chart_cairo_font_options(cr);
	return cr;
}

void pdf_new_page(struct pdf *p)
{
	const cairo_rectangle_t a4 = { 0, 0, PAGE_W, PAGE_H };
	cairo_surface_t *page = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &a4);
	ALLOC_GROW(p->pages, p->npages + 1, p->pages_alloc);
	p->pages[p->npages++] = page;
	if (p->cr)
		cairo_destroy(p->cr);
	p->cr = page_context(page);
	p->y = MARGIN_TOP;
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
	if (!*s)
		return;
	/* a control character (a line break in free text) is never drawn:
	 * the font has no glyph for it; paragraphs break lines before */
	if (chart_text_has_control(s))
		s = clean = chart_text_line(s);
	if (a == CENTER)
		x -= pdf_width(p, bold, size, s) / 2;
	else if (a == RIGHT)
		x -= pdf_width(p, bold, size, s);
	cairo_set_font_face(p->cr, p->font[bold ? 1 : 0]);
	cairo_set_font_size(p->cr, size);
	set_color(p->cr, color);
	cairo_move_to(p->cr, x, base);
	cairo_show_text(p->cr, s);
	cairo_new_path(p->cr);
	free(clean);
}

void pdf_hrule(struct pdf *p, double x0, double x1, double y, double lw, uint32_t color)
{
	set_color(p->cr, color);
	cairo_set_line_width(p->cr, lw);
	cairo_move_to(p->cr, x0, y);
	cairo_line_to(p->cr, x1, y);
	cairo_stroke(p->cr);
}

void pdf_fill_rect(struct pdf *p, double x, double y, double w, double h, uint32_t color)
{
	set_color(p->cr, color);
	cairo_rectangle(p->cr, x, y, w, h);
	cairo_fill(p->cr);
}

void pdf_dot(struct pdf *p, double x, double y, double r, uint32_t color)
{
	set_color(p->cr, color);
	cairo_new_sub_path(p->cr);
	cairo_arc(p->cr, x, y, r, 0, 2 * M_PI);
	cairo_fill(p->cr);
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
 * window. Items are open. */
void pdf_bookmark(struct pdf *p, int parent, const char *title, int *out)
{
	char dest[64];
	int o;
	snprintf(dest, sizeof dest, "page=%zu pos=[0 %.2f]", p->npages, p->y - 6);
	o = cairo_pdf_surface_add_outline(p->doc, parent, title, dest, CAIRO_PDF_OUTLINE_FLAG_OPEN);
	if (out)
		*out = o;
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
		char *s = xasprintf("%s (continued)", t->caption);
		pdf_text_at(p, MARGIN_X, pdf_base_in(p, p->y, LEAD_SMALL, SZ_SMALL, 0), s, 0, SZ_SMALL, MUTED,
			LEFT);
		free(s);
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

/* Lays a chart out at the text width and draws it whole on one page, with
 * a bookmark under `parent`; under a new section heading when `section`. */
void pdf_chart(struct pdf *p, const struct chart_spec *sp, const char *section,
	       int *parent)
{
	struct chart_scene sc;
	chart_layout(sp, &print, p->cf, &sc);
	pdf_scene(p, &sc, sp->title, section, parent);
	chart_scene_release(&sc);
}

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
	cairo_save(p->cr);
	cairo_translate(p->cr, left, p->y - CHART_MARGIN * s);
	cairo_scale(p->cr, s, s);
	/* the faces were made in pdf_open: drawing cannot fail on them */
	chart_cairo_draw(p->cr, &sc, p->cf, NULL);
	cairo_restore(p->cr);
	p->y += content * s + 14;
}

/* ---- the document ---- */

/* Appends what cairo writes to the document's buffer. */
static cairo_status_t write_out(void *closure, const unsigned char *data, unsigned int n)
{
	buf_put(closure, (const char *)data, n);
	return CAIRO_STATUS_SUCCESS;
}

/* 1 when the face draws its glyphs from outlines, which cairo embeds. A
 * face without (a bitmap font, or TrueType without its glyf table, whose
 * glyphs FreeType loads empty) would print blank or as bitmaps. */
static int has_outlines(FT_Face face)
{
	FT_UInt g = FT_Get_Char_Index(face, 'A');
	return FT_IS_SCALABLE(face) && g &&
	       FT_Load_Glyph(face, g, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP) == 0 &&
	       face->glyph->format == FT_GLYPH_FORMAT_OUTLINE && face->glyph->outline.n_contours > 0;
}

int pdf_open(struct pdf *p, const char *font_path, const char *font_bold_path,
	     struct nf_error *err)
{
	cairo_status_t st;
	int status;

	if ((status = chart_fonts_open(&p->cf, font_path, font_bold_path, err)) != NF_OK)
		return status;
	for (int k = 0; k < 2; k++) {
		if (!has_outlines(chart_fonts_ft_face(p->cf, k))) {
			chart_fonts_free(p->cf);
			return nf_error_set(err, NF_NOINPUT, "cannot embed the font '%s' in 'report.pdf'",
					    k ? font_bold_path : font_path);
		}
		if (!(p->font[k] = chart_cairo_face(p->cf, k, err))) {
			chart_fonts_free(p->cf);
			return err ? err->status : NF_NOINPUT;
		}
	}
	p->out = (struct buf)BUF_INIT;
	p->doc = cairo_pdf_surface_create_for_stream(write_out, &p->out, PAGE_W, PAGE_H);
	if ((st = cairo_surface_status(p->doc)) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(p->doc);
		buf_release(&p->out);
		chart_fonts_free(p->cf);
		return nf_error_set(err, NF_IOERR, "cannot start 'report.pdf': %s",
				    cairo_status_to_string(st));
	}
	return NF_OK;
}

/* An ISO 8601 date for cairo from seconds since 1970 (UTC). */
static void iso_date(long long date, char *out, size_t n)
{
	time_t t = (time_t)date;
	struct tm tm;
	if (!gmtime_r(&t, &tm) || !strftime(out, n, "%Y-%m-%dT%H:%M:%SZ", &tm))
		snprintf(out, n, "1970-01-01T00:00:00Z");
}

void pdf_metadata(struct pdf *p, const char *title, const char *author, const char *subject,
		  const char *creator, long long date)
{
	char when[32];
	cairo_pdf_surface_set_metadata(p->doc, CAIRO_PDF_METADATA_TITLE, title);
	cairo_pdf_surface_set_metadata(p->doc, CAIRO_PDF_METADATA_AUTHOR, author);
	if (subject)
		cairo_pdf_surface_set_metadata(p->doc, CAIRO_PDF_METADATA_SUBJECT, subject);
	cairo_pdf_surface_set_metadata(p->doc, CAIRO_PDF_METADATA_CREATOR, creator);
	/* cairo dates a document by the clock unless told otherwise; NULL
	 * takes its date away */
	if (date >= 0)
		iso_date(date, when, sizeof when);
	cairo_pdf_surface_set_metadata(p->doc, CAIRO_PDF_METADATA_CREATE_DATE,
				       date >= 0 ? when : NULL);
	if (date >= 0)
		cairo_pdf_surface_set_metadata(p->doc, CAIRO_PDF_METADATA_MOD_DATE, when);
}

void pdf_footers(struct pdf *p, const char *title)
{
	char **lines;
	size_t n = chart_wrap(p->cf, 0, SZ_SMALL, title, TEXT_W * 0.6, 1, &lines);
	cairo_t *cr = p->cr;
	for (size_t i = 0; i < p->npages; i++) {
		char num[64];
		double base = PAGE_H - MARGIN_BOTTOM + 30;
		p->cr = page_context(p->pages[i]);
		pdf_hrule(p, MARGIN_X, MARGIN_X + TEXT_W, base - 12, 0.4, RULE);
		pdf_text_at(p, MARGIN_X, base, lines[0], 0, SZ_SMALL, MUTED, LEFT);
		snprintf(num, sizeof num, "Page %zu of %zu", i + 1, p->npages);
		pdf_text_at(p, MARGIN_X + TEXT_W, base, num, 0, SZ_SMALL, MUTED, RIGHT);
		cairo_destroy(p->cr);
	}
	p->cr = cr;
	chart_lines_free(lines, n);
}

int pdf_save(struct pdf *p, struct outdir *od, const char *name, struct nf_error *err)
{
	cairo_t *cr = cairo_create(p->doc);
	cairo_status_t st;
	int status;

	if (p->cr)
		cairo_destroy(p->cr);
	/* each page's recording is painted as it was drawn: vectors and text */
	for (size_t i = 0; i < p->npages; i++) {
		cairo_set_source_surface(cr, p->pages[i], 0, 0);
		cairo_paint(cr);
		cairo_show_page(cr);
		cairo_surface_destroy(p->pages[i]);
	}
	st = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_finish(p->doc);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(p->doc);
	if (st != CAIRO_STATUS_SUCCESS)
		status = nf_error_set(err, NF_IOERR, "cannot write '%s': %s", name,
				      cairo_status_to_string(st));
	else
		status = outdir_write(od, name, p->out.s, p->out.len, err);
	cairo_surface_destroy(p->doc);
	buf_release(&p->out);
	free(p->pages);
	chart_fonts_free(p->cf);
	return status;
}
