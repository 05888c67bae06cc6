/*
 * render_md.c - blog.md, issue.md and summary.md from Mustache templates.
 *
 * The documents' context (present/doc_context.c) is rendered through each
 * template (templates/<name>.md.mustache, or the user's --templates folder);
 * this file lays it out: the templates, the escaping, the issue's fit.
 * {{name}} escapes for GitHub-flavoured Markdown: text from the input cannot
 * ping anyone (@name, @org/team), open HTML (<script>, </details>), break a
 * table (|) or start emphasis and code; {{{name}}} is for the Markdown the
 * renderer itself produces.
 */
#include "lib/fmt.h"
#include "lib/mustache.h"
#include "lib/digest256.h"
#include "lib/util.h"
#include "present/doc_context.h"
#include "render/render.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const documents[] = { "blog.md", "issue.md", "summary.md" };

/* GitHub refuses an issue body longer than this many characters. */
#define ISSUE_MAX_CHARS 65536
/* An issue rendering past this many bytes has more characters than that. */
#define ISSUE_MAX_BYTES ((size_t)4 * ISSUE_MAX_CHARS + 4)
/* Bytes of one template or partial (doc/limits.md, "Limits"). */
#define TEMPLATE_MAX (1 << 20)
/* A first try at the issue with every round inline keeps at most this many
 * rounds in its context (and at least one of each comparison); see
 * render_markdown for why the answer is the same. */
#define RAW_PROBE_ROUNDS 4096

/* Markdown escaping for text that comes from the input. */
static void escape_md(struct buf *out, const char *s, size_t n, void *ud)
{
	(void)ud;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		switch (c) {
		case '&': buf_puts(out, "&amp;"); break;
		case '<': buf_puts(out, "&lt;"); break;
		case '>': buf_puts(out, "&gt;"); break;
		case '|': case '\\': case '`': case '*': case '_': case '[': case ']':
		case '#': case '~': case '!':
			buf_putc(out, '\\');
			buf_putc(out, (char)c);
			break;
		case '@':
			/* a zero-width space after @ keeps GitHub from linking a mention */
			buf_putc(out, '@');
			if (i + 1 < n && (isalnum((unsigned char)s[i + 1]) || s[i + 1] == '-' || s[i + 1] == '_'))
				buf_puts(out, "\xE2\x80\x8B");
			break;
		case ':':
			/* "http://x" and "www.x" would become links on GitHub: a
			 * zero-width space keeps them plain text */
			buf_putc(out, ':');
			if (i + 2 < n && s[i + 1] == '/' && s[i + 2] == '/')
				buf_puts(out, "\xE2\x80\x8B");
			break;
		case 'w': case 'W':
			buf_putc(out, (char)c);
			if (i + 3 < n && strncasecmp(s + i, "www.", 4) == 0 &&
			    (i == 0 || !isalnum((unsigned char)s[i - 1]))) {
				buf_put(out, s + i + 1, 2);
				buf_puts(out, "\xE2\x80\x8B");
				i += 2;
			}
			break;
		case '\n': case '\r': case '\t':
			buf_putc(out, ' ');
			break;
		default:
			if (c < 0x20 || c == 0x7f)
				buf_putc(out, ' ');
			else
				buf_putc(out, (char)c);
		}
	}
}

static void hash_piece(const void *data, size_t n, void *ud)
{
	digest256_update(ud, data, n);
}

/* SHA-256 of rounds.csv as render_rounds writes it, without holding it. */
static void rounds_csv_sha256(const struct model *m, char hex[65])
{
	struct digest256 sha;
	digest256_init(&sha);
	render_rounds_csv_each(m, hash_piece, &sha);
	digest256_final_hex(&sha, hex);
}


/* Reads a template or a partial: a regular file of at most TEMPLATE_MAX
 * bytes of UTF-8, opened without following a symbolic link and without
 * waiting on a FIFO. Returns the text (caller frees), or NULL with *why
 * saying what is wrong and *status the exit status. */
