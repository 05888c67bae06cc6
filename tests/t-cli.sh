# The command layer: every subcommand's --help comes from its options table
# and agrees with the README and the man page; nothing from argv, the
# environment or an input reaches stdout or stderr as a raw control
# character, on any subcommand.
. tests/lib.sh
T=tests/core
d=$(tmpdir)

# --- --help --------------------------------------------------------------
# the page of the manual that documents each command's options: the
# README's usage block (windows, convert), doc/usage.md (report, check),
# doc/run.md (run, bisect)
doc_of() { case $1 in report|check) echo doc/usage.md ;; run|bisect) echo doc/run.md ;; *) echo README.md ;; esac; }
for c in report windows check convert bisect run; do
	"$NF" "$c" --help > "$d/help-$c.txt" 2> "$d/help-$c.err"
	check_eq "$c --help: exit 0, stdout only, its usage line first" "0 usage: noisefloor $c" \
		"$? $(head -n 1 "$d/help-$c.txt" | sed 's/^\(usage: noisefloor \)\[\?\([a-z]*\).*/\1\2/')$(cat "$d/help-$c.err")"
	# every option --help lists is documented in the man page and in the
	# command's page of the manual
	page=$(doc_of "$c")
	missing=""
	for o in $(grep -o '^  \(-[a-zA-Z], \|    \)--[a-z-]*' "$d/help-$c.txt" | sed 's/.*--//'); do
		sed 's/\\-/-/g' doc/noisefloor.1 | grep -q -- "--$o\\b" || missing="$missing man:--$o"
		grep -q -- "--$o\\b" "$page" || missing="$missing $page:--$o"
	done
	check_eq "$c --help: every option is in doc/noisefloor.1 and $page" "" "$missing"
done
# each subcommand's --help lists exactly what it accepts: every option it
# names is taken (given before --help, which then still prints the help)
for c in report windows check convert run bisect; do
	refused=""
	for o in $(grep -o '^  \(-[a-zA-Z], \|    \)--[a-z-]*\( [A-Z]\|\[\?=\)\?' "$d/help-$c.txt" | sed 's/^.*--//; s/ /=/'); do
		case "$o" in
		*\[=) arg="--${o%\[=}" ;;
		*=*) name=${o%%=*}; val=1; [ "$c" = run ] && [ "$name" = version ] && val=a=true
			[ "$name" = formats ] && val=json; [ "$name" = as-of ] && val=2026-01-01
			[ "$name" = timeout ] && val=1s
			[ "$name" = timeout ] && val=1s
			arg="--$name=$val" ;;
		*) arg="--$o" ;;
		esac
		"$NF" "$c" "$arg" --help > /dev/null 2>&1 || refused="$refused $arg"
	done
	check_eq "$c --help lists only options $c takes" "" "${refused# }"
done
"$NF" --help > "$d/help.txt"
check_eq "noisefloor --help opens with report's usage and options" \
	"$(sed -n '1p; /^Options:/,/^$/p' "$d/help-report.txt")" "$(sed -n '1p; /^Options:/,/^$/p' "$d/help.txt")"
check "report --help lists no other command's option" \
	sh -c "! grep -q -- '--json\|--resume\|windows:' '$d/help-report.txt'"
check_eq "noisefloor --help gives every other command's options under its name" \
	"Options of windows:|Options of check:|Options of convert:|Options of run:|Options of bisect:" \
	"$(grep '^Options of ' "$d/help.txt" | paste -sd'|')"
check_eq "noisefloor --help lists run's options as run --help does" \
	"$(sed -n '/^Options:/,/^  -h, --help/p' "$d/help-run.txt" | sed '1d;$d')" \
	"$(sed -n '/^Options of run:/,/^$/p' "$d/help.txt" | sed '1d;$d')"
check_eq "noisefloor --help lists every exit status, as README's table does" \
	"$(sed -n '/^### Exit status/,/^A bad file/p' README.md | grep -o '^| [0-9]* ' | tr -dc '0-9 \n' | xargs)" \
	"$(sed -n '/^Exit status:/,$p' "$d/help.txt" | grep -o '^  [0-9]*' | xargs)"
check_eq "a mistyped command: did you mean, exit 2" \
	"2 noisefloor: 'reprot' is not a command or a file; did you mean 'report'?" \
	"$(cd "$d" && "$NF" reprot 2> err; echo "$? $(head -n 1 err)")"
