/*
 * png_write.c - writes chart images as PNG with a small deflate encoder of
 * its own.
 *
 * A chart at two device pixels per px is a few million pixels of flat
 * colour: runs of one colour along a row, and rows that repeat the row
 * above (between rules, down the grid), with antialiased text and marks in
 * between. A general compressor hashes every byte to find those repeats;
 * here they are found directly. Rows are stored unfiltered, and the encoder
 * knows two distances only: 3 bytes (the pixel to the left, a run of one
 * colour) and one row (the pixel above). Everything else is a literal.
 * Each block of tokens gets its own Huffman code (RFC 1951 dynamic block),
 * so the files are about a third larger than zlib's fastest level makes
 * them (chart previews of 140 to 260 KB) at about a sixth of its CPU.
 * The zlib wrapper's Adler-32 is summed per row, and a row that repeats
 * the one above reuses the row's sums.
 */
#include "png_write.h"

#include <stdlib.h>
#include <string.h>

/* ---- checksums ---- */

#define ADLER_MOD 65521u

/* CRC-32 tables for four bytes at a time ("slicing by 4"). */
static uint32_t crc_table[4][256];

static void crc_init(void)
{
	if (crc_table[0][1])
		return;
	for (uint32_t n = 0; n < 256; n++) {
		uint32_t c = n;
		for (int k = 0; k < 8; k++)
			c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
		crc_table[0][n] = c;
	}
	for (uint32_t n = 0; n < 256; n++)
		for (int t = 1; t < 4; t++)
			crc_table[t][n] = crc_table[0][crc_table[t - 1][n] & 0xFF] ^ (crc_table[t - 1][n] >> 8);
}

/* CRC-32 of PNG chunks (ISO 3309), continuing from crc (0 to start). */
static uint32_t crc_update(uint32_t crc, const unsigned char *p, size_t n)
{
	uint32_t c = crc ^ 0xFFFFFFFFu;
	for (; n >= 4; n -= 4, p += 4) {
		c ^= (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
		c = crc_table[3][c & 0xFF] ^ crc_table[2][(c >> 8) & 0xFF] ^
		    crc_table[1][(c >> 16) & 0xFF] ^ crc_table[0][c >> 24];
	}
	while (n--)
		c = crc_table[0][(c ^ *p++) & 0xFF] ^ (c >> 8);
	return c ^ 0xFFFFFFFFu;
}

static void put_be32(struct buf *b, uint32_t v)
{
	unsigned char c[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16),
			       (unsigned char)(v >> 8), (unsigned char)v };
	buf_put(b, c, 4);
}

/* ---- Huffman codes ---- */

#define MAXBITS 15

struct sym_freq {
	uint32_t freq;
	uint16_t sym;
};

static int cmp_sym_freq(const void *a, const void *b)
{
	const struct sym_freq *x = a, *y = b;
	if (x->freq != y->freq)
		return x->freq < y->freq ? -1 : 1;
	return (int)x->sym - (int)y->sym;
}

/*
 * Code lengths (at most maxbits) for n symbols from their frequencies;
 * unused symbols get 0. Huffman's construction over the sorted leaves
 * (two queues), then the lengths are capped and the Kraft sum restored
 * the way miniz does it. Needs at least one used symbol to give a code;
 * a single used symbol gets length 1.
 */
