# The charts in out/charts: well-formed SVG that renders, accessible, 1:1 in
# browsers, unique file names, PNG previews, the same bytes on every run.
# NF_UPDATE_GOLDEN=1 tests/run charts rewrites the golden file (review the diff).
. tests/lib.sh
T=tests/charts
DATA=data/examples/node-versions/rounds.json

# The parts of every SVG a reader relies on, one block per file:
# name, size, <title>, <desc>.
svg_summary() {
	for f in "$1"/charts/*.svg; do
		printf '%s %s %s\n' "$(basename "$f")" \
			"$(xmllint --xpath 'string(/*/@width)' "$f")" "$(xmllint --xpath 'string(/*/@height)' "$f")"
		xmllint --xpath 'string(/*/*[local-name()="title"])' "$f"; echo
		xmllint --xpath 'string(/*/*[local-name()="desc"])' "$f"; echo
	done
}

# --- the shipped dataset -----------------------------------------------------
o=$(tmpdir)
check "shipped dataset renders charts" "$NF" report -q --formats charts --out "$o" "$DATA"
check_eq "one overview and one strip plot per workload" \
	"concatenate-50k-strings json-parse-20k-rows json-stringify-20k-rows map-of-200k-keys overview regex-over-100k-emails sha-256-of-8-mb sort-200k-integers" \
	"$(cd "$o/charts" && ls *.svg | sed 's/\.svg$//' | tr '\n' ' ' | sed 's/ $//')"
bad=""
for f in "$o"/charts/*.svg; do
	xmllint --noout "$f" 2>/dev/null || bad="$bad $(basename "$f"):xml"
	rsvg-convert -o "$NF_TMP/render.png" "$f" 2>/dev/null || bad="$bad $(basename "$f"):render"
	[ "$(od -An -tu1 -j16 -N4 "$NF_TMP/render.png" | tr -s ' ')" = " 0 0 3 32" ] ||
		bad="$bad $(basename "$f"):not-800px"
done
check_eq "every SVG is well-formed and renders at 800 px" "" "$bad"

bad=""
for f in "$o"/charts/*.svg; do
	# <title> and <desc> are the root's first two children; sizes in px
	first=$(xmllint --xpath 'concat(local-name(/*/*[1]), " ", local-name(/*/*[2]))' "$f")
	[ "$first" = "title desc" ] || bad="$bad $(basename "$f"):$first"
	case "$(xmllint --xpath 'string(/*/@width)' "$f")" in *px) ;; *) bad="$bad $(basename "$f"):unit" ;; esac
	[ -n "$(xmllint --xpath 'string(/*/*[local-name()="desc"])' "$f")" ] || bad="$bad $(basename "$f"):desc"
done
check_eq "every SVG has <title> and <desc> first, px units" "" "$bad"

check "text is drawn with glyphs (a font was loaded)" \
	test "$(grep -c '<symbol' "$o/charts/overview.svg")" -gt 30
check_eq "the verdict is in the strip plot's description" "1" \
	"$(grep -c 'Verdict: 26.12.1 is 40% faster than 20.20.2 (best rounds). The gap of 40% between the best rounds clears the noise of ±8.0% and the rank test confirms it.' "$o/charts/json-parse-20k-rows.svg")"
check_eq "the strip plot of the bimodal version names the two clusters" "1" \
	"$(grep -c 'Two clusters: 24.22.3: 4 of 7 rounds are 13× slower than the other versions in the same rounds.' "$o/charts/concatenate-50k-strings.svg")"
check "the overview describes each change" \
	grep -q 'Map of 200k keys (noise ±15%): 22.23.5 10% slower within noise, 24.22.3 4% faster within noise, 26.12.1 47% faster.' \
	"$o/charts/overview.svg"
# What the charts say, read back from their glyphs (svg_text.py): every bar
# of the overview labelled beside its end, "not confirmed" on a bar beyond
# the noise that the rank test does not confirm, each kind of bar drawn as
# such and in the legend (bar_labels.py); no text cut short with "…", so each
# verdict is there whole, under its workload and atop its strip plot.
check_eq "every bar of the overview has its label, its look and its legend entry" "" \
	"$(python3 $T/bar_labels.py "$o/charts/overview.svg")"
