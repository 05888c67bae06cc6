/*
 * render_xlsx.c - report.xlsx, the report as a workbook a reviewer can audit.
 *
 * Sheets, in order: Summary (verdict table, support windows, recommendation),
 * Rounds (one column per version of each comparison, named by header rows:
 * workload, platform, version, line, V8, releases, unit, rounds and their
 * first and last day; then a row per round, with its passes left of its
 * value, which is =MEDIAN over them; more versions than a sheet's columns
 * go on "Rounds 2" and on), Versions (rounds, best, worst round, median,
 * spread and change per version as formulas over that version's column),
 * Pairs (the rank test of every pair of versions: counts, ratio of medians
 * and power floor as formulas over Versions, the test's results as values),
 * Steps (only when a long series has steps: bests and change over Versions),
 * Support (the release lines on the report date, for releases only), Charts (native charts
 * over those cells) and Impact. Every statistic of the rounds is a formula,
 * and each formula's value is cached from the model so viewers that do not
 * recalculate show the tool's own numbers. What the analysis decides with
 * the rank test (the verdict, its gap and noise, the winner, Impact's
 * claims) is written as values and labelled so; Versions' "Rounds as
 * analysed" and the Summary's say whether the rounds still are the ones
 * analysed. Bold on a version marks words_winner() only.
 *
 * Text from the input only ever goes through worksheet_write_string (never a
 * formula), after clean_text(), so a name such as "=HYPERLINK(...)" stays inert
 * and invalid UTF-8 or control characters never reach the XML. Chart titles
 * and series names that would start with '=' (which libxlsxwriter reads as a
 * cell reference) are linked to the cell holding the text instead.
 */
#include "analysis/impact.h"
#include "lib/iso8601.h"
#include "render/render.h"

#include <errno.h>
#include <fcntl.h>
#include <locale.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <xlsxwriter.h>

#include "lib/fmt.h"
#include "lib/util.h"
#include "present/workbook.h"
#include "present/support.h"
#include "present/verdict_words.h"

#define XLSX_NAME "report.xlsx"
#define MAX_CELL_TEXT 32767 /* Excel's limit, in characters; we cut in bytes */

/* The Rounds sheets' rows above the header rows: the title and the note,
 * then the note on versions left to rounds.csv when there are some. The
 * most rows above the rounds: those, every header row and the column
 * heads. A version is listed when its rows fit below them and its columns
 * (its passes and its value) in a sheet beside column A; else its rounds
 * are left to rounds.csv (a sheet's size, not a cost: the sheets have no
 * cap on rounds). */
#define XLSX_ROUNDS_TOP 2
#define XLSX_ROUNDS_HEAD_MAX (XLSX_ROUNDS_TOP + WB_RR_ROWS + 1)
/* A version's round k goes on the sheet's row of round k when its round
 * numbers rise and the last is at most twice its rounds plus this many
 * (a paired design's versions line up); else its rounds are listed in
 * turn and its Rows line says so. */
#define XLSX_ROUND_GAPS 100
/* The Summary and the Charts sheet give at most this many versions a column
 * (a chart holds 255 series, a worksheet 16,384 columns): the oldest ones
 * and the newest; the versions left out are named on the Summary, and each
 * keeps its rows on the Versions, Pairs and Rounds sheets. */
#define XLSX_VERSION_COLUMNS 250
/* The classes of a round value's number format (value_class). */
#define VALUE_CLASSES 16

/* Where one version of one comparison lives in the workbook. */
struct vpos {
	lxw_row_t first, last; /* Rounds rows of its round values, when in_sheet */
	lxw_col_t col;         /* the Rounds column of its round values */
	const char *sheet;     /* that sheet, as a formula names it ("Rounds",
	                          "'Rounds 2'"): struct rsheet's */
	lxw_row_t row;         /* its Versions row */
	int has_rounds;        /* it has rounds: its Versions row has statistics */
	int in_sheet;          /* they are on a Rounds sheet (formulas read them) */
	int by_number;         /* each on the row of its round number, else in turn */
};

/* One version's column (and its passes') on the Rounds sheets. */
struct rseries {
	size_t c, v;           /* its comparison and version */
	size_t npasses;        /* the most passes of one of its rounds */
	lxw_row_t rows;        /* data rows it spans: its last round, or its rounds */
	int by_number;         /* round k on the sheet's round k, else in turn */
	int repeats;           /* in turn because its round numbers repeat */
	int elsewhere;         /* 1: more rounds than a column holds, 2: more passes
	                          than a row: left to rounds.csv */
	size_t sheet;          /* which Rounds sheet */
	lxw_col_t col, vcol;   /* its first column (pass 1, or the value), its value's */
	size_t k;              /* the next round to write */
	lxw_format *pf;        /* its passes' format, and its values' by class */
	lxw_format *vf[VALUE_CLASSES];
};

/* One Rounds sheet: the series it holds (rs[first .. first + n - 1]). */
struct rsheet {
	lxw_worksheet *ws;
	char *name;            /* owned: "Rounds", "Rounds 2" */
	char *ref;             /* owned: as formulas name it */
	size_t first, n;
	lxw_row_t rows;        /* data rows */
	lxw_col_t lastcol;
};

/* A cell format made for one number format code, bold or not. */
struct num_format {
	char *code; /* owned */
	int bold;
	lxw_format *fmt;
};

/* The workbook being written and everything the sheets share. */
struct xw {
	const struct model *m;
	const struct report *r; /* what to show (report.h) */
	lxw_workbook *wb;
	lxw_worksheet *summary, *impact, *versions, *pairs, *steps, *support, *charts;
	lxw_format *title, *header, *header_num, *header_ind, *label, *verdict, *indent,
		*warn, *integer, *date, *best_text, *rwrap, *rinteger;
	struct num_format *fmts; /* number formats made so far */
	size_t nfmts, fmts_alloc;
	struct buf text;        /* clean_text() result */
	struct buf f;           /* formula being built */
	lxw_error first_error;  /* first failed write, reported at the end */
	struct vpos **pos;      /* pos[c][v] */
	const char **cols;      /* every version of every comparison, in order */
	size_t ncols;
	int with_rounds_csv;    /* rounds.csv is written beside the workbook */
	int rounds_elsewhere;   /* the Rounds sheets list no rounds at all */
	struct rseries *rs;     /* the versions with rounds, in order */
	size_t nrs;
	struct rsheet *rsheets; /* at least one */
	size_t nrsheets;
	int rrow[WB_RR_ROWS];   /* each header row's row, or -1 when left out */
	lxw_row_t rheads;       /* the column heads' row; the rounds follow */
	size_t nwide, nlong;    /* versions left to rounds.csv, by why */
	size_t wide_passes, long_rounds; /* the most passes, rounds of those */
};

/* Versions sheet columns. */
enum {
	V_WORKLOAD, V_PLATFORM, V_VERSION, V_LINE, V_V8, V_STATUS, V_BASELINE,
	V_ROUNDS, V_BEST, V_WORST, V_MEDIAN, V_SPREAD, V_CHANGE, V_UNIT, V_BETTER,
	V_ANALYSED, V_NCOLS
};

/* Pairs sheet columns. */
enum {
	P_WORKLOAD, P_PLATFORM, P_A, P_B, P_ROUNDS_A, P_ROUNDS_B, P_U, P_P, P_P_HOLM,
	P_RATIO, P_ESTIMATE, P_CI_LOW, P_CI_HIGH, P_SHIFT, P_UNIT, P_SIGNIFICANT, P_BORDERLINE,
	P_FLOOR, P_NEEDED, P_NCOLS
};

/* Steps sheet columns. */
enum {
	S_WORKLOAD, S_PLATFORM, S_BEFORE, S_V8_BEFORE, S_AFTER, S_V8_AFTER,
	S_BEST_BEFORE, S_BEST_AFTER, S_CHANGE, S_UNIT, S_NCOLS
};

/* Impact sheet: the inputs (column B of these rows), then the table. */
enum { I_ROW_RPS = 2, I_ROW_PAYLOAD, I_ROW_CORES, I_ROW_HEAD = 8 };
enum {
	I_WORKLOAD, I_PLATFORM, I_BYTES, I_FROM, I_TO, I_BEST_FROM, I_BEST_TO, I_MS_FROM,
	I_MS_TO, I_SAVED, I_CORES_FREED, I_PROVISIONED, I_Q_LOW, I_Q_HIGH, I_SAVED_LOW,
	I_SAVED_HIGH, I_NOTE, I_NCOLS
};

/* Remembers the first libxlsxwriter error; later writes carry on so the
 * message names the first cause. */
static void note(struct xw *x, lxw_error e)
{
	if (e != LXW_NO_ERROR && x->first_error == LXW_NO_ERROR)
		x->first_error = e;
}

/*
 * Returns s as safe cell text: invalid UTF-8 sequences become U+FFFD, control
 * characters other than tab and newline become spaces (XML 1.0 cannot carry
 * them and chart caches do not escape them), and the text is cut to the cell
 * limit at a character boundary. The result lives in x->text until the next
 * call; NULL becomes "".
 */
static const char *clean_text(struct xw *x, const char *s)
{
	size_t n, i = 0;

	buf_reset(&x->text);
	if (!s)
		return buf_str(&x->text);
	n = strlen(s);
	while (i < n) {
		size_t ok = i + utf8_invalid_at(s + i, n - i);
		size_t j;
		for (j = i; j < ok; j++) {
			unsigned char ch = (unsigned char)s[j];
			buf_putc(&x->text, (ch < 0x20 && ch != '\t' && ch != '\n') || ch == 0x7f ? ' ' : ch);
		}
		if (ok < n) {
			buf_puts(&x->text, "\xEF\xBF\xBD");
			ok++;
		}
		i = ok;
	}
	if (x->text.len > MAX_CELL_TEXT) {
		size_t cut = MAX_CELL_TEXT;
		while (cut > 0 && ((unsigned char)x->text.s[cut] & 0xC0) == 0x80)
			cut--;
		x->text.s[cut] = '\0';
		x->text.len = cut;
	}
	return buf_str(&x->text);
}

static void put_text(struct xw *x, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c,
		     const char *s, lxw_format *fmt)
{
	const char *t = clean_text(x, s);
	if (!*t) {
		if (fmt)
			note(x, worksheet_write_blank(ws, r, c, fmt));
		return;
	}
	note(x, worksheet_write_string(ws, r, c, t, fmt));
}

/* The platform column's cell: blank for a platform no input named. */
static const char *cell_platform(const char *platform)
{
	return model_platform_named(platform) ? platform : "";
}

static void put_num(struct xw *x, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c,
		    double v, lxw_format *fmt)
{
	if (isfinite(v))
		note(x, worksheet_write_number(ws, r, c, v, fmt));
}

/* Writes the formula built from fmt with `value` as its cached result.
 * Formulas are built from cell references and function names only, never
 * from input text. A non-finite value is cached as 0 (viewers recalculate). */
static void put_formula(struct xw *x, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c,
			lxw_format *cf, double value, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));
static void put_formula(struct xw *x, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c,
			lxw_format *cf, double value, const char *fmt, ...)
{
	va_list ap;

	buf_reset(&x->f);
	va_start(ap, fmt);
	buf_vprintf(&x->f, fmt, ap);
	va_end(ap);
	note(x, worksheet_write_formula_num(ws, r, c, buf_str(&x->f), cf,
					    isfinite(value) ? value : 0));
}

/* "B7" for a row and column (0-based); buffers of 16 bytes are enough. */
static const char *cell(char out[16], lxw_row_t r, lxw_col_t c)
{
	lxw_rowcol_to_cell(out, r, c);
	return out;
}

/* "F2:F8" for a range in one column. */
static const char *col_range(char out[32], lxw_row_t r1, lxw_row_t r2, lxw_col_t c)
{
	lxw_rowcol_to_range(out, r1, c, r2, c);
	return out;
}

