/*
 * chart.c - the backend-independent chart model: fonts and text metrics,
 * chart specs built from the model (one function per chart type), and the
 * layout that turns a spec into a scene of drawing primitives.
 *
 * Every size in the layout is a multiple of the style's base font size, so
 * the same spec lays out alike at 800 px for the web and at the text width of
 * an A4 page. Text is measured with FreeType from the same DejaVu files that
 * cairo draws with and libharu embeds, so wrapping and anchoring agree in
 * every backend.
 */
#include "chart.h"
#include "render.h"
#include "semver.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_ADVANCES_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- fonts ---- */

struct chart_fonts {
	FT_Library lib;
	FT_Face face[2];
	char *path[2];
	double cap[2];
};

int chart_fonts_open(struct chart_fonts **out, const char *regular_path,
		     const char *bold_path, struct nf_error *err)
{
	struct chart_fonts *f = xcalloc(1, sizeof *f);
	const char *paths[2] = { regular_path, bold_path };
	if (FT_Init_FreeType(&f->lib)) {
		free(f);
		return nf_error_set(err, NF_IOERR, "cannot start FreeType");
	}
	for (int i = 0; i < 2; i++) {
		TT_OS2 *os2;
		if (!paths[i] || FT_New_Face(f->lib, paths[i], 0, &f->face[i])) {
			f->face[i] = NULL;
			chart_fonts_free(f);
			return nf_error_set(err, NF_NOINPUT, "cannot load the font '%s'",
					    paths[i] ? paths[i] : "(none)");
		}
		f->path[i] = xstrdup(paths[i]);
		os2 = FT_Get_Sfnt_Table(f->face[i], FT_SFNT_OS2);
		f->cap[i] = os2 && os2->version >= 2 && os2->sCapHeight > 0
				    ? (double)os2->sCapHeight / f->face[i]->units_per_EM
				    : 0.72;
	}
	*out = f;
	return NF_OK;
}

void chart_fonts_free(struct chart_fonts *f)
{
	if (!f)
		return;
	for (int i = 0; i < 2; i++) {
		if (f->face[i])
			FT_Done_Face(f->face[i]);
		free(f->path[i]);
	}
	FT_Done_FreeType(f->lib);
	free(f);
}

const char *chart_fonts_path(const struct chart_fonts *f, int bold)
{
	return f->path[bold ? 1 : 0];
}

double chart_cap_height(const struct chart_fonts *f, int bold)
{
	return f->cap[bold ? 1 : 0];
}

/* Decodes one code point of valid UTF-8 at *s and advances *s. */
static unsigned utf8_next(const char **s)
{
	const unsigned char *p = (const unsigned char *)*s;
	unsigned c = p[0];
	int k = c < 0x80 ? 0 : c < 0xE0 ? 1 : c < 0xF0 ? 2 : 3;
	unsigned cp = k == 0 ? c : k == 1 ? c & 0x1F : k == 2 ? c & 0x0F : c & 0x07;
	int i;
	for (i = 1; i <= k && (p[i] & 0xC0) == 0x80; i++)
		cp = (cp << 6) | (p[i] & 0x3F);
	*s += i;
	return cp;
}

static double text_width_n(const struct chart_fonts *f, int bold, double size,
			   const char *s, size_t n)
{
	FT_Face face = f->face[bold ? 1 : 0];
	const char *p = s, *end = s + n;
	double units = 0;
	while (p < end && *p) {
		FT_Fixed adv = 0;
		FT_UInt gi = FT_Get_Char_Index(face, utf8_next(&p));
		if (FT_Get_Advance(face, gi, FT_LOAD_NO_SCALE, &adv) == 0)
			units += (double)adv;
	}
	return units * size / face->units_per_EM;
}

double chart_text_width(const struct chart_fonts *f, int bold, double size, const char *s)
{
	return text_width_n(f, bold, size, s, strlen(s));
}

void chart_lines_free(char **lines, size_t n)
{
	if (!lines)
		return;
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}

/* Bytes of the longest prefix of s[0..n) no wider than maxw, at a character
 * boundary; at least one character. */
static size_t fit_prefix(const struct chart_fonts *f, int bold, double size,
			 const char *s, size_t n, double maxw)
{
	const char *p = s, *last = s;
	while (p < s + n) {
		const char *q = p;
		utf8_next(&q);
		if (text_width_n(f, bold, size, s, (size_t)(q - s)) > maxw)
			break;
		last = p = q;
	}
	if (last == s && n) {
		const char *q = s;
		utf8_next(&q);
		return (size_t)(q - s);
	}
	return (size_t)(last - s);
}

/* s shortened so that s + "…" fits maxw, trailing spaces and commas dropped.
 * Returns a malloc'd string. */
static char *ellipsize(const struct chart_fonts *f, int bold, double size,
		       const char *s, double maxw)
{
	static const char ell[] = "\xE2\x80\xA6";
	size_t n = strlen(s);
	char *out;
	n = fit_prefix(f, bold, size, s, n, maxw - chart_text_width(f, bold, size, ell));
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == ',' || s[n - 1] == ';'))
		n--;
	out = xmalloc(n + sizeof ell);
	memcpy(out, s, n);
	memcpy(out + n, ell, sizeof ell);
	return out;
}

