/*
 * png_write.h - a PNG encoder for chart images (flat colours, long runs,
 * rows that repeat), fast rather than small.
 */
#ifndef NF_PNG_WRITE_H
#define NF_PNG_WRITE_H

#include <stddef.h>
#include <stdint.h>
#include "lib/util.h"

/*
 * Appends an 8-bit RGB PNG (no alpha, no interlacing, no ancillary chunks:
 * the same pixels always give the same bytes) of a w x h image to out.
 * px holds the pixels as 32-bit words 0xXXRRGGBB (cairo's RGB24 and ARGB32
 * layout on white; the top byte is ignored), rows `stride` bytes apart.
 * Never fails: out grows as needed (xmalloc aborts on out-of-memory).
 */
void png_write_rgb(struct buf *out, const unsigned char *px, int w, int h, size_t stride);

#endif
