# Hardening, round 3: nothing of the user's is lost (inputs inside the
# output folder, planted commit records and manifests, a manifest that is a
# FIFO or a link to a device), every valid number renders, and template and
# lookup work is bounded.
. tests/lib.sh
export ASAN_OPTIONS="$ASAN_OPTIONS:hard_rss_limit_mb=3072"
H=tests/hardening
IN=tests/core/published.json

# --- every valid number renders: a degenerate chart axis ----------------------
# Every pass 1.797e308 (the axis' padding overflows) or 5e-324 (no step
# between the ends): a fixed tick set, not a NaN tick count.
for v in 1.797e308 5e-324; do
	o=$(tmpdir)
	out=$(ASAN_OPTIONS="$ASAN_OPTIONS:hard_rss_limit_mb=1024" timeout 120 \
		"$NF_ASAN" report -q --out "$o" "$H/all-passes-$v.json" 2>&1); rc=$?
	if [ $rc -eq 0 ] && xmllint --noout "$o"/charts/*.svg 2>/dev/null; then
		pass "every pass $v: every output written, the charts well-formed"
	else
		fail "every pass $v: every output written (exit $rc)" \
			"$(printf '%s\n' "$out" | grep -v '^[[:space:]]*0x\|memory map' | head -n 5)"
	fi
done

# --- inputs are never outputs ---------------------------------------------------
# An input inside --out under an output's name is refused (73) before anything
# is moved: the folder, the input with it, stays as it was.
o=$(tmpdir)
"$NF" report -q --out "$o" --formats json,md "$IN"
cp "$IN" "$o/analysis.json"
expect_error "an input at out/analysis.json" 73 \
	"noisefloor: cannot write '$o/analysis.json': it is an input of this run, and noisefloor never replaces an input (give another --out)" \
	"$o" "$NF_ASAN" report -q --out "$o" "$o/analysis.json"
check "an input at out/analysis.json: its bytes survive" cmp -s "$IN" "$o/analysis.json"
cp "$IN" "$o/blog.md"
expect_error "an input at ./blog.md with --out . and a label" 73 \
	"noisefloor: cannot write './blog.md': it is an input of this run, and noisefloor never replaces an input (give another --out)" \
	"$o" sh -c 'cd "$1" && exec "$2" report -q --out . --formats md 24=blog.md' sh "$o" "$NF_ASAN"
t=$(tmpdir)
ln -s "$o/summary.md" "$t/in.json"
cp "$IN" "$o/summary.md"
expect_error "an input reached through a symbolic link elsewhere" 73 \
	"noisefloor: cannot write '$o/summary.md': it is an input of this run, and noisefloor never replaces an input (give another --out)" \
	"$o" "$NF_ASAN" report -q --out "$o" --formats md "$t/in.json"
check "an input reached through a symbolic link: its bytes survive" cmp -s "$IN" "$o/summary.md"

# --- a planted commit record or manifest changes nothing of the user's ---------
# Recovery and cleanup act only on names noisefloor writes, and only on files
# whose identity (device, inode, size, time) the record or manifest holds;
# a planted one is removed and told in one line.
sha() { sha256sum < "$1" | cut -d' ' -f1; }
ident() { stat -c '%d:%i:%s:%Y' "$1"; }   # a guess at an identity: seconds only
p=$(tmpdir)
echo "<p>the user's page</p>" > "$p/index.html"
echo "planted" > "$p/.noisefloor-AAAAAA"
for head in 'noisefloor commit 1' 'noisefloor commit 2'; do
	if [ "$head" = 'noisefloor commit 1' ]; then
		printf '%s\ns\t.noisefloor-BBBBBB\nf\t%s\t.noisefloor-AAAAAA\tindex.html\nf\t%s\t.noisefloor-CCCCCC\tblog.md\nend\n' \
			"$head" "$(sha "$p/index.html")" "$(sha "$p/index.html")" > "$p/.noisefloor.commit"
	else
		printf '%s\ns\t.noisefloor-BBBBBB\nf\t%s\t%s\t.noisefloor-AAAAAA\tindex.html\nf\t%s\t1:2:3:4.000000000\t.noisefloor-CCCCCC\tblog.md\nend\n' \
			"$head" "$(sha "$p/index.html")" "$(ident "$p/index.html").000000000" "$(sha "$p/index.html")" > "$p/.noisefloor.commit"
	fi
	echo "planted" > "$p/.noisefloor-AAAAAA"
	err=$("$NF_ASAN" report -q --out "$p" --formats md "$IN" 2>&1); rc=$?
	check_eq "a planted record ($head): exit 0, one line" \
		"0 warning: ignored '$p/.noisefloor.commit': not a commit record of noisefloor's; nothing was changed and it was removed" "$rc $err"
	check_eq "a planted record ($head): the user's file keeps its bytes" "<p>the user's page</p>" "$(cat "$p/index.html")"
	check "a planted record ($head): the record is gone" test ! -e "$p/.noisefloor.commit"
done
# a record naming one of noisefloor's names with the digest of the user's
# file there, but not its identity: nothing moves
p=$(tmpdir)
echo "my own report.html" > "$p/report.html"
echo "planted" > "$p/.noisefloor-AAAAAA"
printf 'noisefloor commit 2\ns\t.noisefloor-BBBBBB\nf\t%s\t1:2:3:4.000000000\t.noisefloor-AAAAAA\treport.html\nend\n' \
	"$(sha "$p/report.html")" > "$p/.noisefloor.commit"
err=$("$NF_ASAN" report -q --out "$p" --formats md "$IN" 2>&1); rc=$?
check_eq "a planted record on an output's name: exit 0, one line" \
	"0 warning: ignored '$p/.noisefloor.commit': not a commit record of noisefloor's; nothing was changed and it was removed" "$rc $err"
check_eq "a planted record on an output's name: the user's file keeps its bytes" "my own report.html" "$(cat "$p/report.html")"

# a planted manifest listing the user's CNAME and .gitkeep with their
# digests (and identities), and a chart of the user's under our name
p=$(tmpdir)
mkdir "$p/charts"
echo "example.org" > "$p/CNAME"; : > "$p/.gitkeep"; echo "<svg/>" > "$p/charts/logo.svg"
{
	printf 'md\t%s\tCNAME\nmd\t%s\t.gitkeep\n' "$(sha "$p/CNAME")" "$(sha "$p/.gitkeep")"
	printf 'md\t%s\t%s.000000000\tCNAME\n' "$(sha "$p/CNAME")" "$(ident "$p/CNAME")"
	printf 'charts\t%s\t1:2:3:4.000000000\tcharts/logo.svg\n' "$(sha "$p/charts/logo.svg")"
} > "$p/.noisefloor.files"
err=$("$NF_ASAN" report -q --out "$p" --formats md,charts "$IN" 2>&1); rc=$?
check_eq "a planted manifest: exit 0, one line" \
	"0 warning: left 4 files as they are: '$p/.noisefloor.files' names them (the first: 'CNAME'), but they are not the files noisefloor wrote there" "$rc $err"
check "a planted manifest: CNAME, .gitkeep and the user's chart are kept" \
	test -s "$p/CNAME" -a -e "$p/.gitkeep" -a -s "$p/charts/logo.svg"
err=$("$NF_ASAN" report -q --out "$p" --formats md,charts "$IN" 2>&1)
check_eq "... and the next run says nothing: the manifest is noisefloor's again" "" "$err"

# --- the manifest and the record: small regular files, read without blocking -----
for what in .noisefloor.files .noisefloor.commit; do
	p=$(tmpdir)
	"$NF" report -q --out "$p" --formats md "$IN"
	before=$(tree_digest "$p")
	rm -f "$p/$what"; mkfifo "$p/$what"
	err=$(timeout 20 "$NF_ASAN" report -q --out "$p" --formats md "$IN" 2>&1); rc=$?
	check_eq "a FIFO at $what: no hang, exit 0 and one line" "0 1" "$rc $(printf '%s\n' "$err" | grep -c "^warning: ignored '$p/$what': not a")"
	check "a FIFO at $what: the outputs written, no FIFO left" test -s "$p/blog.md" -a ! -p "$p/$what"
	rm -f "$p/$what"; ln -s /dev/zero "$p/$what"
	err=$(ASAN_OPTIONS="$ASAN_OPTIONS:hard_rss_limit_mb=200" timeout 20 "$NF_ASAN" report -q --out "$p" --formats md "$IN" 2>&1); rc=$?
	check_eq "a link to /dev/zero at $what: exit 0, one line, nothing read" "0 1" "$rc $(printf '%s\n' "$err" | grep -c "^warning: ignored '$p/$what': not a")"
	rm -f "$p/$what"; truncate -s 20M "$p/$what"
	err=$(timeout 20 "$NF_ASAN" report -q --out "$p" --formats md "$IN" 2>&1); rc=$?
	check_eq "a 20 MiB $what: exit 0 and one line" "0 1" "$rc $(printf '%s\n' "$err" | grep -c "^warning: ignored '$p/$what': not a")"
done

# --- templates are bounded by the work they do --------------------------------
# Sections nested 16 deep over the 3 summary rows print nothing and ask for
# 3^16 expansions: stopped at the expansion limit (65, template and place).
tpl=$(tmpdir)
cp templates/*.mustache "$tpl/"
{ printf 'A\n'; for i in $(seq 16); do printf '{{#summary_rows}}'; done
  for i in $(seq 16); do printf '{{/summary_rows}}'; done; echo; } > "$tpl/summary.md.mustache"
o=$(tmpdir)
expect_error "nested sections that print nothing" 65 \
	"noisefloor: cannot use template '$tpl/summary.md.mustache': line 2, column 256: sections expanded more than 10000000 times, the limit of one document (nested sections over lists multiply)" \
	"$o" timeout 60 "$NF_ASAN" report -q --formats md --out "$o" --templates "$tpl" "$IN"

# --- lookups by name are hashed -----------------------------------------------
# 200,000 described workloads, or 200,000 environment keys: each found
# through a hash table (they took minutes when searched one by one).
t=$(tmpdir)
res='"results": [{"workload": "w", "version": "1", "round": 1, "unit": "ms", "passes": [1]}, {"workload": "w", "version": "2", "round": 1, "unit": "ms", "passes": [1.1]}]'
awk -v res="$res" 'BEGIN { printf "{\"format\": \"noisefloor.rounds/1\", \"workloads\": {";
	for (i = 0; i < 200000; i++) printf "%s\"w%d\": {\"description\": \"d\"}", i ? ", " : "", i; print "}, " res "}" }' > "$t/workloads.json"
awk -v res="$res" 'BEGIN { printf "{\"format\": \"noisefloor.rounds/1\", \"environment\": {";
	for (i = 0; i < 200000; i++) printf "%s\"k%d\": \"v\"", i ? ", " : "", i; print "}, " res "}" }' > "$t/environment.json"
for f in workloads environment; do
	check_status "200,000 $f keys: read in time" 0 \
		timeout 60 "$NF_ASAN" report -q --min-rounds 1 --formats json --out "$(tmpdir)" "$t/$f.json"
done

# --- minor findings ---------------------------------------------------------------
# an input set where a count of distinct names has none to count: no
# qsort(NULL, 0) (UBSan stops the sanitizer build on it)
out=$("$NF_ASAN" report -q --out "$(tmpdir)" tests/fixtures/hyperfine/*.json 2>&1); rc=$?
check_eq "hyperfine's four fixtures together: no undefined behaviour" "0 0" "$rc $(printf '%s\n' "$out" | grep -c 'runtime error')"
# a message about a long path keeps its reason (it was cut at 1 KiB)
p=$(printf 'd%.0s' $(seq 1 250)); long="$NF_TMP/$p/$p/$p/$p/$p/$p/$p/$p/$p/$p/$p/$p/missing.json"
check_eq "a 3 KB path: the message whole, reason included" \
	"noisefloor: cannot read '$long': No such file or directory" "$("$NF_ASAN" report -q --out "$(tmpdir)" "$long" 2>&1)"

# check --summary replaces its file all or nothing: on a full disk the old
# summary stays whole and nothing staged is left (exit 74); a link is
# followed, not replaced; a stream (/dev/stdout) is still written to
d=$(tmpdir)
if cc -shared -fPIC -o "$d/enospc.so" tests/hardening/enospc.c -ldl 2> "$d/shim.log"; then
	echo "the old summary" > "$d/s.md"
	err=$(LD_PRELOAD="$d/enospc.so" "$NF" check -q --summary "$d/s.md" "$IN" 2>&1); rc=$?
	check_eq "check --summary on a full disk: exit 74 and one line" \
		"74 noisefloor: cannot write '$d/s.md': No space left on device" "$rc $err"
	check_eq "check --summary on a full disk: the old summary whole, nothing staged" \
		"the old summary|enospc.so s.md shim.log" "$(cat "$d/s.md")|$(ls -A "$d" | tr '\n' ' ' | sed 's/ $//')"
else
	fail "build the ENOSPC shim" "$(cat "$d/shim.log")"
fi
mkdir "$d/real"; echo old > "$d/real/summary.md"; ln -s real/summary.md "$d/link.md"
"$NF_ASAN" check -q --summary "$d/link.md" "$IN"
check "check --summary through a link: the link stays, its file holds the summary" \
	test -L "$d/link.md" -a "$(head -c 3 "$d/real/summary.md")" = "###"
check_eq "check --summary /dev/stdout: written as a stream" "###" \
	"$("$NF_ASAN" check -q --summary /dev/stdout "$IN" | head -c 3)"

# a folder of the user's under a staging name (.noisefloor-??????) is not
# removed: a staging folder holds only charts/ and .previous/; one that a
# dead run left is still removed
p=$(tmpdir)
mkdir -p "$p/.noisefloor-photos" "$p/.noisefloor-AAAAAA/charts" "$p/.noisefloor-BBBBBB/.previous"
echo "a photo" > "$p/.noisefloor-photos/1.jpg"
echo "<svg/>" > "$p/.noisefloor-AAAAAA/charts/x.svg"
err=$("$NF_ASAN" report -q --out "$p" --formats md "$IN" 2>&1); rc=$?
check_eq "a user's folder named .noisefloor-??????: kept, one line" \
	"0 warning: left '$p/.noisefloor-photos' as it is: a folder under noisefloor's staging name that noisefloor did not make" "$rc $err"
check_eq "... its file kept, a dead run's staging folders removed" "a photo|.noisefloor-photos" \
	"$(cat "$p/.noisefloor-photos/1.jpg")|$(ls -A "$p" | grep '^\.noisefloor-' | tr '\n' ' ' | sed 's/ $//')"

# --- run notices a rounds file replaced at its path ------------------------------
# An editor saving the file during the run replaces it; before each round
# run checks that the path still names the file it holds open, and stops
# (73) instead of writing into the unlinked copy; its last line says so.
d=$(tmpdir)
cat > "$d/save.sh" <<SH
n=\$(cat "$d/n" 2>/dev/null || echo 0); n=\$((n + 1)); echo \$n > "$d/n"
if [ \$n -eq 3 ]; then ln "$d/r.ndjson" "$d/old.ndjson"; cp "$d/r.ndjson" "$d/r.tmp"; mv "$d/r.tmp" "$d/r.ndjson"; fi
SH
err=$("$NF" run -q --rounds 4 --passes 1 --warmup 0 --version a="sh $d/save.sh" --version b=true \
	--out "$d/r.ndjson" 2>&1); rc=$?
check_eq "a rounds file replaced during run: exit 73, the error and the last line" \
	"73|noisefloor: cannot write '$d/r.ndjson': the file was replaced during the run; nothing more is written|noisefloor: the 2 complete rounds measured went to the file that '$d/r.ndjson' named when the run started; the file there now is another's" \
	"$rc|$(printf '%s\n' "$err" | grep -v '^noisefloor: warning:' | tr '\n' '|' | sed 's/|$//')"
check_eq "... nothing was written into the unlinked file after it was replaced" "2" \
	"$(jq -s '[.[] | select(.workload) | .round] | max' "$d/old.ndjson")"
# a full disk under run: 74, as for every writer (it was 73)
d=$(tmpdir)
if cc -shared -fPIC -o "$d/enospc.so" tests/hardening/enospc.c -ldl 2> "$d/shim.log"; then
	LD_PRELOAD="$d/enospc.so" "$NF" run -q --rounds 2 --passes 1 --warmup 0 --version a=true \
		--version b=true --out "$d/r.ndjson" 2>/dev/null
	check_eq "run on a full disk: exit 74, no file left" "74 no" "$? $([ -e "$d/r.ndjson" ] && echo yes || echo no)"
fi

# --- run owns its processes ---------------------------------------------------
# What a command starts never outlives it: a child left in the background,
# a `setsid` child (out of the group) past --timeout, and after a stop
# (SIGTERM) or a `kill -9` of run itself. Each sleep has a duration of its
# own (300.PID...) so that pgrep finds only it.
m=$$
# gone PATTERN: 0 when no process matches the full command line PATTERN
# within 5 seconds; the ones still there are killed (and the test fails)
gone() {
	local i pids
	for i in $(seq 1 50); do
		pids=$(pgrep -f "$1") || return 0
		sleep 0.1
	done
	kill -9 $pids 2>/dev/null
	return 1
}
d=$(tmpdir)
"$NF" run -q --rounds 1 --passes 1 --warmup 0 --version a="sleep 300.$m & true" \
	--version b=true --out "$d/bg.ndjson" 2>/dev/null
check_eq "a command's background child: the run ends (0) and the child with it" "0 gone" \
	"$? $(gone "^sleep 300\.$m\$" && echo gone || echo "still running")"
"$NF" run -q --rounds 1 --passes 1 --warmup 0 --timeout 1s --ignore-failure \
	--version a="setsid sleep 301.$m & sleep 302.$m" --version b=true --out "$d/setsid.ndjson" 2>/dev/null
check_eq "a setsid child past --timeout: killed with the command" "0 gone" \
	"$? $(gone "^sleep 30[12]\.$m\$" && echo gone || echo "still running")"
"$NF" run -q --rounds 1 --passes 1 --warmup 0 --version a="setsid sleep 303.$m & sleep 304.$m" \
	--version b=true --out "$d/term.ndjson" 2>/dev/null & p=$!
for i in $(seq 1 50); do pgrep -f "^sleep 303\.$m\$" >/dev/null && break; sleep 0.1; done
kill -TERM $p; wait $p
check_eq "a run stopped by SIGTERM: 130, its command's setsid child killed" "130 gone" \
	"$? $(gone "^sleep 30[34]\.$m\$" && echo gone || echo "still running")"
"$NF" run -q --rounds 1 --passes 1 --warmup 0 --version a="sleep 305.$m & sleep 306.$m" \
	--version b=true --out "$d/kill.ndjson" 2>/dev/null & p=$!
for i in $(seq 1 50); do pgrep -f "^sleep 306\.$m\$" >/dev/null && break; sleep 0.1; done
kill -KILL $p; wait $p 2>/dev/null
check_eq "kill -9 of run: the shell and its background child end too" "137 gone" \
	"$? $(gone "^sleep 30[56]\.$m\$" && echo gone || echo "still running")"

# --- minor findings of run --------------------------------------------------------
# a full $TMPDIR is said as what it is (74), not as the command's "invalid
# JSON": on a 64 KiB tmpfs when one can be mounted, else through a shim
# whose statvfs() says the folder is full
d=$(tmpdir)
mkdir "$d/tmp"
cat > "$d/big.sh" <<'SH'
# a rounds document of about 200 KB; a failed write is ignored, as many programs do
{ printf '{"workload":"w","version":"%s","unit":"ms","passes":[1.5],"notes":"' "$1"
head -c 200000 /dev/zero | tr '\0' x
printf '"}\n'; } 2>/dev/null
exit 0
SH
pre=
if ! mount -t tmpfs -o size=64k tmpfs "$d/tmp" 2>/dev/null; then
	cc -shared -fPIC -o "$d/full.so" tests/hardening/statvfs-full.c -ldl && pre="$d/full.so"
	sed -i 's/head -c 200000/head -c 2000/' "$d/big.sh"   # cut short: no closing quote
	sed -i "s/^printf '\"}\\\\n'/true/" "$d/big.sh"
fi
err=$(TMPDIR="$d/tmp" NF_FULL_DIR="$d/tmp" LD_PRELOAD="$pre" "$NF" run -q --measure output --rounds 1 --warmup 0 \
	--version a="sh $d/big.sh a" --version b="sh $d/big.sh b" --out "$d/r.ndjson" 2>&1); rc=$?
mountpoint -q "$d/tmp" && umount "$d/tmp"
check_eq "a full \$TMPDIR: exit 74, said as a full file system" \
	"74 noisefloor: version 'a', round 1: cannot keep the command's output in '$d/tmp/noisefloor-run.*': No space left on device (the file system of \$TMPDIR is full; give TMPDIR a folder with room)" \
	"$rc $(printf '%s\n' "$err" | grep -v '^noisefloor: warning:' | head -n 1 | sed 's/noisefloor-run\.[^'"'"']*/noisefloor-run.*/')"
