/*
 * chart_hpdf.h - the libharu backend of the charts, in a header of its own
 * so only the PDF code compiles against libharu.
 */
#ifndef NF_CHART_HPDF_H
#define NF_CHART_HPDF_H

#include <hpdf.h>
#include "chart.h"

/* Draws the scene on a PDF page with its top left corner at (left, top) in
 * PDF points (y up), `scale` points per chart unit. The fonts are libharu
 * fonts of the same files as the scene was measured with. (chart_hpdf.c) */
void chart_hpdf_draw(HPDF_Page page, HPDF_Font regular, HPDF_Font bold,
		     const struct chart_scene *sc, double left, double top,
		     double scale);

#endif
