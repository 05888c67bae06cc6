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

/* Code points of s before byte offset off, off moved back to the start
 * of a code point. */
static size_t cp_count(const char *s, size_t off)
{
	size_t k = 0;
	while (off > 0 && ((unsigned char)s[off] & 0xC0) == 0x80)
		off--;
	for (size_t i = 0; i < off; i++)
		k += ((unsigned char)s[i] & 0xC0) != 0x80;
	return k;
}

static size_t common_prefix(const char *a, const char *b)
{
	size_t k = 0;
	while (a[k] && a[k] == b[k])
		k++;
	return k;
}

struct sname {
	const char *s;
	size_t i;
};

static int cmp_sname(const void *a, const void *b)
{
	return strcmp(((const struct sname *)a)->s, ((const struct sname *)b)->s);
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return x < y ? -1 : x > y;
}

#define NEIGHBOURS 64 /* names on each side in sorted order a name is told from */

/* Where each name first differs from the others (code points, ascending,
 * no repeats): the first code point after the longest start it shares
 * with each other name, or its last when it is the start of another. The
 * names that share the most with a name are its neighbours in sorted
 * order, and the shared start only shrinks going away from it, so each
 * name looks at most NEIGHBOURS names each way. at[i] is malloc'd with
 * nat[i] entries; caller frees each and both arrays. */
static void first_differences(char **names, size_t n, size_t ***at_out, size_t **nat_out)
{
	struct sname *o = xmalloc(n * sizeof *o);
	size_t **at = xcalloc(n, sizeof *at), *nat = xcalloc(n, sizeof *nat);
	size_t *lcp = xcalloc(n, sizeof *lcp); /* lcp[k]: of sorted k - 1 and k */

	for (size_t i = 0; i < n; i++) {
		o[i].s = names[i];
		o[i].i = i;
	}
	qsort(o, n, sizeof *o, cmp_sname);
	for (size_t k = 1; k < n; k++)
		lcp[k] = common_prefix(o[k - 1].s, o[k].s);
	for (size_t k = 0; k < n; k++) {
		const char *s = o[k].s;
		size_t len = strlen(s), w = digest_width(s), cnt = 0;
		size_t *v = xmalloc(2 * NEIGHBOURS * sizeof *v);
		for (int dir = -1; dir <= 1; dir += 2) {
			size_t m = (size_t)-1;
			for (size_t step = 1; step <= NEIGHBOURS; step++) {
				size_t j = dir < 0 ? k - step : k + step, c;
				if ((dir < 0 && step > k) || (dir > 0 && j >= n))
					break;
				c = lcp[dir < 0 ? j + 1 : j];
				if (c < m)
					m = c;
				else
					continue;
				c = m < len ? cp_count(s, m) : w - 1;
				v[cnt++] = c;
				if (m == 0)
					break;
			}
		}
		qsort(v, cnt, sizeof *v, cmp_size);
		nat[o[k].i] = 0;
		for (size_t q = 0; q < cnt; q++)
			if (q == 0 || v[q] != v[q - 1])
				v[nat[o[k].i]++] = v[q];
		at[o[k].i] = v;
	}
	free(o);
	free(lcp);
	*at_out = at;
	*nat_out = nat;
}

/* s cut to w code points with one "…" that leaves every position in
 * at[0..nat) (ascending) visible, with up to a few code points after each
 * (the start of the word that differs), the cut as near the middle as it
 * may be. Malloc'd, or NULL when no such cut fits in w. */
static char *cut_keeping(const char *s, const size_t *at, size_t nat, size_t w)
{
	size_t len = digest_width(s), k, best_a = 0, best_d = (size_t)-1;
	static const size_t context[] = { 8, 4, 1 };
	if (len <= w)
		return xstrdup(s);
	if (w < 3)
		return NULL;
	k = len - (w - 1); /* code points the cut removes */
	for (size_t ci = 0; ci < 3 && best_d == (size_t)-1; ci++) {
		for (size_t g = 0; g <= nat; g++) {
			/* the gap after at[g - 1] (or the start) and before at[g] (or the end) */
			size_t lo = g ? at[g - 1] + context[ci] : 1;
			size_t hi = g < nat ? at[g] : len - 1;
			size_t want = len / 2 > k / 2 ? len / 2 - k / 2 : 0, a, d;
			if (g && lo > len)
				continue;
			if (lo < 1)
				lo = 1;
			if (hi < lo || hi - lo < k)
				continue;
			a = want < lo ? lo : want > hi - k ? hi - k : want;
			d = a > want ? a - want : want - a;
			if (d < best_d) {
				best_d = d;
				best_a = a;
			}
		}
	}
	if (best_d == (size_t)-1)
		return NULL;
	return cut_middle(s, best_a, len - best_a - k);
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
		size_t **at, *nat, w;
		int done = 0;
		first_differences(out, n, &at, &nat);
		/* the narrowest width from maxw up at which every name keeps where
		 * it first differs from each other name; at the longest nothing is cut */
		for (w = maxw; w < longest && !done; w++) {
			done = 1;
			for (size_t i = 0; i < n && done; i++) {
				free(tmp[i]);
				tmp[i] = cut_keeping(out[i], at[i], nat[i], w);
				done = tmp[i] != NULL;
			}
			done = done && all_distinct(tmp, n);
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
		for (size_t i = 0; i < n; i++)
			free(at[i]);
		free(at);
		free(nat);
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

/* The comparison a warning starts with ("\"w\" on p: ", or "\"w\": " when
 * its platform was not named), or NULL. */
static const struct comparison *warning_subject(const struct model *m, const char *w,
						 const char **rest)
{
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		size_t lw = strlen(c->workload), lp = strlen(c->platform);
		/* an unnamed platform is left out: "\"w\": " */
		if (!model_platform_named(c->platform)) {
			if (w[0] == '"' && strncmp(w + 1, c->workload, lw) == 0 &&
			    strncmp(w + 1 + lw, "\": ", 3) == 0) {
				*rest = w + 4 + lw;
				return c;
			}
			continue;
		}
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
		if (model_platform_named(g[k].platform))
			buf_printf(&b, "%s, ", g[k].platform);
		buf_printf(&b, "%zu workloads (", g[k].count);
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
