# Other runners' output: detection, the mapping rules, jq mappings, convert,
# and the errors for files in no format or breaking a format's rules.
. tests/lib.sh
F=tests/fixtures
A=data/adapters

# convert's results (without the document line)
results() { "$NF" convert "$@" | tail -n +2; }
# one line per distinct value of a jq expression over the results
distinct() { local expr=$1; shift; results "$@" | jq -r "$expr" | sort -u | paste -sd' ' -; }

# --- every fixture is detected as its own format ------------------------
runner_of() { distinct '.meta.runner' "$@"; }
check_eq "hyperfine detected" "hyperfine" "$(runner_of $F/hyperfine/params.json 22=$F/hyperfine/node22.json $F/hyperfine/named.json)"
check_eq "Google Benchmark detected" "google-benchmark" "$(runner_of new=$F/gbench/capture.json O1=$F/gbench/sort-O1.json)"
check_eq "mitata detected" "mitata" "$(runner_of $F/mitata/node20.json $F/mitata/node22.json $F/mitata/node24.json)"
check_eq "tinybench 6 and 2 detected" "tinybench" "$(runner_of $F/tinybench/node22.json 20=$F/tinybench/v2-node20.json)"
check_eq "benchmark.js detected" "benchmark.js" "$(runner_of 20=$F/benchmarkjs/node20.json 22=$F/benchmarkjs/node22.json)"
check_eq "autocannon detected" "autocannon" "$(runner_of 20=$F/autocannon/node20-r1.json 24=$F/autocannon/node24-r2.json)"
check_eq "compare.js CSV detected" "compare.js" "$(runner_of $F/comparejs/buffer-compare-22-24.csv)"
check_eq "pyperf detected" "pyperf" "$(runner_of $F/pyperf/func-python3.11.json 22=$F/pyperf/command-node22.json)"

# --- hyperfine -------------------------------------------------------------
check_eq "hyperfine --parameter-list: versions from the parameter, workload with {v}" \
	"node{v} sort.js|20 node{v} sort.js|22 node{v} sort.js|24" \
	"$(distinct '"\(.workload)|\(.version)"' $F/hyperfine/params.json)"
check_eq "hyperfine: every run is a round of one pass in s, back to back" "1 5 s true 1" \
	"$(results $F/hyperfine/params.json | jq -s '[.[] | select(.version == "22")] | "\(.[0].round) \(.[-1].round) \(.[0].unit) \(.[0].back_to_back) \(.[0].passes | length)"' -r)"
check_eq "hyperfine: first run's time kept exactly" "0.16092523784" \
	"$(results $F/hyperfine/params.json | head -n 1 | jq -r '.passes[0]')"
check_eq "hyperfine + labels: version from label=path, workload = command name" "parse|22 parse|24 sort|22 sort|24" \
	"$(distinct '"\(.workload)|\(.version)"' 22=$F/hyperfine/node22.json 24=$F/hyperfine/node24.json)"
check_eq "hyperfine -n: versions from command names, workload from the file name" "named|22 named|24" \
	"$(distinct '"\(.workload)|\(.version)"' $F/hyperfine/named.json)"
o=$(tmpdir)
"$NF" report -q --out "$o" 22=$F/hyperfine/node22.json 24=$F/hyperfine/node24.json >/dev/null 2>&1
check "hyperfine files give the full report" test -s "$o/analysis.json" -a -s "$o/blog.md"
check "the report says hyperfine rounds ran back to back" grep -q 'back to back' "$o/analysis.json"

# --- Google Benchmark --------------------------------------------------------
check_eq "gbench without a label or version: argument: refused with the fix" \
	"noisefloor: cannot read '$F/gbench/capture.json': Google Benchmark records no version, and its names are benchmarks, not versions: give the version on the command line as VERSION=$F/gbench/capture.json" \
	"$("$NF" convert $F/gbench/capture.json 2>&1 >/dev/null)"
