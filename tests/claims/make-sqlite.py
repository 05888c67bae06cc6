# Writes tests/claims/sqlite.ndjson: a synthetic stand-in for the measured
# better-sqlite3 example (20 rounds of 4 versions interleaved; SELECT ops/s
# about twice as high on 24 as on 20, INSERT flat, UPDATE a time per pass
# about 10 % shorter on 24). Deterministic: a fixed seed.
import json, random
random.seed(24)
versions = ["20.19.5", "22.21.1", "24.11.1", "26.12.1"]
work = {
    "SELECT 50 newest (Forward Email)": ("ops/s", "higher", {"20.19.5": 9000, "22.21.1": 8700, "24.11.1": 17600, "26.12.1": 17900}),
    "INSERT 1000 messages": ("ops/s", "higher", {v: 41000 for v in versions}),
    "UPDATE flags": ("ms", "lower", {"20.19.5": 50.0, "22.21.1": 50.5, "24.11.1": 45.0, "26.12.1": 45.2}),
}
print(json.dumps({"format": "noisefloor.rounds/1", "title": "better-sqlite3 on Node.js 20, 22, 24 and 26", "subject": "nodejs",
                  "environment": {"os": "linux", "arch": "x64", "cpu": "Intel(R) Xeon(R) Processor", "cores": 2}}))
for r in range(1, 21):
    order = versions[r % 4:] + versions[:r % 4]
    t = 1764633600 + r * 10
    for v in order:
        for w, (unit, better, level) in work.items():
            x = level[v] * random.uniform(0.93, 1.07)
            print(json.dumps({"workload": w, "version": v, "platform": "linux-x64", "round": r, "unit": unit,
                              "better": better, "value": round(x, 3 if unit == "ms" else 0)}))
