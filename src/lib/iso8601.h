/*
 * iso8601.h - the one reading of ISO 8601 dates and times in noisefloor.
 *
 * Every timestamp of an input is read here at ingest (valid, or refused
 * with its place), and read again the same way by whatever needs its time
 * afterwards (timeline, evidence, charts); dates of a release schedule and
 * --as-of are its date-only form.
 */
#ifndef NF_ISO8601_H
#define NF_ISO8601_H

#include <stddef.h>

/* Reads s[0..n) (no NUL needed) as "YYYY-MM-DD", optionally followed by
 * "T" (or one space) and "HH:MM", then optionally ":SS" and a fraction
 * ".f" of one or more digits, then optionally "Z" or an offset "+HH:MM" /
 * "+HHMM" (none means UTC). Every field is in its range (a day that the
 * month has, hours 0-23, minutes 0-59, seconds 0-60). Returns 1 and sets
 * *seconds (since 1970-01-01T00:00Z; may be NULL), or 0 when s is anything
 * else (*seconds untouched). */
int iso8601_read(const char *s, size_t n, double *seconds);

/* iso8601_read of the NUL-terminated s. */
int iso8601_seconds(const char *s, double *seconds);

/* 1 when s is exactly a calendar date "YYYY-MM-DD" that iso8601_read
 * accepts. */
int iso8601_date(const char *s);

/* Writes the UTC calendar day "YYYY-MM-DD" of the timestamp s (which
 * iso8601_read accepts) into day[11]: 2026-03-01T20:00:00-05:00 is
 * 2026-03-02. Returns 1, or 0 (day empty) when s is NULL or not a
 * timestamp. Every output that prints the day of a round asks here. */
int iso8601_utc_day(const char *s, char day[11]);

#endif
