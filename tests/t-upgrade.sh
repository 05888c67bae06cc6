# Histories read like a story (issue 25): on a generated nine-month CI
# history (tests/tables/gen-history.py: dated rounds of six release lines,
# select about 2.2x faster from 22 on, darwin-arm64 with 18 only), written
# once with lines as versions and once with exact releases:
# - every verdict table shows the value its verdict compared (the median of
#   a history) with the band it used (the middle 80 %), under a header that
#   says so: terminal, blog.md, issue.md, verdicts.csv, analysis.json;
# - --from 22 opens summary.md (and blog.md) with what changes from 22 to the
#   recommended line, --from 20 gives select's confirmed doubling with its
#   interval, --to moves the target, a bad --from/--to is refused with the
#   versions there are and nothing written; without --from summary.md still
#   says what moving from the oldest supported line changes;
# - summary.md fits one printed page (at most 60 lines) with a platform
#   column, and issue.md's "How often does it reproduce?" speaks of what is
#   filed.
. tests/lib.sh
d=$(tmpdir)
python3 tests/tables/gen-history.py "$d/lines.ndjson" lines
python3 tests/tables/gen-history.py "$d/releases.ndjson" releases
AS_OF=--as-of=2026-11-30

# ---- tables show the statistic that was compared ----
COLUMNS=200 "$NF" report "$AS_OF" --formats json,md,csv --out "$d/l" "$d/lines.ndjson" > "$d/l.term" 2> /dev/null
check_eq "history: analysis.json says each comparison compared medians against the middle 80%" \
	"median middle-80 median of 18 to 132 rounds ± middle 80%" \
	"$(jq -r '[.comparisons[] | select(.platform == "linux-x64") | "\(.compared.level) \(.compared.band) \(.compared.text)"] | unique | join("|")' "$d/l/analysis.json")"
check_eq "history: each version's level is its median, its band the middle-80 spread" "" \
	"$(jq -r '.comparisons[] | select(.design == "history") | .versions[] | select(.level != .median or .band != .quantile_spread) | .version' "$d/l/analysis.json")"
check "terminal: the line above the table says median ± middle 80%" \
	grep -qx 'each cell: median of 18 to 132 rounds ± middle 80%' "$d/l.term"
# Production · select's 20 and 22 columns: the medians, not the best rounds
want=$(jq -r '.comparisons[] | select(.workload == "Production · select" and .platform == "linux-x64") | .versions[] | select(.version == "20" or .version == "22") | .level | round' "$d/l/analysis.json" | xargs)
best=$(jq -r '.comparisons[] | select(.workload == "Production · select" and .platform == "linux-x64") | .versions[] | select(.version == "20" or .version == "22") | .best | round' "$d/l/analysis.json" | xargs)
got=$(grep '^Production · select ' "$d/l.term" | head -n 1 | tr -s ' ' '\n' | grep -E '^[0-9,]+$' | tr -d , | sed -n '2p;3p' | xargs)
check_eq "terminal: select's cells are the medians compared ($want), not the best rounds ($best)" "$want" "$got"
for doc in blog; do
	check "$doc.md: the verdict table's header says median of N rounds ± middle 80%" \
		grep -qF '| Workload: median of 18 to 132 rounds ± middle 80% | 18 | 20 | 22 | 24 | 25 | 26 | Verdict |' "$d/l/$doc.md"
	# (blog.md marks a history's rows with a footnote, ¹)
	got=$(grep -m1 -E '^\| Production · select (¹ )?\(ops/s\) \|' "$d/l/$doc.md" | cut -d'|' -f4,5 | tr -d ' *,' | sed 's/±[0-9.]*%//g')
	check_eq "$doc.md: select's 20 and 22 cells are the medians compared" "$(echo "$want" | tr ' ' '|')" "$got"
done
check_eq "verdicts.csv: compared, then each version's value and band" \
	"workload,platform,unit,compared,18 value,18 band,20 value,20 band" \
	"$(head -n 1 "$d/l/verdicts.csv" | cut -d, -f1-8)"
check_eq "verdicts.csv: select's values are analysis.json's levels" \
	"$(jq -r '.comparisons[] | select(.workload == "Production · select" and .platform == "linux-x64") | [.versions[] | .level] | map(tostring) | join(" ")' "$d/l/analysis.json")" \
	"$(grep '^Production · select,linux-x64' "$d/l/verdicts.csv" | cut -d, -f5,7,9,11,13,15 | tr ',' ' ')"

# ---- what changes if I upgrade ----
"$NF" report -q "$AS_OF" --from 22 --formats json,md,pdf --out "$d/f22" "$d/lines.ndjson" 2> /dev/null
check_eq "--from 22: summary.md opens with what changes from 22 to the recommended line" \
	"## What changes from 22 to 26" "$(grep -m1 '^## ' "$d/f22/summary.md")"
check_eq "--from 22: blog.md opens with it too" "## What changes from 22 to 26" "$(grep -m1 '^## ' "$d/f22/blog.md")"
check "--from 22: it gives the support status of both ends" \
	grep -qF '22 is in Maintenance LTS until 2027-04-30; 26 is in Active LTS until 2029-04-30.' "$d/f22/summary.md"
check_eq "--from 22: analysis.json's upgrade (from, to, a row per comparison: no confirmed change on linux-x64, darwin-arm64 unmeasured)" \
	"true 22 v26 16 none:8 unmeasured:8" \
	"$(jq -r '.upgrade | "\(.given) \(.from.name) \(.to.line) \(.rows | length) " + ([.rows[].change] | group_by(.) | map("\(.[0]):\(length)") | join(" "))' "$d/f22/analysis.json")"
