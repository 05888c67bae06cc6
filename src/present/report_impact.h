/*
 * report_impact.h - the presentation of three things every document shows
 * the same way: the workloads the input describes, what a confirmed
 * difference is worth to the reader's service (impact.c's figures, with the
 * formula written out in the reader's numbers), and how to reproduce the
 * report. Built once from the analysed model; the renderers only lay the
 * texts out. As in report.h, sentences end without a period, so a document
 * can embed them.
 */
#ifndef NF_REPORT_IMPACT_H
#define NF_REPORT_IMPACT_H

#include <stddef.h>
#include "model/model.h"

/* One row of the Workloads table. */
struct rimp_workload {
	const char *name;        /* interned */
	const char *description; /* interned, or NULL */
	char *size;              /* owned: "5.73 MB", or NULL */
	char *bytes;             /* owned: "6,008,361 bytes", or NULL */
	const char *source;      /* interned, or NULL */
};

/* One claim of the impact estimate. */
struct rimp_claim {
	const char *workload, *platform; /* interned */
	int confirmed;
	char *sentence;  /* owned: what it is worth, or why there is no figure */
	char *formula;   /* owned, confirmed only: the formula in the reader's
	                    numbers, one line ("120 requests/s × ... = 1.3 ms") */
	char *per_mb;    /* owned, confirmed only: "18.49 ms ÷ 20 MB = 0.92 ms/MB
	                    (22); ..." */
	char *cores;     /* owned, confirmed only: "0.0013 cores (1.2–1.4 ms/s)" */
};

/* How the report was made and the rounds taken. */
struct rimp_input {
	const char *name;   /* as given */
	const char *sha256; /* 64 hex digits, or NULL when unknown */
};

struct report_impact {
	struct rimp_workload *workloads; /* owned: measured workloads the input
	                                    describes, in the model's order */
	size_t nworkloads;

	int shown;                /* --rps and --payload given: documents show it */
	char *inputs;             /* owned: "120 requests per second of 60 KB
	                             each, on 4 cores" */
	struct rimp_claim *claims; /* owned, in model.impacts order */
	size_t nclaims, nconfirmed;
	char *summary;            /* owned: the one line for summary.md: cores freed */

	char *command;            /* owned: the command line, or NULL */
	const char *version;      /* noisefloor's version, or NULL */
	const char *run_command;  /* borrowed: the noisefloor run command that took
	                             the rounds, rebuilt from their file, or NULL */
	char *as_of_note;         /* owned: the report date and how to pin it */
	struct rimp_input *inputs_used; /* owned: each input once */
	size_t ninputs;
	const char *notes;        /* the runner's notes, or NULL */
	char *sources;            /* owned: the workloads' code, "a.js; b.js", or NULL */
	char *versions;           /* owned: "20.20.2 (V8 11.3.244.8-node.38), ..." */
	char *environment;        /* owned: "os linux, arch x64, ...", or NULL */
	char *date_range;         /* owned: "2026-11-29 22:15:30 to 22:16:00 UTC",
	                             or NULL without timestamps */
};

/* Builds the texts from an analysed model (m must outlive r only while
 * building: everything kept is owned or interned in m). Never fails. */
void report_impact_build(struct report_impact *r, const struct model *m);
void report_impact_release(struct report_impact *r);

/* Appends why entry im of m->impacts has no figure, as every document says
 * it: "within noise: the versions differ by less than their rounds spread,
 * so there is no difference to put a figure on"; nothing for a confirmed
 * one. */
struct buf;
void report_impact_why(struct buf *b, const struct model *m, const struct impact *im);

/* The earliest and latest timestamp of the rounds (text order: ISO 8601),
 * both NULL when no round has one. */
void report_time_span(const struct model *m, const char **first, const char **last);

/* "60 KB", "1.5 MB", "512 bytes": a size in the --payload units. Appends. */
struct buf;

#endif
