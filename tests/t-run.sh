# noisefloor run: interleaved rounds, the file it appends, stopping and
# resuming, failing commands, bad options, --measure output, the CI flow.
# Commands are short sleeps: the whole suite takes a few seconds.
. tests/lib.sh

# Result lines of a rounds file as "round version" in file order.
order_of() { jq -r 'select(.workload and .unit != "MiB") | "\(.round) \(.version)"' "$1" | tr '\n' ';'; }

# --- two versions differing by a known amount ---------------------------
d=$(tmpdir)
check "sleep 0.02 against sleep 0.04" "$NF" run -q --rounds 3 --passes 2 --warmup 0 \
	--version a='sleep 0.02' --version b='sleep 0.04' --out "$d/r.ndjson"
check_eq "each round holds both versions, the order rotated" "1 a;1 b;2 b;2 a;3 a;3 b;" "$(order_of "$d/r.ndjson")"
check_eq "the rotation shows in the timestamps" "a<b b<a a<b" \
	"$(jq -rs '[.[] | select(.workload and .unit != "MiB")] | group_by(.round)[] | sort_by(.timestamp) | map(.version) | join("<")' "$d/r.ndjson" | tr '\n' ' ' | sed 's/ $//')"
check_eq "each result records the round's order" '["a","b"] ["b","a"] ["a","b"]' \
	"$(jq -c 'select(.workload and .unit != "MiB" and .version == "a") | .meta.order' "$d/r.ndjson" | tr '\n' ' ' | sed 's/ $//')"
check_eq "results carry round, platform, unit, timestamp, status, load" "ms lower 2 0 true true true" \
	"$(jq -r 'select(.workload and .unit != "MiB") | "\(.unit) \(.better) \(.passes | length) \(.meta.exit_status) \(.timestamp | test("^[0-9-]{10}T[0-9:]{8}[.][0-9]{3}Z$")) \(.platform | test("^[a-z]+-[a-z0-9]+$")) \(.meta.load_before >= 0)"' "$d/r.ndjson" | sort -u)"
check_eq "the header records the machine and each version's command" "noisefloor.rounds/1 sleep 0.02|sleep 0.04 true true true" \
	"$(head -1 "$d/r.ndjson" | jq -r '"\(.format) \(.environment["command a"])|\(.environment["command b"]) \(.environment.cores > 0) \(.environment.kernel != null) \(.environment.noisefloor != null)"')"
o=$(tmpdir)
check "report reads the rounds" "$NF" report -q --out "$o" "$d/r.ndjson"
check_eq "the report confirms the 2x difference" "faster a interleaved" \
	"$(jq -r '.comparisons[0] | "\(.verdict) \(.best_version) \(if .interleaved then "interleaved" else "blocks" end)"' "$o/analysis.json")"
ratio=$(jq -r '.comparisons[0].versions | (.[1].best / .[0].best)' "$o/analysis.json")
# a shared machine stretches sleep's 20 ms more than its 40 ms, so "about" is wide
check "b's best is about twice a's ($ratio)" awk -v r="$ratio" 'BEGIN { exit !(r > 1.4 && r < 4) }'
check "convert reads the rounds" "$NF" convert "$d/r.ndjson"
check "no progress line when stderr is not a terminal" \
	sh -c '! "$1" run --rounds 1 --passes 1 --warmup 0 --version a=true --out "$2" 2>&1 | grep -q "round 1/"' \
	sh "$NF" "$d/quiet.ndjson"

# --- --measure wall records each pass's peak memory, compared as memory ----
d=$(tmpdir)
check "80 MiB against 20 MiB" "$NF" run -q --rounds 5 --passes 1 --warmup 0 --name alloc \
	--version a="python3 -c 'b = bytearray(80 * 2**20)'" --version b="python3 -c 'b = bytearray(20 * 2**20)'" \
	--out "$d/m.ndjson"
check_eq "a second result per version per round: its peak resident memory in MiB" \
	"alloc, peak memory MiB lower 10" \
	"$(jq -rs '[.[] | select(.unit == "MiB")] | "\(.[0].workload) \(.[0].unit) \(.[0].better) \(length)"' "$d/m.ndjson")"
check "a holds 60 MiB more than b in every round" \
	jq -se '[.[] | select(.unit == "MiB")] | group_by(.round)[] | (map(select(.version == "a"))[0].passes[0] - map(select(.version == "b"))[0].passes[0]) | . > 55 and . < 65' "$d/m.ndjson"
o=$(tmpdir)
check "report reads it" "$NF" report -q --out "$o" "$d/m.ndjson"
check_eq "memory is compared as memory" "b uses 64% less memory than a (best rounds)" \
	"$(jq -r '.comparisons[] | select(.workload == "alloc, peak memory") | .text' "$o/analysis.json" | sed 's/uses 6[3-5]%/uses 64%/')"
check "no document calls memory faster, slower, smaller or larger" sh -c '
	! grep -h "peak memory" "$1"/issue.md "$1"/blog.md "$1"/summary.md | grep -iqE "faster|slower|smaller|larger"' sh "$o"
# --measure output: a workload in MB named for memory is memory too
"$NF" run -q --measure output --rounds 5 --warmup 0 \
	--version a="echo '{\"workload\": \"heap used\", \"unit\": \"MB\", \"better\": \"lower\", \"passes\": [100]}'" \
	--version b="echo '{\"workload\": \"heap used\", \"unit\": \"MB\", \"better\": \"lower\", \"passes\": [88]}'" \
	--out "$d/heap.ndjson" 2>/dev/null
o=$(tmpdir)
"$NF" report -q --out "$o" "$d/heap.ndjson" 2>/dev/null
check_eq "an output's heap in MB: uses 12% less memory" "b uses 12% less memory than a (best rounds)" \
	"$(jq -r '.comparisons[0].text' "$o/analysis.json")"

