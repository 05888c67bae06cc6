/*
 * gen-history.c - writes a generated CI history for tests/t-scale.sh: one
 * rounds-format NDJSON file per Node.js release per day (run-YYYY-MM-DD/
 * node-X.Y.Z.ndjson), as a nightly CI job commits them.
 *
 *   gen-history DIR [FILES [PASSES]]
 *
 * FILES (default 300) files in all: 40 workloads (10 configurations x 4
 * operations, ops/s), linux-x64 over nine months with 6 release lines and
 * 12 exact releases (each with its V8 version), uneven rounds per line
 * (lines run on different share of days), plus one darwin-arm64 file of a
 * single version. PASSES (default 1) passes per round: 300 files x 40
 * workloads x 84 passes is a million values.
 *
 * What it holds, for the tests to find: "select" is about 2.2x faster from
 * v22 on; "insert" drops 20 % from 24.12.0 on (a step inside the v24 line);
 * on 2025-11-27 every version that ran took about half its usual speed (a
 * bad day of the machine); otherwise day-to-day noise of about 12 % and
 * 5 % between rounds. Fixed seed, its own PRNG (splitmix64) and
 * Box-Muller: the same files on every machine.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

static uint64_t state = 7;

static double uniform(void)
{
	uint64_t z = (state += 0x9E3779B97F4A7C15ull);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	z ^= z >> 31;
	return (double)(z >> 11) / 9007199254740992.0;
}

static double gauss(void)
{
	double u = uniform(), v = uniform();
	if (u < 1e-300)
		u = 1e-300;
	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

struct line {
	const char *name;
	double share;                /* probability that the line runs on a day */
	const char *rel[3], *v8[3];  /* exact releases in date order, their V8 */
	int nrel;
};

static const struct line lines[] = {
	{ "18", 0.10, { "18.20.8" }, { "10.2.154.26" }, 1 },
	{ "20", 0.50, { "20.19.5", "20.19.6", "20.20.0" }, { "11.3.244.8", "11.3.244.8", "11.3.244.8" }, 3 },
	{ "22", 0.30, { "22.21.1", "22.22.0" }, { "12.4.254.21", "12.4.254.21" }, 2 },
	{ "24", 0.40, { "24.11.1", "24.12.0", "24.13.0" }, { "13.6.233.10", "13.6.233.17", "13.6.233.17" }, 3 },
	{ "25", 0.20, { "25.2.0" }, { "14.1.146.11" }, 1 },
	{ "26", 0.30, { "26.0.0", "26.1.0" }, { "14.6.202.26", "14.6.202.33" }, 2 },
};
#define NLINES (sizeof lines / sizeof lines[0])
#define NDAYS 280
#define BAD_DAY 13 /* 2025-11-27 */

static const char *configs[] = { "Production", "Memory Temp", "Sync OFF", "Sync EXTRA", "WAL 1000",
	"Cache 64MB", "MMAP 256MB", "Plain (no encryption)", "Incremental Vacuum", "Journal TRUNCATE" };
static const char *ops[] = { "select", "insert", "update", "delete" };
#define NWORK 40

static void date_of(int day, char *out)
{
	time_t t = 1763143200 + (time_t)day * 86400; /* 2025-11-14T18:00:00Z */
	struct tm tm;
	gmtime_r(&t, &tm);
	strftime(out, 32, "%Y-%m-%d", &tm);
}

static void write_file(const char *dir, const char *date, const char *platform, const char *rel,
		       const char *v8, const double *base, double day_factor, int passes,
		       const char *stamp)
{
	char path[4096];
	snprintf(path, sizeof path, "%s/run-%s", dir, date);
	mkdir(path, 0777);
	snprintf(path, sizeof path, "%s/run-%s/node-%s%s.ndjson", dir, date, rel,
		 strcmp(platform, "linux-x64") ? "-darwin" : "");
	FILE *f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	fprintf(f, "{\"format\":\"noisefloor.rounds/1\",\"title\":\"generated CI history\"}\n");
	for (int w = 0; w < NWORK; w++) {
		double f_ver = 1.0;
		int major = atoi(rel);
		if (w % 4 == 0 && major >= 22)
			f_ver = 2.2;
		if (w % 4 == 1 && (strcmp(rel, "24.12.0") == 0 || strcmp(rel, "24.13.0") == 0))
			f_ver = 0.80;
		fprintf(f, "{\"workload\":\"%s \\u00b7 %s\",\"version\":\"%s\",\"platform\":\"%s\","
			"\"unit\":\"ops/s\",\"better\":\"higher\",\"timestamp\":\"%s\",\"meta\":{\"v8\":\"%s\"},"
			"\"passes\":[", configs[w / 4], ops[w % 4], rel, platform, stamp, v8);
		double round = base[w] * f_ver * day_factor * exp(gauss() * 0.05);
		for (int p = 0; p < passes; p++)
			fprintf(f, "%s%.1f", p ? "," : "", round * exp(gauss() * 0.01));
		fprintf(f, "]}\n");
	}
	if (fclose(f) != 0) {
		perror(path);
		exit(1);
	}
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: gen-history DIR [FILES [PASSES]]\n");
		return 2;
	}
	const char *dir = argv[1];
	int nfiles = argc > 2 ? atoi(argv[2]) : 300, passes = argc > 3 ? atoi(argv[3]) : 1;
	if (nfiles < 2 || passes < 1) {
		fprintf(stderr, "gen-history: FILES >= 2 and PASSES >= 1\n");
		return 2;
	}
	mkdir(dir, 0777);
	double base[NWORK];
	for (int w = 0; w < NWORK; w++)
		base[w] = 5e3 + uniform() * 1.45e5;

	/* the darwin-arm64 file: one run of v18 only */
	write_file(dir, "2025-11-20", "darwin-arm64", "18.20.8", "10.2.154.26", base, 1.4, passes,
		   "2025-11-20T10:00:00Z");
	int written = 1;
	/* linux-x64: day by day until the file count is reached, spread over
	 * the nine months (the share of days a line runs is scaled to fit) */
	double expect = 0;
	for (size_t l = 0; l < NLINES; l++)
		expect += lines[l].share;
	double scale = 1.1 * (double)(nfiles - 1) / (expect * NDAYS);
	for (int day = 0; day < NDAYS && written < nfiles; day++) {
		char date[32], stamp[64];
		date_of(day, date);
		double machine = exp(gauss() * 0.12) * (day == BAD_DAY ? 0.5 : 1);
		for (size_t l = 0; l < NLINES && written < nfiles; l++) {
			const struct line *L = &lines[l];
			int runs = uniform() < L->share * scale || (day == BAD_DAY && l >= 1 && l <= 4);
			if (!runs)
				continue;
			int r = day * L->nrel / NDAYS;
			snprintf(stamp, sizeof stamp, "%sT18:%02zu:00Z", date, 10 * l);
			write_file(dir, date, "linux-x64", L->rel[r], L->v8[r], base, machine, passes, stamp);
			written++;
		}
	}
	printf("%d\n", written);
	return 0;
}
