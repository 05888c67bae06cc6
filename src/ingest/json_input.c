/*
 * json_input.c - cJSON with the checks every input needs (see json_input.h).
 */
#include "ingest/json_input.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

void json_line_col(const char *text, size_t off, size_t *line, size_t *col)
{
	size_t l = 1, c = 1;
	for (size_t i = 0; i < off && text[i]; i++) {
		if (text[i] == '\n') {
			l++;
			c = 1;
		} else if (((unsigned char)text[i] & 0xC0) != 0x80) {
			c++;
		}
	}
	*line = l;
	*col = c;
}

/* The bytes the scan below stops at; every other byte is skipped in one
 * table lookup (this runs over every input read whole, twice). */
static const unsigned char scan_stop[256] = {
	['"'] = 1, ['\\'] = 1, ['['] = 1, ['{'] = 1, [']'] = 1, ['}'] = 1,
	['-'] = 1, ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1,
	['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
};

static int is_digit(char c)
{
	return (unsigned)(c - '0') <= 9u;
}

/* A byte that cJSON reads as part of a number. */
static int number_byte(char c)
{
	return is_digit(c) || c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-';
}

/* The number starting at text[i] ('-' or a digit): the offset after it, and
 * *ok 1 when it is in strict JSON syntax, -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
 * (cJSON also takes "01", "5." and "1.e5"). A number not in that syntax
 * ends after every byte cJSON would read as part of it. */
static size_t number_end(const char *text, size_t len, size_t i, int *ok)
{
	size_t p = i;
	*ok = 0;
	if (p < len && text[p] == '-')
		p++;
	if (p < len && text[p] == '0') {
		p++;
	} else if (p < len && is_digit(text[p])) {
		while (p < len && is_digit(text[p]))
			p++;
	} else {
		goto bad;
	}
	if (p < len && text[p] == '.') {
		if (++p >= len || !is_digit(text[p]))
			goto bad;
		while (p < len && is_digit(text[p]))
			p++;
	}
	if (p < len && (text[p] == 'e' || text[p] == 'E')) {
		p++;
		if (p < len && (text[p] == '+' || text[p] == '-'))
			p++;
		if (p >= len || !is_digit(text[p]))
			goto bad;
		while (p < len && is_digit(text[p]))
			p++;
	}
	if (p < len && number_byte(text[p]))
		goto bad;
	*ok = 1;
	return p;
bad:
	while (p < len && number_byte(text[p]))
		p++;
	return p;
}

/* One pass over a JSON text, strings skipped: sets *deep_at to the offset
 * of the bracket that opens nesting level JSON_MAX_DEPTH + 1 and, when
 * nul_at is not NULL, *nul_at to that of the first "\u0000" escape inside
 * a string and *num_at to that of the first number not in strict JSON
 * syntax; -1 for none. Stops as soon as it has found what it looks for. */
static void scan(const char *text, size_t len, long *deep_at, long *nul_at, long *num_at)
{
	int depth = 0, in_str = 0;
	*deep_at = -1;
	if (nul_at)
		*nul_at = *num_at = -1;
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (!scan_stop[(unsigned char)c])
			continue;
		if (in_str) {
			if (c == '\\') {
				if (nul_at && *nul_at < 0 && i + 5 < len && text[i + 1] == 'u' &&
				    strncmp(text + i + 2, "0000", 4) == 0) {
					*nul_at = (long)i;
					if (*deep_at >= 0 && *num_at >= 0)
						return;
				}
				i++;
			} else if (c == '"') {
				in_str = 0;
			}
		} else if (c == '"') {
			in_str = 1;
		} else if (c == '-' || is_digit(c)) {
			int ok;
			size_t end = number_end(text, len, i, &ok);
			if (!ok && num_at && *num_at < 0) {
				*num_at = (long)i;
				if (*deep_at >= 0 && *nul_at >= 0)
					return;
			}
			i = end - 1;
		} else if (c == '[' || c == '{') {
			if (++depth > JSON_MAX_DEPTH && *deep_at < 0) {
				*deep_at = (long)i;
				if (!nul_at || (*nul_at >= 0 && *num_at >= 0))
					return;
			}
		} else if ((c == ']' || c == '}') && depth > 0) {
			depth--;
		}
	}
}

long json_bad_number_at(const char *text, size_t len)
{
	long deep, nul, num;
	scan(text, len, &deep, &nul, &num);
	return num;
}

/* The scan of the text between json_scan_begin and json_scan_end, made
 * once. */