check_status "gbench without a version: status 65" 65 "$NF" convert $F/gbench/capture.json
check_eq "gbench + label: arguments stay in the workload, aggregates left out" \
	"BM_Sort/100000|x|5 concat_plus/new|x|5 concat_plus/old|x|5" \
	"$(results x=$F/gbench/capture.json | jq -rs 'group_by(.workload + "|" + .version)[] | "\(.[0].workload)|\(.[0].version)|\(length)"' | paste -sd' ' -)"
d=$(tmpdir)
jq '.benchmarks |= map(select(.name | startswith("concat_plus")))' $F/gbench/capture.json |
	sed 's#concat_plus/\(old\|new\)#concat_plus/version:\1#g' > "$d/named.json"
check_eq "gbench: an explicit version: argument gives the version" \
	"BM_Sort/100000|x concat_plus|new concat_plus|old" \
	"$(distinct '"\(.workload)|\(.version)"' x=$F/gbench/sort-O1.json "$d/named.json" 2>&1)"
check_eq "gbench: repetition_index gives the round, real_time in ns" "1 2 3 4 5 ns true" \
	"$(results "$d/named.json" 2>/dev/null | jq -rs '[.[] | select(.version == "old")] | "\([.[].round] | join(" ")) \(.[0].unit) \(.[0].back_to_back)"')"
# the issue's file: arguments and different benchmarks, no version anywhere
jq '.benchmarks = [.benchmarks[] | select(.run_type == "iteration")][0:4] |
	.benchmarks |= [foreach .[] as $b (0; . + 1; $b + {name: (["BM_SortInts/1000", "BM_SortInts/100000", "BM_StringConcat", "BM_UnorderedMapInsert"][. - 1]), run_name: (["BM_SortInts/1000", "BM_SortInts/100000", "BM_StringConcat", "BM_UnorderedMapInsert"][. - 1])})]' \
	$F/gbench/capture.json > "$d/args.json"
check_status "gbench: benchmarks with arguments and no version are never split into versions" 65 \
	"$NF" report -q --out "$(tmpdir)" "$d/args.json"
check_eq "gbench: with a label they are four workloads of one version" \
	"BM_SortInts/100000|24 BM_SortInts/1000|24 BM_StringConcat|24 BM_UnorderedMapInsert|24" \
	"$(distinct '"\(.workload)|\(.version)"' 24="$d/args.json")"
check_eq "gbench + labels: the whole run name is the workload" "BM_Sort/100000|O1 BM_Sort/100000|O2" \
	"$(distinct '"\(.workload)|\(.version)"' O1=$F/gbench/sort-O1.json O2=$F/gbench/sort-O2.json)"
check_eq "gbench: aggregates only is refused with the rule" \
	"noisefloor: cannot read '$F/gbench/aggregates-only.json': no per-repetition results (run_type \"iteration\"): run without --benchmark_report_aggregates_only" \
	"$("$NF" convert $F/gbench/aggregates-only.json 2>&1 >/dev/null)"
check_status "gbench aggregates only: status 65" 65 "$NF" convert $F/gbench/aggregates-only.json

# --- mitata -------------------------------------------------------------------
check_eq "mitata: version and platform from the file's context" "22.23.5 linux-x64" \
	"$(distinct '"\(.version) \(.platform)"' $F/mitata/node22.json)"
check_eq "mitata: raw samples are the passes of one round" \
	"$(jq '.benchmarks[0].runs[0].stats.samples | length' $F/mitata/node20.json) 1 ns" \
	"$(results $F/mitata/node20.json | head -n 1 | jq -r '"\(.passes | length) \(.round) \(.unit)"')"
check_eq "mitata: a label wins, the recorded runtime version is kept in meta" "mine 22.23.5" \
	"$(results mine=$F/mitata/node22.json | head -n 1 | jq -r '"\(.version) \(.meta.runtime_version)"')"
