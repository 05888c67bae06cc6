#!/usr/bin/env bash
# t-readers.sh - each document for its reader (issue 33): issue.md as a
# runtime maintainer files it, summary.md as a manager reads it, blog.md
# as a post, ci-summary.md's warnings, the environment as one table, and the
# small things (HTML <summary> text, the load warning's runs, the impact's
# pair, the Impact sheet's columns, one variant, claim lines).
. "$(dirname "$0")/lib.sh"

SHIPPED="$NF_ROOT/data/examples/node-versions/rounds.json"
LIBS="$NF_ROOT/data/examples/node-libs/rounds.ndjson"
BURSTS="$NF_ROOT/tests/data/node-bursts/rounds.ndjson"
o=$(tmpdir)
"$NF" report -q --out "$o/ship" "$SHIPPED"
COLUMNS=80 "$NF" report --out "$o/libs" "$LIBS" > "$o/libs.term" 2> "$o/libs.err"
"$NF" report -q --out "$o/bursts" "$BURSTS"
I="$o/ship/issue.md"

# ---- issue.md: one finding leads ----
check "issue.md fits 12,000 characters on the shipped example ($(wc -m < "$I"))" test "$(wc -m < "$I")" -le 12000
check_eq "its title names the finding with the strongest evidence: the anomaly of 24.22.3" \
	'<!-- Suggested title: Performance anomaly: "Concatenate 50k strings" on 24.22.3: 4 of 7 rounds are 13× slower than the other versions in the same rounds (linux-x64), and 1 more workload -->' \
	"$(sed -n 2p "$I")"
check "the finding opens the issue, with its interval" sh -c \
	'sed -n "/^### What was found/,/^### Version/p" "$1" | grep -q "^\*\*Concatenate 50k strings (linux-x64): 24.22.3: 4 of 7 rounds are 13× slower.*95% interval 6% to 34%\.$"' sh "$I"
check "the versions with their V8 versions, in one table" sh -c \
	'[ "$(grep -c "^| 2[0-6]\.[0-9.]* | V8 [0-9.]*; " "$1")" = 4 ] && [ "$(grep -c "^| Environment | |$" "$1")" = 1 ]' sh "$I"
check "the reproduction names the workload's code by its file name, never a path inside noisefloor" sh -c \
	'grep -qF "its code is \`workload.js\`, attached" "$1" && ! grep -q "data/examples" "$1"' sh "$I"
check_eq "the other findings fold into one block" "1 <summary>3 other findings, and every verdict</summary>" \
	"$(grep -c '^<details>' "$I") $(grep '^<summary>' "$I")"
check "no rank-test table and no raw rounds of other workloads" sh -c \
	'! grep -q "Mann–Whitney\|p (Holm)\|Raw rounds" "$1"' sh "$I"
check "the rest is attached: the input by file name, rounds.csv, analysis.json and report.pdf" \
	grep -q '^\*\*Attachments:\*\* `rounds.json` (SHA-256 `[0-9a-f]*`), `rounds.csv` (every round, SHA-256 `[0-9a-f]*`), `analysis.json` and `report.pdf`' "$I"
if command -v cmark-gfm > /dev/null; then
	check_eq "cmark-gfm renders issue.md's tables (the lead's numbers, the environment, its rounds, every verdict)" 4 \
		"$(cmark-gfm -e table "$I" | grep -c '<table>')"
fi
# a measurement taken with noisefloor run: the command that ran each version
L="$o/libs/issue.md"
check "run input: the workload's own command, with the version's node, no path of the machine that ran it" sh -c \
	'grep -qx "   node workload.js /tmp/nl-work/libs/node_modules 20 5" "$1" && ! grep -q "/work/\|data/examples" "$1"' sh "$L"
# nothing to file
check_eq "nothing to file: three lines that say so" \
	"**Nothing to file.** Benchmark of 1 workload, 22.23.5 to 24.22.3: no regression beyond the noise.
Nothing regressed: no newer version is confirmed slower than an older one on its 1 workload, and no version's rounds fall into two clusters.
Every verdict is in summary.md, report.html and analysis.json (noisefloor)." \
	"$(sed 's/ (noisefloor [^)]*)\.$/ (noisefloor)./' "$o/bursts/issue.md")"

# ---- summary.md: for a manager ----
S="$o/ship/summary.md"
check_eq "the decision and the upgrade table come first" "## Decision|## What changes from v22 to v26|## Workload by workload|## Risks|## How to reproduce" \
	"$(grep '^## ' "$S" | paste -sd'|')"
check_eq "a table of workloads with plain verdicts" \
	"| JSON.parse, 20k rows | 26.12.1 faster than 20.20.2 by 40% |
