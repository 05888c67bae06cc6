/*
 * pdf_haru_fixes.h - the two places where libharu 2.3.0 (Debian 12) writes
 * something we must correct, corrected through the headers libhpdf-dev
 * installs (pdf_haru_fixes.c). Nothing else reaches inside libharu.
 */
#ifndef NF_PDF_HARU_FIXES_H
#define NF_PDF_HARU_FIXES_H

#include <hpdf.h>

/*
 * Replaces the ToUnicode map of a font got with the "UTF-8" encoder by a
 * valid one. libharu shows UTF-8 text as two-byte codes equal to the
 * characters' code points (U+0000..U+FFFF), but describes them with a
 * `begincidrange` map, which a ToUnicode CMap may not hold (poppler warns
 * on every page). The map written instead says what the codes are: each
 * code is its own code point. Call once per font, right after HPDF_GetFont.
 * Returns HPDF_OK, or libharu's error (also reported to the document's
 * error handler).
 */
HPDF_STATUS pdf_haru_fix_tounicode(HPDF_Doc pdf, HPDF_Font font);

/*
 * A destination to (left, top) on its page that keeps the reader's zoom
 * (zoom 0, as the PDF reference allows), which HPDF_Destination_SetXYZ
 * refuses. Returns HPDF_OK or libharu's error.
 */
HPDF_STATUS pdf_haru_dest_keep_zoom(HPDF_Destination dst, double left, double top);

#endif
