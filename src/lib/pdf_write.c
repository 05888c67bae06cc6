/*
 * pdf_write.c - the PDF file: objects, streams, pages, fonts, bookmarks,
 * the information dictionary and the cross-reference table.
 *
 * Pages collect their content streams as the document is typeset; nothing
 * is numbered or written before pdfw_finish, which then knows every object:
 * catalog, info, page tree, outline root, six objects per font, one per
 * circle form, two per page, one per bookmark, in that order. Text is shown
 * in 2-byte codes that are the characters' code points (Identity-H, CID =
 * code point), so the widths array and the ToUnicode map are indexed by
 * character and a CIDToGIDMap stream turns codes into glyphs; the font
 * program keeps only the glyphs shown (pdf_font.c). Numbers are written
 * without printf.
 */
#include "lib/pdf_write.h"
#include "lib/pdf_font.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include FT_TRUETYPE_TABLES_H

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

/* zlib level for every stream. On the shipped example level 6 made the
 * file 10 % smaller than level 1 (77 KB, not 86 KB) for 29 % more
 * instructions in the whole PDF (50M, not 38M); zlib's Huffman-only and
 * RLE strategies were slower than level 1 on these streams. */
#define DEFLATE_LEVEL 1
#define MAX_FONTS 8
#define MAX_FORMS 64

enum { KNOW_FILL = 1, KNOW_STROKE = 2, KNOW_LW = 4, KNOW_FONT = 8, KNOW_DASH = 16 };

struct pdfw_font {
	FT_Face face;
	int bold, index;
	uint8_t used[65536 / 8];  /* code points shown, one bit each */
};

struct pdfw_outline {
	struct pdfw_outline *parent, *first, *last, *next, *prev;
	char *title;
	struct pdfw_page *page;
	double top;
	size_t count;            /* descendants (all items are open) */
	unsigned obj;
};

struct pdfw {
	struct pdfw_font *fonts[MAX_FONTS];
	size_t nfonts;
	struct {
		float r;
		unsigned paint;
	} forms[MAX_FORMS];      /* circles by radius and paint */
	size_t nforms;
	struct pdfw_page **pages;
	size_t npages, pages_alloc;
	struct pdfw_outline root;
	struct pdfw_outline **items;
	size_t nitems, items_alloc;
	char *info[PDFW_INFO_N];
	int has_date;
	int64_t date;
};

/* ---- numbers ---- */

