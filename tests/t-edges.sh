# Edges found from outside (doc/limits.md, README's exit status): the UTC
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
check_eq "the workbook's Rounds sheet dates 2.0.0's first round, of 00:30+01:00, on 2026-02-28" \
	"2.0.0 2026-02-28 2026-03-03" \
	"$(tests/golden/sheets.sh "$d/o/report.xlsx" | awk '$1 == "sheet2" { r = $2; sub(/^[A-Z]+/, "", r); t = $3; for (i = 4; i <= NF; i++) t = t " " $i }
		$1 == "sheet2" && $2 ~ /^A[0-9]+$/ { lab[t] = r }
		$1 == "sheet2" && $2 ~ /^C[0-9]+$/ { c[r] = t }
		END { printf "%s %s %s", c[lab["Version"]], c[lab["First round (UTC day)"]], c[lab["Last round (UTC day)"]] }')"

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

# --- one rule for control and bidirectional characters ----------------------
# Each entry point, each character: refused at input with exit 65 and one
# line naming the file, the line and the member; no output is written and
# the terminal never shows the character raw.
d=$(tmpdir)
ok1='{"workload":"w","version":"1.0.0","round":1,"unit":"ms","value":10}'
ok2='{"workload":"w","version":"2.0.0","round":1,"unit":"ms","value":11}'
# where: a name and a document line holding X where the character goes
cases=(
	'workloads-key|{"format":"noisefloor.rounds/1","workloads":{"wX":{"description":"d"}}}|line 1: "workloads" key ""'
	'description|{"format":"noisefloor.rounds/1","workloads":{"w":{"description":"dX"}}}|line 1: "workloads"."w"."description"'
	'source|{"format":"noisefloor.rounds/1","workloads":{"w":{"source":"https://x/X"}}}|line 1: "workloads"."w"."source"'
	'title|{"format":"noisefloor.rounds/1","title":"tX"}|line 1: "title"'
	'env-value|{"format":"noisefloor.rounds/1","environment":{"os":"linuxX"}}|line 1: "os"'
	'env-key|{"format":"noisefloor.rounds/1","environment":{"oX":"linux"}}|line 1: "environment key"'
	'workload|{"workload":"wX","version":"1.0.0","round":1,"unit":"ms","value":10}|line 1: "workload"'
	'version|{"workload":"w","version":"1.0.0X","round":1,"unit":"ms","value":10}|line 1: "version"'
	'platform|{"workload":"w","version":"1.0.0","platform":"pX","round":1,"unit":"ms","value":10}|line 1: "platform"'
	'note|{"workload":"w","version":"1.0.0","note":"nX","round":1,"unit":"ms","value":10}|line 1: "note"'
	'meta|{"workload":"w","version":"1.0.0","meta":{"host":"hX"},"round":1,"unit":"ms","value":10}|line 1: "meta"'
	'meta.v8|{"workload":"w","version":"1.0.0","meta":{"v8":"12X"},"round":1,"unit":"ms","value":10}|line 1: "meta.v8"'
)
chars=(202a 202b 202c 202d 202e 2066 2067 2068 2069 200e 200f 061c 0085 009b 001b)
bad=0 badmsg=
for c in "${chars[@]}"; do
	raw=$(jq -rnj "\"\\u$c\"") # the UTF-8 bytes, whatever the locale
	C=$(printf '%04X' "0x$c")
	for k in "${cases[@]}"; do
		IFS='|' read -r name line where <<< "$k"
		for form in raw escaped; do
			# the raw form only for characters JSON allows raw (not C0)
			[ "$form" = raw ] && [ "$c" = 001b ] && continue
			if [ "$form" = raw ]; then x=$raw; else x="\\u$c"; fi
			f="$d/$name-$c-$form.ndjson"
			printf '%s\n%s\n%s\n' "${line//X/$x}" "$ok1" "$ok2" | sed '2{/"format"/!d}' > "$f"
			# a result line stands alone: keep only it and the good lines after
			case "$line" in '{"format"'*) ;; *) printf '%s\n%s\n' "${line//X/$x}" "$ok2" > "$f" ;; esac
			for cmd in report check convert; do
				o="$d/out-$name-$c-$form-$cmd"
				case $cmd in
				report) "$NF" report --formats json,md,csv,rounds,xlsx --out "$o" "$f" > "$d/so" 2> "$d/se" ;;
				check) "$NF" check "$f" > "$d/so" 2> "$d/se" ;;
				convert) "$NF" convert "$f" > "$d/so" 2> "$d/se" ;;
				esac
				rc=$?
				want="noisefloor: cannot read '$f': $where holds the control character U+$C"
				if [ $rc -ne 65 ] || [ "$(wc -l < "$d/se")" -ne 1 ] || [ -s "$d/so" ] ||
				   ! grep -qF "$want" "$d/se" || [ -e "$o" ] || grep -qF "$raw" "$d/se"; then
					bad=$((bad + 1))
					badmsg="$badmsg
