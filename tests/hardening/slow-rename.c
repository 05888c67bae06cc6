/*
 * slow-rename.c - an LD_PRELOAD shim for the concurrency test: every
 * rename() waits a little first, so two runs committing into one output
 * folder at once would interleave their renames if nothing kept them apart.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <time.h>

int rename(const char *from, const char *to)
{
	static int (*real)(const char *, const char *);
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	if (!real)
		real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
	nanosleep(&ts, NULL);
	return real(from, to);
}
