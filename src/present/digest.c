/*
 * digest.c - shortening names without making two of them equal, and
 * grouping repeated warnings (see digest.h).
 */
#include "present/digest.h"
#include "lib/iso8601.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

#define ELLIPSIS "\xE2\x80\xA6"

size_t digest_width(const char *s)
{
	return utf8_length(s);
}

/* Byte offset of code point k of s (or the end). */
static size_t cp_offset(const char *s, size_t k)
{
	size_t i = 0;
	while (s[i] && k > 0) {
		i++;
		while (((unsigned char)s[i] & 0xC0) == 0x80)
			i++;
		k--;
	}
	return i;
}

void digest_free(char **v, size_t n)
{
	if (!v)
		return;
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* s cut to head code points, "…", tail code points (s longer than both). */
static char *cut_middle(const char *s, size_t head, size_t tail)
{
	size_t w = digest_width(s);
	struct buf b = BUF_INIT;
	if (w <= head + tail + 1)
		return xstrdup(s);
	buf_put(&b, s, cp_offset(s, head));
	buf_puts(&b, ELLIPSIS);
	buf_puts(&b, s + cp_offset(s, w - tail));
	return buf_detach(&b, NULL);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int all_distinct(char **v, size_t n)
{
	char **s = xmalloc((n ? n : 1) * sizeof *s);
	int ok = 1;
	memcpy(s, v, n * sizeof *s);
	qsort(s, n, sizeof *s, cmp_str);
	for (size_t i = 1; i < n && ok; i++)
		ok = strcmp(s[i - 1], s[i]) != 0;
	free(s);
	return ok;
}

char **digest_short_names(const char *const *names, size_t n, size_t maxw, char **prefix,
			  size_t *used)
{
	char **out = xcalloc(n ? n : 1, sizeof *out);
	size_t cut = 0, longest = 0;

	*prefix = NULL;
	if (maxw < 5)
		maxw = 5;
	/* a shared prefix ending at a space, when cutting it helps */
	if (n >= 2) {
		size_t p = strlen(names[0]);
		for (size_t i = 1; i < n; i++) {
			size_t k = 0;
			while (k < p && names[i][k] == names[0][k])
				k++;
			p = k;
		}
		while (p > 0 && names[0][p - 1] != ' ')
			p--;
		int longer = 1;
		for (size_t i = 0; i < n; i++)
			longer &= strlen(names[i]) > p;
		for (size_t i = 0; i < n; i++)
			if (digest_width(names[i]) > maxw)
				break;
			else if (i + 1 == n)
				longer = 0; /* everything fits: keep the names whole */
		if (longer && p > 0) {
			char *pre = xstrndup(names[0], p);
			if (digest_width(pre) >= 6) {
				*prefix = pre;
				cut = p;
			} else {
				free(pre);
			}
		}
	}
	for (size_t i = 0; i < n; i++) {
		out[i] = xstrdup(names[i] + cut);
		if (digest_width(out[i]) > longest)
			longest = digest_width(out[i]);
	}
	if (longest > maxw) {
		char **tmp = xcalloc(n, sizeof *tmp);
		size_t w;
		int done = 0;
		for (w = maxw; w < longest && !done; w++) {
			/* try tails from half the width up, then down */
			for (size_t d = 0; d < w && !done; d++) {
				size_t tail = (d % 2) ? w / 2 - (d + 1) / 2 : w / 2 + d / 2;
				if (tail < 1 || tail + 2 > w)
					continue;
				for (size_t i = 0; i < n; i++) {
					free(tmp[i]);
					tmp[i] = cut_middle(out[i], w - 1 - tail, tail);
				}
				done = all_distinct(tmp, n);
			}
		}
		if (done) {
			for (size_t i = 0; i < n; i++) {
				free(out[i]);
				out[i] = tmp[i];
			}
			free(tmp);
			longest = w - 1;
		} else {
			digest_free(tmp, n);
		}
	}
	if (used)
		*used = longest;
	return out;
}

struct group {
	const char *platform, *rest; /* rest points into the first warning */
	size_t first;                /* index of the first warning */
	size_t count;
	const char *names[3];
	int keyed;                   /* 0: a warning kept as it is */
};

/* The comparison a warning starts with ("\"w\" on p: "), or NULL. */
static const struct comparison *warning_subject(const struct model *m, const char *w,
						 const char **rest)
{
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		size_t lw = strlen(c->workload), lp = strlen(c->platform);
		if (w[0] == '"' && strncmp(w + 1, c->workload, lw) == 0 &&
		    strncmp(w + 1 + lw, "\" on ", 5) == 0 &&
		    strncmp(w + 6 + lw, c->platform, lp) == 0 && strncmp(w + 6 + lw + lp, ": ", 2) == 0) {
			*rest = w + 8 + lw + lp;
			return c;
		}
	}
	return NULL;
}

char **digest_warnings(const struct model *m, char *const *warnings, size_t nwarnings, size_t *n)
{
	struct group *g = NULL;
	size_t ng = 0, alloc = 0;
	char **out;

	for (size_t i = 0; i < nwarnings; i++) {
		const char *rest = NULL;
		const struct comparison *c = warning_subject(m, warnings[i], &rest);
		size_t k = ng;
		if (c)
			for (k = 0; k < ng; k++)
				if (g[k].keyed && g[k].platform == c->platform && strcmp(g[k].rest, rest) == 0)
					break;
		if (k == ng) {
			ALLOC_GROW(g, ng + 1, alloc);
			memset(&g[ng], 0, sizeof g[ng]);
			g[ng].first = i;
			g[ng].keyed = c != NULL;
			g[ng].platform = c ? c->platform : NULL;
			g[ng].rest = rest;
			ng++;
		}
		if (c && g[k].count < 3)
			g[k].names[g[k].count] = c->workload;
		g[k].count++;
	}
	out = xcalloc(ng ? ng : 1, sizeof *out);
	for (size_t k = 0; k < ng; k++) {
		struct buf b = BUF_INIT;
		if (g[k].count < 2) {
			out[k] = xstrdup(warnings[g[k].first]);
			continue;
		}
		buf_printf(&b, "%s, %zu workloads (", g[k].platform, g[k].count);
		for (size_t j = 0; j < 3 && j < g[k].count; j++)
			buf_printf(&b, "%s\"%s\"", j == 0 ? "" : (j + 1 == g[k].count ? " and " : ", "),
				   g[k].names[j]);
		if (g[k].count > 3)
			buf_printf(&b, " and %zu more", g[k].count - 3);
		buf_printf(&b, "): %s", g[k].rest);
		out[k] = buf_detach(&b, NULL);
	}
	free(g);
	*n = ng;
	return out;
}

void digest_inputs(const struct model *m, struct digest_inputs *in)
{
	size_t common = 0;
	memset(in, 0, sizeof *in);
	in->n = m->nsources;
	if (m->nsources > 0) {
		common = strlen(m->sources[0]);
		for (size_t i = 1; i < m->nsources; i++) {
			size_t k = 0;
			while (k < common && m->sources[i][k] == m->sources[0][k])
				k++;
			common = k;
		}
		while (common > 0 && m->sources[0][common - 1] != '/')
			common--;
	}
	in->folder = xstrndup(m->nsources ? m->sources[0] : "", common);
	for (size_t i = 0; i < m->nresults; i++) {
		char day[11];
		if (!iso8601_utc_day(result_timestamp(&m->results[i]), day))
			continue;
		if (!in->first[0] || strncmp(day, in->first, 10) < 0)
			memcpy(in->first, day, 10);
		if (!in->last[0] || strncmp(day, in->last, 10) > 0)
			memcpy(in->last, day, 10);
	}
}

void digest_inputs_release(struct digest_inputs *in)
{
	free(in->folder);
	in->folder = NULL;
}
