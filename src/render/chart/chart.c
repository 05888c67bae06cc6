/*
 * chart.c - the chart specs: one function per chart type turns the model
 * into a spec (categories, marks, legend, description) that chart_layout.c
 * lays out and a backend draws. Which charts exist and their file names is
 * the presentation model's chart plan (report.h).
 */
#include "render/chart/chart.h"
#include "render/chart/chart_time.h"
#include "analysis/stats.h"
#include "lib/fmt.h"
#include "model/semver.h"
#include "present/bisect_words.h"
#include "present/chart_words.h"
#include "present/counts.h"
#include "present/report.h"
#include "present/verdict_words.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- specs ---- */

void chart_spec_release(struct chart_spec *sp)
{
	free(sp->title);
	free(sp->subtitle);
	free(sp->desc);
	free(sp->note);
	free(sp->vtitle);
	free(sp->lo_hint);
	free(sp->hi_hint);
	chart_lines_free(sp->cats, sp->ncats);
	chart_lines_free(sp->cat_notes, sp->ncats);
	for (size_t i = 0; i < sp->nmarks; i++)
		free(sp->marks[i].text);
	free(sp->marks);
	for (size_t i = 0; i < sp->nlegend; i++)
		free(sp->legend[i].label);
	free(sp->legend);
	memset(sp, 0, sizeof *sp);
}

static void spec_init(struct chart_spec *sp, size_t ncats)
{
	memset(sp, 0, sizeof *sp);
	sp->ncats = ncats;
	sp->cats = xcalloc(ncats ? ncats : 1, sizeof *sp->cats);
	sp->cat_notes = xcalloc(ncats ? ncats : 1, sizeof *sp->cat_notes);
	sp->nsub = 1;
	sp->vmin = INFINITY;
	sp->vmax = -INFINITY;
}

/* Adds a mark; takes ownership of text. Values widen the data range. */
static struct chart_mark *mark_add(struct chart_spec *sp, enum chart_mark_kind kind,
				   size_t cat, int sub, double v0, double v1,
				   uint32_t color, char *text)
{
	struct chart_mark *mk;
	ALLOC_GROW(sp->marks, sp->nmarks + 1, sp->marks_alloc);
	mk = &sp->marks[sp->nmarks++];
	memset(mk, 0, sizeof *mk);
	mk->kind = kind;
	mk->cat = mk->cat2 = cat;
	mk->sub = sub;
	mk->v0 = v0;
	mk->v1 = v1;
	mk->color = color;
	mk->text = text;
	if (kind != MARK_SIDE && kind != MARK_BREAK && kind != MARK_NOTE) {
		double lo = fmin(v0, kind == MARK_DOT || kind == MARK_BEST ? v0 : v1);
		double hi = fmax(v0, kind == MARK_DOT || kind == MARK_BEST ? v0 : v1);
		if (kind == MARK_LABEL)
			lo = hi = v0;
		if (isfinite(lo) && lo < sp->vmin)
			sp->vmin = lo;
		if (isfinite(hi) && hi > sp->vmax)
			sp->vmax = hi;
	}
	return mk;
}

static void legend_add(struct chart_spec *sp, const char *label, uint32_t color, int shape)
{
	struct chart_legend *l;
	ALLOC_GROW(sp->legend, sp->nlegend + 1, sp->legend_alloc);
	l = &sp->legend[sp->nlegend++];
	l->label = xstrdup(label);
	l->color = color;
	l->shape = shape;
}

/* ---- chart types ---- */

static const char *direction(int better)
{
	return chart_direction((enum better)better);
}

/* The colour of a version in every chart of one model. */
static uint32_t chart_version_color(const struct model *m, const char *version)
{
	const char **v;
	size_t n = report_version_order(m, &v), i;
	for (i = 0; i < n; i++)
		if (v[i] == version || strcmp(v[i], version) == 0)
			break;
	free(v);
	return chart_palette(i);
}

/* Passes per round when every round has the same number, else 0. */
static size_t passes_per_round(const struct comparison *c)
{
	size_t n = 0;
	for (size_t i = 0; i < c->nversions; i++)
		for (size_t r = 0; r < c->versions[i].nrounds; r++) {
			size_t k = result_npasses(&c->versions[i].rounds[r]);
			if (n && k != n)
				return 0;
			n = k;
		}
	return n;
}

/* Rounds per version when all have the same number, else 0. */
static size_t rounds_per_version(const struct comparison *c)
{
	size_t n = 0;
	for (size_t i = 0; i < c->nversions; i++) {
		if (n && c->versions[i].nrounds != n)
			return 0;
		n = c->versions[i].nrounds;
	}
	return n;
}

