# Hardening: bad inputs and limits, hostile names in every output, nothing
# lost on failure (a full disk, a failed commit, concurrent runs), and
# byte-identical output across runs, time zones and locales.
. tests/lib.sh
# a runaway allocation ends the sanitizer build with a report, not the machine
export ASAN_OPTIONS="$ASAN_OPTIONS:hard_rss_limit_mb=3072"
H=tests/hardening
SHIPPED=data/examples/node-versions/rounds.json

# A previous report in a fresh folder; prints the folder.
previous_report() {
	local o
	o=$(tmpdir)
	"$NF" report -q --out "$o" --formats json,md tests/core/published.json
	echo "$o"
}

# --- bad inputs: tests/bad, each with its status and message ----------------
# Run with the sanitizer build: a message is not enough, nothing may crash.
o=$(previous_report)
while IFS=$'\t' read -r file status msg; do
	case "$file" in '#'* | '') continue ;; esac
	expect_error "bad input $file" "$status" "$msg" "$o" \
		"$NF_ASAN" report -q --out "$o" "tests/bad/$file"
done < tests/bad/expected.txt
n_files=$(ls tests/bad | grep -vc '^expected.txt$')
n_cases=$(grep -vc '^#' tests/bad/expected.txt)
check_eq "every file in tests/bad has an expected line" "$n_files" "$n_cases"

# --- generated: huge, unreadable, not a file ------------------------------------
t=$(tmpdir)
truncate -s 5G "$t/huge.json"   # sparse: costs no disk
expect_error "a 5 GiB JSON file is refused before reading it" 65 \
	"noisefloor: cannot read '$t/huge.json': 5.0 GiB is larger than 256 MiB, the limit for a file read whole (NDJSON is read line by line and may be longer)" \
	"$o" "$NF_ASAN" report -q --out "$o" "$t/huge.json"
printf '{"workload": "w", "version": "1", "unit": "ms", "passes": [1]}\n' > "$t/huge.ndjson"
truncate -s 5G "$t/huge.ndjson"
expect_error "a 5 GiB NDJSON line stops at the line limit" 65 \
	"noisefloor: cannot read '$t/huge.ndjson': line 2: longer than 16 MiB, the limit for one line" \
	"$o" "$NF_ASAN" report -q --out "$o" "$t/huge.ndjson"
expect_error "a 3 GiB stream on stdin stops at the line limit" 65 \
	"noisefloor: cannot read '-': line 2: longer than 16 MiB, the limit for one line" \
	"$o" sh -c "{ head -n 1 '$t/huge.ndjson'; head -c 3G /dev/zero | tr '\\0' ' '; } | '$NF' report -q --out '$o' -"
expect_error "a document over 256 MiB on stdin is refused" 65 \
	"noisefloor: cannot read '-': larger than 256 MiB, the limit for a file read whole (NDJSON is read line by line and may be longer)" \
	"$o" sh -c "{ printf '{\"format\": \"noisefloor.rounds/1\", \"results\": ['; yes '{\"workload\": \"w\", \"version\": \"1\", \"unit\": \"ms\", \"passes\": [1]},'; } | head -c 3G | '$NF' report -q --out '$o' -"
expect_error "zeros on stdin are not text" 65 \
	"noisefloor: cannot read '-': line 1, column 1: a NUL byte (not a text file)" \
	"$o" sh -c "head -c 3G /dev/zero | '$NF_ASAN' report -q --out '$o' -"
expect_error "empty stdin" 65 "noisefloor: cannot read '-': the input is empty" \
	"$o" sh -c "'$NF_ASAN' report -q --out '$o' - < /dev/null"
expect_error "a directory" 66 "noisefloor: cannot read 'tests/bad': is a directory" \
	"$o" "$NF_ASAN" report -q --out "$o" tests/bad
expect_error "a missing file" 66 "noisefloor: cannot read '$t/nope.json': No such file or directory" \
	"$o" "$NF_ASAN" report -q --out "$o" "$t/nope.json"
expect_error "a read error" 74 "noisefloor: cannot read '/proc/self/mem': Input/output error" \
	"$o" "$NF_ASAN" report -q --out "$o" /proc/self/mem
