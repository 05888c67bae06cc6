# What the difference is worth (impact.c) and the workload descriptions
# ("workloads" in the input) it is computed from.
. tests/lib.sh
T=tests/impact
SHIPPED=data/examples/node-versions/rounds.json

# --- "workloads": read, kept by convert, warned about ------------------------
o=$(tmpdir)
check "a described NDJSON input renders" "$NF" report -q --min-rounds 1 --out "$o" "$T/described.ndjson"
check_eq "analysis.json keeps the descriptions" \
	'{"Parse":{"description":"JSON.parse of a 1 MiB response","bytes":1048576,"source":"bench/parse.js"},"Prase":{"bytes":10}}' \
	"$(jq -c .workloads "$o/analysis.json")"
check_eq "a key naming no measured workload is warned about" \
	"'$T/described.ndjson' describes the workload \"Prase\" in \"workloads\", but no result measures it" \
	"$(jq -r '.warnings[] | select(test("Prase"))' "$o/analysis.json")"
"$NF" convert "$T/described.ndjson" > "$NF_TMP/described.conv"
check_eq "convert keeps the workloads on the header line" "$(jq -c .workloads "$o/analysis.json")" \
	"$(head -n 1 "$NF_TMP/described.conv" | jq -c .workloads)"
check_eq "convert's output converts to itself" "$(cat "$NF_TMP/described.conv")" \
	"$("$NF" convert - < "$NF_TMP/described.conv")"
check_eq "the shipped dataset describes every workload, with sizes and sources" \
	"7 6 7" \
	"$(jq -r '.workloads | [length, ([.[] | select(.bytes > 0)] | length), ([.[] | select(.source and .description)] | length)] | join(" ")' "$SHIPPED")"
