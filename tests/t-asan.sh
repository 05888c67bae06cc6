# The AddressSanitizer/UBSan build (`make asan`) over every output format and
# every subcommand, on the shipped data, hostile names, each runner format
# and a jq mapping: any report from a sanitizer ends the run with status 99.
. tests/lib.sh
# a runaway allocation ends the sanitizer build with a report, not the machine
export ASAN_OPTIONS="$ASAN_OPTIONS:hard_rss_limit_mb=3072"
o=$(tmpdir)
check "asan: full report of the shipped data, every format" \
	"$NF_ASAN" report -q --out "$o" data/examples/node-versions/rounds.json
r=$(tmpdir)
"$NF" report -q --out "$r" data/examples/node-versions/rounds.json
check "asan: the same files as the normal build" same_tree "$r" "$o"
check "asan: hostile names, every format" "$NF_ASAN" report -q --out "$(tmpdir)" tests/hardening/hostile.json
check "asan: terminal table" sh -c "'$NF_ASAN' report --out '$(tmpdir)' tests/core/published.json > /dev/null"
for d in tests/fixtures/*/; do
	files=$(ls "$d"*.json "$d"*.csv 2>/dev/null | head -n 4)
	[ -n "$files" ] || continue
	out=$("$NF_ASAN" report -q --out "$(tmpdir)" --min-rounds 1 $files 2>&1); rc=$?
	case $rc in
	0 | 65) pass "asan: $(basename "$d") files (exit $rc)" ;;
	*) fail "asan: $(basename "$d") files (exit $rc)" "$(printf '%s\n' "$out" | grep -v "^[[:space:]]*0x\|memory map" | head -n 8)" ;;
	esac
done
check "asan: a jq mapping" "$NF_ASAN" report -q --out "$(tmpdir)" --jq data/adapters/per-day.jq \
	data/adapters/per-day-example/run-*/node-*.json
check "asan: convert" sh -c "'$NF_ASAN' convert tests/core/published.json > /dev/null"
check_status "asan: check" 1 "$NF_ASAN" check data/examples/node-versions/rounds.json
check "asan: windows" sh -c "'$NF_ASAN' windows --json > /dev/null && '$NF_ASAN' windows > /dev/null"
check_status "asan: usage error" 2 "$NF_ASAN" report --bogus
check_status "asan: an output that cannot be written" 73 "$NF_ASAN" report -q --out /proc/nope tests/core/published.json
rd=$(tmpdir)
check "asan: run, wall time" "$NF_ASAN" run -q --rounds 2 --passes 2 --version a=true --version b=true \
	--out "$rd/w.ndjson"
check "asan: run --resume" sh -c "head -c -20 '$rd/w.ndjson' > '$rd/c.ndjson' && '$NF_ASAN' run -q --resume --out '$rd/c.ndjson'"
check "asan: run --measure output" "$NF_ASAN" run -q --measure output --rounds 1 --ignore-failure \
	--version a="cat tests/fixtures/hyperfine/node22.json" --version b='exit 3' --out "$rd/o.ndjson"
check_status "asan: run, a failing command" 1 "$NF_ASAN" run -q --rounds 1 --version a='exit 3' --out "$rd/f.ndjson"
check_status "asan: run, bad options" 2 "$NF_ASAN" run --list v=1,2 'x' --out "$rd/b.ndjson"
