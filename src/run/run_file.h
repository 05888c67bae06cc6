/*
 * run_file.h - the rounds file `noisefloor run` appends to: the settings
 * a run is started with (written on the header line, read back and compared
 * by --resume), the results of one round, and the file itself, which only
 * ever holds complete rounds.
 *
 * Errors are values: every function that can fail fills a struct nf_error
 * and returns its status; nothing here prints.
 */
#ifndef NF_RUNNER_FILE_H
#define NF_RUNNER_FILE_H

#include "lib/error.h"
#include "run/run_env.h"

#include <cjson/cJSON.h>
#include <stddef.h>

struct buf;

/* One version to measure. */
struct run_version {
	char *label;      /* owned */
	char *command;    /* owned, {NAME} substituted */
	char **words;     /* owned: the command split like a shell, NULL when it cannot be */
	char *node, *v8;  /* owned: Node.js release and V8, when known */
	int node_checked; /* its label was checked against node */
};

/* Bits of struct run_settings.given: what the command line set. */
enum {
	RUN_GIVEN_VERSIONS = 1 << 0, RUN_GIVEN_ROUNDS = 1 << 1, RUN_GIVEN_PASSES = 1 << 2,
	RUN_GIVEN_MEASURE = 1 << 3, RUN_GIVEN_ORDER = 1 << 4, RUN_GIVEN_SEED = 1 << 5,
	RUN_GIVEN_SHELL = 1 << 6, RUN_GIVEN_PREPARE = 1 << 7, RUN_GIVEN_NAME = 1 << 8,
	RUN_GIVEN_PLATFORM = 1 << 9, RUN_GIVEN_TITLE = 1 << 10, RUN_GIVEN_WARMUP = 1 << 11,
	RUN_GIVEN_DESCRIBE = 1 << 12, RUN_GIVEN_SOURCE = 1 << 13,
};

/* What a rounds file is started with; --resume compares and reuses it. */
struct run_settings {
	struct run_version *v;
	size_t nv, valloc;
	char *list, *tmpl; /* owned: --list as given and its command */
	int rounds, passes, warmup;
	int measure_output;
	int measure_cpu;   /* --measure cpu: wall time and, beside it, each
	                      pass's CPU time (user + system, from wait4) */
	int order_random;
	unsigned long long seed;
	int shell;
	char *prepare, *name, *platform, *title; /* owned, may be NULL */
	char *describe, *source; /* owned, may be NULL: what one pass of the
	                            workload does and the file of its code
	                            (--describe, --source; wall and cpu) */
	char **prepare_words; /* owned: --prepare split like a shell, with --no-shell */
	unsigned given;
};

/* The defaults: 7 rounds, 5 passes, 1 warm-up, rotated, through the shell. */
void run_settings_init(struct run_settings *s);
/* Frees everything s owns and sets it to the defaults again. */
void run_settings_release(struct run_settings *s);
/* Adds a version; takes ownership of label and command. */
void run_settings_add_version(struct run_settings *s, char *label, char *command);

/* "wall", "output" or "cpu": s's --measure. */
const char *run_settings_measure(const struct run_settings *s);

/* Reads the settings a file was started with (the header's "run" object
 * o) into s (initialised here; caller releases). Returns 0, or -1 when o is
 * not one noisefloor run wrote. */
int run_settings_from_json(const cJSON *o, struct run_settings *s);

/* Appends to b the `noisefloor run` command that takes the rounds with the
 * settings s into the file out, every setting written out (the defaults
 * too, but --platform when it is default_platform, the machine's os-arch),
 * each word quoted for /bin/sh where it needs it. Returns 0, or -1 with b
 * unchanged when a setting is not valid UTF-8 or holds a control character
 * (other than tab and line feed): no command would be the one that ran. */
int run_settings_command(const struct run_settings *s, const char *out,
			 const char *default_platform, struct buf *b);

/* Names, into why, the first setting the command line (cl) gave that
 * differs from the file's (f): "it was run with --rounds 4, not 5". Returns
 * 1 when one does, 0 when cl may continue f. */
int run_settings_differ(const struct run_settings *cl, const struct run_settings *f,
			struct buf *why);

/* A label or name as the rounds format takes it: valid UTF-8, no control
 * characters, 1 to INGEST_MAX_NAME bytes. Returns NULL, or a static text
 * saying what is wrong ("is empty"). */
const char *run_name_problem(const char *s);

/* One version's result of one round, until the round is written. */
struct run_result {
	const struct run_version *v; /* borrowed */
	char *workload, *unit;       /* owned */
	int better;
	double *passes;              /* owned */
	size_t npasses;
	char timestamp[40];
	cJSON *meta;                 /* owned object */
	char *note;                  /* owned, or NULL */
};

