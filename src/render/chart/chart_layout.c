/*
 * chart_layout.c - turns a chart spec into a scene of drawing primitives:
 * colours, the scene, the spec's building blocks, ticks and the layout of
 * rows (categories down the page) and columns (categories across).
 *
 * Every size in the layout is a multiple of the style's base font size, so
 * the same spec lays out alike at 800 px for the web and at the text width of
 * an A4 page.
 */
#include "lib/fmt.h"
#include "render/chart/chart.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- colours ---- */

uint32_t chart_palette(size_t i)
{
	static const uint32_t okabe_ito[] = {
		0x0072B2, /* blue */
		0xE69F00, /* orange */
		0x009E73, /* bluish green */
		0xD55E00, /* vermillion */
		0xCC79A7, /* reddish purple */
		0x56B4E9, /* sky blue */
		0xF0E442, /* yellow */
		0x000000, /* black */
	};
	return okabe_ito[i % (sizeof okabe_ito / sizeof okabe_ito[0])];
}

uint32_t chart_tint(uint32_t c, double t)
{
	uint32_t out = 0;
	for (int sh = 0; sh <= 16; sh += 8) {
		double v = (double)((c >> sh) & 0xFF);
		v = v + (255.0 - v) * t;
		out |= (uint32_t)lround(v) << sh;
	}
	return out;
}

/* ---- scenes ---- */

void chart_scene_release(struct chart_scene *sc)
{
	for (size_t i = 0; i < sc->nprims; i++) {
		free(sc->prims[i].pts);
		free(sc->prims[i].text);
	}
	free(sc->prims);
	free(sc->title);
	free(sc->desc);
	memset(sc, 0, sizeof *sc);
}

struct chart_prim *chart_prim_add(struct chart_scene *sc, enum chart_prim_kind kind)
{
	struct chart_prim *p;
	ALLOC_GROW(sc->prims, sc->nprims + 1, sc->alloc);
	p = &sc->prims[sc->nprims++];
	memset(p, 0, sizeof *p);
	p->kind = kind;
	p->fill = CHART_NONE;
	p->stroke = CHART_NONE;
	return p;
}

void chart_add_line(struct chart_scene *sc, double x, double y, double x2, double y2,
		    uint32_t color, double lw, enum chart_dash dash)
{
	struct chart_prim *p = chart_prim_add(sc, PRIM_LINE);
	p->x = x, p->y = y, p->x2 = x2, p->y2 = y2;
	p->stroke = color;
	p->lw = lw;
	p->dash = dash;
}

/* A primitive filled and outlined. */
static struct chart_prim *painted(struct chart_scene *sc, enum chart_prim_kind kind,
				  uint32_t fill, uint32_t stroke, double lw)
{
	struct chart_prim *p = chart_prim_add(sc, kind);
	p->fill = fill;
	p->stroke = stroke;
	p->lw = lw;
	return p;
}

static struct chart_prim *s_rect(struct chart_scene *sc, double x, double y, double w,
				 double h, uint32_t fill, uint32_t stroke, double lw)
{
	struct chart_prim *p = painted(sc, PRIM_RECT, fill, stroke, lw);
	if (w < 0)
		x += w, w = -w;
	p->x = x, p->y = y, p->w = w, p->h = h;
	return p;
}

void chart_add_circle(struct chart_scene *sc, double x, double y, double r,
		      uint32_t fill, uint32_t stroke, double lw)
{
	struct chart_prim *p = painted(sc, PRIM_CIRCLE, fill, stroke, lw);
	p->x = x, p->y = y, p->r = r;
}

static void s_diamond(struct chart_scene *sc, double x, double y, double h,
		      uint32_t fill, uint32_t stroke, double lw)
{
	struct chart_prim *p = painted(sc, PRIM_AREA, fill, stroke, lw);
	double pts[8] = { x, y - h, x + h, y, x, y + h, x - h, y };
	p->pts = xmalloc(sizeof pts);
	memcpy(p->pts, pts, sizeof pts);
	p->npts = 4;
}

void chart_add_text(struct chart_scene *sc, const struct chart_fonts *f, double x, double y,
		    const char *text, double size, int bold, uint32_t color,
		    enum chart_anchor anchor, double angle)
{
	struct chart_prim *p = chart_prim_add(sc, PRIM_TEXT);
	p->x = x, p->y = y;
	/* one line, never a control character: a font draws none */
	p->text = chart_text_has_control(text) ? chart_text_line(text) : xstrdup(text);
	p->size = size;
	p->bold = bold;
	p->fill = color;
	p->anchor = anchor;
	p->angle = angle;
	p->tw = chart_text_width(f, bold, size, p->text);
}

/* ---- ticks ---- */

/* A "nice" number near x: 1, 2, 2.5 or 5 times a power of ten. */
static double nice_step(double x)
{
	double e = pow(10, floor(log10(x)));
	double fr = x / e;
	return (fr <= 1 ? 1 : fr <= 2 ? 2 : fr <= 2.5 ? 2.5 : fr <= 5 ? 5 : 10) * e;
}

