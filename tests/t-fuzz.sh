# The libFuzzer targets (fuzz/, built by `make fuzz-build`, which `make test`
# runs): each replays its committed corpus and the regression inputs of
# crashes found earlier, then fuzzes up to 2000 inputs from a fixed seed
# (at most 3 seconds a target). `make fuzz` is the long run.
. tests/lib.sh
# a runaway allocation ends the sanitizer build with a report, not the machine
export ASAN_OPTIONS="$ASAN_OPTIONS:hard_rss_limit_mb=2048"
targets=$(sed -n 's/^FUZZ_TARGETS *= *//p' Makefile | sed "s/\$(FUZZ_FORMATS)/$(sed -n 's/^FUZZ_FORMATS *= *//p' Makefile)/")
check "fuzz targets listed in the Makefile" test -n "$targets"
for t in $targets; do
	bin=fuzz/build/fuzz-$t
	if [ ! -x "$bin" ]; then
		fail "fuzz-$t is built" "run make fuzz-build (make test does)"
		continue
	fi
	dirs="fuzz/corpus/$t"
	[ -d "fuzz/regressions/$t" ] && dirs="$dirs fuzz/regressions/$t"
	# the fast reader on NDJSON lines against cJSON on every rounds and NDJSON input there is
	[ "$t" = ndjson_diff ] && dirs="$dirs fuzz/corpus/ndjson fuzz/corpus/rounds fuzz/corpus/any"
	# the fast way through a document against cJSON on every rounds input there is
	[ "$t" = doc_diff ] && dirs="$dirs fuzz/corpus/rounds fuzz/corpus/any"
	n=$(find $dirs -type f | wc -l)
	scratch=$(tmpdir)
	TMPDIR=$scratch check "fuzz-$t: $n corpus and regression inputs, then up to 2000 fresh ones from a fixed seed" \
		"$bin" -seed=1 -runs=2000 -max_total_time=3 -timeout=30 -rss_limit_mb=2048 \
		-artifact_prefix="$scratch/" "$scratch" $dirs
done

# Regression inputs of the ingest targets also go through the real program.
for f in fuzz/regressions/*/*; do
	[ -f "$f" ] || continue
	case "$f" in fuzz/regressions/mustache/* | fuzz/regressions/schedule/*) continue ;; esac
	out=$(timeout 120 "$NF_ASAN" report -q --out "$(tmpdir)" "24.0.0=$f" 2>&1); rc=$?
	case $rc in
	0 | 65 | 66) pass "noisefloor-asan reads $f (exit $rc)" ;;
	*) fail "noisefloor-asan reads $f (exit $rc)" \
		"$(printf '%s\n' "$out" | grep -v '^[[:space:]]*0x\|memory map' | head -n 20)" ;;
	esac
done
