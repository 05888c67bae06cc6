# A verdict depends only on its own comparison's data: adding or removing
# other workloads never changes a comparison's verdict, its claim, its
# sentence or check's answer.
. tests/lib.sh
EX="$NF_ROOT/data/examples/node-versions/rounds.json"
d=$(tmpdir)

# verdicts FILE: one line per comparison of FILE's analysis.json:
# workload, platform, verdict, sentence and the claims of its pairs
verdicts() {
	jq -r '.comparisons[] | [.workload, .platform, .verdict, .text,
		([.pairs[] | "\(.a)>\(.b):\(.claim)"] | join(" "))] | @tsv' "$1"
}

"$NF" report -q --formats json --out "$d/whole" "$EX"
verdicts "$d/whole/analysis.json" > "$d/whole.tsv"
check_eq "the example has its seven comparisons" 7 "$(wc -l < "$d/whole.tsv")"

# each workload alone
: > "$d/alone.tsv"
jq -r '[.results[].workload] | unique[]' "$EX" | while read -r w; do
	jq --arg w "$w" '.results |= map(select(.workload == $w)) |
		.workloads |= with_entries(select(.key == $w))' "$EX" > "$d/one.json"
	"$NF" report -q --formats json --out "$d/one" "$d/one.json"
	verdicts "$d/one/analysis.json" >> "$d/alone.tsv"
done
check_eq "each workload reported alone gets the verdict it gets in the whole report" \
	"$(sort "$d/whole.tsv")" "$(sort "$d/alone.tsv")"

# the example tripled: two renamed copies of every workload
jq '.results += ([.results[] | .workload += " (copy 1)"] + [.results[] | .workload += " (copy 2)"]) |
	.workloads += (.workloads | with_entries(.key += " (copy 1)")) +
	               (.workloads | with_entries(.key += " (copy 2)"))' "$EX" > "$d/tripled.json"
"$NF" report -q --formats json --out "$d/tripled" "$d/tripled.json"
check_eq "the tripled example has 21 comparisons" 21 \
	"$(jq '.comparisons | length' "$d/tripled/analysis.json")"
check_eq "the tripled example keeps every original verdict" "$(sort "$d/whole.tsv")" \
	"$(verdicts "$d/tripled/analysis.json" | grep -v '(copy [12])' | sort)"
check_eq "every copy gets its original's verdict" \
	"$(cat "$d/whole.tsv" "$d/whole.tsv" | sort)" \
	"$(verdicts "$d/tripled/analysis.json" | grep '(copy [12])' | sed 's/ (copy [12])//' | sort)"

"$NF" check -q "$EX" > /dev/null 2>&1; once=$?
"$NF" check -q "$d/tripled.json" > /dev/null 2>&1; thrice=$?
check_eq "check answers the tripled example as it answers the example" "$once" "$thrice"