struct ticks {
	double lo, hi, step;
	size_t n;
	int decimals;
};

/* The fixed tick set of a degenerate axis: one interval from lo to hi,
 * or from 0 to the one value (a single value, or a span too wide or too
 * narrow for a double to step through: every pass 1.797e308, or 5e-324). */
static void ticks_fixed(double lo, double hi, struct ticks *t)
{
	if (!isfinite(hi - lo)) { /* half of each side keeps the span finite */
		lo = fmax(lo, -DBL_MAX / 2);
		hi = fmin(hi, DBL_MAX / 2);
	}
	if (!(hi > lo)) {
		double v = lo;
		lo = v < 0 ? v : 0;
		hi = v > 0 ? v : v < 0 ? 0 : 1;
	}
	t->lo = lo;
	t->hi = hi;
	t->step = hi - lo;
	t->n = 2;
	t->decimals = 0;
}

/* Ticks covering [lo, hi] (finite) with about `target` intervals; a
 * degenerate axis, where the nice steps cannot be counted in doubles, gets
 * the fixed set of ticks_fixed. */
static void ticks_make(double lo, double hi, int target, struct ticks *t)
{
	double span, lo0 = lo, hi0 = hi, q;
	if (!(hi > lo)) {
		double pad = lo != 0 ? fabs(lo) * 0.1 : 1;
		lo -= pad;
		hi += pad;
	}
	if (target < 2)
		target = 2;
	span = hi - lo;
	if (!isfinite(span) || !(span > 0) || !(span / target > 0)) {
		ticks_fixed(lo0, hi0, t);
		return;
	}
	t->step = nice_step(span / target);
	t->lo = floor(lo / t->step + 1e-9) * t->step;
	t->hi = ceil(hi / t->step - 1e-9) * t->step;
	q = (t->hi - t->lo) / t->step;
	/* a step lost against the values (lo + step == lo) or an
	 * overflowing end leaves q not a small count */
	if (!isfinite(t->step) || !(t->step > 0) || !isfinite(t->lo) || !isfinite(t->hi) ||
	    !(q >= 1 && q <= 4.0 * target + 4) || t->lo + t->step == t->lo ||
	    t->hi - t->step == t->hi) {
		ticks_fixed(lo0, hi0, t);
		return;
	}
	t->n = (size_t)lround(q) + 1;
	t->decimals = 0;
	{
		double s = t->step;
		while (t->decimals < 9 && fabs(s - round(s)) > 1e-9 * fmax(1, fabs(t->step))) {
			s *= 10;
			t->decimals++;
		}
	}
}

static double tick_at(const struct ticks *t, size_t i)
{
	double v = t->lo + (double)i * t->step;
	return fabs(v) < t->step * 1e-9 ? 0 : v;
}

/* Tick label: grouped digits, or a signed percentage of a ratio - 1. */
static void tick_label(struct buf *b, const struct ticks *t, double v, int percent)
{
	if (percent) {
		int dec = t->decimals > 2 ? t->decimals - 2 : 0;
		double p = v * 100;
		if (fabs(p) < 1e-9)
			buf_puts(b, "0%");
		else {
			buf_puts(b, p < 0 ? "\xE2\x88\x92" : "+");
			fmt_fixed(b, fabs(p), dec);
			buf_putc(b, '%');
		}
		return;
	}
	if (v < 0) {
		buf_puts(b, "\xE2\x88\x92");
		v = -v;
	}
	fmt_grouped(b, v, t->decimals);
}

/* ---- layout ---- */

/* Three text sizes, as multiples of the base size: few sizes read calmer,
 * and keep SVGs small (cairo writes each glyph once per size). */
#define TITLE 1.38
#define BODY 1.0
#define SMALL 0.85

struct layout {
	const struct chart_spec *sp;
	const struct chart_fonts *f;
	struct chart_scene *sc;
	double W, F, M;
	double y;               /* next free y in the header */
	double left, right, top, bottom; /* the plot area */
	struct ticks t;
	double d0, d1;          /* value domain */
	double want_lo, want_hi; /* values the domain must also cover: room
	                            for the labels at the ends of bars */
	double *cat_pos, *cat_size; /* start and size of each category band */
};

/* Baseline for text of `size` centred on y, by its cap height. */
static double mid_baseline(const struct layout *L, double y, double size, int bold)
{
	return y + chart_cap_height(L->f, bold) * size / 2;
}

/* Wrapped text block from L->y down, left aligned at x. */
static void text_block(struct layout *L, const char *text, double size, int bold,
		       uint32_t color, size_t maxlines)
{
	char **lines;
	double lh = size * 1.3;
	size_t n = chart_wrap(L->f, bold, size, text, L->W - 2 * L->M, maxlines, &lines);
	for (size_t i = 0; i < n; i++) {
		chart_add_text(L->sc, L->f, L->M, mid_baseline(L, L->y + lh / 2, size, bold), lines[i],
		       size, bold, color, ANCHOR_START, 0);
		L->y += lh;
	}
	chart_lines_free(lines, n);
}

