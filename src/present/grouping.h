/*
 * grouping.h - the sentence every document gives on how exact releases were
 * compared: one by one, or grouped into their release lines (the facts are
 * analysis/lines.c's model.grouping). Lower case, no final period.
 */
#ifndef NF_GROUPING_H
#define NF_GROUPING_H

#include "model/model.h"

/* "the 45 exact releases measured are grouped into their 5 release lines
 * (18, 20, 22, 24 and 26) ...", malloc'd (caller frees), or NULL when
 * there is nothing to say (no line with more than one release measured). */
char *grouping_note(const struct model *m);

#endif
