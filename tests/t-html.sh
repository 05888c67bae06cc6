# report.html and ci-summary.md: the shipped example and the generated
# nine-month history rendered in headless Chromium (no request leaves the
# page, no console message, every verdict and chart there, a screenshot
# that is not blank, A4 when printed); hostile names inert in both files;
# the page bounded and ci-summary.md under GitHub's 65,536 characters on
# the history; both reproducible to the byte; check --summary (with the
# claims and the upgrade view, report's ci-summary.md to the byte). The claims
# checked (--claim) and the upgrade view (--from) in both, the page's
# tables agreeing with analysis.json.
. tests/lib.sh
T=tests/html
ex=data/examples/node-versions/rounds.json
chars() { LC_ALL=C.UTF-8 wc -m < "$1"; }

# --- the shipped example ------------------------------------------------------
a=$(tmpdir) b=$(tmpdir)
"$NF" report -q --as-of 2026-12-01 --out "$a" --link-base https://example.org/bench/ "$ex"
check_eq "the example writes report.html and ci-summary.md" "yes yes" \
	"$([ -s "$a/report.html" ] && echo yes) $([ -s "$a/ci-summary.md" ] && echo yes)"
"$NF" report -q --as-of 2026-12-01 --out "$b" --link-base https://example.org/bench/ "$ex"
check "report.html is reproducible to the byte" cmp "$a/report.html" "$b/report.html"
check "ci-summary.md is reproducible to the byte" cmp "$a/ci-summary.md" "$b/ci-summary.md"
check_eq "report.html: nothing that loads, runs or links outside the page" "" \
	"$(python3 $T/htmlcheck.py bad "$a/report.html")"
check_eq "report.html: every id unique" "" "$(python3 $T/htmlcheck.py ids "$a/report.html" | sort | uniq -d)"
check "report.html: a Content-Security-Policy that refuses every fetch" \
	grep -qF "content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\"" "$a/report.html"
check "report.html: a workload has its anchor" grep -qF 'id="json-stringify-20k-rows"' "$a/report.html"
check "report.html: one verdict table per platform, with headers" \
	grep -qF '<th scope="col">Workload</th><th scope="col">20.20.2</th>' "$a/report.html"
check "report.html: the print CSS asks for A4" grep -qF '@page { size: A4' "$a/report.html"
check "ci-summary.md: a regression first, linked to its section" \
	sh -c "grep -A3 '^\*\*Regressions and anomalies' '$a/ci-summary.md' | grep -qF '(https://example.org/bench/report.html#concatenate-50k-strings)'"
check "ci-summary.md: the count within noise" grep -qF '1 comparison within noise' "$a/ci-summary.md"
check "ci-summary.md: the verdict table folded" grep -qF '<summary>Every verdict</summary>' "$a/ci-summary.md"
check_eq "ci-summary.md: every row links to report.html" 7 \
	"$(grep -c '^| \[.*\](https://example.org/bench/report.html#[a-z0-9-]*) |' "$a/ci-summary.md")"
check_status "--link-base refuses an address that is not http(s)" 2 \
	"$NF" report -q --out "$(tmpdir)" --link-base 'javascript:alert(1)' "$ex"
check_status "--link-base refuses a character a link cannot hold" 2 \
	"$NF" report -q --out "$(tmpdir)" --link-base 'https://x/a)b' "$ex"
n=$(tmpdir)
"$NF" report -q --as-of 2026-12-01 --out "$n" "$ex"
check "without --link-base: no link in ci-summary.md" sh -c "! grep -q '](http' '$n/ci-summary.md'"

# check --summary writes the same document and still gates
s=$(tmpdir)
"$NF" check -q --as-of 2026-12-01 --summary "$s/summary.md" --link-base https://example.org/bench/ "$ex" >/dev/null; rc=$?
check_eq "check --summary: exits 1 on the example's regression" 1 "$rc"
# (the same release schedule as report: the end-of-life warnings counted too)
check "check --summary: the same ci-summary.md as report, to the byte" cmp "$a/ci-summary.md" "$s/summary.md"
check_status "check --summary: an unwritable file is exit 73" 73 \
	"$NF" check -q --summary /nonexistent/dir/summary.md "$ex"