cp tests/core/published.json "$t/secret.json"
chmod 000 "$t/secret.json"
if [ "$(id -u)" -ne 0 ]; then
	expect_error "an unreadable file" 66 "noisefloor: cannot read '$t/secret.json': Permission denied" \
		"$o" "$NF_ASAN" report -q --out "$o" "$t/secret.json"
elif command -v setpriv >/dev/null; then
	chmod 755 "$t"
	expect_error "an unreadable file" 66 "noisefloor: cannot read '$t/secret.json': Permission denied" \
		"$o" setpriv --reuid=65534 --regid=65534 --clear-groups "$NF" report -q --out "$o" "$t/secret.json"
fi

o=$(tmpdir)
err=$("$NF_ASAN" report --out "$o" tests/core/published.json 2>&1 > /dev/full); rc=$?
check_eq "a verdict table that cannot be written is an I/O error, the report said to be written" \
	"74 noisefloor: cannot write to standard output: No space left on device; the report itself is written, in '$o'" "$rc $err"
check_status "an empty --out is refused, not overrun" 73 "$NF_ASAN" report -q --out '' tests/core/published.json

# --- finite values near the largest double ------------------------------------
t=$(tmpdir)
for v in 1 2; do for r in 1 2; do
	printf '{"workload": "w", "version": "%s", "unit": "ms", "round": %s, "passes": [%s]}\n' "$v" "$r" \
		"$(case $v$r in 11) echo '1e308, 1.5e308' ;; 12) echo 1.2e308 ;; 21) echo 1.7e308 ;; 22) echo 1.1e308 ;; esac)"
done; done > "$t/huge.ndjson"
sed 's/e308/e8/g' "$t/huge.ndjson" > "$t/scaled.ndjson"
"$NF_ASAN" report -q --min-rounds 1 --formats md,rounds --out "$t/huge" "$t/huge.ndjson"
"$NF_ASAN" report -q --min-rounds 1 --formats md --out "$t/scaled" "$t/scaled.ndjson"
check_eq "values near 1e308 are written as numbers, with the verdict of the same values scaled down" \
	"| w (ms) | 1.2e308 ±2.0% | 1.1e308 ±21% | within noise |
| w (ms) | 120,000,000 ±2.0% | 110,000,000 ±21% | within noise |" \
	"$(grep -h '^| w (ms)' "$t/huge/blog.md" "$t/scaled/blog.md")"
# (issue.md files nothing here: its three lines hold no rounds; rounds.csv has them)
check_eq "and their rounds too, without Infinity" ",1,,,,w,ms,1,1.25e+308,1e+308 1.5e+308 0" \
	"$(grep '^,1,,,,w,ms,1,' "$t/huge/rounds.csv" | tr -d '\r') $(grep -ci Infinity "$t/huge/issue.md" "$t/huge/blog.md" "$t/huge/rounds.csv" | awk -F: '{s += $2} END {print s}')"

# --- limits: the largest accepted, one past it refused --------------------------
passes() { awk -v n="$1" 'BEGIN { printf "1"; for (i = 1; i < n; i++) printf ",1.%d", i % 10 }'; }
{
	printf '{"workload": "w", "version": "1", "round": 1, "unit": "ms", "passes": [%s]}\n' "$(passes 100000)"
	printf '{"workload": "w", "version": "1", "round": 100000, "unit": "ms", "passes": [1]}\n'
	printf '{"workload": "%s", "version": "2", "unit": "ms", "passes": [1]}\n' "$(head -c 1024 /dev/zero | tr '\0' x)"
} > "$t/limits.ndjson"
check "100,000 passes, round 100,000 and a 1024-byte name are accepted" \
	"$NF_ASAN" report -q --out "$(tmpdir)" --min-rounds 1 --formats json,md,charts,pdf "$t/limits.ndjson"
check "the workbook holds fewer passes than a round may have, and still never fails the report" \
	"$NF_ASAN" report -q --out "$(tmpdir)" --min-rounds 1 --formats xlsx "$t/limits.ndjson"
printf '{"workload": "w", "version": "1", "round": 1, "unit": "ms", "passes": [%s]}\n' "$(passes 100001)" > "$t/passes.ndjson"
expect_error "100,001 passes" 65 \
	"noisefloor: cannot read '$t/passes.ndjson': line 1: \"passes\" has 100001 values, more than the 100000 a round may have" \
	"$o" "$NF_ASAN" report -q --out "$o" "$t/passes.ndjson"
