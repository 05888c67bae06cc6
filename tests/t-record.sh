# The verdict record held across every document and the gate, on shapes
# nobody tuned the words to: the shipped example, the real node-libs and
# better-sqlite3 measurements, paired sittings (tests/sitting/gen.py), a
# long history of releases (tests/tables/gen-history.py), hyperfine's
# variants, the same file given twice, and every dataset of the auditor's
# generator (tests/audit/gen.py). tests/record/agree.py holds each verdict's
# words, the terminal, verdicts.csv, blog.md, ci-summary.md, the regressions
# blog.md and issue.md count and check's lines to analysis.json's records.
. tests/lib.sh
d=$(tmpdir)

# agree NAME [report and check options] FILE...: report and check the same
# inputs, then hold them to the records
agree() {
	local name=$1 o
	shift
	o=$d/$(printf '%s' "$name" | tr -c 'A-Za-z0-9\n' '-')
	if ! COLUMNS=200 "$NF" report --formats json,md,csv,ci --out "$o" "$@" > "$o.term" 2> "$o.err"; then
		fail "$name: the report is written" "$(tail -n 3 "$o.err")"
		return
	fi
	"$NF" check "$@" > "$o.check" 2> /dev/null
	check "$name: every document and check's lines quote the verdict record" \
		python3 tests/record/agree.py "$o" "$o.check"
	check_eq "$name: every comparison with a verdict has a record that names its design" "" \
		"$(jq -r '.comparisons[] | select(.verdict != "insufficient") | select(.record.decided_by == null or .record.band == null) | .workload' "$o/analysis.json")"
}

agree "shipped example" "$NF_ROOT/data/examples/node-versions/rounds.json"
agree "node-libs, real binaries on a loaded machine" "$NF_ROOT/data/examples/node-libs/rounds.ndjson"
agree "better-sqlite3, real binaries" "$NF_ROOT/data/examples/better-sqlite3/rounds.ndjson"
agree "the claims fixture with a baseline" --baseline 22.21.1 tests/claims/sqlite.ndjson
for f in tests/data/node-sitting/*.ndjson; do
	agree "sitting $(basename "$f")" "$f"
done
python3 tests/tables/gen-history.py "$d/lines.ndjson" lines
agree "a history of exact releases" "$d/lines.ndjson"
agree "a history compared by line" --by line "$d/lines.ndjson"
agree "hyperfine's parameter list with a baseline" --baseline 1 tests/variants/levels.json
agree "the same file twice" "$NF_ROOT/data/examples/node-versions/rounds.json" \
	"$NF_ROOT/data/examples/node-versions/rounds.json"

# every dataset of the auditor's generator
python3 tests/audit/gen.py "$d/audit" 1 36
bad=
for s in $(seq 1 36); do
	o=$d/audit-$s
	COLUMNS=200 "$NF" report --formats json,md,csv,ci --out "$o" "$d/audit/$s.json" > "$o.term" 2> /dev/null || continue
	"$NF" check "$d/audit/$s.json" > "$o.check" 2> /dev/null
	r=$(python3 tests/record/agree.py "$o" "$o.check") || bad="$bad
seed $s: $r"
done
check_eq "the auditor's 36 datasets: every document and check's lines quote the verdict record" "" "${bad#?}"

# the record is the comparison's own: the same with another workload beside it
jq '.results += [.results[] | select(.workload == "Sort 200k integers") | .workload = "Other" | .passes |= map(. * 3)]' \
	"$NF_ROOT/data/examples/node-versions/rounds.json" > "$d/more.json"
"$NF" report -q --formats json --out "$d/more" "$d/more.json" 2> /dev/null
"$NF" report -q --formats json --out "$d/alone" "$NF_ROOT/data/examples/node-versions/rounds.json" 2> /dev/null
check_eq "a comparison's records do not change with another workload in the report" \
	"$(jq -S '[.comparisons[] | select(.workload != "Other") | {workload, record, pairs: [.pairs[].record]}]' "$d/alone/analysis.json")" \
	"$(jq -S '[.comparisons[] | select(.workload != "Other") | {workload, record, pairs: [.pairs[].record]}]' "$d/more/analysis.json")"
