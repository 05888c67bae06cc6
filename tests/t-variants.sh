# Variants: the values of a hyperfine --parameter-list that names no version
# (gzip's levels 1, 6, 9) are variants, not releases, however much they look
# like release lines, and like hyperfine's command names they have no order. No document words an order between them (newer, older,
# regression), an install step or support advice; a platform no input named
# is written into no sentence; `check` needs --baseline to know the
# reference and fails on a variant worse than it. Node.js releases keep
# their order and support wording.
# Inputs: tests/variants/levels.json (hyperfine --export-json of
# `--parameter-list level 1,6,9 'gzip -{level} -c corpus.tar'`, written by
# hand in hyperfine 1.15's format: level 9 is five times slower than level 1),
# tests/fixtures/hyperfine/params.json, data/examples/node-versions.
. tests/lib.sh
V=tests/variants/levels.json

# Words no document may use for variants, or for a platform nobody named.
FORBIDDEN='[Nn]ewer|[Oo]lder|[Rr]egress[a-z]*|[Ii]nstall[a-z]*|end-of-life|LTS|unknown'

d=$(tmpdir)
check "report on gzip levels" sh -c '"$1" report --out "$2/o" "$3" > "$2/term" 2>&1' _ "$NF" "$d" "$V"
o=$d/o
check_eq "the levels are variants, with no product" '"variants" null null' \
	"$(jq -c '[.versions_are, .product, .recommendation] | map(tojson) | join(" ")' -r "$o/analysis.json")"
check_eq "the versions are the parameter's values" "1 6 9" \
	"$(jq -r '[.comparisons[0].versions[].version] | join(" ")' "$o/analysis.json")"
check "the difference is confirmed (a finding to word)" \
	grep -qE '1 is [0-9.]+(%|×) faster than 9 \(best rounds\)' "$o/blog.md"

# every output, as a reader meets it
for f in blog.md issue.md summary.md ci-summary.md verdicts.csv rounds.csv; do
	check_eq "no order, install step, support or unnamed platform in $f" "" \
		"$(grep -nwE "$FORBIDDEN" "$o/$f")"
done
# report.html without its style sheet (the class .v-regression is no word)
sed '/<style>/,/<\/style>/d' "$o/report.html" > "$d/page.html"
check_eq "... in report.html" "" "$(grep -nwE "$FORBIDDEN" "$d/page.html")"
for f in "$o"/charts/*.svg; do
	check_eq "... in charts/${f##*/}" "" "$(grep -nwE "$FORBIDDEN" "$f")"
done
pdftotext "$o/report.pdf" "$d/report.txt"
check_eq "... in report.pdf" "" "$(grep -nwE "$FORBIDDEN" "$d/report.txt")"
tests/golden/sheets.sh "$o/report.xlsx" > "$d/sheets.txt"
check_eq "... in report.xlsx" "" "$(grep -nwE "$FORBIDDEN" "$d/sheets.txt")"
check_eq "... on the terminal" "" "$(grep -nwE "$FORBIDDEN" "$d/term")"
# analysis.json keeps the platform key's value as data ("unknown"); every
# sentence in it, the method's field descriptions aside, is held to the rule
check_eq "... in analysis.json's sentences" "" \
	"$(jq -r 'del(.statistics, .method) | [paths(type == "string") as $p | select($p[-1] != "platform") | getpath($p)] | .[]' \
		"$o/analysis.json" | grep -nwE "$FORBIDDEN")"
check_eq "the unnamed platform stays in analysis.json as data" "unknown" \
	"$(jq -r '.comparisons[0].platform' "$o/analysis.json")"
check_eq "verdicts.csv: the platform column is blank" "" \
	"$(sed -n 2p "$o/verdicts.csv" | cut -d, -f2)"

check "issue.md: the title names the difference, not a regression" \
	grep -qF 'Suggested title: Performance difference: "gzip -{level} -c corpus.tar": ' "$o/issue.md"
check "issue.md: the step sets up each variant" \
	grep -qF '1. Set up each variant: 1, 6, 9.' "$o/issue.md"
check "issue.md: the variants worse than the baseline are filed as that" \
	grep -qF '6 and 9 are slower than the baseline 1, beyond the noise and confirmed by the rank test' "$o/issue.md"
check "a warning names the workload without a platform" \
	grep -qF 'warning: "gzip -{level} -c corpus.tar": the runner measured' "$d/term"

# --- check -----------------------------------------------------------------
"$NF" check "$V" > "$d/out" 2> "$d/err"
check_eq "check without --baseline: a usage error (exit 2)" 2 "$?"
check_eq "... naming the variants and the option, in one message line" \
	"noisefloor: the versions are variants, not releases (1, 6, 9): name the one the others are checked against with --baseline" \
	"$(head -n 1 "$d/err")"
