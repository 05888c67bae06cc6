# Edges found from outside (README "Guarantees", "Exit status"): the UTC
# day of a timestamp with an offset, one rule for control and bidi
# characters in every text that enters, one exit status per cause on a full
# disk, `run --timeout`, errored tinybench tasks, the workbook of a long
# series.
. tests/lib.sh

# --- the day of a round is its UTC day --------------------------------------
d=$(tmpdir)
cat > "$d/tz.ndjson" <<'J'
{"format":"noisefloor.rounds/1"}
{"workload":"w","version":"1.0.0","round":1,"unit":"ms","value":10,"timestamp":"2026-03-01T20:00:00-05:00"}
{"workload":"w","version":"1.0.0","round":2,"unit":"ms","value":10,"timestamp":"2026-03-01T10:00:00+05:00"}
{"workload":"w","version":"2.0.0","round":1,"unit":"ms","value":10,"timestamp":"2026-03-02T23:30:00-01:00"}
{"workload":"w","version":"2.0.0","round":2,"unit":"ms","value":10,"timestamp":"2026-03-01T00:30:00+01:00"}
J
"$NF" report -q --formats rounds,md,xlsx --out "$d/o" "$d/tz.ndjson"
check_eq "rounds.csv dates each round by its UTC day, whatever its offset" \
	"2026-03-02 2026-03-01 2026-03-03 2026-02-28" \
	"$(tail -n +2 "$d/o/rounds.csv" | cut -d, -f1 | tr '\n' ' ' | sed 's/ $//')"
check "blog.md's measured days are UTC days" grep -q 'Measured on 2026-02-28 to 2026-03-03' "$d/o/blog.md"
unzip -p "$d/o/report.xlsx" xl/sharedStrings.xml > "$d/strings.xml"
check "the workbook's Rounds sheet dates the round of 00:30+01:00 on 2026-02-28" \
	grep -q '>2026-02-28<' "$d/strings.xml"

# --- a tinybench task that errored is left out, the others read -------------
d=$(tmpdir)
F=tests/fixtures
jq '.[1].result.state = "errored" | .[1].result.error = {"message": "boom"}' $F/tinybench/node22.json > "$d/tb.json"
"$NF" convert "$d/tb.json" > "$d/tb.ndjson" 2> "$d/tb.err"; rc=$?
check_eq "a tinybench file with one errored task is read (exit 0)" "0" "$rc"
check_eq "its other task is there" "sort 20k integers" \
	"$(jq -r 'select(.workload) | .workload' "$d/tb.ndjson" | sort -u)"
check_eq "the errored one is named in a warning" \
	"warning: '$d/tb.json' tasks[1]: the task \"JSON.parse 500 rows\" did not complete (state \"errored\") and is left out" \
	"$(cat "$d/tb.err")"
jq '.[0].result |= (del(.state) | .error = "boom")' $F/tinybench/node22.json > "$d/tb-err.json"
"$NF" report -q --formats md --out "$d/o" 24=$F/tinybench/node22.json 22=$F/tinybench/node22.json 2>/dev/null
"$NF" report -q --formats md --out "$d/o2" 24=$F/tinybench/node22.json 22="$d/tb-err.json" 2>/dev/null; rc=$?
check_eq "a task with an \"error\" and no state is left out the same way (exit 0)" "0" "$rc"
check "and the documents carry the warning" grep -q 'the task "sort 20k integers" did not complete' "$d/o2/blog.md"