check_eq "the JSON.stringify bar beyond the noise says it is not confirmed" "1" \
	"$(python3 $T/svg_text.py "$o/charts/overview.svg" | grep -c ' 23% faster not confirmed$')"
check_eq "no chart text is cut short with an ellipsis" "" \
	"$(for f in "$o"/charts/*.svg; do python3 $T/svg_text.py "$f" | grep '…$' | sed "s|^|$(basename "$f"): |"; done)"
j=$(tmpdir)
"$NF" report -q --formats json --out "$j" "$DATA"
# chart_text STEM: the text lines of chart STEM joined by spaces
chart_text() { python3 $T/svg_text.py "$o/charts/$1.svg" | cut -d' ' -f5- | tr '\n' ' '; }
missing=""
overview=$(chart_text overview)
while IFS=$'\t' read -r stem text; do
	case "$overview" in *"$text"*) ;; *) missing="$missing [overview: $text]" ;; esac
	strip=$(chart_text "$stem")
	case "$strip" in *"${text^}"*) ;; *) missing="$missing [$stem: ${text^}]" ;; esac
done < <(jq -r '.comparisons[] | [(.workload | ascii_downcase | gsub("[^a-z0-9]+"; "-") | sub("-$"; "")), .text] | @tsv' "$j/analysis.json")
check_eq "every verdict is whole under its workload in the overview and atop its strip plot" "" "$missing"
check "Okabe-Ito colours (blue, orange, bluish green, vermillion)" \
	test "$(grep -c '"#0072b2"\|"#e69f00"\|"#009e73"\|"#d55e00"' \
		"$o/charts/json-parse-20k-rows.svg")" -ge 4

bad=""
for f in "$o"/charts/*.png; do
	# PNG signature, 2 device pixels per px, colour type 2: RGB without alpha
	[ "$(od -An -tx1 -N4 "$f" | tr -d ' ')" = "89504e47" ] || bad="$bad $(basename "$f"):sig"
	[ "$(od -An -tu1 -j16 -N4 "$f" | tr -s ' ')" = " 0 0 6 64" ] || bad="$bad $(basename "$f"):width"
	[ "$(od -An -tu1 -j25 -N1 "$f" | tr -d ' ')" = "2" ] || bad="$bad $(basename "$f"):alpha"
done
check_eq "a 1600 px RGB PNG preview beside every SVG" "" "$bad"
check_eq "as many PNGs as SVGs" "$(ls "$o"/charts/*.svg | wc -l)" "$(ls "$o"/charts/*.png | wc -l)"
check_eq "every PNG decodes: chunk CRCs, the zlib stream and its checksum, whole rows" "" \
	"$(python3 $T/png_check.py "$o"/charts/*.png)"
# What the previews show, as a viewer decodes them: the encoder may change
# the bytes, never the pixels. Fonts and font options are pinned
# (chart_cairo.c), so the pixels hold wherever Debian 12's cairo draws them.
pix=$(python3 $T/png_check.py --pixels "$o"/charts/*.png)
[ -n "${NF_UPDATE_GOLDEN:-}" ] && printf '%s\n' "$pix" > "$T/expected-png-pixels.txt"
check_eq "golden: the pixels of every PNG preview" "$(cat "$T/expected-png-pixels.txt")" "$pix"

o2=$(tmpdir)
"$NF" report -q --formats charts --out "$o2" "$DATA"
check_eq "a rerun gives the same bytes" "$(tree_digest "$o")" "$(tree_digest "$o2")"
if locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
	o3=$(tmpdir)
	LC_ALL=de_DE.UTF-8 "$NF" report -q --formats charts --out "$o3" "$DATA"
	check_eq "a German locale changes nothing" "$(tree_digest "$o")" "$(tree_digest "$o3")"
fi

# --- non-ASCII names, long names, colliding slugs ---------------------------
o=$(tmpdir)
check "non-ASCII workloads render" "$NF" report -q --formats charts --out "$o" "$T/unicode.json"
check_eq "file names are ASCII, unique, accents dropped" \
	"cafe-2.svg cafe.svg overview.svg tri-d-un-tableau-facade-unicode.svg workload-2.svg workload.svg" \
	"$(cd "$o/charts" && ls *.svg | tr '\n' ' ' | sed 's/ $//')"
check_eq "titles keep the full UTF-8 names" "Tri d’un tableau — façade Ünïcode → ✓" \
	"$(xmllint --xpath 'string(/*/*[local-name()="title"])' "$o/charts/tri-d-un-tableau-facade-unicode.svg")"
