/*
 * history.c - the sentences of dated histories (history.h): the facts are
 * releases.c's and timeline.c's, the words are here.
 */
#include "present/history.h"
#include "lib/fmt.h"
#include "lib/util.h"

char *history_release_step_text(const struct comparison *c, const struct release_step *s)
{
	struct buf t = BUF_INIT;
	(void)c;
	buf_printf(&t, "between %s (", s->before);
	if (s->last_a[0])
		buf_printf(&t, "last round %s%s", s->last_a, s->v8_before ? ", " : "");
	if (s->v8_before)
		buf_printf(&t, "V8 %s", s->v8_before);
	buf_printf(&t, ") and %s (", s->after);
	if (s->first_b[0])
		buf_printf(&t, "first round %s%s", s->first_b, s->v8_after ? ", " : "");
	if (s->v8_after)
		buf_printf(&t, "V8 %s", s->v8_after);
	buf_puts(&t, ") the median round moved ");
	fmt_percent_signed(&t, s->ratio - 1);
	buf_puts(&t, " (p = ");
	fmt_p(&t, s->p_holm);
	buf_puts(&t, " after Holm)");
	return buf_detach(&t, NULL);
}

char *history_bad_day_text(const struct bad_day *d)
{
	struct buf b = BUF_INIT;
	buf_printf(&b, "%s was a bad day of the machine on %s: ", d->date, d->platform);
	for (size_t i = 0; i < d->nversions; i++)
		buf_printf(&b, "%s%s", i == 0 ? "" : i + 1 == d->nversions ? " and " : ", ",
			   d->versions[i]);
	buf_printf(&b, " all ran at about %.0f%% of their usual speed; its rounds say nothing "
		   "about any version", d->speed * 100);
	return buf_detach(&b, NULL);
}
