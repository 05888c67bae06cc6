/*
 * doc_blog.c - blog.md's own words (see doc.h): a title that states the
 * finding, the short answer in prose (as the seed article gives it), one
 * paragraph for the pairs where the two keys disagree, and where the reader
 * is left. The finding is the confirmed difference with the strongest
 * evidence (its size over the noise it cleared), a steady one that is no
 * regression first: those are the short answer's own sentences.
 */
#include "present/doc.h"
#include "present/doc_context.h"
#include "present/counts.h"
#include "present/report.h"
#include "present/verdict_words.h"

#include <stdlib.h>
#include <string.h>

/* Whether c's confirmed change is one the reader can take as it stands:
 * not a regression, no erratic version, and moving one way across its
 * versions. */
static int plain_change(const struct comparison *c)
{
	return !c->regression && !c->anomaly && (c->nversions <= 2 || c->linear);
}

/* The confirmed difference with the strongest evidence (its size over the
 * band it cleared), a plain one (plain_change) first, or -1. */
static long strongest(const struct model *m)
{
	long best = -1;
	double top = 0;
	int best_plain = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		double s;
		int plain;
		if (c->verdict != VERDICT_FASTER || c->record.winner < 0 || c->record.other < 0)
			continue;
		s = doc_over_noise(c->record.size, c->record.band);
		plain = plain_change(c);
		if (best < 0 || plain > best_plain || (plain == best_plain && s > top)) {
			top = s;
			best = (long)i;
			best_plain = plain;
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

/* Names in a sentence, at most this many; the rest are counted. */
#define BLOG_NAMES 5

/* Which comparisons a sentence of the short answer names. */
enum blog_group {
	BG_STEADY, BG_UNSTEADY, BG_ANOMALY, BG_UNCONFIRMED, BG_NOISE, BG_FEW, BG_ONE
};

static int in_group(const struct comparison *c, enum blog_group g, long lead, size_t i)
{
	int confirmed = c->verdict == VERDICT_FASTER;
	switch (g) {
	case BG_STEADY:
	case BG_UNSTEADY:
		/* the other confirmed changes, whether they move one way
		 * across three or more versions */
		if (!confirmed || (long)i == lead || c->regression || c->anomaly)
			return 0;
		return (g == BG_UNSTEADY) == (c->nversions > 2 && !c->linear);
	case BG_ANOMALY:
		return c->anomaly && c->verdict != VERDICT_INSUFFICIENT;
	case BG_UNCONFIRMED:
		return c->verdict == VERDICT_NOT_CONFIRMED;
	case BG_NOISE:
		return c->verdict == VERDICT_WITHIN_NOISE && !c->anomaly;
	case BG_FEW:
		return c->verdict == VERDICT_INSUFFICIENT && c->insufficient != INSUFFICIENT_ONE_VERSION;
	case BG_ONE:
		return c->verdict == VERDICT_INSUFFICIENT && c->insufficient == INSUFFICIENT_ONE_VERSION;
	}
	return 0;
}

/* "\"A\", \"B\" and \"C\"", at most BLOG_NAMES and then how many more;
 * with several platforms each on its own ("\"A\" on linux-x64"), or the
 * platform once after the names when they share one. Returns how many
 * there are. */
static size_t group_names(struct buf *b, const struct model *m, enum blog_group g, long lead)
{
	size_t n = 0, named = 0;
	const char *one = NULL;
	int platforms = report_several_platforms(m), shared = 1;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (!in_group(c, g, lead, i))
			continue;
		n++;
		if (!one)
			one = c->platform;
		else if (strcmp(one, c->platform) != 0)
			shared = 0;
	}
	platforms = platforms && one && model_platform_named(one);
	for (size_t i = 0; i < m->ncomparisons && named < BLOG_NAMES; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (!in_group(c, g, lead, i))
			continue;
		named++;
		if (named > 1)
			buf_puts(b, named == n ? " and " : ", ");
		buf_printf(b, "\"%s\"", c->workload);
		if (platforms && !shared && model_platform_named(c->platform))
			buf_printf(b, " on %s", c->platform);
	}
	if (n > named)
		buf_printf(b, " and %zu more", n - named);
	if (platforms && shared)
		buf_printf(b, " on %s", one);
	return n;
}

/*
 * The short answer in prose, as the seed article gives it: the clearest
 * change, the others that moved (steadily or not), what is erratic, what the rank test does not confirm yet, and
 * what landed inside the machine's own noise.
 */
static void answer(struct buf *b, const struct model *m, long lead, size_t moved)
{
	struct buf names = BUF_INIT;
	size_t n;

	if (lead >= 0) {
		const struct comparison *c = &m->comparisons[lead];
		buf_printf(b, "On \"%s\"", c->workload);
		if (report_several_platforms(m) && model_platform_named(c->platform))
			buf_printf(b, " on %s", c->platform);
		buf_puts(b, ", ");
		words_record_claim(b, c, &c->record, 0);
		buf_puts(b, moved == 1 ? ", and that is the only change beyond the noise in this set. "
				       : ", the clearest change in this set. ");
	}
	if ((n = group_names(&names, m, BG_STEADY, lead)))
		buf_printf(b, "%s moved beyond the noise too. ", buf_str(&names));
	buf_reset(&names);
	if ((n = group_names(&names, m, BG_UNSTEADY, lead)))
		buf_printf(b, "%s changed too, though %s moved around between versions rather than "
			   "improving steadily. ", buf_str(&names), n == 1 ? "it" : "they");
	buf_reset(&names);
	if ((n = group_names(&names, m, BG_ANOMALY, lead)))
		buf_printf(b, "In %s a version's rounds fall into two clusters, which is worth reporting "
			   "upstream. ", buf_str(&names));
	buf_reset(&names);
	if ((n = group_names(&names, m, BG_UNCONFIRMED, lead)))
		buf_printf(b, "%s moved beyond the noise, but the rank test does not confirm it yet; more "
			   "rounds would settle %s. ", buf_str(&names), n == 1 ? "it" : "them");
	buf_reset(&names);
	if ((n = group_names(&names, m, BG_NOISE, lead)))
		buf_printf(b, "%s%s landed inside the noise of the machine %s ran on. ", buf_str(&names),
			   n == 1 ? "" : n == 2 ? " both" : " all", n == 1 ? "it" : "they");
	buf_reset(&names);
	if ((n = group_names(&names, m, BG_FEW, lead)))
		buf_printf(b, "%s had too few rounds for a verdict. ", buf_str(&names));
	buf_reset(&names);
	if ((n = group_names(&names, m, BG_ONE, lead)))
		buf_printf(b, "%s %s measured under one version only. ", buf_str(&names), n == 1 ? "was" : "were");
	buf_release(&names);
	/* the last sentence's space */
	if (b->len && b->s[b->len - 1] == ' ')
		b->s[--b->len] = '\0';
	doc_capital(b->s);
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
	/* the prose leads with the finding only when it is a plain change;
	 * an erratic version has its own sentence, and what regressed the
	 * line after the prose (regressed_cap) */
	answer(&b, m, lead >= 0 && plain_change(&m->comparisons[lead]) ? lead : -1, moved);
	mctx_set_str(ctx, "blog_answer", b.len ? buf_str(&b) : NULL);
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
		doc_set_capital(ctx, "blog_borderline", buf_str(&b));
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
