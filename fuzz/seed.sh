#!/usr/bin/env bash
# fuzz/seed.sh - (re)build the seed corpora in fuzz/corpus/NAME from the test
# fixtures: each fixture shrunk (long arrays cut to their first four values,
# so the corpus stays small), then minimised into the target's corpus with
# libFuzzer's -merge=1. Run from the top of the tree after `make fuzz-build`;
# `make fuzz` then grows the corpus and `make fuzz-merge` folds it back.
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=$(mktemp -d)
trap 'rm -rf "$seeds"' EXIT

shrink() { # shrink FILE OUT: JSON with long arrays cut, anything else as is
	if jq -e . "$1" >/dev/null 2>&1 && [ "$(jq -s length "$1")" = 1 ]; then
		jq -c 'walk(if type == "array" then .[:4] else . end)' "$1" > "$2"
	elif [ "${1##*.}" = ndjson ]; then
		head -n 12 "$1" > "$2"
	else
		head -c 4096 "$1" > "$2"
	fi
}

add() { # add TARGET FILE...
	local t=$1 f; shift
	mkdir -p "$seeds/$t"
	for f in "$@"; do
		if [ -f "$f" ]; then shrink "$f" "$seeds/$t/$(echo "$f" | tr / _)"; fi
	done
}

rounds=(tests/core/*.json tests/xlsx/*.json data/examples/node-versions/rounds.json)
for f in tests/fixtures/*/; do
	r=$(basename "$f")
	add "$r" "$f"*.json "$f"*.csv
	add any "$f"*.json "$f"*.csv
done
add rounds "${rounds[@]}"
add doc_diff "${rounds[@]}"
add any "${rounds[@]}" tests/core/*.ndjson
add ndjson tests/core/*.ndjson
for f in tests/core/published.json tests/core/throughput.json; do
	jq -c '(del(.results) | .format = "noisefloor.rounds/1"), .results[:6][]' "$f" \
		> "$seeds/ndjson/$(basename "$f" .json).ndjson"
	cp "$seeds/ndjson/$(basename "$f" .json).ndjson" "$seeds/any/"
done
add jq "${rounds[@]}" tests/core/*.ndjson data/adapters/*/*.json
# rendering is slow: a few inputs of each kind
add render tests/core/published.json tests/core/throughput.json tests/core/single.ndjson \
	tests/core/hostile.json data/examples/node-versions/rounds.json
for f in tests/fixtures/*/; do
	add render "$(ls "$f"*.json "$f"*.csv 2>/dev/null | head -n 1)"
done
add schedule data/nodejs-schedule.json
mkdir -p "$seeds/mustache"
for f in templates/*.mustache; do
	{ printf '\0'; cat "$f"; } > "$seeds/mustache/$(basename "$f")"
done
for f in tests/mustache/spec/*.json; do
	i=0
	while IFS= read -r -d '' tpl; do
		printf '\0%s' "$tpl" > "$seeds/mustache/$(basename "$f" .json)-$i"
		i=$((i + 1))
	done < <(jq -j '.tests[].template + "\u0000"' "$f")
done

for t in "$seeds"/*/; do
	t=$(basename "$t")
	mkdir -p "fuzz/corpus/$t"
	"fuzz/build/fuzz-$t" -merge=1 "fuzz/corpus/$t" "$seeds/$t" >/dev/null 2>&1
	echo "$t: $(ls "fuzz/corpus/$t" | wc -l) inputs, $(du -sk "fuzz/corpus/$t" | cut -f1) KiB"
done