static void put_date(struct xw *x, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c,
		     const char *ymd)
{
	lxw_datetime dt = { 0, 0, 0, 0, 0, 0 };
	if (!ymd || strlen(ymd) != 10 ||
	    sscanf(ymd, "%4d-%2d-%2d", &dt.year, &dt.month, &dt.day) != 3)
		return;
	note(x, worksheet_write_datetime(ws, r, c, &dt, x->date));
}

/* The cell format with this number format code, bold or not, created once. */
static lxw_format *num_format_b(struct xw *x, const char *code, int bold)
{
	struct num_format *n;
	size_t i;

	for (i = 0; i < x->nfmts; i++)
		if (!strcmp(x->fmts[i].code, code) && x->fmts[i].bold == bold)
			return x->fmts[i].fmt;
	ALLOC_GROW(x->fmts, x->nfmts + 1, x->fmts_alloc);
	n = &x->fmts[x->nfmts++];
	n->code = xstrdup(code);
	n->bold = bold;
	n->fmt = workbook_add_format(x->wb);
	format_set_num_format(n->fmt, code);
	if (bold)
		format_set_bold(n->fmt);
	return n->fmt;
}

static lxw_format *num_format(struct xw *x, const char *code)
{
	return num_format_b(x, code, 0);
}

/*
 * The number format code of a measured value (appended to b), chosen per
 * cell as fmt_value() chooses its digits, so the workbook shows what the
 * Markdown and the PDF show: grouped integers from 1000, one decimal from
 * 100, two from 1, three significant digits below 1; then the unit
 * ("0.00\" ms\""). A unit with a double quote is left out (the Unit column
 * still shows it).
 */
static void value_code(struct xw *x, struct buf *b, const char *unit, double v)
{
	double a = fabs(v);

	if (!isfinite(a) || a >= 1000) {
		buf_puts(b, "#,##0");
	} else if (a >= 100) {
		buf_puts(b, "0.0");
	} else if (a >= 1) {
		buf_puts(b, "0.00");
	} else {
		int d = a > 0 ? 2 - (int)floor(log10(a)) : 2;
		buf_puts(b, "0.0");
		for (d = d > 12 ? 12 : d; d > 1; d--)
			buf_putc(b, '#');
	}
	if (unit && *unit && !strchr(unit, '"'))
		buf_printf(b, "\" %s\"", clean_text(x, unit));
}

/* The cell format of value_code(), bold for the winner's value (the
 * mark of words_winner). */
static lxw_format *value_format_b(struct xw *x, const char *unit, double v, int bold)
{
	struct buf b = BUF_INIT;
	lxw_format *f;

	value_code(x, &b, unit, v);
	f = num_format_b(x, buf_str(&b), bold);
	buf_release(&b);
	return f;
}

static lxw_format *value_format(struct xw *x, const char *unit, double v)
{
	return value_format_b(x, unit, v, 0);
}

/* The same, signed as fmt_value_signed() writes it: "+0.64 ms", "−1.15 ms". */
static lxw_format *signed_value_format(struct xw *x, const char *unit, double v)
{
	struct buf code = BUF_INIT, b = BUF_INIT;
	lxw_format *f;

	value_code(x, &code, unit, v);
	buf_printf(&b, "\"+\"%s;\"\xE2\x88\x92\"%s;%s", buf_str(&code), buf_str(&code),
		   buf_str(&code));
	f = num_format(x, buf_str(&b));
	buf_release(&code);
	buf_release(&b);
	return f;
}

/* A p-value with two significant digits and no trailing zeros, as
 * fmt_p(b, p) writes it: "0.0023", "0.8", "1", and below 0.001 "3.2E-05". */
static lxw_format *p_format(struct xw *x, double p)
{
	char code[32] = "0.";
	int d;

	if (!isfinite(p) || p <= 0 || p >= 0.995)
		return num_format(x, "0");
	if (p < 0.001)
		return num_format(x, "0.0E+00");
	d = 1 - (int)floor(log10(p));
	for (d = d > 20 ? 20 : d < 1 ? 1 : d; d > 0; d--)
		strcat(code, "#");
	return num_format(x, code);
}

/* A pass as measured, all its digits, with the unit. */
static lxw_format *pass_format(struct xw *x, const char *unit)
{
	struct buf b = BUF_INIT;
	lxw_format *f;

	buf_puts(&b, "General");
	if (unit && *unit && !strchr(unit, '"'))
		buf_printf(&b, "\" %s\"", clean_text(x, unit));
	f = num_format(x, buf_str(&b));
	buf_release(&b);
	return f;
}

/* "±3.4%" as fmt_spread() writes it: one decimal below 10%. */
static lxw_format *spread_format(struct xw *x, double spread)
{
	return num_format(x, spread * 100 < 10 ? "\"\xC2\xB1\"0.0%" : "\"\xC2\xB1\"0%");
}

/* A gap: one decimal below 10%. */
static lxw_format *gap_format(struct xw *x, double gap)
{
	return num_format(x, gap * 100 < 10 ? "0.0%" : "0%");
}

/* "+8.9%", "−12%", "0%" as fmt_percent_signed() writes them. */
static lxw_format *signed_format(struct xw *x, double r)
{
	double pct = fabs(r * 100);
	if (!(pct >= 0.05))
		return num_format(x, "0%;0%;0%");
	return num_format(x, pct < 10 ? "\"+\"0.0%;\"\xE2\x88\x92\"0.0%;0%"
				      : "\"+\"0%;\"\xE2\x88\x92\"0%;0%");
}

static const char *better_name(int better)
{
	return better == BETTER_HIGHER ? "higher" : "lower";
}

/* Index of a version in the column list, or -1. */
static int col_index(const struct xw *x, const char *version)
{
	size_t i;
	for (i = 0; i < x->ncols; i++)
		if (!strcmp(x->cols[i], version))
			return (int)i;
	return -1;
}

/* The version columns: the presentation model's one version order, at most
 * XLSX_VERSION_COLUMNS of them (the first ones and the newest). */
static void collect_columns(struct xw *x)
{
	size_t n = x->r->nversions;
	x->ncols = n > XLSX_VERSION_COLUMNS ? XLSX_VERSION_COLUMNS : n;
	x->cols = xcalloc(x->ncols ? x->ncols : 1, sizeof(*x->cols));
	for (size_t i = 0; i < x->ncols; i++)
		x->cols[i] = x->r->versions[i].version;
	if (n > x->ncols)
		x->cols[x->ncols - 1] = x->r->versions[n - 1].version;
}

/* The Summary's line naming the versions without a column, when some are
 * (collect_columns); returns the row after it. At most one cell's worth of
 * names, then how many more. */
static lxw_row_t write_columns_left_out(struct xw *x, lxw_row_t row)
{
	size_t n = x->r->nversions, left = n - x->ncols, named = 0;
	struct buf t = BUF_INIT;

	if (n <= x->ncols)
		return row;
	workbook_left_out(&t, n, XLSX_VERSION_COLUMNS);
	for (size_t i = x->ncols - 1; i + 1 < n; i++) {
		const char *v = x->r->versions[i].version;
		if (t.len + strlen(v) + 40 > 30000)
			break;
		buf_printf(&t, "%s%s", named ? ", " : "", v);
		named++;
	}
	workbook_left_out_more(&t, left - named);
	put_text(x, x->summary, row, 0, workbook_label(WB_VERSIONS_LEFT_OUT), x->warn);
	put_text(x, x->summary, row++, 1, buf_str(&t), x->warn);
	buf_release(&t);
	return row;
}

static void make_formats(struct xw *x)
{
	x->title = workbook_add_format(x->wb);
	format_set_bold(x->title);
	format_set_font_size(x->title, 14);

	x->header = workbook_add_format(x->wb);
	format_set_bold(x->header);
	format_set_bg_color(x->header, 0xDDE4EE);
	format_set_bottom(x->header, LXW_BORDER_THIN);
	format_set_text_wrap(x->header);
	format_set_align(x->header, LXW_ALIGN_VERTICAL_TOP);

	/* a text header right of a number column, kept apart from it */
	x->header_ind = workbook_add_format(x->wb);
	format_set_bold(x->header_ind);
	format_set_bg_color(x->header_ind, 0xDDE4EE);
	format_set_bottom(x->header_ind, LXW_BORDER_THIN);
	format_set_text_wrap(x->header_ind);
	format_set_align(x->header_ind, LXW_ALIGN_VERTICAL_TOP);
	format_set_indent(x->header_ind, 1);

	x->header_num = workbook_add_format(x->wb);
	format_set_bold(x->header_num);
	format_set_bg_color(x->header_num, 0xDDE4EE);
	format_set_bottom(x->header_num, LXW_BORDER_THIN);
	format_set_text_wrap(x->header_num);
	format_set_align(x->header_num, LXW_ALIGN_RIGHT);
	format_set_align(x->header_num, LXW_ALIGN_VERTICAL_TOP);

	x->label = workbook_add_format(x->wb);
	format_set_bold(x->label);

	x->verdict = workbook_add_format(x->wb);
	format_set_bold(x->verdict);
	format_set_indent(x->verdict, 1);

	x->indent = workbook_add_format(x->wb);
	format_set_indent(x->indent, 1);

	x->warn = workbook_add_format(x->wb);
	format_set_font_color(x->warn, 0x9C2A00);

	x->best_text = workbook_add_format(x->wb);
	format_set_bold(x->best_text);

	/* a Rounds sheet's workload name, on as many lines as it needs */
	x->rwrap = workbook_add_format(x->wb);
	format_set_text_wrap(x->rwrap);

	x->rinteger = workbook_add_format(x->wb);
	format_set_num_format(x->rinteger, "0");
	format_set_align(x->rinteger, LXW_ALIGN_LEFT);

	x->integer = workbook_add_format(x->wb);
	format_set_num_format(x->integer, "0");

	x->date = workbook_add_format(x->wb);
	format_set_num_format(x->date, "yyyy-mm-dd");
	format_set_align(x->date, LXW_ALIGN_LEFT);
}

/* Starts a sheet's table: the header row's height, set before any row is
 * written (a big workbook writes its rows in order and cannot go back). */
static void start_table(lxw_worksheet *ws, double header_height)
{
	worksheet_set_row(ws, 0, header_height, NULL);
}

/* Ends a sheet's table: header frozen, and an autofilter over rows
 * 0..row-1 and columns 0..lastcol. */
static void finish_table(struct xw *x, lxw_worksheet *ws, lxw_row_t row, lxw_col_t lastcol)
{
	worksheet_freeze_panes(ws, 1, 0);
	note(x, worksheet_autofilter(ws, 0, 0, row > 1 ? row - 1 : 1, lastcol));
}

/* A text already cleaned (clean_text) into a cell: as put_text. */
static void put_clean(struct xw *x, lxw_worksheet *ws, lxw_row_t r, lxw_col_t c, const char *t,
		      lxw_format *fmt)
{
	if (!*t) {
		if (fmt)
			note(x, worksheet_write_blank(ws, r, c, fmt));
		return;
	}
	note(x, worksheet_write_string(ws, r, c, t, fmt));
}

/* The classes of value_code(): its number format depends on the value only
 * through them (grouped from 1000 or not finite, one decimal from 100, two
 * from 1, then the decimals of three significant digits, at most 12). */
static int value_class(double v)
{
	double a = fabs(v);
	int d;

	if (!isfinite(a) || a >= 1000)
		return 0;
	if (a >= 100)
		return 1;
	if (a >= 1)
		return 2;
	d = a > 0 ? 2 - (int)floor(log10(a)) : 2;
	return 3 + (d > 12 ? 12 : d); /* d >= 2 */
}

/*
 * The Rounds sheets' plan, made before any sheet is added (their number
 * decides the sheets' order): one series a version with rounds, in the
 * comparisons' and their versions' order; how many passes, whether its
 * rounds go by number or in turn, which sheet and columns; the header rows
 * some version needs. One pass over every round.
 */
