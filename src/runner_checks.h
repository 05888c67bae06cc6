/*
 * runner_checks.h - the noise checks `noisefloor run` makes before round 1,
 * in the spirit of pyperf's system check: a busy machine, a power-saving
 * CPU frequency governor, turbo boost, and a version whose runtime is not
 * what its label says. A failed check is a warning kept here; the command
 * layer prints it (and with --strict refuses to start), and the rounds
 * file's environment records them all.
 */
#ifndef NF_RUNNER_CHECKS_H
#define NF_RUNNER_CHECKS_H

#include "runner_env.h"
#include "runner_file.h"

#include <stddef.h>

struct noise_checks {
	char **warnings; /* owned, in the order found */
	size_t n, alloc;
	size_t shown;    /* how many of them the caller has shown */
};

/* Frees the warnings and empties c (a zeroed c is an empty one). */
void noise_checks_release(struct noise_checks *c);

/* Checks the machine: load (the 1-minute load average, -1 when unknown)
 * above half of e's cores, e's governor other than "performance", turbo on. */
void noise_checks_machine(struct noise_checks *c, const struct runenv *e, double load);

/* Checks the runtime of each version whose Node.js release has become known
 * since the last call against its label (runenv_label_mismatch); marks
 * those versions checked. */
void noise_checks_versions(struct noise_checks *c, struct run_settings *s);

/* What the environment records: "passed", or the warnings joined by "; ",
 * cut to INGEST_MAX_NAME bytes at a character boundary. Malloc'd, caller
 * frees. */
char *noise_checks_summary(const struct noise_checks *c);

#endif
