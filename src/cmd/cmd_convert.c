/*
 * cmd_convert.c - the work of `noisefloor convert`: the model's input half
 * written back as noisefloor.rounds/1 NDJSON. Reading
 * the output again gives the same results, so any input noisefloor reads can
 * be handed on to tools that only know the rounds format.
 */
#include "cmd/cli.h"
#include "lib/jsonw.h"
#include "lib/util.h"
#include "render/render.h"

#include <errno.h>
#include <string.h>

static void write_doc(const struct model *m, struct buf *b)
{
	struct jsonw w;
	jsonw_init(&w, b, 0);
	jsonw_begin_object(&w);
	jsonw_key(&w, "format");
	jsonw_string(&w, "noisefloor.rounds/1");
	if (m->title) {
		jsonw_key(&w, "title");
		jsonw_string(&w, m->title);
	}
	if (m->subject) {
		jsonw_key(&w, "subject");
		jsonw_string(&w, m->subject);
	}
	if (m->notes) {
		jsonw_key(&w, "notes");
		jsonw_string(&w, m->notes);
	}
	if (m->nenv) {
		jsonw_key(&w, "environment");
		render_json_environment(&w, m);
	}
	if (m->nworkloads) {
		jsonw_key(&w, "workloads");
		render_json_workloads(&w, m);
	}
	jsonw_end_object(&w);
	buf_putc(b, '\n');
}

static void write_result(const struct result *r, struct buf *b)
{
	struct jsonw w;
	jsonw_init(&w, b, 0);
	jsonw_begin_object(&w);
	jsonw_key(&w, "workload");
	jsonw_string(&w, r->series->workload);
	jsonw_key(&w, "version");
	jsonw_string(&w, r->series->version);
	jsonw_key(&w, "platform");
	jsonw_string(&w, r->series->platform);
	jsonw_key(&w, "round");
	jsonw_int(&w, r->round);
	jsonw_key(&w, "unit");
	jsonw_string(&w, r->series->unit);
	jsonw_key(&w, "better");
	jsonw_string(&w, r->series->better == BETTER_HIGHER ? "higher" : "lower");
	if (result_timestamp(r)) {
		jsonw_key(&w, "timestamp");
		jsonw_string(&w, result_timestamp(r));
	}
	if (r->series->note) {
		jsonw_key(&w, "note");
		jsonw_string(&w, r->series->note);
	}
	/* not part of the rounds format's rules yet: kept so the fact that the
	 * runner did not interleave versions is not lost on the way */
	if (r->series->back_to_back) {
		jsonw_key(&w, "back_to_back");
		jsonw_bool(&w, 1);
	}
	jsonw_key(&w, "passes");
	jsonw_begin_array(&w);
	for (size_t i = 0; i < result_npasses(r); i++)
		jsonw_number(&w, result_passes(r)[i]);
	jsonw_end_array(&w);
	if (r->series->meta_json) {
		jsonw_key(&w, "meta");
		jsonw_raw(&w, r->series->meta_json);
	}
	jsonw_end_object(&w);
	buf_putc(b, '\n');
}

/* Writes m's input half to out: a first line with the document fields
 * ("format", "title", "subject", "notes", "environment"), then one result
 * per line in input order, with its round number as assigned by
 * ingest_finish(). Returns NF_OK, or NF_IOERR with err filled when out
 * cannot be written. */
static int convert_write(const struct model *m, FILE *out, struct nf_error *err)
{
	struct buf b = BUF_INIT;
	int rc = NF_OK;

	write_doc(m, &b);
	for (size_t i = 0; i < m->nresults && rc == NF_OK; i++) {
		write_result(&m->results[i], &b);
		if (b.len >= 65536 || i + 1 == m->nresults) {
			if (fwrite(b.s, 1, b.len, out) != b.len)
				rc = NF_IOERR;
			buf_reset(&b);
		}
	}
	if (rc == NF_OK && b.len && fwrite(b.s, 1, b.len, out) != b.len)
		rc = NF_IOERR;
	if (rc == NF_OK && fflush(out) != 0)
		rc = NF_IOERR;
	if (rc != NF_OK)
		nf_error_set(err, NF_IOERR, "cannot write to standard output: %s", strerror(errno));
	buf_release(&b);
	return rc;
}

static const struct cli_option convert_options[] = {
	{ CLI_JQ, "map each input's JSON with this jq program to rounds" },
	{ CLI_JQ_PROGRAM, "the same, with the program given on the command line" },
	{ 0, NULL },
};

static int run(const struct cli_args *a)
{
	struct model m;
	struct nf_error err = { 0, "" };
	int status;

	if ((status = cli_need_inputs(a)) != 0)
		return status;
	model_init(&m);
	status = cli_load_inputs(&m, a, &err);
	/* what ingest left out (an errored task) is said, as report says it */
	for (size_t i = 0; !status && i < m.nwarnings; i++)
		cli_warn(m.warnings[i]);
	if (!status)
		status = convert_write(&m, stdout, &err);
	model_release(&m);
	return status ? cli_fail(a, &err) : NF_OK;
}

const struct cli_command cmd_convert = {
	.name = "convert",
	.synopsis = "convert [--jq FILE | --jq-program PROGRAM] [LABEL=]FILE...",
	.about = "Writes the merged input (FILE, or - for stdin; several files merge), in\n"
		 "whatever runner format it came, as rounds-format NDJSON on standard output.\n",
	.options = convert_options,
	.exit_status = "  0 done, 2 usage error, 65 bad input data, 66 input missing or unreadable,\n"
		       "  74 I/O error.\n",
	.run = run,
};
