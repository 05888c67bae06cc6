/*
 * render_pdf.c - the "pdf" renderer: out/report.pdf, the whole evidence in
 * one A4 document.
 *
 * Title, report date and environment; the summary (decision, risks); the
 * verdict tables; every chart as vectors at the full text width; the support
 * windows; the method; an appendix with every round and its passes. Page
 * numbers, bookmarks, table headers repeated across page breaks.
 *
 * Text is DejaVu Sans embedded through libharu's UTF-8 support and measured
 * with chart.c's FreeType metrics of the same files, so wrapping here and in
 * the charts agree. libharu 2.3.0 writes no dates or IDs of its own; the
 * creation date comes from SOURCE_DATE_EPOCH only, so the same input gives
 * the same bytes.
 */
#include "chart.h"
#include "render.h"
#include "report_impact.h"
#include "semver.h"
#include "windows.h"

#include <hpdf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef NF_VERSION
#define NF_VERSION "dev"
#endif

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

/* Charts in the PDF: a base size that prints well, and a width whose inner
 * part (inside the chart's own margin of 1.25 base sizes) is the text width,
 * so chart text lines up with the page text. */
#define CHART_FONT 8.0
#define CHART_MARGIN (1.25 * CHART_FONT)
static const struct chart_style print = { TEXT_W + 2 * CHART_MARGIN, CHART_FONT, 0 };

struct pdf {
	const struct model *m;
	HPDF_Doc doc;
	HPDF_Font font[2];       /* regular, bold */
	HPDF_Encoder utf8;
	struct chart_fonts *cf;
	HPDF_Page page;
	HPDF_Page *pages;
	size_t npages, pages_alloc;
	double y;                /* top of the next line, from the page top */
	HPDF_STATUS error, detail;
};

static void on_error(HPDF_STATUS error, HPDF_STATUS detail, void *user)
{
	struct pdf *p = user;
	if (!p->error) {
		p->error = error;
		p->detail = detail;
	}
}

/* ---- pages and text ---- */

static void new_page(struct pdf *p)
{
	p->page = HPDF_AddPage(p->doc);
	HPDF_Page_SetWidth(p->page, (HPDF_REAL)PAGE_W);
	HPDF_Page_SetHeight(p->page, (HPDF_REAL)PAGE_H);
	ALLOC_GROW(p->pages, p->npages + 1, p->pages_alloc);
	p->pages[p->npages++] = p->page;
	p->y = MARGIN_TOP;
}

/* Starts a new page unless h points still fit on this one. */
static void need(struct pdf *p, double h)
{
	if (p->y + h > BOTTOM && p->y > MARGIN_TOP)
		new_page(p);
}

static double width(const struct pdf *p, int bold, double size, const char *s)
{
	return chart_text_width(p->cf, bold, size, s);
}

static void set_fill(HPDF_Page page, uint32_t c)
{
	HPDF_Page_SetRGBFill(page, ((c >> 16) & 0xFF) / 255.0f, ((c >> 8) & 0xFF) / 255.0f,
			     (c & 0xFF) / 255.0f);
}

static void set_stroke(HPDF_Page page, uint32_t c)
{
	HPDF_Page_SetRGBStroke(page, ((c >> 16) & 0xFF) / 255.0f, ((c >> 8) & 0xFF) / 255.0f,
			       (c & 0xFF) / 255.0f);
}

enum align { LEFT, CENTER, RIGHT };

/* One line of text with its baseline `base` points below the page top. */
static void text_at(struct pdf *p, double x, double base, const char *s, int bold,
		    double size, uint32_t color, enum align a)
{
	double w = a == LEFT ? 0 : width(p, bold, size, s);
	if (a == CENTER)
		x -= w / 2;
	else if (a == RIGHT)
		x -= w;
	HPDF_Page_BeginText(p->page);
	HPDF_Page_SetFontAndSize(p->page, p->font[bold ? 1 : 0], (HPDF_REAL)size);
	set_fill(p->page, color);
	HPDF_Page_TextOut(p->page, (HPDF_REAL)x, (HPDF_REAL)(PAGE_H - base), s);
	HPDF_Page_EndText(p->page);
}

static void hrule(struct pdf *p, double x0, double x1, double y, double lw, uint32_t color)
{
	set_stroke(p->page, color);
	HPDF_Page_SetLineWidth(p->page, (HPDF_REAL)lw);
	HPDF_Page_MoveTo(p->page, (HPDF_REAL)x0, (HPDF_REAL)(PAGE_H - y));
	HPDF_Page_LineTo(p->page, (HPDF_REAL)x1, (HPDF_REAL)(PAGE_H - y));
	HPDF_Page_Stroke(p->page);
}

static void fill_rect(struct pdf *p, double x, double y, double w, double h, uint32_t color)
{
	set_fill(p->page, color);
	HPDF_Page_Rectangle(p->page, (HPDF_REAL)x, (HPDF_REAL)(PAGE_H - y - h), (HPDF_REAL)w,
			    (HPDF_REAL)h);
	HPDF_Page_Fill(p->page);
}

static void dot(struct pdf *p, double x, double y, double r, uint32_t color)
{
	set_fill(p->page, color);
	HPDF_Page_Circle(p->page, (HPDF_REAL)x, (HPDF_REAL)(PAGE_H - y), (HPDF_REAL)r);
	HPDF_Page_Fill(p->page);
}

/* Baseline of a line of `size` text in a line box of height `lead`. */
static double base_in(const struct pdf *p, double top, double lead, double size, int bold)
{
	return top + (lead + chart_cap_height(p->cf, bold) * size) / 2;
}

/* A wrapped paragraph at x with width w, flowing across pages. */
static void paragraph_at(struct pdf *p, double x, double w, const char *text, int bold,
			 double size, double lead, uint32_t color)
{
	char **lines;
	size_t n = chart_wrap(p->cf, bold, size, text, w, 0, &lines);
	for (size_t i = 0; i < n; i++) {
		need(p, lead);
		text_at(p, x, base_in(p, p->y, lead, size, bold), lines[i], bold, size, color, LEFT);
		p->y += lead;
	}
	chart_lines_free(lines, n);
}

static void paragraph(struct pdf *p, const char *text)
{
	paragraph_at(p, MARGIN_X, TEXT_W, text, 0, SZ_BODY, LEAD_BODY, INK);
	p->y += LEAD_BODY * 0.45;
}

/* Height of a wrapped paragraph, to keep blocks together. */
static double paragraph_height(const struct pdf *p, double w, const char *text, int bold,
			       double size, double lead)
{
	char **lines;
	size_t n = chart_wrap(p->cf, bold, size, text, w, 0, &lines);
	chart_lines_free(lines, n);
	return (double)n * lead;
}

/* A bookmark to the current position. */
static void bookmark(struct pdf *p, HPDF_Outline parent, const char *title, HPDF_Outline *out)
{
	HPDF_Outline o = HPDF_CreateOutline(p->doc, parent, title, p->utf8);
	HPDF_Destination d = HPDF_Page_CreateDestination(p->page);
	HPDF_Destination_SetFitH(d, (HPDF_REAL)(PAGE_H - p->y + 6));
	HPDF_Outline_SetDestination(o, d);
	if (out)
		*out = o;
}

/* A section heading, kept with at least `keep` points of what follows;
 * returns its bookmark. */
static HPDF_Outline heading(struct pdf *p, const char *title, double keep)
{
	HPDF_Outline o;
	if (p->y > MARGIN_TOP)
		p->y += 10;
	need(p, 26 + keep);
	bookmark(p, NULL, title, &o);
	text_at(p, MARGIN_X, base_in(p, p->y, 18, SZ_H2, 1), title, 1, SZ_H2, INK, LEFT);
	p->y += 18;
	hrule(p, MARGIN_X, MARGIN_X + TEXT_W, p->y + 1, 0.6, ACCENT);
	p->y += 8;
	return o;
}

