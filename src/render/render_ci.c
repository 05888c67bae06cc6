/*
 * render_ci.c - ci-summary.md: the Markdown for a GitHub Actions job summary
 * ($GITHUB_STEP_SUMMARY) and a pull-request comment, from
 * templates/ci-summary.md.mustache. What needs a reader comes first (the
 * regressions and anomalies), then the claims checked (--claim) and what
 * the upgrade view confirms (--from), then the count of comparisons within
 * noise, then the verdict table folded in <details>; with --link-base every line
 * links to its comparison in report.html (present/anchors.c gives both
 * documents the same ids).
 *
 * GitHub takes at most 65,536 characters: the lists are cut to what fits
 * ("and N more"), and a template that still writes more is cut at a line.
 * Each section of the context is one block of build_summary; the template
 * lays them out in order.
 */
#include "lib/mustache.h"
#include "lib/util.h"
#include "present/doc.h"
#include "present/doc_context.h"
#include "present/anchors.h"
#include "present/claim_words.h"
#include "present/counts.h"
#include "render/render.h"

#include <stdlib.h>
#include <string.h>

/* GitHub's limit on a job summary and a comment, in characters. */
#define CI_MAX_CHARS 65536
/* Bytes the lists may take: the rest of the template fits in what is left. */
#define CI_LIST_BYTES 56000
/* The items named before "and N more" in the sections above the fold:
 * a summary reads on one screen. */
#define CI_MAX_NAMED 12
/* The upgrade view's confirmed changes named (as summary.md names them). */
#define CI_MAX_UPGRADE 5

/* report.html#anchor under the link base (NULL without one); bytes outside
 * ASCII are percent-encoded so every Markdown reader keeps the link whole.
 * Returns a malloc'd string; caller frees. */
static char *link_to(const char *base, const char *anchor)
{
	struct buf b = BUF_INIT;
	size_t n;
	if (!base)
		return NULL;
	n = strlen(base);
	buf_puts(&b, base);
	if (!(n > 5 && strcmp(base + n - 5, ".html") == 0))
		buf_puts(&b, n && base[n - 1] == '/' ? "report.html" : "/report.html");
	if (anchor) {
		buf_putc(&b, '#');
		for (const unsigned char *p = (const unsigned char *)anchor; *p; p++)
			if (*p >= 0x80)
				buf_printf(&b, "%%%02X", *p);
			else
				buf_putc(&b, (char)*p);
	}
	return buf_detach(&b, NULL);
}

/* One comparison as a line of a list or a row of the table. */
static struct mctx *item(const struct report *r, size_t i, char **anchors, const char *base,
			 size_t *bytes)
{
	const struct comparison *c = &r->m->comparisons[i];
	const struct report_comparison *rc = &r->comparisons[i];
	struct mctx *o = mctx_object();
	char *url = link_to(base, anchors[i]);
	mctx_set_str(o, "workload", c->workload);
	mctx_set_str(o, "platform", c->platform);
	if (rc->worse_steps) {
		/* a step to the worse inside a line compared as one version */
		struct buf t = BUF_INIT;
		doc_worse_steps(&t, rc->text, rc->worse_steps);
		mctx_set_str(o, "text", t.s);
		*bytes += t.len;
		buf_release(&t);
	} else {
		mctx_set_str(o, "text", rc->text);
	}
	mctx_set_str(o, "anomaly", rc->anomaly);
	mctx_set_bool(o, "regression", c->verdict == VERDICT_FASTER && c->regression);
	mctx_set_str(o, "link", url);
	/* escaping can double a name: count it twice */
	*bytes += 2 * (strlen(c->workload) + strlen(c->platform) + strlen(rc->text) +
		       (rc->anomaly ? strlen(rc->anomaly) : 0)) + (url ? strlen(url) : 0) + 32;
	free(url);
	return o;
}

/* Sets key to the list of comparisons that pass keep(), at most max of them
 * and as many as fit in *left bytes; key_more to "N" for the rest. */
static void list_of(struct mctx *ctx, const char *key, const struct report *r, char **anchors,
		    const char *base, int (*keep)(const struct report *, size_t), size_t max,
		    size_t *left)
{
	struct mctx *list = mctx_list();
	size_t shown = 0, more = 0;
	for (size_t i = 0; i < r->m->ncomparisons; i++) {
		size_t bytes = 0;
		struct mctx *o;
		if (!keep(r, i))
			continue;
		if (shown >= max || *left == 0) {
			more++;
			continue;
		}
		o = item(r, i, anchors, base, &bytes);
		if (bytes > *left) {
			mctx_free(o);
			*left = 0;
			more++;
			continue;
		}
		*left -= bytes;
		mctx_push(list, o);
		shown++;
	}
	mctx_set(ctx, key, list);
	if (more) {
		char *k = xasprintf("%s_more", key), *n = xasprintf("%zu", more);
		mctx_set_str(ctx, k, n);
		free(k);
		free(n);
	}
}

