/*
 * output.c - the output folder, written all or nothing.
 *
 * Each file is staged under a hidden temporary name on the output folder's
 * own file system, so rename() into place is atomic: a file at the top of
 * the folder as `.noisefloor-XXXXXX` beside its final place, a file in a
 * subfolder ("charts/x.svg") inside one staging folder `.noisefloor-XXXXXX`,
 * made only when such a file is written. Commit moves every file into place;
 * abort removes what was staged. A failure before or during commit leaves
 * the output folder exactly as it was: a file that replaces an old one is
 * swapped with it (renameat2 RENAME_EXCHANGE), so the old file waits under
 * the staged name and swapping again puts it back; where the file system
 * cannot swap, commit keeps a hard link to the old file in the staging
 * folder instead, as a rename would drop it. The old files are removed once
 * the new set is durable.
 *
 * Concurrent runs into one folder take turns: outdir_open takes an exclusive
 * flock() on the output folder itself (no lock file is left behind) and holds
 * it until commit or abort, so the folder always holds one run's complete
 * set. Holding the lock also proves that any other `.noisefloor-XXXXXX`
 * (file or folder) found in the output folder belongs to a run that died:
 * it is removed.
 *
 * A successful commit also removes what the previous run's writers wrote and
 * the same writers did not write now, from the list each run leaves in
 * MANIFEST, so one output's files never mix two runs; nothing else in the
 * folder is touched.
 *
 * Durability costs two flushes per commit, not one per file: files are
 * written without fsync, commit makes all of them durable at once with one
 * syncfs() of the output folder's file system before any rename (so a
 * crash after a rename can only leave complete new files), then syncs each
 * folder that received a file once after the renames. A crash leaves the old
 * set or the new one.
 *
 * The lock is kept in a small table here rather than in struct outdir; a
 * process has at most a few output folders open at once.
 */
#define _GNU_SOURCE /* syncfs, renameat2 */
#include "lib/output.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define STAGING_PREFIX ".noisefloor-"
#define STAGING_RANDOM 6 /* characters after the prefix */
#define BACKUP_DIR ".previous" /* inside the staging folder, during commit */
#define MANIFEST ".noisefloor.files" /* the files the last run wrote, one a line */

/* The locked output folder of each open outdir. */
static struct {
	const struct outdir *od;
	int fd;
} locks[8];

/* mkdir -p; returns 0 or errno. *created says whether the last part is new.
 * The folder itself is tried first: its parents most often exist, and each
 * mkdir is a call into the file system. */
static int mkdirs(const char *path, int *created)
{
	char *p;
	int rc = 0;
	*created = 0;
	if (!*path)
		return ENOENT;
	if (mkdir(path, 0777) == 0) {
		*created = 1;
		return 0;
	}
	if (errno == EEXIST)
		return 0;
	if (errno != ENOENT)
		return errno;
	p = xstrdup(path);
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

/* Opens and exclusively locks the folder dir, waiting for another run to
 * finish. Returns the descriptor, or -1 with errno set. When another run
 * removed the folder meanwhile (it had created it and then failed), the
 * folder is made again and locked afresh. */
static int lock_dir(const char *dir, int *created)
{
	for (int tries = 0; tries < 100; tries++) {
		struct stat a, b;
		int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), e;
		if (fd < 0 && errno == ENOENT && tries < 99) {
			if ((e = mkdirs(dir, created)) != 0) {
				errno = e;
				return -1;
			}
			continue;
		}
		if (fd < 0)
			return -1;
		while (flock(fd, LOCK_EX) != 0) {
			if (errno != EINTR) {
				e = errno;
				close(fd);
				errno = e;
				return -1;
			}
		}
		if (fstat(fd, &a) == 0 && stat(dir, &b) == 0 && a.st_dev == b.st_dev &&
		    a.st_ino == b.st_ino)
			return fd;
		close(fd);
		if ((e = mkdirs(dir, created)) != 0) {
			errno = e;
			return -1;
		}
	}
	errno = EBUSY;
	return -1;
}

#define NLOCKS (sizeof locks / sizeof locks[0])

/* The slot of locks[] that holds od (a free one for NULL), or NLOCKS. */
static size_t lock_slot(const struct outdir *od)
{
	size_t i = 0;
	while (i < NLOCKS && locks[i].od != od)
		i++;
	return i;
}