size_t chart_wrap(const struct chart_fonts *f, int bold, double size,
		  const char *s, double maxw, size_t maxlines, char ***lines)
{
	char **out = NULL;
	size_t n = 0, alloc = 0;
	const char *p = s;
	struct buf line = BUF_INIT;

	while (*p == ' ')
		p++;
	while (*p) {
		const char *w = p;
		size_t wl;
		while (*p && *p != ' ')
			p++;
		wl = (size_t)(p - w);
		while (*p == ' ')
			p++;
		/* the word joins the current line when it fits */
		if (line.len) {
			struct buf t = BUF_INIT;
			buf_put(&t, line.s, line.len);
			buf_putc(&t, ' ');
			buf_put(&t, w, wl);
			if (chart_text_width(f, bold, size, t.s) <= maxw) {
				buf_release(&line);
				line = t;
				continue;
			}
			buf_release(&t);
			ALLOC_GROW(out, n + 1, alloc);
			out[n++] = buf_detach(&line, NULL);
		}
		/* a word wider than the line is cut at character boundaries */
		/* (fit_prefix takes at least one character, so this ends even
		 * when the line is narrower than any character) */
		while (wl && text_width_n(f, bold, size, w, wl) > maxw) {
			size_t k = fit_prefix(f, bold, size, w, wl, maxw);
			ALLOC_GROW(out, n + 1, alloc);
			out[n++] = xstrndup(w, k);
			w += k;
			wl -= k;
		}
		buf_put(&line, w, wl);
	}
	if (line.len || n == 0) {
		ALLOC_GROW(out, n + 1, alloc);
		out[n++] = buf_detach(&line, NULL);
	}
	buf_release(&line);

	if (maxlines && n > maxlines) {
		struct buf rest = BUF_INIT;
		for (size_t i = maxlines - 1; i < n; i++) {
			if (rest.len)
				buf_putc(&rest, ' ');
			buf_puts(&rest, out[i]);
			free(out[i]);
		}
		out[maxlines - 1] = ellipsize(f, bold, size, buf_str(&rest), maxw);
		buf_release(&rest);
		n = maxlines;
	}
	*lines = out;
	return n;
}

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

static struct chart_prim *prim_add(struct chart_scene *sc, enum chart_prim_kind kind)
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

static void s_line(struct chart_scene *sc, double x, double y, double x2, double y2,
		   uint32_t color, double lw, enum chart_dash dash)
{
	struct chart_prim *p = prim_add(sc, PRIM_LINE);
	p->x = x, p->y = y, p->x2 = x2, p->y2 = y2;
	p->stroke = color;
	p->lw = lw;
	p->dash = dash;
}

static void s_rect(struct chart_scene *sc, double x, double y, double w, double h,
		   uint32_t fill, uint32_t stroke, double lw)
{
	struct chart_prim *p = prim_add(sc, PRIM_RECT);
	if (w < 0)
		x += w, w = -w;
	p->x = x, p->y = y, p->w = w, p->h = h;
	p->fill = fill;
	p->stroke = stroke;
	p->lw = lw;
}

static void s_circle(struct chart_scene *sc, double x, double y, double r,
		     uint32_t fill, uint32_t stroke, double lw)
{
	struct chart_prim *p = prim_add(sc, PRIM_CIRCLE);
	p->x = x, p->y = y, p->r = r;
	p->fill = fill;
	p->stroke = stroke;
	p->lw = lw;
}

static void s_diamond(struct chart_scene *sc, double x, double y, double h,
		      uint32_t fill, uint32_t stroke, double lw)
{
	struct chart_prim *p = prim_add(sc, PRIM_AREA);
	double pts[8] = { x, y - h, x + h, y, x, y + h, x - h, y };
	p->pts = xmalloc(sizeof pts);
	memcpy(p->pts, pts, sizeof pts);
	p->npts = 4;
	p->fill = fill;
	p->stroke = stroke;
	p->lw = lw;
}

static void s_text(struct chart_scene *sc, const struct chart_fonts *f, double x, double y,
		   const char *text, double size, int bold, uint32_t color,
		   enum chart_anchor anchor, double angle)
{
	struct chart_prim *p = prim_add(sc, PRIM_TEXT);
	p->x = x, p->y = y;
	p->text = xstrdup(text);
	p->size = size;
	p->bold = bold;
	p->fill = color;
	p->anchor = anchor;
	p->angle = angle;
	p->tw = chart_text_width(f, bold, size, text);
}

/* ---- specs ---- */

void chart_spec_release(struct chart_spec *sp)
{
	free(sp->title);
	free(sp->subtitle);
	free(sp->desc);
	free(sp->note);
	free(sp->vtitle);
	free(sp->lo_hint);
	free(sp->hi_hint);
	chart_lines_free(sp->cats, sp->ncats);
	chart_lines_free(sp->cat_notes, sp->ncats);
	for (size_t i = 0; i < sp->nmarks; i++)
		free(sp->marks[i].text);
	free(sp->marks);
	for (size_t i = 0; i < sp->nlegend; i++)
		free(sp->legend[i].label);
	free(sp->legend);
	memset(sp, 0, sizeof *sp);
}

static void spec_init(struct chart_spec *sp, size_t ncats)
{
	memset(sp, 0, sizeof *sp);
	sp->ncats = ncats;
	sp->cats = xcalloc(ncats ? ncats : 1, sizeof *sp->cats);
	sp->cat_notes = xcalloc(ncats ? ncats : 1, sizeof *sp->cat_notes);
	sp->nsub = 1;
	sp->vmin = INFINITY;
	sp->vmax = -INFINITY;
}

/* Adds a mark; takes ownership of text. Values widen the data range. */
static struct chart_mark *mark_add(struct chart_spec *sp, enum chart_mark_kind kind,
				   size_t cat, int sub, double v0, double v1,
				   uint32_t color, char *text)
{
	struct chart_mark *mk;
	ALLOC_GROW(sp->marks, sp->nmarks + 1, sp->marks_alloc);
	mk = &sp->marks[sp->nmarks++];
	memset(mk, 0, sizeof *mk);
	mk->kind = kind;
	mk->cat = mk->cat2 = cat;
	mk->sub = sub;
	mk->v0 = v0;
	mk->v1 = v1;
	mk->color = color;
	mk->text = text;
	if (kind != MARK_SIDE && kind != MARK_BREAK && kind != MARK_NOTE) {
		double lo = fmin(v0, kind == MARK_DOT || kind == MARK_BEST ? v0 : v1);
		double hi = fmax(v0, kind == MARK_DOT || kind == MARK_BEST ? v0 : v1);
		if (kind == MARK_LABEL)
			lo = hi = v0;
		if (isfinite(lo) && lo < sp->vmin)
			sp->vmin = lo;
		if (isfinite(hi) && hi > sp->vmax)
			sp->vmax = hi;
	}
	return mk;
}

