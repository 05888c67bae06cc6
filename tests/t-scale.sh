# Reports that read well at scale: a generated nine-month CI history (fixed
# seed: tests/scale/gen-history.c; 300 files, 40 workloads, linux-x64 with 12
# exact releases of 6 lines, one single-version darwin-arm64 file) rendered
# as a new user would, and each bound a reader meets checked: issue.md fits
# GitHub, the PDF stays a document, the terminal fits $COLUMNS, a time chart
# for every dated comparison, rounds.csv beside the issue.
# Then the same history with 84 passes per round, a million values (about
# half a minute here).
. tests/lib.sh
S=tests/scale
gen=$NF_TMP/gen-history
if ! ${CC:-cc} -O2 -std=c11 -D_DEFAULT_SOURCE -o "$gen" "$S/gen-history.c" -lm 2>"$NF_TMP/gen.log"; then
	fail "the history generator builds" "$(cat "$NF_TMP/gen.log")"
	exit 0
fi
h=$(tmpdir)
check_eq "the generator writes 300 files" "300 300" \
	"$("$gen" "$h/history") $(find "$h/history" -name '*.ndjson' | wc -l)"
inputs=("$h"/history/run-*/*.ndjson)
o=$h/out
COLUMNS=100 "$NF" report --as-of 2026-11-30 --out "$o" "${inputs[@]}" >"$h/stdout" 2>"$h/stderr"
check_eq "the history renders" "0" "$?"

# --- issue.md fits GitHub ---------------------------------------------------
chars() { LC_ALL=C.UTF-8 wc -m < "$1"; }
check "issue.md has at most 65,536 characters ($(chars "$o/issue.md"))" test "$(chars "$o/issue.md")" -le 65536
check "issue.md names rounds.csv to attach" grep -q 'rounds\.csv' "$o/issue.md"
check "issue.md suggests a title: the insert regression of 24.12.0 (or the step to it)" \
	grep -qE '^<!-- Suggested title: Performance( regression)?: ".* · insert":? .*24\.1[23]\.0.* -->$' "$o/issue.md"
check "the baseline is said with why, and the --baseline of a supported line" \
	grep -qF 'the baseline is 18.20.8, the oldest version measured; Node.js v18 is end-of-life since 2025-04-30, so compare against a supported line with --baseline 22.21.1' "$o/blog.md"
check_eq "issue.md summarises the inputs instead of listing them" "0" \
	"$(grep -c 'run-2025-11-17/node-20' "$o/issue.md")"

check "blog.md gives the borderline pairs one paragraph, not a bullet each" \
	sh -c 'grep -qE "^\*\*Borderline cases\.\*\* In [0-9]+ pairs of versions, across [0-9]+ workloads" "$1" &&
		! grep -q "pairs where the two disagree\|smallest reachable p" "$1"' sh "$o/blog.md"

# --- rounds.csv: one row per round ------------------------------------------
rounds=$(jq '[.comparisons[].versions[].rounds] | add' "$o/analysis.json")
check_eq "rounds.csv has a header and one row per round" "$((rounds + 1))" "$(wc -l < "$o/rounds.csv")"
check_eq "rounds.csv columns" "date,release,line,v8,platform,workload,unit,round,value,passes" \
	"$(head -n 1 "$o/rounds.csv" | tr -d '\r')"
check "rounds.csv: a round with its date, exact release and value" \
	grep -q '^2025-11-27,24.11.1,v24,13.6.233.10,linux-x64,Production · insert,ops/s,' "$o/rounds.csv"

# (each round's date is in rounds.csv; the workbook gives each version's
# first and last)
check_eq "the workbook's Rounds sheet gives each version's line, V8 and first and last day" \
	"every version: line, V8, first day, last day" \
	"$(tests/golden/sheets.sh "$o/report.xlsx" | awk '$1 == "sheet2" && $2 ~ /^A[0-9]+$/ && $2 != "A1" { t = $3; for (i = 4; i <= NF; i++) t = t " " $i; lab[substr($2, 2)] = t; next }
		$1 == "sheet2" { r = $2; sub(/^[A-Z]+/, "", r); what = lab[r]
			if (what == "Rounds") n++
			else if (what == "Release line" && $3 ~ /^v[0-9]+$/) l++
			else if (what == "V8" && $3 ~ /^[0-9]+\.[0-9]+\.[0-9.]+$/) v++
			else if (what == "First round (UTC day)" && $3 ~ /^20[0-9][0-9]-[01][0-9]-[0-3][0-9]$/) f++
			else if (what == "Last round (UTC day)" && $3 ~ /^20[0-9][0-9]-[01][0-9]-[0-3][0-9]$/) z++ }
		END { print (n > 0 && l == n && v == n && f == n && z == n) ? "every version: line, V8, first day, last day" : n " versions: " l " lines, " v " V8, " f " first, " z " last" }')"

# --- the PDF stays a document -------------------------------------------------
pdf=$o/report.pdf
pages=$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
check "report.pdf has at most 60 pages ($pages)" test "${pages:-999}" -le 60
check_eq "no ToUnicode CMap warning from pdffonts or pdftotext" "" \
	"$({ pdffonts "$pdf" >/dev/null; pdftotext "$pdf" /dev/null; } 2>&1 | sort -u)"
# a name broken inside a word shows as two words in a row that together
# start one of the names' words ("Fo" "rw" of "Forward")
broken() { # PDF ANALYSIS
	pdftotext -bbox "$1" - 2>/dev/null | sed -n 's/.*<word [^>]*>\(.*\)<\/word>/\1/p' |
	awk -v names="$(jq -r '.comparisons[].workload' "$2" | sort -u | tr '\n' ' ')" '
	BEGIN { n = split(names, w, " "); for (i = 1; i <= n; i++) if (length(w[i]) > 3) { full[w[i]] = 1 } }
	{
		j = prev $0
		if (prev != "" && !(prev in full))
			for (x in full) if (index(x, j) == 1 && length(j) <= length(x)) { print prev "|" $0; break }
		prev = $0
	}' | head -n 5
}
check_eq "workload names are unbroken in the PDF text" "" "$(broken "$pdf" "$o/analysis.json")"
# grouped into its six lines the tables have six number columns: the
# workload column keeps room for its words
"$NF" report -q --by line --as-of 2026-11-30 --formats json,pdf --out "$h/lines" "${inputs[@]}" 2>/dev/null
check_eq "grouped by line: workload names are unbroken in the PDF text too" "" \
	"$(broken "$h/lines/report.pdf" "$h/lines/analysis.json")"
# every word inside the page, and no word drawn over another (the footer)
outside=$(pdftotext -bbox "$pdf" - 2>/dev/null | awk -F'"' '
	/<page / { p++; W = $2; H = $4; n = 0 }
	/<word / {
		x0 = $2; y0 = $4; x1 = $6; y1 = $8
		if (x0 < 0 || y0 < 0 || x1 > W + 0.5 || y1 > H + 0.5) { print "page " p ": outside: " $0; next }
		for (i = 0; i < n; i++)
			if (x0 < X1[i] - 0.5 && X0[i] < x1 - 0.5 && y0 < Y1[i] - 0.5 && Y0[i] < y1 - 0.5) {
				print "page " p ": overlap: " $0; break
			}
		X0[n] = x0; Y0[n] = y0; X1[n] = x1; Y1[n] = y1; n++
	}' | head -n 5)
check_eq "all text inside the page box, none over other text" "" "$outside"
check "page 1 starts the content" test "$(pdftotext -f 1 -l 1 "$pdf" - 2>/dev/null | wc -w)" -ge 60

# --- the terminal fits --------------------------------------------------------
check "the terminal fits 100 columns at COLUMNS=100 ($(LC_ALL=C.UTF-8 wc -L < "$h/stdout"))" \
	test "$(LC_ALL=C.UTF-8 wc -L < "$h/stdout")" -le 100
# table rows: a label, two spaces, then cells with a spread (±) or a value
labels=$(grep -E '^[^ ].*  +[0-9]' "$h/stdout" | sed -E 's/  +[0-9].*//')
check "the linux-x64 table has a row per workload" test "$(printf '%s\n' "$labels" | grep -c .)" -ge 40
check_eq "row labels are distinct" "" "$(printf '%s\n' "$labels" | sort | uniq -d)"
check "a single-version platform is one sentence" \
	grep -qx 'darwin-arm64: one run of 18.20.8 only, nothing to compare (40 workloads)' "$h/stdout"
check "warnings go to stderr, repeated ones grouped with a count" \
	test "$(grep -c '^warning:' "$h/stderr")" -ge 1 -a "$(grep -c '^warning:' "$h/stderr")" -le 6 \
	-a "$(grep -c '^warning:' "$h/stdout")" -eq 0
# (the line wraps at $COLUMNS: its continuation lines are joined)
check "one line says where the files went" sh -c "awk '/^wrote /{w=1} w' '$h/stdout' | tr -s '\n ' ' ' |
	grep -qE '^wrote $o/: analysis\.json, blog\.md, .*issue\.md'"
env -u COLUMNS "$NF" report --formats json --out "$h/o80" "${inputs[@]}" >"$h/stdout80" 2>/dev/null
w80=$(LC_ALL=C.UTF-8 wc -L < "$h/stdout80")
check "the terminal fits 80 columns when COLUMNS is unknown ($w80)" test "$w80" -le 80
check_eq "row labels are distinct at 60 columns too" "" \
	"$(COLUMNS=60 "$NF" report --formats json --out "$h/o80" "${inputs[@]}" 2>/dev/null |
	   grep -E '^[^ ].*  +[0-9]' | sed -E 's/  +[0-9].*//' | sort | uniq -d)"