static void unlock_dir(const struct outdir *od)
{
	size_t i = lock_slot(od);
	if (i < NLOCKS) {
		close(locks[i].fd);
		locks[i].od = NULL;
	}
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

/* Removes what runs that died before commit or abort left: staging folders
 * and staged files (`.noisefloor-XXXXXX`). Called with the folder locked, so
 * none of them is in use. */
static void remove_stale_staging(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		struct stat st;
		char *path;
		if (strncmp(e->d_name, STAGING_PREFIX, strlen(STAGING_PREFIX)) != 0 ||
		    strlen(e->d_name) != strlen(STAGING_PREFIX) + STAGING_RANDOM)
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		if (lstat(path, &st) == 0) {
			if (S_ISDIR(st.st_mode))
				remove_tree(path);
			else if (S_ISREG(st.st_mode))
				unlink(path);
		}
		free(path);
	}
	closedir(d);
}

/* Replaces the last STAGING_RANDOM characters of path with random letters
 * and digits. The names need not be unpredictable, only distinct: each is
 * created exclusively and drawn again when taken. */
static void random_name(char *path)
{
	static const char alphabet[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
	static uint64_t state;
	char *p = path + strlen(path) - STAGING_RANDOM;
	if (!state) {
		struct timespec ts;
		clock_gettime(CLOCK_REALTIME, &ts);
		state = ((uint64_t)ts.tv_sec << 30 ^ (uint64_t)ts.tv_nsec ^
			 (uint64_t)getpid() << 40) | 1;
	}
	for (int i = 0; i < STAGING_RANDOM; i++) {
		state ^= state << 13; /* xorshift64 */
		state ^= state >> 7;
		state ^= state << 17;
		p[i] = alphabet[(state >> 32) % (sizeof alphabet - 1)];
	}
}

/* Makes the staging folder (for files in subfolders and, where files cannot
 * be swapped, for the old files), once. Returns 0 or errno. */
static int make_staging(struct outdir *od)
{
	for (int tries = 0; !od->staging_made && tries < 100; tries++) {
		if (mkdir(od->staging, 0700) == 0)
			od->staging_made = 1;
		else if (errno == EEXIST)
			random_name(od->staging);
		else
			return errno;
	}
	return od->staging_made ? 0 : EEXIST;
}

static int open_failed(struct outdir *od, const char *dir, const char *why,
		       struct nf_error *err)
{
	nf_error_set(err, NF_CANTCREAT, "cannot write output folder '%s': %s", dir, why);
	unlock_dir(od);
	if (od->created_dir)
		rmdir(dir);
	free(od->staging);
	free(od->dir);
	memset(od, 0, sizeof *od);
	return NF_CANTCREAT;
}

int outdir_open(struct outdir *od, const char *dir, struct nf_error *err)
{
	struct stat st;
	size_t slot;
	int e, fd;
	memset(od, 0, sizeof *od);
	od->dir = xstrdup(dir);
	if ((e = mkdirs(dir, &od->created_dir)) != 0)
		return open_failed(od, dir, strerror(e), err);
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return open_failed(od, dir, "not a folder", err);
	if ((slot = lock_slot(NULL)) == NLOCKS)
		return open_failed(od, dir, "too many output folders open", err);
	if ((fd = lock_dir(dir, &od->created_dir)) < 0)
		return open_failed(od, dir, strerror(errno), err);
	locks[slot].od = od;
	locks[slot].fd = fd;
	remove_stale_staging(dir);
	/* the staging folder's name; the folder is made when first needed */
	od->staging = xasprintf("%s/" STAGING_PREFIX "XXXXXX", dir);
	random_name(od->staging);
	return 0;
}

/* The status for an errno met while writing: a full disk or a failing device
 * is an I/O error, anything else (permissions, a bad path) cannot write. */
static int write_status(int e)
{
	return e == ENOSPC || e == EDQUOT || e == EIO || e == EFBIG ? NF_IOERR : NF_CANTCREAT;
}

/* Stages the relative name: creates its staged file (empty) and records the
 * name. Returns the staged path, malloc'd (caller frees), and with fd set, a
 * descriptor open for writing on it (caller closes); NULL with err set on
 * failure. A name staged before is truncated and staged at the same path. */
static char *stage(struct outdir *od, const char *name, int *fd, struct nf_error *err)
{
	char *path = NULL;
	int e = 0, f = -1, tries = 0;
	size_t i;
	for (i = 0; i < od->nnames && strcmp(od->names[i], name) != 0; i++)
		;
	if (i < od->nnames) {
		path = xstrdup(od->staged[i]);
		if ((f = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) < 0)
			e = errno;
	} else if (strchr(name, '/')) { /* in the staging folder, under its own name */
		char *slash;
		int created;
		if ((e = make_staging(od)) == 0) {
			path = xasprintf("%s/%s", od->staging, name);
			slash = strrchr(path, '/');
			*slash = '\0';
			e = mkdirs(path, &created);
			*slash = '/';
		}
		if (!e && (f = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666)) < 0)
			e = errno;
	} else { /* beside its final place, under a hidden name of its own */
		path = xasprintf("%s/" STAGING_PREFIX "XXXXXX", od->dir);
		do
			random_name(path);
		while ((f = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666)) < 0 &&
		       errno == EEXIST && ++tries < 100);
		if (f < 0)
			e = errno;
	}
	if (e) {
		nf_error_set(err, write_status(e), "cannot write '%s/%s': %s", od->dir, name,
			     strerror(e));
		free(path);
		return NULL;
	}
	if (fd)
		*fd = f;
	else
		close(f);
	if (i == od->nnames) {
		ALLOC_GROW(od->names, od->nnames + 1, od->names_alloc);
		ALLOC_GROW(od->owners, od->nnames + 1, od->owners_alloc);
		ALLOC_GROW(od->staged, od->nnames + 1, od->staged_alloc);
		od->owners[od->nnames] = od->writer;
		od->staged[od->nnames] = xstrdup(path);
		od->names[od->nnames++] = xstrdup(name);
	}
	return path;
}

