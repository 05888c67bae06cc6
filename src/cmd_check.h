/*
 * cmd_check.h - `noisefloor check`: a gate for CI.
 */
#ifndef NF_CMD_CHECK_H
#define NF_CMD_CHECK_H

#include <stddef.h>
#include "model.h"
#include "util.h"

/* Appends one line to out for each version of each workload that is worse
 * than the comparison's baseline beyond the noise (the gap between their bests
 * exceeds the comparison's noise) and significant after Holm's correction across the
 * report. Returns the number of such lines; *checked (may be NULL) gets the
 * number of versions compared with a baseline. Reads only the model. */
size_t check_regressions(const struct model *m, struct buf *out, size_t *checked);

/* The subcommand: `noisefloor check [--baseline VERSION] [--min-rounds N]
 * [-q] [LABEL=]FILE...`. Returns the exit status: 0 no regression,
 * 1 (NF_FAIL) a regression, else the usual error statuses. Prints the
 * regressions on stdout and errors on stderr. */
int cmd_check(int argc, char **argv);

#endif
