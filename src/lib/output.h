/*
 * output.h - writing the output folder all or nothing.
 *
 * Renderers write files staged under hidden names inside the output folder
 * (`.noisefloor-XXXXXX`: a file at the top, or a staging folder for files in
 * subfolders); on success outdir_commit() renames every file into place, on
 * failure outdir_abort() removes what was staged, so the output folder is
 * left as it was.
 */
#ifndef NF_OUTPUT_H
#define NF_OUTPUT_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>
#include "lib/error.h"

struct outdir {
	char *dir;       /* the output folder, as given */
	char *staging;   /* dir/.noisefloor-XXXXXX, the staging folder for files
	                    in subfolders (set while open; made when needed) */
	char **names;    /* relative names written, in order */
	char **staged;   /* where each name is staged until commit */
	const char **owners; /* the writer of each name (see `writer`) */
	size_t nnames, names_alloc, owners_alloc, staged_alloc;
	const char *writer; /* set by the caller: who writes the next files
	                       (a renderer's name, static); recorded so a
	                       later run removes only the files of the
	                       writers it runs again */
	struct outdir_input {
		dev_t dev;
		ino_t ino;
	} *inputs;       /* the files this run reads (outdir_protect) */
	size_t ninputs, inputs_alloc;
	int created_dir; /* we created `dir` and remove it again on abort */
	char *made_top;  /* the outermost folder of `dir` that did not exist
			    (malloc'd), or NULL: an abort removes it again, with
			    the folders between, each when empty */
	int staging_made; /* the staging folder exists */
};

/* Creates the output folder if needed and locks it; finishes or undoes the
 * commit of a run that died in it (from its commit record), then removes
 * what such a run left staged. */
int outdir_open(struct outdir *od, const char *dir, struct nf_error *err);

/* Records the file at path (an input of this run; "-" and what cannot be
 * stat()ed are skipped) as one that is never an output: staging a name whose
 * file in the output folder is that file fails with NF_CANTCREAT before
 * anything is moved, and no cleanup removes it. */
void outdir_protect(struct outdir *od, const char *path);

/* Returns a malloc'd path where the relative name ("charts/x.svg") is
 * staged, an empty file made for it, recording the name; caller frees.
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

/* Moves every written file into place and removes what was staged and the
 * files replaced; on failure puts back what it replaced, removes what was
 * staged and returns the status with err set. */
int outdir_commit(struct outdir *od, struct nf_error *err);

/* What outdir_open and outdir_commit refused to act on since the last
 * call (a planted commit record or manifest, or one that is not a small
 * regular file), one line each ending in '\n', for the caller to show;
 * malloc'd, caller frees; NULL when nothing. */
char *outdir_notices(void);

/* Sets what outdir_open calls, once, when another run holds the folder's
 * lock and it has to wait (the command layer says so); NULL: nothing. */
void outdir_on_wait(void (*fn)(const char *dir));

/* Removes what was staged (and the output folder if we created it). */
void outdir_abort(struct outdir *od);

#endif