static void legend_swatch(struct layout *L, const struct chart_legend *lg, double x, double cy)
{
	double F = L->F, s = F * 0.8;
	switch (lg->shape) {
	case 1:
		chart_add_circle(L->sc, x + s / 2, cy, F * 0.34, CHART_NONE, lg->color, F * 0.11);
		break;
	case 2:
		s_diamond(L->sc, x + s / 2, cy, F * 0.46, lg->color, CHART_WHITE, F * 0.06);
		break;
	case 3:
		s_rect(L->sc, x, cy - s / 2, s, s, CHART_NOISE, CHART_NONE, 0);
		break;
	case 4:
		chart_add_line(L->sc, x + s / 2, cy - s / 2, x + s / 2, cy + s / 2, lg->color, F * 0.08,
		       DASH_DASHED);
		break;
	case 5:
		s_rect(L->sc, x, cy - s / 2, s, s, chart_tint(lg->color, 0.6), lg->color, F * 0.08);
		break;
	case 8:
		s_rect(L->sc, x, cy - s / 2, s, s, chart_tint(lg->color, 0.6), lg->color, F * 0.06)->dash =
			DASH_DASHED;
		break;
	case 6:
		s_rect(L->sc, x, cy - F * 0.14, s, F * 0.28, chart_tint(lg->color, 0.55),
		       CHART_NONE, 0);
		break;
	case 7:
		s_rect(L->sc, x, cy - F * 0.35, s, F * 0.7, chart_tint(lg->color, 0.3), lg->color,
		       F * 0.08);
		chart_add_line(L->sc, x + s / 2, cy - F * 0.45, x + s / 2, cy + F * 0.45, CHART_INK,
			       F * 0.15, DASH_NONE);
		break;
	default:
		s_rect(L->sc, x, cy - s / 2, s, s, lg->color, CHART_NONE, 0);
		break;
	}
}

/* The legend as rows of swatch + label, wrapping at the chart width. */
static void legend_block(struct layout *L)
{
	const struct chart_spec *sp = L->sp;
	double F = L->F, size = F * BODY, x = L->M, rowh = F * 1.55;
	double cy = L->y + rowh / 2;
	if (!sp->nlegend)
		return;
	for (size_t i = 0; i < sp->nlegend; i++) {
		double w = F * 0.8 + F * 0.4 + chart_text_width(L->f, 0, size, sp->legend[i].label);
		if (x > L->M && x + w > L->W - L->M) {
			x = L->M;
			cy += rowh;
		}
		legend_swatch(L, &sp->legend[i], x, cy);
		chart_add_text(L->sc, L->f, x + F * 1.2, mid_baseline(L, cy, size, 0), sp->legend[i].label,
		       size, 0, CHART_INK, ANCHOR_START, 0);
		x += w + F * 1.5;
	}
	L->y = cy + rowh / 2;
}

static void header(struct layout *L)
{
	const struct chart_spec *sp = L->sp;
	double F = L->F;
	L->y = L->M;
	text_block(L, sp->title, F * TITLE, 1, CHART_INK, 0);
	if (sp->subtitle && *sp->subtitle) {
		L->y += F * 0.15;
		text_block(L, sp->subtitle, F * BODY, 0, CHART_MUTED, 0);
	}
	L->y += F * 0.6;
	legend_block(L);
	L->y += F * 0.6;
}

/* Chart coordinate of a value on the value axis. */
static double vpos(const struct layout *L, double v)
{
	double t;
	if (v < L->d0)
		v = L->d0;
	if (v > L->d1)
		v = L->d1;
	t = (v - L->d0) / (L->d1 - L->d0);
	if (L->sp->columns)
		return L->bottom - t * (L->bottom - L->top);
	return L->left + t * (L->right - L->left);
}

/* Sets the domain from the spec's range and the ticks. */
static void domain(struct layout *L, double length)
{
	const struct chart_spec *sp = L->sp;
	double lo = sp->vmin, hi = sp->vmax;
	int target = (int)floor(length / (L->F * (sp->columns ? 3.6 : 6.5)));
	if (!isfinite(lo) || !isfinite(hi))
		lo = 0, hi = 1;
	lo = fmin(lo, L->want_lo);
	hi = fmax(hi, L->want_hi);
	if (sp->clip_lo < sp->clip_hi) {
		lo = fmax(lo, sp->clip_lo);
		hi = fmin(hi, sp->clip_hi);
	}
	if (sp->include_zero) {
		lo = fmin(lo, 0);
		hi = fmax(hi, 0);
	}
	if (target > 8)
		target = 8;
	ticks_make(lo, hi, target, &L->t);
	L->d0 = L->t.lo;
	L->d1 = L->t.hi;
}

/* Centre of a sub-row (or the whole category when sub < 0) across the
 * category axis. */
