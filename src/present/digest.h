/*
 * digest.h - long lists made short for a reader: names shortened but kept
 * distinct, repeated warnings grouped with a count. Shared by the terminal
 * table and the documents, so each says the same thing the same way.
 */
#ifndef NF_DIGEST_H
#define NF_DIGEST_H

#include <stddef.h>
#include "model/model.h"

/*
 * Shortens n UTF-8 names to at most maxw code points each, keeping them
 * distinct (when they were): a prefix shared by every name (ending at a
 * space, at least 6 code points) is cut and returned in *prefix (malloc'd,
 * caller frees; NULL when none), then names still longer than maxw are cut
 * with "…" where the cut keeps whole the part of each name that tells it
 * apart from the others (what follows the longest start it shares with
 * another name, up to the longest end it shares): in the middle when that
 * part is near an end, else before and after it ("SELECT…(multiple…)");
 * when such a cut does not fit maxw, the width grows until it does. Returns a
 * malloc'd array of n malloc'd strings; free with digest_free(). Returns
 * the width actually used in *used (when not NULL).
 */
char **digest_short_names(const char *const *names, size_t n, size_t maxw, char **prefix,
			  size_t *used);
void digest_free(char **v, size_t n);

/* Display width of UTF-8 text: one column per code point. */
size_t digest_width(const char *s);

/*
 * A report's warnings (report.warnings, nwarnings of them; comparisons from
 * m) with repeats grouped: warnings of the form
 * "\"<workload>\" on <platform>: <rest>" (or "\"<workload>\": <rest>" on a
 * platform no input named) that share the platform and the rest become one
 * line naming the count and the first few workloads
 * ("darwin-arm64, 40 workloads (\"a\", \"b\", \"c\" and 37 more): <rest>");
 * the others are kept as they are, in the order first met. Returns a
 * malloc'd array of malloc'd strings (free with digest_free) and sets *n.
 */
char **digest_warnings(const struct model *m, char *const *warnings, size_t nwarnings, size_t *n);

/* The inputs of a report in a few words, for documents that cannot list
 * hundreds of paths: how many, the folder they share (with its final '/',
 * "" when none), and the first and last day of the rounds' timestamps ("" when
 * none). */
struct digest_inputs {
	size_t n;
	char *folder;               /* owned */
	char first[11], last[11];
};
void digest_inputs(const struct model *m, struct digest_inputs *in);
void digest_inputs_release(struct digest_inputs *in);

#endif
