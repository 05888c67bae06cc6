/*
 * json_input.h - parsing JSON input the way noisefloor reads every input.
 *
 * cJSON is lenient where a report must not be: it cuts a string at "\u0000",
 * keeps both values of a duplicated key (the first wins silently) and reports
 * its nesting limit like a syntax error. These checks close those gaps for
 * the rounds reader, the runner-format readers and the schedule loader.
 */
#ifndef NF_JSON_INPUT_H
#define NF_JSON_INPUT_H

#include <stddef.h>
#include "lib/util.h"

#define JSON_MAX_DEPTH 1000 /* nesting, as cJSON allows */

struct cJSON;

/* Parses text[0..len) (text[len] must be NUL) as one JSON value. Refuses NUL
 * bytes, "\u0000" escapes, nesting deeper than JSON_MAX_DEPTH and numbers
 * out of JSON's syntax that cJSON takes ("01", "5.", "1.e5"). On failure
 * returns NULL and appends "line L, column C: <why>" to why, lines counted
 * from first_line (1 for a whole file, the line number for an NDJSON line).
 * Duplicate keys are not checked here: see json_duplicate_key. Caller frees
 * the tree with cJSON_Delete. */
struct cJSON *json_input_parse(const char *text, size_t len, size_t first_line, struct buf *why);

/* Offset of the bracket that opens nesting level JSON_MAX_DEPTH + 1 in a
 * JSON text (strings skipped), or -1 when it nests no deeper than that. */
long json_too_deep_at(const char *text, size_t len);

/* Offset of the first number in a JSON text (strings skipped) that is not
 * in strict JSON syntax, -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?,
 * or -1 when there is none. */
long json_bad_number_at(const char *text, size_t len);

/* Between json_scan_begin(text, len) and json_scan_end(), the nesting,
 * "\u0000" and number checks of json_too_deep_at and json_input_parse on that text
 * are one pass, made once: ingest.c checks the nesting of a file read whole
 * before the formats' probes, and its reader then parses the same text. The
 * text must not change in between. */
void json_scan_begin(const char *text, size_t len);
void json_scan_end(void);

/* The first key that appears twice in one object anywhere in v, except below
 * `skip` (NULL: everywhere), or NULL. Large objects are sorted, not compared
 * pairwise. */
const char *json_duplicate_key(const struct cJSON *v, const struct cJSON *skip);

/* Turns a byte offset in text into a 1-based line and column (columns
 * count code points). */
void json_line_col(const char *text, size_t off, size_t *line, size_t *col);

#endif