| JSON.stringify, 20k rows | undecided: more rounds needed |
| Sort 200k integers | no difference we can measure |" \
	"$(sed -n '/^## Workload by workload/,/^## Risks/p' "$S" | grep '^| [JS]' | head -3)"
check "no p values, rank tests or per-round ratios" sh -c \
	'! grep -qi "p = \|p-value\|rank test\|per-round\|Holm\|Mann" "$1"' sh "$S"
check "the anomaly is a risk in plain words" \
	grep -qxF -- "- Concatenate 50k strings: 24.22.3 is erratic: 4 of 7 rounds are 13× slower than the other versions in the same rounds; issue.md reports it upstream." "$S"
check "no risk speaks of the verdict's own workings" sh -c '! grep -q "the verdict names it and compares" "$1"' sh "$S"

# ---- blog.md: a post ----
B="$o/ship/blog.md"
check_eq "its title states the finding" \
	'# Node.js 20 vs 22 vs 24 vs 26: "JSON.parse, 20k rows" is 40% faster on 26.12.1 than on 20.20.2, and 3 more changes beyond the noise' \
	"$(head -n 1 "$B")"
check_eq "the sections of a post, in the seed article's order" \
	"## The short answer|## Why do most version benchmarks measure the wrong thing?|## What was measured|## Which version to run|## How to reproduce|## Where this leaves you" \
	"$(grep '^## ' "$B" | paste -sd'|')"
check "an opening paragraph says what was measured and how" \
	grep -q '^Benchmarks of a new version usually run each version once.*This is 7 workloads under 20.20.2 (V8 11.3.244.8)' "$B"
check "what was measured: the workloads with their descriptions, then the full table" sh -c \
	'sed -n "/^## What was measured/,/^## /p" "$1" | grep -q "^| Workload | What one pass does |" &&
	 sed -n "/^## What was measured/,/^## /p" "$1" | grep -q "^| Map of 200k keys (ms) |"' sh "$B"
check "borderline cases: one short paragraph, their numbers left to report.html" sh -c \
	'[ "$(grep -c "Borderline" "$1")" = 1 ] && ! grep -q "smallest reachable p\|p = " "$1"' sh "$B"
check "a conclusion" grep -q '^4 of 7 workloads moved beyond the machine.s own noise' "$B"

# ---- ci-summary.md: every warning it counts ----
C="$o/libs/ci-summary.md"
n=$(grep -o '· [0-9]* warnings' "$C" | grep -o '[0-9]*')
check_eq "ci-summary.md lists every warning it counts ($n)" "$n" "$(grep -c '^- \*\*Warning:\*\* ' "$C")"

# ---- the environment: one table, in one place ----
for f in issue summary blog; do
	check_eq "$f.md: the environment is one table, each version's command once" "1 1 0" \
		"$(grep -c '^| Machine | linux x64, AMD EPYC' "$o/libs/$f.md") $(grep -c '^| 26.12.1 | V8 14.6.202.34; ' "$o/libs/$f.md") $(grep -c 'command 26.12.1\|v8 26.12.1' "$o/libs/$f.md")"
done

# ---- the small things ----
printf '%s\n' '{"format": "noisefloor.rounds/1"}' > "$o/u.ndjson"
for r in 1 2 3; do for v in 22.1.0 24.1.0; do
	printf '{"workload": "declarative_map.yaml", "version": "%s", "round": %d, "unit": "ms", "value": %s}\n' "$v" "$r" "1$r" >> "$o/u.ndjson"
done; done
"$NF" report -q --out "$o/u" "$o/u.ndjson"
check "<summary> keeps no Markdown escape GitHub would show" sh -c \
	'grep -qx "<summary>declarative_map.yaml: every round</summary>" "$1" && ! grep -q "<summary>.*\\\\" "$1"' sh "$o/u/blog.md"
check "the load warning counts runs (40: 10 rounds of 4 versions), not result lines (240)" \
	grep -q '^warning: 40 of 40 runs ran while the load average was above the 2 cores' "$o/libs.err"
"$NF" report -q --out "$o/imp" --rps 120 --payload 60KB --cores 4 "$SHIPPED"
check_eq "impact figures weigh the advised upgrade (22.23.5 to 26.12.1), never the end-of-life 20.20.2" \
	"**Cores freed:** 26.12.1 frees 0.0075 cores (0.0067 to 0.0084) on JSON.parse, 20k rows against 22.23.5; 26.12.1 frees 0.035 cores (0.032 to 0.042) on Map of 200k keys against 22.23.5, at 120 requests per second of 60 KB each, on 4 cores." \
	"$(grep '^\*\*Cores freed' "$o/imp/summary.md")"