/* The verdict with the numbers behind it and any anomaly (report.c words
 * it once for every document). */
static void verdict_sentence(struct buf *b, const struct model *m, const struct comparison *c)
{
	report_verdict_sentence(b, m, c);
}

/* The index of version i's release line among the lines of c, in order;
 * versions without a line share one index. */
static size_t line_index(const struct comparison *c, size_t i)
{
	size_t n = 0;
	for (size_t j = 0; j <= i; j++) {
		const char *l = c->versions[j].line ? c->versions[j].line : "";
		size_t k;
		for (k = 0; k < j; k++)
			if (strcmp(c->versions[k].line ? c->versions[k].line : "", l) == 0)
				break;
		if (k == j) {
			if (j == i)
				return n;
			n++;
		} else if (j == i) {
			return line_index(c, k);
		}
	}
	return 0;
}

/*
 * Beyond this many rounds in a version, a strip plot no longer shows every
 * round: a row of hundreds of dots is one smear that hides the
 * distribution, and costs a path per round in every chart file. The row
 * becomes a box plot instead (CHART_STRIP_DOTS_MAX in chart.h).
 */

/* Where the rounds of a summarised row lie: quartiles and Tukey's fences. */
struct strip_summary {
	double q1, median, q3, lo_fence, hi_fence;
	size_t nout; /* rounds beyond the fences */
};

static void strip_summary(const struct version_stats *vs, struct strip_summary *ss)
{
	double iqr;
	ss->q1 = stats_quantile_sorted(vs->sorted, vs->nrounds, 0.25);
	ss->median = stats_quantile_sorted(vs->sorted, vs->nrounds, 0.5);
	ss->q3 = stats_quantile_sorted(vs->sorted, vs->nrounds, 0.75);
	iqr = ss->q3 - ss->q1;
	ss->lo_fence = ss->q1 - 1.5 * iqr;
	ss->hi_fence = ss->q3 + 1.5 * iqr;
	ss->nout = 0;
	for (size_t r = 0; r < vs->nrounds; r++)
		ss->nout += vs->sorted[r] < ss->lo_fence || vs->sorted[r] > ss->hi_fence;
}

/*
 * The dots of a summarised row: every round beyond the fences and the
 * lowest and highest round, ascending. Rounds closer together than `bin`
 * (a thousandth of the chart's value range, under a pixel) are one dot:
 * drawn twice they would look the same.
 */
static void strip_outlier_dots(struct chart_spec *sp, size_t cat, const struct version_stats *vs,
			       const struct strip_summary *ss, uint32_t col, double bin)
{
	double last = -INFINITY;
	for (size_t r = 0; r < vs->nrounds; r++) {
		double v = vs->sorted[r];
		if (!(r == 0 || r + 1 == vs->nrounds || v < ss->lo_fence || v > ss->hi_fence))
			continue;
		if (v - last < bin && r + 1 != vs->nrounds)
			continue;
		mark_add(sp, MARK_DOT, cat, -1, v, v, col, NULL);
		last = v;
	}
}

static void chart_spec_strip(const struct model *m, const struct comparison *c,
		      struct chart_spec *sp)
{
	struct buf b = BUF_INIT, d = BUF_INIT;
	int series = report_chart_series(c); /* many versions: colour by release line */
	size_t nr = rounds_per_version(c), np = passes_per_round(c), most = 0;
	double all_lo = INFINITY, all_hi = -INFINITY;
	int summary;

	for (size_t i = 0; i < c->nversions; i++) {
		const struct version_stats *vs = &c->versions[i];
		if (vs->nrounds > most)
			most = vs->nrounds;
		if (vs->nrounds) {
			all_lo = fmin(all_lo, vs->sorted[0]);
			all_hi = fmax(all_hi, vs->sorted[vs->nrounds - 1]);
		}
	}
	summary = most > CHART_STRIP_DOTS_MAX;

	spec_init(sp, c->nversions);
	sp->title = xstrdup(c->workload);
	verdict_sentence(&b, m, c);
	if (report_several_platforms(m))
		buf_printf(&b, " Platform: %s.", c->platform);
	sp->subtitle = buf_detach(&b, NULL);
	{
		struct buf t = BUF_INIT;
		chart_words_value_title(&t, c->unit, (enum better)c->better, 0);
		sp->vtitle = buf_detach(&t, NULL);
	}

