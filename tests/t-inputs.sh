# Inputs that would fake evidence (doc/inputs.md, "Several inputs"): a round given
# twice - the same file twice, a copy under another name, one round repeated
# in another file - is counted once, with a warning that names both places,
# in report, check and convert alike; rounds of one platform from machines
# that differ are never pooled silently: every document warns and
# analysis.json lists each machine. Inputs that merge legitimately (other
# versions in other files, the same version on other days) pass untouched.
. tests/lib.sh
S=data/examples/node-versions/rounds.json
Q=data/examples/better-sqlite3/rounds.ndjson
d=$(tmpdir)

# rounds D: every version's rounds in analysis.json, one line
rounds() { jq -c '[.comparisons[].versions[].rounds]' "$1/analysis.json"; }
# verdicts D: every comparison's verdict and numbers, without the words
verdicts() { jq -S '[.comparisons[] | {workload, platform, verdict, gap, noise, pairs}]' "$1/analysis.json"; }

"$NF" report --formats json,md --out "$d/one" "$S" > /dev/null 2> "$d/one.err"
check_eq "the shipped example alone: no warning about its inputs" "" \
	"$(grep -E 'repeat|given twice|machines' "$d/one.err")"
seven=$(rounds "$d/one")

# --- the same file twice ----------------------------------------------------
"$NF" report --formats json,md --out "$d/twice" "$S" "$S" > /dev/null 2> "$d/twice.err"
check_eq "report: one file given twice is said once on stderr" \
	"warning: '$S' is given twice: its 196 rounds are counted once" \
	"$(grep 'given twice' "$d/twice.err")"
check_eq "report: one file given twice: every version still has its 7 rounds" "$seven" "$(rounds "$d/twice")"
check_eq "report: one file given twice: the verdicts are those of the file alone" \
	"$(verdicts "$d/one")" "$(verdicts "$d/twice")"

# --- a copy under another name ----------------------------------------------
cp "$S" "$d/copy.json"
"$NF" report --formats json,md --out "$d/copy" "$S" "$d/copy.json" > /dev/null 2> "$d/copy.err"
want="'$d/copy.json' repeats all 196 rounds of '$S' exactly (the same workload, version, platform, round and values; the first is '$d/copy.json' result 1, as '$S' result 1): most likely one file given twice; each round is counted once"
check_eq "report: a renamed copy is named with both places on stderr" "warning: $want" \
	"$(grep 'repeats all' "$d/copy.err")"
check_eq "report: a renamed copy does not double the rounds" "$seven" "$(rounds "$d/copy")"
check_eq "report: a renamed copy changes no verdict (no claim made of doubled rounds)" \
	"$(verdicts "$d/one")" "$(verdicts "$d/copy")"
check_eq "analysis.json: the warning is among its warnings" "$want" \
	"$(jq -r '.warnings[] | select(test("repeats all"))' "$d/copy/analysis.json")"
check "summary.md warns about the copy" grep -qF "repeats all 196 rounds" "$d/copy/summary.md"
check "issue.md warns about the copy" grep -qF "repeats all 196 rounds" "$d/copy/issue.md"
check "blog.md warns about the copy" grep -qF "repeats all 196 rounds" "$d/copy/blog.md"
# the issue's case: doubled rounds turned two "not confirmed" into claims
check_eq "the shipped example keeps its two 'not confirmed' verdicts with a copy beside it" "2" \
	"$(jq '[.comparisons[] | select(.verdict == "not-confirmed")] | length' "$d/copy/analysis.json")"

