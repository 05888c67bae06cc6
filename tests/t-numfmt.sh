#!/usr/bin/env bash
# t-numfmt.sh - the number formatter every machine-readable output shares
# (analysis.json, rounds.csv, verdicts.csv): fmt_json_number's fast path
# prints exactly what the printf search it stands in for prints, compared
# byte for byte over edge values and about four million random ones
# (tests/numfmt/numfmt-test.c); the number reader of the fast path; and the
# reading of ISO 8601 timestamps and dates.
. "$(dirname "$0")/lib.sh"

# the fast loop (NF_QUICK) compares a quarter of the generated values
part=$([ -n "${NF_QUICK:-}" ] && echo 4 || echo 1)
unit="$NF_TMP/numfmt-test"
if unit_build "$unit" undefined -O2 "$NF_ROOT/tests/numfmt/numfmt-test.c" "$NF_ROOT/src/lib/util.c" "$NF_ROOT/src/lib/fmt.c" \
	-lm; then
	pass "numfmt unit test builds"
	out=$("$unit" "${NF_NUMFMT_COUNT:-$((300000 / part))}" 2>&1); rc=$?
	[ $rc -eq 0 ] && pass "numfmt unit test runs" || fail "numfmt unit test runs" "exit $rc: $(tail -n 3 <<< "$out")"
	unit_lines "$out"
	n=$unit_count
	check_eq "numfmt: every part of the comparison ran" 6 "$n"
	checked=$(sed -n 's/^checked \([0-9]*\) values.*/\1/p' <<< "$out")
	check "numfmt: millions of values compared ($checked)" test "${checked:-0}" -ge $((3000000 / part))
else
	fail "numfmt unit test builds" "$(tail -n 20 "$NF_TMP/numfmt-test.log")"
fi

# The number reader of the NDJSON line parser (src/lib/json_number.h): the same
# bits as strtod for every number, fast path or not, over edge cases and
# millions of generated decimals; NULL for what strict JSON refuses.
unit="$NF_TMP/json-number-test"
if unit_build "$unit" undefined -O2 "$NF_ROOT/tests/numfmt/json-number-test.c" -lm; then
	pass "json number unit test builds"
	out=$("$unit" "${NF_JSON_NUMBER_COUNT:-$((1000000 / part))}" 2>&1); rc=$?
	[ $rc -eq 0 ] && pass "json number unit test runs" || fail "json number unit test runs" "exit $rc: $(tail -n 3 <<< "$out")"
	unit_lines "$out"
	check_eq "json number: every part of the comparison ran" 4 "$unit_count"
	nnum=$(sed -n 's/^checked [0-9]* strings (\([0-9]*\) numbers.*/\1/p' <<< "$out")
	check "json number: over a million numbers compared with strtod ($nnum)" test "${nnum:-0}" -ge $((1000000 / part))
	nfast=$(sed -n 's/.*), \([0-9]*\) numbers of the fast path.*/\1/p' <<< "$out")
	check "json number: the fast path among them ($nfast)" test "${nfast:-0}" -ge $((100000 / part))
else
	fail "json number unit test builds" "$(tail -n 20 "$NF_TMP/json-number-test.log")"
fi

# The one reading of ISO 8601 (src/lib/iso8601.c): its forms and their
# seconds, the near misses it refuses, every calendar day of 800 years.
unit="$NF_TMP/iso8601-test"
if unit_build "$unit" undefined -O2 "$NF_ROOT/tests/numfmt/iso8601-test.c" "$NF_ROOT/src/lib/iso8601.c"; then
	pass "iso8601 unit test builds"
	out=$("$unit" 2>&1); rc=$?
	[ $rc -eq 0 ] && pass "iso8601 unit test runs" || fail "iso8601 unit test runs" "exit $rc: $(tail -n 3 <<< "$out")"
	unit_lines "$out"
	check_eq "iso8601: every part ran" 3 "$unit_count"
else
	fail "iso8601 unit test builds" "$(tail -n 20 "$NF_TMP/iso8601-test.log")"
fi
