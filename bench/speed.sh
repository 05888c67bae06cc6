#!/usr/bin/env bash
# bench/speed.sh - noisefloor against Go's benchstat, side by side, from the
# shipped example to 10 million round values.
#
# Generates its own inputs with a fixed seed (a portable LCG in awk, so every
# awk gives the same bytes): NDJSON rounds files of 10k, 100k, 1M and 10M
# round values (4 versions; 10 workloads of 250 and 2,500 rounds, then 100
# and 1,000 workloads of 2,500 rounds), and from the same values one
# benchstat file per version. Each size runs `noisefloor check` and
# benchstat alternately in one paired run (REPS pairs, medians of wall time
# and peak RSS from wait4, bench/timeit.c), so the ratio compares runs that saw the
# same machine load. The example dataset adds `report --formats json`, the
# full report (CPU time, user + system) and, with valgrind, instruction
# counts, which do not depend on the load of a shared machine.
#
# Usage: bench/speed.sh            # every size, 10M included
#        SPEED_SKIP_10M=1 bench/speed.sh   # stop at 1M
#        SPEED_SIZES="10000 100000" REPS=5 bench/speed.sh
#        SPEED_SIZES= bench/speed.sh   # the shipped example only
# Environment: NF (default ./noisefloor), BENCHSTAT (default
# a benchstat binary in ../shared/tools/benchstat/ beside the checkout, or
# `benchstat` on PATH),
# REPS (pairs per size, default 5; 3 for 1M and 10M), SPEED_CACHE (folder
# that keeps generated inputs between runs; default a temporary folder),
# SPEED_CALLGRIND=0 to skip instruction counts (SPEED_CALLGRIND_1M=0 to
# skip only those at 1M values, a few minutes under valgrind), SPEED_DIMS=0
# to skip the growth in versions and workloads (1,000 to 10,000 each),
# SPEED_REPORT=0 to skip the full report's growth (10k to 1M values),
# SPEED_REPORT_SIZES="10000 100000 104000 1000000" to choose its sizes
# (default: the sizes above, 1M at most, and 104,000).
#
# The floor (bench/floor.c): read the rounds file, parse each value with
# strtod, radix sort them: what any tool must do before it compares
# anything. Each size also pairs `noisefloor check` against it.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C TZ=UTC SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1764374400}
NF=${NF:-./noisefloor}
if [ -z "${BENCHSTAT:-}" ]; then
	for b in ../shared/tools/benchstat/benchstat ../../shared/tools/benchstat/benchstat; do
		[ -x "$b" ] && BENCHSTAT=$b && break
	done
	BENCHSTAT=${BENCHSTAT:-$(command -v benchstat || true)}
fi
[ -x "$NF" ] || { echo "speed.sh: build noisefloor first (make)" >&2; exit 2; }
[ -n "$BENCHSTAT" ] && [ -x "$BENCHSTAT" ] || { echo "speed.sh: benchstat not found (set BENCHSTAT)" >&2; exit 2; }
REPS=${REPS:-5}
SIZES=${SPEED_SIZES-"10000 100000 1000000 10000000"}
[ -n "${SPEED_SKIP_10M:-}" ] && SIZES=${SIZES/10000000/}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cache=${SPEED_CACHE:-$tmp/inputs}
mkdir -p "$cache"
${CC:-cc} -O2 -o "$tmp/timeit" bench/timeit.c
${CC:-cc} -O2 -o "$tmp/floor" bench/floor.c