	chart_words_strip_head(&d, summary);
	words_subject(&d, c);
	chart_words_strip_tail(&d, c->unit, (enum better)c->better);
	verdict_sentence(&d, m, c);
	for (size_t i = 0; i < c->nversions; i++) {
		const struct version_stats *vs = &c->versions[i];
		uint32_t col = series ? chart_palette(line_index(c, i))
				      : chart_version_color(m, vs->version);
		struct buf s = BUF_INIT;
		double lo = INFINITY, hi = -INFINITY;
		sp->cats[i] = xstrdup(vs->version);
		if (vs->is_baseline)
			sp->cat_notes[i] = xstrdup("baseline");
		for (size_t r = 0; r < vs->nrounds; r++) {
			lo = fmin(lo, vs->values[r]);
			hi = fmax(hi, vs->values[r]);
		}
		if (vs->nrounds > 1)
			mark_add(sp, MARK_RANGE, i, -1, lo, hi, col, NULL);
		if (summary && vs->nrounds) {
			struct strip_summary ss;
			strip_summary(vs, &ss);
			mark_add(sp, MARK_BOX, i, -1, ss.q1, ss.q3, col, NULL);
			mark_add(sp, MARK_TICK, i, -1, ss.median, ss.median, CHART_INK, NULL);
			strip_outlier_dots(sp, i, vs, &ss, col, (all_hi - all_lo) / 1000);
			chart_words_strip_box(&d, vs->version, vs->nrounds, ss.median, ss.q1, ss.q3,
					      c->unit, ss.nout);
		} else {
			for (size_t r = 0; r < vs->nrounds; r++)
				mark_add(sp, MARK_DOT, i, -1, vs->values[r], vs->values[r], col, NULL);
			chart_words_strip_dots(&d, vs->version, vs->nrounds);
		}
		mark_add(sp, MARK_BEST, i, -1, vs->best, vs->best, col, NULL);

		fmt_value(&d, vs->best);
		buf_printf(&d, " %s", c->unit);
		fmt_value(&s, vs->best);
		buf_printf(&s, " %s", c->unit);
		if (vs->nrounds > 1) {
			chart_words_strip_spread(&d, vs->spread);
			buf_puts(&s, "  ");
			fmt_spread(&s, vs->spread);
		}
		buf_putc(&d, '.');
		mark_add(sp, MARK_SIDE, i, -1, 0, 0, CHART_INK, buf_detach(&s, NULL));
	}
	sp->desc = buf_detach(&d, NULL);

	if (series)
		for (size_t i = 0; i < c->nversions; i++)
			if (line_index(c, i) == (i ? line_index(c, i - 1) + 1 : 0))
				legend_add(sp, c->versions[i].line ? c->versions[i].line : chart_word(CW_NO_LINE),
					   chart_palette(line_index(c, i)), 0);
	if (summary) {
		legend_add(sp, chart_word(CW_MIDDLE_HALF), CHART_MUTED, 7);
		legend_add(sp, chart_word(CW_OUTLYING), CHART_MUTED, 1);
	} else {
		legend_add(sp, chart_word(CW_ROUND), CHART_MUTED, 1);
	}
	legend_add(sp, chart_word(CW_BEST_ROUND), CHART_MUTED, 2);
	legend_add(sp, chart_word(CW_RANGE), CHART_MUTED, 6);
	/* the platform when an input named it, then the parts, "; " apart */
	if (model_platform_named(c->platform))
		buf_puts(&b, c->platform);
	chart_words_strip_note(&b, nr, np, summary, CHART_STRIP_DOTS_MAX);
	sp->note = buf_detach(&b, NULL);
}

/* 1 when some comparison's claim rests on the pairing of its rounds. */
static int any_paired(const struct model *m)
{
	for (size_t i = 0; i < m->ncomparisons; i++)
		if (m->comparisons[i].confirmed == CONFIRMED_PAIRED)
			return 1;
	return 0;
}

/* The change interval a version stays within noise in: it is within noise
 * when max/min - 1 <= noise, that is -noise/(1+noise) <= change <= noise. */
static void noise_band(double noise, double *lo, double *hi)
{
	*lo = -noise / (1 + noise);
	*hi = noise;
}

static int in_overview(const struct comparison *c)
{
	return report_in_overview(c);
}

/* The release line slot of a version among the report's lines, for one
 * colour per line in the overview rows. */
