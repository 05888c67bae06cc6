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
# a real measurement the pairing decides (tests/data/node-bursts/README.md)
B=tests/data/node-bursts/rounds.ndjson
agree "JSON.parse under bursts of load, the pairing deciding" "$B"
agree "the same with the newer release as the baseline" --baseline 24.22.3 "$B"
o=$d/JSON-parse-under-bursts-of-load--the-pairing-deciding
check_eq "bursts: the per-round ratios decide, beside the published rule's reading" \
	"paired per-round-ratio 24.22.3 22.23.5 0.33 20/24 rule 0.27 within 0.75" \
	"$(jq -r '.comparisons[0].record | "\(.decided_by) \(.band_is) \(.winner) \(.other) \(.size * 100 | round / 100) \(.rounds_agree)/\(.rounds) rule \(.rule.size * 100 | round / 100) \(if .rule.size <= .rule.band then "within" else "beyond" end) \(.rule.band * 100 | round / 100)"' "$o/analysis.json")"
check "bursts: check --baseline 24.22.3 quotes the record: 33%, its band and the signed rank test" \
	grep -qF 'older: "JSON.parse, 20k rows (wall time)" on linux-x64: 22.23.5 is older than the baseline 24.22.3, and slower: 24.22.3 is 33% faster than 22.23.5 (median of 24 per-round ratios; in 20 of 24 rounds; paired; the best rounds are within the published rule'"'"'s noise of ±75%); 95% interval 17% to 50%; beyond the noise of ±14% (the spread of the per-round ratios)' \
	<("$NF" check --baseline 24.22.3 "$B" 2> /dev/null)
check_eq "bursts: the change table gives the verdict's size" "| JSON.parse, 20k rows (wall time) | baseline | 33% faster |" \
	"$(grep -F '| JSON.parse, 20k rows (wall time) | baseline |' "$o/blog.md")"

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

# sizes from 2x on read as a factor with one decimal, as hyperfine gives them
python3 - "$d/factor.json" <<'PY'
import json, sys
res = []
for r in range(1, 8):
    for v, base in (("a", 10.0), ("b", 106.5)):
        j = 1 + 0.004 * ((r * 7 + len(v)) % 5)
        res.append({"workload": "startup", "version": v, "platform": "linux-x64", "round": r,
                    "unit": "ms", "better": "lower", "passes": [base * j] * 3})
json.dump({"format": "noisefloor.rounds/1", "results": res}, open(sys.argv[1], "w"))
PY
"$NF" report -q --formats json --out "$d/factor" "$d/factor.json" 2> /dev/null
check_eq "a 10.65x gap reads '10.7× faster', the record's size as a factor" \
	"a is 10.7× faster than b (best rounds)" "$(jq -r '.comparisons[0].text' "$d/factor/analysis.json")"
