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
#ifdef __SSE2__
#include <emmintrin.h>
#endif

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

/*
 * Bits are gathered in a 64-bit word and stored eight bytes at a time, the
 * write position moving on by the whole bytes only: fewer than 8 bits stay
 * pending between calls, so one call may add up to 56.
 */
struct bits {
	struct buf *out;
	uint64_t acc;
	unsigned n;
};

/* Makes room for n more bytes of output (and the 8 a store touches). */
static void bits_reserve(struct bits *b, size_t n)
{
	buf_grow(b->out, n + 8);
}

static inline void store64(unsigned char *o, uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(o, &v, 8);
#else
	for (int i = 0; i < 8; i++)
		o[i] = (unsigned char)(v >> (8 * i));
#endif
}

/* Appends the low n bits of v (n <= 56), least significant first; the
 * caller has reserved room. */
static inline void bits_put(struct bits *b, uint64_t v, unsigned n)
{
	b->acc |= v << b->n;
	b->n += n;
	store64((unsigned char *)b->out->s + b->out->len, b->acc);
	b->out->len += b->n >> 3;
	b->acc >>= b->n & 56;
	b->n &= 7;
}

/* Pads to a byte boundary and writes out what is left. */
static void bits_flush(struct bits *b)
{
	buf_grow(b->out, 1);
	if (b->n > 0)
		b->out->s[b->out->len++] = (char)(b->acc & 0xFF);
	b->acc = 0;
	b->n = 0;
	b->out->s[b->out->len] = '\0';
}

/* ---- tokens and blocks ---- */

/* A token is a match: bit 31 set, the distance in bits 9..24, the length
 * (3..258) in bits 0..8 and how many times more it comes in bits 25..30; or a literal pixel: bit 30 set, its red, green and
 * blue bytes in bits 16..23, 8..15, 0..7; or else one literal byte. */
#define TOK_MATCH 0x80000000u
#define TOK_PIXEL 0x40000000u
#define TOK_REPS_SHIFT 25
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

/*
 * The encoder: the tokens of the block being gathered with their symbol
 * counts (kept as tokens come), and the pending match, which grows along
 * runs and repeated rows until something else comes.
 */
struct enc {
	struct bits bits;
	uint32_t *tok;
	size_t ntok, nrep; /* tokens, and the repeats they hold */
	uint32_t lfreq[286], dfreq[30];
	uint32_t count_d; /* a distance and its code, to count the next */
	int count_ds;
	uint32_t run_dist; /* 0: no match pending */
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
	uint8_t llen[286], dlen[30];
	uint16_t lcode[286], dcode[30];
	uint32_t lit[256];   /* a literal's code, and its length in bits 16.. */
	uint32_t lbits[259]; /* a match length's code with its extra bits ... */
	uint8_t lnb[259];    /* ... and how many bits they are */
	int nlit, ndist;
	struct bits *b = &e->bits;

	e->lfreq[256] = 1;
	{
		int used = 0;
		for (int i = 0; i < 30; i++)
			used += e->dfreq[i] != 0;
		if (!used)
			e->dfreq[0] = 1; /* one distance code stands for none */
	}
	huff_lengths(e->lfreq, 286, MAXBITS, llen);
	huff_lengths(e->dfreq, 30, MAXBITS, dlen);
	huff_codes(llen, 286, lcode);
	huff_codes(dlen, 30, dcode);
	for (nlit = 286; nlit > 257 && llen[nlit - 1] == 0; nlit--)
		;
	for (ndist = 30; ndist > 1 && dlen[ndist - 1] == 0; ndist--)
		;
	for (int i = 0; i < 256; i++)
		lit[i] = lcode[i] | (uint32_t)llen[i] << 16;
	for (int l = 3; l <= 258; l++) {
		int s = 257 + len_sym[l];
		lbits[l] = lcode[s] | (uint32_t)len_xval[l] << llen[s];
		lnb[l] = (uint8_t)(llen[s] + len_xbits[l]);
	}

