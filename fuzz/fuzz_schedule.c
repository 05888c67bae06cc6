/*
 * fuzz_schedule.c - a release schedule (`--schedule FILE`): loading it, the
 * status of every line on a date, the recommendation and version lookups.
 */
#include "fuzz.h"
#include "windows.h"

#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct schedule s;
	struct nf_error err;
	memset(&s, 0, sizeof s);
	if (schedule_load(&s, fuzz_file(data, size), &err) == 0) {
		schedule_apply_date(&s, "2026-11-29");
		schedule_recommend(&s);
		schedule_find(&s, "24.11.1");
		schedule_find(&s, "v26");
		schedule_find(&s, "99999999999999999999.1");
	}
	schedule_release(&s);
	return 0;
}
