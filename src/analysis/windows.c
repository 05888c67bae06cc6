/*
 * windows.c - release support windows.
 *
 * Answers, for a date, which phase each line of a schedule (read by
 * ingest/schedule.c) is in, and which line to recommend. Dates are compared
 * as "YYYY-MM-DD" strings, which order like the dates they name. A line is
 * end-of-life from its end date itself, as nodejs.org counts it. The status
 * names are the schedule's own ("Active LTS"); what they mean to a reader is
 * present/support.c's.
 */
#include "analysis/windows.h"
#include "model/semver.h"

#include <string.h>

static int reached(const char *date, const char *when)
{
	return when[0] && strcmp(date, when) >= 0;
}

/* The status of one line on a date; a static string. */
static const char *windows_line_status(const struct release_line *l, const char *date)
{
	if (reached(date, l->end))
		return "End-of-life";
	if (l->annual) {
		if (reached(date, l->maintenance))
			return "LTS";
	} else if (l->lts[0]) {
		if (reached(date, l->maintenance))
			return "Maintenance LTS";
		if (reached(date, l->lts))
			return "Active LTS";
	} else if (reached(date, l->maintenance)) {
		return "Maintenance";
	}
	if (reached(date, l->start))
		return "Current";
	if (reached(date, l->alpha))
		return "Alpha";
	return "Planned";
}

void windows_apply_date(struct schedule *s, const char *date)
{
	for (size_t i = 0; i < s->nlines; i++)
		s->lines[i].status = windows_line_status(&s->lines[i], date);
}

int windows_status_is_eol(const char *status)
{
	return status && strcmp(status, "End-of-life") == 0;
}

const struct release_line *windows_find(const struct schedule *s, const char *version)
{
	long major = semver_major(version);
	if (major < 0)
		return NULL;
	for (size_t i = 0; i < s->nlines; i++)
		if (s->lines[i].major == major)
			return &s->lines[i];
	return NULL;
}

const struct release_line *windows_recommend(const struct schedule *s)
{
	const struct release_line *best = NULL;
	/* lines are sorted ascending: the last match is the newest */
	for (size_t i = 0; i < s->nlines; i++) {
		const char *st = s->lines[i].status;
		if (st && (strcmp(st, "Active LTS") == 0 || strcmp(st, "LTS") == 0))
			best = &s->lines[i];
	}
	if (best)
		return best;
	for (size_t i = 0; i < s->nlines; i++)
		if (s->lines[i].status && strcmp(s->lines[i].status, "Maintenance LTS") == 0)
			best = &s->lines[i];
	return best;
}
