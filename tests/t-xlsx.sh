# report.xlsx: its parts, a cached value on every formula, native charts,
# LibreOffice's recalculated numbers against analysis.json and the Markdown
# (rounds, versions, verdicts, every pair's test and every step), names that
# stay inert text, the same bytes for the same input.
. tests/lib.sh
T=tests/xlsx
DATA=data/examples/node-versions/rounds.json

# versions_kv, rounds_kv, summary_kv FILE.csv: a sheet's numbers as key/value.
versions_kv() {
	awk -F'\t' "$CSV_AWK"'
		NR == 1 { r = col("Rounds"); b = col("Best"); m = col("Median of rounds")
		          s = col("Spread"); c = col("Change of best vs baseline"); next }
		$1 != "" { k = unq($1) "|" unq($2) "|" unq($3) "|"
		           print k "rounds\t" val($r); print k "best\t" val($b)
		           print k "median\t" val($m); print k "spread\t" val($s)
		           if ($c != "") print k "change\t" val($c) }' "$1"
}
# rounds_kv reads the Rounds sheet: a column per version under header rows
# (labels in column A; a version of several passes has its texts over its
# first column, merged over its passes and value), then column A the round.
rounds_kv() {
	awk -F'\t' "$CSV_AWK"'
		!heads && unq($1) != "" && unq($1) != "Round" { for (i = 2; i <= NF; i++) h[unq($1), i] = unq($i); next }
		!heads && unq($1) == "Round" {
			heads = 1; prev = 1
			for (i = 2; i <= NF; i++) if (unq($i) ~ /^Round value/) {
				for (j = i; j > prev && h["Workload", j] == ""; j--) ;
				key[i] = h["Workload", j] "|" h["Platform", j] "|" h["Version", j] "|"; prev = i
			}
			next
		}
		heads { for (i in key) if ($i != "") print key[i] unq($1) "\t" val($i) }' "$1"
}
summary_kv() {
	awk -F'\t' "$CSV_AWK"'
		!head && unq($1) == "Workload" && unq($2) == "Platform" {
			head = 1
			for (i = 1; i <= NF; i++) {
				h = unq($i)
				if (h ~ / value$/) { sub(/ value$/, "", h); what[i] = h "|value" }
				else if (h ~ / \302\261$/) { sub(/ \302\261$/, "", h); what[i] = h "|spread" }
				else if (h == "Gap") what[i] = "gap"
				else if (h == "Noise") what[i] = "noise"
				else if (h == "Verdict") what[i] = "verdict"
			}
			next
		}
		head == 1 && $1 == "" { head = 2 }
		head == 1 { for (i in what) if ($i != "") print unq($1) "|" unq($2) "|" what[i] "\t" val($i) }' "$1"
}

pairs_kv() {
	awk -F'\t' "$CSV_AWK"'
		NR == 1 { ra = col("Rounds a"); rb = col("Rounds b"); u = col("U (Mann-Whitney)"); p = col("p")
		          h = col("p after Holm"); r = col("Ratio b / a (Hodges-Lehmann)"); lo = col("95% interval low")
		          mr = col("Ratio of medians b / a")
		          hi = col("95% interval high"); s = col("Shift b - a (Hodges-Lehmann)")
		          sig = col("Significant (p after Holm < 0.05)"); b = col("Borderline (rule and test disagree)")
		          f = col("Smallest reachable p"); n = col("Rounds per version needed"); next }
		$1 != "" { k = unq($1) "|" unq($2) "|" unq($3) "|" unq($4) "|"
		           print k "rounds_a\t" val($ra); print k "rounds_b\t" val($rb); print k "u\t" val($u)
		           print k "p\t" val($p); print k "p_holm\t" val($h); print k "ratio\t" val($r)
		           print k "median_ratio\t" val($mr)
		           print k "ci_low\t" val($lo); print k "ci_high\t" val($hi); print k "shift\t" val($s)
		           print k "significant\t" unq($sig); print k "borderline\t" unq($b)
		           print k "p_floor\t" val($f); if ($n != "") print k "rounds_needed\t" val($n) }' "$1"
}
steps_kv() {
	awk -F'\t' "$CSV_AWK"'
		NR == 1 { b = col("Before (last on the old level)"); a = col("After (first on the new level)")
		          vb = col("V8 before"); va = col("V8 after"); c = col("Change of best"); next }
		$1 != "" { k = unq($1) "|" unq($2) "|" unq($b) "|" unq($a) "|"
		           print k "v8_before\t" unq($vb); print k "v8_after\t" unq($va); print k "change\t" val($c) }' "$1"
}

