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
"$NF_ROOT/build/sim" "${NF_SIM_REPLICATES:-120}" "${NF_SIM_SEED:-1}" > "$t"
check_eq "simulation ran every design" 105 "$(tail -n +2 "$t" | wc -l)"

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
# in 70,000 effect pairs of the paired designs: doc/method.md, "Designs").
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

# the family of the correction is one comparison, and the pairing's claim
# may rest on either rank test: seven equal interleaved rounds claim a true
# 10 % difference in at least half of the comparisons (840 of them here,
# 62-67 % with seeds 1 to 8; 66 % in 1000 replicates; 17 % with Holm across
# the whole report, 54-56 % with the signed rank test alone)
for d in interleaved-7 interleaved-7-untimed; do
	r=$(row $d 10%)
	check "$d: a true 10 % difference is claimed in >= 50 %: $(echo "$r" | cut -f5,6)" \
		awk -F'\t' '{ exit !($6 >= 0.5 * $5) }' <<< "$r"
done

# Drift. Rounds that share the machine move together: the drift note tests
# the rounds' common factor (the machine) and each version against the
# others of the same rounds, each at 2.5 %, not the versions' trends as if
# independent (11-21 % false notes in the shared designs before). Without
# any drift, at most 5 % of the comparisons with paired rounds charge a
# drift to the versions, at most 5 % name the machine, and at most 5 % get
# a note of either kind over all of them (each design alone 2-5.5 %: the
# two tests together are a 5 % test); a machine that drifts or walks is the
# machine's note, and at most 5 % charge it to the versions.
nodrift='^(interleaved-7|interleaved-7-untimed|bimodal-7|sessions-30|sitting-.*|shared-3x10)$'
check_eq "no drift: at most 5 % of comparisons with paired rounds charge a drift to the versions" "" \
	"$(awk -F'\t' -v re="$nodrift" 'NR > 1 && $1 ~ re { n[$1] += $15; f[$1] += $16 }
		END { for (d in n) if (f[d] > 0.05 * n[d]) print d ": " f[d] " of " n[d] }' "$t")"
check_eq "no drift: at most 5 % of comparisons with paired rounds name a drifting machine" "" \
	"$(awk -F'\t' -v re="$nodrift" 'NR > 1 && $1 ~ re { n[$1] += $15; f[$1] += $17 }
		END { for (d in n) if (f[d] > 0.05 * n[d]) print d ": " f[d] " of " n[d] }' "$t")"
r=$(awk -F'\t' -v re="$nodrift" 'NR > 1 && $1 ~ re { n += $15; f += $21 } END { print n "\t" f }' "$t")
check "no drift: at most 5 % of all those comparisons get a drift note of either kind: $r" \
	awk -F'\t' '{ exit !($2 <= 0.05 * $1) }' <<< "$r"
check_eq "a drifting machine: at most 5 % of comparisons charge the drift to the versions" "" \
	"$(awk -F'\t' 'NR > 1 && $1 ~ /^(drift-7|shared-3x10-walk)$/ { n[$1] += $15; f[$1] += $16 }
		END { for (d in n) if (f[d] > 0.05 * n[d]) print d ": " f[d] " of " n[d] }' "$t")"
r=$(awk -F'\t' '$1 == "shared-3x10-walk" { n += $15; f += $17 } END { print n "\t" f }' "$t")
check "a machine's random walk is named the machine's in >= 25 % of comparisons: $r" \
	awk -F'\t' '{ exit !($2 >= 0.25 * $1) }' <<< "$r"
# one version of three drifting 15 % against the others over 10 rounds
# that share 2x slow rounds: found in at least 35 % of the comparisons
# (about 43 % in 1000 replicates)
r=$(awk -F'\t' '$1 == "shared-3x10-own-drift" { n += $15; f += $16 } END { print n "\t" f }' "$t")
check "one version's drift against the others is found in >= 35 %: $r" \
	awk -F'\t' '{ exit !($2 >= 0.35 * $1) }' <<< "$r"

# A fixed run order is flagged in every comparison that has one and in no
# other; under a slow drift its false claims stay within the 5 % above
# (the pairing takes the drift between places off: 5.4 % before)
check_eq "a fixed run order is flagged exactly where the order never rotates" "" \
	"$(awk -F'\t' 'NR > 1 && $19 != ($1 ~ /^fixed-order/ ? $15 : 0) { print $1 " " $2 ": " $19 " of " $15 }' "$t")"

# The headline is the strongest claim: never a false or wrong one while
# another pair of the comparison claims a true difference
check_eq "no wrong headline" "" \
	"$(awk -F'\t' 'NR > 1 && $18 > 0 { print $1 " " $2 ": " $18 }' "$t")"

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
