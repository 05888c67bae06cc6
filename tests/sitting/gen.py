#!/usr/bin/env python3
"""gen.py - a deterministic sitting of interleaved rounds (rounds format).

usage: gen.py ROUNDS [SLOW_ROUNDS] [--own] [--effect=F]
Two versions, 1.0.0 and 1.1.0 (F times as fast, default 1.1: 10 %
faster), one workload "parse", every
round timed a minute apart within one hour. The machine is 2x slower in the
rounds listed in SLOW_ROUNDS (comma separated, 1-based; default every fifth
round from the third), for every version of the round, or with --own for
1.0.0's run of those rounds only. The jitter of each run is a fixed
sequence (no random numbers), so the same arguments give the same file.

--spread: no slow rounds; instead the machine of each round is shared
jitter of about 10 % and each round's ratio 1.1.0 / 1.0.0 carries its own
jitter of about 3 %, both taken as evenly spaced quantiles of a normal
distribution (Blom's scores, the expected order statistics of n normal
draws, in a fixed shuffled order): every number of rounds sees the
same distributions, so what grows with the rounds is the statistic, not the
data (the range of the published rule grows, quartiles do not).
"""
import json
import math
import sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
own = "--own" in sys.argv
effect = 1.1
for a in sys.argv[1:]:
    if a.startswith("--effect="):
        effect = float(a[len("--effect="):])
n = int(args[0])
slow = set(int(x) for x in args[1].split(",")) if len(args) > 1 and args[1] else set(range(3, n + 1, 5))
# a fixed jitter of about +-3 %: a low-discrepancy sequence, not random
jit = lambda k: 1 + 0.06 * (((k * 0.6180339887) % 1) - 0.5)
spread = "--spread" in sys.argv
if spread:
    from statistics import NormalDist
    q = [NormalDist().inv_cdf((i + 1 - 0.375) / (n + 0.25)) for i in range(n)]
    order_m = sorted(range(n), key=lambda i: (i * 0.6180339887) % 1)
    order_r = sorted(range(n), key=lambda i: (i * 0.7548776662) % 1)
    machine = [math.exp(0.10 * q[order_m[r]]) for r in range(n)]
    ratio = [math.exp(0.03 * q[order_r[r]]) / effect for r in range(n)]
    slow = set()
print(json.dumps({"format": "noisefloor.rounds/1", "title": "a sitting of %d rounds" % n}))
versions = [("1.0.0", 10.0), ("1.1.0", 10.0 / effect)]
for r in range(1, n + 1):
    for i in range(2):
        v, base = versions[(i + r) % 2]
        k = 2 * r + (i + r) % 2
        x = base * jit(k)
        if spread:
            x = 10.0 * machine[r - 1] * (ratio[r - 1] if v == "1.1.0" else 1)
        if r in slow and (not own or v == "1.0.0"):
            x *= 2
        t = "2026-11-30T10:%02d:%02d.000Z" % ((r - 1) % 60, 10 * i)
        if n > 60:
            t = "2026-11-30T%02d:%02d:%02d.000Z" % (10 + (r - 1) // 60, (r - 1) % 60, 10 * i)
        print(json.dumps({"workload": "parse", "version": v, "platform": "linux-x64", "round": r,
                          "unit": "ms", "better": "lower", "timestamp": t, "value": round(x, 6)}))
