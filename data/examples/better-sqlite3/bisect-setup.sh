#!/usr/bin/env bash
# --setup of the SELECT bisect (see README, "Bisect"): builds better-sqlite3
# 12.11.1 from source against the headers of the Node.js release whose binary
# is $1, as run.sh does (npm_config_nodedir, that release's bin/ first on
# PATH), into $ADDONS/abi-<NODE_MODULE_VERSION>/node_modules.
#
# One build serves every release of one NODE_MODULE_VERSION: that number is
# the addon ABI, and an addon built for it loads in each release that reports
# it. A build that is there and loads is kept.
#
# Usage: ADDONS=/tmp/sqlite-bisect/addons bisect-setup.sh NODE-BINARY
set -euo pipefail
node=${1:?usage: bisect-setup.sh NODE-BINARY}
ADDONS="${ADDONS:-${TMPDIR:-/tmp}/sqlite-bisect/addons}"
pkg="$(cd "$(dirname "$node")/.." && pwd)"
abi="$("$node" -p process.versions.modules)"
dir="$ADDONS/abi-$abi"
loads() {
  NODE_PATH="$dir/node_modules" "$node" -e \
    'new (require("better-sqlite3"))(":memory:").close()' 2>/dev/null
}
if loads; then
  exit 0
fi
mkdir -p "$dir"
[[ -f "$dir/package.json" ]] || printf '{"private": true}\n' >"$dir/package.json"
(cd "$dir" &&
  PATH="$pkg/bin:$PATH" npm_config_nodedir="$pkg" npm_config_build_from_source=true \
    npm install --no-audit --no-fund --no-save better-sqlite3@12.11.1 >&2)
loads