# check: the same gate, with the warning
"$NF" check "$S" > "$d/check-one.out" 2> /dev/null; rc_one=$?
"$NF" check "$S" "$d/copy.json" > "$d/check-copy.out" 2> "$d/check-copy.err"; rc_copy=$?
check_eq "check: a copy beside the file gives the file's exit status" "$rc_one" "$rc_copy"
check_file "check: a copy beside the file gives the file's lines" "$d/check-one.out" "$d/check-copy.out"
check_eq "check: the copy is named on stderr" "warning: $want" "$(grep 'repeats all' "$d/check-copy.err")"
# convert: the merged rounds hold each round once
"$NF" convert "$S" > "$d/conv-one.ndjson"
"$NF" convert "$S" "$d/copy.json" > "$d/conv-copy.ndjson" 2> "$d/conv-copy.err"
check_file "convert: a copy beside the file writes the file's rounds once" "$d/conv-one.ndjson" "$d/conv-copy.ndjson"
check_eq "convert: the copy is named on stderr" "warning: $want" "$(grep 'repeats all' "$d/conv-copy.err")"

# NDJSON: the places are lines
cp "$Q" "$d/copy.ndjson"
"$NF" report --formats json --out "$d/qcopy" "$Q" "$d/copy.ndjson" > /dev/null 2> "$d/qcopy.err"
check "NDJSON: a copy's places are lines" grep -qF \
	"repeats all 960 rounds of '$Q' exactly (the same workload, version, platform, round and values; the first is '$d/copy.ndjson' line 2, as '$Q' line 2)" \
	"$d/qcopy.err"
check_eq "NDJSON: a copy does not double the rounds" \
	"$(jq -c '[.comparisons[].versions[].rounds] | unique' "$d/qcopy/analysis.json")" "[30]"

# --- one round repeated in an otherwise different file ----------------------
# day 2: the same rounds 1 % slower, except the third result, copied as it is
jq '.results |= [to_entries[] | if .key == 2 then .value else .value | .passes |= map(. * 1.01) end]' \
	"$S" > "$d/day2.json"
"$NF" report --formats json,md --out "$d/rep" "$S" "$d/day2.json" > /dev/null 2> "$d/rep.err"
check_eq "one round repeated in another file: counted once, both places named" \
	"warning: 1 of the 196 rounds of '$d/day2.json' repeats a round of '$S' exactly (the same workload, version, platform, round and values; the first is '$d/day2.json' result 3, as '$S' result 3): it is counted once" \
	"$(grep 'repeats a round' "$d/rep.err")"