static char *read_template(const char *path, size_t *len, int *status, int *missing, char *why,
			   size_t size)
{
	struct buf b = BUF_INIT;
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);

	*status = 0;
	*missing = 0;
	if (fd < 0) {
		int e = errno;
		*missing = e == ENOENT;
		*status = nf_status_for_read_errno(e == ELOOP ? EPERM : e);
		if (e == ELOOP)
			snprintf(why, size, "a symbolic link, not a regular file");
		else
			snprintf(why, size, "%s", strerror(e));
		return NULL;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		*status = NF_NOINPUT;
		snprintf(why, size, "not a regular file");
	} else if ((unsigned long long)st.st_size > TEMPLATE_MAX) {
		*status = NF_DATAERR;
		snprintf(why, size, "larger than 1 MiB, the limit of a template");
	}
	while (!*status) {
		char chunk[65536];
		ssize_t n = read(fd, chunk, sizeof chunk);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			*status = nf_status_for_read_errno(errno);
			snprintf(why, size, "%s", strerror(errno));
		} else if (n == 0) {
			break;
		} else if (b.len + (size_t)n > TEMPLATE_MAX) {
			*status = NF_DATAERR;
			snprintf(why, size, "larger than 1 MiB, the limit of a template");
		} else {
			buf_put(&b, chunk, (size_t)n);
		}
	}
	close(fd);
	if (!*status && !utf8_valid(b.s ? b.s : "", b.len)) {
		*status = NF_DATAERR;
		snprintf(why, size, "not valid UTF-8");
	}
	if (*status) {
		buf_release(&b);
		return NULL;
	}
	if (!b.s)
		buf_puts(&b, "");
	return buf_detach(&b, len);
}

static char *load_template(const char *dir, const char *name, size_t *len, struct nf_error *err)
{
	char *path = xasprintf("%s/%s", dir, name), why[200];
	int status, missing;
	char *text = read_template(path, len, &status, &missing, why, sizeof why);
	if (!text)
		nf_error_set(err, status, "cannot read template '%s': %s", path, why);
	free(path);
	return text;
}

/* Partials come from the same folder: {{> name}} reads name.mustache, a
 * regular file there; a name with a slash or ".." is no partial. One that
 * is there but cannot be read stops the render (its status kept in ud). */
struct partials {
	const char *dir;
	int status;
};

static char *load_partial(const char *name, void *ud, char *problem, size_t size)
{
	struct partials *p = ud;
	char *path, *text, why[200];
	size_t len;
	int status, missing;
	if (strchr(name, '/') || strstr(name, ".."))
		return NULL;
	path = xasprintf("%s/%s.mustache", p->dir, name);
	text = read_template(path, &len, &status, &missing, why, sizeof why);
	if (!text && !missing) {
		p->status = status;
		snprintf(problem, size, "cannot read '%s': %s", path, why);
	}
	free(path);
	return text;
}

/* Renders one template with ctx into out, at most max bytes of it (0:
 * MUSTACHE_MAX_OUTPUT). With too_long, an output past that is no error:
 * *too_long is set and out is cut off there. */
static int render_max(const struct render_ctx *rc, const char *doc, struct mctx *ctx,
		      mustache_escape_fn escape, struct buf *out, size_t max, int *too_long,
		      struct nf_error *err)
{
	struct partials parts = { rc->templates_dir, 0 };
	struct mustache_opts opts = { escape, NULL, load_partial, &parts, max, 0 };
	char *name = xasprintf("%s.mustache", doc);
	size_t len;
	char *tmpl = load_template(rc->templates_dir, name, &len, err);
	struct mustache_error merr;
	int status = 0;
	if (!tmpl)
		status = err->status;
	else if (mustache_render(tmpl, len, ctx, &opts, out, &merr) == 0)
		;
	else if (merr.too_long && too_long)
		*too_long = 1;
	else
		status = nf_error_set(err, merr.partial_failed && parts.status ? parts.status : NF_DATAERR,
				      "cannot use template '%s/%s': line %d, column %d: %s",
				      rc->templates_dir, name, merr.line, merr.column, merr.message);
	free(tmpl);
	free(name);
	return status;
}

/* render_max with the limit of every document. */
static int render_one(const struct render_ctx *rc, const char *doc, struct mctx *ctx,
		      mustache_escape_fn escape, struct buf *out, int *too_long, struct nf_error *err)
{
	return render_max(rc, doc, ctx, escape, out, 0, too_long, err);
}

/* Cuts a document that is still too long at the last line break that
 * leaves room for a closing note, so it always fits (render.h). */
void render_md_cut_to_fit(struct buf *out, size_t max_chars, const char *note)
{
	size_t chars = 0, at = 0, last_nl = 0, room = max_chars - utf8_length(note) - 2;
	for (; at < out->len; at++) {
		if (((unsigned char)out->s[at] & 0xC0) != 0x80)
			chars++;
		if (chars > room)
			break;
		if (out->s[at] == '\n')
			last_nl = at + 1;
	}
	if (at >= out->len)
		return;
	out->len = last_nl;
	out->s[out->len] = '\0';
	buf_printf(out, "\n%s\n", note);
}

/* The documents' context at a level of detail (present/doc_context.c). */
static struct mctx *md_context(const struct report *r, int level, struct doc_raw *raw,
			       const char *rounds_sha256)
{
	struct doc_opts o = { level, raw, rounds_sha256, NULL, NULL, 0 };
	return doc_context(r, &o);
}

/* Renders doc with the context o describes (and what extra adds to it),
 * every comparison listed first. A rendering past MUSTACHE_MAX_OUTPUT is
 * tried again with half as many comparisons listed, until it fits: the
 * document then says how many it lists (present/doc_context.c). One that
 * does not fit with a single comparison listed is the template's error. */
