# Inputs large in one direction each finish within seconds and bounded
# memory (doc/limits.md, "Sizes"): 10,000 versions of one workload (a nightly
# series past EVIDENCE_ALL_PAIRS), 100,000 workloads, 5,000 workload names
# that shorten to one chart file name, 10,000 confirmed workloads (the
# documents list what fits), and a report of 1,000 workloads with
# its charts (the overview and the per-workload charts capped, never a
# failure). Each run under `timeout 60` so a regression fails instead of
# hanging; peak memory from /usr/bin/time -f %M (KiB).
. tests/lib.sh
d=$(tmpdir)
head='{"format": "noisefloor.rounds/1", "environment": {"os": "linux", "arch": "x64"}}'

# versions: n versions of one workload, 3 rounds each
versions() {
	awk -v n="$1" -v head="$head" 'BEGIN { print head; seed = 7
		for (r = 1; r <= 3; r++) for (v = 1; v <= n; v++) {
			seed = (seed * 48271) % 2147483647
			printf "{\"workload\": \"w\", \"version\": \"1.%d.0\", \"round\": %d, \"unit\": \"ms\", \"value\": %.4f}\n", v, r, 10 * (1 + 0.05 * seed / 2147483647)
		} }'
}
# workloads: n workloads named prefix N, two versions, 3 rounds each
workloads() {
	awk -v n="$1" -v pre="$2" -v head="$head" 'BEGIN { print head; seed = 7
		for (r = 1; r <= 3; r++) for (w = 1; w <= n; w++) for (v = 1; v <= 2; v++) {
			seed = (seed * 48271) % 2147483647
			printf "{\"workload\": \"%s%d\", \"version\": \"2%d.0.0\", \"round\": %d, \"unit\": \"ms\", \"value\": %.4f}\n", pre, w, v, r, 10 * (1 + 0.05 * seed / 2147483647)
		} }'
}
# confirmed: n workloads named prefix N, 22.0.0 confirmed faster than 21.0.0
# (about 2 % noise, 5 rounds): the documents' longest rows, every pair
# claimed
confirmed() {
	awk -v n="$1" -v pre="$2" -v head="$head" 'BEGIN { print head; seed = 7
		for (r = 1; r <= 5; r++) for (w = 1; w <= n; w++) for (v = 1; v <= 2; v++) {
			seed = (seed * 48271) % 2147483647
			printf "{\"workload\": \"%s%d\", \"version\": \"2%d.0.0\", \"round\": %d, \"unit\": \"ms\", \"value\": %.4f}\n", pre, w, v, r, (v == 1 ? 12 : 10) * (1 + 0.02 * seed / 2147483647)
		} }'
}
# platforms: one workload on n platforms, two versions, 3 rounds each
platforms() {
	awk -v n="$1" -v head="$head" 'BEGIN { print head; seed = 7
		for (r = 1; r <= 3; r++) for (p = 1; p <= n; p++) for (v = 1; v <= 2; v++) {
			seed = (seed * 48271) % 2147483647
			printf "{\"workload\": \"w\", \"platform\": \"p%d\", \"version\": \"2%d.0.0\", \"round\": %d, \"unit\": \"ms\", \"value\": %.4f}\n", p, v, r, 10 * (1 + 0.05 * seed / 2147483647)
		} }'
}
# runs the command under timeout 60; sets rc, secs and kib
measure() {
	/usr/bin/time -f '%e %M' -o "$d/time" timeout 60 "$@" >"$d/stdout" 2>"$d/stderr"
	rc=$?
	read -r secs kib < <(tail -n 1 "$d/time")
}

# --- many versions --------------------------------------------------------
versions 10000 > "$d/v10000.ndjson"
measure "$NF" check -q "$d/v10000.ndjson"
check_eq "check of 10,000 versions x 3 rounds exits 0" "0" "$rc"
check "in seconds ($secs s) and at most 200 MB ($kib KiB)" test "${kib:-999999999}" -le 204800
measure "$NF" report -q --formats json,md,html,charts --out "$d/ov" "$d/v10000.ndjson"
check_eq "a report of 10,000 versions exits 0 ($(head -c 200 "$d/stderr"))" "0" "$rc"
check "in seconds ($secs s) and at most 400 MB ($kib KiB)" test "${kib:-999999999}" -le 409600
check "a series tests about three pairs a version, not every pair" \
	jq -e '.comparisons[0] | (.pairs | length) < 3 * 10000' "$d/ov/analysis.json"
