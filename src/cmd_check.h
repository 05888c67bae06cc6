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

#endif
