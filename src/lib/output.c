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
 * The lock is kept in a small table here rather than in struct outdir; a
 * process has at most a few output folders open at once.
 */
#define _GNU_SOURCE /* syncfs, renameat2 */
#include "lib/output.h"
#include "lib/digest256.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <linux/openat2.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define STAGING_PREFIX ".noisefloor-"
#define STAGING_RANDOM 6 /* characters after the prefix */
#define BACKUP_DIR ".previous" /* inside the staging folder, during commit */
#define MANIFEST ".noisefloor.files" /* the files the last run wrote, one a line */
#define RECORD ".noisefloor.commit" /* the moves of a commit under way */
#define RECORD_HEAD "noisefloor commit 2\n"
#define SMALL_MAX (16u << 20) /* the most of the manifest or the record read */
#define ID_MAX 96 /* "dev:ino:size:sec.nsec" of a file, with its NUL */

/* The names noisefloor writes at the top of the output folder; everything
 * else it writes is under charts/. Recovery and cleanup act on no other
 * name, and stage() writes no other, so this list stays the writers'. */
static const char *const own_names[] = {
	"analysis.json", "blog.md", "issue.md", "summary.md", "ci-summary.md", "report.html",
	"report.pdf", "report.xlsx", "verdicts.csv", "rounds.csv", MANIFEST,
};
#define OWN_DIR "charts/"

/* What open and commit refused to act on, one line each (see
 * outdir_notices). */
static struct buf notices = BUF_INIT;

static int locked_fd(const struct outdir *od);
static int own_name(const char *name);

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
static void (*on_wait)(const char *dir);

void outdir_on_wait(void (*fn)(const char *dir))
{
	on_wait = fn;
}

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
		/* told once when another run holds it: a wait that says nothing
		 * looks like a hang */
		if (flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK && on_wait && tries == 0)
			on_wait(dir);
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

/* 1 when the folder at path holds only what a staging folder of ours
 * holds at its top: `charts`, BACKUP_DIR and (from earlier versions, which
 * staged every file there) output names. */
static int staging_dir_ours(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int ours = d != NULL;
	while (ours && (e = readdir(d)) != NULL)
		ours = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 ||
		       strcmp(e->d_name, "charts") == 0 || strcmp(e->d_name, BACKUP_DIR) == 0 ||
		       own_name(e->d_name);
	if (d)
		closedir(d);
	return ours;
}

/* Removes what runs that died before commit or abort left: staging folders
 * and staged files (`.noisefloor-XXXXXX`). Called with the folder locked, so
 * none of them is in use. A folder under such a name that holds anything a
 * staging folder never does is someone else's: left, with a notice. */
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
			if (S_ISDIR(st.st_mode) && staging_dir_ours(path))
				remove_tree(path);
			else if (S_ISDIR(st.st_mode))
				buf_printf(&notices,
					   "left '%s' as it is: a folder under noisefloor's staging name that noisefloor did not make\n",
					   path);
			else if (S_ISREG(st.st_mode))
				unlink(path);
		}
		free(path);
	}
	closedir(d);
}

/* 1 when name is a relative name of ours that stays inside the folder:
 * not empty, no leading '/', no empty, "." or ".." part, no tab or line
 * break (the manifest and the commit record hold one name a line). */
static int name_ok(const char *name)
{
	const char *p = name;
	if (!*name || *name == '/' || strlen(name) >= PATH_MAX || strpbrk(name, "\t\n\r"))
		return 0;
	while (*p) {
		size_t n = strcspn(p, "/");
		if (n == 0 || (n == 1 && p[0] == '.') || (n == 2 && p[0] == '.' && p[1] == '.'))
			return 0;
		p += n;
		if (*p == '/' && !*++p)
			return 0;
	}
	return 1;
}

/* 1 when name is one that noisefloor writes: a fixed output name or a file
 * under charts/. */
static int own_name(const char *name)
{
	if (!name_ok(name))
		return 0;
	if (strncmp(name, OWN_DIR, strlen(OWN_DIR)) == 0)
		return 1;
	for (size_t i = 0; i < sizeof own_names / sizeof own_names[0]; i++)
		if (strcmp(name, own_names[i]) == 0)
			return 1;
	return 0;
}

char *outdir_notices(void)
{
	return notices.len ? buf_detach(&notices, NULL) : NULL;
}