# --- --prepare, --name, --report, the progress line ------------------------
d=$(tmpdir)
check "--prepare, --name and --report DIR" "$NF" run -q --rounds 2 --passes 2 --warmup 1 \
	--prepare "echo x >> $d/prepare.log" --name "two sleeps" --version a='sleep 0.01' \
	--version b='sleep 0.02' --out "$d/p.ndjson" --report "$d/report"
check_eq "--prepare runs before every run, warm-ups too" 10 "$(wc -l < "$d/prepare.log")"
check_eq "--name names the workload" "two sleeps" "$(jq -r 'select(.workload and .unit != "MiB") | .workload' "$d/p.ndjson" | sort -u)"
check_eq "--report renders the file at the end" "two sleeps 2" \
	"$(jq -r '.comparisons[0] | "\(.workload) \(.versions[0].rounds)"' "$d/report/analysis.json")"

# --- --describe and --source: the header's workloads, the documents ---------
d=$(tmpdir)
printf 'let s = 0; for (let i = 0; i < 1e5; i++) s += i;\n' > "$d/sum.js"
check "--measure cpu with --describe and --source" "$NF" run -q --rounds 3 --passes 1 --warmup 0 \
	--measure cpu --name "sum loop" --describe "Adds 100,000 integers" --source "$d/sum.js" \
	--version a=true --version b='sleep 0.01' --out "$d/w.ndjson"
check_eq "the header describes the workload, its memory and its CPU time" \
	"sum loop, CPU time|Adds 100,000 integers; its CPU time, user + system sum loop, peak memory|Adds 100,000 integers; its peak resident memory sum loop|Adds 100,000 integers" \
	"$(head -n 1 "$d/w.ndjson" | jq -r '.workloads | to_entries[] | "\(.key)|\(.value.description)"' | LC_ALL=C sort | paste -sd' ')"
check_eq "each names its source" "$d/sum.js" "$(head -n 1 "$d/w.ndjson" | jq -r '[.workloads[].source] | unique | .[]')"
o=$(tmpdir)
"$NF" report -q --formats md --out "$o" "$d/w.ndjson" 2>/dev/null
check "blog.md's workload table says what one pass does" grep -qF "| sum loop | Adds 100,000 integers |" "$o/blog.md"
check "issue.md's steps attach the source" grep -qF "sum.js\` is attached" "$o/issue.md"
check "--resume with another --describe is refused, naming both" sh -c \
	"'$NF' run -q --resume --describe other --out '$d/w.ndjson' 2>&1 | grep -qF \"it was run with --describe 'Adds 100,000 integers', not 'other'\""
check_status "--describe with --measure output is a usage error" 2 "$NF" run -q --measure output \
	--describe x --version a=true --out "$d/o.ndjson"

if command -v script >/dev/null; then
	script -qc "'$NF' run --rounds 1 --passes 1 --warmup 0 --version a=true --out '$d/tty.ndjson'" /dev/null \
		> "$d/tty.txt" 2>&1 < /dev/null
	check "a progress line on a terminal" grep -q "round 1/1 · version a · 0:00 elapsed" "$d/tty.txt"
fi

# --- interrupted in round 3, then resumed --------------------------------
d=$(tmpdir)
"$NF" run --rounds 4 --passes 1 --warmup 0 --version a='sleep 0.15' --version b='sleep 0.15' \
	--out "$d/i.ndjson" 2> "$d/err" &
pid=$!
for _ in $(seq 200); do [ "$(cat "$d/i.ndjson" 2>/dev/null | wc -l)" -ge 9 ] && break; sleep 0.02; done
sleep 0.05
kill -INT $pid
wait $pid
check_eq "SIGINT in round 3 exits 130" 130 "$?"
check_eq "the file holds exactly two complete rounds" "1 a;1 b;2 b;2 a;" "$(order_of "$d/i.ndjson")"
check "it says how many rounds are kept and how to resume" \
	grep -q "holds 2 complete rounds of 4; to continue: noisefloor run --resume --out '$d/i.ndjson'" "$d/err"
o=$(tmpdir)
check "report reads the two rounds" "$NF" report -q --min-rounds 2 --out "$o" "$d/i.ndjson"
check_status "--resume with other settings is refused" 2 "$NF" run --resume --passes 2 --out "$d/i.ndjson"
check_eq "the difference is named" "noisefloor: cannot resume '$d/i.ndjson' with these settings: it was run with --passes 1, not 2" \
	"$("$NF" run --resume --passes 2 --out "$d/i.ndjson" 2>&1)"
check_eq "--rounds below the rounds it holds is refused" "noisefloor: cannot resume '$d/i.ndjson' with --rounds 1: it holds 2 complete rounds already" \
	"$("$NF" run --resume --rounds 1 --out "$d/i.ndjson" 2>&1)"
# --help says what --resume --rounds does: more rounds, or fewer down to
# those the file holds (it said "cut short", which is refused)
check_eq "run --help: --resume --rounds N changes the plan, not below the rounds held" \
	"with --rounds N, change its plan to N rounds (more, or fewer down to the rounds it holds, not below)" \
	"$("$NF" run --help | sed -n '/--resume  /,/--report/p' | sed '1d;$d' | sed 's/^ *//' | paste -sd' ' -)"
check "... and fewer down to the rounds held is taken" "$NF" run -q --resume --rounds 2 --out "$d/i.ndjson"
check_eq "... its plan is 2 rounds now" 2 "$(head -1 "$d/i.ndjson" | jq .run.rounds)"
check "... and back to 4" "$NF" run -q --resume --rounds 4 --out "$d/i.ndjson"
check_eq "a different command is named" "noisefloor: cannot resume '$d/i.ndjson' with these settings: its version 'b' runs 'sleep 0.15', not 'sleep 1'" \
	"$("$NF" run --resume --version a='sleep 0.15' --version b='sleep 1' --out "$d/i.ndjson" 2>&1)"