/* Sets key to s with its first letter a capital (NULL: null). */
static void set_cap(struct mctx *ctx, const char *key, const char *s)
{
	char *cap = s ? xstrdup(s) : NULL;
	render_capital(cap);
	mctx_set_str(ctx, key, cap);
	free(cap);
}

/* Sets key to "N" when n > 0. */
static void set_more(struct mctx *ctx, const char *key, size_t n)
{
	if (n) {
		char *t = xasprintf("%zu", n);
		mctx_set_str(ctx, key, t);
		free(t);
	}
}

/* "claims": every claim checked, the ones not reproduced first, then the
 * ones that cannot be checked, then the consistent ones; each with its
 * verdict as a word and present/claim_words.c's sentence, at most CI_MAX_NAMED
 * and what fits in *left; "claims_more" for the rest. */
static void claims_list(struct mctx *ctx, const struct report *r, char **anchors,
			const char *base, size_t *left)
{
	static const enum claim_verdict order[] = { CLAIM_NOT_REPRODUCED, CLAIM_INSUFFICIENT, CLAIM_CANNOT_JUDGE,
						    CLAIM_CONSISTENT };
	const struct model *m = r->m;
	struct mctx *list = mctx_list();
	size_t shown = 0, more = 0;
	char *url = link_to(base, "claims");
	mctx_set_bool(ctx, "any_claims", m->nclaim_checks > 0);
	set_cap(ctx, "claims_answer_cap", r->claims.answer);
	mctx_set_str(ctx, "claims_link", url);
	free(url);
	for (size_t v = 0; v < sizeof order / sizeof *order; v++)
		for (size_t i = 0; i < m->nclaim_checks; i++) {
			const struct claim_check *k = &m->claim_checks[i];
			const struct comparison *c = &m->comparisons[k->comparison];
			struct mctx *o;
			size_t bytes;
			if (k->verdict != order[v])
				continue;
			url = link_to(base, anchors[k->comparison]);
			bytes = 2 * (strlen(c->workload) + strlen(c->platform) + strlen(r->claims.texts[i])) +
				(url ? strlen(url) : 0) + 48;
			if (shown >= CI_MAX_NAMED || bytes > *left) {
				free(url);
				more++;
				continue;
			}
			*left -= bytes;
			o = mctx_object();
			set_cap(o, "verdict_cap", claim_words_verdict(k->verdict));
			mctx_set_str(o, "workload", c->workload);
			mctx_set_str(o, "platform", c->platform);
			mctx_set_str(o, "text", r->claims.texts[i]);
			mctx_set_str(o, "link", url);
			free(url);
			mctx_push(list, o);
			shown++;
		}
	mctx_set(ctx, "claims", list);
	set_more(ctx, "claims_more", more);
}

/* "upgrade": with --from, the upgrade view's title, the support of both
 * ends, its counts and its confirmed changes (at most CI_MAX_UPGRADE, what
 * fits in *left; "more" for the rest); false otherwise. */
static void upgrade_list(struct mctx *ctx, const struct report *r, char **anchors,
			 const char *base, size_t *left)
{
	const struct report_upgrade *u = &r->upgrade;
	struct mctx *o, *list;
	size_t shown = 0;
	char *url;
	if (!u->shown || !u->given) {
		mctx_set_bool(ctx, "upgrade", 0);
		return;
	}
	o = mctx_object();
	list = mctx_list();
	url = link_to(base, "upgrade");
	mctx_set_str(o, "title", u->title);
	mctx_set_str(o, "link", url);
	free(url);
	mctx_set_str(o, "ends", u->ends);
	set_cap(o, "summary_cap", u->summary);
	for (size_t i = 0; i < u->nconfirmed && i < u->nrows; i++) {
		const struct report_upgrade_row *ur = &u->rows[i];
		struct mctx *row;
		size_t bytes;
		url = link_to(base, anchors[ur->comparison]);
		bytes = 2 * (strlen(ur->workload) + strlen(ur->platform) + strlen(ur->text) +
			     (ur->from ? strlen(ur->from) : 0) + (ur->to ? strlen(ur->to) : 0)) +
			(url ? strlen(url) : 0) + 48;
		if (shown >= CI_MAX_UPGRADE || bytes > *left) {
			free(url);
			break;
		}
		*left -= bytes;
		row = mctx_object();
		mctx_set_str(row, "workload", ur->workload);
		mctx_set_str(row, "platform", ur->platform);
		mctx_set_str(row, "from", ur->from);
		mctx_set_str(row, "to", ur->to);
		mctx_set_str(row, "text", ur->text);
		mctx_set_str(row, "link", url);
		free(url);
		mctx_push(list, row);
		shown++;
	}
	mctx_set(o, "changes", list);
	mctx_set_bool(o, "any_changes", shown > 0);
	set_more(o, "more", u->nconfirmed - shown);
	mctx_set(ctx, "upgrade", o);
}

