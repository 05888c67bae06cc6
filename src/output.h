/*
 * output.h - writing the output folder all or nothing.
 *
 * Renderers write into a staging folder inside the output folder; on success
 * outdir_commit() renames every file into place, on failure outdir_abort()
 * removes the staging folder, so the output folder is left as it was.
 */
#ifndef NF_OUTPUT_H
#define NF_OUTPUT_H

#include <stddef.h>
#include <stdio.h>
#include "error.h"

struct outdir {
	char *dir;       /* the output folder, as given */
	char *staging;   /* dir/.noisefloor-XXXXXX */
	char **names;    /* relative names written, in order */
	const char **owners; /* the writer of each name (see `writer`) */
	size_t nnames, names_alloc, owners_alloc;
	const char *writer; /* set by the caller: who writes the next files
	                       (a renderer's name, static); recorded so a
	                       later run removes only the files of the
	                       writers it runs again */
	int created_dir; /* we created `dir` and remove it again on abort */
};

/* Creates the output folder if needed and a staging folder in it. */
int outdir_open(struct outdir *od, const char *dir, struct nf_error *err);

/* Returns a malloc'd path in the staging folder for the relative name
 * ("charts/x.svg"), creating subfolders and recording the name; caller frees.
 * For libraries that want a file name (cairo, libxlsxwriter). */
char *outdir_path(struct outdir *od, const char *name, struct nf_error *err);

/* Writes data as the relative name. */
int outdir_write(struct outdir *od, const char *name, const void *data, size_t len,
		 struct nf_error *err);

/* The same in pieces, for files too big to hold whole: outdir_fopen opens
 * the relative name for writing (NULL with err set on failure), and
 * outdir_fclose closes it, reporting any write error on it. */
FILE *outdir_fopen(struct outdir *od, const char *name, struct nf_error *err);
int outdir_fclose(struct outdir *od, const char *name, FILE *f, struct nf_error *err);

/* Moves every written file into place and removes the staging folder. */
int outdir_commit(struct outdir *od, struct nf_error *err);

/* Removes the staging folder (and the output folder if we created it). */
void outdir_abort(struct outdir *od);

#endif
