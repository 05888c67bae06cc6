/*
 * run_checks.h - the noise checks `noisefloor run` makes before round 1,
 * in the spirit of pyperf's system check: a busy machine, a power-saving
 * CPU frequency governor, turbo boost, and a version whose runtime is not
 * what its label says. A failed check is a warning kept here; the command
 * layer prints it (and with --strict refuses to start), and the rounds
 * file's environment records them all.
 */
#ifndef NF_RUNNER_CHECKS_H
#define NF_RUNNER_CHECKS_H

#include "run/run_env.h"
#include "run/run_file.h"

#include <stddef.h>

struct run_checks {
	char **warnings; /* owned, in the order found */
	size_t n, alloc;
	size_t shown;    /* how many of them the caller has shown */
};

/* Frees the warnings and empties c (a zeroed c is an empty one). */
void run_checks_release(struct run_checks *c);

/* Checks the machine: load (the 1-minute load average, -1 when unknown)
 * above half of e's cores, e's governor other than "performance", turbo on. */
void run_checks_machine(struct run_checks *c, const struct run_env *e, double load);

/* Checks the runtime of each version whose Node.js release has become known
 * since the last call against its label (run_env_label_mismatch); marks
 * those versions checked. */
void run_checks_versions(struct run_checks *c, struct run_settings *s);

/* What the environment records: "passed", or the warnings joined by "; ",
 * cut to INGEST_MAX_NAME bytes at a character boundary. Malloc'd, caller
 * frees. */
char *run_checks_summary(const struct run_checks *c);

#endif
