/*
 * run_exec.h - running the commands `noisefloor run` measures: splitting
 * a command line like a shell, starting it in its own process group with
 * its output in files, timing it, and stopping it when the run is stopped.
 */
#ifndef NF_RUNNER_EXEC_H
#define NF_RUNNER_EXEC_H

#include <signal.h>

/* Splits cmd into words like a POSIX shell would for a simple command:
 * blanks separate words, single quotes keep everything, double quotes keep
 * everything but \" \\ \$ \`, a backslash outside quotes keeps the next
 * character. No expansion. Returns a malloc'd NULL-terminated array (free
 * with run_exec_argv_free), or NULL with *why set to a static text when the
 * line is empty or a quote is not closed. */
char **run_exec_split(const char *cmd, const char **why);
void run_exec_argv_free(char **argv);

/* Appends s to out quoted for /bin/sh (single quotes, ' as '\''). */
struct buf;
void run_exec_shell_quote(struct buf *out, const char *s);

/* How a child ended and what it cost. */
struct run_exec_result {
	int status;       /* exit status; 128 + signal when killed */
	int signal;       /* the signal that killed it, or 0 */
	int exec_errno;   /* non-zero when the program could not be started */
	int timed_out;    /* 1 when killed for running past its time limit */
	double wall_ms;   /* monotonic clock around fork, exec and wait */
	double user_ms, sys_ms; /* the child's CPU time (rusage) */
	long maxrss_kb;   /* peak resident memory of the child and what it waited
			     for (wait4's ru_maxrss, KiB on Linux), 0 when unknown */
};

/* Set by the SIGINT/SIGTERM handler that run_exec_catch_signals() installs:
 * the signal that asked the run to stop, 0 while none did. */
extern volatile sig_atomic_t run_exec_stop_signal;

/* Installs handlers for SIGINT, SIGTERM and SIGHUP (no SA_RESTART): they
 * record the signal and pass it to the process group of the running child. */
void run_exec_catch_signals(void);

/* Runs argv[0] (searched in PATH) with argv in a new process group: stdin
 * from /dev/null, stdout into out_path (NULL: /dev/null), stderr into
 * err_path (NULL: /dev/null); both files are truncated first. When the run
 * is asked to stop, the child's group gets that signal and, 2 seconds
 * later, SIGKILL. timeout_ms > 0 kills the group past that time. When the
 * child has ended, whatever it started is killed and reaped: the rest of
 * its group and, the caller being made a child subreaper on the first call,
 * every process re-parented to it (a `setsid` child included); a keeper
 * process, started on the first call, kills the running child's group if
 * the caller dies, even by SIGKILL. Returns 0
 * with *res filled when the child ran, or -1 with errno when a file could
 * not be opened or fork failed. */
int run_exec_run(char *const argv[], const char *out_path, const char *err_path,
	     int timeout_ms, struct run_exec_result *res);

/* "exited with status 3", "was killed by signal 9 (Killed)", "could not be
 * started: No such file or directory": appended to out. */
void run_exec_describe(struct buf *out, const struct run_exec_result *res);

#endif
