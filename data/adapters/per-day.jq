# per-day.jq - a repository that commits one JSON file per Node.js version per
# day (or per CI run), each like
#
#   {"node": "v22.23.5", "v8": "12.4.254.21-node.57", "date": "2026-11-29T22:31:29Z",
#    "benchmarks": {"sort 200k integers": {"ms": [73.3, 42.1, 51.9]}, ...}}
#
# Every file becomes one round of each benchmark; rounds follow the order the
# files are given, so list them day by day:
#
#   noisefloor report --jq data/adapters/per-day.jq data/adapters/per-day-example/run-*/node-*.json
.node as $node | .v8 as $v8 | .date as $date
| .benchmarks | to_entries[]
| { workload: .key,
    version: ($node | ltrimstr("v")),
    unit: "ms",
    better: "lower",
    timestamp: $date,
    passes: .value.ms,
    meta: { v8: $v8 } }
