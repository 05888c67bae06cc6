/*
 * timeline.h - histories against time: which comparisons are histories
 * (rounds dated over more than a day), and the bad days of the machine (a
 * day on which every version that ran was far slower than usual, so the
 * slow rounds of that day say nothing about any version).
 */
#ifndef NF_TIMELINE_H
#define NF_TIMELINE_H

#include "model/model.h"

/* A day is bad when the versions that ran on it were slower than usual by
 * more than this many robust standard deviations of the day-to-day
 * variation (median absolute deviation x 1.4826) ... */
#define TIMELINE_BAD_Z 3.5
/* ... and at least this many versions ran on it, all of them that slow. */
#define TIMELINE_BAD_MIN_VERSIONS 2

/* 1 when every round of c has a readable timestamp and they fall on more
 * than one day. */
int timeline_dated(const struct comparison *c);

/* 1 when c is one sitting (every round timed, within a day) with slow
 * rounds of the machine (c->slow_rounds): its time chart shades them. */
int timeline_sitting(const struct comparison *c);

/* Fills m->bad_days from the dated comparisons. Called once by
 * analysis_run after the verdicts; never fails. */
void timeline_run(struct model *m);

/* The bad day of `platform` on the UTC day of the timestamp `date`, or
 * NULL. */
const struct bad_day *timeline_bad_day(const struct model *m, const char *platform,
				       const char *date);

/* Days since 1970-01-01 (with the fraction of the day) of a round's
 * timestamp; returns 0 when it has none or it cannot be read. */
int timeline_day(const struct result *r, double *days);

#endif