# --- histories have a time axis ----------------------------------------------
dated=$(jq '[.comparisons[] | select([.versions[].round_values[].timestamp // empty | .[0:10]] | unique | length > 1)] | length' "$o/analysis.json")
check "40 comparisons have dated rounds over several days" test "$dated" -eq 40
check_eq "a -time.svg chart for every comparison with dated rounds" "$dated" \
	"$(find "$o/charts" -name '*-time.svg' | wc -l)"
check_eq "and its PNG preview" "$dated" "$(find "$o/charts" -name '*-time.png' | wc -l)"
t=$o/charts/production-select-linux-x64-time.svg
check "a time chart is valid SVG with a title" xmllint --noout "$t"
check "its description names the bad day of the machine" \
	grep -q '2025-11-27.*bad day of the machine' <(xmllint --xpath 'string(//*[local-name()="desc"])' "$t")
check "analysis.json names the bad day" \
	jq -e '[.bad_days[]? | select(.date == "2025-11-27" and (.versions | length) >= 3)] | length == 1' "$o/analysis.json"
check "the issue calls it a bad day of the machine" grep -q '2025-11-27.*bad day of the machine' "$o/issue.md"

# --- an overview that scales ---------------------------------------------------
ov=$o/charts/overview.svg
check "an overview of one row per workload" test -s "$ov"
check "at most three screens tall ($(sed -n 's/.*height="\([0-9.]*\)px".*/\1/p' "$ov" | head -n 1) px)" \
	test "$(sed -n 's/.*height="\([0-9]*\)[0-9.]*px".*/\1/p' "$ov" | head -n 1)" -le 2400