	/* room: the header, at most 48 bits per token (or repeat), the end */
	bits_reserve(b, 1024 + (e->ntok + e->nrep) * 6);
	bits_put(b, final ? 1 : 0, 1);
	bits_put(b, 2, 2); /* dynamic Huffman codes */
	write_header(b, llen, nlit, dlen, ndist);
	{
		/* one store per token: at most 48 bits join the 7 pending */
		unsigned char *o = (unsigned char *)b->out->s + b->out->len;
		uint64_t acc = b->acc;
		unsigned n = b->n;
		/* the last distance's code, as runs use one or two distances */
		uint32_t last_d = 0, dbits = 0, c;
		unsigned dnb = 0;
		for (size_t i = 0; i < e->ntok; i++) {
			uint32_t t = e->tok[i];
			if (t & TOK_MATCH) {
				uint32_t l = t & 0x1FF, d = (t >> 9) & 0xFFFF;
				if (d != last_d) {
					int ds, xb;
					uint32_t xv;
					dist_code(d, &ds, &xb, &xv);
					dbits = dcode[ds] | (xv << dlen[ds]);
					dnb = dlen[ds] + (unsigned)xb;
					last_d = d;
				}
				acc |= (uint64_t)lbits[l] << n;
				n += lnb[l];
				acc |= (uint64_t)dbits << n;
				n += dnb;
				for (uint32_t r = (t >> TOK_REPS_SHIFT) & 63; r > 0; r--) {
					store64(o, acc);
					o += n >> 3;
					acc >>= n & 56;
					n &= 7;
					acc |= (uint64_t)lbits[l] << n;
					n += lnb[l];
					acc |= (uint64_t)dbits << n;
					n += dnb;
				}
			} else if (t & TOK_PIXEL) {
				c = lit[(t >> 16) & 0xFF];
				acc |= (uint64_t)(c & 0xFFFF) << n;
				n += c >> 16;
				c = lit[(t >> 8) & 0xFF];
				acc |= (uint64_t)(c & 0xFFFF) << n;
				n += c >> 16;
				c = lit[t & 0xFF];
				acc |= (uint64_t)(c & 0xFFFF) << n;
				n += c >> 16;
			} else {
				c = lit[t & 0xFF];
				acc |= (uint64_t)(c & 0xFFFF) << n;
				n += c >> 16;
			}
			store64(o, acc);
			o += n >> 3;
			acc >>= n & 56;
			n &= 7;
		}
		b->out->len = (size_t)(o - (unsigned char *)b->out->s);
		b->acc = acc;
		b->n = n;
	}
	bits_put(b, lcode[256], llen[256]);
	b->out->s[b->out->len] = '\0';
	e->ntok = e->nrep = 0;
	memset(e->lfreq, 0, sizeof e->lfreq);
	memset(e->dfreq, 0, sizeof e->dfreq);
}

static inline void tok_room(struct enc *e)
{
	if (e->ntok == BLOCK_TOKENS)
		emit_block(e, 0);
}

static void add_byte(struct enc *e, unsigned c)
{
	tok_room(e);
	e->tok[e->ntok++] = c;
	e->lfreq[c]++;
}

static inline void add_pixel(struct enc *e, uint32_t p)
{
	tok_room(e);
	e->tok[e->ntok++] = TOK_PIXEL | p;
	e->lfreq[p >> 16]++;
	e->lfreq[(p >> 8) & 0xFF]++;
	e->lfreq[p & 0xFF]++;
}

static inline void add_match(struct enc *e, uint32_t d, uint32_t l)
{
	tok_room(e);
	e->tok[e->ntok++] = TOK_MATCH | d << 9 | l;
	e->lfreq[257 + len_sym[l]]++;
	if (d != e->count_d) {
		int xb;
		uint32_t xv;
		dist_code(d, &e->count_ds, &xb, &xv);
		e->count_d = d;
	}
	e->dfreq[e->count_ds]++;
}

/*
 * Emits the pending match as tokens of at most 258 bytes each; a long one
 * (a run of repeated rows) as few tokens of up to 64 repeats of 258.
 */
static void run_emit(struct enc *e)
{
	size_t l = e->run_len, k;
	uint32_t d = e->run_dist;
	e->run_dist = 0;
	e->run_len = 0;
	if (l < 3) {
		/* only a filter byte (0) can be pending alone */
		for (; l > 0; l--)
			add_byte(e, 0);
		return;
	}
	/* k pieces of 258, then 3..258 bytes, or 259 and 260 as two */
	for (k = (l - 3) / 258, l -= 258 * k; k > 0; k -= k > 64 ? 64 : k) {
		uint32_t n = k > 64 ? 64 : (uint32_t)k;
		add_match(e, d, 258);
		e->tok[e->ntok - 1] |= (n - 1) << TOK_REPS_SHIFT;
		e->lfreq[257 + 28] += n - 1;
		e->dfreq[e->count_ds] += n - 1;
		e->nrep += n - 1;
	}
	if (l > 258) {
		add_match(e, d, (uint32_t)l - 3);
		l = 3;
	}
	add_match(e, d, (uint32_t)l);
}