static void huff_lengths(const uint32_t *freq, int n, int maxbits, uint8_t *len)
{
	struct sym_freq leaf[288];
	uint64_t w[2 * 288];
	int parent[2 * 288], depth[2 * 288], count[2 * 288 + 1];
	int nsym = 0, next, li, ii;

	memset(len, 0, (size_t)n);
	for (int i = 0; i < n; i++)
		if (freq[i]) {
			leaf[nsym].freq = freq[i];
			leaf[nsym].sym = (uint16_t)i;
			nsym++;
		}
	if (nsym == 0)
		return;
	if (nsym == 1) {
		len[leaf[0].sym] = 1;
		return;
	}
	qsort(leaf, (size_t)nsym, sizeof leaf[0], cmp_sym_freq);
	for (int i = 0; i < nsym; i++)
		w[i] = leaf[i].freq;
	li = 0, ii = nsym;
	for (next = nsym; next < 2 * nsym - 1; next++) {
		int pick[2];
		for (int k = 0; k < 2; k++) {
			if (li < nsym && (ii >= next || w[li] <= w[ii]))
				pick[k] = li++;
			else
				pick[k] = ii++;
		}
		w[next] = w[pick[0]] + w[pick[1]];
		parent[pick[0]] = parent[pick[1]] = next;
	}
	depth[2 * nsym - 2] = 0;
	for (int i = 2 * nsym - 3; i >= 0; i--)
		depth[i] = depth[parent[i]] + 1;
	memset(count, 0, sizeof count);
	for (int i = 0; i < nsym; i++)
		count[depth[i]]++;
	/* cap at maxbits, then take codes from the longest lengths until
	 * the lengths describe a complete code again */
	{
		uint32_t total = 0;
		for (int i = maxbits + 1; i < 2 * nsym; i++) {
			count[maxbits] += count[i];
			count[i] = 0;
		}
		for (int i = maxbits; i > 0; i--)
			total += (uint32_t)count[i] << (maxbits - i);
		while (total != 1u << maxbits) {
			count[maxbits]--;
			for (int i = maxbits - 1; i > 0; i--)
				if (count[i]) {
					count[i]--;
					count[i + 1] += 2;
					break;
				}
			total--;
		}
	}
	/* the most frequent symbols (at the end of the sorted leaves) get
	 * the shortest codes */
	{
		int j = nsym;
		for (int l = 1; l <= maxbits; l++)
			for (int c = count[l]; c > 0; c--)
				len[leaf[--j].sym] = (uint8_t)l;
	}
}

/* Canonical codes for the lengths, bit-reversed as deflate sends them. */
static void huff_codes(const uint8_t *len, int n, uint16_t *code)
{
	int bl_count[MAXBITS + 1] = { 0 };
	uint32_t next[MAXBITS + 2];
	uint32_t c = 0;
	for (int i = 0; i < n; i++)
		bl_count[len[i]]++;
	bl_count[0] = 0;
	for (int b = 1; b <= MAXBITS; b++) {
		c = (c + (uint32_t)bl_count[b - 1]) << 1;
		next[b] = c;
	}
	for (int i = 0; i < n; i++) {
		uint32_t v, r = 0;
		if (!len[i]) {
			code[i] = 0;
			continue;
		}
		v = next[len[i]]++;
		for (int k = 0; k < len[i]; k++)
			r = (r << 1) | ((v >> k) & 1);
		code[i] = (uint16_t)r;
	}
}

/* ---- the bit stream ---- */

struct bits {
	struct buf *out;
	uint64_t acc;
	int n;
};

/* Makes room for n more bytes of output; bits_put needs 4 bytes of room
 * per call (callers reserve for what they write). */
static void bits_reserve(struct bits *b, size_t n)
{
	buf_grow(b->out, n + 8);
}

/* Appends the low n bits of v (n <= 32), least significant first. */
static inline void bits_put(struct bits *b, uint32_t v, int n)
{
	b->acc |= (uint64_t)v << b->n;
	b->n += n;
	if (b->n >= 32) {
		unsigned char *o = (unsigned char *)b->out->s + b->out->len;
		o[0] = (unsigned char)b->acc, o[1] = (unsigned char)(b->acc >> 8);
		o[2] = (unsigned char)(b->acc >> 16), o[3] = (unsigned char)(b->acc >> 24);
		b->out->len += 4;
		b->acc >>= 32;
		b->n -= 32;
	}
}

/* Pads to a byte boundary and writes out what is left. */
static void bits_flush(struct bits *b)
{
	while (b->n > 0) {
		buf_putc(b->out, (int)(b->acc & 0xFF));
		b->acc >>= 8;
		b->n -= 8;
	}
	b->acc = 0;
	b->n = 0;
	b->out->s[b->out->len] = '\0';
}

/* ---- tokens and blocks ---- */

/* A token is a literal byte (0..255), or a match: bit 31 set, the
 * distance in bits 9..24 and the length (3..258) in bits 0..8. */
#define TOK_MATCH 0x80000000u
#define BLOCK_TOKENS 65536