# Expected values from analysis.json, keyed the same way (a platform no
# input named is "unknown" there and a blank cell in the workbook).
json_versions_kv() {
	jq -r '.comparisons[] as $c | $c.versions[] | "\($c.workload)|\($c.platform | sub("^unknown$"; ""))|\(.version)|" as $k |
		"\($k)rounds\t\(.rounds)", "\($k)best\t\(.best)", "\($k)median\t\(.median)",
		"\($k)spread\t\(.spread // "")", (if .change != null then "\($k)change\t\(.change)" else empty end)' "$1"
}
json_rounds_kv() {
	jq -r '.comparisons[] as $c | $c.versions[] as $v | $v.round_values[] |
		"\($c.workload)|\($c.platform | sub("^unknown$"; ""))|\($v.version)|\(.round)\t\(.value)"' "$1"
}
json_summary_kv() {
	jq -r '.comparisons[] as $c | "\($c.workload)|\($c.platform | sub("^unknown$"; ""))|" as $k |
		($c.versions[] | "\($k)\(.version)|value\t\(.level)",
			(if .band != null then "\($k)\(.version)|spread\t\(.band)" else empty end)),
		(if $c.verdict != "insufficient" then "\($k)gap\t\($c.gap)" else empty end),
		"\($k)noise\t\($c.noise)", "\($k)verdict\t\($c.verdict)"' "$1"
}

json_pairs_kv() {
	jq -r '.comparisons[] as $c | $c.pairs[] | . as $p | "\($c.workload)|\($c.platform | sub("^unknown$"; ""))|\(.a)|\(.b)|" as $k |
		"\($k)rounds_a\t\($c.versions[] | select(.version == $p.a) | .rounds)",
		"\($k)rounds_b\t\($c.versions[] | select(.version == $p.b) | .rounds)",
		"\($k)u\t\(.u)", "\($k)p\t\(.p)", "\($k)p_holm\t\(.p_holm)", "\($k)ratio\t\(.ratio)", "\($k)median_ratio\t\(.median_ratio)",
		"\($k)ci_low\t\(.ci[0])", "\($k)ci_high\t\(.ci[1])", "\($k)shift\t\(.shift)",
		"\($k)significant\t\(if .significant then "yes" else "no" end)",
		"\($k)borderline\t\(if .borderline then "yes" else "no" end)", "\($k)p_floor\t\(.p_floor)",
		(if .rounds_needed != null then "\($k)rounds_needed\t\(.rounds_needed)" else empty end)' "$1"
}
json_steps_kv() {
	jq -r '.comparisons[] as $c | $c.steps[] | "\($c.workload)|\($c.platform | sub("^unknown$"; ""))|\(.before)|\(.after)|" as $k |
		"\($k)v8_before\t\(.v8_before)", "\($k)v8_after\t\(.v8_after)", "\($k)change\t\(.change)"' "$1"
}

# cached_vs_csv SHEET.xml SHEET.csv PREFIX: writes PREFIX.cached (every
# formula's cached value, by cell) and PREFIX.csv (what LibreOffice computed
# for those cells).
cached_vs_csv() {
	grep -o '<c r="[A-Z]*[0-9]*"[^>]*><f>[^<]*</f><v>[^<]*</v></c>' "$1" |
		sed -E 's#^<c r="([A-Z]+)([0-9]+)".*<v>([^<]*)</v></c>$#\1\t\2\t\3#' > "$3.refs"
	awk -F'\t' '{ print $1 $2 "\t" $3 }' "$3.refs" > "$3.cached"
	awk -F'\t' "$CSV_AWK"'
		FNR == NR { c = 0
		            for (i = 1; i <= length($1); i++) c = c * 26 + index("ABCDEFGHIJKLMNOPQRSTUVWXYZ", substr($1, i, 1))
		            at[FNR] = $2 SUBSEP c; ref[FNR] = $1 $2; n = FNR; next }
		{ for (i = 1; i <= NF; i++) cell[FNR SUBSEP i] = val($i) }
		END { for (j = 1; j <= n; j++) print ref[j] "\t" cell[at[j]] }' "$3.refs" "$2" > "$3.csv"
}

o=$(tmpdir)
check "shipped dataset renders json, md and xlsx" "$NF" report -q --out "$o/a" --formats json,md,xlsx "$DATA"
x=$o/a/report.xlsx
mkdir -p "$o/x" && (cd "$o/x" && unzip -q "$x")

