#!/usr/bin/env bash
# bench/memory.sh - peak memory against input size, for rounds JSON and NDJSON.
#
# Generates inputs of N and 4N results (5 passes each, long workload names so
# the text is much larger than the values), runs `noisefloor report --formats
# json` on each and prints the peak resident set size. Memory should grow with
# the number of values, and NDJSON (streamed line by line) should need far less
# than its text size. Usage: bench/memory.sh [N] (default 50000).
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-50000}
NF=${NF:-./noisefloor}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

gen() { # gen COUNT FILE.ndjson
	awk -v n="$1" 'BEGIN {
		print "{\"format\": \"noisefloor.rounds/1\", \"title\": \"memory benchmark\"}";
		pad = sprintf("%300s", ""); gsub(/ /, "x", pad);
		for (i = 0; i < n; i++) {
			w = i % 10; v = int(i / 10) % 4; r = int(i / 40) + 1;
			printf "{\"workload\": \"workload %d %s\", \"version\": \"2%d.0.0\", \"round\": %d, \"unit\": \"ms\", \"note\": \"%s\", \"passes\": [%d.1, %d.2, %d.3, %d.4, %d.5]}\n", w, pad, v * 2, r, pad, 10 + w, 10 + w, 10 + w, 10 + w, 10 + w;
		}
	}' > "$2"
}

peak_kb() { # peak RSS of a command, in KiB
	python3 - "$@" <<'PY'
import resource, subprocess, sys
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
PY
}

printf '%-28s %12s %12s %10s\n' input "text KiB" "peak KiB" "peak/text"
for n in "$N" $((N * 4)); do
	gen "$n" "$tmp/r$n.ndjson"
	# the same results as one JSON document
	jq -s '{format: .[0].format, title: .[0].title, results: .[1:]}' "$tmp/r$n.ndjson" > "$tmp/r$n.json"
	for f in "$tmp/r$n.ndjson" "$tmp/r$n.json"; do
		size=$(( $(stat -c %s "$f") / 1024 ))
		peak=$(peak_kb "$NF" report -q --formats json --out "$tmp/out" "$f")
		printf '%-28s %12d %12d %10.2f\n' "$n results, ${f##*.}" "$size" "$peak" "$(echo "$peak / $size" | bc -l)"
	done
done
