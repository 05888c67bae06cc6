/*
 * table_words.h - the cells of the tables every document shows, formatted
 * once: a pair of versions' row (blog.md, issue.md, report.html through
 * doc_context.c; report.pdf can lay out the same), the terminal table's
 * headers and notes. The renderers lay the cells out.
 */
#ifndef NF_PRESENT_TABLE_WORDS_H
#define NF_PRESENT_TABLE_WORDS_H

#include "model/model.h"

#include <stddef.h>

struct buf;

/* One pair's cells: the versions, the ratio b / a with its interval, the
 * Hodges-Lehmann shift, U, p and p after Holm, and what it is
 * ("significant", "borderline", both, or ""). Each string is owned by the
 * row (table_pair_row_release). */
enum table_pair_cell {
	PAIR_A, PAIR_B, PAIR_RATIO, PAIR_CI, PAIR_SHIFT, PAIR_U, PAIR_P, PAIR_P_HOLM, PAIR_MARK,
	PAIR_CELLS
};
struct table_pair_row {
	char *cell[PAIR_CELLS];
};
void table_pair_row(struct table_pair_row *row, const struct comparison *c, const struct pair_stats *p);
void table_pair_row_release(struct table_pair_row *row);

/* The terminal table: the verdict of a comparison without one; the line
 * over the table (each cell: what it holds; bands: whether the cells show
 * them); how many of the versions (or variants) the columns show; the
 * first column's header (unit: NULL when the units differ). */
extern const char table_insufficient[];
void table_each_cell(struct buf *b, const struct model *m, const char *platform, int bands);
void table_columns_shown(struct buf *b, size_t shown, size_t n, int releases);
void table_workload_head(struct buf *b, const char *unit);

#endif
