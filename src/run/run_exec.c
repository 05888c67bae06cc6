/*
 * run_exec.c - starting, timing and stopping the commands of
 * `noisefloor run` (see run_exec.h).
 *
 * Each command runs in a process group of its own, so a stop (Ctrl-C,
 * SIGTERM, SIGHUP) reaches everything it started, and the terminal's Ctrl-C
 * reaches only noisefloor, which decides. The time is the monotonic clock
 * around fork, exec and wait; the CPU time comes from wait4's rusage. A pipe
 * closed on exec tells the parent when the program could not be started at
 * all.
 *
 * A command never outlives the call that ran it. noisefloor is a child
 * subreaper (PR_SET_CHILD_SUBREAPER), so whatever a command leaves behind
 * when its process ends (a `sleep &` in the background, a `setsid` child
 * that left the group) is re-parented to noisefloor: when the command has
 * ended, by itself, past --timeout or on a stop, the rest of its group is
 * killed and then every child noisefloor holds is killed and reaped, level
 * by level, until none is left. Against noisefloor's own death by SIGKILL,
 * which no handler sees, the command gets PR_SET_PDEATHSIG (SIGKILL), and a
 * small keeper process, forked once, holds one end of a socket and the
 * current command's process group: when noisefloor dies, the socket closes
 * and the keeper kills that group. What left the group (setsid) and was
 * still running then is out of reach: it was re-parented to init.
 */
#include "run/run_exec.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

volatile sig_atomic_t run_exec_stop_signal;
static volatile sig_atomic_t child_pgid;

static void on_stop(int sig)
{
	run_exec_stop_signal = sig;
	if (child_pgid > 0)
		kill(-(pid_t)child_pgid, sig);
}

