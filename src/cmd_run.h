/*
 * cmd_run.h - `noisefloor run`: takes the measurements the method needs
 * (the same workloads under every version, interleaved, the order rotated,
 * several rounds, the machine recorded) and appends them as rounds-format
 * NDJSON, one complete round at a time.
 */
#ifndef NF_CMD_RUN_H
#define NF_CMD_RUN_H

/* The subcommand; argv[0] is "run". Parses its own options (README,
 * "noisefloor run"; `noisefloor run --help`). Returns the exit status:
 * 0 done, 1 a version's command failed, 2 usage error, 65 a command's
 * output is not readable, 66 --resume of a missing file, 73/74 the rounds
 * file cannot be written, 75 --strict refused a noisy machine, 130 stopped
 * by SIGINT or SIGTERM (complete rounds kept). Prints its messages on
 * stderr. */
int cmd_run(int argc, char **argv);

#endif
