/*
 * upgrade_words.h - "what changes if I upgrade" in words: the upgrade view's
 * facts (model.upgrade, analysis/upgrade.c) as values any renderer lays
 * out — a title, the support status of both ends, one row per comparison
 * with its change in words, and the counts. Built once by report_build.
 */
#ifndef NF_PRESENT_UPGRADE_WORDS_H
#define NF_PRESENT_UPGRADE_WORDS_H

#include <stddef.h>
#include "model/model.h"

/* One comparison of the view. */
struct report_upgrade_row {
	size_t comparison;        /* index into model.comparisons */
	const char *workload, *platform, *unit; /* interned */
	const char *from, *to;    /* interned versions compared, or NULL when
	                             not measured */
	enum upgrade_change change;
	int confirmed;            /* a confirmed change, either way */
	char *plain;              /* owned: a confirmed change as summary.md
	                             says it, "26.12.1 faster than 22.23.5 by
	                             62%"; NULL otherwise */
	char *text;               /* owned: "ops/s +120% (95% interval +110% to
	                             +131%), better", "no confirmed change
	                             (±18% noise)", "not measured on 22" */
};

struct report_upgrade {
	int shown;                /* the view exists (model.upgrade.shown) */
	int given;                /* --from was given: it opens summary.md and blog.md */
	char *from, *to;          /* owned display names: "22", "v24", "22.21.1" */
	char *title;              /* owned: "What changes from 22 to v24" */
	char *ends;               /* owned: the support status of both ends, "22
	                             is in Maintenance LTS until 2027-04-30; v24
	                             is in Active LTS until 2028-04-30" (no
	                             final period), or NULL when neither is a
	                             line of the schedule */
	char *summary;            /* owned: the counts, "2 workloads change for
	                             the better, none for the worse, 6 show no
	                             confirmed change" */
	struct report_upgrade_row *rows; /* owned: confirmed changes first (by
	                             size), then the others, in report order;
	                             comparisons that measured neither end are
	                             only counted in summary */
	size_t nrows;
	size_t nconfirmed;        /* rows with a confirmed change (they come first) */
	int several_platforms;    /* rows differ by platform: show the column */
};

/* Builds r->upgrade from r->m->upgrade; nothing when it is not shown. */
void upgrade_words_build(struct report_upgrade *ru, const struct model *m);
void upgrade_words_release(struct report_upgrade *u);

#endif
