/*
 * doc_issue.c - what issue.md says to a maintainer (see doc.h): one
 * finding first, the one with the strongest evidence, an anomaly included;
 * its numbers, interval and rounds; how to run its workload; the other
 * findings after it; and, with nothing to file, three lines that say so.
 *
 * Strength of evidence is the size of a difference in units of the noise
 * it had to clear: a regression's size over its record's band, an anomaly's
 * slow factor (less one) over the comparison's noise. Both ask how far past
 * what the machine itself does the finding lies.
 */
#include "present/doc.h"
#include "present/doc_context.h"
#include "present/counts.h"
#include "present/report.h"
#include "present/verdict_words.h"
#include "lib/fmt.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Rounds of the lead finding shown inline, beyond which rounds.csv has them. */
#define ISSUE_LEAD_ROUNDS 30

/* The bimodal version of c that stands out most, or NULL. */
static const struct version_stats *most_bimodal(const struct comparison *c)
{
	const struct version_stats *best = NULL;
	for (size_t k = 0; k < c->nversions; k++)
		if (c->versions[k].bimodal && (!best || c->versions[k].slow_factor > best->slow_factor))
			best = &c->versions[k];
	return best;
}

/* Strength of what c files; *anomaly set when its anomaly is the stronger. */
static double strength(const struct comparison *c, int *anomaly)
{
	const struct pair_stats *p = words_regression_pair(c);
	const struct version_stats *v = c->anomaly ? most_bimodal(c) : NULL;
	double s = 0, a = 0;
	if (p)
		s = doc_over_noise(p->rec.size, p->rec.band);
	else if (c->record.winner >= 0 && c->verdict == VERDICT_FASTER)
		s = doc_over_noise(c->record.size, c->record.band);
	if (v)
		a = doc_over_noise(v->slow_factor - 1, c->noise);
	*anomaly = v && a > s;
	return *anomaly ? a : s;
}

long doc_issue_lead(const struct report *r, int *anomaly)
{
	long lead = -1;
	double top = -1;
	*anomaly = 0;
	for (size_t i = 0; i < r->m->ncomparisons; i++) {
		int a;
		double s;
		if (!r->comparisons[i].worth_filing)
			continue;
		s = strength(&r->m->comparisons[i], &a);
		if (s > top) {
			top = s;
			lead = (long)i;
			*anomaly = a;
		}
	}
	return lead;
}

static size_t n_filed(const struct report *r)
{
	size_t n = 0;
	for (size_t i = 0; i < r->m->ncomparisons; i++)
		n += r->comparisons[i].worth_filing != 0;
	return n;
}

int doc_issue_anomaly_title(const struct report *r, struct buf *b)
{
	int anomaly;
	long i = doc_issue_lead(r, &anomaly);
	const struct comparison *c;
	size_t more = n_filed(r);
	if (i < 0 || !anomaly)
		return 0;
	c = &r->m->comparisons[i];
	buf_printf(b, "Performance anomaly: \"%s\" on %s: ", c->workload, most_bimodal(c)->version);
	words_clusters(b, c, most_bimodal(c));
	if (model_platform_named(c->platform))
		buf_printf(b, " (%s)", c->platform);
	if (more > 1)
		buf_printf(b, ", and %zu more %s%s", more - 1,
			   counts_by_workload(r->m) ? "workload" : "comparison", more == 2 ? "" : "s");
	return 1;
}

/* "W (P): " */
static void where(struct buf *b, const struct comparison *c)
{
	buf_puts(b, c->workload);
	if (model_platform_named(c->platform))
		buf_printf(b, " (%s)", c->platform);
	buf_puts(b, ": ");
}

/* A finding in one line: the verdict, then the record's interval. */
static void finding(struct buf *b, const struct report *r, size_t i, int named)
{
	const struct comparison *c = &r->m->comparisons[i];
	if (named)
		where(b, c);
	buf_puts(b, r->comparisons[i].text);
	if (c->record.winner >= 0 && c->verdict == VERDICT_FASTER && isfinite(c->record.size_low)) {
		buf_puts(b, "; ");
		words_size_interval(b, c, &c->record);
	}
}

