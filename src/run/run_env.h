/*
 * run_env.h - what `noisefloor run` records about the machine and the
 * runtimes it measures (the noise checks judging them are run_checks.c).
 */
#ifndef NF_RUNNER_ENV_H
#define NF_RUNNER_ENV_H

#include <stddef.h>

/* Environment fields in the order found; keys and values owned. */
struct run_env {
	char **keys, **values;
	size_t n, alloc;
	int cores;          /* online CPUs, 0 when unknown */
	char *governor;     /* cpufreq governor of CPU 0, or NULL */
	int turbo;          /* 1 on, 0 off, -1 not exposed */
	char *os, *arch;    /* "linux", "x64" (Node.js's names for the arch) */
};

void run_env_init(struct run_env *e);
void run_env_release(struct run_env *e);

/* Sets key to a copy of value, replacing an earlier one. */
void run_env_set(struct run_env *e, const char *key, const char *value);

/* Fills e with this machine: os, kernel, arch, cpu, cores, memory,
 * load average, governor and turbo (when Linux exposes them) and
 * noisefloor's version. Fields that cannot be read are left out. */
void run_env_probe(struct run_env *e, const char *nf_version);

/* The 1-minute load average, or -1 when unknown. */
double run_env_load(void);

/* When cmd (split into words, or NULL when it cannot be split) starts
 * with a Node.js binary (a first word named node, nodejs, node22, node-22,
 * .../bin/node, after VAR=value words), asks it for process.versions and
 * returns 1 with *node and *v8 malloc'd (caller frees); 0 when the command
 * does not look like Node.js or the probe gave no answer. Never runs a
 * command that does not look like node. */
int run_env_node_versions(char *const *words, const char *tmpdir, char **node, char **v8);

/* 1 when label names a version ("22", "v22.1", "22.23.5") that runtime
 * ("20.20.2") is not: the label's numbers must be the first numbers of the
 * runtime's version. 0 when they match or the label is not a version. */
int run_env_label_mismatch(const char *label, const char *runtime);

#endif
