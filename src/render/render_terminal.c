/*
 * render_terminal.c - the verdict table on the terminal, fitted to its width.
 *
 * One table per platform (a platform where only one version ran is one
 * sentence instead), each workload once in it. The table fits `columns`:
 * names are shortened but kept distinct (digest.c), then the spread is left
 * out of the cells, then only the baseline and the newest versions are
 * shown; the verdict is cut last. Warnings, grouped, go to their own stream
 * (stderr), so the table reads on its own.
 */
#include "lib/util.h"
#include "present/table_words.h"
#include "present/compared.h"
#include "present/digest.h"
#include "present/verdict_words.h"
#include "render/render.h"

#include <stdlib.h>
#include <string.h>

#define find_version report_cell

/* A verdict longer than this goes under its row when it cannot stand
 * beside the numbers at this width. */
#define VERDICT_BESIDE 36

static void pad(FILE *f, const char *s, size_t w, int right)
{
	size_t n = digest_width(s);
	if (right)
		for (size_t i = n; i < w; i++)
			fputc(' ', f);
	fputs(s, f);
	if (!right)
		for (size_t i = n; i < w; i++)
			fputc(' ', f);
}

static void cell(struct buf *b, const struct version_stats *v, int spread)
{
	buf_reset(b);
	if (!v) {
		buf_puts(b, "-");
		return;
	}
	/* the value the verdict compared, and the band it used */
	fmt_value(b, v->level);
	if (spread) {
		buf_putc(b, ' ');
		fmt_spread(b, v->band);
	}
}

/* The release line of a version in any comparison ("v24"), or NULL. */
static const char *line_of(const struct model *m, const char *version)
{
	for (size_t i = 0; i < m->ncomparisons; i++) {
		const struct version_stats *v = find_version(&m->comparisons[i], version);
		if (v)
			return v->line;
	}
	return NULL;
}

/* Prints text wrapped at spaces to `room` columns, then a newline; the
 * continuation lines start at column `indent`. A word longer than room is
 * printed whole. */
static void wrap(FILE *f, const char *text, size_t room, size_t indent)
{
	size_t col = 0;
	const char *p = text;
	while (*p) {
		const char *e = strchr(p, ' ');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		char *word = xstrndup(p, len);
		size_t w = digest_width(word);
		if (col > 0 && col + 1 + w > room) {
			fputc('\n', f);
			for (size_t i = 0; i < indent; i++)
				fputc(' ', f);
			col = 0;
		} else if (col > 0) {
			fputc(' ', f);
			col++;
		}
		fputs(word, f);
		col += w;
		free(word);
		p += len;
		while (*p == ' ')
			p++;
	}
	fputc('\n', f);
}

void render_terminal_line(FILE *f, const char *text, size_t columns)
{
	wrap(f, text, columns > 2 ? columns - 2 : columns, 2);
}

/* One platform's table (comparisons idx[0..n)), or its one sentence. */
/* The verdict beside a row: a comparison without one says only that; why
 * is one sentence for the platform among the warnings, not a line each. */
static const char *row_text(const struct report *r, size_t i)
{
	return r->m->comparisons[i].verdict == VERDICT_INSUFFICIENT ? table_insufficient
								  : r->comparisons[i].text;
}