# --templates overrides report.html like the Markdown documents
tp=$(tmpdir)
cp templates/*.mustache "$tp/"
printf '<!DOCTYPE html><title>{{title}}</title><p>{{headline}}.</p>\n' > "$tp/report.html.mustache"
o=$(tmpdir)
"$NF" report -q --as-of 2026-12-01 --formats html --templates "$tp" --out "$o" "$ex"
check "--templates: report.html from the user's template" grep -q '^<!DOCTYPE html><title>Node.js' "$o/report.html"

# --- the claims checked and the upgrade view (tests/claims/sqlite.ndjson) ------
S=tests/claims/sqlite.ndjson
cl=$(tmpdir)
"$NF" report -q --as-of 2026-12-01 --out "$cl" --link-base https://example.org/b/ \
	--claim '20.19.5..24.11.1=-57%@select' --claim '20.19.5..24.11.1=+100%@select' --from 20.19.5 "$S"
rows() { python3 $T/htmlcheck.py rows "$1" "$2"; }
tab=$'\t'
check_eq "report.html: the claim -57% on SELECT is not reproduced, in a word, with the measured change and interval" \
	"SELECT 50 newest (Forward Email)${tab}20.19.5..24.11.1=-57%@select${tab}not reproduced${tab}The claimed −57% (ops/s of 24.11.1 against 20.19.5) is not reproduced: measured +98%, 95% interval +92% to +104%" \
	"$(rows "$cl/report.html" claims | grep -F -- '=-57%@select')"
check_eq "report.html: the claim +100% is consistent with the data" "consistent with the data" \
	"$(rows "$cl/report.html" claims | grep -F -- '=+100%@select' | cut -f3)"
check "report.html: not reproduced is in bold in its badge, not only coloured" \
	grep -qF '<span class="v v-claim-not-reproduced"><strong>not reproduced</strong></span>' "$cl/report.html"
check "report.html: the short answer gives the claims' answer" \
	sh -c "python3 $T/htmlcheck.py text '$cl/report.html' | grep -qF 'The short answer The claims 20.19.5..24.11.1=-57%@select and 20.19.5..24.11.1=+100%@select are not reproduced on 1 and consistent with the data on 1 of 2 comparisons'"
# a document agrees with analysis.json: the claims table is its claims[],
# the upgrade tables its upgrade.rows (workload, ends, words)
check_eq "report.html: the claims table is analysis.json's claims[]" \
	"$(jq -r '.claims[] | . as $c | [.workload, .claim,
		({"consistent": "consistent with the data", "not-reproduced": "not reproduced"}[.verdict] // "cannot be checked"),
		(.text | ltrimstr("\($c.workload) (\($c.platform)): ") | (.[0:1] | ascii_upcase) + .[1:])] | join("\t")' "$cl/analysis.json" | sort)" \
	"$(rows "$cl/report.html" claims | sed '1,2d' | sort)"
upgrade_rows() { # the upgrade view's rows as report.html lays them out, from analysis.json
	# (a comparison that measured neither end is only counted: no text)
	jq -r '. as $r | .upgrade.rows[] | select(.text != null) | . as $u |
		($r.comparisons[] | select(.workload == $u.workload and .platform == $u.platform) | .unit) as $unit |
		["\(.workload) (\($unit))", (.from // "—"), (.to // "—"), .text] | join("\t")' "$1" | sort; }
check_eq "report.html: the upgrade table is analysis.json's upgrade.rows" \
	"$(upgrade_rows "$cl/analysis.json")" "$(rows "$cl/report.html" upgrade | grep -v '^caption: \|^Workload' | sort)"
check "report.html: the upgrade view gives both ends' support" \
	sh -c "python3 $T/htmlcheck.py text '$cl/report.html' | grep -qF \"\$(jq -r .upgrade.ends '$cl/analysis.json'). 2 workloads change for the better, none for the worse, 1 shows no confirmed change.\""
check_eq "report.html: the claims, then the upgrade view, then the verdicts" "short-answer claims upgrade verdicts" \
	"$(grep -o '<section id="[a-z-]*"' "$cl/report.html" | cut -d'"' -f2 | grep -x 'short-answer\|claims\|upgrade\|verdicts' | xargs)"
check_eq "report.html: the verdict table's header says what was compared, as analysis.json" \
	"Workload: $(jq -r '.comparisons[0].compared.text' "$cl/analysis.json")" \
	"$(rows "$cl/report.html" verdicts | sed -n 2p | cut -f1)"
check_eq "report.html: each cell is analysis.json's level ± band" "" "$(rows "$cl/report.html" verdicts | python3 -c '
import json, re, sys
a = json.load(open(sys.argv[1]))
rows = [l.rstrip("\n").split("\t") for l in sys.stdin]
head = rows[1]
for c in a["comparisons"]:
    row = next(r for r in rows if r[0] == "%s (%s)" % (c["workload"], c["unit"]))
    for v in c["versions"]:
        cell = row[head.index(v["version"])]
        m = re.fullmatch(r"([0-9,.]+) ±([0-9.]+)%", cell)
        if not m or abs(float(m[1].replace(",", "")) / v["level"] - 1) > 0.005 or \
                abs(float(m[2]) / 100 - v["band"]) > 0.0005 + 0.05 * v["band"]:
            print(c["workload"], v["version"], repr(cell), v["level"], v["band"])
' "$cl/analysis.json")"
check "ci-summary.md: the claim not reproduced, in a word, linked to its workload" \
	grep -qxF -- '- **Not reproduced**: [SELECT 50 newest (Forward Email)](https://example.org/b/report.html#select-50-newest-forward-email): the claimed −57% (ops/s of 24.11.1 against 20.19.5) is not reproduced: measured +98%, 95% interval +92% to +104%' "$cl/ci-summary.md"
check "ci-summary.md: the consistent claim says so" \
	grep -q '^- \*\*Consistent with the data\*\*: .*the claimed +100% .* is consistent with the data: measured +98%, 95% interval +92% to +104%$' "$cl/ci-summary.md"
check "ci-summary.md: the upgrade view's title links to its section, with both ends' support" \
	grep -qF "**[What changes from 20.19.5 to v26](https://example.org/b/report.html#upgrade)**: $(jq -r .upgrade.ends "$cl/analysis.json")." "$cl/ci-summary.md"
check_eq "ci-summary.md: only the confirmed changes are listed, with their intervals" \
	"$(jq -r '.upgrade.rows[] | select(.change == "better" or .change == "worse") | .text' "$cl/analysis.json")" \
	"$(grep ' → ' "$cl/ci-summary.md" | sed 's/.*→ [^:]*: //')"
# check --summary with the same --claim and --from: report's ci-summary.md
cs=$(tmpdir)
"$NF" check -q --as-of 2026-12-01 --summary "$cs/ci.md" --link-base https://example.org/b/ \
	--claim '20.19.5..24.11.1=-57%@select' --claim '20.19.5..24.11.1=+100%@select' --from 20.19.5 "$S"
check_eq "check --summary --claim --from: exit 0 (claims are not the gate)" 0 "$?"
check "check --summary --claim --from: report's ci-summary.md, claims and upgrade view included" \
	cmp "$cl/ci-summary.md" "$cs/ci.md"
# on the example: the regression first, then the claim, then the count
ce=$(tmpdir)
"$NF" report -q --as-of 2026-12-01 --formats json,ci --out "$ce" --claim '20.20.2..26.12.1=+10%' "$ex"
check_eq "ci-summary.md: regressions and anomalies, then the claims, then the count within noise" \
	"Regressions Claims count" \
	"$(grep -o '^\*\*Regressions and anomalies\|^\*\*Claims checked\|^[0-9]* comparisons* within noise' "$ce/ci-summary.md" |
		sed 's/^\*\*Regressions.*/Regressions/; s/^\*\*Claims.*/Claims/; s/^[0-9].*/count/' | xargs)"