void run_exec_catch_signals(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; /* no SA_RESTART: a blocked wait returns with EINTR */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* ---- owning what a command starts ---------------------------------------- */

static double now_ms(void);

static pid_t keeper_pid;   /* the keeper process, 0 before it is started */
static int keeper_fd = -1; /* our end of its socket */

/* The keeper: waits on fd for process group ids (0: none running) and, when
 * the other end closes (noisefloor ended, however), kills the last group it
 * was told of. It holds no other file, and no signal meant for noisefloor's
 * process group or terminal reaches it. Never returns. */
static void keeper(int fd)
{
	pid_t pgid = 0, v;
	sigset_t none;
	struct rlimit nofile;
	int maxfd = getrlimit(RLIMIT_NOFILE, &nofile) == 0 && nofile.rlim_cur < 65536
			    ? (int)nofile.rlim_cur : 65536;
	for (int i = 0; i < maxfd; i++)
		if (i != fd)
			close(i);
	setpgid(0, 0);
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	signal(SIGQUIT, SIG_IGN);
	signal(SIGALRM, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	for (;;) {
		ssize_t n = read(fd, &v, sizeof v);
		if (n == (ssize_t)sizeof v)
			pgid = v;
		else if (n == 0 || (n < 0 && errno != EINTR))
			break;
	}
	if (pgid > 0)
		kill(-pgid, SIGKILL);
	_exit(0);
}

/* Makes noisefloor a child subreaper and starts the keeper, once; when
 * either cannot be had, commands still run, with less cover. */
static void own_processes(void)
{
	static int done;
	int sv[2];
	pid_t pid;
	if (done)
		return;
	done = 1;
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
		return;
	fflush(NULL);
	pid = fork();
	if (pid == 0)
		keeper(sv[1]);
	close(sv[1]);
	if (pid < 0) {
		close(sv[0]);
		return;
	}
	keeper_pid = pid;
	keeper_fd = sv[0];
}

/* Tells the keeper which group to kill if noisefloor dies (0: none). */
static void keeper_tell(pid_t pgid)
{
	if (keeper_fd >= 0 && send(keeper_fd, &pgid, sizeof pgid, MSG_NOSIGNAL) != (ssize_t)sizeof pgid) {
		close(keeper_fd);
		keeper_fd = -1;
	}
}

/* The pids of noisefloor's children but the keeper, into *out (malloc'd,
 * caller frees); returns how many. Read from /proc/self/task/ID/children,
 * else found by scanning /proc for our parent id. */
static size_t list_children(pid_t **out)
{
	size_t n = 0, alloc = 0;
	pid_t *v = NULL, self = getpid();
	char path[64];
	FILE *f;
	snprintf(path, sizeof path, "/proc/self/task/%d/children", (int)self);
	if ((f = fopen(path, "re")) != NULL) {
		int c;
		while (fscanf(f, "%d", &c) == 1)
			if (c > 0 && (pid_t)c != keeper_pid) {
				ALLOC_GROW(v, n + 1, alloc);
				v[n++] = (pid_t)c;
			}
		fclose(f);
	} else {
		DIR *d = opendir("/proc");
		struct dirent *e;
		while (d && (e = readdir(d)) != NULL) {
			char stat[512], *close_paren;
			int pid = atoi(e->d_name), ppid = 0;
			FILE *sf;
			size_t got;
			if (pid <= 0 || (pid_t)pid == keeper_pid)
				continue;
			snprintf(path, sizeof path, "/proc/%d/stat", pid);
			if (!(sf = fopen(path, "re")))
				continue;
			got = fread(stat, 1, sizeof stat - 1, sf);
			fclose(sf);
			stat[got] = '\0';
			/* "pid (comm) state ppid ...": comm may hold anything */
			if ((close_paren = strrchr(stat, ')')) != NULL &&
			    sscanf(close_paren + 1, " %*c %d", &ppid) == 1 && ppid == (int)self) {
				ALLOC_GROW(v, n + 1, alloc);
				v[n++] = (pid_t)pid;
			}
		}
		if (d)
			closedir(d);
	}
	*out = v;
	return n;
}

/* Ends what the command whose group is pgid left: the rest of its group,
 * then every child re-parented to us (their children come to us as they
 * die, so level by level), each killed and reaped; bounded, against a
 * command that forks faster than it is killed. */
static void end_leftovers(pid_t pgid)
{
	double until = 0;
	kill(-pgid, SIGKILL);
	for (int round = 0; round < 10000; round++) {
		pid_t *kids = NULL;
		size_t n = list_children(&kids);
		if (!n) {
			free(kids);
			break;
		}
		for (size_t i = 0; i < n; i++)
			kill(kids[i], SIGKILL);
		for (size_t i = 0; i < n; i++)
			while (waitpid(kids[i], NULL, 0) < 0 && errno == EINTR)
				;
		free(kids);
		if (until == 0)
			until = now_ms() + 5000;
		else if (now_ms() > until)
			break;
	}
}

void run_exec_argv_free(char **argv)
{
	if (!argv)
		return;
	for (char **p = argv; *p; p++)
		free(*p);
	free(argv);
}

char **run_exec_split(const char *cmd, const char **why)
{
	char **argv = NULL;
	size_t n = 0, alloc = 0;
	const char *p = cmd;
	struct buf w = BUF_INIT;

	for (;;) {
		int in_word = 0;
		while (*p == ' ' || *p == '\t' || *p == '\n')
			p++;
		if (!*p)
			break;
		buf_reset(&w);
		while (*p && !(*p == ' ' || *p == '\t' || *p == '\n')) {
			in_word = 1;
			if (*p == '\'') {
				const char *e = strchr(p + 1, '\'');
				if (!e)
					goto unclosed;
				buf_put(&w, p + 1, (size_t)(e - p - 1));
				p = e + 1;
			} else if (*p == '"') {
				for (p++; *p && *p != '"'; p++) {
					if (*p == '\\' && p[1] && strchr("\"\\$`", p[1]))
						p++;
					buf_putc(&w, *p);
				}
				if (!*p)
					goto unclosed;
				p++;
			} else if (*p == '\\' && p[1]) {
				buf_putc(&w, p[1]);
				p += 2;
			} else {
				buf_putc(&w, *p++);
			}
		}
		if (in_word) {
			ALLOC_GROW(argv, n + 2, alloc);
			argv[n++] = xstrdup(buf_str(&w));
			argv[n] = NULL;
		}
	}
	buf_release(&w);
	if (n == 0) {
		*why = "the command is empty";
		free(argv);
		return NULL;
	}
	return argv;
unclosed:
	buf_release(&w);
	while (n)
		free(argv[--n]);
	free(argv);
	*why = "a quote is not closed";
	return NULL;
}

void run_exec_shell_quote(struct buf *out, const char *s)
{
	buf_putc(out, '\'');
	for (; *s; s++) {
		if (*s == '\'')
			buf_puts(out, "'\\''");
		else
			buf_putc(out, *s);
	}
	buf_putc(out, '\'');
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void sleep_ms(int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

static int open_out(const char *path)
{
	return open(path ? path : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
}

/* SIGALRM while waiting for a child with a time limit: only interrupts the
 * wait. */
static void on_alarm(int sig)
{
	(void)sig;
}

/* In the child: never returns. Reports an exec failure's errno on fd. */
static void child(char *const argv[], int in, int out, int errfd, int report, pid_t parent)
{
	int e;
	sigset_t none;
	setpgid(0, 0);
	/* a run killed with SIGKILL takes its command with it */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGXFSZ, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(errfd, 2) < 0)
		e = errno;
	else {
		execvp(argv[0], argv);
		e = errno;
	}
	if (write(report, &e, sizeof e) < 0)
		_exit(127);
	_exit(127);
}

int run_exec_run(char *const argv[], const char *out_path, const char *err_path,
	     int timeout_ms, struct run_exec_result *res)
{
	int in = -1, out = -1, errfd = -1, pipefd[2] = { -1, -1 }, status = 0, e = 0;
	struct rusage ru;
	double start, killed_at = 0;
	struct sigaction old_alarm;
	pid_t pid, got, parent;
	ssize_t n;

	memset(res, 0, sizeof *res);
	own_processes();
	in = open("/dev/null", O_RDONLY | O_CLOEXEC);
	out = open_out(out_path);
	errfd = open_out(err_path);
	if (in < 0 || out < 0 || errfd < 0 || pipe(pipefd) < 0)
		goto fail;
	fcntl(pipefd[0], F_SETFD, FD_CLOEXEC);
	fcntl(pipefd[1], F_SETFD, FD_CLOEXEC);

	start = now_ms();
	parent = getpid();
	pid = fork();
	if (pid < 0)
		goto fail;
	if (pid == 0)
		child(argv, in, out, errfd, pipefd[1], parent);
	setpgid(pid, pid); /* also in the child: whichever runs first */
	child_pgid = pid;
	keeper_tell(pid);
	if (run_exec_stop_signal) /* a stop that came just before the child existed */
		kill(-pid, run_exec_stop_signal);
	close(pipefd[1]);
	pipefd[1] = -1;
	while ((n = read(pipefd[0], &e, sizeof e)) < 0 && errno == EINTR)
		;
	if (n != (ssize_t)sizeof e)
		e = 0;

	if (timeout_ms > 0) {
		/* a blocking wait that the time limit interrupts (SIGALRM without
		 * SA_RESTART), then every 100 ms: the end of a command is seen at
		 * once, its wall time not rounded to a polling step */
		struct sigaction sa;
		struct itimerval it = { { 0, 100000 }, { timeout_ms / 1000, (timeout_ms % 1000) * 1000 } };
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_alarm;
		sigemptyset(&sa.sa_mask);
		sigaction(SIGALRM, &sa, &old_alarm);
		setitimer(ITIMER_REAL, &it, NULL);
	}
	for (;;) {
		int opts = run_exec_stop_signal ? WNOHANG : 0;
		got = wait4(pid, &status, opts, &ru);
		if (got == pid)
			break;
		if (got < 0 && errno != EINTR) {
			int we = errno;
			child_pgid = 0;
			end_leftovers(pid);
			keeper_tell(0);
			errno = we;
			if (timeout_ms > 0) {
				struct itimerval off = { { 0, 0 }, { 0, 0 } };
				setitimer(ITIMER_REAL, &off, NULL);
				sigaction(SIGALRM, &old_alarm, NULL);
			}
			goto fail;
		}
		if (run_exec_stop_signal || (timeout_ms > 0 && now_ms() - start > timeout_ms)) {
			if (!run_exec_stop_signal && !res->timed_out) {
				res->timed_out = 1;
				kill(-pid, SIGKILL);
			}
			if (killed_at == 0)
				killed_at = now_ms();
			else if (now_ms() - killed_at > 2000)
				kill(-pid, SIGKILL);
		}
		if (opts == WNOHANG)
			sleep_ms(5);
	}
	res->wall_ms = now_ms() - start;
	child_pgid = 0;
	end_leftovers(pid);
	keeper_tell(0);
	if (timeout_ms > 0) {
		struct itimerval off = { { 0, 0 }, { 0, 0 } };
		setitimer(ITIMER_REAL, &off, NULL);
		sigaction(SIGALRM, &old_alarm, NULL);
	}
	res->user_ms = (double)ru.ru_utime.tv_sec * 1e3 + (double)ru.ru_utime.tv_usec / 1e3;
	res->sys_ms = (double)ru.ru_stime.tv_sec * 1e3 + (double)ru.ru_stime.tv_usec / 1e3;
	res->maxrss_kb = ru.ru_maxrss > 0 ? ru.ru_maxrss : 0;
	res->exec_errno = e;
	if (WIFSIGNALED(status)) {
		res->signal = WTERMSIG(status);
		res->status = 128 + res->signal;
	} else {
		res->status = WEXITSTATUS(status);
	}
	close(pipefd[0]);
	close(in);
	close(out);
	close(errfd);
	return 0;
fail:
	e = errno;
	if (pipefd[0] >= 0)
		close(pipefd[0]);
	if (pipefd[1] >= 0)
		close(pipefd[1]);
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	if (errfd >= 0)
		close(errfd);
	errno = e;
	return -1;
}

void run_exec_describe(struct buf *out, const struct run_exec_result *res)
{
	if (res->exec_errno)
		buf_printf(out, "could not be started: %s", strerror(res->exec_errno));
	else if (res->timed_out)
		buf_puts(out, "timed out (--timeout) and was killed with its process group");
	else if (res->signal)
		buf_printf(out, "was killed by signal %d (%s)", res->signal, strsignal(res->signal));
	else
		buf_printf(out, "exited with status %d", res->status);
}
