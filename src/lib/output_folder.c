/*
 * output_folder.c - the output folder itself (output_parts.h): its lock,
 * taken with flock() on the folder and held from outdir_open to the end of
 * the run; the names noisefloor writes there and nothing else; files
 * reached beneath it without following a symbolic link, their digests and
 * identities; and the walk that removes what a dead run left staged, or a
 * file of ours that is still as we wrote it.
 */
#define _GNU_SOURCE /* openat2's headers */
#include "lib/output.h"
#include "lib/output_parts.h"
#include "lib/digest256.h"

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
#include <unistd.h>


/* The names noisefloor writes at the top of the output folder; everything
 * else it writes is under charts/. Recovery and cleanup act on no other
 * name, and stage() writes no other, so this list stays the writers'. */
static const char *const own_names[] = {
	"analysis.json", "blog.md", "issue.md", "summary.md", "ci-summary.md", "report.html",
	"report.pdf", "report.xlsx", "verdicts.csv", "rounds.csv", MANIFEST,
};

/* What open and commit refused to act on, one line each (see
 * outdir_notices). */
struct buf out_notices = BUF_INIT;

/* The locked output folder of each open outdir. */
static struct {
	const struct outdir *od;
	int fd;
} locks[8];

#define NLOCKS (sizeof locks / sizeof locks[0])

/* mkdir -p; returns 0 or errno. *created says whether the last part is new.
 * The folder itself is tried first: its parents most often exist, and each
 * mkdir is a call into the file system. */
int out_mkdirs(const char *path, int *created)
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
			if ((e = out_mkdirs(dir, created)) != 0) {
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
		if ((e = out_mkdirs(dir, created)) != 0) {
			errno = e;
			return -1;
		}
	}
	errno = EBUSY;
	return -1;
}

/* The slot of locks[] that holds od (a free one for NULL), or NLOCKS. */
static size_t lock_slot(const struct outdir *od)
{
	size_t i = 0;
	while (i < NLOCKS && locks[i].od != od)
		i++;
	return i;
}

int out_lock(const struct outdir *od, const char *dir, int *created)
{
	size_t slot = lock_slot(NULL);
	int fd;
	if (slot == NLOCKS)
		return -2;
	if ((fd = lock_dir(dir, created)) < 0)
		return -1;
	locks[slot].od = od;
	locks[slot].fd = fd;
	return fd;
}

void out_unlock_dir(const struct outdir *od)
{
	size_t i = lock_slot(od);
	if (i < NLOCKS) {
		close(locks[i].fd);
		locks[i].od = NULL;
	}
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
		       out_own_name(e->d_name);
	if (d)
		closedir(d);
	return ours;
}

/* Removes what runs that died before commit or abort left: staging folders
 * and staged files (`.noisefloor-XXXXXX`). Called with the folder locked, so
 * none of them is in use. A folder under such a name that holds anything a
 * staging folder never does is someone else's: left, with a notice. */
