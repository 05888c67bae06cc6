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
 *
 * Where the time goes, and what keeps it low: rows are compared with the
 * row above 16 pixels at a time (AVX2 where the processor has it, else
 * SSE2, which x86-64 always has, else plain C; all three write the same
 * bytes); a literal pixel is one token, counted once by a hash of the pixel,
 * and every token is the place of its code in one table of the block's
 * codes; runs of repeated rows are a few tokens with a repeat count. The
 * zlib wrapper's Adler-32 is summed per row with psadbw and pmaddwd (a row
 * that repeats the one above reuses the row's sums), and the chunks'
 * CRC-32 uses carry-less multiplication where the processor has it.
 * NOISEFLOOR_PNG_SIMD=sse2 or none picks a lesser path, for the tests.
 */
#include "lib/png_write.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>
/* SSE2 is part of x86-64; AVX2 is used where the processor has it */
#if defined(__SSE2__) && !defined(NF_PNG_PORTABLE)
#define PNG_SSE2 1
#include <emmintrin.h>
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define PNG_AVX2 1
#include <immintrin.h>
#endif
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

/* The CRC-32 register after n more bytes (no inversion at either end). */
static uint32_t crc_bytes(uint32_t c, const unsigned char *p, size_t n)
{
	for (; n >= 4; n -= 4, p += 4) {
		c ^= (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
		c = crc_table[3][c & 0xFF] ^ crc_table[2][(c >> 8) & 0xFF] ^
		    crc_table[1][(c >> 16) & 0xFF] ^ crc_table[0][c >> 24];
	}
	while (n--)
		c = crc_table[0][(c ^ *p++) & 0xFF] ^ (c >> 8);
	return c;
}

#ifdef PNG_AVX2
/*
 * The same with carry-less multiplication, for n >= 64 and a multiple of
 * 16: four 128-bit lanes folded forward 64 bytes at a time, folded into
 * one, then to 64 and 32 bits, and a Barrett reduction (Intel's "Fast CRC
 * computation for generic polynomials using PCLMULQDQ", the constants for
 * the reflected polynomial 0xEDB88320).
 */
__attribute__((target("pclmul"))) static uint32_t crc_clmul(uint32_t c, const unsigned char *p,
							    size_t n)
{
	const __m128i k12 = _mm_set_epi64x(0x1c6e41596, 0x154442bd4);
	const __m128i k34 = _mm_set_epi64x(0x0ccaa009e, 0x1751997d0);
	const __m128i k5 = _mm_set_epi64x(0, 0x163cd6124);
	const __m128i pu = _mm_set_epi64x(0x1f7011641, 0x1db710641);
	const __m128i low32 = _mm_setr_epi32(-1, 0, 0, 0);
	__m128i x[4], t;

	for (int i = 0; i < 4; i++)
		x[i] = _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * i));
	x[0] = _mm_xor_si128(x[0], _mm_cvtsi32_si128((int)c));
	for (p += 64, n -= 64; n >= 64; p += 64, n -= 64)
		for (int i = 0; i < 4; i++)
			x[i] = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x[i], k12, 0x00),
							   _mm_clmulepi64_si128(x[i], k12, 0x11)),
					     _mm_loadu_si128((const __m128i *)(const void *)(p + 16 * i)));
	for (int i = 1; i < 4; i++)
		x[0] = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x[0], k34, 0x00),
						   _mm_clmulepi64_si128(x[0], k34, 0x11)), x[i]);
	for (; n >= 16; p += 16, n -= 16)
		x[0] = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x[0], k34, 0x00),
						   _mm_clmulepi64_si128(x[0], k34, 0x11)),
				     _mm_loadu_si128((const __m128i *)(const void *)p));
	/* 128 to 64 bits, then to 32 */
	x[0] = _mm_xor_si128(_mm_srli_si128(x[0], 8), _mm_clmulepi64_si128(k34, x[0], 0x01));
	t = _mm_clmulepi64_si128(_mm_and_si128(x[0], low32), k5, 0x00);
	x[0] = _mm_xor_si128(_mm_srli_si128(x[0], 4), t);
	/* Barrett reduction */
	t = _mm_and_si128(_mm_clmulepi64_si128(_mm_and_si128(x[0], low32), pu, 0x10), low32);
	t = _mm_clmulepi64_si128(t, pu, 0x00);
	return (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(_mm_xor_si128(x[0], t), 4));
}

