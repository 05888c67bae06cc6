/*
 * formats_lib.h - the outputs and the input mapping that need the large
 * libraries (cairo, FreeType, libxlsxwriter, libjq) live in
 * a shared object, noisefloor-formats.so, loaded the first time one of them
 * is used: `check`, `windows` and the reports without charts, PDF or
 * workbook start without loading those libraries at all. Measured on the
 * shipped example (data/examples/node-versions), `check` runs in 2 ms and
 * 3.5 million instructions with 5 shared objects mapped; the same program
 * with the libraries linked in maps 29 and takes 6 ms and 12.1 million
 * (farm-bench, 41 paired runs: 2.9x the wall time; callgrind), the loading
 * of those libraries being most of its start-up.
 *
 * Which files go into the shared object is the Makefile's FORMATS_SRCS. A
 * build with NF_FORMATS_BUILTIN defined (the sanitizer build, the fuzz
 * targets) links them into the program instead, and nothing is loaded.
 *
 * The shared object is looked for in $NOISEFLOOR_LIBDIR when that is set,
 * else beside the program (the build tree), else in ../lib/noisefloor from
 * the program's folder and in NF_LIBDIR (installed).
 */
#ifndef NF_FORMATS_LIB_H
#define NF_FORMATS_LIB_H

#include "lib/error.h"

#define FORMATS_LIB_NAME "noisefloor-formats.so"

/* Loads the shared object if it is not loaded yet; `user` names what needs
 * it ("the pdf output", "--jq") for the message. Returns NF_OK, or
 * NF_NOINPUT with err naming the path and the loader's reason. */
int formats_lib_load(const char *user, struct nf_error *err);

/* The address of the function `name` in the shared object, loading it
 * first; NULL with err filled when it cannot be loaded or lacks the name. */
void *formats_lib_symbol(const char *name, const char *user, struct nf_error *err);

/* FORMATS_FN(fn, user, err): a pointer to the function fn (declared in a
 * header as usual), from the shared object or, built in, fn itself; NULL
 * with err filled when the shared object cannot be loaded. */
#ifdef NF_FORMATS_BUILTIN
#define FORMATS_FN(fn, user, err) ((void)(user), (void)(err), &(fn))
#else
#define FORMATS_FN(fn, user, err) ((__typeof__(&(fn)))formats_lib_symbol(#fn, user, err))
#endif

#endif
