/*
 * cli.h - the command layer: subcommands, their options and --help, the
 * input arguments, and every message on stderr.
 *
 * Each subcommand is one `struct cli_command` in its own file (cmd_NAME.c):
 * a name, a synopsis, a paragraph about it, its options table and a run
 * function. The options table drives both parsing and the subcommand's
 * --help, so the two cannot drift. main.c lists the commands; cli_main()
 * picks one, parses argv with its table and calls its run function.
 *
 * Only this layer prints to stderr (besides the out-of-memory abort), and
 * only through cli_error(), cli_fail() and cli_warn(), which show control
 * characters (C0, DEL, C1, bidirectional controls, invalid UTF-8) as '?',
 * so nothing taken from argv or an input can act on the terminal.
 */
#ifndef NF_CLI_H
#define NF_CLI_H

#include "lib/error.h"
#include "model/model.h"

#include <stdio.h>

struct report;

/* The decimal text of a number macro, for help texts: CLI_STR(MODEL_MIN_ROUNDS). */
#define CLI_STR_(x) #x
#define CLI_STR(x) CLI_STR_(x)

/* Every option any subcommand takes. Names, short letters and the value's
 * name in --help are in cli.c's catalogue; a new option is one id here and
 * one catalogue line there. */
enum cli_opt {
	CLI_OUT,        /* -o, --out DIR */
	CLI_AS_OF,      /* --as-of DATE */
	CLI_BASELINE,   /* --baseline VERSION */
	CLI_MIN_ROUNDS, /* --min-rounds N, parsed into cli_args.min_rounds */
	CLI_BY,         /* --by line|release, parsed into cli_args.by */
	CLI_FORMATS,    /* --formats LIST */
	CLI_TEMPLATES,  /* --templates DIR */
	CLI_SCHEDULE,   /* --schedule FILE */
	CLI_JQ,         /* --jq FILE */
	CLI_JQ_PROGRAM, /* --jq-program PROG */
	CLI_JSON,       /* --json */
	CLI_QUIET,      /* -q, --quiet */
	CLI_RPS,        /* --rps N (impact.c) */
	CLI_PAYLOAD,    /* --payload SIZE */
	CLI_CORES,      /* --cores N */
	CLI_IMPACT,     /* --impact WORKLOAD */
	CLI_CLAIM,      /* --claim CLAIM, repeatable: cli_args.claims */
	CLI_FROM,       /* --from VERSION (analysis/upgrade.c) */
	CLI_TO,         /* --to VERSION */
	CLI_LINK_BASE,  /* --link-base URL: where report.html is served */
	CLI_SUMMARY,    /* --summary FILE (check): writes ci-summary.md there */
	CLI_FAIL_ABOVE, /* --fail-above PCT (check): the smallest regression that fails */
	CLI_HELP,       /* -h, --help: every subcommand, added by the parser */
	CLI_VERSION,    /* -V, --version: every subcommand, added by the parser */
	CLI_NOPTS
};

/* One line of a subcommand's options table: the option and its --help text.
 * A '\n' in help continues on the next line under the first; "@FORMATS@"
 * stands for the list of output formats. A table ends with help == NULL. */
struct cli_option {
	enum cli_opt id;
	const char *help;
};

/* The command line as parsed for one subcommand. */
struct cli_args {
	const struct cli_command *cmd;
	const char *opt[CLI_NOPTS]; /* the value given, "" for a flag; NULL when absent */
	int min_rounds;             /* --min-rounds, or MODEL_MIN_ROUNDS */
	enum compare_by by;         /* --by, or BY_DEFAULT */
	const char **claims;        /* every --claim, in order (owned by cli_main;
	                               the strings are argv's) */
	int nclaims;
	char **files;               /* the operands ([LABEL=]FILE...), in argv */
	int nfiles;
	char **given;               /* the arguments after the command's name as
	                               given, before getopt reorders argv (owned
	                               by cli_main) */
	int ngiven;
};

struct cli_command {
	const char *name;      /* "check": `noisefloor check ...` */
	const char *synopsis;  /* after "noisefloor ", for the usage lines */
	const char *about;     /* the paragraph --help shows under the usage */
	const struct cli_option *options;
	const char *options_text; /* a command with no options table (run): its
	                             options as --help lines, for the program's
	                             --help; else NULL */
	const char *exit_status; /* the "Exit status:" lines of --help */
	int hint_self;         /* usage errors point at `noisefloor NAME --help`
				* (else at `noisefloor --help`) */
	/* Does the work; returns the exit status. Prints through cli_error()
	 * and cli_fail() only. */
	int (*run)(const struct cli_args *a);
	/* Instead of run, for a command whose options do not fit a table (run:
	 * a repeatable --version LABEL=COMMAND, which the common --version would
	 * take): gets argv from its own name on and parses it itself, --help
	 * included. options is then an empty table. */
	int (*run_argv)(int argc, char **argv);
};