static struct {
	const char *text; /* NULL outside json_scan_begin/end */
	size_t len;
	int made;
	long deep, nul, num;
} memo;

void json_scan_begin(const char *text, size_t len)
{
	memo.text = text;
	memo.len = len;
	memo.made = 0;
}

void json_scan_end(void)
{
	memo.text = NULL;
}

/* scan() looking for all three, or its result for the text of
 * json_scan_begin. */
static void scan_all(const char *text, size_t len, long *deep_at, long *nul_at, long *num_at)
{
	if (!memo.text || text != memo.text || len != memo.len) {
		scan(text, len, deep_at, nul_at, num_at);
		return;
	}
	if (!memo.made) {
		scan(text, len, &memo.deep, &memo.nul, &memo.num);
		memo.made = 1;
	}
	*deep_at = memo.deep;
	*nul_at = memo.nul;
	*num_at = memo.num;
}

long json_too_deep_at(const char *text, size_t len)
{
	long deep, nul, num;
	if (memo.text && text == memo.text && len == memo.len) {
		scan_all(text, len, &deep, &nul, &num);
		return deep;
	}
	scan(text, len, &deep, NULL, NULL);
	return deep;
}

cJSON *json_input_parse(const char *text, size_t len, size_t first_line, struct buf *why)
{
	const char *end = NULL;
	cJSON *root;
	size_t line, col, off;
	long nul, deep, num;

	if (memchr(text, '\0', len)) {
		json_line_col(text, strlen(text), &line, &col);
		buf_printf(why, "line %zu, column %zu: a NUL byte in the text", line + first_line - 1, col);
		return NULL;
	}
	scan_all(text, len, &deep, &nul, &num);
	if (nul >= 0) {
		json_line_col(text, (size_t)nul, &line, &col);
		buf_printf(why, "line %zu, column %zu: \\u0000 in a string", line + first_line - 1, col);
		return NULL;
	}
	if (deep >= 0) {
		json_line_col(text, (size_t)deep, &line, &col);
		buf_printf(why, "line %zu, column %zu: nested deeper than %d levels",
			   line + first_line - 1, col, JSON_MAX_DEPTH);
		return NULL;
	}
	root = cJSON_ParseWithLengthOpts(text, len + 1, &end, 1);
	if (root && num >= 0) {
		/* valid but for a number cJSON reads and JSON does not allow */
		size_t n = 1;
		while ((size_t)num + n < len && n < 32 && number_byte(text[num + n]))
			n++;
		cJSON_Delete(root);
		json_line_col(text, (size_t)num, &line, &col);
		buf_printf(why, "line %zu, column %zu: %.*s is not a number in JSON's syntax",
			   line + first_line - 1, col, (int)n, text + num);
		return NULL;
	}
	if (root)
		return root;
	off = end ? (size_t)(end - text) : 0;
	json_line_col(text, off, &line, &col);
	buf_printf(why, "line %zu, column %zu: %s", line + first_line - 1, col,
		   off >= len ? "unexpected end of the JSON text" : "invalid JSON");
	return NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static const char *duplicate_below(const cJSON *v, int depth, const cJSON *skip)
{
	const cJSON *a, *b;
	if (depth > JSON_MAX_DEPTH)
		return NULL;
	if (cJSON_IsObject(v)) {
		size_t n = 0;
		for (a = v->child; a; a = a->next)
			n++;
		if (n <= 16) {
			for (a = v->child; a; a = a->next)
				for (b = a->next; b; b = b->next)
					if (strcmp(a->string, b->string) == 0)
						return a->string;
		} else {
			const char **keys = xmalloc(n * sizeof *keys), *dup = NULL;
			size_t k = 0;
			for (a = v->child; a; a = a->next)
				keys[k++] = a->string;
			qsort(keys, n, sizeof *keys, cmp_str);
			for (k = 1; k < n && !dup; k++)
				if (strcmp(keys[k - 1], keys[k]) == 0)
					dup = keys[k];
			free(keys);
			if (dup)
				return dup;
		}
	}
	if (cJSON_IsObject(v) || cJSON_IsArray(v)) {
		for (a = v->child; a; a = a->next) {
			const char *d = a == skip ? NULL : duplicate_below(a, depth + 1, NULL);
			if (d)
				return d;
		}
	}
	return NULL;
}

const char *json_duplicate_key(const cJSON *v, const cJSON *skip)
{
	return duplicate_below(v, 0, skip);
}
