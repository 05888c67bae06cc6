/*
 * anchors.c - fragment ids of the comparisons (anchors.h): URL-safe, stable
 * for the same input, unique within report.html.
 */
#include "present/anchors.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* report.html's section ids (templates/report.html.mustache): a workload
 * named "verdicts" gets "verdicts-2". */
const char *const anchors_reserved[] = {
	"top", "short-answer", "warnings", "claims", "upgrade", "verdicts", "charts",
	"impact", "evidence", "platforms", "history", "which-version", "method",
	"within-noise", "reproduce", NULL
};

/* Appends the slug of s to b: ASCII letters and digits lower-cased, UTF-8
 * bytes kept, anything else one '-' between words. */
static void slug(struct buf *b, const char *s)
{
	int dash = 0;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c >= 0x80) {
			if (dash && b->len)
				buf_putc(b, '-');
			dash = 0;
			buf_putc(b, (char)c);
		} else if (c >= 'A' && c <= 'Z') {
			if (dash && b->len)
				buf_putc(b, '-');
			dash = 0;
			buf_putc(b, (char)(c - 'A' + 'a'));
		} else {
			dash = 1;
		}
	}
}

/* The ids given so far, with the reserved ones: an open-addressing set of
 * strings (borrowed), so a report of thousands of comparisons stays linear. */
struct idset {
	const char **slot;
	size_t cap;
};

static size_t hash(const char *s)
{
	size_t h = 5381;
	for (; *s; s++)
		h = h * 33 + (unsigned char)*s;
	return h;
}

/* 1 when s is in the set; else adds it (when add) and returns 0. */
static int idset_has(struct idset *set, const char *s, int add)
{
	size_t i = hash(s) & (set->cap - 1);
	for (; set->slot[i]; i = (i + 1) & (set->cap - 1))
		if (strcmp(set->slot[i], s) == 0)
			return 1;
	if (add)
		set->slot[i] = s;
	return 0;
}

char **anchors_build(const struct model *m)
{
	char **a = xcalloc(m->ncomparisons + 1, sizeof *a);
	struct idset ids = { NULL, 64 }, names = { NULL, 64 }, twice = { NULL, 64 };
	while (ids.cap < 4 * (m->ncomparisons + 32))
		ids.cap *= 2;
	names.cap = twice.cap = ids.cap;
	ids.slot = xcalloc(ids.cap, sizeof *ids.slot);
	names.slot = xcalloc(names.cap, sizeof *names.slot);
	twice.slot = xcalloc(twice.cap, sizeof *twice.slot);
	for (size_t i = 0; anchors_reserved[i]; i++)
		idset_has(&ids, anchors_reserved[i], 1);
	/* the workloads compared on more than one platform */
	for (size_t i = 0; i < m->ncomparisons; i++)
		if (idset_has(&names, m->comparisons[i].workload, 1))
			idset_has(&twice, m->comparisons[i].workload, 1);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		struct buf b = BUF_INIT;
		size_t base, n = 2;
		slug(&b, c->workload);
		if (idset_has(&twice, c->workload, 0)) {
			buf_putc(&b, '-');
			slug(&b, c->platform);
		}
		if (!b.len)
			buf_puts(&b, "workload");
		base = b.len;
		while (idset_has(&ids, b.s, 0)) {
			b.len = base;
			b.s[base] = '\0';
			buf_printf(&b, "-%zu", n++);
		}
		a[i] = buf_detach(&b, NULL);
		idset_has(&ids, a[i], 1);
	}
	free(ids.slot);
	free(names.slot);
	free(twice.slot);
	return a;
}

void anchors_free(char **a, size_t n)
{
	for (size_t i = 0; i < n && a; i++)
		free(a[i]);
	free(a);
}