jq '.benchmarks[].runs[].stats |= del(.samples)' $F/mitata/node22.json > "$d/mitata-nosamples.json"
check_eq "mitata samples: false: the round is its p50" \
	"$(jq '.benchmarks[0].runs[0].stats.p50' $F/mitata/node22.json) 1 p50 22.23.5" \
	"$(results "$d/mitata-nosamples.json" | head -n 1 | jq -r '"\(.passes[0]) \(.passes | length) \(.meta.summary) \(.version)"')"
o=$(tmpdir)
check "mitata files give the full report" "$NF" report -q --min-rounds 1 --formats json,md --out "$o" $F/mitata/node20.json $F/mitata/node22.json $F/mitata/node24.json

# --- tinybench ----------------------------------------------------------------
check_eq "tinybench 6: version from runtimeVersion, latency samples in ms" "24.22.3 ms 67" \
	"$(results $F/tinybench/node24.json | head -n 1 | jq -r '"\(.version) \(.unit) \(.passes | length)"' | sed 's/ [0-9]*$/ 67/')"
check_eq "tinybench 6: sample count kept" "$(jq '.[0].result.latency.samples | length' $F/tinybench/node22.json)" \
	"$(results $F/tinybench/node22.json | head -n 1 | jq '.passes | length')"
check_eq "tinybench 2: label gives the version" "JSON.parse 500 rows|20 sort 20k integers|20" \
	"$(distinct '"\(.workload)|\(.version)"' 20=$F/tinybench/v2-node20.json)"
check_eq "tinybench 2 without a label: tasks are never versions, refused with the fix" \
	"noisefloor: cannot read '$F/tinybench/v2-node20.json': tinybench records no version, and its names are benchmarks, not versions: give the version on the command line as VERSION=$F/tinybench/v2-node20.json" \
	"$("$NF" convert $F/tinybench/v2-node20.json 2>&1 >/dev/null)"
jq 'map(.result.latency |= del(.samples))' $F/tinybench/node22.json > "$d/tb-nosamples.json"
check_eq "tinybench without retainSamples: the round is its p50" \
	"$(jq '.[0].result.latency.p50' $F/tinybench/node22.json) 1 p50" \
	"$(results "$d/tb-nosamples.json" | head -n 1 | jq -r '"\(.passes[0]) \(.passes | length) \(.meta.summary)"')"

# --- benchmark.js ---------------------------------------------------------------
check_eq "benchmark.js: samples become ops/s, higher is better" "ops/s higher true" \
	"$(results 20=$F/benchmarkjs/node20.json | head -n 1 | jq -r --argjson s "$(jq '.[0].stats.sample[0]' $F/benchmarkjs/node20.json)" \
		'"\(.unit) \(.better) \((.passes[0] * $s - 1) | fabs < 1e-12)"')"
o=$(tmpdir)
check_eq "benchmark.js without a label: benchmarks are never versions, refused with the fix" \
	"noisefloor: cannot read '$F/benchmarkjs/node20.json': benchmark.js records no version, and its names are benchmarks, not versions: give the version on the command line as VERSION=$F/benchmarkjs/node20.json" \
	"$("$NF" convert $F/benchmarkjs/node20.json 2>&1 >/dev/null)"
check "benchmark.js files give the full report" "$NF" report -q --min-rounds 1 --formats json --out "$o" 20=$F/benchmarkjs/node20.json 22=$F/benchmarkjs/node22.json

# --- autocannon --------------------------------------------------------------------
ac=""
for r in 1 2; do for v in 20 22 24; do ac="$ac $v=$F/autocannon/node$v-r$r.json"; done; done
check_eq "autocannon: files of one version are further rounds, in order" "GET /items|20|1|2 GET /items|22|1|2 GET /items|24|1|2" \
	"$(results $ac | jq -rs 'group_by(.version)[] | "\(.[0].workload)|\(.[0].version)|\([.[].round] | join("|"))"' | paste -sd' ' -)"
check_eq "autocannon: requests.mean in req/s, higher is better" "$(jq '.requests.mean' $F/autocannon/node20-r1.json) req/s higher" \
	"$(results 20=$F/autocannon/node20-r1.json | jq -r '"\(.passes[0]) \(.unit) \(.better)"')"