printf '{"workload": "w", "version": "1", "round": 100000, "unit": "ms", "passes": [1]}\n' > "$t/r1.ndjson"
printf '{"workload": "w", "version": "1", "round": 1, "unit": "ms", "passes": [1]}\n' > "$t/r2.ndjson"
expect_error "rounds continued past 100,000 by a later file" 65 \
	"noisefloor: more than 100000 rounds of 1 for \"w\" on unknown ('$t/r2.ndjson' line 1)" \
	"$o" "$NF_ASAN" report -q --out "$o" "$t/r1.ndjson" "$t/r2.ndjson"
nest() { awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "["; for (i = 0; i < n; i++) printf "]"; print "" }'; }
nest 1000 > "$t/deep-ok.json"
expect_error "1000 levels are parsed (and then not a known format)" 65 \
	"noisefloor: cannot read '$t/deep-ok.json': not in any known format (tried *" \
	"$o" "$NF_ASAN" report -q --out "$o" "$t/deep-ok.json"
{
	printf '{"workload": "w", "version": "1", "unit": "ms", "passes": [1]}\n'
	printf '{"workload": "w", "version": "1", "unit": "ms", "passes": [1], "meta": {"a": %s}}\n' \
		"$(nest 1000)"
} > "$t/deep.ndjson"
expect_error "nesting in an NDJSON line" 65 \
	"noisefloor: cannot read '$t/deep.ndjson': line 2, column 1076: nested deeper than 1000 levels" \
	"$o" "$NF_ASAN" report -q --out "$o" "$t/deep.ndjson"
awk 'BEGIN { printf "{\"format\": \"noisefloor.rounds/1\", \"results\": [{\"workload\": \"w\", \"version\": \"1\", \"unit\": \"ms\", \"passes\": [1], \"meta\": {";
	for (i = 0; i < 200000; i++) printf "%s\"k%d\": %d", i ? ", " : "", i, i; print "}}]}" }' > "$t/wide.json"
check_status "an object with 200,000 keys is checked for duplicates by sorting, not pairwise" 0 \
	timeout 120 "$NF" report -q --out "$(tmpdir)" --min-rounds 1 --formats json "$t/wide.json"

# Valid inputs at the edges (1024-byte names and versions, values near the
# ends of the double range) render in every output format.
for f in long-names extreme-values; do
	out=$(ASAN_OPTIONS="$ASAN_OPTIONS:hard_rss_limit_mb=1024" timeout 120 \
		"$NF_ASAN" report -q --out "$(tmpdir)" --min-rounds 1 "$H/$f.json" 2>&1); rc=$?
	if [ $rc -eq 0 ]; then pass "valid edge case $f.json: every output format"
	else fail "valid edge case $f.json: every output format (exit $rc)" \
		"$(printf '%s\n' "$out" | grep -v '^[[:space:]]*0x\|memory map' | head -n 5)"; fi
done

# --- hostile names are inert in every output -----------------------------------
h=$(tmpdir)
"$NF_ASAN" report --out "$h" "$H/hostile.json" > "$h.terminal"
check "hostile names: every output written" test -s "$h/report.pdf" -a -s "$h/report.xlsx" -a -s "$h/charts/overview.svg"
check_eq "terminal: no control characters" 0 "$(LC_ALL=C grep -c $'[\x01-\x08\x0b-\x1f\x7f]' "$h.terminal")"
check_eq "analysis.json keeps the names exactly" \
	"$(jq -r '[.results[].workload] | unique | sort | join("|")' "$H/hostile.json")" \
	"$(jq -r '[.comparisons[].workload] | unique | sort | join("|")' "$h/analysis.json")"
