/*
 * chart_time.c - the chart of a history against time (see chart_time.h).
 *
 * Layout, top to bottom: title and subtitle (which names any bad day of
 * the machine), the legend (release lines, first day of a release, bad
 * day), the plot (value axis on the left, dates below: months, or weeks
 * and days for short histories), a note. Text sizes and colours are those
 * of the other charts.
 */
#include "render/chart/chart_time.h"
#include "analysis/timeline.h"
#include "lib/iso8601.h"
#include "lib/util.h"
#include "present/chart_words.h"
#include "present/verdict_words.h"
#include "render/render.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TITLE 1.38
#define BODY 1.0
#define SMALL 0.85

static void rect(struct chart_scene *sc, double x, double y, double w, double h, uint32_t fill)
{
	struct chart_prim *p = chart_prim_add(sc, PRIM_RECT);
	p->x = x, p->y = y, p->w = w, p->h = h;
	p->fill = fill;
}

/* Wrapped text from *y down at x = left; returns nothing, advances *y. */
static void block(struct chart_scene *sc, const struct chart_fonts *f, double left, double width,
		  double *y, const char *s, double size, int bold, uint32_t color)
{
	char **lines;
	double lh = size * 1.3;
	size_t n = chart_wrap(f, bold, size, s, width, 0, &lines);
	for (size_t i = 0; i < n; i++) {
		chart_add_text(sc, f, left, *y + lh / 2 + chart_cap_height(f, bold) * size / 2, lines[i], size,
		     bold, color, ANCHOR_START, 0);
		*y += lh;
	}
	chart_lines_free(lines, n);
}

/* Civil date of a day number (H. Hinnant's civil_from_days). */
static void civil(long z, int *y, int *m, int *d)
{
	z += 719468;
	long era = (z >= 0 ? z : z - 146096) / 146097;
	long doe = z - era * 146097;
	long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	long mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = (int)(yoe + era * 400 + (*m <= 2));
}

