/*
 * arena.h - memory for the model's largest arrays (the rounds, their values).
 *
 * A small array lives on the heap. From ARENA_MAP bytes on, an array has
 * pages of its own and grows without a copy: the kernel extends the mapping
 * or moves its pages (mremap), so growing 10 million rounds touches each
 * page once, and the array's size never counts twice at the peak. The
 * threshold is low (1 MiB) so that the model's block, ingest's index of a
 * million rounds (8 MB) before the analysis doubles it, is one mapping
 * from the start: filled in one call (arena_populate) and grown in place,
 * not faulted in a page at a time and then copied.
 */
#ifndef NF_ARENA_H
#define NF_ARENA_H

#include <stddef.h>

#define ARENA_MAP ((size_t)1 << 20)

/* Returns p, an array of `old` bytes from arena_resize() (NULL when 0),
 * resized to n bytes (n >= old), its contents kept; the caller frees it with
 * arena_free(result, n). Aborts when out of memory. */
void *arena_resize(void *p, size_t old, size_t n);

/* Asks the kernel to map bytes [from, to) of p (an array of size bytes from
 * arena_resize()) now, in one call rather than a page fault a page. */
void arena_populate(void *p, size_t size, size_t from, size_t to);

/* Frees p, an array of `size` bytes from arena_resize() (NULL is fine). */
void arena_free(void *p, size_t size);

/* ARENA_GROW(p, need, alloc): as ALLOC_GROW (util.h), for an array made by
 * arena_resize() and freed with arena_free(p, alloc * sizeof *p). */
#define ARENA_GROW(p, need, alloc)                                             \
	do {                                                                   \
		if ((size_t)(need) > (alloc)) {                                \
			size_t nf__n = (alloc) ? (alloc) * 2 : 8;              \
			while (nf__n < (size_t)(need)) nf__n *= 2;             \
			(p) = arena_resize((p), (alloc) * sizeof(*(p)),        \
					   nf__n * sizeof(*(p)));              \
			(alloc) = nf__n;                                       \
		}                                                              \
	} while (0)

#endif
