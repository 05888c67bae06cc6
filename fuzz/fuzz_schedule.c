/*
 * fuzz_schedule.c - a release schedule (`--schedule FILE`): loading it, the
 * status of every line on a date, the recommendation and version lookups.
 */
#include "analysis/windows.h"
#include "ingest/schedule.h"
#include "fuzz.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct schedule s;
	struct nf_error err;
	memset(&s, 0, sizeof s);
	if (schedule_load(&s, fuzz_file(data, size), &err) == 0) {
		windows_apply_date(&s, "2026-11-29");
		windows_recommend(&s);
		windows_find(&s, "24.11.1");
		windows_find(&s, "v26");
		windows_find(&s, "99999999999999999999.1");
	}
	schedule_release(&s);
	return 0;
}
