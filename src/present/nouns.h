/*
 * nouns.h - a number with its noun, the helpers every count in present/
 * builds on (counts.c, upgrade_words.c, report.c): "1 workload", "7 workloads",
 * and how many distinct names a list holds.
 */
#ifndef NF_PRESENT_NOUNS_H
#define NF_PRESENT_NOUNS_H

#include <stddef.h>

struct buf;

/* How many distinct names among v[0..n) (interned: compared as pointers);
 * sorts v. */
size_t report_count_distinct(const char **v, size_t n);

/* Appends n and its noun in number: "1 workload", "7 workloads". */
void report_count(struct buf *b, size_t n, const char *one, const char *many);

#endif