static inline void run_flush(struct enc *e)
{
	if (e->run_dist)
		run_emit(e);
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

/* ---- the image ---- */

/*
 * The zlib wrapper's Adler-32 is summed row by row. A row alone (filter
 * byte 0, then the RGB bytes, n in all) adds a = the sum of its bytes and
 * b = the sum of (n - i) * byte i. With S the byte sum of pixel x and
 * T = g + 2b (its green and blue sit one and two places after red),
 *   a = A = sum S,  b = (n - 1) * A - W,  where W = sum (3x * S + T).
 * A and W of the row before are kept exactly: a row that differs from it
 * in a few places changes them by what those pixels change only.
 */
static inline void pixel_sums(uint32_t p, int x, int64_t sign, int64_t *A, int64_t *W)
{
	int64_t r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, bl = p & 0xFF, s = r + g + bl;
	*A += sign * s;
	*W += sign * (3 * (int64_t)x * s + g + 2 * bl);
}

static void row_sums(const uint32_t *px, int w, int64_t *A, int64_t *W)
{
	*A = 0, *W = 0;
	for (int x = 0; x < w; x++)
		pixel_sums(px[x], x, 1, A, W);
}

/*
 * Which pixels of a row equal the one above, 16 to a word of `same`: four
 * bits a pixel (blue, green, red and the unused byte, each set where the
 * bytes are equal), so a pixel equals the one above when its low three bits
 * are set; pixels past the end count as equal. Adds what the row changes
 * to A and W, and returns whether any pixel differs.
 * Needs w <= 10922, so that the weights (3x + 2 at most) fit 16 bits.
 */
#define NIB_RGB 0x7777777777777777ull

static int compare_rows(const uint32_t *px, const uint32_t *above, int w, uint64_t *same,
			int64_t *A, int64_t *W)
{
	int64_t dA = 0, dW = 0;
	int x = 0, diff = 0;
	size_t i = 0;
#ifdef __SSE2__
	const __m128i rgb = _mm_set1_epi32(0x00FFFFFF), zero = _mm_setzero_si128();
	/* the weights of blue, green, red (and the unused byte) of pixels x
	 * and x + 1 less 3x; those of x + 2 and x + 3 are 6 more */
	const __m128i wbase = _mm_setr_epi16(2, 1, 0, 0, 5, 4, 3, 0), six = _mm_set1_epi16(6);
	for (; x + 16 <= w; x += 16, i++) {
		uint64_t m = 0;
		for (int g = 0; g < 4; g++) {
			__m128i a = _mm_loadu_si128((const __m128i *)(const void *)(px + x + 4 * g));
			__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(above + x + 4 * g));
			m |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(a, b)) << (16 * g);
		}
		same[i] = m;
		if ((~m & NIB_RGB) == 0)
			continue;
		diff = 1;
		{
			__m128i accS = zero, accW = zero;
			for (int g = 0; g < 4; g++) {
				__m128i a, b, dlo, dhi, wlo;
				if ((~(m >> (16 * g)) & 0x7777) == 0)
					continue;
				a = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(px + x + 4 * g)), rgb);
				b = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(above + x + 4 * g)), rgb);
				accS = _mm_add_epi64(accS, _mm_sub_epi64(_mm_sad_epu8(a, zero), _mm_sad_epu8(b, zero)));
				dlo = _mm_sub_epi16(_mm_unpacklo_epi8(a, zero), _mm_unpacklo_epi8(b, zero));
				dhi = _mm_sub_epi16(_mm_unpackhi_epi8(a, zero), _mm_unpackhi_epi8(b, zero));
				wlo = _mm_add_epi16(wbase, _mm_set1_epi16((short)(3 * (x + 4 * g))));
				accW = _mm_add_epi32(accW, _mm_add_epi32(_mm_madd_epi16(dlo, wlo),
									 _mm_madd_epi16(dhi, _mm_add_epi16(wlo, six))));
			}
			/* a lane of accW: 4 pixel pairs of 2 * 255 * 32767 at most */
			accS = _mm_add_epi64(accS, _mm_unpackhi_epi64(accS, accS));
			accW = _mm_add_epi32(accW, _mm_shuffle_epi32(accW, 0x4E));
			accW = _mm_add_epi32(accW, _mm_shuffle_epi32(accW, 0xB1));
			{
				int64_t s;
				_mm_storel_epi64((__m128i *)(void *)&s, accS);
				dA += s;
				dW += (int32_t)_mm_cvtsi128_si32(accW);
			}
		}
	}
#endif
	for (; x < w; x += 16, i++) {
		uint64_t m = ~0ull;
		for (int k = 0; k < 16 && x + k < w; k++) {
			uint32_t p = px[x + k], q = above[x + k];
			if (((p ^ q) & 0xFFFFFF) == 0)
				continue;
			m &= ~(0xFull << (4 * k));
			diff = 1;
			pixel_sums(p, x + k, 1, &dA, &dW);
			pixel_sums(q, x + k, -1, &dA, &dW);
		}
		same[i] = m;
	}
	*A += dA;
	*W += dW;
	return diff;
}

