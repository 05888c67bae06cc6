/*
 * anchors.h - the fragment ids of report.html: one per comparison, which
 * ci-summary.md links to (report.html#json-stringify), so both documents
 * agree on them.
 */
#ifndef NF_ANCHORS_H
#define NF_ANCHORS_H

#include <stddef.h>
#include "model/model.h"

/*
 * One id per comparison of m (parallel to model.comparisons): the workload
 * in lower case with every run of characters other than ASCII letters,
 * digits and UTF-8 bytes turned into one '-' ("JSON.stringify" ->
 * "json-stringify"); with the platform after it when the workload is
 * compared on several; "-2", "-3" ... after one that is taken already,
 * counting the sections of report.html (ANCHORS_RESERVED). Returns a
 * malloc'd array of malloc'd strings; free with anchors_free.
 */
char **anchors_build(const struct model *m);
void anchors_free(char **a, size_t n);

/* The ids report.html's own sections use, which no comparison gets. */
extern const char *const anchors_reserved[];

#endif