static size_t overview_line_slot(const char **lines, size_t *nlines, const char *line)
{
	const char *l = line ? line : "";
	for (size_t i = 0; i < *nlines; i++)
		if (strcmp(lines[i], l) == 0)
			return i;
	lines[*nlines] = l;
	return (*nlines)++;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* The overview of a long report: one row per workload with something to
 * compare, a dot per version at its change against the baseline, coloured
 * by release line, the noise band shaded; the axis capped where a few
 * changes would flatten the rest (said in the note); workloads with nothing
 * to show left out and named in one line. */
static int overview_rows(const struct model *m, struct chart_spec *sp)
{
	size_t ncats = 0, nout = 0, nvals = 0, nlines = 0, nmore = 0;
	size_t maxlines = 1;
	/* the comparisons past the rows and those left out, to count them as
	 * every document does (present/counts.h) */
	size_t *more = xmalloc((m->ncomparisons + 1) * sizeof *more);
	size_t *out = xmalloc((m->ncomparisons + 1) * sizeof *out);
	for (size_t i = 0; i < m->ncomparisons; i++)
		maxlines += m->comparisons[i].nversions;
	const char **lines = xcalloc(maxlines, sizeof *lines);
	const char *out_platform = NULL;
	int one_out_platform = 1, several = report_several_platforms(m);
	double *vals = NULL, noise = 0, hi = 0;
	size_t nvals_alloc = 0;
	struct buf d = BUF_INIT, b = BUF_INIT;

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (c->baseline_idx >= 0 && c->nversions > 1 && c->verdict != VERDICT_INSUFFICIENT) {
			if (ncats < CHART_OVERVIEW_MAX_ROWS)
				ncats++;
			else
				more[nmore++] = i;
		} else {
			out[nout++] = i;
			if (out_platform && out_platform != c->platform)
				one_out_platform = 0;
			out_platform = c->platform;
		}
	}
	spec_init(sp, ncats);
	sp->percent = 1;
	sp->include_zero = 1;
	/* dots need less room than labelled bars: the verdicts under the
	 * workloads get more, and take fewer lines */
	sp->label_share = 0.45;
	sp->title = xstrdup(chart_word(CW_OVERVIEW_TITLE));
	buf_puts(&d, chart_word(CW_OVERVIEW_HEAD));
	ncats = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		double lo, up;
		if (!(c->baseline_idx >= 0 && c->nversions > 1 && c->verdict != VERDICT_INSUFFICIENT))
			continue;
		if (ncats == CHART_OVERVIEW_MAX_ROWS)
			break;
		sp->cats[ncats] = several ? xasprintf("%s (%s)", c->workload, c->platform)
					  : xstrdup(c->workload);
		{
			struct buf t = BUF_INIT;
			words_verdict(&t, m, c, 0);
			sp->cat_notes[ncats] = buf_detach(&t, NULL);
		}
		noise_band(words_bar_band(c), &lo, &up);
		noise = fmax(noise, up);
		mark_add(sp, MARK_BAND, ncats, -1, lo, up, CHART_NOISE, NULL);
		buf_printf(&d, " %s:", sp->cats[ncats]);
		for (size_t k = 0; k < c->nversions; k++) {
			const struct version_stats *vs = &c->versions[k];
			size_t slot;
			if (vs->is_baseline)
				continue;
			slot = overview_line_slot(lines, &nlines, vs->line);
			mark_add(sp, MARK_DOT, ncats, -1, vs->change, vs->change, chart_palette(slot), NULL);
			ALLOC_GROW(vals, nvals + 1, nvals_alloc);
			vals[nvals++] = fabs(vs->change);
			buf_printf(&d, " %s ", vs->version);
			fmt_percent_signed(&d, vs->change);
			sp->vmin = fmin(sp->vmin, vs->change);
			sp->vmax = fmax(sp->vmax, vs->change);
		}
		buf_putc(&d, '.');
		ncats++;
	}
	/* cap the axis at 1.3 x the 90th percentile of the changes (never
	 * inside a noise band) when the largest lies far beyond */
	if (nvals >= 10) {
		qsort(vals, nvals, sizeof *vals, cmp_double);
		double p90 = vals[(size_t)(0.9 * (double)(nvals - 1))], cap = fmax(1.3 * p90, 1.2 * noise);
		hi = vals[nvals - 1];
		if (cap > 0 && hi > 1.5 * cap) {
			sp->clip_lo = -cap;
			sp->clip_hi = cap;
			chart_words_axis_cap(&b, cap, hi);
		}
	}
	free(vals);
	if (nmore)
		chart_words_not_shown(&b, m, more, nmore, CHART_OVERVIEW_MAX_ROWS);
	if (nout)
		chart_words_left_out(&b, m, out, nout, one_out_platform ? out_platform : NULL);
	free(more);
	free(out);
	if (b.len)
		buf_printf(&d, " %s", b.s);
	sp->note = b.len ? buf_detach(&b, NULL) : NULL;
	buf_release(&b);
	sp->subtitle = xstrdup(chart_word(CW_OVERVIEW_SUBTITLE));
	sp->vtitle = xstrdup(chart_word(CW_OVERVIEW_VTITLE));
	for (size_t i = 0; i < nlines; i++)
		legend_add(sp, lines[i][0] ? lines[i] : chart_word(CW_NO_LINE), chart_palette(i), 1);
	legend_add(sp, chart_word(CW_NOISE_BAND), CHART_NOISE, 3);
	sp->desc = buf_detach(&d, NULL);
	free(lines);
	return 1;
}