check_eq "a swap of two letters is close too" \
	"noisefloor: 'rnu' is not a command or a file; did you mean 'run'?" \
	"$(cd "$d" && "$NF" rnu 2>&1 | head -n 1)"
# a mistyped option: the closest option of that command, for every command
check_eq "report --outt: did you mean --out, exit 2" \
	"2 noisefloor: unknown option '--outt'; did you mean '--out'?" \
	"$("$NF" report --outt "$d/o" "$T/published.json" 2> "$d/err"; echo "$? $(head -n 1 "$d/err")")"
check_eq "--outt=DIR without a subcommand: the same" \
	"noisefloor: unknown option '--outt=x'; did you mean '--out'?" "$("$NF" --outt=x 2>&1 | head -n 1)"
check_eq "check --basline: did you mean --baseline" \
	"noisefloor: unknown option '--basline'; did you mean '--baseline'?" "$("$NF" check --basline 22 2>&1 | head -n 1)"
check_eq "convert --jqprogram: did you mean --jq-program" \
	"noisefloor: unknown option '--jqprogram'; did you mean '--jq-program'?" "$("$NF" convert --jqprogram . 2>&1 | head -n 1)"
check_eq "windows --asof: did you mean --as-of" \
	"noisefloor: unknown option '--asof'; did you mean '--as-of'?" "$("$NF" windows --asof 2026-01-01 2>&1 | head -n 1)"
check_eq "run --rounsd (two letters swapped): did you mean --rounds" \
	"2 noisefloor: run: unknown option '--rounsd'; did you mean '--rounds'? (see noisefloor run --help)" \
	"$("$NF" run --rounsd 3 --version a=true 2> "$d/err"; echo "$? $(head -n 1 "$d/err")")"
check_eq "bisect --pases: did you mean --passes" \
	"noisefloor: bisect: unknown option '--pases'; did you mean '--passes'? (see noisefloor bisect --help)" \
	"$("$NF" bisect --pases 3 2>&1 | head -n 1)"
check_eq "an option close to none: no guess" \
	"noisefloor: unknown option '--colour-scheme'" "$("$NF" report --colour-scheme "$T/published.json" 2>&1 | head -n 1)"
check_eq "a missing file that is no command stays a missing file" \
	"66 noisefloor: cannot read 'results': No such file or directory" \
	"$(cd "$d" && "$NF" results 2> err; echo "$? $(head -n 1 err)")"
touch "$d/chek"
check_eq "a file named like a mistyped command is read" \
	"65" "$(cd "$d" && "$NF" -q chek > /dev/null 2>&1; echo $?)"
check_eq "README's usage block is --help's usage lines" \
	"$(sed -n '/^usage: /,/^$/p' "$d/help.txt" | sed -e 's/^usage: //' -e 's/^       //' -e '/^$/d')" \
	"$(awk '/^## Usage/ { u = 1 } u && /^```/ { if (f++) exit; next } u && f' README.md)"
check "--help lists the output formats" grep -q '^                         json,md,ci,charts,pdf,html,xlsx,csv,rounds$' "$d/help.txt"
check "--help lists windows' --json" sh -c "sed -n '/^Options of windows:/,/^\$/p' '$d/help.txt' | grep -q '^      --json             print JSON\$'"
check "check --help has its own exit codes" grep -q '0 no regression, 1 a regression' "$d/help-check.txt"
check "windows --help lists only windows' options" \
	sh -c "! grep -q -- '--out\|--formats' '$d/help-windows.txt' && grep -q -- '--json  *print JSON' '$d/help-windows.txt'"
check_eq "--version on every subcommand" "noisefloor $(sed -n 's/^VERSION *= *//p' Makefile) x4" \
	"$(for c in report windows check convert; do "$NF" $c --version; done | sort | uniq -c | awk '{print $2, $3 " x" $1}')"
# ingest's warnings: check prints them on stderr as report and convert do,
# and -q leaves them out
W=tests/impact/described.ndjson
"$NF" check "$W" > "$d/check-w.out" 2> "$d/check-w.err"
check_eq "check prints report's warnings on stderr, ingest's as convert does" \
	"$("$NF" report --formats json --out "$d/w" "$W" 2>&1 >/dev/null)|$("$NF" convert "$W" 2>&1 >/dev/null)|no regression" \
	"$(cat "$d/check-w.err")|$(head -n 1 "$d/check-w.err")|$(cut -d: -f1 "$d/check-w.out")"