# gen N DIR: DIR/rounds.ndjson and DIR/v20.txt ... DIR/v26.txt, same values
gen() {
	local n=$1 dir=$2
	[ -s "$dir/rounds.ndjson" ] && [ -s "$dir/v26.txt" ] && return 0
	# written into DIR.part and moved at the end: a cache never holds half a file
	rm -rf "$dir.part"
	mkdir -p "$dir.part"
	awk -v n="$n" -v dir="$dir.part" 'BEGIN {
		seed = 20261130                      # fixed: minstd LCG, exact in doubles
		nv = 4; split("20.20.2 22.23.5 24.22.3 26.12.1", ver, " ")
		rounds = n >= 1000000 ? 2500 : n / (nv * 10)
		nw = n / (nv * rounds)
		for (v = 1; v <= nv; v++) {
			f[v] = dir "/v" (18 + 2 * v) ".txt"
			print "goos: linux\ngoarch: amd64\npkg: noisefloor/bench" > f[v]
		}
		out = dir "/rounds.ndjson"
		print "{\"format\": \"noisefloor.rounds/1\", \"title\": \"speed benchmark\", \"environment\": {\"os\": \"linux\", \"arch\": \"x64\"}}" > out
		for (w = 1; w <= nw; w++) {
			base[w] = 5 + (w * 37 % 200)
			# each version a few percent apart, some workloads alike
			for (v = 1; v <= nv; v++)
				fac[w, v] = 1 + ((w + v) % 3 == 0 ? 0 : ((w * 7 + v * 3) % 11 - 5) / 100)
		}
		for (r = 1; r <= rounds; r++)
			for (w = 1; w <= nw; w++)
				for (v = 1; v <= nv; v++) {
					seed = (seed * 48271) % 2147483647
					x = base[w] * fac[w, v] * (1 + 0.08 * seed / 2147483647)
					s = sprintf("%.4f", x)
					printf "{\"workload\": \"workload %d\", \"version\": \"%s\", \"round\": %d, \"unit\": \"ms\", \"value\": %s}\n", w, ver[v], r, s > out
					printf "BenchmarkWorkload%d 1 %.12g ns/op\n", w, s * 1000000 > f[v]
				}
	}'
	rm -rf "$dir"
	mv "$dir.part" "$dir"
}

# timed OUT CMD...: runs CMD, appends "wall_s user_s sys_s maxrss_kb" to OUT
timed() {
	local out=$1
	shift
	"$tmp/timeit" "$tmp/t" "$@" > /dev/null 2> "$tmp/err" || {
		local rc=$?
		# check exits 1 on a regression: that is a result, not a failure
		[ $rc -eq 1 ] && [ "$2" = check ] || { cat "$tmp/err" >&2; exit $rc; }
	}
	tail -n 1 "$tmp/t" >> "$out"
}

