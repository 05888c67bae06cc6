/*
 * chart_time.h - a history against time: every round of one comparison at
 * its date, coloured by release line, the first day of each release
 * marked, the bad days of the machine shaded, the extreme rounds labelled
 * with their date and exact release. Built straight into a scene (its x
 * axis is continuous time, which the category layout of chart.c does not
 * have); drawn by the same backends.
 */
#ifndef NF_CHART_TIME_H
#define NF_CHART_TIME_H

#include "render/chart/chart.h"

/* Lays out the time chart of comparison c (timeline_dated(c) must hold)
 * into sc (filled; release with chart_scene_release). */
void chart_time_scene(const struct model *m, const struct comparison *c,
		      const struct chart_style *st, const struct chart_fonts *f,
		      struct chart_scene *sc);

#endif