static void put_uint(struct buf *b, uint64_t v)
{
	char tmp[24], *t = tmp + sizeof tmp;
	do {
		*--t = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	buf_put(b, t, (size_t)(tmp + sizeof tmp - t));
}

static void put_int(struct buf *b, long v)
{
	if (v < 0) {
		buf_putc(b, '-');
		put_uint(b, (uint64_t)(-(v + 1)) + 1);
	} else {
		put_uint(b, (uint64_t)v);
	}
}

/*
 * Writes the value at o and returns the end: in single precision, clamped
 * to +-32767, to five decimals (the fraction truncated after adding
 * 0.000005), trailing zeros and a bare point dropped - the form and
 * precision the PDF has always had, so the same layout gives the same page
 * content. At most 12 bytes.
 */
static char *num(char *o, double v)
{
	float val = (float)v;
	char tmp[16], *t = tmp + sizeof tmp;
	int32_t ip, fp;
	int frac = 0;

	if (val != val) /* NaN: never from a laid-out page, but no UB either */
		val = 0;
	if (val > 32767.0f)
		val = 32767.0f;
	else if (val < -32767.0f)
		val = -32767.0f;
	if (val < 0) {
		*o++ = '-';
		val = -val;
	}
	ip = (int32_t)(val + 0.000005);
	fp = (int32_t)((float)(val - ip + 0.000005) * 100000);
	for (int i = 0; i < 5; i++) {
		int d = (int)(fp % 10);
		fp /= 10;
		if (d || frac) {
			*--t = (char)('0' + d);
			frac = 1;
		}
	}
	if (frac)
		*--t = '.';
	do {
		*--t = (char)('0' + ip % 10);
		ip /= 10;
	} while (ip > 0);
	memcpy(o, t, (size_t)(tmp + sizeof tmp - t));
	return o + (tmp + sizeof tmp - t);
}

static void put_num(struct buf *b, double v)
{
	char tmp[16];
	buf_put(b, tmp, (size_t)(num(tmp, v) - tmp));
}

/* n numbers (at most 6) and an operator, as one line. */
static void put_nums(struct buf *b, const double *v, size_t n, const char *op)
{
	char line[6 * 13 + 8], *o = line;
	for (size_t i = 0; i < n; i++) {
		o = num(o, v[i]);
		*o++ = ' ';
	}
	while (*op)
		*o++ = *op++;
	*o++ = '\n';
	buf_put(b, line, (size_t)(o - line));
}

static void put_ref(struct buf *b, unsigned obj)
{
	put_uint(b, obj);
	buf_put(b, " 0 R", 4);
}

static const char hexdig[] = "0123456789abcdef";

static void put_hex16(struct buf *b, unsigned u)
{
	char h[4] = { hexdig[(u >> 12) & 15], hexdig[(u >> 8) & 15], hexdig[(u >> 4) & 15],
		      hexdig[u & 15] };
	buf_put(b, h, 4);
}

/* A text string: UTF-16BE with its byte order mark, in hex. */
static void put_text_string(struct buf *b, const char *utf8)
{
	const char *s = utf8;
	buf_puts(b, "<feff");
	while (*s) {
		unsigned cp = utf8_next(&s);
		if (cp > 0xFFFF) {
			cp -= 0x10000;
			put_hex16(b, 0xD800 + (cp >> 10));
			put_hex16(b, 0xDC00 + (cp & 0x3FF));
		} else {
			put_hex16(b, cp);
		}
	}
	buf_putc(b, '>');
}

/* ---- document and pages ---- */

struct pdfw *pdfw_new(void)
{
	return xcalloc(1, sizeof(struct pdfw));
}

void pdfw_free(struct pdfw *w)
{
	if (!w)
		return;
	for (size_t i = 0; i < w->nfonts; i++)
		free(w->fonts[i]);
	for (size_t i = 0; i < w->npages; i++) {
		buf_release(&w->pages[i]->content);
		free(w->pages[i]);
	}
	free(w->pages);
	for (size_t i = 0; i < w->nitems; i++) {
		free(w->items[i]->title);
		free(w->items[i]);
	}
	free(w->items);
	for (int i = 0; i < PDFW_INFO_N; i++)
		free(w->info[i]);
	free(w);
}

struct pdfw_font *pdfw_add_font(struct pdfw *w, struct FT_FaceRec_ *face, int bold)
{
	struct pdfw_font *f;
	if (w->nfonts == MAX_FONTS || !pdf_font_embeddable(face))
		return NULL;
	f = xcalloc(1, sizeof *f);
	f->face = face;
	f->bold = bold;
	f->index = (int)w->nfonts;
	w->fonts[w->nfonts++] = f;
	return f;
}

struct pdfw_page *pdfw_add_page(struct pdfw *w, double width, double height)
{
	struct pdfw_page *pg = xcalloc(1, sizeof *pg);
	pg->doc = w;
	pg->w = width;
	pg->h = height;
	pg->index = w->npages;
	pg->gs.known = KNOW_DASH; /* a page starts with solid lines */
	buf_init(&pg->content);
	ALLOC_GROW(w->pages, w->npages + 1, w->pages_alloc);
	w->pages[w->npages++] = pg;
	return pg;
}

static void put_rgb(struct pdfw_page *pg, uint32_t c, const char *op)
{
	double v[3] = { ((c >> 16) & 0xFF) / 255.0f, ((c >> 8) & 0xFF) / 255.0f, (c & 0xFF) / 255.0f };
	put_nums(&pg->content, v, 3, op);
}

void pdfw_fill_rgb(struct pdfw_page *pg, uint32_t rgb)
{
	if ((pg->gs.known & KNOW_FILL) && pg->gs.fill == rgb)
		return;
	pg->gs.known |= KNOW_FILL;
	pg->gs.fill = rgb;
	put_rgb(pg, rgb, "rg");
}

void pdfw_stroke_rgb(struct pdfw_page *pg, uint32_t rgb)
{
	if ((pg->gs.known & KNOW_STROKE) && pg->gs.stroke == rgb)
		return;
	pg->gs.known |= KNOW_STROKE;
	pg->gs.stroke = rgb;
	put_rgb(pg, rgb, "RG");
}

void pdfw_line_width(struct pdfw_page *pg, double w)
{
	if ((pg->gs.known & KNOW_LW) && pg->gs.lw == (float)w)
		return;
	pg->gs.known |= KNOW_LW;
	pg->gs.lw = (float)w;
	put_nums(&pg->content, &w, 1, "w");
}

void pdfw_line_join(struct pdfw_page *pg, int join)
{
	double v = join;
	put_nums(&pg->content, &v, 1, "j");
}

void pdfw_line_cap(struct pdfw_page *pg, int cap)
{
	double v = cap;
	put_nums(&pg->content, &v, 1, "J");
}

void pdfw_dash(struct pdfw_page *pg, const unsigned *d, size_t n, unsigned phase)
{
	if (n == 0 && (pg->gs.known & KNOW_DASH) && !pg->gs.dashed)
		return;
	pg->gs.known |= KNOW_DASH;
	pg->gs.dashed = n > 0;
	buf_putc(&pg->content, '[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			buf_putc(&pg->content, ' ');
		put_uint(&pg->content, d[i]);
	}
	buf_putc(&pg->content, ']');
	buf_putc(&pg->content, ' ');
	put_uint(&pg->content, phase);
	buf_puts(&pg->content, " d\n");
}

void pdfw_save(struct pdfw_page *pg)
{
	if (pg->depth < sizeof pg->saved / sizeof pg->saved[0])
		pg->saved[pg->depth] = pg->gs;
	pg->depth++;
	buf_puts(&pg->content, "q\n");
}

void pdfw_restore(struct pdfw_page *pg)
{
	if (pg->depth > 0 && --pg->depth < sizeof pg->saved / sizeof pg->saved[0]) {
		pg->gs = pg->saved[pg->depth];
	} else {
		/* deeper than tracked: nothing is known, and Tj needs a Tf first */
		pg->gs.known = 0;
		pg->gs.font = NULL;
	}
	buf_puts(&pg->content, "Q\n");
}

void pdfw_move_to(struct pdfw_page *pg, double x, double y)
{
	double v[2] = { x, y };
	put_nums(&pg->content, v, 2, "m");
}

void pdfw_line_to(struct pdfw_page *pg, double x, double y)
{
	double v[2] = { x, y };
	put_nums(&pg->content, v, 2, "l");
}

void pdfw_rect(struct pdfw_page *pg, double x, double y, double w, double h)
{
	double v[4] = { x, y, w, h };
	put_nums(&pg->content, v, 4, "re");
}

/* The path of a circle centred at (x, y): the quarters' control points at
 * 0.552 of the radius, in single precision as the positions are. */
static void circle_path(struct buf *b, float x, float y, float ray)
{
	const float k = 0.552f;
	double m[2] = { x - ray, y };
	double q1[6] = { x - ray, y + ray * k, x - ray * k, y + ray, x, y + ray };
	double q2[6] = { x + ray * k, y + ray, x + ray, y + ray * k, x + ray, y };
	double q3[6] = { x + ray, y - ray * k, x + ray * k, y - ray, x, y - ray };
	double q4[6] = { x - ray * k, y - ray, x - ray, y - ray * k, x - ray, y };
	put_nums(b, m, 2, "m");
	put_nums(b, q1, 6, "c");
	put_nums(b, q2, 6, "c");
	put_nums(b, q3, 6, "c");
	put_nums(b, q4, 6, "c");
}

static const char *const paint_op[4] = { "n", "f", "S", "B" };

void pdfw_circle(struct pdfw_page *pg, double x, double y, double r, unsigned paint)
{
	struct pdfw *w = pg->doc;
	float ray = (float)r;
	size_t i;
	char line[48], *o = line;

	paint &= PDFW_FILL | PDFW_STROKE;
	if (!paint)
		return;
	for (i = 0; i < w->nforms; i++)
		if (w->forms[i].r == ray && w->forms[i].paint == paint)
			break;
	if (i == w->nforms) {
		if (w->nforms == MAX_FORMS) {
			/* so many radii: the path itself */
			circle_path(&pg->content, (float)x, (float)y, ray);
			buf_puts(&pg->content, paint_op[paint]);
			buf_putc(&pg->content, '\n');
			return;
		}
		w->forms[i].r = ray;
		w->forms[i].paint = paint;
		w->nforms++;
	}
	pg->forms_used |= (uint64_t)1 << i;
	memcpy(o, "q 1 0 0 1 ", 10);
	o = num(o + 10, x);
	*o++ = ' ';
	o = num(o, y);
	memcpy(o, " cm /C", 6);
	o += 6;
	buf_put(&pg->content, line, (size_t)(o - line));
	put_uint(&pg->content, i + 1);
	buf_puts(&pg->content, " Do Q\n");
}

void pdfw_close_path(struct pdfw_page *pg) { buf_puts(&pg->content, "h\n"); }
void pdfw_fill(struct pdfw_page *pg) { buf_puts(&pg->content, "f\n"); }
void pdfw_stroke(struct pdfw_page *pg) { buf_puts(&pg->content, "S\n"); }
void pdfw_fill_stroke(struct pdfw_page *pg) { buf_puts(&pg->content, "B\n"); }
void pdfw_end_path(struct pdfw_page *pg) { buf_puts(&pg->content, "n\n"); }
void pdfw_begin_text(struct pdfw_page *pg) { buf_puts(&pg->content, "BT\n"); }
void pdfw_end_text(struct pdfw_page *pg) { buf_puts(&pg->content, "ET\n"); }

void pdfw_font_size(struct pdfw_page *pg, struct pdfw_font *f, double size)
{
	if ((pg->gs.known & KNOW_FONT) && pg->gs.font == f && pg->gs.size == (float)size)
		return;
	pg->gs.known |= KNOW_FONT;
	pg->gs.font = f;
	pg->gs.size = (float)size;
	pg->fonts_used |= 1u << f->index;
	buf_puts(&pg->content, "/F");
	put_uint(&pg->content, (unsigned)f->index + 1);
	buf_putc(&pg->content, ' ');
	put_nums(&pg->content, &size, 1, "Tf");
}

void pdfw_text_pos(struct pdfw_page *pg, double x, double y)
{
	double v[2] = { x, y };
	put_nums(&pg->content, v, 2, "Td");
}

void pdfw_text_matrix(struct pdfw_page *pg, double a, double b, double c, double d,
		      double x, double y)
{
	double v[6] = { a, b, c, d, x, y };
	put_nums(&pg->content, v, 6, "Tm");
}

/* Text as a literal string of 2-byte codes (half the size of hex): the
 * bytes as they are but for the three a literal string must escape and
 * CR, which a reader would turn into LF. */
void pdfw_show(struct pdfw_page *pg, const char *utf8)
{
	const char *s = utf8;
	struct buf *b = &pg->content;
	struct pdfw_font *f = pg->gs.font;
	char *o;
	if (!*s || !f)
		return;
	/* at most two bytes a code, each escaped, for a code per input byte */
	buf_grow(b, 4 * strlen(s) + 8);
	o = b->s + b->len;
	*o++ = '(';
	while (*s) {
		unsigned cp = (unsigned char)*s < 0x80 ? (unsigned char)*s++ : utf8_next(&s);
		unsigned char byte[2];
		if (cp > 0xFFFF)
			cp = 0x20;
		f->used[cp >> 3] |= (uint8_t)(1u << (cp & 7));
		byte[0] = (unsigned char)(cp >> 8), byte[1] = (unsigned char)cp;
		for (int i = 0; i < 2; i++) {
			unsigned char c = byte[i];
			if (c == '(' || c == ')' || c == '\\') {
				*o++ = '\\';
				*o++ = (char)c;
			} else if (c == '\r') {
				*o++ = '\\';
				*o++ = 'r';
			} else {
				*o++ = (char)c;
			}
		}
	}
	b->len = (size_t)(o - b->s);
	buf_puts(b, ") Tj\n");
}

struct pdfw_outline *pdfw_outline(struct pdfw *w, struct pdfw_outline *parent,
				  const char *title, struct pdfw_page *pg, double top)
{
	struct pdfw_outline *o = xcalloc(1, sizeof *o);
	if (!parent)
		parent = &w->root;
	o->parent = parent;
	o->title = xstrdup(title);
	o->page = pg;
	o->top = top;
	o->prev = parent->last;
	if (parent->last)
		parent->last->next = o;
	else
		parent->first = o;
	parent->last = o;
	for (struct pdfw_outline *a = parent; a; a = a->parent)
		a->count++;
	ALLOC_GROW(w->items, w->nitems + 1, w->items_alloc);
	w->items[w->nitems++] = o;
	return o;
}

void pdfw_set_info(struct pdfw *w, enum pdfw_info key, const char *utf8)
{
	free(w->info[key]);
	w->info[key] = xstrdup(utf8);
}

void pdfw_set_date(struct pdfw *w, int64_t epoch)
{
	w->has_date = 1;
	w->date = epoch;
}

/* ---- writing ---- */

struct out {
	struct buf *b;
	size_t *offsets;  /* by object number */
	size_t base;      /* where the file starts in b */
};

static void obj_begin(struct out *o, unsigned n)
{
	o->offsets[n] = o->b->len - o->base;
	put_uint(o->b, n);
	buf_puts(o->b, " 0 obj\n");
}

static void obj_end(struct out *o) { buf_puts(o->b, "\nendobj\n"); }

/* A stream object, compressed; `dict` holds extra keys (or ""), length1
 * the uncompressed length of a font program (0: none). */
static void put_stream(struct out *o, unsigned n, const void *data, size_t len, const char *dict,
		       size_t length1)
{
	uLongf clen = compressBound((uLong)len);
	Bytef *z = xmalloc(clen);
	if (compress2(z, &clen, data, (uLong)len, DEFLATE_LEVEL) != Z_OK)
		abort(); /* only on out-of-memory or a bad level */
	obj_begin(o, n);
	buf_puts(o->b, "<< /Filter /FlateDecode /Length ");
	put_uint(o->b, clen);
	if (length1) {
		buf_puts(o->b, " /Length1 ");
		put_uint(o->b, length1);
	}
	buf_puts(o->b, dict);
	buf_puts(o->b, " >>\nstream\n");
	buf_put(o->b, z, clen);
	buf_puts(o->b, "\nendstream");
	obj_end(o);
	free(z);
}

/* A PDF name from arbitrary bytes: #xx for anything but regular characters. */
static void put_name(struct buf *b, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c < 0x21 || c > 0x7E || strchr("#()<>[]{}/%", c)) {
			char h[3] = { '#', "0123456789ABCDEF"[c >> 4], "0123456789ABCDEF"[c & 15] };
			buf_put(b, h, 3);
		} else {
			buf_putc(b, (char)c);
		}
	}
}