# --- the parts ----------------------------------------------------------
check_eq "sheets in order" "Summary Rounds Versions Pairs Support Charts Impact" \
	"$(grep -o '<sheet name="[^"]*"' "$o/x/xl/workbook.xml" | sed 's/.*="//; s/"$//' | paste -sd' ')"
check "every XML part is well-formed" sh -c 'find "$1" -name "*.xml" -o -name "*.rels" | xargs xmllint --noout' _ "$o/x"
check_eq "one MEDIAN formula per round" "$(jq '[.comparisons[].versions[].round_values[]] | length' "$o/a/analysis.json")" \
	"$(grep -o '<f>MEDIAN([A-Z]*[0-9]*:[A-Z]*[0-9]*)</f>' "$o/x/xl/worksheets/sheet2.xml" | wc -l)"
nf=$(cat "$o"/x/xl/worksheets/sheet*.xml | grep -o '<f>' | wc -l)
nv=$(cat "$o"/x/xl/worksheets/sheet*.xml | grep -o '<f>[^<]*</f><v>[^<][^<]*</v>' | wc -l)
check "every formula has a cached value ($nv of $nf)" test "$nf" -gt 300 -a "$nf" -eq "$nv"
check "Versions: best is MIN over the version's rounds" \
	grep -q '<c r="I2"[^>]*><f>MIN(Rounds!G14:G20)</f><v>27.299</v>' "$o/x/xl/worksheets/sheet3.xml"
check "Versions: spread is (MAX-MIN)/(2*median)" \
	grep -q '<f>(MAX(Rounds!G14:G20)-MIN(Rounds!G14:G20))/(2\*K2)</f>' "$o/x/xl/worksheets/sheet3.xml"
# Gap (M), Noise (N), Verdict (O) and Winner (P) are the analysis' values:
# a formula there could say what the analysis would not (it cannot redo
# the rank test, whose p-values are values)
check_eq "Summary: no formula gives a verdict, gap, noise or winner" "" \
	"$(grep -o '<c r="[MNOP][0-9]*"[^>]*><f>[^<]*</f>' "$o/x/xl/worksheets/sheet1.xml")"
check "Summary: those columns are labelled as computed by noisefloor" \
	sh -c 'unzip -p "$1" xl/sharedStrings.xml | grep -qF "Computed by noisefloor, as values: an edited round does not change them (see Rounds as analysed)"' _ "$x"
check "Summary: Rounds as analysed counts the Versions rows that still hold the analysed rounds" \
	grep -q '<c r="R14"[^>]*t="str"><f>IF(COUNTIF(Versions!P2:P5,"yes")=4,"yes","no: rounds edited, run noisefloor again")</f><v>yes</v>' "$o/x/xl/worksheets/sheet1.xml"
check "Versions: Rounds as analysed compares count, sum and round-weighted sum (round numbers in column A)" \
	grep -q '<c r="P2"[^>]*t="str"><f>IF(AND(COUNT(Rounds!G14:G20)=7,ABS(SUM(Rounds!G14:G20)-([0-9.]*))&lt;=1E-9\*ABS([0-9.]*),ABS(SUMPRODUCT(Rounds!A14:A20,Rounds!G14:G20)-([0-9.]*))&lt;=1E-9\*ABS([0-9.]*)),"yes","no")</f><v>yes</v>' "$o/x/xl/worksheets/sheet3.xml"
check "Summary: frozen header and autofilter" \
	sh -c 'grep -q "<pane [^>]*state=\"frozen\"" "$1" && grep -q "<autoFilter ref=\"A[0-9]*:R[0-9]*\"" "$1"' _ "$o/x/xl/worksheets/sheet1.xml"
check "Pairs: the ratio of medians is median b / median a on the Versions sheet" \
	grep -q '<c r="J2"[^>]*><f>Versions!K3/Versions!K2</f><v>0.95985' "$o/x/xl/worksheets/sheet4.xml"
check "Pairs: rounds link to Versions, the power floor is 2 / C(n + m, n)" \
	sh -c 'grep -q "<c r=\"E2\"[^>]*><f>Versions!H2</f><v>7</v>" "$1" &&
		grep -q "<c r=\"R2\"[^>]*><f>MIN(1,2/COMBIN(E2+F2,E2))</f><v>0.00058" "$1"' _ "$o/x/xl/worksheets/sheet4.xml"
check "Pairs: significant is a formula over p after Holm" \
	grep -q '<c r="P3"[^>]*t="str"><f>IF(I3&lt;0.05,"yes","no")</f><v>yes</v>' "$o/x/xl/worksheets/sheet4.xml"
check_eq "Pairs: one row per pair" "$(jq '[.comparisons[].pairs[]] | length' "$o/a/analysis.json")" \
	"$(grep -o '<f>IF(I[0-9]*&lt;0.05' "$o/x/xl/worksheets/sheet4.xml" | wc -l)"
check "Pairs: frozen header and autofilter over every column" \
	sh -c 'grep -q "<pane [^>]*state=\"frozen\"" "$1" && grep -q "<autoFilter ref=\"A1:S43\"" "$1"' _ "$o/x/xl/worksheets/sheet4.xml"
check "Pairs: p with two significant digits (below 0.001 as 5.8E-04), shifts signed with the unit" \
	sh -c 'grep -q "formatCode=\"0.0E+00\"" "$1" && grep -qF "formatCode=\"&quot;+&quot;0.00&quot; ms&quot;;&quot;−&quot;0.00&quot; ms&quot;;0.00&quot; ms&quot;\"" "$1"' _ "$o/x/xl/styles.xml"
check_eq "eight native charts" "8" "$(ls "$o"/x/xl/charts/chart*.xml | wc -l)"
check "overview: bars over the change column, data cached" \
	sh -c 'grep -q "<c:barDir val=\"bar\"/>" "$1" && grep -q "<c:f>Charts!\$C\$3:\$C\$9</c:f><c:numCache>" "$1"' _ "$o/x/xl/charts/chart1.xml"
check "per workload: best of each version from Versions" \
	grep -q '<c:f>Versions!\$I\$2:\$I\$5</c:f><c:numCache><c:formatCode>[^<]*</c:formatCode><c:ptCount val="4"/>' "$o/x/xl/charts/chart2.xml"
check "numbers carry their unit" grep -q 'formatCode="0.00&quot; ms&quot;"' "$o/x/xl/styles.xml"
check_eq "created from SOURCE_DATE_EPOCH" "2026-11-29T00:00:00Z" \
	"$(sed -n 's/.*<dcterms:created[^>]*>\([^<]*\)<.*/\1/p' "$o/x/docProps/core.xml")"

# --- the same bytes ------------------------------------------------------
"$NF" report -q --out "$o/b" --formats xlsx "$DATA"
check "same input, same bytes" cmp "$x" "$o/b/report.xlsx"
env -u SOURCE_DATE_EPOCH "$NF" report -q --out "$o/c" --formats xlsx --as-of 2026-11-30 "$DATA"
env -u SOURCE_DATE_EPOCH "$NF" report -q --out "$o/d" --formats xlsx --as-of 2026-11-30 "$DATA"
check "without SOURCE_DATE_EPOCH: same bytes" cmp "$o/c/report.xlsx" "$o/d/report.xlsx"
check_eq "without SOURCE_DATE_EPOCH: created on the report date" "2026-11-30T00:00:00Z" \
	"$(unzip -p "$o/c/report.xlsx" docProps/core.xml | sed -n 's/.*<dcterms:created[^>]*>\([^<]*\)<.*/\1/p')"
mkdir -p "$o/locale"
if command -v localedef >/dev/null && [ -e /usr/share/i18n/locales/de_DE ] &&
	localedef -i de_DE -f UTF-8 "$o/locale/de_DE.UTF-8" 2>/dev/null; then
	LOCPATH=$o/locale LC_ALL=de_DE.UTF-8 "$NF" report -q --out "$o/de" --formats xlsx "$DATA"
	check "under LC_ALL=de_DE.UTF-8: same bytes" cmp "$x" "$o/de/report.xlsx"
else
	fail "under LC_ALL=de_DE.UTF-8: same bytes" "cannot build the de_DE.UTF-8 locale (package locales)"
fi

# --- names that look like formulas, gaps in the table --------------------
check "formula-like names render" "$NF" report -q --out "$o/n" --formats json,xlsx "$T/names.json"
mkdir -p "$o/nx" && (cd "$o/nx" && unzip -q "$o/n/report.xlsx")
check_eq "no formula is made of a name" "" \
	"$(cat "$o"/nx/xl/worksheets/sheet*.xml | grep -o '<f>[^<]*</f>' | grep -e HYPERLINK -e 'SUM(1' -e 'cmd|' -e '+1+2')"
check "the names are shared strings" \
	sh -c 'grep -qF "<t>=HYPERLINK(\"http://example.com\",\"click\")</t>" "$1" &&
		grep -qF "<t>@SUM(1,2)</t>" "$1" && grep -qF "<t>+1+2</t>" "$1"' _ "$o/nx/xl/sharedStrings.xml"
check "a title starting with = links to its cell" \
	grep -q '<c:title><c:tx><c:strRef><c:f>Versions!\$A\$2</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>=HYPERLINK' \
	"$o/nx/xl/charts/chart2.xml"
check "every XML part is well-formed (names)" sh -c 'find "$1" -name "*.xml" -o -name "*.rels" | xargs xmllint --noout' _ "$o/nx"
check_status "invalid UTF-8 is refused before any output" 65 "$NF" report -q --out "$o/u" --formats xlsx "$T/bad-utf8.json"
check "no workbook from invalid UTF-8" test ! -e "$o/u/report.xlsx"
# one pass too many for a worksheet's 16,384 columns (column A, the
# passes and the value), and just enough
wide() { jq -nc --argjson n "$1" '{format: "noisefloor.rounds/1", results: [range(1; 4) as $r |
	{workload: "w", version: "1.0.0", platform: "p", round: $r, unit: "ms", passes: [range(0; $n) | 1 + . / 1000]}]}'; }
