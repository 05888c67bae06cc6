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

# --- the article's calculator example ----------------------------------------
# JSON.stringify of 20,000 rows, 20 MiB; best rounds 18.49 ms (22) and 14.80 ms
# (26); 120 requests per second of 60 KB.
A=$T/article.json
o=$(tmpdir)
check "the estimate renders" "$NF" report -q --out "$o" --rps 120 --payload 60KB "$A"
im() { jq -r --arg w "${2:-JSON.stringify, 20k rows}" ".impact[] | select(.workload == \$w) | $1" "$o/analysis.json"; }
check_eq "0.92 and 0.74 ms per MB, from 22 to 26" "22 0.92 26 0.74" \
	"$(im '"\(.from) \(.ms_per_mb[.from] * 100 | round / 100) \(.to) \(.ms_per_mb[.to] * 100 | round / 100)"')"
check_eq "≈ 1.3 ms saved per second, 0.13 % of one core" "1.3 0.13 0.13" \
	"$(im '"\(.saved_ms_per_s * 10 | round / 10) \(.core_share * 10000 | round / 100) \(.cores_freed * 10000 | round / 100)"')"
check_eq "saved = rps × payload MB × (ms/MB slower − ms/MB faster), exactly" "1.2972656" \
	"$(im '.saved_ms_per_s * 1e7 | round / 1e7')"
check_eq "with its interval around it, from the pair's ratio interval" "true true" \
	"$(im '"\(.interval.saved_ms_per_s[0] < .saved_ms_per_s and .saved_ms_per_s < .interval.saved_ms_per_s[1]) \(.interval.core_share[0] * 1000 == .interval.saved_ms_per_s[0])"')"
check_eq "no --cores: no provisioned share" "null null" "$(im '"\(.provisioned_share) \(.interval.provisioned_share)"')"
check_eq "within noise: no figure, the sentence why" \
	"false within noise: the versions differ by less than their rounds spread, so there is no difference to put a figure on" \
	"$(im '"\(.confirmed) \(.why)"' 'JSON.parse, 20k rows')"
check_eq "the inputs are recorded" '{"rps":120,"payload_bytes":61440,"cores":null,"workload":null}' \
	"$(jq -c .impact_inputs "$o/analysis.json")"
o=$(tmpdir)
"$NF" report -q --out "$o" --rps 120 --payload 60KB --cores 4 --impact 'JSON.stringify, 20k rows' "$A"
check_eq "--cores gives the share of the provisioned cores" "0.00032432" \
	"$(im '.provisioned_share * 1e8 | round / 1e8')"
check_eq "--impact keeps that workload only" "JSON.stringify, 20k rows" "$(jq -r '.impact[].workload' "$o/analysis.json")"
for p in 1.5MB:1572864 2048:2048 60kb:61440 '0.5 MiB:524288' 1GB:1073741824; do
	o=$(tmpdir)
	"$NF" report -q --out "$o" --formats json --rps 1 --payload "${p%%:*}" "$A"
	check_eq "--payload ${p%%:*} is ${p#*:} bytes" "${p#*:}" "$(jq -r .impact_inputs.payload_bytes "$o/analysis.json")"
done
o=$(tmpdir)
"$NF" report -q --out "$o" "$A"
check_eq "without --rps the analysis shows no estimate" "null []" \
	"$(jq -c '"\(.impact_inputs) \(.impact)"' "$o/analysis.json" | tr -d '"')"

# The estimate reads the analysis's one definition of a confirmed claim
# (impact_confirmed_pair): a "not-confirmed" verdict gets no figure ...
o=$(tmpdir)
"$NF" report -q --out "$o" --rps 120 --payload 60KB "$T/unconfirmed.json"
check_eq "a difference beyond the noise that the rank test does not confirm gets no figure" \
	"not-confirmed false not confirmed: the rank test does not confirm 26 faster than 22 after Holm's correction (p = 0.71; 7 against 7 rounds cannot go below p = 5.8e-04) null" \
	"$(jq -r '.comparisons[0].verdict' "$o/analysis.json") $(im '"\(.confirmed) \(.why) \(.saved_ms_per_s)"')"