char *outdir_path(struct outdir *od, const char *name, struct nf_error *err)
{
	return stage(od, name, NULL, err);
}

int outdir_write(struct outdir *od, const char *name, const void *data, size_t len,
		 struct nf_error *err)
{
	const char *p = data;
	int fd, e = 0;
	char *path = stage(od, name, &fd, err);
	if (!path)
		return err->status ? err->status : NF_CANTCREAT;
	free(path);
	while (len > 0) { /* no fsync here: outdir_commit flushes every staged file at once */
		ssize_t k = write(fd, p, len);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			e = k < 0 ? errno : EIO;
			break;
		}
		p += k;
		len -= (size_t)k;
	}
	if (close(fd) != 0 && !e)
		e = errno;
	if (e)
		return nf_error_set(err, write_status(e), "cannot write '%s/%s': %s", od->dir, name,
				    strerror(e));
	return 0;
}

FILE *outdir_fopen(struct outdir *od, const char *name, struct nf_error *err)
{
	FILE *f;
	int fd, e;
	char *path = stage(od, name, &fd, err);
	if (!path)
		return NULL;
	free(path);
	if (!(f = fdopen(fd, "wb"))) {
		e = errno;
		close(fd);
		nf_error_set(err, write_status(e), "cannot write '%s/%s': %s", od->dir, name,
			     strerror(e));
	}
	return f;
}

int outdir_fclose(struct outdir *od, const char *name, FILE *f, struct nf_error *err)
{
	int e = ferror(f) ? (errno ? errno : EIO) : 0;
	if (fflush(f) != 0 && !e)
		e = errno;
	/* no fsync here: outdir_commit flushes every staged file at once */
	if (fclose(f) != 0 && !e)
		e = errno;
	if (e)
		return nf_error_set(err, write_status(e), "cannot write '%s/%s': %s", od->dir, name,
				    strerror(e));
	return 0;
}

/* fsync()s a file or folder by path; returns 0 or errno (EINVAL, a file
 * system that cannot sync, counts as success). */
static int sync_path(const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC), e = 0;
	if (fd < 0)
		return errno;
	if (fsync(fd) != 0 && errno != EINVAL)
		e = errno;
	close(fd);
	return e;
}

/* 1 when renameat2 said the file system or kernel cannot do what a flag asks. */
static int no_flag(int e)
{
	return e == EINVAL || e == ENOSYS || e == EOPNOTSUPP;
}

/* What commit did for one name, so it can be undone. */
struct step {
	char *to, *backup; /* final place; hard link to the old file when not swapped */
	char *made_dir;    /* a folder commit created for it, or NULL */
	int placed, swapped, had_old;
};

/* Puts the output folder back as it was before commit touched it: a swapped
 * file is swapped back, a moved one moved back to its staged name. */
static void roll_back(const struct outdir *od, struct step *s, size_t n)
{
	while (n-- > 0) {
		if (s[n].swapped)
			renameat2(AT_FDCWD, s[n].to, AT_FDCWD, od->staged[n], RENAME_EXCHANGE);
		else if (s[n].placed)
			rename(s[n].to, od->staged[n]);
		if (s[n].had_old)
			rename(s[n].backup, s[n].to);
		if (s[n].made_dir)
			rmdir(s[n].made_dir);
	}
}

