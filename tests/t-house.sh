# The shape of src/: which stage may include which, and where English lives.
. tests/lib.sh
H=tests/house

# includes_from DIR: every folder of src/ that DIR's files include, one per line
includes_from() {
	grep -rhoE '^#include "[a-z_]+/' "$NF_ROOT/src/$1" | sed 's/^#include "//; s,/$,,' | sort -u
}
# check_includes DIR ALLOWED...: DIR includes nothing outside the folders allowed
check_includes() {
	local dir=$1 bad=""; shift
	for f in $(includes_from "$dir"); do
		case " $* " in *" $f "*) ;; *) bad="$bad $f" ;; esac
	done
	check_eq "src/$dir includes only from: $*" "" "${bad# }"
}
# the layers look down only: lib < model < ingest < analysis < present <
# render < cmd, and run/ beside render/
check_includes lib lib
check_includes model model lib
check_includes ingest ingest model lib
check_includes analysis analysis ingest model lib
check_includes present present analysis ingest model lib
check_includes run run present analysis ingest model lib
check_includes render render present analysis ingest model lib
check_includes cmd cmd render run present analysis ingest model lib
# the rules as the issue states them, named
check_eq "analysis/ includes nothing from present/ or render/" "" \
	"$(grep -rlE '^#include "(present|render)/' "$NF_ROOT/src/analysis")"
check_eq "no stage below cmd/ includes cmd/" "" \
	"$(grep -rlE '^#include "cmd/' "$NF_ROOT/src" | grep -v '/src/cmd/')"

# one chart entry point: every chart of the plan is laid out by
# chart_planned_scene (render/chart/), and the renderers draw scenes
check_eq "the renderers lay out no chart themselves" "" \
	"$(grep -nE 'chart_layout|chart_time_scene|chart_spec_[a-z]+\(' "$NF_ROOT"/src/render/render_*.c)"
check_eq "the charts and HTML renderers do not branch on a chart's kind" "" \
	"$(grep -nE '(==|!=) *REPORT_CHART_|case REPORT_CHART_|switch \(.*kind' \
		"$NF_ROOT/src/render/render_charts.c" "$NF_ROOT/src/render/render_html.c")"

# English: the analysis and the model write no sentence
check_eq "no sentence in the string literals of analysis/ and model/" "" \
	"$(python3 "$H/english.py" "$NF_ROOT"/src/analysis/*.[ch] "$NF_ROOT"/src/model/*.[ch])"

# English: the renderers lay out what present/ words. Left in src/render/
# (render_pdf.c aside, and the error messages, which stay beside their
# I/O): markup the checker takes for words (SVG, a CSS class list, the
# PostScript of the PDF's ToUnicode map). The count per file is held here.
render_english() {
	(cd "$NF_ROOT" && ls src/render/*.c src/render/chart/*.c | grep -v '/render_pdf\.c$' |
		xargs python3 "$H/english.py") |
		grep -vE ': (cannot |too many chart fonts|out of memory|unknown error|a symbolic link, not a regular file|not a regular file|larger than 1 MiB|not valid UTF-8|than a worksheet holds|as the program|of an unknown version)' |
		cut -d: -f1 | sort | uniq -c | awk '{ print $2 " " $1 }'
}
counts=$(render_english)
check_eq "English literals in src/render/, per file (render_pdf.c and error messages aside)" \
	"src/render/chart/chart_svg.c 8
src/render/pdf_haru_fixes.c 5
src/render/render_html.c 1" "$counts"
total=$(printf '%s\n' "$counts" | awk '{ n += $2 } END { print n + 0 }')
check "at most 40 of them in all ($total)" test "$total" -le 40

# the checker itself finds a sentence, and passes facts, names and formats
o=$(tmpdir)
cat > "$o/words.c" <<'C'
/* "a comment is not a sentence" */
static const char *names[] = { "within-noise", "not-confirmed", "%s: %d", "ms" };
static const char *said = "26 is 25% faster than 22";
static const char *fmt = "beyond %s the noise";
C
check_eq "the English check finds sentences, not names or formats" \
	"$o/words.c:3: 26 is 25% faster than 22
$o/words.c:4: beyond %s the noise" "$(python3 "$H/english.py" "$o/words.c")"

# no include cycle inside a folder: present/'s counting helpers sit below
# the report (nouns.c), not in it
for d in "$NF_ROOT"/src/*/; do
	check_eq "no include cycle in src/$(basename "$d")/" "" "$(python3 "$H/cycles.py" "$d")"
done
mkdir -p "$o/cyc"
printf '#include "cyc/b.h"\n' > "$o/cyc/a.c"
printf '#include "cyc/a.h"\n' > "$o/cyc/b.h"
: > "$o/cyc/a.h"
check_eq "the cycle check finds a cycle" "a -> b -> a" "$(python3 "$H/cycles.py" "$o/cyc")"

# one name, one layer: no header name is used in two folders (analysis/
# checks the claims and present/ words them under other names)
check_eq "no header name is used in two folders of src/" "" \
	"$(find "$NF_ROOT/src" -name '*.h' -printf '%f\n' | sort | uniq -d)"

# every file banner (the comment that opens a file) names files that exist
check_eq "every banner in src/ names only files that exist" "" \
	"$(python3 "$H/banners.py" $(find "$NF_ROOT/src" -name '*.[ch]' | sort))"
cat > "$o/gone.c" <<'C'
/*
 * gone.c - beside ingest_nothing.c and util.[ch],
 * as git's lockfile.c (elsewhere)
 */
C
check_eq "the banner check finds a name that is gone, not one that exists" \
	"$o/gone.c: gone.c
$o/gone.c: ingest_nothing.c" "$(python3 "$H/banners.py" "$o/gone.c")"

# every folder of src/ says what it owns
for d in "$NF_ROOT"/src/*/; do
	check "src/$(basename "$d")/ has a README" test -s "$d/README.md"
done
check_eq "src/ holds folders only" "" "$(find "$NF_ROOT/src" -maxdepth 1 -type f)"
