/*
 * pdf_haru_fixes.c - corrections to what libharu 2.3.0 writes, made through
 * its installed object headers (hpdf_objects.h, hpdf_doc.h), kept in this
 * one file so that the rest of the PDF code uses libharu's public API only.
 * A newer libharu that writes a valid ToUnicode map makes the first one
 * unnecessary, not wrong: the map written here is the same identity.
 */
#include "render/pdf_haru_fixes.h"

#include <hpdf_doc.h>
#include <hpdf_objects.h>
#include <hpdf_streams.h>

#include <stdio.h>

/*
 * The identity map: one bfrange per high byte (a range may only vary in its
 * last byte), at most 100 ranges a block, as the CMap format requires.
 * Left out: the control characters (C0, DEL, C1), which are never drawn
 * (no font has a glyph for one), and the surrogates D800-DFFF, which are no
 * characters (libharu shows code points above U+FFFF as spaces).
 */
static HPDF_STATUS write_identity_map(HPDF_Stream s)
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
	unsigned lo[258], hi[258];
	size_t n = 0;
	HPDF_STATUS st = HPDF_Stream_WriteStr(s, head);
	lo[n] = 0x20, hi[n++] = 0x7E;
	lo[n] = 0xA0, hi[n++] = 0xFF;
	for (unsigned h = 1; h < 256; h++)
		if (h < 0xD8 || h > 0xDF)
			lo[n] = h << 8, hi[n++] = h << 8 | 0xFF;
	for (size_t i = 0; i < n && st == HPDF_OK; i += 100) {
		size_t k = n - i < 100 ? n - i : 100;
		char line[48];
		snprintf(line, sizeof line, "%zu beginbfrange\n", k);
		st = HPDF_Stream_WriteStr(s, line);
		for (size_t j = i; j < i + k && st == HPDF_OK; j++) {
			snprintf(line, sizeof line, "<%04X> <%04X> <%04X>\n", lo[j], hi[j], lo[j]);
			st = HPDF_Stream_WriteStr(s, line);
		}
		if (st == HPDF_OK)
			st = HPDF_Stream_WriteStr(s, "endbfrange\n");
	}
	return st == HPDF_OK ? HPDF_Stream_WriteStr(s, tail) : st;
}

HPDF_STATUS pdf_haru_fix_tounicode(HPDF_Doc pdf, HPDF_Font font)
{
	static const char *const cmap_keys[] = { "Type", "CMapName", "CIDSystemInfo", "WMode" };
	HPDF_Dict map = HPDF_Dict_GetItem(font, "ToUnicode", HPDF_OCLASS_DICT);
	if (!map || !map->stream)
		return HPDF_RaiseError(&pdf->error, HPDF_INVALID_OBJECT, 0);
	/* the same stream object, emptied and refilled: the font keeps its
	 * reference. The keys of an encoding CMap (/Type /CMap ...) do not
	 * belong on a ToUnicode stream (absent keys are no error). */
	HPDF_MemStream_FreeData(map->stream);
	for (size_t i = 0; i < sizeof cmap_keys / sizeof cmap_keys[0]; i++)
		HPDF_Dict_RemoveElement(map, cmap_keys[i]);
	map->filter = HPDF_STREAM_FILTER_FLATE_DECODE;
	return write_identity_map(map->stream);
}

HPDF_STATUS pdf_haru_dest_keep_zoom(HPDF_Destination dst, double left, double top)
{
	HPDF_STATUS st = HPDF_Destination_SetXYZ(dst, (HPDF_REAL)left, (HPDF_REAL)top, 1);
	HPDF_Real zoom;
	if (st != HPDF_OK)
		return st;
	/* [page /XYZ left top zoom]: the fifth item */
	zoom = HPDF_Array_GetItem(dst, 4, HPDF_OCLASS_REAL);
	if (!zoom)
		return HPDF_INVALID_OBJECT;
	zoom->value = 0;
	return HPDF_OK;
}