static int used(const struct pdfw_font *f, unsigned cp)
{
	return f->used[cp >> 3] & (1u << (cp & 7));
}

/* "ABCDEF+Name,Style": six letters from the glyphs shown, so a different
 * subset of the same face gets a different tag, and the same one the same. */
static void put_font_name(struct buf *b, const struct pdfw_font *f)
{
	uint32_t h = 2166136261u;
	const char *ps = FT_Get_Postscript_Name(f->face);
	char tag[7];
	h = (h ^ (uint32_t)f->index) * 16777619u;
	for (size_t i = 0; i < sizeof f->used; i++)
		if (f->used[i])
			h = ((h ^ (uint32_t)i) * 16777619u ^ f->used[i]) * 16777619u;
	for (int i = 0; i < 6; i++) {
		tag[i] = (char)('A' + h % 26);
		h /= 26;
		if (i == 2)
			h = h * 2654435761u + 0x9E3779B9u;
	}
	tag[6] = '+';
	buf_put(b, tag, 7);
	put_name(b, ps ? ps : "Font");
	if (f->face->style_name) {
		buf_putc(b, ',');
		put_name(b, f->face->style_name);
	}
}

static long font_units(const struct pdfw_font *f, long v)
{
	return v * 1000 / (long)f->face->units_per_EM;
}

