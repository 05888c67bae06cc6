#!/usr/bin/env python3
"""tests/audit/gen.py OUTDIR [FIRST [COUNT]] - the auditor's datasets.

Writes OUTDIR/<seed>.json (noisefloor.rounds/1) and OUTDIR/<seed>.spec.json
(what was generated: design, unit, version style, true effects) for each
seed FIRST .. FIRST + COUNT - 1. The same seed gives the same bytes. The
designs, units and version styles go round in turn, so that any 30
consecutive seeds cover every one of them; the rest (versions, workloads,
effects, noise, a bimodal version) is drawn from the seed.
"""
import json
import math
import os
import random
import sys

DESIGNS = ["rounds", "rounds-untimed", "sessions", "history", "unequal", "two-platforms"]
UNITS = ["ms", "ops/s", "MB"]
STYLES = ["semver", "v-line", "bare", "labels", "commands"]

SEMVER = {20: ["20.11.1", "20.19.5", "20.20.2"], 22: ["22.1.0", "22.12.0", "22.21.1"],
          24: ["24.0.2", "24.11.1", "24.22.3"], 26: ["26.3.0", "26.12.1"]}
LABELS = [["old", "new"], ["baseline", "candidate", "experiment", "next"]]
COMMANDS = ["sleep 0.01", "sleep 0.012", "python3 bench.py", "pypy3 bench.py", "./bench-O2", "./bench-O3"]
WORKLOADS = ["JSON.parse, 20k rows", "Sort 200k integers", "Regex over emails", "SHA-256 of 8 MB",
             "Map of 200k keys", "Render a page", "Startup"]
BASE = {"ms": (0.3, 60.0), "ops/s": (800.0, 90000.0), "MB": (20.0, 600.0)}


def versions_of(style, k, rng):
    if style == "semver":
        lines = sorted(rng.sample([20, 22, 24, 26], k))
        return [rng.choice(SEMVER[l]) for l in lines]
    if style == "v-line":
        return ["v%d" % l for l in sorted(rng.sample([18, 20, 22, 24, 26], k))]
    if style == "bare":
        return ["%d" % l for l in sorted(rng.sample([18, 20, 22, 24, 26], k))]
    if style == "labels":
        return LABELS[0] if k == 2 else LABELS[1][:k]
    pair = rng.randrange(0, len(COMMANDS), 2)
    return (COMMANDS[pair:pair + 2] + [c for c in COMMANDS if c not in COMMANDS[pair:pair + 2]])[:k]


def r3(x):
    """a value as a runner prints it: 4 significant digits"""
    return float("%.4g" % x)