static uint8_t len_sym[259], len_xbits[259];
static uint16_t len_xval[259];

static void len_tables_init(void)
{
	if (len_sym[3])
		return;
	for (int l = 3; l <= 258; l++) {
		int x = l - 3, nb = 0;
		if (l == 258) {
			len_sym[l] = 28, len_xbits[l] = 0, len_xval[l] = 0;
			continue;
		}
		if (x < 8) {
			len_sym[l] = (uint8_t)x, len_xbits[l] = 0, len_xval[l] = 0;
			continue;
		}
		while ((x >> (nb + 1)) != 0)
			nb++;
		/* nb = floor(log2 x) >= 3: four codes per power of two */
		len_sym[l] = (uint8_t)(4 * (nb - 1) + ((x >> (nb - 2)) & 3));
		len_xbits[l] = (uint8_t)(nb - 2);
		len_xval[l] = (uint16_t)(x & ((1 << (nb - 2)) - 1));
	}
}

/* Distance code, extra bits and their value for a distance 1..32768. */
static void dist_code(uint32_t d, int *sym, int *xbits, uint32_t *xval)
{
	uint32_t x = d - 1;
	int nb;
	if (x < 4) {
		*sym = (int)x, *xbits = 0, *xval = 0;
		return;
	}
	nb = 31 - __builtin_clz(x); /* floor(log2 x) >= 2 */
	*sym = 2 * nb + (int)((x >> (nb - 1)) & 1);
	*xbits = nb - 1;
	*xval = x & ((1u << (nb - 1)) - 1);
}

struct enc {
	struct bits bits;
	uint32_t *tok;
	size_t ntok;
	/* the pending match: kind 0 none, else its distance */
	uint32_t run_dist;
	size_t run_len;
};

/* Writes the code lengths of the literal/length and distance codes in the
 * dynamic block header, run-length coded (RFC 1951, 3.2.7). */
static void write_header(struct bits *b, const uint8_t *llen, int nlit, const uint8_t *dlen,
			 int ndist)
{
	static const uint8_t order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
	uint8_t all[286 + 30], cl_len[19];
	uint16_t sym[286 + 30], xval[286 + 30], cl_code[19];
	uint32_t cl_freq[19] = { 0 };
	int n = nlit + ndist, ns = 0, ncl;

	memcpy(all, llen, (size_t)nlit);
	memcpy(all + nlit, dlen, (size_t)ndist);
	for (int i = 0; i < n;) {
		int r = 1;
		while (i + r < n && all[i + r] == all[i])
			r++;
		if (all[i] == 0 && r >= 3) {
			int k = r > 138 ? 138 : r;
			sym[ns] = k >= 11 ? 18 : 17;
			xval[ns++] = (uint16_t)(k >= 11 ? k - 11 : k - 3);
			i += k;
		} else if (all[i] != 0 && r >= 4) {
			int k = r - 1 > 6 ? 6 : r - 1;
			sym[ns] = all[i], xval[ns++] = 0;
			sym[ns] = 16, xval[ns++] = (uint16_t)(k - 3);
			i += 1 + k;
		} else {
			sym[ns] = all[i], xval[ns++] = 0;
			i++;
		}
	}
	for (int i = 0; i < ns; i++)
		cl_freq[sym[i]]++;
	/* the code length code must be complete: give it two symbols */
	{
		int used = 0, first = -1;
		for (int i = 0; i < 19; i++)
			if (cl_freq[i]) {
				used++;
				if (first < 0)
					first = i;
			}
		if (used == 1)
			cl_freq[first == 0 ? 1 : 0] = 1;
	}
	huff_lengths(cl_freq, 19, 7, cl_len);
	huff_codes(cl_len, 19, cl_code);
	for (ncl = 19; ncl > 4 && cl_len[order[ncl - 1]] == 0; ncl--)
		;
	bits_put(b, (uint32_t)(nlit - 257), 5);
	bits_put(b, (uint32_t)(ndist - 1), 5);
	bits_put(b, (uint32_t)(ncl - 4), 4);
	for (int i = 0; i < ncl; i++)
		bits_put(b, cl_len[order[i]], 3);
	for (int i = 0; i < ns; i++) {
		bits_put(b, cl_code[sym[i]], cl_len[sym[i]]);
		if (sym[i] == 16)
			bits_put(b, xval[i], 2);
		else if (sym[i] == 17)
			bits_put(b, xval[i], 3);
		else if (sym[i] == 18)
			bits_put(b, xval[i], 7);
	}
}