/* Moves staged file i into place. A new name takes one rename; a file that
 * replaces one is swapped with it, so the old file waits under the staged
 * name; where the file system cannot swap, the old file is kept as a hard
 * link in the staging folder. Returns 0 or errno. */
static int place(struct outdir *od, struct step *s, size_t i)
{
	const char *from = od->staged[i], *name = od->names[i];
	struct stat st;
	char *slash;
	int created, e;
	s->to = xasprintf("%s/%s", od->dir, name);
	if (strchr(name, '/')) { /* the output folder itself exists: it is locked */
		slash = strrchr(s->to, '/');
		*slash = '\0';
		e = mkdirs(s->to, &created);
		if (!e && created)
			s->made_dir = xstrdup(s->to);
		*slash = '/';
		if (e)
			return e;
	}
	if (renameat2(AT_FDCWD, from, AT_FDCWD, s->to, RENAME_NOREPLACE) == 0) {
		s->placed = 1;
		return 0;
	}
	if (errno != EEXIST && !no_flag(errno))
		return errno;
	if (lstat(s->to, &st) != 0) {
		if (errno != ENOENT)
			return errno;
		if (rename(from, s->to) != 0) /* nothing to replace */
			return errno;
		s->placed = 1;
		return 0;
	}
	if (S_ISDIR(st.st_mode))
		return EISDIR;
	if (renameat2(AT_FDCWD, from, AT_FDCWD, s->to, RENAME_EXCHANGE) == 0) {
		s->placed = s->swapped = 1;
		return 0;
	}
	if (!no_flag(errno))
		return errno;
	if ((e = make_staging(od)) != 0)
		return e;
	s->backup = xasprintf("%s/" BACKUP_DIR "/%s", od->staging, name);
	slash = strrchr(s->backup, '/');
	*slash = '\0';
	e = mkdirs(s->backup, &created);
	*slash = '/';
	if (e)
		return e;
	/* a hard link keeps the old file in place until rename replaces it;
	 * where links are not supported, move it away instead */
	if (link(s->to, s->backup) != 0 && rename(s->to, s->backup) != 0)
		return errno;
	s->had_old = 1;
	if (rename(from, s->to) != 0)
		return errno;
	s->placed = 1;
	return 0;
}

/* The manifest of the previous run in the output folder ("" when none),
 * malloc'd; caller frees. */
static char *read_manifest(const struct outdir *od)
{
	char *path = xasprintf("%s/%s", od->dir, MANIFEST), *text = NULL;
	size_t len;
	if (read_file(path, &text, &len) != 0)
		text = xstrdup("");
	free(path);
	return text;
}

/* 1 when this run's writer `owner` wrote files. */
static int writer_ran(const struct outdir *od, const char *owner)
{
	for (size_t i = 0; i < od->nnames; i++)
		if (od->owners[i] && strcmp(od->owners[i], owner) == 0)
			return 1;
	return 0;
}

static int written(const struct outdir *od, const char *name)
{
	for (size_t i = 0; i < od->nnames; i++)
		if (strcmp(od->names[i], name) == 0)
			return 1;
	return 0;
}

/* Walks the previous run's manifest ("writer<TAB>name" lines, modified in
 * place). With keep set, appends to `keep` the lines of writers that did not
 * run this time (their files stay, so they stay listed); without it, removes
 * the files that a writer which ran again did not write this time (the chart
 * of a workload no longer measured), and their folders when that leaves them
 * empty. Only names from our own manifest are touched, never a user's file;
 * failures are ignored. */
static void old_manifest(const struct outdir *od, const char *old, struct buf *keep)
{
	char *copy = xstrdup(old), *save = NULL;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *path, *slash, *name = strchr(line, '\t');
		if (!name)
			continue;
		*name++ = '\0';
		if (!*name || name[0] == '/' || strstr(name, "..") || strcmp(name, MANIFEST) == 0 ||
		    written(od, name))
			continue;
		if (!writer_ran(od, line)) {
			if (keep)
				buf_printf(keep, "%s\t%s\n", line, name);
			continue;
		}
		if (keep)
			continue;
		path = xasprintf("%s/%s", od->dir, name);
		if (unlink(path) == 0)
			while ((slash = strrchr(path, '/')) && slash > path + strlen(od->dir)) {
				*slash = '\0';
				if (rmdir(path) != 0)
					break;
			}
		free(path);
	}
	free(copy);
}