check "--resume completes it" "$NF" run -q --resume --out "$d/i.ndjson"
check_eq "rounds 3 and 4 follow, still rotated" "1 a;1 b;2 b;2 a;3 a;3 b;4 b;4 a;" "$(order_of "$d/i.ndjson")"
o=$(tmpdir)
check "report reads the completed file" "$NF" report -q --out "$o" "$d/i.ndjson"
check_eq "four rounds per version" "4 4" "$(jq -r '[.comparisons[0].versions[].rounds] | map(tostring) | join(" ")' "$o/analysis.json")"
# a crash in the middle of a write: the incomplete round is cut off
head -c -40 "$d/i.ndjson" > "$d/cut.ndjson"
check "--resume drops an incomplete last round" "$NF" run -q --resume --out "$d/cut.ndjson"
check_eq "and runs it again" "1 a;1 b;2 b;2 a;3 a;3 b;4 b;4 a;" "$(order_of "$d/cut.ndjson")"

# --- --resume --rounds N extends a complete file, the orders going on -----
d=$(tmpdir)
check "a complete run of 2 rounds of 3 versions" "$NF" run -q --rounds 2 --passes 1 --warmup 0 \
	--version a=true --version b=true --version c=true --out "$d/x.ndjson"
cp "$d/x.ndjson" "$d/x2.ndjson"
check_eq "--resume alone: nothing to do" "noisefloor: '$d/x.ndjson' already holds all 2 rounds" \
	"$("$NF" run --resume --out "$d/x.ndjson" 2>&1)"
check "--resume --rounds 5 extends it" "$NF" run -q --resume --rounds 5 --out "$d/x.ndjson"
check_eq "rounds 3 to 5 rotate on as a run of 5 would" \
	"1 a;1 b;1 c;2 b;2 c;2 a;3 c;3 a;3 b;4 a;4 b;4 c;5 b;5 c;5 a;" \
	"$(jq -r 'select(.workload and .unit != "MiB" and .version == "a") | .meta.order | join(" ")' "$d/x.ndjson" | tr '\n' ';' | sed 's/;$//' | \
	   awk -F';' '{ for (i = 1; i <= NF; i++) { n = split($i, v, " "); for (k = 1; k <= n; k++) printf "%d %s;", i, v[k] } }')"
check_eq "the first two rounds are kept byte for byte" "$(tail -n +2 "$d/x2.ndjson")" "$(tail -n +2 "$d/x.ndjson" | head -12)"
check_eq "the header says 5 rounds now" "5 5 rounds of 3 versions" \
	"$(head -1 "$d/x.ndjson" | jq -r '"\(.run.rounds) \(.notes | split(",")[0])"')"
check_eq "--resume alone then holds all 5" "noisefloor: '$d/x.ndjson' already holds all 5 rounds" \
	"$("$NF" run --resume --out "$d/x.ndjson" 2>&1)"
check "a shuffled run of 2 rounds" "$NF" run -q --rounds 2 --passes 1 --warmup 0 --order random --seed 7 \
	--version a=true --version b=true --version c=true --version d=true --out "$d/s.ndjson"
check "extended to 6" "$NF" run -q --resume --rounds 6 --out "$d/s.ndjson"
check "a shuffled run of 6 from the start" "$NF" run -q --rounds 6 --passes 1 --warmup 0 --order random --seed 7 \
	--version a=true --version b=true --version c=true --version d=true --out "$d/s6.ndjson"
check_eq "the extended file has the orders of the run of 6" "$(order_of "$d/s6.ndjson")" "$(order_of "$d/s.ndjson")"
o=$(tmpdir)
check "report reads the extended file" "$NF" report -q --out "$o" "$d/x.ndjson"
check_eq "five rounds per version" "5 5 5" "$(jq -r '[.comparisons[0].versions[].rounds] | map(tostring) | join(" ")' "$o/analysis.json")"

# --- the time since the start, across --resume ----------------------------
d=$(tmpdir)
"$NF" run --rounds 2 --passes 1 --warmup 1 --version a='sleep 0.3' --version b='sleep 0.3' \
	--out "$d/e.ndjson" 2> "$d/err"
check "the last line says the time since the run started, warm-ups included" \
	grep -q "^noisefloor: '$d/e.ndjson' holds 2 complete rounds of 2 versions, 0:01 since the run started$" "$d/err"
check_eq "each round records the seconds from the start, warm-ups included" "true true" \
	"$(jq -rs '[.[] | select(.workload and .unit != "MiB" and .version == "a") | .meta.elapsed_s] | "\(.[0] >= 1.1 and .[0] < 5) \(.[1] - .[0] >= 0.55)"' "$d/e.ndjson")"
check "--resume --rounds 3 goes on" "$NF" run -q --resume --rounds 3 --warmup 0 --out "$d/e.ndjson"
check_eq "round 3 counts on from round 2's time" "true" \
	"$(jq -rs '[.[] | select(.workload and .unit != "MiB" and .version == "a") | .meta.elapsed_s] | .[2] - .[1] >= 0.55 and .[2] - .[1] < 4' "$d/e.ndjson")"

# --- the documents give the run command, and it takes the same rounds -----
d=$(tmpdir)
noisefloor() { "$NF" "$@"; }
# same_run NAME ARGS...: runs with ARGS into $d/NAME.ndjson, reports it,
# runs the command the report gives (the file moved away first) and
# compares the settings both headers record
same_run() {
	local name=$1 o cmd; shift
	o=$(tmpdir)
	(cd "$d" && "$NF" run -q --warmup 0 --out "$name.ndjson" "$@") &&
	(cd "$d" && "$NF" report -q --min-rounds 2 --out "$o" "$name.ndjson") || { fail "$name: run and report"; return; }
	cmd=$(jq -r .reproduce.run_command "$o/analysis.json")
	check "$name: issue.md, blog.md and summary.md give it" grep -qF -- "$cmd" "$o/issue.md" "$o/blog.md" "$o/summary.md"
	check "$name: the PDF gives it" sh -c 'pdftotext "$1" - | tr -s " \n" "  " | grep -qF -- "$2"' sh "$o/report.pdf" "${cmd%% --version*}"
	mv "$d/$name.ndjson" "$d/$name.first"
	(cd "$d" && eval "$cmd" 2>/dev/null) || { fail "$name: the command runs ($cmd)"; return; }
	check_eq "$name: the same settings" "$(head -1 "$d/$name.first" | jq -cS .run)" "$(head -1 "$d/$name.ndjson" | jq -cS .run)"
}
same_run wall --rounds 2 --passes 2 --order random --seed 5 --prepare "true 'x y'" --name "two it's" \
	--title 'a "title"' --platform 'my box' --version a='sleep 0.01' --version 'b c=sleep  0.02'