/* Reads the small file base of the folder dirfd (the manifest or the
 * record) whole into *text (malloc'd, NUL-terminated; caller frees): only
 * a regular file of at most SMALL_MAX bytes, opened without following a
 * symbolic link and without blocking (a FIFO planted there neither hangs
 * the run nor is read). Returns 0, -1 when there is none, 1 when something
 * else is there under the name. */
static int read_small(int dirfd, const char *base, char **text, size_t *len)
{
	struct stat st;
	struct buf b = BUF_INIT;
	char chunk[4096];
	ssize_t k;
	int fd = openat(dirfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	*text = NULL;
	*len = 0;
	if (fd < 0)
		return errno == ENOENT ? -1 : 1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (off_t)SMALL_MAX) {
		close(fd);
		return 1;
	}
	while (b.len <= SMALL_MAX && (k = read(fd, chunk, sizeof chunk)) != 0) {
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			break;
		buf_put(&b, chunk, (size_t)k);
	}
	close(fd);
	if (b.len > SMALL_MAX) { /* grew while read */
		buf_release(&b);
		return 1;
	}
	buf_putc(&b, '\0'); /* an empty file is text too */
	*text = buf_detach(&b, len);
	(*len)--;
	return 0;
}

/* Opens the relative name (checked by name_ok) beneath the folder open as
 * root, following no symbolic link on the way or at the end: openat2 with
 * RESOLVE_BENEATH and RESOLVE_NO_SYMLINKS where the kernel has it, else one
 * component at a time with O_NOFOLLOW. Returns a descriptor or -1. */
static int open_beneath(int root, const char *name, int flags)
{
	struct open_how how = { 0 };
	char *copy, *part, *save = NULL, *next;
	int fd, e;
	how.flags = (uint64_t)(flags | O_NOFOLLOW | O_CLOEXEC);
	how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
	fd = (int)syscall(SYS_openat2, root, name, &how, sizeof how);
	if (fd >= 0 || (errno != ENOSYS && errno != EPERM))
		return fd;
	if (!name_ok(name)) {
		errno = EINVAL;
		return -1;
	}
	copy = xstrdup(name);
	if ((fd = dup(root)) < 0) {
		free(copy);
		return -1;
	}
	for (part = strtok_r(copy, "/", &save); part; part = next) {
		int sub;
		next = strtok_r(NULL, "/", &save);
		sub = openat(fd, part, next ? O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
					    : flags | O_NOFOLLOW | O_CLOEXEC);
		e = errno;
		close(fd);
		if ((fd = sub) < 0) {
			errno = e;
			break;
		}
	}
	free(copy);
	return fd;
}

/* Opens the folder that holds the relative name beneath root (root's own
 * descriptor duplicated for a name at the top); *base is set to the name's
 * last part. Returns a descriptor or -1. */
static int parent_beneath(int root, const char *name, const char **base)
{
	const char *slash = strrchr(name, '/');
	char *dir;
	int fd;
	if (!name_ok(name)) {
		errno = EINVAL;
		return -1;
	}
	*base = slash ? slash + 1 : name;
	if (!slash)
		return fcntl(root, F_DUPFD_CLOEXEC, 0);
	dir = xstrndup(name, (size_t)(slash - name));
	fd = open_beneath(root, dir, O_RDONLY | O_DIRECTORY);
	free(dir);
	return fd;
}

/* A file's identity as the manifest and the record hold it: device,
 * inode, size and modification time. A file another program wrote, or
 * rewrote, at a name of ours has another. */
static void identity(const struct stat *st, char id[ID_MAX])
{
	snprintf(id, ID_MAX, "%ju:%ju:%jd:%jd.%09ld", (uintmax_t)st->st_dev, (uintmax_t)st->st_ino,
		 (intmax_t)st->st_size, (intmax_t)st->st_mtim.tv_sec, (long)st->st_mtim.tv_nsec);
}

/* 1 when id has the shape identity() gives. */
static int id_ok(const char *id)
{
	size_t n = strlen(id);
	return n > 0 && n < ID_MAX && strspn(id, "0123456789:.") == n;
}

/* The SHA-256 of the regular file base in the folder dirfd, as hex, and
 * its identity (when id is not NULL); the file is opened without following
 * a symbolic link. Returns 0, or -1 when it is missing, not a regular file
 * or unreadable. */