static double cat_center(const struct layout *L, size_t cat, int sub)
{
	double pos = L->cat_pos[cat], size = L->cat_size[cat];
	double subh;
	if (sub < 0 || L->sp->nsub <= 1)
		return pos + size / 2;
	subh = L->F * 1.5;
	return pos + (size - L->sp->nsub * subh) / 2 + (sub + 0.5) * subh;
}

/* The band thickness a sub-row gets. */
static double sub_size(const struct layout *L, size_t cat)
{
	return L->sp->nsub <= 1 ? L->cat_size[cat] : L->F * 1.5;
}

/* Draws one mark kind's marks; called in painting order. */
static void draw_marks(struct layout *L, enum chart_mark_kind kind)
{
	const struct chart_spec *sp = L->sp;
	double F = L->F;
	int cols = sp->columns;
	for (size_t i = 0; i < sp->nmarks; i++) {
		const struct chart_mark *mk = &sp->marks[i];
		double c, a, b, th;
		if (mk->kind != kind)
			continue;
		c = cat_center(L, mk->cat, mk->sub);
		a = vpos(L, mk->v0);
		b = vpos(L, mk->v1);
		th = sub_size(L, mk->cat);
		switch (kind) {
		case MARK_BAND: {
			double pad = F * 0.25, s0 = L->cat_pos[mk->cat] + pad;
			double ss = L->cat_size[mk->cat] - 2 * pad;
			if (cols)
				s_rect(L->sc, s0, fmin(a, b), ss, fabs(a - b), CHART_NOISE, CHART_NONE, 0);
			else
				s_rect(L->sc, fmin(a, b), s0, fabs(a - b), ss, CHART_NOISE, CHART_NONE, 0);
			break;
		}
		case MARK_RANGE: {
			double w = cols ? fmin(F * 0.3, th * 0.5) : F * 0.3;
			uint32_t col = chart_tint(mk->color, 0.55);
			if (cols)
				s_rect(L->sc, c - w / 2, fmin(a, b), w, fabs(a - b), col, CHART_NONE, 0);
			else
				s_rect(L->sc, fmin(a, b), c - w / 2, fabs(a - b), w, col, CHART_NONE, 0);
			break;
		}
		case MARK_BOX: {
			double w = cols ? fmin(F * 0.9, th * 0.7) : F * 0.9;
			uint32_t fill = chart_tint(mk->color, 0.3);
			if (cols)
				s_rect(L->sc, c - w / 2, fmin(a, b), w, fabs(a - b), fill, mk->color, F * 0.08);
			else
				s_rect(L->sc, fmin(a, b), c - w / 2, fabs(a - b), w, fill, mk->color, F * 0.08);
			break;
		}
		case MARK_TICK: {
			double w = cols ? fmin(F * 1.2, th * 0.8) : F * 1.2;
			if (cols)
				chart_add_line(L->sc, c - w / 2, a, c + w / 2, a, mk->color, F * 0.15, DASH_NONE);
			else
				chart_add_line(L->sc, a, c - w / 2, a, c + w / 2, mk->color, F * 0.15, DASH_NONE);
			break;
		}
		case MARK_BAR: {
			double w = fmin(th * 0.72, F * 1.3);
			uint32_t fill = mk->pale ? chart_tint(mk->color, 0.6) : mk->color;
			uint32_t stroke = mk->pale || mk->dashed ? mk->color : CHART_NONE;
			double lw = mk->dashed ? F * 0.1 : F * 0.08;
			struct chart_prim *r;
			if (cols)
				r = s_rect(L->sc, c - w / 2, fmin(a, b), w, fabs(a - b), fill, stroke, lw);
			else
				r = s_rect(L->sc, fmin(a, b), c - w / 2, fabs(a - b), w, fill, stroke, lw);
			r->dash = mk->dashed ? DASH_DASHED : DASH_NONE;
			break;
		}
		case MARK_LINK: {
			double c2 = cat_center(L, mk->cat2, mk->sub);
			if (cols)
				chart_add_line(L->sc, c, a, c2, b, mk->color, F * 0.12, DASH_NONE);
			else
				chart_add_line(L->sc, a, c, b, c2, mk->color, F * 0.12, DASH_NONE);
			break;
		}
		case MARK_DOT:
			if (cols)
				chart_add_circle(L->sc, c, a, F * 0.34, CHART_NONE, mk->color, F * 0.11);
			else
				chart_add_circle(L->sc, a, c, F * 0.34, CHART_NONE, mk->color, F * 0.11);
			break;
		case MARK_BEST:
			if (cols)
				s_diamond(L->sc, c, a, F * 0.46, mk->color, CHART_WHITE, F * 0.06);
			else
				s_diamond(L->sc, a, c, F * 0.5, mk->color, CHART_WHITE, F * 0.06);
			break;
		case MARK_LABEL: {
			double size = F * SMALL, gap = F * 0.35;
			int away_hi = mk->v0 >= mk->v1;
			if (!cols && (mk->v0 < L->d0 || mk->v0 > L->d1)) {
				/* the bar runs off the axis: the label goes inside its end,
				 * white on a solid bar, ink on a pale one */
				chart_add_text(L->sc, L->f, away_hi ? a - gap : a + gap,
				       mid_baseline(L, c, size, 1), mk->text, size, 1,
				       mk->pale ? CHART_INK : CHART_WHITE,
				       away_hi ? ANCHOR_END : ANCHOR_START, 0);
				break;
			}
			if (cols)
				chart_add_text(L->sc, L->f, c, away_hi ? a - gap : a + gap + size * 0.75, mk->text,
				       size, 0, CHART_INK, ANCHOR_MIDDLE, 0);
			else
				chart_add_text(L->sc, L->f, away_hi ? a + gap : a - gap,
				       mid_baseline(L, c, size, 0), mk->text, size, 0, CHART_INK,
				       away_hi ? ANCHOR_START : ANCHOR_END, 0);
			break;
		}
		case MARK_SIDE:
			if (!cols)
				chart_add_text(L->sc, L->f, L->right + F * 1.0, mid_baseline(L, c, F * BODY, 0),
				       mk->text, F * BODY, 0, CHART_INK, ANCHOR_START, 0);
			break;
		case MARK_NOTE:
			if (cols)
				chart_add_text(L->sc, L->f, c, L->bottom - F, mk->text, F * SMALL, 0, CHART_MUTED,
				       ANCHOR_START, 90);
			else
				chart_add_text(L->sc, L->f, L->left + F * 0.5, mid_baseline(L, c, F * SMALL, 0),
				       mk->text, F * SMALL, 0, CHART_MUTED, ANCHOR_START, 0);
			break;
		case MARK_BREAK:
			break; /* drawn with the header strip in layout_columns */
		}
	}
}

