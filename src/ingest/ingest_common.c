/*
 * ingest_common.c - what every format reader shares: unit names and the
 * too-large message. Below ingest.c and the readers, so the readers never
 * call back into the dispatcher that calls them.
 */
#include "ingest/ingest.h"
#include "lib/fmt.h"
#include "lib/util.h"

#include <inttypes.h>
#include <string.h>
#include <strings.h>

static const struct {
	const char *alias, *unit;
	int better;
	enum unit_kind kind;
} units[] = {
	{ "ns", "ns", BETTER_LOWER, UNIT_TIME }, { "nanoseconds", "ns", BETTER_LOWER, UNIT_TIME },
	{ "us", "\xC2\xB5s", BETTER_LOWER, UNIT_TIME }, { "\xC2\xB5s", "\xC2\xB5s", BETTER_LOWER, UNIT_TIME },
	{ "\xCE\xBCs", "\xC2\xB5s", BETTER_LOWER, UNIT_TIME }, { "usec", "\xC2\xB5s", BETTER_LOWER, UNIT_TIME },
	{ "microseconds", "\xC2\xB5s", BETTER_LOWER, UNIT_TIME },
	{ "ms", "ms", BETTER_LOWER, UNIT_TIME }, { "msec", "ms", BETTER_LOWER, UNIT_TIME },
	{ "milliseconds", "ms", BETTER_LOWER, UNIT_TIME },
	{ "s", "s", BETTER_LOWER, UNIT_TIME }, { "sec", "s", BETTER_LOWER, UNIT_TIME },
	{ "seconds", "s", BETTER_LOWER, UNIT_TIME },
	{ "ops/s", "ops/s", BETTER_HIGHER, UNIT_RATE }, { "ops/sec", "ops/s", BETTER_HIGHER, UNIT_RATE },
	{ "op/s", "ops/s", BETTER_HIGHER, UNIT_RATE }, { "hz", "ops/s", BETTER_HIGHER, UNIT_RATE },
	{ "req/s", "req/s", BETTER_HIGHER, UNIT_RATE }, { "req/sec", "req/s", BETTER_HIGHER, UNIT_RATE },
	{ "requests/s", "req/s", BETTER_HIGHER, UNIT_RATE }, { "rps", "req/s", BETTER_HIGHER, UNIT_RATE },
	{ "mb/s", "MB/s", BETTER_HIGHER, UNIT_RATE }, { "bytes/s", "B/s", BETTER_HIGHER, UNIT_RATE },
	/* sizes: memory and data, lower is better unless the input says */
	{ "b", "B", BETTER_LOWER, UNIT_SIZE }, { "byte", "B", BETTER_LOWER, UNIT_SIZE },
	{ "bytes", "B", BETTER_LOWER, UNIT_SIZE },
	{ "kb", "KB", BETTER_LOWER, UNIT_SIZE }, { "kilobytes", "KB", BETTER_LOWER, UNIT_SIZE },
	{ "kib", "KiB", BETTER_LOWER, UNIT_SIZE },
	{ "mb", "MB", BETTER_LOWER, UNIT_SIZE }, { "megabytes", "MB", BETTER_LOWER, UNIT_SIZE },
	{ "mib", "MiB", BETTER_LOWER, UNIT_SIZE },
	{ "gb", "GB", BETTER_LOWER, UNIT_SIZE }, { "gigabytes", "GB", BETTER_LOWER, UNIT_SIZE },
	{ "gib", "GiB", BETTER_LOWER, UNIT_SIZE },
	{ "tb", "TB", BETTER_LOWER, UNIT_SIZE }, { "tib", "TiB", BETTER_LOWER, UNIT_SIZE },
};

/* A rate: "/s" or "/sec" at the end ("items/s", "MB/sec"). */
static int is_rate(const char *unit)
{
	size_t n = strlen(unit);
	return (n > 2 && strcmp(unit + n - 2, "/s") == 0) || (n > 4 && strcmp(unit + n - 4, "/sec") == 0);
}

const char *ingest_unit(struct model *m, const char *unit, int *better)
{
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (strcasecmp(units[i].alias, unit) == 0) {
			*better = units[i].better;
			return model_intern(m, units[i].unit);
		}
	}
	/* any other rate ("items/s", "MB/sec") is better when higher */
	*better = is_rate(unit) ? BETTER_HIGHER : BETTER_LOWER;
	return model_intern(m, unit);
}

enum unit_kind ingest_unit_kind(const char *unit)
{
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++)
		if (strcmp(units[i].unit, unit) == 0)
			return units[i].kind;
	return is_rate(unit) ? UNIT_RATE : UNIT_OTHER;
}

/* "256 MiB", "4.0 GiB": a size for messages. */
static void size_str(struct buf *b, uint64_t n)
{
	if (n >= (uint64_t)1 << 30) {
		fmt_fixed(b, (double)n / (1 << 30), 1);
		buf_puts(b, " GiB");
	} else if (n >= 1 << 20) {
		buf_printf(b, "%" PRIu64 " MiB", n >> 20);
	} else {
		buf_printf(b, "%" PRIu64 " bytes", n);
	}
}

int ingest_too_large(const struct ingest_input *in, uint64_t size, int exact,
		     struct nf_error *err)
{
	struct buf a = BUF_INIT, b = BUF_INIT;
	if (exact) {
		size_str(&a, size);
		buf_puts(&a, " is ");
	}
	size_str(&b, INGEST_MAX_DOCUMENT);
	nf_error_set(err, NF_DATAERR, "cannot read '%s': %slarger than %s, the limit for a file "
		     "read whole (NDJSON is read line by line and may be longer)", in->path,
		     a.len ? a.s : "", b.s);
	buf_release(&a);
	buf_release(&b);
	return NF_DATAERR;
}
