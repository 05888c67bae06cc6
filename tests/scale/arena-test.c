/*
 * arena-test.c - src/model/arena.c, the memory of the model's largest arrays: an
 * array keeps its values while it grows from the heap into pages of its own
 * and on by mremap (the rounds of millions of values), and a block resized
 * across those sizes keeps what it held (the model's block).
 *
 *     arena-test     one line per check: "pass<TAB>name" or
 *                    "fail<TAB>name<TAB>detail"
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "model/arena.h"

static int failed;

static void result(int ok, const char *name, const char *detail)
{
	if (ok) {
		printf("pass\t%s\n", name);
	} else {
		printf("fail\t%s\t%s\n", name, detail);
		failed = 1;
	}
}

/* The value stored at index i. */
static uint64_t value_at(size_t i)
{
	return (uint64_t)i * 0x9E3779B97F4A7C15ULL + 1;
}

/* The first of n bytes of p that is not c, or n. */
static size_t first_not(const unsigned char *p, size_t n, unsigned char c)
{
	size_t i = 0;
	while (i < n && p[i] == c)
		i++;
	return i;
}

int main(void)
{
	/* one value at a time, as model_add_result appends the rounds, past
	 * ARENA_MAP and two doublings beyond it */
	const size_t total = 3 * (ARENA_MAP / sizeof(uint64_t));
	uint64_t *a = NULL;
	size_t n = 0, alloc = 0, bad = total;
	char detail[160] = "";
	unsigned char *b;
	size_t at;

	for (size_t i = 0; i < total; i++) {
		ARENA_GROW(a, n + 1, alloc);
		if ((n & 65535) == 0)
			arena_populate(a, alloc * sizeof(*a), n * sizeof(*a), (n + 65536) * sizeof(*a));
		a[n++] = value_at(i);
	}
	for (size_t i = 0; i < n && bad == total; i++)
		if (a[i] != value_at(i))
			bad = i;
	if (bad < total)
		snprintf(detail, sizeof(detail), "index %zu of %zu changed", bad, total);
	result(bad == total && n == total,
	       "arena: 3 million values appended one by one keep every value across the heap and mapped pages",
	       detail);
	arena_free(a, alloc * sizeof(*a));

	/* a block resized from the heap to a mapping and to a larger one, each
	 * part filled as it is added */
	b = arena_resize(NULL, 0, 1000);
	memset(b, 0xA5, 1000);
	b = arena_resize(b, 1000, ARENA_MAP + 1);
	at = first_not(b, 1000, 0xA5);
	memset(b + 1000, 0x5A, ARENA_MAP + 1 - 1000);
	arena_populate(b, 4 * ARENA_MAP, ARENA_MAP + 1, 4 * ARENA_MAP);
	b = arena_resize(b, ARENA_MAP + 1, 4 * ARENA_MAP);
	if (at == 1000)
		at = first_not(b, 1000, 0xA5);
	if (at == 1000 && first_not(b + 1000, ARENA_MAP + 1 - 1000, 0x5A) != ARENA_MAP + 1 - 1000)
		at = 1000 + first_not(b + 1000, ARENA_MAP + 1 - 1000, 0x5A);
	memset(b + ARENA_MAP + 1, 0x3C, 3 * ARENA_MAP - 1); /* the new pages are writable */
	snprintf(detail, sizeof(detail), "byte %zu changed", at);
	result(at == 1000, "arena: a block resized from the heap to mapped pages keeps its bytes", detail);
	arena_free(b, 4 * ARENA_MAP);
	return failed;
}
