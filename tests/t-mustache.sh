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

# --- --templates: bounds on partials and output -----------------------------
# A partial is a regular file in the template folder, opened without waiting
# on a FIFO or following a symbolic link; one that is there but cannot be
# read stops the report (66, naming it). Partials nest at most 16 deep and a
# document is at most 16 MiB (65, the template and the place).
tpl=$(tmpdir)
chmod 755 "$tpl"
cp templates/*.mustache "$tpl/"
chmod 644 "$tpl"/*
printf 'A {{> p}} B\n' > "$tpl/summary.md.mustache"
in=tests/core/published.json
# tpl_report: exit status and message of a Markdown report with the templates
oneline() { tr '\n' ' ' | sed 's/  */ /g;s/ $//'; }
tpl_report() { "$NF" report -q --formats md --out "$(tmpdir)" --templates "$tpl" "$in" 2>&1; echo " $?"; }
mkfifo "$tpl/p.mustache"
check_eq "a FIFO as a partial: refused, not waited on" \
	"noisefloor: cannot use template '$tpl/summary.md.mustache': line 1, column 3: partial \"p\": cannot read '$tpl/p.mustache': not a regular file 66" \
	"$( (timeout 20 "$NF" report -q --formats md --out "$(tmpdir)" --templates "$tpl" "$in" 2>&1; echo " $?") | oneline)"
rm "$tpl/p.mustache"
secret=$(tmpdir)
echo "outside the folder" > "$secret/secret.txt"
ln -s "$secret/secret.txt" "$tpl/p.mustache"
check_eq "a symbolic link as a partial: refused" \
	"noisefloor: cannot use template '$tpl/summary.md.mustache': line 1, column 3: partial \"p\": cannot read '$tpl/p.mustache': a symbolic link, not a regular file 66" \
	"$(tpl_report | oneline)"
rm "$tpl/p.mustache"
mkdir "$tpl/p.mustache"
check_eq "a folder as a partial: refused" \
	"noisefloor: cannot use template '$tpl/summary.md.mustache': line 1, column 3: partial \"p\": cannot read '$tpl/p.mustache': not a regular file 66" \
	"$(tpl_report | oneline)"
rmdir "$tpl/p.mustache"
echo "partial text" > "$tpl/p.mustache"
chmod 000 "$tpl/p.mustache"
if [ "$(id -u)" != 0 ]; then
	check_eq "an unreadable partial: refused, named" \
		"noisefloor: cannot use template '$tpl/summary.md.mustache': line 1, column 3: partial \"p\": cannot read '$tpl/p.mustache': Permission denied 66" \
		"$(tpl_report | oneline)"
elif command -v setpriv >/dev/null; then
	o=$(tmpdir); chmod 777 "$o"
	check_eq "an unreadable partial: refused, named" \
		"noisefloor: cannot use template '$tpl/summary.md.mustache': line 1, column 3: partial \"p\": cannot read '$tpl/p.mustache': Permission denied 66" \
		"$( (cd / && setpriv --reuid=65534 --regid=65534 --clear-groups "$NF" report -q --formats md \
			--out "$o/o" --templates "$tpl" "$NF_ROOT/$in" 2>&1; echo " $?") | oneline)"
fi
chmod 644 "$tpl/p.mustache"
o=$(tmpdir)
"$NF" report -q --formats md --out "$o" --templates "$tpl" "$in"
check_eq "a readable partial is used" "A partial text
 B" "$(cat "$o/summary.md")"
rm "$tpl/p.mustache"
o=$(tmpdir)
"$NF" report -q --formats md --out "$o" --templates "$tpl" "$in"
check_eq "a missing partial renders empty, as the spec says" "A  B" "$(cat "$o/summary.md")"
# doubling partials: 26 levels, 2^25 copies
for i in $(seq 0 24); do printf '{{> p%d}}{{> p%d}}' $((i + 1)) $((i + 1)) > "$tpl/p$i.mustache"; done
printf x > "$tpl/p25.mustache"
printf 'A\n{{> p0}}\n' > "$tpl/summary.md.mustache"
check_eq "partials deeper than 16: exit 65 with the template and the place" \
	"noisefloor: cannot use template '$tpl/summary.md.mustache': line 1, column 1: in partial \"p15\": partials nested deeper than 16 (a recursive partial?) 65" \
	"$(tpl_report | oneline)"
# 15 levels of doubling over 2,000 bytes: 32 MiB, past 16 MiB
head -c 2000 /dev/zero | tr '\0' y > "$tpl/p14.mustache"
o=$(tmpdir)
check_eq "a document past 16 MiB: exit 65 with the template and the place" \
	"noisefloor: cannot use template '$tpl/summary.md.mustache': line 1, column 1: in partial \"p14\": the output passes 16 MiB, the limit of one document 65" \
	"$(tpl_report | oneline)"
check "and it stops there, in bounded memory" sh -c \
	"ulimit -v 1048576; '$NF' report -q --formats md --out '$o' --templates '$tpl' '$in' 2>/dev/null; [ \$? = 65 ]"
# the issue sheds detail instead: one past the limit is only too long
printf 'A\n' > "$tpl/summary.md.mustache"
printf '{{> p0}}\n' > "$tpl/issue.md.mustache"
o=$(tmpdir)
check "issue.md past 16 MiB is cut to fit GitHub" \
	"$NF" report -q --formats md --out "$o" --templates "$tpl" "$in"
check "to at most 65,536 characters" test "$(wc -c < "$o/issue.md")" -le 65536
