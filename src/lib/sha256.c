/*
 * sha256.c - SHA-256 as FIPS 180-4 specifies it (section 6.2), one 64-byte
 * block at a time. Checked against the FIPS examples and the NIST vectors
 * (tests/impact/sha256-test.c), on both paths.
 *
 * Two ways to hash the blocks: the portable one below, and on x86 processors
 * with the SHA extensions (SHA-NI) their instructions, about five times as
 * fast (inputs are hashed as they are read, so this is a share of reading a
 * large input). The choice is made once, from CPUID; the build needs no
 * -march flag (the function carries its own target attribute).
 * NOISEFLOOR_SHA256=portable in the environment forces the portable path.
 */
#include "lib/sha256.h"

#include <stdlib.h>
#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#define SHA256_X86 1
#include <cpuid.h>
#include <immintrin.h>
#if defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h> /* glibc 2.33 and later: the features it found */
#endif
#endif
#endif

static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROR(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

static void block(uint32_t h[8], const unsigned char *p)
{
	uint32_t w[64], a, b, c, d, e, f, g, k;
	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 64; i++) {
		uint32_t s0 = ROR(w[i - 15], 7) ^ ROR(w[i - 15], 18) ^ (w[i - 15] >> 3);
		uint32_t s1 = ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^ (w[i - 2] >> 10);
		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
	for (int i = 0; i < 64; i++) {
		uint32_t t1 = k + (ROR(e, 6) ^ ROR(e, 11) ^ ROR(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i];
		uint32_t t2 = (ROR(a, 2) ^ ROR(a, 13) ^ ROR(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
		k = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
	}
	h[0] += a, h[1] += b, h[2] += c, h[3] += d, h[4] += e, h[5] += f, h[6] += g, h[7] += k;
}

static void blocks_portable(uint32_t h[8], const unsigned char *p, size_t n)
{
	for (; n; n--, p += 64)
		block(h, p);
}

#ifdef SHA256_X86
/* The same compression with the SHA-NI instructions: four rounds per pair of
 * sha256rnds2, the message schedule by sha256msg1/sha256msg2 four words at
 * a time (Intel's "New Instructions Supporting the Secure Hash Algorithm on
 * Intel Architecture Processors", 2013). The state is kept as ABEF and
 * CDGH, the order the instructions want. */
__attribute__((target("sha,sse4.1,ssse3")))
static void blocks_shani(uint32_t h[8], const unsigned char *p, size_t n)
{
	const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
	__m128i s0, s1, t;

	t = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[0]), 0xB1);  /* CDAB */
	s1 = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)&h[4]), 0x1B); /* EFGH */
	s0 = _mm_alignr_epi8(t, s1, 8);                                         /* ABEF */
	s1 = _mm_blend_epi16(s1, t, 0xF0);                                      /* CDGH */
	for (; n; n--, p += 64) {
		__m128i abef = s0, cdgh = s1, m[4];
		/* 16 groups of four rounds; m[g % 4] holds words 4g..4g+3 */
		for (int g = 0; g < 16; g++) {
			__m128i msg;
			if (g < 4)
				m[g] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16 * g)), bswap);
			msg = _mm_add_epi32(m[g & 3], _mm_loadu_si128((const __m128i *)&K[4 * g]));
			s1 = _mm_sha256rnds2_epu32(s1, s0, msg);
			if (g >= 3 && g <= 14) {
				t = _mm_alignr_epi8(m[g & 3], m[(g - 1) & 3], 4);
				m[(g + 1) & 3] = _mm_sha256msg2_epu32(_mm_add_epi32(m[(g + 1) & 3], t),
								      m[g & 3]);
			}
			s0 = _mm_sha256rnds2_epu32(s0, s1, _mm_shuffle_epi32(msg, 0x0E));
			if (g >= 1 && g <= 12)
				m[(g - 1) & 3] = _mm_sha256msg1_epu32(m[(g - 1) & 3], m[g & 3]);
		}
		s0 = _mm_add_epi32(s0, abef);
		s1 = _mm_add_epi32(s1, cdgh);
	}
	t = _mm_shuffle_epi32(s0, 0x1B);  /* FEBA */
	s1 = _mm_shuffle_epi32(s1, 0xB1); /* DCHG */
	_mm_storeu_si128((__m128i *)&h[0], _mm_blend_epi16(t, s1, 0xF0)); /* DCBA */
	_mm_storeu_si128((__m128i *)&h[4], _mm_alignr_epi8(s1, t, 8));    /* HGFE */
}

