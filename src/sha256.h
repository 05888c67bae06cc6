/*
 * sha256.h - SHA-256 (FIPS 180-4), for the checksum a document gives of
 * the data file it asks the reader to attach (`sha256sum rounds.csv`
 * prints the same).
 */
#ifndef NF_SHA256_H
#define NF_SHA256_H

#include <stddef.h>

/* Writes the 64 lower-case hex digits and a NUL of SHA-256(data[0..n)). */
void sha256_hex(const void *data, size_t n, char out[65]);

#endif