$name U+$C $form $cmd: exit $rc: $(head -c 300 "$d/se")"
				fi
			done
		done
	done
done
check_eq "every control and bidi character at every entry is refused with its file, line and member, nothing written, nothing raw on the terminal" \
	"0" "$bad$(printf '%s' "$badmsg" | head -n 8)"

# the other runners' names and the VERSION= label: the same rule
jq '.[0].name = "sort\u202e"' tests/fixtures/tinybench/node22.json > "$d/tb.json"
check_eq "a tinybench task name with U+202E is refused with its place" \
	"noisefloor: cannot read '$d/tb.json': tasks[0]: \"name\" holds the control character U+202E at byte 4" \
	"$("$NF" check -q "$d/tb.json" 2>&1)"
printf '%s\n' '{"workload":"w","round":1,"unit":"ms","value":10}' > "$d/nov.ndjson"
check_eq "a VERSION= label with U+061C is refused" "65" \
	"$("$NF" check -q "1.0$(jq -rnj '"\u061c"')=$d/nov.ndjson" >/dev/null 2>&1; echo $?)"
# a text that is clean passes through every output (the rule refuses only
# what it names)
printf '%s\n' '{"format":"noisefloor.rounds/1","workloads":{"w":{"description":"שלום עולם — مرحبا","source":"https://x/y"}}}' "$ok1" "$ok2" > "$d/rtl.ndjson"
"$NF" report -q --formats json,md --out "$d/rtl" "$d/rtl.ndjson"
check "right-to-left letters themselves are not controls: accepted and shown" grep -q 'مرحبا' "$d/rtl/blog.md"

# --- a full disk: one exit status for the cause, whichever writer meets it ---
# Every write to a file fails with ENOSPC (tests/hardening/enospc.c): each
# writer, the workbook's included, exits 74 with one line, and the previous
# report stays as it was, with no staged file left.
d=$(tmpdir)
if cc -shared -fPIC -o "$d/enospc.so" tests/hardening/enospc.c -ldl 2> "$d/shim.log"; then
	"$NF" report -q --out "$d/out" tests/core/published.json
	before=$(tree_digest "$d/out")
	for fm in xlsx md json csv rounds charts pdf; do
		err=$(LD_PRELOAD="$d/enospc.so" "$NF" report -q --formats $fm --out "$d/out" tests/core/published.json 2>&1 >/dev/null)
		rc=$?
		check_eq "a full disk while writing $fm: exit 74 and one line" "74 1 yes" \
			"$rc $(printf '%s\n' "$err" | wc -l) $([[ $err == "noisefloor: cannot write '$d/out/"*": "[Nn]"o space left on device" ]] && echo yes || echo "no: $err")"
		check_eq "a full disk while writing $fm: the previous report intact, nothing staged left" \
			"$before" "$(tree_digest "$d/out"; ls -A "$d/out" | grep '^\.noisefloor-')"
	done
	# a new folder: nothing half-written is kept
	LD_PRELOAD="$d/enospc.so" "$NF" report -q --formats xlsx --out "$d/new" tests/core/published.json 2>/dev/null
	check_eq "a full disk on a new folder: no report.xlsx, no staged file" "" "$(ls -A "$d/new" 2>/dev/null)"
else
	echo "ok - a full disk # SKIP no C compiler for the shim"
fi
# the other cause keeps its own status: a folder that cannot be written is 73
touch "$d/afile"
check_status "an output folder that is a file: exit 73" 73 "$NF" report -q --formats xlsx --out "$d/afile" tests/core/published.json

# --- the workbook of a long series: columns capped, the rest named ---------
d=$(tmpdir)
awk 'BEGIN { print "{\"format\": \"noisefloor.rounds/1\"}"
	for (r = 1; r <= 3; r++) for (v = 1; v <= 260; v++)
		printf "{\"workload\": \"w\", \"version\": \"1.%d.0\", \"round\": %d, \"unit\": \"ms\", \"value\": %.2f}\n", v, r, 10 + (v * 7 + r * 3) % 11 / 10 }' > "$d/v260.ndjson"
"$NF" report -q --formats xlsx --out "$d/o" "$d/v260.ndjson"; rc=$?
check_eq "260 versions: the workbook is written (exit 0)" "0" "$rc"
unzip -p "$d/o/report.xlsx" xl/sharedStrings.xml > "$d/s.xml"
check "the Summary names the versions without a column, each still on the Versions sheet" \
	grep -q 'The 260 versions are more than the verdict table and the Charts sheet give columns (250: the oldest and the newest). Left out of them, each still on the Versions, Pairs and Rounds sheets: 1.250.0, 1.251.0, 1.252.0, 1.253.0, 1.254.0, 1.255.0, 1.256.0, 1.257.0, 1.258.0, 1.259.0.' "$d/s.xml"
check_eq "the oldest and the newest have columns, the ones left out none" "1.249.0 value|1.260.0 value|" \
	"$(grep -o '1\.2[56][0-9]\.0 value\|1\.249\.0 value' "$d/s.xml" | sort -u | tr '\n' '|')"
