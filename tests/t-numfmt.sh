#!/usr/bin/env bash
# t-numfmt.sh - the number formatter every machine-readable output shares
# (analysis.json, rounds.csv, verdicts.csv): fmt_json_number's fast path
# prints exactly what the printf search it stands in for prints, compared
# byte for byte over edge values and about four million random ones
# (tests/numfmt/numfmt-test.c).
. "$(dirname "$0")/lib.sh"

unit="$NF_TMP/numfmt-test"
if ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -Wall -Wextra -Werror \
	-O2 -g -fsanitize=undefined -fno-sanitize-recover=undefined \
	-I"$NF_ROOT/src" -o "$unit" "$NF_ROOT/tests/numfmt/numfmt-test.c" "$NF_ROOT/src/util.c" \
	-lm 2> "$NF_TMP/numfmt-test.log"; then
	pass "numfmt unit test builds"
	out=$("$unit" "${NF_NUMFMT_COUNT:-300000}" 2>&1); rc=$?
	[ $rc -eq 0 ] && pass "numfmt unit test runs" || fail "numfmt unit test runs" "exit $rc: $(tail -n 3 <<< "$out")"
	unit_lines "$out"
	n=$unit_count
	check_eq "numfmt: every part of the comparison ran" 6 "$n"
	checked=$(sed -n 's/^checked \([0-9]*\) values.*/\1/p' <<< "$out")
	check "numfmt: millions of values compared ($checked)" test "${checked:-0}" -ge 3000000
else
	fail "numfmt unit test builds" "$(tail -n 20 "$NF_TMP/numfmt-test.log")"
fi