/* The six objects of a font from n on: Type0, CIDFontType2, descriptor,
 * font program, ToUnicode map, CIDToGIDMap. Returns 0, or -1 when the font
 * program cannot be subset (nothing is written then). */
static int put_font(struct out *o, struct pdfw_font *f, unsigned n)
{
	FT_Face face = f->face;
	struct buf *b = o->b;
	struct buf name = BUF_INIT, prog = BUF_INIT, tmp = BUF_INIT;
	uint8_t *keep = xcalloc(((size_t)face->num_glyphs + 8) / 8, 1);
	uint16_t *gid;
	unsigned maxcp = 0, run_start = 0, in_run = 0;
	TT_OS2 *os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2);
	FT_Fixed adv = 0;
	int any = 0;

	for (unsigned i = sizeof f->used; i-- > 0;)
		if (f->used[i]) {
			for (unsigned k = 8; k-- > 0;)
				if (f->used[i] & (1u << k)) {
					maxcp = 8 * i + k;
					break;
				}
			any = 1;
			break;
		}
	gid = xcalloc((size_t)maxcp + 1, sizeof *gid);
	for (unsigned cp = 0; any && cp <= maxcp; cp++) {
		FT_UInt g;
		if (!f->used[cp >> 3]) {
			cp |= 7;
			continue;
		}
		if (!used(f, cp))
			continue;
		g = FT_Get_Char_Index(face, cp);
		gid[cp] = g < (FT_UInt)face->num_glyphs && g <= 0xFFFF ? (uint16_t)g : 0;
		keep[gid[cp] >> 3] |= (uint8_t)(1u << (gid[cp] & 7));
	}
	if (pdf_font_subset(face, keep, &prog) != 0) {
		free(gid);
		free(keep);
		return -1;
	}
	put_font_name(&name, f);

	/* Type0 */
	obj_begin(o, n);
	buf_puts(b, "<< /Type /Font /Subtype /Type0 /BaseFont /");
	buf_put(b, name.s, name.len);
	buf_puts(b, " /Encoding /Identity-H /DescendantFonts [");
	put_ref(b, n + 1);
	buf_puts(b, "] /ToUnicode ");
	put_ref(b, n + 4);
	buf_puts(b, " >>");
	obj_end(o);

	/* CIDFontType2 with the widths of the characters shown */
	obj_begin(o, n + 1);
	buf_puts(b, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /");
	buf_put(b, name.s, name.len);
	buf_puts(b, " /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"
		    " /FontDescriptor ");
	put_ref(b, n + 2);
	buf_puts(b, " /CIDToGIDMap ");
	put_ref(b, n + 5);
	buf_puts(b, " /DW ");
	if (FT_Get_Advance(face, 0, FT_LOAD_NO_SCALE, &adv))
		adv = 0;
	put_int(b, font_units(f, (long)adv));
	buf_puts(b, " /W [");
	for (unsigned cp = 0; any && cp <= maxcp + 1; cp++) {
		int u = cp <= maxcp && used(f, cp);
		if (u && !in_run) {
			run_start = cp;
			in_run = 1;
			buf_putc(b, '\n');
			put_uint(b, cp);
			buf_puts(b, " [");
		} else if (!u && in_run) {
			in_run = 0;
			buf_putc(b, ']');
		}
		if (u) {
			if (cp != run_start)
				buf_putc(b, ' ');
			if (FT_Get_Advance(face, gid[cp], FT_LOAD_NO_SCALE, &adv))
				adv = 0;
			put_int(b, font_units(f, (long)adv));
		}
	}
	buf_puts(b, "] >>");
	obj_end(o);

	/* descriptor */
	obj_begin(o, n + 2);
	buf_puts(b, "<< /Type /FontDescriptor /FontName /");
	buf_put(b, name.s, name.len);
	buf_puts(b, " /Flags ");
	put_uint(b, 32u | (f->bold ? 0x40000u : 0));
	buf_puts(b, " /FontBBox [");
	put_int(b, font_units(f, face->bbox.xMin));
	buf_putc(b, ' ');
	put_int(b, font_units(f, face->bbox.yMin));
	buf_putc(b, ' ');
	put_int(b, font_units(f, face->bbox.xMax));
	buf_putc(b, ' ');
	put_int(b, font_units(f, face->bbox.yMax));
	buf_puts(b, "] /ItalicAngle 0 /Ascent ");
	put_int(b, font_units(f, face->ascender));
	buf_puts(b, " /Descent ");
	put_int(b, font_units(f, face->descender));
	if (os2 && os2->version >= 2 && os2->version != 0xFFFF) {
		buf_puts(b, " /CapHeight ");
		put_int(b, font_units(f, os2->sCapHeight));
		buf_puts(b, " /XHeight ");
		put_int(b, font_units(f, os2->sxHeight));
	} else {
		buf_puts(b, " /CapHeight ");
		put_int(b, font_units(f, face->ascender));
	}
	buf_puts(b, " /StemV 0 /FontFile2 ");
	put_ref(b, n + 3);
	buf_puts(b, " >>");
	obj_end(o);

	put_stream(o, n + 3, prog.s, prog.len, "", prog.len);

	/* ToUnicode: codes are code points, one identity range per block of
	 * 256 in use (the surrogate blocks hold no characters) */
	buf_reset(&tmp);
	buf_puts(&tmp, "/CIDInit /ProcSet findresource begin\n"
		       "12 dict begin\n"
		       "begincmap\n"
		       "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
		       "/CMapName /Adobe-Identity-UCS def\n"
		       "/CMapType 2 def\n"
		       "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n");
	{
		unsigned blocks[256], nb = 0;
		for (unsigned hi = 0; hi < 256; hi++) {
			int u = 0;
			if (hi >= 0xD8 && hi <= 0xDF)
				continue;
			for (unsigned i = 0; i < 32 && !u; i++)
				u = f->used[hi * 32 + i] != 0;
			if (u)
				blocks[nb++] = hi;
		}
		for (unsigned i = 0; i < nb; i++) {
			if (i % 100 == 0) {
				put_uint(&tmp, nb - i < 100 ? nb - i : 100);
				buf_puts(&tmp, " beginbfrange\n");
			}
			buf_putc(&tmp, '<');
			put_hex16(&tmp, blocks[i] << 8);
			buf_puts(&tmp, "> <");
			put_hex16(&tmp, blocks[i] << 8 | 0xFF);
			buf_puts(&tmp, "> <");
			put_hex16(&tmp, blocks[i] << 8);
			buf_puts(&tmp, ">\n");
			if (i % 100 == 99 || i + 1 == nb)
				buf_puts(&tmp, "endbfrange\n");
		}
	}
	buf_puts(&tmp, "endcmap\n"
		       "CMapName currentdict /CMap defineresource pop\n"
		       "end\n"
		       "end\n");
	put_stream(o, n + 4, tmp.s, tmp.len, "", 0);

	/* CIDToGIDMap: two bytes a code, up to the last one shown */
	buf_reset(&tmp);
	buf_grow(&tmp, 2 * ((size_t)maxcp + 1));
	for (unsigned cp = 0; cp <= maxcp; cp++) {
		tmp.s[2 * cp] = (char)(gid[cp] >> 8);
		tmp.s[2 * cp + 1] = (char)gid[cp];
	}
	tmp.len = 2 * ((size_t)maxcp + 1);
	put_stream(o, n + 5, tmp.s, tmp.len, "", 0);

	buf_release(&tmp);
	buf_release(&prog);
	buf_release(&name);
	free(gid);
	free(keep);
	return 0;
}