static void value_grid(struct layout *L)
{
	for (size_t i = 0; i < L->t.n; i++) {
		double v = tick_at(&L->t, i), p = vpos(L, v);
		uint32_t col = v == 0 && L->d0 < 0 ? CHART_AXIS : CHART_GRID;
		double lw = v == 0 && L->d0 < 0 ? L->F * 0.09 : L->F * 0.07;
		if (L->sp->columns)
			chart_add_line(L->sc, L->left, p, L->right, p, col, lw, DASH_NONE);
		else
			chart_add_line(L->sc, p, L->top, p, L->bottom, col, lw, DASH_NONE);
	}
}

/* Axis title and the end hints ("← faster", "slower →") on one line below
 * the tick labels, or on their own line when they would collide. */
static void value_title_below(struct layout *L, double y)
{
	const struct chart_spec *sp = L->sp;
	double size = L->F * BODY, lh = size * 1.35;
	double mid = (L->left + L->right) / 2;
	double tw = sp->vtitle ? chart_text_width(L->f, 0, size, sp->vtitle) : 0;
	double lw = sp->lo_hint ? chart_text_width(L->f, 0, size, sp->lo_hint) : 0;
	double hw = sp->hi_hint ? chart_text_width(L->f, 0, size, sp->hi_hint) : 0;
	double yb = mid_baseline(L, y + lh / 2, size, 0);
	int same_line = mid - tw / 2 > L->left + lw + L->F && mid + tw / 2 < L->right - hw - L->F;
	if (sp->lo_hint)
		chart_add_text(L->sc, L->f, L->left, yb, sp->lo_hint, size, 0, CHART_MUTED, ANCHOR_START, 0);
	if (sp->hi_hint)
		chart_add_text(L->sc, L->f, L->right, yb, sp->hi_hint, size, 0, CHART_MUTED, ANCHOR_END, 0);
	if (!same_line && (sp->lo_hint || sp->hi_hint)) {
		y += lh;
		yb = mid_baseline(L, y + lh / 2, size, 0);
	}
	if (sp->vtitle) {
		char **lines;
		size_t n = chart_wrap(L->f, 0, size, sp->vtitle, L->right - L->left, 0, &lines);
		for (size_t i = 0; i < n; i++) {
			chart_add_text(L->sc, L->f, mid, yb, lines[i], size, 0, CHART_INK, ANCHOR_MIDDLE, 0);
			yb += lh;
			y += lh;
		}
		chart_lines_free(lines, n);
	} else {
		y += lh;
	}
	L->y = y;
}

static void footnote(struct layout *L)
{
	if (L->sp->note && *L->sp->note) {
		L->y += L->F * 0.5;
		text_block(L, L->sp->note, L->F * SMALL, 0, CHART_MUTED, 0);
	}
}

/* The domain of rows across the plot's width; with `edge`, the plot ends
 * where the last tick label, centred on its end, stays inside the chart. */
