# Release advice only for releases: two `sleep` commands measured by
# `noisefloor run` and a hyperfine file of two commands are variants, with no
# support windows, recommendation, end-of-life warning or "oldest version" in
# any document; a size is smaller or larger, never faster; `check` words a
# version by its order against the baseline (variants have none and need
# --baseline) and quotes the documents' percentages; a refused --baseline lists the versions there are.
# Inputs: tests/advice/ (two-commands.json in hyperfine's --export-json
# shape, memory.json in MB, rates.json in ops/s), and a short `run`.
. tests/lib.sh
A=tests/advice

# Release advice in any words a document would use for it.
ADVICE='Node\.js|LTS|[Oo]ldest|[Nn]ewest|Support windows|Which version to run|## Support|is end-of-life|Pick it when|[Rr]ecommend|support windows are judged|For production'

# no_advice NAME DIR TERMINAL: no document in DIR (and the terminal output)
# gives release advice; analysis.json says the versions are variants.
no_advice() {
	local name=$1 o=$2 term=$3 f hits
	for f in summary.md blog.md issue.md verdicts.csv; do
		hits=$(grep -nE "$ADVICE" "$o/$f")
		check_eq "$name: no release advice in $f" "" "$hits"
	done
	check_eq "$name: no release advice on the terminal" "" "$(grep -nE "$ADVICE" "$term")"
	pdftotext "$o/report.pdf" "$o/report.txt"
	check_eq "$name: no release advice in the PDF" "" "$(grep -nE "$ADVICE" "$o/report.txt")"
	tests/golden/sheets.sh "$o/report.xlsx" > "$o/sheets.txt"
	check_eq "$name: no release advice in the workbook" "" "$(grep -nE "$ADVICE" "$o/sheets.txt")"
	check_eq "$name: the workbook has no Support sheet" \
		"Summary Rounds Versions Pairs Charts Impact" \
		"$(unzip -p "$o/report.xlsx" xl/workbook.xml | grep -o '<sheet name="[^"]*"' | sed 's/.*name="//; s/"$//' | tr '\n' ' ' | sed 's/ $//')"
	check_eq "$name: analysis.json: variants, no product, no support lines, no recommendation" \
		'"variants" null [] null' \
		"$(jq -c '[.versions_are, .product, .support, .recommendation] | map(tojson) | join(" ")' -r "$o/analysis.json")"
	check "$name: summary.md says they are compared as variants" \
		grep -q "are compared as variants: they are not releases on a product's release schedule" "$o/summary.md"
}

# --- two sleeps through noisefloor run ------------------------------------
d=$(tmpdir)
check "run: two sleep commands" "$NF" run -q --rounds 3 --passes 1 --warmup 0 \
	--version a='sleep 0.01' --version b='sleep 0.012' --out "$d/r.ndjson"
check "run: report" sh -c '"$1" report --out "$2/o" "$2/r.ndjson" > "$2/term" 2>&1' _ "$NF" "$d"
no_advice "two sleeps" "$d/o" "$d/term"
check "two sleeps: the baseline is the first variant" \
	grep -qF "(the baseline is a, the first variant)" "$d/o/blog.md"

# --- a hyperfine file of two commands -------------------------------------
d=$(tmpdir)
check "hyperfine: report" sh -c '"$1" report --out "$2/o" "$3" > "$2/term" 2>&1' _ "$NF" "$d" "$A/two-commands.json"
no_advice "hyperfine" "$d/o" "$d/term"
check_eq "hyperfine: the verdict" "sleep 0.01 is 19% faster than sleep 0.012 (best rounds)" \
	"$(jq -r '.comparisons[0].text' "$d/o/analysis.json")"
check_eq "check: a variant slower than the baseline fails, worded without an order" \
	'worse: "two-commands": sleep 0.012 is slower than the baseline sleep 0.01: sleep 0.01 is 19% faster than sleep 0.012 (best rounds); 95% interval 18.5% to 19.3%; beyond the noise of ±0.4% (the largest spread of one version'\''s own rounds); sleep 0.01 better in 7 of 7 rounds; p = 5.8e-04 after Holm (mann-whitney)' \
	"$("$NF" check --baseline 'sleep 0.01' "$A/two-commands.json")"
check_status "check: ... exit 1" 1 "$NF" check -q --baseline 'sleep 0.01' "$A/two-commands.json"
check_status "check: variants without --baseline are a usage error" 2 "$NF" check -q "$A/two-commands.json"

# --- releases: the subject names the product, or the versions are its ----
d=$(tmpdir)
jq '.subject = "Node.js"' "$A/memory.json" | jq '.results[].version |= ({"22.11.0": "a", "24.11.1": "b", "26.2.0": "c"}[.])' > "$d/labels.json"
"$NF" report -q --formats json --out "$d/labels" "$d/labels.json" > /dev/null 2>&1
check_eq "a subject naming the product makes any labels releases" "releases v26" \
	"$(jq -r '"\(.versions_are) \(.recommendation.line)"' "$d/labels/analysis.json")"
"$NF" report -q --formats json --out "$d/rates" "$A/rates.json" > /dev/null 2>&1
check_eq "versions on the schedule's lines are releases without a subject" "releases v26 true" \
	"$(jq -r '"\(.versions_are) \(.recommendation.line) \([.support[] | select(.line == "v20")][0].compared)"' "$d/rates/analysis.json")"