check_eq "ci-summary.md: every claim checked on the example is listed" "$(jq '.claims | length' "$ce/analysis.json")" \
	"$(grep -c '^- \*\*\(Not reproduced\|Consistent with the data\|Cannot be checked\)\*\*: ' "$ce/ci-summary.md")"
check "without --from: no upgrade view in report.html nor ci-summary.md" \
	sh -c "! grep -q 'id=\"upgrade\"' '$a/report.html' && ! grep -q 'What changes' '$a/ci-summary.md' && ! grep -q 'id=\"claims\"' '$a/report.html'"
# two platforms: one upgrade table each, the claim checked on both
tp2=$(tmpdir)
{ cat "$S"; sed 1d "$S" | jq -c '.platform = "darwin-arm64" | .value *= 0.9'; } > "$tp2/two.ndjson"
"$NF" report -q --as-of 2026-12-01 --formats json,html,ci --out "$tp2/o" \
	--claim '20.19.5..24.11.1=-57%@select' --from 20.19.5 "$tp2/two.ndjson"
check_eq "report.html: one upgrade table per platform" "caption: linux-x64 caption: darwin-arm64" \
	"$(rows "$tp2/o/report.html" upgrade | grep '^caption: ' | xargs)"
check_eq "report.html, two platforms: the upgrade tables are analysis.json's upgrade.rows" \
	"$(upgrade_rows "$tp2/o/analysis.json")" "$(rows "$tp2/o/report.html" upgrade | grep -v '^caption: \|^Workload' | sort)"
