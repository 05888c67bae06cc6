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
 * MANIFEST with each file's SHA-256, so one output's files never mix two
 * runs. A name from the manifest is used only when it stays inside the
 * folder, resolved without following a symbolic link (openat2 with
 * RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS, else O_NOFOLLOW a part at a time),
 * and the file is removed only when it still holds what the previous run
 * wrote: a manifest planted in the folder removes nothing of anyone else's.
 * Nothing else in the folder is touched, and no file is written through a
 * subfolder that is a symbolic link.
 *
 * A crash inside the commit is finished or undone by the next run: before
 * the first move, commit writes the record RECORD (each file's digest,
 * staged name and final name, and the old files to remove); the next run
 * into the folder reads it before anything else and, when every new file
 * is in place, finishes the commit, else moves back each file already
 * moved (see recover). The folder then holds the complete old set or the
 * complete new one.
 *
 * Durability costs two flushes per commit, not one per file: files are
 * written without fsync, commit makes all of them and the record durable at
 * once with one syncfs() of the output folder's file system before any
 * rename (so a crash after a rename can only leave complete new files and a
 * complete record), then syncs each folder that received a file once after
 * the renames. The record costs a small file, not a flush.
 *
 * The lock is kept in a small table rather than in struct outdir; a
 * process has at most a few output folders open at once.
 *
 * This file stages and commits; beside it, output_folder.c holds the
 * folder's lock and the walk beneath it (names, digests, what is removed),
 * output_manifest.c the list of what the last run wrote, and
 * output_record.c the commit record and the recovery from it.
 */
#define _GNU_SOURCE /* syncfs, renameat2 */
#include "lib/output.h"
#include "lib/output_parts.h"
#include "lib/digest256.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>


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

/* path without its trailing slashes, in place */
static void trim_slashes(char *path)
{
	size_t n = strlen(path);
	while (n > 1 && path[n - 1] == '/')
		path[--n] = '\0';
}

/* The outermost folder on the way to dir that does not exist yet, as a
 * prefix of dir (malloc'd); NULL when dir exists or that is unknown. */
static char *first_missing(const char *dir)
{
	char *p = xstrdup(dir), *top = NULL, *slash;
	struct stat st;
	for (;;) {
		trim_slashes(p);
		if (stat(p, &st) == 0 || errno != ENOENT)
			break;
		free(top);
		top = xstrdup(p);
		if (!(slash = strrchr(p, '/')) || slash == p)
			break;
		*slash = '\0';
	}
	free(p);
	return top;
}

/* Removes the folder dir a failed run made, and the parents it made on the
 * way (up to made_top, when given), each only when empty. */
static void remove_made(const char *dir, const char *made_top)
{
	char *p = xstrdup(dir), *slash;
	for (;;) {
		trim_slashes(p);
		if (rmdir(p) != 0 || !made_top || strcmp(p, made_top) == 0)
			break;
		if (!(slash = strrchr(p, '/')) || slash == p)
			break;
		*slash = '\0';
	}
	free(p);
}

static int open_failed(struct outdir *od, const char *dir, const char *why,
		       struct nf_error *err)
{
	nf_error_set(err, NF_CANTCREAT, "cannot write output folder '%s': %s", dir, why);
	out_unlock_dir(od);
	if (od->created_dir)
		remove_made(dir, od->made_top);
	free(od->made_top);
	free(od->staging);
	free(od->dir);
	memset(od, 0, sizeof *od);
	return NF_CANTCREAT;
}

int outdir_open(struct outdir *od, const char *dir, struct nf_error *err)
{
	struct stat st;
	int e, fd;
	memset(od, 0, sizeof *od);
	od->dir = xstrdup(dir);
	od->made_top = first_missing(dir);
	if ((e = out_mkdirs(dir, &od->created_dir)) != 0)
		return open_failed(od, dir, strerror(e), err);
	if (od->made_top) /* "a/b/" is made by its parts; it was not there */
		od->created_dir = 1;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return open_failed(od, dir, "not a folder", err);
	if ((fd = out_lock(od, dir, &od->created_dir)) == -2)
		return open_failed(od, dir, "too many output folders open", err);
	if (fd < 0)
		return open_failed(od, dir, strerror(errno), err);
	out_recover(fd, dir); /* before anything else: a commit a dead run left half done */
	out_remove_stale_staging(dir);
	/* the staging folder's name; the folder is made when first needed */
	od->staging = xasprintf("%s/" STAGING_PREFIX "XXXXXX", dir);
	random_name(od->staging);
	return 0;
}

