/*
 * claims.h - checking a published claim against the rounds, given as
 * --claim 'A..B=CHANGE[@WORKLOAD]' (20.19.5..24.11.1=-57%@select). Facts
 * only; present/claim_words.c words them.
 */
#ifndef NF_CLAIMS_H
#define NF_CLAIMS_H

#include "model/model.h"

/* Why a claim's text was refused (the command layer words it). */
enum claim_syntax {
	CLAIM_SYNTAX_OK = 0,
	CLAIM_SYNTAX_NO_EQUALS,   /* no '=' between the versions and the change */
	CLAIM_SYNTAX_NO_RANGE,    /* the left side is not A..B with both named */
	CLAIM_SYNTAX_SAME,        /* A and B are the same version */
	CLAIM_SYNTAX_CHANGE,      /* CHANGE is not a signed percentage like -57% */
	CLAIM_SYNTAX_RANGE,       /* the change is -100 % or less, or above +100000 % */
	CLAIM_SYNTAX_WORKLOAD,    /* '@' with nothing after it */
};

/* Parses text ("20.19.5..24.11.1=-57%@select") into *out, which then owns
 * copies of its parts (text itself is borrowed: keep it alive). The change
 * is a number with an optional sign (+, -, or U+2212) and a '%'. Returns
 * CLAIM_SYNTAX_OK, or why not (out untouched). */
enum claim_syntax claims_parse(const char *text, struct claim *out);

/* Why claims_run refused a claim (*which: its index). */
enum claim_refusal {
	CLAIM_ACCEPTED = 0,
	CLAIM_UNKNOWN_A,          /* version a was measured on no comparison */
	CLAIM_UNKNOWN_B,          /* version b neither */
	CLAIM_NO_WORKLOAD,        /* the workload part matches no workload */
};

/* The measured version of m spelled as v, or NULL: the exact label, else
 * the same with or without a leading 'v' ("v24" for "24"), as ingest
 * merges them. Returns an interned string of m. */
const char *claims_version(const struct model *m, const char *v);

/* Checks every claim of m (m->claims) on every comparison it matches into
 * m->claim_checks, after analysis_run. Returns CLAIM_ACCEPTED, or the first
 * refusal with *which its claim (nothing is checked then). */
enum claim_refusal claims_run(struct model *m, size_t *which);

#endif
