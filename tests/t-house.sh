# The shape of src/: which stage may include which, and where English lives.
. tests/lib.sh

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

# every folder of src/ says what it owns
for d in "$NF_ROOT"/src/*/; do
	check "src/$(basename "$d")/ has a README" test -s "$d/README.md"
done
check_eq "src/ holds folders only" "" "$(find "$NF_ROOT/src" -maxdepth 1 -type f)"
