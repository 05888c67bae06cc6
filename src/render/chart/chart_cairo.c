/*
 * chart_cairo.c - the cairo backend: draws a chart scene on a cairo
 * context, a PNG preview's image surface. The PDF draws the same scene
 * through libharu (chart_haru.c), the SVG writes it (chart_svg.c).
 *
 * Text uses DejaVu Sans loaded by path through FreeType (never fontconfig),
 * with pinned font options (grey antialiasing, no hinting, unhinted metrics),
 * so output and text widths are the same on every machine and match the
 * widths chart.c measured (the SVG, chart_svg.c, is written without cairo).
 * PNG previews are drawn by cairo and written by libpng (encode_png), set
 * for speed rather than size: compressing them is most of a charts report's
 * CPU.
 */
#include "render/chart/chart.h"
#include "render/chart/chart_cairo.h"

#include <cairo-ft.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <png.h>

#include <math.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * cairo keeps font faces alive in its caches beyond any surface, and a face
 * made from an FT_Face must keep that FT_Face (and its library) alive. So
 * the faces are made once per font file and kept for the life of the
 * process; they stay reachable through this table.
 */
static FT_Library ft_lib;
static struct {
	char *path;
	cairo_font_face_t *face;
} faces[4];
static const cairo_user_data_key_t ft_face_key;

static void done_face(void *p)
{
	FT_Done_Face((FT_Face)p);
}

/* Returns a borrowed cairo face for the font file, or NULL with err set. */
static cairo_font_face_t *face_for(const char *path, struct nf_error *err)
{
	size_t i;
	FT_Face ft;
	cairo_font_face_t *cf;
	for (i = 0; i < sizeof faces / sizeof faces[0] && faces[i].path; i++)
		if (strcmp(faces[i].path, path) == 0)
			return faces[i].face;
	if (i == sizeof faces / sizeof faces[0]) {
		nf_error_set(err, NF_IOERR, "too many chart fonts");
		return NULL;
	}
	if (!ft_lib && FT_Init_FreeType(&ft_lib)) {
		ft_lib = NULL;
		nf_error_set(err, NF_IOERR, "cannot start FreeType");
		return NULL;
	}
	if (FT_New_Face(ft_lib, path, 0, &ft)) {
		nf_error_set(err, NF_NOINPUT, "cannot load the font '%s'", path);
		return NULL;
	}
	cf = cairo_ft_font_face_create_for_ft_face(ft, 0);
	if (cairo_font_face_set_user_data(cf, &ft_face_key, ft, done_face) != CAIRO_STATUS_SUCCESS) {
		cairo_font_face_destroy(cf);
		FT_Done_Face(ft);
		nf_error_set(err, NF_IOERR, "cannot use the font '%s'", path);
		return NULL;
	}
	faces[i].path = xstrdup(path);
	faces[i].face = cf;
	return cf;
}

static void set_color(cairo_t *cr, uint32_t c)
{
	cairo_set_source_rgb(cr, ((c >> 16) & 0xFF) / 255.0, ((c >> 8) & 0xFF) / 255.0,
			     (c & 0xFF) / 255.0);
}

static void set_dash(cairo_t *cr, enum chart_dash dash, double lw)
{
	double d[2];
	switch (dash) {
	case DASH_DASHED:
		d[0] = lw * 5, d[1] = lw * 4;
		cairo_set_dash(cr, d, 2, 0);
		break;
	case DASH_DOTTED:
		d[0] = lw, d[1] = lw * 2;
		cairo_set_dash(cr, d, 2, 0);
		break;
	default:
		cairo_set_dash(cr, NULL, 0, 0);
	}
}

/* Fills and/or strokes the current path as the primitive asks. */
static void paint_path(cairo_t *cr, const struct chart_prim *p)
{
	if (p->fill != CHART_NONE) {
		set_color(cr, p->fill);
		cairo_fill_preserve(cr);
	}
	if (p->stroke != CHART_NONE && p->lw > 0) {
		set_color(cr, p->stroke);
		cairo_set_line_width(cr, p->lw);
		set_dash(cr, p->dash, p->lw);
		cairo_stroke_preserve(cr);
	}
	cairo_new_path(cr);
}

void chart_cairo_font_options(cairo_t *cr)
{
	cairo_font_options_t *fo = cairo_font_options_create();
	cairo_font_options_set_antialias(fo, CAIRO_ANTIALIAS_GRAY);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
}

cairo_font_face_t *chart_cairo_face(const struct chart_fonts *f, int bold, struct nf_error *err)
{
	return face_for(chart_fonts_path(f, bold), err);
}

