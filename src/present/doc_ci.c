/*
 * doc_ci.c - ci-summary.md's warnings (see doc.h): every warning its count
 * counts, each once, so "· 2 warnings" is followed by the two.
 */
#include "present/doc.h"
#include "present/doc_context.h"
#include "present/report.h"

#include <stdlib.h>

void doc_ci_ctx(struct mctx *ctx, const struct report *r, const struct doc_opts *opts)
{
	struct mctx *list = mctx_list();

	(void)opts;
	for (size_t i = 0; i < r->nwarnings; i++)
		doc_push_capital(list, r->warnings[i]);
	mctx_set(ctx, "ci_warnings", list);
}
