/*
 * pdf_font.c - subsets a TrueType font for embedding: the raw tables come
 * from FreeType (FT_Load_Sfnt_Table), the glyphs not shown are emptied
 * (glyph ids stay, so the document's CIDToGIDMap needs no renumbering), and
 * the tables a PDF reader does not read (cmap, kern, GPOS, name, ...) are
 * left out. A DejaVu face of about 6,000 glyphs becomes a few kilobytes for
 * the hundred or so a report shows.
 */
#include "lib/pdf_font.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_TRUETYPE_TAGS_H

#include <stdlib.h>
#include <string.h>

/* A table loaded whole: malloc'd, caller frees. NULL (and *n = 0) when the
 * face has none. */
static uint8_t *load_table(FT_Face face, FT_ULong tag, size_t *n)
{
	FT_ULong len = 0;
	uint8_t *p;
	*n = 0;
	if (FT_Load_Sfnt_Table(face, tag, 0, NULL, &len) || len == 0)
		return NULL;
	p = xmalloc(len);
	if (FT_Load_Sfnt_Table(face, tag, 0, p, &len)) {
		free(p);
		return NULL;
	}
	*n = len;
	return p;
}

static unsigned u16(const uint8_t *p) { return (unsigned)p[0] << 8 | p[1]; }
static uint32_t u32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}
static void put16(uint8_t *p, unsigned v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }
static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v;
}

static int has_table(FT_Face face, FT_ULong tag)
{
	FT_ULong len = 0;
	return FT_Load_Sfnt_Table(face, tag, 0, NULL, &len) == 0 && len > 0;
}

int pdf_font_embeddable(struct FT_FaceRec_ *face)
{
	return face && has_table(face, TTAG_glyf) && has_table(face, TTAG_loca) &&
	       has_table(face, TTAG_head) && has_table(face, TTAG_hhea) &&
	       has_table(face, TTAG_maxp) && has_table(face, TTAG_hmtx);
}

/* Start and end of glyph g in glyf, from loca; 0 when out of range. */
static int glyph_span(const uint8_t *loca, size_t loca_n, int long_loca, size_t glyf_n,
		      unsigned g, size_t *start, size_t *end)
{
	size_t a, b;
	if (long_loca) {
		if ((size_t)(g + 2) * 4 > loca_n)
			return 0;
		a = u32(loca + 4 * g), b = u32(loca + 4 * g + 4);
	} else {
		if ((size_t)(g + 2) * 2 > loca_n)
			return 0;
		a = 2 * (size_t)u16(loca + 2 * g), b = 2 * (size_t)u16(loca + 2 * g + 2);
	}
	if (a > b || b > glyf_n)
		return 0;
	*start = a, *end = b;
	return 1;
}

/* Adds the components of a composite glyph (g[0..n)) to keep and to the
 * stack of glyphs still to read. */
static void keep_components(const uint8_t *g, size_t n, unsigned nglyphs, uint8_t *keep,
			    unsigned **todo, size_t *ntodo, size_t *todo_alloc)
{
	size_t p = 10;
	if (n < 10 || (int16_t)u16(g) >= 0)
		return;
	for (;;) {
		unsigned flags, c;
		if (p + 4 > n)
			return;
		flags = u16(g + p), c = u16(g + p + 2);
		p += 4 + ((flags & 0x0001) ? 4 : 2);
		p += (flags & 0x0008) ? 2 : (flags & 0x0040) ? 4 : (flags & 0x0080) ? 8 : 0;
		if (c < nglyphs && !(keep[c >> 3] & (1u << (c & 7)))) {
			keep[c >> 3] |= (uint8_t)(1u << (c & 7));
			ALLOC_GROW(*todo, *ntodo + 1, *todo_alloc);
			(*todo)[(*ntodo)++] = c;
		}
		if (!(flags & 0x0020))
			return;
	}
}

/* A glyph read from glyf: its id and where its bytes are in the store. */
struct glyph {
	unsigned id;
	size_t at, n;
};

static int cmp_glyph(const void *a, const void *b)
{
	unsigned x = ((const struct glyph *)a)->id, y = ((const struct glyph *)b)->id;
	return x < y ? -1 : x > y;
}

