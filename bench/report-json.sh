#!/usr/bin/env bash
# bench/report-json.sh OLD NEW [REPS] - pairs two builds on the example's
# `check` and `report -q --formats json` (a fresh output folder each run, as
# bench/speed.sh does), alternating them run by run (each first in every
# other round), and prints the median wall and CPU time (user + system) of
# each. OUT names the parent of the output folder (default a temporary
# folder on the disk holding /tmp); REPLACE=1 keeps each build's folder, so
# every run replaces a report.
set -eu
cd "$(dirname "$0")/.."
old=$1 new=$2 reps=${3:-31}
in=data/examples/node-versions/rounds.json
t=$(mktemp -d)
out=${OUT:-$t}/out
timeit=$t/timeit
trap 'rm -rf "$t" "$out.old" "$out.new"' EXIT
cc -O2 -o "$timeit" bench/timeit.c
for ((i = 0; i < reps; i++)); do
	order="old new"
	[ $((i % 2)) = 1 ] && order="new old" # neither always runs second
	for b in $order; do
		bin=${!b}
		"$timeit" "$t/r" "$bin" check -q "$in" >/dev/null || true # exit 1: a regression
		awk -v k="$b check" '{ print k "\t" $1 "\t" $2 + $3 }' "$t/r" >> "$t/all"
		[ "${REPLACE:-0}" = 1 ] || rm -rf "$out.$b"
		"$timeit" "$t/r" "$bin" report -q --formats json --out "$out.$b" "$in" || true
		awk -v k="$b json" '{ print k "\t" $1 "\t" $2 + $3 }' "$t/r" >> "$t/all"
	done
done
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) * 1000 }'; }
printf '%-10s %-6s %9s %9s\n' build run "wall ms" "CPU ms"
for b in old new; do
	for r in check json; do
		w=$(awk -F'\t' -v k="$b $r" '$1 == k { print $2 }' "$t/all" | median)
		c=$(awk -F'\t' -v k="$b $r" '$1 == k { print $3 }' "$t/all" | median)
		printf '%-10s %-6s %9.2f %9.2f\n' "$b" "$r" "$w" "$c"
	done
done