/* The status for an errno met while writing (one rule for every writer). */
static int write_status(int e)
{
	return nf_status_for_write_errno(e);
}

void outdir_protect(struct outdir *od, const char *path)
{
	struct stat st;
	if (strcmp(path, "-") == 0 || stat(path, &st) != 0 || !S_ISREG(st.st_mode))
		return;
	ALLOC_GROW(od->inputs, od->ninputs + 1, od->inputs_alloc);
	od->inputs[od->ninputs].dev = st.st_dev;
	od->inputs[od->ninputs++].ino = st.st_ino;
}

/* 1 when the entry base in the folder dirfd is one of od's inputs (the
 * entry itself, a symbolic link not followed: renaming over a link leaves
 * its target alone). */
static int is_input(const struct outdir *od, int dirfd, const char *base)
{
	struct stat st;
	if (!od->ninputs || fstatat(dirfd, base, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return 0;
	for (size_t i = 0; i < od->ninputs; i++)
		if (od->inputs[i].dev == st.st_dev && od->inputs[i].ino == st.st_ino)
			return 1;
	return 0;
}

/* 1 when the relative name in the output folder names one of od's inputs. */
int out_name_is_input(const struct outdir *od, const char *name)
{
	const char *base;
	int root = out_locked_fd(od), fd, r;
	if (!od->ninputs || root < 0 || (fd = out_parent_beneath(root, name, &base)) < 0)
		return 0;
	r = is_input(od, fd, base);
	close(fd);
	return r;
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
	if (i == od->nnames && !out_own_name(name)) { /* own_names[] lists every output */
		nf_error_set(err, NF_CANTCREAT, "cannot write '%s/%s': not a name of noisefloor's outputs",
			     od->dir, name);
		return NULL;
	}
	if (i == od->nnames && out_name_is_input(od, name)) {
		nf_error_set(err, NF_CANTCREAT,
			     "cannot write '%s/%s': it is an input of this run, and noisefloor never replaces an input (give another --out)",
			     od->dir, name);
		return NULL;
	}
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
			e = out_mkdirs(path, &created);
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
	int fd, e;
	char *path = stage(od, name, &fd, err);
	if (!path)
		return err->status ? err->status : NF_CANTCREAT;
	free(path);
	e = write_all(fd, data, len); /* no fsync here: outdir_commit flushes every staged file at once */
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
		e = out_mkdirs(s->to, &created);
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
	e = out_mkdirs(s->backup, &created);
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

/* Frees od and unlocks its folder; the staged files are handled already. */
static void release(struct outdir *od)
{
	out_unlock_dir(od);
	for (size_t i = 0; i < od->nnames; i++) {
		free(od->names[i]);
		free(od->staged[i]);
	}
	free(od->names);
	free(od->owners);
	free(od->staged);
	free(od->inputs);
	free(od->staging);
	free(od->made_top);
	free(od->dir);
	memset(od, 0, sizeof *od);
}

/*
 * The commit, in order:
 *
 *   1. the manifest is staged: each file this run wrote with its SHA-256;
 *   2. every folder a file goes into is made;
 *   3. the commit record `.noisefloor.commit` is written: the staging
 *      folder, the folders made, and for each file its digest, its staged
 *      name and its final name, then the previous run's files to remove,
 *      then "end";
 *   4. one syncfs makes the staged files and the record durable;
 *   5. each file is moved into place (swapped with the old one);
 *   6. each folder that received a file is synced once;
 *   7. the previous run's files that this run replaced with nothing are
 *      removed, then the record, then the old files and the staging folder.
 *
 * A run that dies anywhere leaves the record; the next run into the folder
 * reads it first (recover): with every file of the new set in place it
 * finishes step 7, else it moves back what was moved. A failure that the
 * run sees itself is undone at once, the same way.
 */
int outdir_commit(struct outdir *od, struct nf_error *err)
{
	struct step *steps;
	struct buf manifest = BUF_INIT, drop = BUF_INIT;
	struct digest256 d;
	char *old = out_read_manifest(od), (*dig)[65], (*ids)[ID_MAX];
	struct foreign fo = { 0, NULL };
	struct stat st;
	size_t i;
	int rc = 0, e = 0, fd = out_locked_fd(od), recorded = 0;

	/* what each staged file holds, read back (cairo and the workbook
	 * writer write theirs by name) */
	dig = xcalloc(od->nnames + 1, sizeof *dig);
	ids = xcalloc(od->nnames + 1, sizeof *ids);
	for (i = 0; i < od->nnames; i++) {
		if (!out_name_ok(od->names[i])) {
			e = EINVAL;
			break;
		}
		if (out_digest_at(AT_FDCWD, od->staged[i], dig[i], ids[i]) != 0) {
			e = errno ? errno : EIO;
			break;
		}
	}
	if (e) {
		rc = nf_error_set(err, write_status(e), "cannot write '%s/%s': %s", od->dir,
				  od->names[i], strerror(e));
		free(dig);
		free(ids);
		free(old);
		outdir_abort(od);
		return rc;
	}
	for (i = 0; i < od->nnames; i++)
		if (od->owners[i])
			buf_printf(&manifest, "%s\t%s\t%s\t%s\n", od->owners[i], dig[i], ids[i],
				   od->names[i]);
	out_old_manifest(od, old, &manifest, &drop, &fo);
	free(old);
	od->writer = NULL;
	rc = outdir_write(od, MANIFEST, manifest.s, manifest.len, err);
	digest256_init(&d);
	digest256_update(&d, manifest.s, manifest.len);
	digest256_final_hex(&d, dig[od->nnames - 1]);
	if (!rc && stat(od->staged[od->nnames - 1], &st) == 0)
		out_identity(&st, ids[od->nnames - 1]);
	buf_release(&manifest);
	if (rc) {
		buf_release(&drop);
		free(fo.first);
		free(dig);
		free(ids);
		outdir_abort(od);
		return rc;
	}
	steps = xcalloc(od->nnames, sizeof *steps);

	/* the folders the files go into, made before the record names them;
	 * one reached through a symbolic link would put files outside the
	 * output folder */
	if (fd < 0)
		e = EBADF;
	for (i = 0; i < od->nnames && !e; i++) {
		char *slash, *to;
		int created, sub;
		if (!strchr(od->names[i], '/'))
			continue;
		to = xasprintf("%s/%s", od->dir, od->names[i]);
		slash = strrchr(to, '/');
		*slash = '\0';
		if ((e = out_mkdirs(to, &created)) == 0 && created)
			steps[i].made_dir = to;
		else
			free(to);
		if (e)
			break;
		to = xstrndup(od->names[i], (size_t)(strrchr(od->names[i], '/') - od->names[i]));
		if ((sub = out_open_beneath(fd, to, O_RDONLY | O_DIRECTORY)) >= 0) {
			close(sub);
		} else {
			if (out_symlink_on_way(od->dir, to))
				rc = nf_error_set(err, NF_CANTCREAT,
						  "cannot write '%s/%s': '%s' is a symbolic link, and noisefloor writes only inside the output folder",
						  od->dir, od->names[i], to);
			/* anything else (a file in the way) is met and told by
			 * the move */
		}
		free(to);
		if (rc)
			break;
	}
	if (rc) {
		roll_back(od, steps, od->nnames);
		i = 0;
		goto done;
	}
	if (!e && (e = out_write_record(od, fd, steps, dig, ids, drop.s ? drop.s : "")) == 0)
		recorded = 1;
	/* every staged file's data and the record durable, in one call, before
	 * any rename; the staged files are all on the output folder's file
	 * system */
	if (!e && syncfs(fd) != 0 && errno != EINVAL)
		e = errno;
	if (e) {
		rc = nf_error_set(err, write_status(e), "cannot write '%s': %s", od->dir,
				  strerror(e));
		roll_back(od, steps, od->nnames); /* removes the folders made */
		i = 0;
		goto done;
	}
	for (i = 0; i < od->nnames && !e; i++)
		e = place(od, &steps[i], i);
	if (e) {
		rc = nf_error_set(err, write_status(e), "cannot write '%s': %s", steps[i - 1].to,
				  strerror(e));
		roll_back(od, steps, od->nnames);
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
		out_drop_old(fd, drop.s ? drop.s : "", &fo);
	if (fo.n)
		buf_printf(&out_notices,
			   "left %zu file%s as %s: '%s/" MANIFEST "' names %s (the first: '%s'), but %s not the file%s noisefloor wrote there\n",
			   fo.n, fo.n == 1 ? "" : "s", fo.n == 1 ? "it is" : "they are", od->dir,
			   fo.n == 1 ? "it" : "them", fo.first, fo.n == 1 ? "it is" : "they are",
			   fo.n == 1 ? "" : "s");
	free(fo.first);
	buf_release(&drop);
	free(dig);
	free(ids);
	if (recorded)
		unlinkat(fd, RECORD, 0);
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
		remove_made(od->dir, od->made_top);
	release(od);
}