jq 'del(.subject)' "$A/memory.json" | jq '.results[].version |= ({"22.11.0": "1.0", "24.11.1": "2.0", "26.2.0": "3.0"}[.])' > "$d/other.json"
"$NF" report -q --formats json,md --out "$d/other" "$d/other.json" > /dev/null 2>&1
check_eq "versions on no line of the schedule are variants" "variants null" \
	"$(jq -r '"\(.versions_are) \(.recommendation)"' "$d/other/analysis.json")"

# --- memory uses less or more memory, never faster -------------------------
d=$(tmpdir)
check "MB: report" sh -c '"$1" report --out "$2/o" "$3" > "$2/term" 2>&1' _ "$NF" "$d" "$A/memory.json"
o=$d/o
check_eq "MB: a size unit" "MB size" "$(jq -r '.comparisons[0] | "\(.unit) \(.unit_kind)"' "$o/analysis.json")"
# "Heap after load", 80.00 against 100.2 MB: 20% less memory (the gap,
# 100.2 / 80 - 1, is 25%)
check "MB: the verdict says less memory, by how much less there is" \
	sh -c 'jq -r ".comparisons[0].text" "$1" | grep -q "^26.2.0 uses 20% less memory than 24.11.1 (best rounds)"' _ "$o/analysis.json"
FAST='[0-9]% faster|faster than|faster by|fastest|slowest|[0-9]% slower|slower than|steadily faster|× slower|negative is faster'
pdftotext "$o/report.pdf" "$o/report.txt"
tests/golden/sheets.sh "$o/report.xlsx" > "$o/sheets.txt"
for f in summary.md blog.md issue.md verdicts.csv report.txt sheets.txt; do
	check_eq "MB: never faster or slower in $f" "" "$(grep -nE "$FAST" "$o/$f")"
	[ "$f" = issue.md ] ||	# nothing to file: three lines
		check "MB: the claim is in $f" grep -q "26.2.0 uses 20% less memory than 24.11.1" "$o/$f"
done
check "MB: issue.md files nothing: less memory is no regression" grep -q '^\*\*Nothing to file' "$o/issue.md"
check_eq "MB: never faster on the terminal" "" "$(grep -nE "$FAST" "$d/term")"
check "MB: the workbook's overview says which way is less memory" grep -q "(negative is less memory)" "$o/sheets.txt"
check "MB: the overview chart's ends" sh -c 'grep -q "← less memory" "$1" && grep -q "more memory →" "$1"' _ "$o/report.txt"
check "MB: the recommended line's standing is worded neutrally" \
	grep -q "^v26 was the best in 1 workload by a confirmed difference" "$o/summary.md"
jq '.results[].workload = "Bundle after build"' "$A/memory.json" > "$d/bundle.json"
"$NF" report -q --formats json --out "$d/bundle" "$d/bundle.json" 2>/dev/null
check_eq "MB: a size not named for memory stays smaller" "26.2.0 is 20% smaller than 24.11.1 (best rounds)" \
	"$(jq -r '.comparisons[0].text' "$d/bundle/analysis.json")"
check_eq "MB: units are normalised" "MB" \
	"$(jq '.results[0].unit = "megabytes"' "$A/memory.json" | "$NF" convert - | jq -r 'select(.workload) | .unit' | head -1)"

# --- check words the baseline's direction ----------------------------------
d=$(tmpdir)
out=$("$NF" check --baseline 24.11.1 "$A/rates.json" 2>/dev/null); rc=$?
check_eq "check: a newer baseline: an older version that is slower is no regression (exit 0)" 0 "$rc"
check_eq "check: it says older and slower, in the verdicts' size, and counts comparisons" \
	'older: "Parse" on linux-x64: 20.19.5 is older than the baseline 24.11.1, and slower: 24.11.1 does 95% more ops/s than 20.19.5 (best rounds); 95% interval 94.8% to 95.4%; beyond the noise of ±0.1% (the largest spread of one version'\''s own rounds); 24.11.1 better in 7 of 7 rounds; p = 0.0057 after Holm (mann-whitney)
older: "Parse" on linux-x64: 22.21.1 is older than the baseline 24.11.1, and slower: 24.11.1 does 3% more ops/s than 22.21.1 (best rounds); 95% interval 2.7% to 2.9%; beyond the noise of ±0.1% (the largest spread of one version'\''s own rounds); 24.11.1 better in 7 of 7 rounds; p = 0.0057 after Holm (mann-whitney)
no regression: 2 versions against the baseline in 2 workloads, 4 pairs in all, none newer and worse by a confirmed difference' \
	"$out"
"$NF" report -q --baseline 24.11.1 --formats md --out "$d/md" "$A/rates.json" > /dev/null 2>&1
check_eq "check: the blog's change column gives the same sizes" "| Parse | 95% slower | 3% slower | baseline |" \
	"$(grep '^| Parse |' "$d/md/blog.md" | tail -1)"
check_eq "check: -q prints nothing when it passes" "" "$("$NF" check -q --baseline 24.11.1 "$A/rates.json")"

# --- a refused --baseline lists the versions --------------------------------
check_eq "check: a refused --baseline lists the versions there are" \
	"noisefloor: the baseline '22' is not among the measured versions: 20.19.5, 22.21.1, 24.11.1" \
	"$("$NF" check --baseline 22 "$A/rates.json" 2>&1 | head -1)"
check_eq "report: the same, exit 2" \
	"2 noisefloor: the baseline '9' is not among the measured versions: sleep 0.01, sleep 0.012" \
	"$("$NF" report -q --baseline 9 --out "$d/x" "$A/two-commands.json" 2> "$d/err"; echo "$? $(head -1 "$d/err")")"
