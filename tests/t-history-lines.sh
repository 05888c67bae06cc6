# An exact-release CI history (tests/lines/gen-history.py: one file per
# release per day, 45 releases of five lines with one or two rounds most,
# SELECT about 14,000 ops/s on 18 and 20 and 31,000 on 22 and later, a step
# inside 24, darwin-arm64 with 18.20.8 only): linux-x64's lines are compared
# (darwin-arm64's one release has nothing to group), the
# doubling between 20 and 22 is a verdict, the steps between releases stay
# inside the lines, nothing-to-say is said once per platform, and the
# documents keep their bounds.
. tests/lib.sh
d=$(tmpdir)
python3 tests/lines/gen-history.py "$d/in" 2>/dev/null
COLUMNS=100 "$NF" report --as-of 2026-08-20 --out "$d/out" "$d"/in/*.ndjson >"$d/term" 2>"$d/err"
check_eq "the history is reported (exit 0)" "0" "$?"
j="$d/out/analysis.json"

# --- release lines as the unit --------------------------------------------
check "by default the releases are grouped into their lines, and analysis.json says so" \
	jq -e '.grouping.by == "line" and .grouping.forced == false and .grouping.releases == 45 and .grouping.lines == 5' "$j"
check_eq "linux-x64 compares the five lines" "18 20 22 24 26" \
	"$(jq -r '[.comparisons[] | select(.platform == "linux-x64")][0].versions | map(.version) | join(" ")' "$j")"
check "every SELECT on linux-x64 has a confirmed verdict on lines: 22 does more than 18" \
	jq -e '[.comparisons[] | select(.platform == "linux-x64" and (.workload | endswith("select")))] | length == 4 and all(.verdict == "faster")' "$j"
check "the doubling between 20 and 22 is a confirmed pair of lines in every SELECT" \
	jq -e '[.comparisons[] | select(.platform == "linux-x64" and (.workload | endswith("select"))) | .versions as $v
		| .pairs[] | select(.a == "20" and .b == "22")
		| select(.claim == "22" and .ratio > 1.8 and .ratio < 2.8)] | length == 4' "$j"
check "no insert or update workload has a claim between lines" \
	jq -e '[.comparisons[] | select(.platform == "linux-x64" and (.workload | endswith("select") | not)) | .verdict] | all(. != "faster")' "$j"
check "the step inside 24 (24.12.1 to 24.13.0, WAL · insert) is found between releases of the line" \
	jq -e '[.comparisons[] | select(.workload == "WAL · insert" and .platform == "linux-x64") | .release_steps[]
		| select(.before == "24.12.1" and .after == "24.13.0" and .step and .ratio < 0.85 and .v8_before != .v8_after or .before == "24.12.1" and .after == "24.13.0" and .step and .ratio < 0.85)] | length == 1' "$j"
check "the release steps name each release's rounds and dates" \
	jq -e '[.comparisons[].release_steps[]] | length > 0 and all(.rounds_before >= 2 and .rounds_after >= 2 and .last_day_before != null and .first_day_after != null)' "$j"
# how the releases were compared is a statement of method, beside what the
# verdicts compared: never a warning, a risk or "Warning:"
g='The 45 exact releases measured are grouped into their 5 release lines'
for doc in blog.md summary.md issue.md ci-summary.md; do
	check "$doc says the 45 releases were grouped into 5 lines, as a paragraph of its own" \
		grep -q "^$g" "$d/out/$doc"
	check "$doc gives it no warning, risk or list item" \
		sh -c "! grep -i 'exact releases measured' '$d/out/$doc' | grep -qi 'warning\|^- '"
done
check "summary.md says it under the numbers, not among the risks" \
	sh -c "sed -n '/^## Workload by workload/,/^## Risks/p' '$d/out/summary.md' | grep -q '^$g' &&
		! sed -n '/^## Risks/,\$p' '$d/out/summary.md' | grep -q 'exact releases'"
check "blog.md says it where the numbers are explained" \
	sh -c "sed -n '/^## What was measured/,/^The full table/p' '$d/out/blog.md' | grep -q '^$g'"
check "issue.md says it in the additional information, before the verdict tables" \
	sh -c "sed -n '/^### Additional information/,/^Each cell/p' '$d/out/issue.md' | grep -q '^$g'"
check "ci-summary.md says it above the folded verdict table and does not count it a warning" \
	sh -c "sed -n '/<summary>Every verdict/,/^| Workload/p' '$d/out/ci-summary.md' | grep -q '^$g' &&
		grep -q \" · \$(jq '.warnings | length' '$j') warnings\\\$\" '$d/out/ci-summary.md'"
check "the terminal says so above its tables" grep -q '^The 45 exact releases measured are grouped' "$d/term"
check "the terminal does not say so as a warning" sh -c "! grep -q 'exact releases' '$d/err'"
check "analysis.json keeps it in grouping.text, not in warnings" \
	jq -e '(.grouping.text | startswith("the 45 exact releases measured are grouped"))
		and ([.warnings[] | select(test("exact releases"))] | length == 0)' "$j"
pdftotext -layout "$d/out/report.pdf" "$d/pdf.txt"
check "report.pdf says so with its verdicts" \
	sh -c "sed -n '/^Verdicts/,/^Compared:/p' '$d/pdf.txt' | grep -q '45 exact releases measured are grouped'"
check "report.pdf's risks do not" \
	sh -c "sed -n '/^Risks/,/^Verdicts/p' '$d/pdf.txt' | grep -q '^Risks' &&
		! sed -n '/^Risks/,/^Verdicts/p' '$d/pdf.txt' | grep -q 'exact releases'"
python3 tests/html/htmlcheck.py text "$d/out/report.html" > "$d/html.txt"
check "report.html says so with its verdict tables, not as a warning" \
	sh -c "grep -q '<p class=\"method\">$g' '$d/out/report.html' && ! grep -q 'class=\"warn\".*exact releases' '$d/out/report.html'"
bash tests/golden/sheets.sh "$d/out/report.xlsx" > "$d/sheets.txt"
check "the workbook's Summary says so in its method, no Warning beside it" \
	sh -c "grep -q '^sheet1 A[0-9]* $g' '$d/sheets.txt' && ! grep -q '^sheet1 B[0-9]* .*exact releases' '$d/sheets.txt'"
check "the rounds CSV keeps each round's release" grep -q '24\.13\.0' "$d/out/rounds.csv"

# comparisons are counted as what they are: 12 workloads on 2 platforms are
# 24 comparisons, never "24 workloads"
for doc in blog.md summary.md issue.md ci-summary.md report.html; do
	# summary.md words each verdict plainly, issue.md its finding
	case $doc in summary.md|issue.md) ;; *)
	check "$doc's short answer counts 4 of 24 comparisons (12 workloads on 2 platforms)" \
		grep -q '4 of 24 comparisons (12 workloads on 2 platforms) show a confirmed difference' "$d/out/$doc"
	esac
	check "$doc never speaks of 24 workloads" sh -c "! grep -q '24 workloads' '$d/out/$doc'"
done
check "summary.md's subtitle counts them so" \
	grep -q '^\*2026-08-20 · 24 comparisons (12 workloads on 2 platforms) · ' "$d/out/summary.md"
# (6 versions: the five lines linux-x64 compares, and 18.20.8, the one
# release darwin-arm64 measured, which it has no reason to group)
check "report.pdf's subtitle and findings count them so" \
	sh -c "grep -q 'Report date 2026-08-20 · 24 comparisons (12 workloads on 2 platforms) · 6 versions' '$d/pdf.txt' &&
		! grep -q '24 workloads' '$d/pdf.txt'"

# --by forces the choice; versions that are no release are never grouped
"$NF" report -q --by release --formats json --as-of 2026-08-20 --out "$d/rel" "$d"/in/*.ndjson
check "--by release compares each release and says the lines would give verdicts" \
	jq -e '.grouping.by == "release" and .grouping.forced and (.comparisons[0].versions | length) == 45
		and (.grouping.text | test("as asked with --by release"))' "$d/rel/analysis.json"
"$NF" report -q --by line --formats json --as-of 2026-08-20 --out "$d/line" "$d"/in/*.ndjson
check "--by line is stated as asked" jq -e '.grouping.forced and (.grouping.text | test("--by line"))' "$d/line/analysis.json"
check_status "--by other is a usage error" 2 "$NF" report -q --by week --out "$d/x" "$d"/in/*.ndjson
sed 's/"version": "22\.15\.2"/"version": "main"/' "$(ls "$d"/in/*v22.15.2.ndjson | head -n 1)" > "$d/main.ndjson"
"$NF" report -q --by line --formats json --as-of 2026-08-20 --out "$d/main" "$d"/in/*.ndjson "$d/main.ndjson" 2>/dev/null
check "a version that is no release (main) is compared as itself, never grouped" \
	jq -e '.comparisons[0].versions | map(.version) | index("main") != null and index("22") != null' "$d/main/analysis.json"

# --- nothing to say, said once ----------------------------------------------
check_eq "one sentence for darwin-arm64 on the terminal" "1" "$(grep -c 'darwin-arm64' "$d/err")"
check "it counts the workloads and names a few" \
	grep -q 'on darwin-arm64, 12 workloads have nothing to compare ("Production · select", "Production · insert", "Production · update" and 9 more)' "$d/err"
check "summary.md has no row for a comparison without a verdict" \
	sh -c "! grep -q '^| .*insufficient' '$d/out/summary.md'"
check "issue.md's 'Not filed' list repeats none of them with a zero gap" \
	sh -c "! grep -q 'gap 0.0%, noise ±0.0%' '$d/out/issue.md'"
check "issue.md speaks of darwin-arm64's 12 comparisons in a few sentences (headline, platform, warning), not a line each" \
	test "$(grep -c 'nothing to compare' "$d/out/issue.md")" -le 3
COLUMNS=100 "$NF" report --by release --formats json --as-of 2026-08-20 --out "$d/rel2" "$d"/in/*.ndjson >"$d/rterm" 2>"$d/rerr"
check_eq "by release, linux-x64's comparisons short of rounds are one sentence on the terminal" "1" \
	"$(cat "$d/rterm" "$d/rerr" | grep -c 'fewer than the 3 rounds')"
check "it counts them and names a few versions" \
	grep -q 'on linux-x64, 12 workloads have too few rounds for a verdict (.* and 9 more): 41 versions ran fewer than the 3 rounds a verdict needs (18.20.1, 18.20.2, 18.20.3 and 38 more)' "$d/rerr"

# --- bounds --------------------------------------------------------------------
pages=$(pdfinfo "$d/out/report.pdf" | awk '/^Pages:/ { print $2 }')
check "report.pdf has at most 60 pages ($pages)" test "${pages:-999}" -le 60
chars=$(python3 -c 'import sys; print(len(open(sys.argv[1], encoding="utf-8").read()))' "$d/out/issue.md")
check "issue.md has at most 65,536 characters ($chars)" test "$chars" -le 65536
widest=$(python3 -c 'import sys; print(max(len(l) for l in open(sys.argv[1], encoding="utf-8").read().splitlines()))' "$d/term")
check "the terminal is at most COLUMNS=100 characters wide ($widest)" test "$widest" -le 100

# --- a tie: releases stay releases -----------------------------------------
# four releases of two lines, five rounds each: by release and by line the
# one comparison has a verdict. Over days or in one sitting, releases win: a
# regression is named by the release that brought it.
series() { # SPAN_DAYS: 0 for one sitting
	jq -n --argjson span "$1" '{format: "noisefloor.rounds/1", results: [
		range(0; 5) as $r | ["20.18.0", "20.19.0", "22.0.0", "22.1.0"] | to_entries[] |
		{workload: "w", version: .value, round: ($r + 1), unit: "ms",
		 timestamp: ("2026-03-\(10 + ($r * $span)) 0\(.key):00:00Z" | sub(" "; "T")),
		 passes: [10 + (.key / 2 | floor) * 2 + ($r % 3) * 0.1]}]}'
}
series 0 > "$d/sitting.json"; series 2 > "$d/days.json"
for s in sitting days; do
	"$NF" report -q --formats json --out "$d/tie-$s" "$d/$s.json"
	check_eq "a tie ($s): releases one by one" "release 1 1" \
		"$(jq -r '.grouping | "\(.by) \(.comparisons_with_enough_rounds_by_line) \(.comparisons_with_enough_rounds_by_release)"' "$d/tie-$s/analysis.json")"
	check "its note says why ($s)" \
		grep -q "release by release each regression is named by the release that brought it" "$d/tie-$s/analysis.json"
done

# --- many input files: the days the rounds ran are said once ------------------
for f in issue.md blog.md; do
	check_eq "$f says the rounds' dates once, not 'rounds dated' and then again" "0" \
		"$(grep -c 'rounds dated' "$d/out/$f")"
done
