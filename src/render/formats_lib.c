/*
 * formats_lib.c - finding and loading noisefloor-formats.so (see
 * formats_lib.h). The shared object resolves the model, formatting and
 * output functions it calls against the program, which is linked with
 * -rdynamic for that; it is loaded once and stays loaded until exit.
 */
#include "render/formats_lib.h"
#include "lib/util.h"

#include <string.h>

#ifndef NF_FORMATS_BUILTIN
#include <dlfcn.h>
#include <stdlib.h>
#endif

#ifndef NF_LIBDIR
#define NF_LIBDIR "/usr/local/lib/noisefloor"
#endif
#ifndef NF_VERSION
#define NF_VERSION "0.0.0"
#endif

#ifdef NF_FORMATS_BUILTIN

int formats_lib_load(const char *user, struct nf_error *err)
{
	(void)user;
	(void)err;
	return NF_OK;
}

#else

static void *handle;

/* The path to load: the first candidate that exists, else the installed
 * one (whose absence the loader then reports). Returns a malloc'd string;
 * caller frees. */
static char *find_lib(void)
{
	/* installed: PREFIX/bin/noisefloor, PREFIX/lib/noisefloor */
	return find_shipped("NOISEFLOOR_LIBDIR", "../lib/noisefloor", NF_LIBDIR, FORMATS_LIB_NAME, 1);
}

/* The loader's reason without the path it starts with (the message names
 * the path once). */
static const char *reason(const char *path)
{
	const char *why = dlerror();
	size_t n = strlen(path);
	if (!why)
		return "unknown error";
	if (strncmp(why, path, n) == 0 && why[n] == ':' && why[n + 1] == ' ')
		why += n + 2;
	return why;
}

int formats_lib_load(const char *user, struct nf_error *err)
{
	char *path;
	const char *version;
	void *h;

	if (handle)
		return NF_OK;
	path = find_lib();
	/* RTLD_NOW: a missing symbol fails here, with the loader's message,
	 * not in the middle of writing an output */
	if (!(h = dlopen(path, RTLD_NOW | RTLD_LOCAL))) {
		nf_error_set(err, NF_NOINPUT, "cannot load '%s' (%s needs it): %s", path, user,
			     reason(path));
		free(path);
		return NF_NOINPUT;
	}
	version = dlsym(h, "formats_lib_version");
	if (!version || strcmp(version, NF_VERSION) != 0) {
		nf_error_set(err, NF_NOINPUT, "cannot load '%s' (%s needs it): it is %s%s, not %s "
			     "as the program", path, user, version ? "version " : "of an unknown version",
			     version ? version : "", NF_VERSION);
		dlclose(h);
		free(path);
		return NF_NOINPUT;
	}
	free(path);
	handle = h;
	return NF_OK;
}

void *formats_lib_symbol(const char *name, const char *user, struct nf_error *err)
{
	void *f;
	if (formats_lib_load(user, err) != NF_OK)
		return NULL;
	if (!(f = dlsym(handle, name)))
		nf_error_set(err, NF_NOINPUT, "cannot load '%s' from %s (%s needs it): %s", name,
			     FORMATS_LIB_NAME, user, reason(""));
	return f;
}

#endif