check "workloads with nothing to show are left out in one line" \
	grep -q 'Left out: 40 workloads on darwin-arm64' <(xmllint --xpath 'string(//*[local-name()="desc"])' "$ov")

# --- releases inside a line ---------------------------------------------------
check_eq "the step inside v24 is placed between 24.11.1 and 24.12.0, in the ten insert workloads only" \
	'10 insert' \
	"$(jq -r '[.comparisons[] | select(any(.release_steps[]; .step and .before == "24.11.1" and .after == "24.12.0")) | .workload | split(" · ")[1]] | "\(length) \(unique | join(","))"' "$o/analysis.json")"
# Holm runs over the release pairs of each workload, so a report of many
# workloads meets a false step now and then: at most 1 % of the pairs
check "steps where the history has none: at most 1 % of the release pairs ($(jq -c '[.comparisons[] | .release_steps[] | select(.step and .before != "24.11.1")] | length' "$o/analysis.json") of $(jq '[.comparisons[] | .release_steps[]] | length' "$o/analysis.json"))" \
	jq -e '([.comparisons[] | .release_steps[] | select(.step and .before != "24.11.1")] | length) <= 0.01 * ([.comparisons[] | .release_steps[]] | length)' "$o/analysis.json"
check_eq "with its dates and V8 versions on either side" \
	"13.6.233.10 13.6.233.17 true" \
	"$(jq -r '[.comparisons[] | select(.workload == "Production · insert" and .platform == "linux-x64") | .release_steps[] | select(.step)][0] | "\(.v8_before) \(.v8_after) \(.last_day_before < .first_day_after)"' "$o/analysis.json")"