static int digest_at(int dirfd, const char *base, char hex[65], char id[ID_MAX])
{
	static char chunk[1 << 16];
	struct digest256 d;
	struct stat st;
	ssize_t k;
	int fd = openat(dirfd, base, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -1;
	}
	if (id)
		identity(&st, id);
	digest256_init(&d);
	while ((k = read(fd, chunk, sizeof chunk)) != 0) {
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			close(fd);
			return -1;
		}
		digest256_update(&d, chunk, (size_t)k);
	}
	close(fd);
	digest256_final_hex(&d, hex);
	return 0;
}

/* 1 when the file at the relative name beneath root is the file of
 * identity id (see identity) and holds exactly the data whose digest is
 * hex. */
static int holds(int root, const char *name, const char *hex, const char *id)
{
	const char *base;
	char got[65], got_id[ID_MAX];
	int fd = parent_beneath(root, name, &base), r;
	if (fd < 0)
		return 0;
	r = digest_at(fd, base, got, got_id) == 0 && strcmp(got, hex) == 0 &&
	    strcmp(got_id, id) == 0;
	close(fd);
	return r;
}

/* Removes the folders of the relative name that are left empty, deepest
 * first, up to (not including) root. */
static void remove_empty_parents(int root, const char *name)
{
	char *p = xstrdup(name), *slash;
	while ((slash = strrchr(p, '/')) != NULL) {
		const char *base;
		int fd;
		*slash = '\0';
		if ((fd = parent_beneath(root, p, &base)) < 0)
			break;
		if (unlinkat(fd, base, AT_REMOVEDIR) != 0) {
			close(fd);
			break;
		}
		close(fd);
	}
	free(p);
}

/* Removes the file at the relative name beneath root when it is the file
 * of identity id and holds exactly the data whose digest is hex (a file we
 * wrote, unchanged since), and the folders that leaves empty. Nothing
 * outside root, nothing reached through a symbolic link, no file of anyone
 * else's is removed. Returns 1 when a file is there that is not that one. */
static int remove_ours(int root, const char *name, const char *hex, const char *id)
{
	const char *base;
	char got[65], got_id[ID_MAX];
	int fd = parent_beneath(root, name, &base), r = 0;
	if (fd < 0)
		return 0;
	if (digest_at(fd, base, got, got_id) == 0 && strcmp(got, hex) == 0 &&
	    strcmp(got_id, id) == 0) {
		if (unlinkat(fd, base, 0) == 0)
			remove_empty_parents(root, name);
	} else {
		struct stat st;
		r = fstatat(fd, base, &st, AT_SYMLINK_NOFOLLOW) == 0;
	}
	close(fd);
	return r;
}

/* 1 when hex is 64 lower-case hex digits. */
static int digest_ok(const char *hex)
{
	return strlen(hex) == 64 && strspn(hex, "0123456789abcdef") == 64;
}

/* 1 when name is a staging name of ours: `.noisefloor-XXXXXX` alone (a
 * staged file at the top) or as the first part (the staging folder). */
static int staging_name_ok(const char *name)
{
	size_t n = strlen(STAGING_PREFIX) + STAGING_RANDOM;
	return name_ok(name) && strncmp(name, STAGING_PREFIX, strlen(STAGING_PREFIX)) == 0 &&
	       strcspn(name, "/") == n;
}

/* Splits line into at most max tab-separated fields; returns how many. */
static int split_tabs(char *line, char **field, int max)
{
	int n = 0;
	while (n < max) {
		field[n++] = line;
		if (!(line = strchr(line, '\t')))
			break;
		*line++ = '\0';
	}
	return line ? -1 : n;
}

/* Finishes or undoes the commit that a run which died left in the folder
 * open as root, from its record (see outdir_commit): when every file of the
 * new set is in place, the commit is finished (the previous run's files it
 * was to remove are removed); else every file already moved is put back as
 * it was, so the folder holds the complete old set. A record that is not
 * complete was being written when the run died, before any move. Every step
 * acts only on a file whose digest is the one recorded, at a name inside
 * the folder reached without a symbolic link, so a planted record touches
 * nothing that is not ours. */