check "report.html says the series is compared with its neighbours and the baseline" \
	grep -q 'compared with their neighbours and the baseline only' "$d/ov/report.html"
measure "$NF" report -q --formats xlsx --out "$d/ox" "$d/v10000.ndjson"
check_eq "the workbook of 10,000 versions is written, its columns capped ($(head -c 200 "$d/stderr"))" "0" "$rc"
check "in seconds ($secs s) and at most 400 MB ($kib KiB)" test "${kib:-999999999}" -le 409600
check "its Summary names how many versions have no column" \
	sh -c "unzip -p '$d/ox/report.xlsx' xl/sharedStrings.xml | grep -q 'The 10,000 versions are more than the verdict table and the Charts sheet give columns (250.*and [0-9,]* more\\.'"
# below the limit every pair, as before
versions 64 > "$d/v64.ndjson"
"$NF" report -q --formats json --out "$d/o64" "$d/v64.ndjson"
check_eq "64 versions: every pair (2,016)" "2016" "$(jq '.comparisons[0].pairs | length' "$d/o64/analysis.json")"
versions 65 > "$d/v65.ndjson"
"$NF" report -q --formats json --out "$d/o65" "$d/v65.ndjson"
check "65 versions: a series, fewer pairs than every pair (2,080)" \
	jq -e '.comparisons[0].pairs | length < 2080' "$d/o65/analysis.json"

# --- many workloads --------------------------------------------------------
workloads 100000 "workload " > "$d/w100k.ndjson"
measure "$NF" check -q "$d/w100k.ndjson"
check_eq "check of 100,000 workloads exits 0" "0" "$rc"
check "in seconds ($secs s) and at most 400 MB ($kib KiB)" test "${kib:-999999999}" -le 409600
measure "$NF" report -q --formats json --out "$d/ow" "$d/w100k.ndjson"
check_eq "a report of 100,000 workloads exits 0 ($(head -c 200 "$d/stderr"))" "0" "$rc"
check "in seconds ($secs s) and at most 600 MB ($kib KiB)" test "${kib:-999999999}" -le 614400

# --- many platforms ----------------------------------------------------------
# 1 workload x 2 versions x 3 rounds on each of 1,000 and 10,000 platforms:
# each platform's table once took room for every comparison (10,000 x
# 10,000 indices, 1.5 GB for a 5 MB blog.md); memory now follows the size
platforms 1000 > "$d/p1000.ndjson"
platforms 10000 > "$d/p10000.ndjson"
measure "$NF" report -q --formats md --out "$d/op1" "$d/p1000.ndjson"
check_eq "the Markdown of 1,000 platforms: exit 0 ($(head -c 200 "$d/stderr"))" "0" "$rc"
kib1000=${kib:-999999999}
check_eq "a table per platform, in the order the input names them" "$(seq -f 'p%g' 1 1000 | tr '\n' ' ')" \
	"$(grep -oE '^\*\*p[0-9]+\*\*:$' "$d/op1/blog.md" | tr -d '*:' | awk '!seen[$0]++' | tr '\n' ' ')"
measure "$NF" report -q --formats md --out "$d/op10" "$d/p10000.ndjson"
check_eq "the Markdown of 10,000 platforms: exit 0 ($(head -c 200 "$d/stderr"))" "0" "$rc"
check "in seconds ($secs s) and at most 200 MB ($kib KiB)" test "${kib:-999999999}" -le 204800
check "10 times the platforms, at most 12 times the memory ($kib1000 KiB, then $kib KiB)" \
	test "${kib:-999999999}" -le $((12 * kib1000))
if [ -z "${NF_QUICK:-}" ]; then
	measure "$NF" report -q --out "$d/op10a" "$d/p10000.ndjson"
	check_eq "the default report of 10,000 platforms: exit 0 ($(head -c 200 "$d/stderr"))" "0" "$rc"
	check "in a minute ($secs s) and at most 400 MB ($kib KiB)" test "${kib:-999999999}" -le 409600