wide 16383 > "$o/wide.json"
check_eq "too wide for a worksheet: the workbook is written, the rounds left to rounds.csv" \
	"exit 0 A version has a round of 16,383 passes, more than a row of this sheet holds (16,382): write rounds.csv" \
	"$("$NF" report -q --out "$o/w" --formats xlsx "$o/wide.json" 2>&1; echo "exit $?") $(tests/golden/sheets.sh "$o/w/report.xlsx" | grep -o 'A version has a round of [^<]*: write rounds.csv')"
wide 16382 > "$o/wide.json"
check "16,382 passes still fit" "$NF" report -q --out "$o/w2" --formats xlsx "$o/wide.json"
check_eq "  on the Rounds sheet, the value their median" "Round value (median)|=MEDIAN(B10:XFC10) -> 9.1905" \
	"$(tests/golden/sheets.sh "$o/w2/report.xlsx" | awk '$1 == "sheet2" && ($2 == "XFD9" || $2 == "XFD10") { $1 = $2 = ""; printf "%s|", substr($0, 3) }' | sed 's/|$//')"
if [ -x "$NF_ASAN" ]; then
	check_status "sanitizer build writes the workbook cleanly" 0 "$NF_ASAN" report -q --out "$o/asan" --formats xlsx "$T/names.json"
