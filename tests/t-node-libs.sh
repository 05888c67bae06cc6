# The node-libs example (data/examples/node-libs/): acorn, marked and yaml
# timed by CPU time and by wall time under four Node.js releases on a loaded
# machine, 10 rounds in random order. The shipped rounds replayed through
# `report`: it exits 0, writes every document, and analysis.json holds one
# comparison per workload and metric, each of the four versions with 10
# rounds.
. tests/lib.sh

ex="$NF_ROOT/data/examples/node-libs"
r="$ex/rounds.ndjson"
versions="20.20.2 22.23.5 24.22.3 26.12.1"
workloads="acorn.parse lodash.js;marked.parse Markdown;yaml.parse regexes.yaml"

# --- the shipped script and workload ------------------------------------------
check "run.sh is valid bash" bash -n "$ex/run.sh"
check "run.sh hands the rounds to noisefloor run --measure output in random order" \
	grep -q 'run --measure output .*--order random' "$ex/run.sh"
if command -v node >/dev/null; then
	check "workload.js parses" node --check "$ex/workload.js"
	check_status "workload.js without its node_modules folder is a usage error" 2 \
		node "$ex/workload.js"
fi

# --- the shipped rounds -----------------------------------------------------------
check_eq "the rounds name the four versions, each with its V8" \
	"20.20.2 11.3.244.8-node.38;22.23.5 12.4.254.21-node.57;24.22.3 13.6.233.17-node.63;26.12.1 14.6.202.34-node.40;" \
	"$(jq -r 'select(.workload) | "\(.version) \(.meta.v8)"' "$r" | sort -u | tr '\n' ';')"
check_eq "and every workload is described on the header line" "" \
	"$(comm -3 <(head -1 "$r" | jq -r '.workloads | keys[]' | sort) <(jq -r 'select(.workload) | .workload' "$r" | sort -u))"
check_eq "the rounds were shuffled: the first round does not always open with the same version" "true" \
	"$(jq -rs '[.[] | select(.workload) | .meta.order[0]] | unique | length > 1' "$r")"

o=$(tmpdir)
check "report replays the shipped rounds (exit 0)" "$NF" report -q --out "$o" "$r"
missing=""
for f in analysis.json summary.md issue.md blog.md ci-summary.md report.html report.pdf \
	report.xlsx rounds.csv verdicts.csv charts/overview.svg; do
	[ -s "$o/$f" ] || missing="$missing $f"
done
check_eq "and writes every document" "" "$missing"
a="$o/analysis.json"

# one "WORKLOAD, METRIC" line per comparison that has the four versions with 10 rounds each
want=""
IFS=';' read -r -a names <<<"$workloads"
for w in "${names[@]}"; do
	for m in "CPU time" "wall time"; do want="$want$w, $m"$'\n'; done
done
want=$(printf '%s' "$want" | sort)
check_eq "analysis.json: one comparison per workload and metric (3 x 2)" "$want" \
	"$(jq -r '.comparisons[].workload' "$a" | sort)"
check_eq "each with the four versions" "" \
	"$(jq -r --arg v "$versions" '.comparisons[] | select(([.versions[].version] | join(" ")) != $v) | .workload' "$a")"
check_eq "each version with 10 rounds" "" \
	"$(jq -r '.comparisons[] | .workload as $w | .versions[] | select(.rounds != 10 or (.round_values | length) != 10) | "\($w) \(.version)"' "$a")"
check_eq "every comparison in ms, lower better, on linux-x64" "linux-x64 ms lower" \
	"$(jq -r '.comparisons[] | "\(.platform) \(.unit) \(.better)"' "$a" | sort -u)"
check_eq "every comparison has a verdict and its six pairs" "" \
	"$(jq -r '.comparisons[] | select((.verdict | type) != "string" or (.pairs | length) != 6) | .workload' "$a")"
