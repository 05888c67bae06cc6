# The template engine against the official Mustache spec and our own cases.
. tests/lib.sh
bin="$NF_TMP/mustache-spec"
if ${CC:-cc} -std=c11 -Wall -Wextra -O1 -g -fsanitize=address,undefined -Isrc -o "$bin" \
	tests/mustache/spec_test.c src/lib/mustache.c src/lib/util.c src/lib/fmt.c -lcjson -lm 2>"$NF_TMP/mustache-cc.log"; then
	pass "spec driver builds"
	out=$("$bin" tests/mustache/spec 2>&1); rc=$?
	last=$(printf '%s\n' "$out" | tail -n 1)
	if [ $rc -eq 0 ] && printf '%s' "$last" | grep -q ', 0 failed$'; then
		pass "Mustache spec and own cases ($last)"
	else
		fail "Mustache spec and own cases" "$(printf '%s\n' "$out" | tail -n 20)"
	fi
else
	fail "spec driver builds" "$(cat "$NF_TMP/mustache-cc.log")"
fi