int render_md_fitted(const struct render_ctx *rc, const char *doc, const struct doc_opts *o,
		     render_md_extra_fn extra, void *ud, render_escape_fn escape,
		     struct buf *out, struct nf_error *err)
{
	const struct report *r = rc->report;
	struct doc_opts try = *o;
	size_t start = out->len, n = r->m->ncomparisons;
	int status;

	try.listed = 0;
	for (;;) {
		int too_long = 0;
		struct mctx *ctx = doc_context(r, &try);
		if (extra)
			extra(ctx, ud);
		out->len = start;
		if (out->s)
			out->s[start] = '\0';
		status = render_one(rc, doc, ctx, escape, out, n > 1 ? &too_long : NULL, err);
		mctx_free(ctx);
		if (status || !too_long)
			return status;
		n /= 2;
		try.listed = n;
	}
}

void render_md_rounds_sha256(const struct model *m, char hex[65])
{
	rounds_csv_sha256(m, hex);
}

int render_md_template(const struct render_ctx *rc, const char *doc, struct mctx *ctx,
		       mustache_escape_fn escape, struct buf *out, struct nf_error *err)
{
	return render_one(rc, doc, ctx, escape, out, NULL, err);
}

void render_md_escape(struct buf *out, const char *s, size_t n, void *ud)
{
	escape_md(out, s, n, ud);
}

int render_markdown(const struct model *m, const struct render_ctx *rc, struct outdir *od,
		    struct nf_error *err)
{
	const struct report *r = rc->report;
	char hex[65];
	const char *sha = NULL;
	struct mctx *ctx;
	int status = 0;
	if (rc->with_rounds) {
		rounds_csv_sha256(m, hex);
		sha = hex;
	}
	/* summary and the issue's lighter levels share one context */
	ctx = md_context(r, DOC_DETAIL_NO_RAW, NULL, sha);

	for (size_t i = 0; i < sizeof documents / sizeof documents[0] && !status; i++) {
		struct buf out = BUF_INIT;
		if (strcmp(documents[i], "issue.md") == 0) {
			/*
			 * The issue sheds detail until it fits GitHub. Every round
			 * inline is first tried with the first RAW_PROBE_ROUNDS of
			 * them (and one of each comparison, so no list of rounds
			 * turns empty): a template renders each round of a list on
			 * its own, so the whole issue is at least as long as this
			 * part, and a part that does not fit means the whole does
			 * not either. Only a part that fits is tried again whole.
			 * A rendering stops past ISSUE_MAX_BYTES: it is too long
			 * (a character is at most four bytes), like any other
			 * that does not fit, and what it holds is the start of
			 * the whole, which is all the last level's cut needs.
			 */
			struct doc_raw probe = { RAW_PROBE_ROUNDS, 1, 0 };
			int too_long = 0; /* past ISSUE_MAX_BYTES: far too long, cut off */
			for (int level = DOC_DETAIL_FULL; level < DOC_DETAIL_LEVELS && !status; level++) {
				struct mctx *ic = level == DOC_DETAIL_NO_RAW ? ctx
						  : md_context(r, level, level == DOC_DETAIL_FULL ? &probe : NULL, sha);
				buf_reset(&out);
				status = render_max(rc, documents[i], ic, escape_md, &out, ISSUE_MAX_BYTES,
						    &too_long, err);
				if (ic != ctx)
					mctx_free(ic);
				if (!status && level == DOC_DETAIL_FULL && probe.cut &&
				    utf8_length(out.s ? out.s : "") <= ISSUE_MAX_CHARS) {
					ic = md_context(r, level, NULL, sha);
					buf_reset(&out);
					status = render_max(rc, documents[i], ic, escape_md, &out, ISSUE_MAX_BYTES,
						    &too_long, err);
					mctx_free(ic);
				}
				if (utf8_length(out.s ? out.s : "") <= ISSUE_MAX_CHARS)
					break;
			}
			if (!status)
				render_md_cut_to_fit(&out, ISSUE_MAX_CHARS, doc_issue_cut_note);
		} else if (strcmp(documents[i], "blog.md") == 0) {
			/* the blog lists every comparison while it fits */
			struct doc_opts o = { DOC_DETAIL_NO_RAW, NULL, sha, NULL, NULL, 0 };
			status = render_md_fitted(rc, documents[i], &o, NULL, NULL, escape_md, &out, err);
		} else {
			status = render_one(rc, documents[i], ctx, escape_md, &out, NULL, err);
		}
		if (!status)
			status = outdir_write(od, documents[i], out.s ? out.s : "", out.len, err);
		buf_release(&out);
	}
	mctx_free(ctx);
	return status;
}