static int have_clmul = -1;
#endif

/* CRC-32 of PNG chunks (ISO 3309), continuing from crc (0 to start). */
static uint32_t crc_update(uint32_t crc, const unsigned char *p, size_t n)
{
	uint32_t c = crc ^ 0xFFFFFFFFu;
#ifdef PNG_AVX2
	if (have_clmul < 0)
		have_clmul = __builtin_cpu_supports("pclmul") &&
			     !(getenv("NOISEFLOOR_PNG_SIMD") && strcmp(getenv("NOISEFLOOR_PNG_SIMD"), "avx2") != 0);
	if (have_clmul && n >= 64) {
		c = crc_clmul(c, p, n & ~(size_t)15);
		p += n & ~(size_t)15;
		n &= 15;
	}
#endif
	return crc_bytes(c, p, n) ^ 0xFFFFFFFFu;
}

static void put_be32(struct buf *b, uint32_t v)
{
	unsigned char c[4] = { (unsigned char)(v >> 24), (unsigned char)(v >> 16),
			       (unsigned char)(v >> 8), (unsigned char)v };
	buf_put(b, c, 4);
}

/* ---- Huffman codes ---- */

#define MAXBITS 15

/* Sorts n keys in rising order (Shell's sort: a block has at most 288). */
static void sort_keys(uint64_t *k, int n)
{
	static const int gaps[] = { 132, 57, 23, 10, 4, 1 };
	for (int g = 0; g < 6; g++)
		for (int i = gaps[g]; i < n; i++) {
			uint64_t v = k[i];
			int j = i;
			for (; j >= gaps[g] && k[j - gaps[g]] > v; j -= gaps[g])
				k[j] = k[j - gaps[g]];
			k[j] = v;
		}
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
	uint64_t leaf[288]; /* frequency << 16 | symbol */
	uint64_t w[2 * 288];
	int parent[2 * 288], depth[2 * 288], count[2 * 288 + 1];
	int nsym = 0, next, li, ii;

	memset(len, 0, (size_t)n);
	for (int i = 0; i < n; i++)
		if (freq[i]) {
			leaf[nsym++] = (uint64_t)freq[i] << 16 | (unsigned)i;
		}
	if (nsym == 0)
		return;
	if (nsym == 1) {
		len[leaf[0] & 0xFFFF] = 1;
		return;
	}
	sort_keys(leaf, nsym);
	for (int i = 0; i < nsym; i++)
		w[i] = leaf[i] >> 16;
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
				len[leaf[--j] & 0xFFFF] = (uint8_t)l;
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
		/* the low len[i] bits of v, reversed */
		v = (v & 0x5555) << 1 | (v >> 1 & 0x5555);
		v = (v & 0x3333) << 2 | (v >> 2 & 0x3333);
		v = (v & 0x0F0F) << 4 | (v >> 4 & 0x0F0F);
		r = (v & 0x00FF) << 8 | (v >> 8 & 0x00FF);
		code[i] = (uint16_t)(r >> (16 - len[i]));
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

/*
 * A token is the place of its code in the block's table of codes (the low
 * 13 bits) and how many times more it comes (the rest): a literal pixel
 * by its place in the pixel table (PIX_SLOTS), a literal byte, or a match
 * of 3..258 bytes at one of the two distances.
 */
#define PIX_SLOTS 4096
#define PIX_HASH(p) (((p) * 2654435761u) >> 20)
#define TOK_BYTE PIX_SLOTS
#define TOK_MATCH(k, l) (TOK_BYTE + 256 + 259 * (k) + (l))
#define TOK_CODES TOK_MATCH(2, 0)
#define TOK_REPS_SHIFT 13
#define TOK_REPS_MAX (0xFFFFFFFFu >> TOK_REPS_SHIFT)
/* A block ends at the first row that starts with this many tokens; a row
 * adds at most 6w + 5 (w literal pixels of up to three tokens, a match of
 * up to three tokens before each and after the last). */
#define BLOCK_TOKENS 65536
#define ROW_TOKENS(w) (6 * (size_t)(w) + 16)

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
	uint32_t *tp;      /* where the next token goes */
	size_t nrep;       /* the repeats the tokens hold */
	uint32_t lfreq[286], dfreq[30];
	uint32_t dist[2]; /* the two distances: to the left, and up */
	int dsym[2];      /* and their codes */
	uint32_t run_dist; /* 0: no match pending */
	size_t run_len;
	unsigned nused;
	/* the pixel table: the literal pixels of the block by a hash of the
	 * pixel, how many times each comes, the places taken (nused) */
	uint32_t pix[PIX_SLOTS], pix_n[PIX_SLOTS];
	uint16_t used[PIX_SLOTS];
	/* the block's codes: their bits, and how many */
	uint64_t code[TOK_CODES];
	uint8_t code_n[TOK_CODES];
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
	int nlit, ndist;
	struct bits *b = &e->bits;

	for (unsigned i = 0; i < e->nused; i++) {
		uint32_t p = e->pix[e->used[i]], n = e->pix_n[e->used[i]];
		e->lfreq[p >> 16] += n;
		e->lfreq[(p >> 8) & 0xFF] += n;
		e->lfreq[p & 0xFF] += n;
	}
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
	/* the codes: bytes, pixels (three bytes), matches (a length's code
	 * and extra bits, then the distance's: at most 48 bits) */
	for (int i = 0; i < 256; i++)
		lit[i] = lcode[i] | (uint32_t)llen[i] << 16;
	for (int i = 0; i < 256; i++)
		e->code[TOK_BYTE + i] = lit[i] & 0xFFFF, e->code_n[TOK_BYTE + i] = (uint8_t)(lit[i] >> 16);
	for (unsigned i = 0; i < e->nused; i++) {
		unsigned h = e->used[i];
		uint32_t p = e->pix[h], r = lit[p >> 16], g = lit[(p >> 8) & 0xFF], bl = lit[p & 0xFF];
		e->code[h] = (r & 0xFFFF) | (uint64_t)(g & 0xFFFF) << (r >> 16) |
			     (uint64_t)(bl & 0xFFFF) << ((r >> 16) + (g >> 16));
		e->code_n[h] = (uint8_t)((r >> 16) + (g >> 16) + (bl >> 16));
		e->pix_n[h] = 0;
	}
	e->nused = 0;
	for (int k = 0; k < 2; k++) {
		int ds, xb;
		uint32_t xv, dbits;
		dist_code(e->dist[k], &ds, &xb, &xv);
		dbits = dcode[ds] | (xv << dlen[ds]);
		for (int l = 3; l <= 258; l++) {
			int s = 257 + len_sym[l];
			uint64_t lb = lcode[s] | (uint64_t)len_xval[l] << llen[s];
			unsigned ln = llen[s] + len_xbits[l];
			e->code[TOK_MATCH(k, l)] = lb | (uint64_t)dbits << ln;
			e->code_n[TOK_MATCH(k, l)] = (uint8_t)(ln + dlen[ds] + (unsigned)xb);
		}
	}

	/* room: the header, at most 48 bits per token (or repeat), the end */
	bits_reserve(b, 1024 + ((size_t)(e->tp - e->tok) + e->nrep) * 6);
	bits_put(b, final ? 1 : 0, 1);
	bits_put(b, 2, 2); /* dynamic Huffman codes */
	write_header(b, llen, nlit, dlen, ndist);
	{
		/* one store per token: at most 48 bits join the 7 pending */
		unsigned char *o = (unsigned char *)b->out->s + b->out->len;
		uint64_t acc = b->acc;
		unsigned n = b->n;
		for (const uint32_t *tp = e->tok, *end = e->tp; tp < end; tp++) {
			uint32_t t = *tp;
			uint64_t v = e->code[t & ((1u << TOK_REPS_SHIFT) - 1)];
			unsigned nb = e->code_n[t & ((1u << TOK_REPS_SHIFT) - 1)];
			/* the code once, and once more for each repeat */
			for (uint32_t r = (t >> TOK_REPS_SHIFT) + 1; r > 0; r--) {
				acc |= v << n;
				n += nb;
				store64(o, acc);
				o += n >> 3;
				acc >>= n & 56;
				n &= 7;
			}
		}
		b->out->len = (size_t)(o - (unsigned char *)b->out->s);
		b->acc = acc;
		b->n = n;
	}
	bits_put(b, lcode[256], llen[256]);
	b->out->s[b->out->len] = '\0';
	e->tp = e->tok;
	e->nrep = 0;
	memset(e->lfreq, 0, sizeof e->lfreq);
	memset(e->dfreq, 0, sizeof e->dfreq);
}