/* SHA-NI and the SSSE3/SSE4.1 shuffles it is used with: from what glibc
 * found at start-up where it says (a CPUID instruction traps to the
 * hypervisor in a virtual machine, several microseconds each), else from
 * CPUID. */
static int have_shani(void)
{
#ifdef CPU_FEATURE_ACTIVE
	return CPU_FEATURE_ACTIVE(SHA) && CPU_FEATURE_ACTIVE(SSSE3) && CPU_FEATURE_ACTIVE(SSE4_1);
#else
	unsigned a, b, c, d;
	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 9)) || !(c & (1u << 19)))
		return 0;
	if (__get_cpuid_max(0, NULL) < 7)
		return 0;
	__cpuid_count(7, 0, a, b, c, d);
	return (b >> 29) & 1;
#endif
}
#endif

static void (*blocks)(uint32_t h[8], const unsigned char *p, size_t n);

static void choose(void)
{
	const char *force = getenv("NOISEFLOOR_SHA256");
	blocks = blocks_portable;
#ifdef SHA256_X86
	if (!(force && strcmp(force, "portable") == 0) && have_shani())
		blocks = blocks_shani;
#else
	(void)force;
#endif
}

const char *sha256_implementation(void)
{
	if (!blocks)
		choose();
	return blocks == blocks_portable ? "portable" : "sha-ni";
}

void sha256_init(struct sha256 *s)
{
	static const uint32_t h0[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
					0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	if (!blocks)
		choose();
	memcpy(s->h, h0, sizeof h0);
	s->len = 0;
	s->nblk = 0;
}

void sha256_update(struct sha256 *s, const void *data, size_t n)
{
	const unsigned char *p = data;
	s->len += n;
	if (s->nblk) {
		size_t take = 64 - s->nblk < n ? 64 - s->nblk : n;
		memcpy(s->blk + s->nblk, p, take);
		s->nblk += take, p += take, n -= take;
		if (s->nblk < 64)
			return;
		blocks(s->h, s->blk, 1);
		s->nblk = 0;
	}
	if (n >= 64) {
		blocks(s->h, p, n / 64);
		p += n & ~(size_t)63;
		n &= 63;
	}
	memcpy(s->blk, p, n);
	s->nblk = n;
}

void sha256_final_hex(struct sha256 *s, char hex[65])
{
	static const char digits[] = "0123456789abcdef";
	uint64_t bits = s->len * 8;
	unsigned char pad[72] = { 0x80 };
	size_t npad = (s->nblk < 56 ? 56 : 120) - s->nblk;
	for (int i = 0; i < 8; i++)
		pad[npad + i] = (unsigned char)(bits >> (56 - 8 * i));
	sha256_update(s, pad, npad + 8);
	for (int i = 0; i < 32; i++) {
		unsigned char byte = (unsigned char)(s->h[i / 4] >> (24 - 8 * (i % 4)));
		hex[2 * i] = digits[byte >> 4];
		hex[2 * i + 1] = digits[byte & 15];
	}
	hex[64] = '\0';
}

void sha256_hex(const void *data, size_t n, char out[65])
{
	struct sha256 s;

	sha256_init(&s);
	sha256_update(&s, data, n);
	sha256_final_hex(&s, out);
}