static const struct workload_info *workload_of(const struct model *m, const char *name)
{
	for (size_t i = 0; i < m->nworkloads; i++)
		if (strcmp(m->workloads[i].name, name) == 0)
			return &m->workloads[i];
	return NULL;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* The lead's rounds as a table, a row per round and a column per version. */
static void lead_rounds(struct mctx *o, const struct comparison *c)
{
	size_t n = 0, cap = 0;
	int *rounds = NULL;
	struct mctx *rows = mctx_list(), *heads = mctx_list();
	for (size_t k = 0; k < c->nversions; k++)
		for (size_t j = 0; j < c->versions[k].nrounds; j++) {
			int rn = c->versions[k].rounds[j].round;
			size_t x;
			for (x = 0; x < n && rounds[x] != rn; x++)
				;
			if (x < n)
				continue;
			if (n == cap) {
				cap = cap ? 2 * cap : 16;
				rounds = xrealloc(rounds, cap * sizeof *rounds);
			}
			rounds[n++] = rn;
		}
	if (n)
		qsort(rounds, n, sizeof *rounds, cmp_int);
	for (size_t k = 0; k < c->nversions; k++)
		mctx_push(heads, mctx_string(c->versions[k].version));
	for (size_t x = 0; x < n && x < ISSUE_LEAD_ROUNDS; x++) {
		struct mctx *row = mctx_object(), *cells = mctx_list();
		char num[24];
		snprintf(num, sizeof num, "%d", rounds[x]);
		mctx_set_str(row, "round", num);
		for (size_t k = 0; k < c->nversions; k++) {
			const struct version_stats *v = &c->versions[k];
			struct buf b = BUF_INIT;
			size_t j;
			for (j = 0; j < v->nrounds && v->rounds[j].round != rounds[x]; j++)
				;
			if (j < v->nrounds)
				fmt_value(&b, v->values[j]);
			else
				buf_puts(&b, "\xE2\x80\x94");
			mctx_push(cells, mctx_string(buf_str(&b)));
			buf_release(&b);
		}
		mctx_set(row, "values", cells);
		mctx_push(rows, row);
	}
	mctx_set(o, "round_versions", heads);
	mctx_set(o, "round_rows", rows);
	if (n > ISSUE_LEAD_ROUNDS) {
		char *t = xasprintf("%zu", n - ISSUE_LEAD_ROUNDS);
		mctx_set_str(o, "rounds_more", t);
		free(t);
	}
	free(rounds);
}

/* cmd with its program (the first word) cut to its file name: the
 * version's own "node" wherever it was installed. Takes cmd, returns a
 * malloc'd string; caller frees. */
static char *program_name(char *cmd)
{
	size_t n = strcspn(cmd, " \t");
	const char *slash = NULL;
	for (size_t i = 0; i < n; i++)
		if (cmd[i] == '/')
			slash = cmd + i;
	if (slash && cmd[0] != '\'' && cmd[0] != '"' && slash + 1 < cmd + n) {
		char *t = xstrdup(slash + 1);
		free(cmd);
		return t;
	}
	return cmd;
}

/* The input that holds c's rounds, or NULL. */
static const char *source_of(const struct comparison *c)
{
	for (size_t k = 0; k < c->nversions; k++)
		if (c->versions[k].nrounds && c->versions[k].rounds)
			return c->versions[k].rounds[0].series->source;
	return NULL;
}

/* The environment field `key` as the input `source` set it, or NULL when
 * it set none or a later input set it again: the commands of a report of
 * several inputs are each input's own, and the env keeps the last. */
static const char *env_of(const struct model *m, const char *source, const char *key)
{
	if (m->nsources <= 1 || !m->source_envs)
		return model_get_env(m, key);
	for (size_t i = 0; source && i < m->nsources; i++) {
		size_t since = m->source_envs[i].env_from;
		if (strcmp(m->sources[i], source))
			continue;
		if (i + 1 < m->nsources && model_env_since(m, key, m->source_envs[i + 1].env_from))
			return NULL;
		return model_env_since(m, key, since);
	}
	return NULL;
}

/* How to run the lead's workload: its code, and each command the
 * environment recorded for a version, cut to the code's file name. */
static void lead_reproduction(struct mctx *o, const struct report *r, const struct comparison *c)
{
	const struct model *m = r->m;
	const struct workload_info *w = workload_of(m, c->workload);
	struct mctx *cmds = mctx_list();
	size_t n = 0;
	char *first = NULL;
	int same = 1;
	if (w && w->description)
		mctx_set_str(o, "description", w->description);
	if (w && w->source) {
		const char *slash = strrchr(w->source, '/');
		int url = strstr(w->source, "://") != NULL;
		mctx_set_str(o, "source_url", url ? w->source : NULL);
		mctx_set_str(o, "source_file", url ? NULL : slash && slash[1] ? slash + 1 : w->source);
	}
	for (size_t k = 0; k < c->nversions; k++) {
		char *key = xasprintf("command %s", c->versions[k].version);
		const char *cmd = env_of(m, source_of(c), key);
		free(key);
		if (!cmd)
			continue;
		char *shown = program_name(doc_command(r, cmd));
		if (!first) {
			first = shown;
		} else {
			same &= strcmp(first, shown) == 0;
			free(shown);
		}
		n++;
	}
	/* one line when the commands differ only in where each version's
	 * program was installed */
	for (size_t k = 0; k < c->nversions && first; k++) {
		char *key = xasprintf("command %s", c->versions[k].version);
		const char *cmd = env_of(m, source_of(c), key);
		struct mctx *e;
		char *shown;
		free(key);
		if (!cmd)
			continue;
		shown = program_name(doc_command(r, cmd));
		e = mctx_object();
		mctx_set_str(e, "version", same ? NULL : c->versions[k].version);
		mctx_set_str(e, "command", shown);
		mctx_push(cmds, e);
		free(shown);
		if (same)
			break;
	}
	free((char *)first);
	mctx_set_bool(o, "same_command", same && n > 1);
	mctx_set(o, "commands", cmds);
	mctx_set_bool(o, "has_commands", n > 0);
	mctx_set_bool(o, "has_code", n > 0 || (w && w->source));
}

void doc_issue_ctx(struct mctx *ctx, const struct report *r, const struct doc_opts *opts)
{
	const struct model *m = r->m;
	int anomaly;
	long lead = doc_issue_lead(r, &anomaly);
	struct mctx *others = mctx_list();
	struct buf b = BUF_INIT;
	size_t nothers = 0;

	(void)opts;

	mctx_set_bool(ctx, "issue_files", lead >= 0 || r->claims.title);
	/* what a maintainer expects of a newer version, of the lead's kind */
	mctx_set_str(ctx, "issue_expected",
		     lead >= 0 && words_memory(&m->comparisons[lead])
		     ? "A newer version should use no more memory than an older one on the same workload, "
		       "within the noise the machine itself shows"
		     : "A newer version should be at least as fast as an older one on the same workload, "
		       "and as steady from round to round, within the noise the machine itself shows");
	if (lead >= 0) {
		const struct comparison *c = &m->comparisons[lead];
		const struct report_comparison *rc = &r->comparisons[lead];
		struct mctx *o = mctx_object(), *cells = mctx_list();
		mctx_set_str(o, "workload", c->workload);
		mctx_set_str(o, "platform", model_platform_named(c->platform) ? c->platform : NULL);
		mctx_set_str(o, "unit", c->unit);
		mctx_set_str(o, "compared", rc->compared_text);
		if (anomaly) {
			const struct version_stats *v = most_bimodal(c);
			where(&b, c);
			buf_printf(&b, "%s: ", v->version);
			words_clusters(&b, c, v);
			mctx_set_str(o, "headline", buf_str(&b));
			buf_reset(&b);
		}
		if (anomaly) {
			/* the headline named the anomaly: the rest of the verdict */
			buf_puts(&b, c->others_apart ? "Among the other versions, " : "Over all the versions, ");
			words_verdict_besides(&b, m, c);
			if (c->record.winner >= 0 && c->verdict == VERDICT_FASTER && isfinite(c->record.size_low)) {
				buf_puts(&b, "; ");
				words_size_interval(&b, c, &c->record);
			}
		} else {
			finding(&b, r, (size_t)lead, 1);
		}
		mctx_set_str(o, anomaly ? "verdict" : "headline", buf_str(&b));
		buf_reset(&b);
		mctx_set_bool(o, "lead_anomaly", anomaly);
		if (c->verdict == VERDICT_FASTER) {
			words_how_often(&b, c);
			if (b.len && b.s[0] >= 'a' && b.s[0] <= 'z')
				b.s[0] = (char)(b.s[0] - 'a' + 'A');
			mctx_set_str(o, "how_often", buf_str(&b));
			buf_reset(&b);
		}
		mctx_set_str(o, "anomaly", rc->anomaly);
		mctx_set_str(o, "worse_steps", rc->worse_steps);
		mctx_set_str(o, "worse_variant", rc->worse_variant);
		for (size_t k = 0; k < r->nversions; k++) {
			const struct version_stats *v = report_cell(c, r->versions[k].version);
			struct mctx *cell;
			if (!v)
				continue;
			cell = mctx_object();
			mctx_set_str(cell, "version", v->version);
			fmt_value(&b, v->level);
			buf_puts(&b, " ");
			fmt_spread(&b, v->band);
			mctx_set_str(cell, "value_band", buf_str(&b));
			buf_reset(&b);
			mctx_push(cells, cell);
		}
		mctx_set(o, "cells", cells);
		lead_rounds(o, c);
		lead_reproduction(o, r, c);
		mctx_set(ctx, "issue_lead", o);
	}
	/* the rest: what else is filed first, then the other confirmed
	 * differences */
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < m->ncomparisons; i++) {
			const struct comparison *c = &m->comparisons[i];
			if ((long)i == lead || (pass == 0) != (r->comparisons[i].worth_filing != 0))
				continue;
			if (pass == 1 && c->verdict != VERDICT_FASTER)
				continue;
			finding(&b, r, i, 1);
			if (r->comparisons[i].anomaly && !strstr(r->comparisons[i].text, "anomaly"))
				buf_printf(&b, "; its rounds fall into two clusters, %s", r->comparisons[i].anomaly);
			mctx_push(others, mctx_string(buf_str(&b)));
			buf_reset(&b);
			nothers++;
		}
	mctx_set(ctx, "issue_others", others);
	for (size_t k = 0; k < r->nversions; k++)
		buf_printf(&b, "%s%s", k ? ", " : "", r->versions[k].version);
	mctx_set_str(ctx, "issue_versions", buf_str(&b));
	buf_reset(&b);
	if (m->notes && m->notes[0]) {
		/* the runner's notes as a sentence of the step */
		size_t n = strlen(m->notes);
		buf_printf(&b, "%s%s", m->notes, m->notes[n - 1] == '.' ? "" : ".");
		mctx_set_str(ctx, "issue_notes", buf_str(&b));
		buf_reset(&b);
	}
	{
		/* the inputs as attached: by file name, never by the path they
		 * had on the machine that made the report */
		struct mctx *att = mctx_list();
		for (size_t i = 0; i < r->impact.ninputs; i++) {
			const char *name = r->impact.inputs_used[i].name, *slash = strrchr(name, '/');
			struct mctx *a = mctx_object();
			mctx_set_str(a, "name", slash && slash[1] ? slash + 1 : name);
			mctx_set_str(a, "sha256", r->impact.inputs_used[i].sha256);
			mctx_push(att, a);
		}
		mctx_set(ctx, "issue_inputs", att);
		/* the command that took the lead's rounds: the input's own */
		if (r->impact.run_command &&
		    (lead < 0 || m->nsources <= 1 ||
		     (m->run_source && source_of(&m->comparisons[lead]) &&
		      strcmp(m->run_source, source_of(&m->comparisons[lead])) == 0))) {
			char *t = doc_command(r, r->impact.run_command);
			mctx_set_str(ctx, "issue_run_command", t);
			free(t);
		}
		if (r->impact.command) {
			char *t = doc_command(r, r->impact.command);
			mctx_set_str(ctx, "issue_command", t);
			free(t);
		}
	}
	mctx_set_bool(ctx, "issue_any_others", nothers > 0);
	{
		char *t = xasprintf("%zu", nothers);
		mctx_set_str(ctx, "issue_n_others", t);
		free(t);
	}
	/* nothing to file: what the three lines say */
	if (r->ordered)
		buf_puts(&b, r->claims.regressed ? r->claims.regressed
			 : "nothing regressed: no newer version is confirmed slower than an older one");
	else
		buf_puts(&b, "no variant is confirmed worse than the baseline");
	buf_puts(&b, ", and no version's rounds fall into two clusters");
	doc_set_capital(ctx, "issue_nothing", buf_str(&b));
	buf_release(&b);
}
