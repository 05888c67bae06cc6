#!/usr/bin/env bash
# t-writers.sh - the documents at sizes past the shipped example: issue.md
# keeps the raw rounds exactly when the whole issue fits GitHub, whatever
# the template prints per round (render_md.c tries a first part of the
# rounds before all of them).
. "$(dirname "$0")/lib.sh"

# rounds N: an NDJSON rounds file, 2 workloads x 3 versions x N rounds.
rounds() {
	awk -v n="$1" 'BEGIN {
		print "{\"format\": \"noisefloor.rounds/1\", \"title\": \"many rounds\"}"
		for (r = 1; r <= n; r++)
			for (w = 1; w <= 2; w++)
				for (v = 0; v < 3; v++)
					printf "{\"workload\": \"w%d\", \"version\": \"2%d.1.0\", \"round\": %d, \"unit\": \"ms\", \"value\": %.3f}\n", w, 2 * v + 2, r, 10 * w + v + (r * 7919 % 100) / 1000
	}'
}
rounds 1000 > "$NF_TMP/rounds6k.ndjson"   # 6,000 rounds: more than the first try holds

# issue_with TEMPLATE_TEXT: issue.md rendered with that issue template.
issue_with() {
	local t o
	t=$(tmpdir) o=$(tmpdir)
	cp "$NF_ROOT"/templates/*.mustache "$t/"
	printf '%s\n' "$1" > "$t/issue.md.mustache"
	"$NF" report --formats md --templates "$t" --out "$o" "$NF_TMP/rounds6k.ndjson" > /dev/null &&
		cat "$o/issue.md"
}

# one character per round: 6,000 fit, so every round is inline
out=$(issue_with '{{#raw_inline}}inline{{/raw_inline}}{{^raw_inline}}cut{{/raw_inline}}:{{#comparisons}}{{#rounds}}.{{/rounds}}{{/comparisons}}')
check_eq "issue.md: 6,000 one-character rounds are inline" "inline:$(printf '%6000s' | tr ' ' .)" "$out"
# nothing per round: inline as well
out=$(issue_with '{{#raw_inline}}inline{{/raw_inline}}{{^raw_inline}}cut{{/raw_inline}}{{#comparisons}}{{#rounds}}{{/rounds}}{{/comparisons}}')
check_eq "issue.md: rounds that print nothing are inline" "inline" "$out"
# twenty characters per round: 120,000 do not fit, the issue says so
out=$(issue_with '{{#raw_inline}}inline{{/raw_inline}}{{^raw_inline}}cut{{/raw_inline}}{{#comparisons}}{{#rounds}}{{version}} {{round}} {{value}}{{/rounds}}{{/comparisons}}')
check_eq "issue.md: 6,000 rounds of twenty characters are left out" "cut" "$out"
# the shipped template: the raw rounds move to rounds.csv, the issue fits
o=$(tmpdir)
check "many rounds: report renders" "$NF" report --formats md,rounds --out "$o" "$NF_TMP/rounds6k.ndjson"
check "issue.md names rounds.csv among the attachments" grep -q '^\*\*Attachments:\*\*.* `rounds.csv` (every round' "$o/issue.md"
check_eq "issue.md: the SHA-256 of rounds.csv is sha256sum's" "$(sha256sum < "$o/rounds.csv" | cut -d' ' -f1)" \
	"$(sed -n 's/.*`rounds.csv` (every round, SHA-256 `\([0-9a-f]*\)`.*/\1/p' "$o/issue.md")"
check "issue.md fits a GitHub issue" test "$(wc -m < "$o/issue.md")" -le 65536