static void rows_domain(struct layout *L, int edge)
{
	struct buf b = BUF_INIT;
	double hw, size = L->F * SMALL;
	domain(L, L->right - L->left);
	if (!edge)
		return;
	tick_label(&b, &L->t, tick_at(&L->t, L->t.n - 1), L->sp->percent);
	hw = chart_text_width(L->f, 0, size, buf_str(&b)) / 2;
	buf_release(&b);
	if (L->right + hw > L->W - L->F * 0.3) {
		L->right = L->W - L->F * 0.3 - hw;
		domain(L, L->right - L->left);
	}
}

/* Widens want_lo/want_hi so that every bar label drawn beside its bar's end
 * (MARK_LABEL, as draw_marks places it) fits between the plot's edges.
 * Returns 1 when the domain has to grow. */
static int labels_room(struct layout *L)
{
	const struct chart_spec *sp = L->sp;
	double len = L->right - L->left, gap = L->F * 0.35;
	int grow = 0;
	for (size_t i = 0; i < sp->nmarks; i++) {
		const struct chart_mark *mk = &sp->marks[i];
		double need, k, a;
		if (mk->kind != MARK_LABEL || mk->v0 < L->d0 || mk->v0 > L->d1)
			continue; /* a label off the axis goes inside its bar */
		need = gap + chart_text_width(L->f, 0, L->F * SMALL, mk->text) + L->F * 0.2;
		k = need / len;
		if (k >= 0.8)
			continue; /* no domain fits it */
		a = vpos(L, mk->v0);
		/* with the far end of the domain fixed, the near end that leaves
		 * `need` of the plot's length between the value and the edge */
		if (mk->v0 >= mk->v1 && a + need > L->right) {
			L->want_hi = fmax(L->want_hi, (mk->v0 - k * L->d0) / (1 - k));
			grow = 1;
		} else if (mk->v0 < mk->v1 && a - need < L->left) {
			L->want_lo = fmin(L->want_lo, (mk->v0 - k * L->d1) / (1 - k));
			grow = 1;
		}
	}
	return grow;
}

/* Categories as rows, values left to right. */
static void layout_rows(struct layout *L)
{
	const struct chart_spec *sp = L->sp;
	double F = L->F, labw = 0, sidew = 0, maxlab = (L->W - 2 * L->M) * (sp->label_share > 0 ? sp->label_share : 0.3);
	double lsize = F * BODY, nsize = F * SMALL, tsize = F * SMALL;
	/* each category's label and note, wrapped whole: the row grows */
	size_t ncat = sp->ncats ? sp->ncats : 1;
	char ***labs = xcalloc(ncat, sizeof *labs), ***notes = xcalloc(ncat, sizeof *notes);
	size_t *nlabs = xcalloc(ncat, sizeof *nlabs), *nnotes = xcalloc(ncat, sizeof *nnotes);
	double y, lh = lsize * 1.25, nh = nsize * 1.3;

	for (size_t i = 0; i < sp->ncats; i++) {
		nlabs[i] = chart_wrap(L->f, 0, lsize, sp->cats[i], maxlab, 0, &labs[i]);
		for (size_t k = 0; k < nlabs[i]; k++)
			labw = fmax(labw, chart_text_width(L->f, 0, lsize, labs[i][k]));
		if (sp->cat_notes[i]) {
			nnotes[i] = chart_wrap(L->f, 0, nsize, sp->cat_notes[i], maxlab, 0, &notes[i]);
			for (size_t k = 0; k < nnotes[i]; k++)
				labw = fmax(labw, chart_text_width(L->f, 0, nsize, notes[i][k]));
		}
	}
	for (size_t i = 0; i < sp->nmarks; i++)
		if (sp->marks[i].kind == MARK_SIDE)
			sidew = fmax(sidew, chart_text_width(L->f, 0, F * BODY, sp->marks[i].text) + F);
	L->left = L->M + labw + F * 1.0;
	L->right = L->W - L->M - sidew;

	/* category bands */
	L->top = L->y;
	y = L->top;
	for (size_t i = 0; i < sp->ncats; i++) {
		double lab_h = (double)nlabs[i] * lh + (double)nnotes[i] * nh;
		double h = sp->nsub > 1 ? sp->nsub * F * 1.5 + F * 0.9 : F * 2.5;
		L->cat_pos[i] = y;
		L->cat_size[i] = fmax(h, lab_h + F * 0.7);
		y += L->cat_size[i];
	}
	L->bottom = y;
	rows_domain(L, sidew == 0);
	/* a bar's label beside its end stays inside the plot: the domain
	 * widens until each fits (a few rounds, as the ticks round outwards) */
	for (int round = 0; round < 4 && labels_room(L); round++)
		rows_domain(L, sidew == 0);

	/* row separators, bands, grid, then marks */
	for (size_t i = 1; i < sp->ncats; i++)
		chart_add_line(L->sc, L->M, L->cat_pos[i], L->right, L->cat_pos[i], 0xF0F0F0, F * 0.07,
		       DASH_NONE);
	draw_marks(L, MARK_BAND);
	value_grid(L);
	draw_marks(L, MARK_RANGE);
	draw_marks(L, MARK_BOX);
	draw_marks(L, MARK_TICK);
	draw_marks(L, MARK_BAR);
	draw_marks(L, MARK_LINK);
	draw_marks(L, MARK_DOT);
	draw_marks(L, MARK_BEST);
	draw_marks(L, MARK_LABEL);
	draw_marks(L, MARK_SIDE);
	draw_marks(L, MARK_NOTE);

	/* category labels, vertically centred on their band */
	for (size_t i = 0; i < sp->ncats; i++) {
		double block = (double)nlabs[i] * lh + (double)nnotes[i] * nh;
		double yy = L->cat_pos[i] + (L->cat_size[i] - block) / 2;
		for (size_t k = 0; k < nlabs[i]; k++) {
			chart_add_text(L->sc, L->f, L->M, mid_baseline(L, yy + lh / 2, lsize, 0), labs[i][k],
			       lsize, 0, CHART_INK, ANCHOR_START, 0);
			yy += lh;
		}
		for (size_t k = 0; k < nnotes[i]; k++) {
			chart_add_text(L->sc, L->f, L->M, mid_baseline(L, yy + nh / 2, nsize, 0), notes[i][k],
			       nsize, 0, CHART_MUTED, ANCHOR_START, 0);
			yy += nh;
		}
		chart_lines_free(labs[i], nlabs[i]);
		chart_lines_free(notes[i], nnotes[i]);
	}
	free(labs);
	free(nlabs);
	free(notes);
	free(nnotes);

	/* the value axis */
	chart_add_line(L->sc, L->left, L->bottom, L->right, L->bottom, CHART_AXIS, F * 0.08, DASH_NONE);
	for (size_t i = 0; i < L->t.n; i++) {
		struct buf b = BUF_INIT;
		double v = tick_at(&L->t, i), p = vpos(L, v);
		tick_label(&b, &L->t, v, sp->percent);
		chart_add_line(L->sc, p, L->bottom, p, L->bottom + F * 0.35, CHART_AXIS, F * 0.08, DASH_NONE);
		chart_add_text(L->sc, L->f, p, L->bottom + F * 0.5 + tsize * 0.95, buf_str(&b), tsize, 0,
		       CHART_MUTED, ANCHOR_MIDDLE, 0);
		buf_release(&b);
	}
	value_title_below(L, L->bottom + F * 0.6 + tsize * 1.25);
	footnote(L);
}

