/*
 * arena.c - the model's largest arrays: on the heap while small, then in
 * pages of their own that grow without a copy (arena.h).
 *
 * Why: an array that doubles by copying touches every page of every size it
 * passed through (10 million rounds of 32 bytes: 640 MB of fresh pages for a
 * 320 MB array, each zeroed by the kernel, and old and new at once at the
 * peak). mremap moves the page tables instead.
 *
 * The pages are not advised for transparent huge pages: on the development
 * machine (a virtual machine) `check` on 10 million values spent 1.5 to 2.1 s
 * in the kernel with them and 0.5 to 0.7 s without, in runs side by side,
 * though it took 2,500 page faults against 119,000. A huge page needs 2 MB
 * of free memory in one piece, which the hypervisor has most likely taken
 * back, so each one is first faulted in and zeroed by the host.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1 /* mremap */
#endif
#include "model/arena.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* The length mapped for an array of n bytes: whole 2 MB steps. */
static size_t map_len(size_t n)
{
	const size_t step = (size_t)2 << 20;
	return (n + step - 1) & ~(step - 1);
}

void *arena_resize(void *p, size_t old, size_t n)
{
	size_t ol, nl;
	void *q;

	if (n < ARENA_MAP)
		return xrealloc(p, n);
	nl = map_len(n);
	if (old < ARENA_MAP) {
		q = mmap(NULL, nl, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (q == MAP_FAILED)
			die_oom(n);
		if (old)
			memcpy(q, p, old);
		free(p);
		return q;
	}
	ol = map_len(old);
	if (nl == ol)
		return p;
	/* in place when the addresses above are free, else elsewhere: the
	 * kernel moves the pages, nothing is copied */
	q = mremap(p, ol, nl, MREMAP_MAYMOVE);
	if (q == MAP_FAILED)
		die_oom(n);
	return q;
}

void arena_populate(void *p, size_t size, size_t from, size_t to)
{
#ifdef MADV_POPULATE_WRITE
	static size_t page;
	if (size < ARENA_MAP)
		return;
	if (!page)
		page = (size_t)sysconf(_SC_PAGESIZE);
	from = (from + page - 1) & ~(page - 1);
	to = to < size ? to : size;
	to &= ~(page - 1);
	if (to > from)
		(void)madvise((char *)p + from, to - from, MADV_POPULATE_WRITE);
#else
	/* an older kernel's headers: the pages fault in one by one */
	(void)p;
	(void)size;
	(void)from;
	(void)to;
#endif
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
