/*
 * schedule.h - reading a release schedule file (--schedule, or the shipped
 * Node.js one) into the model's struct schedule.
 *
 * The format is nodejs/Release's schedule.json: an object keyed by line
 * ("v24") with start, lts, maintenance, end, codename, and for the annual
 * model alpha with no lts; noisefloor adds v8, v8_latest and latest, and
 * "$product" names another product's schedule in the same shape. Which
 * phase a line is in on a date is analysis/windows.h's.
 */
#ifndef NF_SCHEDULE_H
#define NF_SCHEDULE_H

#include "lib/error.h"
#include "model/model.h"

/* Loads the schedule file at path into s (previous contents released), the
 * lines sorted by major version and the product "Node.js" unless the file
 * names another. Returns NF_OK, or NF_NOINPUT / NF_IOERR when the file
 * cannot be read and NF_DATAERR when it is not a schedule, with err filled
 * ("cannot read schedule 'x.json': ...") and s left empty. */
int schedule_load(struct schedule *s, const char *path, struct nf_error *err);

/* Frees what s owns and leaves it empty (safe on an empty schedule). */
void schedule_release(struct schedule *s);

#endif
