# The README and the manual in doc/: the README stays short, every relative
# link and #anchor resolves (as GitHub makes anchors), every page of doc/
# can be reached from the README, and every example command runs with the
# exit status it documents.
. tests/lib.sh
D="python3 tests/docs/docs.py"
d=$(tmpdir)

lines=$(wc -l < README.md)
check "README.md is at most 400 lines ($lines)" test "$lines" -le 400

check_eq "every relative link and anchor in README.md and doc/*.md resolves" "" \
	"$($D links README.md doc/*.md)"

# the checker itself: a broken file, a broken anchor and a duplicate
# heading's anchor are told apart from good ones
mkdir -p "$d/links/doc"
cat > "$d/links/README.md" <<'EOF'
# Top
## Twice
## Twice
### The stricter reading: `report --formats json` within 1.5× of `check`
[a](doc/page.md#the-page) [b](doc/page.md#gone) [c](#twice-1) [d](#twice-2)
[e](missing.md) [f](#the-stricter-reading-report---formats-json-within-15-of-check)
[g](https://example.com/x.md) `[h](in-code.md)`

```
[i](in-a-block.md)
```
EOF
printf '# The page\n' > "$d/links/doc/page.md"
check_eq "the link checker finds a broken anchor and a missing file, and nothing else" \
	"$d/links/README.md:5: doc/page.md#gone: no heading with that anchor in $d/links/doc/page.md
$d/links/README.md:5: #twice-2: no heading with that anchor in $d/links/README.md
$d/links/README.md:6: missing.md: no such file" \
	"$($D links "$d/links/README.md")"

# every page of the manual is linked from the README or from doc/README.md
unlinked=""
for p in doc/*.md; do
	n=$(basename "$p")
	grep -q "](doc/$n[)#]" README.md || grep -q "]($n[)#]" doc/README.md || unlinked="$unlinked $p"
done
check_eq "every page of doc/ is linked from README.md or doc/README.md" "" "${unlinked# }"

# the README's contents list every section of it
toc=""
while IFS= read -r h; do
	a=$(printf '## %s\n' "$h" > "$d/h.md"; $D anchors "$d/h.md")
	grep -q "](#$a)" README.md || toc="$toc #$a"
done < <(sed -n 's/^## //p' README.md | grep -v '^Contents$')
check_eq "README's contents link every section" "" "${toc# }"

# ---- example commands --------------------------------------------------
# Every line of a fenced block that starts with `noisefloor ` or
# `./noisefloor ` runs from a folder that has the repository's files, with
# exit 0 or the status its "# exits N" names. run and bisect would take
# measurements: their examples are given --help too, so that each of their
# options must still be one the command takes.
$D examples README.md doc/*.md > "$d/examples.tsv"
w="$d/work"
mkdir -p "$w"
for f in "$NF_ROOT"/*; do ln -s "$f" "$w/$(basename "$f")"; done
rm -f "$w/noisefloor" "$w/out"
cat > "$w/noisefloor" <<EOF
#!/usr/bin/env bash
case "\${1:-}" in
run) exec "$NF" "\$@" --help ;;
bisect) exec "$NF" "\${@:1:\$#-1}" --help "\${@: -1}" ;;
*) exec "$NF" "\$@" ;;
esac
EOF
chmod +x "$w/noisefloor"
n=0
while IFS=$'\t' read -r where want cmd; do
	if [ "$want" = - ]; then
		(cd "$w" && bash -c "$cmd") > /dev/null 2>&1
		continue
	fi
	n=$((n + 1))
	out=$(cd "$w" && PATH="$w:$PATH" timeout 120 bash -c "$cmd" 2>&1 < /dev/null)
	rc=$?
	if [ "$rc" = "$want" ]; then pass "example $where exits $want"
	else fail "example $where exits $want" "exit $rc: $cmd
$(printf '%s\n' "$out" | tail -n 5)"; fi
done < "$d/examples.tsv"
check "the README and doc/ hold at least 30 example commands ($n)" test "$n" -ge 30
check "the README shows how to feed another runner's output, by example" \
	grep -q '^noisefloor report .*tests/fixtures/hyperfine/' README.md

# the quick start's two commands: the main job, and the test command that
# CI runs on a fresh machine (.ci/run), exactly
quick=$(awk '/^## Quick start/ { q = 1 } q && /^```/ { if (f++) exit; next } q && f' README.md | sed 's/ *#.*//')
check_eq "the README's quick start is make report, then make test" "make report
make test" "$quick"
check_eq ".ci/run runs the README's test command" "$(printf '%s\n' "$quick" | tail -n 1)" \
	"$(grep -v '^#\|^set \|^cd \|^$' .ci/run)"
