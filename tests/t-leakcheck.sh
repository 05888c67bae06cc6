# valgrind (`make leakcheck`): no invalid access, no uninitialised value used,
# no leak, over a report with every output format and over error paths.
. tests/lib.sh
if ! command -v valgrind >/dev/null; then
	fail "valgrind is installed" "install valgrind (make test-deps)"
	exit 0
fi
vg() { # vg NAME STATUS ARGS...: noisefloor under valgrind exits STATUS, valgrind finds nothing
	local name=$1 want=$2 log rc; shift 2
	log=$(tmpdir)/valgrind.log
	valgrind -q --leak-check=full --show-leak-kinds=definite,indirect,possible \
		--errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99 \
		--log-file="$log" "$NF" "$@" > /dev/null 2>&1
	rc=$?
	# Debian 12's valgrind (3.19) does not know openat2 (syscall 437): it
	# says so and answers ENOSYS, and the output folder's code falls back to
	# O_NOFOLLOW per component; that notice is valgrind's, not a finding
	sed -i -E '/^--[0-9]+-- (WARNING: unhandled amd64-linux syscall: 437|You may be able to write your own handler\.|Read the file README_MISSING_SYSCALL_OR_IOCTL\.|Nevertheless we consider this a bug\.  Please report|it at http:\/\/valgrind\.org\/support\/bug_reports\.html\.)$/d' "$log"
	if [ "$rc" -eq "$want" ] && [ ! -s "$log" ]; then pass "valgrind: $name"
	else fail "valgrind: $name (exit $rc, wanted $want)" "$(head -n 40 "$log")"; fi
}
vg "full report, every output format" 0 report -q --out "$(tmpdir)" data/examples/node-versions/rounds.json
vg "hostile names" 0 report -q --out "$(tmpdir)" --formats json,md,xlsx,html,ci --link-base https://example.org/r/ tests/hardening/hostile.json
vg "check --summary" 1 check -q --summary "$(tmpdir)/summary.md" data/examples/node-versions/rounds.json
vg "NDJSON on stdin, terminal table" 0 report --out "$(tmpdir)" --formats json - < tests/core/single.ndjson
vg "runner formats" 0 report -q --out "$(tmpdir)" --formats json --min-rounds 1 \
	tests/fixtures/hyperfine/node22.json tests/fixtures/hyperfine/node24.json
vg "a jq mapping" 0 convert --jq data/adapters/per-day.jq data/adapters/per-day-example/run-1/node-22.json
vg "malformed input" 65 report -q --out "$(tmpdir)" tests/bad/malformed.json
vg "bad value in NDJSON" 65 report -q --out "$(tmpdir)" tests/bad/bad-line.ndjson
tpl=$(tmpdir); cp templates/*.mustache "$tpl/"; printf '{{#x}}\n' > "$tpl/issue.md.mustache"
vg "a broken template" 65 report -q --out "$(tmpdir)" --templates "$tpl" tests/core/published.json
vg "an output that cannot be written" 73 report -q --out /proc/nope tests/core/published.json
vg "a failed commit" 73 report -q --out "$(d=$(tmpdir); echo x > "$d/charts"; echo "$d")" \
	--formats json,charts tests/core/published.json
vg "check" 1 check data/examples/node-versions/rounds.json
vg "windows" 0 windows --json
rd=$(tmpdir)
vg "run, wall time" 0 run -q --rounds 2 --passes 2 --version a=true --version b=true --out "$rd/w.ndjson"
vg "run --measure cpu" 0 run -q --measure cpu --rounds 2 --passes 2 --version a=true --version b=true --out "$rd/cpu.ndjson"
head -c -20 "$rd/w.ndjson" > "$rd/c.ndjson"
vg "run --resume of a cut file" 0 run -q --resume --out "$rd/c.ndjson"
vg "run --measure output, a failure recorded" 0 run -q --measure output --rounds 1 --ignore-failure \
	--version a="cat tests/fixtures/hyperfine/node22.json" --version b='exit 3' --out "$rd/o.ndjson"
vg "run, a failing command" 1 run -q --rounds 1 --version a='exit 3' --out "$rd/f.ndjson"
vg "run, bad options" 2 run --version a=x --version a=y --out "$rd/b.ndjson"
