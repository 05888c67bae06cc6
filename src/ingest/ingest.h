/*
 * ingest.h - turning input files into the model.
 *
 * ingest.c reads a file (or stdin), detects its format and hands it to the
 * reader for that format (formats/rounds.c for noisefloor's own rounds format;
 * one formats/<runner>.c per runner format). Adding a runner format means one
 * new file and one line in the table in ingest.c. After all inputs are read,
 * ingest_finish() assigns implicit round numbers and checks the merged set.
 */
#ifndef NF_INGEST_H
#define NF_INGEST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "lib/error.h"
#include "model/model.h"

/* Limits on input, the same for every format (doc/limits.md, "Limits";
 * past one, a clear error with status NF_DATAERR. */
#define INGEST_MAX_DOCUMENT ((size_t)256 << 20) /* bytes in an input read whole */
#define INGEST_MAX_LINE ((size_t)16 << 20)      /* bytes in one line of NDJSON */
#define INGEST_MAX_NAME 1024                    /* bytes in a name or a text field */
/* The environment key under which `noisefloor run` records its noise
 * checks ("passed", or what failed), which the analysis reads. */
#define INGEST_ENV_NOISE_CHECKS "noise checks"
#define INGEST_MAX_ROUNDS 100000                /* round number of one version */
#define INGEST_MAX_PASSES 100000                /* passes in one round */

/* What one input brings: a name for messages and an optional version label
 * given on the command line as label=path. */
struct ingest_input {
	const char *path;  /* "-" for stdin */
	const char *label; /* NULL unless given as label=path */
};

/* A reader for one format. `probe` looks at the start of the text and says
 * whether the format is likely theirs (0 no, 1 maybe, 2 certain); `read`
 * adds the file's results to the model or fills err (status NF_DATAERR with
 * "cannot read 'FILE': ..."). The text is NUL-terminated and owned by the
 * caller. */
struct ingest_format {
	const char *name; /* "noisefloor rounds", "hyperfine", ... */
	int (*probe)(const char *text, size_t len);
	int (*read)(struct model *m, const struct ingest_input *in,
		    const char *text, size_t len, struct nf_error *err);
};

/* The words of the error of an input in no known format ("cannot read
 * 'FILE': " INGEST_UNKNOWN_FORMAT " (tried ...)"), for a caller that adds
 * what to do about it. */
#define INGEST_UNKNOWN_FORMAT "not in any known format"

/* Reads one input into the model. NDJSON in the rounds format is streamed line
 * by line; other formats are read whole and freed as soon as their values are
 * copied. Returns NF_OK or an error status with err filled. */
int ingest_file(struct model *m, const struct ingest_input *in, struct nf_error *err);

/* Adds an input's name to model.sources as it begins to be read, and notes
 * what the environment was then: the machine an input's rounds ran on is
 * what its own environment says (ingest_file and the jq mapping call it). */
void ingest_add_source(struct model *m, const char *path);

/* After the last input: assigns round numbers to results that had none (each
 * input document is one round of each version it contains), leaves out a
 * round that repeats another document's exactly (a warning names both
 * places), rejects a round given twice within a document and empty input,
 * and finds the machines of each platform (model.machines; a warning when
 * they differ). */
int ingest_finish(struct model *m, struct nf_error *err);

/* Rounds format (formats/rounds.c). */
extern const struct ingest_format ingest_format_rounds;
/* Other runners' output (formats/<runner>.c), rules in doc/inputs.md. */
extern const struct ingest_format ingest_format_hyperfine, ingest_format_gbench,
	ingest_format_mitata, ingest_format_tinybench, ingest_format_benchmarkjs,
	ingest_format_autocannon, ingest_format_comparejs, ingest_format_pyperf;
/* Streams rounds-format NDJSON: `first` is the first line, already read
 * from f; the rest is read line by line. Used by ingest_file. */
int ingest_rounds_ndjson_stream(struct model *m, const struct ingest_input *in,
				const char *first, size_t first_len, FILE *f,
				struct nf_error *err);

/* One line of rounds-format NDJSON as the stream reads it (line[n] must be
 * NUL): with `fast` (the state the fast reader and the result builder keep
 * from one line of a stream to the next, from ingest_ndjson_fast_new), a
 * plain result line is read by the fast reader without a cJSON tree, and
 * *took_fast (may be NULL) says whether it was; with NULL, always through
 * cJSON. Both give the
 * same model or the same error; for the differential test
 * (fuzz/fuzz_ndjson_diff.c). */
struct ingest_ndjson_fast;
struct ingest_ndjson_fast *ingest_ndjson_fast_new(void); /* ingest_ndjson_fast_free frees */
void ingest_ndjson_fast_free(struct ingest_ndjson_fast *fast);
int ingest_rounds_ndjson_line(struct model *m, const struct ingest_input *in, const char *line,
			      size_t n, size_t lineno, struct ingest_ndjson_fast *fast, int *took_fast,
			      struct nf_error *err);

/* One rounds-format JSON document read whole (text[len] must be NUL): with
 * `fast`, a plain document has its results read by the fast reader (its
 * document fields each parsed on its own), without a tree of the whole, and
 * *took_fast (may be NULL) says whether it was; without, always through
 * cJSON. Both give the same model or the same error; the format's reader
 * calls it with `fast`, the differential test (fuzz/fuzz_doc_diff.c) both
 * ways. */
int ingest_rounds_document(struct model *m, const struct ingest_input *in, const char *text,
			   size_t len, int fast, int *took_fast, struct nf_error *err);

/* A rounds-format JSON document that names its format ("format":
 * "noisefloor.rounds/1") and is plain enough for the fast way of
 * ingest_rounds_document, read into the model: returns 1. Returns 0 with the
 * model untouched for any other text (text[len] must be NUL). Such a document
 * is certainly this format and nests only a few levels, so ingest.c tries it
 * before the nesting scan and the format probes. */
int ingest_rounds_plain(struct model *m, const struct ingest_input *in, const char *text,
			size_t len);

/* Adds a rounds-format value from a parsed tree: a whole rounds document, or
 * one result object. `where` names the place for messages (a result index, or
 * a line when where_is_line). Counts as one input document when `new_doc`.
 * For adapters (jq mappings) that produce rounds-format JSON. */
struct cJSON;
int ingest_rounds_value(struct model *m, const struct ingest_input *in,
			const struct cJSON *v, size_t where, int where_is_line,
			int new_doc, struct nf_error *err);

/* Helpers for format readers (ingest_common.c) ----------------------------- */

/* Normalises a unit ("msec" -> "ms", "us"/"μs" -> "µs", "ops/sec" -> "ops/s",
 * "mb" / "megabytes" -> "MB", "bytes" -> "B")
 * and says which direction is better for it: BETTER_HIGHER for rates. Returns
 * the interned unit. Unknown units are kept as given (lower is better). */
const char *ingest_unit(struct model *m, const char *unit, int *better);

/* What a unit as ingest_unit returns it measures: a time, a rate (any
 * "/s"), a size ("MB", "KiB", "B") or something else. */
enum unit_kind ingest_unit_kind(const char *unit);

/* Fills err for an input over INGEST_MAX_DOCUMENT ("5.0 GiB is larger than
 * 256 MiB, the limit ..."; the size is shown when exact) and returns
 * NF_DATAERR. */
int ingest_too_large(const struct ingest_input *in, uint64_t size, int exact,
		     struct nf_error *err);

#endif
