/*
 * counts.c - counts with their nouns (counts.h). A comparison is one
 * workload on one platform: where each workload is one comparison the
 * documents count workloads, else comparisons with the workloads and
 * platforms they are, so no count calls 24 comparisons "24 workloads".
 */
#include "present/counts.h"
#include "present/nouns.h"
#include "lib/util.h"

#include <stdlib.h>

void counts_distinct(const struct model *m, const size_t *pick, size_t n, size_t *nw, size_t *np)
{
	const char **v = xmalloc((n + 1) * sizeof *v);
	for (size_t i = 0; i < n; i++)
		v[i] = m->comparisons[pick ? pick[i] : i].workload;
	*nw = report_count_distinct(v, n);
	for (size_t i = 0; i < n; i++)
		v[i] = m->comparisons[pick ? pick[i] : i].platform;
	*np = report_count_distinct(v, n);
	free(v);
}

int counts_by_workload(const struct model *m)
{
	size_t nw, np;
	counts_distinct(m, NULL, m->ncomparisons, &nw, &np);
	return nw == m->ncomparisons;
}

void counts_compared(struct buf *b, const struct model *m, const size_t *pick, size_t n)
{
	size_t nw, np;
	counts_distinct(m, pick, n, &nw, &np);
	if (nw == n) {
		report_count(b, n, "workload", "workloads");
		return;
	}
	report_count(b, n, "comparison", "comparisons");
	buf_printf(b, " (%zu workload%s on %zu platform%s)", nw, nw == 1 ? "" : "s", np,
		   np == 1 ? "" : "s");
}

void counts_standing(struct buf *b, const struct model *m, const char *line, size_t wins,
		     size_t ties, size_t losses)
{
	int workloads = counts_by_workload(m);
	size_t nparts = (wins > 0) + (ties > 0) + (losses > 0), done = 0;
	const char *one = workloads ? "workload" : "comparison";
	const char *many = workloads ? "workloads" : "comparisons";

	if (!nparts)
		return;
	buf_printf(b, "%s was ", line);
	/* the noun after the first number only: "the best in 3 workloads
	 * ..., level with the best in 2 and behind in 1" */
	if (wins) {
		buf_puts(b, "the best in ");
		report_count(b, wins, one, many);
		buf_puts(b, " by a confirmed difference");
		done++;
	}
	if (ties) {
		buf_puts(b, done == 0 ? "" : done + 1 == nparts ? " and " : ", ");
		buf_puts(b, "level with the best in ");
		if (done++)
			buf_printf(b, "%zu", ties);
		else
			report_count(b, ties, one, many);
	}
	if (losses) {
		if (done) {
			buf_printf(b, " and behind in %zu", losses);
		} else {
			buf_puts(b, "behind the best in ");
			report_count(b, losses, one, many);
			buf_puts(b, " by a confirmed difference");
		}
	} else {
		/* nothing behind is the news a reader looks for */
		buf_puts(b, "; it was behind in none");
	}
}

void counts_no_verdict(struct buf *b, const struct model *m, const char *sep)
{
	size_t alone = 0, few = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (c->verdict != VERDICT_INSUFFICIENT)
			continue;
		if (c->insufficient == INSUFFICIENT_ONE_VERSION)
			alone++;
		else
			few++;
	}
	if (alone)
		buf_printf(b, "%s%zu with one version only", b->len ? sep : "", alone);
	if (few)
		buf_printf(b, "%s%zu with too few rounds", b->len ? sep : "", few);
}