d=$(tmpdir)
jq 'del(.title)' $F/autocannon/node20-r1.json > "$d/untitled.json"
check_eq "autocannon without label or title: says how to name the version" \
	"noisefloor: cannot read '$d/untitled.json': autocannon records no version: give it on the command line as VERSION=$d/untitled.json (or name the run with --title)" \
	"$("$NF" convert "$d/untitled.json" 2>&1 >/dev/null)"

# --- compare.js -----------------------------------------------------------------------
check_eq "compare.js: old and new, workload = file + configuration, 5 rounds, interleaved" \
	"buffers/buffer-compare.js millions=1 size=16|new|1 2 3 4 5|null buffers/buffer-compare.js millions=1 size=16|old|1 2 3 4 5|null buffers/buffer-compare.js millions=1 size=4096|new|1 2 3 4 5|null buffers/buffer-compare.js millions=1 size=4096|old|1 2 3 4 5|null" \
	"$(results $F/comparejs/buffer-compare-22-24.csv | jq -rs 'group_by(.workload + .version)[] | "\(.[0].workload)|\(.[0].version)|\([.[].round] | join(" "))|\(.[0].back_to_back)"' | paste -sd' ' -)"
o=$(tmpdir)
"$NF" report -q --formats json --out "$o" $F/comparejs/buffer-compare-22-24.csv
check_eq "compare.js: the runner interleaves old and new, so interleaved is true without timestamps" "true" \
	"$(jq -r '[.comparisons[].interleaved] | unique | map(tostring) | join(",")' "$o/analysis.json")"
check_status "compare.js with a label is refused" 65 "$NF" convert 22=$F/comparejs/buffer-compare-22-24.csv
printf '"binary", "filename", "configuration", "rate", "time"\n"old", "a.js", "n=1", 12.5\n' > "$d/short.csv"
check_eq "compare.js: a short row names its line and the rule" \
	"noisefloor: cannot read '$d/short.csv': line 2: expected 5 fields (binary, filename, configuration, rate, time), found 4" \
	"$("$NF" convert "$d/short.csv" 2>&1 >/dev/null)"
printf '"binary", "filename", "configuration", "rate", "time"\n"old", "a.js", "s=""x""", -1, 0.1\n' > "$d/neg.csv"
check_eq "compare.js: quoted quotes read, a negative rate refused" \
	"noisefloor: cannot read '$d/neg.csv': line 2: \"rate\" must be a finite number above zero, not \"-1\"" \
	"$("$NF" convert "$d/neg.csv" 2>&1 >/dev/null)"

# --- pyperf -------------------------------------------------------------------------------
check_eq "pyperf: version from python_version, calibration runs left out" "3.11.7|5 3.12.1|5" \
	"$(results $F/pyperf/func-python3.11.json $F/pyperf/func-python3.12.json | jq -rs 'group_by(.version)[] | "\(.[0].version)|\(length)"' | paste -sd' ' -)"
check_eq "pyperf command: label gives the version, values are the passes" "node sort.js|22|3|s|true" \
	"$(results 22=$F/pyperf/command-node22.json | head -n 1 | jq -r '"\(.workload)|\(.version)|\(.passes | length)|\(.unit)|\(.back_to_back)"')"

# --- one version spelt two ways ---------------------------------------------------------------
printf '{"workload": "w", "version": "%s", "unit": "ms", "passes": [1]}\n' v24 24 V26.1.0 26.1.0 v22 vx x > "$d/spellings.ndjson"
check_eq "v24 and 24 are one version, named 24; a spelling used alone is kept" "24 24 26.1.0 26.1.0 v22 vx x" \
	"$(results "$d/spellings.ndjson" | jq -r '.version' | paste -sd' ' -)"
