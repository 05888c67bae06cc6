/*
 * chart_haru.c - the libharu backend: draws a chart scene on a PDF page as
 * vector paths (lines, rectangles, circles as Bézier arcs, polylines,
 * areas), dash patterns and text in the embedded DejaVu faces, clipped to
 * the chart's box. The same scene gives the SVG (chart_svg.c) and the PNG
 * previews (chart_cairo.c).
 *
 * The scene's y axis points down and the page's up: the drawing runs in a
 * coordinate system flipped and scaled once (one `cm`), and text gets a
 * text matrix that turns it upright again. libharu 2.3.0 takes dash lengths
 * as whole numbers, so that system counts Q units per chart unit: a dash of
 * 2.8 units is 28 of them, not 3.
 */
#include "render/chart/chart_haru.h"

#include <math.h>

/* Sub-units per chart unit, fewer for a scene so large that its
 * coordinates would pass libharu's largest number (HPDF_LIMIT_MAX_REAL). */
static double units_for(const struct chart_scene *sc)
{
	double side = fmax(sc->width, sc->height), q = 10;
	if (side * q > 30000)
		q = 30000 / side;
	return q;
}

static void rgb(uint32_t c, HPDF_REAL out[3])
{
	out[0] = (HPDF_REAL)(((c >> 16) & 0xFF) / 255.0);
	out[1] = (HPDF_REAL)(((c >> 8) & 0xFF) / 255.0);
	out[2] = (HPDF_REAL)((c & 0xFF) / 255.0);
}

static void fill_color(HPDF_Page page, uint32_t c)
{
	HPDF_REAL v[3];
	rgb(c, v);
	HPDF_Page_SetRGBFill(page, v[0], v[1], v[2]);
}

static void stroke_color(HPDF_Page page, uint32_t c)
{
	HPDF_REAL v[3];
	rgb(c, v);
	HPDF_Page_SetRGBStroke(page, v[0], v[1], v[2]);
}

/* A dash pattern in sub-units, as chart_cairo.c's and chart_svg.c's:
 * dashes of 5 line widths with gaps of 4, or dots of one with gaps of 2. */
static void set_dash(HPDF_Page page, enum chart_dash dash, double lw)
{
	HPDF_UINT16 d[2];
	double on = dash == DASH_DASHED ? 5 * lw : lw, off = dash == DASH_DASHED ? 4 * lw : 2 * lw;
	if (dash == DASH_NONE) {
		HPDF_Page_SetDash(page, NULL, 0, 0);
		return;
	}
	d[0] = (HPDF_UINT16)fmax(1, fmin(60000, round(on)));
	d[1] = (HPDF_UINT16)fmax(1, fmin(60000, round(off)));
	HPDF_Page_SetDash(page, d, 2, 0);
}

/* The colours, line width and dash of a primitive: set before its path,
 * as PDF allows no state change while a path is being built; q sub-units
 * per chart unit. */
static void paint_state(HPDF_Page page, const struct chart_prim *p, double q)
{
	if (p->fill != CHART_NONE)
		fill_color(page, p->fill);
	if (p->stroke != CHART_NONE && p->lw > 0) {
		stroke_color(page, p->stroke);
		HPDF_Page_SetLineWidth(page, (HPDF_REAL)fmin(p->lw * q, HPDF_MAX_LINEWIDTH));
		set_dash(page, p->dash, p->lw * q);
	}
}

/* Fills and/or strokes the path just built, as the primitive asks. */
static void paint_path(HPDF_Page page, const struct chart_prim *p)
{
	int fill = p->fill != CHART_NONE, stroke = p->stroke != CHART_NONE && p->lw > 0;
	if (fill && stroke)
		HPDF_Page_FillStroke(page);
	else if (fill)
		HPDF_Page_Fill(page);
	else if (stroke)
		HPDF_Page_Stroke(page);
	else
		HPDF_Page_EndPath(page);
}