check "--from 22: a section of summary.md and of the PDF" sh -c \
	"grep -q '^## What changes from 22 to 26' '$d/f22/summary.md' && pdftotext '$d/f22/report.pdf' - | grep -q 'What changes from 22 to 26'"
"$NF" report -q "$AS_OF" --from 20 --formats json,md --out "$d/f20" "$d/lines.ndjson" 2> /dev/null
check_eq "--from 20: select's doubling is confirmed on both selects, the rest is no confirmed change" \
	"Production · select better|WAL 1000 · select better" \
	"$(jq -r '[.upgrade.rows[] | select(.change == "better" or .change == "worse") | "\(.workload) \(.change)"] | sort | join("|")' "$d/f20/analysis.json")"
check_eq "--from 20: each change lies inside its 95 % interval, above +100 %" "" \
	"$(jq -r '.upgrade.rows[] | select(.change == "better") | select(.ci[0] > .ratio or .ratio > .ci[1] or .ci[0] < 2) | .workload' "$d/f20/analysis.json")"
check "--from 20: summary.md lists the change in plain words, with platform-free rows" \
	grep -qE '^\| Production · select \| 20 → 26 \| 26 faster than 20 by 2\.[0-9]× \|$' "$d/f20/summary.md"
check "--from 20: blog.md lists it with its interval" \
	grep -qE '^\| Production · select \| 20 → 26 \| 26 does 2\.[0-9]× the ops/s of 20 \(medians of a history\); 95% interval 2\.[0-9]× to 2\.[0-9]×, better \|$' "$d/f20/blog.md"
"$NF" report -q "$AS_OF" --from 20 --to 24 --formats json --out "$d/t24" "$d/lines.ndjson" 2> /dev/null
check_eq "--to 24: the target moves" "20 24 Maintenance LTS" \
	"$(jq -r '.upgrade | "\(.from.name) \(.to.name) \(.to.status)"' "$d/t24/analysis.json")"
msg=$("$NF" report -q "$AS_OF" --from 23 --out "$d/bad" "$d/lines.ndjson" 2>&1); rc=$?
check_eq "a --from no version or line measured: exit 2, the versions there are, nothing written" \
	"2 noisefloor: --from '23' is not among the measured versions: 18, 20, 22, 24, 25, 26 no folder" \
	"$rc $(printf '%s\n' "$msg" | head -n 1) $([ -e "$d/bad" ] && echo folder || echo no folder)"
msg=$("$NF" report -q "$AS_OF" --from 22 --to 27.1.0 --out "$d/bad" "$d/lines.ndjson" 2>&1); rc=$?
check_eq "a --to no version measured: exit 2, nothing written" \
	"2 noisefloor: --to '27.1.0' is not among the measured versions: 18, 20, 22, 24, 25, 26 no folder" \
	"$rc $(printf '%s\n' "$msg" | head -n 1) $([ -e "$d/bad" ] && echo folder || echo no folder)"
check_eq "without --from: summary.md says what moving from the oldest supported line to the recommended one changes" \
	"## What changes from v22 to v26|false" \
	"$(grep '^## What changes' "$d/l/summary.md")|$(jq -r '.upgrade.given' "$d/l/analysis.json")"
check "without --from: blog.md does not open with it" sh -c "! grep -q '^## What changes' '$d/l/blog.md'"

# ---- summary.md is one page ----
"$NF" report -q "$AS_OF" --formats json,md --out "$d/r" "$d/releases.ndjson" 2> /dev/null
"$NF" report -q "$AS_OF" --by release --from 22 --formats json,md --out "$d/r22" "$d/releases.ndjson" 2> /dev/null
for o in l f20 r r22; do
	check "summary.md fits one printed page ($o: $(wc -l < "$d/$o/summary.md") lines)" \
		test "$(wc -l < "$d/$o/summary.md")" -le 60
done
check "summary.md: a platform column where rows could repeat" \
	grep -qx '| Workload | Platform | What we measured |' "$d/l/summary.md"
check "summary.md: the confirmed findings, the rest counted and left to report.pdf" \
	grep -qx 'The confirmed findings (2 of 2); the other 14 comparisons are in report.pdf and analysis.json.' "$d/l/summary.md"
check_eq "--from 22 on exact releases compared --by release: each comparison takes the newest 22 release it measured" \
	"22.22.0" "$(jq -r '[.upgrade.rows[] | .from // empty] | unique | join(" ")' "$d/r22/analysis.json")"
check_eq "releases that give as many verdicts one by one as by line stay releases by default (a regression is named by its release)" \
	"release false 8 8" "$(jq -r '.grouping | "\(.by) \(.forced) \(.comparisons_with_enough_rounds_by_line) \(.comparisons_with_enough_rounds_by_release)"' "$d/r/analysis.json")"

# ---- issue.md: how often what is filed reproduces ----
"$NF" report -q "$AS_OF" --formats md,json --out "$d/ship" "$NF_ROOT/data/examples/node-versions/rounds.json" 2> /dev/null
filed=$(jq -r '[.comparisons[] | select(.verdict == "faster" and ((.pairs | length) > 0)) ] | length' "$d/ship/analysis.json")
check_eq "issue.md: How often speaks of the lead finding (the anomaly of 24.22.3), not of the $filed confirmed claims" \
	"24.22.3: 4 of 7 rounds are 13× slower than the other versions in the same rounds." \
	"$(sed -n '/^### How often/,/^### What is the expected/p' "$d/ship/issue.md" | grep -v '^#\|^$')"