o=$(tmpdir)
"$NF" report -q --min-rounds 1 --formats json --out "$o" "$d/spellings.ndjson"
check_eq "v24 and 24 are compared as one version of two rounds" "v22:1 24:2 26.1.0:2 vx:1 x:1" \
	"$(jq -r '[.comparisons[0].versions[] | "\(.version):\(.rounds)"] | join(" ")' "$o/analysis.json")"

# --- time units of one workload -----------------------------------------------------------
printf '{"workload": "w", "version": "1", "unit": "%s", "passes": [%s]}\n' ns 5 us '1, 0.3, 1.1' s 0.000001 > "$d/units.ndjson"
check_eq "time units are converted by exact powers of ten: 1 µs is 1000 ns" "[5] [1000,300,1100] [1000]" \
	"$(results "$d/units.ndjson" | jq -c '.passes' | paste -sd' ' -)"

# --- errors ---------------------------------------------------------------------------------
echo '{"foo": 1}' > "$d/unknown.json"
check_eq "no known format: lists the formats tried and points to --jq" \
	"noisefloor: cannot read '$d/unknown.json': not in any known format (tried noisefloor rounds (JSON or NDJSON), hyperfine, Google Benchmark, mitata, tinybench, benchmark.js, autocannon, Node.js benchmark/compare.js CSV, pyperf); to read another runner's JSON, give a jq program that maps it to rounds with --jq FILE" \
	"$("$NF" convert "$d/unknown.json" 2>&1 >/dev/null)"
check_status "no known format: status 65" 65 "$NF" convert "$d/unknown.json"
printf 'a,b\n1,2\n' > "$d/unknown.csv"
check_eq "report: the file named, and the way out, --jq" \
	"65 noisefloor: cannot read '$d/unknown.csv': not in any known format (tried *); to read another runner's JSON, give a jq program that maps it to rounds with --jq FILE" \
	"$("$NF" report -q --out "$d/o" "$d/unknown.csv" 2> "$d/err"; echo "$? $(sed 's/(tried [^;]*)/(tried *)/' "$d/err")")"
check_eq "check (no --jq of its own): through convert --jq" \
	"65 noisefloor: cannot read '$d/unknown.json': not in any known format (tried *); to read another runner's JSON, map it to rounds with a jq program first: noisefloor convert --jq FILE" \
	"$("$NF" check -q "$d/unknown.json" 2> "$d/err"; echo "$? $(sed 's/(tried [^;]*)/(tried *)/' "$d/err")")"
check_eq "... and the way out works: --jq-program maps it" "0" \
	"$("$NF" convert --jq-program '{workload: "w", version: "1", unit: "ms", passes: [.foo]}' "$d/unknown.json" >/dev/null 2>&1; echo $?)"
jq '.results[0].times[2] = -0.5' $F/hyperfine/params.json > "$d/neg.json"
check_eq "hyperfine: a negative time names the run and the rule" \
	"noisefloor: cannot read '$d/neg.json': results[0]: \"times\"[2] must be a finite number above zero" \
	"$("$NF" convert "$d/neg.json" 2>&1 >/dev/null)"
sed 's/0.16092523784/1e400/' $F/hyperfine/params.json > "$d/inf.json"
check_eq "hyperfine: 1e400 is not a finite number" \
	"noisefloor: cannot read '$d/inf.json': results[0]: \"times\"[0] must be a finite number above zero" \
	"$("$NF" convert "$d/inf.json" 2>&1 >/dev/null)"
jq '.benchmarks[0].time_unit = "fortnights"' $F/gbench/sort-O1.json > "$d/unit.json"
check_eq "gbench: an unknown time unit is refused" \
	"noisefloor: cannot read '$d/unit.json': benchmarks[0]: \"time_unit\" must be ns, us, ms or s, not \"fortnights\"" \
	"$("$NF" convert O1="$d/unit.json" 2>&1 >/dev/null)"
