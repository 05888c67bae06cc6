/*
 * doc_blog.c - blog.md's own words (see doc.h): a title that states the
 * finding, the sentence that answers it, one paragraph for the pairs where
 * the two keys disagree, and where the reader is left. The finding is the
 * confirmed difference with the strongest evidence (its size over the
 * noise it cleared), as issue.md's lead is.
 */
#include "present/doc.h"
#include "present/counts.h"
#include "present/report.h"
#include "present/verdict_words.h"

#include <stdlib.h>
#include <string.h>

/* The confirmed difference with the strongest evidence, or -1. */
static long strongest(const struct model *m)
{
	long best = -1;
	double top = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		double s;
		if (c->verdict != VERDICT_FASTER || c->record.winner < 0 || c->record.other < 0)
			continue;
		s = c->record.size / (c->record.band > 0.01 ? c->record.band : 0.01);
		if (best < 0 || s > top) {
			top = s;
			best = (long)i;
		}
	}
	return best;
}

/* "\"W\" is 40% faster on 26.12.1 than on 20.20.2" */
static void statement(struct buf *b, const struct model *m, const struct comparison *c)
{
	const struct verdict_record *rec = &c->record;
	buf_printf(b, "\"%s\" ", c->workload);
	if (words_memory(c))
		buf_puts(b, "uses ");
	else
		buf_puts(b, "is ");
	words_size_number(b, words_share(c, rec->size, 1));
	buf_printf(b, " %s on %s than on %s", words_memory(c) ? "less memory" : words_diff(c)->better,
		   c->versions[rec->winner].version, c->versions[rec->other].version);
	if (report_several_platforms(m) && model_platform_named(c->platform))
		buf_printf(b, " (%s)", c->platform);
}

void doc_blog_ctx(struct mctx *ctx, const struct report *r, const struct doc_opts *opts)
{
	const struct model *m = r->m;
	long lead = strongest(m);
	size_t nw = 0, np = 0, moved = 0, measured = 0;
	struct buf b = BUF_INIT;

	(void)opts;

	counts_distinct(m, NULL, m->ncomparisons, &nw, &np);
	for (size_t i = 0; i < m->ncomparisons; i++) {
		moved += m->comparisons[i].verdict == VERDICT_FASTER;
		measured += m->comparisons[i].verdict != VERDICT_INSUFFICIENT;
	}
	/* the title: the finding, or that nothing moved */
	if (lead >= 0) {
		statement(&b, m, &m->comparisons[lead]);
		if (moved > 1)
			buf_printf(&b, ", and %zu more %s beyond the noise", moved - 1,
				   moved == 2 ? "change" : "changes");
		else
			buf_puts(&b, "; the rest is within the noise");
	} else if (measured) {
		buf_puts(&b, "no difference beyond the noise");
	} else {
		buf_puts(&b, "too few rounds for any verdict");
	}
	mctx_set_str(ctx, "blog_finding", buf_str(&b));
	buf_reset(&b);

	/* the one paragraph on pairs where the rule and the test disagree */
	if (r->nborderline) {
		const char **names = xcalloc(m->ncomparisons + 1, sizeof *names);
		size_t n = 0;
		for (size_t i = 0; i < m->ncomparisons; i++)
			if (r->comparisons[i].nborderline)
				names[n++] = m->comparisons[i].workload;
		buf_printf(&b, "in %zu pair%s of versions", r->nborderline, r->nborderline == 1 ? "" : "s");
		n = report_count_distinct(names, n);
		buf_printf(&b, ", across %zu workload%s, the within-noise rule and the rank test disagree: "
			   "one sees a difference the other does not, so neither is claimed here; "
			   "report.html gives each pair with its numbers, and more rounds would settle them",
			   n, n == 1 ? "" : "s");
		free(names);
		{
			char *t = xstrdup(buf_str(&b));
			t[0] = (char)(t[0] - 'a' + 'A');
			mctx_set_str(ctx, "blog_borderline", t);
			free(t);
		}
		buf_reset(&b);
	}

	/* where this leaves the reader */
	{
		const char *noun = counts_by_workload(m) ? "workload" : "comparison";
		buf_printf(&b, "%zu of %zu %s%s moved beyond the machine's own noise", moved, measured, noun,
			   measured == 1 ? "" : "s");
		if (r->nregressions)
			buf_printf(&b, ", %zu of them to the worse in a newer version (issue.md has the evidence "
				   "to file)", r->nregressions);
		if (r->nanomalies)
			buf_printf(&b, "; in %zu, a version's rounds fall into two clusters, worth reporting upstream",
				   r->nanomalies);
	}
	buf_puts(&b, ". ");
	if (moved == 0)
		buf_puts(&b, "On this machine the versions cannot be told apart: pick by support window, not speed");
	else if (moved * 2 < measured)
		buf_puts(&b, "Most of the table is noise; an upgrade decided on speed would rest on the few rows "
			 "that moved, and support windows decide the rest");
	else
		buf_puts(&b, "Most workloads moved; which way, and by how much, is in the table above");
	mctx_set_str(ctx, "blog_conclusion", buf_str(&b));
	buf_release(&b);
}