static void add_byte(struct enc *e, unsigned c)
{
	*e->tp++ = TOK_BYTE + c;
	e->lfreq[c]++;
}

/* A literal pixel at tp: by its place in the pixel table, or as three
 * bytes when another pixel holds that place in this block. Returns where
 * the next token goes. */
static inline uint32_t *add_pixel(struct enc *e, uint32_t *tp, uint32_t p)
{
	uint32_t h = PIX_HASH(p);
	if (e->pix_n[h] == 0) {
		e->pix[h] = p;
		e->used[e->nused++] = (uint16_t)h;
	} else if (e->pix[h] != p) {
		tp[0] = TOK_BYTE + (p >> 16);
		tp[1] = TOK_BYTE + ((p >> 8) & 0xFF);
		tp[2] = TOK_BYTE + (p & 0xFF);
		e->lfreq[p >> 16]++;
		e->lfreq[(p >> 8) & 0xFF]++;
		e->lfreq[p & 0xFF]++;
		return tp + 3;
	}
	e->pix_n[h]++;
	*tp = h;
	return tp + 1;
}

/* A match of l bytes at distance k (0: left, 1: up), n times. */
static inline void add_match(struct enc *e, int k, uint32_t l, uint32_t n)
{
	*e->tp++ = (n - 1) << TOK_REPS_SHIFT | TOK_MATCH(k, l);
	e->lfreq[257 + len_sym[l]] += n;
	e->dfreq[e->dsym[k]] += n;
	e->nrep += n - 1;
}

