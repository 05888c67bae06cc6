# One comparison, one verdict: whether exact releases are compared one by
# one or as their release lines is decided for each comparison (workload on
# a platform) from its own rounds, never from what else the report holds.
# Releases 20.1.0, 24.1.0 and 24.2.0 over 7 interleaved rounds, 24.2.0 about
# 50 % slower than 24.1.0: check fails on 24.2.0 alone, beside an unrelated
# workload whose releases have 2 rounds each, and with the same rounds on a
# second platform. Where lines are compared, a step to the worse between two
# releases of a line is a regression; every round keeps its exact release in
# rounds.csv and the workbook.
. tests/lib.sh
d=$(tmpdir)
python3 - "$d" <<'EOF'
import json, sys
d = sys.argv[1]
def doc(results):
    return {"format": "noisefloor.rounds/1", "results": results}
# 24.2.0 53 % slower than 24.1.0; 20.1.0 between them
level = {"20.1.0": 12.5, "24.1.0": 10.0, "24.2.0": 15.3}
base = []
for r in range(7):
    for k, (v, ms) in enumerate(level.items()):
        base.append({"workload": "parse", "version": v, "round": r + 1, "unit": "ms",
                     "timestamp": "2026-03-10T%02d:%02d:00Z" % (10 + r, k * 5),
                     "passes": [ms * (1 + 0.01 * ((r * 3 + k) % 5))]})
# an unrelated workload, two rounds of each release: only its lines (four
# rounds each) have the rounds a verdict needs
other = []
for r in range(2):
    for k, v in enumerate(["20.1.0", "20.2.0", "24.1.0", "24.3.0"]):
        other.append({"workload": "other", "version": v, "round": r + 1, "unit": "ms",
                      "timestamp": "2026-03-11T%02d:%02d:00Z" % (10 + r, k * 5),
                      "passes": [5 * (1 + 0.01 * ((r + k) % 3))]})
json.dump(doc(base), open(d + "/base.json", "w"))
json.dump(doc(other), open(d + "/other.json", "w"))
json.dump(doc([dict(x, platform="darwin-arm64") for x in base]), open(d + "/platform.json", "w"))
EOF
b="$d/base.json"
# the comparison "parse" on the default platform, keys sorted
parse() { jq -S '.comparisons[] | select(.workload == "parse" and .platform == "unknown")' "$1"; }

# --- the file alone ------------------------------------------------------------
"$NF" check "$b" > "$d/check.base" 2>/dev/null
check_eq "check fails on the file alone (exit 1)" "1" "$?"
check "check names 24.2.0 newer than the baseline 20.1.0 and slower" \
	grep -q '^regression: "parse": 24.2.0 is newer than the baseline 20.1.0, and slower: 20.1.0 is 22% faster than 24.2.0' "$d/check.base"
"$NF" report -q --formats json --out "$d/base" "$b"
check "the file alone compares the releases one by one" \
	jq -e '.grouping.by == "release" and .grouping.comparisons_by_line == 0 and .grouping.comparisons_by_release == 1
		and .comparisons[0].grouping == "releases" and .comparisons[0].verdict == "faster"
		and .comparisons[0].worst_version == "24.2.0"' "$d/base/analysis.json"
check "its method note says nothing of comparisons deciding differently" \
	jq -e '(.grouping.text | startswith("the 3 exact releases measured are compared one by one"))
		and (.grouping.text | test("each comparison") | not)' "$d/base/analysis.json"
parse "$d/base/analysis.json" > "$d/base.cmp"

# --- the same comparison beside other data: the same verdict, byte for byte ----
for extra in other platform; do
	"$NF" check "$b" "$d/$extra.json" > "$d/check.$extra" 2>/dev/null
	check_eq "with the $extra file, check still fails (exit 1)" "1" "$?"
	check_eq "with the $extra file, check's line for \"parse\" on unknown is the same" \
		"$(cat "$d/check.base")" "$(grep '^regression: "parse":' "$d/check.$extra")"
	"$NF" report -q --formats json,md,ci,xlsx,rounds --out "$d/$extra" "$b" "$d/$extra.json"
	parse "$d/$extra/analysis.json" > "$d/$extra.cmp"
	check_file "with the $extra file, the comparison's object in analysis.json is identical" \
		"$d/base.cmp" "$d/$extra.cmp"
done
check "the unrelated workload compares its lines, \"parse\" its releases" \
	jq -e '([.comparisons[] | {(.workload): .grouping}] | add) == {parse: "releases", other: "lines"}
		and (.comparisons[] | select(.workload == "other") | .versions | map(.version)) == ["20", "24"]' \
	"$d/other/analysis.json"
check "the report counts how many comparisons went each way" \
	jq -e '.grouping | .by == "line" and .forced == false and .comparisons_by_line == 1
		and .comparisons_by_release == 1 and .comparisons_with_several_releases_of_a_line == 2
		and .comparisons_with_enough_rounds_by_line == 2 and .comparisons_with_enough_rounds_by_release == 1' \
	"$d/other/analysis.json"
note='each comparison is decided on its own rounds: 1 comparison compares release lines (20 and 24)'
check "the method note says the comparisons differ, and how" \
	jq -e --arg n "$note" '(.grouping.text | startswith($n))
		and (.grouping.text | test("1 comparison with several releases of a line compares the exact releases one by one"))' \
	"$d/other/analysis.json"
check "summary.md gives the same note" grep -q "^Each comparison is decided on its own rounds: 1 comparison compares release lines" "$d/other/summary.md"
check "the second platform's comparison has the same verdict and pair" \
	jq -e '[.comparisons[] | select(.workload == "parse") | [.grouping, .verdict, .best_version, .worst_version]] | unique | length == 1' \
	"$d/platform/analysis.json"