/* The first pixel at or after x that differs from the one above (w if none). */
static inline int next_diff(const uint64_t *same, int x, int w)
{
	size_t i = (size_t)x >> 4, nw = ((size_t)w + 15) >> 4;
	uint64_t d = ~same[i] & NIB_RGB & (~0ull << (4 * (x & 15)));
	while (!d) {
		if (++i == nw)
			return w;
		d = ~same[i] & NIB_RGB;
	}
	return (int)(i * 16 + (size_t)(__builtin_ctzll(d) >> 2));
}

/* The first pixel at or after x whose colour is not p (w if none). */
static inline int run_end(const uint32_t *px, int x, int w, uint32_t p)
{
#ifdef __SSE2__
	const __m128i c = _mm_set1_epi32((int)p);
	for (; x + 4 <= w; x += 4) {
		unsigned m = (unsigned)_mm_movemask_epi8(
				     _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(px + x)), c)) |
			     0x8888u;
		if (m != 0xFFFF)
			return x + (__builtin_ctz(~m) >> 2);
	}
#endif
	while (x < w && ((px[x] ^ p) & 0xFFFFFF) == 0)
		x++;
	return x;
}

/*
 * The pixels of one row after its filter byte: a match with the row above
 * (at distance up) while the pixels equal the ones above, a run of the
 * colour on the left while they repeat it, else a literal pixel; a match
 * goes on for as long as it can. same is NULL when there is no row above
 * in reach.
 */
static void code_row(struct enc *e, const uint32_t *px, int w, const uint64_t *same, uint32_t up)
{
	int x = 0;
	while (x < w) {
		uint32_t p;
		if (same) {
			int k = next_diff(same, x, w);
			if (k > x) {
				run_add(e, up, (size_t)(k - x) * 3);
				if ((x = k) == w)
					break;
			}
		}
		p = px[x] & 0xFFFFFF;
		if (x > 0 && ((px[x - 1] ^ p) & 0xFFFFFF) == 0) {
			int k = run_end(px, x + 1, w, p);
			run_add(e, 3, (size_t)(k - x) * 3);
			x = k;
			continue;
		}
		/* literal pixels, while they differ from the ones above and left */
		run_flush(e);
		for (;;) {
			add_pixel(e, p);
			if (++x == w)
				break;
			p = px[x] & 0xFFFFFF;
			if ((same && (~same[x >> 4] >> (4 * (x & 15)) & 7) == 0) ||
			    ((px[x - 1] ^ p) & 0xFFFFFF) == 0)
				break;
		}
	}
}

/* The deflate stream of the rows (filter byte 0, then RGB) into the bits. */
static void deflate_rows(struct enc *e, const unsigned char *data, int w, int h, size_t stride,
			 uint32_t *adler)
{
	size_t rowlen = (size_t)w * 3 + 1;
	/* the pixel above in reach of a match, and its weights in 16 bits */
	uint32_t up = rowlen <= 32768 ? (uint32_t)rowlen : 0;
	uint64_t *same = xmalloc(((size_t)w + 15) / 16 * sizeof *same);
	uint64_t s1 = 1, s2 = 0;
	int64_t A = 0, W = 0;

	for (int y = 0; y < h; y++) {
		const uint32_t *px = (const uint32_t *)(const void *)(data + (size_t)y * stride);
		const uint32_t *above = (const uint32_t *)(const void *)(data + (size_t)(y - !!y) * stride);
		uint64_t a, b;
		if (y == 0 || !up) {
			row_sums(px, w, &A, &W);
			run_flush(e);
			add_byte(e, 0);
			code_row(e, px, w, NULL, 0);
		} else if (memcmp(px, above, (size_t)w * 4) == 0) {
			run_add(e, up, rowlen); /* the row repeats: one match, the same sums */
		} else {
			run_add(e, up, 1); /* filter byte under filter byte */
			if (compare_rows(px, above, w, same, &A, &W))
				code_row(e, px, w, same, up);
			else
				run_add(e, up, rowlen - 1);
		}
		a = (uint64_t)A % ADLER_MOD;
		b = ((rowlen - 1) % ADLER_MOD * a + ADLER_MOD - (uint64_t)W % ADLER_MOD) % ADLER_MOD;
		s2 = (s2 + rowlen % ADLER_MOD * s1 + b) % ADLER_MOD;
		s1 = (s1 + a) % ADLER_MOD;
	}
	run_flush(e);
	free(same);
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