void out_remove_stale_staging(const char *dir)
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
				buf_printf(&out_notices,
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
int out_name_ok(const char *name)
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
int out_own_name(const char *name)
{
	if (!out_name_ok(name))
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
	return out_notices.len ? buf_detach(&out_notices, NULL) : NULL;
}

/* Reads the small file base of the folder dirfd (the manifest or the
 * record) whole into *text (malloc'd, NUL-terminated; caller frees): only
 * a regular file of at most SMALL_MAX bytes, opened without following a
 * symbolic link and without blocking (a FIFO planted there neither hangs
 * the run nor is read). Returns 0, -1 when there is none, 1 when something
 * else is there under the name. */
int out_read_small(int dirfd, const char *base, char **text, size_t *len)
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

/* Opens the relative name (checked by out_name_ok) beneath the folder open as
 * root, following no symbolic link on the way or at the end: openat2 with
 * RESOLVE_BENEATH and RESOLVE_NO_SYMLINKS where the kernel has it, else one
 * component at a time with O_NOFOLLOW. Returns a descriptor or -1. */
int out_open_beneath(int root, const char *name, int flags)
{
	struct open_how how = { 0 };
	char *copy, *part, *save = NULL, *next;
	int fd, e;
	how.flags = (uint64_t)(flags | O_NOFOLLOW | O_CLOEXEC);
	how.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS;
	fd = (int)syscall(SYS_openat2, root, name, &how, sizeof how);
	if (fd >= 0 || (errno != ENOSYS && errno != EPERM))
		return fd;
	if (!out_name_ok(name)) {
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
int out_parent_beneath(int root, const char *name, const char **base)
{
	const char *slash = strrchr(name, '/');
	char *dir;
	int fd;
	if (!out_name_ok(name)) {
		errno = EINVAL;
		return -1;
	}
	*base = slash ? slash + 1 : name;
	if (!slash)
		return fcntl(root, F_DUPFD_CLOEXEC, 0);
	dir = xstrndup(name, (size_t)(slash - name));
	fd = out_open_beneath(root, dir, O_RDONLY | O_DIRECTORY);
	free(dir);
	return fd;
}

/* A file's identity as the manifest and the record hold it: device,
 * inode, size and modification time. A file another program wrote, or
 * rewrote, at a name of ours has another. */
void out_identity(const struct stat *st, char id[ID_MAX])
{
	snprintf(id, ID_MAX, "%ju:%ju:%jd:%jd.%09ld", (uintmax_t)st->st_dev, (uintmax_t)st->st_ino,
		 (intmax_t)st->st_size, (intmax_t)st->st_mtim.tv_sec, (long)st->st_mtim.tv_nsec);
}

/* 1 when id has the shape out_identity() gives. */
int out_id_ok(const char *id)
{
	size_t n = strlen(id);
	return n > 0 && n < ID_MAX && strspn(id, "0123456789:.") == n;
}

/* The SHA-256 of the regular file base in the folder dirfd, as hex, and
 * its out_identity (when id is not NULL); the file is opened without following
 * a symbolic link. Returns 0, or -1 when it is missing, not a regular file
 * or unreadable. */
int out_digest_at(int dirfd, const char *base, char hex[65], char id[ID_MAX])
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
		out_identity(&st, id);
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
int out_holds(int root, const char *name, const char *hex, const char *id)
{
	const char *base;
	char got[65], got_id[ID_MAX];
	int fd = out_parent_beneath(root, name, &base), r;
	if (fd < 0)
		return 0;
	r = out_digest_at(fd, base, got, got_id) == 0 && strcmp(got, hex) == 0 &&
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
		if ((fd = out_parent_beneath(root, p, &base)) < 0)
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
int out_remove_ours(int root, const char *name, const char *hex, const char *id)
{
	const char *base;
	char got[65], got_id[ID_MAX];
	int fd = out_parent_beneath(root, name, &base), r = 0;
	if (fd < 0)
		return 0;
	if (out_digest_at(fd, base, got, got_id) == 0 && strcmp(got, hex) == 0 &&
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
int out_digest_ok(const char *hex)
{
	return strlen(hex) == 64 && strspn(hex, "0123456789abcdef") == 64;
}

/* 1 when name is a staging name of ours: `.noisefloor-XXXXXX` alone (a
 * staged file at the top) or as the first part (the staging folder). */
int out_staging_name_ok(const char *name)
{
	size_t n = strlen(STAGING_PREFIX) + STAGING_RANDOM;
	return out_name_ok(name) && strncmp(name, STAGING_PREFIX, strlen(STAGING_PREFIX)) == 0 &&
	       strcspn(name, "/") == n;
}

/* Splits line into at most max tab-separated fields; returns how many. */
int out_split_tabs(char *line, char **field, int max)
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

/* The locked descriptor of od's output folder, or -1. */
int out_locked_fd(const struct outdir *od)
{
	size_t i = lock_slot(od);
	return i < NLOCKS ? locks[i].fd : -1;
}

/* 1 when a part of the relative folder name under dir is a symbolic link. */
int out_symlink_on_way(const char *dir, const char *name)
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
