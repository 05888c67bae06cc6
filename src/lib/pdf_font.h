/*
 * pdf_font.h - a TrueType font program cut down to the glyphs a document
 * shows (pdf_font.c), for embedding as FontFile2. Only pdf_write.c uses it.
 */
#ifndef NF_PDF_FONT_H
#define NF_PDF_FONT_H

#include <stdint.h>
#include "lib/util.h"

struct FT_FaceRec_;

/*
 * Appends to out a TrueType font with the tables a PDF reader needs (head,
 * hhea, maxp, hmtx, loca, glyf and, when the face has them, cvt, fpgm and
 * prep). Glyph ids are kept: a glyph whose bit is not set in keep (one bit
 * per glyph id, at least (num_glyphs + 7) / 8 bytes) is left empty, and the
 * glyphs after the last one kept are dropped. Glyph 0 and the components
 * of kept composite glyphs are kept too (their bits are set in keep).
 * Returns 0, or -1 when the face has no TrueType outlines or its tables
 * are inconsistent (out is then unchanged).
 */
int pdf_font_subset(struct FT_FaceRec_ *face, uint8_t *keep, struct buf *out);

/* Tests whether the face has the tables pdf_font_subset needs. */
int pdf_font_embeddable(struct FT_FaceRec_ *face);

#endif