# median of column K of FILE
med() { sort -g -k"$2","$2" "$1" | awk -v k="$2" '{ v[NR] = $k } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# instructions of one run (callgrind), or "-" without valgrind
instr() {
	if [ "${SPEED_CALLGRIND:-1}" = 0 ] || ! command -v valgrind > /dev/null; then
		echo -
		return
	fi
	{ valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 > /dev/null || true; } |
		awk '/Collected :/ { c = $4 } END { print c ? c : "-" }'
}

fmt_t() { awk -v s="$1" 'BEGIN { if (s < 0.1) printf "%.1f ms", s * 1000; else if (s < 1) printf "%.0f ms", s * 1000; else printf "%.2f s", s }'; }
fmt_m() { awk -v k="$1" 'BEGIN { printf "%.0f MB", k / 1024 }'; }
fmt_i() { awk -v i="$1" 'BEGIN { if (i == "-") print "-"; else printf "%.1fM", i / 1e6 }'; }

grouped() { echo "$1" | sed -e :a -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/;ta'; }

bs_args() { local d=$1; echo "v20=$d/v20.txt v22=$d/v22.txt v24=$d/v24.txt v26=$d/v26.txt"; }

# paired NAME REPS NFOUT BSOUT NF-CMD... -- BS-CMD...: alternates the two
paired() {
	local reps=$1 nfo=$2 bso=$3
	shift 3
	local -a a=() b=()
	while [ "$1" != -- ]; do a+=("$1"); shift; done
	shift
	b=("$@")
	: > "$nfo"
	: > "$bso"
	for ((i = 0; i < reps; i++)); do
		if ((i % 2)); then
			timed "$bso" "${b[@]}"
			timed "$nfo" "${a[@]}"
		else
			timed "$nfo" "${a[@]}"
			timed "$bso" "${b[@]}"
		fi
	done
}

row() { # row LABEL NFFILE BSFILE [NF-INSTR BS-INSTR]
	local nw bw nm bm nc bc
	nw=$(med "$2" 1); bw=$(med "$3" 1); nm=$(med "$2" 4); bm=$(med "$3" 4)
	awk '{ print $2 + $3 }' "$2" > "$2.cpu"
	awk '{ print $2 + $3 }' "$3" > "$3.cpu"
	nc=$(med "$2.cpu" 1); bc=$(med "$3.cpu" 1)
	printf '| %s | %s (CPU %s), %s | %s (CPU %s), %s | %s (CPU %s) | %s / %s |\n' "$1" \
		"$(fmt_t "$nw")" "$(fmt_t "$nc")" "$(fmt_m "$nm")" \
		"$(fmt_t "$bw")" "$(fmt_t "$bc")" "$(fmt_m "$bm")" \
		"$(awk -v a="$nw" -v b="$bw" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else print "-" }')" \
		"$(awk -v a="$nc" -v b="$bc" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else print "-" }')" \
		"$(fmt_i "${4:--}")" "$(fmt_i "${5:--}")"
}

echo "noisefloor $("$NF" --version 2>/dev/null | head -n 1) against $("$BENCHSTAT" -h 2>&1 | head -n 0)benchstat, $(nproc) cores, $(date -u +%Y-%m-%dT%H:%MZ)"
echo "(wall time, CPU time (user + sys) and peak RSS: medians of paired runs, alternating; ratio = noisefloor / benchstat;"
echo " instructions from callgrind, \"-\" where valgrind cannot run the program; load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
echo
echo '| input | `noisefloor check` | benchstat | ratio (wall, CPU) | instructions (nf / bs) |'
echo '|---|---|---|---|---|'

# the shipped example: benchstat files by the shared converter when present
ex=data/examples/node-versions/rounds.json
exd=$tmp/example
conv=$(dirname "$BENCHSTAT")/rounds-to-benchstat.py
if [ -f "$conv" ]; then
	python3 "$conv" "$ex" "$exd" > /dev/null
else
	echo "speed.sh: $conv missing" >&2
	exit 2
fi
ereps=$((REPS * 4))
# check, `report --formats json` and benchstat in turn, the order rotating,
# so the three see the same machine load (the report's folder is removed
# before each of its runs, outside the timing)
: > "$tmp/ex.nf"
: > "$tmp/ex.js"
: > "$tmp/ex.bs"
# shellcheck disable=SC2046
for ((i = 0; i < ereps; i++)); do
	for ((k = 0; k < 3; k++)); do
		case $(((i + k) % 3)) in
		0) timed "$tmp/ex.nf" "$NF" check -q "$ex" ;;
		1) rm -rf "$tmp/out"
		   timed "$tmp/ex.js" "$NF" report -q --formats json --out "$tmp/out" "$ex" ;;
		2) timed "$tmp/ex.bs" "$BENCHSTAT" $(bs_args "$exd") ;;
		esac
	done
done
rm -rf "$tmp/out"
awk '{ print $2 + $3 }' "$tmp/ex.js" > "$tmp/ex.js.cpu"
awk '{ print $2 + $3 }' "$tmp/ex.nf" > "$tmp/ex.nf.cpu"
ni=$(instr "$NF" check -q "$ex")
# shellcheck disable=SC2046
bi=$(instr "$BENCHSTAT" $(bs_args "$exd"))
row "seven-workload example (196 rounds)" "$tmp/ex.nf" "$tmp/ex.bs" "$ni" "$bi"

for n in $SIZES; do
	d=$cache/$n
	gen "$n" "$d"
	r=$REPS
	[ "$n" -ge 1000000 ] && r=$(( REPS < 3 ? REPS : 3 ))
	# shellcheck disable=SC2046
	paired "$r" "$tmp/$n.nf" "$tmp/$n.bs" "$NF" check -q "$d/rounds.ndjson" -- "$BENCHSTAT" $(bs_args "$d")
	# the floor, paired with check the same way
	paired "$r" "$tmp/$n.nff" "$tmp/$n.fl" "$NF" check -q "$d/rounds.ndjson" -- "$tmp/floor" "$d/rounds.ndjson"
	ni=-; bi=-; fi_=-
	if [ "$n" -le 10000 ] || { [ "$n" -eq 1000000 ] && [ "${SPEED_CALLGRIND_1M:-1}" != 0 ]; }; then
		ni=$(instr "$NF" check -q "$d/rounds.ndjson")
		# shellcheck disable=SC2046
		bi=$(instr "$BENCHSTAT" $(bs_args "$d"))
		fi_=$(instr "$tmp/floor" "$d/rounds.ndjson")
	fi
	echo "$n $ni $fi_" >> "$tmp/floors"
	mb=$(awk -v b="$(stat -c %s "$d/rounds.ndjson")" 'BEGIN { printf (b < 1e7 ? "%.1f" : "%.0f"), b / 1e6 }')
	row "$(grouped "$n") round values (NDJSON, $mb MB)" "$tmp/$n.nf" "$tmp/$n.bs" "$ni" "$bi"
	echo "$n $(med "$tmp/$n.nf.cpu" 1) $(med "$tmp/$n.nf" 4)" >> "$tmp/growth"
