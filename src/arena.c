/*
 * arena.c - the model's largest arrays: on the heap while small, then in
 * pages of their own that grow without a copy (arena.h).
 *
 * Why: an array that doubles by copying touches every page of every size it
 * passed through (10 million rounds of 32 bytes: 640 MB of fresh pages for a
 * 320 MB array, each zeroed by the kernel, and old and new at once at the
 * peak). mremap moves the page tables instead; with both addresses on 2 MB
 * boundaries a huge page moves whole.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1 /* mremap */
#endif
#include "arena.h"
#include "util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE ((size_t)2 << 20)

static void die_map(size_t n)
{
	fprintf(stderr, "noisefloor: out of memory allocating %zu bytes\n", n);
	abort();
}

/* The length mapped for an array of n bytes: whole huge pages. */
static size_t map_len(size_t n)
{
	return (n + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
}

/* len bytes (a multiple of HUGE_PAGE) mapped on a 2 MB boundary with prot,
 * readable and writable ones advised for huge pages. */
static char *map_aligned(size_t len, int prot)
{
	char *p = mmap(NULL, len + HUGE_PAGE, prot, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	uintptr_t a;
	size_t head;

	if (p == MAP_FAILED)
		die_map(len);
	a = ((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1);
	head = (size_t)(a - (uintptr_t)p);
	if (head)
		munmap(p, head);
	if (HUGE_PAGE - head)
		munmap((char *)a + len, HUGE_PAGE - head);
#ifdef MADV_HUGEPAGE
	if (prot != PROT_NONE)
		(void)madvise((void *)a, len, MADV_HUGEPAGE);
#endif
	return (char *)a;
}

void *arena_resize(void *p, size_t old, size_t n)
{
	size_t ol, nl;
	void *q;

	if (n < ARENA_MAP)
		return xrealloc(p, n);
	nl = map_len(n);
	if (old < ARENA_MAP) {
		q = map_aligned(nl, PROT_READ | PROT_WRITE);
		if (old)
			memcpy(q, p, old);
		free(p);
		return q;
	}
	ol = map_len(old);
	if (nl == ol)
		return p;
	/* in place when the addresses above are free; else onto a 2 MB
	 * boundary reserved for it (the move replaces the reservation) */
	q = mremap(p, ol, nl, 0);
	if (q != MAP_FAILED)
		return q;
	q = mremap(p, ol, nl, MREMAP_MAYMOVE | MREMAP_FIXED, map_aligned(nl, PROT_NONE));
	if (q == MAP_FAILED)
		die_map(n);
#ifdef MADV_HUGEPAGE
	(void)madvise(q, nl, MADV_HUGEPAGE);
#endif
	return q;
}

void arena_free(void *p, size_t size)
{
	if (!p)
		return;
	if (size < ARENA_MAP)
		free(p);
	else
		munmap(p, map_len(size));
}
