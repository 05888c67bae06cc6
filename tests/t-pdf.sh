# out/report.pdf: a valid, compressed A4 document with embedded fonts, the
# verdicts and every UTF-8 name as text, page numbers, metadata, and the same
# bytes for the same input and SOURCE_DATE_EPOCH.
# NF_UPDATE_GOLDEN=1 tests/run pdf rewrites the golden file (review the diff).
. tests/lib.sh
T=tests/charts
DATA=data/examples/node-versions/rounds.json

# Text of a PDF with runs of white space (line and column breaks) as one space.
flat_text() { pdftotext "$@" - 2>/dev/null | tr -s ' \n\f' '   '; }

o=$(tmpdir)
check "shipped dataset renders a PDF" "$NF" report -q --formats json,pdf --out "$o" "$DATA"
pdf=$o/report.pdf
check "qpdf --check passes" qpdf --check "$pdf"
check_eq "A4 pages" "Page size: 595.276 x 841.89 pts (A4)" \
	"$(pdfinfo "$pdf" 2>/dev/null | grep '^Page size:' | tr -s ' ')"
check_eq "every font is embedded: DejaVu Sans and its bold" "DejaVuSans,Book yes|DejaVuSans-Bold,Bold yes|" \
	"$(pdffonts "$pdf" 2>/dev/null | tail -n +3 | awk '{ sub(/^[A-Z]+\+/, "", $1); print $1, $(NF-4) }' | sort | tr '\n' '|')"
check_eq "title, author and creation date in the metadata" \
	"Title: Node.js 20 vs 22 vs 24 vs 26|Author: noisefloor|CreationDate: Sun Nov 29 00:00:00 2026 UTC|" \
	"$(pdfinfo "$pdf" 2>/dev/null | grep -E '^(Title|Author|CreationDate):' | tr -s ' ' | tr '\n' '|')"
check_eq "every stream is compressed" "" \
	"$(qpdf --json=2 --json-key=qpdf "$pdf" |
		jq -r '.qpdf[1] | to_entries[] | select(.value.stream != null) | select(.value.stream.dict["/Filter"] == null) | .key')"
check_eq "charts are vectors, not images" "0" \
	"$(pdfimages -list "$pdf" 2>/dev/null | tail -n +3 | wc -l)"

text=$(flat_text "$pdf")
missing=""
while IFS= read -r v; do
	case "$text" in *"$v"*) ;; *) missing="$missing [$v]" ;; esac
done < <(jq -r '.comparisons[].text' "$o/analysis.json")
check_eq "every verdict is in the text" "" "$missing"
missing=""
for s in "Summary" "Decision" "Use Node.js v26 (Active LTS)" "Risks" "Node.js v20 is end-of-life" \
	"Verdicts" "Charts" "Best round of each version against 20.20.2" "Support windows" "Method" \
	"Within noise" "Appendix: every round" "Intel(R) Xeon(R) Processor" "Report date 2026-11-29"; do
	case "$text" in *"$s"*) ;; *) missing="$missing [$s]" ;; esac
done
check_eq "the sections a reader expects" "" "$missing"
check "every round's passes are in the appendix" \
	grep -q '20.20.2 1 28.00 23.95 24.84 28.00 28.67 28.53' <(flat_text -layout "$pdf")

n=$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ { print $2 }')
bad=""
for ((i = 1; i <= n; i++)); do
	pdftotext -f "$i" -l "$i" "$pdf" - 2>/dev/null | grep -q "Page $i of $n" || bad="$bad $i"
done
check_eq "every page is numbered 'Page N of M'" "" "$bad"
check "a table broken across pages repeats its header" \
	test "$(pdftotext -layout "$pdf" - 2>/dev/null | grep -c '(continued)')" -ge 1
check_eq "the repeated header heads the next page" "$(pdftotext -layout "$pdf" - 2>/dev/null | grep -c '(continued)')" \
	"$(pdftotext -layout "$pdf" - 2>/dev/null | grep -A2 '(continued)' | grep -c 'Version *Round *Value')"
check_eq "bookmarks for every section" "Summary|Verdicts|Charts|Support windows|Method|Appendix: every round|" \
	"$(qpdf --json=2 --json-key=outlines "$pdf" | jq -r '.outlines[].title' | tr '\n' '|')"

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

# --- UTF-8 names --------------------------------------------------------------
o=$(tmpdir)
check "non-ASCII workloads render a PDF" "$NF" report -q --formats pdf --out "$o" "$T/unicode.json"
check "qpdf --check passes (UTF-8)" qpdf --check "$o/report.pdf"
text=$(flat_text "$o/report.pdf")
missing=""
for s in "Tri d’un tableau — façade Ünïcode → ✓" "Ελληνικά: αναζήτηση" "Café" \
	"Сортировка строк, очень длинное название нагрузки, которое не помещается в одну строку подписи" \
	"Überprüfung: Node.js 22 → 24 (Ωmega)" "Ноутбук" "24.4.1 faster by 25%"; do
	case "$text" in *"$s"*) ;; *) missing="$missing [$s]" ;; esac
done
check_eq "UTF-8 names come out as text" "" "$missing"
check_eq "UTF-8 title in the metadata" "Title: Überprüfung: Node.js 22 → 24 (Ωmega)" \
	"$(pdfinfo "$o/report.pdf" 2>/dev/null | grep '^Title:' | tr -s ' ')"
page1=$(pdftotext -f 1 -l 1 -layout "$o/report.pdf" - 2>/dev/null | sed 's/[[:space:]]*$//')
[ -n "${NF_UPDATE_GOLDEN:-}" ] && printf '%s\n' "$page1" > "$T/expected-pdf-page1.txt"
check_eq "golden: the first page as text" "$(cat "$T/expected-pdf-page1.txt")" "$page1"

# --- a long version series ------------------------------------------------------
o=$(tmpdir)
check "a long version series renders a PDF" "$NF" report -q --formats pdf --out "$o" "$T/series.json"
text=$(flat_text "$o/report.pdf")
check "the series chart is in it" grep -q 'JSON.parse, 20k rows across 13 versions' <<< "$text"
check "with V8 labels" grep -q 'V8 12.4' <<< "$text"