static void plan_rounds(struct xw *x)
{
	const struct model *m = x->m;
	const lxw_row_t avail = LXW_ROW_MAX - XLSX_ROUNDS_HEAD_MAX;
	const size_t colmax = (size_t)LXW_COL_MAX - 1; /* beside column A */
	int has[WB_RR_ROWS] = { 0 };
	size_t c, v, k, n = 0, used = 0, sheet = 0;
	lxw_row_t row;

	for (c = 0; c < m->ncomparisons; c++)
		n += m->comparisons[c].nversions;
	x->rs = xcalloc(n ? n : 1, sizeof(*x->rs));
	has[WB_RR_WORKLOAD] = has[WB_RR_PLATFORM] = has[WB_RR_VERSION] = 1;
	has[WB_RR_RELEASE] = has[WB_RR_UNIT] = has[WB_RR_ROUNDS] = 1;
	for (c = 0; c < m->ncomparisons; c++) {
		const struct comparison *cmp = &m->comparisons[c];
		for (v = 0; v < cmp->nversions; v++) {
			const struct version_stats *vs = &cmp->versions[v];
			struct rseries *s;
			int rising = 1;
			size_t width;
			if (!vs->nrounds)
				continue;
			s = &x->rs[x->nrs++];
			s->c = c;
			s->v = v;
			s->npasses = 1;
			for (k = 0; k < vs->nrounds; k++) {
				const struct result *r = &vs->rounds[k];
				if (result_npasses(r) > s->npasses)
					s->npasses = result_npasses(r);
				if (k && r->round <= vs->rounds[k - 1].round)
					rising = 0;
				if (result_timestamp(r))
					has[WB_RR_FIRST_DATE] = has[WB_RR_LAST_DATE] = 1;
				if (r->series->v8)
					has[WB_RR_V8] = 1;
			}
			if (vs->v8)
				has[WB_RR_V8] = 1;
			if (vs->line)
				has[WB_RR_LINE] = 1;
			{
				size_t last = (size_t)vs->rounds[vs->nrounds - 1].round;
				s->by_number = rising && last <= avail &&
					       last <= 2 * vs->nrounds + XLSX_ROUND_GAPS;
				s->repeats = !rising;
				s->rows = (lxw_row_t)(s->by_number ? last : vs->nrounds);
			}
			if (!s->by_number)
				has[WB_RR_ORDER] = 1;
			width = s->npasses > 1 ? s->npasses + 1 : 1;
			if (width > colmax) {
				s->elsewhere = 2;
				x->nwide++;
				if (s->npasses > x->wide_passes)
					x->wide_passes = s->npasses;
				continue;
			}
			if (!s->by_number && vs->nrounds > avail) {
				s->elsewhere = 1;
				x->nlong++;
				if (vs->nrounds > x->long_rounds)
					x->long_rounds = vs->nrounds;
				continue;
			}
			if (used + width > colmax) {
				sheet++;
				used = 0;
			}
			s->sheet = sheet;
			s->col = (lxw_col_t)(1 + used);
			s->vcol = (lxw_col_t)(s->col + width - 1);
			used += width;
		}
	}

	/* the sheets, each with the series it holds (in order) */
	x->nrsheets = sheet + 1;
	x->rsheets = xcalloc(x->nrsheets, sizeof(*x->rsheets));
	for (size_t i = 0; i < x->nrsheets; i++) {
		struct buf b = BUF_INIT;
		workbook_rounds_sheet(&b, i + 1);
		x->rsheets[i].name = buf_detach(&b, NULL);
		x->rsheets[i].ref = i ? xasprintf("'%s'", x->rsheets[i].name) : xstrdup(x->rsheets[i].name);
		x->rsheets[i].first = x->nrs;
	}
	for (size_t i = 0; i < x->nrs; i++) {
		struct rsheet *sh;
		if (x->rs[i].elsewhere)
			continue;
		sh = &x->rsheets[x->rs[i].sheet];
		if (sh->first > i)
			sh->first = i;
		sh->n = i + 1 - sh->first; /* the sheet's last series, so far */
		if (x->rs[i].rows > sh->rows)
			sh->rows = x->rs[i].rows;
		sh->lastcol = x->rs[i].vcol;
	}

	/* the header rows: the title and the note, the note on versions
	 * left out when there are some, then the rows some version needs */
	row = XLSX_ROUNDS_TOP - 1 + (x->nwide || x->nlong);
	for (int h = 0; h < WB_RR_ROWS; h++)
		x->rrow[h] = has[h] ? (int)++row : -1;
	x->rheads = row + 1;
	x->rounds_elsewhere = x->nrs && x->nwide + x->nlong == x->nrs;
}

/* Its round values' rows, for formulas: round k on the heads' row + k
 * when by number, else in turn. */
static lxw_row_t series_row(const struct xw *x, const struct rseries *s, size_t k)
{
	const struct version_stats *vs = &x->m->comparisons[s->c].versions[s->v];
	return x->rheads + (lxw_row_t)(s->by_number ? (size_t)vs->rounds[k].round : k + 1);
}

/* The distinct names of a version's rounds, in the order met, ", "
 * between (interned: compared as pointers): each round's release (the
 * version itself when no release is kept) or V8 (the version's when it
 * has one). Within a cell's text. */
static void series_names(struct buf *b, const struct version_stats *vs, int v8)
{
	const char **seen = NULL;
	size_t nseen = 0, alloc = 0;
	const struct series *last = NULL;

	if (v8 && vs->v8) {
		buf_puts(b, vs->v8);
		return;
	}
	for (size_t k = 0; k < vs->nrounds && b->len < MAX_CELL_TEXT; k++) {
		const struct series *s = vs->rounds[k].series;
		const char *name;
		size_t i;
		if (s == last)
			continue;
		last = s;
		name = v8 ? s->v8 : s->release ? s->release : vs->version;
		if (!name)
			continue;
		for (i = 0; i < nseen && seen[i] != name; i++)
			;
		if (i < nseen)
			continue;
		ALLOC_GROW(seen, nseen + 1, alloc);
		seen[nseen++] = name;
		buf_printf(b, "%s%s", b->len ? ", " : "", name);
	}
	free(seen);
}

/* The UTC day of a version's first (last: 1) dated round into day[11];
 * 0 when none is dated. */
static int series_day(const struct version_stats *vs, int last, char day[11])
{
	const struct result *best = NULL;
	double bt = 0, t;

	for (size_t k = 0; k < vs->nrounds; k++)
		if (result_time(&vs->rounds[k], &t) && (!best || (last ? t > bt : t < bt))) {
			best = &vs->rounds[k];
			bt = t;
		}
	return best && iso8601_utc_day(result_timestamp(best), day);
}

/* A series' header cell of row h, over each of its columns. */
static void put_series_head(struct xw *x, lxw_worksheet *ws, const struct rseries *s, int h)
{
	const struct comparison *cmp = &x->m->comparisons[s->c];
	const struct version_stats *vs = &cmp->versions[s->v];
	lxw_row_t row = (lxw_row_t)x->rrow[h];
	struct buf b = BUF_INIT;
	lxw_format *fmt = NULL;
	char day[11];

	switch (h) {
	case WB_RR_WORKLOAD: buf_puts(&b, cmp->workload); fmt = x->rwrap; break;
	case WB_RR_PLATFORM: buf_puts(&b, cell_platform(cmp->platform)); break;
	case WB_RR_VERSION:
		buf_puts(&b, vs->version);
		fmt = vs == words_winner(cmp) ? x->best_text : NULL;
		break;
	case WB_RR_LINE: if (vs->line) buf_puts(&b, vs->line); break;
	case WB_RR_V8: series_names(&b, vs, 1); break;
	case WB_RR_RELEASE: series_names(&b, vs, 0); break;
	case WB_RR_UNIT: buf_puts(&b, cmp->unit); break;
	case WB_RR_ROUNDS:
		if (s->vcol > s->col)
			note(x, worksheet_merge_range(ws, row, s->col, row, s->vcol, "", x->rinteger));
		put_num(x, ws, row, s->col, (double)vs->nrounds, x->rinteger);
		return;
	case WB_RR_FIRST_DATE:
	case WB_RR_LAST_DATE:
		if (series_day(vs, h == WB_RR_LAST_DATE, day))
			buf_puts(&b, day);
		break;
	case WB_RR_ORDER:
		buf_puts(&b, workbook_rounds_order(s->by_number ? WB_ORDER_BY_NUMBER :
						    s->repeats ? WB_ORDER_REPEAT : WB_ORDER_SPARSE));
		break;
	}
	/* a version of several passes: the text over its passes and value */
	if (b.len && s->vcol > s->col)
		note(x, worksheet_merge_range(ws, row, s->col, row, s->vcol, clean_text(x, buf_str(&b)),
					      fmt));
	else if (b.len)
		put_clean(x, ws, row, s->col, clean_text(x, buf_str(&b)), fmt);
	buf_release(&b);
}

/* One round of series s on the row its cursor gives: its passes (when the
 * series has rounds of several) and its value, =MEDIAN over them, with the
 * value cached; or the value alone, a number. */
static void put_round(struct xw *x, lxw_worksheet *ws, lxw_row_t row, struct rseries *s)
{
	const struct comparison *cmp = &x->m->comparisons[s->c];
	const struct version_stats *vs = &cmp->versions[s->v];
	const struct result *r = &vs->rounds[s->k];
	const double val = vs->values[s->k];
	const int cls = value_class(val);
	char f[48];

	if (!s->vf[cls])
		s->vf[cls] = value_format(x, cmp->unit, val);
	if (s->npasses == 1) {
		put_num(x, ws, row, s->vcol, val, s->vf[cls]);
	} else {
		const size_t np = result_npasses(r);
		for (size_t p = 0; p < np; p++)
			put_num(x, ws, row, (lxw_col_t)(s->col + p), result_passes(r)[p], s->pf);
		/* "=MEDIAN(B15:D15)", without a printf */
		memcpy(f, "=MEDIAN(", 8);
		lxw_rowcol_to_cell(f + 8, row, s->col);
		strcat(f + 8, ":");
		lxw_rowcol_to_cell(f + strlen(f), row, (lxw_col_t)(s->col + np - 1));
		strcat(f + 8, ")");
		note(x, worksheet_write_formula_num(ws, row, s->vcol, f, s->vf[cls],
						    isfinite(val) ? val : 0));
	}
	s->k++;
}

/*
 * Rounds sheet i: the title and the note, the header rows (labels in
 * column A), the column heads, then a row per round: column A the round,
 * each version's rounds down its column. Rows are written in order, a
 * round of every version at a time, so a big workbook (constant_memory)
 * streams them.
 */
