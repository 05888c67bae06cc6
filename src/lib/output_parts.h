/*
 * output_parts.h - what the files of the output folder share (output.c,
 * output_folder.c, output_manifest.c, output_record.c); not for use
 * outside them. output.c's banner tells the design.
 */
#ifndef NF_OUTPUT_PARTS_H
#define NF_OUTPUT_PARTS_H

#include "lib/util.h"

#include <stddef.h>
#include <sys/stat.h>

struct outdir;

#define STAGING_PREFIX ".noisefloor-"
#define STAGING_RANDOM 6 /* characters after the prefix */
#define BACKUP_DIR ".previous" /* inside the staging folder, during commit */
#define MANIFEST ".noisefloor.files" /* the files the last run wrote, one a line */
#define RECORD ".noisefloor.commit" /* the moves of a commit under way */
#define RECORD_HEAD "noisefloor commit 2\n"
#define SMALL_MAX (16u << 20) /* the most of the manifest or the record read */
#define ID_MAX 96 /* "dev:ino:size:sec.nsec" of a file, with its NUL */
#define OWN_DIR "charts/"

/* What commit did for one name, so it can be undone. */
struct step {
	char *to, *backup; /* final place; hard link to the old file when not swapped */
	char *made_dir;    /* a folder commit created for it, or NULL */
	int placed, swapped, had_old;
};

/* What the previous run's manifest named that is not noisefloor's: the
 * count and the first name, told in one line after the commit. */
struct foreign {
	size_t n;
	char *first;
};

/* What open and commit refused to act on, one line each (see
 * outdir_notices). */
extern struct buf out_notices;

/* Each function is described at its definition. */

/* ---- output_folder.c: the folder, its lock, names and files beneath it ---- */

/* Locks the folder dir for od (waiting for another run to finish), making
 * it when missing (*created: made now). Returns the locked descriptor, -1
 * with errno set, or -2 when too many output folders are open. */
int out_lock(const struct outdir *od, const char *dir, int *created);
int out_digest_at(int dirfd, const char *base, char hex[65], char id[ID_MAX]);
int out_digest_ok(const char *hex);
int out_holds(int root, const char *name, const char *hex, const char *id);
int out_id_ok(const char *id);
void out_identity(const struct stat *st, char id[ID_MAX]);
int out_locked_fd(const struct outdir *od);
int out_mkdirs(const char *path, int *created);
int out_name_ok(const char *name);
int out_open_beneath(int root, const char *name, int flags);
int out_own_name(const char *name);
int out_parent_beneath(int root, const char *name, const char **base);
int out_read_small(int dirfd, const char *base, char **text, size_t *len);
int out_remove_ours(int root, const char *name, const char *hex, const char *id);
void out_remove_stale_staging(const char *dir);
int out_split_tabs(char *line, char **field, int max);
int out_staging_name_ok(const char *name);
int out_symlink_on_way(const char *dir, const char *name);
void out_unlock_dir(const struct outdir *od);

/* ---- output_manifest.c: the files the last run wrote ---- */
void out_drop_old(int root, const char *drop, struct foreign *fo);
void out_old_manifest(const struct outdir *od, const char *old, struct buf *keep, struct buf *drop, struct foreign *fo);
char *out_read_manifest(const struct outdir *od);

/* ---- output_record.c: the record of a commit under way ---- */
void out_recover(int root, const char *dir);
int out_write_record(struct outdir *od, int root, const struct step *steps, char (*dig)[65], char (*ids)[ID_MAX], const char *drop);

/* ---- output.c ---- */
int out_name_is_input(const struct outdir *od, const char *name);

#endif