check_eq "report.html, two platforms: the claim on each, its platform named" \
	"SELECT 50 newest (Forward Email) (darwin-arm64) not reproduced|SELECT 50 newest (Forward Email) (linux-x64) not reproduced" \
	"$(rows "$tp2/o/report.html" claims | sed '1,2d' | cut -f1,3 | tr '\t' ' ' | sort | paste -sd'|')"
# exact releases grouped into lines: the sentence; a view that confirms nothing
gr=$(tmpdir)
python3 tests/tables/gen-history.py "$gr/releases.ndjson" releases
"$NF" report -q --as-of 2026-11-30 --by line --from 22 --formats json,html,ci --out "$gr/o" "$gr/releases.ndjson"
check "report.html: the grouping sentence when releases are grouped into lines" \
	sh -c "python3 $T/htmlcheck.py text '$gr/o/report.html' | grep -qiF \"\$(jq -r .grouping.text '$gr/o/analysis.json')\""
check_eq "report.html, grouped lines: the upgrade table is analysis.json's upgrade.rows" \
	"$(upgrade_rows "$gr/o/analysis.json")" "$(rows "$gr/o/report.html" upgrade | grep -v '^caption: \|^Workload' | sort)"
check "ci-summary.md: no confirmed change is no list" \
	sh -c "grep -A2 '^\*\*What changes from 22' '$gr/o/ci-summary.md' | sed -n 3p | grep -q 'within noise'"

# --- hostile names are inert in both files -------------------------------------
H=tests/hardening
h=$(tmpdir) tw=$(tmpdir)
"$NF" report -q --out "$h" --link-base https://example.org/r/ "$H/hostile.json"
jq '.title = "Plain title" | .notes = "plain notes" | .environment.cpu = "plain cpu" |
    .results |= map(.workload |= ("workload " + (explode | add | tostring)) |
                    .platform = "linux-x64" | .note = "plain" | .meta.v8 = "12.4")' \
	"$H/hostile.json" > "$tw.json"
"$NF" report -q --out "$tw" --link-base https://example.org/r/ "$tw.json"
check_eq "report.html, hostile names: nothing that loads, runs or links" "" \
	"$(python3 $T/htmlcheck.py bad "$h/report.html")"
check_eq "report.html, hostile names: the same structure as plain names" \
	"$(python3 $T/htmlcheck.py shape "$tw/report.html")" "$(python3 $T/htmlcheck.py shape "$h/report.html")"