# --- a million values ---------------------------------------------------------
big=$(tmpdir)
"$gen" "$big/history" 300 84 >/dev/null
"$NF" report -q --as-of 2026-11-30 --out "$big/out" "$big"/history/run-*/*.ndjson
check_eq "a million values render" "0" "$?"
check "at a million values report.pdf is at most 20 MB" \
	test "$(stat -c %s "$big/out/report.pdf")" -le 20000000
check "at a million values issue.md has at most 65,536 characters" \
	test "$(chars "$big/out/issue.md")" -le 65536
check_eq "analysis.json keeps every round value" "$((300 * 40))" \
	"$(jq '[.comparisons[].versions[].round_values | length] | add' "$big/out/analysis.json")"

# --- memory per round value -------------------------------------------------
# check on 400,000 one-pass values against 4,000 of the same shape: what the
# extra values cost is the store (32 bytes a round) and the analysis's two
# arrays (16 bytes), well under the 64 bytes a value the speed goals allow
mem=$(tmpdir)
for n in 4000 400000; do
	awk -v n="$n" 'BEGIN {
		print "{\"format\": \"noisefloor.rounds/1\", \"environment\": {\"os\": \"linux\", \"arch\": \"x64\"}}"
		split("20.20.2 22.23.5 24.22.3 26.12.1", ver, " "); seed = 7
		for (r = 1; r <= n / 400; r++)
			for (w = 1; w <= 100; w++)
				for (v = 1; v <= 4; v++) {
					seed = (seed * 48271) % 2147483647
					printf "{\"workload\": \"workload %d\", \"version\": \"%s\", \"round\": %d, \"unit\": \"ms\", \"value\": %.4f}\n", w, ver[v], r, 10 + w * (1 + 0.08 * seed / 2147483647)
				}
	}' > "$mem/r$n.ndjson"
done
peak_kb() {
	python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$NF" check -q "$1"
}
small=$(peak_kb "$mem/r4000.ndjson")
large=$(peak_kb "$mem/r400000.ndjson")
per=$(( (large - small) * 1024 / 396000 ))
check "check needs at most 64 bytes of memory per round value ($per: $small KiB at 4,000, $large KiB at 400,000)" \
	test "$per" -le 64

# --- the arrays of millions of values (src/model/arena.c) ----------------------------
unit="$NF_TMP/arena-test"
if unit_build "$unit" address,undefined -O1 "$NF_ROOT/tests/scale/arena-test.c" \
	"$NF_ROOT/src/model/arena.c" "$NF_ROOT/src/lib/util.c" "$NF_ROOT/src/lib/fmt.c" -lm; then
	out=$("$unit" 2>&1); rc=$?
	[ $rc -eq 0 ] && pass "arena unit test runs" || fail "arena unit test runs" "exit $rc: $out"
	unit_lines "$out"
	check_eq "arena unit test: every check ran" 2 "$unit_count"
else
	fail "arena unit test builds" "$(tail -n 20 "$NF_TMP/arena-test.log")"
fi

# --- rounds.csv keeps hostile text inert --------------------------------------
o=$(tmpdir)
"$NF" report -q --formats rounds --out "$o" tests/hardening/hostile.json
check "rounds.csv: a name that looks like a formula gets an apostrophe" \
	grep -qF ',"'"'"'=HYPERLINK(""http://example.com/x"",""click"")",' "$o/rounds.csv"
check "rounds.csv: an @ name too" grep -qF ",'@SUM(1+2)" "$o/rounds.csv"
