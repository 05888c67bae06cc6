# Checking a published claim (--claim) and the answer first in every document.
# tests/claims/sqlite.ndjson (tests/claims/make-sqlite.py) stands in for the
# better-sqlite3 case: 20 rounds of 20.19.5, 22.21.1, 24.11.1 and 26.12.1;
# SELECT ops/s about twice as high on 24 as on 20, INSERT flat, UPDATE (ms)
# about 10 % shorter on 24. `check` takes the same claims: the same words on
# the terminal and in its --summary, and the same refusals.
. tests/lib.sh
T=tests/claims
S=$T/sqlite.ndjson

# claim_row OUT WORKLOAD-PART CLAIM: "verdict claimed measured low high" of that claims[] entry
claim_row() {
	jq -r --arg w "$2" --arg c "$3" '.claims[] | select((.workload | ascii_downcase | contains($w)) and .claim == $c)
		| "\(.verdict) \(.claimed * 100 | round) \(.measured * 100 | round) \(.interval[0] * 100 | round) \(.interval[1] * 100 | round)"' "$1/analysis.json"
}

# --- the seed's claim: not reproduced, on the first screen -------------------
o=$(tmpdir)
check "a claim is checked" "$NF" report -q --out "$o" --claim '20.19.5..24.11.1=-57%@select' "$S"
check_eq "-57% on SELECT ops/s: not reproduced, with the measured change and its interval" \
	"not-reproduced -57 98 92 104" "$(claim_row "$o" select '20.19.5..24.11.1=-57%@select')"
check_eq "claims[] holds one entry per matching comparison, with every field" \
	"1 claim,workload,platform,unit,a,b,claimed,measured,interval,verdict,text 20.19.5 24.11.1 linux-x64" \
	"$(jq -r '"\(.claims | length) \(.claims[0] | keys_unsorted | join(",")) \(.claims[0].a) \(.claims[0].b) \(.claims[0].platform)"' "$o/analysis.json")"
sentence='the claimed −57% (ops/s of 24.11.1 against 20.19.5) is not reproduced: measured +98%, 95% interval +92% to +104%'
for doc in issue.md blog.md summary.md; do
	check "$doc: the claim's verdict is on the first screen" grep -qF "$sentence" <(head -n 25 "$o/$doc")
done
check "issue.md: the suggested title says not reproduced" \
	grep -qF 'Suggested title: Claimed −57% ops/s for 24.11.1 against 20.19.5 on "SELECT 50 newest (Forward Email)" not reproduced: measured +98%' "$o/issue.md"
page1=$(pdftotext -f 1 -l 1 "$o/report.pdf" - | tr '\n' ' ' | tr -s ' ')
check "PDF page 1: the claim's verdict" grep -qF "is not reproduced: measured +98%, 95% interval +92% to +104%" <<<"$page1"
check_eq "PDF: claims, decision and findings come first, then the verdicts, then the environment" \
	"Claims Decision Findings Verdicts Environment" \
	"$(pdftotext "$o/report.pdf" - | grep -oxE '(Claims|Decision|Findings|Verdicts|Environment)' | awk '!seen[$0]++' | tr '\n' ' ' | sed 's/ $//')"

check "the terminal shows the claim after the verdicts" grep -qF "is not reproduced: measured +98%, 95% interval +92% to +104%." \
	<(COLUMNS=200 "$NF" report --out "$(tmpdir)" --claim '20.19.5..24.11.1=-57%@select' "$S" 2>/dev/null)

# --- consistent, both directions, both kinds of metric -----------------------
o=$(tmpdir)
"$NF" report -q --out "$o" --claim '20.19.5..24.11.1=+100%@SELECT' --claim '24.11.1..20.19.5=-50%@select' \
	--claim '20.19.5..24.11.1=-10%@update' --claim '24.11.1..20.19.5=+10%@update' \
	--claim '24.11.1..20.19.5=-10%@update' --claim 'v20.19.5..24.11.1=+3%@insert' "$S"
check_eq "rate, B against A: +100% is inside +92%..+104%" "consistent 100 98 92 104" \
	"$(claim_row "$o" select '20.19.5..24.11.1=+100%@SELECT')"
check_eq "rate, turned round: 20 against 24 does half the ops/s" "consistent -50 -50 -51 -48" \
	"$(claim_row "$o" select '24.11.1..20.19.5=-50%@select')"
