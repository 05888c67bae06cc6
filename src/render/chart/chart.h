/*
 * chart.h - charts independent of any drawing backend.
 *
 * A chart is built in two steps, both in chart.c:
 *
 *   1. a chart type (strip plot, overview, version series) turns the model
 *      into a struct chart_spec: title, subtitle, one category axis, one
 *      value axis, marks in data coordinates and a legend;
 *   2. chart_layout() measures every text with the real font (FreeType,
 *      DejaVu Sans loaded by path), picks nice ticks, wraps long labels and
 *      turns the spec into a struct chart_scene: a list of primitives (lines,
 *      rectangles, circles, polylines, filled areas, text) in chart units,
 *      origin top left, y down.
 *
 * chart_planned_scene() does both for any chart of the plan (the time
 * chart, on a continuous axis, has a layout of its own: chart_time.c).
 * Backends draw scenes and know nothing about chart types: chart_svg.c
 * writes SVG, chart_cairo.c draws with cairo (the PNG previews,
 * chart_cairo.h), chart_haru.c with libharu (the PDF's pages,
 * chart_haru.h). A new chart type is a new spec builder here; no backend
 * changes.
 */
#ifndef NF_CHART_H
#define NF_CHART_H

#include <stddef.h>
#include <stdint.h>
#include "lib/error.h"
#include "lib/util.h"
#include "model/model.h"

/* ---- fonts and text metrics ---- */

/* The regular and bold faces, opened with FreeType for measuring. */
struct chart_fonts;

/* Opens both font files. Returns NF_OK, or NF_NOINPUT with err filled. */
int chart_fonts_open(struct chart_fonts **out, const char *regular_path,
		     const char *bold_path, struct nf_error *err);
void chart_fonts_free(struct chart_fonts *f);
const char *chart_fonts_path(const struct chart_fonts *f, int bold);
/* The FreeType face (an FT_Face) of the regular or bold font, borrowed and
 * valid until chart_fonts_free(): for backends that read glyph outlines. */
struct FT_FaceRec_;
struct FT_FaceRec_ *chart_fonts_ft_face(const struct chart_fonts *f, int bold);

/* Advance width of UTF-8 text at `size` (same unit as the result), without
 * kerning, as cairo (PNG, unhinted metrics) and libharu (PDF) place text. */
double chart_text_width(const struct chart_fonts *f, int bold, double size,
			const char *s);
/* Cap height as a fraction of the font size (0.73 for DejaVu Sans). */
double chart_cap_height(const struct chart_fonts *f, int bold);

/*
 * Wraps UTF-8 text into lines no wider than maxw, breaking at spaces (and
 * inside a word only when the word alone is too wide) and at every line
 * break ("\n", "\r\n", "\r"; a blank line stays blank); any other control
 * character is a space, so no line holds one. When more than maxlines (0 =
 * no limit) would be needed, the rest goes on the last line, shortened to
 * end in "…" when it does not fit. Returns the number of lines (at least
 * one); *lines is a malloc'd array of malloc'd strings, free with
 * chart_lines_free().
 */
size_t chart_wrap(const struct chart_fonts *f, int bold, double size,
		  const char *s, double maxw, size_t maxlines, char ***lines);
void chart_lines_free(char **lines, size_t n);
/* s on one line: every control character (C0 with tab and line breaks, DEL,
 * C1) a space, as no font has a glyph to draw one. Returns a malloc'd
 * string, caller frees. */
char *chart_text_line(const char *s);
/* 1 when s holds a control character. */
int chart_text_has_control(const char *s);

/* ---- colours ---- */

#define CHART_NONE 0xFFFFFFFFu   /* no fill / no stroke */
#define CHART_BLACK 0x000000u
#define CHART_WHITE 0xFFFFFFu
#define CHART_INK 0x222222u      /* text */
#define CHART_MUTED 0x555555u    /* secondary text */
#define CHART_GRID 0xE3E3E3u
#define CHART_AXIS 0x888888u
#define CHART_NOISE 0xE6E6E6u    /* the noise band */

/* Okabe-Ito colour-blind-safe palette, in the order charts use it
 * (blue, orange, bluish green, vermillion, reddish purple, sky blue,
 * yellow, black); i wraps around. */
