/*
 * doc_context.h - the template context of the documents (blog.md, issue.md,
 * summary.md, report.html): the presentation model as Mustache values,
 * built a section at a time. The renderers lay it out through their
 * templates and add nothing worded.
 */
#ifndef NF_DOC_CONTEXT_H
#define NF_DOC_CONTEXT_H

#include <stddef.h>

#include "present/report.h"

struct mctx;
struct buf;

/* How much a document holds, from everything down to what fits a GitHub
 * issue: the raw rounds inline, every pair of versions, the pairs that are
 * significant or borderline, the significant ones only, no pair. */
enum doc_detail {
	DOC_DETAIL_FULL,
	DOC_DETAIL_NO_RAW,
	DOC_DETAIL_CLAIMED_PAIRS,
	DOC_DETAIL_SIGNIFICANT_PAIRS,
	DOC_DETAIL_NO_PAIRS,
	DOC_DETAIL_LEVELS
};

/* The raw rounds a context holds at DOC_DETAIL_FULL: all of them, or a
 * first part (at least one round of each comparison). */
struct doc_raw {
	size_t left;     /* rounds the context may still take */
	int limited;     /* whether `left` applies */
	int cut;         /* set when a round was left out */
};

/* What one document adds to each comparison's object (in "comparisons" and
 * in the platform tables), given its index into model.comparisons. */
typedef void (*doc_each_fn)(struct mctx *o, size_t comparison, void *ud);

/* What a context is built for. raw: NULL for every round; rounds_sha256:
 * rounds.csv's digest, or NULL when it is not written; each: NULL or the
 * document's addition, called with ud; listed: how many comparisons (the
 * first, in the model's order) "comparisons" and the platform tables hold,
 * 0 for all of them; with fewer, "comparisons_cut" says so. */
struct doc_opts {
	int level;                 /* enum doc_detail */
	struct doc_raw *raw;
	const char *rounds_sha256;
	doc_each_fn each;
	void *ud;
	size_t listed;
};

/* One section of the context: build sets its keys in ctx. The lists that
 * grow with the comparisons ("comparisons", each platform table's "rows")
 * are made an element at a time while a template renders them
 * (mctx_list_made), so a context holds one comparison's values at a time,
 * whatever the report's size. */
struct doc_section {
	const char *name;
	void (*build)(struct mctx *ctx, const struct report *r, const struct doc_opts *o);
};
extern const struct doc_section doc_sections[];
extern const size_t ndoc_sections;

/* The whole context, every section in order. Caller frees with mctx_free. */
struct mctx *doc_context(const struct report *r, const struct doc_opts *o);

/* The title of a report whose input names none. */
extern const char doc_untitled[];
/* The closing line of a document cut to fit: the issue (GitHub's limit)
 * and ci-summary.md (a job summary's), as Markdown. */
extern const char doc_issue_cut_note[];
extern const char doc_ci_cut_note[];
/* Appends a verdict's text with the step to the worse inside the line it
 * compared as one version: "<text>; a newer release is slower <steps>". */
void doc_worse_steps(struct buf *b, const char *text, const char *worse_steps);

/* Upper-cases the first letter of s (ASCII only; NULL and "" are left
 * alone): an entry laid out on its own starts as a sentence. */
void doc_capital(char *s);
/* The strength of a finding's evidence: its size in units of the noise it
 * had to clear, the band taken as at least 1 % (issue.md's lead, blog.md's
 * finding). */
double doc_over_noise(double size, double band);
/* Sets key of ctx to s with its first letter a capital (NULL: null). */
struct mctx;
void doc_set_capital(struct mctx *ctx, const char *key, const char *s);
/* Pushes s onto list with its first letter a capital. */
void doc_push_capital(struct mctx *list, const char *s);

#endif