/*
 * Emits the pending match as tokens of at most 258 bytes each; a long one
 * (a run of repeated rows) as one token of 258 with a repeat count.
 */
static void run_emit(struct enc *e)
{
	size_t l = e->run_len, k;
	int up = e->run_dist != e->dist[0];
	e->run_dist = 0;
	e->run_len = 0;
	if (l < 3) {
		/* only a filter byte (0) can be pending alone */
		for (; l > 0; l--)
			add_byte(e, 0);
		return;
	}
	/* k pieces of 258, then 3..258 bytes, or 259 and 260 as two */
	k = (l - 3) / 258;
	l -= 258 * k;
	for (; k > 0; k -= k > TOK_REPS_MAX ? TOK_REPS_MAX : k)
		add_match(e, up, 258, k > TOK_REPS_MAX ? TOK_REPS_MAX : (uint32_t)k);
	if (l > 258) {
		add_match(e, up, (uint32_t)l - 3, 1);
		l = 3;
	}
	add_match(e, up, (uint32_t)l, 1);
}

static inline void run_flush(struct enc *e)
{
	if (e->run_len - 3 <= 255) { /* most matches: one token */
		add_match(e, e->run_dist != e->dist[0], (uint32_t)e->run_len, 1);
		e->run_dist = 0;
		e->run_len = 0;
	} else if (e->run_dist) {
		run_emit(e);
	}
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
 * A row that repeats the one above has its sums.
 */
static void row_sums_tail(const uint32_t *px, int x, int w, int64_t *A, int64_t *W)
{
	for (; x < w; x++) {
		uint32_t p = px[x];
		int64_t r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, bl = p & 0xFF, s = r + g + bl;
		*A += s;
		*W += 3 * (int64_t)x * s + g + 2 * bl;
	}
}

#ifdef PNG_SSE2
/*
 * Four pixels (a group) at a time: psadbw sums the bytes, and within a
 * group the weights 3q, 3q + 1, 3q + 2 of pixel q's red, green and blue are
 * constants (pmaddwd); the group's place adds 12j * S_j for group j, taken
 * from running sums: sum j * S_j = (groups - 1) * sum S_j - sum over j of
 * the sums before j. No lane overflows in rows of up to 65536 pixels.
 */
static void row_sums_sse2(const uint32_t *px, int w, int64_t *A, int64_t *W)
{
	const __m128i rgb = _mm_set1_epi32(0x00FFFFFF), zero = _mm_setzero_si128();
	const __m128i wlo = _mm_setr_epi16(2, 1, 0, 0, 5, 4, 3, 0);
	const __m128i whi = _mm_setr_epi16(8, 7, 6, 0, 11, 10, 9, 0);
	__m128i s = zero, before = zero, in = zero;
	int64_t ls[2], lb[2], g = w / 4;
	int32_t li[4];
	int x = 0;

	for (; x + 4 <= w; x += 4) {
		__m128i v = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)(px + x)), rgb);
		before = _mm_add_epi64(before, s);
		s = _mm_add_epi64(s, _mm_sad_epu8(v, zero));
		in = _mm_add_epi32(in, _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(v, zero), wlo),
						     _mm_madd_epi16(_mm_unpackhi_epi8(v, zero), whi)));
	}
	_mm_storeu_si128((__m128i *)(void *)ls, s);
	_mm_storeu_si128((__m128i *)(void *)lb, before);
	_mm_storeu_si128((__m128i *)(void *)li, in);
	*A = ls[0] + ls[1];
	*W = (int64_t)li[0] + li[1] + li[2] + li[3];
	if (g > 0)
		*W += 12 * ((g - 1) * *A - lb[0] - lb[1]);
	row_sums_tail(px, x, w, A, W);
}
#endif

