/*
 * cmd_windows.c - `noisefloor windows`: the release lines of the schedule
 * and their status on a date, as a table or JSON, and the line to use in
 * production.
 */
#include "analysis/windows.h"
#include "cmd/cli.h"
#include "ingest/schedule.h"
#include "lib/jsonw.h"
#include "lib/util.h"
#include "render/render.h"

#include <stdio.h>

static const struct cli_option windows_options[] = {
	{ CLI_AS_OF, "the date YYYY-MM-DD (default: today, UTC, or the\n"
		     "date of SOURCE_DATE_EPOCH when set)" },
	{ CLI_SCHEDULE, "release schedule (default: the Node.js schedule)" },
	{ CLI_JSON, "print JSON" },
	{ 0, NULL },
};

static void print_table(const struct schedule *s, const char *date)
{
	const struct release_line *r = windows_recommend(s);
	printf("%s release lines on %s\n\n", s->product, date);
	printf("%-5s %-10s %-16s %-10s %-10s %-10s %-10s %s\n", "Line", "Codename", "Status",
	       "Start", "LTS", "Maint.", "End", "V8");
	for (size_t i = 0; i < s->nlines; i++) {
		const struct release_line *l = &s->lines[i];
		printf("%-5s %-10s %-16s %-10s %-10s %-10s %-10s %s\n", l->line,
		       l->codename ? l->codename : "-", l->status, l->start,
		       l->lts[0] ? l->lts : "-", l->maintenance[0] ? l->maintenance : "-",
		       l->end, l->v8 ? l->v8 : "-");
	}
	if (r)
		printf("\nFor production: %s %s (%s until %s).\n", s->product, r->line, r->status, r->end);
}

static int run(const struct cli_args *a)
{
	struct schedule s = { 0 };
	struct nf_error err = { 0, "" };
	char date[11];
	int status;

	if (a->nfiles > 0)
		return cli_error(a, NF_USAGE, "windows takes no files, got '%s'", a->files[0]);
	if (cli_report_date(a, date, &err) != 0 || cli_load_schedule(&s, a, &err) != 0)
		return cli_fail(a, &err);
	windows_apply_date(&s, date);
	if (a->opt[CLI_JSON]) {
		struct buf out = BUF_INIT;
		struct jsonw w;
		jsonw_init(&w, &out, 1);
		render_json_support(&w, &s);
		buf_putc(&out, '\n');
		fputs(out.s, stdout);
		buf_release(&out);
	} else {
		print_table(&s, date);
	}
	status = cli_flush_stdout(a);
	schedule_release(&s);
	return status;
}

const struct cli_command cmd_windows = {
	.name = "windows",
	.synopsis = "windows [--as-of YYYY-MM-DD] [--schedule FILE] [--json]",
	.about = "Prints the release lines of the schedule, their status on the date and the\n"
		 "line to use in production.\n",
	.options = windows_options,
	.exit_status = "  0 done, 2 usage error, 65 bad input data, 66 input missing or unreadable,\n"
		       "  74 I/O error.\n",
	.run = run,
};
