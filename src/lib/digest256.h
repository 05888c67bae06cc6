/*
 * digest256.h - SHA-256 digests as hex, for the input files that every
 * document lists under "How to reproduce" and the data file a document asks
 * the reader to attach (`sha256sum` prints the same). The hashing is
 * nettle's (SHA-NI where the processor has it); nettle's header #defines
 * sha256_init and friends, hence this prefix.
 */
#ifndef NF_DIGEST256_H
#define NF_DIGEST256_H

#include <stddef.h>
#include <nettle/sha2.h>

struct digest256 {
	struct sha256_ctx ctx;
};

void digest256_init(struct digest256 *d);
void digest256_update(struct digest256 *d, const void *data, size_t n);
/* Finishes the digest and writes it as 64 lower-case hex digits and a NUL
 * into hex; d must be initialised again before reuse. */
void digest256_final_hex(struct digest256 *d, char hex[65]);

#endif