uint32_t chart_palette(size_t i);
/* c mixed with white: t = 0 gives c, t = 1 gives white. */
uint32_t chart_tint(uint32_t c, double t);

/* ---- scenes: what backends draw ---- */

enum chart_prim_kind {
	PRIM_LINE,     /* x,y to x2,y2 */
	PRIM_RECT,     /* x,y (top left), w,h */
	PRIM_CIRCLE,   /* centre x,y, radius r */
	PRIM_POLYLINE, /* pts[0..npts) open path, stroked */
	PRIM_AREA,     /* pts[0..npts) closed path, filled and/or stroked */
	PRIM_TEXT      /* text at x,y (baseline), anchored, rotated */
};

enum chart_anchor { ANCHOR_START, ANCHOR_MIDDLE, ANCHOR_END };
enum chart_dash { DASH_NONE, DASH_DASHED, DASH_DOTTED };

struct chart_prim {
	enum chart_prim_kind kind;
	uint32_t fill;      /* 0xRRGGBB or CHART_NONE */
	uint32_t stroke;    /* 0xRRGGBB or CHART_NONE; text uses fill */
	double lw;          /* stroke width */
	enum chart_dash dash;
	double x, y, x2, y2, w, h, r;
	double *pts;        /* owned: x0, y0, x1, y1, ... */
	size_t npts;        /* number of points */
	char *text;         /* owned UTF-8 */
	double size;        /* font size */
	int bold;
	enum chart_anchor anchor;
	double angle;       /* degrees, counter-clockwise about x,y */
	double tw;          /* measured text width, for anchoring */
};

struct chart_scene {
	double width, height; /* chart units: px for SVG/PNG, scaled on PDF */
	char *title;          /* owned: the SVG <title> */
	char *desc;           /* owned: the SVG <desc>, a text summary */
	struct chart_prim *prims;
	size_t nprims, alloc;
};

void chart_scene_release(struct chart_scene *sc);

/* Appending to a scene: a blank primitive (no fill, no stroke), a line, a
 * circle, a line of text measured with the fonts. */
struct chart_prim *chart_prim_add(struct chart_scene *sc, enum chart_prim_kind kind);
void chart_add_line(struct chart_scene *sc, double x, double y, double x2, double y2,
		    uint32_t color, double lw, enum chart_dash dash);
void chart_add_circle(struct chart_scene *sc, double x, double y, double r,
		      uint32_t fill, uint32_t stroke, double lw);
void chart_add_text(struct chart_scene *sc, const struct chart_fonts *f, double x, double y,
		    const char *text, double size, int bold, uint32_t color,
		    enum chart_anchor anchor, double angle);

/* ---- specs: what chart types describe ---- */

enum chart_mark_kind {
	MARK_DOT,      /* a round value: hollow circle at (cat, sub, v0) */
	MARK_BEST,     /* the best value: filled diamond at (cat, sub, v0) */
	MARK_RANGE,    /* a thin bar from v0 to v1 in (cat, sub): the spread */
	MARK_BOX,      /* a box from v0 to v1 in (cat, sub): the middle half */
	MARK_TICK,     /* a short rule across (cat, sub) at v0: a median */
	MARK_BAR,      /* a bar from v0 to v1 in (cat, sub); `pale` and `dashed` as the mark says */
	MARK_BAND,     /* a shaded value interval v0..v1 across the whole category */
	MARK_LINK,     /* a line from (cat, v0) to (cat2, v1), joining points */
	MARK_LABEL,    /* text next to v0 in (cat, sub), on the side away from v1 */
	MARK_SIDE,     /* text in the column beside the plot, at (cat, sub) */
	MARK_BREAK,    /* a dashed rule between cat-1 and cat, labelled `text` */
	MARK_NOTE      /* text inside (cat) when it has no other marks */
};

struct chart_mark {
	enum chart_mark_kind kind;
	size_t cat, cat2;
	int sub;          /* sub-row within the category, -1 for the whole */
	double v0, v1;
	uint32_t color;
	int pale;         /* MARK_BAR: a tint of the colour with an outline;
	                     MARK_LABEL: of a pale bar (never white on it) */
	int dashed;       /* MARK_BAR: the outline dashed */
	char *text;       /* owned, or NULL */
};

