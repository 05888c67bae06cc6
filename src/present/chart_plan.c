/*
 * chart_plan.c - the chart plan's rules and the charts' file names
 * (chart_plan.h): ASCII slugs of the workloads, made unique in near-linear
 * time however many workloads share one.
 */
#include "present/chart_plan.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

int report_several_platforms(const struct model *m)
{
	for (size_t i = 1; i < m->ncomparisons; i++)
		if (m->comparisons[i].platform != m->comparisons[0].platform)
			return 1;
	return 0;
}

int report_chart_series(const struct comparison *c)
{
	return c->nversions >= 8;
}

int report_in_overview(const struct comparison *c)
{
	return c->baseline_idx >= 0 && !report_chart_series(c);
}

int report_overview_rows(const struct model *m)
{
	size_t bars = 0;
	for (size_t i = 0; i < m->ncomparisons; i++)
		if (m->comparisons[i].baseline_idx >= 0)
			bars += m->comparisons[i].nversions - 1;
	return bars > REPORT_OVERVIEW_MAX_BARS;
}

int report_has_overview(const struct model *m)
{
	int rows = report_overview_rows(m);
	/* nothing to draw when no workload has a bar */
	for (size_t i = 0; i < m->ncomparisons; i++)
		if (rows && m->comparisons[i].baseline_idx >= 0 && m->comparisons[i].nversions > 1 &&
		    m->comparisons[i].verdict != VERDICT_INSUFFICIENT)
			return 1;
	for (size_t i = 0; i < m->ncomparisons; i++)
		if (report_in_overview(&m->comparisons[i]) && m->comparisons[i].nversions > 1 &&
		    m->comparisons[i].verdict != VERDICT_INSUFFICIENT)
			return 1;
	return 0;
}

/* Appends an ASCII slug of s: letters and digits lower-cased, Latin-1
 * letters without their accents, everything else one '-'. */
static void slug_append(struct buf *b, const char *s)
{
	static const char latin1[] =
		"aaaaaaaceeeeiiiidnooooo-ouuuuyts" /* U+00C0..U+00DF */
		"aaaaaaaceeeeiiiidnooooo-ouuuuyty"; /* U+00E0..U+00FF */
	int dash = 0;
	while (*s) {
		unsigned cp = utf8_next(&s);
		char ch = 0;
		if (cp < 0x80 && ((cp >= 'a' && cp <= 'z') || (cp >= '0' && cp <= '9')))
			ch = (char)cp;
		else if (cp >= 'A' && cp <= 'Z')
			ch = (char)(cp - 'A' + 'a');
		else if (cp >= 0xC0 && cp <= 0xFF && latin1[cp - 0xC0] != '-')
			ch = latin1[cp - 0xC0];
		if (ch) {
			if (dash && b->len && b->s[b->len - 1] != '-')
				buf_putc(b, '-');
			dash = 0;
			buf_putc(b, ch);
			if (cp == 0xDF)
				buf_putc(b, 's'); /* ß -> ss */
		} else {
			dash = 1;
		}
		if (b->len >= 60)
			break;
	}
}

/* The stems taken so far, each with the last number tried after it: an
 * open-addressed set of strings (borrowed), so that a name is checked in
 * constant time and 5,000 workloads of one stem stay near-linear. */
struct stem_set {
	const char **names;
	int *next;           /* per name: the last "-N" tried with it as a base */
	size_t cap, n;
};

static size_t stem_hash(const char *s, size_t len)
{
	size_t h = 1469598103934665603u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211u;
	return h;
}

/* The slot of s[0..len) in the set: where it is, or the empty one where it
 * would go. */
static size_t stem_slot(const struct stem_set *t, const char *s, size_t len)
{
	size_t i = stem_hash(s, len) & (t->cap - 1);
	while (t->names[i] && !(strlen(t->names[i]) == len && memcmp(t->names[i], s, len) == 0))
		i = (i + 1) & (t->cap - 1);
	return i;
}

static int stem_has(const struct stem_set *t, const char *s, size_t len)
{
	return t->cap && t->names[stem_slot(t, s, len)] != NULL;
}

/* Adds s (borrowed) unless it is there; returns its slot. */
static size_t stem_add(struct stem_set *t, const char *s)
{
	size_t i;
	if (2 * (t->n + 1) > t->cap) {
		struct stem_set g = { NULL, NULL, t->cap ? 2 * t->cap : 64, 0 };
		g.names = xcalloc(g.cap, sizeof *g.names);
		g.next = xcalloc(g.cap, sizeof *g.next);
		for (size_t k = 0; k < t->cap; k++)
			if (t->names[k]) {
				size_t j = stem_slot(&g, t->names[k], strlen(t->names[k]));
				g.names[j] = t->names[k];
				g.next[j] = t->next[k];
				g.n++;
			}
		free(t->names);
		free(t->next);
		*t = g;
	}
	i = stem_slot(t, s, strlen(s));
	if (!t->names[i]) {
		t->names[i] = s;
		t->next[i] = 1;
		t->n++;
	}
	return i;
}

/* Whether s clashes with a stem taken: the same name, "overview", or one
 * that is the other's series chart ("x" and "x-series"). */
static int name_taken(const struct stem_set *t, const char *s)
{
	size_t len = strlen(s);
	static const char series[] = "-series";
	struct buf b = BUF_INIT;
	int taken;
	if (strcmp(s, "overview") == 0 || strcmp(s, "bisect-steps") == 0 || stem_has(t, s, len))
		return 1;
	if (len > 7 && strcmp(s + len - 7, series) == 0 && stem_has(t, s, len - 7))
		return 1;
	buf_printf(&b, "%s%s", s, series);
	taken = stem_has(t, b.s, b.len);
	buf_release(&b);
	return taken;
}

/*
 * File stems for the charts of a model, unique and ASCII: one per comparison
 * from the workload (plus the platform when several are compared), never
 * "overview"; the series chart of comparison i is stems[i] + "-series".
 * Returns a malloc'd array of m->ncomparisons malloc'd strings; caller frees
 * each and the array. Documents use r->charts instead.
 */
char **report_chart_stems(const struct model *m)
{
	char **names = xcalloc(m->ncomparisons ? m->ncomparisons : 1, sizeof *names);
	char **bases = xcalloc(m->ncomparisons ? m->ncomparisons : 1, sizeof *bases);
	struct stem_set taken = { NULL, NULL, 0, 0 }, tried = { NULL, NULL, 0, 0 };
	int plat = report_several_platforms(m);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		struct buf b = BUF_INIT;
		size_t base_len, slot;
		slug_append(&b, m->comparisons[i].workload);
		if (plat) {
			buf_putc(&b, '-');
			slug_append(&b, m->comparisons[i].platform);
		}
		while (b.len && b.s[b.len - 1] == '-')
			b.s[--b.len] = '\0';
		if (!b.len)
			buf_puts(&b, "workload");
		base_len = b.len;
		/* the numbers after a base go up from the last one tried with
		 * it: each is tried once, however many names share the base */
		bases[i] = xstrdup(b.s);
		slot = stem_add(&tried, bases[i]);
		for (int k = tried.next[slot] + 1; name_taken(&taken, b.s); k++) {
			b.len = base_len;
			b.s[b.len] = '\0';
			buf_printf(&b, "-%d", k);
			tried.next[slot] = k;
		}
		names[i] = buf_detach(&b, NULL);
		stem_add(&taken, names[i]);
	}
	for (size_t i = 0; i < m->ncomparisons; i++)
		free(bases[i]);
	free(bases);
	free(taken.names);
	free(taken.next);
	free(tried.names);
	free(tried.next);
	return names;
}
