#!/bin/sh
# run.sh - runs the Mustache spec tests and our own cases.
#
# Usage: tests/mustache/run.sh BINARY [SPEC_DIR]
#   BINARY    the compiled tests/mustache/spec_test.c, e.g. built from the
#             repository root with
#               cc -std=c11 -Wall -Wextra -O1 -g -fsanitize=address,undefined \
#                  -Isrc -o /tmp/mspec tests/mustache/spec_test.c \
#                  src/lib/mustache.c src/lib/util.c src/lib/fmt.c -lcjson -lm
#   SPEC_DIR  the spec JSON files (default: the spec/ directory beside this
#             script)
# Exits with the test binary's status: 0 when every case passed.
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
	echo "usage: $0 BINARY [SPEC_DIR]" >&2
	exit 2
fi
bin=$1
dir=${2:-$(dirname "$0")/spec}
if [ ! -x "$bin" ]; then
	echo "$0: $bin is not an executable" >&2
	exit 2
fi
exec "$bin" "$dir"