check "report.html, hostile names: shown as text" \
	sh -c "python3 $T/htmlcheck.py text '$h/report.html' | grep -qF '<script>alert(1)</script> ]]> <![CDATA[x]]>'"
shape() { cmark-gfm --unsafe -e table -e strikethrough -e tagfilter "$1" |
	grep -o '<[a-z][a-z0-9]*' | sort | uniq -c | tr -s ' \n' ' '; }
check_eq "ci-summary.md, hostile names: the same structure as plain names" \
	"$(shape "$tw/ci-summary.md")" "$(shape "$h/ci-summary.md")"
check_eq "ci-summary.md, hostile names: no mention, no raw tag" "0 0" \
	"$(grep -c '@org/team\|@someone' "$h/ci-summary.md") $(grep -c '<script\|</details> <details open>' "$h/ci-summary.md")"
check_eq "ci-summary.md, hostile names: only links to report.html" "" \
	"$(cmark-gfm -e table "$h/ci-summary.md" | grep -o 'href="[^"]*"' | grep -v '^href="https://example.org/r/report.html')"

# --- the long history: bounded, under the limit, reproducible ------------------
gen=$NF_TMP/gen-history-html
if ! ${CC:-cc} -O2 -std=c11 -D_DEFAULT_SOURCE -o "$gen" tests/scale/gen-history.c -lm 2>"$NF_TMP/gen-html.log"; then
	fail "the history generator builds" "$(cat "$NF_TMP/gen-html.log")"
	exit 0
fi
hd=$(tmpdir)
"$gen" "$hd/history" >/dev/null
inputs=("$hd"/history/run-*/*.ndjson)
lo=$hd/out lo2=$hd/out2
"$NF" report -q --as-of 2026-11-30 --formats html,ci,rounds,json --out "$lo" "${inputs[@]}"
check_eq "the history writes report.html" 0 "$?"
size=$(stat -c %s "$lo/report.html")
check "history: report.html at most 4 MB ($size bytes)" test "$size" -le 4194304
check "history: ci-summary.md under 65,536 characters ($(chars "$lo/ci-summary.md"))" \
	test "$(chars "$lo/ci-summary.md")" -lt 65536
check "history: the rounds are left to rounds.csv" grep -qF 'Every round is in rounds.csv' "$lo/report.html"
check "history: the charts past the page's share are counted" grep -q 'more charts are left out of this page' "$lo/report.html"
"$NF" report -q --as-of 2026-11-30 --formats html,ci,rounds,json --out "$lo2" "${inputs[@]}"
check "history: report.html reproducible to the byte" cmp "$lo/report.html" "$lo2/report.html"

# many workloads with long names: ci-summary.md still fits, with "and N more"
many=$hd/many.json
python3 -c '
import json
rs = []
for w in range(3000):
    for v, f in (("1.0.0", 1.0), ("2.0.0", 1.5 if w % 3 == 0 else 1.0)):
        for r in range(5):
            rs.append({"workload": "workload %d %s" % (w, "x" * 120), "version": v, "unit": "ms",
                       "passes": [10 * f * (1 + 0.01 * r)]})
print(json.dumps({"format": "noisefloor.rounds/1", "results": rs}))' > "$many"
mo=$hd/many-out
"$NF" report -q --formats ci --link-base https://example.org/a-long-address-for-the-report/ --out "$mo" "$many"
check "3,000 long-named workloads: ci-summary.md under 65,536 characters ($(chars "$mo/ci-summary.md"))" \
	test "$(chars "$mo/ci-summary.md")" -lt 65536
check "3,000 long-named workloads: the rest counted" grep -q 'and [0-9]* more' "$mo/ci-summary.md"

# 30 workloads of 101 versions, 199 pairs each (the analysis' pairs of a long
# series): past 5,000 rows the page keeps the pairs that say something and
# says so
mp=$hd/many-pairs.json
python3 -c '
import json
rs = [{"workload": "w%d" % w, "version": "1.%d.0" % v, "unit": "ms", "passes": [10 + v * 0.01 + r * 0.3]}
      for w in range(30) for v in range(101) for r in range(3)]
print(json.dumps({"format": "noisefloor.rounds/1", "results": rs}))' > "$mp"
mpo=$hd/many-pairs-out
"$NF" report -q --formats html,json --out "$mpo" "$mp"
check_eq "5,970 pairs: report.html is written" "0 5970" "$? $(jq '[.comparisons[].pairs | length] | add' "$mpo/analysis.json")"
check "5,970 pairs: only the claimed pairs, said so" grep -qF 'Only the pairs that are significant or borderline are listed here; every pair is in analysis.json' "$mpo/report.html"
check "5,970 pairs: fewer rows than pairs ($(grep -c '^<tr><td>1\.' "$mpo/report.html"))" test "$(grep -c '^<tr><td>1\.' "$mpo/report.html")" -lt 5970

# --- a real browser ---------------------------------------------------------------
if ! command -v chromium >/dev/null; then
	fail "chromium is installed (make test-deps)"
	exit 0
fi
export HOME=$NF_TMP/chromium-home
mkdir -p "$HOME"
browse() { # browse NAME PAGE: DOM, screenshot, PDF and the browser's log under $NF_TMP/NAME.*
	local base=$NF_TMP/$1 page=$2
	timeout 120 chromium --headless --no-sandbox --disable-gpu --enable-logging=stderr --v=0 \
		--dump-dom "file://$page" > "$base.dom" 2> "$base.log"
	timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
		--window-size=800,1000 --screenshot="$base.png" "file://$page" >/dev/null 2>&1
	timeout 120 chromium --headless --no-sandbox --disable-gpu --no-pdf-header-footer \
		--print-to-pdf="$base.pdf" "file://$page" >/dev/null 2>&1
}
browse claims "$cl/report.html"
python3 $T/htmlcheck.py text "$NF_TMP/claims.dom" > "$NF_TMP/claims.txt"
check_eq "claims: no console message" "" "$(grep ':CONSOLE' "$NF_TMP/claims.log")"
check "claims: the rendered page says the claim is not reproduced, with its interval" \
	grep -qF 'not reproducedThe claimed −57% (ops/s of 24.11.1 against 20.19.5) is not reproduced: measured +98%, 95% interval +92% to +104%' "$NF_TMP/claims.txt"
check "claims: the rendered page has the upgrade view" grep -qF 'What changes from 20.19.5 to v26' "$NF_TMP/claims.txt"
colours=$(python3 $T/pngcolors.py "$NF_TMP/claims.png" 2>&1)
check "claims: the screenshot is not blank ($colours colours)" test "$colours" -ge 50 2>/dev/null
for which in example history; do
	if [ $which = example ]; then d=$a; else d=$lo; fi
	browse "$which" "$d/report.html"
	base=$NF_TMP/$which
	check "$which: Chromium renders the page" test -s "$base.dom"
	check_eq "$which: no console message (no blocked request, no error)" "" \
		"$(grep ':CONSOLE' "$base.log")"
	check_eq "$which: the rendered DOM has nothing that loads or links outside" "" \
		"$(python3 $T/htmlcheck.py bad "$base.dom")"
	python3 $T/htmlcheck.py text "$base.dom" > "$base.txt"
	missing=$(jq -r '.comparisons[] | select(.versions | length > 1) | .text' "$d/analysis.json" 2>/dev/null |
		while IFS= read -r v; do grep -qF -- "$v" "$base.txt" || echo "$v"; done)
	check_eq "$which: every verdict text on the page" "" "$missing"
	svgs=$(grep -c '<svg' "$base.dom")
	check "$which: the charts are there ($svgs)" test "$svgs" -ge 5
	colours=$(python3 $T/pngcolors.py "$base.png" 2>&1)
	check "$which: the screenshot is not blank ($colours colours)" test "$colours" -ge 50 2>/dev/null
	check "$which: prints to A4" sh -c "pdfinfo '$base.pdf' | grep -q 'Page size:.*(A4)'"
done
