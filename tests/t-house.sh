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
check_includes lib lib
check_includes model model lib analysis
check_includes analysis analysis model lib ingest
check_includes ingest ingest model lib analysis
check_includes run run ingest model lib
check_includes present present analysis model lib
check_includes render render present analysis model lib ingest
# the rules as the issue states them, named
check_eq "analysis/ includes nothing from present/ or render/" "" \
	"$(grep -rlE '^#include "(present|render)/' "$NF_ROOT/src/analysis")"
check_eq "no stage below cmd/ includes cmd/" "" \
	"$(grep -rlE '^#include "cmd/' "$NF_ROOT/src" | grep -v '/src/cmd/')"

# English: the analysis and the model write no sentence
check_eq "no sentence in the string literals of analysis/ and model/" "" \
	"$(python3 "$H/english.py" "$NF_ROOT"/src/analysis/*.[ch] "$NF_ROOT"/src/model/*.[ch])"

# English: the renderers lay out what present/ words. Left in src/render/
# (render_pdf.c aside, and the error messages, which stay beside their
# I/O): markup the checker takes for words (SVG, a PDF destination, a CSS
# class list) and the PDF's page footer. The count per file is held here.
render_english() {
	(cd "$NF_ROOT" && ls src/render/*.c src/render/chart/*.c | grep -v '/render_pdf\.c$' |
		xargs python3 "$H/english.py") |
		grep -vE ': (cannot |too many chart fonts|out of memory|unknown error|a symbolic link, not a regular file|not a regular file|larger than 1 MiB|not valid UTF-8|than a worksheet holds|as the program|of an unknown version)' |
		cut -d: -f1 | sort | uniq -c | awk '{ print $2 " " $1 }'
}
counts=$(render_english)
check_eq "English literals in src/render/, per file (render_pdf.c and error messages aside)" \
	"src/render/chart/chart_svg.c 8
src/render/pdf_doc.c 2
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

# every folder of src/ says what it owns
for d in "$NF_ROOT"/src/*/; do
	check "src/$(basename "$d")/ has a README" test -s "$d/README.md"
done
check_eq "src/ holds folders only" "" "$(find "$NF_ROOT/src" -maxdepth 1 -type f)"