static long days_of(int y, int m, int d)
{
	y -= m <= 2;
	long era = (y >= 0 ? y : y - 399) / 400;
	long yoe = y - era * 400;
	long doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static const char *month_name[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
				     "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

/* The colour index of version k's release line among c's lines. */
static size_t line_slot(const struct comparison *c, size_t k)
{
	size_t slot = 0;
	for (size_t j = 0; j < c->nversions; j++) {
		const char *lj = c->versions[j].line ? c->versions[j].line : "";
		size_t i;
		for (i = 0; i < j; i++)
			if (strcmp(c->versions[i].line ? c->versions[i].line : "", lj) == 0)
				break;
		if (i < j)
			continue; /* a line met before */
		if (strcmp(lj, c->versions[k].line ? c->versions[k].line : "") == 0)
			return slot;
		slot++;
	}
	return slot;
}

static double nice(double x)
{
	double e = pow(10, floor(log10(x))), f = x / e;
	return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * e;
}

/* "2025-11-27 · 24.11.1" for a round ("round 3 · 24.11.1" in one sitting). */
static void round_label(struct buf *b, const struct result *r, const char *version, int sitting)
{
	char day[11];
	if (!sitting)
		iso8601_utc_day(result_timestamp(r), day);
	chart_words_round_label(b, r->round, sitting ? NULL : day, version);
}

/* The time span of round `round` of c, in days: 1, or 0 when none ran. */
static int round_span(const struct comparison *c, int round, double *lo, double *hi)
{
	int any = 0;
	for (size_t k = 0; k < c->nversions; k++)
		for (size_t r = 0; r < c->versions[k].nrounds; r++) {
			double t;
			if (c->versions[k].rounds[r].round != round || !timeline_day(&c->versions[k].rounds[r], &t))
				continue;
			*lo = any ? fmin(*lo, t) : t;
			*hi = any ? fmax(*hi, t) : t;
			any = 1;
		}
	return any;
}

void chart_time_scene(const struct model *m, const struct comparison *c,
		      const struct chart_style *st, const struct chart_fonts *f,
		      struct chart_scene *sc)
{
	double W = st->width, F = st->font, M = F * 1.25, y;
	double t0 = INFINITY, t1 = -INFINITY, v0 = INFINITY, v1 = -INFINITY;
	size_t lo_k = 0, lo_r = 0, hi_k = 0, hi_r = 0;
	struct buf b = BUF_INIT, d = BUF_INIT;
	/* one sitting with slow rounds of the machine: time of day, the slow
	 * rounds shaded as bad days are */
	int sitting = timeline_sitting(c);

	memset(sc, 0, sizeof *sc);
	sc->width = W;
	if (st->background)
		rect(sc, 0, 0, W, 0, CHART_WHITE);
	for (size_t k = 0; k < c->nversions; k++)
		for (size_t r = 0; r < c->versions[k].nrounds; r++) {
			double t, v = c->versions[k].values[r];
			if (!timeline_day(&c->versions[k].rounds[r], &t))
				continue;
			t0 = fmin(t0, t);
			t1 = fmax(t1, t);
			if (v < v0)
				v0 = v, lo_k = k, lo_r = r;
			if (v > v1)
				v1 = v, hi_k = k, hi_r = r;
		}
	/* the worse and the better extreme, in the metric's sense */
	size_t bad_k = c->better == BETTER_HIGHER ? lo_k : hi_k, bad_r = c->better == BETTER_HIGHER ? lo_r : hi_r;
	size_t good_k = c->better == BETTER_HIGHER ? hi_k : lo_k, good_r = c->better == BETTER_HIGHER ? hi_r : lo_r;
	const struct result *worst = &c->versions[bad_k].rounds[bad_r];
	const struct result *bestr = &c->versions[good_k].rounds[good_r];
	const struct bad_day *worst_day = sitting ? NULL : timeline_bad_day(m, c->platform, result_timestamp(worst));

	/* header */
	y = M;
	chart_words_time_title(&b, c->workload);
	sc->title = xstrdup(b.s);
	block(sc, f, M, W - 2 * M, &y, b.s, F * TITLE, 1, CHART_INK);
	buf_reset(&b);
	chart_words_time_head(&b, c->platform, sitting);
	if (sitting) {
		chart_words_time_slow(&b, c);
	} else if (worst_day) {
		struct buf l = BUF_INIT;
		round_label(&l, worst, c->versions[bad_k].version, 0);
		chart_words_time_bad_day(&b, l.s, worst_day);
		buf_release(&l);
	} else {
		buf_puts(&b, chart_word(CW_CONFOUNDED));
	}
	y += F * 0.15;
	block(sc, f, M, W - 2 * M, &y, b.s, F * BODY, 0, CHART_MUTED);
	y += F * 0.6;

	/* legend: one swatch per release line, then the two rules */
	{
		double x = M, rowh = F * 1.55, cy = y + rowh / 2, s = F * 0.8;
		size_t nslots = 0;
		for (size_t k = 0; k < c->nversions; k++)
			if (line_slot(c, k) + 1 > nslots)
				nslots = line_slot(c, k) + 1;
		for (size_t slot = 0; slot <= nslots + 1; slot++) {
			const char *label = NULL;
			int kind = 0;
			if (slot < nslots) {
				for (size_t k = 0; k < c->nversions && !label; k++)
					if (line_slot(c, k) == slot)
						label = c->versions[k].line ? c->versions[k].line : chart_word(CW_NO_LINE);
			} else if (slot == nslots) {
				if (sitting)
					continue; /* no release starts within a sitting */
				label = chart_word(CW_FIRST_DAY), kind = 1;
			} else {
				if (!m->nbad_days && !sitting)
					break;
				label = chart_word(sitting ? CW_SLOW_ROUND : CW_BAD_DAY), kind = 2;
			}
			double w = s + F * 0.4 + chart_text_width(f, 0, F * BODY, label);
			if (x > M && x + w > W - M) {
				x = M;
				cy += rowh;
			}
			if (kind == 0)
				chart_add_circle(sc, x + s / 2, cy, F * 0.3, chart_tint(chart_palette(slot), 0.3),
				       chart_palette(slot), F * 0.08);
			else if (kind == 1)
				chart_add_line(sc, x + s / 2, cy - s / 2, x + s / 2, cy + s / 2, CHART_AXIS, F * 0.08,
				     DASH_DASHED);
			else
				rect(sc, x, cy - s / 2, s, s, CHART_NOISE);
			chart_add_text(sc, f, x + s + F * 0.4, cy + chart_cap_height(f, 0) * F * BODY / 2, label,
			     F * BODY, 0, CHART_INK, ANCHOR_START, 0);
			x += w + F * 1.5;
		}
		y = cy + rowh / 2 + F * 0.6;
	}

	/* value axis: nice ticks around the rounds */
	double span = v1 - v0 > 0 ? v1 - v0 : fabs(v1) * 0.1 + 1e-12;
	double step = nice(span / 5), a0 = floor(v0 / step) * step, a1 = ceil(v1 / step) * step;
	if (a0 == a1)
		a1 = a0 + step;
	struct buf tl = BUF_INIT;
	double labw = 0;
	for (double v = a0; v <= a1 + step / 2; v += step) {
		buf_reset(&tl);
		fmt_value(&tl, v);
		labw = fmax(labw, chart_text_width(f, 0, F * SMALL, tl.s));
	}
	double left = M + F * 1.6 + labw + F * 0.5, right = W - M, top = y + F * 0.5;
	double bottom = top + F * 24;
	double d0 = floor(t0), d1 = floor(t1) + 1;
	if (sitting) {
		/* the sitting itself, a little room either side */
		double pad = fmax((t1 - t0) * 0.03, 30 / 86400.0);
		d0 = t0 - pad, d1 = t1 + pad;
	}
#define XP(t) (left + ((t) - d0) / (d1 - d0) * (right - left))
#define YP(v) (bottom - ((v) - a0) / (a1 - a0) * (bottom - top))

	/* slow rounds of the machine in a sitting: each round's span, widened
	 * by a quarter of a typical round either side */
	for (size_t i = 0; sitting && i < c->nslow_rounds; i++) {
		double lo, hi, w = (t1 - t0) / (double)(c->versions[0].nrounds > 1 ? c->versions[0].nrounds - 1 : 1);
		if (!round_span(c, c->slow_rounds[i], &lo, &hi))
			continue;
		double xa = XP(lo - w / 4), xb = XP(hi + w / 4);
		if (xb - xa < F * 0.5)
			xa -= (F * 0.5 - (xb - xa)) / 2, xb = xa + F * 0.5;
		rect(sc, xa, top, xb - xa, bottom - top, CHART_NOISE);
	}
	/* bad days of this platform inside the range, shaded */
	for (size_t i = 0; !sitting && i < m->nbad_days; i++) {
		const struct bad_day *bd = &m->bad_days[i];
		double s;
		if (strcmp(bd->platform, c->platform) != 0 || !iso8601_seconds(bd->date, &s))
			continue;
		s /= 86400;
		if (s + 1 < d0 || s > d1)
			continue;
		double xa = XP(s), xb = XP(s + 1);
		if (xb - xa < F * 0.5)
			xa -= (F * 0.5 - (xb - xa)) / 2, xb = xa + F * 0.5;
		rect(sc, xa, top, xb - xa, bottom - top, CHART_NOISE);
	}
	/* grid and value labels */
	for (double v = a0; v <= a1 + step / 2; v += step) {
		double p = YP(v);
		chart_add_line(sc, left, p, right, p, CHART_GRID, F * 0.07, DASH_NONE);
		buf_reset(&tl);
		fmt_value(&tl, v);
		chart_add_text(sc, f, left - F * 0.4, p + chart_cap_height(f, 0) * F * SMALL / 2, tl.s, F * SMALL, 0,
		     CHART_MUTED, ANCHOR_END, 0);
	}
	buf_reset(&tl);
	chart_words_value_title(&tl, c->unit, (enum better)c->better, 0);
	chart_add_text(sc, f, M + F * 0.95, (top + bottom) / 2, tl.s, F * SMALL, 0, CHART_INK, ANCHOR_MIDDLE, 90);
	chart_add_line(sc, left, bottom, right, bottom, CHART_AXIS, F * 0.08, DASH_NONE);

	/* times of day below a sitting: a nice step of minutes */
	if (sitting) {
		static const int steps[] = { 1, 2, 5, 10, 15, 30, 60, 120, 240, 360 };
		double minutes = (d1 - d0) * 1440, lastx = -1e9;
		int every = 720;
		for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
			if (minutes / steps[i] <= 8) {
				every = steps[i];
				break;
			}
		for (double t = ceil(d0 * 1440 / every) * every; t <= d1 * 1440; t += every) {
			double x = XP(t / 1440);
			long mins = ((long)t % 1440 + 1440) % 1440;
			buf_reset(&tl);
			buf_printf(&tl, "%02ld:%02ld", mins / 60, mins % 60);
			chart_add_line(sc, x, bottom, x, bottom + F * 0.3, CHART_AXIS, F * 0.08, DASH_NONE);
			if (x - lastx > chart_text_width(f, 0, F * SMALL, tl.s) + F * 0.5) {
				chart_add_text(sc, f, x, bottom + F * 1.3, tl.s, F * SMALL, 0, CHART_MUTED, ANCHOR_MIDDLE, 0);
				lastx = x;
			}
		}
	}
	/* dates below: months for long histories, else weeks or days */
	if (!sitting) {
		int yy, mm, dd;
		double days = d1 - d0;
		civil((long)d0, &yy, &mm, &dd);
		long t = days > 62 ? days_of(yy, mm, 1) : (long)d0;
		long every = days > 62 ? 0 : days > 14 ? 7 : 1;
		double lastx = -1e9;
		while (t <= (long)d1) {
			civil(t, &yy, &mm, &dd);
			if (t >= (long)d0) {
				double x = XP((double)t);
				buf_reset(&tl);
				if (every)
					buf_printf(&tl, "%s %d", month_name[mm - 1], dd);
				else if (mm == 1 || x - lastx > 1e8)
					buf_printf(&tl, "%s %d", month_name[mm - 1], yy);
				else
					buf_puts(&tl, month_name[mm - 1]);
				chart_add_line(sc, x, bottom, x, bottom + F * 0.3, CHART_AXIS, F * 0.08, DASH_NONE);
				if (x - lastx > chart_text_width(f, 0, F * SMALL, tl.s) + F * 0.5) {
					chart_add_text(sc, f, x, bottom + F * 1.3, tl.s, F * SMALL, 0, CHART_MUTED,
					     ANCHOR_MIDDLE, 0);
					lastx = x;
				}
			}
			if (every)
				t += every;
			else
				t = mm == 12 ? days_of(yy + 1, 1, 1) : days_of(yy, mm + 1, 1);
		}
	}

	/* the first day of each release: a dashed rule in its line's colour,
	 * labelled where the label has room (releases already running when
	 * the history starts have no first day in it) */
	{
		double lastx = -1e9;
		for (size_t k = 0; k < c->nversions; k++) {
			const struct version_stats *v = &c->versions[k];
			double first = INFINITY, t;
			for (size_t r = 0; r < v->nrounds; r++)
				if (timeline_day(&v->rounds[r], &t))
					first = fmin(first, floor(t));
			if (!isfinite(first) || first <= d0)
				continue;
			double x = XP(first), size = F * SMALL * 0.9;
			double tw = chart_text_width(f, 0, size, v->version);
			chart_add_line(sc, x, top, x, bottom, chart_palette(line_slot(c, k)), F * 0.07, DASH_DASHED);
			if (x - lastx > size * 1.3) {
				chart_add_text(sc, f, x - F * 0.2, top + F * 0.3 + tw, v->version, size, 0, CHART_MUTED,
				     ANCHOR_START, 90);
				lastx = x;
			}
		}
	}
	/* every round */
	for (size_t k = 0; k < c->nversions; k++) {
		const struct version_stats *v = &c->versions[k];
		uint32_t col = chart_palette(line_slot(c, k));
		for (size_t r = 0; r < v->nrounds; r++) {
			double t;
			if (!timeline_day(&v->rounds[r], &t))
				continue;
			chart_add_circle(sc, XP(t), YP(v->values[r]), F * 0.22, chart_tint(col, 0.45), col, F * 0.06);
		}
	}
	/* the two extreme rounds: ringed here, named under the plot (text next
	 * to a point would collide with the release labels) */
	for (int e = 0; e < 2; e++) {
		size_t k = e ? good_k : bad_k, r = e ? good_r : bad_r;
		double t;
		if (!timeline_day(&c->versions[k].rounds[r], &t))
			continue;
		chart_add_circle(sc, XP(t), YP(c->versions[k].values[r]), F * 0.42, CHART_NONE, CHART_INK, F * 0.1);
	}
	y = bottom + F * 2.2;
	buf_reset(&b);
	{
		struct buf wl = BUF_INIT, bl = BUF_INIT;
		round_label(&wl, worst, c->versions[bad_k].version, sitting);
		round_label(&bl, bestr, c->versions[good_k].version, sitting);
		chart_words_ringed(&b, words_diff(c)->worst, wl.s, worst_day != NULL, words_diff(c)->best, bl.s);
		buf_release(&wl);
		buf_release(&bl);
	}
	block(sc, f, M, W - 2 * M, &y, b.s, F * SMALL, 0, CHART_INK);
	buf_reset(&b);
	chart_words_time_foot(&b, (enum better)c->better, sitting);
	block(sc, f, M, W - 2 * M, &y, b.s, F * SMALL, 0, CHART_MUTED);
	sc->height = ceil(y + M);
	if (st->background)
		sc->prims[0].h = sc->height;

	/* the text summary */
	chart_words_time_desc_head(&d);
	words_subject(&d, c);
	{
		int y0, m0, dd0, y1, m1, dd1;
		char first[16], last[16];
		civil(sitting ? (long)floor(t0) : (long)d0, &y0, &m0, &dd0);
		civil((long)d1 - 1, &y1, &m1, &dd1);
		snprintf(first, sizeof first, "%04d-%02d-%02d", y0, m0, dd0);
		snprintf(last, sizeof last, "%04d-%02d-%02d", y1, m1, dd1);
		chart_words_time_span(&d, c->unit, (enum better)c->better, first, sitting ? NULL : last);
	}
	for (int e = 0; e < 2; e++) {
		struct buf v = BUF_INIT, l = BUF_INIT;
		size_t k = e ? good_k : bad_k, r = e ? good_r : bad_r;
		fmt_value(&v, c->versions[k].values[r]);
		round_label(&l, e ? bestr : worst, c->versions[k].version, sitting);
		chart_words_time_extreme(&d, !e, v.s, c->unit, l.s, !e && worst_day ? worst_day->date : NULL);
		buf_release(&v);
		buf_release(&l);
	}
	if (sitting) {
		chart_words_time_desc_slow(&d, c);
		sc->desc = buf_detach(&d, NULL);
		buf_release(&b);
		buf_release(&tl);
		return;
	}
	chart_words_first_days(&d);
	for (size_t k = 0; k < c->nversions; k++) {
		const struct version_stats *v = &c->versions[k];
		const char *first = NULL;
		for (size_t r = 0; r < v->nrounds; r++)
			if (result_timestamp(&v->rounds[r]) &&
			    (!first || strcmp(result_timestamp(&v->rounds[r]), first) < 0))
				first = result_timestamp(&v->rounds[r]);
		if (first) {
			char day[11];
			iso8601_utc_day(first, day);
			chart_words_first_day(&d, k == 0, v->version, day);
		}
	}
	buf_putc(&d, '.');
	sc->desc = buf_detach(&d, NULL);
	buf_release(&b);
	buf_release(&tl);
#undef XP
#undef YP
}