same_run noshell --rounds 2 --passes 1 --no-shell --version a='true x' --version b='true "y z"'
same_run list --rounds 2 --passes 1 --list 'v=0.01,0.02' 'sleep {v}'
same_run output --measure output --rounds 2 \
	--version a="echo '{\"workload\": \"w\", \"unit\": \"ms\", \"passes\": [1, 2]}'" \
	--version b="echo '{\"workload\": \"w\", \"unit\": \"ms\", \"passes\": [2, 3]}'"
unset -f noisefloor

# --- --resume after a hand edit: every complete round kept -----------------
# A crash leaves only the first lines of the next round at the end; anything
# else out of place is an edit, refused with the line and the reason (exit
# 65), and the file is left as it is.
d=$(tmpdir)
"$NF" run -q --rounds 10 --passes 1 --warmup 0 --version a=true --version b=true \
	--out "$d/full.ndjson" 2>/dev/null
check_eq "a complete 10-round file (a time and a memory result per version)" 41 "$(wc -l < "$d/full.ndjson")"
# resume_refused NAME FILE REASON: exit 65, the line and the reason, FILE unchanged
resume_refused() {
	local out rc
	cp "$2" "$2.orig"
	out=$("$NF" run -q --resume --out "$2" 2>&1); rc=$?
	if [ $rc -eq 65 ] && [ "$out" = "noisefloor: cannot resume '$2': $3; the file is left as it is" ] &&
		cmp -s "$2" "$2.orig"; then pass "$1"
	else fail "$1" "exit $rc: $out"; fi
}
grep -v '"round":5,' "$d/full.ndjson" > "$d/del.ndjson"
resume_refused "round 5 deleted: refused, rounds 6 to 10 kept" "$d/del.ndjson" \
	"line 18: round 6 follows round 4"
awk 'NR != 18' "$d/full.ndjson" > "$d/short.ndjson"
resume_refused "a result of round 5 deleted: refused" "$d/short.ndjson" \
	"line 21: round 6 begins before round 5 is complete: it has 3 of its 4 results, from line 18"
awk 'NR == 10 { print } { print }' "$d/full.ndjson" > "$d/dup.ndjson"
resume_refused "a duplicated line: refused" "$d/dup.ndjson" \
	"line 11: repeats line 10: workload 'true', version 'a', round 3"
tail -n 1 "$d/full.ndjson" >> "$d/dup-end.ndjson"
cat "$d/full.ndjson" "$d/dup-end.ndjson" > "$d/dup2.ndjson"
resume_refused "the last line duplicated: refused" "$d/dup2.ndjson" \
	"line 42: repeats line 41: workload '$(tail -n 1 "$d/full.ndjson" | jq -r .workload)', version '$(tail -n 1 "$d/full.ndjson" | jq -r .version)', round 10"
sed '8s/}$/,/' "$d/full.ndjson" > "$d/bad.ndjson"
resume_refused "a line that is not JSON: refused" "$d/bad.ndjson" "line 8: not JSON"
sed '14s/"round":4,/"round":4.5,/' "$d/full.ndjson" > "$d/frac.ndjson"
resume_refused "a line with no whole round number: refused" "$d/frac.ndjson" \
	"line 14: not a result noisefloor run wrote (no round number)"
# a blank line is skipped, as report skips it: the rounds after it are kept
head -n 13 "$d/full.ndjson" | awk 'NR == 4 { print "" } { print }' > "$d/blank.ndjson"
check "a blank line in the middle is skipped" "$NF" run -q --resume --out "$d/blank.ndjson"
check_eq "rounds 1 to 3 kept, 4 to 10 added" "1 2 3 4 5 6 7 8 9 10 " \
	"$(jq -r 'select(.workload and .unit != "MiB" and .version == "a") | .round' "$d/blank.ndjson" | tr '\n' ' ')"
check_eq "round 3 was not run again" "$(sed -n 10,13p "$d/full.ndjson")" \
	"$(grep '"round":3,' "$d/blank.ndjson")"
check "and check reads the result (a and b are variants: --baseline names the reference)" "$NF" check -q --baseline a "$d/blank.ndjson"
# an editor that saves without the last line feed: the round is kept
head -c -1 "$d/full.ndjson" > "$d/nolf.ndjson"
check_eq "a missing last line feed keeps the last round" \
	"noisefloor: '$d/nolf.ndjson' already holds all 10 rounds" \
	"$("$NF" run --resume --out "$d/nolf.ndjson" 2>&1)"
check "and is put back" cmp -s "$d/nolf.ndjson" "$d/full.ndjson"

# SIGTERM reaches the command's whole process group
d=$(tmpdir)
"$NF" run -q --rounds 2 --passes 1 --warmup 0 --version a='sleep 7.25 & sleep 7.25; wait' \
	--out "$d/t.ndjson" 2> "$d/err" &
