/*
 * windows.h - release support windows: loading a schedule, the status of each
 * line on a date, and the recommendation.
 *
 * The schedule format is nodejs/Release's schedule.json: an object keyed by
 * line ("v24") with start, lts, maintenance, end, codename, and for the annual
 * model alpha with no lts; noisefloor adds v8, v8_latest and latest. Another
 * product's schedule in the same shape can be given with --schedule.
 */
#ifndef NF_WINDOWS_H
#define NF_WINDOWS_H

#include "lib/error.h"
#include "model/model.h"

/* Loads the schedule file into s (previous contents released). */
int windows_load(struct schedule *s, const char *path, struct nf_error *err);
void windows_release(struct schedule *s);

/* Sets status and pick_when of every line for the date (YYYY-MM-DD). */
void windows_apply_date(struct schedule *s, const char *date);


/* The line a version belongs to ("v24.11.1", "24.11.1", "24" -> v24), or NULL. */
const struct release_line *windows_find(const struct schedule *s, const char *version);

/* The recommended line on the schedule's applied date: the newest line in
 * Active LTS (annual model: LTS), else the newest in Maintenance LTS; NULL
 * when none. */
const struct release_line *windows_recommend(const struct schedule *s);

/* 1 when the status means no more fixes ("End-of-life"). */
int windows_status_is_eol(const char *status);

#endif