/* Writes the tokens gathered so far as one dynamic block. */
static void emit_block(struct enc *e, int final)
{
	uint32_t lfreq[286] = { 0 }, dfreq[30] = { 0 };
	uint8_t llen[286], dlen[30];
	uint16_t lcode[286], dcode[30];
	int nlit, ndist;
	struct bits *b = &e->bits;

	{
		uint32_t last_d = 0;
		int ds = 0, xb;
		uint32_t xv;
		for (size_t i = 0; i < e->ntok; i++) {
			uint32_t t = e->tok[i];
			if (t & TOK_MATCH) {
				uint32_t d = (t >> 9) & 0xFFFF;
				lfreq[257 + len_sym[t & 0x1FF]]++;
				if (d != last_d) {
					dist_code(d, &ds, &xb, &xv);
					last_d = d;
				}
				dfreq[ds]++;
			} else {
				lfreq[t]++;
			}
		}
	}
	lfreq[256] = 1;
	{
		int used = 0;
		for (int i = 0; i < 30; i++)
			used += dfreq[i] != 0;
		if (!used)
			dfreq[0] = 1; /* one distance code stands for none */
	}
	huff_lengths(lfreq, 286, MAXBITS, llen);
	huff_lengths(dfreq, 30, MAXBITS, dlen);
	huff_codes(llen, 286, lcode);
	huff_codes(dlen, 30, dcode);
	for (nlit = 286; nlit > 257 && llen[nlit - 1] == 0; nlit--)
		;
	for (ndist = 30; ndist > 1 && dlen[ndist - 1] == 0; ndist--)
		;

	/* room: the header, at most 48 bits per token, the end of block */
	bits_reserve(b, 1024 + e->ntok * 6);
	bits_put(b, final ? 1 : 0, 1);
	bits_put(b, 2, 2); /* dynamic Huffman codes */
	write_header(b, llen, nlit, dlen, ndist);
	{
		/* the last distance's code, as runs use one or two distances */
		uint32_t last_d = 0, dbits = 0;
		int dnb = 0;
		for (size_t i = 0; i < e->ntok; i++) {
			uint32_t t = e->tok[i];
			if (t & TOK_MATCH) {
				uint32_t l = t & 0x1FF, d = (t >> 9) & 0xFFFF;
				int ls = 257 + len_sym[l];
				bits_put(b, lcode[ls], llen[ls]);
				if (len_xbits[l])
					bits_put(b, len_xval[l], len_xbits[l]);
				if (d != last_d) {
					int ds, xb;
					uint32_t xv;
					dist_code(d, &ds, &xb, &xv);
					dbits = dcode[ds] | (xv << dlen[ds]);
					dnb = dlen[ds] + xb;
					last_d = d;
				}
				bits_put(b, dbits, dnb);
			} else {
				bits_put(b, lcode[t], llen[t]);
			}
		}
	}
	bits_put(b, lcode[256], llen[256]);
	b->out->s[b->out->len] = '\0';
	e->ntok = 0;
}

static inline void tok_add(struct enc *e, uint32_t t)
{
	if (e->ntok == BLOCK_TOKENS)
		emit_block(e, 0);
	e->tok[e->ntok++] = t;
}

/* Emits the pending match as tokens of at most 258 bytes each. */
static void run_flush(struct enc *e)
{
	size_t l = e->run_len;
	if (!e->run_dist)
		return;
	if (l < 3) {
		/* only a filter byte (0) can be pending alone */
		for (; l > 0; l--)
			tok_add(e, 0);
	}
	while (l >= 3) {
		size_t take = l > 258 ? (l - 258 < 3 ? l - 3 : 258) : l;
		tok_add(e, TOK_MATCH | (e->run_dist << 9) | (uint32_t)take);
		l -= take;
	}
	e->run_dist = 0;
	e->run_len = 0;
}