fi

# --- LibreOffice recalculates everything ----------------------------------
# A private profile that recalculates every formula on load (otherwise it
# trusts the cached values); recalc-probe.xlsx caches 999 for =A1*3 with A1=2
# and proves it.
mkdir -p "$o/csv" "$o/shown"
lo_profile "$o/lo"
# a long series with steps: a Steps sheet after Pairs
check "a series with steps renders" "$NF" report -q --out "$o/s" --formats json,xlsx tests/charts/series.json
mkdir -p "$o/sx" && (cd "$o/sx" && unzip -q "$o/s/report.xlsx")
check_eq "sheets in order, with Steps" "Summary Rounds Versions Pairs Steps Support Charts Impact" \
	"$(grep -o '<sheet name="[^"]*"' "$o/sx/xl/workbook.xml" | sed 's/.*="//; s/"$//' | paste -sd' ')"
check "Steps: bests link to Versions, the change is after / before - 1" \
	sh -c 'grep -q "<c r=\"G2\"[^>]*><f>Versions![A-Z]*[0-9]*</f>" "$1" && grep -q "<c r=\"I2\"[^>]*><f>H2/G2-1</f><v>-0.2015" "$1"' _ "$o/sx/xl/worksheets/sheet5.xml"
if [ -x "$NF_ASAN" ]; then
	check_status "sanitizer build writes Pairs and Steps cleanly" 0 \
		"$NF_ASAN" report -q --out "$o/sasan" --formats xlsx tests/charts/series.json
fi

# a big workbook: 66,000 rounds; the Rounds sheet is written row by row
# (libxlsxwriter's constant_memory), its strings in their cells, while the
# other sheets share theirs; the same checks against LibreOffice below
awk -v n=11000 'BEGIN {
	print "{\"format\": \"noisefloor.rounds/1\", \"title\": \"many rounds\"}"
	for (r = 1; r <= n; r++) for (w = 1; w <= 2; w++) for (v = 0; v < 3; v++)
		printf "{\"workload\": \"w%d\", \"version\": \"2%d.1.0\", \"round\": %d, \"unit\": \"ms\", \"value\": %.3f}\n", w, 2 * v + 2, r, 10 * w + v + (r * 7919 % 100) / 1000
}' > "$o/big.ndjson"
check "66,000 rounds render" "$NF" report -q --out "$o/g" --formats json,xlsx "$o/big.ndjson"
check "the Rounds sheet keeps its strings in the cells, the others share theirs" \
	sh -c 'unzip -p "$1" xl/worksheets/sheet2.xml | grep -q "<is><t>w2</t></is>" && unzip -p "$1" xl/sharedStrings.xml | grep -q "<t>Best</t>"' _ "$o/g/report.xlsx"
tests/golden/sheets.sh "$o/g/report.xlsx" > "$o/big.sheets"
check_eq "its Rounds sheet: a column per version, a row per round" "6 columns, 11000 rounds, 66000 values" \
	"$(awk '$1 == "sheet2" { r = $2; sub(/^[A-Z]+/, "", r); c = $2; sub(/[0-9]+$/, "", c) }
		$1 == "sheet2" && c == "A" && $3 ~ /^[0-9]+$/ { n++ }
		$1 == "sheet2" && $3 " " $4 == "Round value" { cols++ }
		$1 == "sheet2" && c != "A" && $3 ~ /^[0-9.]+$/ && r + 0 > 10 { v++ }
		END { print cols " columns, " n " rounds, " v " values" }' "$o/big.sheets")"
check_eq "the golden reader reads a sheet's own strings: labels, names, values" \
	"Workload w1 w2 22.1.0 26.1.0 1 10.019 20.019 11000 12" \
	"$(awk '$1 == "sheet2" && ($2 == "A3" || $2 == "B3" || $2 == "E3" || $2 == "B5" || $2 == "D5" || $2 == "A11" || $2 == "B11" || $2 == "E11" || $2 == "A11010" || $2 == "D11010") { printf "%s ", $3 }' "$o/big.sheets" | sed 's/ $//')"

