/*
 * semver.c - version strings in semantic-version order.
 */
#include "model/semver.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int read_num(const char **p, long *out)
{
	char *end;
	if (!isdigit((unsigned char)**p))
		return 0;
	*out = strtol(*p, &end, 10);
	*p = end;
	return 1;
}

struct semver semver_parse(const char *s)
{
	struct semver v = { 0, 0, 0, 0, 0, NULL };
	const char *p = s;
	if (*p == 'v' || *p == 'V')
		p++;
	if (!read_num(&p, &v.major))
		return v;
	v.ok = 1;
	v.nparts = 1;
	if (*p == '.' && isdigit((unsigned char)p[1])) {
		p++;
		read_num(&p, &v.minor);
		v.nparts = 2;
		if (*p == '.' && isdigit((unsigned char)p[1])) {
			p++;
			read_num(&p, &v.patch);
			v.nparts = 3;
		}
	}
	if (*p == '-')
		v.pre = p + 1;
	else if (*p != '\0' && *p != '+')
		v.ok = 0; /* "24abc" is not a version */
	return v;
}

int semver_cmp(const char *a, const char *b)
{
	struct semver x = semver_parse(a), y = semver_parse(b);
	if (!x.ok || !y.ok)
		return 0;
	if (x.major != y.major)
		return x.major < y.major ? -1 : 1;
	if (x.minor != y.minor)
		return x.minor < y.minor ? -1 : 1;
	if (x.patch != y.patch)
		return x.patch < y.patch ? -1 : 1;
	/* a pre-release sorts before its release */
	if (!x.pre != !y.pre)
		return x.pre ? -1 : 1;
	if (x.pre && y.pre)
		return strcmp(x.pre, y.pre) < 0 ? -1 : (strcmp(x.pre, y.pre) > 0);
	return 0;
}

long semver_major(const char *s)
{
	struct semver v = semver_parse(s);
	return v.ok ? v.major : -1;
}