done

echo
echo '| example dataset | wall | CPU (user + sys) | peak RSS | instructions |'
echo '|---|---|---|---|---|'
ex_row() { # ex_row LABEL CMD...
	local label=$1 f=$tmp/exrow
	shift
	: > "$f"
	for ((i = 0; i < ereps; i++)); do
		rm -rf "$tmp/out"
		timed "$f" "$@"
	done
	rm -rf "$tmp/out"
	awk '{ print $1, $2 + $3, $4 }' "$f" > "$f.c"
	printf '| %s | %s | %s | %s | %s |\n' "$label" "$(fmt_t "$(med "$f.c" 1)")" "$(fmt_t "$(med "$f.c" 2)")" \
		"$(fmt_m "$(med "$f.c" 3)")" "$(fmt_i "$(instr "$@")")"
	rm -rf "$tmp/out"
}
ex_row 'check' "$NF" check -q "$ex"
ex_row 'report --formats json' "$NF" report -q --formats json --out "$tmp/out" "$ex"
ex_row 'full report (every output)' "$NF" report -q --out "$tmp/out" "$ex"
cp "$tmp/exrow.c" "$tmp/exfull.c"
# shellcheck disable=SC2046
ex_row 'benchstat' "$BENCHSTAT" $(bs_args "$exd")

# the full report on 1M values: one run (it is a goal; SPEED_REPORT_1M=0 skips it)
if [ "${SPEED_REPORT_1M:-1}" != 0 ] && [ -d "$cache/1000000" ]; then
	f=$tmp/rep1m
	: > "$f"
	rm -rf "$tmp/out"
	timed "$f" "$NF" report -q --out "$tmp/out" "$cache/1000000/rounds.ndjson"
	rm -rf "$tmp/out"
	echo
	awk '{ printf "full report, 1,000,000 values: %.2f s wall, %.2f s CPU, %.0f MB peak\n", $1, $2 + $3, $4 / 1024 }' "$f"
fi

if [ -s "$tmp/floors" ]; then
	echo
	echo '| input | `noisefloor check` CPU | floor CPU (read, strtod, radix sort) | ratio (CPU) | instructions (nf / floor, ratio) |'
	echo '|---|---|---|---|---|'
	while read -r n ni fi_; do
		awk '{ print $2 + $3 }' "$tmp/$n.nff" > "$tmp/$n.nff.cpu"
		awk '{ print $2 + $3 }' "$tmp/$n.fl" > "$tmp/$n.fl.cpu"
		nc=$(med "$tmp/$n.nff.cpu" 1); fc=$(med "$tmp/$n.fl.cpu" 1)
		printf '| %s values | %s | %s | %s | %s / %s, %s |\n' "$(grouped "$n")" "$(fmt_t "$nc")" "$(fmt_t "$fc")" \
			"$(awk -v a="$nc" -v b="$fc" 'BEGIN { if (b > 0) printf "%.2f×", a / b; else print "-" }')" \
			"$(fmt_i "$ni")" "$(fmt_i "$fi_")" \
			"$(awk -v a="$ni" -v b="$fi_" 'BEGIN { if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.2f×", a / b }')"
	done < "$tmp/floors"
fi