# --resume --rounds through a symbolic link: the file it names gets the new
# plan and the new rounds; the link stays a link
d=$(tmpdir)
mkdir "$d/real"
"$NF" run -q --rounds 1 --passes 1 --warmup 0 --version a=true --version b=true --out "$d/real/r.ndjson" 2>/dev/null
ln -s real/r.ndjson "$d/link.ndjson"
"$NF" run -q --resume --rounds 2 --out "$d/link.ndjson" 2>/dev/null
check_eq "--resume --rounds through a link: exit 0, the link kept, its file holds 2 rounds of a plan of 2" \
	"0 link 2 2" "$? $([ -L "$d/link.ndjson" ] && echo link || echo file) $(head -1 "$d/real/r.ndjson" | jq .run.rounds) $(jq -s '[.[] | select(.workload) | .round] | max' "$d/real/r.ndjson")"
check_eq "... and nothing staged is left beside it" "r.ndjson" "$(ls -A "$d/real")"
# a failing command's stderr of more than 256 MiB: its error lines are still
# shown, and the whole of it is in the log
d=$(tmpdir)
err=$("$NF" run -q --rounds 1 --passes 1 --warmup 0 --out "$d/r.ndjson" --version b=true \
	--version a="head -c 270000000 /dev/zero | tr '\\0' x >&2; echo >&2; echo 'Error: the real reason' >&2; exit 3" 2>&1)