/* All workloads: change of each version against the baseline, with the noise
 * band. Returns 0 (spec untouched) when no comparison has a baseline. */
static int chart_spec_overview(const struct model *m, struct chart_spec *sp)
{
	if (report_overview_rows(m)) {
		if (!report_has_overview(m))
			return 0;
		return overview_rows(m, sp);
	}
	{
	size_t nsub = 1, ncats = 0, nlower = 0, nhigher = 0, nbeyond = 0, nbars = 0;
	/* the words of the bars that are no claim, for their legend entries:
	 * within noise, not confirmed (verdict_words.c) */
	const char *within_words = NULL, *unconfirmed_words = NULL;
	const struct diff_words *dw = NULL;
	int dw_same = 1;
	const char **vers;
	size_t nvers;
	const char *base = NULL;
	int same_base = 1;
	double *mags = NULL;
	size_t nmags = 0, nshown = 0, shown_alloc = 0;
	const char **shown = NULL; /* versions with a bar, for the legend */
	struct buf d = BUF_INIT, b = BUF_INIT;

	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		if (!in_overview(c))
			continue;
		ncats++;
		if (c->nversions - 1 > nsub)
			nsub = c->nversions - 1;
		if (base && strcmp(base, c->versions[c->baseline_idx].version) != 0)
			same_base = 0;
		base = c->versions[c->baseline_idx].version;
		if (c->better == BETTER_HIGHER)
			nhigher++;
		else
			nlower++;
		/* the ends' words, when every bar shares them */
		if (dw && dw != words_diff(c))
			dw_same = 0;
		dw = words_diff(c);
	}
	if (!report_has_overview(m))
		return 0;

	spec_init(sp, ncats);
	sp->nsub = (int)nsub;
	sp->percent = 1;
	sp->include_zero = 1;
	mags = xmalloc(m->ncomparisons * (nsub + 1) * sizeof *mags);
	chart_words_bars_head(&d, same_base ? base : NULL);
	ncats = 0;
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct comparison *c = &m->comparisons[i];
		double lo, hi;
		int sub = 0, mixed = nlower && nhigher;
		if (!in_overview(c))
			continue;
		if (report_several_platforms(m))
			sp->cats[ncats] = xasprintf("%s (%s)", c->workload, c->platform);
		else
			sp->cats[ncats] = xstrdup(c->workload);
		{
			struct buf t = BUF_INIT;
			words_verdict(&t, m, c, 0);
			if (mixed)
				buf_printf(&t, "; %s", direction(c->better));
			sp->cat_notes[ncats] = buf_detach(&t, NULL);
		}
		buf_printf(&d, " %s", sp->cats[ncats]);
		if (c->verdict == VERDICT_INSUFFICIENT) {
			mark_add(sp, MARK_NOTE, ncats, -1, 0, 0, CHART_MUTED,
				 xstrdup(chart_word(CW_NO_NOISE)));
			buf_puts(&d, chart_word(CW_NO_NOISE_DESC));
			ncats++;
			continue;
		}
		noise_band(words_bar_band(c), &lo, &hi);
		mark_add(sp, MARK_BAND, ncats, -1, lo, hi, CHART_NOISE, NULL);
		buf_puts(&d, " (noise ");
		fmt_spread(&d, words_bar_band(c));
		buf_puts(&d, "):");
		for (size_t j = 0; j < c->nversions; j++) {
			const struct version_stats *vs = &c->versions[j];
			struct buf t = BUF_INIT;
			struct chart_mark *mk;
			const char *kind;
			size_t k;
			int pale;
			if (vs->is_baseline)
				continue;
			kind = words_change_kind(vs);
			mk = mark_add(sp, MARK_BAR, ncats, sub, 0, vs->change,
				      chart_version_color(m, vs->version), NULL);
			for (k = 0; k < nshown && shown[k] != vs->version; k++)
				;
			if (k == nshown) {
				ALLOC_GROW(shown, nshown + 1, shown_alloc);
				shown[nshown++] = vs->version;
			}
			/* solid only for a claim (both keys); a bar beyond the band
			 * that the rank test does not confirm is pale with a dashed
			 * outline, and its label says so */
			mk->pale = !vs->change_claim;
			mk->dashed = vs->change_beyond && !vs->change_claim;
			if (kind && mk->dashed)
				unconfirmed_words = kind;
			else if (kind)
				within_words = kind;
			nbars++;
			nbeyond += !mk->pale;
			/* the pair's record in the verdicts' size, as the tables
			 * say it; the bar is the signed change the axis measures */
			words_against_baseline_size(&t, c, (size_t)(vs - c->versions));
			buf_printf(&d, "%s %s %s%s%s%s%s", sub ? "," : "", vs->version, buf_str(&t),
				   kind ? " " : "", kind ? kind : "", words_anomaly_mark(vs) ? " " : "",
				   words_anomaly_mark(vs) ? words_anomaly_mark(vs) : "");
			if (mk->dashed)
				buf_printf(&t, " %s", kind);
			else if (words_anomaly_mark(vs))
				buf_printf(&t, " %s", words_anomaly_mark(vs));
			pale = mk->pale; /* mk moves when the marks grow */
			mark_add(sp, MARK_LABEL, ncats, sub, vs->change, 0, CHART_INK,
				 buf_detach(&t, NULL))->pale = pale;
			mags[nmags++] = fabs(vs->change);
			sub++;
		}
		buf_putc(&d, '.');
		ncats++;
	}

	/* room for the labels at the bar ends */
	{
		double span = fmax(sp->vmax, 0) - fmin(sp->vmin, 0), lo = 0, hi = 0;
		for (size_t i = 0; i < sp->nmarks; i++)
			if (sp->marks[i].kind == MARK_BAR) {
				lo = fmin(lo, sp->marks[i].v1);
				hi = fmax(hi, sp->marks[i].v1);
			}
		sp->vmin = fmin(sp->vmin, lo - (lo < 0 ? 0.08 * span : 0));
		sp->vmax = fmax(sp->vmax, hi + (hi > 0 ? 0.08 * span : 0));
	}

	/* one huge change must not flatten every other bar: clip the axis
	 * (never inside a noise band) */
	if (nbars >= 3) {
		double a = 0, s = 0, noise = 0;
		for (size_t i = 0; i < nmags; i++)
			if (!isnan(mags[i]))
				a = fmax(a, mags[i]);
		for (size_t i = 0; i < nmags; i++)
			if (!isnan(mags[i]) && mags[i] < a)
				s = fmax(s, mags[i]);
		for (size_t i = 0; i < m->ncomparisons; i++)
			if (in_overview(&m->comparisons[i]) &&
			    m->comparisons[i].verdict != VERDICT_INSUFFICIENT)
				noise = fmax(noise, words_bar_band(&m->comparisons[i]));
		s = fmax(2.5 * s, 1.2 * noise);
		if (s > 0 && a > 1.6 * s) {
			sp->clip_lo = -s;
			sp->clip_hi = s;
			sp->note = xstrdup(chart_word(CW_BARS_CUT));
		}
	}
	free(mags);

	{
		size_t nseries = 0;
		for (size_t i = 0; i < m->ncomparisons; i++)
			nseries += m->comparisons[i].baseline_idx >= 0 && report_chart_series(&m->comparisons[i]);
		if (nseries) {
			struct buf t = BUF_INIT;
			buf_puts(&t, sp->note ? sp->note : "");
			chart_words_series_note(&t, nseries);
			free(sp->note);
			sp->note = buf_detach(&t, NULL);
		}
	}
	chart_words_bars_title(&b, same_base ? base : NULL, 0);
	sp->title = buf_detach(&b, NULL);
	chart_words_bars_subtitle(&b, nbeyond, nbars, any_paired(m));
	sp->subtitle = buf_detach(&b, NULL);
	chart_words_bars_title(&b, same_base ? base : NULL, 1);
	sp->vtitle = buf_detach(&b, NULL);
	if (!dw_same || !dw) {
		sp->lo_hint = xstrdup("\xE2\x86\x90 lower");
		sp->hi_hint = xstrdup("higher \xE2\x86\x92");
	} else if (!nhigher) {
		sp->lo_hint = xasprintf("\xE2\x86\x90 %s", dw->better);
		sp->hi_hint = xasprintf("%s \xE2\x86\x92", dw->worse);
	} else if (!nlower) {
		sp->lo_hint = xasprintf("\xE2\x86\x90 %s", dw->worse);
		sp->hi_hint = xasprintf("%s \xE2\x86\x92", dw->better);
	}
	nvers = report_version_order(m, &vers);
	for (size_t i = 0; i < nvers; i++) {
		size_t k;
		for (k = 0; k < nshown && shown[k] != vers[i]; k++)
			;
		if (k < nshown)
			legend_add(sp, vers[i], chart_version_color(m, vers[i]), 0);
	}
	free(vers);
	free(shown);
	if (within_words)
		legend_add(sp, within_words, CHART_AXIS, 5);
	if (unconfirmed_words)
		legend_add(sp, unconfirmed_words, CHART_AXIS, 8);
	legend_add(sp, chart_word(CW_NOISE_BAND), CHART_NOISE, 3);
	sp->desc = buf_detach(&d, NULL);
	return 1;
	}
}