# The full report's growth in values: CPU time per value of every output
# (one run), and of the workbook alone against rounds.csv alone, run in
# turn (three pairs up to 104,000 values, one at 1M) so both see the same
# machine load, at each size up to 1M and at 104,000 (once the workbook's
# Rounds sheet stopped at 100,000 rounds; it now lists every round, a
# column per version, so a value costs the same at every size)
if [ "${SPEED_REPORT:-1}" != 0 ]; then
	echo
	echo "growth of the report (CPU time per value, user + sys; xlsx and rounds.csv alone run in turn):"
	printf '  %9s  %12s  %12s  %12s  %14s\n' values 'every output' 'xlsx alone' 'rounds.csv' 'xlsx/rounds.csv'
	: > "$tmp/xlsxratio"
	for n in ${SPEED_REPORT_SIZES:-$SIZES 104000}; do
		[ "$n" -le 1000000 ] || continue
		d=$cache/$n
		gen "$n" "$d"
		g=$tmp/rg
		: > "$g.all"; : > "$g.xlsx"; : > "$g.rounds"
		rm -rf "$tmp/out"
		timed "$g.all" "$NF" report -q --out "$tmp/out" "$d/rounds.ndjson"
		k=3
		[ "$n" -le 104000 ] || k=1
		for ((i = 0; i < k; i++)); do
			for f in xlsx rounds; do
				rm -rf "$tmp/out"
				timed "$g.$f" "$NF" report -q --formats $f --out "$tmp/out" "$d/rounds.ndjson"
			done
		done
		rm -rf "$tmp/out"
		line=$(printf '  %9d' "$n")
		for f in all xlsx rounds; do
			awk '{ print $2 + $3 }' "$g.$f" > "$g.$f.cpu"
			line+=$(awk -v c="$(med "$g.$f.cpu" 1)" -v n="$n" 'BEGIN { printf "  %9.2f us", c / n * 1e6 }')
		done
		r=$(awk -v a="$(med "$g.xlsx.cpu" 1)" -v b="$(med "$g.rounds.cpu" 1)" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
		echo "$n $r" >> "$tmp/xlsxratio"
		echo "$line  $(printf '%14s' "$r×")"
	done
fi

if [ -s "$tmp/growth" ]; then
	echo
	echo "growth of check (CPU time and peak memory per value; time per value relative to the smallest size):"
	awk 'NR == 1 { t0 = $2 / $1 }
	     { printf "  %9d values: %8.3f s CPU  %7.2f us/value (x%.2f)  %6.0f bytes/value\n", $1, $2, $2 / $1 * 1e6, ($2 / $1) / t0, $3 * 1024 / $1 }' "$tmp/growth"
fi

# Growth in the other dimensions: versions (1 workload x 7 rounds, with
# timestamps as `run` writes them) and workloads (4 versions x 7 rounds),
# each from 1,000 to 10,000: `check` and the Markdown report, CPU time
# (median of REPS runs) and instructions. Linear means about 10x.
gen_dim() { # gen_dim versions|workloads N FILE
	[ -s "$3" ] && return 0
	awk -v dim="$1" -v N="$2" 'BEGIN {
		print "{\"format\": \"noisefloor.rounds/1\", \"title\": \"" dim "\"}"
		seed = 20261204; t = 0
		nv = dim == "versions" ? N : 4; nw = dim == "versions" ? 1 : N
		for (r = 1; r <= 7; r++)
			for (w = 1; w <= nw; w++)
				for (v = 1; v <= nv; v++) {
					seed = (seed * 48271) % 2147483647; t++
					x = 10 * (1 + v / (dim == "versions" ? 100000 : 100)) * (1 + 0.05 * seed / 2147483647)
					ver = dim == "versions" ? "1." v ".0" : (18 + 2 * v) ".0.0"
					ts = dim == "versions" ? sprintf(", \"timestamp\": \"2026-11-29T%02d:%02d:%02dZ\"", int(t / 3600) % 24, int(t / 60) % 60, t % 60) : ""
					printf "{\"workload\": \"w%d\", \"version\": \"%s\", \"round\": %d, \"unit\": \"ms\"%s, \"value\": %.4f}\n", w, ver, r, ts, x
				}
	}' > "$3.part"
	mv "$3.part" "$3"
}
if [ "${SPEED_DIMS:-1}" != 0 ]; then
	echo
	echo '| dimension | command | 1,000: CPU, instructions | 10,000: CPU, instructions | ratio (CPU, instructions) |'
	echo '|---|---|---|---|---|'
	for dim in versions workloads; do
		for n in 1000 10000; do gen_dim "$dim" "$n" "$cache/$dim-$n.ndjson"; done
		for what in check markdown; do
			cpu=() ins=()
			for n in 1000 10000; do
				f=$tmp/dim
				: > "$f"
				for ((i = 0; i < REPS; i++)); do
					rm -rf "$tmp/out"
					if [ $what = check ]; then
						timed "$f" "$NF" check -q "$cache/$dim-$n.ndjson"
					else
						timed "$f" "$NF" report -q --formats md --out "$tmp/out" "$cache/$dim-$n.ndjson"
					fi
				done
				awk '{ print $2 + $3 }' "$f" > "$f.cpu"
				cpu+=("$(med "$f.cpu" 1)")
				rm -rf "$tmp/out"
				if [ $what = check ]; then
					ins+=("$(instr "$NF" check -q "$cache/$dim-$n.ndjson")")
				else
					ins+=("$(instr "$NF" report -q --formats md --out "$tmp/out" "$cache/$dim-$n.ndjson")")
				fi
				rm -rf "$tmp/out"
			done
			ri=$(awk -v a="${ins[0]}" -v b="${ins[1]}" 'BEGIN { if (a == "-" || a == 0) print "-"; else printf "%.1f×", b / a }')
			printf '| %s | %s | %s, %s | %s, %s | %s, %s |\n' "$dim" "$what" \
				"$(fmt_t "${cpu[0]}")" "$(fmt_i "${ins[0]}")" "$(fmt_t "${cpu[1]}")" "$(fmt_i "${ins[1]}")" \
				"$(awk -v a="${cpu[0]}" -v b="${cpu[1]}" 'BEGIN { printf "%.1f×", (a > 0 ? b / a : 0) }')" "$ri"
			echo "$dim $what ${cpu[0]} ${cpu[1]} ${ins[0]} ${ins[1]}" >> "$tmp/dims"
		done
	done