static uint32_t checksum(const uint8_t *p, size_t n)
{
	uint32_t sum = 0;
	size_t i;
	for (i = 0; i + 4 <= n; i += 4)
		sum += u32(p + i);
	if (i < n) {
		uint8_t last[4] = { 0, 0, 0, 0 };
		memcpy(last, p + i, n - i);
		sum += u32(last);
	}
	return sum;
}

struct table {
	uint32_t tag;
	uint8_t *data;
	size_t n;
};

int pdf_font_subset(struct FT_FaceRec_ *face, uint8_t *keep, struct buf *out)
{
	size_t head_n, hhea_n, maxp_n, hmtx_n, loca_n, glyf_n = 0;
	uint8_t *head = load_table(face, TTAG_head, &head_n);
	uint8_t *hhea = load_table(face, TTAG_hhea, &hhea_n);
	uint8_t *maxp = load_table(face, TTAG_maxp, &maxp_n);
	uint8_t *hmtx = load_table(face, TTAG_hmtx, &hmtx_n);
	uint8_t *loca = load_table(face, TTAG_loca, &loca_n);
	struct table t[9];
	size_t nt = 0, total, pos, ng = 0, g_alloc = 0, ntodo = 0, todo_alloc = 0;
	unsigned nglyphs, nhm, last = 0, g, *todo = NULL;
	int long_loca, status = -1;
	struct buf store = BUF_INIT, nglyf = BUF_INIT;
	struct glyph *gl = NULL;
	uint8_t *nloca = NULL, *nhmtx = NULL;
	int short_out;
	FT_ULong len = 0;

	if (!head || !hhea || !maxp || !hmtx || !loca || head_n < 54 || hhea_n < 36 || maxp_n < 6 ||
	    FT_Load_Sfnt_Table(face, TTAG_glyf, 0, NULL, &len) || len == 0)
		goto done;
	glyf_n = len;
	nglyphs = u16(maxp + 4);
	if (nglyphs > (unsigned)face->num_glyphs) /* keep has num_glyphs bits */
		nglyphs = (unsigned)face->num_glyphs;
	nhm = u16(hhea + 34);
	long_loca = u16(head + 50) != 0;
	if (nglyphs == 0 || nhm == 0 || nhm > nglyphs || hmtx_n < 4 * (size_t)nhm)
		goto done;

	/* the glyphs asked for, glyph 0 (.notdef) and the components of
	 * composites, each read from glyf once */
	keep[0] |= 1;
	for (g = 0; g < nglyphs; g++)
		if (keep[g >> 3] & (1u << (g & 7))) {
			ALLOC_GROW(todo, ntodo + 1, todo_alloc);
			todo[ntodo++] = g;
		}
	while (ntodo) {
		size_t s, e;
		g = todo[--ntodo];
		if (g > last)
			last = g;
		if (!glyph_span(loca, loca_n, long_loca, glyf_n, g, &s, &e) || e == s)
			continue;
		len = e - s;
		buf_grow(&store, len);
		if (FT_Load_Sfnt_Table(face, TTAG_glyf, (FT_Long)s, (FT_Byte *)store.s + store.len, &len) ||
		    len != e - s)
			goto done;
		ALLOC_GROW(gl, ng + 1, g_alloc);
		gl[ng++] = (struct glyph){ g, store.len, len };
		store.len += len;
		keep_components((uint8_t *)store.s + store.len - len, len, nglyphs, keep, &todo, &ntodo,
				&todo_alloc);
	}
	qsort(gl, ng, sizeof *gl, cmp_glyph);

	/* glyf: the kept glyphs, each padded to 4 bytes; the others empty */
	{
		size_t *off = xmalloc((last + 2) * sizeof *off), k = 0;
		for (g = 0; g <= last; g++) {
			off[g] = nglyf.len;
			if (k < ng && gl[k].id == g) {
				buf_put(&nglyf, store.s + gl[k].at, gl[k].n);
				while (nglyf.len % 4)
					buf_putc(&nglyf, 0);
				k++;
			}
		}
		off[last + 1] = nglyf.len;
		short_out = nglyf.len / 2 <= 0xFFFF;
		nloca = xmalloc((last + 2) * (short_out ? 2 : 4));
		for (g = 0; g <= last + 1; g++)
			if (short_out)
				put16(nloca + 2 * g, (unsigned)(off[g] / 2));
			else
				put32(nloca + 4 * g, (uint32_t)off[g]);
		free(off);
	}

	/* hmtx: one long metric per glyph, zero for the glyphs left out */
	nhmtx = xcalloc(last + 1, 4);
	for (g = 0; g <= last; g++) {
		if (!(keep[g >> 3] & (1u << (g & 7))))
			continue;
		memcpy(nhmtx + 4 * g, hmtx + 4 * (g < nhm ? g : nhm - 1), 2);
		if (g < nhm)
			memcpy(nhmtx + 4 * g + 2, hmtx + 4 * g + 2, 2);
		else if (4 * (size_t)nhm + 2 * (size_t)(g - nhm) + 2 <= hmtx_n)
			memcpy(nhmtx + 4 * g + 2, hmtx + 4 * nhm + 2 * (g - nhm), 2);
	}
	put16(hhea + 34, last + 1);
	put16(maxp + 4, last + 1);
	put16(head + 50, short_out ? 0 : 1);
	put32(head + 8, 0);

	/* the tables in tag order, the optional ones where the face has them */
	t[nt++] = (struct table){ TTAG_cvt, NULL, 0 };
	t[nt++] = (struct table){ TTAG_fpgm, NULL, 0 };
	t[nt++] = (struct table){ TTAG_glyf, (uint8_t *)nglyf.s, nglyf.len };
	t[nt++] = (struct table){ TTAG_head, head, 54 };
	t[nt++] = (struct table){ TTAG_hhea, hhea, hhea_n };
	t[nt++] = (struct table){ TTAG_hmtx, nhmtx, 4 * ((size_t)last + 1) };
	t[nt++] = (struct table){ TTAG_loca, nloca, ((size_t)last + 2) * (short_out ? 2 : 4) };
	t[nt++] = (struct table){ TTAG_maxp, maxp, maxp_n };
	t[nt++] = (struct table){ TTAG_prep, NULL, 0 };
	for (size_t i = 0; i < nt; i++)
		if (t[i].tag == TTAG_cvt || t[i].tag == TTAG_fpgm || t[i].tag == TTAG_prep)
			t[i].data = load_table(face, t[i].tag, &t[i].n);
	{
		size_t w = 0;
		for (size_t i = 0; i < nt; i++)
			if (t[i].data)
				t[w++] = t[i];
		nt = w;
	}

	/* the offset table, the table records, the tables */
	{
		unsigned sel = 0, range = 1;
		uint32_t sum;
		uint8_t *f;
		size_t head_at = 0;
		while (range * 2 <= nt)
			range *= 2, sel++;
		total = 12 + 16 * nt;
		for (size_t i = 0; i < nt; i++)
			total += (t[i].n + 3) & ~(size_t)3;
		buf_grow(out, total);
		f = (uint8_t *)out->s + out->len;
		memset(f, 0, total);
		put32(f, 0x00010000);
		put16(f + 4, (unsigned)nt);
		put16(f + 6, range * 16);
		put16(f + 8, sel);
		put16(f + 10, (unsigned)nt * 16 - range * 16);
		pos = 12 + 16 * nt;
		for (size_t i = 0; i < nt; i++) {
			uint8_t *r = f + 12 + 16 * i;
			memcpy(f + pos, t[i].data, t[i].n);
			put32(r, t[i].tag);
			put32(r + 4, checksum(f + pos, t[i].n));
			put32(r + 8, (uint32_t)pos);
			put32(r + 12, (uint32_t)t[i].n);
			if (t[i].tag == TTAG_head)
				head_at = pos;
			pos += (t[i].n + 3) & ~(size_t)3;
		}
		sum = checksum(f, total);
		put32(f + head_at + 8, 0xB1B0AFBAu - sum);
		out->len += total;
		out->s[out->len] = '\0';
	}
	status = 0;
done:
	for (size_t i = 0; i < nt; i++)
		if (t[i].tag == TTAG_cvt || t[i].tag == TTAG_fpgm || t[i].tag == TTAG_prep)
			free(t[i].data);
	free(head);
	free(hhea);
	free(maxp);
	free(hmtx);
	free(loca);
	free(nloca);
	free(nhmtx);
	free(todo);
	free(gl);
	buf_release(&store);
	buf_release(&nglyf);
	return status;
}
