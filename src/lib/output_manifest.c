/*
 * output_manifest.c - the list each run leaves in the output folder
 * (MANIFEST: writer, SHA-256, identity and name of each file it wrote), and
 * what a commit makes of the previous run's: the files of writers that did
 * not run stay listed, those a writer that ran again did not write now are
 * removed, when still as that run wrote them (output_parts.h).
 */
#include "lib/output.h"
#include "lib/output_parts.h"

#include <stdlib.h>
#include <string.h>


/* The manifest of the previous run in the output folder ("" when none or
 * when it is not a small regular file: see out_read_small), malloc'd; caller
 * frees. */
char *out_read_manifest(const struct outdir *od)
{
	char *text = NULL;
	size_t len;
	int r = out_read_small(out_locked_fd(od), MANIFEST, &text, &len);
	if (r > 0)
		buf_printf(&out_notices,
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
 * place. Only a name noisefloor writes is taken (out_own_name), and a file is
 * removed only when it is still the file the previous run wrote (its
 * identity and digest), so a manifest planted in the folder touches
 * nothing of anyone else's; lines without an out_identity (written before
 * manifests had them) are dropped, their files left alone, and lines that
 * are not noisefloor's are counted in fo. */
void out_old_manifest(const struct outdir *od, const char *old, struct buf *keep,
			 struct buf *drop, struct foreign *fo)
{
	char *copy = xstrdup(old), *save = NULL;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *fld[4];
		int n = out_split_tabs(line, fld, 4);
		if (n == 3 && out_digest_ok(fld[1]) && out_own_name(fld[2]))
			continue; /* an older manifest's line: forgotten, the file kept */
		if (n != 4 || !out_digest_ok(fld[1]) || !out_id_ok(fld[2]) || !out_own_name(fld[3]) ||
		    strcmp(fld[3], MANIFEST) == 0) {
			foreign_add(fo, n >= 1 ? fld[n - 1] : line);
			continue;
		}
		if (written(od, fld[3]))
			continue;
		if (out_name_is_input(od, fld[3]))
			continue; /* read by this run: never removed */
		if (!writer_ran(od, fld[0]))
			buf_printf(keep, "%s\t%s\t%s\t%s\n", fld[0], fld[1], fld[2], fld[3]);
		else
			buf_printf(drop, "x\t%s\t%s\t%s\n", fld[1], fld[2], fld[3]);
	}
	free(copy);
}

/* Removes the files of the "x" lines of drop (see out_old_manifest) that are
 * still the files the previous run wrote; one there that is not is counted
 * in fo and left alone. */
void out_drop_old(int root, const char *drop, struct foreign *fo)
{
	char *copy = xstrdup(drop), *save = NULL;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *fld[4];
		if (out_split_tabs(line, fld, 4) == 4 && out_remove_ours(root, fld[3], fld[1], fld[2]))
			foreign_add(fo, fld[3]);
	}
	free(copy);
}