/* The locked descriptor of od's output folder, or -1. */
static int locked_fd(const struct outdir *od)
{
	size_t i = lock_slot(od);
	return i < NLOCKS ? locks[i].fd : -1;
}

/* Frees od and unlocks its folder; the staged files are handled already. */
static void release(struct outdir *od)
{
	unlock_dir(od);
	for (size_t i = 0; i < od->nnames; i++) {
		free(od->names[i]);
		free(od->staged[i]);
	}
	free(od->names);
	free(od->owners);
	free(od->staged);
	free(od->staging);
	free(od->dir);
	memset(od, 0, sizeof *od);
}

int outdir_commit(struct outdir *od, struct nf_error *err)
{
	struct step *steps;
	struct buf manifest = BUF_INIT;
	char *old = read_manifest(od);
	size_t i;
	int rc = 0, e = 0, fd;

	for (i = 0; i < od->nnames; i++)
		if (od->owners[i])
			buf_printf(&manifest, "%s\t%s\n", od->owners[i], od->names[i]);
	old_manifest(od, old, &manifest);
	od->writer = NULL;
	rc = outdir_write(od, MANIFEST, manifest.s, manifest.len, err);
	buf_release(&manifest);
	if (rc) {
		free(old);
		outdir_abort(od);
		return rc;
	}
	steps = xcalloc(od->nnames, sizeof *steps);

	/* every staged file's data durable, in one call, before any rename;
	 * the staged files are all on the output folder's file system */
	fd = locked_fd(od);
	if (fd < 0 || (syncfs(fd) != 0 && errno != EINVAL)) {
		e = fd < 0 ? EBADF : errno;
		rc = nf_error_set(err, write_status(e), "cannot write '%s': %s", od->dir,
				  strerror(e));
		i = 0;
		goto done;
	}
	for (i = 0; i < od->nnames && !e; i++)
		e = place(od, &steps[i], i);
	if (e) {
		rc = nf_error_set(err, write_status(e), "cannot write '%s': %s", steps[i - 1].to,
				  strerror(e));
		roll_back(od, steps, i);
	} else {
		/* make the renames durable: the output folder and its
		 * subfolders, each once */
		size_t ndirs = 0, *dirs = xmalloc(od->nnames * sizeof *dirs); /* steps synced */
		for (i = 0; i < od->nnames && !e; i++) {
			char *slash = strrchr(steps[i].to, '/');
			size_t dirlen = (size_t)(slash - steps[i].to), j;
			for (j = 0; j < ndirs; j++) {
				const char *o = steps[dirs[j]].to, *os = strrchr(o, '/');
				if ((size_t)(os - o) == dirlen && memcmp(o, steps[i].to, dirlen) == 0)
					break;
			}
			if (j < ndirs)
				continue; /* this folder is synced already */
			dirs[ndirs++] = i;
			if (!strchr(od->names[i], '/')) { /* the output folder: locked open */
				if (fsync(fd) != 0 && errno != EINVAL)
					e = errno;
				continue;
			}
			*slash = '\0';
			e = sync_path(steps[i].to, O_RDONLY | O_DIRECTORY);
			*slash = '/';
		}
		free(dirs);
		if (e) {
			rc = nf_error_set(err, NF_IOERR, "cannot write output folder '%s': %s",
					  od->dir, strerror(e));
			roll_back(od, steps, od->nnames);
		}
	}
done:
	if (!rc)
		old_manifest(od, old, NULL);
	free(old);
	/* the staged names at the top: after success the old files swapped
	 * out, after failure the new files */
	for (i = 0; i < od->nnames; i++) {
		if (!strchr(od->names[i], '/') && (rc || steps[i].swapped))
			unlink(od->staged[i]);
		free(steps[i].to);
		free(steps[i].backup);
		free(steps[i].made_dir);
	}
	free(steps);
	/* empty unless it kept replaced files or subfolders: then the walk */
	if (od->staging_made && rmdir(od->staging) != 0)
		remove_tree(od->staging);
	release(od);
	return rc;
}

void outdir_abort(struct outdir *od)
{
	for (size_t i = 0; i < od->nnames; i++)
		if (!strchr(od->names[i], '/'))
			unlink(od->staged[i]);
	if (od->staging_made)
		remove_tree(od->staging);
	if (od->created_dir && od->dir)
		rmdir(od->dir);
	release(od);
}