jq '.benchmarks[0].runs[0].stats.samples[3] = "fast"' $F/mitata/node22.json > "$d/mitata.json"
check_eq "mitata: a sample that is not a number names its index" \
	"noisefloor: cannot read '$d/mitata.json': benchmarks[0].runs[0]: \"samples\"[3] must be a finite number above zero" \
	"$("$NF" convert "$d/mitata.json" 2>&1 >/dev/null)"
jq '.metadata |= del(.name)' $F/pyperf/func-python3.11.json > "$d/noname.json"
check_eq "pyperf: a benchmark without a name is refused" \
	"noisefloor: cannot read '$d/noname.json': benchmarks[0].runs[0]: the benchmark has no \"name\" in its metadata" \
	"$("$NF" convert "$d/noname.json" 2>&1 >/dev/null)"
jq '.[0].name = "XX"' $F/benchmarkjs/node20.json | sed 's/"XX"/"\\u0000x"/' > "$d/nul.json"
check_status "a \\u0000 escape is refused" 65 "$NF" convert 20="$d/nul.json"
jq '.[0].name = "sort"' $F/benchmarkjs/node20.json | sed 's/"sort"/"so\xffrt"/' > "$d/utf8.json"
check_eq "invalid UTF-8 in a name is refused" \
	"noisefloor: cannot read '$d/utf8.json': [0]: \"name\" is not valid UTF-8 (at byte 2)" \
	"$("$NF" convert 20="$d/utf8.json" 2>&1 >/dev/null)"
check_eq "a label that is not UTF-8 is refused" \
	"noisefloor: cannot read '$F/benchmarkjs/node20.json': the label is not valid UTF-8 (at byte 1)" \
	"$("$NF" convert "$(printf 'a\xff')=$F/benchmarkjs/node20.json" 2>&1 >/dev/null)"
sed '0,/"command"/s//"command": "x", "command"/' $F/hyperfine/named.json > "$d/dup.json"
check_eq "a duplicated key is refused" \
	"noisefloor: cannot read '$d/dup.json': the key \"command\" appears twice in one object" \
	"$("$NF" convert "$d/dup.json" 2>&1 >/dev/null)"
jq '.[0].result.latency |= del(.samples, .p50)' $F/tinybench/node22.json > "$d/nosamples.json"
check_eq "tinybench without samples or a median says how to keep them" \
	"noisefloor: cannot read '$d/nosamples.json': tasks[0]: \"sort 20k integers\" has no latency samples and no median: create the Bench with retainSamples: true (tinybench 4 and newer)" \
	"$("$NF" convert "$d/nosamples.json" 2>&1 >/dev/null)"

# --- jq mappings ------------------------------------------------------------------------------
days=$(ls $A/per-day-example/run-*/node-*.json)
check_eq "per-day mapping: each file is a round, in the order given" "22.23.5|1 2 3 24.22.3|1 2 3" \
	"$(results --jq $A/per-day.jq $days | jq -rs '[.[] | select(.workload == "sort 200k integers")] | group_by(.version)[] | "\(.[0].version)|\([.[].round] | join(" "))"' | paste -sd' ' -)"
o=$(tmpdir)
check "per-day mapping gives the full report" "$NF" report -q --out "$o" --jq $A/per-day.jq $days
check_eq "per-day mapping carries meta.v8 into the report" "12.4.254.21" \
	"$(jq -r '[.comparisons[0].versions[] | select(.version == "22.23.5") | .v8][0]' "$o/analysis.json")"
check_eq "github-action-benchmark mapping with labels" "JSON.parse 5k rows|22 JSON.parse 5k rows|24 sort 200k integers|22 sort 200k integers|24" \
	"$(distinct '"\(.workload)|\(.version)"' --jq $A/github-action-benchmark.jq 22=$A/github-action-benchmark-example/node22.json 24=$A/github-action-benchmark-example/node24.json)"
echo '{"v": "22", "t": [1.5, 1.25]}' > "$d/tiny.json"
check_eq "--jq-program inline" '{"workload":"w","version":"22","platform":"unknown","round":1,"unit":"ms","better":"lower","passes":[1.5,1.25]}' \
	"$(results --jq-program '{workload: "w", version: .v, unit: "ms", passes: .t}' "$d/tiny.json")"