# 150,000 rounds: every one on the Rounds sheet (no cap), its Versions
# formulas over them, Rounds as analysed "yes" once LibreOffice recalculates
awk -v n=75000 'BEGIN {
	print "{\"format\": \"noisefloor.rounds/1\", \"title\": \"150,000 rounds\"}"
	for (r = 1; r <= n; r++) for (v = 0; v < 2; v++)
		printf "{\"workload\": \"w\", \"version\": \"2%d.1.0\", \"round\": %d, \"unit\": \"ms\", \"value\": %.3f}\n", 2 * v + 2, r, 10 + v + (r * 7919 % 100) / 1000
}' > "$o/many.ndjson"
check "150,000 rounds render" "$NF" report -q --out "$o/m" --formats json,xlsx,rounds "$o/many.ndjson"
tests/golden/sheets.sh "$o/m/report.xlsx" > "$o/many.sheets"
check_eq "every round is on the Rounds sheet" "150000" \
	"$(awk '$1 == "sheet2" && $2 ~ /^[BC][0-9]+$/ && substr($2, 2) + 0 > 9 && $3 ~ /^[0-9.]+$/ { n++ } END { print n }' "$o/many.sheets")"
check_eq "the Versions sheet counts them with formulas over the Rounds sheet" \
	"=COUNT(Rounds!B11:B75010) -> 75000 =COUNT(Rounds!C11:C75010) -> 75000" \
	"$(awk '$1 == "sheet3" && $2 ~ /^H[23]$/ { $1 = $2 = ""; print substr($0, 3) }' "$o/many.sheets" | xargs)"
check_eq "the Rounds sheet says rounds.csv has each round in one row" "1" \
	"$(grep -c '^sheet2 B1 .*rounds.csv beside this workbook has every round in one row each, with its date, passes' "$o/many.sheets")"

# more versions than a sheet's columns: 4 versions of rounds of 5,000
# passes (5,001 columns each) fill 3 x 5,001 columns, the fourth goes on
# "Rounds 2" with the same header rows
jq -nc '{format: "noisefloor.rounds/1", results: [range(1; 4) as $r | ("w1", "w2") as $w | ("1.0.0", "2.0.0") as $v |
	{workload: $w, version: $v, platform: "p", round: $r, unit: "ms",
	 passes: [range(0; 5000) | 1 + ($r * 7 + . * 13) % 1000 / 1000 + (if $v == "2.0.0" then 0.5 else 0 end)]}]}' > "$o/cols.json"
