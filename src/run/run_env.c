/*
 * run_env.c - the machine and runtime facts `noisefloor run` records
 * (see run_env.h): uname, /proc and /sys on Linux, sysconf elsewhere,
 * and a Node.js binary's process.versions through a `-p` probe.
 *
 * Only what the system exposes is recorded; a missing file is a missing
 * field, never an error, so the runner works in containers and on
 * non-Linux systems with fewer fields.
 */
#include "run/run_env.h"
#include "lib/fmt.h"
#include "lib/util.h"
#include "run/run_exec.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

void run_env_init(struct run_env *e)
{
	memset(e, 0, sizeof *e);
	e->turbo = -1;
}

void run_env_release(struct run_env *e)
{
	for (size_t i = 0; i < e->n; i++) {
		free(e->keys[i]);
		free(e->values[i]);
	}
	free(e->keys);
	free(e->values);
	free(e->governor);
	free(e->os);
	free(e->arch);
	run_env_init(e);
}

void run_env_set(struct run_env *e, const char *key, const char *value)
{
	for (size_t i = 0; i < e->n; i++)
		if (strcmp(e->keys[i], key) == 0) {
			free(e->values[i]);
			e->values[i] = xstrdup(value);
			return;
		}
	if (e->n + 1 > e->alloc) {
		e->alloc = e->alloc ? e->alloc * 2 : 16;
		e->keys = xrealloc(e->keys, e->alloc * sizeof *e->keys);
		e->values = xrealloc(e->values, e->alloc * sizeof *e->values);
	}
	e->keys[e->n] = xstrdup(key);
	e->values[e->n++] = xstrdup(value);
}

/* The first line of a small file, trimmed; malloc'd, or NULL. */
static char *read_line_of(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512];
	size_t n;
	if (!f)
		return NULL;
	if (!fgets(line, sizeof line, f)) {
		fclose(f);
		return NULL;
	}
	fclose(f);
	n = strlen(line);
	while (n && isspace((unsigned char)line[n - 1]))
		line[--n] = '\0';
	return n ? xstrdup(line) : NULL;
}

/* The value of "key : value" in /proc/cpuinfo (first match), malloc'd. */
static char *cpuinfo(const char *key)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[1024];
	size_t k = strlen(key);
	char *v = NULL;
	if (!f)
		return NULL;
	while (!v && fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':'), *end;
		if (!colon || strncmp(line, key, k) != 0 || !strchr(" \t:", line[k]))
			continue;
		colon++;
		while (*colon == ' ' || *colon == '\t')
			colon++;
		end = colon + strlen(colon);
		while (end > colon && isspace((unsigned char)end[-1]))
			*--end = '\0';
		if (*colon)
			v = xstrdup(colon);
	}
	fclose(f);
	return v;
}

double run_env_load(void)
{
	double l[1];
	if (getloadavg(l, 1) == 1)
		return l[0];
	return -1;
}

