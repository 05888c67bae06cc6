#!/usr/bin/env bash
# bench/sim.sh - the verdicts against data with a known truth.
#
# Builds build/sim (bench/sim.c: the real analysis, without main.c), runs
# REPLICATES replicates of every design and effect from a fixed SEED and
# prints the table design x effect -> claims: false claims among truly equal
# pairs, true differences claimed, claims naming the wrong winner, what the
# published rule alone would claim ("rule only") and what it claims with the
# rank test confirming ("today": what `noisefloor check` required), and
# bimodal versions flagged, and how many wrong claims rest on the pairing
# of rounds ("wrong paired"); then per comparison: drift notes that charge
# a trend to the versions ("drift vers"), drift notes that name the machine
# ("drift mach"), verdicts headed by a false or wrong claim while a true one
# exists ("wrong head") and comparisons flagged for a fixed run order.
# Each replicate is a report of WORKLOADS workloads in the same design.
# Usage: bench/sim.sh [REPLICATES [SEED [WORKLOADS [DESIGN]]]] (defaults 1000,
# 1 and 7; DESIGN: that design only).
# tests/t-sim.sh holds the thresholds on a smaller run.
set -euo pipefail
cd "$(dirname "$0")/.."
make -s sim
build/sim "${1:-1000}" "${2:-1}" "${3:-7}" ${4:+"$4"} | awk -F'\t' '
function pct(a, b) { return b ? sprintf("%5.1f%%", 100 * a / b) : "     -" }
NR == 1 {
	printf "%-22s %-6s %12s %9s %6s %10s %10s %9s %9s %7s %7s %7s %6s %6s\n", "design", "effect", "false claims", "claimed",
		"wrong", "published", "pub+test", "bimodal", "false", "wrong", "drift", "drift", "wrong", "fixed"
	printf "%-22s %-6s %12s %9s %6s %10s %10s %9s %9s %7s %7s %7s %6s %6s\n", "", "", "(null pairs)", "(effects)",
		"", "rule only", "(today)", "flagged", "flags", "paired", "vers", "mach", "head", "order"
	next
}
{
	printf "%-22s %-6s %12s %9s %6d %10s %10s %9s %9s %7d %7s %7s %6d %6s\n", $1, $2, pct($4, $3), pct($6, $5), $7,
		pct($8, $5), pct($9, $5), pct($12, $11), pct($13, $10 - $11), $14, pct($16, $15), pct($17, $15),
		$18, pct($19, $15)
}'