check_eq "... and nothing on stdout" "" "$(cat "$d/out")"

"$NF" check --baseline 1 "$V" > "$d/out" 2>/dev/null
check_eq "check --baseline 1: a worse variant fails (exit 1)" 1 "$?"
check "... worded 'worse', with the change against the baseline" \
	grep -qE '^worse: "gzip -\{level\} -c corpus\.tar": 9 is slower than the baseline 1: 1 is [0-9.]+(%|×) faster than 9 \(best rounds\)' "$d/out"
check_eq "... one line per worse variant, every one 'worse'" "2 2" \
	"$(grep -c . "$d/out") $(grep -c '^worse: ' "$d/out")"
check_eq "... never newer, older or a regression" "" "$(grep -nwE "$FORBIDDEN" "$d/out")"

"$NF" check --baseline 9 "$V" > "$d/out" 2>&1
check_eq "check --baseline 9: no variant is worse than the slowest (exit 0)" 0 "$?"
check "... says nothing is worse" grep -q '^nothing worse: 2 versions against the baseline' "$d/out"
check_eq "... without 'regression'" "" "$(grep -nwE "$FORBIDDEN" "$d/out")"

"$NF" check --baseline 1 --summary "$d/ci.md" "$V" > /dev/null 2>&1
check "check --summary: the summary heads its list 'Worse than the baseline'" \
	grep -qF '**Worse than the baseline and anomalies**' "$d/ci.md"
check_eq "... and uses none of the words" "" "$(grep -nwE "$FORBIDDEN" "$d/ci.md")"

# --- what makes a parameter's values variants ---------------------------------
# thread counts that happen to be Node.js lines are still variants
jq '.results |= map(.parameters = {"threads": ({"1": "16", "6": "20", "9": "24"}[.parameters.level])})' \
	"$V" > "$d/threads.json"
"$NF" report -q --formats json --out "$d/threads" "$d/threads.json" > /dev/null 2>&1
check_eq "--parameter-list threads 16,20,24: variants, though 16, 20 and 24 are Node.js lines" \
	"variants null" "$(jq -r '"\(.versions_are) \(.recommendation)"' "$d/threads/analysis.json")"
check_status "... and check needs --baseline" 2 "$NF" check -q "$d/threads.json"
# a parameter named for the version keeps Node.js releases releases
"$NF" report -q --formats json --out "$d/params" tests/fixtures/hyperfine/params.json > /dev/null 2>&1
check_eq "--parameter-list v 20,22,24 'node{v} sort.js': Node.js releases" "releases Node.js" \
	"$(jq -r '"\(.versions_are) \(.product)"' "$d/params/analysis.json")"
# hyperfine's command names are labels: -n 1 -n 6 -n 9 have no order either
jq '.results |= map(.command = .parameters.level | del(.parameters))' "$V" > "$d/named.json"
"$NF" check --baseline 1 "$d/named.json" > "$d/out" 2>&1
check_eq "hyperfine -n 1 -n 6 -n 9: check --baseline 1 fails on the worse ones (exit 1)" 1 "$?"
check_eq "... worded 'worse', never newer" "2 0" \
	"$(grep -c '^worse: ' "$d/out") $(grep -cwE "$FORBIDDEN" "$d/out")"
check_status "... and without --baseline it is a usage error" 2 "$NF" check -q "$d/named.json"
# labels given on the command line are versions as before
"$NF" report -q --formats json --out "$d/labels" 22=tests/fixtures/hyperfine/node22.json \
	24=tests/fixtures/hyperfine/node24.json > /dev/null 2>&1
check_eq "labels 22=FILE 24=FILE: Node.js releases" "releases" \
	"$(jq -r '.versions_are' "$d/labels/analysis.json")"

# --- Node.js releases keep their order and support wording -----------------
n=$d/node
"$NF" report -q --out "$n" data/examples/node-versions/rounds.json > /dev/null 2>&1
check_eq "node-versions: releases of Node.js with a recommended line" "releases Node.js v26" \
	"$(jq -r '"\(.versions_are) \(.product) \(.recommendation.line)"' "$n/analysis.json")"
check "node-versions: an end-of-life warning" grep -q 'Node.js v20 is end-of-life since' "$n/blog.md"
check "node-versions: LTS in the decision" grep -q 'LTS' "$n/summary.md"
check "node-versions: issue.md installs each version" grep -q '^1\. Install each version: 20.20.2' "$n/issue.md"
"$NF" check data/examples/node-versions/rounds.json > "$d/node-check" 2>&1
check_eq "node-versions: check fails on a newer release worse than the oldest (exit 1)" 1 "$?"
check "... worded as a regression on the named platform" \
	grep -qE '^regression: "[^"]+" on linux-x64: [0-9.]+ is newer than the baseline 20\.20\.2' "$d/node-check"
