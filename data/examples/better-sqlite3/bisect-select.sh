#!/usr/bin/env bash
# The command of the SELECT bisect (see README, "Bisect"): workload.js under
# the Node.js binary $1, with only the plain better-sqlite3 configuration
# (WORKLOAD_CONFIG=plain), loading the build bisect-setup.sh made for that
# binary's NODE_MODULE_VERSION.
#
# Usage: ADDONS=/tmp/sqlite-bisect/addons bisect-select.sh NODE-BINARY [PASSES]
set -euo pipefail
node=${1:?usage: bisect-select.sh NODE-BINARY [PASSES]}
ADDONS="${ADDONS:-${TMPDIR:-/tmp}/sqlite-bisect/addons}"
abi="$("$node" -p process.versions.modules)"
script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
NODE_PATH="$ADDONS/abi-$abi/node_modules" WORKLOAD_CONFIG=plain \
  exec "$node" "$script_dir/workload.js" "${2:-3}"