pid=$!
sleep 0.3
kill -TERM $pid
wait $pid
check_eq "SIGTERM exits 130" 130 "$?"
sleep 0.1
check_eq "the command and what it started are stopped" 0 "$(ps -eo args | grep -c '^sleep 7[.]25')"
check "it says round 1 was stopped" grep -q "stopped by SIGTERM in round 1" "$d/err"
check_eq "the file holds the header and no round" "1 0 complete rounds of 2" \
	"$(wc -l < "$d/t.ndjson") $(grep -o '0 complete rounds of 2' "$d/err")"

# --- failing commands -----------------------------------------------------
d=$(tmpdir)
fcmd="if [ -e $d/flag ]; then echo first >&2; echo 'boom: no such thing' >&2; exit 3; fi; touch $d/flag"
"$NF" run -q --rounds 3 --passes 1 --warmup 0 --version a='sleep 0.01' --version b="$fcmd" \
	--out "$d/f.ndjson" 2> "$d/err"
check_eq "a failing command stops the run with status 1" 1 "$?"
check_eq "with the command, its status and its first stderr lines" \
	"noisefloor: version 'b', round 2: the command '$fcmd' exited with status 3
noisefloor: its first lines on stderr:
noisefloor:   first
noisefloor:   boom: no such thing
noisefloor: its whole stderr is in '$d/f.stderr.log'
noisefloor: '$d/f.ndjson' holds 1 complete round of 3; to continue: noisefloor run --resume --out '$d/f.ndjson'" \
	"$(grep -v '^noisefloor: warning' "$d/err")"
check_eq "the complete round is kept" "1 a;1 b;" "$(order_of "$d/f.ndjson")"
check_eq "the log beside the rounds file holds the failure and its stderr" \
	"version 'b', round 2: the command '$fcmd' exited with status 3|first|boom: no such thing" \
	"$(sed 's/^==== [0-9T:.-]*Z //' "$d/f.stderr.log" | tr '\n' '|' | sed 's/|$//')"
# a wrong addon build: Node.js prints the source line, the error, a long
# stack and its version last; the error line is what the message shows
d=$(tmpdir)
cat > "$d/addon.sh" <<'SH'
for i in $(seq 1 40); do echo "loading module $i of 40"; done >&2
printf 'node:internal/modules/cjs/loader:1921\n  return process.dlopen(module, path.toNamespacedPath(filename));\n                 ^\n\n' >&2
echo "Error: The module 'better_sqlite3.node' was compiled against a different Node.js version using" >&2
echo "NODE_MODULE_VERSION 115. This version of Node.js requires" >&2
echo "NODE_MODULE_VERSION 137. Please try re-compiling or re-installing" >&2
for i in $(seq 1 30); do echo "    at frame$i (node:internal/modules/cjs/loader:$i:1)"; done >&2
echo "Node.js v24.11.1" >&2
exit 1
SH
"$NF" run -q --rounds 1 --passes 1 --warmup 1 --version a=true --version b="sh $d/addon.sh" \
	--out "$d/addon.ndjson" 2> "$d/err"
check_eq "a failing warm-up stops the run with status 1" 1 "$?"
check_eq "the message shows the error line, not the last lines" \
	"noisefloor: version 'b', warm-up: the command 'sh $d/addon.sh' exited with status 1
noisefloor: its first error lines on stderr:
noisefloor:   Error: The module 'better_sqlite3.node' was compiled against a different Node.js version using
noisefloor:   NODE_MODULE_VERSION 115. This version of Node.js requires
noisefloor:   NODE_MODULE_VERSION 137. Please try re-compiling or re-installing
noisefloor:       at frame1 (node:internal/modules/cjs/loader:1:1)
noisefloor:       at frame2 (node:internal/modules/cjs/loader:2:1)
noisefloor: its whole stderr is in '$d/addon.stderr.log'" \
	"$(grep -v '^noisefloor: warning' "$d/err" | grep -v 'nothing was measured')"
check_eq "the log holds all 78 lines of its stderr after the failure's line" "79 1" \
	"$(wc -l < "$d/addon.stderr.log") $(grep -c '^Node.js v24.11.1$' "$d/addon.stderr.log")"
d=$(tmpdir)
check "--ignore-failure goes on" "$NF" run -q --ignore-failure --rounds 2 --passes 2 --warmup 0 \
	--version a='sleep 0.01' --version b='exit 4' --out "$d/g.ndjson"
check_eq "and records the status" "a 0 null;b 4 exit status 4 in 2 of 2 passes;" \
	"$(jq -r 'select(.workload and .unit != "MiB" and .round == 1) | "\(.version) \(.meta.exit_status) \(.note)"' "$d/g.ndjson" | tr '\n' ';')"
check_eq "every round is there" "1 a;1 b;2 b;2 a;" "$(order_of "$d/g.ndjson")"

# --- bad options: one line, exit 2, nothing run --------------------------
d=$(tmpdir)
bad() {
	local name=$1 want=$2; shift 2
	local out rc
	out=$(cd "$d" && "$NF" run --out "$d/b.ndjson" "$@" 2>&1); rc=$?
	if [ $rc -eq 2 ] && [ "$out" = "$want" ] && [ ! -e "$d/ran" ] && [ ! -e "$d/b.ndjson" ]; then pass "$name"
	else fail "$name" "exit $rc: $out"; fi
}
bad "--rounds 0" "noisefloor: --rounds wants a whole number from 1 to 100000, not '0'" \
	--rounds 0 --version a='touch ran'
bad "a label given twice" "noisefloor: the version 'a' is given twice" \
	--version a='touch ran' --version a='touch ran'
bad "--list without {NAME}" "noisefloor: --list v: the command 'touch ran' has no {v} in it" \
	--list v=1,2 'touch ran'
bad "--list without a command" "noisefloor: --list v=1,2 needs the command to run, with {v} in it" \
	--list v=1,2
bad "an unknown option" "noisefloor: run: unknown option '--bogus' (see noisefloor run --help)" \
	--bogus --version a='touch ran'
bad "--order" "noisefloor: --order wants rotate or random, not 'sideways'" \
	--order sideways --version a='touch ran'