#ifdef PNG_AVX2
/* The same, eight pixels a group, two groups at a time; pmaddubsw weighs
 * the bytes of a group (the weights, 0..23, fit a signed byte). */
__attribute__((target("avx2"))) static void row_sums_avx2(const uint32_t *px, int w, int64_t *A,
							  int64_t *W)
{
	const __m256i rgb = _mm256_set1_epi32(0x00FFFFFF), zero = _mm256_setzero_si256();
	const __m256i one = _mm256_set1_epi16(1);
	const __m256i wt = _mm256_setr_epi8(2, 1, 0, 0, 5, 4, 3, 0, 8, 7, 6, 0, 11, 10, 9, 0,
					    14, 13, 12, 0, 17, 16, 15, 0, 20, 19, 18, 0, 23, 22, 21, 0);
	__m256i s = zero, before = zero, in = zero;
	int64_t ls[4], lb[4], g = w / 8;
	int32_t li[8];
	int x = 0;

	for (; x + 16 <= w; x += 16) {
		__m256i v0 = _mm256_loadu_si256((const __m256i *)(const void *)(px + x));
		__m256i v1 = _mm256_loadu_si256((const __m256i *)(const void *)(px + x + 8));
		__m256i s0 = _mm256_sad_epu8(_mm256_and_si256(v0, rgb), zero);
		before = _mm256_add_epi64(before, _mm256_add_epi64(_mm256_add_epi64(s, s), s0));
		s = _mm256_add_epi64(s, _mm256_add_epi64(s0, _mm256_sad_epu8(_mm256_and_si256(v1, rgb), zero)));
		in = _mm256_add_epi32(in, _mm256_madd_epi16(_mm256_add_epi16(_mm256_maddubs_epi16(v0, wt),
									   _mm256_maddubs_epi16(v1, wt)),
							    one));
	}
	for (; x + 8 <= w; x += 8) {
		__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(px + x));
		before = _mm256_add_epi64(before, s);
		s = _mm256_add_epi64(s, _mm256_sad_epu8(_mm256_and_si256(v, rgb), zero));
		in = _mm256_add_epi32(in, _mm256_madd_epi16(_mm256_maddubs_epi16(v, wt), one));
	}
	_mm256_storeu_si256((__m256i *)(void *)ls, s);
	_mm256_storeu_si256((__m256i *)(void *)lb, before);
	_mm256_storeu_si256((__m256i *)(void *)li, in);
	*A = ls[0] + ls[1] + ls[2] + ls[3];
	*W = 0;
	for (int i = 0; i < 8; i++)
		*W += li[i];
	if (g > 0)
		*W += 24 * ((g - 1) * *A - lb[0] - lb[1] - lb[2] - lb[3]);
	row_sums_tail(px, x, w, A, W);
}
#endif

static void row_sums_portable(const uint32_t *px, int w, int64_t *A, int64_t *W)
{
	*A = 0, *W = 0;
	row_sums_tail(px, 0, w, A, W);
}

/* A and W of a row of w <= 65536 pixels. */
static void (*row_sums)(const uint32_t *px, int w, int64_t *A, int64_t *W);