static void recover(int root, const char *dir)
{
	struct rec {
		char *dig, *id, *staged, *name;
	} *f = NULL, *x = NULL;
	char *text = NULL, *line, *save = NULL, *staging = NULL, **dirs = NULL;
	size_t nf = 0, f_alloc = 0, nx = 0, x_alloc = 0, nd = 0, d_alloc = 0, len = 0;
	int complete = 0, done = 1, r = read_small(root, RECORD, &text, &len);

	if (r < 0)
		return;
	if (r > 0) { /* a link, a FIFO, a device or a huge file under our name */
		buf_printf(&notices,
			   "ignored '%s/" RECORD "': not a commit record of noisefloor's (not a small regular file); nothing was changed and it was removed\n",
			   dir);
		goto out;
	}
	if (len < strlen(RECORD_HEAD) || memcmp(text, RECORD_HEAD, strlen(RECORD_HEAD)) != 0 ||
	    memchr(text, '\0', len))
		goto foreign;
	for (line = strtok_r(text + strlen(RECORD_HEAD), "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *fld[5];
		int n = split_tabs(line, fld, 5);
		if (n == 1 && strcmp(fld[0], "end") == 0) {
			complete = 1;
			break;
		} else if (n == 2 && strcmp(fld[0], "s") == 0 && staging_name_ok(fld[1]) &&
			   !strchr(fld[1], '/')) {
			staging = fld[1];
		} else if (n == 2 && strcmp(fld[0], "d") == 0 &&
			   (strcmp(fld[1], "charts") == 0 || own_name(fld[1]))) {
			ALLOC_GROW(dirs, nd + 1, d_alloc);
			dirs[nd++] = fld[1];
		} else if (n == 5 && strcmp(fld[0], "f") == 0 && digest_ok(fld[1]) && id_ok(fld[2]) &&
			   staging_name_ok(fld[3]) && own_name(fld[4])) {
			ALLOC_GROW(f, nf + 1, f_alloc);
			f[nf].dig = fld[1];
			f[nf].id = fld[2];
			f[nf].staged = fld[3];
			f[nf++].name = fld[4];
		} else if (n == 4 && strcmp(fld[0], "x") == 0 && digest_ok(fld[1]) && id_ok(fld[2]) &&
			   own_name(fld[3])) {
			ALLOC_GROW(x, nx + 1, x_alloc);
			x[nx].dig = fld[1];
			x[nx].id = fld[2];
			x[nx++].name = fld[3];
		} else {
			goto foreign;
		}
	}
	if (!complete || !staging)
		goto out;
	/* each new file of a real record is somewhere: in place or still
	 * staged; a record that names a file which is neither is not ours */
	for (size_t i = 0; i < nf; i++)
		if (!holds(root, f[i].name, f[i].dig, f[i].id) &&
		    !holds(root, f[i].staged, f[i].dig, f[i].id))
			goto foreign;
	for (size_t i = 0; i < nf && done; i++)
		done = holds(root, f[i].name, f[i].dig, f[i].id);
	for (size_t i = 0; done && i < nx; i++) /* finish */
		remove_ours(root, x[i].name, x[i].dig, x[i].id);
	if (!done) { /* undo, last move first */
		for (size_t i = nf; i-- > 0;) {
			const char *fb, *sb, *bb;
			char *backup = xasprintf("%s/" BACKUP_DIR "/%s", staging, f[i].name);
			int pf = parent_beneath(root, f[i].name, &fb), ps = -1, pb = -1;
			int moved = pf >= 0 && holds(root, f[i].name, f[i].dig, f[i].id);
			struct stat t;
			if (pf < 0)
				goto next;
			pb = parent_beneath(root, backup, &bb);
			if (pb >= 0 && fstatat(pb, bb, &t, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(t.st_mode)) {
				/* the old file was kept as a link: put it back */
				if (moved || (fstatat(pf, fb, &t, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT))
					renameat(pb, bb, pf, fb);
				goto next;
			}
			if (!moved)
				goto next;
			ps = parent_beneath(root, f[i].staged, &sb);
			if (ps >= 0 && fstatat(ps, sb, &t, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(t.st_mode))
				renameat2(pf, fb, ps, sb, RENAME_EXCHANGE); /* the old file waits there */
			else
				unlinkat(pf, fb, 0); /* a new name: the old set did not have it */
		next:
			if (pf >= 0)
				close(pf);
			if (ps >= 0)
				close(ps);
			if (pb >= 0)
				close(pb);
			free(backup);
		}
		for (size_t i = nd; i-- > 0;) {
			const char *base;
			int pd = parent_beneath(root, dirs[i], &base);
			if (pd >= 0) {
				unlinkat(pd, base, AT_REMOVEDIR);
				close(pd);
			}
		}
	}
	/* the folder as recovered is durable before the record goes */
	if (syncfs(root) != 0 && errno != EINVAL)
		goto done_keep;
	goto out;
foreign: /* planted, or from another version: acted on in nothing */
	buf_printf(&notices,
		   "ignored '%s/" RECORD "': not a commit record of noisefloor's; nothing was changed and it was removed\n",
		   dir);
out:
	unlinkat(root, RECORD, 0);
done_keep:
	free(f);
	free(x);
	free(dirs);
	free(text);
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
	unlock_dir(od);
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
	size_t slot;
	int e, fd;
	memset(od, 0, sizeof *od);
	od->dir = xstrdup(dir);
	od->made_top = first_missing(dir);
	if ((e = mkdirs(dir, &od->created_dir)) != 0)
		return open_failed(od, dir, strerror(e), err);
	if (od->made_top) /* "a/b/" is made by its parts; it was not there */
		od->created_dir = 1;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return open_failed(od, dir, "not a folder", err);
	if ((slot = lock_slot(NULL)) == NLOCKS)
		return open_failed(od, dir, "too many output folders open", err);
	if ((fd = lock_dir(dir, &od->created_dir)) < 0)
		return open_failed(od, dir, strerror(errno), err);
	locks[slot].od = od;
	locks[slot].fd = fd;
	recover(fd, dir); /* before anything else: a commit a dead run left half done */
	remove_stale_staging(dir);
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
static int name_is_input(const struct outdir *od, const char *name)
{
	const char *base;
	int root = locked_fd(od), fd, r;
	if (!od->ninputs || root < 0 || (fd = parent_beneath(root, name, &base)) < 0)
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
	if (i == od->nnames && !own_name(name)) { /* own_names[] lists every output */
		nf_error_set(err, NF_CANTCREAT, "cannot write '%s/%s': not a name of noisefloor's outputs",
			     od->dir, name);
		return NULL;
	}
	if (i == od->nnames && name_is_input(od, name)) {
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

/* The manifest of the previous run in the output folder ("" when none or
 * when it is not a small regular file: see read_small), malloc'd; caller
 * frees. */
static char *read_manifest(const struct outdir *od)
{
	char *text = NULL;
	size_t len;
	int r = read_small(locked_fd(od), MANIFEST, &text, &len);
	if (r > 0)
		buf_printf(&notices,
			   "ignored '%s/" MANIFEST "': not a manifest of noisefloor's (not a small regular file); no file it names was removed\n",
			   od->dir);
	return r == 0 ? text : xstrdup("");
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

/* What the previous run's manifest named that is not noisefloor's: the
 * count and the first name, told in one line after the commit. */
struct foreign {
	size_t n;
	char *first;
};

static void foreign_add(struct foreign *fo, const char *name)
{
	if (!fo->n++)
		fo->first = xstrdup(name);
}

/* Walks the previous run's manifest ("writer<TAB>sha256<TAB>identity<TAB>
 * name" lines): appends to `keep` the lines of writers that did not run
 * this time (their files stay, so they stay listed), and to `drop`, as
 * "x<TAB>sha256<TAB>identity<TAB>name" lines of the commit record, the files
 * that a writer which ran again did not write this time (the chart of a
 * workload no longer measured), to be removed once the new set is in
 * place. Only a name noisefloor writes is taken (own_name), and a file is
 * removed only when it is still the file the previous run wrote (its
 * identity and digest), so a manifest planted in the folder touches
 * nothing of anyone else's; lines without an identity (written before
 * manifests had them) are dropped, their files left alone, and lines that
 * are not noisefloor's are counted in fo. */
static void old_manifest(const struct outdir *od, const char *old, struct buf *keep,
			 struct buf *drop, struct foreign *fo)
{
	char *copy = xstrdup(old), *save = NULL;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *fld[4];
		int n = split_tabs(line, fld, 4);
		if (n == 3 && digest_ok(fld[1]) && own_name(fld[2]))
			continue; /* an older manifest's line: forgotten, the file kept */
		if (n != 4 || !digest_ok(fld[1]) || !id_ok(fld[2]) || !own_name(fld[3]) ||
		    strcmp(fld[3], MANIFEST) == 0) {
			foreign_add(fo, n >= 1 ? fld[n - 1] : line);
			continue;
		}
		if (written(od, fld[3]))
			continue;
		if (name_is_input(od, fld[3]))
			continue; /* read by this run: never removed */
		if (!writer_ran(od, fld[0]))
			buf_printf(keep, "%s\t%s\t%s\t%s\n", fld[0], fld[1], fld[2], fld[3]);
		else
			buf_printf(drop, "x\t%s\t%s\t%s\n", fld[1], fld[2], fld[3]);
	}
	free(copy);
}

/* Removes the files of the "x" lines of drop (see old_manifest) that are
 * still the files the previous run wrote; one there that is not is counted
 * in fo and left alone. */
static void drop_old(int root, const char *drop, struct foreign *fo)
{
	char *copy = xstrdup(drop), *save = NULL;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *fld[4];
		if (split_tabs(line, fld, 4) == 4 && remove_ours(root, fld[3], fld[1], fld[2]))
			foreign_add(fo, fld[3]);
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
	free(od->inputs);
	free(od->staging);
	free(od->made_top);
	free(od->dir);
	memset(od, 0, sizeof *od);
}

/* 1 when a part of the relative folder name under dir is a symbolic link. */
static int symlink_on_way(const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s", dir, name), *s = p + strlen(dir) + 1;
	struct stat st;
	int r = 0;
	for (;;) {
		char *slash = strchr(s, '/');
		if (slash)
			*slash = '\0';
		if (lstat(p, &st) == 0 && S_ISLNK(st.st_mode))
			r = 1;
		if (!slash || r)
			break;
		*slash = '/';
		s = slash + 1;
	}
	free(p);
	return r;
}

/* Writes the commit record (see outdir_commit) into the folder open as
 * root; returns 0 or errno. */
static int write_record(struct outdir *od, int root, const struct step *steps,
			char (*dig)[65], char (*ids)[ID_MAX], const char *drop)
{
	struct buf r = BUF_INIT;
	size_t skip = strlen(od->dir) + 1;
	int f, e = 0;
	buf_puts(&r, RECORD_HEAD);
	buf_printf(&r, "s\t%s\n", od->staging + skip);
	for (size_t i = 0; i < od->nnames; i++)
		if (steps[i].made_dir)
			buf_printf(&r, "d\t%s\n", steps[i].made_dir + skip);
	for (size_t i = 0; i < od->nnames; i++)
		buf_printf(&r, "f\t%s\t%s\t%s\t%s\n", dig[i], ids[i], od->staged[i] + skip,
			   od->names[i]);
	buf_puts(&r, drop);
	buf_puts(&r, "end\n");
	/* a new file: whatever recover() left under the name is not written
	 * through (a FIFO would block) */
	unlinkat(root, RECORD, 0);
	f = openat(root, RECORD, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
	if (f < 0)
		e = errno;
	if (!e)
		e = write_all(f, r.s, r.len);
	if (f >= 0 && close(f) != 0 && !e)
		e = errno;
	if (e && f >= 0)
		unlinkat(root, RECORD, 0); /* a part of a record: never acted on */
	buf_release(&r);
	return e;
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
	char *old = read_manifest(od), (*dig)[65], (*ids)[ID_MAX];
	struct foreign fo = { 0, NULL };
	struct stat st;
	size_t i;
	int rc = 0, e = 0, fd = locked_fd(od), recorded = 0;

	/* what each staged file holds, read back (cairo and the workbook
	 * writer write theirs by name) */
	dig = xcalloc(od->nnames + 1, sizeof *dig);
	ids = xcalloc(od->nnames + 1, sizeof *ids);
	for (i = 0; i < od->nnames; i++) {
		if (!name_ok(od->names[i])) {
			e = EINVAL;
			break;
		}
		if (digest_at(AT_FDCWD, od->staged[i], dig[i], ids[i]) != 0) {
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
	old_manifest(od, old, &manifest, &drop, &fo);
	free(old);
	od->writer = NULL;
	rc = outdir_write(od, MANIFEST, manifest.s, manifest.len, err);
	digest256_init(&d);
	digest256_update(&d, manifest.s, manifest.len);
	digest256_final_hex(&d, dig[od->nnames - 1]);
	if (!rc && stat(od->staged[od->nnames - 1], &st) == 0)
		identity(&st, ids[od->nnames - 1]);
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
		if ((e = mkdirs(to, &created)) == 0 && created)
			steps[i].made_dir = to;
		else
			free(to);
		if (e)
			break;
		to = xstrndup(od->names[i], (size_t)(strrchr(od->names[i], '/') - od->names[i]));
		if ((sub = open_beneath(fd, to, O_RDONLY | O_DIRECTORY)) >= 0) {
			close(sub);
		} else {
			if (symlink_on_way(od->dir, to))
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
	if (!e && (e = write_record(od, fd, steps, dig, ids, drop.s ? drop.s : "")) == 0)
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
		drop_old(fd, drop.s ? drop.s : "", &fo);
	if (fo.n)
		buf_printf(&notices,
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