static void write_rounds_sheet(struct xw *x, size_t i)
{
	struct rsheet *sh = &x->rsheets[i];
	lxw_worksheet *ws = sh->ws;
	struct rseries **active;
	size_t nactive = 0, j;
	struct buf b = BUF_INIT;
	lxw_row_t row;

	worksheet_set_column(ws, 0, 0, 22, NULL);
	if (sh->n)
		worksheet_set_column(ws, 1, sh->lastcol, 13, NULL);
	put_text(x, ws, 0, 0, workbook_label(WB_ROUNDS), x->title);
	workbook_rounds_note(&b, x->with_rounds_csv);
	put_text(x, ws, 0, 1, buf_str(&b), NULL);
	if (x->nwide || x->nlong) {
		buf_reset(&b);
		workbook_rounds_elsewhere(&b, x->nwide, x->wide_passes, (size_t)LXW_COL_MAX - 2,
					  x->nlong, x->long_rounds,
					  (size_t)(LXW_ROW_MAX - XLSX_ROUNDS_HEAD_MAX), x->with_rounds_csv);
		buf_printf(&b, " %s", workbook_label(WB_VERSIONS_HOLD_VALUES));
		put_text(x, ws, 1, 1, buf_str(&b), x->warn);
	}
	buf_release(&b);
	if (!sh->n)
		return;

	for (int h = 0; h < WB_RR_ROWS; h++) {
		if (x->rrow[h] < 0)
			continue;
		/* a row's height as it starts: the rows are streamed in order */
		if (h == WB_RR_WORKLOAD)
			worksheet_set_row(ws, (lxw_row_t)x->rrow[h], 30, NULL);
		put_text(x, ws, (lxw_row_t)x->rrow[h], 0, workbook_rounds_rows[h], x->label);
		for (j = sh->first; j < sh->first + sh->n; j++)
			if (!x->rs[j].elsewhere && x->rs[j].sheet == i)
				put_series_head(x, ws, &x->rs[j], h);
	}
	worksheet_set_row(ws, x->rheads, 30, NULL);
	put_text(x, ws, x->rheads, 0, workbook_round_head, x->header);
	active = xcalloc(sh->n, sizeof(*active));
	for (j = sh->first; j < sh->first + sh->n; j++) {
		struct rseries *s = &x->rs[j];
		const struct comparison *cmp = &x->m->comparisons[s->c];
		if (s->elsewhere || s->sheet != i)
			continue;
		s->pf = pass_format(x, cmp->unit);
		for (size_t p = 0; s->npasses > 1 && p < s->npasses; p++) {
			struct buf h = BUF_INIT;
			workbook_pass_head(&h, p + 1);
			put_text(x, ws, x->rheads, (lxw_col_t)(s->col + p), h.s, x->header_num);
			buf_release(&h);
		}
		put_text(x, ws, x->rheads, s->vcol,
			 s->npasses > 1 ? workbook_round_value_head : workbook_round_value_head1,
			 x->header_num);
		active[nactive++] = s;
	}

	/* a row per round: the versions still to write, in column order */
	for (row = x->rheads + 1; nactive; row++) {
		const lxw_row_t n = row - x->rheads;
		size_t keep = 0;
		put_num(x, ws, row, 0, (double)n, x->integer);
		for (j = 0; j < nactive; j++) {
			struct rseries *s = active[j];
			const struct version_stats *vs = &x->m->comparisons[s->c].versions[s->v];
			if (!s->by_number || (lxw_row_t)vs->rounds[s->k].round == n)
				put_round(x, ws, row, s);
			if (s->k < vs->nrounds)
				active[keep++] = s;
		}
		nactive = keep;
	}
	free(active);

	worksheet_freeze_panes(ws, x->rheads + 1, 1);
	note(x, worksheet_autofilter(ws, x->rheads, 0, x->rheads + sh->rows, sh->lastcol));
	/* printed: the header rows and the rounds' column on every page */
	worksheet_repeat_rows(ws, 0, x->rheads);
	worksheet_repeat_columns(ws, 0, 0);
}

/* Every Rounds sheet, and where each version's round values are. */
static void write_rounds(struct xw *x)
{
	for (size_t i = 0; i < x->nrs; i++) {
		const struct rseries *s = &x->rs[i];
		struct vpos *pos = &x->pos[s->c][s->v];
		const struct version_stats *vs = &x->m->comparisons[s->c].versions[s->v];
		pos->has_rounds = 1;
		if (s->elsewhere)
			continue;
		pos->in_sheet = 1;
		pos->by_number = s->by_number;
		pos->sheet = x->rsheets[s->sheet].ref;
		pos->col = s->vcol;
		pos->first = series_row(x, s, 0);
		pos->last = series_row(x, s, vs->nrounds - 1);
	}
	for (size_t i = 0; i < x->nrsheets; i++)
		write_rounds_sheet(x, i);
}

/*
 * Versions row r, column "Rounds as analysed": "yes" while version v of
 * comparison c still has the rounds noisefloor analysed: their count, their
 * sum and their sum weighted by the round number (which moves when values
 * trade places between rounds) within 1e-9 of the analysed ones. Else "no":
 * a round or a pass was edited, and the verdicts, the rank tests and the
 * Impact figures (values) are of the rounds as they were.
 */
static void put_analysed(struct xw *x, lxw_row_t r, size_t c, size_t v)
{
	const struct version_stats *vs = &x->m->comparisons[c].versions[v];
	const struct vpos *pos = &x->pos[c][v];
	double sum = 0, wsum = 0;
	char rr[32], rn[32];

	for (size_t k = 0; k < vs->nrounds; k++) {
		sum += vs->values[k];
		/* weighted by column A: the round's number, or its turn */
		wsum += (pos->by_number ? vs->rounds[k].round : (double)(k + 1)) * vs->values[k];
	}
	col_range(rr, pos->first, pos->last, pos->col);
	col_range(rn, pos->first, pos->last, 0);
	buf_reset(&x->f);
	buf_printf(&x->f, "=IF(AND(COUNT(%s!%s)=%zu,ABS(SUM(%s!%s)-(%.17g))<=1E-9*ABS(%.17g),"
		   "ABS(SUMPRODUCT(%s!%s,%s!%s)-(%.17g))<=1E-9*ABS(%.17g)),\"yes\",\"no\")",
		   pos->sheet, rr, vs->nrounds, pos->sheet, rr, sum, sum, pos->sheet, rn, pos->sheet, rr,
		   wsum, wsum);
	note(x, worksheet_write_formula_str(x->versions, r, V_ANALYSED, buf_str(&x->f), NULL, "yes"));
}

/* Versions: per version, every statistic as a formula over its Rounds rows. */
static void write_versions(struct xw *x)
{
	const char *const *heads = workbook_versions_heads;
	const struct model *m = x->m;
	lxw_worksheet *ws = x->versions;
	lxw_row_t row = 1;
	size_t c, v;
	char a[16], b[16], rr[32];
	int col;

	start_table(ws, 30);
	for (col = 0; col < V_NCOLS; col++)
		put_text(x, ws, 0, (lxw_col_t)col, heads[col],
			 col >= V_ROUNDS && col <= V_CHANGE ? x->header_num :
			 col == V_UNIT ? x->header_ind : x->header);

	/* Rows first, so the change formulas can name the baseline's row. */
	for (c = 0; c < m->ncomparisons; c++)
		for (v = 0; v < m->comparisons[c].nversions; v++)
			x->pos[c][v].row = row++;

	for (c = 0; c < m->ncomparisons; c++) {
		const struct comparison *cmp = &m->comparisons[c];
		int higher = cmp->better == BETTER_HIGHER;
		for (v = 0; v < cmp->nversions; v++) {
			const struct version_stats *vs = &cmp->versions[v];
			const struct vpos *pos = &x->pos[c][v];
			lxw_row_t r = pos->row;

			put_text(x, ws, r, V_WORKLOAD, cmp->workload, NULL);
			put_text(x, ws, r, V_PLATFORM, cell_platform(cmp->platform), NULL);
			put_text(x, ws, r, V_VERSION, vs->version,
				 vs == words_winner(cmp) ? x->best_text : NULL);
			put_text(x, ws, r, V_LINE, vs->line, NULL);
			put_text(x, ws, r, V_V8, vs->v8, NULL);
			put_text(x, ws, r, V_STATUS, vs->status, NULL);
			put_text(x, ws, r, V_BASELINE, vs->is_baseline ? "baseline" : NULL, NULL);
			put_text(x, ws, r, V_UNIT, cmp->unit, x->indent);
			put_text(x, ws, r, V_BETTER, better_name(cmp->better), NULL);
			if (!pos->has_rounds) {
				put_num(x, ws, r, V_ROUNDS, 0, x->integer);
				continue;
			}
			if (!pos->in_sheet) {
				put_num(x, ws, r, V_ROUNDS, (double)vs->nrounds, x->integer);
				put_num(x, ws, r, V_BEST, vs->best, value_format(x, cmp->unit, vs->best));
				put_num(x, ws, r, V_WORST, vs->worst_round,
					value_format(x, cmp->unit, vs->worst_round));
				put_num(x, ws, r, V_MEDIAN, vs->median, value_format(x, cmp->unit, vs->median));
				if (vs->nrounds >= 2)
					put_num(x, ws, r, V_SPREAD, vs->spread, spread_format(x, vs->spread));
			} else {
				const char *sh = pos->sheet;
				col_range(rr, pos->first, pos->last, pos->col);
				put_formula(x, ws, r, V_ROUNDS, x->integer, (double)vs->nrounds,
					    "=COUNT(%s!%s)", sh, rr);
				put_formula(x, ws, r, V_BEST, value_format(x, cmp->unit, vs->best),
					    vs->best, "=%s(%s!%s)", higher ? "MAX" : "MIN", sh, rr);
				put_formula(x, ws, r, V_WORST, value_format(x, cmp->unit, vs->worst_round),
					    vs->worst_round, "=%s(%s!%s)", higher ? "MIN" : "MAX", sh, rr);
				put_formula(x, ws, r, V_MEDIAN, value_format(x, cmp->unit, vs->median),
					    vs->median, "=MEDIAN(%s!%s)", sh, rr);
				/* one round has no spread: the cell stays empty */
				if (vs->nrounds >= 2)
					put_formula(x, ws, r, V_SPREAD, spread_format(x, vs->spread), vs->spread,
						    "=(MAX(%s!%s)-MIN(%s!%s))/(2*%s)", sh, rr, sh, rr,
						    cell(a, r, V_MEDIAN));
				put_analysed(x, r, c, v);
			}
			if (cmp->baseline_idx >= 0 &&
			    x->pos[c][cmp->baseline_idx].has_rounds)
				put_formula(x, ws, r, V_CHANGE, signed_format(x, vs->change), vs->change,
					    "=%s/%s-1", cell(a, r, V_BEST),
					    cell(b, x->pos[c][cmp->baseline_idx].row, V_BEST));
		}
	}

	worksheet_set_column(ws, V_WORKLOAD, V_WORKLOAD, 28, NULL);
	worksheet_set_column(ws, V_PLATFORM, V_VERSION, 12, NULL);
	worksheet_set_column(ws, V_LINE, V_LINE, 8, NULL);
	worksheet_set_column(ws, V_V8, V_V8, 20, NULL);
	worksheet_set_column(ws, V_STATUS, V_STATUS, 16, NULL);
	worksheet_set_column(ws, V_BASELINE, V_ROUNDS, 9, NULL);
	worksheet_set_column(ws, V_BEST, V_MEDIAN, 13, NULL);
	worksheet_set_column(ws, V_SPREAD, V_SPREAD, 10, NULL);
	worksheet_set_column(ws, V_CHANGE, V_CHANGE, 15, NULL);
	worksheet_set_column(ws, V_UNIT, V_BETTER, 8, NULL);
	worksheet_set_column(ws, V_ANALYSED, V_ANALYSED, 10, NULL);
	finish_table(x, ws, row, V_NCOLS - 1);
}

/*
 * Pairs: the rank test of every pair of versions of every comparison, in
 * analysis.json's order. Rounds, the ratio of medians, significance and the
 * power floor are formulas over the Versions sheet and the row's own cells;
 * U, p, p after Holm (which needs every pair of the comparison), the ratio's
 * Hodges-Lehmann estimate with the interval built around it, the shift and
 * the rounds needed are the model's values. The ratio of medians is another
 * estimate, kept apart from the interval by the estimate's column.
 */