check_eq "time: 24 takes 10% less time than 20" "consistent -10 -9 -12 -7" \
	"$(claim_row "$o" update '20.19.5..24.11.1=-10%@update')"
check_eq "time, turned round: 20 takes 10% more time than 24" "consistent 10 10 7 13" \
	"$(claim_row "$o" update '24.11.1..20.19.5=+10%@update')"
check_eq "time, the wrong sign: not reproduced" "not-reproduced -10 10 7 13" \
	"$(claim_row "$o" update '24.11.1..20.19.5=-10%@update')"
check_eq "v20.19.5 finds 20.19.5" "consistent 3 3 0 6" "$(claim_row "$o" insert 'v20.19.5..24.11.1=+3%@insert')"
check "a consistent claim is worded so" grep -qF "the claimed −10% (time of 24.11.1 against 20.19.5, in ms) is consistent with the data: measured −9.4%" "$o/issue.md"
check "the answer counts each verdict" grep -qF "are not reproduced on 1 and consistent with the data on 5 of 6 comparisons:" "$o/issue.md"
o=$(tmpdir)
"$NF" report -q --out "$o" --claim '20.19.5..24.11.1=+100%@select' "$S"
check "no title about a claim when every claim holds: nothing to file" grep -q '^\*\*Nothing to file\.\*\* Benchmark of 3 workloads' "$o/issue.md"

# --- every workload, and insufficient ----------------------------------------
o=$(tmpdir)
"$NF" report -q --out "$o" --claim '22.21.1..26.12.1=+100%' "$S"
check_eq "no workload part: every workload" "3" "$(jq '.claims | length' "$o/analysis.json")"
o=$(tmpdir)
"$NF" report -q --out "$o" --min-rounds 21 --claim '20.19.5..24.11.1=-57%@select' "$S"
check_eq "too few rounds: insufficient, no numbers" "insufficient null null" \
	"$(jq -r '.claims[0] | "\(.verdict) \(.measured) \(.interval)"' "$o/analysis.json")"
check "too few rounds is said" grep -qF "cannot be checked: 20.19.5 ran 20 rounds, 21 needed for an interval" "$o/blog.md"
jq -c 'select(.workload != "INSERT 1000 messages" or .version != "26.12.1")' "$S" > "$NF_TMP/no26insert.ndjson"
o=$(tmpdir)
"$NF" report -q --out "$o" --claim '20.19.5..26.12.1=0%@insert' "$NF_TMP/no26insert.ndjson"
check_eq "a version missing on a workload: insufficient" "insufficient INSERT 1000 messages" \
	"$(jq -r '.claims[0] | "\(.verdict) \(.workload)"' "$o/analysis.json")"
check "the missing version is named" grep -qF "cannot be checked: 26.12.1 was not measured on this workload and platform" "$o/blog.md"

# --- refused: one line, exit 2, nothing written ------------------------------
# by report and by check alike (check --summary writes no summary)
refused() { # NAME CLAIM WANT-LINE
	local d="$NF_TMP/refused.$RANDOM" err rc
	err=$("$NF" report -q --out "$d" --claim "$2" "$S" 2>&1 >/dev/null); rc=$?
	check_eq "$1" "2 1 absent $3" "$rc $(printf '%s\n' "$err" | wc -l) $([ -e "$d" ] && echo present || echo absent) $err"
	err=$("$NF" check --summary "$d.md" --claim "$2" "$S" 2>&1 >/dev/null); rc=$?
	check_eq "check: $1" "2 1 absent $3" "$rc $(printf '%s\n' "$err" | wc -l) $([ -e "$d.md" ] && echo present || echo absent) $err"
}
refused "unknown version: the known ones listed" '20.19.5..25.1.0=-57%' \
	"noisefloor: --claim '20.19.5..25.1.0=-57%': version '25.1.0' was not measured (measured: 20.19.5, 22.21.1, 24.11.1, 26.12.1)"
refused "a workload part that matches nothing" '20.19.5..24.11.1=-57%@delete' \
	"noisefloor: --claim '20.19.5..24.11.1=-57%@delete': 'delete' is part of no workload's name (measured: \"SELECT 50 newest (Forward Email)\", \"INSERT 1000 messages\", \"UPDATE flags\")"
refused "a change without %" '20.19.5..24.11.1=-57' \
	"noisefloor: --claim '20.19.5..24.11.1=-57': the change is a signed percentage of B against A, like -57% or +10%"
