/*
 * slow-rename.c - an LD_PRELOAD shim for the concurrency test: every
 * rename() first waits 0 to 40 ms, a different time in each process, so runs
 * committing into one output folder at once would interleave their renames
 * in a different order for each file if nothing kept them apart.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int rename(const char *from, const char *to)
{
	static int (*real)(const char *, const char *);
	static unsigned seed;
	struct timespec ts = { 0, 0 };
	if (!real) {
		real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
		seed = (unsigned)getpid();
	}
	ts.tv_nsec = (long)(rand_r(&seed) % 40) * 1000 * 1000;
	nanosleep(&ts, NULL);
	return real(from, to);
}