/* The results of one round, in the order they ran. */
struct run_round {
	struct run_result *p;
	size_t n, alloc;
	size_t *order;              /* owned: version indexes in run order */
	const char **failed;        /* owned array of borrowed labels: versions with no result */
	size_t nfailed, falloc;
	double load_before, load_after; /* load averages around the round, -1 when unknown */
	double elapsed_s;           /* seconds from the run's start (earlier sittings too) to
				     * the round's end, -1 when unknown */
};

/* Adds an empty result (meta an empty object) to rd; the pointer is valid
 * until the next call. */
struct run_result *run_round_add(struct run_round *rd);
/* Frees everything rd owns and zeroes it. */
void run_round_release(struct run_round *rd);

/* The rounds file, open and locked. */
struct run_file {
	const char *path;  /* borrowed */
	int fd;            /* -1 when not open */
	int created;       /* 1 when this run created the file */
	int has_header;
	size_t header_len;  /* bytes of the header line, its line feed included */
	int done_rounds;   /* complete rounds in the file */
	int dropped_round; /* the incomplete round cut off its end on opening, or 0 */
	char *removed_copy; /* owned: the copy a stopped --rounds rewrite left beside
	                       the file, removed on opening, or NULL */
	int replaced;      /* the path named another file or none (run_file_still_there) */
	double elapsed_s;  /* --resume: meta.elapsed_s of its last complete round, or 0 */
	cJSON *workloads;  /* owned: the header's "workloads" field (what the
	                      commands' output said of its workloads), or NULL */
};

/* An unopened file at path (borrowed: it must outlive f). */
void run_file_init(struct run_file *f, const char *path);

/* Creates the file (refused when it exists), or with resume opens it, and
 * locks it. With resume, reads its settings into from (initialised here;
 * caller releases) and its complete rounds, and cuts off an incomplete
 * round a stopped run left at its end (f->dropped_round says which). A
 * file edited anywhere else (a round missing or short, a result twice, a
 * line not JSON) is refused with the line and left as it is; blank lines
 * are skipped. An empty file opens with no header and from left at the
 * defaults. A copy run_file_set_rounds left beside it when its run was
 * killed (`FILE.XXXXXX`: a regular file of ours holding this file's
 * header with another number of rounds and the start of its rounds) is
 * removed (f->removed_copy says which); nothing else is touched. Returns 0 or a status: NF_NOINPUT (no file to resume),
 * NF_USAGE, NF_DATAERR (edited), NF_IOERR. */
int run_file_open(struct run_file *f, int resume, struct run_settings *from,
		     struct nf_error *err);

/* A new entry for workload name in f->workloads (made when missing), or
 * NULL when the file already describes it: what it has is kept. */
cJSON *run_file_new_workload(struct run_file *f, const char *name);

/* Adds to f->workloads what the model m says of its workloads (the rounds
 * format's "workloads" field); a workload already there keeps what it has. */
struct model;
void run_file_add_workloads(struct run_file *f, const struct model *m);

/* Writes the header line: the document fields, env, f->workloads and,
 * under "run", s. */
int run_file_write_header(struct run_file *f, const struct run_settings *s,
			     const struct run_env *env, struct nf_error *err);

/* --resume --rounds N: rewrites the header so the file is one of `rounds`
 * rounds (run.rounds and the notes), the rounds it holds kept as they are.
 * The new file is written beside it, locked, and renamed over it; f keeps
 * its lock. Returns 0 or NF_CANTCREAT, NF_IOERR, NF_USAGE (no header
 * noisefloor run wrote). */
int run_file_set_rounds(struct run_file *f, int rounds, struct nf_error *err);

/* Appends the results of round `round` with one write and fsyncs the file;
 * on failure cuts it back, so it never holds half a round. Records in each
 * result's meta the order, the loads, the versions that failed and the
 * number of results. Returns 0 (f->done_rounds = round) or NF_CANTCREAT
 * (disk full) or NF_IOERR. */
int run_file_append_round(struct run_file *f, const struct run_settings *s, int round,
			     struct run_round *rd, struct nf_error *err);

/* Closes the file (removed when this run created it and wrote nothing) and
 * frees f->workloads. */
void run_file_close(struct run_file *f);

/* 0 when f's path still names the file f holds open (device and inode),
 * checked before each round is appended; else sets f->replaced and returns
 * NF_CANTCREAT with err set: a file replaced at its path (an editor's
 * save) or removed would take the rounds into a copy that nothing names. */
int run_file_still_there(struct run_file *f, struct nf_error *err);

#endif
