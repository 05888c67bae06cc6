#!/usr/bin/python3
# check-scipy.py - cross-checks the R reference values in this folder against
# SciPy, a second independent implementation (Debian: python3-scipy).
#
#     /usr/bin/python3 tests/stats/check-scipy.py
#
# Prints one line per case and exits 1 on any disagreement beyond 1e-9
# (relative). Not part of the test suite, which must run without SciPy.
import math
import sys
from pathlib import Path

from scipy import stats

HERE = Path(__file__).parent
bad = 0


def nums(s):
    return [float(v) for v in s.split(",")]


def close(a, b, tol=1e-9):
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))


for line in (HERE / "mannwhitney.tsv").read_text().splitlines():
    if line.startswith("#"):
        continue
    name, x, y, w, p, exact, shift, _est, _floor = line.split("\t")
    x, y = nums(x), nums(y)
    method = "exact" if exact == "1" else "asymptotic"
    r = stats.mannwhitneyu(x, y, alternative="two-sided", use_continuity=True,
                           method=method)
    sp = r.pvalue
    # every value tied: R gives NA, SciPy 1 (noisefloor reports 1)
    ok = close(r.statistic, float(w)) and (
        (p == "NA" and (math.isnan(sp) or sp == 1)) or (p != "NA" and close(sp, float(p))))
    bad += not ok
    print(f"{'ok ' if ok else 'BAD'} mannwhitney {name}: W {w} / {r.statistic}, p {p} / {sp}")

for line in (HERE / "trend.tsv").read_text().splitlines():
    if line.startswith("#"):
        continue
    name, v, s, p, exact = line.split("\t")
    v = nums(v)
    if exact == "1":
        r = stats.kendalltau(range(len(v)), v, method="exact")
        sp = r.pvalue
    else:
        # SciPy's asymptotic Kendall test has no continuity correction:
        # apply it by hand with SciPy's own variance (tie-corrected).
        n = len(v)
        ties = {}
        for t in v:
            ties[t] = ties.get(t, 0) + 1
        var = (n * (n - 1) * (2 * n + 5)
               - sum(t * (t - 1) * (2 * t + 5) for t in ties.values())) / 18
        sc = float(s) - math.copysign(1, float(s)) if float(s) else 0.0
        sp = 2 * stats.norm.sf(abs(sc) / math.sqrt(var))
    ok = close(sp, float(p))
    bad += not ok
    print(f"{'ok ' if ok else 'BAD'} trend {name}: p {p} / {sp}")

print(f"{bad} disagreements")
sys.exit(1 if bad else 0)