static void platform_table(const struct report *r, const size_t *idx, size_t n, int heading,
			   size_t columns, FILE *f)
{
	const struct model *m = r->m;
	const struct report_version *all = r->versions;
	size_t nall = r->nversions, nv = 0;
	const char **ver = xcalloc(nall + 1, sizeof *ver);
	const char *platform = m->comparisons[idx[0]].platform;
	const char *unit = m->comparisons[idx[0]].unit;
	int one_unit = 1;
	struct buf b = BUF_INIT;

	for (size_t i = 0; i < n; i++)
		one_unit &= m->comparisons[idx[i]].unit == unit;
	for (size_t k = 0; k < nall; k++)
		for (size_t i = 0; i < n; i++)
			if (find_version(&m->comparisons[idx[i]], all[k].version)) {
				ver[nv++] = all[k].version;
				break;
			}
	if (nv == 1) {
		words_single_platform(&b, m, platform);
		fprintf(f, "%s\n", b.s);
		buf_release(&b);
		free(ver);
		return;
	}

	/* labels: the workload, with its unit when the table mixes units */
	const char **names = xcalloc(n, sizeof *names);
	size_t unitw = 0, verdictw = 0;
	for (size_t i = 0; i < n; i++) {
		const struct comparison *c = &m->comparisons[idx[i]];
		names[i] = c->workload;
		if (!one_unit) {
			size_t w = digest_width(c->unit) + 3;
			if (w > unitw)
				unitw = w;
		}
		if (digest_width(row_text(r, idx[i])) > verdictw)
			verdictw = digest_width(row_text(r, idx[i]));
	}
	size_t natural = 0;
	for (size_t i = 0; i < n; i++) {
		size_t w = digest_width(names[i]) + unitw;
		if (w > natural)
			natural = w;
	}

	/* cell widths with and without the spread */
	size_t *w_full = xcalloc(nv, sizeof *w_full), *w_val = xcalloc(nv, sizeof *w_val);
	for (size_t k = 0; k < nv; k++) {
		w_full[k] = w_val[k] = digest_width(ver[k]);
		for (size_t i = 0; i < n; i++) {
			const struct version_stats *v = find_version(&m->comparisons[idx[i]], ver[k]);
			cell(&b, v, 1);
			if (digest_width(b.s) > w_full[k])
				w_full[k] = digest_width(b.s);
			cell(&b, v, 0);
			if (digest_width(b.s) > w_val[k])
				w_val[k] = digest_width(b.s);
		}
	}
	size_t label_min = natural < 20 ? natural : 20;
	size_t verdict_min = verdictw < 20 ? verdictw : 20;
	size_t label_want = natural < 32 ? natural : 32;
	/* verdicts that would wrap over several lines beside the numbers go
	 * on a line of their own under them */
	size_t vals = 0;
	for (size_t k = 0; k < nv; k++)
		vals += 2 + w_val[k];
	int below = verdictw > VERDICT_BESIDE && label_want + vals + 2 + VERDICT_BESIDE > columns;
	if (below)
		verdict_min = 0;
	/* pick the fullest form that fits: every version with its spread,
	 * every version's value, then the first version and the newest of
	 * each release line, newest lines first, as many as fit */
	int spread = 1;
	size_t *wc = w_full, cells = 0;
	unsigned char *show = xcalloc(nv, 1);
	for (int form = 0; form < 3; form++) {
		spread = form == 0;
		wc = form == 0 ? w_full : w_val;
		cells = 0;
		if (form < 2) {
			for (size_t k = 0; k < nv; k++) {
				show[k] = 1;
				cells += 2 + wc[k];
			}
		} else {
			size_t *order = xcalloc(nv, sizeof *order), no = 0;
			memset(show, 0, nv);
			order[no++] = 0;
			for (size_t k = nv; k-- > 1;)
				if (k + 1 == nv || !line_of(m, ver[k]) ||
				    line_of(m, ver[k]) != line_of(m, ver[k + 1]))
					order[no++] = k;
			for (size_t k = nv; k-- > 1;) {
				size_t j;
				for (j = 0; j < no && order[j] != k; j++)
					;
				if (j == no)
					order[no++] = k;
			}
			cells = 0;
			for (size_t j = 0; j < no; j++) {
				/* names readable first: up to 32 columns for them */
				if (j >= 2 && label_want + cells + 2 + wc[order[j]] + 2 + verdict_min > columns)
					break;
				show[order[j]] = 1;
				cells += 2 + wc[order[j]];
			}
			free(order);
		}
		if (label_min + cells + 2 + verdict_min <= columns)
			break;
	}
	/* the verdict gets what a usual verdict needs, the label the rest */
	size_t verdict_pref = below ? 0 : verdictw < 20 ? verdictw : 20;
	size_t label = columns > cells + 2 + verdict_pref ? columns - cells - 2 - verdict_pref : label_min;
	if (label > natural)
		label = natural;
	if (label < label_min)
		label = label_min;
	char *prefix = NULL;
	size_t used = 0;
	char **shortn = digest_short_names(names, n, label > unitw + 5 ? label - unitw : 5, &prefix,
					   &used);
	size_t shown = 0;
	for (size_t k = 0; k < nv; k++)
		shown += show[k];

	if (heading)
		fprintf(f, "%s\n", platform);
	if (prefix)
		fprintf(f, "workloads: %s\xE2\x80\xA6\n", prefix);
	buf_reset(&b);
	table_each_cell(&b, m, platform, spread);
	render_terminal_line(f, b.s, columns);
	if (shown < nv) {
		buf_reset(&b);
		table_columns_shown(&b, shown, nv, r->releases);
		render_terminal_line(f, b.s, columns);
	}
	label = used + unitw;
	buf_reset(&b);
	table_workload_head(&b, one_unit ? unit : NULL);
	char *head = buf_detach(&b, NULL);
	if (digest_width(head) > label)
		label = digest_width(head);
	size_t room = columns > label + cells + 2 ? columns - label - cells - 2 : verdict_min;
	if (room < verdict_min)
		room = verdict_min;
	/* a verdict that would take more than two lines beside the numbers
	 * reads better under them */
	if (!below && verdictw > 2 * room)
		below = 1;
	pad(f, head, label, 0);
	free(head);
	for (size_t k = 0; k < nv; k++)
		if (show[k]) {
			fputs("  ", f);
			pad(f, ver[k], wc[k], 1);
		}
	fputs(below ? "\n" : "  verdict\n", f);
	for (size_t i = 0; i < n; i++) {
		const struct comparison *c = &m->comparisons[idx[i]];
		buf_reset(&b);
		buf_puts(&b, shortn[i]);
		if (unitw)
			buf_printf(&b, " (%s)", c->unit);
		pad(f, b.s, label, 0);
		for (size_t k = 0; k < nv; k++)
			if (show[k]) {
				cell(&b, find_version(c, ver[k]), spread);
				fputs("  ", f);
				pad(f, b.s, wc[k], 1);
			}
		if (below) {
			fputs("\n  ", f);
			wrap(f, row_text(r, idx[i]), columns - 2, 2);
		} else {
			fputs("  ", f);
			wrap(f, row_text(r, idx[i]), room, columns - room);
		}
	}
	digest_free(shortn, n);
	free(prefix);
	free(show);
	free(w_full);
	free(w_val);
	free(names);
	buf_release(&b);
	free(ver);
}