static void subheading(struct pdf *p, const char *title, double keep)
{
	p->y += 4;
	need(p, 16 + keep);
	text_at(p, MARGIN_X, base_in(p, p->y, 15, SZ_H3, 1), title, 1, SZ_H3, INK, LEFT);
	p->y += 16;
}

/* "Label   wrapped text" with the label in a column of its own. */
static void field(struct pdf *p, const char *label, const char *text, double labw)
{
	double h = paragraph_height(p, TEXT_W - labw, text, 0, SZ_BODY, LEAD_BODY);
	double top;
	need(p, fmin(h, LEAD_BODY * 3));
	top = p->y;
	text_at(p, MARGIN_X, base_in(p, top, LEAD_BODY, SZ_BODY, 1), label, 1, SZ_BODY, INK, LEFT);
	paragraph_at(p, MARGIN_X + labw, TEXT_W - labw, text, 0, SZ_BODY, LEAD_BODY, INK);
	p->y += 3;
}

/* ---- tables ---- */

struct col {
	const char *title;
	double w;            /* points; 0 = fit the content, < 0 = take the rest */
	int right;           /* right-aligned (numbers) */
};

/* A cell: lines separated by '\n'; the first in the table face, the rest
 * smaller and muted. */
struct cell {
	char *text;          /* owned */
	int bold;
	uint32_t marker;     /* a coloured dot before the text, or CHART_NONE */
};

struct table {
	struct col *cols;
	size_t ncols;
	struct cell *cells;  /* rows x ncols */
	size_t nrows, alloc;
	const char *caption; /* repeated with "(continued)" after a page break */
	int *group;          /* optional group of each row: shading alternates by
	                        group and a rule separates groups */
	size_t group_alloc;
};

#define CELL_PAD 4.0
#define ROW_PAD 3.2

static struct cell *table_row(struct table *t)
{
	struct cell *row;
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

static void table_release(struct table *t)
{
	for (size_t i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i].text);
	free(t->cells);
	free(t->group);
}

