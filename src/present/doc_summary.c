/*
 * doc_summary.c - summary.md in a manager's words (see doc.h): each verdict
 * as what it means ("26.12.1 faster than 20.20.2 by 40%", "no difference
 * we can measure", "undecided: more rounds needed") and each risk as what
 * to do about it. The p values, rank tests and per-round ratios behind them
 * are the other documents'; these words quote the same verdict records.
 */
#include "present/doc.h"
#include "present/grouping.h"
#include "present/report.h"
#include "present/verdict_words.h"

#include <stdlib.h>
#include <string.h>

/* The risks summary.md lists before "and N more". */
#define SUMMARY_RISKS 5

static void word_better(struct buf *b, const struct comparison *c, int better)
{
	buf_puts(b, better ? words_diff(c)->better : words_diff(c)->worse);
}

/* "26.12.1 faster than 20.20.2 by 40%", said from the newer version's side
 * of the record (the other's for a regression, where the older is the
 * winner), in the record's size: where the other's side would need another
 * number (memory, sizes: 23% less is 30% more), from the winner's. */
void doc_plain_record(struct buf *b, const struct comparison *c, const struct verdict_record *rec)
{
	const char *w = c->versions[rec->winner].version, *o = c->versions[rec->other].version;
	int from_other = rec->regression && words_share(c, rec->size, 0) == words_share(c, rec->size, 1);
	if (words_memory(c)) {
		/* "26.2.0 uses 20% less memory than 24.11.1" */
		buf_printf(b, "%s uses ", w);
		words_size_number(b, words_share(c, rec->size, 1));
		buf_printf(b, " less memory than %s", o);
		return;
	}
	buf_printf(b, "%s ", from_other ? o : w);
	word_better(b, c, !from_other);
	buf_printf(b, " than %s by ", from_other ? w : o);
	words_size_number(b, words_share(c, rec->size, !from_other));
}

void doc_plain_verdict(struct buf *b, const struct report *r, size_t i)
{
	const struct comparison *c = &r->m->comparisons[i];
	switch (c->verdict) {
	case VERDICT_FASTER:
		if (c->record.winner >= 0 && c->record.other >= 0)
			doc_plain_record(b, c, &c->record);
		else
			buf_puts(b, "a confirmed difference");
		break;
	case VERDICT_WITHIN_NOISE:
		buf_puts(b, "no difference we can measure");
		break;
	case VERDICT_NOT_CONFIRMED:
		buf_puts(b, "undecided: more rounds needed");
		break;
	default:
		buf_puts(b, "no verdict: too few rounds");
		break;
	}
	for (size_t k = 0; k < c->nversions; k++)
		if (c->versions[k].bimodal) {
			buf_printf(b, "; %s erratic (", c->versions[k].version);
			words_clusters(b, c, &c->versions[k]);
			buf_putc(b, ')');
		}
}

static void cap(char *s)
{
	if (s && s[0] >= 'a' && s[0] <= 'z')
		s[0] = (char)(s[0] - 'a' + 'A');
}

/* A risk; capital when it opens with a word of ours, not a workload's name
 * (spelled as the input spells it: "regex over 60k log lines"). */
static void push(struct mctx *list, size_t *n, struct buf *b, int capital)
{
	if (*n < SUMMARY_RISKS) {
		char *t = xstrdup(buf_str(b));
		if (capital)
			cap(t);
		mctx_push(list, mctx_string(t));
		free(t);
	}
	(*n)++;
	buf_reset(b);
}

/* "W: ", with its platform when the page has several */
static void subject(struct buf *b, const struct model *m, const struct comparison *c)
{
	buf_puts(b, c->workload);
	if (report_several_platforms(m) && model_platform_named(c->platform))
		buf_printf(b, " (%s)", c->platform);
	buf_puts(b, ": ");
}

/* What a warning fact means for the decision, or 0 when it is no risk of
 * its own (said elsewhere on the page). */