check "20,004 columns of rounds render" "$NF" report -q --out "$o/k" --formats json,xlsx "$o/cols.json"
check_eq "sheets in order, with Rounds 2" "Summary Rounds Rounds 2 Versions Pairs Charts Impact" \
	"$(unzip -p "$o/k/report.xlsx" xl/workbook.xml | grep -o '<sheet name="[^"]*"' | sed 's/.*="//; s/"$//' | paste -sd' ')"
tests/golden/sheets.sh "$o/k/report.xlsx" > "$o/cols.sheets"
check_eq "Rounds 2 has the fourth version under the same header rows" "Workload|w2|Version|2.0.0|Round|Pass 1|Round value (median)" \
	"$(awk '$1 == "sheet3" && ($2 == "A3" || $2 == "B3" || $2 == "A5" || $2 == "B5" || $2 == "A9" || $2 == "B9" || $2 == "GJJ9") { $1 = $2 = ""; printf "%s|", substr($0, 3) }' "$o/cols.sheets" | sed 's/|$//')"
check "the Versions sheet reads it there" grep -q "^sheet4 H5 =COUNT('Rounds 2'!GJJ10:GJJ12) -> 3$" "$o/cols.sheets"

# rounds that cannot line up by number: a version whose round numbers are
# far apart lists them in turn, and says so
cat > "$o/turn.ndjson" <<'J'
{"format": "noisefloor.rounds/1"}
{"workload": "w", "version": "1.0.0", "round": 1, "unit": "ms", "value": 10.5}
{"workload": "w", "version": "1.0.0", "round": 2, "unit": "ms", "value": 10.2}
{"workload": "w", "version": "1.0.0", "round": 3, "unit": "ms", "value": 10.4}
{"workload": "w", "version": "2.0.0", "round": 1, "unit": "ms", "value": 9.5}
{"workload": "w", "version": "2.0.0", "round": 2, "unit": "ms", "value": 9.7}
{"workload": "w", "version": "2.0.0", "round": 5000, "unit": "ms", "value": 9.6}
J
check "rounds far apart render" "$NF" report -q --out "$o/t" --formats json,xlsx "$o/turn.ndjson"
check_eq "they are listed in turn, and the Rows line says so" "Rows|by round|in turn: round numbers too far apart|9.5|9.7|9.6" \
	"$(tests/golden/sheets.sh "$o/t/report.xlsx" | awk '$1 == "sheet2" && ($2 == "A9" || $2 == "B9" || $2 == "C9") { $1 = $2 = ""; printf "%s|", substr($0, 3) }
		$1 == "sheet2" && $2 ~ /^C1[1-3]$/ { printf "%.15g|", $3 }' | sed 's/|$//')"

cp "$x" "$o/shipped.xlsx"; cp "$o/n/report.xlsx" "$o/names.xlsx"; cp "$o/s/report.xlsx" "$o/series.xlsx"
cp "$o/g/report.xlsx" "$o/big.xlsx"; cp "$o/m/report.xlsx" "$o/many.xlsx"
cp "$o/k/report.xlsx" "$o/cols.xlsx"; cp "$o/t/report.xlsx" "$o/turn.xlsx"
lo() { timeout 300 libreoffice -env:UserInstallation="file://$o/lo" --headless "$@" >"$o/lo.log" 2>&1; }
# tab-separated, UTF-8, raw values (not as shown), every sheet
lo --convert-to 'csv:Text - txt - csv (StarCalc):9,34,76,1,,0,false,true,false,false,false,-1' \
	--outdir "$o/csv" "$o/shipped.xlsx" "$o/names.xlsx" "$o/series.xlsx" "$o/big.xlsx" "$o/many.xlsx" \
	"$o/cols.xlsx" "$o/turn.xlsx" "$T/recalc-probe.xlsx"
check_eq "LibreOffice recalculates on load" "2	6" "$(cat "$o/csv/recalc-probe-Probe.csv" 2>&1)"

for w in shipped names series big many cols turn; do
	case $w in shipped) j=$o/a/analysis.json ;; names) j=$o/n/analysis.json ;; series) j=$o/s/analysis.json ;;
	big) j=$o/g/analysis.json ;; many) j=$o/m/analysis.json ;; cols) j=$o/k/analysis.json ;;
	turn) j=$o/t/analysis.json ;; esac
	json_versions_kv "$j" > "$o/$w.v.want"; versions_kv "$o/csv/$w-Versions.csv" > "$o/$w.v.got"
	kv_compare "$w: Versions (rounds, best, median, spread, change) equal analysis.json" "$o/$w.v.want" "$o/$w.v.got"
	if [ $w != turn ]; then # (its column A is a turn, not every round's number)
		json_rounds_kv "$j" > "$o/$w.r.want"
		for f in "$o/csv/$w-Rounds"*.csv; do rounds_kv "$f"; done > "$o/$w.r.got"
		kv_compare "$w: every round value equals analysis.json" "$o/$w.r.want" "$o/$w.r.got"
	fi
	json_summary_kv "$j" > "$o/$w.s.want"; summary_kv "$o/csv/$w-Summary.csv" > "$o/$w.s.got"
	kv_compare "$w: Summary compared values, bands, gap, noise, verdict equal analysis.json" "$o/$w.s.want" "$o/$w.s.got"
	json_pairs_kv "$j" > "$o/$w.p.want"; pairs_kv "$o/csv/$w-Pairs.csv" > "$o/$w.p.got"
	kv_compare "$w: Pairs (rounds, U, p, Holm p, ratio, interval, shift, flags, power) equal analysis.json" \
		"$o/$w.p.want" "$o/$w.p.got"
	if [ $w = series ]; then
		json_steps_kv "$j" > "$o/$w.st.want"; steps_kv "$o/csv/$w-Steps.csv" > "$o/$w.st.got"
		kv_compare "$w: Steps (V8 on each side, change) equal analysis.json" "$o/$w.st.want" "$o/$w.st.got"
	fi
	mkdir -p "$o/$w.x" && (cd "$o/$w.x" && unzip -q "$o/$w.xlsx")
	n=1
	# the sheets in order, as sheet1.xml, sheet2.xml, ... hold them
	grep -o '<sheet name="[^"]*"' "$o/$w.x/xl/workbook.xml" | sed 's/.*="//; s/"$//' > "$o/$w.names"
	while IFS= read -r s <&3; do
		# (sheets without formulas have no cached values: Support, an Impact
		# sheet without a workload with bytes)
		if [ "$s" != Support ] && grep -q "<f>" "$o/$w.x/xl/worksheets/sheet$n.xml"; then
			cached_vs_csv "$o/$w.x/xl/worksheets/sheet$n.xml" "$o/csv/$w-$s.csv" "$o/$w.$s"
			kv_compare "$w: $s: every cached value is what LibreOffice computes" \
				"$o/$w.$s.cached" "$o/$w.$s.csv"
		fi
		n=$((n + 1))
	done 3< "$o/$w.names"
done

# --- what a reviewer sees: the Markdown's table, digit for digit ----------
lo --convert-to 'csv:Text - txt - csv (StarCalc):9,34,76,1,,0,false,true,true,false,false,-1' \
	--outdir "$o/shown" "$o/shipped.xlsx"
# rebuild "| workload (unit) | 27.30 ±4.3% | ... | finding |" from the sheet
awk -F'\t' "$CSV_AWK"'
	!head && unq($1) == "Workload" && unq($2) == "Platform" { head = 1; for (i = 1; i <= NF; i++) h[i] = unq($i); next }
	head == 1 && $1 == "" { exit }
	head == 1 {
		line = "| " unq($1) " (" unq($3) ") |"
		for (i = 5; i <= NF; i++) if (h[i] ~ / value$/) { b = unq($i); sub(/ [^ ]*$/, "", b); line = line " " b " " unq($(i + 1)) " |" }
		for (i = 1; i <= NF; i++) if (h[i] == "Finding") line = line " " unq($i) " |"
		print line
	}' "$o/shown/shipped-Summary.csv" > "$o/shown.rows"