/* Categories as columns, values bottom to top; breaks labelled above. */
static void layout_columns(struct layout *L)
{
	const struct chart_spec *sp = L->sp;
	double F = L->F, tsize = F * SMALL, lsize = F * SMALL, ysize = F * BODY;
	double labh = 0, tickw = 0, colw, strip = 0, plot_h;
	size_t every = 1, nlevels = 0;
	double *level_end = NULL;
	double *brk_level = xcalloc(sp->nmarks ? sp->nmarks : 1, sizeof *brk_level);

	for (size_t i = 0; i < sp->ncats; i++)
		labh = fmax(labh, chart_text_width(L->f, 0, lsize, sp->cats[i]));
	labh = fmin(labh, L->W * 0.25);

	/* a first guess at the domain gives the tick label width */
	L->top = L->y;
	plot_h = fmax(L->W * 0.36, F * 16);
	L->bottom = L->top + plot_h;
	domain(L, plot_h);
	for (size_t i = 0; i < L->t.n; i++) {
		struct buf b = BUF_INIT;
		tick_label(&b, &L->t, tick_at(&L->t, i), sp->percent);
		tickw = fmax(tickw, chart_text_width(L->f, 0, tsize, buf_str(&b)));
		buf_release(&b);
	}
	L->left = L->M + ysize * 1.4 + tickw + F * 0.8;
	L->right = L->W - L->M;
	colw = (L->right - L->left) / (double)(sp->ncats ? sp->ncats : 1);
	while (colw * (double)every < lsize * 1.25)
		every++;
	for (size_t i = 0; i < sp->ncats; i++) {
		L->cat_pos[i] = L->left + (double)i * colw;
		L->cat_size[i] = colw;
	}

	/* break labels in a strip above the plot, staggered to never overlap */
	for (size_t i = 0; i < sp->nmarks; i++) {
		const struct chart_mark *mk = &sp->marks[i];
		double x, w;
		size_t lv;
		if (mk->kind != MARK_BREAK || !mk->text)
			continue;
		x = L->cat_pos[mk->cat] + F * 0.25;
		w = chart_text_width(L->f, 0, lsize, mk->text);
		if (x + w > L->right)
			x = L->right - w; /* never past the edge */
		for (lv = 0; lv < nlevels; lv++)
			if (level_end[lv] + F * 0.5 < x)
				break;
		if (lv == nlevels) {
			level_end = xrealloc(level_end, (nlevels + 1) * sizeof *level_end);
			nlevels++;
		}
		level_end[lv] = x + w;
		brk_level[i] = (double)lv;
	}
	strip = nlevels ? (double)nlevels * lsize * 1.35 + F * 0.3 : 0;
	L->top = L->y + strip;
	L->bottom = L->top + plot_h;

	value_grid(L);
	for (size_t i = 0; i < sp->nmarks; i++) {
		const struct chart_mark *mk = &sp->marks[i];
		double x;
		if (mk->kind != MARK_BREAK)
			continue;
		x = L->cat_pos[mk->cat];
		if (mk->cat > 0) /* the first category's label needs no rule */
			chart_add_line(L->sc, x, L->y + brk_level[i] * lsize * 1.35, x, L->bottom, CHART_AXIS,
			       F * 0.07, DASH_DASHED);
		if (mk->text) {
			double tx = x + F * 0.25, w = chart_text_width(L->f, 0, lsize, mk->text);
			if (tx + w > L->right)
				tx = L->right - w;
			chart_add_text(L->sc, L->f, tx, L->y + brk_level[i] * lsize * 1.35 + lsize * 0.95,
			       mk->text, lsize, 0, CHART_MUTED, ANCHOR_START, 0);
		}
	}
	free(level_end);
	free(brk_level);
	draw_marks(L, MARK_BAND);
	draw_marks(L, MARK_RANGE);
	draw_marks(L, MARK_BOX);
	draw_marks(L, MARK_TICK);
	draw_marks(L, MARK_BAR);
	draw_marks(L, MARK_LINK);
	draw_marks(L, MARK_DOT);
	draw_marks(L, MARK_BEST);
	draw_marks(L, MARK_LABEL);
	draw_marks(L, MARK_NOTE);

	/* axes */
	chart_add_line(L->sc, L->left, L->bottom, L->right, L->bottom, CHART_AXIS, F * 0.08, DASH_NONE);
	for (size_t i = 0; i < L->t.n; i++) {
		struct buf b = BUF_INIT;
		double v = tick_at(&L->t, i), p = vpos(L, v);
		tick_label(&b, &L->t, v, sp->percent);
		chart_add_text(L->sc, L->f, L->left - F * 0.4, mid_baseline(L, p, tsize, 0), buf_str(&b),
		       tsize, 0, CHART_MUTED, ANCHOR_END, 0);
		buf_release(&b);
	}
	if (sp->vtitle) {
		char **lines;
		size_t n = chart_wrap(L->f, 0, ysize, sp->vtitle, plot_h, 1, &lines);
		chart_add_text(L->sc, L->f, L->M + ysize * 0.95, (L->top + L->bottom) / 2, lines[0], ysize, 0,
		       CHART_INK, ANCHOR_MIDDLE, 90);
		chart_lines_free(lines, n);
	}
	for (size_t i = 0; i < sp->ncats; i += every) {
		double cx = cat_center(L, i, -1);
		char **lines;
		size_t n = chart_wrap(L->f, 0, lsize, sp->cats[i], labh, 1, &lines);
		chart_add_line(L->sc, cx, L->bottom, cx, L->bottom + F * 0.3, CHART_AXIS, F * 0.08, DASH_NONE);
		chart_add_text(L->sc, L->f, cx + chart_cap_height(L->f, 0) * lsize / 2, L->bottom + F * 0.5,
		       lines[0], lsize, 0, CHART_MUTED, ANCHOR_END, 90);
		chart_lines_free(lines, n);
	}
	L->y = L->bottom + F * 0.5 + labh + F * 0.4;
	if (sp->lo_hint || sp->hi_hint)
		value_title_below(L, L->y);
	footnote(L);
}

