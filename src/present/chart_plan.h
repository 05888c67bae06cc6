/*
 * chart_plan.h - the rules of the chart plan, which the plan (report.c's
 * build_charts) and the chart specs (render/chart/chart.c) both read, and
 * the charts' file names: which charts a comparison gets, and under which
 * stem each is written (charts/<stem>.svg and .png).
 */
#ifndef NF_PRESENT_CHART_PLAN_H
#define NF_PRESENT_CHART_PLAN_H

#include "model/model.h"

/* 1 when the model compares more than one platform. */
int report_several_platforms(const struct model *m);
/* 1 when c is a long version series that gets a series chart. */
int report_chart_series(const struct comparison *c);
/* Charts of their own for at most this many comparisons (the first, in
 * report order); the rest are in the tables, analysis.json and the
 * workbook, and the overview. */
#define REPORT_MAX_WORKLOAD_CHARTS 200

/* Past this many bars the overview is one row per workload: a dot per
 * version on a shared axis (report_overview_rows). */
#define REPORT_OVERVIEW_MAX_BARS 48
int report_overview_rows(const struct model *m);

/* 1 when c is a bar group of the overview: it has a baseline and is not a
 * long series (which has a series chart of its own). */
int report_in_overview(const struct comparison *c);
/* 1 when the overview has something to draw. */
int report_has_overview(const struct model *m);

/*
 * File stems for the charts of a model, unique and ASCII: one per comparison
 * from the workload (plus the platform when several are compared), never
 * "overview"; the series chart of comparison i is stems[i] + "-series".
 * Returns a malloc'd array of m->ncomparisons malloc'd strings; caller frees
 * each and the array. Documents use the report's plan (report.h) instead.
 */
char **report_chart_stems(const struct model *m);

#endif
