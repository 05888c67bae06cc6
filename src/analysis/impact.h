/*
 * impact.h - what a confirmed difference is worth to a service: time saved
 * per second of wall clock and the share of a core it frees, for a given
 * request rate and payload (--rps, --payload, --cores, --impact).
 */
#ifndef NF_IMPACT_H
#define NF_IMPACT_H

#include "lib/error.h"
#include "model/model.h"

/* The example service the workbook's Impact sheet starts from when no
 * --rps/--payload is given (the article's calculator example). */
#define IMPACT_EXAMPLE_RPS 120.0
#define IMPACT_EXAMPLE_PAYLOAD (60.0 * 1024)
#define IMPACT_EXAMPLE_CORES 4.0
/* Bytes in the MB of "ms per MB" and of --payload's MB suffix. */
#define IMPACT_MB 1048576.0

/* The one place the impact estimate reads what a confirmed claim is: the
 * comparison's verdict is VERDICT_FASTER (both keys of a claim hold: beyond the
 * noise and the rank test in the same direction after Holm, evidence.c)
 * and names the claim's two versions. Returns the index of their pair in
 * c->pairs, or -1; sets *why (when why is not NULL) to IMPACT_FIGURE, or to
 * why there is no figure. */
long impact_confirmed_pair(const struct comparison *c, enum impact_no_figure *why);

/*
 * Fills m->impacts from m->impact_in (the example inputs when not given):
 * one entry per comparison whose workload has "bytes" (only the --impact
 * workload's when given), with figures for confirmed claims measured in a
 * unit of time and the reason there is none otherwise. Called by
 * analysis_run after the evidence. Fails with NF_DATAERR when --impact
 * names no measured workload or when the estimate was asked for and no
 * workload it covers has "bytes": m->impact_in.refused says which, and the
 * command words the message (err gets the status, its message left empty).
 */
int impact_run(struct model *m, struct nf_error *err);

/* Milliseconds per unit of a time unit ("ns", "µs", "ms", "s"), 0 for
 * anything else (rates). */
double impact_ms_per_unit(const char *unit);


#endif
