# The auditor: datasets generated from fixed seeds (tests/audit/gen.py: every
# design, units ms, ops/s and MB, Node releases, release lines, bare majors,
# labels and commands, 2 to 4 versions, 1 to 4 workloads, with and without
# true differences, sometimes a version whose rounds fall into two clusters),
# each reported whole, each workload and platform alone, and its workbook
# recalculated by LibreOffice without its cached values; tests/audit/check.py
# then holds every document to analysis.json: the verdict of every comparison
# in the terminal, blog.md, summary.md, issue.md, verdicts.csv and the
# workbook, every bold and mark, every percentage of a sentence, the
# recalculated formulas and the verdicts reported alone. A failure names the
# dataset's seed, the document, the comparison, what was expected and what
# was found; `tests/audit/gen.py DIR SEED 1` writes that dataset again.
. tests/lib.sh
SEEDS=${NF_AUDIT_SEEDS:-$(seq 1 36)}
d=$(tmpdir)
python3 tests/audit/gen.py "$d/data" 1 36

for s in $SEEDS; do
	o=$d/$s
	mkdir -p "$o/alone"
	cp "$d/data/$s.spec.json" "$o/spec.json"
	# the terminal at 200 columns, so its lines do not wrap
	if ! COLUMNS=200 "$NF" report --formats json,md,csv,xlsx --out "$o/out" "$d/data/$s.json" \
		> "$o/term.txt" 2> "$o/err.txt"; then
		fail "seed $s: the report is written" "$(tail -n 5 "$o/err.txt")"
		continue
	fi
	n=0
	jq -r '[.results[].workload] | unique[]' "$d/data/$s.json" > "$o/workloads"
	jq -r '[.results[].platform] | unique[]' "$d/data/$s.json" > "$o/platforms"
	# each workload alone (when there are several), each platform alone
	if [ "$(wc -l < "$o/workloads")" -gt 1 ]; then
		while IFS= read -r w; do
			n=$((n + 1))
			jq --arg w "$w" '.results |= map(select(.workload == $w))' "$d/data/$s.json" > "$o/one.json"
			"$NF" report -q --formats json --out "$o/alone/w$n" "$o/one.json" 2> /dev/null
		done < "$o/workloads"
	fi
	if [ "$(wc -l < "$o/platforms")" -gt 1 ]; then
		while IFS= read -r p; do
			n=$((n + 1))
			jq --arg p "$p" '.results |= map(select(.platform == $p))' "$d/data/$s.json" > "$o/one.json"
			"$NF" report -q --formats json --out "$o/alone/p$n" "$o/one.json" 2> /dev/null
		done < "$o/platforms"
	fi
	python3 tests/audit/strip.py "$o/out/report.xlsx" "$d/s$s.xlsx"
done

# every workbook at once (one LibreOffice start), recalculated on load
lo_profile "$d/lo"
mkdir -p "$d/csv"
( cd "$d" && ls s*.xlsx > /dev/null 2>&1 ) &&
	timeout 300 libreoffice -env:UserInstallation="file://$d/lo" --headless \
		--convert-to 'csv:Text - txt - csv (StarCalc):9,34,76,1,,0,false,true,false,false,false,-1' \
		--outdir "$d/csv" "$d"/s*.xlsx > "$d/lo.log" 2>&1
for s in $SEEDS; do
	if ls "$d/csv/s$s-"*.csv > /dev/null 2>&1; then
		mkdir -p "$d/$s/lo"
		for f in "$d/csv/s$s-"*.csv; do mv "$f" "$d/$s/lo/${f##*/s$s-}"; done
	else
		fail "seed $s: LibreOffice recalculates the workbook" "$(tail -n 3 "$d/lo.log")"
	fi
done

# shellcheck disable=SC2086
python3 tests/audit/check.py "$d" $SEEDS > "$d/audit.txt" 2>&1
name= detail=
while IFS= read -r line; do
	case "$line" in
	"pass "* | "fail "*)
		[ -n "$name" ] && fail "$name" "$detail"
		name= detail=
		case "$line" in
		"pass "*) pass "audit: ${line#pass }" ;;
		*) name="audit: ${line#fail }" ;;
		esac ;;
	*) detail="${detail:+$detail
}$line" ;;
	esac
done < "$d/audit.txt"
[ -n "$name" ] && fail "$name" "$detail"
check "the auditor ran" grep -q '^pass \|^fail ' "$d/audit.txt"
