/*
 * bisect_words.h - a bisect's result in words, from model.bisect (a
 * bisect's rounds file read back): the step it narrowed the change to, its
 * size and interval, what else changes across it, and the words of its step
 * chart. Lower case without a final period, as report.h's, unless said.
 */
#ifndef NF_BISECT_WORDS_H
#define NF_BISECT_WORDS_H

#include "lib/util.h"
#include "model/model.h"

/* "Narrowed to 21.7.3 → 22.0.0: in SELECT, 22.0.0 does 2.9× the ops/s of 21.7.3,
 * is better), 95% interval +48% to +190%, confirmed in 6 rounds; 6 versions
 * measured in 8 steps, 1 skipped" appended to b, with a
 * capital; or what the bisect ended with when it found no culprit ("Nothing
 * to bisect: ..."). Returns 0 (b unchanged) when m holds no bisect. */
int words_bisect_narrowed(struct buf *b, const struct model *m);

/* The culprit release's changelog (a bisect of Node.js releases, --node):
 * a URL, malloc'd; NULL otherwise. */
char *words_bisect_changelog(const struct model *m);

/* An issue's title for a bisect that found its culprit: "Performance
 * change narrowed to 21.7.3 → 22.0.0: in SELECT, 22.0.0 does 2.8× the ops/s
 * of 21.7.3 (best rounds)"; 0 (b unchanged) without a culprit. */
int words_bisect_title(struct buf *b, const struct model *m);

/* "NODE_MODULE_VERSION 120 → 127, V8 11.8.172.17-node.20 → 12.4.254.14-node.11"
 * for the n facts c. */
void words_meta_changes(struct buf *b, const struct meta_change *c, size_t n);

/* "What else changes across 21.7.3 → 22.0.0: ..." with a capital, for the
 * culprit step; 0 (b unchanged) when nothing else is known to change. */
int words_bisect_changes(struct buf *b, const struct model *m);

/* The step chart's words: its title, the value axis' title and a summary
 * of every point (the SVG's <desc>); malloc'd, caller frees. */
char *words_bisect_chart_title(const struct model *m);
char *words_bisect_chart_axis(const struct model *m);
char *words_bisect_chart_desc(const struct model *m);
/* The step chart's legend entries (static). */
enum bisect_legend { BISECT_AS_GOOD, BISECT_CHANGED, BISECT_INTERVAL, BISECT_CULPRIT };
const char *words_bisect_legend(enum bisect_legend k);

/* The version a step chart places each step's candidate at: its value
 * over its step's good end, the last step that measured it; NaN when no
 * step measured it against good. The good end is 1. */
double bisect_words_ratio(const struct model *m, const char *version, double *lo, double *hi);

#endif