svg_ok=1
for f in "$h"/charts/*.svg; do
	xmllint --noout "$f" 2>/dev/null || svg_ok=0
	[ "$(xmllint --xpath 'count(//*[local-name()="script" or local-name()="foreignObject"] | //@*[starts-with(name(), "on")])' "$f" 2>/dev/null)" = 0 ] || svg_ok=0
done
check_eq "SVG: well-formed, no script element or event attribute" 1 "$svg_ok"
check "SVG: the name is text in the title" \
	grep -qF '<title>&lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; &lt;![CDATA[x]]&gt;' "$h/charts/overview.svg" "$h"/charts/script-*.svg
qpdf --qdf --object-streams=disable "$h/report.pdf" "$h.qdf.pdf"
check "PDF: passes qpdf --check" qpdf --check "$h/report.pdf"
check_eq "PDF: no script, link or launch action" 0 "$(grep -a -c '/JavaScript\|/JS\b\|/URI\|/Launch\|/OpenAction\|/AA\b\|/SubmitForm' "$h.qdf.pdf")"
check "PDF: the names are shown as text" sh -c "pdftotext '$h/report.pdf' - 2>/dev/null | grep -qF '=HYPERLINK(\"http://example.co'"
mkdir "$h.xlsx" && (cd "$h.xlsx" && unzip -q "$h/report.xlsx")
xml_ok=1
for f in $(find "$h.xlsx" -name '*.xml' -o -name '*.rels'); do xmllint --noout "$f" 2>/dev/null || xml_ok=0; done
check_eq "XLSX: every part well-formed" 1 "$xml_ok"
check_eq "XLSX: no formula made from a name" 0 \
	"$(cat "$h.xlsx"/xl/worksheets/*.xml | grep -o '<f>[^<]*</f>' | grep -c 'HYPERLINK\|example\.com\|@SUM\|calc')"
check "XLSX: the names are strings" grep -qF '>=HYPERLINK("http://example.com/x","click")<' "$h.xlsx/xl/sharedStrings.xml"
# The Markdown must have the same structure as for a twin input whose texts
# are plain words: a name opens no tag, link, code span, emphasis, heading,
# table cell or mention.
twin=$(tmpdir)
jq '.title = "Plain title" | .notes = "plain notes" | .environment.cpu = "plain cpu" |
    .results |= map(.workload |= ("workload " + (explode | add | tostring)) |
                    .platform = "linux-x64" | .note = "plain" | .meta.v8 = "12.4")' \
	"$H/hostile.json" > "$twin.json"
"$NF" report -q --out "$twin" "$twin.json"
shape() { # the HTML tags GitHub would render from a Markdown file, counted
	cmark-gfm --unsafe -e table -e strikethrough -e tagfilter "$1" |
		grep -o '<[a-z][a-z0-9]*' | sort | uniq -c | tr -s ' \n' ' '
}
for doc in blog issue summary; do
	check_eq "$doc.md: hostile names change no structure" "$(shape "$twin/$doc.md")" "$(shape "$h/$doc.md")"
	check_eq "$doc.md: no mention, no raw tag from the input" "0 0" \
		"$(grep -c '@org/team\|@someone' "$h/$doc.md") $(grep -c '<script\|</details> <details open>' "$h/$doc.md")"
done
# (issue.md files nothing here: three lines, no table; blog.md's verdict table)
rows=$(cmark-gfm -e table "$h/blog.md" | awk '/<table>/ { t++ } t == 1 && /<tr>/ { r++ } t == 1 && /<\/table>/ { print r; exit }')
check_eq "blog.md: a name with | stays in one table row" 5 "$rows"

# --- nothing lost: a full disk, a failed commit, concurrent runs, a dead run ----
# A full disk at several points of the run: the run fails with one line, exit
# 73 or 74, and the previous report stays byte for byte.
disk_full() { # disk_full NAME DIR CMD...: DIR holds a previous full report
	local name=$1 d=$2 before err rc; shift 2
	before=$(tree_digest "$d")
	err=$("$@" 2>&1 >/dev/null); rc=$?
	if { [ "$rc" -eq 73 ] || [ "$rc" -eq 74 ]; } && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] &&
		[[ "$err" == "noisefloor: cannot write "* ]]; then
		pass "$name: exit $rc, one line"
	else
		fail "$name: exit $rc, one line" "$err"
	fi
	if [ "$(tree_digest "$d")" = "$before" ] && ! ls -a "$d" | grep -q '^\.noisefloor-'; then
		pass "$name: previous report intact"
	else
		fail "$name: previous report intact"
	fi
}
d=$(tmpdir)
"$NF" report -q --out "$d/out" tests/core/published.json
for limit in 1000 20000 60000 120000; do
	disk_full "file size limit $limit" "$d/out" prlimit --fsize="$limit" "$NF" report -q --out "$d/out" "$SHIPPED"
done
m=$(tmpdir)
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=1m noisefloor-test "$m" 2>/dev/null; then
	trap 'umount "$m" 2>/dev/null' EXIT
	"$NF" report -q --out "$m/out" tests/core/published.json
	used=$(du -sk "$m" | cut -f1)
	# leave 0, 16, 64, 160 and 320 KiB free for a report that needs more
	for free in 0 16 64 160 320; do
		rm -f "$m/fill"
		fallocate -l $(( (1024 - used - free - 8) * 1024 )) "$m/fill" 2>/dev/null ||
			head -c $(( (1024 - used - free - 8) * 1024 )) /dev/zero > "$m/fill"
		disk_full "full disk, $free KiB free" "$m/out" "$NF_ASAN" report -q --out "$m/out" "$SHIPPED"
	done
	umount "$m"
else
	echo "ok - full disk on a tmpfs # SKIP needs root and mount"
fi

# A commit that fails half-way puts back what it had replaced: the files at
# the top, swapped into place before the charts fail, are swapped back (the
# old files themselves, not copies).
o=$(previous_report)
echo "a file of the user's" > "$o/charts"
inodes=$(stat -c %i "$o/analysis.json" "$o/blog.md")
expect_error "a failed commit is undone" 73 \
	"noisefloor: cannot write '$o/charts/overview.svg': Not a directory" \
	"$o" "$NF_ASAN" report -q --out "$o" "$SHIPPED"
check_eq "a failed commit puts the old files back in place" "$inodes" \
	"$(stat -c %i "$o/analysis.json" "$o/blog.md")"

# A report replacing one (every file swapped with the old one, which is then
# removed) leaves the same folder as a fresh report: nothing staged or old.
o=$(tmpdir); r=$(tmpdir)
"$NF" report -q --out "$r" "$SHIPPED"
"$NF" report -q --out "$o" "$SHIPPED"
"$NF" report -q --out "$o" "$SHIPPED"
check "a report replacing another leaves what a fresh one does" same_tree "$r" "$o"

# The same where the file system cannot swap files (renameat2 with a flag
# fails): the old files are kept as hard links and moved back.
shim=$(tmpdir)/no-renameat2.so
if cc -shared -fPIC -o "$shim" "$H/no-renameat2.c" -ldl 2>"$NF_TMP/shim.log"; then
	o=$(previous_report)
	echo "a file of the user's" > "$o/charts"
	expect_error "a failed commit is undone without renameat2" 73 \
		"noisefloor: cannot write '$o/charts/overview.svg': Not a directory" \
		"$o" env LD_PRELOAD="$shim" "$NF" report -q --out "$o" "$SHIPPED"
	rm "$o/charts"
	r=$(tmpdir)
	"$NF" report -q --out "$r" "$SHIPPED"
	LD_PRELOAD="$shim" "$NF" report -q --out "$o" "$SHIPPED"
	check "without renameat2 a report replaces the previous one" same_tree "$r" "$o"
else
	fail "build the renameat2 shim" "$(cat "$NF_TMP/shim.log")"
fi

# A renderer failing after others have written: nothing of the run is kept.
o=$(previous_report)
tpl=$(tmpdir); cp templates/*.mustache "$tpl/"; printf '{{#x}}\n' > "$tpl/summary.md.mustache"
expect_error "a late renderer error" 65 \
	"noisefloor: cannot use template '$tpl/summary.md.mustache': line 1, column 1: unclosed section \"x\"" \
	"$o" "$NF_ASAN" report -q --out "$o" --templates "$tpl" "$SHIPPED"

# A run that died left its staging folder: the next run clears it.
o=$(previous_report)
mkdir "$o/.noisefloor-Ab12Cd" && echo partial > "$o/.noisefloor-Ab12Cd/blog.md"
"$NF" report -q --out "$o" --formats json,md tests/core/published.json
check "a dead run's staging folder is cleared" test ! -e "$o/.noisefloor-Ab12Cd"
# ... and the files it staged (or swapped out) beside their final places,
# but nothing else of the user's that merely looks alike
o=$(previous_report)
echo partial > "$o/.noisefloor-Xy34Zw"
echo "the user's" > "$o/.noisefloor-notes"
"$NF" report -q --out "$o" --formats json,md tests/core/published.json
check "a dead run's staged file is removed" test ! -e "$o/.noisefloor-Xy34Zw"
check "a look-alike name of the user's stays" test -e "$o/.noisefloor-notes"

# Concurrent runs into one folder: renames are slowed down so that unguarded
# commits would interleave; the folder must end with one run's whole set.
shim=$(tmpdir)/slow-rename.so
if cc -shared -fPIC -o "$shim" "$H/slow-rename.c" -ldl 2>"$NF_TMP/shim.log"; then
	o=$(tmpdir)
	cp tests/core/published.json "$o.a.json"    # other workloads than b
	cp tests/core/throughput.json "$o.b.json"
	# each run's issue.md alone (one with nothing to file names no workload)
	"$NF" report -q --out "$o.alone-a" --formats json,md "$o.a.json"
	"$NF" report -q --out "$o.alone-b" --formats json,md "$o.b.json"
	mixed=0
	for i in 1 2 3; do
		pids=""
		for run in a b a b; do
			LD_PRELOAD="$shim" "$NF" report -q --out "$o" --formats json,md "$o.$run.json" & pids="$pids $!"
		done
		wait $pids
		w=$(jq -r '.comparisons[0].workload' "$o/analysis.json")
		for doc in blog.md summary.md; do
			grep -qF "$w" "$o/$doc" || mixed=1
		done
		if [ "$w" = "$(jq -r '.comparisons[0].workload' "$o.alone-a/analysis.json")" ]; then
			cmp -s "$o/issue.md" "$o.alone-a/issue.md" || mixed=1
		else
			cmp -s "$o/issue.md" "$o.alone-b/issue.md" || mixed=1
		fi
	done
	check_eq "concurrent runs leave one run's complete set" 0 "$mixed"
	check "concurrent runs leave no staging folder" sh -c "! ls -a '$o' | grep -q '^\\.noisefloor-'"
else
	fail "build the rename shim" "$(cat "$NF_TMP/shim.log")"
fi

# A crash inside the commit: the process is killed at each rename or removal
# of a report over an earlier one (the Nth, for every N), with renameat2 and
# without (the hard-link way), then the next run into the folder (one that
# fails before its own commit, so it changes nothing itself) finishes or
# undoes the commit the killed run left. The folder must then hold exactly
# the old set or exactly the new one, and nothing staged.
kill_shim=$(tmpdir)/kill-rename.so
swap_shim=$(tmpdir)/no-renameat2.so
if cc -shared -fPIC -o "$kill_shim" "$H/kill-rename.c" -ldl 2>"$NF_TMP/shim.log" &&
	cc -shared -fPIC -o "$swap_shim" "$H/no-renameat2.c" -ldl 2>>"$NF_TMP/shim.log"; then
	c=$(tmpdir)
	broken=$(tmpdir); cp templates/*.mustache "$broken/"; printf '{{#x}}\n' > "$broken/summary.md.mustache"
	# the old set: other workloads than the new one, so the commit also
	# removes the old run's charts that the new run does not write
	"$NF" report -q --out "$c/old" --formats json,md,charts tests/core/published.json
	cp -a "$c/old" "$c/new"
	"$NF" report -q --out "$c/new" --formats json,md,charts "$SHIPPED"
	old_digest=$(tree_digest "$c/old"); new_digest=$(tree_digest "$c/new")
	for mode in swap link; do
		preload=$kill_shim
		[ $mode = link ] && preload="$kill_shim:$swap_shim"
		cp -a "$c/old" "$c/count"
		LD_PRELOAD="$preload" NF_RENAME_COUNT="$c/n" \
			"$NF" report -q --out "$c/count" --formats json,md,charts "$SHIPPED"
		n=$(cat "$c/n")
		bad=""; olds=0; news=0
		# every kill point in make test; the fast loop (NF_QUICK) takes
		# every sixth, and the first and the last
		for k in $(seq 1 "$n"); do
			[ -n "${NF_QUICK:-}" ] && [ $k -ne 1 ] && [ $k -ne "$n" ] && [ $((k % 6)) -ne 0 ] && continue
			rm -rf "$c/out"; cp -a "$c/old" "$c/out"
			{ LD_PRELOAD="$preload" NF_KILL_AT=$k \
				"$NF" report -q --out "$c/out" --formats json,md,charts "$SHIPPED"; } 2>/dev/null
			rc=$?
			"$NF" report -q --out "$c/out" --templates "$broken" --formats json,md,charts \
				"$SHIPPED" 2>/dev/null
			rc2=$?
			d=$(tree_digest "$c/out")
			if [ $rc -ne 137 ] || [ $rc2 -ne 65 ]; then bad="$bad $k(exit $rc, $rc2)"
			elif [ "$d" = "$old_digest" ]; then olds=$((olds + 1))
			elif [ "$d" = "$new_digest" ]; then news=$((news + 1))
			else bad="$bad $k"; fi
			ls -a "$c/out" | grep -q '^\.noisefloor-\|^\.noisefloor\.commit$' && bad="$bad $k(staged)"
		done
		check_eq "a kill at any of the $n renames and removals of the commit ($mode) leaves the old set or the new one" \
			"" "$bad"
		check "a kill early in the commit ($mode) leaves the old set, late the new one ($olds old, $news new)" \
			test "$olds" -gt 0 -a "$news" -gt 0
		rm -rf "$c/count"
	done
else
	fail "build the rename shims" "$(cat "$NF_TMP/shim.log")"
fi

# --- nothing outside --out, nothing that is not ours ------------------------------
# A manifest planted in the folder (it may come from a checkout or an
# archive) names files the previous run did not write: through a symbolic
# link to another folder, and a file of the user's. Neither is removed, in
# the old manifest format (no digests) or with digests that match.
p=$(tmpdir)
mkdir "$p/m" "$p/elsewhere"
echo "the user's" > "$p/m/user.txt"
echo "secret" > "$p/elsewhere/secret.txt"
ln -s ../elsewhere "$p/m/sub"
printf 'md\tsub/secret.txt\nmd\tuser.txt\nmd\t../elsewhere/secret.txt\nmd\t%s/elsewhere/secret.txt\n' \
	"$p" > "$p/m/.noisefloor.files"
"$NF" report -q --formats md --out "$p/m" tests/core/published.json
check "a planted manifest (no digests) removes no file of the user's" test -e "$p/m/user.txt"
check "a planted manifest (no digests) removes nothing outside --out" test -e "$p/elsewhere/secret.txt"
secret=$(sha256sum < "$p/elsewhere/secret.txt" | cut -d' ' -f1)
user=$(sha256sum < "$p/m/user.txt" | cut -d' ' -f1)
printf 'md\t%s\tsub/secret.txt\nmd\t%s\tsub/../sub/secret.txt\nmd\t%s\tuser.txt\n' \
	"$secret" "$secret" "$(printf 'other\n' | sha256sum | cut -d' ' -f1)" > "$p/m/.noisefloor.files"
"$NF" report -q --formats md --out "$p/m" tests/core/published.json
check "a planted manifest with the right digest removes nothing through a symbolic link" \
	test -e "$p/elsewhere/secret.txt"
check "a planted manifest with another file's digest removes no file of the user's" \
	test -e "$p/m/user.txt"
# ... and a planted commit record moves nothing of the user's either
printf 'noisefloor commit 1\ns\t.noisefloor-AAAAAA\nf\t%s\t.noisefloor-BBBBBB\tuser.txt\nx\t%s\tsub/secret.txt\nend\n' \
	"$(printf 'other\n' | sha256sum | cut -d' ' -f1)" "$secret" > "$p/m/.noisefloor.commit"
"$NF" report -q --formats md --out "$p/m" tests/core/published.json
check "a planted commit record removes nothing of the user's or outside --out" \
	test -e "$p/m/user.txt" -a -e "$p/elsewhere/secret.txt" -a ! -e "$p/m/.noisefloor.commit"
ln -s "$p/elsewhere/secret.txt" "$p/m/.noisefloor.commit"
check "a commit record that is a symbolic link stops no report" \
	"$NF" report -q --formats md --out "$p/m" tests/core/published.json
check_eq "... and what it points to is kept" "secret" "$(cat "$p/elsewhere/secret.txt")"
# A subfolder that is a symbolic link (charts -> a folder elsewhere) is not
# written through: the run fails and nothing outside --out is replaced.
p=$(tmpdir)
mkdir "$p/m" "$p/elsewhere"
ln -s ../elsewhere "$p/m/charts"
echo "the user's" > "$p/elsewhere/overview.svg"
expect_error "a symlinked charts folder is refused" 73 \
	"noisefloor: cannot write '$p/m/charts/overview.svg': 'charts' is a symbolic link, and noisefloor writes only inside the output folder" \
	"$p/elsewhere" "$NF_ASAN" report -q --out "$p/m" --formats json,charts tests/core/published.json
check_eq "a symlinked charts folder: the output folder as it was" "charts" "$(ls -A "$p/m")"
# The previous run's own files are removed when their output no longer
# writes them. In a copy of the folder they are no longer the files the
# previous run wrote (another inode and time): they stay, told in one line,
# and the new manifest forgets them.
o=$(tmpdir)
"$NF" report -q --out "$o/a" --formats json,charts "$SHIPPED"
cp -r "$o/a" "$o/b"
"$NF" report -q --out "$o/a" --formats json,charts tests/core/published.json
"$NF" report -q --out "$o/fresh" --formats json,charts tests/core/published.json
check "the folder's old charts are removed, as a fresh report has none" same_tree "$o/fresh" "$o/a"
err=$("$NF" report -q --out "$o/b" --formats json,charts tests/core/published.json 2>&1)
check_eq "a copied folder's old charts are left as they are, in one line" \
	"warning: left $(($(ls "$o/b/charts" | wc -l) - $(ls "$o/fresh/charts" | wc -l))) files as they are: '$o/b/.noisefloor.files' names them (the first: 'charts/*'), but they are not the files noisefloor wrote there" \
	"$(printf '%s\n' "$err" | sed "s|(the first: 'charts/[^']*')|(the first: 'charts/*')|")"
check "... and the new manifest forgets them" \
	diff <(cut -f3 --complement "$o/fresh/.noisefloor.files") <(cut -f3 --complement "$o/b/.noisefloor.files")

# --- reproducible: runs, time zones, locales ------------------------------------
r1=$(tmpdir); r2=$(tmpdir)
"$NF" report -q --out "$r1" "$SHIPPED"
"$NF" report -q --out "$r2" "$SHIPPED"
check "two runs give byte-identical files (every format)" same_tree "$r1" "$r2"
for tz in Pacific/Kiritimati America/St_Johns Etc/GMT+12 Asia/Kathmandu; do
	r=$(tmpdir)
	TZ=$tz "$NF" report -q --out "$r" "$SHIPPED"
	check "TZ=$tz changes nothing" same_tree "$r1" "$r"
done
r=$(tmpdir)
SOURCE_DATE_EPOCH=1795996799 "$NF" report -q --out "$r" "$SHIPPED"   # 2026-11-29 23:59:59
check "any time of the same SOURCE_DATE_EPOCH day gives the same files but the PDF's date" \
	diff -r -x report.pdf -x report.xlsx -x .noisefloor.files "$r1" "$r"
loc=$NF_TMP/locale
if [ ! -d "$loc/de_DE.UTF-8" ]; then
	mkdir -p "$loc"
	localedef -i de_DE -f UTF-8 "$loc/de_DE.UTF-8" 2>"$NF_TMP/localedef.log"
fi
if [ "$(LOCPATH=$loc LC_ALL=de_DE.UTF-8 locale decimal_point 2>/dev/null)" = "," ]; then
	r=$(tmpdir)
	LOCPATH=$loc LC_ALL=de_DE.UTF-8 "$NF" report -q --out "$r" "$SHIPPED"
	check "LC_ALL=de_DE.UTF-8 changes nothing" same_tree "$r1" "$r"
	r=$(tmpdir)
	LOCPATH=$loc LC_ALL=de_DE.UTF-8 TZ=Asia/Kathmandu "$NF_ASAN" report -q --out "$r" "$SHIPPED"
	check "the sanitizer build under de_DE and another TZ writes the same files" same_tree "$r1" "$r"
else
	fail "make the de_DE.UTF-8 locale" "$(cat "$NF_TMP/localedef.log" 2>/dev/null)"
fi