check_eq "check -q: no warning" "" "$("$NF" check -q "$W" 2>&1)"
check_status "windows refuses an option it does not take" 2 "$NF" windows --formats json
check_status "convert refuses an option it does not take" 2 "$NF" convert -q "$T/published.json"
check_eq "--min-rounds: one parser, one message" \
	"noisefloor: --min-rounds wants a whole number from 1, not '0'|noisefloor: --min-rounds wants a whole number from 1, not '0'" \
	"$("$NF" report --min-rounds 0 x 2>&1 | head -n 1)|$("$NF" check --min-rounds 0 x 2>&1 | head -n 1)"
check_eq "--min-rounds defaults to 3 (analysis.json)" "3" \
	"$("$NF" report -q --formats json --out "$d/mr" "$T/published.json" && jq .method.min_rounds "$d/mr/analysis.json")"

# --- no raw control characters --------------------------------------------
# clean NAME WANT CMD...: CMD exits WANT, and neither stdout nor stderr holds
# C0 (but tab and line feed), DEL, C1 (as UTF-8 or as a raw byte) or invalid
# UTF-8. The ESC each name carries must show as '?' (so the name did reach
# the message: a test that cannot fail is no test).
bad=$'x\e[31mred\a\r\x7f\xc2\x9b\x9b'
clean() {
	local name=$1 want=$2; shift 2
	"$@" > "$d/out" 2> "$d/err"
	local rc=$?
	local why
	why=$(perl -e '
		local $/; my $bad = "";
		for my $f (@ARGV) {
			open my $h, "<:raw", $f or die; my $s = <$h>;
			$bad .= "$f: C0 or DEL\n" if $s =~ /[\x00-\x08\x0b-\x1f\x7f]/;
			$bad .= "$f: C1\n" if $s =~ /\xc2[\x80-\x9f]/;
			$bad .= "$f: invalid UTF-8\n" unless utf8::decode(my $t = $s);
		}
		print $bad;' "$d/out" "$d/err")
	if [ "$rc" -ne "$want" ]; then
		fail "$name" "exit $rc, wanted $want: $(head -c 300 "$d/err" | od -c | head -n 5)"
	elif [ -n "$why" ]; then
		fail "$name" "$why$(cat "$d/out" "$d/err" | od -c | head -n 8)"
	elif [ -n "${NF_EXPECT:-}" ] && ! grep -qF -- "$NF_EXPECT" "$d/out" "$d/err"; then
		fail "$name" "no '$NF_EXPECT' in: $(cat "$d/err")"
	else
		pass "$name"
	fi
}
sane() { NF_EXPECT='?[31mred' clean "$@"; }

# inputs that carry control characters in values that reach messages
printf '{"workload":"w","platform":"p","unit":"ms","passes":[1,2,3]}\n' > "$d/nover.ndjson"
printf '{"workload":"w\\u001b[31mred","version":"1","unit":"ms","passes":[1]}\n' > "$d/esc-name.ndjson"
printf '{"workload":"w","version":"1","unit":"ms","passes":[1],"\\u001b[31mred":1}\n' > "$d/esc-key.ndjson"
printf '{"x":"\\u001b[31mred\\u009b"}\n' > "$d/esc-value.json"
printf '{"v24":{"start":"2025-05-06","end":"2028-04-30","codename":"\\u001b[31mred"}}\n' > "$d/esc-codename.json"
printf '{"$product":"\\u001b[31mred","v24":{"start":"2025-05-06","end":"2028-04-30"}}\n' > "$d/esc-product.json"
printf '{"\\u001b[31mred":{"start":"2025-05-06","end":"2028-04-30"}}\n' > "$d/esc-line.json"
o=$(tmpdir)
P="$T/published.json"

sane "report: a file name" 66 "$NF" report -q --out "$o" "$bad.json"
clean "report: a label" 65 "$NF" report -q --out "$o" "$bad=$d/nover.ndjson"
sane "report: --baseline" 2 "$NF" report -q --out "$o" --baseline "$bad" "$P"
sane "report: --as-of" 2 "$NF" report -q --out "$o" --as-of "$bad" "$P"
sane "report: --schedule" 66 "$NF" report -q --out "$o" --schedule "$bad" "$P"
sane "report: --formats" 2 "$NF" report -q --out "$o" --formats "json,$bad" "$P"
sane "report: --jq" 66 "$NF" report -q --out "$o" --jq "$bad" "$P"
sane "report: --jq-program" 65 "$NF" report -q --out "$o" --jq-program "\"$bad\" | error" "$P"
sane "report: --min-rounds" 2 "$NF" report -q --out "$o" --min-rounds "$bad" "$P"
sane "report: --templates" 66 "$NF" report -q --out "$o" --templates "$d/$bad" "$P"
sane "report: --out" 73 "$NF" report -q --out "/proc/$bad" "$P"
sane "report: an unknown option" 2 "$NF" report "--$bad" "$P"
sane "report: an unknown option without a subcommand" 2 "$NF" "--$bad" "$P"
clean "report: an unknown short option" 2 "$NF" report $'-\e' "$P"
sane "report: SOURCE_DATE_EPOCH" 2 env SOURCE_DATE_EPOCH="$bad" "$NF" report -q --out "$o" "$P"
clean "report: a name in the input" 65 "$NF" report -q --out "$o" "$d/esc-name.ndjson"
clean "report: a key in the input (ignored)" 0 "$NF" report -q --out "$o" "$d/esc-key.ndjson"
sane "report: a value through jq's error" 65 "$NF" report -q --out "$o" --jq-program 'error(.x)' "$d/esc-value.json"
sane "report: a schedule's line" 65 "$NF" report -q --out "$o" --schedule "$d/esc-line.json" "$P"
clean "report: a good run prints a clean table" 0 "$NF" report --out "$o" "$P"

sane "check: a file name" 66 "$NF" check "$bad.json"
clean "check: a label" 65 "$NF" check "$bad=$d/nover.ndjson"
sane "check: --baseline" 2 "$NF" check --baseline "$bad" "$P"
sane "check: --min-rounds" 2 "$NF" check --min-rounds "$bad" "$P"
sane "check: an unknown option" 2 "$NF" check "--$bad" "$P"
clean "check: a name in the input" 65 "$NF" check "$d/esc-name.ndjson"
clean "check: a good run" 0 "$NF" check "$P"
sane "check: --claim" 2 "$NF" check --claim "$bad" "$P"
sane "check: --claim's workload part" 2 "$NF" check --claim "v1..v2=5%@$bad" "$P"
sane "check: --from" 2 "$NF" check --from "$bad" "$P"
# a warning names the input's path, taken from argv
cp tests/impact/described.ndjson "$d/$bad.ndjson"
sane "check: a path in a warning" 0 "$NF" check "$d/$bad.ndjson"
sane "convert: a path in a warning" 0 "$NF" convert "$d/$bad.ndjson"
sane "report: a path in a warning" 0 "$NF" report --formats json --out "$o" "$d/$bad.ndjson"

sane "windows: --as-of" 2 "$NF" windows --as-of "$bad"
sane "windows: --schedule" 66 "$NF" windows --schedule "$bad"
sane "windows: a file" 2 "$NF" windows "$bad"
sane "windows: an unknown option" 2 "$NF" windows "--$bad"
clean "windows: a codename in the schedule" 65 "$NF" windows --schedule "$d/esc-codename.json"
clean "windows: the product in the schedule" 65 "$NF" windows --schedule "$d/esc-product.json"
sane "windows: a line in the schedule" 65 "$NF" windows --schedule "$d/esc-line.json"
clean "windows: a good run" 0 "$NF" windows
clean "windows: a good run, JSON" 0 "$NF" windows --json

sane "convert: a file name" 66 "$NF" convert "$bad.json"
sane "convert: --jq" 66 "$NF" convert --jq "$bad" "$P"
sane "convert: --jq-program" 65 "$NF" convert --jq-program "\"$bad\" | error" "$P"
sane "convert: a value through jq's error" 65 "$NF" convert --jq-program 'error(.x)' "$d/esc-value.json"
sane "convert: an unknown option" 2 "$NF" convert "--$bad" "$P"
clean "convert: a label" 65 "$NF" convert "$bad=$d/nover.ndjson"
clean "convert: a good run" 0 "$NF" convert "$P"
sane "a subcommand-like first argument is a file" 66 "$NF" "$bad"