/* Puts the last row added into group g. */
static void table_group(struct table *t, int g)
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
		char *part = nl ? xstrndup(s, (size_t)(nl - s)) : xstrdup(s);
		w = fmax(w, width(p, first && bold, first ? SZ_TABLE : SZ_SMALL, part));
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
static void table_widths(const struct pdf *p, struct table *t)
{
	double used = 0, flex = 0;
	size_t nflex = 0;
	for (size_t i = 0; i < t->ncols; i++) {
		struct col *c = &t->cols[i];
		if (c->w == 0) {
			c->w = cell_width(p, c->title, 1, 0);
			for (size_t r = 0; r < t->nrows; r++) {
				const struct cell *cell = &t->cells[r * t->ncols + i];
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
			struct col *c = &t->cols[i];
			if (!c->right && c->w > hi) {
				used -= c->w - hi;
				c->w = hi;
			}
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

static void cell_layout(const struct pdf *p, const struct cell *c, double w,
			struct cell_lines *out)
{
	const char *s = c->text ? c->text : "";
	size_t alloc = 0;
	int first = 1;
	double avail = w - 2 * CELL_PAD - (c->marker != CHART_NONE ? 9 : 0);
	memset(out, 0, sizeof *out);
	for (;;) {
		const char *nl = strchr(s, '\n');
		char *part = nl ? xstrndup(s, (size_t)(nl - s)) : xstrdup(s);
		char **ls;
		size_t k = chart_wrap(p->cf, first && c->bold, first ? SZ_TABLE : SZ_SMALL, part,
				      avail, 0, &ls);
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

static double header_height(const struct pdf *p, const struct table *t)
{
	double h = LEAD_TABLE;
	for (size_t i = 0; i < t->ncols; i++) {
		struct cell c = { (char *)t->cols[i].title, 1, CHART_NONE };
		struct cell_lines cl;
		cell_layout(p, &c, t->cols[i].w, &cl);
		h = fmax(h, cl.h);
		cell_lines_release(&cl);
	}
	return h + 2 * ROW_PAD;
}

static void draw_header(struct pdf *p, const struct table *t, int continued)
{
	double x = MARGIN_X, h = header_height(p, t);
	if (continued && t->caption) {
		char *s = xasprintf("%s (continued)", t->caption);
		text_at(p, MARGIN_X, base_in(p, p->y, LEAD_SMALL, SZ_SMALL, 0), s, 0, SZ_SMALL, MUTED,
			LEFT);
		free(s);
		p->y += LEAD_SMALL + 2;
	}
	for (size_t i = 0; i < t->ncols; i++) {
		struct cell c = { (char *)t->cols[i].title, 1, CHART_NONE };
		struct cell_lines cl;
		double yy = p->y + ROW_PAD + (h - 2 * ROW_PAD) ;
		cell_layout(p, &c, t->cols[i].w, &cl);
		/* header text sits at the bottom of the header row */
		yy -= cl.h;
		for (size_t k = 0; k < cl.n; k++) {
			double lead = cl.main[k] ? LEAD_TABLE : LEAD_SMALL;
			double size = cl.main[k] ? SZ_TABLE : SZ_SMALL;
			int bold = cl.main[k];
			double base = base_in(p, yy, lead, size, bold);
			if (t->cols[i].right)
				text_at(p, x + t->cols[i].w - CELL_PAD, base, cl.lines[k], bold, size,
					cl.main[k] ? INK : MUTED, RIGHT);
			else
				text_at(p, x + CELL_PAD, base, cl.lines[k], bold, size,
					cl.main[k] ? INK : MUTED, LEFT);
			yy += lead;
		}
		cell_lines_release(&cl);
		x += t->cols[i].w;
	}
	p->y += h;
	hrule(p, MARGIN_X, MARGIN_X + TEXT_W, p->y, 0.8, INK);
}

/* Height of the first n rows: a table starts on a new page rather than
 * leave its header with fewer rows behind. */
static double rows_height(const struct pdf *p, const struct table *t, size_t n)
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
static void table_draw(struct pdf *p, struct table *t)
{
	double hh;
	struct cell_lines *cl = xcalloc(t->ncols, sizeof *cl);
	const char *group_label = NULL;

	table_widths(p, t);
	hh = header_height(p, t);

	for (size_t r = 0; r < t->nrows; r++) {
		const struct cell *row = &t->cells[r * t->ncols];
		double h = LEAD_TABLE, x = MARGIN_X;
		int broke = r == 0;
		for (size_t i = 0; i < t->ncols; i++) {
			cell_layout(p, &row[i], t->cols[i].w, &cl[i]);
			h = fmax(h, cl[i].h);
		}
		h += 2 * ROW_PAD;
		if (r == 0) {
			need(p, hh + rows_height(p, t, 3));
			draw_header(p, t, 0);
		} else if (p->y + h > BOTTOM) {
			new_page(p);
			draw_header(p, t, 1);
			broke = 1;
		}
		if (t->group ? t->group[r] % 2 == 1 : r % 2 == 1)
			fill_rect(p, MARGIN_X, p->y, TEXT_W, h, ZEBRA);
		if (t->group && !broke && t->group[r] != t->group[r - 1])
			hrule(p, MARGIN_X, MARGIN_X + TEXT_W, p->y, 0.3, RULE);
		if (t->group && row[0].text && *row[0].text)
			group_label = row[0].text;
		else if (t->group && broke && group_label)
			text_at(p, MARGIN_X + CELL_PAD, base_in(p, p->y + ROW_PAD, LEAD_TABLE, SZ_TABLE, 0),
				group_label, 0, SZ_TABLE, MUTED, LEFT);
		for (size_t i = 0; i < t->ncols; i++) {
			double yy = p->y + ROW_PAD;
			for (size_t k = 0; k < cl[i].n; k++) {
				int main = cl[i].main[k], bold = main && row[i].bold;
				double lead = main ? LEAD_TABLE : LEAD_SMALL;
				double size = main ? SZ_TABLE : SZ_SMALL;
				double base = base_in(p, yy, lead, size, bold);
				uint32_t col = main ? INK : MUTED;
				if (k == 0 && row[i].marker != CHART_NONE)
					dot(p, x + CELL_PAD + 3, yy + lead / 2, 3, row[i].marker);
				if (t->cols[i].right)
					text_at(p, x + t->cols[i].w - CELL_PAD, base, cl[i].lines[k], bold,
						size, col, RIGHT);
				else
					text_at(p, x + CELL_PAD + (row[i].marker != CHART_NONE ? 9 : 0),
						base, cl[i].lines[k], bold, size, col, LEFT);
				yy += lead;
			}
			x += t->cols[i].w;
			cell_lines_release(&cl[i]);
		}
		p->y += h;
	}
	hrule(p, MARGIN_X, MARGIN_X + TEXT_W, p->y, 0.5, RULE);
	p->y += 10;
	free(cl);
}

/* ---- charts ---- */

/* Lays a chart out at the text width and draws it whole on one page, with
 * a bookmark under `parent`; under a new section heading when `section`. */
static void chart(struct pdf *p, const struct chart_spec *sp, const char *section,
		  HPDF_Outline *parent)
{
	struct chart_scene sc;
	double content, avail, s, left;
	chart_layout(sp, &print, p->cf, &sc);
	/* the inked part; a chart taller than a page is scaled down to fit */
	content = sc.height - 2 * CHART_MARGIN;
	avail = BOTTOM - MARGIN_TOP - 40;
	s = content > avail ? avail / content : 1;
	if (section) {
		*parent = heading(p, section, content * s);
		p->y += 4;
	} else {
		need(p, content * s);
	}
	bookmark(p, *parent, sp->title, NULL);
	left = MARGIN_X - CHART_MARGIN * s + TEXT_W * (1 - s) / 2;
	chart_hpdf_draw(p->page, p->font[0], p->font[1], &sc, left,
			PAGE_H - p->y + CHART_MARGIN * s, s);
	p->y += content * s + 14;
	chart_scene_release(&sc);
}

/* ---- the content ---- */

static size_t all_versions(const struct model *m, const char ***out)
{
	const char **v = NULL;
	size_t n = 0, alloc = 0;
	for (size_t i = 0; i < m->ncomparisons; i++)
		for (size_t j = 0; j < m->comparisons[i].nversions; j++) {
			const char *s = m->comparisons[i].versions[j].version;
			size_t k, at;
			for (k = 0; k < n && v[k] != s; k++)
				;
			if (k < n)
				continue;
			for (at = n; at > 0 && semver_cmp(v[at - 1], s) > 0; at--)
				;
			ALLOC_GROW(v, n + 1, alloc);
			memmove(v + at + 1, v + at, (n - at) * sizeof *v);
			v[at] = s;
			n++;
		}
	*out = v;
	return n;
}

/* Rounds per version and passes per round as "7" or "3 to 7". */
static void count_range(const struct model *m, int passes, const char *one, const char *many,
			struct buf *b)
{
	size_t lo = (size_t)-1, hi = 0;
	for (size_t i = 0; i < m->ncomparisons; i++)
		for (size_t j = 0; j < m->comparisons[i].nversions; j++) {
			const struct version_stats *vs = &m->comparisons[i].versions[j];
			if (!passes) {
				lo = vs->nrounds < lo ? vs->nrounds : lo;
				hi = vs->nrounds > hi ? vs->nrounds : hi;
				continue;
			}
			for (size_t r = 0; r < vs->nrounds; r++) {
				size_t k = vs->rounds[r]->npasses;
				lo = k < lo ? k : lo;
				hi = k > hi ? k : hi;
			}
		}
	if (hi == 0)
		lo = 0;
	if (lo == hi)
		buf_printf(b, "%zu %s", hi, hi == 1 ? one : many);
	else
		buf_printf(b, "%zu to %zu %s", lo, hi, many);
}

static const char *report_title(const struct model *m)
{
	return m->title && *m->title ? m->title : "Benchmark report";
}

static void title_block(struct pdf *p)
{
	const struct model *m = p->m;
	struct buf b = BUF_INIT;
	const char **vers;
	size_t nvers = all_versions(m, &vers);
	char **lines;
	size_t n;

	text_at(p, MARGIN_X, base_in(p, p->y, 12, SZ_SMALL, 1), "BENCHMARK REPORT", 1, SZ_SMALL,
		ACCENT, LEFT);
	p->y += 16;
	n = chart_wrap(p->cf, 1, SZ_H1, report_title(m), TEXT_W, 0, &lines);
	for (size_t i = 0; i < n; i++) {
		text_at(p, MARGIN_X, base_in(p, p->y, SZ_H1 * 1.2, SZ_H1, 1), lines[i], 1, SZ_H1, INK,
			LEFT);
		p->y += SZ_H1 * 1.2;
	}
	chart_lines_free(lines, n);
	p->y += 4;
	buf_printf(&b, "Report date %s \xC2\xB7 %zu workload%s \xC2\xB7 %zu version%s \xC2\xB7 ",
		   m->as_of, m->ncomparisons, m->ncomparisons == 1 ? "" : "s", nvers,
		   nvers == 1 ? "" : "s");
	count_range(m, 0, "round", "rounds", &b);
	buf_puts(&b, " per version");
	paragraph_at(p, MARGIN_X, TEXT_W, b.s, 0, SZ_BODY, LEAD_BODY, MUTED);
	buf_release(&b);
	free(vers);
	p->y += 8;
}

static void environment(struct pdf *p)
{
	const struct model *m = p->m;
	struct table t = { 0 };
	struct col cols[] = { { "Environment", 0, 0 }, { "", -1, 0 } };
	struct buf b = BUF_INIT;

	t.cols = cols;
	t.ncols = 2;
	for (size_t i = 0; i < m->nenv; i++) {
		struct cell *row = table_row(&t);
		row[0].text = xstrdup(m->env[i].key);
		row[1].text = xstrdup(m->env[i].value);
	}
	{
		const char **vers;
		size_t nvers = all_versions(m, &vers);
		struct cell *row = table_row(&t);
		for (size_t k = 0; k < nvers; k++) {
			const char *v8 = NULL;
			for (size_t i = 0; i < m->ncomparisons && !v8; i++)
				for (size_t j = 0; j < m->comparisons[i].nversions; j++)
					if (m->comparisons[i].versions[j].version == vers[k] &&
					    m->comparisons[i].versions[j].v8)
						v8 = m->comparisons[i].versions[j].v8;
			buf_printf(&b, "%s%s", k ? ", " : "", vers[k]);
			if (v8)
				buf_printf(&b, " (V8\xC2\xA0%s)", v8);
		}
		row[0].text = xstrdup("versions");
		row[1].text = buf_detach(&b, NULL);
		free(vers);
	}
	if (m->nsources) {
		struct cell *row = table_row(&t);
		for (size_t i = 0; i < m->nsources; i++)
			buf_printf(&b, "%s%s", i ? ", " : "", m->sources[i]);
		row[0].text = xstrdup(m->nsources == 1 ? "input" : "inputs");
		row[1].text = buf_detach(&b, NULL);
	}
	if (m->notes && *m->notes) {
		struct cell *row = table_row(&t);
		row[0].text = xstrdup("notes");
		row[1].text = xstrdup(m->notes);
	}
	table_draw(p, &t);
	table_release(&t);
}

static void summary(struct pdf *p)
{
	const struct model *m = p->m;
	size_t nf = 0, nw = 0, ni = 0;
	struct buf b = BUF_INIT;
	double labw = 62;

	for (size_t i = 0; i < m->ncomparisons; i++) {
		nf += m->comparisons[i].verdict == VERDICT_FASTER;
		nw += m->comparisons[i].verdict == VERDICT_WITHIN_NOISE;
		ni += m->comparisons[i].verdict == VERDICT_INSUFFICIENT;
	}
	heading(p, "Summary", LEAD_BODY * 4);
	if (m->recommendation)
		buf_printf(&b, "%s.", m->recommendation);
	else
		buf_puts(&b, "No line of the schedule is in long-term support on the report date, "
			 "so there is no recommendation.");
	field(p, "Decision", b.s, labw);
	buf_reset(&b);
	buf_printf(&b, "%zu of %zu workload%s differ beyond the noise", nf, m->ncomparisons,
		   m->ncomparisons == 1 ? "" : "s");
	if (nw)
		buf_printf(&b, "; %zu %s within the noise, where these measurements cannot tell the "
			   "versions apart", nw, nw == 1 ? "is" : "are");
	if (ni)
		buf_printf(&b, "; %zu %s too few rounds to judge", ni, ni == 1 ? "has" : "have");
	buf_puts(&b, ".");
	field(p, "Findings", b.s, labw);
	if (!m->nwarnings) {
		field(p, "Risks", "None found.", labw);
	} else {
		for (size_t i = 0; i < m->nwarnings; i++) {
			buf_reset(&b);
			buf_printf(&b, "%s.", m->warnings[i]);
			if (b.len >= 2 && b.s[b.len - 2] == '.')
				b.s[--b.len] = '\0';
			field(p, i == 0 ? "Risks" : "", b.s, labw);
		}
	}
	buf_release(&b);
	if (m->nplatforms) {
		struct table t = { 0 };
		struct col cols[] = { { "Workload", 150, 0 }, { "Across platforms", -1, 0 } };
		t.cols = cols;
		t.ncols = 2;
		t.caption = "Across platforms";
		subheading(p, "Does it reproduce on every platform?", 40);
		for (size_t i = 0; i < m->nplatforms; i++) {
			const struct platform_finding *f = &m->platforms[i];
			struct cell *row = table_row(&t);
			row[0].text = xstrdup(f->workload);
			row[1].text = xstrdup(f->text);
			row[1].marker = f->consistent == 1 ? 0x009E73u : f->consistent == 0 ? 0xE69F00u
											 : 0x999999u;
		}
		table_draw(p, &t);
		table_release(&t);
	}
}

/* The gap between two bests as the verdicts state it: the worse over the
 * better, minus one, in percent with one decimal below 10%. */
static void fmt_gap(struct buf *b, double gap)
{
	fmt_fixed(b, gap * 100, gap < 0.1 ? 1 : 0);
	buf_putc(b, '%');
}

static uint32_t verdict_color(enum verdict v)
{
	return v == VERDICT_FASTER ? 0x009E73u : v == VERDICT_WITHIN_NOISE ? 0x999999u : 0xE69F00u;
}

static void verdicts(struct pdf *p)
{
	const struct model *m = p->m;
	struct table t = { 0 };
	struct col cols[] = {
		{ "Workload", 150, 0 }, { "Verdict", -1, 0 },
		{ "Best round", 0, 1 }, { "Gap", 0, 1 }, { "Noise", 0, 1 },
	};
	int plat = 0;
	for (size_t i = 1; i < m->ncomparisons; i++)
		plat |= m->comparisons[i].platform != m->comparisons[0].platform;

	heading(p, "Verdicts", 60);
	paragraph(p, "Gap: how much better the best version's best round is than the worst "
		  "version's. Noise: the largest spread of the versions' rounds. A version wins "
		  "only when the gap is larger than the noise.");
	t.cols = cols;
	t.ncols = 5;
	t.caption = "Verdicts";
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		struct cell *row = table_row(&t);
		struct buf b = BUF_INIT;
		if (plat)
			row[0].text = xasprintf("%s\n%s, %s", c->workload, c->platform, c->unit);
		else
			row[0].text = xasprintf("%s\n%s, %s", c->workload, c->unit,
						c->better == BETTER_HIGHER ? "higher is better"
									   : "lower is better");
		row[1].text = xstrdup(c->text);
		row[1].marker = verdict_color(c->verdict);
		row[1].bold = c->verdict == VERDICT_FASTER;
		if (c->verdict != VERDICT_INSUFFICIENT) {
			fmt_value(&b, c->versions[c->best_idx].best);
			buf_printf(&b, " %s\n%s", c->unit, c->versions[c->best_idx].version);
			row[2].text = buf_detach(&b, NULL);
			fmt_gap(&b, c->gap);
			row[3].text = buf_detach(&b, NULL);
			fmt_spread(&b, c->noise);
			row[4].text = buf_detach(&b, NULL);
		}
	}
	table_draw(p, &t);
	table_release(&t);
}

/* Best round per version with its change against the baseline. */
static void per_version(struct pdf *p)
{
	const struct model *m = p->m;
	const char **vers;
	size_t nvers = all_versions(m, &vers);
	struct table t = { 0 };
	struct col *cols;
	if (nvers < 2 || nvers > 6) {
		free(vers);
		return;
	}
	subheading(p, "Best round of each version", 80);
	paragraph(p, "Each cell: the best round, then its change against the baseline and the "
		  "version's spread. The best version of each workload is in bold.");
	cols = xcalloc(nvers + 1, sizeof *cols);
	cols[0].title = "Workload";
	cols[0].w = -1;
	for (size_t k = 0; k < nvers; k++) {
		cols[k + 1].title = vers[k];
		cols[k + 1].right = 1;
	}
	t.cols = cols;
	t.ncols = nvers + 1;
	t.caption = "Best round of each version";
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		struct cell *row = table_row(&t);
		row[0].text = xasprintf("%s\n%s", c->workload, c->unit);
		for (size_t j = 0; j < c->nversions; j++) {
			const struct version_stats *vs = &c->versions[j];
			struct buf b = BUF_INIT;
			size_t k;
			for (k = 0; k < nvers && vers[k] != vs->version; k++)
				;
			if (k == nvers)
				continue;
			fmt_value(&b, vs->best);
			buf_putc(&b, '\n');
			if (vs->is_baseline)
				buf_puts(&b, "baseline");
			else if (c->baseline_idx >= 0)
				fmt_percent_signed(&b, vs->change);
			if (vs->nrounds > 1) {
				buf_puts(&b, vs->is_baseline || c->baseline_idx >= 0 ? " \xC2\xB7 " : "");
				fmt_spread(&b, vs->spread);
			}
			row[k + 1].text = buf_detach(&b, NULL);
			row[k + 1].bold = (int)j == c->best_idx && c->verdict == VERDICT_FASTER;
		}
	}
	table_draw(p, &t);
	table_release(&t);
	free(cols);
	free(vers);
}

static void charts(struct pdf *p)
{
	const struct model *m = p->m;
	struct chart_spec sp;
	HPDF_Outline parent = NULL;
	const char *section = "Charts";
	if (chart_spec_overview(m, &sp)) {
		chart(p, &sp, section, &parent);
		chart_spec_release(&sp);
		section = NULL;
	}
	for (size_t i = 0; i < m->ncomparisons; i++) {
		chart_spec_strip(m, &m->comparisons[i], &sp);
		chart(p, &sp, section, &parent);
		chart_spec_release(&sp);
		section = NULL;
		if (chart_is_series(&m->comparisons[i])) {
			chart_spec_series(m, &m->comparisons[i], &sp);
			chart(p, &sp, NULL, &parent);
			chart_spec_release(&sp);
		}
	}
}

/* ---- the statistics beside the verdict ---- */

#define NOTE_LABEL_W 78.0
/* A pairs table's header (two lines) with its first three rows, which
 * table_draw keeps together: what a heading above it must keep. */
#define PAIRS_START_H (LEAD_TABLE + LEAD_SMALL + 2 * ROW_PAD + 3 * (LEAD_TABLE + 2 * ROW_PAD))

/* Pairs in the whole report: Holm's correction runs over all of them. */
static size_t report_pairs(const struct model *m)
{
	size_t n = 0;
	for (size_t i = 0; i < m->ncomparisons; i++)
		n += m->comparisons[i].npairs;
	return n;
}

/* The pair of comparison c with the smallest reachable p, or NULL. */
static const struct pair_stats *strongest_pair(const struct comparison *c)
{
	const struct pair_stats *best = NULL;
	for (size_t i = 0; i < c->npairs; i++)
		if (!best || c->pairs[i].p_floor < best->p_floor)
			best = &c->pairs[i];
	return best;
}

/* 1 when even the smallest p comparison c's rounds can reach stays above
 * the level Holm's first step needs over the report's npairs: then no pair
 * of c can be significant, and every pair beyond the noise is borderline
 * for that reason alone. */
static int floor_binds(const struct comparison *c, size_t npairs)
{
	const struct pair_stats *s = strongest_pair(c);
	return s && s->p_floor >= 0.05 / (double)npairs;
}

/* Whether the table shows a pair: all of them, except in a long series,
 * where the pairs of neighbouring versions are the story and the others
 * are shown only when significant, or borderline for a reason of their
 * own (not just the power floor). */
static int pair_shown(const struct comparison *c, const struct pair_stats *ps, int binds)
{
	return !chart_is_series(c) || ps->b == ps->a + 1 || ps->significant ||
	       (ps->borderline && !binds);
}

/* One comparison's pairs: ratio of medians with its interval, shift, U,
 * p and p after Holm, formatted as issue.md formats them. */
static void pairs_table(struct pdf *p, const struct comparison *c, const char *caption,
			int binds)
{
	struct table t = { 0 };
	char *shift_head = xasprintf("Shift\n%s", c->unit);
	struct col cols[] = {
		{ "a \xE2\x86\x92 b", 0, 0 }, { "Median b/a", 0, 1 }, { "95% interval", 0, 1 },
		{ shift_head, 0, 1 }, { "U", 0, 1 }, { "p", 0, 1 }, { "p (Holm)", 0, 1 },
		{ "Test", -1, 0 },
	};
	struct buf b = BUF_INIT;

	t.cols = cols;
	t.ncols = sizeof cols / sizeof cols[0];
	t.caption = caption;
	for (size_t i = 0; i < c->npairs; i++) {
		const struct pair_stats *ps = &c->pairs[i];
		struct cell *row;
		if (!pair_shown(c, ps, binds))
			continue;
		row = table_row(&t);
		row[0].text = xasprintf("%s \xE2\x86\x92 %s", c->versions[ps->a].version,
					c->versions[ps->b].version);
		fmt_fixed(&b, ps->ratio, 3);
		row[1].text = buf_detach(&b, NULL);
		fmt_fixed(&b, ps->ci_low, 3);
		buf_puts(&b, "\xE2\x80\x93");
		fmt_fixed(&b, ps->ci_high, 3);
		row[2].text = buf_detach(&b, NULL);
		fmt_value_signed(&b, ps->shift);
		row[3].text = buf_detach(&b, NULL);
		fmt_sig(&b, ps->u, 6);
		row[4].text = buf_detach(&b, NULL);
		fmt_sig(&b, ps->p, 2);
		row[5].text = buf_detach(&b, NULL);
		fmt_sig(&b, ps->p_holm, 2);
		row[6].text = buf_detach(&b, NULL);
		row[6].bold = ps->significant;
		if (ps->significant || ps->borderline) {
			row[7].text = xasprintf("%s%s%s", ps->significant ? "significant" : "",
						ps->significant && ps->borderline ? ", " : "",
						ps->borderline ? "borderline" : "");
			row[7].bold = ps->significant;
			row[7].marker = ps->borderline ? 0xE69F00u : 0x009E73u;
		}
	}
	buf_release(&b);
	table_draw(p, &t);
	table_release(&t);
	free(shift_head);
}

/* A sentence for a pair where the within-noise rule and the test disagree
 * (appends to b). */
static void borderline_note(const struct comparison *c, const struct pair_stats *ps,
			    struct buf *b)
{
	const struct version_stats *va = &c->versions[ps->a], *vb = &c->versions[ps->b];
	buf_printf(b, "%s \xE2\x86\x92 %s: ", va->version, vb->version);
	if (!ps->significant) {
		fmt_gap(b, va->best > vb->best ? va->best / vb->best - 1 : vb->best / va->best - 1);
		buf_puts(b, " apart, beyond the noise of ");
		fmt_spread(b, c->noise);
		buf_puts(b, ", but the test does not confirm it (p = ");
		fmt_sig(b, ps->p_holm, 2);
		buf_puts(b, " after Holm)");
		if (ps->rounds_needed > 0 && (size_t)ps->rounds_needed > va->nrounds &&
		    (size_t)ps->rounds_needed > vb->nrounds)
			buf_printf(b, "; about %d rounds per version would be needed to tell",
				   ps->rounds_needed);
	} else {
		buf_puts(b, "within the noise of ");
		fmt_spread(b, c->noise);
		buf_puts(b, ", yet the test finds the rounds consistently apart (p = ");
		fmt_sig(b, ps->p_holm, 2);
		buf_puts(b, " after Holm): the median moved by ");
		fmt_percent_signed(b, ps->ratio - 1);
		buf_puts(b, " (95% interval ");
		fmt_percent_signed(b, ps->ci_low - 1);
		buf_puts(b, " to ");
		fmt_percent_signed(b, ps->ci_high - 1);
		buf_puts(b, "), a steady difference smaller than the spread of the rounds");
	}
	buf_putc(b, '.');
}

/* Why no pair of c can be significant, when the power floor binds: the
 * rounds of its strongest pair, the smallest p they can reach, the level
 * Holm's first step needs, and the fewest rounds per version that would
 * confirm one of its differences (appends to b). */
static void power_note(const struct comparison *c, size_t npairs, struct buf *b)
{
	const struct pair_stats *s = strongest_pair(c);
	int needed = 0;
	for (size_t i = 0; i < c->npairs; i++) {
		const struct pair_stats *ps = &c->pairs[i];
		if (ps->rounds_needed > 0 && (size_t)ps->rounds_needed > c->versions[ps->a].nrounds &&
		    (size_t)ps->rounds_needed > c->versions[ps->b].nrounds &&
		    (!needed || ps->rounds_needed < needed))
			needed = ps->rounds_needed;
	}
	buf_printf(b, "%zu vs %zu rounds: the smallest reachable p is ",
		   c->versions[s->a].nrounds, c->versions[s->b].nrounds);
	fmt_sig(b, s->p_floor, 2);
	buf_printf(b, ", and Holm's correction over the %zu pairs of the report needs p below ",
		   npairs);
	fmt_sig(b, 0.05 / (double)npairs, 2);
	buf_puts(b, ", so no pair here can be significant");
	if (needed)
		buf_printf(b, "; about %d rounds per version would be needed to confirm the "
			   "clearest of these differences", needed);
	buf_putc(b, '.');
}

/* A note with its first letter in upper case (the model's sentences start
 * in lower case to be embedded). */
static void note_field(struct pdf *p, const char *label, const char *text)
{
	char *s = xasprintf("%s.", text);
	if (*s >= 'a' && *s <= 'z')
		*s = (char)(*s - 'a' + 'A');
	field(p, label, s, NOTE_LABEL_W);
	free(s);
}

/* Above a comparison's table: power, steps, drift, run order and, under the
 * workload's last platform, the finding across platforms. */
static void evidence_notes(struct pdf *p, size_t ci, size_t npairs)
{
	const struct model *m = p->m;
	const struct comparison *c = &m->comparisons[ci];
	struct buf b = BUF_INIT;

	if (floor_binds(c, npairs)) {
		power_note(c, npairs, &b);
		field(p, "Power", b.s, NOTE_LABEL_W);
	}
	for (size_t i = 0; i < c->nsteps; i++) {
		const struct step *st = &c->steps[i];
		const struct version_stats *vb = &c->versions[st->before], *va = &c->versions[st->after];
		buf_reset(&b);
		buf_printf(&b, "between %s and %s", vb->version, va->version);
		if (vb->v8 && va->v8 && strcmp(vb->v8, va->v8) != 0)
			buf_printf(&b, " (V8 %s \xE2\x86\x92 %s)", vb->v8, va->v8);
		else if (vb->v8 && va->v8)
			buf_printf(&b, " (both V8 %s)", vb->v8);
		buf_puts(&b, ": best round ");
		fmt_percent_signed(&b, st->change);
		field(p, i == 0 ? "Steps" : "", b.s, NOTE_LABEL_W);
	}
	if (c->drift)
		note_field(p, "Drift", c->drift);
	if (!c->interleaved)
		note_field(p, "Run order", "some versions ran their rounds back to back rather than "
			   "interleaved with the others, so a change of the machine over time can be "
			   "charged to a version");
	for (size_t k = 0; k < m->nplatforms; k++) {
		const struct platform_finding *f = &m->platforms[k];
		if (f->workload == c->workload && f->comparisons[f->ncomparisons - 1] == ci)
			note_field(p, "Platforms", f->text);
	}
	buf_release(&b);
}

/* Below a comparison's table: a sentence per borderline pair, or one line
 * for them all when the power floor alone explains them. */
static void borderline_notes(struct pdf *p, const struct comparison *c, int binds)
{
	struct buf b = BUF_INIT;
	size_t n = 0;
	for (size_t i = 0; i < c->npairs; i++) {
		if (!c->pairs[i].borderline)
			continue;
		if (!binds) {
			buf_reset(&b);
			borderline_note(c, &c->pairs[i], &b);
			field(p, n ? "" : "Borderline", b.s, NOTE_LABEL_W);
		}
		n++;
	}
	if (binds && n) {
		buf_printf(&b, "%zu pair%s apart beyond the noise of ", n, n == 1 ? " is" : "s are");
		fmt_spread(&b, c->noise);
		buf_puts(&b, ", which the test cannot confirm with these rounds (see Power).");
		field(p, "Borderline", b.s, NOTE_LABEL_W);
	}
	buf_release(&b);
}

/*
 * Statistical evidence: what the rank test adds to the within-noise rule
 * and the report's power floor, then per comparison the notes on power,
 * steps, drift, run order and platforms, its table of pairs and the
 * borderline pairs explained.
 */
static void evidence(struct pdf *p)
{
	const struct model *m = p->m;
	size_t npairs = report_pairs(m), nsig = 0;
	double floor = 1;
	HPDF_Outline parent;
	struct buf b = BUF_INIT;

	if (!npairs)
		return;
	for (size_t i = 0; i < m->ncomparisons; i++)
		for (size_t k = 0; k < m->comparisons[i].npairs; k++) {
			nsig += m->comparisons[i].pairs[k].significant;
			floor = fmin(floor, m->comparisons[i].pairs[k].p_floor);
		}
	parent = heading(p, "Statistical evidence", LEAD_BODY * 6);
	buf_printf(&b, "The within-noise rule compares best rounds against the spread; a rank test "
		   "(Mann\xE2\x80\x93Whitney U on all rounds, Holm-corrected across the %zu pairs "
		   "of versions in this report) asks whether one version's rounds are "
		   "consistently apart from the other's. Where the two disagree, neither claim "
		   "is safe.", npairs);
	paragraph(p, b.s);
	paragraph(p, "For each pair of an older version a and a newer b: the median of b's "
		  "rounds over a's with its 95% bootstrap interval (2000 resamples, seeded from "
		  "the data); the shift, the Hodges\xE2\x80\x93Lehmann estimate of b \xE2\x88\x92 a "
		  "in the workload's unit; U and the two-sided p of the test, as R's wilcox.test "
		  "gives them, and p after Holm's correction. A pair is significant when p after "
		  "Holm is below 0.05; borderline when the within-noise rule and the test "
		  "disagree.");
	/* Holm's first step compares the smallest p with alpha / pairs */
	buf_reset(&b);
	buf_puts(&b, "With the rounds measured, the smallest p-value the rank test can reach is ");
	fmt_sig(&b, floor, 2);
	buf_printf(&b, "; across the %zu pairs of this report Holm's correction needs the "
		   "smallest p below ", npairs);
	fmt_sig(&b, 0.05 / (double)npairs, 2);
	if (floor * (double)npairs >= 0.05)
		buf_puts(&b, ", so no pair can be significant: more rounds per version are needed "
			 "before the test can confirm anything.");
	else
		buf_printf(&b, "; %zu pair%s significant.", nsig, nsig == 1 ? " is" : "s are");
	paragraph(p, b.s);

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		int binds = floor_binds(c, npairs);
		size_t shown = 0, neighbours = 0;
		if (!c->npairs && !c->nsteps && !c->drift && c->interleaved)
			continue;
		buf_reset(&b);
		buf_printf(&b, "%s (%s, %s)", c->workload, c->unit, c->platform);
		subheading(p, b.s, PAIRS_START_H + 6);
		p->y -= 16;
		bookmark(p, parent, c->workload, NULL);
		p->y += 16;
		evidence_notes(p, i, npairs);
		if (!c->npairs)
			continue;
		for (size_t k = 0; k < c->npairs; k++) {
			shown += pair_shown(c, &c->pairs[k], binds);
			neighbours += c->pairs[k].b == c->pairs[k].a + 1;
		}
		if (shown < c->npairs) {
			struct buf s = BUF_INIT;
			buf_printf(&s, "Shown: the %zu pairs of neighbouring versions", neighbours);
			if (shown > neighbours)
				buf_printf(&s, " and %zu other significant or borderline pair%s",
					   shown - neighbours, shown - neighbours == 1 ? "" : "s");
			buf_printf(&s, "; all %zu pairs of this long series are in analysis.json and "
				   "the workbook's Pairs sheet.", c->npairs);
			/* kept with the table's header and first rows */
			p->y += 2;
			need(p, paragraph_height(p, TEXT_W, s.s, 0, SZ_SMALL, LEAD_SMALL) + 10 +
				PAIRS_START_H);
			paragraph_at(p, MARGIN_X, TEXT_W, s.s, 0, SZ_SMALL, LEAD_SMALL, MUTED);
			p->y += 4;
			buf_release(&s);
		}
		p->y += 4;
		pairs_table(p, c, b.s, binds);
		borderline_notes(p, c, binds);
	}
	buf_release(&b);
}

static void support(struct pdf *p)
{
	const struct model *m = p->m;
	struct table t = { 0 };
	struct col cols[] = {
		{ "Line", 0, 0 }, { "Status", 0, 0 }, { "Start", 0, 1 }, { "End", 0, 1 },
		{ "V8", 0, 1 }, { "Who should pick it", -1, 0 },
	};
	size_t shown = 0;

	for (size_t i = 0; i < m->schedule.nlines; i++) {
		const struct release_line *l = &m->schedule.lines[i];
		if (!l->compared && (windows_status_is_eol(l->status) || strcmp(l->status, "Planned") == 0))
			continue;
		shown++;
	}
	if (!shown)
		return;
	heading(p, "Support windows", 60);
	{
		struct buf b = BUF_INIT;
		buf_printf(&b, "Status of each %s release line on %s: the measured lines and every "
			   "line that can still be picked.",
			   m->schedule.product ? m->schedule.product : "", m->as_of);
		paragraph(p, b.s);
		buf_release(&b);
	}
	t.cols = cols;
	t.ncols = 6;
	t.caption = "Support windows";
	for (size_t i = 0; i < m->schedule.nlines; i++) {
		const struct release_line *l = &m->schedule.lines[i];
		struct cell *row;
		struct buf b = BUF_INIT;
		if (!l->compared && (windows_status_is_eol(l->status) || strcmp(l->status, "Planned") == 0))
			continue;
		row = table_row(&t);
		buf_puts(&b, l->line);
		if (l->codename)
			buf_printf(&b, " %s", l->codename);
		if (l->compared || l == m->recommended)
			buf_printf(&b, "\n%s%s%s", l->compared ? "measured" : "",
				   l->compared && l == m->recommended ? ", " : "",
				   l == m->recommended ? "recommended" : "");
		row[0].text = buf_detach(&b, NULL);
		row[0].bold = l == m->recommended;
		row[1].text = xstrdup(l->status);
		row[1].marker = windows_status_is_eol(l->status) ? 0xD55E00u : CHART_NONE;
		row[2].text = xstrdup(*l->start ? l->start : "\xE2\x80\x94");
		row[3].text = xstrdup(*l->end ? l->end : "\xE2\x80\x94");
		row[4].text = xstrdup(l->v8_latest ? l->v8_latest : l->v8 ? l->v8 : "\xE2\x80\x94");
		row[5].text = xstrdup(l->pick_when ? l->pick_when : "");
	}
	table_draw(p, &t);
	table_release(&t);
}

static void method(struct pdf *p)
{
	const struct model *m = p->m;
	struct buf b = BUF_INIT;
	const char *base = NULL;
	int interleaved = 1;
	const double labw = 78;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		interleaved &= c->interleaved;
		if (!base && c->baseline_idx >= 0)
			base = c->versions[c->baseline_idx].version;
	}
	heading(p, "Method", LEAD_BODY * 4);
	buf_puts(&b, "Each version ran ");
	count_range(m, 0, "round", "rounds", &b);
	buf_puts(&b, " of every workload, ");
	buf_puts(&b, interleaved ? "interleaved with the other versions, so a slow phase of the "
				   "machine hits every version alike. "
				 : "some of them back to back rather than interleaved, so drift of the "
				   "machine can be charged to a version. ");
	buf_puts(&b, "A round ran ");
	count_range(m, 1, "timed pass", "timed passes", &b);
	buf_puts(&b, "; its value is the median of its passes, so one disturbed "
		 "pass does not move it.");
	field(p, "Rounds", b.s, labw);
	field(p, "Best", "A version's lowest round value (the highest for rates): interference on "
	      "a shared machine only ever adds time, so the best round is the one closest to what "
	      "the version can do.", labw);
	field(p, "Spread", "(highest \xE2\x88\x92 lowest round value) / (2 \xC3\x97 median "
	      "round value), shown as \xC2\xB1x%: how far the rounds of one version disagree.", labw);
	field(p, "Within noise", "The gap is how much better the best version's best round is "
	      "than the worst version's; the noise is the largest spread among the versions. A "
	      "difference counts only when the gap is larger than the noise. Otherwise the verdict "
	      "is \xE2\x80\x9Cwithin noise\xE2\x80\x9D: these measurements cannot tell the "
	      "versions apart, which is not proof that they are equal.", labw);
	field(p, "Not linear", "The best rounds do not move one way only from the oldest version "
	      "to the newest.", labw);
	buf_reset(&b);
	buf_printf(&b, "A version with fewer than %d rounds has no known spread, so its workload "
		   "gets no verdict.", m->min_rounds);
	field(p, "Insufficient", b.s, labw);
	if (base) {
		buf_reset(&b);
		buf_printf(&b, "Change against %s: a version's best divided by the baseline's best, "
			   "minus one; negative means a lower value.", base);
		field(p, "Baseline", b.s, labw);
	}
	buf_release(&b);
}

static void appendix(struct pdf *p)
{
	const struct model *m = p->m;
	HPDF_Outline parent;
	parent = heading(p, "Appendix: every round", 160);
	paragraph(p, "Every round of every version with its timed passes, in the order measured. "
		  "A round's value is the median of its passes; the best round of each version is "
		  "in bold.");

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		struct table t = { 0 };
		struct col *cols;
		size_t npasses = 0, ncols;
		int split;
		struct buf b = BUF_INIT;
		char *title = xasprintf("%s (%s, %s)", c->workload, c->unit, c->platform);

		for (size_t j = 0; j < c->nversions; j++)
			for (size_t r = 0; r < c->versions[j].nrounds; r++)
				if (c->versions[j].rounds[r]->npasses > npasses)
					npasses = c->versions[j].rounds[r]->npasses;
		/* one aligned column per pass while they fit, else one list */
		split = npasses <= 9;
		ncols = 3 + (split ? npasses : 1);
		cols = xcalloc(ncols, sizeof *cols);
		cols[0] = (struct col){ "Version", 0, 0 };
		cols[1] = (struct col){ "Round", 0, 1 };
		cols[2] = (struct col){ "Value", 0, 1 };
		if (split) {
			for (size_t k = 0; k < npasses; k++) {
				char *h = xasprintf(k ? "%zu" : "pass %zu", k + 1);
				cols[3 + k] = (struct col){ h, 0, 1 };
			}
		} else {
			cols[3] = (struct col){ "Passes", -1, 0 };
		}
		t.cols = cols;
		t.ncols = ncols;
		t.caption = title;
		subheading(p, title, 60);
		p->y -= 16;
		bookmark(p, parent, c->workload, NULL);
		p->y += 16;
		for (size_t j = 0; j < c->nversions; j++) {
			const struct version_stats *vs = &c->versions[j];
			int best_marked = 0;
			for (size_t r = 0; r < vs->nrounds; r++) {
				const struct result *res = vs->rounds[r];
				struct cell *row = table_row(&t);
				table_group(&t, (int)j);
				row[0].text = xstrdup(r == 0 ? vs->version : "");
				row[1].text = xasprintf("%d", res->round);
				fmt_value(&b, vs->values[r]);
				row[2].text = buf_detach(&b, NULL);
				if (!best_marked && vs->values[r] == vs->best) {
					row[2].bold = 1;
					best_marked = 1;
				}
				for (size_t k = 0; k < res->npasses; k++) {
					if (!split && k)
						buf_puts(&b, "   ");
					fmt_value(&b, res->passes[k]);
					if (split)
						row[3 + k].text = buf_detach(&b, NULL);
				}
				if (!split)
					row[3].text = buf_detach(&b, NULL);
			}
		}
		table_draw(p, &t);
		table_release(&t);
		if (split)
			for (size_t k = 0; k < npasses; k++)
				free((char *)cols[3 + k].title);
		free(cols);
		free(title);
	}
}

/* Page numbers and the running title, once the page count is known. */
static void footers(struct pdf *p)
{
	const char *title = report_title(p->m);
	char **lines;
	size_t n = chart_wrap(p->cf, 0, SZ_SMALL, title, TEXT_W * 0.6, 1, &lines);
	for (size_t i = 0; i < p->npages; i++) {
		char num[64];
		double base = PAGE_H - MARGIN_BOTTOM + 30;
		p->page = p->pages[i];
		hrule(p, MARGIN_X, MARGIN_X + TEXT_W, base - 12, 0.4, RULE);
		text_at(p, MARGIN_X, base, lines[0], 0, SZ_SMALL, MUTED, LEFT);
		snprintf(num, sizeof num, "Page %zu of %zu", i + 1, p->npages);
		text_at(p, MARGIN_X + TEXT_W, base, num, 0, SZ_SMALL, MUTED, RIGHT);
	}
	chart_lines_free(lines, n);
}

static void metadata(struct pdf *p, const struct render_ctx *rc)
{
	const struct model *m = p->m;
	const char *author = model_get_env(m, "author");
	HPDF_SetInfoAttr(p->doc, HPDF_INFO_TITLE, report_title(m));
	HPDF_SetInfoAttr(p->doc, HPDF_INFO_AUTHOR, author ? author : "noisefloor");
	HPDF_SetInfoAttr(p->doc, HPDF_INFO_CREATOR, "noisefloor " NF_VERSION);
	if (m->subject)
		HPDF_SetInfoAttr(p->doc, HPDF_INFO_SUBJECT, m->subject);
	if (rc->source_date >= 0) {
		time_t t = (time_t)rc->source_date;
		struct tm tm;
		HPDF_Date d;
		gmtime_r(&t, &tm);
		memset(&d, 0, sizeof d);
		d.year = tm.tm_year + 1900;
		d.month = tm.tm_mon + 1;
		d.day = tm.tm_mday;
		d.hour = tm.tm_hour;
		d.minutes = tm.tm_min;
		d.seconds = tm.tm_sec;
		d.ind = 'Z';
		HPDF_SetInfoDateAttr(p->doc, HPDF_INFO_CREATION_DATE, d);
		HPDF_SetInfoDateAttr(p->doc, HPDF_INFO_MOD_DATE, d);
	}
}

/* ---- workloads, impact, how to reproduce (worded in report_impact.c) ---- */

static void workloads(struct pdf *p, const struct report_impact *ri)
{
	struct table t = { 0 };
	struct col cols[] = {
		{ "Workload\nits code", 0, 0 }, { "What one pass does", -1, 0 }, { "Size", 0, 1 },
	};
	if (!ri->nworkloads)
		return;
	heading(p, "Workloads", 60);
	paragraph(p, "What each workload does in one pass, how much data it handles and where "
		  "its code is, as the input describes them.");
	t.cols = cols;
	t.ncols = 3;
	t.caption = "Workloads";
	for (size_t i = 0; i < ri->nworkloads; i++) {
		const struct rimp_workload *w = &ri->workloads[i];
		struct cell *row = table_row(&t);
		row[0].text = w->source ? xasprintf("%s\n%s", w->name, w->source) : xstrdup(w->name);
		row[1].text = xstrdup(w->description ? w->description : "\xE2\x80\x94");
		row[2].text = w->size ? xasprintf("%s\n%s", w->size, w->bytes) : xstrdup("\xE2\x80\x94");
	}
	table_draw(p, &t);
	table_release(&t);
}

static void impact(struct pdf *p, const struct report_impact *ri)
{
	struct buf b = BUF_INIT;
	const double labw = 90;
	if (!ri->shown)
		return;
	heading(p, "What is it worth to your service?", LEAD_BODY * 6);
	buf_printf(&b, "At %s, with each workload's best rounds standing for the work of one "
		   "request. Only differences the rank test confirms get a figure, with the range "
		   "the 95 %% interval of the ratio gives; the workbook's Impact sheet recomputes "
		   "them for other numbers.", ri->inputs);
	paragraph(p, b.s);
	for (size_t i = 0; i < ri->nclaims; i++) {
		const struct rimp_claim *c = &ri->claims[i];
		if (!c->confirmed)
			continue;
		subheading(p, c->workload, LEAD_BODY * 4);
		buf_reset(&b);
		buf_printf(&b, "%s.", c->sentence);
		field(p, "Worth", b.s, labw);
		buf_reset(&b);
		buf_printf(&b, "best round \xC3\xB7 (bytes per pass \xC3\xB7 1,048,576): %s", c->per_mb);
		field(p, "ms per MB", b.s, labw);
		buf_reset(&b);
		buf_printf(&b, "requests per second \xC3\x97 payload in MB \xC3\x97 (ms/MB of the "
			   "slower \xE2\x88\x92 ms/MB of the faster): %s", c->formula);
		field(p, "Saved", b.s, labw);
	}
	for (size_t i = 0; i < ri->nclaims; i++)
		if (!ri->claims[i].confirmed) {
			buf_reset(&b);
			buf_printf(&b, "%s.", ri->claims[i].sentence);
			paragraph(p, b.s);
		}
	buf_release(&b);
}

static void reproduce(struct pdf *p, const struct report_impact *ri)
{
	struct buf b = BUF_INIT;
	const double labw = 90;
	heading(p, "How to reproduce", LEAD_BODY * 6);
	if (ri->command) {
		buf_printf(&b, "%s\n(noisefloor %s)", ri->command, ri->version ? ri->version : "");
		field(p, "Command", b.s, labw);
	}
	for (size_t i = 0; i < ri->ninputs; i++) {
		buf_reset(&b);
		buf_printf(&b, "%s\nSHA-256 %s", ri->inputs_used[i].name,
			   ri->inputs_used[i].sha256 ? ri->inputs_used[i].sha256 : "unknown");
		field(p, "Input", b.s, labw);
	}
	buf_reset(&b);
	buf_printf(&b, "%s.", ri->as_of_note);
	field(p, "Report date", b.s, labw);
	if (ri->notes)
		field(p, "Runner notes", ri->notes, labw);
	if (ri->sources)
		field(p, "Workload code", ri->sources, labw);
	field(p, "Versions", ri->versions, labw);
	if (ri->environment)
		field(p, "Environment", ri->environment, labw);
	if (ri->date_range) {
		buf_reset(&b);
		buf_printf(&b, "Rounds run %s.", ri->date_range);
		field(p, "When", b.s, labw);
	}
	buf_release(&b);
}

int render_pdf(const struct model *m, const struct render_ctx *rc,
	       struct outdir *od, struct nf_error *err)
{
	struct pdf p;
	struct report_impact ri;
	const char *name[2];
	int status;

	memset(&p, 0, sizeof p);
	p.m = m;
	if ((status = chart_fonts_open(&p.cf, rc->font_path, rc->font_bold_path, err)) != NF_OK)
		return status;
	p.doc = HPDF_New(on_error, &p);
	if (!p.doc) {
		chart_fonts_free(p.cf);
		return nf_error_set(err, NF_IOERR, "cannot write 'report.pdf': libharu failed to start");
	}
	HPDF_SetCompressionMode(p.doc, HPDF_COMP_ALL);
	HPDF_UseUTFEncodings(p.doc);
	HPDF_SetCurrentEncoder(p.doc, "UTF-8");
	p.utf8 = HPDF_GetEncoder(p.doc, "UTF-8");
	name[0] = HPDF_LoadTTFontFromFile(p.doc, rc->font_path, HPDF_TRUE);
	name[1] = HPDF_LoadTTFontFromFile(p.doc, rc->font_bold_path, HPDF_TRUE);
	if (!name[0] || !name[1]) {
		HPDF_Free(p.doc);
		chart_fonts_free(p.cf);
		return nf_error_set(err, NF_NOINPUT, "cannot embed the font '%s' in 'report.pdf'",
				    name[0] ? rc->font_bold_path : rc->font_path);
	}
	p.font[0] = HPDF_GetFont(p.doc, name[0], "UTF-8");
	p.font[1] = HPDF_GetFont(p.doc, name[1], "UTF-8");
	HPDF_SetPageMode(p.doc, HPDF_PAGE_MODE_USE_OUTLINE);
	metadata(&p, rc);

	new_page(&p);
	title_block(&p);
	environment(&p);
	summary(&p);
	verdicts(&p);
	per_version(&p);
	report_impact_build(&ri, m);
	charts(&p);
	impact(&p, &ri);
	evidence(&p);
	support(&p);
	method(&p);
	workloads(&p, &ri);
	reproduce(&p, &ri);
	appendix(&p);
	footers(&p);
	report_impact_release(&ri);

	if (!p.error)
		HPDF_SaveToStream(p.doc);
	if (!p.error) {
		HPDF_UINT32 size = HPDF_GetStreamSize(p.doc);
		HPDF_BYTE *data = xmalloc(size ? size : 1);
		HPDF_UINT32 got = size;
		HPDF_ResetStream(p.doc);
		if (HPDF_ReadFromStream(p.doc, data, &got) != HPDF_OK && got != size)
			status = nf_error_set(err, NF_IOERR, "cannot write 'report.pdf': short read");
		else
			status = outdir_write(od, "report.pdf", data, got, err);
		free(data);
	}
	if (p.error)
		status = nf_error_set(err, NF_IOERR,
				      "cannot write 'report.pdf': libharu error 0x%04X (detail %u)",
				      (unsigned)p.error, (unsigned)p.detail);
	HPDF_Free(p.doc);
	free(p.pages);
	chart_fonts_free(p.cf);
	return status;
}
