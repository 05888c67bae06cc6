/*
 * fuzz.h - what the libFuzzer targets in fuzz/ share: a model set up the way
 * `noisefloor report` sets it up, and the rest of the pipeline after ingest
 * (merge checks, the analysis, the terminal table), so every target drives the
 * real code from input to model.
 *
 * Targets run from the top of the source tree (make fuzz does that); the
 * schedule is data/nodejs-schedule.json there.
 */
#ifndef NF_FUZZ_H
#define NF_FUZZ_H

#include <stddef.h>
#include <stdint.h>

#include "model/model.h"

/* model_init plus the options of a default report run (as-of date, three
 * rounds for a verdict, the shipped schedule). */
void fuzz_model_init(struct model *m);

/* ingest_finish, then analysis_run and the terminal table when that
 * succeeded; releases the model. */
void fuzz_model_finish(struct model *m);

/* A path naming an in-memory file that holds data[0..size) (a memfd), for
 * code that opens files by name. Valid until the next call; the previous
 * file is closed. */
const char *fuzz_file(const uint8_t *data, size_t size);

/* Where two results read from the same text differ: "names", "numbers",
 * "passes", or NULL when they are the same field by field (the targets that
 * compare two ingest paths). */
const char *fuzz_result_differs(const struct result *a, const struct result *b);
/* Two optional strings equal (both NULL, or the same text). */
int fuzz_same_str(const char *a, const char *b);

#endif
