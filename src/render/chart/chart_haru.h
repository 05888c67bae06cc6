/*
 * chart_haru.h - the libharu backend of the charts (chart_haru.c): a scene
 * drawn as vectors and text on a page of the PDF (pdf_doc.c).
 */
#ifndef NF_CHART_HARU_H
#define NF_CHART_HARU_H

#include <hpdf.h>
#include "render/chart/chart.h"

/*
 * Draws the scene on page with its top left corner at (left, top) in the
 * page's coordinates (points, y up), `scale` points per chart unit, clipped
 * to the scene's box; text in font[0] (regular) and font[1] (bold), fonts
 * got with the "UTF-8" encoder from the files the scene was measured with.
 * The page's graphics state is restored afterwards. libharu's errors go to
 * the document's error handler.
 */
void chart_haru_draw(HPDF_Page page, const struct chart_scene *sc, const HPDF_Font font[2],
		     double left, double top, double scale);

#endif