/* "12.4.254.21" -> "12.4" (malloc'd), or NULL. */
static char *v8_minor(const char *v8)
{
	const char *dot;
	if (!v8)
		return NULL;
	dot = strchr(v8, '.');
	if (dot && (dot = strchr(dot + 1, '.')))
		return xstrndup(v8, (size_t)(dot - v8));
	return xstrdup(v8);
}

/* A long version series: best value per version in version order, coloured
 * by release line, V8 changes marked. */
static void chart_spec_series(const struct model *m, const struct comparison *c,
		       struct chart_spec *sp)
{
	const char **lines = NULL;
	size_t nlines = 0, alloc = 0;
	char *prev_v8 = NULL;
	struct buf d = BUF_INIT, b = BUF_INIT;

	spec_init(sp, c->nversions);
	sp->columns = 1;
	chart_words_series_title(&b, c->workload, c->nversions);
	sp->title = buf_detach(&b, NULL);
	verdict_sentence(&b, m, c);
	chart_words_series_subtitle(&b, report_several_platforms(m) ? c->platform : NULL);
	sp->subtitle = buf_detach(&b, NULL);
	chart_words_value_title(&b, c->unit, (enum better)c->better, 1);
	sp->vtitle = buf_detach(&b, NULL);
	chart_words_series_head(&d);
	words_subject(&d, c);
	chart_words_series_tail(&d, c->nversions, c->unit, (enum better)c->better);

