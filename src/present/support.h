/*
 * support.h - what a release line's support status means to a reader: who
 * should pick a line in it. The status itself is the schedule's name for the
 * phase (windows.c sets it); the support tables of every document and of
 * `noisefloor windows --json` show this beside it.
 */
#ifndef NF_SUPPORT_H
#define NF_SUPPORT_H

/* Who should pick a line in `status` ("Active LTS" -> "production: supported
 * longest, ..."), lower case without a final period; "" for NULL or a
 * status windows.c does not set. A static string. */
const char *support_pick_when(const char *status);

#endif
