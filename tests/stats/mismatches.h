/*
 * mismatches.h - the count of mismatches and the report line of one check,
 * for the stats unit programs that compare against a reference (kth-test,
 * brute-test). Each program is one file: the state is its own.
 */
#ifndef NF_TEST_MISMATCHES_H
#define NF_TEST_MISMATCHES_H

#include <stdio.h>

static int bad;           /* mismatches since the last report */
static char detail[400];  /* the first of them */

/* "pass<TAB>name" or "fail<TAB>name<TAB>detail", then a new count. */
static void report(const char *name)
{
	if (bad)
		printf("fail\t%s\t%d mismatches; first: %s\n", name, bad, detail);
	else
		printf("pass\t%s\n", name);
	bad = 0;
}

#endif
