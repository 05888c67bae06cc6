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
} units[] = {
	{ "ns", "ns", BETTER_LOWER }, { "nanoseconds", "ns", BETTER_LOWER },
	{ "us", "\xC2\xB5s", BETTER_LOWER }, { "\xC2\xB5s", "\xC2\xB5s", BETTER_LOWER },
	{ "\xCE\xBCs", "\xC2\xB5s", BETTER_LOWER }, { "usec", "\xC2\xB5s", BETTER_LOWER },
	{ "microseconds", "\xC2\xB5s", BETTER_LOWER },
	{ "ms", "ms", BETTER_LOWER }, { "msec", "ms", BETTER_LOWER },
	{ "milliseconds", "ms", BETTER_LOWER },
	{ "s", "s", BETTER_LOWER }, { "sec", "s", BETTER_LOWER }, { "seconds", "s", BETTER_LOWER },
	{ "ops/s", "ops/s", BETTER_HIGHER }, { "ops/sec", "ops/s", BETTER_HIGHER },
	{ "op/s", "ops/s", BETTER_HIGHER }, { "hz", "ops/s", BETTER_HIGHER },
	{ "req/s", "req/s", BETTER_HIGHER }, { "req/sec", "req/s", BETTER_HIGHER },
	{ "requests/s", "req/s", BETTER_HIGHER }, { "rps", "req/s", BETTER_HIGHER },
	{ "mb/s", "MB/s", BETTER_HIGHER }, { "bytes/s", "B/s", BETTER_HIGHER },
};

const char *ingest_unit(struct model *m, const char *unit, int *better)
{
	size_t n = strlen(unit);
	for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
		if (strcasecmp(units[i].alias, unit) == 0) {
			*better = units[i].better;
			return model_intern(m, units[i].unit);
		}
	}
	/* any other rate ("items/s", "MB/sec") is better when higher */
	*better = (n > 2 && strcmp(unit + n - 2, "/s") == 0) ||
		  (n > 4 && strcmp(unit + n - 4, "/sec") == 0) ? BETTER_HIGHER : BETTER_LOWER;
	return model_intern(m, unit);
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