fi

# 10,000 confirmed workloads x 2 versions: report.html passed 16 MiB, the
# limit of one document, and the Markdown's context took about 425 MB; the
# documents now list as many comparisons as fit, say so, and hold one
# comparison's context at a time
confirmed 10000 "http/server/keep-alive-" > "$d/k10000.ndjson"
measure "$NF" report -q --formats md,html --out "$d/ok" "$d/k10000.ndjson"
check_eq "blog.md and report.html of 10,000 confirmed workloads: exit 0 ($(head -c 200 "$d/stderr"))" "0" "$rc"
check "in seconds ($secs s) and at most 150 MB ($kib KiB)" test "${kib:-999999999}" -le 153600
check "report.html stays within 16 MiB" test "$(stat -c %s "$d/ok/report.html" 2>/dev/null || echo 99999999)" -le 16777216
check "report.html says how many workloads it lists, and where the rest are" \
	grep -q '<p class="note">Only the first 5000 workloads of 10000 are listed here, so that the document stays readable; every one is in analysis.json, verdicts.csv and the workbook.</p>' "$d/ok/report.html"
check_eq "its two tables (verdicts, against the baseline) list those 5000, and none after them" "10000 0" \
	"$(grep -c '^<tr><th scope="row"><a href="#' "$d/ok/report.html") $(grep -c 'keep-alive-5001<' "$d/ok/report.html")"
check "blog.md fits whole: every workload, no such note" \
	sh -c "! grep -q 'Only the first' '$d/ok/blog.md' && grep -q '^| http/server/keep-alive-10000 (ms) |' '$d/ok/blog.md'"
# the default report, every output (half a minute: the full run only)
if [ -z "${NF_QUICK:-}" ]; then
	/usr/bin/time -f '%e %M' -o "$d/time" timeout 300 "$NF" report -q --out "$d/oa" "$d/k10000.ndjson" >"$d/stdout" 2>"$d/stderr"
	rc=$?
	read -r secs kib < <(tail -n 1 "$d/time")
	check_eq "the default report of 10,000 confirmed workloads: exit 0 ($(head -c 200 "$d/stderr"))" "0" "$rc"
	check "in minutes ($secs s) and at most 400 MB ($kib KiB)" test "${kib:-999999999}" -le 409600
	check_eq "every file" "analysis.json blog.md charts ci-summary.md issue.md report.html report.pdf report.xlsx rounds.csv summary.md verdicts.csv" \
		"$(ls "$d/oa" | tr '\n' ' ' | sed 's/ $//')"
fi

# charts of 1,000 workloads: the overview (past cairo's image limit before)
workloads 1000 "workload " > "$d/w1000.ndjson"
measure "$NF" report -q --formats md,charts --out "$d/oc" "$d/w1000.ndjson"
check_eq "a report of 1,000 workloads with charts exits 0 ($(head -c 200 "$d/stderr"))" "0" "$rc"
check "in seconds ($secs s) and at most 400 MB ($kib KiB)" test "${kib:-999999999}" -le 409600
check "the overview is drawn" test -s "$d/oc/charts/overview.png"
check "the overview names the workloads it leaves out" \
	grep -q 'Not shown: 940 workloads past the first 60 rows' \
	<(xmllint --xpath 'string(//*[local-name()="desc"])' "$d/oc/charts/overview.svg")
check_eq "charts of their own for the first 200 workloads (SVG and PNG each), and the overview" \
	"402" "$(find "$d/oc/charts" -type f | wc -l)"
check "blog.md says which workloads have no chart of their own" \
	grep -qx 'Charts of their own for the first 200 workloads only: the other 800 are in the tables, analysis.json and the workbook.' "$d/oc/blog.md"

# --- colliding chart names ---------------------------------------------------
workloads 5000 "a very long workload name that shortens to one file name for every workload " \
	> "$d/c5000.ndjson"
measure "$NF" report -q --formats json --out "$d/oj" "$d/c5000.ndjson"
check_eq "5,000 names of one chart stem: report exits 0" "0" "$rc"
check "in seconds ($secs s) and at most 300 MB ($kib KiB)" test "${kib:-999999999}" -le 307200