static int worth_filing(const struct report *r, size_t i)
{
	return r->comparisons[i].worth_filing;
}

static int any(const struct report *r, size_t i)
{
	(void)r;
	(void)i;
	return 1;
}

/* The context, one block per section in the order the summary shows them. */
static struct mctx *build_summary(const struct report *r, const char *base)
{
	const struct model *m = r->m;
	struct mctx *ctx = mctx_object();
	char **anchors = anchors_build(m);
	size_t left = CI_LIST_BYTES;
	struct buf b = BUF_INIT;
	char *url = link_to(base, NULL);

	/* the title and the short answer */
	mctx_set_str(ctx, "title", m->title ? m->title : doc_untitled);
	mctx_set_str(ctx, "headline", r->headline);
	mctx_set_str(ctx, "report_link", url);
	free(url);
	url = link_to(base, "verdicts");
	mctx_set_str(ctx, "verdicts_link", url);
	free(url);

	/* regressions and anomalies: what a reader must look at */
	list_of(ctx, "filing", r, anchors, base, worth_filing, CI_MAX_NAMED, &left);
	mctx_set_bool(ctx, "any_filing", r->nregressions + r->nworse + r->nanomalies > 0);
	mctx_set_bool(ctx, "ordered", r->ordered);

	/* the claims checked, then what the upgrade confirms */
	claims_list(ctx, r, anchors, base, &left);
	upgrade_list(ctx, r, anchors, base, &left);

	/* the counts of the rest */
	report_count(&b, r->nwithin, "comparison", "comparisons");
	mctx_set_str(ctx, "within_counted", b.s);
	buf_reset(&b);
	mctx_set_bool(ctx, "any_within", r->nwithin > 0);
	buf_printf(&b, "%zu", r->nfaster);
	mctx_set_str(ctx, "faster_counted", b.s);
	mctx_set_bool(ctx, "any_faster", r->nfaster > 0);
	buf_reset(&b);
	buf_printf(&b, "%zu", r->nnot_confirmed);
	mctx_set_str(ctx, "not_confirmed_counted", b.s);
	mctx_set_bool(ctx, "any_not_confirmed", r->nnot_confirmed > 0);
	buf_reset(&b);
	/* why the others have no verdict: "12 with one version only" */
	counts_no_verdict(&b, m, " \xC2\xB7 ");
	mctx_set_str(ctx, "no_verdict_counted", b.len ? b.s : NULL);
	buf_reset(&b);
	report_count(&b, r->nwarnings, "warning", "warnings");
	mctx_set_str(ctx, "warnings_counted", b.s);
	mctx_set_bool(ctx, "any_warnings", r->nwarnings > 0);
	doc_ci_ctx(ctx, r, NULL); /* every warning counted, listed */
	buf_reset(&b);

	/* the verdict table, folded, after how exact releases were compared
	 * (its rows name lines or releases): as many rows as fit */
	if (r->grouping_text) {
		buf_puts(&b, r->grouping_text);
		render_capital(b.s);
		mctx_set_str(ctx, "grouping_text_cap", b.s);
	}
	mctx_set_bool(ctx, "several_platforms", report_several_platforms(m));
	list_of(ctx, "rows", r, anchors, base, any, (size_t)-1, &left);
	mctx_set_str(ctx, "generator", "noisefloor " NF_VERSION);
	buf_release(&b);

	anchors_free(anchors, m->ncomparisons);
	return ctx;
}

int render_ci_summary(const struct render_ctx *rc, struct buf *out, struct nf_error *err)
{
	struct mctx *ctx = build_summary(rc->report, rc->link_base);
	int status = render_md_template(rc, "ci-summary.md", ctx, render_md_escape, out, err);
	mctx_free(ctx);
	if (status == NF_OK)
		render_md_cut_to_fit(out, CI_MAX_CHARS, doc_ci_cut_note);
	return status;
}

int render_ci(const struct model *m, const struct render_ctx *rc, struct outdir *od,
	      struct nf_error *err)
{
	struct buf out = BUF_INIT;
	int status;
	(void)m;
	status = render_ci_summary(rc, &out, err);
	if (status == NF_OK)
		status = outdir_write(od, "ci-summary.md", out.s ? out.s : "", out.len, err);
	buf_release(&out);
	return status;
}
