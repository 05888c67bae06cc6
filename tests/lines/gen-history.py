#!/usr/bin/env python3
"""gen-history.py DIR: writes a generated exact-release CI history into DIR,
one rounds file per Node.js release per day (fixed seed), as CI histories are
recorded: nine months (2025-11-14 to 2026-08-10), 45 exact releases of the
lines 18, 20, 22, 24 and 26, most of them measured on one day with one or
two rounds, the latest releases of 22 and 24 on several days. Twelve
workloads on linux-x64; darwin-arm64 measured only 18.20.8.

What is planted (and what tests/t-history-lines.sh expects):
  - SELECT workloads run at about 14,000 ops/s on 18 and 20 and about
    31,000 ops/s on 22 and later: the doubling between 20 and 22;
  - "WAL · insert" drops by a quarter between 24.12.1 and 24.13.0, the two
    releases of 24 measured on several days: a step inside a line;
  - day-to-day noise of about 6 % and round-to-round noise of about 3 %."""
import datetime, json, math, os, random, sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
rng = random.Random(25)
start = datetime.date(2025, 11, 14)
days = 270
# nine releases a line, evenly spaced over the nine months
lines = {
    "18": ["18.20.%d" % p for p in range(1, 10)],
    "20": ["20.%d.%d" % (18 + p // 5, p % 5) for p in range(9)],
    "22": ["22.%d.%d" % (13 + p // 3, p % 3) for p in range(9)],
    "24": ["24.%d.%d" % (9 + p // 2, p % 2) for p in range(9)],
    "26": ["26.%d.0" % p for p in range(9)],
}
configs = ["Production", "WAL", "Memory Temp", "Sync OFF"]
ops = ["select", "insert", "update"]
work = [f"{c} · {o}" for c in configs for o in ops]
base = {w: rng.uniform(4e4, 1.2e5) for w in work}
for w in work:
    if w.endswith("select"):
        base[w] = rng.uniform(13500, 14500)


def level(w, line, rel):
    v = base[w]
    if w.endswith("select") and line not in ("18", "20"):
        v *= 31000 / 14000
    if w == "WAL · insert" and rel == "24.13.0":
        v *= 0.75
    return v


def write(name, rows):
    with open(os.path.join(out, name), "w") as f:
        f.write(json.dumps({"format": "noisefloor.rounds/1",
                            "title": "generated exact-release history",
                            "subject": "Node.js"}) + "\n")
        for r in rows:
            f.write(json.dumps(r) + "\n")


nfiles = 0
for line, rels in lines.items():
    first = 150 if line == "26" else 0          # 26 appears in April 2026
    span = days - first
    for i, rel in enumerate(rels):
        day0 = first + i * span // len(rels)
        several = line in ("22", "24") and i >= len(rels) - 2
        mdays = sorted(set([day0] + ([day0 + rng.randrange(1, span // len(rels)) for _ in range(7)]
                                     if several else [])))
        for d in mdays:
            date = start + datetime.timedelta(days=d)
            daily = math.exp(rng.gauss(0, 0.06))
            rows = []
            nrounds = rng.choice((1, 2))
            for k in range(nrounds):
                ts = f"{date.isoformat()}T{6 + k:02d}:{rng.randrange(60):02d}:00Z"
                for w in work:
                    rows.append({"workload": w, "version": rel, "platform": "linux-x64",
                                 "unit": "ops/s", "better": "higher", "timestamp": ts,
                                 "passes": [round(level(w, line, rel) * daily *
                                                  math.exp(rng.gauss(0, 0.03)), 1)]})
            write(f"{date.isoformat()}-v{rel}.ndjson", rows)
            nfiles += 1
# darwin-arm64: one day, 18.20.8 only
rows = [{"workload": w, "version": "18.20.8", "platform": "darwin-arm64", "unit": "ops/s",
         "better": "higher", "timestamp": "2025-11-20T10:00:00Z",
         "passes": [round(base[w] * 1.4, 1)]} for w in work]
write("2025-11-20-darwin-v18.20.8.ndjson", rows)
print(f"{nfiles + 1} files, {sum(len(r) for r in lines.values())} releases", file=sys.stderr)