static void put_date(struct buf *b, int64_t epoch)
{
	time_t t = (time_t)epoch;
	struct tm tm;
	int v[6];
	gmtime_r(&t, &tm);
	v[0] = tm.tm_year + 1900, v[1] = tm.tm_mon + 1, v[2] = tm.tm_mday;
	v[3] = tm.tm_hour, v[4] = tm.tm_min, v[5] = tm.tm_sec;
	buf_puts(b, "(D:");
	for (int i = 0; i < 6; i++) {
		if (i > 0 && v[i] < 10)
			buf_putc(b, '0');
		put_int(b, v[i]);
	}
	buf_puts(b, "Z00'00')");
}

struct pdfw_font *pdfw_finish(struct pdfw *w, struct buf *out)
{
	static const char *const keys[PDFW_INFO_N] = { "Title", "Author", "Subject", "Creator",
						      "Producer" };
	struct out o;
	unsigned font0 = 5, form0, page0, item0, nobj;
	struct buf *b = out;
	size_t xref;

	form0 = font0 + 6 * (unsigned)w->nfonts;
	page0 = form0 + (unsigned)w->nforms;
	item0 = page0 + 2 * (unsigned)w->npages;
	nobj = item0 + (unsigned)w->nitems;
	o.b = out;
	o.base = out->len;
	o.offsets = xcalloc(nobj, sizeof *o.offsets);
	for (size_t i = 0; i < w->nitems; i++)
		w->items[i]->obj = item0 + (unsigned)i;

