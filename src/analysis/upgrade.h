/*
 * upgrade.h - what changes if a reader moves from one version to another
 * (--from, --to): for every comparison, the confirmed change between the
 * two, its interval, or that there is none; facts only (present/upgrade_words.c
 * words them).
 */
#ifndef NF_UPGRADE_H
#define NF_UPGRADE_H

#include "lib/error.h"
#include "model/model.h"

/*
 * Fills m->upgrade from m->upgrade_from and m->upgrade_to. Without --to the
 * target is the recommended line; without --from the start is the oldest
 * measured line still supported on the report date (other than the
 * target), and nothing is shown when there is none. Fails with NF_USAGE and
 * m->upgrade_refused set when --from or --to names no measured version or
 * line, when --from is given and there is no target, or when both name the
 * same versions.
 */
int upgrade_run(struct model *m, struct nf_error *err);

/* 1 when the version v (of a comparison) is what `name` names: equal to
 * it, or on the release line it names ("22", "v22"). */
int upgrade_names(const struct version_stats *v, const char *name);

#endif