/* Node.js's names for the architectures uname reports. */
static const char *node_arch(const char *machine)
{
	static const char *const map[][2] = {
		{ "x86_64", "x64" }, { "amd64", "x64" }, { "aarch64", "arm64" },
		{ "arm64", "arm64" }, { "i386", "ia32" }, { "i686", "ia32" },
		{ "armv7l", "arm" }, { "ppc64le", "ppc64" }, { "s390x", "s390x" },
		{ "riscv64", "riscv64" },
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (strcmp(map[i][0], machine) == 0)
			return map[i][1];
	return machine;
}

void run_env_probe(struct run_env *e, const char *nf_version)
{
	struct utsname u;
	char *s;
	long cores = sysconf(_SC_NPROCESSORS_ONLN);
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	double load = run_env_load();

	if (uname(&u) == 0) {
		char *os = xstrdup(u.sysname);
		for (char *p = os; *p; p++)
			*p = (char)tolower((unsigned char)*p);
		e->os = os;
		e->arch = xstrdup(node_arch(u.machine));
		run_env_set(e, "os", e->os);
		run_env_set(e, "arch", e->arch);
		run_env_set(e, "kernel", u.release);
	}
	if ((s = cpuinfo("model name")) || (s = cpuinfo("Hardware")) || (s = cpuinfo("cpu model")) ||
	    (s = cpuinfo("cpu"))) {
		run_env_set(e, "cpu", s);
		free(s);
	}
	if (cores > 0) {
		char n[32];
		snprintf(n, sizeof n, "%ld", cores);
		e->cores = (int)cores;
		run_env_set(e, "cores", n);
	}
	if (pages > 0 && page > 0) {
		struct buf b = BUF_INIT;
		fmt_fixed(&b, (double)pages * (double)page / (1024.0 * 1024 * 1024), 1);
		buf_puts(&b, " GiB");
		run_env_set(e, "memory", b.s);
		buf_release(&b);
	}
	if (load >= 0) {
		struct buf b = BUF_INIT;
		fmt_fixed(&b, load, 2);
		run_env_set(e, "load average", b.s);
		buf_release(&b);
	}
	e->governor = read_line_of("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
	if (e->governor)
		run_env_set(e, "governor", e->governor);
	/* intel_pstate says no_turbo; acpi-cpufreq and others say boost */
	if ((s = read_line_of("/sys/devices/system/cpu/intel_pstate/no_turbo"))) {
		e->turbo = strcmp(s, "0") == 0;
		free(s);
	} else if ((s = read_line_of("/sys/devices/system/cpu/cpufreq/boost"))) {
		e->turbo = strcmp(s, "1") == 0;
		free(s);
	}
	if (e->turbo >= 0)
		run_env_set(e, "turbo", e->turbo ? "on" : "off");
	run_env_set(e, "noisefloor", nf_version);
}

/* 1 when the word names a Node.js binary: node, nodejs, node22, node-22,
 * node20.1, with any folder in front. */
static int is_node_word(const char *w)
{
	const char *base = strrchr(w, '/');
	base = base ? base + 1 : w;
	if (strcmp(base, "nodejs") == 0)
		return 1;
	if (strncmp(base, "node", 4) != 0)
		return 0;
	for (const char *p = base + 4; *p; p++)
		if (!isdigit((unsigned char)*p) && *p != '.' && *p != '-')
			return 0;
	return 1;
}

int run_env_node_versions(char *const *words, const char *tmpdir, char **node, char **v8)
{
	const char *bin = NULL;
	char *argv[4], *out_path, *text = NULL;
	struct run_exec_result res;
	size_t len;
	int ok = 0;

	*node = *v8 = NULL;
	if (!words)
		return 0;
	for (; *words; words++) {
		const char *eq = strchr(*words, '=');
		/* VAR=value words before the program */
		if (eq && eq != *words && strspn(*words, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklm"
					     "nopqrstuvwxyz0123456789_") == (size_t)(eq - *words))
			continue;
		bin = *words;
		break;
	}
	if (!bin || !is_node_word(bin))
		return 0;
	argv[0] = (char *)bin;
	argv[1] = "-p";
	argv[2] = "process.versions.node + ' ' + process.versions.v8";
	argv[3] = NULL;
	out_path = xasprintf("%s/node-probe", tmpdir);
	if (run_exec_run(argv, out_path, NULL, 10000, &res) == 0 && !res.exec_errno && res.status == 0 &&
	    read_file(out_path, &text, &len) == 0) {
		char a[128], b[128];
		if (sscanf(text, "%127s %127s", a, b) == 2 && isdigit((unsigned char)a[0]) &&
		    isdigit((unsigned char)b[0])) {
			*node = xstrdup(a);
			*v8 = xstrdup(b);
			ok = 1;
		}
		free(text);
	}
	unlink(out_path);
	free(out_path);
	return ok;
}

int run_env_label_mismatch(const char *label, const char *runtime)
{
	const char *a = label, *b = runtime;
	if (*a == 'v' || *a == 'V')
		a++;
	if (*b == 'v')
		b++;
	if (!isdigit((unsigned char)*a))
		return 0;
	/* the label must be numbers separated by dots, nothing else */
	for (const char *p = a; *p; p++)
		if (!isdigit((unsigned char)*p) && *p != '.')
			return 0;
	while (*a) {
		char *ea, *eb;
		unsigned long x = strtoul(a, &ea, 10), y = strtoul(b, &eb, 10);
		if (ea == a || eb == b || x != y)
			return 1;
		a = ea;
		b = eb;
		if (*a == '.')
			a++;
		else if (*a)
			return 0;
		if (*a && *b != '.')
			return 1;
		if (*b == '.')
			b++;
	}
	return 0;
}