check "the Impact sheet has one column per formula" sh -c \
	'h=$("$2" "$1" | grep -x "sheet[0-9]* [A-Z]*9 .*"); [ "$(printf "%s\n" "$h" | grep -c " Cores freed$")" = 1 ] && ! printf "%s\n" "$h" | grep -qi "share of one core"' \
	sh "$o/imp/report.xlsx" "$NF_ROOT/tests/golden/sheets.sh"
printf '%s\n' '{"format": "noisefloor.rounds/1"}' > "$o/one.ndjson"
for r in 1 2 3; do printf '{"workload": "w", "version": "old", "round": %d, "unit": "ms", "value": 1%d}\n' "$r" "$r" >> "$o/one.ndjson"; done
"$NF" report -q --out "$o/one" "$o/one.ndjson"
check "one variant is a variant, not 'it is not release on'" sh -c \
	'grep -q "The version old is a variant, not a release on a product.s release schedule" "$1" && ! grep -q "not release on" "$1"' sh "$o/one/summary.md"
COLUMNS=80 "$NF" report --out "$o/cl" --claim '20.20.2..26.12.1=+10%@acorn' "$LIBS" > "$o/cl.term" 2> /dev/null
check "the terminal leaves a claim line's workload name as spelled (acorn.parse)" sh -c \
	'grep -q "^acorn\.parse lodash\.js, CPU time (linux-x64): the claimed" "$1" && ! grep -q "^Acorn" "$1"' sh "$o/cl.term"

# ---- a measurement of our own: tests/data/node-cpu (run --measure cpu) ----
# three inputs, one workload each, timed three ways on a busy machine: a
# memory regression leads, its interval narrower than a whole percent, and
# the inputs record three commands for every version
D="$NF_ROOT/tests/data/node-cpu"
mkdir "$o/cpu-in"
cp "$D"/*.ndjson "$D"/*.js "$o/cpu-in/"
(cd "$o/cpu-in" && "$NF" report -q --out "$o/cpu" json.ndjson regex.ndjson map.ndjson)
CI="$o/cpu/issue.md" CS="$o/cpu/summary.md" CB="$o/cpu/blog.md"
check "node-cpu issue.md: a memory lead, its narrow interval told apart by a decimal" sh -c \
	'sed -n "/^### What was found/,/^### Version/p" "$1" | grep -qx "\*\*regex over 60k log lines, peak memory (linux-x64): 20\.20\.2 uses 2[0-9]% less memory than 26\.12\.1 (best rounds); 95% interval 2[0-9]\.[0-9]% to 2[0-9]\.[0-9]%\.\*\*"' sh "$CI"
# one record, one size: the title says the lead's verdict in the lead's words
check_eq "node-cpu issue.md: the title's size is the lead's" \
	"$(grep -o 'Suggested title: [^:]*: "[^"]*": [^(]*' "$CI" | sed 's/^.*": //; s/ $//')" \
	"$(grep -m1 '^\*\*regex over 60k log lines, peak memory' "$CI" | sed 's/^[^:]*: //; s/ (best rounds).*//')"
check "node-cpu issue.md: a memory lead expects no more memory, not speed" sh -c \
	'grep -qx "A newer version should use no more memory than an older one on the same workload, within the noise the machine itself shows\." "$1" && ! grep -q "at least as fast" "$1"' sh "$CI"
check "node-cpu issue.md: the answer to 'how often' opens with a capital" sh -c \
	'sed -n "/^### How often/,/^### What is/p" "$1" | grep -q "^In every round: the worst of 9 rounds of 20\.20\.2 beat the best of 9 rounds of 26\.12\.1\.$"' sh "$CI"
check "node-cpu issue.md: the lead's own code, and no command of another input's workload" sh -c \
	'grep -qF "its code is \`regex.js\`, attached" "$1" && ! grep -q "map\.js\|json\.js\|/tmp/nl-work" "$1"' sh "$CI"
check_eq "node-cpu: the environment table names the versions with V8, no command the inputs disagree on" \
	"4 0" "$(grep -c '^| 2[0246]\.[0-9.]* | V8 1[0-9.]*; [A-Z][A-Za-z -]* on 20[0-9-]* |$' "$CI") $(grep -c 'command\|`.*node' "$o/cpu/summary.md")"
