# tests/lib.sh - helpers sourced by every tests/t-*.sh.
#
#   pass NAME / fail NAME DETAIL   record one result
#   check NAME CMD...              passes when CMD exits 0
#   check_eq NAME EXPECTED ACTUAL  passes when the strings are equal (shows a diff)
#   check_file NAME EXPECTED_FILE ACTUAL_FILE
#   check_status NAME STATUS CMD...  passes when CMD exits with STATUS
#   tmpdir                         prints a fresh empty folder under tests/tmp
#   kv_compare NAME EXPECTED ACTUAL  compares two key<TAB>value lists
#   CSV_AWK                        awk functions for LibreOffice's CSV export
#   lo_profile DIR                 a LibreOffice profile that recalculates on load
#   NF, NF_ASAN, NF_ROOT, NF_TMP   binaries and folders (set by tests/run)

pass() { echo "ok - $1"; echo pass >> "$NF_COUNTS"; }
fail() { echo "not ok - $1"; [ -n "${2:-}" ] && printf '%s\n' "$2" | sed 's/^/#   /'; echo fail >> "$NF_COUNTS"; }

check() {
	local name=$1; shift
	local out
	if out=$("$@" 2>&1); then pass "$name"; else fail "$name" "$(printf '%s\n' "$out" | tail -n 20)"; fi
}

check_eq() {
	if [ "$2" == "$3" ]; then pass "$1"
	else fail "$1" "$(diff <(printf '%s\n' "$2") <(printf '%s\n' "$3") | head -n 40)"; fi
}

check_file() {
	if cmp -s "$2" "$3"; then pass "$1"
	else fail "$1" "$(diff -u "$2" "$3" | head -n 60)"; fi
}

check_status() {
	local name=$1 want=$2; shift 2
	local out rc
	out=$("$@" 2>&1); rc=$?
	if [ "$rc" -eq "$want" ]; then pass "$name"
	else fail "$name" "exit $rc, wanted $want: $(printf '%s\n' "$out" | tail -n 10)"; fi
}

# unit_lines OUT: each "pass|fail<TAB>name<TAB>detail" line a C unit program
# printed becomes a check; unit_count says how many lines there were.
unit_lines() {
	unit_count=0
	while IFS=$'\t' read -r res name detail; do
		case "$res" in
		pass) pass "$name"; unit_count=$((unit_count + 1)) ;;
		fail) fail "$name" "$detail"; unit_count=$((unit_count + 1)) ;;
		esac
	done <<< "$1"
}

# unit_build BIN SANITIZERS OPT SOURCE... [-lm]: builds a C unit test program
# with the project's warnings as errors and the sanitizers given; the
# compiler's messages go to BIN.log.
unit_build() {
	local bin=$1 san=$2 opt=$3
	shift 3
	${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Werror \
		"$opt" -g -fsanitize="$san" -fno-sanitize-recover=undefined \
		-I"$NF_ROOT/src" -o "$bin" "$@" 2> "$bin.log"
}

tmpdir() { mktemp -d "$NF_TMP/t.XXXXXX"; }

# A digest of every file below a folder, to show it did not change. The
# manifests (.noisefloor.files) count without their third column, each
# file's identity (device, inode, size, time), which differs in every run.
manifest_digest() { cut -f1,2,4 "$1" | sha256sum | sed "s|-\$|$1 (no identities)|"; }
tree_digest() {
	(cd "$1" && find . -type f ! -name .noisefloor.files -print0 | sort -z | xargs -0 -r sha256sum
	find . -type f -name .noisefloor.files | sort | while read -r m; do manifest_digest "$m"; done)
}

# expect_error NAME STATUS MESSAGE OUT CMD...: CMD exits STATUS with exactly
# MESSAGE (one line; a trailing * matches any rest) on stderr, nothing on
# stdout, and leaves OUT as it was, without a staging folder.
expect_error() {
	local name=$1 want=$2 msg=$3 o=$4; shift 4
	local before err rc
	before=$(tree_digest "$o")
	err=$("$@" 2>&1 >/dev/null); rc=$?
	case "$msg" in
	*'*') [ "${err#"${msg%\*}"}" != "$err" ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && err=$msg ;;
	esac
	check_eq "$name: exit $want and one line" "$want $msg" "$rc $err"
	if [ "$(tree_digest "$o")" != "$before" ] || ls -a "$o" | grep -q '^\.noisefloor-'; then
		fail "$name: output folder untouched"
	else
		pass "$name: output folder untouched"
	fi
}

# same_tree A B: diff -r of two output folders, the manifests compared
# without the identities (see tree_digest).
same_tree() {
	diff -r -x .noisefloor.files "$1" "$2" && diff <(tree_digest "$1") <(tree_digest "$2")
}

# kv_compare NAME EXPECTED ACTUAL: both are "key<TAB>value" lists; numbers
# must agree to 1e-9 relative, text exactly, and no key may be missing.
kv_compare() {
	local out
	if out=$(awk -F'\t' '
		function isnum(s) { return s ~ /^[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?$/ }
		FNR == NR { want[$1] = $2; next }
		{ if ($1 in got) { print "twice: " $1; bad++ } got[$1] = $2 }
		END {
			for (k in want) {
				if (!(k in got)) { print "missing: " k; bad++; continue }
				w = want[k]; g = got[k]
				if (isnum(w) && isnum(g)) {
					d = w - g; if (d < 0) d = -d
					m = w < 0 ? -w : w
					if (d > 1e-9 * m + 1e-12) { print k ": want " w ", got " g; bad++ }
				} else if (w != g) { print k ": want \"" w "\", got \"" g "\""; bad++ }
			}
			for (k in got) if (!(k in want)) { print "unexpected: " k; bad++ }
			n = 0; for (k in want) n++
			if (n == 0) { print "nothing to compare"; bad++ }
			exit bad > 0
		}' "$2" "$3" 2>&1); then pass "$1"
	else fail "$1" "$(printf '%s\n' "$out" | head -n 20)"; fi
}

# The awk helpers that read LibreOffice's CSV (tab-separated, text with a
# quote is quoted, percentages come as "4.3%").
CSV_AWK='
function unq(s) { if (s ~ /^".*"$/) { s = substr(s, 2, length(s) - 2); gsub(/""/, "\"", s) } return s }
function val(s) { s = unq(s); if (s ~ /%$/) { sub(/%$/, "", s); return sprintf("%.17g", s / 100) } return s }
function col(name,   i) { for (i = 1; i <= NF; i++) if (unq($i) == name) return i; return 0 }
'

# lo_profile DIR: a LibreOffice user profile in DIR (for -env:UserInstallation)
# that recalculates every formula of an .xlsx on load.
lo_profile() {
	mkdir -p "$1/user"
	cat > "$1/user/registrymodifications.xcu" <<'XCU'
<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
XCU
}
