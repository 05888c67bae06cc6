/*
 * hpdf_tounicode.h - a valid ToUnicode CMap for libharu's UTF-8 fonts.
 *
 * libharu 2.3.0 gives a TrueType font loaded for the "UTF-8" encoder a
 * ToUnicode stream that is an encoding CMap (codespace, notdef range and one
 * "<0000> <FFFF> 0" begincidrange), which is not valid in a ToUnicode map:
 * Poppler warns "Invalid 'begincidrange' operator in ToUnicode CMap" for
 * every font on every page it reads, and text extraction relies on its
 * fallback. The character codes of such a font are the UTF-16 code units of
 * the text (Identity-H, CID = code point, CIDToGIDMap to the glyphs), so the
 * valid map is the identity: one bfrange per high byte.
 */
#ifndef NF_HPDF_TOUNICODE_H
#define NF_HPDF_TOUNICODE_H

#include <hpdf.h>

/* Replaces the ToUnicode stream of a font returned by HPDF_GetFont(doc,
 * name, "UTF-8") with the identity map. Call before the document is saved.
 * Returns HPDF_OK, or non-zero when a write failed (libharu's error
 * handler has then been called, as for any failed call). A font without a ToUnicode stream is
 * left as it is. */
HPDF_STATUS hpdf_tounicode_identity(HPDF_Font font);

#endif