void chart_layout(const struct chart_spec *sp, const struct chart_style *st,
		  const struct chart_fonts *f, struct chart_scene *sc)
{
	struct layout L;
	memset(sc, 0, sizeof *sc);
	memset(&L, 0, sizeof L);
	L.sp = sp;
	L.f = f;
	L.sc = sc;
	L.W = st->width;
	L.F = st->font;
	L.M = st->font * 1.25;
	L.want_lo = INFINITY;
	L.want_hi = -INFINITY;
	L.cat_pos = xcalloc(sp->ncats ? sp->ncats : 1, sizeof *L.cat_pos);
	L.cat_size = xcalloc(sp->ncats ? sp->ncats : 1, sizeof *L.cat_size);
	sc->width = st->width;
	sc->title = xstrdup(sp->title);
	sc->desc = xstrdup(sp->desc ? sp->desc : sp->title);

	/* a white background, so the chart reads on dark pages too */
	if (st->background)
		s_rect(sc, 0, 0, L.W, 0, CHART_WHITE, CHART_NONE, 0);
	header(&L);
	if (sp->columns)
		layout_columns(&L);
	else
		layout_rows(&L);
	sc->height = ceil(L.y + L.M);
	if (st->background)
		sc->prims[0].h = sc->height;
	free(L.cat_pos);
	free(L.cat_size);
}
