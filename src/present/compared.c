/*
 * compared.c - the words of what a verdict table shows: the statistic the
 * verdict compared and the band around it (compared.h). The analysis sets
 * the facts per comparison (evidence.c, comparison.compared); this file
 * only words them, once, for every document.
 */
#include "present/compared.h"
#include "lib/util.h"

static const char *level_words(enum level_stat l)
{
	return l == LEVEL_MEDIAN ? "median" : "best";
}

void compared_band_words(struct buf *b, enum band_kind k)
{
	buf_puts(b, k == BAND_MIDDLE80 ? "middle 80%" : k == BAND_MIDDLE50 ? "middle 50%" : "spread");
}

/* A comparison of a table of the platform (every platform when NULL): one
 * with a single version is a sentence of its platform, not a row. */
static int in_table(const struct comparison *c, const char *platform)
{
	return c->nversions > 1 && (!platform || c->platform == platform);
}

/* The fewest and most rounds of a version in cs[idx[0..n)] (cs[0..n) when
 * idx is NULL) whose compared kind is *k (every one when k is NULL). */
static void rounds_range(const struct comparison *cs, const size_t *idx, size_t n,
			 const char *platform, const struct compared *k, size_t *lo, size_t *hi)
{
	*lo = (size_t)-1;
	*hi = 0;
	for (size_t i = 0; i < n; i++) {
		const struct comparison *c = &cs[idx ? idx[i] : i];
		if (k && (!in_table(c, platform) || !(c->compared.level == k->level &&
						      c->compared.band == k->band)))
			continue;
		for (size_t v = 0; v < c->nversions; v++) {
			size_t r = c->versions[v].nrounds;
			if (r < *lo)
				*lo = r;
			if (r > *hi)
				*hi = r;
		}
	}
	if (*lo == (size_t)-1)
		*lo = 0;
}

static void kind_words(struct buf *b, const struct compared *k, size_t lo, size_t hi)
{
	buf_puts(b, level_words(k->level));
	if (hi == 1)
		buf_puts(b, " of 1 round");
	else if (lo == hi)
		buf_printf(b, " of %zu rounds", hi);
	else
		buf_printf(b, " of %zu to %zu rounds", lo, hi);
	buf_puts(b, " \xC2\xB1 ");
	compared_band_words(b, k->band);
	if (k->per_round_ratios)
		buf_puts(b, " (tested on per-round ratios)");
}

void compared_words(struct buf *b, const struct comparison *c)
{
	size_t lo, hi;
	rounds_range(c, NULL, 1, NULL, NULL, &lo, &hi);
	kind_words(b, &c->compared, lo, hi);
}

void compared_header(struct buf *b, const struct model *m, const char *platform)
{
	compared_header_in(b, m, platform, NULL, m->ncomparisons);
}

void compared_header_in(struct buf *b, const struct model *m, const char *platform,
			const size_t *idx, size_t n)
{
	struct compared kinds[8];
	size_t nk = 0;

	for (size_t x = 0; x < n; x++) {
		size_t i = idx ? idx[x] : x;
		const struct compared *k = &m->comparisons[i].compared;
		size_t j = 0;
		if (!in_table(&m->comparisons[i], platform))
			continue;
		while (j < nk && !(kinds[j].level == k->level && kinds[j].band == k->band &&
				   kinds[j].per_round_ratios == k->per_round_ratios))
			j++;
		if (j == nk && nk < sizeof kinds / sizeof *kinds)
			kinds[nk++] = *k;
	}
	for (size_t j = 0; j < nk; j++) {
		size_t lo, hi;
		if (j)
			buf_puts(b, j + 1 == nk ? ", or " : ", ");
		rounds_range(m->comparisons, idx, n, platform, &kinds[j], &lo, &hi);
		kind_words(b, &kinds[j], lo, hi);
	}
	if (nk > 1)
		buf_puts(b, ", as each row's verdict compared");
}