/* Extends the pending match at distance d by n bytes, or starts one. */
static inline void run_add(struct enc *e, uint32_t d, size_t n)
{
	if (e->run_dist != d) {
		run_flush(e);
		e->run_dist = d;
	}
	e->run_len += n;
}

static inline void literal_pixel(struct enc *e, uint32_t p)
{
	run_flush(e);
	tok_add(e, (p >> 16) & 0xFF);
	tok_add(e, (p >> 8) & 0xFF);
	tok_add(e, p & 0xFF);
}

/* ---- the image ---- */

/*
 * Adler-32 sums of one row (filter byte 0, then the RGB bytes) taken alone:
 * a = the sum of the bytes, b = the sum of (n - i) * byte i, both modulo
 * 65521. With S the byte sum of pixel x and T = g + 2b (its green and blue
 * sit one and two places later than red),
 *   b = (n - 1) * sum S - 3 * sum x * S - sum T.
 * Two pixels are summed at a time, one in each 32-bit half of a word; a
 * running sum of sums gives sum x * S.
 */
static void row_sums(const uint32_t *px, int w, uint64_t *a, uint64_t *b)
{
	const uint64_t m = 0x000000FF000000FFull;
	uint64_t A = 0, B = 0, C = 0;
	int x = 0;
	while (x + 1 < w) {
		/* chunks of at most 2048 pairs keep the 32-bit halves from overflowing */
		int pairs = (w - x) / 2 > 2048 ? 2048 : (w - x) / 2;
		uint64_t acc_s = 0, acc_p = 0, acc_t = 0, lo, hi;
		for (int j = 0; j < pairs; j++) {
			uint64_t v, bl, g, r, sum;
			memcpy(&v, px + x + 2 * j, 8);
			bl = v & m;
			g = (v >> 8) & m;
			r = (v >> 16) & m;
			sum = bl + g + r;
			acc_s += sum;
			acc_p += acc_s;
			acc_t += g + (bl << 1);
		}
		/* acc_p per half: sum over pairs j of (pairs - j) * S; so
		 * sum j * S = pairs * sum S - acc_p */
		lo = acc_s & 0xFFFFFFFF, hi = acc_s >> 32;
		{
			uint64_t jlo = (uint64_t)pairs * lo - (acc_p & 0xFFFFFFFF);
			uint64_t jhi = (uint64_t)pairs * hi - (acc_p >> 32);
			/* pixel x + 2j (low half) and x + 2j + 1 (high half) */
			B += 2 * (jlo + jhi) + hi + (uint64_t)x * (lo + hi);
		}
		A += lo + hi;
		C += (acc_t & 0xFFFFFFFF) + (acc_t >> 32);
		x += 2 * pairs;
	}
	if (x < w) {
		uint32_t p = px[x], r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, bl = p & 0xFF;
		A += r + g + bl;
		B += (uint64_t)x * (r + g + bl);
		C += g + 2 * bl;
	}
	{
		uint64_t n = (uint64_t)w * 3 + 1;
		*a = A % ADLER_MOD;
		*b = ((n - 1) % ADLER_MOD * (A % ADLER_MOD) + 3 * (ADLER_MOD - B % ADLER_MOD) +
		      (ADLER_MOD - C % ADLER_MOD)) % ADLER_MOD;
	}
}