	buf_puts(b, "%PDF-1.3\n%\xE2\xE3\xCF\xD3\n");

	obj_begin(&o, 1);
	buf_puts(b, "<< /Type /Catalog /Pages 3 0 R");
	if (w->root.first)
		buf_puts(b, " /Outlines 4 0 R /PageMode /UseOutlines");
	buf_puts(b, " >>");
	obj_end(&o);

	obj_begin(&o, 2);
	buf_puts(b, "<<");
	for (int i = 0; i < PDFW_INFO_N; i++)
		if (w->info[i]) {
			buf_puts(b, " /");
			buf_puts(b, keys[i]);
			buf_putc(b, ' ');
			put_text_string(b, w->info[i]);
		}
	if (w->has_date) {
		buf_puts(b, " /CreationDate ");
		put_date(b, w->date);
		buf_puts(b, " /ModDate ");
		put_date(b, w->date);
	}
	buf_puts(b, " >>");
	obj_end(&o);

	obj_begin(&o, 3);
	buf_puts(b, "<< /Type /Pages /Count ");
	put_uint(b, w->npages);
	buf_puts(b, " /Kids [");
	for (size_t i = 0; i < w->npages; i++) {
		if (i)
			buf_putc(b, ' ');
		put_ref(b, page0 + 2 * (unsigned)i);
	}
	buf_puts(b, "] >>");
	obj_end(&o);

