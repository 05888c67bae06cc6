/*
 * digest256.c - nettle's SHA-256, with the digest written as hex. nettle
 * takes lengths as size_t, so any buffer is hashed in one call.
 */
#include "lib/digest256.h"

void digest256_init(struct digest256 *d)
{
	sha256_init(&d->ctx);
}

void digest256_update(struct digest256 *d, const void *data, size_t n)
{
	sha256_update(&d->ctx, n, data);
}

void digest256_final_hex(struct digest256 *d, char hex[65])
{
	static const char digits[] = "0123456789abcdef";
	unsigned char md[SHA256_DIGEST_SIZE];

	sha256_digest(&d->ctx, sizeof md, md);
	for (int i = 0; i < SHA256_DIGEST_SIZE; i++) {
		hex[2 * i] = digits[md[i] >> 4];
		hex[2 * i + 1] = digits[md[i] & 15];
	}
	hex[64] = '\0';
}
