/*
 * chart_pdf.h - the PDF backend of the charts: a chart scene drawn as
 * vectors on a page of pdf_write.h.
 */
#ifndef NF_CHART_PDF_H
#define NF_CHART_PDF_H

#include "lib/pdf_write.h"
#include "render/chart/chart.h"

/* Draws the scene on a PDF page with its top left corner at (left, top) in
 * PDF points (y up), `scale` points per chart unit. The fonts are PDF fonts
 * of the same files as the scene was measured with. (chart_pdf.c) */
void chart_pdf_draw(struct pdfw_page *page, struct pdfw_font *regular, struct pdfw_font *bold,
		    const struct chart_scene *sc, double left, double top, double scale);

#endif
