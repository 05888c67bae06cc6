/*
 * chart_text.c - fonts and text for the charts and the PDF body: DejaVu
 * loaded through FreeType, text widths, cap heights and word wrapping.
 * Text is measured from the same files that cairo draws with and the PDF
 * embeds, so wrapping and anchoring agree in every backend.
 */
#include "render/chart/chart.h"

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_ADVANCES_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- fonts ---- */

/* Advances are looked up once per code point of the Basic Multilingual
 * Plane and face: text is measured many times over (wrapping tries each
 * prefix), and FreeType's character map and advance lookups cost about a
 * hundred instructions a glyph. */
#define ADVANCE_CACHED 0x10000

struct chart_fonts {
	FT_Library lib;
	FT_Face face[2];
	char *path[2];
	double cap[2];
	/* advance + 1 in font units by code point, 0 not looked up yet; a
	 * glyph FreeType cannot measure counts 0 (stored as 1), as before */
	int32_t *advance[2];
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
		f->advance[i] = xcalloc(ADVANCE_CACHED, sizeof *f->advance[i]);
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
		free(f->advance[i]);
	}
	FT_Done_FreeType(f->lib);
	free(f);
}

const char *chart_fonts_path(const struct chart_fonts *f, int bold)
{
	return f->path[bold ? 1 : 0];
}

struct FT_FaceRec_ *chart_fonts_ft_face(const struct chart_fonts *f, int bold)
{
	return f->face[bold ? 1 : 0];
}

double chart_cap_height(const struct chart_fonts *f, int bold)
{
	return f->cap[bold ? 1 : 0];
}

static double text_width_n(const struct chart_fonts *f, int bold, double size,
			   const char *s, size_t n)
{
	FT_Face face = f->face[bold ? 1 : 0];
	int32_t *cache = f->advance[bold ? 1 : 0];
	const char *p = s, *end = s + n;
	double units = 0;
	while (p < end && *p) {
		FT_Fixed adv = 0;
		uint32_t cp = utf8_next(&p);
		if (cp < ADVANCE_CACHED && cache[cp]) {
			units += (double)(cache[cp] - 1);
			continue;
		}
		if (FT_Get_Advance(face, FT_Get_Char_Index(face, cp), FT_LOAD_NO_SCALE, &adv) != 0)
			adv = 0;
		if (cp < ADVANCE_CACHED && adv >= 0 && adv < INT32_MAX)
			cache[cp] = (int32_t)adv + 1;
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

/* 1 when the byte sequence at s is a control character (C0, DEL, or C1
 * U+0080..U+009F as UTF-8); *len is set to its length in bytes. */
static int control_at(const char *s, size_t *len)
{
	unsigned char c = (unsigned char)s[0];
	*len = 1;
	if (c < 0x20 || c == 0x7F)
		return 1;
	if (c == 0xC2 && (unsigned char)s[1] >= 0x80 && (unsigned char)s[1] <= 0x9F) {
		*len = 2;
		return 1;
	}
	return 0;
}

char *chart_text_line(const char *s)
{
	struct buf b = BUF_INIT;
	const char *plain = s;
	size_t len;
	for (; *s; s += len)
		if (control_at(s, &len)) {
			buf_put(&b, plain, (size_t)(s - plain));
			buf_putc(&b, ' ');
			plain = s + len;
		}
	buf_put(&b, plain, (size_t)(s - plain));
	return buf_detach(&b, NULL);
}

int chart_text_has_control(const char *s)
{
	size_t len;
	for (; *s; s += len)
		if (control_at(s, &len))
			return 1;
	return 0;
}

/* Wraps one line of text without line breaks (s[0..n), control characters
 * already spaces) onto out[*n..), breaking at spaces. Appends one empty line
 * for text that is empty or all spaces. */
static void wrap_line(const struct chart_fonts *f, int bold, double size, const char *s,
		      size_t len, double maxw, char ***out, size_t *n, size_t *alloc)
{
	const char *p = s, *end = s + len;
	struct buf line = BUF_INIT;
	size_t first = *n;

	while (p < end && *p == ' ')
		p++;
	while (p < end) {
		const char *w = p;
		size_t wl;
		while (p < end && *p != ' ')
			p++;
		wl = (size_t)(p - w);
		while (p < end && *p == ' ')
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
			ALLOC_GROW(*out, *n + 1, *alloc);
			(*out)[(*n)++] = buf_detach(&line, NULL);
		}
		/* a word wider than the line is cut at character boundaries */
		/* (fit_prefix takes at least one character, so this ends even
		 * when the line is narrower than any character) */
		while (wl && text_width_n(f, bold, size, w, wl) > maxw) {
			size_t k = fit_prefix(f, bold, size, w, wl, maxw);
			ALLOC_GROW(*out, *n + 1, *alloc);
			(*out)[(*n)++] = xstrndup(w, k);
			w += k;
			wl -= k;
		}
		buf_put(&line, w, wl);
	}
	if (line.len || *n == first) {
		ALLOC_GROW(*out, *n + 1, *alloc);
		(*out)[(*n)++] = buf_detach(&line, NULL);
	}
	buf_release(&line);
}

size_t chart_wrap(const struct chart_fonts *f, int bold, double size,
		  const char *s, double maxw, size_t maxlines, char ***lines)
{
	char **out = NULL;
	size_t n = 0, alloc = 0;
	/* a line break ("\n", "\r\n" or "\r") ends a line; any other control
	 * character is a space: the fonts have no glyph for one */
	char *text = xstrdup(s), *p = text, *q;
	for (q = text; *p; p++, q++) {
		size_t len;
		if (*p == '\r') {
			*q = '\n';
			p += p[1] == '\n';
		} else if (*p != '\n' && control_at(p, &len)) {
			*q = ' ';
			p += len - 1;
		} else {
			*q = *p;
		}
	}
	*q = '\0';
	p = text;
	for (;;) {
		char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		wrap_line(f, bold, size, p, len, maxw, &out, &n, &alloc);
		if (!nl)
			break;
		p = nl + 1;
	}
	free(text);
	/* breaks before or after the text make no empty lines */
	while (n > 1 && !out[n - 1][0])
		free(out[--n]);
	while (n > 1 && !out[0][0]) {
		free(out[0]);
		memmove(out, out + 1, --n * sizeof *out);
	}

	if (maxlines && n > maxlines) {
		struct buf rest = BUF_INIT;
		for (size_t i = maxlines - 1; i < n; i++) {
			if (rest.len && out[i][0])
				buf_putc(&rest, ' ');
			buf_puts(&rest, out[i]);
			free(out[i]);
		}
		/* what is left may fit when only line breaks made it long */
		out[maxlines - 1] = chart_text_width(f, bold, size, buf_str(&rest)) <= maxw
					    ? buf_detach(&rest, NULL)
					    : ellipsize(f, bold, size, buf_str(&rest), maxw);
		buf_release(&rest);
		n = maxlines;
	}
	*lines = out;
	return n;
}
