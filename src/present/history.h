/*
 * history.h - the sentences of dated histories: a step between two releases
 * of one line (releases.c's struct release_step) and a bad day of the
 * machine (timeline.c's struct bad_day). Lower case without a final period,
 * as report.h's, so a document can embed them or capitalise them.
 */
#ifndef NF_HISTORY_H
#define NF_HISTORY_H

#include "model/model.h"

/* The sentence for release step s of comparison c, malloc'd (caller frees):
 * "between 24.11.1 (last round 2026-02-01, V8 13.6.233.10) and 24.12.0
 * (first round 2026-02-05, V8 13.6.233.17) the median round moved −20%
 * (p = 0.00001 after Holm)". */
char *history_release_step_text(const struct comparison *c, const struct release_step *s);

/* The sentence every document gives a bad day, malloc'd (caller frees):
 * "2025-11-27 was a bad day of the machine on linux-x64: 20.19.5, 22.21.1
 * and 24.11.1 all ran at about 42% of their usual speed; its rounds say
 * nothing about any version". */
char *history_bad_day_text(const struct bad_day *d);

#endif