refused "a change that is no number" '20.19.5..24.11.1=slower' \
	"noisefloor: --claim '20.19.5..24.11.1=slower': the change is a signed percentage of B against A, like -57% or +10%"
refused "-100% or less" '20.19.5..24.11.1=-100%' \
	"noisefloor: --claim '20.19.5..24.11.1=-100%': the change must be above -100% and at most +100000%"
refused "no A..B" '24.11.1=-57%' \
	"noisefloor: --claim '24.11.1=-57%': the versions are written A..B, like 20.19.5..24.11.1"
refused "no =" '20.19.5..24.11.1' \
	"noisefloor: --claim '20.19.5..24.11.1': it wants 'A..B=CHANGE[@WORKLOAD]', like '20.19.5..24.11.1=-57%@select'"
refused "the same version twice" '24.11.1..24.11.1=0%' \
	"noisefloor: --claim '24.11.1..24.11.1=0%': A and B are the same version"
refused "an empty workload part" '20.19.5..24.11.1=5%@' \
	"noisefloor: --claim '20.19.5..24.11.1=5%@': nothing follows '@' (leave it out to check every workload)"

# --- the answer first, without a claim ---------------------------------------
o=$(tmpdir)
"$NF" report -q --out "$o" "$S"
check_eq "no claim: claims[] is empty" "0" "$(jq '.claims | length' "$o/analysis.json")"
check "issue.md: nothing regressed, nothing to file, in three lines" \
	sh -c 'grep -qF "Nothing regressed: no newer version is confirmed slower than an older one on any of the 3 workloads" "$1" &&
		[ "$(grep -c . "$1")" = 3 ] && ! grep -q "What steps will reproduce" "$1"' sh "$o/issue.md"
check "blog.md: each confirmed difference with its interval, in the short answer" \
	grep -qF "UPDATE flags (linux-x64): 24.11.1 is 13% faster than 22.21.1 (best rounds); 95% interval 7% to 14%." <(sed -n '/^## The short answer/,/^## /p' "$o/blog.md")
check "blog.md: the short answer names direction and versions" \
	grep -qF "SELECT 50 newest (Forward Email) (linux-x64): 26.12.1 does 2.1× the ops/s of 22.21.1 (best rounds)" \
	<(sed -n '/^## The short answer/,/^## Why/p' "$o/blog.md")
check "PDF page 1: the findings name direction and versions" grep -qF "24.11.1 is 13% faster than 22.21.1" \
	<(pdftotext -f 1 -l 1 "$o/report.pdf" - | tr '\n' ' ')

# --- check: the same claims, and the gate stays about regressions -------------
o=$(tmpdir)
claims=(--claim '20.19.5..24.11.1=-57%@select' --claim '20.19.5..24.11.1=+100%@select' --claim '24.11.1..20.19.5=-10%@update')
"$NF" report -q --as-of 2026-12-01 --formats ci --out "$o/r" "${claims[@]}" --from 20.19.5 "$S"
COLUMNS=200 "$NF" check --as-of 2026-12-01 --summary "$o/check.md" "${claims[@]}" --from 20.19.5 "$S" >"$o/term" 2>"$o/err"
check_eq "check: a claim not reproduced leaves the exit status about regressions (0)" "0" "$?"
ci_claims() { sed -n '/^\*\*Claims checked\*\*/,/^$/p' "$1"; }
check "report's ci-summary.md has the claims checked" grep -qF -- "- **Not reproduced**: SELECT 50 newest (Forward Email): $sentence" "$o/r/ci-summary.md"
check_eq "check --summary: the claims checked as report's ci-summary.md" "$(ci_claims "$o/r/ci-summary.md")" "$(ci_claims "$o/check.md")"
ci_upgrade() { sed -n '/^\*\*What changes from/,/^$/p' "$1"; }
check "report's ci-summary.md has the upgrade view" grep -q '^\*\*What changes from 20.19.5 to v26\*\*' "$o/r/ci-summary.md"
check_eq "check --summary: the upgrade view as report's ci-summary.md" "$(ci_upgrade "$o/r/ci-summary.md")" "$(ci_upgrade "$o/check.md")"
check "check --summary: the whole of report's ci-summary.md" cmp "$o/r/ci-summary.md" "$o/check.md"
# the terminal: report's sentences, one each, after the gate's line
COLUMNS=200 "$NF" report --as-of 2026-12-01 --formats json --out "$o/r2" "${claims[@]}" "$S" 2>/dev/null |
	grep -F 'the claimed ' > "$o/report-term"
