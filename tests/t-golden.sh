# Golden documents: for the shipped dataset and the evidence fixture, every
# document compared whole - analysis.json, blog.md, issue.md, summary.md,
# verdicts.csv, the terminal table, the workbook's sheets as text
# (tests/golden/sheets.sh) and the PDF as text (pdftotext, page numbers
# kept). A wording change anywhere shows here as one diff.
# NF_UPDATE_GOLDEN=1 tests/run golden rewrites them (review the diff).
# Then: one sentence, one source (the borderline notes of the Markdown and
# the PDF are the same bytes), and one version order in every output.
. tests/lib.sh
G=tests/golden

# golden NAME FILE: compares FILE with $G/NAME (or writes it).
golden() {
	if [ -n "${NF_UPDATE_GOLDEN:-}" ]; then
		mkdir -p "$(dirname "$G/$1")"
		cp "$2" "$G/$1"
	fi
	check_file "golden: $1" "$G/$1" "$2"
}

for set in shipped:data/examples/node-versions/rounds.json evidence:tests/pdf-evidence/evidence.json; do
	name=${set%%:*} input=${set#*:}
	o=$(tmpdir)
	check "$name: renders" sh -c '"$1" report --out "$2" "$3" > "$2.term"' _ "$NF" "$o" "$input"
	for f in analysis.json blog.md issue.md summary.md verdicts.csv; do
		golden "$name/$f" "$o/$f"
	done
	sed -i '/^wrote /,$d' "$o.term" # names the run's folder (t-scale.sh checks it)
	golden "$name/terminal.txt" "$o.term"
	tests/golden/sheets.sh "$o/report.xlsx" > "$o.sheets"
	golden "$name/report.xlsx.txt" "$o.sheets"
	pdftotext -layout "$o/report.pdf" "$o.pdf.txt"
	golden "$name/report.pdf.txt" "$o.pdf.txt"

	# The borderline sentences: report.html and the PDF carry the same bytes (the
	# PDF capitalises the first letter and wraps lines).
	# (each page's footer, the title over "Page N of M", left out: a
	# sentence may run on over a page break)
	flat=$(pdftotext "$o/report.pdf" - | awk '{ l[NR] = $0 }
		END {
			for (i = 1; i <= NR; i++)
				if (l[i] ~ /^Page [0-9]+ of [0-9]+$/) {
					skip[i] = 1
					for (j = i - 1; j > 0 && l[j] == ""; j--) ;
					skip[j] = 1
				}
			for (i = 1; i <= NR; i++) if (!skip[i]) print l[i]
		}' | tr -s ' \n\f' '   ')
	missing="" n=0
	while IFS= read -r s; do
		n=$((n + 1))
		s="$(printf '%s' "${s:0:1}" | tr a-z A-Z)${s:1}"
		case "$flat" in *"$s"*) ;; *) missing="$missing [$s]" ;; esac
	done < <(sed -n 's/^<li>Borderline: \(.*\)\.<\/li>$/\1/p' "$o/report.html" | sed "s/&#39;/'/g; s/&amp;/\&/g")
	if [ "$name" = shipped ]; then
		# (blog.md gives them one paragraph; report.html and the PDF each)
		check "$name: report.html has borderline sentences to compare ($n)" test "$n" -ge 1
		check_eq "$name: each borderline sentence of report.html is in the PDF byte for byte" "" "$missing"
	fi
done

# --- one version order ----------------------------------------------------------
# Two workloads on different version sets, the newer pair first: every output
# lists 20 22 24 26.
jq -n '{format: "noisefloor.rounds/1", results: [
	(["w-new", "22.1.0"], ["w-new", "26.1.0"], ["w-old", "20.1.0"], ["w-old", "24.1.0"]) as [$w, $v] |
	range(1; 4) as $r | {workload: $w, version: $v, round: $r, unit: "ms",
	 passes: [(if $v == "22.1.0" or $v == "20.1.0" then 10 else 12 end) + $r / 10]}]}' > "$NF_TMP/order.json"
o=$(tmpdir)
"$NF" report --out "$o" "$NF_TMP/order.json" > "$o.term"
want="20.1.0 22.1.0 24.1.0 26.1.0"
check_eq "order: terminal header" "workload (ms) $want" "$(sed -n 2p "$o.term" | sed "s/ *verdict$//" | xargs)"
check_eq "order: blog.md table header" "$want" \
	"$(grep -m1 '^| Workload: ' "$o/blog.md" | tr '|' '\n' | sed 1,2d | grep -o '[0-9][0-9.]*' | xargs)"
check_eq "order: issue.md table header" "$want" \
	"$(grep -m1 '^| Workload: ' "$o/issue.md" | tr '|' '\n' | sed 1,2d | grep -o '[0-9][0-9.]*' | xargs)"
check_eq "order: PDF table of best rounds" "$want" \
	"$(pdftotext -layout "$o/report.pdf" - | grep -m1 -E '^ *Workload +[0-9]' | grep -o '[0-9.]*[0-9]' | xargs)"
check_eq "order: PDF environment table, a row per version" "$want" \
	"$(pdftotext -layout "$o/report.pdf" - | sed -n '/^ *Measured with  *V8, support/,/^ *input /p' |
		grep -oE '^ *[0-9]+\.[0-9]+\.[0-9]+ ' | xargs)"
check_eq "order: workbook Summary columns" "$want" \
	"$(tests/golden/sheets.sh "$o/report.xlsx" | awk '$1 == "sheet1" && $4 == "value" { print $3 }' | xargs)"
check_eq "order: verdicts.csv columns" "$want" \
	"$(head -n 1 "$o/verdicts.csv" | tr ',' '\n' | sed -n 's/ value\r\{0,1\}$//p' | xargs)"
check_eq "order: analysis.json, each comparison ascending" "22.1.0 26.1.0 20.1.0 24.1.0" \
	"$(jq -r '.comparisons[].versions[].version' "$o/analysis.json" | xargs)"