check_eq "a failing command's 270 MB stderr: exit 1, its error line shown" "1 noisefloor:   Error: the real reason" \
	"$? $(printf '%s\n' "$err" | grep -A1 'first error lines' | tail -n 1)"
check_eq "... the whole of it in the log" "270000024" "$(($(stat -c %s "$d/r.stderr.log") - $(head -n 1 "$d/r.stderr.log" | wc -c)))"
rm -f "$d/r.stderr.log"

# --- minor findings of report -------------------------------------------------------
# a summary that cannot reach stdout after the folder is committed: 74, and
# the message says the report itself is written
o=$(tmpdir)
err=$("$NF" report --out "$o/r" "$IN" 2>&1 >/dev/full); rc=$?
check_eq "report >/dev/full: exit 74, the report said to be written" \
	"74 noisefloor: cannot write to standard output: No space left on device; the report itself is written, in '$o/r'" "$rc $err"
check "... and it is" test -s "$o/r/analysis.json" -a -s "$o/r/blog.md"
# a failed report removes the folders it made for --out, parents included,
# and leaves those that were there
d=$(tmpdir)
if cc -shared -fPIC -o "$d/enospc.so" tests/hardening/enospc.c -ldl 2> "$d/shim.log"; then
	mkdir -p "$d/w/kept"
	LD_PRELOAD="$d/enospc.so" "$NF" report -q --formats md --out "$d/w/kept/a/b/c" "$IN" 2>/dev/null
	check_eq "a failed report into new folders a/b/c: 74, none of them left" "74 kept" "$? $(cd "$d/w" && find . -mindepth 1 | sed 's|^\./||' | xargs)"
	LD_PRELOAD="$d/enospc.so" "$NF" report -q --formats md --out "$d/w/x/y/" "$IN" 2>/dev/null
	check_eq "... with a trailing slash too" "74 kept" "$? $(cd "$d/w" && find . -mindepth 1 | sed 's|^\./||' | xargs)"
