/*
 * sha256.h - SHA-256 (FIPS 180-4), for the digests of the input files that
 * every document lists under "How to reproduce" and of the data file a
 * document asks the reader to attach (`sha256sum` prints the same). None of
 * the libraries noisefloor links provides it; this is the plain streaming form.
 */
#ifndef NF_SHA256_H
#define NF_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct sha256 {
	uint32_t h[8];
	uint64_t len;          /* bytes hashed so far */
	unsigned char blk[64]; /* the block being filled */
	size_t nblk;
};

void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, size_t n);
/* Finishes the digest and writes it as 64 lower-case hex digits and a NUL
 * into hex; s must be initialised again before reuse. */
void sha256_final_hex(struct sha256 *s, char hex[65]);
/* Writes the 64 lower-case hex digits and a NUL of SHA-256(data[0..n)). */
void sha256_hex(const void *data, size_t n, char out[65]);

/* "sha-ni" or "portable": how blocks are hashed on this machine (see
 * sha256.c; NOISEFLOOR_SHA256=portable forces the portable path). */
const char *sha256_implementation(void);

#endif
