/*
 * main.c - the list of subcommands. Everything else of the command layer
 * (options, --help, messages, exit codes) is in cli.c; each subcommand is in
 * its own cmd_NAME.c.
 *
 * Adding a subcommand `noisefloor NAME`:
 *   1. write src/cmd_NAME.c defining `const struct cli_command cmd_NAME`
 *      (name, synopsis, about, options table, exit status, run function;
 *      see cli.h and cmd_windows.c for a short one). A new option is one
 *      enum cli_opt id in cli.h and one catalogue line in cli.c;
 *   2. add X(NAME) to COMMANDS below (its place is its place in --help);
 *   3. document it: its usage line in README.md's usage block, its options
 *      in doc/noisefloor.1 and in its page of the manual (doc/usage.md for
 *      report and check, doc/run.md for run and bisect; tests/t-cli.sh
 *      checks that every option --help lists is in both).
 * The Makefile builds every .c file in src/, so there is nothing else to change.
 */
#include "cmd/cli.h"

#include <signal.h>

/* The first is the default command: `noisefloor FILE...` is `report`. */
#define COMMANDS(X) X(report) X(windows) X(check) X(convert) X(run) X(bisect)

#define DECLARE(name) extern const struct cli_command cmd_##name;
#define ENTRY(name) &cmd_##name,
COMMANDS(DECLARE)
static const struct cli_command *const commands[] = { COMMANDS(ENTRY) };

int main(int argc, char **argv)
{
	/* past a file size limit (ulimit -f), write() fails with EFBIG and the
	 * run ends with a message instead of being killed half-way */
	signal(SIGXFSZ, SIG_IGN);
	return cli_main(argc, argv, commands, sizeof commands / sizeof commands[0]);
}
