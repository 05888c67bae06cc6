/*
 * cmd_convert.h - `noisefloor convert`: the merged input as rounds-format
 * NDJSON, so other tools can use what noisefloor read.
 */
#ifndef NF_CMD_CONVERT_H
#define NF_CMD_CONVERT_H

#include <stdio.h>
#include "error.h"
#include "model.h"

/* Writes m's input half to out: a first line with the document fields
 * ("format", "title", "subject", "notes", "environment"), then one result
 * per line in input order, with its round number as assigned by
 * ingest_finish(). Returns NF_OK, or NF_IOERR with err filled when out
 * cannot be written. */
int convert_write(const struct model *m, FILE *out, struct nf_error *err);

#endif