# the reproduction's report command runs where the attachments are
cmd=$(sed -n '/^4\. Make the report/,/^###/p' "$CI" | sed -n 's/^   noisefloor report /report /p')
check "node-cpu issue.md: the reproduction's command runs on the attached inputs ($cmd)" sh -c \
	'cd "$1" && "$2" $3 -q --out "$1/again" && cmp -s "$1/again/verdicts.csv" "$4/verdicts.csv"' sh "$o/cpu-in" "$NF" "$cmd" "$o/cpu"
check "node-cpu summary.md: no statistics a manager would have to look up" sh -c \
	'! grep -qi "best rounds\|interval\|rank test\|per-round\|p = \|Holm\|paired" "$1"' sh "$CS"
check "node-cpu summary.md: the risks say what got worse in plain words, workload names as spelled" sh -c \
	'grep -qx -- "- regex over 60k log lines, peak memory: 20\.20\.2 uses [0-9]*% less memory than 26\.12\.1\." "$1" &&
	 grep -qx -- "- regex over 60k log lines, CPU time: 26\.12\.1 is [0-9]*% slower than 22\.23\.5\." "$1" &&
	 ! grep -q "^- Regex\|^- Map build\|^- Json" "$1"' sh "$CS"
check_eq "node-cpu summary.md: the risks left out are counted last, in the singular for one" \
	"- and 1 more workload where v26 is behind, in report.pdf" \
	"$(sed -n '/^## Risks/,/^\*\*Support/p' "$CS" | grep '^- ' | tail -n 1)"
check "node-cpu summary.md: the upgrade table in the table's plain words" sh -c \
	'sed -n "/^## What changes/,/^## Workload/p" "$1" | grep -qx "| JSON round trip, 10k orders, CPU time | 22\.23\.5 → 26\.12\.1 | 26\.12\.1 faster than 22\.23\.5 by [0-9]*% |"' sh "$CS"
check_eq "node-cpu blog.md: no Size column where no workload gives its size; the shipped example (its golden) keeps it" \
	"| Workload | What one pass does | Source |@| Workload | What one pass does | Size | Source |" \
	"$(grep -m1 '^| Workload | What one pass' "$CB")@$(grep -m1 '^| Workload | What one pass' "$NF_ROOT/tests/golden/shipped/blog.md")"
check "node-cpu blog.md: what was measured, each workload with its description and source" sh -c \
	'sed -n "/^## What was measured/,/^## /p" "$1" | grep -c "| One regular expression pulling .* | regex\.js |$" | grep -qx 3' sh "$CB"
check_eq "node-cpu ci-summary.md lists every warning it counts" \
	"$(grep -o '· [0-9]* warnings' "$o/cpu/ci-summary.md" | grep -o '[0-9]*')" "$(grep -c '^- \*\*Warning:\*\* ' "$o/cpu/ci-summary.md")"

# ---- the bimodal warning, in plain words and worded once ----
w=$(jq -r '.warnings[] | select(test("two clusters"))' "$o/ship/analysis.json")
check_eq "the bimodal warning says plainly what to do with the erratic version" \
	'"Concatenate 50k strings" on linux-x64: the rounds of 24.22.3 fall into two clusters: 4 of 7 rounds are 13× slower than the other versions in the same rounds; 24.22.3 is erratic here, worth reporting upstream, and the other versions are compared without it' "$w"
for f in blog.md issue.md ci-summary.md; do
	check "$f quotes that warning as worded once, never the verdict's workings" sh -c \
		'grep -qF -- "$2." "$1" && ! grep -q "the verdict names it" "$1"' sh "$o/ship/$f" "$w"
done
check_eq "issue.md's lead names the anomaly once: the headline, then the rest of the verdict" \
	"1 Among the other versions, 20.20.2 is 18% faster than 26.12.1 (best rounds); 95% interval 6% to 34%." \
	"$(sed -n '/^\*\*Concatenate 50k strings/p' "$I" | grep -o '4 of 7 rounds' | wc -l) $(sed -n 's/^\*\*Concatenate 50k strings[^*]*\*\* //p' "$I")"
check "summary.md's upgrade table on the shipped example: no interval, no best rounds" sh -c \
	'sed -n "/^## What changes/,/^## Workload/p" "$1" | grep -qx "| Map of 200k keys | 22\.23\.5 → 26\.12\.1 | 26\.12\.1 faster than 22\.23\.5 by 62% |" &&
	 ! grep -q "best rounds\|interval" "$1"' sh "$S"
check "node-cpu summary.md: its inputs are a list in a sentence" \
	grep -qE '^Inputs: `json\.ndjson` \(SHA-256 `[0-9a-f]{64}`\), `regex\.ndjson` \(SHA-256 `[0-9a-f]{64}`\) and `map\.ndjson` \(SHA-256 `[0-9a-f]{64}`\)\.' "$CS"