summary=$(svg_summary "$o")
[ -n "${NF_UPDATE_GOLDEN:-}" ] && printf '%s\n' "$summary" > "$T/expected-svg.txt"
check_eq "golden: chart sizes, titles and descriptions" "$(cat "$T/expected-svg.txt")" "$summary"
bad=""
for f in "$o"/charts/*.svg; do
	xmllint --noout "$f" 2>/dev/null && rsvg-convert -o "$NF_TMP/render.png" "$f" 2>/dev/null ||
		bad="$bad $(basename "$f")"
done
check_eq "non-ASCII SVGs are well-formed and render" "" "$bad"

# --- a long version series --------------------------------------------------
o=$(tmpdir)
check "a long version series renders" "$NF" report -q --formats charts --out "$o" "$T/series.json"
check "the series gets its own chart" test -s "$o/charts/json-parse-20k-rows-series.svg"
check_eq "V8 changes are marked where the minor version changes" \
	"From 20.0.0: V8 11.3. From 22.0.0: V8 12.4. From 24.0.0: V8 13.6." \
	"$(xmllint --xpath 'string(/*/*[local-name()="desc"])' "$o/charts/json-parse-20k-rows-series.svg" |
		grep -o 'From [^:]*: V8 [0-9.]*\.' | tr '\n' ' ' | sed 's/ $//')"
check "the series chart renders" rsvg-convert -o "$NF_TMP/series.png" "$o/charts/json-parse-20k-rows-series.svg"
check "rates are labelled higher-is-better" grep -q '(ops/s, higher is better)' \
	"$o/charts/http-hello-world-series.svg"

# --- many rounds: a box plot per version --------------------------------------
# 150 rounds a version, values 10.0..10.9 (9.0..9.9) by round; one round of
# 22.1.0 is 5 ms slower than the rest. Quartiles as R's quantile(type = 7).
jq -n '{format: "noisefloor.rounds/1", results: [
	("20.1.0", "22.1.0") as $v | range(1; 151) as $r | {workload: "many rounds", version: $v,
	 round: $r, unit: "ms", passes: [(if $v == "20.1.0" then 10 else 9 end) + ($r % 10) / 10 +
	 (if $r == 150 and $v == "22.1.0" then 5 else 0 end)]}]}' > "$NF_TMP/many.json"
o=$(tmpdir)
"$NF" report -q --formats charts --out "$o" "$NF_TMP/many.json"
desc=$(xmllint --xpath 'string(/*/*[local-name()="desc"])' "$o/charts/many-rounds.svg")
check_eq "over 100 rounds a version, the strip plot is a box plot" \
	"Box plot of the rounds" "${desc%% of \"many rounds\"*}"
check_eq "its description gives each version's median, middle half and outlying rounds" \
	"20.1.0: 150 rounds, median 10.45 ms, middle half 10.20 to 10.70 ms, 0 outlying rounds, best 10.00 ms, spread ±4.3%. 22.1.0: 150 rounds, median 9.50 ms, middle half 9.20 to 9.70 ms, 1 outlying round, best 9.00 ms, spread ±26%." \
	"${desc#*the signed rank test confirms it. }"
check "it renders, with a few marks a version rather than a dot per round (under 200 paths, 411 before)" sh -c \
	'rsvg-convert -o "$1.png" "$2" && test "$(grep -c "<path" "$2")" -lt 200' _ "$NF_TMP/many" "$o/charts/many-rounds.svg"