# ... and a "faster" verdict gets one, whatever made it a claim (here the
# published rule alone: 3 rounds against 3 are too few for a rank test)
jq '.workloads = {"JSON.stringify, 20k rows": {"bytes": 20971520}}' tests/core/published.json > "$NF_TMP/pub-bytes.json"
o=$(tmpdir)
"$NF" report -q --out "$o" --rps 120 --payload 60KB "$NF_TMP/pub-bytes.json"
check_eq "a faster verdict is a confirmed claim: the article's table gives its figure" \
	"faster true 1.3" \
	"$(jq -r '.comparisons[0].verdict' "$o/analysis.json") $(im '"\(.confirmed) \(.saved_ms_per_s * 10 | round / 10)"')"

# --- bad values: one line, exit 2 or 65, nothing written -----------------------
bad_value() {
	local name=$1 want=$2 msg=$3; shift 3
	local o err rc
	o=$NF_TMP/never-$RANDOM
	err=$("$NF" report -q --out "$o" "$@" 2>&1 >/dev/null); rc=$?
	check_eq "$name: exit $want, one line, nothing written" "$want $msg no-dir" \
		"$rc $err $([ -e "$o" ] && echo dir || echo no-dir)"
}
bad_value "--rps -1" 2 "noisefloor: --rps wants a number above zero, not '-1'" --rps -1 --payload 60KB "$A"
bad_value "--rps 0" 2 "noisefloor: --rps wants a number above zero, not '0'" --rps 0 --payload 60KB "$A"
bad_value "--payload 12XB" 2 "noisefloor: --payload wants a size above zero like 60KB, 1.5MB or a number of bytes (KB = 1024 bytes), not '12XB'" \
	--rps 120 --payload 12XB "$A"
bad_value "--cores nan" 2 "noisefloor: --cores wants a number above zero, not 'nan'" --rps 1 --payload 1 --cores nan "$A"
bad_value "--rps without --payload" 2 "noisefloor: --rps needs --payload (the data handled per request)" --rps 120 "$A"
bad_value "--cores without --rps" 2 "noisefloor: --cores needs --rps and --payload" --cores 4 "$A"
bad_value "--impact naming no workload" 65 \
	"noisefloor: --impact 'JSON.strinigfy' names no measured workload (measured: \"JSON.stringify, 20k rows\", \"JSON.parse, 20k rows\")" \
	--rps 120 --payload 60KB --impact JSON.strinigfy "$A"
bad_value "an estimate without any bytes" 65 \
	"noisefloor: --rps and --payload need a workload with \"bytes\" in the input's \"workloads\" (how much data one pass processes)" \
	--rps 120 --payload 60KB tests/core/published.json
bad_value "bytes: 0" 65 \
	"noisefloor: cannot read 'tests/bad/workloads-bytes-zero.json': \"workloads\".\"w\".\"bytes\" must be a whole number of bytes above zero, not 0" \
	tests/bad/workloads-bytes-zero.json

# --- how to reproduce: SHA-256, the command line -------------------------------
o=$(tmpdir)
"$NF" report -q --out "$o" --rps 120 --payload 60KB "$SHIPPED"
check_eq "analysis.json: the input's SHA-256" "$(sha256sum "$SHIPPED" | cut -d' ' -f1)" \
	"$(jq -r '.reproduce.inputs[0].sha256' "$o/analysis.json")"
check_eq "analysis.json: the command, without the output folder, and the version" \
	"noisefloor report --rps 120 --payload 60KB $SHIPPED $("$NF" --version | cut -d' ' -f2)" \
	"$(jq -r '"\(.reproduce.command) \(.reproduce.noisefloor_version)"' "$o/analysis.json")"
check_eq "the date range of the rounds" "2026-11-29T22:15:30Z 2026-11-29T22:16:00Z" \
	"$(jq -r '"\(.reproduce.first_round) \(.reproduce.last_round)"' "$o/analysis.json")"
o=$(tmpdir)
"$NF" report -q --out "$o" --formats json - < "$T/described.ndjson" 2>/dev/null
check_eq "stdin is hashed as it is read" "$(sha256sum < "$T/described.ndjson" | cut -d' ' -f1)" \
	"$(jq -r '.reproduce.inputs[0].sha256' "$o/analysis.json")"
