/*
 * no-renameat2.c - an LD_PRELOAD shim for a file system that cannot swap or
 * refuse to replace: renameat2() with any flag fails with EINVAL, as on
 * file systems without RENAME_EXCHANGE and RENAME_NOREPLACE, so the output
 * folder's commit must take its other way (a hard link to each old file).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>

int renameat2(int fromfd, const char *from, int tofd, const char *to, unsigned flags)
{
	static int (*real)(int, const char *, int, const char *, unsigned);
	if (flags) {
		errno = EINVAL;
		return -1;
	}
	if (!real)
		real = (int (*)(int, const char *, int, const char *, unsigned))dlsym(RTLD_NEXT,
										 "renameat2");
	return real(fromfd, from, tofd, to, flags);
}
