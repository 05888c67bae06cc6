#!/usr/bin/env python3
"""agree.py OUT CHECK_OUT - holds what the documents and check say to the
verdict record in OUT/analysis.json (doc/method.md, "The verdict record").

OUT is a report folder (every format), CHECK_OUT what `noisefloor check`
printed on stdout for the same inputs (its default baseline). Prints one
line per disagreement and exits 1 when there is any, else prints nothing.

What it holds:
  - each comparison's verdict text words the record's size, winner and other
    in the one convention ("40%", from 2x on "2.4x");
  - that text is the one verdicts.csv, blog.md and ci-summary.md give, and
    the terminal's (the report's stdout, OUT.term when present);
  - the regressions blog.md and issue.md count are the comparisons whose
    records hold one, and ci-summary.md lists each of them;
  - every regression line of check quotes its pair's record (winner, size,
    band), and every pair whose record is a confirmed claim of the baseline
    over a newer version has a line.
"""
import json
import os
import re
import sys


def size_word(size):
    if size >= 1:
        f = 1 + size
        return ("%.1f" % f if f < 100 else "%.0f" % f) + "\u00d7"
    return "%d%%" % int(size * 100 + 0.5)


def record_word(c, size):
    """The record's size as the documents word it: sizes that are smaller
    say how much less there is (80 MB against 100 MB is 20% smaller), as
    words_share does; every other size as it is."""
    if c["unit_kind"] == "size" and c["better"] == "lower":
        size = size / (1 + size)
    return size_word(size)


def band_word(band):
    pct = band * 100
    return "\u00b1" + ("%.1f" % pct if pct < 10 else "%.0f" % pct) + "%"


def norm(s):
    return re.sub(r"\s+", " ", s).strip()


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def version_key(v):
    m = re.match(r"v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$", v)
    return tuple(int(x or 0) for x in m.groups()) if m else None


def main():
    out, check_out = sys.argv[1], sys.argv[2]
    a = json.loads(read(os.path.join(out, "analysis.json")))
    bad = []
    csv = norm(read(os.path.join(out, "verdicts.csv")).replace('""', '"'))
    blog = norm(read(os.path.join(out, "blog.md")))
    ci = norm(read(os.path.join(out, "ci-summary.md")))
    issue = norm(read(os.path.join(out, "issue.md")))
    term = norm(read(out + ".term")) if os.path.exists(out + ".term") else None
    checked = read(check_out).splitlines()

    regressed = []
    for c in a["comparisons"]:
        name = "%s (%s)" % (c["workload"], c["platform"])
        r = c["record"]
        text = c["text"]
        if r["verdict"] in ("faster", "not-confirmed") and r["winner"]:
            w = record_word(c, r["size"])
            if r["winner"] not in text or r["other"] not in text or w not in text:
                bad.append("%s: the verdict '%s' does not word the record (%s %s than %s)"
                           % (name, text, r["winner"], w, r["other"]))
        for doc, body in (("verdicts.csv", csv), ("blog.md", blog), ("terminal", term)):
            # no verdict is said once per platform, not per comparison
            if r["verdict"] != "insufficient" and body is not None and norm(text) not in body:
                bad.append("%s: %s does not give the verdict '%s'" % (name, doc, text))
        if any(p["record"]["regression"] for p in c["pairs"]):
            regressed.append(c)
            if "**%s**" % c["workload"] not in ci:
                bad.append("%s: ci-summary.md does not list its regression" % name)

    n = len(regressed)
    for doc, body in (("blog.md", blog), ("issue.md", issue)):
        if a.get("versions_are") != "releases":
            continue
        if n == 0:
            if "othing regressed" not in body:
                bad.append("%s says something regressed; no record does" % doc)
            continue
        said = re.search(r"(\d+) (?:comparisons?|workloads?) regressed", body)
        if not said or int(said.group(1)) != n:
            bad.append("%s counts %s regressions; %d comparisons' records hold one"
                       % (doc, said.group(1) if said else "no", n))

    # check's lines against the pairs' records
    lines = [l for l in checked if l.startswith("regression: ")]
    expected = 0
    for c in a["comparisons"]:
        base = c["baseline"]
        if not base:
            continue
        for p in c["pairs"]:
            r = p["record"]
            if base not in (p["a"], p["b"]) or r["verdict"] != "faster" or r["winner"] != base:
                continue
            other = r["other"]
            kb, ko = version_key(base), version_key(other)
            if not kb or not ko or ko <= kb or r["p_holm"] is None or r["p_holm"] >= 0.05:
                continue
            if a.get("versions_are") != "releases":
                continue
            expected += 1
            head = 'regression: "%s" on %s: %s is newer than the baseline %s' % (
                c["workload"], c["platform"], other, base)
            mine = [l for l in lines if l.startswith(head)]
            if not mine:
                bad.append("check has no line for %s against %s on %s" % (other, base, c["workload"]))
                continue
            l = mine[0]
            for word in (r["winner"] + " ", record_word(c, r["size"]), band_word(r["band"])):
                if word not in l:
                    bad.append("check's line '%s' does not quote the record's %s" % (l, word))
    if len(lines) > expected and a.get("versions_are") == "releases" and not any(
            c.get("release_steps") for c in a["comparisons"]):
        bad.append("check prints %d regression lines; the records confirm %d" % (len(lines), expected))

    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
