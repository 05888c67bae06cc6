/*
 * output_record.c - the record of a commit under way (RECORD: each file's
 * digest, staged name and final name, and the old files to remove), written
 * before the first move, and the recovery the next run into the folder
 * makes from it: finish the commit, or put back what was moved
 * (output_parts.h; the steps in output.c's outdir_commit).
 */
#define _GNU_SOURCE /* syncfs, renameat2 */
#include "lib/output.h"
#include "lib/output_parts.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* Finishes or undoes the commit that a run which died left in the folder
 * open as root, from its record (see outdir_commit): when every file of the
 * new set is in place, the commit is finished (the previous run's files it
 * was to remove are removed); else every file already moved is put back as
 * it was, so the folder holds the complete old set. A record that is not
 * complete was being written when the run died, before any move. Every step
 * acts only on a file whose digest is the one recorded, at a name inside
 * the folder reached without a symbolic link, so a planted record touches
 * nothing that is not ours. */
void out_recover(int root, const char *dir)
{
	struct rec {
		char *dig, *id, *staged, *name;
	} *f = NULL, *x = NULL;
	char *text = NULL, *line, *save = NULL, *staging = NULL, **dirs = NULL;
	size_t nf = 0, f_alloc = 0, nx = 0, x_alloc = 0, nd = 0, d_alloc = 0, len = 0;
	int complete = 0, done = 1, r = out_read_small(root, RECORD, &text, &len);

	if (r < 0)
		return;
	if (r > 0) { /* a link, a FIFO, a device or a huge file under our name */
		buf_printf(&out_notices,
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
		int n = out_split_tabs(line, fld, 5);
		if (n == 1 && strcmp(fld[0], "end") == 0) {
			complete = 1;
			break;
		} else if (n == 2 && strcmp(fld[0], "s") == 0 && out_staging_name_ok(fld[1]) &&
			   !strchr(fld[1], '/')) {
			staging = fld[1];
		} else if (n == 2 && strcmp(fld[0], "d") == 0 &&
			   (strcmp(fld[1], "charts") == 0 || out_own_name(fld[1]))) {
			ALLOC_GROW(dirs, nd + 1, d_alloc);
			dirs[nd++] = fld[1];
		} else if (n == 5 && strcmp(fld[0], "f") == 0 && out_digest_ok(fld[1]) && out_id_ok(fld[2]) &&
			   out_staging_name_ok(fld[3]) && out_own_name(fld[4])) {
			ALLOC_GROW(f, nf + 1, f_alloc);
			f[nf].dig = fld[1];
			f[nf].id = fld[2];
			f[nf].staged = fld[3];
			f[nf++].name = fld[4];
		} else if (n == 4 && strcmp(fld[0], "x") == 0 && out_digest_ok(fld[1]) && out_id_ok(fld[2]) &&
			   out_own_name(fld[3])) {
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
		if (!out_holds(root, f[i].name, f[i].dig, f[i].id) &&
		    !out_holds(root, f[i].staged, f[i].dig, f[i].id))
			goto foreign;
	for (size_t i = 0; i < nf && done; i++)
		done = out_holds(root, f[i].name, f[i].dig, f[i].id);
	for (size_t i = 0; done && i < nx; i++) /* finish */
		out_remove_ours(root, x[i].name, x[i].dig, x[i].id);
	if (!done) { /* undo, last move first */
		for (size_t i = nf; i-- > 0;) {
			const char *fb, *sb, *bb;
			char *backup = xasprintf("%s/" BACKUP_DIR "/%s", staging, f[i].name);
			int pf = out_parent_beneath(root, f[i].name, &fb), ps = -1, pb = -1;
			int moved = pf >= 0 && out_holds(root, f[i].name, f[i].dig, f[i].id);
			struct stat t;
			if (pf < 0)
				goto next;
			pb = out_parent_beneath(root, backup, &bb);
			if (pb >= 0 && fstatat(pb, bb, &t, AT_SYMLINK_NOFOLLOW) == 0 && S_ISREG(t.st_mode)) {
				/* the old file was kept as a link: put it back */
				if (moved || (fstatat(pf, fb, &t, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT))
					renameat(pb, bb, pf, fb);
				goto next;
			}
			if (!moved)
				goto next;
			ps = out_parent_beneath(root, f[i].staged, &sb);
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
			int pd = out_parent_beneath(root, dirs[i], &base);
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
	buf_printf(&out_notices,
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

/* Writes the commit record (see outdir_commit) into the folder open as
 * root; returns 0 or errno. */
int out_write_record(struct outdir *od, int root, const struct step *steps,
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
	/* a new file: whatever out_recover() left under the name is not written
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
