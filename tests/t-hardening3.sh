# Hardening, round 3: nothing of the user's is lost (inputs inside the
# output folder, planted commit records and manifests, a manifest that is a
# FIFO or a link to a device), every valid number renders, and template and
# lookup work is bounded.
. tests/lib.sh
export ASAN_OPTIONS="$ASAN_OPTIONS:hard_rss_limit_mb=3072"
H=tests/hardening
IN=tests/core/published.json

# expect_fail NAME STATUS MESSAGE DIR CMD...: CMD exits STATUS with exactly
# MESSAGE (a trailing * matches any rest) as its one line on stderr, and DIR
# is left byte for byte as it was, without a staging name.
expect_fail() {
	local name=$1 want=$2 msg=$3 o=$4; shift 4
	local before err rc
	before=$(tree_digest "$o")
	err=$("$@" 2>&1 >/dev/null); rc=$?
	case "$msg" in
	*'*') [ "${err#"${msg%\*}"}" != "$err" ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && err=$msg ;;
	esac
	check_eq "$name: exit $want and one line" "$want $msg" "$rc $err"
	if [ "$(tree_digest "$o")" != "$before" ] || ls -a "$o" | grep -q '^\.noisefloor-'; then
		fail "$name: folder untouched"
	else
		pass "$name: folder untouched"
	fi
}

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
expect_fail "an input at out/analysis.json" 73 \
	"noisefloor: cannot write '$o/analysis.json': it is an input of this run, and noisefloor never replaces an input (give another --out)" \
	"$o" "$NF_ASAN" report -q --out "$o" "$o/analysis.json"
check "an input at out/analysis.json: its bytes survive" cmp -s "$IN" "$o/analysis.json"
cp "$IN" "$o/blog.md"
expect_fail "an input at ./blog.md with --out . and a label" 73 \
	"noisefloor: cannot write './blog.md': it is an input of this run, and noisefloor never replaces an input (give another --out)" \
	"$o" sh -c 'cd "$1" && exec "$2" report -q --out . --formats md 24=blog.md' sh "$o" "$NF_ASAN"
t=$(tmpdir)
ln -s "$o/summary.md" "$t/in.json"
cp "$IN" "$o/summary.md"
expect_fail "an input reached through a symbolic link elsewhere" 73 \
	"noisefloor: cannot write '$o/summary.md': it is an input of this run, and noisefloor never replaces an input (give another --out)" \
	"$o" "$NF_ASAN" report -q --out "$o" --formats md "$t/in.json"
check "an input reached through a symbolic link: its bytes survive" cmp -s "$IN" "$o/summary.md"