missing=$(while IFS= read -r l; do grep -qF -- "$l" "$o"/a/*.md || printf '%s\n' "$l"; done < "$o/shown.rows")
check_eq "the Summary shows the Markdown's numbers and verdicts ($(wc -l < "$o/shown.rows") rows)" "" "$missing"
check_eq "seven rows shown" "7" "$(wc -l < "$o/shown.rows")"

# --- an edited round ------------------------------------------------------
# One 20.20.2 round of JSON.parse set to 10 ms (every pass), as a reader
# would type it; LibreOffice recalculates. The statistics follow the edit;
# the verdicts, gaps, noises and winners stay the analysis' (no formula
# says "within-noise" for a gap of -49 % while the finding says "40 %
# faster"), the Summary and Versions say the rounds are no longer the
# analysed ones, and the Impact sheet does not move (nor goes negative).
cp "$x" "$o/edited.xlsx"
mkdir -p "$o/ed" && (cd "$o/ed" && unzip -q "$o/edited.xlsx")
sed -i -E 's#<c r="([B-F])14"([^>]*)><v>[^<]*</v></c>#<c r="\114"\2><v>10</v></c>#g' "$o/ed/xl/worksheets/sheet2.xml"
rm "$o/edited.xlsx" && (cd "$o/ed" && zip -q -X -r "$o/edited.xlsx" .)
lo --convert-to 'csv:Text - txt - csv (StarCalc):9,34,76,1,,0,false,true,false,false,false,-1' \
	--outdir "$o/csv" "$o/edited.xlsx"
ed=$o/csv/edited
check_eq "edited: the round is 10 ms, the version's best follows" "10" \
	"$(versions_kv "$ed-Versions.csv" | awk -F'\t' '$1 == "JSON.parse, 20k rows|linux-x64|20.20.2|best" { print $2 }')"
json_summary_kv "$o/a/analysis.json" | grep -v '^JSON.parse, 20k rows|linux-x64|20.20.2|' > "$o/ed.s.want"
summary_kv "$ed-Summary.csv" | grep -v '^JSON.parse, 20k rows|linux-x64|20.20.2|' > "$o/ed.s.got"
kv_compare "edited: every verdict, gap and noise is still analysis.json's" "$o/ed.s.want" "$o/ed.s.got"
check_eq "edited: the Summary says which workload's rounds were edited" \
	"JSON.parse, 20k rows	no: rounds edited, run noisefloor again
JSON.stringify, 20k rows	yes
Sort 200k integers	yes
Concatenate 50k strings	yes
Regex over 100k emails	yes
SHA-256 of 8 MB	yes
Map of 200k keys	yes" \
	"$(awk -F'\t' "$CSV_AWK"'
		!head && unq($1) == "Workload" && unq($2) == "Platform" { head = 1; a = col("Rounds as analysed"); w = col("Winner"); next }
		head && $1 == "" { exit }
		head { print unq($1) "\t" unq($a) }' "$ed-Summary.csv")"
check_eq "edited: the Versions sheet says which version's rounds" "JSON.parse, 20k rows|20.20.2" \
	"$(awk -F'\t' "$CSV_AWK"'NR == 1 { a = col("Rounds as analysed"); next }
		unq($a) == "no" { print unq($1) "|" unq($3) }' "$ed-Versions.csv")"
cached_vs_csv "$o/ed/xl/worksheets/sheet7.xml" "$ed-Impact.csv" "$o/ed.Impact"
kv_compare "edited: the Impact sheet keeps the analysed claim's figures" "$o/ed.Impact.cached" "$o/ed.Impact.csv"
check_eq "edited: no negative figure on the Impact sheet" "" \
	"$(awk -F'\t' '$2 ~ /^-/' "$o/ed.Impact.csv")"

# --- bold marks one thing -------------------------------------------------
# doc/outputs.md, "Every output": the version a faster verdict names, when no other version
# of its row is better; nothing without a claim. beaten.json: 2.0.0 is
# confirmed 15 % faster than 1.0.0, while 3.0.0's best round (8.30 ms,
# its claims not confirmed) is lower than 2.0.0's 8.70 ms.
check "a claim's winner beaten in its own row renders" \
	"$NF" report -q --out "$o/bt" --formats json,md,xlsx "$T/beaten.json"
check_eq "beaten.json: the verdict names 2.0.0, 3.0.0 has the lower best" "faster 2.0.0 8.7 8.3" \
	"$(jq -r '.comparisons[0] | "\(.verdict) \(.best_version) \(.versions[1].best) \(.versions[2].best)"' "$o/bt/analysis.json")"
for w in a bt; do
	check "$w: no bold version is beaten in its row (blog.md, Summary, Versions), bold only by the rule" \
		python3 "$T/marks.py" "$o/$w/analysis.json" "$o/$w/blog.md" "$o/$w/report.xlsx"
done