	for (size_t i = 0; i < c->nversions; i++) {
		const struct version_stats *vs = &c->versions[i];
		const char *line = vs->line ? vs->line : "";
		size_t li;
		uint32_t col;
		char *v8;
		double lo = INFINITY, hi = -INFINITY;
		for (li = 0; li < nlines; li++)
			if (strcmp(lines[li], line) == 0)
				break;
		if (li == nlines) {
			ALLOC_GROW(lines, nlines + 1, alloc);
			lines[nlines++] = line;
		}
		col = chart_palette(li);
		sp->cats[i] = xstrdup(vs->version);
		for (size_t r = 0; r < vs->nrounds; r++) {
			lo = fmin(lo, vs->values[r]);
			hi = fmax(hi, vs->values[r]);
		}
		if (vs->nrounds > 1)
			mark_add(sp, MARK_RANGE, i, -1, lo, hi, col, NULL);
		if (i > 0 && strcmp(c->versions[i - 1].line ? c->versions[i - 1].line : "", line) == 0) {
			struct chart_mark *mk = mark_add(sp, MARK_LINK, i - 1, -1,
							 c->versions[i - 1].best, vs->best, col, NULL);
			mk->cat2 = i;
		}
		mark_add(sp, MARK_BEST, i, -1, vs->best, vs->best, col, NULL);
		v8 = v8_minor(vs->v8);
		if (v8 && (!prev_v8 || strcmp(v8, prev_v8) != 0)) {
			mark_add(sp, MARK_BREAK, i, -1, 0, 0, CHART_AXIS, xasprintf("V8 %s", v8));
			chart_words_v8_from(&d, vs->version, v8);
		}
		if (v8) {
			free(prev_v8);
			prev_v8 = v8;
		}
	}
	free(prev_v8);
	for (size_t li = 0; li < nlines; li++) {
		const struct release_line *rl = NULL;
		for (size_t k = 0; k < m->schedule.nlines; k++)
			if (strcmp(m->schedule.lines[k].line, lines[li]) == 0)
				rl = &m->schedule.lines[k];
		if (rl && rl->codename) {
			char *s = xasprintf("%s (%s)", lines[li], rl->codename);
			legend_add(sp, s, chart_palette(li), 2);
			free(s);
		} else {
			legend_add(sp, *lines[li] ? lines[li] : chart_word(CW_NO_LINE), chart_palette(li), 2);
		}
	}
	free(lines);
	legend_add(sp, chart_word(CW_RANGE), CHART_MUTED, 6);
	legend_add(sp, chart_word(CW_V8_CHANGES), CHART_AXIS, 4);
	sp->desc = buf_detach(&d, NULL);
}

