/*
 * chart_hpdf.c - the libharu backend: draws a chart scene as vectors on a
 * PDF page.
 *
 * Chart units become points through one scale and a flip of the y axis
 * (scenes grow downwards, PDF pages upwards). Coordinates are transformed
 * here rather than with a page matrix so text is never mirrored. Text is
 * placed with the widths chart.c measured from the same font file libharu
 * embeds, so anchoring matches the SVG.
 */
#include "chart_hpdf.h"

#include <math.h>

struct xf {
	double left, top, s;
};

static double X(const struct xf *t, double x) { return t->left + x * t->s; }
static double Y(const struct xf *t, double y) { return t->top - y * t->s; }

static void fill_rgb(HPDF_Page page, uint32_t c)
{
	HPDF_Page_SetRGBFill(page, ((c >> 16) & 0xFF) / 255.0f, ((c >> 8) & 0xFF) / 255.0f,
			     (c & 0xFF) / 255.0f);
}

static void stroke_rgb(HPDF_Page page, uint32_t c)
{
	HPDF_Page_SetRGBStroke(page, ((c >> 16) & 0xFF) / 255.0f, ((c >> 8) & 0xFF) / 255.0f,
			       (c & 0xFF) / 255.0f);
}

/* Sets colours, width and dash for a path; libharu takes these only
 * before the path is begun. */
static void style(HPDF_Page page, const struct chart_prim *p, const struct xf *t)
{
	if (p->stroke != CHART_NONE && p->lw > 0) {
		double lw = p->lw * t->s;
		stroke_rgb(page, p->stroke);
		HPDF_Page_SetLineWidth(page, (HPDF_REAL)lw);
		if (p->dash == DASH_NONE) {
			HPDF_Page_SetDash(page, NULL, 0, 0);
		} else {
			/* libharu 2.3.0 takes whole points only */
			HPDF_UINT16 d[2];
			d[0] = (HPDF_UINT16)(p->dash == DASH_DASHED ? fmax(2, lround(lw * 5)) : 1);
			d[1] = (HPDF_UINT16)fmax(1, lround(lw * (p->dash == DASH_DASHED ? 4 : 2)));
			HPDF_Page_SetDash(page, d, 2, 0);
		}
	}
	if (p->fill != CHART_NONE)
		fill_rgb(page, p->fill);
}

/* Paints the path just built as the primitive asks. */
static void paint(HPDF_Page page, const struct chart_prim *p)
{
	int f = p->fill != CHART_NONE, s = p->stroke != CHART_NONE && p->lw > 0;
	if (f && s)
		HPDF_Page_FillStroke(page);
	else if (f)
		HPDF_Page_Fill(page);
	else if (s)
		HPDF_Page_Stroke(page);
	else
		HPDF_Page_EndPath(page);
}

void chart_hpdf_draw(HPDF_Page page, HPDF_Font regular, HPDF_Font bold,
		     const struct chart_scene *sc, double left, double top,
		     double scale)
{
	struct xf t = { left, top, scale };

	HPDF_Page_GSave(page);
	HPDF_Page_SetLineJoin(page, HPDF_ROUND_JOIN);
	HPDF_Page_SetLineCap(page, HPDF_BUTT_END);
	for (size_t i = 0; i < sc->nprims; i++) {
		const struct chart_prim *p = &sc->prims[i];
		if (p->kind != PRIM_TEXT)
			style(page, p, &t);
		switch (p->kind) {
		case PRIM_LINE:
			HPDF_Page_MoveTo(page, (HPDF_REAL)X(&t, p->x), (HPDF_REAL)Y(&t, p->y));
			HPDF_Page_LineTo(page, (HPDF_REAL)X(&t, p->x2), (HPDF_REAL)Y(&t, p->y2));
			paint(page, p);
			break;
		case PRIM_RECT:
			HPDF_Page_Rectangle(page, (HPDF_REAL)X(&t, p->x), (HPDF_REAL)Y(&t, p->y + p->h),
					    (HPDF_REAL)(p->w * scale), (HPDF_REAL)(p->h * scale));
			paint(page, p);
			break;
		case PRIM_CIRCLE:
			HPDF_Page_Circle(page, (HPDF_REAL)X(&t, p->x), (HPDF_REAL)Y(&t, p->y),
					 (HPDF_REAL)(p->r * scale));
			paint(page, p);
			break;
		case PRIM_POLYLINE:
		case PRIM_AREA:
			for (size_t k = 0; k < p->npts; k++) {
				HPDF_REAL x = (HPDF_REAL)X(&t, p->pts[2 * k]);
				HPDF_REAL y = (HPDF_REAL)Y(&t, p->pts[2 * k + 1]);
				if (k == 0)
					HPDF_Page_MoveTo(page, x, y);
				else
					HPDF_Page_LineTo(page, x, y);
			}
			if (p->kind == PRIM_AREA && p->npts)
				HPDF_Page_ClosePath(page);
			paint(page, p);
			break;
		case PRIM_TEXT: {
			double a = p->angle * M_PI / 180, ca = cos(a), sa = sin(a);
			double dx = (p->anchor == ANCHOR_MIDDLE ? -p->tw / 2
				     : p->anchor == ANCHOR_END ? -p->tw : 0) * scale;
			double x = X(&t, p->x) + dx * ca, y = Y(&t, p->y) + dx * sa;
			HPDF_Page_BeginText(page);
			HPDF_Page_SetFontAndSize(page, p->bold ? bold : regular,
						 (HPDF_REAL)(p->size * scale));
			fill_rgb(page, p->fill);
			HPDF_Page_SetTextMatrix(page, (HPDF_REAL)ca, (HPDF_REAL)sa, (HPDF_REAL)-sa,
						(HPDF_REAL)ca, (HPDF_REAL)x, (HPDF_REAL)y);
			HPDF_Page_ShowText(page, p->text);
			HPDF_Page_EndText(page);
			break;
		}
		}
	}
	HPDF_Page_SetDash(page, NULL, 0, 0);
	HPDF_Page_GRestore(page);
}
