/*
 * upgrade_words.c - the upgrade view in words (upgrade_words.h). The analysis says for
 * each comparison which versions stand for the two ends and whether their
 * rank test confirms a change; this file words the change as a signed
 * percentage of the measured value with its interval, says what each end's
 * support status is, and orders the rows: confirmed changes first, largest
 * first, so a capped list keeps what matters.
 */
#include "present/upgrade_words.h"
#include "analysis/windows.h"
#include "lib/fmt.h"
#include "lib/util.h"
#include "present/doc.h"
#include "present/nouns.h"
#include "present/verdict_words.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* "the time per pass", "ops/s", "MB": what the percentage is of. */
static void quantity(struct buf *b, const struct comparison *c)
{
	if (c->unit_kind == UNIT_TIME || (c->unit_kind == UNIT_OTHER && c->better == BETTER_LOWER))
		buf_puts(b, "time per pass");
	else
		buf_puts(b, c->unit);
}

static void row_text(struct buf *b, const struct model *m, const struct upgrade_row *u)
{
	const struct comparison *c = &m->comparisons[u->comparison];
	switch (u->change) {
	case UPGRADE_BETTER:
	case UPGRADE_WORSE: {
		/* the pair's verdict record, as the verdict words it */
		const struct verdict_record *r = &c->pairs[u->pair].rec;
		words_record_claim(b, c, r, 0);
		if (isfinite(r->size_low)) {
			buf_puts(b, "; ");
			words_size_interval(b, c, r);
		}
		buf_printf(b, ", %s", u->change == UPGRADE_BETTER ? "better" : "worse");
		break;
	}
	case UPGRADE_NONE:
		buf_puts(b, "no confirmed change");
		if (u->ratio == u->ratio) {
			buf_puts(b, " (");
			quantity(b, c);
			buf_putc(b, ' ');
			fmt_percent_signed(b, u->ratio - 1);
			buf_puts(b, ", ");
			words_interval(b, u->ci_low - 1, u->ci_high - 1);
			buf_putc(b, ')');
		}
		break;
	case UPGRADE_NOT_TESTED:
		buf_puts(b, c->by_step ? "no confirmed change (no step of the bisect measured both)"
			 : "no confirmed change (the pair was not tested: see the steps of the series)");
		break;
	case UPGRADE_NO_VERDICT:
		buf_puts(b, "no confirmed change (no verdict: too few rounds)");
		break;
	case UPGRADE_UNMEASURED:
		buf_printf(b, "not measured on %s", u->from < 0 ? m->upgrade.from : m->upgrade.to);
		break;
	}
}

/* The name a document shows for an end: as the reader gave it; a line the
 * analysis chose ("v26", the recommended one) in the style of the other
 * end, so "22 to 26", not "22 to v26". */
static char *display(const char *name, const char *other, const struct release_line *l)
{
	if (l && other && strcmp(name, l->line) == 0 && name[0] == 'v' && other[0] != 'v' &&
	    other[0] >= '0' && other[0] <= '9' && !strchr(other, '.'))
		return xstrdup(name + 1);
	return xstrdup(name);
}

static void end_words(struct buf *b, const char *name, const struct release_line *l)
{
	if (!l || !l->status)
		return;
	if (windows_status_is_eol(l->status)) {
		buf_printf(b, "%s is end-of-life", name);
		if (l->end[0])
			buf_printf(b, " since %s", l->end);
		return;
	}
	buf_printf(b, "%s is in %s", name, l->status);
	if (l->end[0])
		buf_printf(b, " until %s", l->end);
}

/* Confirmed changes first, by the size of the change; then report order. */
static const struct model *sort_m;
static int row_order(const void *pa, const void *pb)
{
	const struct report_upgrade_row *a = pa, *b = pb;
	if (a->confirmed != b->confirmed)
		return a->confirmed ? -1 : 1;
	if (a->confirmed) {
		const struct upgrade_row *ua = &sort_m->upgrade.rows[a->comparison];
		const struct upgrade_row *ub = &sort_m->upgrade.rows[b->comparison];
		double sa = sort_m->comparisons[a->comparison].pairs[ua->pair].rec.size;
		double sb = sort_m->comparisons[b->comparison].pairs[ub->pair].rec.size;
		if (sa != sb)
			return sa > sb ? -1 : 1;
	}
	return (a->comparison > b->comparison) - (a->comparison < b->comparison);
}

