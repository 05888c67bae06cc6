/*
 * run_rounds.h - the rounds of `noisefloor run`: the order of each round
 * (rotated or shuffled), the warm-ups, --prepare, and each version's runs,
 * timed (--measure wall) or with their output read (--measure output), one
 * complete round at a time into the rounds file.
 *
 * Nothing here prints: every message goes through the say callback the
 * command layer gives, the progress through the progress callback.
 */
#ifndef NF_RUNNER_ROUNDS_H
#define NF_RUNNER_ROUNDS_H

#include "lib/error.h"
#include "run/run_file.h"

struct run_loop {
	struct run_settings *s;   /* borrowed */
	struct run_file *file; /* borrowed */
	int ignore_failure;       /* a failing command is recorded, the run goes on */
	int timeout_ms;           /* > 0: a command running longer is killed, with
	                             its process group, and fails (--timeout) */

	/* Called before each version runs: round 0 is a warm-up; elapsed_s is
	 * the time since the run started (earlier sittings of a resumed file
	 * included, as far as the file records them); left_s is the time the
	 * rounds still need at the pace so far, -1 before it is known. */
	void (*progress)(void *ctx, int round, const char *label, double elapsed_s,
			 double left_s);
	/* Every message of the run, one call each ("version 'a', round 2: ..."),
	 * lines separated by '\n'. */
	void (*say)(void *ctx, const char *msg);
	/* Writes the file's header line; called before a round is appended to
	 * a file that has none yet (a run whose header waits for round 1's
	 * output). Returns 0 or the exit status (said). */
	int (*header)(void *ctx);
	/* Called, when set, after round `round` is in the file. Returns 0 or
	 * the exit status (said), which ends the rounds. */
	int (*round_done)(void *ctx, int round);
	void *ctx;

	int round;                 /* the round running, 0 before round 1 */
	char *tmpdir;              /* owned: the commands' output files are in it */
	/* private */
	char *stdout_path, *stderr_path, *output_path; /* owned, in tmpdir */
	char *log_path;            /* owned: failed commands' stderr, beside the rounds file */
	char *workload;            /* owned: --measure wall's workload name */
	char *memory_workload;     /* owned: its peak memory's, "<workload>, peak memory" */
	char *cpu_workload;        /* owned: --measure cpu's, "<workload>, CPU time" */
	double started;            /* monotonic seconds at the warm-ups */
	double rounds_started;     /* monotonic seconds at the first round of this sitting */
	double before_s;           /* seconds earlier sittings took (--resume) */
	size_t units_done, units_total; /* versions run and to run, for progress */
};

/* Sets up r for s and file with its temporary folder (callbacks and
 * ignore_failure are set by the caller afterwards). Returns 0, or
 * NF_CANTCREAT with err set when the folder cannot be made. */
int run_loop_init(struct run_loop *r, struct run_settings *s, struct run_file *file,
		struct nf_error *err);
/* Removes the temporary folder and frees what r owns. */
void run_loop_release(struct run_loop *r);


/* The untimed runs of each version before round 1; with --measure output
 * their output is read (and the runtime it names recorded in the versions).
 * Returns 0 or the exit status: NF_FAIL a command failed, NF_DATAERR its
 * output is not usable, NF_IOERR it could not be started, NF_INTERRUPTED
 * stopped by a signal. */
int run_loop_warmups(struct run_loop *r);

/* The rounds the file does not hold yet, each appended when complete.
 * Returns 0 or the exit status (as run_loop_warmups, and the rounds file's). */
int run_loop_rounds(struct run_loop *r);

/* The log of failed commands' stderr beside the rounds file:
 * "rounds.ndjson" -> "rounds.stderr.log", any other name + ".stderr.log".
 * Malloc'd, caller frees. */
char *run_loop_log_path(const char *rounds_path);

/* Seconds since the run started, earlier sittings of a resumed file included. */
double run_loop_elapsed(const struct run_loop *r);

/* s with every `from` replaced by `to`; malloc'd, caller frees. */
char *run_loop_replace(const char *s, const char *from, const char *to);

#endif