static int plain_warning(struct buf *b, const struct model *m, const struct warning_fact *w)
{
	const struct comparison *c = w->comparison < m->ncomparisons ? &m->comparisons[w->comparison] : NULL;
	switch (w->kind) {
	case WARNING_EOL:
		words_warning(b, m, w);
		return 1;
	case WARNING_BIMODAL:
		subject(b, m, c);
		buf_printf(b, "%s is erratic: ", c->versions[w->version].version);
		words_clusters(b, c, &c->versions[w->version]);
		buf_puts(b, "; issue.md reports it upstream");
		return 1;
	case WARNING_LOADED:
	case WARNING_NOISE_CHECKS:
		buf_puts(b, "the machine was busy while it measured: a small difference may be its noise, "
			 "not the versions'");
		return 1;
	case WARNING_BLOCKS:
	case WARNING_RUNNER_BLOCKS:
	case WARNING_FIXED_ORDER:
		buf_puts(b, "the versions did not take turns fairly in every round: a change of the machine "
			 "during the run can look like a difference between versions");
		return 1;
	default:
		return 0;
	}
}

void doc_summary_ctx(struct mctx *ctx, const struct report *r, const struct doc_opts *opts)
{
	const struct model *m = r->m;
	struct mctx *risks = mctx_list();
	struct buf b = BUF_INIT;
	size_t n = 0, said[16] = { 0 };

	(void)opts;

	/* the upgrade table in these words too: a view the page's sections
	 * open, so that the other documents keep the verdict's own words */
	{
		struct mctx *view = mctx_object();
		mctx_set_bool(view, "upgrade_plain", 1);
		mctx_set(ctx, "summary_view", view);
	}
	/* what got worse first: each regression in its record's words */
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		const struct pair_stats *p = c->regression || c->nregressing ? words_regression_pair(c) : NULL;
		if (!p)
			continue;
		/* the page says it already where the recommended line is behind */
		if (m->recommended && c->versions[p->rec.other].line &&
		    strcmp(c->versions[p->rec.other].line, m->recommended->line) == 0)
			continue;
		subject(&b, m, c);
		doc_plain_record(&b, c, &p->rec);
		buf_puts(&b, ": the newer version does worse");
		push(risks, &n, &b, 0);
	}
	for (size_t i = 0; i < m->nwarning_facts; i++) {
		enum warning_kind k = m->warning_facts[i].kind;
		/* one sentence says the kinds that are about the whole run */
		int once = k != WARNING_EOL && k != WARNING_BIMODAL;
		size_t slot = k == WARNING_NOISE_CHECKS ? WARNING_LOADED
			      : k == WARNING_RUNNER_BLOCKS || k == WARNING_FIXED_ORDER ? WARNING_BLOCKS : k;
		if (once && slot < 16 && said[slot]++)
			continue;
		if (k == WARNING_INSUFFICIENT) {
			/* which workload is short of rounds, and which version */
			size_t nn;
			char **notes = grouping_nothing_notes(m, &nn);
			for (size_t j = 0; j < nn; j++) {
				buf_puts(&b, notes[j]);
				push(risks, &n, &b, 1);
				free(notes[j]);
			}
			free(notes);
			continue;
		}
		if (plain_warning(&b, m, &m->warning_facts[i]))
			push(risks, &n, &b, m->warning_facts[i].kind != WARNING_BIMODAL);
		buf_reset(&b);
	}
	/* what the input itself gives reason to doubt (a copy, two
	 * machines), worded when it was read */
	for (size_t i = 0; i < m->nwarnings; i++) {
		buf_puts(&b, m->warnings[i]);
		push(risks, &n, &b, 1);
	}
	mctx_set(ctx, "plain_risks", risks);
	mctx_set_bool(ctx, "plain_any_risks", n > 0);
	if (n > SUMMARY_RISKS) {
		char *t = xasprintf("%zu", n - SUMMARY_RISKS);
		mctx_set_str(ctx, "plain_risks_more", t);
		free(t);
	}
	buf_release(&b);
}
