# tests/lib.sh - helpers sourced by every tests/t-*.sh.
#
#   pass NAME / fail NAME DETAIL   record one result
#   check NAME CMD...              passes when CMD exits 0
#   check_eq NAME EXPECTED ACTUAL  passes when the strings are equal (shows a diff)
#   check_file NAME EXPECTED_FILE ACTUAL_FILE
#   check_status NAME STATUS CMD...  passes when CMD exits with STATUS
#   tmpdir                         prints a fresh empty folder under tests/tmp
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

tmpdir() { mktemp -d "$NF_TMP/t.XXXXXX"; }

# A digest of every file below a folder, to show it did not change.
tree_digest() { (cd "$1" && find . -type f -print0 | sort -z | xargs -0 -r sha256sum); }