fi

# The issue's goals, each against the figures above (medians of this run).
echo
echo "goals (issues 13 and 36), from this run:"
goal() { # goal TEXT MEASURED OK(0/1)
	printf '  %-62s %-34s %s\n' "$1" "$2" "$([ "$3" = 1 ] && echo met || echo 'NOT met')"
}
le() { awk -v a="$1" -v b="$2" 'BEGIN { print (a <= b) ? 1 : 0 }'; }
ew=$(med "$tmp/ex.nf" 1); ebw=$(med "$tmp/ex.bs" 1)
goal "example: check no slower than benchstat (wall)" \
	"$(fmt_t "$ew") vs $(fmt_t "$ebw")" "$(le "$ew" "$ebw")"
jw=$(med "$tmp/ex.js" 1); cw=$(med "$tmp/ex.nf" 1)
# "report --formats json within 1.5x of that": of the bar check is held to,
# benchstat on the same values; the stricter reading, 1.5x of check itself,
# follows. Both come from the same rotating runs.
goal "example: report --formats json within 1.5x of benchstat (wall)" \
	"$(fmt_t "$jw") vs 1.5 x $(fmt_t "$ebw")" "$(le "$jw" "$(awk -v c="$ebw" 'BEGIN { print 1.5 * c }')")"
goal "  stricter: within 1.5x of check (wall)" \
	"$(fmt_t "$jw") vs 1.5 x $(fmt_t "$cw")" "$(le "$jw" "$(awk -v c="$cw" 'BEGIN { print 1.5 * c }')")"
# the same in CPU time: the wall time of a report includes flushing the
# output folder to disk before it is renamed into place, which check never does
cc=$(med "$tmp/ex.nf.cpu" 1); jc=$(med "$tmp/ex.js.cpu" 1)
goal "  stricter: within 1.5x of check (CPU)" \
	"$(fmt_t "$jc") vs 1.5 x $(fmt_t "$cc")" "$(le "$jc" "$(awk -v c="$cc" 'BEGIN { print 1.5 * c }')")"