/* A line of text at its anchor, turned by its angle (counter-clockwise as
 * seen): the text matrix undoes the flip of the y axis. */
static void draw_text(HPDF_Page page, const struct chart_prim *p, const HPDF_Font font[2],
		      double q)
{
	double a = p->angle * M_PI / 180, c = cos(a), s = sin(a);
	double dx = p->anchor == ANCHOR_MIDDLE ? -p->tw / 2 : p->anchor == ANCHOR_END ? -p->tw : 0;
	double size = p->size * q;
	if (!p->text || !*p->text || !(size > 0))
		return;
	fill_color(page, p->fill);
	HPDF_Page_BeginText(page);
	HPDF_Page_SetFontAndSize(page, font[p->bold ? 1 : 0],
				 (HPDF_REAL)fmin(size, HPDF_MAX_FONTSIZE));
	HPDF_Page_SetTextMatrix(page, (HPDF_REAL)c, (HPDF_REAL)-s, (HPDF_REAL)-s, (HPDF_REAL)-c,
				(HPDF_REAL)((p->x + dx * c) * q), (HPDF_REAL)((p->y - dx * s) * q));
	HPDF_Page_ShowText(page, p->text);
	HPDF_Page_EndText(page);
}

void chart_haru_draw(HPDF_Page page, const struct chart_scene *sc, const HPDF_Font font[2],
		     double left, double top, double scale)
{
	double q = units_for(sc);
	HPDF_Page_GSave(page);
	HPDF_Page_Concat(page, (HPDF_REAL)(scale / q), 0, 0, (HPDF_REAL)(-scale / q),
			 (HPDF_REAL)left, (HPDF_REAL)top);
	HPDF_Page_Rectangle(page, 0, 0, (HPDF_REAL)(sc->width * q), (HPDF_REAL)(sc->height * q));
	HPDF_Page_Clip(page);
	HPDF_Page_EndPath(page);
	HPDF_Page_SetLineJoin(page, HPDF_ROUND_JOIN);
	for (size_t i = 0; i < sc->nprims; i++) {
		const struct chart_prim *p = &sc->prims[i];
		if (p->kind != PRIM_TEXT)
			paint_state(page, p, q);
		switch (p->kind) {
		case PRIM_LINE:
			HPDF_Page_MoveTo(page, (HPDF_REAL)(p->x * q), (HPDF_REAL)(p->y * q));
			HPDF_Page_LineTo(page, (HPDF_REAL)(p->x2 * q), (HPDF_REAL)(p->y2 * q));
			paint_path(page, p);
			break;
		case PRIM_RECT:
			HPDF_Page_Rectangle(page, (HPDF_REAL)(p->x * q), (HPDF_REAL)(p->y * q),
					    (HPDF_REAL)(p->w * q), (HPDF_REAL)(p->h * q));
			paint_path(page, p);
			break;
		case PRIM_CIRCLE:
			HPDF_Page_Circle(page, (HPDF_REAL)(p->x * q), (HPDF_REAL)(p->y * q),
					 (HPDF_REAL)(p->r * q));
			paint_path(page, p);
			break;
		case PRIM_POLYLINE:
		case PRIM_AREA:
			if (p->npts == 0)
				break;
			HPDF_Page_MoveTo(page, (HPDF_REAL)(p->pts[0] * q), (HPDF_REAL)(p->pts[1] * q));
			for (size_t k = 1; k < p->npts; k++)
				HPDF_Page_LineTo(page, (HPDF_REAL)(p->pts[2 * k] * q),
						 (HPDF_REAL)(p->pts[2 * k + 1] * q));
			if (p->kind == PRIM_AREA)
				HPDF_Page_ClosePath(page);
			paint_path(page, p);
			break;
		case PRIM_TEXT:
			draw_text(page, p, font, q);
			break;
		}
	}
	HPDF_Page_GRestore(page);
}