struct chart_legend {
	char *label;      /* owned */
	uint32_t color;
	int shape;        /* 0 swatch, 1 dot, 2 diamond, 3 band, 4 dashed rule,
	                     5 pale swatch, 6 range bar, 7 box with a median,
	                     8 pale swatch with a dashed outline */
};

struct chart_spec {
	char *title, *subtitle, *desc, *note; /* owned; subtitle/note may be NULL */
	int columns;          /* 0: categories are rows (values left to right);
	                         1: categories are columns (values bottom to top) */
	char **cats;          /* owned category labels */
	char **cat_notes;     /* owned second label lines (smaller), may hold NULLs */
	size_t ncats;
	int nsub;             /* sub-rows per category (>= 1) */
	double vmin, vmax;    /* data range to cover; widened to nice ticks */
	int include_zero;
	int percent;          /* ticks as signed percentages of a ratio - 1 */
	double clip_lo, clip_hi; /* when lo < hi, the axis never extends beyond */
	char *vtitle;         /* owned value-axis title, with its unit */
	char *lo_hint, *hi_hint; /* owned words at the ends of the value axis, or NULL */
	double label_share;   /* rows: the widest the labels and notes beside
	                         the plot may be, as a share of the chart's inner
	                         width; 0: 0.3 */
	struct chart_mark *marks;
	size_t nmarks, marks_alloc;
	struct chart_legend *legend;
	size_t nlegend, legend_alloc;
};

/* Sizes for one output: the chart width and the base font size in the same
 * unit (SVG: 800 and 13 px; PDF: text width and about 8 pt). */
struct chart_style {
	double width;
	double font;
	int background;   /* 1: paint white under the chart (web pages may be
	                     dark); 0: leave the page as it is (PDF) */
};

void chart_spec_release(struct chart_spec *sp);

/* Lays a spec out into a scene (filled; release with chart_scene_release). */
void chart_layout(const struct chart_spec *sp, const struct chart_style *st,
		  const struct chart_fonts *f, struct chart_scene *sc);

/* ---- chart types ---- */

/* Per comparison: every round per version, the best marked, the spread.
 * When a version has more than CHART_STRIP_DOTS_MAX rounds, each row is a
 * box plot (quartiles, median, range) with dots for the outlying, lowest and
 * highest rounds only. */
#define CHART_STRIP_DOTS_MAX 100

/* The overview of one row per workload shows at most this many rows; the
 * rest are counted in its note and description. */
#define CHART_OVERVIEW_MAX_ROWS 60

/* The one entry point of every chart: the scene of one chart of the
 * presentation model's plan, whatever its kind, laid out for `st` (the
 * spec's layout, or the time chart's own, chart_time.h); release with
 * chart_scene_release. Backends and renderers draw the scene. */
struct report_chart;
void chart_planned_scene(const struct model *m, const struct report_chart *ch,
			 const struct chart_style *st, const struct chart_fonts *f,
			 struct chart_scene *sc);



/* ---- backends ---- */

/* SVG with px units, <title> and <desc> first, text as glyph outlines from
 * the fonts; appends to out. NF_NOINPUT when a font has no outlines (a
 * bitmap font), NF_IOERR when FreeType cannot read a glyph; out is then as
 * it was. (chart_svg.c) */
int chart_svg(const struct chart_scene *sc, const struct chart_fonts *f,
	      struct buf *out, struct nf_error *err);
/* The largest PNG preview: a side and a pixel count (4 bytes each while
 * drawn). A larger scene is drawn at a smaller scale to fit. */
#define CHART_PNG_MAX_SIDE 16384.0
#define CHART_PNG_MAX_PIXELS (16.0 * 1024 * 1024)

/* PNG on white, `scale` device pixels per chart unit (less when the scene
 * would pass CHART_PNG_MAX_*); appends to out.
 * NF_IOERR when cairo cannot draw it or libpng cannot write it; out may then
 * hold part of a file. (chart_cairo.c) */
int chart_png(const struct chart_scene *sc, const struct chart_fonts *f,
	      double scale, struct buf *out, struct nf_error *err);

#endif