# the full report's 100 ms goal is withdrawn (a report is written once and
# read many times; the PDF, PNG and hashing are the libraries'): its CPU
# time is shown, not judged
printf '  %-62s %-34s %s\n' "example: full report CPU (no goal)" "$(fmt_t "$(med "$tmp/exfull.c" 2)")" "-"
if [ -s "$tmp/1000000.nf" ]; then
	c=$(med "$tmp/1000000.nf.cpu" 1); w=$(med "$tmp/1000000.nf" 1); bw=$(med "$tmp/1000000.bs" 1)
	m=$(med "$tmp/1000000.nf" 4)
	goal "1M values: check <= 1 s (CPU)" "$(fmt_t "$c")" "$(le "$c" 1)"
	goal "1M values: check no slower than benchstat (wall, same run)" "$(fmt_t "$w") vs $(fmt_t "$bw")" "$(le "$w" "$bw")"
	goal "1M values: check peak memory <= 64 MB" "$(fmt_m "$m")" "$(le "$m" 65536)"
fi
if [ -s "$tmp/rep1m" ]; then
	w=$(awk '{ print $1 }' "$tmp/rep1m")
	goal "1M values: full report <= 10 s (wall)" "$(fmt_t "$w")" "$(le "$w" 10)"
fi
if [ -s "$tmp/10000000.nf" ]; then
	c=$(med "$tmp/10000000.nf.cpu" 1); m=$(med "$tmp/10000000.nf" 4)
	goal "10M values: check <= 10 s (CPU)" "$(fmt_t "$c")" "$(le "$c" 10)"
	goal "10M values: check peak memory <= 640 MB" "$(fmt_m "$m")" "$(le "$m" 655360)"
fi
if [ -s "$tmp/1000000.nf" ]; then
	c=$(med "$tmp/1000000.nf.cpu" 1); bc=$(med "$tmp/1000000.bs.cpu" 1)
	r=$(awk -v a="$c" -v b="$bc" 'BEGIN { printf "%.2f", a / b }')
	goal "1M values: check <= 0.85x benchstat (CPU, same run; issue 36)" "x$r" "$(le "$r" 0.85)"
fi
if [ -s "$tmp/1000000.nff" ]; then
	c=$(med "$tmp/1000000.nff.cpu" 1); fc=$(med "$tmp/1000000.fl.cpu" 1)
	r=$(awk -v a="$c" -v b="$fc" 'BEGIN { printf "%.2f", a / b }')
	goal "1M values: check <= 3x the read + parse + sort floor (CPU; issue 36)" "x$r" "$(le "$r" 3)"
fi
if [ -s "$tmp/dims" ]; then
	while read -r dim what c1 c2 i1 i2; do
		# instructions where callgrind ran (the load of a shared machine
		# does not move them), else CPU time
		r=$(awk -v c1="$c1" -v c2="$c2" -v i1="$i1" -v i2="$i2" 'BEGIN { if (i1 != "-" && i1 > 0) printf "%.1f", i2 / i1; else printf "%.1f", c2 / c1 }')
		goal "$dim 1,000 -> 10,000: $what within 15x (issue 36)" "x$r" "$(le "$r" 15)"
	done < "$tmp/dims"
fi
if [ -s "$tmp/xlsxratio" ]; then
	# the workbook's CPU per round value against rounds.csv's per row, at
	# the size where it is furthest (issue 36: no step, about 1.5x)
	r=$(awk '$2 > m { m = $2; n = $1 } END { printf "%.2f at %d", m, n }' "$tmp/xlsxratio")
	goal "xlsx per value within 1.5x of rounds.csv (every size; issue 36)" "x$r" "$(le "${r%% *}" 1.5)"
fi
if [ -s "$tmp/growth" ] && [ "$(wc -l < "$tmp/growth")" -ge 2 ]; then
	# linear: CPU per value at the largest size within 1.5x of the per-value
	# cost at 100,000 (the smallest sizes carry the fixed start-up cost)
	g=$(awk '$1 >= 100000 { if (!a) a = $2 / $1; z = $2 / $1 } END { printf "%.2f", a ? z / a : 0 }' "$tmp/growth")
	goal "growth: CPU per value, largest size / 100,000 <= 1.5" "x$g" "$(le "$g" 1.5)"
fi