void render_terminal(const struct report *r, size_t columns, FILE *f, FILE *warn)
{
	const struct model *m = r->m;
	const char **platforms = xcalloc(m->ncomparisons + 1, sizeof *platforms);
	size_t np = 0, *idx = xcalloc(m->ncomparisons + 1, sizeof *idx);

	for (size_t i = 0; i < m->ncomparisons; i++) {
		size_t p;
		for (p = 0; p < np && platforms[p] != m->comparisons[i].platform; p++)
			;
		if (p == np)
			platforms[np++] = m->comparisons[i].platform;
	}
	if (r->grouping_text) {
		/* how exact releases were compared: the tables' columns are
		 * lines or releases (method, not a warning) */
		char *t = xasprintf("%s.", r->grouping_text);
		render_capital(t);
		render_terminal_line(f, t, columns);
		fputc('\n', f);
		free(t);
	}
	for (size_t p = 0; p < np; p++) {
		size_t n = 0;
		for (size_t i = 0; i < m->ncomparisons; i++)
			if (m->comparisons[i].platform == platforms[p])
				idx[n++] = i;
		if (p > 0)
			fputc('\n', f);
		platform_table(r, idx, n, np > 1, columns, f);
	}
	if (np > 1)
		fputc('\n', f);
	if (warn) {
		size_t nw;
		char **w = digest_warnings(m, r->warnings, r->nwarnings, &nw);
		for (size_t i = 0; i < nw; i++)
			fprintf(warn, "warning: %s\n", w[i]);
		digest_free(w, nw);
	}
	if (r->recommendation) {
		char *t = xasprintf("%s.", r->recommendation);
		render_terminal_line(f, t, columns);
		free(t);
	}
	free(idx);
	free(platforms);
}