bad "--no-shell with an unclosed quote" "noisefloor: cannot run version 'a': a quote is not closed ('touch 'ran')" \
	--no-shell --version a="touch 'ran"
bad "a control character in a command" "noisefloor: the command of version 'a' holds the control character U+001B" \
	--version a="$(printf 'touch ran\033')"
bad "control characters in messages are shown as ?" "noisefloor: the version label 'a?[31m?' holds a control character" \
	--version "$(printf 'a\033[31m\302\233')=touch ran"
bad "no versions" "noisefloor: run: give the versions to compare (--version LABEL=COMMAND or --list NAME=V1,V2 COMMAND)"
out=$("$NF" run --version a="touch $d/ran" --out "$d/no/such/dir.ndjson" 2>&1); rc=$?
check_eq "an unwritable --out" "2 noisefloor: cannot write '$d/no/such/dir.ndjson': No such file or directory" "$rc $out"
: > "$d/exists.ndjson"
check_eq "an existing --out without --resume" \
	"noisefloor: '$d/exists.ndjson' exists: give --resume to continue it, or another --out" \
	"$("$NF" run --version a="touch $d/ran" --out "$d/exists.ndjson" 2>&1)"
check "and nothing ran" test ! -e "$d/ran"
check_status "--resume of a missing file" 66 "$NF" run --resume --out "$d/missing.ndjson"

# --- --measure output, the runtime recorded -------------------------------
d=$(tmpdir)
mkdir "$d/bin"
cat > "$d/bin/node" <<'EOF'
#!/bin/sh
# A stand-in for a Node.js binary: answers the version probe, prints results.
if [ "$1" = -p ]; then echo "20.1.0 11.3.244.8-node.1"; exit 0; fi
echo '{"workload": "w", "unit": "ms", "passes": [10, 11, 12]}'
echo '{"workload": "x", "unit": "ops/s", "passes": [500, 510]}'
EOF
chmod +x "$d/bin/node"
"$NF" run -q --measure output --rounds 2 --warmup 0 --version 22="$d/bin/node bench.js" \
	--version 20="$d/bin/node bench.js" --out "$d/o.ndjson" 2> "$d/err"
check_eq "--measure output reads the command's result lines" "0" "$?"
check_eq "version, round, platform and timestamp filled in" "1 22 ms 3;1 22 ops/s 2;1 20 ms 3;1 20 ops/s 2;" \
	"$(jq -r 'select(.workload and .unit != "MiB" and .round == 1) | "\(.round) \(.version) \(.unit) \(.passes | length)"' "$d/o.ndjson" | tr '\n' ';')"
check_eq "the probe records the release and V8" "20.1.0 11.3.244.8-node.1" \
	"$(head -1 "$d/o.ndjson" | jq -r '"\(.environment["node 22"]) \(.environment["v8 22"])"')"
check "a label that is not what node reports is warned about" \
	grep -q "warning: version '22' runs Node.js 20.1.0 ('$d/bin/node bench.js')" "$d/err"
check "and written into the environment" sh -c "head -1 '$d/o.ndjson' | jq -e '.environment[\"noise checks\"] | test(\"version .22. runs Node.js 20.1.0\")' >/dev/null"
o=$(tmpdir)
"$NF" report -q --min-rounds 2 --out "$o" "$d/o.ndjson"
check_eq "the report shows V8 beside each version" "11.3.244.8 11.3.244.8" \
	"$(jq -r '[.comparisons[0].versions[].v8] | join(" ")' "$o/analysis.json")"
check_status "--strict refuses to start" 75 "$NF" run -q --strict --measure output --rounds 1 \
	--version 22="$d/bin/node bench.js" --out "$d/strict.ndjson"
check "and writes nothing" test ! -e "$d/strict.ndjson"
cat > "$d/notnode" <<'EOF'
#!/bin/sh
# Not node: a -p probe would be taken as a workload argument.
if [ "$1" = -p ]; then echo probed > "$(dirname "$0")/probed"; fi
echo '{"workload": "w", "unit": "ms", "passes": [1]}'
EOF
chmod +x "$d/notnode"
check "other commands are never probed" sh -c "'$NF' run -q --measure output --rounds 1 --warmup 0 \
	--version a='$d/notnode' --out '$d/nn.ndjson' 2>/dev/null && test ! -e '$d/probed'"
check "runner formats in {out}" "$NF" run -q --measure output --rounds 2 --warmup 0 \
	--version 22="cat $NF_ROOT/tests/fixtures/hyperfine/node22.json > {out}" \
	--version 24="cat $NF_ROOT/tests/fixtures/hyperfine/node24.json > {out}" --out "$d/h.ndjson"
check_eq "hyperfine's runs are the round's passes" "hyperfine 5" \
	"$(jq -r 'select(.workload and .round == 2 and .version == "24") | "\(.meta.runner) \(.passes | length)"' "$d/h.ndjson" | sort -u | head -1)"
out=$("$NF" run -q --measure output --rounds 1 --warmup 0 --version a='echo hello' --out "$d/e.ndjson" 2>&1); rc=$?
check_eq "output that is not results stops the run with 65" \
	"65 noisefloor: version 'a', round 1: the command's output is not usable: cannot read 'stdout': not in any known format" \
	"$rc $(printf '%s\n' "$out" | grep -v warning | head -1 | sed 's/ (tried.*//')"
check "--no-shell runs the words directly" "$NF" run -q --no-shell --measure output --rounds 1 --warmup 0 \
	--version a="printf '{\"workload\": \"w w\", \"unit\": \"ms\", \"passes\": [7]}\n'" --out "$d/ns.ndjson"
check_eq "with the arguments as quoted" "w w [7]" "$(jq -rc 'select(.workload and .unit != "MiB") | "\(.workload) \(.passes)"' "$d/ns.ndjson")"
check "--no-shell with {out}" "$NF" run -q --no-shell --measure output --rounds 1 --warmup 0 \
	--version 22="cp $NF_ROOT/tests/fixtures/hyperfine/node22.json {out}" --out "$d/nso.ndjson"