static void write_pairs(struct xw *x)
{
	const struct report_method *mt = &x->r->method;
	struct workbook_pairs_heads wh;
	const char *const *heads = wh.heads;
	const struct model *m = x->m;
	lxw_worksheet *ws = x->pairs;
	lxw_format *ratio = num_format(x, "0.000");
	lxw_row_t row = 1;
	size_t c, i;
	char a[16], b[16];
	int col;

	workbook_pairs_heads(&wh, x->r);
	start_table(ws, 45);
	for (col = 0; col < P_NCOLS; col++)
		put_text(x, ws, 0, (lxw_col_t)col, heads[col],
			 col >= P_ROUNDS_A && col <= P_SHIFT ? x->header_num :
			 col == P_UNIT ? x->header_ind :
			 col >= P_FLOOR ? x->header_num : x->header);

	for (c = 0; c < m->ncomparisons; c++) {
		const struct comparison *cmp = &m->comparisons[c];
		for (i = 0; i < cmp->npairs; i++, row++) {
			const struct pair_stats *ps = &cmp->pairs[i];
			const struct version_stats *va = &cmp->versions[ps->a], *vb = &cmp->versions[ps->b];
			const struct vpos *pa = &x->pos[c][ps->a], *pb = &x->pos[c][ps->b];
			int linked = pa->has_rounds && pb->has_rounds;

			put_text(x, ws, row, P_WORKLOAD, cmp->workload, NULL);
			put_text(x, ws, row, P_PLATFORM, cell_platform(cmp->platform), NULL);
			put_text(x, ws, row, P_A, va->version, NULL);
			put_text(x, ws, row, P_B, vb->version, NULL);
			if (linked) {
				put_formula(x, ws, row, P_ROUNDS_A, x->integer, (double)va->nrounds,
					    "=Versions!%s", cell(a, pa->row, V_ROUNDS));
				put_formula(x, ws, row, P_ROUNDS_B, x->integer, (double)vb->nrounds,
					    "=Versions!%s", cell(a, pb->row, V_ROUNDS));
				put_formula(x, ws, row, P_RATIO, ratio, ps->median_ratio, "=Versions!%s/Versions!%s",
					    cell(a, pb->row, V_MEDIAN), cell(b, pa->row, V_MEDIAN));
			} else {
				put_num(x, ws, row, P_ROUNDS_A, (double)va->nrounds, x->integer);
				put_num(x, ws, row, P_ROUNDS_B, (double)vb->nrounds, x->integer);
				put_num(x, ws, row, P_RATIO, ps->median_ratio, ratio);
			}
			put_num(x, ws, row, P_ESTIMATE, ps->ratio, ratio);
			put_num(x, ws, row, P_U, ps->u, NULL);
			put_num(x, ws, row, P_P, ps->p, p_format(x, ps->p));
			put_num(x, ws, row, P_P_HOLM, ps->p_holm, p_format(x, ps->p_holm));
			put_num(x, ws, row, P_CI_LOW, ps->ci_low, ratio);
			put_num(x, ws, row, P_CI_HIGH, ps->ci_high, ratio);
			put_num(x, ws, row, P_SHIFT, ps->shift,
				signed_value_format(x, cmp->unit, ps->shift));
			put_text(x, ws, row, P_UNIT, cmp->unit, x->indent);
			/* the level as alpha, the same rule as the model's */
			buf_reset(&x->f);
			buf_printf(&x->f, "=IF(%s<%s,\"yes\",\"no\")", cell(a, row, P_P_HOLM),
				   mt->alpha_text);
			note(x, worksheet_write_formula_str(ws, row, P_SIGNIFICANT, buf_str(&x->f),
							    ps->significant ? x->best_text : NULL,
							    ps->significant ? "yes" : "no"));
			put_text(x, ws, row, P_BORDERLINE, ps->borderline ? "yes" : "no", NULL);
			/* Mann-Whitney: 2 / C(n + m, n), which a spreadsheet's COMBIN
			 * holds up to about 1000 rounds in all */
			if (ps->test && strcmp(ps->test, "signed-rank") == 0 && va->nrounds <= 1000)
				/* the signed rank test of n shared rounds: 2 / 2^n */
				put_formula(x, ws, row, P_FLOOR, p_format(x, ps->p_floor), ps->p_floor,
					    "=MIN(1,2/POWER(2,%s))", cell(a, row, P_ROUNDS_A));
			else if (va->nrounds + vb->nrounds <= 1000)
				put_formula(x, ws, row, P_FLOOR, p_format(x, ps->p_floor), ps->p_floor,
					    "=MIN(1,2/COMBIN(%s+%s,%s))", cell(a, row, P_ROUNDS_A),
					    cell(b, row, P_ROUNDS_B), cell(a, row, P_ROUNDS_A));
			else
				put_num(x, ws, row, P_FLOOR, ps->p_floor, p_format(x, ps->p_floor));
			if (ps->rounds_needed > 0)
				put_num(x, ws, row, P_NEEDED, ps->rounds_needed, x->integer);
		}
	}

	worksheet_set_column(ws, P_WORKLOAD, P_WORKLOAD, 28, NULL);
	worksheet_set_column(ws, P_PLATFORM, P_B, 12, NULL);
	worksheet_set_column(ws, P_ROUNDS_A, P_ROUNDS_B, 8, NULL);
	worksheet_set_column(ws, P_U, P_P_HOLM, 10, NULL);
	worksheet_set_column(ws, P_RATIO, P_CI_HIGH, 11, NULL);
	worksheet_set_column(ws, P_SHIFT, P_SHIFT, 14, NULL);
	worksheet_set_column(ws, P_UNIT, P_UNIT, 8, NULL);
	worksheet_set_column(ws, P_SIGNIFICANT, P_BORDERLINE, 15, NULL);
	worksheet_set_column(ws, P_FLOOR, P_NEEDED, 12, NULL);
	finish_table(x, ws, row, P_NCOLS - 1);
	workbook_pairs_heads_free(&wh);
}

/*
 * Impact: the article's calculator, offline. Requests per second, payload
 * (KB) and cores are plain cells a reader can change; every figure is a
 * formula over them and the confirmed claim's measurements, computed as
 * impact.c computes it. Those measurements (the two bests and the ratio
 * interval) are the analysis' values, not links to the Versions sheet: a
 * claim is the analysis' answer, and an edited round must not turn it into
 * a figure the analysis would not give (or a negative "saving"). The inputs
 * are --rps, --payload and --cores, or the example ones without them.
 */
static void write_impact(struct xw *x)
{
	const char *const *heads = workbook_impact_heads;
	const struct model *m = x->m;
	const struct impact_inputs *in = &m->impact_in;
	lxw_worksheet *ws = x->impact;
	/* a negative figure is a cost, never shown as a saving */
	lxw_format *ms = num_format(x, "0.000"), *ratio = num_format(x, "0.0000");
	lxw_format *saved = num_format(x, "0.000;\"\xE2\x88\x92\"0.000\" (a cost)\";0.000");
	lxw_format *pct = num_format(x, "0.000%;\"\xE2\x88\x92\"0.000%\" (a cost)\";0.000%");
	lxw_format *cores = num_format(x, "0.0000;\"\xE2\x88\x92\"0.0000\" (a cost)\";0.0000");
	lxw_row_t row = I_ROW_HEAD + 1;
	const char *k = "$B$3*$B$4/1024"; /* MB per second handled */
	char a[16], b[16];
	int col;

	put_text(x, ws, 0, 0, workbook_label(WB_WORTH), x->title);
	put_text(x, ws, I_ROW_RPS, 0, workbook_label(WB_RPS), x->label);
	put_num(x, ws, I_ROW_RPS, 1, in->rps, NULL);
	put_text(x, ws, I_ROW_PAYLOAD, 0, workbook_label(WB_PAYLOAD), x->label);
	put_num(x, ws, I_ROW_PAYLOAD, 1, in->payload / 1024, NULL);
	put_text(x, ws, I_ROW_CORES, 0, workbook_label(WB_CORES), x->label);
	if (in->cores > 0)
		put_num(x, ws, I_ROW_CORES, 1, in->cores, NULL);
	put_text(x, ws, I_ROW_CORES + 1, 0, workbook_label(in->given ? WB_INPUTS_GIVEN : WB_INPUTS_EXAMPLE),
		 x->indent);
	put_text(x, ws, I_ROW_CORES + 2, 0, workbook_label(WB_IMPACT_FORMULA), x->indent);
	put_text(x, ws, I_ROW_CORES + 3, 0, workbook_label(WB_IMPACT_VALUES), x->indent);
	worksheet_set_row(ws, I_ROW_HEAD, 45, NULL); /* before its cells: rows go in order */
	for (col = 0; col < I_NCOLS; col++)
		put_text(x, ws, I_ROW_HEAD, (lxw_col_t)col, heads[col],
			 col >= I_BYTES && col != I_FROM && col != I_TO && col != I_NOTE ?
			 x->header_num : x->header);

	for (size_t i = 0; i < m->nimpacts; i++, row++) {
		const struct impact *im = &m->impacts[i];
		const struct comparison *cmp = &m->comparisons[im->comparison];
		double scale = impact_ms_per_unit(cmp->unit);

		put_text(x, ws, row, I_WORKLOAD, cmp->workload, NULL);
		put_text(x, ws, row, I_PLATFORM, cell_platform(cmp->platform), NULL);
		put_num(x, ws, row, I_BYTES, im->bytes, x->integer);
		if (!im->confirmed) {
			struct buf why = BUF_INIT;
			report_impact_why(&why, m, im);
			put_text(x, ws, row, I_NOTE, why.s, NULL);
			buf_release(&why);
			continue;
		}
		put_text(x, ws, row, I_FROM, cmp->versions[im->from].version, NULL);
		put_text(x, ws, row, I_TO, cmp->versions[im->to].version,
			 &cmp->versions[im->to] == words_winner(cmp) ? x->best_text : NULL);
		/* the claim's measurements, in ms whatever the unit of time */
		put_num(x, ws, row, I_BEST_FROM, cmp->versions[im->from].best * scale, ms);
		put_num(x, ws, row, I_BEST_TO, cmp->versions[im->to].best * scale, ms);
		put_num(x, ws, row, I_Q_LOW, im->q_low, ratio);
		put_num(x, ws, row, I_Q_HIGH, im->q_high, ratio);
		put_formula(x, ws, row, I_MS_FROM, ms, im->ms_per_mb_from, "=%s/(%s/1048576)",
			    cell(a, row, I_BEST_FROM), cell(b, row, I_BYTES));
		put_formula(x, ws, row, I_MS_TO, ms, im->ms_per_mb_to, "=%s/(%s/1048576)",
			    cell(a, row, I_BEST_TO), cell(b, row, I_BYTES));
		put_formula(x, ws, row, I_SAVED, saved, im->saved_ms_per_s, "=%s*(%s-%s)", k,
			    cell(a, row, I_MS_FROM), cell(b, row, I_MS_TO));
		/* cores freed is the share of one core: one column, not two
		 * with the same formula */
		put_formula(x, ws, row, I_CORES_FREED, cores, im->core_share, "=%s/1000",
			    cell(a, row, I_SAVED));
		buf_reset(&x->f);
		buf_printf(&x->f, "=IF($B$5>0,%s/$B$5,\"\")", cell(a, row, I_CORES_FREED));
		if (in->cores > 0)
			note(x, worksheet_write_formula_num(ws, row, I_PROVISIONED, buf_str(&x->f), pct,
							    im->provisioned_share));
		else
			note(x, worksheet_write_formula_str(ws, row, I_PROVISIONED, buf_str(&x->f), pct,
							    ""));
		/* saved = rps x payload MB x ms/MB of the slower x (1 - ratio) */
		put_formula(x, ws, row, I_SAVED_LOW, saved, im->saved_low, "=%s*%s*(1-%s)", k,
			    cell(a, row, I_MS_FROM), cell(b, row, I_Q_HIGH));
		put_formula(x, ws, row, I_SAVED_HIGH, saved, im->saved_high, "=%s*%s*(1-%s)", k,
			    cell(a, row, I_MS_FROM), cell(b, row, I_Q_LOW));
	}
	put_text(x, ws, row + 1, 0, workbook_label(WB_IMPACT_NO_BYTES), x->indent);
	worksheet_set_column(ws, I_WORKLOAD, I_WORKLOAD, 34, NULL);
	worksheet_set_column(ws, I_PLATFORM, I_TO, 12, NULL);
	worksheet_set_column(ws, I_BEST_FROM, I_SAVED_HIGH, 13, NULL);
	worksheet_set_column(ws, I_NOTE, I_NOTE, 60, NULL);
}

