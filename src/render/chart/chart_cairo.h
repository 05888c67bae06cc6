/*
 * chart_cairo.h - the cairo backend of the charts (chart_cairo.c): a scene
 * drawn on any cairo context, the image surface of the PNG previews here,
 * with the faces of the font files the scene was measured with.
 */
#ifndef NF_CHART_CAIRO_H
#define NF_CHART_CAIRO_H

#include <cairo.h>
#include "render/chart/chart.h"

/*
 * The cairo face of the regular or bold font of f, made through FreeType
 * from the same file chart_text.c measures. Borrowed: the faces live as
 * long as the process (cairo's caches keep them). NULL with err set
 * (NF_NOINPUT, NF_IOERR) when the file cannot be loaded.
 */
cairo_font_face_t *chart_cairo_face(const struct chart_fonts *f, int bold, struct nf_error *err);

/* Pins the font options of cr (grey antialiasing, no hinting, unhinted
 * metrics): text then advances exactly as chart_text_width() measures, on
 * every machine. */
void chart_cairo_font_options(cairo_t *cr);

/*
 * Draws the scene on cr in chart units, origin at cr's current origin, with
 * the faces of f (chart_cairo_face) and cr's font options left as they
 * are. Returns NF_OK, or what chart_cairo_face returns; cr's state is
 * restored either way.
 */
int chart_cairo_draw(cairo_t *cr, const struct chart_scene *sc, const struct chart_fonts *f,
		     struct nf_error *err);

#endif
