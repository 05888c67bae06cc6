/*
 * support.c - the words for a release line's support status (support.h):
 * one row per status windows.c sets, so a status added there gets its
 * sentence here.
 */
#include "present/support.h"

#include <string.h>

const char *support_pick_when(const char *status)
{
	static const struct {
		const char *status, *text;
	} rows[] = {
		{ "Active LTS", "production: supported longest, with fixes and backported features" },
		{ "LTS", "production: supported for the whole LTS window" },
		{ "Maintenance LTS", "production that must stay put: critical and security fixes only; plan the move" },
		{ "Current", "trying new features and testing ahead; not for production until it enters LTS" },
		{ "Maintenance", "not for production: a short-lived line near its end" },
		{ "Alpha", "testing your code against the next line early; never production" },
		{ "Planned", "not released yet" },
		{ "End-of-life", "never: no security fixes any more; move off it" },
	};
	for (size_t i = 0; status && i < sizeof rows / sizeof rows[0]; i++)
		if (strcmp(rows[i].status, status) == 0)
			return rows[i].text;
	return "";
}
