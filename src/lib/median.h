/*
 * median.h - the median of doubles and the sort under it (median.c).
 */
#ifndef NF_MEDIAN_H
#define NF_MEDIAN_H

#include <stddef.h>

/* Sorts v[0..n) ascending (finite values; -0 and +0 are one value, in no
 * set order between them) in O(n): buckets by value or by key, and a radix
 * sort for a crowded one, much faster than qsort for
 * the thousands of rounds a side of long histories; an array already sorted
 * is only checked. The tests of analysis/stats.c sort copies of their
 * inputs, so passing them sorted saves that work. */
void sort_doubles(double *v, size_t n);

/* Median of v[0..n) (n >= 1); v is not modified. */
double median_of(const double *v, size_t n);
/* The same of values already sorted ascending (n >= 1). */
double median_sorted(const double *sorted, size_t n);
/* The midpoint of two values, finite for finite ones. */
double midpoint(double a, double b);

#endif