check_eq "check prints the claims checked in report's words" "3 $(cat "$o/report-term")" \
	"$(grep -c 'the claimed ' "$o/term") $(grep -F 'the claimed ' "$o/term")"
check_eq "check: the gate's line first, then the claims" "no regression:" "$(head -n 1 "$o/term" | cut -d' ' -f1,2)"
check_eq "check -q: no claims printed when the check passes" "" \
	"$("$NF" check -q "${claims[@]}" "$S")"
# a regression still fails, a claim beside it changes nothing
ex=data/examples/node-versions/rounds.json
"$NF" check -q "$ex" >/dev/null; want=$?
"$NF" check -q --claim '20.20.2..26.12.1=+10%' --claim '20.20.2..26.12.1=0%@regex' "$ex" >/dev/null
check_eq "check: a regression fails with claims as without (exit 1)" "1 1" "$want $?"

# --- documented ----------------------------------------------------------------
check "README and doc/method.md document --claim with the seed's example" \
	sh -c "grep -qF -- \"--claim '20.19.5..24.11.1=-57%@select'\" README.md && grep -qF -- \"--claim '20.19.5..24.11.1=-57%@select'\" doc/method.md"
check "report --help lists --claim" grep -q -- '--claim CLAIM' <("$NF" report --help)
check_eq "check --help lists --claim, --from and --to" "--claim CLAIM --from VERSION --to VERSION" \
	"$("$NF" check --help | grep -o -- '^      --\(claim\|from\|to\) [A-Z]*' | sed 's/^ *//' | xargs)"
check "check --help says a claim does not change the exit status" \
	grep -qF 'and the claims checked (--claim); neither changes the' <("$NF" check --help)

# --- many confirmed differences: the first screen stays a screen -------------
awk 'BEGIN { print "{\"format\":\"noisefloor.rounds/1\",\"title\":\"many\"}"; s = 1
	for (w = 0; w < 12; w++) for (r = 1; r <= 5; r++) {
		s = (s * 16807) % 2147483647; x = 0.98 + 0.04 * s / 2147483647
		printf "{\"workload\":\"w%d\",\"version\":\"20.1.0\",\"platform\":\"linux-x64\",\"round\":%d,\"unit\":\"ms\",\"value\":%.3f}\n", w, r, 10 * x
		printf "{\"workload\":\"w%d\",\"version\":\"22.1.0\",\"platform\":\"linux-x64\",\"round\":%d,\"unit\":\"ms\",\"value\":%.3f}\n", w, r, 7 * x }
}' > "$NF_TMP/many.ndjson"
o=$(tmpdir)
"$NF" report -q --out "$o" "$NF_TMP/many.ndjson" 2>/dev/null
check "blog.md: 8 confirmed differences, then how many more" grep -qxF -- "- …and 4 more confirmed differences, in the verdict table." <(sed -n '/^## The short answer/,/^## /p' "$o/blog.md")
check "PDF page 1: the same, above the verdicts" grep -qF "and 4 more confirmed differences, in the verdict table." \
	<(pdftotext -f 1 -l 1 "$o/report.pdf" - | sed '/^Verdicts/q')

# --- claims with line names, and an interval too wide to tell ----------------
o=$(tmpdir)
"$NF" report -q --formats json --out "$o" --claim '22..24=+20%@update' --claim '20.19.5..26.12.1=+3%@insert' "$S"
check_eq "a claim with line names is read as --from reads them: the newest release of each line" \
	"22.21.1 24.11.1 not-reproduced" \
	"$(jq -r '.claims[] | select(.claim == "22..24=+20%@update") | "\(.a) \(.b) \(.verdict)"' "$o/analysis.json")"
check_eq "an interval that holds both the claim and no change cannot judge the claim" \
	"cannot-judge" "$(jq -r '.claims[] | select(.claim == "20.19.5..26.12.1=+3%@insert") | .verdict' "$o/analysis.json")"
check "... and says so, not 'consistent'" grep -qF \
	'the claimed +3.0% (ops/s of 26.12.1 against 20.19.5) cannot be judged: the 95% interval −1.8% to +3.6% holds both the claim and no change (measured +0.6%)' \
	<(jq -r '.claims[].text' "$o/analysis.json")
