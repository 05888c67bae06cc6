/*
 * nouns.c - a number with its noun (nouns.h).
 */
#include "present/nouns.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdlib.h>

void report_count(struct buf *b, size_t n, const char *one, const char *many)
{
	buf_printf(b, "%zu %s", n, n == 1 ? one : many);
}

static int cmp_ptr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(const char *const *)a, y = (uintptr_t)*(const char *const *)b;
	return x < y ? -1 : x > y;
}

size_t report_count_distinct(const char **v, size_t n)
{
	size_t k = n > 0;
	if (n < 2) /* v may be NULL with n 0, which qsort may not be given */
		return n;
	qsort(v, n, sizeof *v, cmp_ptr);
	for (size_t i = 1; i < n; i++)
		k += v[i] != v[i - 1];
	return k;
}
