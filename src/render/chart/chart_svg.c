/*
 * chart_svg.c - the SVG backend: writes a chart scene as an SVG document.
 *
 * Text is drawn with glyph outlines, never <text>, so a chart looks the same
 * whether or not its fonts are installed: every glyph a chart uses is one
 * <symbol> in font units (read with FreeType from the DejaVu files that
 * chart_text.c measures with), and each character is a <use> of it, inside
 * a group scaled to the text size, at the unkerned advances that
 * chart_text_width() adds up, so anchoring matches the layout. Shapes are
 * <path> elements with the stroke, dash and join that the PNG backend uses.
 *
 * Numbers are written by hand with at most two decimals (a hundredth of a
 * pixel is invisible): no printf per coordinate, and no locale can turn the
 * decimal point into a comma.
 */
#include "render/chart/chart.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_ADVANCES_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- numbers ---- */

/* The longest number put_num() writes: sign, 19 digits, point, decimals. */
#define NUM_MAX 32

/* Writes the integer v at p; returns the end. */
static char *put_int(char *p, int64_t v)
{
	char tmp[24];
	size_t n = 0;
	uint64_t u;
	if (v < 0) {
		*p++ = '-';
		u = (uint64_t)0 - (uint64_t)v;
	} else {
		u = (uint64_t)v;
	}
	do {
		tmp[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	while (n)
		*p++ = tmp[--n];
	return p;
}

/* Writes v rounded half away from zero to `dec` decimals (at most 9),
 * trailing zeros and a bare point dropped, "0" for anything that rounds to
 * zero; returns the end. A value that is not finite (never in a laid-out
 * scene) is written as 0 so the document stays well-formed. */
static char *put_num(char *p, double v, int dec)
{
	static const double pow10[] = { 1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9 };
	static const int64_t ipow10[] = { 1, 10, 100, 1000, 10000, 100000, 1000000,
					  10000000, 100000000, 1000000000 };
	double scaled = v * pow10[dec];
	int64_t n, ip, frac;
	char digits[10];
	int nd;
	if (!(scaled > -9e18 && scaled < 9e18)) /* also NaN */
		scaled = 0;
	n = (int64_t)(scaled < 0 ? scaled - 0.5 : scaled + 0.5);
	if (n < 0) {
		*p++ = '-';
		n = -n;
	} else if (n == 0) {
		*p++ = '0';
		return p;
	}
	ip = n / ipow10[dec];
	frac = n % ipow10[dec];
	p = put_int(p, ip);
	if (frac) {
		for (nd = dec; nd-- > 0; frac /= 10)
			digits[nd] = (char)('0' + frac % 10);
		nd = dec;
		while (digits[nd - 1] == '0')
			nd--;
		*p++ = '.';
		memcpy(p, digits, (size_t)nd);
		p += nd;
	}
	return p;
}

/* Room for `n` more bytes (and the NUL) at the end of b; returns where they go. */
static char *room(struct buf *b, size_t n)
{
	if (b->alloc - b->len <= n)
		buf_grow(b, n);
	return b->s + b->len;
}

/* Marks the bytes up to p, written after room(), as part of b. */
static void done(struct buf *b, char *p)
{
	b->len = (size_t)(p - b->s);
	b->s[b->len] = '\0';
}

static char *put_str(char *p, const char *s, size_t n)
{
	memcpy(p, s, n);
	return p + n;
}
#define PUT(p, lit) put_str((p), (lit), sizeof(lit) - 1)

/* "#rrggbb" */
static char *put_color(char *p, uint32_t c)
{
	static const char hex[] = "0123456789abcdef";
	*p++ = '#';
	for (int shift = 20; shift >= 0; shift -= 4)
		*p++ = hex[(c >> shift) & 0xF];
	return p;
}

/* A coordinate pair "x y" with two decimals. */
static char *put_xy(char *p, double x, double y)
{
	p = put_num(p, x, 2);
	*p++ = ' ';
	return put_num(p, y, 2);
}

static void xml_escape(struct buf *b, const char *s)
{
	const char *plain = s;
	for (; *s; s++) {
		const char *rep;
		switch (*s) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		default: continue;
		}
		buf_put(b, plain, (size_t)(s - plain));
		buf_puts(b, rep);
		plain = s + 1;
	}
	buf_put(b, plain, (size_t)(s - plain));
}

/* ---- glyphs ---- */

/*
 * The glyphs of one document, in an open-addressing table keyed by face and
 * code point: the glyph index and its advance in font units. Glyph indexes
 * already written as a <symbol> are kept in the same table under a second
 * kind of key, so two code points that share a glyph (or both have none,
 * glyph 0) define it once.
 */
struct glyph_slot {
	uint64_t key; /* 0: empty */
	uint32_t gid;
	int32_t adv;
};

struct glyphs {
	struct glyph_slot *slot;
	size_t cap, used;          /* cap is a power of two */
	FT_Face face[2];
	unsigned *sym;             /* symbols to define: face << 31 | gid */
	size_t nsym, sym_alloc;
};

#define KEY_CHAR(face, cp) (((uint64_t)1 << 62) | ((uint64_t)(face) << 32) | (cp))
#define KEY_SYMBOL(face, gid) (((uint64_t)2 << 62) | ((uint64_t)(face) << 32) | (gid))

/* The slot of key, a new one (*fresh = 1) when it is not in the table yet;
 * valid until the next call, which may grow the table. */
static struct glyph_slot *glyph_find(struct glyphs *g, uint64_t key, int *fresh)
{
	size_t i;
	if ((g->used + 1) * 2 > g->cap) {
		struct glyph_slot *old = g->slot;
		size_t oldcap = g->cap;
		g->cap = oldcap ? oldcap * 2 : 256;
		g->slot = xcalloc(g->cap, sizeof *g->slot);
		g->used = 0;
		for (i = 0; i < oldcap; i++)
			if (old[i].key) {
				int f; /* counts it in `used` again */
				*glyph_find(g, old[i].key, &f) = old[i];
			}
		free(old);
	}
	i = (size_t)((key * 0x9E3779B97F4A7C15u) >> 40) & (g->cap - 1);
	while (g->slot[i].key && g->slot[i].key != key)
		i = (i + 1) & (g->cap - 1);
	*fresh = !g->slot[i].key;
	if (*fresh) {
		g->slot[i].key = key;
		g->used++;
	}
	return &g->slot[i];
}

/* The glyph and advance of code point cp in face `bold`; a glyph not seen
 * before is queued for the <defs>. The result is valid until the next call. */
static const struct glyph_slot *glyph_for(struct glyphs *g, int bold, uint32_t cp)
{
	int fresh;
	struct glyph_slot *s = glyph_find(g, KEY_CHAR(bold, cp), &fresh);
	uint32_t gid;
	FT_Fixed adv = 0;
	if (!fresh)
		return s;
	gid = FT_Get_Char_Index(g->face[bold], cp);
	/* as chart_text_width(): a glyph FreeType cannot measure advances 0 */
	if (FT_Get_Advance(g->face[bold], gid, FT_LOAD_NO_SCALE, &adv) != 0 || adv < 0 ||
	    adv > INT32_MAX)
		adv = 0;
	s->gid = gid;
	s->adv = (int32_t)adv;
	glyph_find(g, KEY_SYMBOL(bold, gid), &fresh);
	if (fresh) {
		ALLOC_GROW(g->sym, g->nsym + 1, g->sym_alloc);
		g->sym[g->nsym++] = (unsigned)bold << 31 | gid;
	}
	/* the table may have grown under s */
	return glyph_find(g, KEY_CHAR(bold, cp), &fresh);
}

static void glyphs_release(struct glyphs *g)
{
	free(g->slot);
	free(g->sym);
}

/* FT_Outline_Decompose callbacks: SVG path data in font units, y down, each
 * contour closed. */
struct outline {
	struct buf *b;
	int open; /* a contour has been started */
};

static int ol_point(struct outline *o, char cmd, const FT_Vector *v, int n)
{
	char *p = room(o->b, 4 + (size_t)n * 2 * 24);
	if (cmd == 'M' && o->open)
		p = PUT(p, "Z ");
	o->open = 1;
	*p++ = cmd;
	for (int i = 0; i < n; i++) {
		*p++ = ' ';
		p = put_int(p, (int64_t)v[i].x);
		*p++ = ' ';
		p = put_int(p, -(int64_t)v[i].y);
	}
	*p++ = ' ';
	done(o->b, p);
	return 0;
}

static int ol_move(const FT_Vector *to, void *o)
{
	return ol_point(o, 'M', to, 1);
}

static int ol_line(const FT_Vector *to, void *o)
{
	return ol_point(o, 'L', to, 1);
}

static int ol_conic(const FT_Vector *c, const FT_Vector *to, void *o)
{
	FT_Vector v[2] = { *c, *to };
	return ol_point(o, 'Q', v, 2);
}

static int ol_cubic(const FT_Vector *c1, const FT_Vector *c2, const FT_Vector *to, void *o)
{
	FT_Vector v[3] = { *c1, *c2, *to };
	return ol_point(o, 'C', v, 3);
}

/* Appends the <symbol> of glyph `gid` of face `bold`. NF_IOERR when
 * FreeType cannot load it. */
static int write_symbol(struct buf *out, struct glyphs *g, int bold, unsigned gid,
			const char *font_path, struct nf_error *err)
{
	static const FT_Outline_Funcs funcs = { ol_move, ol_line, ol_conic, ol_cubic, 0, 0 };
	FT_Face face = g->face[bold];
	struct outline o = { out, 0 };
	char *p = room(out, 64);
	p = PUT(p, "<symbol overflow=\"visible\" id=\"g");
	*p++ = (char)('0' + bold);
	*p++ = '-';
	p = put_int(p, gid);
	p = PUT(p, "\"><path d=\"");
	done(out, p);
	if (FT_Load_Glyph(face, gid, FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING) != 0 ||
	    (face->glyph->format == FT_GLYPH_FORMAT_OUTLINE &&
	     FT_Outline_Decompose(&face->glyph->outline, &funcs, &o) != 0))
		return nf_error_set(err, NF_IOERR, "cannot read glyph %u of the font '%s'", gid,
				    font_path);
	if (o.open)
		buf_putc(out, 'Z');
	buf_puts(out, "\"/></symbol>\n");
	return NF_OK;
}

/* ---- shapes ---- */

/* The fill and stroke attributes of pr and the end of the element. */
static char *put_paint(char *p, const struct chart_prim *pr)
{
	if (pr->fill == CHART_NONE) {
		p = PUT(p, "\" fill=\"none");
	} else {
		p = PUT(p, "\" fill=\"");
		p = put_color(p, pr->fill);
	}
	if (pr->stroke != CHART_NONE && pr->lw > 0) {
		p = PUT(p, "\" stroke=\"");
		p = put_color(p, pr->stroke);
		p = PUT(p, "\" stroke-width=\"");
		p = put_num(p, pr->lw, 2);
		if (pr->dash == DASH_DASHED) {
			p = PUT(p, "\" stroke-dasharray=\"");
			p = put_xy(p, pr->lw * 5, pr->lw * 4);
		} else if (pr->dash == DASH_DOTTED) {
			p = PUT(p, "\" stroke-dasharray=\"");
			p = put_xy(p, pr->lw, pr->lw * 2);
		}
	}
	return PUT(p, "\"/>\n");
}

/* Whether p paints anything: cairo neither fills nor strokes without a
 * colour or with a zero line width. */
static int paints(const struct chart_prim *pr)
{
	return pr->fill != CHART_NONE || (pr->stroke != CHART_NONE && pr->lw > 0);
}

/* Room for the attributes put_paint() writes. */
#define PAINT_MAX (80 + 5 * NUM_MAX)

static void write_shape(struct buf *b, const struct chart_prim *pr)
{
	char *p;
	if (!paints(pr))
		return;
	switch (pr->kind) {
	case PRIM_LINE:
		p = room(b, 16 + 4 * NUM_MAX + PAINT_MAX);
		p = PUT(p, "<path d=\"M ");
		p = put_xy(p, pr->x, pr->y);
		p = PUT(p, " L ");
		p = put_xy(p, pr->x2, pr->y2);
		break;
	case PRIM_RECT:
		/* a path, not <rect>: a rectangle of no width still strokes */
		p = room(b, 32 + 6 * NUM_MAX + PAINT_MAX);
		p = PUT(p, "<path d=\"M ");
		p = put_xy(p, pr->x, pr->y);
		p = PUT(p, " H ");
		p = put_num(p, pr->x + pr->w, 2);
		p = PUT(p, " V ");
		p = put_num(p, pr->y + pr->h, 2);
		p = PUT(p, " H ");
		p = put_num(p, pr->x, 2);
		p = PUT(p, " Z");
		break;
	case PRIM_CIRCLE:
		/* two half circles, starting at angle 0 as cairo_arc() does */
		p = room(b, 48 + 10 * NUM_MAX + PAINT_MAX);
		p = PUT(p, "<path d=\"M ");
		p = put_xy(p, pr->x + pr->r, pr->y);
		for (int half = 0; half < 2; half++) {
			p = PUT(p, " A ");
			p = put_xy(p, pr->r, pr->r);
			p = PUT(p, " 0 1 1 ");
			p = put_xy(p, half ? pr->x + pr->r : pr->x - pr->r, pr->y);
		}
		p = PUT(p, " Z");
		break;
	case PRIM_POLYLINE:
	case PRIM_AREA:
		if (!pr->npts)
			return;
		p = room(b, 16 + pr->npts * (2 * NUM_MAX + 4));
		p = PUT(p, "<path d=\"M ");
		for (size_t k = 0; k < pr->npts; k++) {
			if (k)
				p = PUT(p, " L ");
			p = put_xy(p, pr->pts[2 * k], pr->pts[2 * k + 1]);
		}
		if (pr->kind == PRIM_AREA)
			p = PUT(p, " Z");
		done(b, p);
		p = room(b, PAINT_MAX);
		break;
	default:
		return;
	}
	done(b, put_paint(p, pr));
}

/* A line of text: a group placed, rotated and scaled to the text size, with
 * one <use> per character at its advance in font units. */
static void write_text(struct buf *b, struct glyphs *g, const struct chart_prim *pr)
{
	int bold = pr->bold ? 1 : 0;
	FT_Face face = g->face[bold];
	double dx = pr->anchor == ANCHOR_MIDDLE ? -pr->tw / 2 : pr->anchor == ANCHOR_END ? -pr->tw : 0;
	double x = pr->x, y = pr->y;
	const char *s = pr->text;
	int64_t pen = 0;
	char *p;
	if (!s || !*s)
		return;
	/* the anchor shift runs along the baseline, which the angle turns */
	if (pr->angle != 0) {
		double a = pr->angle * M_PI / 180;
		x += dx * cos(a);
		y -= dx * sin(a);
	} else {
		x += dx;
	}
	p = room(b, 96 + 4 * NUM_MAX);
	p = PUT(p, "<g fill=\"");
	p = put_color(p, pr->fill);
	p = PUT(p, "\" transform=\"translate(");
	p = put_xy(p, x, y);
	if (pr->angle != 0) {
		p = PUT(p, ") rotate(");
		p = put_num(p, -pr->angle, 2);
	}
	p = PUT(p, ") scale(");
	p = put_num(p, pr->size / face->units_per_EM, 9);
	p = PUT(p, ")\">\n");
	done(b, p);
	while (*s) {
		const struct glyph_slot *gl = glyph_for(g, bold, utf8_next(&s));
		p = room(b, 40 + 2 * NUM_MAX);
		p = PUT(p, "<use xlink:href=\"#g");
		*p++ = (char)('0' + bold);
		*p++ = '-';
		p = put_int(p, gl->gid);
		if (pen) {
			p = PUT(p, "\" x=\"");
			p = put_int(p, pen);
		}
		p = PUT(p, "\"/>\n");
		done(b, p);
		pen += gl->adv;
	}
	buf_puts(b, "</g>\n");
}

/* ---- the document ---- */

int chart_svg(const struct chart_scene *sc, const struct chart_fonts *f,
	      struct buf *out, struct nf_error *err)
{
	struct glyphs g;
	struct buf body = BUF_INIT;
	size_t start = out->len;
	char *p;
	int rc = NF_OK;

	memset(&g, 0, sizeof g);
	for (int i = 0; i < 2; i++) {
		g.face[i] = chart_fonts_ft_face(f, i);
		if (!FT_IS_SCALABLE(g.face[i]) || g.face[i]->units_per_EM == 0)
			return nf_error_set(err, NF_NOINPUT,
					    "cannot load the font '%s': it has no glyph outlines",
					    chart_fonts_path(f, i));
	}

	/* the shapes and text first: they tell which glyphs the <defs> need */
	buf_grow(&body, 32768);
	for (size_t i = 0; i < sc->nprims; i++) {
		if (sc->prims[i].kind == PRIM_TEXT)
			write_text(&body, &g, &sc->prims[i]);
		else
			write_shape(&body, &sc->prims[i]);
	}

	p = room(out, 320 + 4 * NUM_MAX);
	p = PUT(p, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		   "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		   "xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"");
	p = put_num(p, sc->width, 2);
	p = PUT(p, "px\" height=\"");
	p = put_num(p, sc->height, 2);
	p = PUT(p, "px\" viewBox=\"0 0 ");
	p = put_xy(p, sc->width, sc->height);
	p = PUT(p, "\" version=\"1.1\">\n<title>");
	done(out, p);
	xml_escape(out, sc->title ? sc->title : "");
	buf_puts(out, "</title>\n<desc>");
	xml_escape(out, sc->desc ? sc->desc : "");
	buf_puts(out, "</desc>\n<defs>\n");
	for (size_t i = 0; i < g.nsym && rc == NF_OK; i++) {
		int bold = (int)(g.sym[i] >> 31);
		rc = write_symbol(out, &g, bold, g.sym[i] & 0x7FFFFFFFu, chart_fonts_path(f, bold),
				  err);
	}
	if (rc == NF_OK) {
		buf_puts(out, "</defs>\n<g stroke-linejoin=\"round\">\n");
		buf_put(out, body.s, body.len);
		buf_puts(out, "</g>\n</svg>\n");
	} else {
		out->len = start; /* nothing of a document that failed */
		out->s[start] = '\0';
	}
	buf_release(&body);
	glyphs_release(&g);
	return rc;
}
