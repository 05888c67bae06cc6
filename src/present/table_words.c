/*
 * table_words.c - table cells and headers worded once (table_words.h).
 */
#include "present/table_words.h"

#include "lib/fmt.h"
#include "lib/util.h"
#include "present/compared.h"

#include <stdlib.h>

void table_pair_row(struct table_pair_row *row, const struct comparison *c, const struct pair_stats *p)
{
	struct buf b = BUF_INIT;
	row->cell[PAIR_A] = xstrdup(c->versions[p->a].version);
	row->cell[PAIR_B] = xstrdup(c->versions[p->b].version);
	fmt_fixed(&b, p->ratio, 3);
	row->cell[PAIR_RATIO] = buf_detach(&b, NULL);
	fmt_fixed(&b, p->ci_low, 3);
	buf_puts(&b, "\xE2\x80\x93");
	fmt_fixed(&b, p->ci_high, 3);
	row->cell[PAIR_CI] = buf_detach(&b, NULL);
	fmt_value_signed(&b, p->shift);
	row->cell[PAIR_SHIFT] = buf_detach(&b, NULL);
	fmt_sig(&b, p->u, 6);
	row->cell[PAIR_U] = buf_detach(&b, NULL);
	fmt_p(&b, p->p);
	row->cell[PAIR_P] = buf_detach(&b, NULL);
	fmt_p(&b, p->p_holm);
	row->cell[PAIR_P_HOLM] = buf_detach(&b, NULL);
	row->cell[PAIR_MARK] = xasprintf("%s%s%s", p->significant ? "significant" : "",
					 p->significant && p->borderline ? ", " : "",
					 p->borderline ? "borderline" : "");
}

void table_pair_row_release(struct table_pair_row *row)
{
	for (int i = 0; i < PAIR_CELLS; i++) {
		free(row->cell[i]);
		row->cell[i] = NULL;
	}
}

const char table_insufficient[] = "insufficient (see below)";

void table_each_cell(struct buf *b, const struct model *m, const char *platform, int bands)
{
	buf_puts(b, "each cell: ");
	compared_header(b, m, platform);
	if (!bands)
		buf_puts(b, " (bands in the files written)");
}

void table_columns_shown(struct buf *b, size_t shown, size_t n, int releases)
{
	if (releases)
		buf_printf(b, "%zu of the %zu versions: the first and the newest of "
			   "each line (all in the files written)", shown, n);
	else
		buf_printf(b, "%zu of the %zu variants: the first and the last "
			   "that fit (all in the files written)", shown, n);
}

void table_workload_head(struct buf *b, const char *unit)
{
	if (unit)
		buf_printf(b, "workload (%s)", unit);
	else
		buf_puts(b, "workload");
}