check_eq "and its PNG decodes" "" "$(python3 $T/png_check.py "$o"/charts/*.png)"

# --- the SVG shows what the PNG preview shows -------------------------------
# One scene gives both: the PNG drawn by cairo, the SVG written with glyph
# outlines. rsvg-convert renders each SVG at the preview's 2 px a unit and
# png_diff.py compares the two pictures. cairo's glyph rasteriser and a filled
# outline antialias text a little differently: on these charts the mean
# difference is 0.8 to 1.9 of 255 and the worst 8x8 block 16 to 23, where a
# tick label left out gives 69, a label in the bold face 94, one 2 px off 65.
o=$(tmpdir)
"$NF" report -q --formats charts --out "$o/ship" "$DATA"
"$NF" report -q --formats charts --out "$o/uni" "$T/unicode.json"
"$NF" report -q --formats charts --out "$o/ser" "$T/series.json"
pairs=()
for f in "$o"/ship/charts/*.svg "$o/uni/charts/workload-2.svg" \
	"$o/uni/charts/tri-d-un-tableau-facade-unicode.svg" "$o/ser/charts/json-parse-20k-rows-series.svg"; do
	rsvg-convert -z 2 -o "$f.png" "$f"
	pairs+=("${f%.svg}.png" "$f.png")
done
check "every SVG looks like its PNG preview (mean difference under 2.5, no 8x8 block over 40)" \
	python3 "$T/png_diff.py" --mean 2.5 --block 40 "${pairs[@]}"
# the same comparison with the shortest text of the overview left out
python3 - "$o/ship/charts/overview.svg" > "$o/damaged.svg" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
texts = re.finditer(r'<g fill="[^"]*" transform="[^"]*">\n(?:<use[^>]*>\n)+</g>\n', s)
g = min(texts, key=lambda m: m.end() - m.start())
sys.stdout.write(s[:g.start()] + s[g.end():])
PY
rsvg-convert -z 2 -o "$o/damaged.png" "$o/damaged.svg"
check_status "and it finds a tick label missing" 1 \
	python3 "$T/png_diff.py" --mean 2.5 --block 40 "$o/ship/charts/overview.png" "$o/damaged.png"

# --- errors -----------------------------------------------------------------
o=$(tmpdir)
out=$(NOISEFLOOR_FONT=/nonexistent/DejaVuSans.ttf "$NF" report -q --formats charts --out "$o/x" "$DATA" 2>&1)
check_eq "a missing font is reported, exit 66" \
	"66 noisefloor: cannot load the font '/nonexistent/DejaVuSans.ttf'" "$? $out"
check "and nothing is left behind" test ! -e "$o/x"
# a bitmap font (BDF) opens, but has no outlines to draw SVG text with
printf '%s\n' 'STARTFONT 2.1' 'FONT -misc-test-medium-r-normal--8-80-75-75-c-80-iso10646-1' \
	'SIZE 8 75 75' 'FONTBOUNDINGBOX 8 8 0 0' 'STARTPROPERTIES 2' 'FONT_ASCENT 8' 'FONT_DESCENT 0' \
	'ENDPROPERTIES' 'CHARS 1' 'STARTCHAR A' 'ENCODING 65' 'SWIDTH 500 0' 'DWIDTH 8 0' 'BBX 8 8 0 0' \
	'BITMAP' FF 81 81 81 81 81 81 FF 'ENDCHAR' 'ENDFONT' > "$NF_TMP/bitmap.bdf"
out=$(NOISEFLOOR_FONT="$NF_TMP/bitmap.bdf" "$NF" report -q --formats charts --out "$o/y" "$DATA" 2>&1)
check_eq "a font without glyph outlines is reported, exit 66" \
	"66 noisefloor: cannot load the font '$NF_TMP/bitmap.bdf': it has no glyph outlines" "$? $out"
check "and nothing is left behind" test ! -e "$o/y"
