/*
 * statvfs-full.c - an LD_PRELOAD shim for a full $TMPDIR where no small
 * file system can be mounted: statvfs() of a path under $NF_FULL_DIR says
 * that no block is free. The command under test cuts its own output short,
 * as a full disk would.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>

int statvfs(const char *path, struct statvfs *buf)
{
	static int (*real)(const char *, struct statvfs *);
	const char *full = getenv("NF_FULL_DIR");
	int rc;
	if (!real)
		real = (int (*)(const char *, struct statvfs *))dlsym(RTLD_NEXT, "statvfs");
	rc = real(path, buf);
	if (rc == 0 && full && *full && strncmp(path, full, strlen(full)) == 0)
		buf->f_bavail = buf->f_bfree = 0;
	return rc;
}
