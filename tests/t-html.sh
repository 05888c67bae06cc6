# report.html and ci-summary.md: the shipped example and the generated
# nine-month history rendered in headless Chromium (no request leaves the
# page, no console message, every verdict and chart there, a screenshot
# that is not blank, A4 when printed); hostile names inert in both files;
# the page bounded and ci-summary.md under GitHub's 65,536 characters on
# the history; both reproducible to the byte; check --summary.
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
"$NF" check -q --summary "$s/summary.md" --link-base https://example.org/bench/ "$ex" >/dev/null; rc=$?
check_eq "check --summary: exits 1 on the example's regression" 1 "$rc"
# (check loads no release schedule: it has no end-of-life warning to count)
nowarn() { sed 's/ · [0-9]* warnings*\]/]/' "$1"; }
check_eq "check --summary: the same ci-summary.md as report" "$(nowarn "$a/ci-summary.md")" "$(nowarn "$s/summary.md")"
check_status "check --summary: an unwritable file is exit 73" 73 \
	"$NF" check -q --summary /nonexistent/dir/summary.md "$ex"

# --templates overrides report.html like the Markdown documents
tp=$(tmpdir)
cp templates/*.mustache "$tp/"
printf '<!DOCTYPE html><title>{{title}}</title><p>{{headline}}.</p>\n' > "$tp/report.html.mustache"
o=$(tmpdir)
"$NF" report -q --as-of 2026-12-01 --formats html --templates "$tp" --out "$o" "$ex"
check "--templates: report.html from the user's template" grep -q '^<!DOCTYPE html><title>Node.js' "$o/report.html"

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
