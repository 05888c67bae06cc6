#!/usr/bin/python3
# gen-bootstrap.py - reference intervals for stats_bootstrap_ratio, from a
# second implementation of the documented algorithm (src/stats.h), written
# from the description rather than from the C code:
#   seed  = FNV-1a 64 over, little-endian, len(a) as u64, a's IEEE 754 bit
#           patterns, len(b) as u64, b's bit patterns;
#   draws = splitmix64; an index in [0, k) is ((next >> 32) * k) >> 32;
#   each resample draws len(a) indexes into a, then len(b) into b;
#   interval = type-7 quantiles at 0.025 and 0.975 of the sorted ratios
#   median(b*) / median(a*).
#
#     /usr/bin/python3 tests/stats/gen-bootstrap.py > tests/stats/bootstrap.tsv
import struct

M64 = (1 << 64) - 1


def fnv(h, data):
    for byte in data:
        h ^= byte
        h = (h * 0x100000001B3) & M64
    return h


def seed(a, b):
    h = 0xCBF29CE484222325
    for side in (a, b):
        h = fnv(h, struct.pack("<Q", len(side)))
        for v in side:
            h = fnv(h, struct.pack("<d", v))
    return h


class SplitMix64:
    def __init__(self, state):
        self.state = state

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & M64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)

    def index(self, k):
        return ((self.next() >> 32) * k) >> 32


def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def quantile7(s, q):
    h = (len(s) - 1) * q
    lo = int(h)
    if lo + 1 >= len(s):
        return s[-1]
    return s[lo] + (h - lo) * (s[lo + 1] - s[lo])


def interval(a, b, resamples=2000, level=0.95):
    rng = SplitMix64(seed(a, b))
    ratios = []
    for _ in range(resamples):
        ma = median([a[rng.index(len(a))] for _ in a])
        mb = median([b[rng.index(len(b))] for _ in b])
        ratios.append(mb / ma)
    ratios.sort()
    return quantile7(ratios, (1 - level) / 2), quantile7(ratios, (1 + level) / 2)


CASES = [
    ("1v1", [10.0], [12.0]),
    ("3v3", [44.393, 48.66, 47.401], [52.874, 47.143, 59.87]),
    ("sort-20-vs-24", [44.393, 48.66, 47.401, 47.179, 44.302, 45.295, 44.609],
     [52.874, 47.143, 59.87, 42.395, 53.023, 45.232, 44.276]),
    ("sort-20-vs-26", [44.393, 48.66, 47.401, 47.179, 44.302, 45.295, 44.609],
     [41.558, 44.998, 46.499, 47.527, 43.421, 43.233, 44.01]),
    ("2v5", [0.431, 0.402], [4.51, 0.39, 4.77, 0.41, 4.62]),
    ("equal", [5.0, 5.0, 5.0], [5.0, 5.0, 5.0]),
    # more than 16 rounds a side, with ties (the C code selects rather than sorts there)
    ("20v25-ties", [float(40 + (i * 7) % 11) for i in range(20)],
     [float(43 + (i * 5) % 13) for i in range(25)]),
    ("17v18", [100 + ((i * 37) % 17) / 4 for i in range(17)],
     [103 + ((i * 29) % 19) / 8 for i in range(18)]),
]

print("# name\ta\tb\tlow\thigh\tseed")
for name, a, b in CASES:
    lo, hi = interval(a, b)
    print("\t".join([name, ",".join(repr(v) for v in a), ",".join(repr(v) for v in b),
                     repr(lo), repr(hi), "%016x" % seed(a, b)]))