w=$(jq -r '.results[2] | .workload + "|" + .version' "$S")
check_eq "one round repeated: its version has 13 rounds, not 14" "13" \
	"$(jq --arg w "${w%|*}" --arg v "${w#*|}" '.comparisons[] | select(.workload == $w) | .versions[] | select(.version == $v) | .rounds' "$d/rep/analysis.json")"
check_eq "one round repeated: every other version has its 14 rounds" "[14]" \
	"$(jq -c --arg w "${w%|*}" --arg v "${w#*|}" '[.comparisons[] | .workload as $x | .versions[] | select($x != $w or .version != $v) | .rounds] | unique' "$d/rep/analysis.json")"
"$NF" check "$S" "$d/day2.json" > /dev/null 2> "$d/rep-check.err"
check "check: one repeated round is named too" grep -q "repeats a round of '$S' exactly" "$d/rep-check.err"
"$NF" convert "$S" "$d/day2.json" > "$d/rep.ndjson" 2> /dev/null
check_eq "convert: one repeated round is written once" "391" "$(grep -c '"workload"' "$d/rep.ndjson")"
# the same round number with another value is another day's round, not a repeat
jq '.results[2].passes[0] *= 1.000001' "$d/day2.json" > "$d/day2b.json"
"$NF" report --formats json --out "$d/rep2" "$S" "$d/day2b.json" > /dev/null 2> "$d/rep2.err"
check_eq "one pass different: no repeat, 14 rounds a version" "[14]" \
	"$(jq -c '[.comparisons[].versions[].rounds] | unique' "$d/rep2/analysis.json")"
check_eq "one pass different: no warning about repeats" "" "$(grep -E 'repeat|given twice' "$d/rep2.err")"
# the same round at another time is another round
jq '.results |= map(.timestamp = "2026-11-20T10:00:00Z")' "$S" > "$d/t1.json"
jq '.results |= map(.timestamp = "2026-11-21T10:00:00Z")' "$S" > "$d/t2.json"
"$NF" report --formats json --out "$d/times" "$d/t1.json" "$d/t2.json" > /dev/null 2> "$d/times.err"
check_eq "the same values at other timestamps: other rounds, 14 a version" "[14]" \
	"$(jq -c '[.comparisons[].versions[].rounds] | unique' "$d/times/analysis.json")"
# a repeated round within one file stays an error with both places
jq '.results += [.results[0]]' "$S" > "$d/inner.json"
check_status "a round given twice within one file is still refused" 65 "$NF" convert "$d/inner.json"
"$NF" convert "$d/inner.json" 2> "$d/inner.err" > /dev/null
check "the refusal names both places" grep -q "appears twice ('$d/inner.json' result 1 and '$d/inner.json' result 197)" "$d/inner.err"

# results without round numbers: each file's rounds count from its start
jq 'del(.results[].round)' "$S" > "$d/nr1.json"
cp "$d/nr1.json" "$d/nr2.json"
"$NF" report --formats json --out "$d/nr" "$d/nr1.json" "$d/nr2.json" > /dev/null 2> "$d/nr.err"
check_eq "without round numbers: a copy is counted once" "$seven" "$(rounds "$d/nr")"
check "without round numbers: the copy is named" grep -q "'$d/nr2.json' repeats all 196 rounds" "$d/nr.err"

# --- legitimate merges pass untouched ---------------------------------------
for v in 20.20.2 22.23.5 24.22.3 26.12.1; do
	jq --arg v "$v" '.results |= map(select(.version == $v))' "$S" > "$d/v$v.json"
done
"$NF" report --formats json --out "$d/split" "$d"/v*.json > /dev/null 2> "$d/split.err"
check_eq "one version a file: no warning about repeats or machines" "" \
	"$(grep -E 'repeat|given twice|machines' "$d/split.err")"
check_eq "one version a file: the verdicts of the one file" "$(verdicts "$d/one")" "$(verdicts "$d/split")"
check_eq "one version a file: 7 rounds a version" "$seven" "$(rounds "$d/split")"
jq '.results |= map(.passes |= map(. * 1.01))' "$S" > "$d/other-day.json"
"$NF" report --formats json --out "$d/days" "$S" "$d/other-day.json" > /dev/null 2> "$d/days.err"
check_eq "the same version on another day, other values: 14 rounds a version" "[14]" \
	"$(jq -c '[.comparisons[].versions[].rounds] | unique' "$d/days/analysis.json")"
check_eq "the same version on another day: no warning about repeats or machines" "" \
	"$(grep -E 'repeat|given twice|machines' "$d/days.err")"
check_eq "the same machine in two files: one machine, both inputs" \
	"[{\"platform\":\"linux-x64\",\"cpu\":\"Intel(R) Xeon(R) Processor\",\"cores\":\"2\",\"inputs\":[\"$S\",\"$d/other-day.json\"]}]" \
	"$(jq -c .machines "$d/days/analysis.json")"

# --- two machines under one platform name -----------------------------------
jq '.environment.cpu = "AMD EPYC 7763 64-Core Processor" | .environment.cores = 4
	| .results |= map(.passes |= map(. * 1.3))' "$S" > "$d/amd.json"
"$NF" report --out "$d/mach" "$S" "$d/amd.json" > /dev/null 2> "$d/mach.err"
msg="the rounds on linux-x64 come from 2 machines and are pooled as one platform: Intel(R) Xeon(R) Processor with 2 cores ('$S'); AMD EPYC 7763 64-Core Processor with 4 cores ('$d/amd.json'); a difference between the machines is charged to the versions each ran and widens the spreads: give each machine a platform name of its own to compare them apart"
check_eq "two machines: report's stderr warns" "warning: $msg" "$(grep 'machines' "$d/mach.err")"
for f in summary.md issue.md blog.md report.html; do
	check "two machines: $f warns" grep -qF "come from 2 machines and are pooled as one platform" "$d/mach/$f"
done
pdftotext "$d/mach/report.pdf" - | tr '\n' ' ' > "$d/mach.pdf.txt"
check "two machines: report.pdf warns" grep -q "come from 2 machines and are" "$d/mach.pdf.txt"
check_eq "two machines: analysis.json's warnings hold it" "$msg" \
	"$(jq -r '.warnings[] | select(test("machines"))' "$d/mach/analysis.json")"
check_eq "two machines: analysis.json lists both, with their inputs" \
	"[{\"platform\":\"linux-x64\",\"cpu\":\"Intel(R) Xeon(R) Processor\",\"cores\":\"2\",\"inputs\":[\"$S\"]},{\"platform\":\"linux-x64\",\"cpu\":\"AMD EPYC 7763 64-Core Processor\",\"cores\":\"4\",\"inputs\":[\"$d/amd.json\"]}]" \
	"$(jq -c .machines "$d/mach/analysis.json")"
"$NF" check "$S" "$d/amd.json" > /dev/null 2> "$d/mach-check.err"
check_eq "two machines: check warns" "warning: $msg" "$(grep 'machines' "$d/mach-check.err")"
"$NF" convert "$S" "$d/amd.json" > /dev/null 2> "$d/mach-conv.err"
check_eq "two machines: convert warns" "warning: $msg" "$(grep 'machines' "$d/mach-conv.err")"
# the cores alone differ
jq '.environment.cores = 8' "$S" > "$d/cores8.json"
jq '.results |= map(.passes |= map(. * 1.01))' "$d/cores8.json" > "$d/cores8b.json"
"$NF" report --formats json --out "$d/cores" "$S" "$d/cores8b.json" > /dev/null 2> "$d/cores.err"
check "the cores alone differ: warned" grep -qF \
	"Intel(R) Xeon(R) Processor with 2 cores ('$S'); Intel(R) Xeon(R) Processor with 8 cores ('$d/cores8b.json')" \
	"$d/cores.err"
# an input that records no machine does not count as another machine
jq 'del(.environment.cpu, .environment.cores)' "$d/other-day.json" > "$d/nomachine.json"
"$NF" report --formats json --out "$d/nom" "$S" "$d/nomachine.json" > /dev/null 2> "$d/nom.err"
check_eq "an input that records no machine: no warning" "" "$(grep 'machines' "$d/nom.err")"
check_eq "an input that records no machine: listed with null cpu and cores" \
	'[null,null]' "$(jq -c '[.machines[] | select(.cpu == null) | .cpu, .cores]' "$d/nom/analysis.json")"
# each machine on a platform of its own: compared apart, no warning
jq '.results |= map(.platform = "linux-x64-amd")' "$d/amd.json" > "$d/amd-own.json"
"$NF" report --formats json --out "$d/apart" "$S" "$d/amd-own.json" > /dev/null 2> "$d/apart.err"
check_eq "machines on platforms of their own: no warning" "" "$(grep 'machines' "$d/apart.err")"
check_eq "machines on platforms of their own: each its 7 rounds" "[7]" \
	"$(jq -c '[.comparisons[].versions[].rounds] | unique' "$d/apart/analysis.json")"
# a later runner file's machine is its own, not the first file's
F=tests/fixtures/gbench
jq '.context.num_cpus = 64' "$F/sort-O2.json" > "$d/gb64.json"
"$NF" report --formats json --out "$d/gb" O1="$F/sort-O1.json" O2="$d/gb64.json" > /dev/null 2> "$d/gb.err"
check "Google Benchmark files from two machines: warned" grep -q "come from 2 machines" "$d/gb.err"