/* 1 when some comparison has a step: then the workbook has a Steps sheet. */
static int any_steps(const struct model *m)
{
	for (size_t c = 0; c < m->ncomparisons; c++)
		if (m->comparisons[c].nsteps)
			return 1;
	return 0;
}

/* Steps: where the best value of a long series moves and stays, with the
 * V8 versions on each side; bests link to Versions, the change is a
 * formula over them. */
static void write_steps(struct xw *x)
{
	const char *const *heads = workbook_steps_heads;
	const struct model *m = x->m;
	lxw_worksheet *ws = x->steps;
	lxw_row_t row = 1;
	size_t c, i;
	char a[16], b[16];
	int col;

	start_table(ws, 30);
	for (col = 0; col < S_NCOLS; col++)
		put_text(x, ws, 0, (lxw_col_t)col, heads[col],
			 col >= S_BEST_BEFORE && col <= S_CHANGE ? x->header_num :
			 col == S_UNIT ? x->header_ind : x->header);
	for (c = 0; c < m->ncomparisons; c++) {
		const struct comparison *cmp = &m->comparisons[c];
		for (i = 0; i < cmp->nsteps; i++, row++) {
			const struct step *st = &cmp->steps[i];
			const struct version_stats *vb = &cmp->versions[st->before];
			const struct version_stats *va = &cmp->versions[st->after];
			const struct vpos *pb = &x->pos[c][st->before], *pa = &x->pos[c][st->after];

			put_text(x, ws, row, S_WORKLOAD, cmp->workload, NULL);
			put_text(x, ws, row, S_PLATFORM, cell_platform(cmp->platform), NULL);
			put_text(x, ws, row, S_BEFORE, vb->version, NULL);
			put_text(x, ws, row, S_V8_BEFORE, vb->v8, NULL);
			put_text(x, ws, row, S_AFTER, va->version, NULL);
			put_text(x, ws, row, S_V8_AFTER, va->v8, NULL);
			put_text(x, ws, row, S_UNIT, cmp->unit, x->indent);
			if (!pb->has_rounds || !pa->has_rounds) {
				put_num(x, ws, row, S_BEST_BEFORE, vb->best, value_format(x, cmp->unit, vb->best));
				put_num(x, ws, row, S_BEST_AFTER, va->best, value_format(x, cmp->unit, va->best));
				put_num(x, ws, row, S_CHANGE, st->change, signed_format(x, st->change));
				continue;
			}
			put_formula(x, ws, row, S_BEST_BEFORE, value_format(x, cmp->unit, vb->best),
				    vb->best, "=Versions!%s", cell(a, pb->row, V_BEST));
			put_formula(x, ws, row, S_BEST_AFTER, value_format(x, cmp->unit, va->best),
				    va->best, "=Versions!%s", cell(a, pa->row, V_BEST));
			put_formula(x, ws, row, S_CHANGE, signed_format(x, st->change), st->change,
				    "=%s/%s-1", cell(a, row, S_BEST_AFTER), cell(b, row, S_BEST_BEFORE));
		}
	}
	worksheet_set_column(ws, S_WORKLOAD, S_WORKLOAD, 28, NULL);
	worksheet_set_column(ws, S_PLATFORM, S_PLATFORM, 12, NULL);
	worksheet_set_column(ws, S_BEFORE, S_V8_AFTER, 16, NULL);
	worksheet_set_column(ws, S_BEST_BEFORE, S_CHANGE, 12, NULL);
	worksheet_set_column(ws, S_UNIT, S_UNIT, 8, NULL);
	finish_table(x, ws, row, S_NCOLS - 1);
}

/* Support: every release line with its status on the report date. */
static void write_support(struct xw *x)
{
	const char *const *heads = workbook_support_heads;
	const size_t nheads = 11;
	const struct schedule *s = &x->m->schedule;
	lxw_worksheet *ws = x->support;
	lxw_row_t row = 1;
	size_t i, h;
	struct buf status_head = BUF_INIT;

	workbook_status_on(&status_head, x->m->as_of);
	for (h = 0; h < nheads; h++)
		put_text(x, ws, 0, (lxw_col_t)h, h == 2 ? status_head.s : heads[h], x->header);
	buf_release(&status_head);
	for (i = 0; i < s->nlines; i++, row++) {
		const struct release_line *l = &s->lines[i];
		put_text(x, ws, row, 0, l->line, x->m->recommended == l ? x->label : NULL);
		put_text(x, ws, row, 1, l->codename, NULL);
		put_text(x, ws, row, 2, l->status, NULL);
		put_date(x, ws, row, 3, l->start);
		put_date(x, ws, row, 4, l->lts);
		put_date(x, ws, row, 5, l->maintenance);
		put_date(x, ws, row, 6, l->end);
		put_text(x, ws, row, 7, l->v8, NULL);
		put_text(x, ws, row, 8, l->latest, NULL);
		put_text(x, ws, row, 9, l->compared ? "yes" : "no", NULL);
		put_text(x, ws, row, 10, support_pick_when(l->status), NULL);
	}
	worksheet_set_column(ws, 0, 0, 8, NULL);
	worksheet_set_column(ws, 1, 1, 12, NULL);
	worksheet_set_column(ws, 2, 2, 20, NULL);
	worksheet_set_column(ws, 3, 6, 12, NULL);
	worksheet_set_column(ws, 7, 7, 20, NULL);
	worksheet_set_column(ws, 8, 9, 13, NULL);
	worksheet_set_column(ws, 10, 10, 70, NULL);
	finish_table(x, ws, row, 10);
}

/* The verdict table of the Summary, from row `head`; returns the row after
 * it. Bests and spreads link to the Versions sheet. Gap, noise, verdict,
 * winner and finding are the analysis' values, labelled so: the verdict
 * needs the rank test, which no formula redoes (its p-values are values
 * too), and a formula that applied the rule alone could say what the
 * analysis would not. The last column says whether the rounds are still
 * the ones analysed. */
static lxw_row_t write_verdicts(struct xw *x, lxw_row_t head)
{
	const struct model *m = x->m;
	lxw_worksheet *ws = x->summary;
	lxw_col_t gap_col = (lxw_col_t)(4 + 2 * x->ncols);
	lxw_row_t row = head + 1;
	size_t c, v, i;
	char a[16], rr[32];
	int any_spread;

	put_text(x, ws, head - 1, gap_col, workbook_label(WB_COMPUTED_AS_VALUES), x->label);
	/* the numbers are what each verdict compared, with its band */
	buf_reset(&x->f);
	workbook_each_version(&x->f, x->r->compared_header);
	put_text(x, ws, head - 1, 0, buf_str(&x->f), x->label);
	worksheet_set_row(ws, head, 30, NULL); /* before its cells: rows go in order */
	put_text(x, ws, head, 0, "Workload", x->header);
	put_text(x, ws, head, 1, "Platform", x->header);
	put_text(x, ws, head, 2, "Unit", x->header);
	put_text(x, ws, head, 3, "Better", x->header);
	for (i = 0; i < x->ncols; i++)
		for (int band = 0; band < 2; band++) {
			buf_reset(&x->f);
			workbook_value_head(&x->f, x->cols[i], band);
			put_text(x, ws, head, (lxw_col_t)(4 + 2 * i + band), buf_str(&x->f), x->header_num);
		}
	put_text(x, ws, head, gap_col, "Gap", x->header_num);
	put_text(x, ws, head, gap_col + 1, "Noise", x->header_num);
	put_text(x, ws, head, gap_col + 2, "Verdict", x->header_ind);
	put_text(x, ws, head, gap_col + 3, "Winner", x->header);
	put_text(x, ws, head, gap_col + 4, "Finding", x->header);
	put_text(x, ws, head, gap_col + 5, workbook_label(WB_ROUNDS_AS_ANALYSED), x->header);

	for (c = 0; c < m->ncomparisons; c++, row++) {
		const struct comparison *cmp = &m->comparisons[c];
		const struct version_stats *win = words_winner(cmp);
		int in_sheet = cmp->nversions > 0;

		put_text(x, ws, row, 0, cmp->workload, NULL);
		put_text(x, ws, row, 1, cell_platform(cmp->platform), NULL);
		put_text(x, ws, row, 2, cmp->unit, NULL);
		put_text(x, ws, row, 3, better_name(cmp->better), NULL);
		any_spread = 0;
		for (v = 0; v < cmp->nversions; v++) {
			const struct version_stats *vs = &cmp->versions[v];
			const struct vpos *pos = &x->pos[c][v];
			int ci = col_index(x, vs->version);
			lxw_col_t bc = (lxw_col_t)(4 + 2 * (ci < 0 ? 0 : ci));
			in_sheet &= pos->in_sheet;
			if (!pos->has_rounds || ci < 0) /* a version without a column */
				continue;
			/* the value the verdict compared (best or median: both
			 * on the Versions sheet) and the band it used: the
			 * spread is there too, a quantile band is a value */
			put_formula(x, ws, row, bc, value_format_b(x, cmp->unit, vs->level, vs == win),
				    vs->level, "=Versions!%s",
				    cell(a, pos->row, cmp->compared.level == LEVEL_MEDIAN ? V_MEDIAN : V_BEST));
			if (vs->nrounds < 2)
				continue;
			if (cmp->compared.band == BAND_SPREAD)
				put_formula(x, ws, row, bc + 1, spread_format(x, vs->band), vs->band,
					    "=Versions!%s", cell(a, pos->row, V_SPREAD));
			else
				put_num(x, ws, row, bc + 1, vs->band, spread_format(x, vs->band));
			any_spread = 1;
		}
		if (cmp->verdict != VERDICT_INSUFFICIENT)
			put_num(x, ws, row, gap_col, cmp->gap, gap_format(x, cmp->gap));
		if (cmp->verdict != VERDICT_INSUFFICIENT || cmp->design != DESIGN_ROUNDS || any_spread)
			put_num(x, ws, row, gap_col + 1, cmp->noise, spread_format(x, cmp->noise));
		put_text(x, ws, row, gap_col + 2, verdict_name(cmp->verdict), x->indent);
		if (win)
			put_text(x, ws, row, gap_col + 3, win->version, x->best_text);
		put_text(x, ws, row, gap_col + 4, x->r->comparisons[c].text, NULL);
		if (in_sheet) {
			lxw_rowcol_to_range(rr, x->pos[c][0].row, V_ANALYSED,
					    x->pos[c][cmp->nversions - 1].row, V_ANALYSED);
			buf_reset(&x->f);
			buf_printf(&x->f, "=IF(COUNTIF(Versions!%s,\"yes\")=%zu,\"yes\",\"%s\")", rr,
				   cmp->nversions, workbook_label(WB_ROUNDS_EDITED));
			note(x, worksheet_write_formula_str(ws, row, gap_col + 5, buf_str(&x->f), NULL,
							    "yes"));
		}
	}

	for (i = 0; i < x->ncols; i++) {
		worksheet_set_column(ws, (lxw_col_t)(4 + 2 * i), (lxw_col_t)(4 + 2 * i), 13, NULL);
		worksheet_set_column(ws, (lxw_col_t)(5 + 2 * i), (lxw_col_t)(5 + 2 * i), 9, NULL);
	}
	worksheet_set_column(ws, gap_col, gap_col + 1, 8, NULL);
	worksheet_set_column(ws, gap_col + 2, gap_col + 2, 14, NULL);
	worksheet_set_column(ws, gap_col + 3, gap_col + 3, 12, NULL);
	worksheet_set_column(ws, gap_col + 4, gap_col + 4, 40, NULL);
	worksheet_set_column(ws, gap_col + 5, gap_col + 5, 12, NULL);
	worksheet_freeze_panes(ws, head + 1, 1);
	note(x, worksheet_autofilter(ws, head, 0, row > head + 1 ? row - 1 : head + 1,
				     gap_col + 5));
	return row;
}

