/*
 * glossary.h - the method's terms, each defined once: what a round value,
 * a best, a spread, the noise, the gap, a winner, the rank test, the
 * interval and the other figures of a report are. analysis.json gives the
 * definitions under "method" and "statistics"; the workbook's Summary and
 * the charts' notes say them in the same words.
 */
#ifndef NF_PRESENT_GLOSSARY_H
#define NF_PRESENT_GLOSSARY_H

#include "present/report.h"

struct buf;

enum glossary {
	GLOSSARY_ROUND_VALUE,
	GLOSSARY_BEST,
	GLOSSARY_SPREAD,
	GLOSSARY_RULE,
	GLOSSARY_GAP,
	GLOSSARY_NOISE,
	GLOSSARY_WINNER,
	GLOSSARY_TEST,
	GLOSSARY_CORRECTION,
	GLOSSARY_SHIFT,
	GLOSSARY_RATIO,
	GLOSSARY_MEDIAN_RATIO,
	GLOSSARY_INTERVAL,
	GLOSSARY_P_FLOOR,
	GLOSSARY_ROUNDS_NEEDED,
	GLOSSARY_STEPS,
	GLOSSARY_DRIFT,
	GLOSSARY_TERMS
};

/* The term as a heading, "Spread" (a static string). */
const char *glossary_name(enum glossary t);

/* The term's key in analysis.json's "method" or "statistics", "spread". */
const char *glossary_key(enum glossary t);

/* Appends the term's definition: lower case, no final period, the method's
 * facts (the interval's level and method, alpha, power) from mt. */
void glossary_says(struct buf *b, enum glossary t, const struct report_method *mt);

/* Appends "Name: definition." as a line of a legend. */
void glossary_line(struct buf *b, enum glossary t, const struct report_method *mt);

#endif