# a round wider than a worksheet: the rounds go to rounds.csv, no failure
python3 -c "
import json
print(json.dumps({'format': 'noisefloor.rounds/1'}))
for v in ('1.0.0', '2.0.0'):
    for r in (1, 2, 3):
        print(json.dumps({'workload': 'w', 'version': v, 'round': r, 'unit': 'ms',
                          'passes': [10 + ((i * 7 + r) % 13) / 10 for i in range(17000)]}))" > "$d/wide.ndjson"
"$NF" report -q --formats xlsx,rounds --out "$d/ow" "$d/wide.ndjson"; rc=$?
check_eq "rounds of 17,000 passes: the workbook is written (exit 0)" "0" "$rc"
check "its Rounds sheet says why the rounds are in rounds.csv" \
	sh -c "unzip -p '$d/ow/report.xlsx' xl/worksheets/sheet2.xml | grep -q 'Versions have rounds of up to 17,000 passes, more than a row of this sheet holds (16,382): their rounds, with their passes, dates, release lines and V8, are in rounds.csv beside this workbook.'"

# --- run --timeout: the command's process group killed, the round failed ---
d=$(tmpdir)
mkdir -p "$d/tmp"
start=$(date +%s%N)
err=$(TMPDIR="$d/tmp" "$NF" run -q --rounds 2 --passes 1 --warmup 0 --timeout 1s \
	--version a='true' --version b="sh -c 'sleep 30 & echo \$! > $d/bg; sleep 30'" -o "$d/t.ndjson" 2>&1); rc=$?
took=$(( ($(date +%s%N) - start) / 1000000 ))
check_eq "a command past --timeout fails the run as a failing command does (exit 1)" "1" "$rc"
check "the message says it timed out" sh -c "printf '%s\n' \"\$1\" | grep -q \"version 'b', round 1: the command .* timed out (--timeout) and was killed with its process group\"" _ "$err"
check "it stopped at the time limit, not after the command's 30 s ($took ms)" test "$took" -lt 10000
gone() { for _ in $(seq 40); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.05; done; return 1; }
check "its whole process group was killed (the background sleep too)" gone "$(cat "$d/bg")"
err=$(TMPDIR="$d/tmp" "$NF" run -q --rounds 2 --passes 1 --warmup 0 --timeout 300ms --ignore-failure \
	--version a='true' --version b='sleep 5' -o "$d/t2.ndjson" 2>&1); rc=$?
check_eq "with --ignore-failure a timed-out command is recorded and the run goes on (exit 0)" "0" "$rc"
check_eq "the rounds of the other version are all there" "2" \
	"$(jq -r 'select(.version == "a" and .unit != "MiB") | .round' "$d/t2.ndjson" | wc -l)"
check_status "a duration without a unit is a usage error" 2 "$NF" run --timeout 30 --version a=true --version b=true -o "$d/t3.ndjson"
check_status "a duration of 0s is a usage error" 2 "$NF" run --timeout 0s --version a=true --version b=true -o "$d/t3.ndjson"
# a run killed with SIGKILL leaves its temporary folder; the next run removes it
TMPDIR="$d/tmp" "$NF" run -q --rounds 1 --passes 1 --warmup 0 --no-shell --version a="sleep 31.5" --version b=true -o "$d/t4.ndjson" 2>/dev/null &
pid=$!
for _ in $(seq 50); do ls "$d/tmp" | grep -q "^noisefloor-run\.$pid\." && break; sleep 0.1; done
kill -9 $pid; wait $pid 2>/dev/null
sleep 0.3
check "and its command does not outlive it" sh -c "! pgrep -f '^sleep 31.5\$' >/dev/null"
check "a run killed with SIGKILL leaves its temporary folder behind" sh -c "ls '$d/tmp' | grep -q '^noisefloor-run\.$pid\.'"
TMPDIR="$d/tmp" "$NF" run -q --rounds 1 --passes 1 --warmup 0 --version a=true --version b=true -o "$d/t5.ndjson" 2>/dev/null
check_eq "the next run removes it on start" "" "$(ls "$d/tmp")"

# --- one timestamp grammar: the forms once accepted are refused -------------
d=$(tmpdir)
for ts in '2026-11-29T-----+++' '2026-02-30T25:00:00Z' '2026-02-30T12:00:00Z' '2026-11-29T24:00:00Z' '2026-11-29T12:00:00+25:00'; do
	printf '{"workload":"w","version":"1","round":1,"unit":"ms","value":1,"timestamp":"%s"}\n' "$ts" > "$d/ts.ndjson"
	check_eq "the timestamp $ts is refused with its place" \
		"noisefloor: cannot read '$d/ts.ndjson': line 1: \"timestamp\" must be ISO 8601 like \"2026-11-29T22:15:03Z\"" \
		"$("$NF" check -q "$d/ts.ndjson" 2>&1)"
done