/* Summary: title, method, warnings, the verdict table (frozen, filtered),
 * the support windows of the lines the documents show (report.h `shown`),
 * the recommendation and the environment. */
static void write_summary(struct xw *x)
{
	const struct model *m = x->m;
	const struct schedule *s = &m->schedule;
	lxw_worksheet *ws = x->summary;
	lxw_row_t row = 0;
	size_t i;

	put_text(x, ws, row++, 0, m->title && *m->title ? m->title : workbook_label(WB_BENCHMARK_REPORT),
		 x->title);
	put_text(x, ws, row, 0, workbook_label(WB_REPORT_DATE), x->label);
	put_date(x, ws, row++, 1, m->as_of);
	if (m->notes && *m->notes)
		put_text(x, ws, row++, 0, m->notes, NULL);
	for (i = 0;; i++) {
		struct buf t = BUF_INIT;
		if (!workbook_method_line(&t, i, x->r, x->rounds_elsewhere)) {
			buf_release(&t);
			break;
		}
		put_text(x, ws, row++, 0, t.s, NULL);
		buf_release(&t);
	}
	if (x->r->grouping_text) {
		/* how exact releases were compared is method, not a warning */
		char *t = xasprintf("%s.", x->r->grouping_text);
		render_capital(t);
		put_text(x, ws, row++, 0, t, NULL);
		free(t);
	}
	for (i = 0; i < x->r->nwarnings; i++) {
		put_text(x, ws, row, 0, workbook_label(WB_WARNING), x->warn);
		put_text(x, ws, row++, 1, x->r->warnings[i], x->warn);
	}
	row = write_columns_left_out(x, row);
	row = write_verdicts(x, row + 1);

	/* The support windows that matter to the choice, as every document
	 * shows them; every line is on the Support sheet. Columns fit the verdict table's widths.
	 * Variants get no release advice: what they are, in its place. */
	if (!x->r->releases) {
		row++;
		put_text(x, ws, row++, 0, workbook_label(WB_VERSIONS), x->label);
		char *note = xasprintf("%s.", x->r->variants_note);
		render_capital(note);
		put_text(x, ws, row++, 0, note, NULL);
		free(note);
		goto environment;
	}
	row++;
	put_text(x, ws, row++, 0, workbook_label(WB_SUPPORT_WINDOWS), x->label);
	{
		/* the support sheet's columns: line, status, end, compared, who */
		static const int cols[] = { 0, 2, 6, 9, 10 };
		struct buf h = BUF_INIT;
		workbook_status_on(&h, m->as_of);
		for (i = 0; i < sizeof cols / sizeof *cols; i++)
			put_text(x, ws, row, (lxw_col_t)i, i == 1 ? h.s : workbook_support_heads[cols[i]],
				 x->header);
		buf_release(&h);
	}
	worksheet_set_row(ws, row++, 30, NULL);
	for (i = 0; i < s->nlines; i++) {
		const struct release_line *l = &s->lines[i];
		struct buf name = BUF_INIT;
		if (!x->r->lines[i].shown)
			continue;
		buf_puts(&name, l->line);
		if (l->codename && *l->codename)
			buf_printf(&name, " (%s)", l->codename);
		put_text(x, ws, row, 0, buf_str(&name), m->recommended == l ? x->label : NULL);
		put_text(x, ws, row, 1, l->status, NULL);
		put_date(x, ws, row, 2, l->end);
		put_text(x, ws, row, 3, l->compared ? "yes" : "no", NULL);
		put_text(x, ws, row++, 4, support_pick_when(l->status), NULL);
		buf_release(&name);
	}

	row++;
	put_text(x, ws, row++, 0, workbook_label(WB_RECOMMENDATION), x->label);
	put_text(x, ws, row++, 0, x->r->recommendation ? x->r->recommendation
			: workbook_label(WB_NO_LTS), NULL);

environment:
	if (m->nenv) {
		row++;
		put_text(x, ws, row++, 0, workbook_label(WB_ENVIRONMENT), x->label);
		for (i = 0; i < m->nenv; i++, row++) {
			put_text(x, ws, row, 0, m->env[i].key, NULL);
			put_text(x, ws, row, 1, m->env[i].value, NULL);
		}
	}

	worksheet_set_column(ws, 0, 0, 28, NULL);
	worksheet_set_column(ws, 1, 1, 21, NULL);
	worksheet_set_column(ws, 2, 3, 11, NULL);
}

/* Sets a chart title: the text itself, or when it would start with '=' (a
 * reference to libxlsxwriter) a link to the cell that holds it. */
static void chart_title(struct xw *x, lxw_chart *ch, const char *text,
			const char *sheet, lxw_row_t r, lxw_col_t c)
{
	const char *t = clean_text(x, text);
	if (*t && *t != '=')
		chart_title_set_name(ch, t);
	else
		chart_title_set_name_range(ch, sheet, r, c);
}

/* Charts: the change-against-baseline overview with its table, then the
 * best value per version of every workload. */
static void write_charts(struct xw *x)
{
	const struct model *m = x->m;
	lxw_worksheet *ws = x->charts;
	lxw_row_t row = 0, top, chart_row;
	size_t c, v, i, nseries = 0;
	int *series_col = xcalloc(x->ncols ? x->ncols : 1, sizeof(int));
	int several_platforms = 0, nlower = 0, nhigher = 0, nsize = 0, nmemory = 0;
	const char *baseline = NULL; /* the baseline version, when all share one */
	lxw_row_t breaks[1024];
	size_t nbreaks = 0;
	char a[16];
	struct buf t = BUF_INIT;

	for (c = 0; c < m->ncomparisons; c++) {
		const struct comparison *cmp = &m->comparisons[c];
		const char *b = cmp->baseline_idx >= 0 ? cmp->versions[cmp->baseline_idx].version : NULL;
		if (strcmp(cmp->platform, m->comparisons[0].platform))
			several_platforms = 1;
		if (c == 0 || (baseline && b && !strcmp(baseline, b)))
			baseline = b;
		else
			baseline = NULL;
		*(cmp->better == BETTER_HIGHER ? &nhigher : &nlower) += 1;
		nsize += cmp->unit_kind == UNIT_SIZE;
		nmemory += words_memory(cmp);
	}

	/* A version gets an overview column unless it is the baseline wherever
	 * it appears (its change is 0 by definition). */
	for (i = 0; i < x->ncols; i++) {
		int other = 0;
		for (c = 0; c < m->ncomparisons; c++)
			for (v = 0; v < m->comparisons[c].nversions; v++)
				if (!strcmp(m->comparisons[c].versions[v].version, x->cols[i]) &&
				    !m->comparisons[c].versions[v].is_baseline)
					other = 1;
		series_col[i] = other ? (int)(2 + nseries++) : -1;
	}

	workbook_change_label(&t, baseline, nlower, nhigher, nsize, nmemory);
	put_text(x, ws, row++, 0, buf_str(&t), x->label);
	top = row;
	put_text(x, ws, top, 0, "Workload", x->header);
	put_text(x, ws, top, 1, "Platform", x->header);
	for (i = 0; i < x->ncols; i++)
		if (series_col[i] >= 0)
			put_text(x, ws, top, (lxw_col_t)series_col[i], x->cols[i], x->header_num);
	row++;
	for (c = 0; c < m->ncomparisons; c++, row++) {
		const struct comparison *cmp = &m->comparisons[c];
		if (several_platforms) {
			struct buf l = BUF_INIT;
			buf_printf(&l, "%s (%s)", cmp->workload, cmp->platform);
			put_text(x, ws, row, 0, buf_str(&l), NULL);
			buf_release(&l);
		} else {
			put_text(x, ws, row, 0, cmp->workload, NULL);
		}
		put_text(x, ws, row, 1, cell_platform(cmp->platform), NULL);
		if (cmp->baseline_idx < 0 || !x->pos[c][cmp->baseline_idx].has_rounds)
			continue;
		for (v = 0; v < cmp->nversions; v++) {
			int ci = col_index(x, cmp->versions[v].version);
			int sc = ci < 0 ? -1 : series_col[ci];
			if (sc < 0 || !x->pos[c][v].has_rounds)
				continue;
			put_formula(x, ws, row, (lxw_col_t)sc, signed_format(x, cmp->versions[v].change),
				    cmp->versions[v].change, "=Versions!%s",
				    cell(a, x->pos[c][v].row, V_CHANGE));
		}
	}
	worksheet_set_column(ws, 0, 0, 30, NULL);
	worksheet_set_column(ws, 1, (lxw_col_t)(1 + nseries), 11, NULL);

	chart_row = row + 1;
	if (nseries && m->ncomparisons) {
		lxw_chart *ch = workbook_add_chart(x->wb, LXW_CHART_BAR);
		lxw_chart_options opt = { 0 };
		lxw_chart_axis *ax;
		if (!ch) {
			note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
			free(series_col);
			buf_release(&t);
			return;
		}
		for (i = 0; i < x->ncols; i++) {
			lxw_chart_series *s;
			if (series_col[i] < 0)
				continue;
			s = chart_add_series(ch, NULL, NULL);
			chart_series_set_categories(s, "Charts", top + 1, 0, row - 1, 0);
			chart_series_set_values(s, "Charts", top + 1, (lxw_col_t)series_col[i],
						row - 1, (lxw_col_t)series_col[i]);
			chart_series_set_name_range(s, "Charts", top, (lxw_col_t)series_col[i]);
		}
		buf_reset(&t);
		workbook_change_title(&t, baseline);
		chart_title_set_name(ch, clean_text(x, buf_str(&t)));
		ax = chart_axis_get(ch, LXW_CHART_AXIS_TYPE_X);
		chart_axis_set_num_format(ax, "+0%;-0%;0%");
		chart_axis_set_name(ax, workbook_label(WB_CHANGE_AXIS));
		ax = chart_axis_get(ch, LXW_CHART_AXIS_TYPE_Y);
		/* first workload on top, as in the table; names left of the plot,
		 * values along the bottom */
		chart_axis_set_reverse(ax);
		chart_axis_set_crossing_max(ax);
		chart_axis_set_label_position(ax, LXW_CHART_AXIS_LABEL_POSITION_LOW);
		chart_legend_set_position(ch, LXW_CHART_LEGEND_BOTTOM);
		opt.x_scale = 2.0;
		opt.y_scale = 1.0 + 0.15 * (double)(m->ncomparisons > 4 ? m->ncomparisons - 4 : 0);
		opt.description = (char *)workbook_label(WB_CHANGE_CHART);
		note(x, worksheet_insert_chart_opt(ws, chart_row, 0, ch, &opt));
		chart_row += (lxw_row_t)(16 * opt.y_scale) + 2;
	}
	breaks[nbreaks++] = chart_row; /* printed: per-workload charts from a new page */

	put_text(x, ws, chart_row++, 0, workbook_label(WB_BEST_CHARTS), x->label);
	for (c = 0; c < m->ncomparisons; c++) {
		const struct comparison *cmp = &m->comparisons[c];
		lxw_chart *ch;
		lxw_chart_series *s;
		lxw_chart_options opt = { 0 };
		lxw_chart_axis *ax;
		lxw_chart_fill best_fill = { 0x2E7D32, 0, 0 }, other_fill = { 0x8A9BB0, 0, 0 };
		lxw_chart_point *pts, **ptrs;
		lxw_row_t r1, r2, at = chart_row + (lxw_row_t)(c / 2) * 16;

		if (!cmp->nversions)
			continue;
		r1 = x->pos[c][0].row;
		r2 = x->pos[c][cmp->nversions - 1].row;
		ch = workbook_add_chart(x->wb, LXW_CHART_COLUMN);
		if (!ch) {
			note(x, LXW_ERROR_MEMORY_MALLOC_FAILED);
			break;
		}
		s = chart_add_series(ch, NULL, NULL);
		chart_series_set_categories(s, "Versions", r1, V_VERSION, r2, V_VERSION);
		chart_series_set_values(s, "Versions", r1, V_BEST, r2, V_BEST);
		buf_reset(&t);
		workbook_best_series(&t, NULL, better_name(cmp->better));
		chart_series_set_name(s, buf_str(&t));
		chart_series_set_labels(s);
		chart_series_set_labels_position(s, LXW_CHART_LABEL_POSITION_OUTSIDE_END);
		pts = xcalloc(cmp->nversions, sizeof(*pts));
		ptrs = xcalloc(cmp->nversions + 1, sizeof(*ptrs));
		for (v = 0; v < cmp->nversions; v++) {
			pts[v].fill = &cmp->versions[v] == words_winner(cmp) ? &best_fill : &other_fill;
			ptrs[v] = &pts[v];
		}
		note(x, chart_series_set_points(s, ptrs));
		free(pts);
		free(ptrs);

		buf_reset(&t);
		buf_printf(&t, "%s", cmp->workload);
		if (several_platforms)
			buf_printf(&t, " (%s)", cmp->platform);
		chart_title(x, ch, buf_str(&t), "Versions", r1, V_WORKLOAD);
		buf_reset(&t);
		workbook_best_series(&t, cmp->unit, better_name(cmp->better));
		ax = chart_axis_get(ch, LXW_CHART_AXIS_TYPE_Y);
		chart_axis_set_name(ax, clean_text(x, buf_str(&t)));
		chart_axis_set_min(ax, 0);
		ax = chart_axis_get(ch, LXW_CHART_AXIS_TYPE_X);
		chart_axis_set_name(ax, workbook_label(WB_VERSION));
		chart_legend_set_position(ch, LXW_CHART_LEGEND_NONE);
		buf_reset(&t);
		workbook_best_description(&t, cmp->workload);
		opt.description = xstrdup(clean_text(x, buf_str(&t)));
		opt.x_offset = (int32_t)(c % 2 ? 520 : 0);
		note(x, worksheet_insert_chart_opt(ws, at, 0, ch, &opt));
		free(opt.description);
		/* printed: two rows of two charts a page */
		if (c % 4 == 0 && c && nbreaks + 1 < sizeof(breaks) / sizeof(*breaks))
			breaks[nbreaks++] = at;
	}
	breaks[nbreaks] = 0;
	note(x, worksheet_set_h_pagebreaks(ws, breaks));
	buf_release(&t);
	free(series_col);
}

