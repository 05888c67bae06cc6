/*
 * upgrade.c - the upgrade view's facts (upgrade.h): which two versions each
 * comparison holds for the move, and what its rank test of that pair says.
 * A change is confirmed exactly when the pair's verdict record is a claim
 * (record.c); its estimate and interval are the record's, read from the
 * `from` side.
 */
#include "analysis/upgrade.h"
#include "analysis/record.h"
#include "analysis/windows.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* The release line a name names ("22" or "v22" -> "22"), or NULL: digits
 * only, after an optional v. */
static const char *line_digits(const char *name)
{
	const char *d = name + (name[0] == 'v' || name[0] == 'V');
	if (!*d)
		return NULL;
	for (const char *p = d; *p; p++)
		if (*p < '0' || *p > '9')
			return NULL;
	return d;
}

int upgrade_names(const struct version_stats *v, const char *name)
{
	const char *d;
	if (strcmp(v->version, name) == 0)
		return 1;
	d = line_digits(name);
	return d && v->line && (v->line[0] == 'v') && strcmp(v->line + 1, d) == 0;
}

/* The version of c that `name` names: the equal one, else the newest of
 * the line's (versions are in version order); -1 when none. */
static int pick(const struct comparison *c, const char *name)
{
	int found = -1;
	for (size_t i = 0; i < c->nversions; i++) {
		if (strcmp(c->versions[i].version, name) == 0)
			return (int)i;
		if (upgrade_names(&c->versions[i], name))
			found = (int)i;
	}
	return found;
}

/* 1 when some comparison of m measured a version `name` names. */
static int measured(const struct model *m, const char *name)
{
	for (size_t i = 0; i < m->ncomparisons; i++)
		if (pick(&m->comparisons[i], name) >= 0)
			return 1;
	return 0;
}

/* The schedule's line a name names, or NULL. */
static const struct release_line *line_named(const struct model *m, const char *name)
{
	const char *d = line_digits(name);
	for (size_t i = 0; i < m->schedule.nlines; i++) {
		const struct release_line *l = &m->schedule.lines[i];
		if (d ? l->line[0] == 'v' && strcmp(l->line + 1, d) == 0 : 0)
			return l;
	}
	/* an exact release: its line */
	return d ? NULL : windows_find(&m->schedule, name);
}

/* The oldest line measured and supported on the report date, other than
 * `to`: the start of the move a reader on an old line makes. */
static const struct release_line *oldest_supported(const struct model *m, const struct release_line *to)
{
	for (size_t i = 0; i < m->schedule.nlines; i++) {
		const struct release_line *l = &m->schedule.lines[i];
		if (l == to || windows_status_is_eol(l->status) || !measured(m, l->line))
			continue;
		if (to && l->major >= to->major)
			continue;
		return l;
	}
	return NULL;
}

static long pair_of(const struct comparison *c, int a, int b)
{
	int lo = a < b ? a : b, hi = a < b ? b : a;
	for (size_t i = 0; i < c->npairs; i++)
		if ((int)c->pairs[i].a == lo && (int)c->pairs[i].b == hi)
			return (long)i;
	return -1;
}

static void fill_row(const struct model *m, struct upgrade_row *row, size_t ci)
{
	const struct comparison *c = &m->comparisons[ci];
	const struct pair_stats *p;
	row->comparison = ci;
	row->from = pick(c, m->upgrade.from);
	row->to = pick(c, m->upgrade.to);
	row->pair = -1;
	row->ratio = row->ci_low = row->ci_high = NAN;
	if (row->from < 0 || row->to < 0 || row->from == row->to) {
		row->change = UPGRADE_UNMEASURED;
		return;
	}
	if (c->verdict == VERDICT_INSUFFICIENT) {
		row->change = UPGRADE_NO_VERDICT;
		return;
	}
	row->pair = pair_of(c, row->from, row->to);
	if (row->pair < 0) {
		row->change = UPGRADE_NOT_TESTED;
		return;
	}
	p = &c->pairs[row->pair];
	/* the pair's verdict record, read from the `from` side */
	if (p->rec.verdict != VERDICT_INSUFFICIENT && isfinite(p->rec.ratio)) {
		double lo, hi;
		row->ratio = record_change(p, (size_t)row->from, &lo, &hi) + 1;
		row->ci_low = lo + 1;
		row->ci_high = hi + 1;
	}
	if (p->rec.verdict != VERDICT_FASTER)
		row->change = UPGRADE_NONE;
	else
		row->change = p->rec.winner == row->to ? UPGRADE_BETTER : UPGRADE_WORSE;
}

int upgrade_run(struct model *m, struct nf_error *err)
{
	struct upgrade *u = &m->upgrade;
	const char *from = m->upgrade_from, *to = m->upgrade_to;

	u->given = from != NULL;
	if (!to && m->recommended)
		to = m->recommended->line;
	if (from && !measured(m, from)) {
		m->upgrade_refused = UPGRADE_FROM_UNKNOWN;
		return nf_error_set(err, NF_USAGE, "%s", from);
	}
	if (m->upgrade_to && !measured(m, m->upgrade_to)) {
		m->upgrade_refused = UPGRADE_TO_UNKNOWN;
		return nf_error_set(err, NF_USAGE, "%s", m->upgrade_to);
	}
	if (!to || !measured(m, to)) {
		if (from) {
			m->upgrade_refused = UPGRADE_TO_UNKNOWN;
			return nf_error_set(err, NF_USAGE, "%s", to ? to : "");
		}
		return NF_OK; /* nothing to move to: no view */
	}
	u->to_line = line_named(m, to);
	if (!from) {
		const struct release_line *l = oldest_supported(m, u->to_line);
		if (!l)
			return NF_OK;
		from = l->line;
	}
	u->from_line = line_named(m, from);
	u->from = model_intern(m, from);
	u->to = model_intern(m, to);
	u->rows = xcalloc(m->ncomparisons ? m->ncomparisons : 1, sizeof *u->rows);
	u->nrows = m->ncomparisons;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		fill_row(m, &u->rows[i], i);
		u->nbetter += u->rows[i].change == UPGRADE_BETTER;
		u->nworse += u->rows[i].change == UPGRADE_WORSE;
		u->nnone += u->rows[i].change == UPGRADE_NONE || u->rows[i].change == UPGRADE_NOT_TESTED;
	}
	/* --from and --to that name the same versions everywhere */
	if (u->given) {
		int any = 0;
		for (size_t i = 0; i < u->nrows; i++)
			any |= u->rows[i].from >= 0 && u->rows[i].to >= 0 && u->rows[i].from != u->rows[i].to;
		if (!any) {
			m->upgrade_refused = UPGRADE_SAME;
			return nf_error_set(err, NF_USAGE, "%s", from);
		}
	}
	u->shown = 1;
	return NF_OK;
}
