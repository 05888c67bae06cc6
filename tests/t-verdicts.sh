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

# --- an anomaly is a verdict ---------------------------------------------
# Concatenate on 24.22.3: 4 of 7 rounds 13x slower than the other versions in
# the same rounds. Every verdict table names it, and the other versions are
# compared within their own noise, not within its ±52 %.
a="24.22.3: 4 of 7 rounds 13× slower (anomaly)"
o="$d/anomaly"
COLUMNS=200 "$NF" report --out "$o" "$EX" > "$o.term" 2> /dev/null
check "the anomaly opens the verdict in analysis.json" \
	jq -e --arg a "$a; among the others, " '.comparisons[] | select(.workload == "Concatenate 50k strings") | .text | startswith($a)' "$o/analysis.json"
check_eq "the others are compared within their own noise (±17%, not ±52%)" "0.17" \
	"$(jq -r '.comparisons[] | select(.workload == "Concatenate 50k strings") | .noise * 100 | round / 100' "$o/analysis.json")"
missing=""
grep -qF "$a" "$o.term" || missing="$missing terminal"
for f in blog.md issue.md verdicts.csv; do
	grep -F "Concatenate 50k strings" "$o/$f" | grep -qF "$a" || missing="$missing $f"
done
# summary.md in plain words
grep -F "| Concatenate 50k strings |" "$o/summary.md" | grep -qF "24.22.3 erratic (4 of 7 rounds are 13× slower" ||
	missing="$missing summary.md"
pdftotext "$o/report.pdf" - | tr -s ' \n' '  ' | grep -qF "$a" || missing="$missing report.pdf"
"$NF_ROOT/tests/golden/sheets.sh" "$o/report.xlsx" | grep -qF "$a" || missing="$missing report.xlsx"
check_eq "every verdict table names the anomaly" "" "${missing# }"

# two versions: the version with its own slow rounds is the one flagged,
# not the other one (whose ratio to it splits too)
python3 - "$d/two.json" <<'PY'
import json, sys
old = [10.0, 130.0, 10.2, 131.0, 10.1, 129.5, 10.3, 130.5, 10.15]
new = [10.5, 10.6, 10.4, 10.7, 10.55, 10.45, 10.65, 10.5, 10.6]
res = [{"workload": "w", "version": v, "round": r + 1, "unit": "ms", "passes": [x[r]],
        "timestamp": "2026-11-29T10:%02d:%02dZ" % (r, 10 * k)}
       for r in range(9) for k, (v, x) in enumerate((("old", old), ("new", new)))]
json.dump({"format": "noisefloor.rounds/1", "results": res}, open(sys.argv[1], "w"))
PY
"$NF" report -q --formats json --out "$d/two" "$d/two.json"
check_eq "two versions: the anomaly is the version with its own slow rounds" "old" \
	"$(jq -r '[.comparisons[0].versions[] | select(.bimodal) | .version] | join(",")' "$d/two/analysis.json")"

# --- the machine as run recorded it ----------------------------------------
# a failed noise check and rounds under a load above the cores are warnings
# in every document, and the Risks of the summary are not "none"
python3 - "$d/busy.ndjson" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    f.write(json.dumps({"format": "noisefloor.rounds/1", "environment": {
        "cores": "2", "noise checks": "load average 4.70 with 2 cores"}}) + "\n")
    for r in range(1, 8):
        load = 3.1 if r <= 3 else 1.2
        for v, base in (("22.1.0", 10.0), ("24.1.0", 10.4)):
            f.write(json.dumps({"workload": "w", "version": v, "round": r, "unit": "ms",
                                "passes": [base + 0.05 * r],
                                "meta": {"load_before": load, "load_after": load}}) + "\n")
PY
"$NF" report --out "$d/busy" "$d/busy.ndjson" > /dev/null 2> "$d/busy.err"
checks="the machine did not pass the noise checks before the rounds (load average 4.70 with 2 cores)"
loaded="6 of 14 runs ran while the load average was above the 2 cores (up to 3.1)"
missing=""
for f in blog.md; do
	# (summary.md's Risks entries start with a capital)
	grep -qiF "$checks" "$d/busy/$f" || missing="$missing $f:checks"
	grep -qiF "$loaded" "$d/busy/$f" || missing="$missing $f:load"
done
pdftotext "$d/busy/report.pdf" - | tr -s ' \n' '  ' | grep -qF "$loaded" || missing="$missing report.pdf:load"
grep -qF "$checks" "$d/busy.err" || missing="$missing terminal:checks"
check_eq "a failed noise check and a busy machine are warnings in every document" "" "${missing# }"
check "the summary's Risks are not 'none' beside them, and say the machine was busy" \
	sh -c "! grep -q 'None found' '$d/busy/summary.md' && grep -q '^- The machine was busy while it measured' '$d/busy/summary.md'"

# drift that the recorded load explains says so; drift with no load
# recorded does not
"$NF" report -q --formats json --out "$d/dl" "$NF_ROOT/tests/core/drift-load.ndjson"
check "drift that follows the load says the load explains it" \
	jq -e '.comparisons[0].drift | test("which the load explains: the load average fell from 4.0 to 0.6")' "$d/dl/analysis.json"
jq -c 'del(.meta)' "$NF_ROOT/tests/core/drift-load.ndjson" > "$d/drift-noload.ndjson"
"$NF" report -q --formats json --out "$d/dn" "$d/drift-noload.ndjson"
check "drift with no load recorded is only drift" \
	jq -e '.comparisons[0].drift | (test("later rounds were faster") and (test("load") | not))' "$d/dn/analysis.json"
