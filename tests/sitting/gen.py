#!/usr/bin/env python3
"""gen.py - a deterministic sitting of interleaved rounds (rounds format).

usage: gen.py ROUNDS [SLOW_ROUNDS] [--own]
Two versions, 1.0.0 and 1.1.0 (10 % faster), one workload "parse", every
round timed a minute apart within one hour. The machine is 2x slower in the
rounds listed in SLOW_ROUNDS (comma separated, 1-based; default every fifth
round from the third), for every version of the round, or with --own for
1.0.0's run of those rounds only. The jitter of each run is a fixed
sequence (no random numbers), so the same arguments give the same file.
"""
import json
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
own = "--own" in sys.argv
n = int(args[0])
slow = set(int(x) for x in args[1].split(",")) if len(args) > 1 and args[1] else set(range(3, n + 1, 5))
# a fixed jitter of about +-3 %: a low-discrepancy sequence, not random
jit = lambda k: 1 + 0.06 * (((k * 0.6180339887) % 1) - 0.5)
print(json.dumps({"format": "noisefloor.rounds/1", "title": "a sitting of %d rounds" % n}))
versions = [("1.0.0", 10.0), ("1.1.0", 10.0 / 1.1)]
for r in range(1, n + 1):
    for i in range(2):
        v, base = versions[(i + r) % 2]
        k = 2 * r + (i + r) % 2
        x = base * jit(k)
        if r in slow and (not own or v == "1.0.0"):
            x *= 2
        t = "2026-11-30T10:%02d:%02d.000Z" % ((r - 1) % 60, 10 * i)
        if n > 60:
            t = "2026-11-30T%02d:%02d:%02d.000Z" % (10 + (r - 1) // 60, (r - 1) % 60, 10 * i)
        print(json.dumps({"workload": "parse", "version": v, "platform": "linux-x64", "round": r,
                          "unit": "ms", "better": "lower", "timestamp": t, "value": round(x, 6)}))
