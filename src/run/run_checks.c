/*
 * run_checks.c - the noise checks of `noisefloor run` (see
 * run_checks.h). The facts come from run_env.c; this file only
 * judges them and words the warnings.
 */
#include "run/run_checks.h"
#include "ingest/ingest.h"
#include "lib/fmt.h"
#include "lib/util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void run_checks_release(struct run_checks *c)
{
	for (size_t i = 0; i < c->n; i++)
		free(c->warnings[i]);
	free(c->warnings);
	memset(c, 0, sizeof *c);
}

static void warn(struct run_checks *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warn(struct run_checks *c, const char *fmt, ...)
{
	struct buf b = BUF_INIT;
	va_list ap;
	va_start(ap, fmt);
	buf_vprintf(&b, fmt, ap);
	va_end(ap);
	ALLOC_GROW(c->warnings, c->n + 1, c->alloc);
	c->warnings[c->n++] = buf_detach(&b, NULL);
}

void run_checks_machine(struct run_checks *c, const struct run_env *e, double load)
{
	if (e->cores > 0 && load > e->cores / 2.0) {
		struct buf b = BUF_INIT;
		fmt_fixed(&b, load, 2);
		warn(c, "the machine is busy: load average %s with %d cores (above half the cores)",
		     b.s, e->cores);
		buf_release(&b);
	}
	if (e->governor && strcmp(e->governor, "performance") != 0)
		warn(c, "the CPU frequency governor is '%s', not 'performance': the clock speed "
		     "changes with the load", e->governor);
	if (e->turbo == 1)
		warn(c, "turbo boost is on: the clock speed depends on temperature and on the other "
		     "cores' load");
}

void run_checks_versions(struct run_checks *c, struct run_settings *s)
{
	for (size_t i = 0; i < s->nv; i++) {
		struct run_version *v = &s->v[i];
		if (v->node && !v->node_checked && run_env_label_mismatch(v->label, v->node))
			warn(c, "version '%s' runs Node.js %s ('%s')", v->label, v->node, v->command);
		v->node_checked |= v->node != NULL;
	}
}

char *run_checks_summary(const struct run_checks *c)
{
	struct buf all = BUF_INIT;
	if (!c->n)
		return xstrdup("passed");
	for (size_t i = 0; i < c->n; i++)
		buf_printf(&all, "%s%s", i ? "; " : "", c->warnings[i]);
	if (all.len > INGEST_MAX_NAME) {
		/* cut at a character boundary */
		size_t n = INGEST_MAX_NAME - 3;
		while (n && ((unsigned char)all.s[n] & 0xC0) == 0x80)
			n--;
		all.s[n] = '\0';
		all.len = n;
		buf_puts(&all, "...");
	}
	return buf_detach(&all, NULL);
}