else
	fail "build the ENOSPC shim" "$(cat "$d/shim.log")"
fi
# waiting on the folder's lock says so, once (a wait that says nothing
# looks like a hang)
o=$(tmpdir)
flock "$o" sleep 1 & lockpid=$!
sleep 0.3
err=$("$NF" report -q --formats md --out "$o" "$IN" 2>&1); rc=$?
wait $lockpid
check_eq "another run holds the folder: one line while waiting, then done (0)" \
	"0 noisefloor: waiting for another noisefloor that is writing into '$o'" "$rc $err"
err=$("$NF" report -q --formats md --out "$o" "$IN" 2>&1)
check_eq "... and nothing when the folder is free" "" "$err"

# --- --jq: limits, and numbers JSON cannot hold ----------------------------------------
# jq's infinite (dumped as 1.8e308) and nan (dumped as null) are refused
# where they are; a mapping that loops or grows without end stops at its
# CPU time or memory limit with one line (65)
err=$("$NF" convert --jq-program '.results[0].passes[1] = infinite' "$IN" 2>&1 >/dev/null)
check_eq "--jq: infinite is refused where it is" \
	"65 noisefloor: cannot read '$IN': the jq program gave a number that is not finite (jq's infinite or nan) at .results[0].passes[1] of output 1" "$? $err"
err=$("$NF" convert --jq-program '{workload: "w", version: "1", unit: "ms", passes: [1, nan]}' "$IN" 2>&1 >/dev/null)
check_eq "--jq: nan too" \
	"65 noisefloor: cannot read '$IN': the jq program gave a number that is not finite (jq's infinite or nan) at .passes[1] of output 1" "$? $err"
err=$(timeout 120 "$NF" convert --jq-program 'def f: f; f' "$IN" 2>&1 >/dev/null)
check_eq "--jq: a program that never ends stops at its time limit" \
	"65 noisefloor: cannot read '$IN': the jq program ran past its time limit (10 s of CPU time)" "$? $err"
err=$(timeout 120 "$NF" convert --jq-program '"x" | until(length > 1e10; . + .)' "$IN" 2>&1 >/dev/null)
check_eq "--jq: a program that grows without end stops at its memory limit" \
	"65 noisefloor: cannot read '$IN': the jq program ran out of memory (its limit is 1024 MiB)" "$? $err"
check_eq "--jq: a mapping within its limits still reads (the results, once)" \
	"$("$NF" convert "$IN" | md5sum)" "$("$NF" convert --jq-program '.' "$IN" | md5sum)"
