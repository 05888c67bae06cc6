/*
 * fuzz_png.c - the PNG encoder of chart previews (src/lib/png_write.c): an
 * image made from the input is encoded, then decoded with zlib, and every
 * chunk's CRC, the Adler-32 and every pixel must come back; else it aborts.
 *
 * The input drives the image: the first bytes pick the size (narrow ones,
 * and rows wide enough to cross the encoder's limits: 4,096 pixels for its
 * sums, 10,923 for a match with the row above), the rest paint pixels from
 * a small palette, repeat the pixel to the left or the row above, so runs
 * and repeated rows come up as they do in charts.
 */
#include "lib/png_write.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static uint32_t be32(const unsigned char *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint32_t palette[8] = { 0xFFFFFF, 0x000000, 0x0072B2, 0xE69F00,
					     0xE3E3E3, 0x7F7F80, 0x010203, 0xFEFDFC };
	struct buf png = BUF_INIT;
	uint32_t *px;
	unsigned char *raw, *idat = NULL;
	size_t nidat = 0, pos, k = 4;
	uLongf rawlen;
	int w, h;

	if (size < 4)
		return 0;
	if (data[0] & 0x80) {
		w = 4000 + (int)data[1] * 40 + data[2]; /* 4,000 .. 14,455 */
		h = 1 + data[3] % 3;
	} else {
		w = 1 + data[1] % 64;
		h = 1 + data[3] % 32;
	}
	px = xcalloc((size_t)w * (size_t)h, sizeof *px);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			uint32_t *p = &px[(size_t)y * (size_t)w + (size_t)x];
			unsigned c = k < size ? data[k++] : (unsigned)(x + y);
			if ((c & 0xC0) == 0x40 && x > 0)
				*p = p[-1];
			else if ((c & 0xC0) == 0x80 && y > 0)
				*p = p[-w];
			else if ((c & 0xC0) == 0xC0)
				*p = (c * 0x9E3779B1u) & 0xFFFFFF;
			else
				*p = palette[c & 7];
			*p |= (uint32_t)(c & 0x30) << 26; /* the unused top byte varies */
		}
	png_write_rgb(&png, (const unsigned char *)px, w, h, (size_t)w * 4);

	/* chunks: signature, IHDR, IDAT..., IEND, each CRC right */
	if (png.len < 8 || memcmp(png.s, "\x89PNG\r\n\x1A\n", 8) != 0)
		abort();
	for (pos = 8; pos + 12 <= png.len;) {
		const unsigned char *c = (const unsigned char *)png.s + pos;
		uint32_t n = be32(c);
		if (pos + 12 + n > png.len)
			abort();
		if (crc32(0, c + 4, n + 4) != be32(c + 8 + n))
			abort();
		if (memcmp(c + 4, "IHDR", 4) == 0 &&
		    (n != 13 || be32(c + 8) != (uint32_t)w || be32(c + 12) != (uint32_t)h ||
		     c[16] != 8 || c[17] != 2))
			abort();
		if (memcmp(c + 4, "IDAT", 4) == 0) {
			idat = xrealloc(idat, nidat + n + 1);
			memcpy(idat + nidat, c + 8, n);
			nidat += n;
		}
		pos += 12 + n;
		if (memcmp(c + 4, "IEND", 4) == 0)
			break;
	}
	if (pos != png.len || !idat)
		abort();

	/* zlib checks the stream and its Adler-32; every row is filter 0 */
	rawlen = (uLongf)h * ((uLongf)w * 3 + 1);
	raw = xmalloc(rawlen + 1);
	{
		uLongf got = rawlen + 1;
		if (uncompress(raw, &got, idat, (uLong)nidat) != Z_OK || got != rawlen)
			abort();
	}
	for (int y = 0; y < h; y++) {
		const unsigned char *r = raw + (size_t)y * ((size_t)w * 3 + 1);
		if (r[0] != 0)
			abort();
		for (int x = 0; x < w; x++) {
			uint32_t p = px[(size_t)y * (size_t)w + (size_t)x];
			if (r[1 + 3 * x] != ((p >> 16) & 0xFF) || r[2 + 3 * x] != ((p >> 8) & 0xFF) ||
			    r[3 + 3 * x] != (p & 0xFF))
				abort();
		}
	}
	free(raw);
	free(idat);
	free(px);
	buf_release(&png);
	return 0;
}