void upgrade_words_build(struct report_upgrade *ru, const struct model *m)
{
	const struct upgrade *u = &m->upgrade;
	struct buf b = BUF_INIT;

	memset(ru, 0, sizeof *ru);
	if (!u->shown)
		return;
	ru->shown = 1;
	ru->given = u->given;
	ru->from = display(u->from, u->to, u->from_line);
	ru->to = display(u->to, u->from, u->to_line);
	ru->title = xasprintf("What changes from %s to %s", ru->from, ru->to);
	end_words(&b, ru->from, u->from_line);
	if (u->to_line && u->from_line != u->to_line) {
		if (b.len)
			buf_puts(&b, "; ");
		end_words(&b, ru->to, u->to_line);
	}
	if (b.len)
		ru->ends = buf_detach(&b, NULL);
	buf_reset(&b);
	ru->rows = xcalloc(u->nrows ? u->nrows : 1, sizeof *ru->rows);
	for (size_t i = 0; i < u->nrows; i++) {
		const struct upgrade_row *ur = &u->rows[i];
		const struct comparison *c = &m->comparisons[ur->comparison];
		struct report_upgrade_row *rr;
		/* a comparison that measured neither end is only counted */
		if (ur->from < 0 && ur->to < 0)
			continue;
		rr = &ru->rows[ru->nrows++];
		rr->comparison = ur->comparison;
		rr->workload = c->workload;
		rr->platform = c->platform;
		rr->unit = c->unit;
		rr->from = ur->from >= 0 ? c->versions[ur->from].version : NULL;
		rr->to = ur->to >= 0 ? c->versions[ur->to].version : NULL;
		rr->change = ur->change;
		rr->confirmed = ur->change == UPGRADE_BETTER || ur->change == UPGRADE_WORSE;
		ru->nconfirmed += rr->confirmed;
		ru->several_platforms |= c->platform != ru->rows[0].platform;
		row_text(&b, m, ur);
		rr->text = buf_detach(&b, NULL);
		if (rr->confirmed && ur->pair >= 0) {
			doc_plain_record(&b, c, &c->pairs[ur->pair].rec);
			rr->plain = buf_detach(&b, NULL);
		}
	}
	sort_m = m;
	qsort(ru->rows, ru->nrows, sizeof *ru->rows, row_order);
	/* "2 workloads change for the better, none for the worse, 6 show no
	 * confirmed change, 8 did not measure both ends" */
	if (u->nbetter)
		report_count(&b, u->nbetter, "workload changes", "workloads change");
	else
		buf_puts(&b, "no workload changes");
	buf_puts(&b, " for the better, ");
	if (u->nworse)
		buf_printf(&b, "%zu for the worse", u->nworse);
	else
		buf_puts(&b, "none for the worse");
	if (u->nnone) {
		buf_puts(&b, ", ");
		report_count(&b, u->nnone, "shows no confirmed change", "show no confirmed change");
	}
	{
		size_t rest = u->nrows - u->nbetter - u->nworse - u->nnone, unmeasured = 0;
		for (size_t i = 0; i < u->nrows; i++)
			unmeasured += u->rows[i].change == UPGRADE_UNMEASURED;
		if (rest - unmeasured)
			buf_printf(&b, ", %zu %s no verdict", rest - unmeasured,
				   rest - unmeasured == 1 ? "has" : "have");
		if (unmeasured)
			buf_printf(&b, ", %zu did not measure both", unmeasured);
	}
	ru->summary = buf_detach(&b, NULL);
	buf_release(&b);
}

void upgrade_words_release(struct report_upgrade *u)
{
	for (size_t i = 0; i < u->nrows; i++) {
		free(u->rows[i].text);
		free(u->rows[i].plain);
	}
	free(u->rows);
	free(u->from);
	free(u->to);
	free(u->title);
	free(u->ends);
	free(u->summary);
	memset(u, 0, sizeof *u);
}