int chart_cairo_draw(cairo_t *cr, const struct chart_scene *sc, const struct chart_fonts *f,
		     struct nf_error *err)
{
	cairo_font_face_t *font[2];
	for (int i = 0; i < 2; i++)
		if (!(font[i] = chart_cairo_face(f, i, err)))
			return err ? err->status : NF_IOERR;
	cairo_save(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
	for (size_t i = 0; i < sc->nprims; i++) {
		const struct chart_prim *p = &sc->prims[i];
		switch (p->kind) {
		case PRIM_LINE:
			cairo_move_to(cr, p->x, p->y);
			cairo_line_to(cr, p->x2, p->y2);
			paint_path(cr, p);
			break;
		case PRIM_RECT:
			cairo_rectangle(cr, p->x, p->y, p->w, p->h);
			paint_path(cr, p);
			break;
		case PRIM_CIRCLE:
			cairo_new_sub_path(cr);
			cairo_arc(cr, p->x, p->y, p->r, 0, 2 * M_PI);
			cairo_close_path(cr);
			paint_path(cr, p);
			break;
		case PRIM_POLYLINE:
		case PRIM_AREA:
			for (size_t k = 0; k < p->npts; k++) {
				if (k == 0)
					cairo_move_to(cr, p->pts[0], p->pts[1]);
				else
					cairo_line_to(cr, p->pts[2 * k], p->pts[2 * k + 1]);
			}
			if (p->kind == PRIM_AREA)
				cairo_close_path(cr);
			paint_path(cr, p);
			break;
		case PRIM_TEXT: {
			double dx = p->anchor == ANCHOR_MIDDLE ? -p->tw / 2
				    : p->anchor == ANCHOR_END ? -p->tw : 0;
			cairo_save(cr);
			cairo_set_font_face(cr, font[p->bold ? 1 : 0]);
			cairo_set_font_size(cr, p->size);
			set_color(cr, p->fill);
			cairo_translate(cr, p->x, p->y);
			if (p->angle != 0)
				cairo_rotate(cr, -p->angle * M_PI / 180);
			cairo_move_to(cr, dx, 0);
			cairo_show_text(cr, p->text);
			cairo_new_path(cr);
			cairo_restore(cr);
			break;
		}
		}
	}
	cairo_restore(cr);
	return NF_OK;
}

/* ---- the PNG file ---- */

#define PNG_MSG_MAX 128

/* libpng writes through this: appended to the caller's buffer. */
static void png_append(png_structp png, png_bytep data, size_t n)
{
	buf_put(png_get_io_ptr(png), data, n);
}

static void png_no_flush(png_structp png)
{
	(void)png;
}

/* A libpng error keeps its message and returns to encode_png's setjmp. */
static void png_fail(png_structp png, png_const_charp msg)
{
	snprintf(png_get_error_ptr(png), PNG_MSG_MAX, "%s", msg);
	png_longjmp(png, 1);
}

static void png_warn(png_structp png, png_const_charp msg)
{
	(void)png, (void)msg;
}

/*
 * Appends an 8-bit RGB PNG (no alpha, no interlacing, no ancillary chunks) of
 * the w x h pixels px to out: cairo's RGB24 layout, 32-bit words 0xXXRRGGBB
 * in native byte order, rows stride bytes apart. zlib level 1 and no row
 * filter: the example's charts report takes 0.94G instructions (110 ms)
 * rather than 4.4G (300 ms) with cairo's own writer, which uses libpng's
 * defaults, for files 7 % larger; zlib's run-length strategy and the Up
 * filter each took more. Returns 0, or -1 with libpng's message in msg (out
 * may then hold part of a file).
 */
static int encode_png(struct buf *out, const unsigned char *px, int w, int h, int stride,
		      char msg[PNG_MSG_MAX])
{
	png_structp png;
	png_infop info = NULL;
	png_bytep row;

	msg[0] = '\0';
	png = png_create_write_struct(PNG_LIBPNG_VER_STRING, msg, png_fail, png_warn);
	if (!png || !(info = png_create_info_struct(png))) {
		png_destroy_write_struct(&png, &info);
		snprintf(msg, PNG_MSG_MAX, "out of memory");
		return -1;
	}
	row = xmalloc((size_t)(w > 0 ? w : 1) * 3);
	if (setjmp(png_jmpbuf(png))) {
		png_destroy_write_struct(&png, &info);
		free(row);
		return -1;
	}
	png_set_write_fn(png, out, png_append, png_no_flush);
	png_set_compression_level(png, 1);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGB,
		     PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
	png_write_info(png, info);
	/* each 32-bit word to R, G, B here: libpng's own byte swap and filler
	 * removal took 6 % more instructions */
	for (int y = 0; y < h; y++) {
		const unsigned char *p = px + (size_t)y * (size_t)stride;
		for (int x = 0; x < w; x++) {
			uint32_t v;
			memcpy(&v, p + 4 * (size_t)x, 4);
			row[3 * x] = (unsigned char)(v >> 16);
			row[3 * x + 1] = (unsigned char)(v >> 8);
			row[3 * x + 2] = (unsigned char)v;
		}
		png_write_row(png, row);
	}
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	free(row);
	return 0;
}

int chart_png(const struct chart_scene *sc, const struct chart_fonts *f,
	      double scale, struct buf *out, struct nf_error *err)
{
	cairo_surface_t *s;
	cairo_t *cr;
	cairo_status_t st;
	unsigned char *px;
	int rc, w, h, stride;

	/* the faces first: a font that cannot be loaded leaves nothing to undo,
	 * and the drawing below cannot fail on them */
	for (int i = 0; i < 2; i++)
		if (!chart_cairo_face(f, i, err))
			return err ? err->status : NF_IOERR;
	/* RGB on white: no alpha channel in the file. The pixels are ours,
	 * left unset: the white paint below is their only fill (cairo's own
	 * surface would clear them first). */
	/* sized before anything is allocated: a scene too large for the
	 * preview is drawn smaller, never refused (CHART_PNG_MAX_*) */
	if (!(sc->width > 0) || !(sc->height > 0) || !isfinite(sc->width * sc->height))
		return nf_error_set(err, NF_IOERR, "cannot draw the chart '%s': it has no size", sc->title);
	if (sc->width * scale > CHART_PNG_MAX_SIDE)
		scale = CHART_PNG_MAX_SIDE / sc->width;
	if (sc->height * scale > CHART_PNG_MAX_SIDE)
		scale = CHART_PNG_MAX_SIDE / sc->height;
	if (sc->width * scale * sc->height * scale > CHART_PNG_MAX_PIXELS)
		scale = sqrt(CHART_PNG_MAX_PIXELS / (sc->width * sc->height));
	w = (int)ceil(sc->width * scale);
	h = (int)ceil(sc->height * scale);
	if (w < 1)
		w = 1;
	if (h < 1)
		h = 1;
	stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, w);
	px = stride > 0 ? xmalloc((size_t)stride * (size_t)h) : NULL;
	s = cairo_image_surface_create_for_data(px, CAIRO_FORMAT_RGB24, w, h, stride);
	if ((st = cairo_surface_status(s)) != CAIRO_STATUS_SUCCESS) {
		cairo_surface_destroy(s);
		free(px);
		return nf_error_set(err, NF_IOERR, "cannot draw a chart: %s", cairo_status_to_string(st));
	}
	cr = cairo_create(s);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
	cairo_paint(cr);
	cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
	cairo_scale(cr, scale, scale);
	chart_cairo_font_options(cr);
	{
		/* a white rectangle drawn first (the scene's background) adds
		 * nothing to the white paint: white over white stays white at
		 * any coverage */
		struct chart_scene body = *sc;
		const struct chart_prim *p0 = body.nprims ? &body.prims[0] : NULL;
		if (p0 && p0->kind == PRIM_RECT && p0->fill == CHART_WHITE &&
		    (p0->stroke == CHART_NONE || !(p0->lw > 0))) {
			body.prims++;
			body.nprims--;
		}
		chart_cairo_draw(cr, &body, f, err);
	}
	st = cairo_status(cr);
	cairo_destroy(cr);
	cairo_surface_flush(s);
	if (st == CAIRO_STATUS_SUCCESS)
		st = cairo_surface_status(s);
	if (st == CAIRO_STATUS_SUCCESS) {
		char msg[PNG_MSG_MAX];
		rc = encode_png(out, px, w, h, stride, msg);
		cairo_surface_destroy(s);
		free(px);
		if (rc)
			return nf_error_set(err, NF_IOERR, "cannot write the chart '%s' as PNG: %s",
					    sc->title, msg);
		return NF_OK;
	}
	cairo_surface_destroy(s);
	free(px);
	return nf_error_set(err, NF_IOERR, "cannot draw the chart '%s': %s", sc->title,
			    cairo_status_to_string(st));
}
