# github-action-benchmark.jq - the "customSmallerIsBetter" JSON that projects
# write for github-action-benchmark, one file per version:
#
#   [{"name": "sort 200k integers", "unit": "ms", "value": 41.2, "range": "± 1.3"}, ...]
#
# The file names no version: give it as VERSION=FILE. Each file is one round
# with one pass per benchmark. For "customBiggerIsBetter" files, change
# better to "higher".
#
#   noisefloor report --jq data/adapters/github-action-benchmark.jq \
#     22=data/adapters/github-action-benchmark-example/node22.json \
#     24=data/adapters/github-action-benchmark-example/node24.json
.[]
| { workload: .name, unit: .unit, better: "lower", value: .value }
  + (if .range then { note: ("range " + .range) } else {} end)