# --- every round keeps its exact release ---------------------------------------
check "rounds.csv names the exact release and the line of each round of a comparison of lines" \
	sh -c "grep -q '^2026-03-11,20\.2\.0,v20,,,other,ms,' '$d/other/rounds.csv' &&
		grep -q '^2026-03-11,24\.3\.0,v24,,,other,ms,' '$d/other/rounds.csv'"
bash tests/golden/sheets.sh "$d/other/report.xlsx" > "$d/sheets.txt"
# the Rounds sheet's columns: "workload|version|releases|rounds|rows" from
# the header rows above each version's column (no Rows line: every
# version's rounds by their number)
awk '$1 == "sheet2" { r = $2; sub(/^[A-Z]+/, "", r); c = $2; sub(/[0-9]+$/, "", c)
	t = $3; for (i = 4; i <= NF; i++) t = t " " $i
	if (c == "A") lab[r] = t; else if (r in lab) v[c, lab[r]] = t; if (c != "A" && lab[r] == "Version") cols[c] = 1 }
	END { for (c in cols) print v[c, "Workload"] "|" v[c, "Version"] "|" v[c, "Release"] "|" v[c, "Rounds"] "|" v[c, "Rows"] }' \
	"$d/sheets.txt" | sort > "$d/columns.txt"
check "the workbook's Rounds sheet has a Release row" grep -q '^sheet2 A[0-9]* Release$' "$d/sheets.txt"
check_eq "where \"other\" compares lines, the line is the version and its Release row names the releases" \
	"other|20|20.1.0, 20.2.0|4|
other|24|24.1.0, 24.3.0|4|" \
	"$(grep '^other|' "$d/columns.txt")"
check_eq "where \"parse\" compares releases, the Release row repeats the version" "parse|24.2.0|24.2.0|7|" \
	"$(grep '^parse|24\.2\.0|' "$d/columns.txt")"

# --- lines compared: the step inside the line is a regression -----------------------
"$NF" check --by line "$b" > "$d/check.line" 2>&1
check_eq "--by line: check still fails (exit 1)" "1" "$?"
check "--by line: check names the step from 24.1.0 to 24.2.0 inside line 24" \
	grep -q '^regression: "parse": 24.2.0 is newer than 24.1.0 of line 24 (compared as one version), and slower: +53% (median round)' "$d/check.line"
"$NF" check --by line --baseline 24.1.0 "$b" > "$d/check.base24" 2>&1
check_eq "--by line --baseline 24.1.0: the baseline names its line, and the step still fails (exit 1)" "1" "$?"
check "and check names the step" grep -q '24.2.0 is newer than 24.1.0 of line 24' "$d/check.base24"
"$NF" report -q --by line --formats json,md,ci --out "$d/line" "$b"
check "analysis.json marks the step inside the line as a regression" \
	jq -e '.comparisons[0].grouping == "lines" and .grouping.forced
		and ([.comparisons[0].release_steps[] | select(.before == "24.1.0" and .after == "24.2.0" and .step and .regression)] | length == 1)' \
	"$d/line/analysis.json"
check "issue.md's suggested title names the two releases" \
	grep -q 'Suggested title: Performance: "parse" 53% slower from 24.2.0 on (median round against 24.1.0)' "$d/line/issue.md"
check "issue.md files it under what is seen instead" \
	sh -c "sed -n '/^### What do you see instead/,/^Not filed/p' '$d/line/issue.md' | grep -q 'A newer release is slower than the one before it in the same line.*between 24.1.0 .* and 24.2.0 '"
check "issue.md does not list it as not filed" \
	sh -c "! sed -n '/^Not filed/,/^$/p' '$d/line/issue.md' | grep -q '^- parse'"
check "ci-summary.md lists it among the regressions" \
	sh -c "sed -n '/Regressions and anomalies/,/^\$/p;/Regressions and anomalies/,/^- /p' '$d/line/ci-summary.md' | grep -q 'parse.*a newer release is slower between 24.1.0'"
"$NF" check --by release "$b" "$d/other.json" > /dev/null 2>&1
check_eq "--by release: check fails on 24.2.0 (exit 1)" "1" "$?"
"$NF" report -q --by release --formats json --out "$d/rel" "$b" "$d/other.json"
check "--by release compares every comparison's releases" \
	jq -e '[.comparisons[].grouping] == ["releases", "releases"] and .grouping.by == "release"' "$d/rel/analysis.json"

# --- a CI history still compares lines ----------------------------------------------
python3 tests/lines/gen-history.py "$d/h" 2>/dev/null
"$NF" report -q --formats json --as-of 2026-08-20 --out "$d/hist" "$d"/h/*.ndjson 2>/dev/null
check "a history of one or two rounds per release compares lines on linux-x64" \
	jq -e '[.comparisons[] | select(.platform == "linux-x64") | .grouping] | length == 12 and all(. == "lines")' \
	"$d/hist/analysis.json"
check "darwin-arm64, one release measured, has nothing to group" \
	jq -e '[.comparisons[] | select(.platform == "darwin-arm64") | .grouping] | length == 12 and all(. == "releases")' \
	"$d/hist/analysis.json"
check "its note is the one of a grouped report, with nothing new" \
	jq -e '(.grouping.text | startswith("the 45 exact releases measured are grouped into their 5 release lines"))
		and .grouping.comparisons_by_line == 12' "$d/hist/analysis.json"
