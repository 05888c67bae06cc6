/*
 * windows.h - release support windows: the status of each line of a
 * schedule on a date, and the recommendation. The schedule file is read by
 * ingest/schedule.h.
 */
#ifndef NF_WINDOWS_H
#define NF_WINDOWS_H

#include "model/model.h"

/* Sets the status of every line for the date (YYYY-MM-DD). */
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
