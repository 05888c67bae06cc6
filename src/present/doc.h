/*
 * doc.h - what each Markdown document adds for its own reader to the one
 * template context (sections of doc_context.c, whose signature they have;
 * opts is unused): the environment as one table (doc_env.c),
 * the issue a maintainer files (doc_issue.c), the manager's summary
 * (doc_summary.c), the blog post (doc_blog.c) and the CI summary's warnings
 * (doc_ci.c). Each sets keys on ctx from the report and words them here, so
 * the templates only lay them out; sentences end without a period, as
 * report.h's do.
 */
#ifndef NF_PRESENT_DOC_H
#define NF_PRESENT_DOC_H

#include "lib/mustache.h"
#include "lib/util.h"

struct report;
struct comparison;
struct verdict_record;
struct doc_opts;

/* "env_rows": one row per version (its V8, support status and the command
 * that ran it) and one for the machine, then each other key of the
 * environment once; "has_env_rows". */
void doc_env_ctx(struct mctx *ctx, const struct report *r, const struct doc_opts *opts);

/* The same rows in plain text, for a renderer that lays them out itself
 * (report.pdf): key, value (NULL for a version with none) and the command
 * as doc_command shows it (NULL when none). Returns the count; *rows is
 * malloc'd, freed with doc_env_rows_free. */
struct doc_env_row {
	char *key, *value, *command;
};
size_t doc_env_rows(const struct report *r, struct doc_env_row **rows);
void doc_env_rows_free(struct doc_env_row *rows, size_t n);

/* The command as the documents show it: every path of a workload's source
 * or of an input cut to its file name (the file a reader gets attached),
 * so no path of
 * the machine that ran it, nor of noisefloor's own tree, is a step of the
 * reproduction. Returns a malloc'd string (NULL for NULL); caller frees. */
char *doc_command(const struct report *r, const char *command);

/* A code span of s for a Markdown table cell: `s`, with | escaped and a
 * longer fence when s holds a backtick. Appends to b. */
void doc_code_span(struct buf *b, const char *s);

/* Text for an HTML element of a Markdown document (<summary>): & < > "
 * and @ as character references, no Markdown escape (GitHub shows those
 * inside HTML). Appends to b. */
void doc_html_text(struct buf *b, const char *s);

/* The issue: the lead finding (the one with the strongest evidence, an
 * anomaly included), its numbers and interval, its reproduction, the other
 * findings, and what nothing to file says ("issue_*" keys). */
void doc_issue_ctx(struct mctx *ctx, const struct report *r, const struct doc_opts *opts);

/* Index into r->m->comparisons of the lead finding, or -1 when nothing is
 * to be filed; *anomaly set when its anomaly is what leads. */
long doc_issue_lead(const struct report *r, int *anomaly);

/* The title of the lead finding when it is an anomaly (else leaves b):
 * "Performance anomaly: \"W\" on 24.22.3: 4 of 7 rounds are 13× slower
 * than the other versions in the same rounds (linux-x64), and 1 more
 * workload". Returns 1 when it wrote one. */
int doc_issue_anomaly_title(const struct report *r, struct buf *b);

/* The manager's summary: plain verdicts, plain risks ("plain_*" keys). */
void doc_summary_ctx(struct mctx *ctx, const struct report *r, const struct doc_opts *opts);

/* The plain verdict of comparison i: "26.12.1 faster than 20.20.2 by 40%",
 * "no difference we can measure", "undecided: more rounds needed". */
void doc_plain_verdict(struct buf *b, const struct report *r, size_t i);

/* A verdict record in those words, from the newer version's side:
 * "26.12.1 faster than 22.23.5 by 62%", "24.22.3 slower than 22.23.5 by
 * 10%", "26.2.0 uses 20% less memory than 24.11.1". */
void doc_plain_record(struct buf *b, const struct comparison *c, const struct verdict_record *rec);

/* The blog post: its title, opening, borderline paragraph, conclusion
 * ("blog_*" keys). */
void doc_blog_ctx(struct mctx *ctx, const struct report *r, const struct doc_opts *opts);

/* ci-summary.md: every warning it counts ("ci_warnings"). */
void doc_ci_ctx(struct mctx *ctx, const struct report *r, const struct doc_opts *opts);

#endif
