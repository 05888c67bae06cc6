/*
 * chart_pdf.c - the PDF backend: draws a chart scene as vectors on a page
 * of pdf_write.h.
 *
 * Chart units become points through one scale and a flip of the y axis
 * (scenes grow downwards, PDF pages upwards). Coordinates are transformed
 * here rather than with a page matrix so text is never mirrored. Text is
 * placed with the widths chart.c measured from the same font file the PDF
 * embeds, so anchoring matches the SVG.
 */
#include "render/chart/chart_pdf.h"

#include <math.h>

struct xf {
	double left, top, s;
};

static double X(const struct xf *t, double x) { return t->left + x * t->s; }
static double Y(const struct xf *t, double y) { return t->top - y * t->s; }

/* Sets colours, width and dash for a path, before the path is begun (a
 * PDF reader may ignore a change of state inside a path). */
static void style(struct pdfw_page *page, const struct chart_prim *p, const struct xf *t)
{
	if (p->stroke != CHART_NONE && p->lw > 0) {
		double lw = p->lw * t->s;
		pdfw_stroke_rgb(page, p->stroke);
		pdfw_line_width(page, lw);
		if (p->dash == DASH_NONE) {
			pdfw_dash(page, NULL, 0, 0);
		} else {
			/* whole points, as the charts have always been dashed */
			unsigned d[2];
			d[0] = (unsigned)(p->dash == DASH_DASHED ? fmax(2, lround(lw * 5)) : 1);
			d[1] = (unsigned)fmax(1, lround(lw * (p->dash == DASH_DASHED ? 4 : 2)));
			pdfw_dash(page, d, 2, 0);
		}
	}
	if (p->fill != CHART_NONE)
		pdfw_fill_rgb(page, p->fill);
}

/* Paints the path just built as the primitive asks. */
static void paint(struct pdfw_page *page, const struct chart_prim *p)
{
	int f = p->fill != CHART_NONE, s = p->stroke != CHART_NONE && p->lw > 0;
	if (f && s)
		pdfw_fill_stroke(page);
	else if (f)
		pdfw_fill(page);
	else if (s)
		pdfw_stroke(page);
	else
		pdfw_end_path(page);
}

void chart_pdf_draw(struct pdfw_page *page, struct pdfw_font *regular, struct pdfw_font *bold,
		    const struct chart_scene *sc, double left, double top, double scale)
{
	struct xf t = { left, top, scale };

	pdfw_save(page);
	pdfw_line_join(page, 1);
	pdfw_line_cap(page, 0);
	for (size_t i = 0; i < sc->nprims; i++) {
		const struct chart_prim *p = &sc->prims[i];
		if (p->kind != PRIM_TEXT)
			style(page, p, &t);
		switch (p->kind) {
		case PRIM_LINE:
			pdfw_move_to(page, X(&t, p->x), Y(&t, p->y));
			pdfw_line_to(page, X(&t, p->x2), Y(&t, p->y2));
			paint(page, p);
			break;
		case PRIM_RECT:
			pdfw_rect(page, X(&t, p->x), Y(&t, p->y + p->h), p->w * scale, p->h * scale);
			paint(page, p);
			break;
		case PRIM_CIRCLE:
			pdfw_circle(page, X(&t, p->x), Y(&t, p->y), p->r * scale,
				    (p->fill != CHART_NONE ? PDFW_FILL : 0) |
				    (p->stroke != CHART_NONE && p->lw > 0 ? PDFW_STROKE : 0));
			break;
		case PRIM_POLYLINE:
		case PRIM_AREA:
			for (size_t k = 0; k < p->npts; k++) {
				double x = X(&t, p->pts[2 * k]), y = Y(&t, p->pts[2 * k + 1]);
				if (k == 0)
					pdfw_move_to(page, x, y);
				else
					pdfw_line_to(page, x, y);
			}
			if (p->kind == PRIM_AREA && p->npts)
				pdfw_close_path(page);
			paint(page, p);
			break;
		case PRIM_TEXT: {
			double a = p->angle * M_PI / 180, ca = cos(a), sa = sin(a);
			double dx = (p->anchor == ANCHOR_MIDDLE ? -p->tw / 2
				     : p->anchor == ANCHOR_END ? -p->tw : 0) * scale;
			double x = X(&t, p->x) + dx * ca, y = Y(&t, p->y) + dx * sa;
			pdfw_begin_text(page);
			pdfw_font_size(page, p->bold ? bold : regular, p->size * scale);
			pdfw_fill_rgb(page, p->fill);
			pdfw_text_matrix(page, ca, sa, -sa, ca, x, y);
			pdfw_show(page, p->text);
			pdfw_end_text(page);
			break;
		}
		}
	}
	pdfw_dash(page, NULL, 0, 0);
	pdfw_restore(page);
}
