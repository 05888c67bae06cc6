/*
 * slow-rename.c - an LD_PRELOAD shim for the concurrency test: every
 * rename() and renameat2() first waits 0 to 40 ms, a different time in each
 * process, so runs committing into one output folder at once would
 * interleave their renames in a different order for each file if nothing
 * kept them apart.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static void wait_a_while(void)
{
	static unsigned seed;
	struct timespec ts = { 0, 0 };
	if (!seed)
		seed = (unsigned)getpid();
	ts.tv_nsec = (long)(rand_r(&seed) % 40) * 1000 * 1000;
	nanosleep(&ts, NULL);
}

int rename(const char *from, const char *to)
{
	static int (*real)(const char *, const char *);
	if (!real)
		real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
	wait_a_while();
	return real(from, to);
}

int renameat2(int fromfd, const char *from, int tofd, const char *to, unsigned flags)
{
	static int (*real)(int, const char *, int, const char *, unsigned);
	if (!real)
		real = (int (*)(int, const char *, int, const char *, unsigned))dlsym(RTLD_NEXT,
										 "renameat2");
	wait_a_while();
	return real(fromfd, from, tofd, to, flags);
}