/* The first pixel at or after x that differs from the one above (w if none). */
static inline int first_diff(const uint32_t *px, const uint32_t *above, int x, int w)
{
#ifdef PNG_SSE2
	for (; x + 16 <= w; x += 16) {
		__m128i c = _mm_and_si128(
			_mm_and_si128(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(px + x)),
						     _mm_loadu_si128((const __m128i *)(const void *)(above + x))),
				      _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(px + x + 4)),
						     _mm_loadu_si128((const __m128i *)(const void *)(above + x + 4)))),
			_mm_and_si128(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(px + x + 8)),
						     _mm_loadu_si128((const __m128i *)(const void *)(above + x + 8))),
				      _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)(px + x + 12)),
						     _mm_loadu_si128((const __m128i *)(const void *)(above + x + 12)))));
		if (((unsigned)_mm_movemask_epi8(c) | 0x8888u) != 0xFFFF)
			break;
	}
	for (; x + 4 <= w; x += 4) {
		unsigned m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(
				     _mm_loadu_si128((const __m128i *)(const void *)(px + x)),
				     _mm_loadu_si128((const __m128i *)(const void *)(above + x)))) |
			     0x8888u;
		if (m != 0xFFFF)
			return x + (__builtin_ctz(~m) >> 2);
	}
#endif
	while (x < w && ((px[x] ^ above[x]) & 0xFFFFFF) == 0)
		x++;
	return x;
}

#ifdef PNG_AVX2
/* The same as first_diff, sixteen pixels at a time. */
__attribute__((target("avx2"))) static inline int first_diff_avx2(const uint32_t *px,
								   const uint32_t *above, int x, int w)
{
	if (x + 8 <= w) {
		uint32_t m = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
				     _mm256_loadu_si256((const __m256i *)(const void *)(px + x)),
				     _mm256_loadu_si256((const __m256i *)(const void *)(above + x)))) |
			     0x88888888u;
		if (m != 0xFFFFFFFFu)
			return x + (__builtin_ctz(~m) >> 2);
		x += 8;
	}
	for (; x + 16 <= w; x += 16) {
		uint64_t m = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
				     _mm256_loadu_si256((const __m256i *)(const void *)(px + x)),
				     _mm256_loadu_si256((const __m256i *)(const void *)(above + x)))) |
			     (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
				     _mm256_loadu_si256((const __m256i *)(const void *)(px + x + 8)),
				     _mm256_loadu_si256((const __m256i *)(const void *)(above + x + 8)))) << 32;
		m |= 0x8888888888888888ull;
		if (m != ~0ull)
			return x + (__builtin_ctzll(~m) >> 2);
	}
	return first_diff(px, above, x, w);
}
#endif

/* The first pixel at or after x whose colour is not p (w if none). */
static inline int run_end(const uint32_t *px, int x, int w, uint32_t p)
{
#ifdef PNG_SSE2
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

#ifdef PNG_AVX2
/* The same as run_end, eight pixels at a time. */
__attribute__((target("avx2"))) static inline int run_end_avx2(const uint32_t *px, int x, int w,
								uint32_t p)
{
	const __m256i c = _mm256_set1_epi32((int)p);
	for (; x + 8 <= w; x += 8) {
		uint32_t m = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(
				     _mm256_loadu_si256((const __m256i *)(const void *)(px + x)), c)) |
			     0x88888888u;
		if (m != 0xFFFFFFFFu)
			return x + (__builtin_ctz(~m) >> 2);
	}
	return run_end(px, x, w, p);
}
#endif

/*
 * The pixels of one row after its filter byte: a match with the row above
 * (at distance up) while the pixels equal the ones above, a run of the
 * colour on the left while they repeat it, else literal pixels; a match
 * goes on for as long as it can. above is NULL when no row above is in
 * reach.
 */
static inline __attribute__((always_inline)) void
code_row_with(struct enc *e, const uint32_t *px, const uint32_t *above, int w, uint32_t up, int avx2)
{
	int x = 0;
	(void)avx2;
	while (x < w) {
		uint32_t p;
		if (above) {
			int k;
#ifdef PNG_AVX2
			if (avx2)
				k = first_diff_avx2(px, above, x, w);
			else
#endif
				k = first_diff(px, above, x, w);
			if (k > x) {
				run_add(e, up, (size_t)(k - x) * 3);
				if ((x = k) == w)
					break;
			}
		}
		p = px[x] & 0xFFFFFF;
		if (x > 0 && ((px[x - 1] ^ p) & 0xFFFFFF) == 0) {
			int k;
#ifdef PNG_AVX2
			if (avx2)
				k = run_end_avx2(px, x + 1, w, p);
			else
#endif
				k = run_end(px, x + 1, w, p);
			run_add(e, 3, (size_t)(k - x) * 3);
			x = k;
			continue;
		}
		/* literal pixels, while they differ from the ones above and left */
		run_flush(e);
		{
			uint32_t *tp = e->tp;
			for (;;) {
				tp = add_pixel(e, tp, p);
				if (++x == w)
					break;
				p = px[x] & 0xFFFFFF;
				if ((above && ((above[x] ^ p) & 0xFFFFFF) == 0) ||
				    ((px[x - 1] ^ p) & 0xFFFFFF) == 0)
					break;
			}
			e->tp = tp;
		}
	}
}