o=$(tmpdir)
(cd "$NF_ROOT/tests" && "$NF" report -q --out "$o" --formats json --jq-program '.' "$NF_ROOT/$A")
check_eq "paths below the working folder become relative; jq inputs are hashed too" \
	"noisefloor report --jq-program . impact/article.json $(sha256sum "$A" | cut -d' ' -f1)" \
	"$(jq -r '"\(.reproduce.command) \(.reproduce.inputs[0].sha256)"' "$o/analysis.json")"
o=$(tmpdir)
(cd "$NF_ROOT/tests" && "$NF" report --quiet -o"$o" --min-rounds=1 --formats json -- "my label=$NF_ROOT/$T/described.ndjson")
check_eq "LABEL=/abs/path too; shell-quoted; -q, -oDIR and --formats left out" \
	"noisefloor report --min-rounds=1 -- 'my label=impact/described.ndjson'" \
	"$(jq -r .reproduce.command "$o/analysis.json")"

# --- the workbook's Impact sheet recalculates in LibreOffice --------------------
# Reports with one set of inputs; a copy of each workbook gets other inputs
# typed into the Impact sheet's cells; LibreOffice recalculates it and must
# give what noisefloor writes into analysis.json for those other inputs.
o=$(tmpdir)
mkdir -p "$o/csv"
lo_profile "$o/lo"
# the Impact sheet is the last one
impact_sheet() { ls "$1"/xl/worksheets/sheet*.xml | wc -l; }
# set_inputs XLSX RPS PAYLOAD_KB CORES: types the inputs into B3, B4, B5
set_inputs() {
	local d=$1.d
	mkdir -p "$d" && (cd "$d" && unzip -q "$1")
	sed -i -E "s#<c r=\"B3\"([^>]*)><v>[^<]*</v></c>#<c r=\"B3\"\1><v>$2</v></c>#;
		s#<c r=\"B4\"([^>]*)><v>[^<]*</v></c>#<c r=\"B4\"\1><v>$3</v></c>#;
		s#<c r=\"B5\"([^>]*)><v>[^<]*</v></c>#<c r=\"B5\"\1><v>$4</v></c>#" "$d/xl/worksheets/sheet$(impact_sheet "$d").xml"
	rm "$1" && (cd "$d" && zip -q -X -r "$1" .)
}
# impact_kv CSV: the Impact sheet's figures as key/value
impact_kv() {
	awk -F'\t' "$CSV_AWK"'
		!head && unq($1) == "Workload" { head = 1; for (i = 1; i <= NF; i++) h[unq($i)] = i; next }
		head && $1 != "" && $(h["Saved ms per second"]) != "" {
			k = unq($1) "|" unq($2) "|"
			print k "ms_per_mb_from\t" val($(h["ms per MB from"])); print k "ms_per_mb_to\t" val($(h["ms per MB to"]))
			print k "saved\t" val($(h["Saved ms per second"])); print k "core_share\t" val($(h["Cores freed"]))
			print k "cores_freed\t" val($(h["Cores freed"])); print k "provisioned\t" val($(h["Share of provisioned cores"]))
			print k "low\t" val($(h["Saved ms per second, low"])); print k "high\t" val($(h["Saved ms per second, high"])) }' "$1"
}
json_impact_kv() {
	jq -r '.impact[] | select(.confirmed) | "\(.workload)|\(.platform)|" as $k |
		"\($k)ms_per_mb_from\t\(.ms_per_mb[.from])", "\($k)ms_per_mb_to\t\(.ms_per_mb[.to])",
		"\($k)saved\t\(.saved_ms_per_s)", "\($k)core_share\t\(.core_share)", "\($k)cores_freed\t\(.cores_freed)",
		"\($k)provisioned\t\(.provisioned_share)", "\($k)low\t\(.interval.saved_ms_per_s[0])",
		"\($k)high\t\(.interval.saved_ms_per_s[1])"' "$1"
}
"$NF" report -q --out "$o/a1" --rps 120 --payload 60KB --cores 4 "$A"
"$NF" report -q --out "$o/a2" --formats json --rps 240 --payload 1.5MB --cores 16 "$A"
"$NF" report -q --out "$o/s1" "$SHIPPED"   # no --rps: the example inputs
"$NF" report -q --out "$o/s2" --formats json --rps 35 --payload 200KB --cores 2 "$SHIPPED"
check_eq "the Impact sheet is there without --rps, after the others" "Summary Rounds Versions Pairs Support Charts Impact" \
	"$(unzip -p "$o/s1/report.xlsx" xl/workbook.xml | grep -o '<sheet name="[^"]*"' | sed 's/.*="//; s/"$//' | paste -sd' ')"
check "its example inputs are plain cells: 120 requests per second of 60 KB, 4 cores" \
	sh -c 'unzip -p "$1" xl/worksheets/sheet7.xml | grep -q "<c r=\"B3\"><v>120</v></c><.*<c r=\"B4\"><v>60</v></c><.*<c r=\"B5\"><v>4</v></c>"' _ "$o/s1/report.xlsx"
cp "$o/a1/report.xlsx" "$o/article.xlsx"; cp "$o/s1/report.xlsx" "$o/shipped.xlsx"
set_inputs "$o/article.xlsx" 240 1536 16
set_inputs "$o/shipped.xlsx" 35 200 2
timeout 300 libreoffice -env:UserInstallation="file://$o/lo" --headless \
	--convert-to 'csv:Text - txt - csv (StarCalc):9,34,76,1,,0,false,true,false,false,false,-1' \
	--outdir "$o/csv" "$o/article.xlsx" "$o/shipped.xlsx" > "$o/lo.log" 2>&1
for w in article:a2 shipped:s2; do
	json_impact_kv "$o/${w#*:}/analysis.json" > "$o/${w%:*}.want"
	impact_kv "$o/csv/${w%:*}-Impact.csv" > "$o/${w%:*}.got"
	kv_compare "${w%:*}: inputs changed in the sheet, LibreOffice recalculates to analysis.json's figures ($(wc -l < "$o/${w%:*}.want") values)" \
		"$o/${w%:*}.want" "$o/${w%:*}.got"
done

# --- the documents ---------------------------------------------------------------
o=$(tmpdir)
"$NF" report -q --out "$o" --rps 120 --payload 60KB "$A"
check "blog: the formula written out with the reader's numbers" grep -qF \
	"120 requests/s × 60 KB (0.0586 MB) × (0.92 − 0.74) ms/MB = 1.3 ms saved per second; ÷ 1000 ms = 0.13 % of one core" "$o/blog.md"
check "blog: ms per MB from the best rounds and the size" grep -qF \
	"18.49 ms ÷ 20 MB = 0.92 ms/MB (22); 14.8 ms ÷ 20 MB = 0.74 ms/MB (26)" "$o/blog.md"
check "blog: the saving with its interval" grep -qF \
	"JSON.stringify, 20k rows on 26 instead of 22 saves about 1.3 ms of CPU time per second (1.2 to 1.4 ms with the 95 % interval of the ratio): 0.13 % of one core." "$o/blog.md"
check "blog: a within-noise workload gets the sentence why, no figure" grep -qF \
	"JSON.parse, 20k rows: no figure, within noise" "$o/blog.md"
check_eq "summary: one line, cores freed" \
	"**Cores freed:** 26 frees 0.0013 cores (0.0012 to 0.0014) on JSON.stringify, 20k rows against 22, at 120 requests per second of 60 KB each." \
	"$(grep -F 'Cores freed' "$o/summary.md")"
o2=$(tmpdir)
"$NF" report -q --out "$o2" "$A"
check_eq "without --rps the documents show nothing of it" "0 0 0" \
	"$(for f in blog issue summary; do grep -c 'worth to your service\|Cores freed\|ms/MB' "$o2/$f.md"; done | paste -sd' ')"
o=$(tmpdir)
"$NF" report -q --out "$o" "$SHIPPED"
sha=$(sha256sum "$SHIPPED" | cut -d' ' -f1)
check "blog: the Workloads table (name, what one pass does, size, source)" grep -qF \
	"| JSON.stringify, 20k rows | JSON.stringify of the same 20,000-row object back to JSON text | 5.73 MB (6,008,361 bytes) | data/examples/node-versions/workload.js |" "$o/blog.md"
check "blog: How to reproduce, with the command and the input's SHA-256" sh -c \
	'grep -q "^## How to reproduce" "$1" && grep -qxF "noisefloor report $2" "$1" && grep -qF "| $2 | \`$3\` |" "$1" && grep -qF "Rounds run from 2026-11-29T22:15:30Z to 2026-11-29T22:16:00Z" "$1"' \
	_ "$o/blog.md" "$SHIPPED" "$sha"
# summary.md keeps to its page: the inputs on one line
check "summary: How to reproduce, with the command and the input's SHA-256" sh -c \
	'grep -q "^## How to reproduce" "$1" && grep -qxF "noisefloor report $2" "$1" && grep -qF "Inputs: \`$2\` (SHA-256 \`$3\`). Rounds run on 2026-11-29 (UTC)." "$1"' \
	_ "$o/summary.md" "$SHIPPED" "$sha"
check "issue: the steps, the versions, the command and the raw data to attach, by file name" sh -c \
	'grep -q "^### What steps will reproduce the bug?" "$1" && grep -qF "1. Install each version: 20.20.2, 22.23.5, 24.22.3, 26.12.1." "$1" &&
	 grep -qxF "   noisefloor report $(basename "$2")" "$1" && grep -qF "**Attachments:** \`$(basename "$2")\` (SHA-256 \`$3\`)" "$1" &&
	 ! grep -qF "$2" "$1"' \
	_ "$o/issue.md" "$SHIPPED" "$sha"

# --- the sanitizer build over every output with an estimate ----------------------
if [ -x "$NF_ASAN" ]; then
	o=$(tmpdir)
	check_status "ASan/UBSan: a report with --rps, --payload, --cores and every output" 0 \
		"$NF_ASAN" report -q --out "$o" --rps 120 --payload 60KB --cores 4 "$SHIPPED"
	check_status "ASan/UBSan: convert keeps the workloads cleanly" 0 sh -c '"$1" convert "$2" > /dev/null' _ "$NF_ASAN" "$SHIPPED"
	check_status "ASan/UBSan: --impact naming no workload fails cleanly" 65 \
		"$NF_ASAN" report -q --out "$o/x" --rps 1 --payload 1 --impact nope "$SHIPPED"
fi

# --- the PDF -------------------------------------------------------------------------
o=$(tmpdir)
"$NF" report -q --out "$o" --formats pdf --rps 120 --payload 60KB "$A"
pdftotext "$o/report.pdf" "$o/a.txt" 2>/dev/null
check "PDF: What is it worth, with the article's numbers" sh -c \
	'grep -q "What is it worth to your service?" "$1" && tr "\n" " " < "$1" | grep -qF "(0.92 − 0.74) ms/MB = 1.3 ms saved per second; ÷ 1000 ms = 0.13 % of one core"' _ "$o/a.txt"
o3=$(tmpdir)
"$NF" report -q --out "$o3" --formats md --rps 120 --payload 60KB "$A"
check_eq "PDF: the Summary's Cores freed line is summary.md's" \
	"$(sed -n 's/^\*\*Cores freed:\*\* /Cores freed: /p' "$o3/summary.md")" \
	"Cores freed: $(sed -n '/^Cores freed$/,/^Risks$/p' "$o/a.txt" | sed '1d;$d' | sed '/^$/d' | paste -sd' ')"
o=$(tmpdir)
"$NF" report -q --out "$o" --formats pdf "$SHIPPED"
pdftotext "$o/report.pdf" - 2>/dev/null | tr -d '\f' > "$o/s.txt"   # a heading may open a page
check "PDF: the Workloads table, How to reproduce with the SHA-256, nothing of the estimate (nor Cores freed) without --rps" sh -c \
	'grep -q "^Workloads$" "$1" && grep -qF "JSON.stringify of the same 20,000-row object back to" "$1" && grep -q "How to reproduce$" "$1" && grep -qF "$2" "$1" && ! grep -q "worth to your service" "$1" && ! grep -q "^Cores freed" "$1"' \
	_ "$o/s.txt" "$(sha256sum "$SHIPPED" | cut -d' ' -f1)"