check_eq "reads the file the command wrote" "hyperfine" \
	"$(jq -r 'select(.workload and .unit != "MiB") | .meta.runner' "$d/nso.ndjson" | sort -u)"
check "the output's meta is kept beside what the round records" "$NF" run -q --ignore-failure \
	--measure output --rounds 1 --warmup 0 --version a='exit 5' \
	--version b="echo '{\"workload\": \"w\", \"unit\": \"ms\", \"passes\": [1], \"meta\": {\"failed\": 1, \"order\": 2, \"mine\": 3}}'" \
	--out "$d/meta.ndjson"
check_eq "one value per key" '{"failed":["a"],"order":["a","b"],"mine":3,"exit_status":0}' \
	"$(jq -c 'select(.workload and .unit != "MiB") | .meta | {failed, order, mine, exit_status}' "$d/meta.ndjson")"
o=$(tmpdir)
check "and report reads it" "$NF" report -q --min-rounds 1 --out "$o" "$d/meta.ndjson"
"$NF" run -q --ignore-failure --measure output --rounds 1 --warmup 0 --version a='exit 3' \
	--version b="echo '{\"workload\": \"w\", \"unit\": \"ms\", \"passes\": [1]}'" \
	--out "$d/silent.ndjson" 2> "$d/err"
check_eq "a recorded failure that printed nothing is said once" \
	"noisefloor: version 'a', round 1: the command 'exit 3' exited with status 3 (recorded, going on)" \
	"$(grep -v '^noisefloor: warning' "$d/err")"
check_eq "and the round records it as failed" '["a"]' "$(jq -c 'select(.workload and .unit != "MiB") | .meta.failed' "$d/silent.ndjson")"

# --- --order random --seed -----------------------------------------------
d=$(tmpdir)
for f in s1 s2; do
	"$NF" run -q --order random --seed 42 --rounds 4 --passes 1 --warmup 0 \
		--version a=true --version b=true --version c=true --out "$d/$f.ndjson" 2>/dev/null
done
orders=$(jq -c 'select(.workload and .unit != "MiB" and .version == "a") | .meta.order' "$d/s1.ndjson" | tr '\n' ' ')
check_eq "the same seed gives the same orders" "$orders" \
	"$(jq -c 'select(.workload and .unit != "MiB" and .version == "a") | .meta.order' "$d/s2.ndjson" | tr '\n' ' ')"
check "the orders differ from round to round" test "$(printf '%s\n' $orders | sort -u | wc -l)" -gt 1

# --- the CI flow: one run per platform, one report --------------------------
d=$(tmpdir)
for p in linux-x64 linux-arm64; do
	check "measure on $p" "$NF" run -q --measure output --rounds 3 --warmup 0 --platform "$p" \
		--out "$d/rounds-$p.ndjson" --list v=1,2 \
		"sleep 0.0{v}; echo '{\"workload\": \"w\", \"unit\": \"ms\", \"passes\": [{v}0, {v}1, {v}2]}'"
done
o=$(tmpdir)
check "report on every platform's file" "$NF" report -q --out "$o" "$d"/rounds-*.ndjson
check_eq "per-platform verdicts and the cross-platform line" "linux-arm64,linux-x64 true" \
	"$(jq -r '"\([.comparisons[].platform] | sort | join(",")) \(.platforms[0].consistent)"' "$o/analysis.json")"
py=python3
[ -x /usr/bin/python3 ] && py=/usr/bin/python3
check "the workflow parses and has the matrix, the uploads and the final report" "$py" -c '
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
jobs = d["jobs"]
m, r = jobs["measure"], jobs["report"]
assert len(m["strategy"]["matrix"]["include"]) >= 2
steps = " ".join(str(s.get("run", "")) + str(s.get("uses", "")) for s in m["steps"])
assert "noisefloor run" in steps and "upload-artifact" in steps and "--platform" in steps
assert r["needs"] == "measure"
steps = " ".join(str(s.get("run", "")) + str(s.get("uses", "")) for s in r["steps"])
assert "download-artifact" in steps and "noisefloor report" in steps
assert "ci-summary.md" in steps and "GITHUB_STEP_SUMMARY" in steps and "noisefloor check" in steps
assert any(s.get("with", {}).get("path") == "report/report.html" for s in r["steps"])
' "$NF_ROOT/data/ci/github-actions.yml"
# The report job's own steps, run here as the runner would (after the build
# and the download): the report, the job summary, the gate.
w=$(tmpdir)
mkdir "$w/rounds" && cp "$d"/rounds-*.ndjson "$w/rounds/" && ln -s "$NF" "$w/noisefloor"
"$py" -c '
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
for s in d["jobs"]["report"]["steps"]:
    if "run" in s and "make" not in s["run"]:
        print(s["run"])