/* The creation date: SOURCE_DATE_EPOCH, else the report date at 00:00 UTC,
 * so the same input always gives the same bytes. */
static time_t created_time(const struct model *m, const struct render_ctx *rc)
{
	struct tm tm;
	if (rc && rc->source_date >= 0)
		return (time_t)rc->source_date;
	memset(&tm, 0, sizeof(tm));
	if (sscanf(m->as_of, "%4d-%2d-%2d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday) != 3)
		return 0;
	tm.tm_year -= 1900;
	tm.tm_mon -= 1;
	return timegm(&tm);
}

/* libxlsxwriter's message for e in our style (lower case, no final period),
 * with the system's reason when there is one. Returns a static buffer. */
static const char *lxw_reason(lxw_error e, int saved_errno)
{
	static char msg[256];
	size_t n;

	if (saved_errno && (e == LXW_ERROR_CREATING_XLSX_FILE || e == LXW_ERROR_CREATING_TMPFILE ||
			    e == LXW_ERROR_ZIP_FILE_OPERATION || e == LXW_ERROR_ZIP_CLOSE))
		snprintf(msg, sizeof(msg), "%s", strerror(saved_errno));
	else
		snprintf(msg, sizeof(msg), "%s", lxw_strerror(e));
	if (msg[0] >= 'A' && msg[0] <= 'Z' && !(msg[1] >= 'A' && msg[1] <= 'Z'))
		msg[0] = (char)(msg[0] - 'A' + 'a');
	n = strlen(msg);
	while (n && (msg[n - 1] == '.' || msg[n - 1] == ' '))
		msg[--n] = '\0';
	return msg;
}

/* workbook_close(wb), which frees the workbook, its sheets and charts,
 * with standard error closed to libxlsxwriter: on failure it prints its
 * own lines there ("[ERROR] workbook_close(): ..."), and the command says
 * it once, in our style. *saved_errno is the system's reason, or 0. */
static lxw_error close_quietly(lxw_workbook *wb, int *saved_errno)
{
	lxw_error e;
	int keep, null;

	fflush(stderr);
	keep = dup(STDERR_FILENO);
	null = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (keep >= 0 && null >= 0)
		dup2(null, STDERR_FILENO);
	errno = 0;
	e = workbook_close(wb);
	*saved_errno = errno;
	fflush(stderr);
	if (keep >= 0 && null >= 0)
		dup2(keep, STDERR_FILENO);
	if (keep >= 0)
		close(keep);
	if (null >= 0)
		close(null);
	return e;
}

static void release_xw(struct xw *x)
{
	size_t i;
	for (i = 0; i < x->nfmts; i++)
		free(x->fmts[i].code);
	free(x->fmts);
	if (x->pos) {
		for (i = 0; i < x->m->ncomparisons; i++)
			free(x->pos[i]);
		free(x->pos);
	}
	free(x->cols);
	for (i = 0; i < x->nrsheets; i++) {
		free(x->rsheets[i].name);
		free(x->rsheets[i].ref);
	}
	free(x->rsheets);
	free(x->rs);
	buf_release(&x->text);
	buf_release(&x->f);
}

static int write_workbook(const struct model *m, const struct render_ctx *rc,
			  const char *path, const char *shown, struct nf_error *err)
{
	struct xw x;
	lxw_doc_properties props;
	char *title = NULL, *subject = NULL;
	lxw_error e;
	int saved_errno;
	size_t c;

	memset(&x, 0, sizeof(x));
	x.m = m;
	buf_init(&x.text);
	buf_init(&x.f);
	x.with_rounds_csv = rc->with_rounds;
	x.wb = workbook_new(path);
	if (!x.wb)
		return nf_error_set(err, NF_CANTCREAT, "cannot create '%s'", shown);

	x.pos = xcalloc(m->ncomparisons ? m->ncomparisons : 1, sizeof(*x.pos));
	for (c = 0; c < m->ncomparisons; c++)
		x.pos[c] = xcalloc(m->comparisons[c].nversions ? m->comparisons[c].nversions : 1,
				   sizeof(**x.pos));
	x.r = rc->report;
	collect_columns(&x);
	make_formats(&x);

	plan_rounds(&x);
	x.summary = workbook_add_worksheet(x.wb, "Summary");
	/* The Rounds sheets are written in libxlsxwriter's constant_memory
	 * mode, at every size: each row goes to a temporary file as soon as
	 * the next one starts (they write their rows in order, a round of
	 * every version at a time) instead of every cell staying in memory
	 * until the end, and their strings are stored in their cells rather
	 * than shared. A cell costs about what it costs in the default mode
	 * (measured: 1 % fewer instructions at 10,000 values), memory stays
	 * flat, and a round costs the same at any size: no mode switches at
	 * some count of rounds. The mode is the workbook's option, which
	 * libxlsxwriter reads when a sheet is added: it is on while the Rounds
	 * sheets are added only, and the other sheets (small: a row per
	 * version or pair) keep the default, whole-in-memory mode, with shared
	 * strings and the charts' cached data. */
	x.wb->options.constant_memory = LXW_TRUE;
	for (c = 0; c < x.nrsheets; c++)
		if (!(x.rsheets[c].ws = workbook_add_worksheet(x.wb, x.rsheets[c].name)))
			note(&x, LXW_ERROR_MEMORY_MALLOC_FAILED);
	x.wb->options.constant_memory = LXW_FALSE;
	x.versions = workbook_add_worksheet(x.wb, "Versions");
	x.pairs = workbook_add_worksheet(x.wb, "Pairs");
	x.steps = any_steps(m) ? workbook_add_worksheet(x.wb, "Steps") : NULL;
	/* the release lines only for releases of the schedule's product */
	x.support = x.r->releases ? workbook_add_worksheet(x.wb, "Support") : NULL;
	x.charts = workbook_add_worksheet(x.wb, "Charts");
	x.impact = workbook_add_worksheet(x.wb, "Impact");
	if (!x.summary || !x.impact || !x.versions || !x.pairs || (any_steps(m) && !x.steps) ||
	    (x.r->releases && !x.support) || !x.charts || x.first_error != LXW_NO_ERROR)
		note(&x, LXW_ERROR_MEMORY_MALLOC_FAILED);
	else {
		lxw_worksheet *all[] = { x.summary, x.impact, x.versions, x.pairs, x.support,
					 x.charts, x.steps };
		for (c = 0; c < sizeof(all) / sizeof(*all); c++) {
			if (!all[c])
				continue;
			/* Printed: landscape, as wide as one page. */
			worksheet_set_landscape(all[c]);
			worksheet_set_paper(all[c], 9); /* A4 */
			worksheet_fit_to_pages(all[c], 1, 0);
		}
		/* the Rounds sheets across as many pages as their columns need */
		for (c = 0; c < x.nrsheets; c++) {
			worksheet_set_landscape(x.rsheets[c].ws);
			worksheet_set_paper(x.rsheets[c].ws, 9);
		}
		write_rounds(&x); /* fills where each version's rounds are */
		if (x.first_error == LXW_NO_ERROR) {
			write_versions(&x); /* fills the Versions rows */
			write_pairs(&x);
			if (x.steps)
				write_steps(&x);
			write_summary(&x);
			write_impact(&x);
			if (x.support)
				write_support(&x);
			write_charts(&x);
			worksheet_activate(x.summary);
		}
	}

	memset(&props, 0, sizeof(props));
	if (m->title && *m->title)
		props.title = title = xstrdup(clean_text(&x, m->title));
	if (m->subject && *m->subject)
		props.subject = subject = xstrdup(clean_text(&x, m->subject));
	props.comments = (char *)workbook_label(WB_COMMENTS);
	props.created = created_time(m, rc);
	note(&x, workbook_set_properties(x.wb, &props));

	e = close_quietly(x.wb, &saved_errno);
	free(title);
	free(subject);
	if (x.first_error != LXW_NO_ERROR) { /* the first cause, not its echo */
		e = x.first_error;
		saved_errno = 0;
	}
	release_xw(&x);
	if (e == LXW_NO_ERROR)
		return NF_OK;
	if (e == LXW_ERROR_WORKSHEET_INDEX_OUT_OF_RANGE)
		return nf_error_set(err, NF_CANTCREAT, "cannot write '%s': more rounds or passes "
				    "than a worksheet holds (1,048,576 rows, 16,384 columns)", shown);
	return nf_error_set(err, saved_errno ? nf_status_for_write_errno(saved_errno) : NF_CANTCREAT,
			    "cannot write '%s': %s", shown, lxw_reason(e, saved_errno));
}

int render_xlsx(const struct model *m, const struct render_ctx *rc,
		struct outdir *od, struct nf_error *err)
{
	char *path, *shown;
	int st;
	locale_t cloc, old = (locale_t)0;

	path = outdir_path(od, XLSX_NAME, err);
	if (!path)
		return err->status ? err->status : NF_CANTCREAT;
	shown = xasprintf("%s/%s", od->dir, XLSX_NAME);

	/* libxlsxwriter prints numbers with the C library: pin "C" for this
	 * thread in case an embedder changed LC_NUMERIC. */
	cloc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	if (cloc)
		old = uselocale(cloc);
	st = write_workbook(m, rc, path, shown, err);
	if (cloc) {
		uselocale(old);
		freelocale(cloc);
	}
	free(path);
	free(shown);
	return st;
}
