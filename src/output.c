/*
 * output.c - the output folder, written all or nothing.
 *
 * Files go to a staging folder inside the output folder (same file system,
 * so rename() is atomic); commit renames them into place, abort removes the
 * staging folder. A failure before commit leaves the output folder exactly as
 * it was.
 */
#define _XOPEN_SOURCE 700
#include "output.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* mkdir -p; returns 0 or errno. *created says whether the last part is new. */
static int mkdirs(const char *path, int *created)
{
	char *p = xstrdup(path);
	int rc = 0;
	*created = 0;
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST)
			rc = errno;
		*s = '/';
		if (rc)
			break;
	}
	if (!rc) {
		if (mkdir(p, 0777) == 0)
			*created = 1;
		else if (errno != EEXIST)
			rc = errno;
	}
	free(p);
	return rc;
}

int outdir_open(struct outdir *od, const char *dir, struct nf_error *err)
{
	struct stat st;
	int e;
	memset(od, 0, sizeof *od);
	od->dir = xstrdup(dir);
	if ((e = mkdirs(dir, &od->created_dir)) != 0) {
		nf_error_set(err, NF_CANTCREAT, "cannot write output folder '%s': %s", dir, strerror(e));
		free(od->dir);
		od->dir = NULL;
		return NF_CANTCREAT;
	}
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		nf_error_set(err, NF_CANTCREAT, "cannot write output folder '%s': not a folder", dir);
		free(od->dir);
		od->dir = NULL;
		return NF_CANTCREAT;
	}
	od->staging = xasprintf("%s/.noisefloor-XXXXXX", dir);
	if (!mkdtemp(od->staging)) {
		e = errno;
		nf_error_set(err, NF_CANTCREAT, "cannot write output folder '%s': %s", dir, strerror(e));
		if (od->created_dir)
			rmdir(dir);
		free(od->staging);
		free(od->dir);
		memset(od, 0, sizeof *od);
		return NF_CANTCREAT;
	}
	return 0;
}

char *outdir_path(struct outdir *od, const char *name, struct nf_error *err)
{
	char *path = xasprintf("%s/%s", od->staging, name);
	char *slash = strrchr(path, '/');
	int created, e;
	*slash = '\0';
	if ((e = mkdirs(path, &created)) != 0) {
		nf_error_set(err, NF_CANTCREAT, "cannot write '%s/%s': %s", od->dir, name, strerror(e));
		free(path);
		return NULL;
	}
	*slash = '/';
	for (size_t i = 0; i < od->nnames; i++)
		if (strcmp(od->names[i], name) == 0)
			return path;
	ALLOC_GROW(od->names, od->nnames + 1, od->names_alloc);
	od->names[od->nnames++] = xstrdup(name);
	return path;
}

int outdir_write(struct outdir *od, const char *name, const void *data, size_t len,
		 struct nf_error *err)
{
	char *path = outdir_path(od, name, err);
	FILE *f;
	int e = 0;
	if (!path)
		return NF_CANTCREAT;
	f = fopen(path, "wb");
	if (!f) {
		e = errno;
	} else {
		if (fwrite(data, 1, len, f) != len)
			e = errno ? errno : EIO;
		if (fflush(f) != 0 && !e)
			e = errno;
		if (fsync(fileno(f)) != 0 && !e && errno != EINVAL)
			e = errno;
		if (fclose(f) != 0 && !e)
			e = errno;
	}
	free(path);
	if (e)
		return nf_error_set(err, e == ENOSPC || e == EDQUOT || e == EIO ? NF_IOERR : NF_CANTCREAT,
				    "cannot write '%s/%s': %s", od->dir, name, strerror(e));
	return 0;
}

static int rm_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void remove_tree(const char *path)
{
	nftw(path, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int outdir_commit(struct outdir *od, struct nf_error *err)
{
	int rc = 0;
	for (size_t i = 0; i < od->nnames && !rc; i++) {
		char *from = xasprintf("%s/%s", od->staging, od->names[i]);
		char *to = xasprintf("%s/%s", od->dir, od->names[i]);
		char *slash = strrchr(to, '/');
		int created, e = 0;
		*slash = '\0';
		e = mkdirs(to, &created);
		*slash = '/';
		if (!e && rename(from, to) != 0)
			e = errno;
		if (e)
			rc = nf_error_set(err, NF_CANTCREAT, "cannot write '%s': %s", to, strerror(e));
		free(from);
		free(to);
	}
	remove_tree(od->staging);
	for (size_t i = 0; i < od->nnames; i++)
		free(od->names[i]);
	free(od->names);
	free(od->staging);
	free(od->dir);
	memset(od, 0, sizeof *od);
	return rc;
}

void outdir_abort(struct outdir *od)
{
	if (od->staging)
		remove_tree(od->staging);
	if (od->created_dir && od->dir)
		rmdir(od->dir);
	for (size_t i = 0; i < od->nnames; i++)
		free(od->names[i]);
	free(od->names);
	free(od->staging);
	free(od->dir);
	memset(od, 0, sizeof *od);
}
