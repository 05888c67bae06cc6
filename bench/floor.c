/*
 * floor.c - the least any tool must do with a rounds file before it can
 * compare anything: read it, parse every round's value and sort the
 * values. bench/speed.sh builds it and times `noisefloor check` against
 * it; the ratio is what the analysis and the model cost beyond that floor.
 *
 * Usage: floor FILE.ndjson
 * Reads FILE in 1 MiB blocks (read(2), as noisefloor does), takes the
 * number after each line's "value": with strtod, sorts all the values
 * (LSD radix on their order keys, 8 bits a pass, the passes where every key
 * has the same byte skipped) and prints their count, median and sum, so
 * none of the work can be left out.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static uint64_t key_of(double d)
{
	uint64_t u;
	memcpy(&u, &d, sizeof(u));
	return u >> 63 ? ~u : u | (1ULL << 63);
}

static double of_key(uint64_t k)
{
	uint64_t u = k >> 63 ? k & ~(1ULL << 63) : ~k;
	double d;
	memcpy(&d, &u, sizeof(d));
	return d;
}

static void radix(uint64_t *a, uint64_t *tmp, size_t n)
{
	static size_t count[8][256];
	uint64_t *src = a, *dst = tmp;

	for (size_t i = 0; i < n; i++)
		for (int d = 0; d < 8; d++)
			count[d][(a[i] >> (8 * d)) & 0xff]++;
	for (int d = 0; d < 8; d++) {
		size_t sum = 0, *c = count[d];
		if (n == 0 || c[(src[0] >> (8 * d)) & 0xff] == n)
			continue;
		for (int b = 0; b < 256; b++) {
			size_t x = c[b];
			c[b] = sum;
			sum += x;
		}
		for (size_t i = 0; i < n; i++)
			dst[c[(src[i] >> (8 * d)) & 0xff]++] = src[i];
		uint64_t *w = src;
		src = dst;
		dst = w;
	}
	if (src != a)
		memcpy(a, src, n * sizeof(*a));
}

static void die(const char *what, const char *path)
{
	fprintf(stderr, "floor: %s '%s'\n", what, path);
	exit(2);
}

int main(int argc, char **argv)
{
	enum { BLOCK = 1 << 20 };
	static const char tag[] = "\"value\":";
	char *buf;
	size_t have = 0, n = 0, cap = 1 << 16;
	uint64_t *keys, *tmp;
	double sum = 0;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: floor FILE.ndjson\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0)
		die("cannot open", argv[1]);
	buf = malloc(2 * BLOCK + 1);
	keys = malloc(cap * sizeof(*keys));
	if (!buf || !keys)
		die("out of memory reading", argv[1]);
	for (;;) {
		ssize_t got = read(fd, buf + have, BLOCK);
		char *p = buf, *end, *nl;
		if (got < 0)
			die("cannot read", argv[1]);
		have += (size_t)got;
		buf[have] = 0;
		end = buf + have;
		/* whole lines only; the rest waits for the next block */
		while (p < end && (nl = memchr(p, '\n', (size_t)(end - p))) != NULL) {
			char *v = memmem(p, (size_t)(nl - p), tag, sizeof(tag) - 1);
			if (v) {
				if (n == cap) {
					cap *= 2;
					keys = realloc(keys, cap * sizeof(*keys));
					if (!keys)
						die("out of memory reading", argv[1]);
				}
				keys[n++] = key_of(strtod(v + sizeof(tag) - 1, NULL));
			}
			p = nl + 1;
		}
		if (got == 0)
			break;
		have = (size_t)(end - p);
		memmove(buf, p, have);
	}
	close(fd);
	tmp = malloc((n ? n : 1) * sizeof(*tmp));
	if (!tmp)
		die("out of memory sorting", argv[1]);
	radix(keys, tmp, n);
	for (size_t i = 0; i < n; i++)
		sum += of_key(keys[i]);
	printf("%zu values, median %.17g, sum %.17g\n", n, n ? of_key(keys[n / 2]) : 0.0, sum);
	free(tmp);
	free(keys);
	free(buf);
	return 0;
}