' "$NF_ROOT/data/ci/github-actions.yml" > "$w/steps.sh"
: > "$w/summary"
(cd "$w" && REPORT_URL=https://example.org/ci GITHUB_STEP_SUMMARY="$w/summary" bash -e steps.sh >/dev/null 2>&1)
# version 2 is slower in every round: the gate fails the job, after the
# summary and the uploads
check_eq "the report job's steps run, and check fails the job on the regression" 1 "$?"
check "the job summary holds ci-summary.md, linked to report.html" \
	grep -qF '](https://example.org/ci/report.html#' "$w/summary"
check "the report job uploads report.html" test -s "$w/report/report.html"

# --- the shipped example's runner -----------------------------------------
check "run.sh is valid bash" bash -n "$NF_ROOT/data/examples/node-versions/run.sh"
check "run.sh hands the rounds to noisefloor run --measure output" \
	grep -q 'run --measure output' "$NF_ROOT/data/examples/node-versions/run.sh"

# --- help ------------------------------------------------------------------
check_eq "run --help to stdout, exit 0" "0 usage: noisefloor run [options] --version LABEL=COMMAND --version LABEL=COMMAND..." \
	"$("$NF" run --help > "$NF_TMP/run-help.txt"; echo "$? $(head -n 1 "$NF_TMP/run-help.txt")")"
check "the main help names run" sh -c "'$NF' --help | grep -q 'noisefloor run \[options\]'"

# --- one version: said at the start, not only by the report ---------------------
d=$(tmpdir)
err=$("$NF" run -q --rounds 1 --passes 1 --warmup 0 --version a=true --out "$d/one.ndjson" 2>&1 >/dev/null); rc=$?
check_eq "a run of one version: it runs (0) and warns at once" \
	"0 noisefloor: warning: only one version, 'a', is measured: the report will have nothing to compare it with; give two versions or more (--version, or --list NAME=V1,V2)" \
	"$rc $(printf '%s\n' "$err" | grep 'only one version')"
check_eq "... before anything runs: the warning is the first line" "only one version" \
	"$(printf '%s\n' "$err" | head -n 1 | sed 's/^noisefloor: warning: \(only one version\).*/\1/')"
err=$("$NF" run -q --rounds 1 --passes 1 --warmup 0 --list 'v=0.01' 'sleep {v}' --out "$d/list.ndjson" 2>&1 >/dev/null)
check "... a --list of one value too" grep -q "^noisefloor: warning: only one version, '0.01', is measured" <<< "$err"
err=$("$NF" run -q --rounds 1 --passes 1 --warmup 0 --version a=true --version b=true --out "$d/two.ndjson" 2>&1 >/dev/null)
check_eq "two versions: no such warning" "" "$(printf '%s\n' "$err" | grep 'only one version')"

# --- a kill -9 during --resume --rounds's rewrite: its copy is removed next time --
# The rewrite writes the whole file beside it as FILE.XXXXXX and renames it
# over FILE; killed before the rename, the copy stays. The next --resume
# removes that copy (a regular file of ours holding FILE's header with
# another number of rounds and the start of its rounds) and nothing else.
d=$(tmpdir)
check "a run of 2 rounds with a stand-in command" "$NF" run -q --rounds 2 --passes 1 --warmup 0 \
	--version a=true --version b=true --out "$d/k.ndjson"
# the copy a rewrite to 4 rounds writes (its header printed as the rewrite does)
{ head -n 1 "$d/k.ndjson" | jq -c '.run.rounds = 4 | .notes |= sub("^2 rounds of "; "4 rounds of ")'
  tail -n +2 "$d/k.ndjson"; } > "$d/k.ndjson.Ab3dE9"
cp "$d/k.ndjson" "$d/k.ndjson.Bkp001"             # the user's copy: the same header
head -c 200 "$d/k.ndjson.Ab3dE9" > "$d/k.ndjson.Part01"   # no whole header line
echo "my notes" > "$d/k.ndjson.MyNote"             # a name it could have made, not its file
cp "$d/k.ndjson.Ab3dE9" "$d/elsewhere" && ln -s ../"$(basename "$d")"/elsewhere "$d/k.ndjson.Lnk123"
mkdir "$d/k.ndjson.Dir123" && cp "$d/k.ndjson.Ab3dE9" "$d/k.ndjson.Dir123/"
{ head -n 1 "$d/k.ndjson.Ab3dE9"; echo '{"workload":"w","version":"a","round":1,"unit":"ms","value":1}'; } \
	> "$d/k.ndjson.Other1"                     # its header, other rounds
cp "$d/k.ndjson.Ab3dE9" "$d/k.ndjson.Ab3dE9x"      # seven letters
err=$("$NF" run -q --resume --rounds 3 --out "$d/k.ndjson" 2>&1); rc=$?
check_eq "--resume removes the copy and says so in one line" \
	"0 noisefloor: '$d/k.ndjson': removed '$(realpath "$d")/k.ndjson.Ab3dE9', the copy a stopped --resume --rounds left beside it" \
	"$rc $(grep 'removed' <<< "$err")"
check_eq "... and leaves every other file as it was" \
	"k.ndjson k.ndjson.Ab3dE9x k.ndjson.Bkp001 k.ndjson.Dir123 k.ndjson.Lnk123 k.ndjson.MyNote k.ndjson.Other1 k.ndjson.Part01" \
	"$(cd "$d" && ls -d k.ndjson* | xargs)"
check_eq "... with their contents" "my notes|$(cat "$d/k.ndjson.Ab3dE9x")" \
	"$(cat "$d/k.ndjson.MyNote")|$(cat "$d/k.ndjson.Lnk123")"
check_eq "... and the run went on to 3 rounds" "3" "$(head -n 1 "$d/k.ndjson" | jq .run.rounds)"
# a real kill -9 just before the rename (strace stops the program there)
if strace -f -o /dev/null -e trace=none true 2>/dev/null; then
	(strace -f -o /dev/null -e trace=rename,renameat,renameat2 \
		-e inject=rename,renameat,renameat2:signal=KILL \
		"$NF" run -q --resume --rounds 5 --out "$d/k.ndjson"; :) >/dev/null 2>&1
	left=$(cd "$d" && ls -d k.ndjson.?????? | grep -vxE 'k.ndjson.(Bkp001|Dir123|Lnk123|MyNote|Other1|Part01)')
	check "killed during the rewrite to 5 rounds: a copy is left ($left)" test -f "$d/$left"
	err=$("$NF" run -q --resume --out "$d/k.ndjson" 2>&1)
	check "the next --resume removes it" sh -c "[ ! -e '$d/$left' ] && grep -q \"removed '.*/$left'\" <<'E'
$err
E"
	check_eq "... and the file still holds its 3 rounds of a run of 3" "3" "$(head -n 1 "$d/k.ndjson" | jq .run.rounds)"
fi