/* The deflate stream of the rows (filter byte 0, then RGB) into the bits. */
static void deflate_rows(struct enc *e, const unsigned char *data, int w, int h, size_t stride,
			 uint32_t *adler)
{
	size_t rowlen = (size_t)w * 3 + 1;
	uint32_t up = rowlen <= 32768 ? (uint32_t)rowlen : 0; /* the pixel above, if in reach */
	uint64_t s1 = 1, s2 = 0, ra = 0, rb = 0;

	for (int y = 0; y < h; y++) {
		const uint32_t *px = (const uint32_t *)(const void *)(data + (size_t)y * stride);
		const uint32_t *above = y ? (const uint32_t *)(const void *)(data + (size_t)(y - 1) * stride)
					  : NULL;
		if (above && up && memcmp(px, above, (size_t)w * 4) == 0) {
			/* the row repeats: one match, the same sums */
			run_add(e, up, rowlen);
		} else {
			int x = 0;
			row_sums(px, w, &ra, &rb);
			if (above && up)
				run_add(e, up, 1); /* filter byte under filter byte */
			else {
				run_flush(e);
				tok_add(e, 0);
			}
			while (x < w) {
				uint32_t p = px[x] & 0xFFFFFF;
				int ok_up = above && up && (above[x] & 0xFFFFFF) == p;
				int ok_left = x > 0 && (px[x - 1] & 0xFFFFFF) == p;
				if (e->run_dist == up && up && ok_up) {
					int k = x + 1;
					/* two pixels at a time while both match */
					while (k + 1 < w) {
						uint64_t a, b;
						memcpy(&a, px + k, 8);
						memcpy(&b, above + k, 8);
						if (((a ^ b) & 0x00FFFFFF00FFFFFFull) != 0)
							break;
						k += 2;
					}
					while (k < w && ((px[k] ^ above[k]) & 0xFFFFFF) == 0)
						k++;
					e->run_len += (size_t)(k - x) * 3;
					x = k;
				} else if (e->run_dist == 3 && ok_left) {
					int k = x + 1;
					while (k < w && ((px[k] ^ p) & 0xFFFFFF) == 0)
						k++;
					e->run_len += (size_t)(k - x) * 3;
					x = k;
				} else if (ok_up) {
					run_add(e, up, 3);
					x++;
				} else if (ok_left) {
					run_add(e, 3, 3);
					x++;
				} else {
					literal_pixel(e, p);
					x++;
				}
			}
		}
		s2 = (s2 + rowlen % ADLER_MOD * s1 + rb) % ADLER_MOD;
		s1 = (s1 + ra) % ADLER_MOD;
	}
	run_flush(e);
	*adler = (uint32_t)((s2 << 16) | s1);
}

void png_write_rgb(struct buf *out, const unsigned char *px, int w, int h, size_t stride)
{
	static const unsigned char sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
	unsigned char ihdr[17] = { 'I', 'H', 'D', 'R' };
	struct enc e;
	size_t idat;
	uint32_t adler;

	crc_init();
	len_tables_init();
	buf_put(out, sig, sizeof sig);
	ihdr[4] = (unsigned char)(w >> 24), ihdr[5] = (unsigned char)(w >> 16);
	ihdr[6] = (unsigned char)(w >> 8), ihdr[7] = (unsigned char)w;
	ihdr[8] = (unsigned char)(h >> 24), ihdr[9] = (unsigned char)(h >> 16);
	ihdr[10] = (unsigned char)(h >> 8), ihdr[11] = (unsigned char)h;
	ihdr[12] = 8; /* bits per sample */
	ihdr[13] = 2; /* RGB */
	/* 14..16: deflate, adaptive filtering, no interlacing (all 0) */
	put_be32(out, 13);
	buf_put(out, ihdr, sizeof ihdr);
	put_be32(out, crc_update(0, ihdr, sizeof ihdr));

	idat = out->len;
	put_be32(out, 0); /* the length, known at the end */
	buf_put(out, "IDAT\x78\x01", 6); /* zlib: deflate, 32 KB window, fastest */
	memset(&e, 0, sizeof e);
	e.bits.out = out;
	e.tok = xmalloc(BLOCK_TOKENS * sizeof *e.tok);
	deflate_rows(&e, px, w, h, stride, &adler);
	emit_block(&e, 1);
	bits_flush(&e.bits);
	free(e.tok);
	put_be32(out, adler);
	{
		size_t n = out->len - idat - 8;
		unsigned char *len = (unsigned char *)out->s + idat;
		len[0] = (unsigned char)(n >> 24), len[1] = (unsigned char)(n >> 16);
		len[2] = (unsigned char)(n >> 8), len[3] = (unsigned char)n;
		put_be32(out, crc_update(0, (const unsigned char *)out->s + idat + 4, n + 4));
	}
	put_be32(out, 0);
	buf_put(out, "IEND", 4);
	put_be32(out, crc_update(0, (const unsigned char *)"IEND", 4));
}