static void code_row_plain(struct enc *e, const uint32_t *px, const uint32_t *above, int w,
			   uint32_t up)
{
	if (above)
		code_row_with(e, px, above, w, up, 0);
	else
		code_row_with(e, px, NULL, w, up, 0);
}

#ifdef PNG_AVX2
__attribute__((target("avx2"))) static void code_row_avx2(struct enc *e, const uint32_t *px,
							  const uint32_t *above, int w, uint32_t up)
{
	if (above)
		code_row_with(e, px, above, w, up, 1);
	else
		code_row_with(e, px, NULL, w, up, 0);
}
#endif

static void (*code_row)(struct enc *e, const uint32_t *px, const uint32_t *above, int w, uint32_t up);

/* The row functions for this processor (NOISEFLOOR_PNG_SIMD=sse2 or none
 * picks a lesser one, to test them). */
static void choose_simd(void)
{
	const char *force = getenv("NOISEFLOOR_PNG_SIMD");
	if (row_sums)
		return;
	row_sums = row_sums_portable;
	code_row = code_row_plain;
	if (force && strcmp(force, "none") == 0)
		return;
#ifdef PNG_SSE2
	row_sums = row_sums_sse2;
#endif
#ifdef PNG_AVX2
	if (!(force && strcmp(force, "sse2") == 0) && __builtin_cpu_supports("avx2")) {
		row_sums = row_sums_avx2;
		code_row = code_row_avx2;
	}
#endif
}

/* The deflate stream of the rows (filter byte 0, then RGB) into the bits. */
static void deflate_rows(struct enc *e, const unsigned char *data, int w, int h, size_t stride,
			 uint32_t *adler)
{
	size_t rowlen = (size_t)w * 3 + 1;
	uint32_t up = rowlen <= 32768 ? (uint32_t)rowlen : 0; /* the pixel above, if in reach */
	uint64_t s1 = 1, s2 = 0, a = 0, b = 0;

	for (int y = 0; y < h; y++) {
		const uint32_t *px = (const uint32_t *)(const void *)(data + (size_t)y * stride);
		const uint32_t *above = (const uint32_t *)(const void *)(data + (size_t)(y - !!y) * stride);
		if (y > 0 && up && memcmp(px, above, (size_t)w * 4) == 0) {
			run_add(e, up, rowlen); /* the row repeats: one match, the same sums */
		} else {
			int64_t A, W;
			if (e->tp - e->tok >= BLOCK_TOKENS)
				emit_block(e, 0);
			(w <= 65536 ? row_sums : row_sums_portable)(px, w, &A, &W);
			a = (uint64_t)A % ADLER_MOD;
			b = ((rowlen - 1) % ADLER_MOD * a + ADLER_MOD - (uint64_t)W % ADLER_MOD) % ADLER_MOD;
			if (y > 0 && up) {
				run_add(e, up, 1); /* filter byte under filter byte */
				code_row(e, px, above, w, up);
			} else {
				run_flush(e);
				add_byte(e, 0);
				code_row(e, px, NULL, w, 0);
			}
		}
		s2 = (s2 + rowlen % ADLER_MOD * s1 + b) % ADLER_MOD;
		s1 = (s1 + a) % ADLER_MOD;
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
	choose_simd();
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
	/* the tables are filled as they are used: only the counts and the
	 * state start at zero */
	memset(&e, 0, offsetof(struct enc, pix));
	memset(e.pix_n, 0, sizeof e.pix_n);
	e.dist[0] = 3;
	e.dist[1] = w > 0 && (size_t)w * 3 + 1 <= 32768 ? (uint32_t)w * 3 + 1 : 3;
	for (int k = 0; k < 2; k++) {
		int xb;
		uint32_t xv;
		dist_code(e.dist[k], &e.dsym[k], &xb, &xv);
	}
	e.bits.out = out;
	e.tok = e.tp = xmalloc((BLOCK_TOKENS + ROW_TOKENS(w)) * sizeof *e.tok);
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
