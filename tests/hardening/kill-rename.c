/*
 * kill-rename.c - an LD_PRELOAD shim for the crash test of the output
 * folder's commit: the Nth rename or removal of the process (rename,
 * renameat, renameat2, unlink, unlinkat, remove; N from NF_KILL_AT) kills
 * it with SIGKILL before it happens, as a crash or a power cut would stop it
 * there: in the moves, and after them while the old files are removed. With
 * NF_KILL_AT unset or 0, nothing is killed, and the number of such calls is
 * written at exit to the file NF_RENAME_COUNT names, so the test knows how
 * many there are.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static long count;

static void before_rename(void)
{
	const char *at = getenv("NF_KILL_AT");
	if (++count == (at ? atol(at) : 0))
		raise(SIGKILL);
}

__attribute__((destructor)) static void report_count(void)
{
	const char *path = getenv("NF_RENAME_COUNT");
	FILE *f;
	if (path && (f = fopen(path, "w")) != NULL) {
		fprintf(f, "%ld\n", count);
		fclose(f);
	}
}

int rename(const char *from, const char *to)
{
	static int (*real)(const char *, const char *);
	if (!real)
		real = (int (*)(const char *, const char *))dlsym(RTLD_NEXT, "rename");
	before_rename();
	return real(from, to);
}

int renameat(int fromfd, const char *from, int tofd, const char *to)
{
	static int (*real)(int, const char *, int, const char *);
	if (!real)
		real = (int (*)(int, const char *, int, const char *))dlsym(RTLD_NEXT, "renameat");
	before_rename();
	return real(fromfd, from, tofd, to);
}

int renameat2(int fromfd, const char *from, int tofd, const char *to, unsigned flags)
{
	static int (*real)(int, const char *, int, const char *, unsigned);
	if (!real)
		real = (int (*)(int, const char *, int, const char *, unsigned))dlsym(RTLD_NEXT,
										 "renameat2");
	before_rename();
	return real(fromfd, from, tofd, to, flags);
}

int unlink(const char *path)
{
	static int (*real)(const char *);
	if (!real)
		real = (int (*)(const char *))dlsym(RTLD_NEXT, "unlink");
	before_rename();
	return real(path);
}

int unlinkat(int dirfd, const char *path, int flags)
{
	static int (*real)(int, const char *, int);
	if (!real)
		real = (int (*)(int, const char *, int))dlsym(RTLD_NEXT, "unlinkat");
	before_rename();
	return real(dirfd, path, flags);
}

int remove(const char *path)
{
	static int (*real)(const char *);
	if (!real)
		real = (int (*)(const char *))dlsym(RTLD_NEXT, "remove");
	before_rename();
	return real(path);
}
