#!/usr/bin/env bash
# t-sim.sh - the verdicts against data with a known truth (bench/sim.c).
#
# A short run of the simulation from a fixed seed; the thresholds are the
# ones the verdicts promise: at most 5 % false claims among truly equal pairs
# in every design, never a claim naming the wrong winner, a true 10 %
# difference with 30 shared sessions claimed in at least 80 % of comparisons,
# seven equal interleaved rounds at least as powerful as the published rule
# with the rank test beside it (what `noisefloor check` required), the bimodal version flagged and (almost) nothing else.
# bench/sim.sh prints the full table with more replicates.
. "$(dirname "$0")/lib.sh"

if ! make -s -C "$NF_ROOT" sim > "$NF_TMP/sim-build.log" 2>&1; then
	fail "simulation builds" "$(tail -n 20 "$NF_TMP/sim-build.log")"
	exit 0
fi
pass "simulation builds"
t="$NF_TMP/sim.tsv"
"$NF_ROOT/build/sim" "${NF_SIM_REPLICATES:-120}" 1 > "$t"
check_eq "simulation ran every design" 85 "$(tail -n +2 "$t" | wc -l)"

# per design: false claims / null pairs <= 5 %
while read -r design nulls falses; do
	if awk -v f="$falses" -v n="$nulls" 'BEGIN { exit !(n == 0 || f <= 0.05 * n) }'; then
		pass "$design: false claims $falses of $nulls null pairs (<= 5 %)"
	else
		fail "$design: false claims $falses of $nulls null pairs (<= 5 %)"
	fi
done < <(awk -F'\t' 'NR > 1 { n[$1] += $3; f[$1] += $4; if (!($1 in o)) { o[$1] = ++k; d[k] = $1 } }
	END { for (i = 1; i <= k; i++) print d[i], n[d[i]], f[d[i]] }' "$t")

# The one exemption: seven rounds whose single runs are each 2x slow with
# chance 0.4 (sitting-7-own). Now and then most runs of the faster version
# are the slow ones and the published rule (best rounds, with the rank test)
# names the other: 1 of 1,400 effect pairs at 20 % in 200 replicates before
# the pairing existed, 9 of 21,000 in 1000 replicates now (bench/sim.sh).
# At most 1 in 500 there, from the published rule alone; the pairing's own
# wrong winners (column 14) are held to none here (1000 replicates find 5
# in 70,000 effect pairs of the paired designs: README "Designs").
check_eq "no claim names the wrong winner (the published rule in sitting-7-own excepted)" "" \
	"$(awk -F'\t' 'NR > 1 && $7 - $14 > ($1 == "sitting-7-own" ? 0.002 * $5 : 0) { print $1 " " $2 ": " $7 " wrong" }' "$t")"
check_eq "no claim of the pairing names the wrong winner, in any design" "" \
	"$(awk -F'\t' 'NR > 1 && $14 > 0 { print $1 " " $2 ": " $14 " wrong (paired)" }' "$t")"

row() { awk -F'\t' -v d="$1" -v e="$2" '$1 == d && $2 == e' "$t"; }
r=$(row sessions-30 10%)
check "a true 10 % difference in 30 shared sessions is claimed in >= 80 %: $(echo "$r" | cut -f5,6)" \
	awk -F'\t' '{ exit !($6 >= 0.8 * $5) }' <<< "$r"

for d in interleaved-7 interleaved-7-untimed; do
	check_eq "$d: every effect claimed at least as often as by the published rule with the rank test" "" \
		"$(awk -F'\t' -v d="$d" '$1 == d && $6 < $9 { print $2 ": " $6 " < " $9 }' "$t")"
done

# the family of the correction is one comparison: seven equal interleaved
# rounds in a report of seven workloads claim a true 10 % difference in at
# least a fifth of the comparisons (Holm across the whole report: 17 %)
for d in interleaved-7 interleaved-7-untimed; do
	r=$(row $d 10%)
	check "$d: a true 10 % difference is claimed in >= 20 % in a report of seven workloads: $(echo "$r" | cut -f5,6)" \
		awk -F'\t' '{ exit !($6 >= 0.2 * $5) }' <<< "$r"
done

# one version's second code path no longer hides the others: with it set
# apart, a true 20 % difference among the other versions is claimed in at
# least half of the comparisons (within its ±spread: 1 % before)
r=$(row bimodal-7 20%)
check "bimodal-7: the others' true 20 % difference is claimed in >= 50 %: $(echo "$r" | cut -f5,6)" \
	awk -F'\t' '{ exit !($6 >= 0.5 * $5) }' <<< "$r"

r=$(row bimodal-7 none)
check "the version with a slow mode is flagged in >= 80 % of replicates: $(echo "$r" | cut -f11,12)" \
	awk -F'\t' '{ exit !($12 >= 0.8 * $11) }' <<< "$r"
check_eq "at most 1 % of versions without a slow mode are flagged" "" \
	"$(awk -F'\t' 'NR > 1 { v += $10 - $11; f += $13 } END { if (f > 0.01 * v) print f " of " v }' "$t")"

# one sitting of 20 interleaved rounds on a machine 2x slower in 40 % of the
# rounds: the pairing claims a true 10 % difference the best rounds' range
# (about ±50 %) hides, in at least 80 % of the comparisons
r=$(row sitting-20-shared 10%)
check "sitting-20-shared: a true 10 % difference is claimed in >= 80 % (paired): $(echo "$r" | cut -f5,6)" \
	awk -F'\t' '{ exit !($6 >= 0.8 * $5) }' <<< "$r"
