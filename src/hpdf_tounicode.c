/*
 * hpdf_tounicode.c - rewrites libharu's ToUnicode stream of a UTF-8 font as a
 * valid identity map (see hpdf_tounicode.h for why). It reaches into the
 * font object through libharu's installed internal headers (hpdf_font.h:
 * the font attribute record holds the stream as cmap_stream), which 2.3.0
 * ships and which have been stable since 2.2.
 */
#include "hpdf_tounicode.h"

#include <hpdf_font.h>
#include <hpdf_streams.h>
#include <stdio.h>

HPDF_STATUS hpdf_tounicode_identity(HPDF_Font font)
{
	static const char head[] =
		"/CIDInit /ProcSet findresource begin\n"
		"12 dict begin\n"
		"begincmap\n"
		"/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
		"/CMapName /Adobe-Identity-UCS def\n"
		"/CMapType 2 def\n"
		"1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n";
	static const char tail[] =
		"endcmap\n"
		"CMapName currentdict /CMap defineresource pop\n"
		"end\n"
		"end\n";
	HPDF_FontAttr attr;
	HPDF_Dict cmap;
	HPDF_STATUS ret = HPDF_OK; /* OR of the write statuses */
	char line[64];
	unsigned hi, n = 0, inblock = 0;

	if (!font || !font->attr)
		return HPDF_OK;
	attr = (HPDF_FontAttr)font->attr;
	cmap = attr->cmap_stream;
	if (!cmap || !cmap->stream)
		return HPDF_OK;
	/* the stream dictionary keeps its /Type /CMap keys: readers ignore
	 * them in a ToUnicode stream, and removing a key is an error path of
	 * its own in libharu */
	HPDF_MemStream_FreeData(cmap->stream);
	ret |= HPDF_Stream_WriteStr(cmap->stream, head);
	/* 248 ranges <hh00> <hhFF> <hh00>, at most 100 to a block; the
	 * surrogate halves D800-DFFF are no characters */
	for (hi = 0; hi < 256; hi++) {
		if (hi >= 0xD8 && hi <= 0xDF)
			continue;
		if (inblock == 0) {
			unsigned left = 248 - n;
			snprintf(line, sizeof line, "%u beginbfrange\n", left < 100 ? left : 100);
			ret |= HPDF_Stream_WriteStr(cmap->stream, line);
		}
		snprintf(line, sizeof line, "<%02X00> <%02XFF> <%02X00>\n", hi, hi, hi);
		ret |= HPDF_Stream_WriteStr(cmap->stream, line);
		n++;
		if (++inblock == 100 || n == 248) {
			ret |= HPDF_Stream_WriteStr(cmap->stream, "endbfrange\n");
			inblock = 0;
		}
	}
	ret |= HPDF_Stream_WriteStr(cmap->stream, tail);
	return ret;
}