	obj_begin(&o, 4);
	buf_puts(b, "<< /Type /Outlines");
	if (w->root.first) {
		buf_puts(b, " /First ");
		put_ref(b, w->root.first->obj);
		buf_puts(b, " /Last ");
		put_ref(b, w->root.last->obj);
		buf_puts(b, " /Count ");
		put_uint(b, w->root.count);
	}
	buf_puts(b, " >>");
	obj_end(&o);

	for (size_t i = 0; i < w->nfonts; i++)
		if (put_font(&o, w->fonts[i], font0 + 6 * (unsigned)i) != 0) {
			free(o.offsets);
			return w->fonts[i];
		}

	/* the circles: a path around the origin, painted; the bounding box
	 * leaves room for any line width */
	for (size_t i = 0; i < w->nforms; i++) {
		struct buf path = BUF_INIT, dict = BUF_INIT;
		double r = w->forms[i].r + 100;
		circle_path(&path, 0, 0, w->forms[i].r);
		buf_puts(&path, paint_op[w->forms[i].paint]);
		buf_putc(&path, '\n');
		buf_puts(&dict, " /Type /XObject /Subtype /Form /BBox [");
		put_num(&dict, -r);
		buf_putc(&dict, ' ');
		put_num(&dict, -r);
		buf_putc(&dict, ' ');
		put_num(&dict, r);
		buf_putc(&dict, ' ');
		put_num(&dict, r);
		buf_putc(&dict, ']');
		put_stream(&o, form0 + (unsigned)i, path.s, path.len, dict.s, 0);
		buf_release(&path);
		buf_release(&dict);
	}

