/*
 * semver.h - ordering version strings ("v24.11.1", "26.3.0", "24", "old").
 */
#ifndef NF_SEMVER_H
#define NF_SEMVER_H

struct semver {
	int ok;         /* 1 when the string starts with a number */
	long major, minor, patch;
	int nparts;     /* how many of major.minor.patch were given */
	const char *pre; /* points at the pre-release part after '-', or NULL */
};

/* Parses s (an optional leading 'v' or 'V'). Never fails: ok says whether it
 * looked like a version. */
struct semver semver_parse(const char *s);

/* Compares two version strings in semantic-version order. Strings that are not
 * versions compare equal to everything (callers keep their input order). */
int semver_cmp(const char *a, const char *b);

/* The release line of a version ("24.11.1" -> 24), or -1. */
long semver_major(const char *s);

#endif
