# Counts with their words, as a reader meets them: where the recommended
# line stands in summary.md (no count of zero, nouns in number, comparisons
# when a workload is on several platforms), ci-summary.md saying why
# comparisons have no verdict, summary.md's dates said once as days, Risks
# entries that start as sentences, and check and the overview chart counting
# comparisons as comparisons.
. tests/lib.sh
d=$(tmpdir)
S=data/examples/node-versions/rounds.json

# --- where the recommended line stands ----------------------------------------
"$NF" report -q --formats md --out "$d/ship" "$S"
check_eq "summary.md: the shipped example's standing, every part counted once" \
	"v26 was the best in 3 workloads by a confirmed difference, level with the best in 3 and behind in 1." \
	"$(grep '^v26 was' "$d/ship/summary.md")"
"$NF" report -q --formats md --out "$d/ev" tests/pdf-evidence/evidence.json
check_eq "summary.md: a line behind nowhere says so, no count of zero, comparisons on two platforms" \
	"v26 was the best in 2 comparisons by a confirmed difference and level with the best in 1; it was behind in none." \
	"$(grep '^v26 was' "$d/ev/summary.md")"
check "summary.md never counts 'in 0'" sh -c "! grep -q ' in 0\b' '$d/ev/summary.md'"
# the same rounds on two platforms: 14 comparisons of 7 workloads
jq '.results += [.results[] | .platform = "darwin-arm64"] | del(.environment)' "$S" > "$d/two.json"
"$NF" report -q --formats md,pdf,charts --out "$d/two" "$d/two.json"
check_eq "summary.md: on several platforms the standing counts comparisons" \
	"v26 was the best in 6 comparisons by a confirmed difference, level with the best in 6 and behind in 2." \
	"$(grep '^v26 was' "$d/two/summary.md")"
# one workload where v26 is level: the singular, and behind in none
jq '.results |= map(select(.workload == "Sort 200k integers"))' "$S" > "$d/sort.json"
"$NF" report -q --formats md --out "$d/sort" "$d/sort.json" 2>/dev/null
check_eq "summary.md: one workload, singular" \
	"v26 was level with the best in 1 workload; it was behind in none." \
	"$(grep '^v26 was' "$d/sort/summary.md")"

# --- a history on two platforms, one of them with one version ---------------
python3 tests/lines/gen-history.py "$d/in" 2>/dev/null
"$NF" report -q --as-of 2026-08-20 --out "$d/h" "$d"/in/*.ndjson
check "ci-summary.md counts the comparisons where one version ran as what they are" \
	grep -q ' · 12 with one version only · ' "$d/h/ci-summary.md"
check "ci-summary.md does not call them 'with too few rounds'" \
	sh -c "! grep -q 'with too few rounds' '$d/h/ci-summary.md'"
# the dates: once, as UTC days
last=$(grep '^Inputs:' "$d/h/summary.md")
check_eq "summary.md names the days the rounds ran once, as days" "1" \
	"$(grep -o '2025-11-14' <<< "$last" | wc -l)"
check "summary.md: the days of the rounds, in UTC" \
	grep -q 'Rounds run from 2025-11-14 to 2026-08-09 (UTC days)\.' <<< "$last"
check "summary.md: no time of day, no 'rounds dated' beside 'Rounds run'" \
	sh -c "! grep -q 'T06:\|rounds dated' '$d/h/summary.md'"
check "summary.md: one day is 'on' that day" \
	grep -q 'Rounds run on 2026-11-29 (UTC)\.$' "$d/ship/summary.md"
check "cmark-gfm reads summary.md's last paragraph whole" \
	sh -c "cmark-gfm '$d/h/summary.md' | grep -q '^<p>Inputs: .*(UTC days).</p>'"
# Risks entries start with a capital letter
check_eq "summary.md: every Risks entry starts with a capital" "" \
	"$(sed -n '/^## Risks/,/^\*\*Support/p' "$d/h/summary.md" | grep '^- [a-z]')"
check "summary.md: the nothing-to-say entry reads as a sentence" \
	grep -q '^- On darwin-arm64, 12 workloads have nothing to compare' "$d/h/summary.md"
pdftotext -layout "$d/h/report.pdf" "$d/h.txt"
sed -n '/^Risks/,/^Environment/p' "$d/h.txt" > "$d/risks.txt"
check "report.pdf: the nothing-to-say risk starts with a capital" \
	grep -q '^ *On darwin-arm64, 12 workloads have nothing to compare' "$d/risks.txt"
check "report.pdf: the design risk starts with a capital" \
	grep -q '^ *These comparisons are "Production' "$d/risks.txt"
check "report.pdf: the Risks entries have no lower-case start" \
	sh -c "! grep -Eq '^(Risks)? +(on|these|the) ' '$d/risks.txt'"

# --- check and the overview chart count comparisons --------------------------
jq '.results |= map(select(.workload | test("Sort|Map")))' "$d/two.json" > "$d/two-ok.json"
"$NF" check "$d/two-ok.json" > "$d/check.txt" 2>/dev/null
check_eq "check: comparisons on two platforms counted as comparisons" \
	"no regression: 3 versions against the baseline in 4 comparisons (2 workloads on 2 platforms), 12 pairs in all, none worse by a confirmed difference" \
	"$(head -n 1 "$d/check.txt")"
jq '.results |= map(select(.workload | test("Sort|Map")))' "$S" > "$d/one-ok.json"
"$NF" check "$d/one-ok.json" > "$d/check1.txt" 2>/dev/null
check_eq "check: on one platform, workloads" \
	"no regression: 3 versions against the baseline in 2 workloads, 6 pairs in all, none worse by a confirmed difference" \
	"$(head -n 1 "$d/check1.txt")"
check "check: a comparison too noisy to see 10% is named" \
	grep -qF 'cannot see: "Sort 200k integers" on linux-x64: a change smaller than about 19% cannot be confirmed by these rounds (noise ±19%' "$d/check1.txt"
# enough bars for one row per comparison, and two platforms with one version
jq '.results += ([.results[] | .platform = "linux-arm64"] + [.results[] | .platform = "win-x64"]
	+ [.results[] | select(.version == "20.20.2") | .platform = "darwin-arm64"]
	+ [.results[] | select(.version == "22.23.5") | .platform = "freebsd-x64"]) | del(.environment)' "$S" > "$d/many.json"
"$NF" report -q --formats charts --out "$d/many" "$d/many.json"
check "the overview chart counts what it leaves out as comparisons on two platforms" \
	grep -q 'Left out: 14 comparisons (7 workloads on 2 platforms) with only one version' "$d/many/charts/overview.svg"
check "the overview chart never calls them 14 workloads" \
	sh -c "! grep -q '14 workloads' '$d/many/charts/overview.svg'"