static void legend_add(struct chart_spec *sp, const char *label, uint32_t color, int shape)
{
	struct chart_legend *l;
	ALLOC_GROW(sp->legend, sp->nlegend + 1, sp->legend_alloc);
	l = &sp->legend[sp->nlegend++];
	l->label = xstrdup(label);
	l->color = color;
	l->shape = shape;
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

/* Ticks covering [lo, hi] with about `target` intervals. */
static void ticks_make(double lo, double hi, int target, struct ticks *t)
{
	double span;
	if (!(hi > lo)) {
		double pad = lo != 0 ? fabs(lo) * 0.1 : 1;
		lo -= pad;
		hi += pad;
	}
	if (target < 2)
		target = 2;
	span = hi - lo;
	t->step = nice_step(span / target);
	t->lo = floor(lo / t->step + 1e-9) * t->step;
	t->hi = ceil(hi / t->step - 1e-9) * t->step;
	t->n = (size_t)lround((t->hi - t->lo) / t->step) + 1;
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
		s_text(L->sc, L->f, L->M, mid_baseline(L, L->y + lh / 2, size, bold), lines[i],
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
		s_circle(L->sc, x + s / 2, cy, F * 0.34, CHART_NONE, lg->color, F * 0.11);
		break;
	case 2:
		s_diamond(L->sc, x + s / 2, cy, F * 0.46, lg->color, CHART_WHITE, F * 0.06);
		break;
	case 3:
		s_rect(L->sc, x, cy - s / 2, s, s, CHART_NOISE, CHART_NONE, 0);
		break;
	case 4:
		s_line(L->sc, x + s / 2, cy - s / 2, x + s / 2, cy + s / 2, lg->color, F * 0.08,
		       DASH_DASHED);
		break;
	case 5:
		s_rect(L->sc, x, cy - s / 2, s, s, chart_tint(lg->color, 0.6), lg->color, F * 0.08);
		break;
	case 6:
		s_rect(L->sc, x, cy - F * 0.14, s, F * 0.28, chart_tint(lg->color, 0.55),
		       CHART_NONE, 0);
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
		s_text(L->sc, L->f, x + F * 1.2, mid_baseline(L, cy, size, 0), sp->legend[i].label,
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
	text_block(L, sp->title, F * TITLE, 1, CHART_INK, 3);
	if (sp->subtitle && *sp->subtitle) {
		L->y += F * 0.15;
		text_block(L, sp->subtitle, F * BODY, 0, CHART_MUTED, 4);
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
		case MARK_BAR: {
			double w = fmin(th * 0.72, F * 1.3);
			uint32_t fill = mk->pale ? chart_tint(mk->color, 0.6) : mk->color;
			uint32_t stroke = mk->pale ? mk->color : CHART_NONE;
			if (cols)
				s_rect(L->sc, c - w / 2, fmin(a, b), w, fabs(a - b), fill, stroke, F * 0.08);
			else
				s_rect(L->sc, fmin(a, b), c - w / 2, fabs(a - b), w, fill, stroke, F * 0.08);
			break;
		}
		case MARK_LINK: {
			double c2 = cat_center(L, mk->cat2, mk->sub);
			if (cols)
				s_line(L->sc, c, a, c2, b, mk->color, F * 0.12, DASH_NONE);
			else
				s_line(L->sc, a, c, b, c2, mk->color, F * 0.12, DASH_NONE);
			break;
		}
		case MARK_DOT:
			if (cols)
				s_circle(L->sc, c, a, F * 0.34, CHART_NONE, mk->color, F * 0.11);
			else
				s_circle(L->sc, a, c, F * 0.34, CHART_NONE, mk->color, F * 0.11);
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
				/* the bar runs off the axis: the label goes inside its end */
				s_text(L->sc, L->f, away_hi ? a - gap : a + gap,
				       mid_baseline(L, c, size, 1), mk->text, size, 1, CHART_WHITE,
				       away_hi ? ANCHOR_END : ANCHOR_START, 0);
				break;
			}
			if (cols)
				s_text(L->sc, L->f, c, away_hi ? a - gap : a + gap + size * 0.75, mk->text,
				       size, 0, CHART_INK, ANCHOR_MIDDLE, 0);
			else
				s_text(L->sc, L->f, away_hi ? a + gap : a - gap,
				       mid_baseline(L, c, size, 0), mk->text, size, 0, CHART_INK,
				       away_hi ? ANCHOR_START : ANCHOR_END, 0);
			break;
		}
		case MARK_SIDE:
			if (!cols)
				s_text(L->sc, L->f, L->right + F * 1.0, mid_baseline(L, c, F * BODY, 0),
				       mk->text, F * BODY, 0, CHART_INK, ANCHOR_START, 0);
			break;
		case MARK_NOTE:
			if (cols)
				s_text(L->sc, L->f, c, L->bottom - F, mk->text, F * SMALL, 0, CHART_MUTED,
				       ANCHOR_START, 90);
			else
				s_text(L->sc, L->f, L->left + F * 0.5, mid_baseline(L, c, F * SMALL, 0),
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
			s_line(L->sc, L->left, p, L->right, p, col, lw, DASH_NONE);
		else
			s_line(L->sc, p, L->top, p, L->bottom, col, lw, DASH_NONE);
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
		s_text(L->sc, L->f, L->left, yb, sp->lo_hint, size, 0, CHART_MUTED, ANCHOR_START, 0);
	if (sp->hi_hint)
		s_text(L->sc, L->f, L->right, yb, sp->hi_hint, size, 0, CHART_MUTED, ANCHOR_END, 0);
	if (!same_line && (sp->lo_hint || sp->hi_hint)) {
		y += lh;
		yb = mid_baseline(L, y + lh / 2, size, 0);
	}
	if (sp->vtitle) {
		char **lines;
		size_t n = chart_wrap(L->f, 0, size, sp->vtitle, L->right - L->left, 2, &lines);
		for (size_t i = 0; i < n; i++) {
			s_text(L->sc, L->f, mid, yb, lines[i], size, 0, CHART_INK, ANCHOR_MIDDLE, 0);
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
		text_block(L, L->sp->note, L->F * SMALL, 0, CHART_MUTED, 4);
	}
}

/* Categories as rows, values left to right. */
static void layout_rows(struct layout *L)
{
	const struct chart_spec *sp = L->sp;
	double F = L->F, labw = 0, sidew = 0, maxlab = (L->W - 2 * L->M) * 0.3;
	double lsize = F * BODY, nsize = F * SMALL, tsize = F * SMALL;
	char ***labs = xcalloc(sp->ncats ? sp->ncats : 1, sizeof *labs);
	size_t *nlabs = xcalloc(sp->ncats ? sp->ncats : 1, sizeof *nlabs);
	double y;

	for (size_t i = 0; i < sp->ncats; i++) {
		nlabs[i] = chart_wrap(L->f, 0, lsize, sp->cats[i], maxlab, 2, &labs[i]);
		for (size_t k = 0; k < nlabs[i]; k++)
			labw = fmax(labw, chart_text_width(L->f, 0, lsize, labs[i][k]));
		if (sp->cat_notes[i])
			labw = fmax(labw, fmin(maxlab, chart_text_width(L->f, 0, nsize, sp->cat_notes[i])));
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
		double lab_h = nlabs[i] * lsize * 1.25 + (sp->cat_notes[i] ? nsize * 1.3 : 0);
		double h = sp->nsub > 1 ? sp->nsub * F * 1.5 + F * 0.9 : F * 2.5;
		L->cat_pos[i] = y;
		L->cat_size[i] = fmax(h, lab_h + F * 0.7);
		y += L->cat_size[i];
	}
	L->bottom = y;
	domain(L, L->right - L->left);
	if (sidew == 0) {
		/* the last tick label is centred on the right edge: keep it inside */
		struct buf b = BUF_INIT;
		double hw;
		tick_label(&b, &L->t, tick_at(&L->t, L->t.n - 1), sp->percent);
		hw = chart_text_width(L->f, 0, tsize, buf_str(&b)) / 2;
		buf_release(&b);
		if (L->right + hw > L->W - F * 0.3) {
			L->right = L->W - F * 0.3 - hw;
			domain(L, L->right - L->left);
		}
	}

	/* row separators, bands, grid, then marks */
	for (size_t i = 1; i < sp->ncats; i++)
		s_line(L->sc, L->M, L->cat_pos[i], L->right, L->cat_pos[i], 0xF0F0F0, F * 0.07,
		       DASH_NONE);
	draw_marks(L, MARK_BAND);
	value_grid(L);
	draw_marks(L, MARK_RANGE);
	draw_marks(L, MARK_BAR);
	draw_marks(L, MARK_LINK);
	draw_marks(L, MARK_DOT);
	draw_marks(L, MARK_BEST);
	draw_marks(L, MARK_LABEL);
	draw_marks(L, MARK_SIDE);
	draw_marks(L, MARK_NOTE);

	/* category labels, vertically centred on their band */
	for (size_t i = 0; i < sp->ncats; i++) {
		double lh = lsize * 1.25;
		double block = nlabs[i] * lh + (sp->cat_notes[i] ? nsize * 1.3 : 0);
		double yy = L->cat_pos[i] + (L->cat_size[i] - block) / 2;
		for (size_t k = 0; k < nlabs[i]; k++) {
			s_text(L->sc, L->f, L->M, mid_baseline(L, yy + lh / 2, lsize, 0), labs[i][k],
			       lsize, 0, CHART_INK, ANCHOR_START, 0);
			yy += lh;
		}
		if (sp->cat_notes[i]) {
			char **nl;
			size_t nn = chart_wrap(L->f, 0, nsize, sp->cat_notes[i], maxlab, 1, &nl);
			s_text(L->sc, L->f, L->M, mid_baseline(L, yy + nsize * 0.65, nsize, 0), nl[0],
			       nsize, 0, CHART_MUTED, ANCHOR_START, 0);
			chart_lines_free(nl, nn);
		}
		chart_lines_free(labs[i], nlabs[i]);
	}
	free(labs);
	free(nlabs);

	/* the value axis */
	s_line(L->sc, L->left, L->bottom, L->right, L->bottom, CHART_AXIS, F * 0.08, DASH_NONE);
	for (size_t i = 0; i < L->t.n; i++) {
		struct buf b = BUF_INIT;
		double v = tick_at(&L->t, i), p = vpos(L, v);
		tick_label(&b, &L->t, v, sp->percent);
		s_line(L->sc, p, L->bottom, p, L->bottom + F * 0.35, CHART_AXIS, F * 0.08, DASH_NONE);
		s_text(L->sc, L->f, p, L->bottom + F * 0.5 + tsize * 0.95, buf_str(&b), tsize, 0,
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
			s_line(L->sc, x, L->y + brk_level[i] * lsize * 1.35, x, L->bottom, CHART_AXIS,
			       F * 0.07, DASH_DASHED);
		if (mk->text) {
			double tx = x + F * 0.25, w = chart_text_width(L->f, 0, lsize, mk->text);
			if (tx + w > L->right)
				tx = L->right - w;
			s_text(L->sc, L->f, tx, L->y + brk_level[i] * lsize * 1.35 + lsize * 0.95,
			       mk->text, lsize, 0, CHART_MUTED, ANCHOR_START, 0);
		}
	}
	free(level_end);
	free(brk_level);
	draw_marks(L, MARK_BAND);
	draw_marks(L, MARK_RANGE);
	draw_marks(L, MARK_BAR);
	draw_marks(L, MARK_LINK);
	draw_marks(L, MARK_DOT);
	draw_marks(L, MARK_BEST);
	draw_marks(L, MARK_LABEL);
	draw_marks(L, MARK_NOTE);

	/* axes */
	s_line(L->sc, L->left, L->bottom, L->right, L->bottom, CHART_AXIS, F * 0.08, DASH_NONE);
	for (size_t i = 0; i < L->t.n; i++) {
		struct buf b = BUF_INIT;
		double v = tick_at(&L->t, i), p = vpos(L, v);
		tick_label(&b, &L->t, v, sp->percent);
		s_text(L->sc, L->f, L->left - F * 0.4, mid_baseline(L, p, tsize, 0), buf_str(&b),
		       tsize, 0, CHART_MUTED, ANCHOR_END, 0);
		buf_release(&b);
	}
	if (sp->vtitle) {
		char **lines;
		size_t n = chart_wrap(L->f, 0, ysize, sp->vtitle, plot_h, 1, &lines);
		s_text(L->sc, L->f, L->M + ysize * 0.95, (L->top + L->bottom) / 2, lines[0], ysize, 0,
		       CHART_INK, ANCHOR_MIDDLE, 90);
		chart_lines_free(lines, n);
	}
	for (size_t i = 0; i < sp->ncats; i += every) {
		double cx = cat_center(L, i, -1);
		char **lines;
		size_t n = chart_wrap(L->f, 0, lsize, sp->cats[i], labh, 1, &lines);
		s_line(L->sc, cx, L->bottom, cx, L->bottom + F * 0.3, CHART_AXIS, F * 0.08, DASH_NONE);
		s_text(L->sc, L->f, cx + chart_cap_height(L->f, 0) * lsize / 2, L->bottom + F * 0.5,
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

/* ---- chart types ---- */

static const char *direction(int better)
{
	return better == BETTER_HIGHER ? "higher is better" : "lower is better";
}

/* Distinct versions of the model in semantic-version order. */
static size_t model_versions(const struct model *m, const char ***out)
{
	const char **v = NULL;
	size_t n = 0, alloc = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		for (size_t j = 0; j < c->nversions; j++) {
			size_t k, at;
			for (k = 0; k < n; k++)
				if (v[k] == c->versions[j].version)
					break;
			if (k < n)
				continue;
			/* insert in order; unordered strings go after their peers */
			for (at = n; at > 0 && semver_cmp(v[at - 1], c->versions[j].version) > 0; at--)
				;
			ALLOC_GROW(v, n + 1, alloc);
			memmove(v + at + 1, v + at, (n - at) * sizeof *v);
			v[at] = c->versions[j].version;
			n++;
		}
	}
	*out = v;
	return n;
}

uint32_t chart_version_color(const struct model *m, const char *version)
{
	const char **v;
	size_t n = model_versions(m, &v), i;
	for (i = 0; i < n; i++)
		if (v[i] == version || strcmp(v[i], version) == 0)
			break;
	free(v);
	return chart_palette(i);
}

static int several_platforms(const struct model *m)
{
	for (size_t i = 1; i < m->ncomparisons; i++)
		if (m->comparisons[i].platform != m->comparisons[0].platform)
			return 1;
	return 0;
}

/* Passes per round when every round has the same number, else 0. */
static size_t passes_per_round(const struct comparison *c)
{
	size_t n = 0;
	for (size_t i = 0; i < c->nversions; i++)
		for (size_t r = 0; r < c->versions[i].nrounds; r++) {
			size_t k = c->versions[i].rounds[r]->npasses;
			if (n && k != n)
				return 0;
			n = k;
		}
	return n;
}

/* Rounds per version when all have the same number, else 0. */
static size_t rounds_per_version(const struct comparison *c)
{
	size_t n = 0;
	for (size_t i = 0; i < c->nversions; i++) {
		if (n && c->versions[i].nrounds != n)
			return 0;
		n = c->versions[i].nrounds;
	}
	return n;
}

/* The verdict with the two numbers behind it, capitalised: "Within noise.
 * The best rounds are 5.7% apart, inside the noise of ±19%." */
static void verdict_sentence(struct buf *b, const struct comparison *c)
{
	size_t at = b->len;
	buf_puts(b, c->text);
	if (b->s[at] >= 'a' && b->s[at] <= 'z')
		b->s[at] = (char)(b->s[at] - 'a' + 'A');
	buf_putc(b, '.');
	if (c->verdict == VERDICT_INSUFFICIENT)
		return;
	buf_puts(b, c->verdict == VERDICT_FASTER ? " The gap of " : " The best rounds are ");
	fmt_fixed(b, c->gap * 100, c->gap < 0.1 ? 1 : 0);
	buf_puts(b, c->verdict == VERDICT_FASTER ? "% between the best rounds clears the noise of "
						  : "% apart, inside the noise of ");
	fmt_spread(b, c->noise);
	buf_putc(b, '.');
}

/* The index of version i's release line among the lines of c, in order;
 * versions without a line share one index. */
static size_t line_index(const struct comparison *c, size_t i)
{
	size_t n = 0;
	for (size_t j = 0; j <= i; j++) {
		const char *l = c->versions[j].line ? c->versions[j].line : "";
		size_t k;
		for (k = 0; k < j; k++)
			if (strcmp(c->versions[k].line ? c->versions[k].line : "", l) == 0)
				break;
		if (k == j) {
			if (j == i)
				return n;
			n++;
		} else if (j == i) {
			return line_index(c, k);
		}
	}
	return 0;
}

void chart_spec_strip(const struct model *m, const struct comparison *c,
		      struct chart_spec *sp)
{
	struct buf b = BUF_INIT, d = BUF_INIT;
	int series = chart_is_series(c); /* many versions: colour by release line */
	size_t nr = rounds_per_version(c), np = passes_per_round(c);

	spec_init(sp, c->nversions);
	sp->title = xstrdup(c->workload);
	verdict_sentence(&b, c);
	if (several_platforms(m))
		buf_printf(&b, " Platform: %s.", c->platform);
	sp->subtitle = buf_detach(&b, NULL);
	sp->vtitle = xasprintf("Round value (%s), %s", c->unit, direction(c->better));

	buf_printf(&d, "Strip plot of every round of \"%s\" on %s, per version (%s, %s). "
		   "Verdict: %s.", c->workload, c->platform, c->unit, direction(c->better), c->text);
	for (size_t i = 0; i < c->nversions; i++) {
		const struct version_stats *vs = &c->versions[i];
		uint32_t col = series ? chart_palette(line_index(c, i))
				      : chart_version_color(m, vs->version);
		struct buf s = BUF_INIT;
		double lo = INFINITY, hi = -INFINITY;
		sp->cats[i] = xstrdup(vs->version);
		if (vs->is_baseline)
			sp->cat_notes[i] = xstrdup("baseline");
		for (size_t r = 0; r < vs->nrounds; r++) {
			lo = fmin(lo, vs->values[r]);
			hi = fmax(hi, vs->values[r]);
		}
		if (vs->nrounds > 1)
			mark_add(sp, MARK_RANGE, i, -1, lo, hi, col, NULL);
		for (size_t r = 0; r < vs->nrounds; r++)
			mark_add(sp, MARK_DOT, i, -1, vs->values[r], vs->values[r], col, NULL);
		mark_add(sp, MARK_BEST, i, -1, vs->best, vs->best, col, NULL);

		buf_printf(&d, " %s: %zu round%s, best ", vs->version, vs->nrounds,
			   vs->nrounds == 1 ? "" : "s");
		fmt_value(&d, vs->best);
		buf_printf(&d, " %s", c->unit);
		fmt_value(&s, vs->best);
		buf_printf(&s, " %s", c->unit);
		if (vs->nrounds > 1) {
			buf_puts(&d, ", spread ");
			fmt_spread(&d, vs->spread);
			buf_puts(&s, "  ");
			fmt_spread(&s, vs->spread);
		}
		buf_putc(&d, '.');
		mark_add(sp, MARK_SIDE, i, -1, 0, 0, CHART_INK, buf_detach(&s, NULL));
	}
	sp->desc = buf_detach(&d, NULL);

	if (series)
		for (size_t i = 0; i < c->nversions; i++)
			if (line_index(c, i) == (i ? line_index(c, i - 1) + 1 : 0))
				legend_add(sp, c->versions[i].line ? c->versions[i].line : "no release line",
					   chart_palette(line_index(c, i)), 0);
	legend_add(sp, "round (median of its passes)", CHART_MUTED, 1);
	legend_add(sp, "best round", CHART_MUTED, 2);
	legend_add(sp, "range of the rounds", CHART_MUTED, 6);
	buf_printf(&b, "%s", c->platform);
	if (nr)
		buf_printf(&b, "; %zu round%s per version", nr, nr == 1 ? "" : "s");
	if (np)
		buf_printf(&b, "; each round is the median of %zu pass%s", np, np == 1 ? "" : "es");
	buf_puts(&b, "; right: best round and spread (\xC2\xB1half the range of the rounds, "
		 "relative to their median).");
	sp->note = buf_detach(&b, NULL);
}

/* The change interval a version stays within noise in: it is within noise
 * when max/min - 1 <= noise, that is -noise/(1+noise) <= change <= noise. */
static void noise_band(double noise, double *lo, double *hi)
{
	*lo = -noise / (1 + noise);
	*hi = noise;
}

/* Workloads in the overview: those with a baseline, except long version
 * series, which get a series chart of their own. */
static int in_overview(const struct comparison *c)
{
	return c->baseline_idx >= 0 && !chart_is_series(c);
}

int chart_spec_overview(const struct model *m, struct chart_spec *sp)
{
	size_t nsub = 1, ncats = 0, nlower = 0, nhigher = 0, nbeyond = 0, nbars = 0;
	const char **vers;
	size_t nvers;
	const char *base = NULL;
	int same_base = 1;
	double *mags = NULL;
	size_t nmags = 0, nshown = 0, shown_alloc = 0;
	const char **shown = NULL; /* versions with a bar, for the legend */
	struct buf d = BUF_INIT, b = BUF_INIT;

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (!in_overview(c))
			continue;
		ncats++;
		if (c->nversions - 1 > nsub)
			nsub = c->nversions - 1;
		if (base && strcmp(base, c->versions[c->baseline_idx].version) != 0)
			same_base = 0;
		base = c->versions[c->baseline_idx].version;
		if (c->better == BETTER_HIGHER)
			nhigher++;
		else
			nlower++;
	}
	if (!ncats)
		return 0;
	{
		/* nothing to draw when no workload has a bar */
		size_t nwith = 0;
		for (size_t i = 0; i < m->ncomparisons; i++)
			nwith += in_overview(&m->comparisons[i]) &&
				 m->comparisons[i].nversions > 1 &&
				 m->comparisons[i].verdict != VERDICT_INSUFFICIENT;
		if (!nwith)
			return 0;
	}

	spec_init(sp, ncats);
	sp->nsub = (int)nsub;
	sp->percent = 1;
	sp->include_zero = 1;
	mags = xmalloc(m->ncomparisons * (nsub + 1) * sizeof *mags);
	buf_printf(&d, "Bar chart: for each workload, the change of each version's best round "
		   "against %s%s, with the noise band of the workload shaded.",
		   same_base ? "" : "the baseline", same_base ? base : "");
	ncats = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		double lo, hi;
		int sub = 0, mixed = nlower && nhigher;
		if (!in_overview(c))
			continue;
		if (several_platforms(m))
			sp->cats[ncats] = xasprintf("%s (%s)", c->workload, c->platform);
		else
			sp->cats[ncats] = xstrdup(c->workload);
		sp->cat_notes[ncats] = xasprintf("%s%s%s", c->text, mixed ? "; " : "",
						 mixed ? direction(c->better) : "");
		buf_printf(&d, " %s", sp->cats[ncats]);
		if (c->verdict == VERDICT_INSUFFICIENT) {
			mark_add(sp, MARK_NOTE, ncats, -1, 0, 0, CHART_MUTED,
				 xstrdup("not enough rounds to know the noise"));
			buf_puts(&d, ": not enough rounds.");
			ncats++;
			continue;
		}
		noise_band(c->noise, &lo, &hi);
		mark_add(sp, MARK_BAND, ncats, -1, lo, hi, CHART_NOISE, NULL);
		buf_puts(&d, " (noise ");
		fmt_spread(&d, c->noise);
		buf_puts(&d, "):");
		for (size_t j = 0; j < c->nversions; j++) {
			const struct version_stats *vs = &c->versions[j];
			struct buf t = BUF_INIT;
			struct chart_mark *mk;
			double big, small;
			size_t k;
			if (vs->is_baseline)
				continue;
			big = fmax(vs->best, c->versions[c->baseline_idx].best);
			small = fmin(vs->best, c->versions[c->baseline_idx].best);
			mk = mark_add(sp, MARK_BAR, ncats, sub, 0, vs->change,
				      chart_version_color(m, vs->version), NULL);
			for (k = 0; k < nshown && shown[k] != vs->version; k++)
				;
			if (k == nshown) {
				ALLOC_GROW(shown, nshown + 1, shown_alloc);
				shown[nshown++] = vs->version;
			}
			mk->pale = big / small - 1 <= c->noise;
			nbars++;
			nbeyond += !mk->pale;
			fmt_percent_signed(&t, vs->change);
			buf_printf(&d, "%s %s %s%s", sub ? "," : "", vs->version, buf_str(&t),
				   mk->pale ? " within noise" : "");
			mark_add(sp, MARK_LABEL, ncats, sub, vs->change, 0, CHART_INK,
				 buf_detach(&t, NULL));
			mags[nmags++] = fabs(vs->change);
			sub++;
		}
		buf_putc(&d, '.');
		ncats++;
	}

	/* room for the labels at the bar ends */
	{
		double span = fmax(sp->vmax, 0) - fmin(sp->vmin, 0), lo = 0, hi = 0;
		for (size_t i = 0; i < sp->nmarks; i++)
			if (sp->marks[i].kind == MARK_BAR) {
				lo = fmin(lo, sp->marks[i].v1);
				hi = fmax(hi, sp->marks[i].v1);
			}
		sp->vmin = fmin(sp->vmin, lo - (lo < 0 ? 0.08 * span : 0));
		sp->vmax = fmax(sp->vmax, hi + (hi > 0 ? 0.08 * span : 0));
	}

	/* one huge change must not flatten every other bar: clip the axis
	 * (never inside a noise band) */
	if (nbars >= 3) {
		double a = 0, s = 0, noise = 0;
		for (size_t i = 0; i < nmags; i++)
			if (!isnan(mags[i]))
				a = fmax(a, mags[i]);
		for (size_t i = 0; i < nmags; i++)
			if (!isnan(mags[i]) && mags[i] < a)
				s = fmax(s, mags[i]);
		for (size_t i = 0; i < m->ncomparisons; i++)
			if (in_overview(&m->comparisons[i]) &&
			    m->comparisons[i].verdict != VERDICT_INSUFFICIENT)
				noise = fmax(noise, m->comparisons[i].noise);
		s = fmax(2.5 * s, 1.2 * noise);
		if (s > 0 && a > 1.6 * s) {
			sp->clip_lo = -s;
			sp->clip_hi = s;
			sp->note = xstrdup("Bars that run off the axis are cut at its end; "
					   "their labels give the full change.");
		}
	}
	free(mags);

	{
		size_t nseries = 0;
		for (size_t i = 0; i < m->ncomparisons; i++)
			nseries += m->comparisons[i].baseline_idx >= 0 && chart_is_series(&m->comparisons[i]);
		if (nseries) {
			char *note = xasprintf("%s%s%zu workload%s measured on a long version series %s a "
					       "chart of %s own.", sp->note ? sp->note : "",
					       sp->note ? " " : "", nseries, nseries == 1 ? "" : "s",
					       nseries == 1 ? "has" : "have", nseries == 1 ? "its" : "their");
			free(sp->note);
			sp->note = note;
		}
	}
	sp->title = same_base ? xasprintf("Best round of each version against %s", base)
			      : xstrdup("Best round of each version against the baseline");
	buf_printf(&b, "%zu of %zu differences clear the noise of their workload. "
		   "Shaded: the noise band (the largest spread of the workload's versions); "
		   "a bar that ends inside it is within noise.", nbeyond, nbars);
	sp->subtitle = buf_detach(&b, NULL);
	sp->vtitle = xasprintf("Change of the best round against %s",
			       same_base ? base : "the baseline");
	if (!nhigher) {
		sp->lo_hint = xstrdup("\xE2\x86\x90 faster");
		sp->hi_hint = xstrdup("slower \xE2\x86\x92");
	} else if (!nlower) {
		sp->lo_hint = xstrdup("\xE2\x86\x90 slower");
		sp->hi_hint = xstrdup("faster \xE2\x86\x92");
	}
	nvers = model_versions(m, &vers);
	for (size_t i = 0; i < nvers; i++) {
		size_t k;
		for (k = 0; k < nshown && shown[k] != vers[i]; k++)
			;
		if (k < nshown)
			legend_add(sp, vers[i], chart_version_color(m, vers[i]), 0);
	}
	free(vers);
	free(shown);
	if (nbeyond < nbars)
		legend_add(sp, "within noise", CHART_AXIS, 5);
	legend_add(sp, "noise band", CHART_NOISE, 3);
	sp->desc = buf_detach(&d, NULL);
	return 1;
}

int chart_is_series(const struct comparison *c)
{
	return c->nversions >= 8;
}

/* "12.4.254.21" -> "12.4" (malloc'd), or NULL. */
static char *v8_minor(const char *v8)
{
	const char *dot;
	if (!v8)
		return NULL;
	dot = strchr(v8, '.');
	if (dot && (dot = strchr(dot + 1, '.')))
		return xstrndup(v8, (size_t)(dot - v8));
	return xstrdup(v8);
}

void chart_spec_series(const struct model *m, const struct comparison *c,
		       struct chart_spec *sp)
{
	const char **lines = NULL;
	size_t nlines = 0, alloc = 0;
	char *prev_v8 = NULL;
	struct buf d = BUF_INIT, b = BUF_INIT;

	spec_init(sp, c->nversions);
	sp->columns = 1;
	sp->title = xasprintf("%s across %zu versions", c->workload, c->nversions);
	verdict_sentence(&b, c);
	buf_printf(&b, " Best round of each version in version order%s%s.",
		   several_platforms(m) ? " on " : "", several_platforms(m) ? c->platform : "");
	sp->subtitle = buf_detach(&b, NULL);
	sp->vtitle = xasprintf("Best round (%s), %s", c->unit, direction(c->better));
	buf_printf(&d, "Line chart of the best round of \"%s\" on %s for %zu versions in version "
		   "order (%s, %s), coloured by release line; dashed lines mark a change of the "
		   "V8 version.", c->workload, c->platform, c->nversions, c->unit,
		   direction(c->better));

	for (size_t i = 0; i < c->nversions; i++) {
		const struct version_stats *vs = &c->versions[i];
		const char *line = vs->line ? vs->line : "";
		size_t li;
		uint32_t col;
		char *v8;
		double lo = INFINITY, hi = -INFINITY;
		for (li = 0; li < nlines; li++)
			if (strcmp(lines[li], line) == 0)
				break;
		if (li == nlines) {
			ALLOC_GROW(lines, nlines + 1, alloc);
			lines[nlines++] = line;
		}
		col = chart_palette(li);
		sp->cats[i] = xstrdup(vs->version);
		for (size_t r = 0; r < vs->nrounds; r++) {
			lo = fmin(lo, vs->values[r]);
			hi = fmax(hi, vs->values[r]);
		}
		if (vs->nrounds > 1)
			mark_add(sp, MARK_RANGE, i, -1, lo, hi, col, NULL);
		if (i > 0 && strcmp(c->versions[i - 1].line ? c->versions[i - 1].line : "", line) == 0) {
			struct chart_mark *mk = mark_add(sp, MARK_LINK, i - 1, -1,
							 c->versions[i - 1].best, vs->best, col, NULL);
			mk->cat2 = i;
		}
		mark_add(sp, MARK_BEST, i, -1, vs->best, vs->best, col, NULL);
		v8 = v8_minor(vs->v8);
		if (v8 && (!prev_v8 || strcmp(v8, prev_v8) != 0)) {
			mark_add(sp, MARK_BREAK, i, -1, 0, 0, CHART_AXIS, xasprintf("V8 %s", v8));
			buf_printf(&d, " From %s: V8 %s.", vs->version, v8);
		}
		if (v8) {
			free(prev_v8);
			prev_v8 = v8;
		}
	}
	free(prev_v8);
	for (size_t li = 0; li < nlines; li++) {
		const struct release_line *rl = NULL;
		for (size_t k = 0; k < m->schedule.nlines; k++)
			if (strcmp(m->schedule.lines[k].line, lines[li]) == 0)
				rl = &m->schedule.lines[k];
		if (rl && rl->codename) {
			char *s = xasprintf("%s (%s)", lines[li], rl->codename);
			legend_add(sp, s, chart_palette(li), 2);
			free(s);
		} else {
			legend_add(sp, *lines[li] ? lines[li] : "no release line", chart_palette(li), 2);
		}
	}
	free(lines);
	legend_add(sp, "range of the rounds", CHART_MUTED, 6);
	legend_add(sp, "V8 version changes", CHART_AXIS, 4);
	sp->desc = buf_detach(&d, NULL);
}

/* ---- file names ---- */

/* Appends an ASCII slug of s: letters and digits lower-cased, Latin-1
 * letters without their accents, everything else one '-'. */
static void slug_append(struct buf *b, const char *s)
{
	static const char latin1[] =
		"aaaaaaaceeeeiiiidnooooo-ouuuuyts" /* U+00C0..U+00DF */
		"aaaaaaaceeeeiiiidnooooo-ouuuuyty"; /* U+00E0..U+00FF */
	int dash = 0;
	while (*s) {
		unsigned cp = utf8_next(&s);
		char ch = 0;
		if (cp < 0x80 && ((cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9')))
			ch = (char)cp;
		else if (cp >= 'A' && cp <= 'Z')
			ch = (char)(cp - 'A' + 'a');
		else if (cp >= 0xC0 && cp <= 0xFF && latin1[cp - 0xC0] != '-')
			ch = latin1[cp - 0xC0];
		if (ch) {
			if (dash && b->len && b->s[b->len - 1] != '-')
				buf_putc(b, '-');
			dash = 0;
			buf_putc(b, ch);
			if (cp == 0xDF)
				buf_putc(b, 's'); /* ß -> ss */
		} else {
			dash = 1;
		}
		if (b->len >= 60)
			break;
	}
}

static int name_taken(char **names, size_t n, const char *s)
{
	size_t len = strlen(s);
	if (strcmp(s, "overview") == 0)
		return 1;
	for (size_t i = 0; i < n; i++) {
		size_t k = strlen(names[i]);
		if (strcmp(names[i], s) == 0)
			return 1;
		/* "x-series" is the series chart of "x" */
		if (k + 7 == len && strncmp(s, names[i], k) == 0 && strcmp(s + k, "-series") == 0)
			return 1;
		if (len + 7 == k && strncmp(names[i], s, len) == 0 &&
		    strcmp(names[i] + len, "-series") == 0)
			return 1;
	}
	return 0;
}

char **chart_file_names(const struct model *m)
{
	char **names = xcalloc(m->ncomparisons ? m->ncomparisons : 1, sizeof *names);
	int plat = several_platforms(m);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		struct buf b = BUF_INIT;
		size_t base_len;
		slug_append(&b, m->comparisons[i].workload);
		if (plat) {
			buf_putc(&b, '-');
			slug_append(&b, m->comparisons[i].platform);
		}
		while (b.len && b.s[b.len - 1] == '-')
			b.s[--b.len] = '\0';
		if (!b.len)
			buf_puts(&b, "workload");
		base_len = b.len;
		for (int k = 2; name_taken(names, i, b.s); k++) {
			b.len = base_len;
			b.s[b.len] = '\0';
			buf_printf(&b, "-%d", k);
		}
		names[i] = buf_detach(&b, NULL);
	}
	return names;
}