def generate(seed):
    rng = random.Random(seed)
    design = DESIGNS[seed % len(DESIGNS)]
    unit = UNITS[(seed // len(DESIGNS)) % len(UNITS)]
    style = STYLES[seed % len(STYLES)]
    k = 2 + rng.randrange(3)
    if style == "labels" and k == 3:
        k = 4
    nw = 1 + rng.randrange(4)
    versions = versions_of(style, k, rng)
    workloads = rng.sample(WORKLOADS, nw)
    higher = unit == "ops/s"
    platforms = ["linux-x64", "darwin-arm64"] if design == "two-platforms" else ["linux-x64"]
    effect = rng.random() < 0.6           # a true difference in some workloads
    bimodal = design in ("rounds", "rounds-untimed", "two-platforms") and rng.random() < 0.3
    timed = design != "rounds-untimed"
    spec = {"seed": seed, "design": design, "unit": unit, "style": style, "versions": versions,
            "workloads": workloads, "platforms": platforms, "effects": {}, "bimodal": None}

    results = []
    t0 = 1795910400 - 86400 * (120 if design == "history" else 3)
    for pi, plat in enumerate(platforms):
        for w in workloads:
            lo, hi = BASE[unit]
            base = math.exp(rng.uniform(math.log(lo), math.log(hi)))
            # true multipliers of each version's cost (time, size) or rate
            mult = [1.0] * k
            if effect and rng.random() < 0.75:
                step = rng.choice([0.05, 0.1, 0.2, 0.35])
                shape = rng.choice(["newest", "steady", "oldest", "one"])
                for i in range(k):
                    if shape == "newest":
                        mult[i] = 1.0 + (step if i < k - 1 else 0.0)
                    elif shape == "steady":
                        mult[i] = (1.0 + step) ** (k - 1 - i)
                    elif shape == "oldest":
                        mult[i] = 1.0 + (step if i == 0 else 0.0)
                    else:
                        mult[i] = 1.0 + (step if i == k // 2 else 0.0)
            spec["effects"]["%s|%s" % (w, plat)] = mult
            sigma = rng.choice([0.01, 0.03, 0.06])
            spike = rng.choice([0.0, 0.1, 0.3])
            if design in ("history", "unequal"):
                counts = [rng.randrange(5, 12) for _ in range(k)]
                counts[rng.randrange(k)] = rng.randrange(18, 40)
            else:
                n = rng.randrange(5, 13) if design != "sessions" else rng.randrange(8, 16)
                counts = [n] * k
            bad = None
            if bimodal and w == workloads[0] and pi == 0 and counts[0] >= 5:
                bad = (rng.randrange(k), rng.sample(range(counts[0]), max(2, counts[0] // 2)),
                       rng.choice([3.0, 6.0, 13.0]))
                spec["bimodal"] = {"workload": w, "platform": plat, "version": versions[bad[0]],
                                   "rounds": sorted(r + 1 for r in bad[1]), "factor": bad[2]}
            for i, v in enumerate(versions):
                for r in range(counts[i]):
                    machine = math.exp(rng.gauss(0, sigma))
                    if design == "sessions":
                        machine *= 1.0 + 0.3 * math.sin(r)      # the day's machine
                    cost = base * mult[i] if not higher else base / mult[i]
                    passes = []
                    for _ in range(rng.choice([3, 5])):
                        noise = machine * math.exp(rng.gauss(0, sigma / 2))
                        if rng.random() < 0.15:
                            noise *= 1.0 + rng.uniform(0, spike)
                        passes.append(r3(cost * noise if not higher else cost / noise))
                    if bad and bad[0] == i and r in bad[1]:
                        passes = [r3(p * bad[2] if not higher else p / bad[2]) for p in passes]
                    rec = {"workload": w, "version": v, "platform": plat, "round": r + 1, "unit": unit,
                           "passes": passes}
                    if timed:
                        if design == "history":
                            day = (i * 100 // k) + r * (100 // k) / max(counts[i], 1)
                            ts = t0 + int(day * 86400) + rng.randrange(3600)
                        elif design == "sessions":
                            ts = t0 - 86400 * 10 + r * 86400 + i * 40 + pi * 600
                        else:
                            ts = t0 + pi * 3600 + r * 60 * k + ((i + r) % k) * 60
                        rec["timestamp"] = "%04d-%02d-%02dT%02d:%02d:%02dZ" % gmtime(ts)
                    results.append(rec)
    doc = {"format": "noisefloor.rounds/1", "title": "audit dataset %d (%s, %s, %s)" % (seed, design, unit, style),
           "environment": {"os": "linux", "arch": "x64", "cores": 2}, "results": results}
    if style == "semver" and rng.random() < 0.5:
        doc["subject"] = "nodejs"
    return doc, spec


def gmtime(ts):
    import time
    g = time.gmtime(ts)
    return (g.tm_year, g.tm_mon, g.tm_mday, g.tm_hour, g.tm_min, g.tm_sec)


def main():
    out = sys.argv[1]
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 36
    os.makedirs(out, exist_ok=True)
    for seed in range(first, first + count):
        doc, spec = generate(seed)
        with open(os.path.join(out, "%d.json" % seed), "w") as f:
            json.dump(doc, f, indent=None, separators=(",", ":"), ensure_ascii=False)
            f.write("\n")
        with open(os.path.join(out, "%d.spec.json" % seed), "w") as f:
            json.dump(spec, f, ensure_ascii=False)
            f.write("\n")


if __name__ == "__main__":
    main()