/* Runs the program: argv[1] names a command of cmds, else cmds[0] (the
 * default) gets the whole argv. Returns the exit status. */
int cli_main(int argc, char **argv, const struct cli_command *const *cmds, size_t ncmds);

/* Prints "noisefloor: <message>" on stderr, control characters shown as
 * '?'; for NF_USAGE adds the line pointing at --help. Returns status. */
int cli_error(const struct cli_args *a, int status, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* cli_error() with err's status and message. */
int cli_fail(const struct cli_args *a, const struct nf_error *err);
/* Prints "warning: <text>" on stderr, control characters shown as '?' (a
 * warning may name an input's path, taken from argv). */
void cli_warn(const char *text);

/* Usage error unless at least one input file was given. */
int cli_need_inputs(const struct cli_args *a);

/* Reads every operand ("LABEL=path" when LABEL has no '/' and the whole
 * argument is not itself a file; "-" is stdin) into m, through --jq or
 * --jq-program when given, and finishes the model (ingest_finish). Fails
 * with err filled. */
int cli_load_inputs(struct model *m, const struct cli_args *a, struct nf_error *err);

/* The file an operand ([LABEL=]FILE) names, as cli_load_inputs reads it: a
 * pointer into arg ("-" for stdin). */
const char *cli_input_path(char *arg);

/* Runs the analysis on a loaded model (analysis_run) and words its refusal
 * of --baseline. Fails with err filled: NF_USAGE when --baseline names no
 * measured version, NF_DATAERR from the impact estimate. */
int cli_analyse(struct model *m, struct nf_error *err);

/* Loads --schedule, or the shipped Node.js schedule, into s. */
int cli_load_schedule(struct schedule *s, const struct cli_args *a, struct nf_error *err);

/* The report date: --as-of, else SOURCE_DATE_EPOCH's date, else today
 * (UTC). Fails with NF_USAGE and err filled. */
int cli_report_date(const struct cli_args *a, char out[11], struct nf_error *err);

/* SOURCE_DATE_EPOCH as a number, or -1 when unset or not a number. */
long long cli_source_date(void);

/* Finds a shipped file (templates, data): $NOISEFLOOR_DATADIR, beside the
 * executable, ../share/noisefloor from it, then the configured data folder.
 * Returns a malloc'd path; caller frees. */
char *cli_find_resource(const char *rel);

/* Usage error (printed) unless --link-base, when given, is an http(s)
 * address a Markdown link keeps whole: printable ASCII without spaces,
 * quotes, brackets, parentheses, backslashes or '#'. Returns 0 or status. */
int cli_check_link_base(const struct cli_args *a);

/* ---- the options that shape the analysis (cli_analysis.c) ----
 * report and check take them alike, so the gate and the documents read one
 * model: the same verdicts, claims and upgrade view. */

/* Parses every --claim into m->claims. Returns -1 to go on, or NF_USAGE
 * after one line on stderr naming the claim and what is wrong with its
 * text (no pointer to --help: the claim is named). */
int cli_claim_options(const struct cli_args *a, struct model *m);

/* Sets the report date (--as-of), --baseline, --min-rounds, --by, --from
 * and --to on m, loads the release schedule (--schedule, or the shipped
 * one) and every input, and runs the analysis (cli_analyse). Fails with
 * err filled. */
int cli_load_and_analyse(struct model *m, const struct cli_args *a, struct nf_error *err);

/* Checks the parsed claims on the analysed model (claims_run). Returns
 * NF_OK, or NF_USAGE after one line on stderr: a version that was not
 * measured (the measured ones listed) or a workload part that names none
 * (the workloads listed). */
int cli_check_claims(const struct cli_args *a, struct model *m);

/* Writes the claims checked (rep->claims.lines), one sentence each,
 * wrapped to columns, to f. */
void cli_print_claims(const struct report *rep, FILE *f, size_t columns);

/* The terminal's width: $COLUMNS, else the width of the terminal standard
 * output is (shells rarely export COLUMNS), else 80. */
size_t cli_terminal_columns(void);

/* Writes what is buffered for stdout; on failure prints the error and
 * returns NF_IOERR, else NF_OK. */
int cli_flush_stdout(const struct cli_args *a);

/* 1 when arg is the option `name` or `name=...` (run's and bisect's own
 * parsers); *val gets the value after '=', or NULL. */
int cli_is_opt(const char *arg, const char *name, const char **val);

struct buf;
/* The message of an unknown option, appended to out: "unknown option
 * '--outt'; did you mean '--out'?", the suggestion being the long option
 * named in text (as --NAME, a help text) closest to the one given, when it
 * is close enough (at most 2 edits, fewer than half its letters). */
void cli_unknown_option(struct buf *out, const char *given, const char *text);

#endif