	for (size_t i = 0; i < w->npages; i++) {
		struct pdfw_page *pg = w->pages[i];
		unsigned n = page0 + 2 * (unsigned)i;
		double box[2] = { pg->w, pg->h };
		obj_begin(&o, n);
		buf_puts(b, "<< /Type /Page /Parent 3 0 R /MediaBox [0 0 ");
		put_num(b, box[0]);
		buf_putc(b, ' ');
		put_num(b, box[1]);
		buf_puts(b, "] /Resources << /ProcSet [/PDF /Text] /Font <<");
		for (size_t k = 0; k < w->nfonts; k++)
			if (pg->fonts_used & (1u << k)) {
				buf_puts(b, " /F");
				put_uint(b, k + 1);
				buf_putc(b, ' ');
				put_ref(b, font0 + 6 * (unsigned)k);
			}
		buf_puts(b, " >>");
		if (pg->forms_used) {
			buf_puts(b, " /XObject <<");
			for (size_t k = 0; k < w->nforms; k++)
				if (pg->forms_used & ((uint64_t)1 << k)) {
					buf_puts(b, " /C");
					put_uint(b, k + 1);
					buf_putc(b, ' ');
					put_ref(b, form0 + (unsigned)k);
				}
			buf_puts(b, " >>");
		}
		buf_puts(b, " >> /Contents ");
		put_ref(b, n + 1);
		buf_puts(b, " >>");
		obj_end(&o);
		put_stream(&o, n + 1, pg->content.s, pg->content.len, "", 0);
	}

	for (size_t i = 0; i < w->nitems; i++) {
		struct pdfw_outline *it = w->items[i];
		size_t pi = it->page ? it->page->index : w->npages;
		obj_begin(&o, it->obj);
		buf_puts(b, "<< /Title ");
		put_text_string(b, it->title);
		buf_puts(b, " /Parent ");
		put_ref(b, it->parent == &w->root ? 4 : it->parent->obj);
		if (it->prev) {
			buf_puts(b, " /Prev ");
			put_ref(b, it->prev->obj);
		}
		if (it->next) {
			buf_puts(b, " /Next ");
			put_ref(b, it->next->obj);
		}
		if (it->first) {
			buf_puts(b, " /First ");
			put_ref(b, it->first->obj);
			buf_puts(b, " /Last ");
			put_ref(b, it->last->obj);
			buf_puts(b, " /Count ");
			put_uint(b, it->count);
		}
		if (pi < w->npages) {
			buf_puts(b, " /Dest [");
			put_ref(b, page0 + 2 * (unsigned)pi);
			buf_puts(b, " /FitH ");
			put_num(b, it->top);
			buf_putc(b, ']');
		}
		buf_puts(b, " >>");
		obj_end(&o);
	}

	/* the cross-reference table: 20 bytes an entry */
	xref = b->len - o.base;
	buf_puts(b, "xref\n0 ");
	put_uint(b, nobj);
	buf_puts(b, "\n0000000000 65535 f \n");
	for (unsigned i = 1; i < nobj; i++) {
		char e[20];
		size_t v = o.offsets[i];
		for (int k = 9; k >= 0; k--) {
			e[k] = (char)('0' + v % 10);
			v /= 10;
		}
		memcpy(e + 10, " 00000 n \n", 10);
		buf_put(b, e, 20);
	}
	buf_puts(b, "trailer\n<< /Size ");
	put_uint(b, nobj);
	buf_puts(b, " /Root 1 0 R /Info 2 0 R >>\nstartxref\n");
	put_uint(b, xref);
	buf_puts(b, "\n%%EOF\n");
	free(o.offsets);
	return NULL;
}