/* A bisect's step chart: the versions it measured in the bisect's order,
 * each against the good end of the step that measured it last (good at
 * 0), its interval as a range, the culprit step marked. */
static void chart_spec_bisect(const struct model *m, struct chart_spec *sp)
{
	const struct bisect_record *bi = &m->bisect;
	size_t n = 0, *at = xmalloc((bi->nversions ? bi->nversions : 1) * sizeof *at);
	long culprit = -1;
	for (size_t i = 0; i < bi->nversions; i++) {
		double lo, hi;
		if (isfinite(bisect_words_ratio(m, bi->versions[i], &lo, &hi)))
			at[n++] = i;
	}
	spec_init(sp, n);
	sp->columns = 1;
	sp->percent = 1;
	sp->include_zero = 1;
	sp->title = words_bisect_chart_title(m);
	sp->vtitle = words_bisect_chart_axis(m);
	sp->desc = words_bisect_chart_desc(m);
	if (m->bisect.culprit >= 0) {
		struct buf b = BUF_INIT;
		words_bisect_narrowed(&b, m);
		sp->subtitle = buf_detach(&b, NULL);
		culprit = (long)m->bisect.culprit;
	}
	if (m->bisect.nchanges) {
		struct buf b = BUF_INIT;
		words_bisect_changes(&b, m);
		sp->note = buf_detach(&b, NULL);
	}
	for (size_t k = 0; k < n; k++) {
		const char *v = bi->versions[at[k]];
		double lo, hi, r = bisect_words_ratio(m, v, &lo, &hi);
		int changed = 0;
		uint32_t col;
		for (size_t s = bi->nsteps; s-- > 0;)
			if (!strcmp(bi->steps[s].candidate, v)) {
				changed = bi->steps[s].changed;
				break;
			}
		col = chart_palette(changed ? 1 : 0);
		sp->cats[k] = xstrdup(v);
		if (isfinite(lo) && isfinite(hi) && hi > lo)
			mark_add(sp, MARK_RANGE, k, -1, lo - 1, hi - 1, col, NULL);
		mark_add(sp, MARK_BEST, k, -1, r - 1, r - 1, col, NULL);
		if (culprit >= 0 && !strcmp(v, bi->steps[culprit].candidate) && k > 0)
			mark_add(sp, MARK_BREAK, k, -1, 0, 0, CHART_AXIS,
				 xasprintf("%s \xE2\x86\x92 %s", bi->steps[culprit].good, v));
	}
	free(at);
	legend_add(sp, words_bisect_legend(BISECT_AS_GOOD), chart_palette(0), 2);
	legend_add(sp, words_bisect_legend(BISECT_CHANGED), chart_palette(1), 2);
	legend_add(sp, words_bisect_legend(BISECT_INTERVAL), CHART_MUTED, 6);
	if (culprit >= 0)
		legend_add(sp, words_bisect_legend(BISECT_CULPRIT), CHART_AXIS, 4);
}

/* The spec of a chart of the plan laid out on categories (all but the
 * time chart). */
static void spec_planned(const struct model *m, const struct report_chart *ch,
			 struct chart_spec *sp)
{
	switch (ch->kind) {
	case REPORT_CHART_OVERVIEW:
		chart_spec_overview(m, sp); /* planned only when it has bars */
		break;
	case REPORT_CHART_STRIP:
		chart_spec_strip(m, &m->comparisons[ch->comparison], sp);
		break;
	case REPORT_CHART_SERIES:
		chart_spec_series(m, &m->comparisons[ch->comparison], sp);
		break;
	case REPORT_CHART_BISECT:
		chart_spec_bisect(m, sp);
		break;
	default: /* the time chart is not a spec: chart_time_scene lays it out */
		memset(sp, 0, sizeof *sp);
		break;
	}
}

void chart_planned_scene(const struct model *m, const struct report_chart *ch,
			 const struct chart_style *st, const struct chart_fonts *f,
			 struct chart_scene *sc)
{
	struct chart_spec sp;
	if (ch->kind == REPORT_CHART_TIME) { /* continuous time: a layout of its own */
		chart_time_scene(m, &m->comparisons[ch->comparison], st, f, sc);
		return;
	}
	spec_planned(m, ch, &sp);
	chart_layout(&sp, st, f, sc);
	chart_spec_release(&sp);
}