check_eq "a jq runtime error names the file and shows jq's message" \
	"noisefloor: cannot read '$d/tiny.json': the jq program failed: jq: error: Cannot index string with string \"x\"" \
	"$("$NF" convert --jq-program '.v.x' "$d/tiny.json" 2>&1 >/dev/null)"
check_eq "jq output that is not an object is refused" \
	"noisefloor: cannot read '$d/tiny.json': the jq program gave number as output 1: expected a result object or a rounds document" \
	"$("$NF" convert --jq-program '.t[0]' "$d/tiny.json" 2>&1 >/dev/null)"
check_eq "jq output is validated like a rounds file" \
	"noisefloor: cannot read '$d/tiny.json': result 1: \"passes\"[1] must be greater than zero, not -1" \
	"$("$NF" convert --jq-program '{workload: "w", version: .v, unit: "ms", passes: [1, -1]}' "$d/tiny.json" 2>&1 >/dev/null)"
out=$("$NF" convert --jq-program '{workload: ' "$d/tiny.json" 2>&1 >/dev/null); rc=$?
check_eq "a jq compile error is a usage error with jq's message" "2 yes" \
	"$rc $(printf '%s' "$out" | grep -q "cannot compile the jq program: jq: error: syntax error" && echo yes)"
check_status "a missing mapping file: status 66" 66 "$NF" convert --jq "$d/missing.jq" "$d/tiny.json"

# --- convert ---------------------------------------------------------------------------------
"$NF" convert $F/comparejs/buffer-compare-22-24.csv $F/mitata/node22.json > "$d/once.ndjson"
"$NF" convert "$d/once.ndjson" > "$d/twice.ndjson"
check_file "convert output reads back to the same results" "$d/once.ndjson" "$d/twice.ndjson"
check_eq "convert: first line is the document" '{"format":"noisefloor.rounds/1","environment":{"cpu":"Intel(R) Xeon(R) Processor"}}' \
	"$(head -n 1 "$d/once.ndjson")"
check_status "convert without files is a usage error" 2 "$NF" convert

# --- the sanitizer build over every fixture --------------------------------------------------
if [ -x "$NF_ASAN" ]; then
	check "ASan/UBSan: every fixture converts cleanly" sh -c '
		asan=$1 f=$2
		for set in "$f/hyperfine/params.json 22=$f/hyperfine/node22.json $f/hyperfine/named.json" \
			"x=$f/gbench/capture.json O1=$f/gbench/sort-O1.json" "$f/mitata/node22.json $f/mitata/node24.json" \
			"$f/tinybench/node22.json 20=$f/tinybench/v2-node20.json" "20=$f/benchmarkjs/node20.json" \
			"20=$f/autocannon/node20-r1.json" "$f/comparejs/buffer-compare-22-24.csv" \
			"$f/pyperf/func-python3.11.json 22=$f/pyperf/command-node22.json"; do
			"$asan" convert $set >/dev/null || exit 1
		done' sh "$NF_ASAN" "$F"
	check_status "ASan/UBSan: broken inputs fail cleanly" 65 sh -c '
		for f in "$@"; do "$0" convert "$f" >/dev/null 2>&1; rc=$?; [ $rc -eq 65 ] || exit $rc; done; exit 65' \
		"$NF_ASAN" "$d/neg.json" "$d/inf.json" "$d/mitata.json" "$d/noname.json" "$d/dup.json" "$d/short.csv" "$d/neg.csv" "$d/unknown.json" "$F/gbench/aggregates-only.json"
	check "ASan/UBSan: a jq mapping runs cleanly" "$NF_ASAN" convert --jq $A/per-day.jq $days
	check_status "ASan/UBSan: a jq error fails cleanly" 65 "$NF_ASAN" convert --jq-program '.v.x' "$d/tiny.json"
else
	fail "ASan build missing" "build it with make asan"
fi
