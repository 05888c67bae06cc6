#!/usr/bin/env python3
"""tests/audit/check.py ROOT SEED... - every document of each dataset against
its analysis.json.

ROOT/SEED/ holds what tests/t-audit.sh made of dataset SEED: spec.json (what
tests/audit/gen.py generated), out/ (the report: analysis.json, blog.md,
summary.md, issue.md, verdicts.csv, report.xlsx), term.txt (the terminal's
verdict table at 200 columns), alone/*/analysis.json (each workload, and
each platform, reported alone) and lo/*.csv (report.xlsx with its cached
values removed, as LibreOffice computes it; optional).

Prints one line per check, "pass NAME" or "fail NAME", each failure followed
by lines "  seed S (design, unit, style): DOCUMENT: WORKLOAD on PLATFORM:
what: expected ... found ..." (at most MAX_SHOWN per check, then a count).
Exits 0.
"""
import csv
import io
import json
import math
import os
import re
import statistics
import sys
import xml.etree.ElementTree as ET
import zipfile

MAX_SHOWN = 25
SIZE_UNITS = {"B", "bytes", "KB", "KiB", "MB", "MiB", "GB", "GiB", "kB"}
MINUS = "\u2212"


class Audit:
    def __init__(self):
        self.checks = {}          # name -> list of failure lines
        self.counts = {}          # name -> things checked
        self.order = []

    def ok(self, name, n=1):
        if name not in self.checks:
            self.checks[name] = []
            self.counts[name] = 0
            self.order.append(name)
        self.counts[name] += n

    def bad(self, name, line):
        self.ok(name, 0)
        self.checks[name].append(line)

    def report(self):
        for name in self.order:
            fails = self.checks[name]
            if not fails:
                print("pass %s (%d checked)" % (name, self.counts[name]))
                continue
            print("fail %s (%d of %d disagree)" % (name, len(fails), self.counts[name] + len(fails)))
            for line in fails[:MAX_SHOWN]:
                print("  " + line)
            if len(fails) > MAX_SHOWN:
                print("  ... and %d more" % (len(fails) - MAX_SHOWN))


A = Audit()

# ---- the numbers as noisefloor writes them (src/lib/fmt.c) ----------------


def round_half_away(v):
    return int(-math.floor(-v + 0.5)) if v < 0 else int(math.floor(v + 0.5))


def fixed(v, decimals):
    s = "%.*f" % (decimals, v)
    if s.startswith("-") and set(s[1:]) <= set("0."):
        s = s[1:]
    return s


def pct(gap):
    """fmt_percent / the gaps of the documents: "5.7%", "40%" """
    return fixed(gap * 100, 1 if gap * 100 < 10 else 0) + "%"


def band(noise):
    """fmt_spread / put_band: "±8.0%", "±21%" """
    if noise is None:
        return "\u00b1?"
    return "\u00b1" + fixed(noise * 100, 1 if noise * 100 < 10 else 0) + "%"


def pct_signed(r):
    """fmt_percent_signed: "+8.1%", "−25%", "0%" """
    p = r * 100
    if abs(p) < 0.05:
        return "0%"
    return ("+" if p > 0 else MINUS) + fixed(abs(p), 1 if abs(p) < 10 else 0) + "%"


def close(a, b, rel=1e-9):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= rel * max(abs(a), abs(b)) + 1e-12


# ---- recomputed from the round values ------------------------------------


class Comparison:
    """One comparison of analysis.json with what the auditor recomputes from
    its round values alone."""

    def __init__(self, c):
        self.c = c
        self.w, self.p = c["workload"], c["platform"]
        self.key = "%s on %s" % (self.w, self.p)
        self.higher = c["better"] == "higher"
        self.design = c["design"]
        self.names = [v["version"] for v in c["versions"]]
        self.values = {}
        self.by_round = {}
        self.best, self.median, self.spread = {}, {}, {}
        for v in c["versions"]:
            vals = [r["value"] for r in v["round_values"]]
            name = v["version"]
            self.values[name] = vals
            self.by_round[name] = {r["round"]: r["value"] for r in v["round_values"]}
            self.best[name] = (max(vals) if self.higher else min(vals)) if vals else None
            self.median[name] = statistics.median(vals) if vals else None
            self.spread[name] = (max(vals) - min(vals)) / (2 * self.median[name]) if len(vals) > 1 else None
        self.pairs = {}
        for p in c.get("pairs", []):
            self.pairs[(p["a"], p["b"])] = p
            self.pairs[(p["b"], p["a"])] = p

    def level(self, v):
        return self.best[v] if self.design == "rounds" else self.median[v]

    def shared_rounds(self, x, y):
        return sorted(set(self.by_round[x]) & set(self.by_round[y]))

    def size(self, x, y, paired=False):
        """(winner, size) of versions x and y by the design's statistic,
        as better_by() in analysis/evidence.c: bigger / smaller - 1; paired
        (sessions, or a paired claim of the rounds design): the median
        per-round ratio"""
        if self.design == "sessions" or paired:
            a, b = (x, y) if self.names.index(x) < self.names.index(y) else (y, x)
            rounds = sorted(set(self.by_round[a]) & set(self.by_round[b]))
            d = [math.log(self.by_round[b][r] / self.by_round[a][r]) for r in rounds]
            ratio = math.exp(statistics.median(d))
            lx, ly = (1.0, ratio) if a == x else (ratio, 1.0)
        else:
            lx, ly = self.level(x), self.level(y)
        if lx == ly:
            return None, 0.0
        big, small = max(lx, ly), min(lx, ly)
        xwins = (lx > ly) == self.higher
        return (x if xwins else y), big / small - 1

    def noise_of(self, x, y):
        p = self.pairs.get((x, y))
        if self.design == "rounds":
            # doc/method.md, "An anomaly is a verdict": with two versions or more
            # left, the others share their own largest spread; a pair with
            # the flagged version keeps its spread
            flagged = {v["version"] for v in self.c["versions"] if v.get("bimodal")}
            clean = [n for n in self.names if n not in flagged]
            if flagged and len(clean) >= 2:
                spreads = [self.spread[n] for n in clean if self.spread[n] is not None]
                noise = max(spreads) if spreads else 0
                if x in flagged or y in flagged:
                    noise = max([noise] + [self.spread[n] for n in (x, y) if self.spread[n] is not None])
                return noise
            spreads = [s for s in self.spread.values() if s is not None]
            return max(spreads) if spreads else None
        return p["noise"] if p else None


def where(spec, doc, cmp_key, what):
    return "seed %d (%s, %s, %s): %s: %s: %s" % (spec["seed"], spec["design"], spec["unit"], spec["style"],
                                                doc, cmp_key, what)


def exp_found(expected, found):
    return "expected %r, found %r" % (expected, found)


# ---- the analysis' own sentences -----------------------------------------


def version_alt(names):
    return "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))


def check_sentence(spec, doc, cmp, text, name="every percentage and name of a verdict sentence is recomputable from analysis.json"):
    """The claim, not-confirmed and within-noise sentences of one comparison:
    the winner, the percentage, the noise band, the rounds needed."""
    V = version_alt(cmp.names)
    checked = 0
    claim = re.compile(r"(?:^|: )(?P<w>%s) (?P<verb>is|does|uses|has) (?P<n>\d+(?:\.\d+)?)%% (?P<how>[^()]*?)than "
                       r"(?P<o>%s)(?: \((?P<stat>[^)]*)\))?" % (V, V))
    for m in claim.finditer(text):
        checked += 1
        w, o, n = m.group("w"), m.group("o"), m.group("n")
        stat = m.group("stat") or ""
        # the rounds design's second way to a claim: "(median of 20
        # per-round ratios; in 18 of 20 rounds; paired)"
        paired = cmp.design == "rounds" and stat.startswith("median of ") and stat.endswith("; paired")
        winner, size = cmp.size(w, o, paired)
        if paired:
            checked += 1
            rounds = cmp.shared_rounds(w, o)
            d = [math.log(cmp.by_round[w][r] / cmp.by_round[o][r]) for r in rounds]
            # w better: its times lower, its rates higher
            agree = sum(1 for x in d if x != 0 and (x > 0) == cmp.higher)
            want = "median of %d per-round ratios; %s; paired" % (
                len(rounds), "in every round" if agree == len(rounds) else "in %d of %d rounds" % (agree, len(rounds)))
            if stat != want:
                A.bad(name, where(spec, doc, cmp.key, "%r: the paired statistic: %s" % (m.group(0), exp_found(want, stat))))
        if winner != w:
            A.bad(name, where(spec, doc, cmp.key, "%r names %s the better of %s and %s, the rounds say %s"
                              % (m.group(0), w, w, o, winner)))
            continue
        # a size is said as how much less there is: "20% smaller" is
        # 1 - smaller / larger, while the rule's gap is larger / smaller - 1
        quoted = 1 - 1 / (1 + size) if cmp.c["unit"] in SIZE_UNITS else size
        want = str(round_half_away(quoted * 100))
        if n != want:
            A.bad(name, where(spec, doc, cmp.key, "%r: %s by the %s: %s"
                              % (m.group(0), "size", cmp.design, exp_found(want + "%", n + "%"))))
        want_stat = "median of " if paired else {"rounds": "best rounds", "unequal": "medians", "history": "medians of a history",
                     "sessions": "median of "}[cmp.design]
        if not stat.startswith(want_stat):
            A.bad(name, where(spec, doc, cmp.key, "%r: the statistic named: %s"
                              % (m.group(0), exp_found(want_stat, stat))))
        if cmp.c["unit"] in SIZE_UNITS and re.search(r"faster|slower", m.group("how")):
            A.bad("a size unit is never faster or slower", where(
                spec, doc, cmp.key, "%r is a claim on a %s metric" % (m.group(0), cmp.c["unit"])))
        else:
            A.ok("a size unit is never faster or slower")
        if cmp.higher and m.group("how").strip() != "more %s" % cmp.c["unit"] and cmp.c["unit"] not in SIZE_UNITS:
            A.bad(name, where(spec, doc, cmp.key, "%r: a rate's claim: %s"
                              % (m.group(0), exp_found("does N% more " + cmp.c["unit"], m.group("verb") + " N% " + m.group("how")))))
    for m in re.finditer(r"(?P<w>%s) faster by (?P<n>\d+)%%" % V, text):
        checked += 1
        worst = cmp.c["worst_version"]
        winner, size = cmp.size(m.group("w"), worst)
        if winner != m.group("w") or str(round_half_away(size * 100)) != m.group("n"):
            A.bad(name, where(spec, doc, cmp.key, "%r: %s" % (m.group(0), exp_found(
                "%s faster by %d%%" % (winner, round_half_away(size * 100)), m.group(0)))))
    m = re.search(r"within noise \((?P<b>\u00b1[^)]*)\), yet the rank test finds (?P<w>%s) steadily "
                  r"(?P<how>\w+) than (?P<o>%s)" % (V, V), text)
    if m:
        checked += 1
        want = band(cmp.noise_of(m.group("w"), m.group("o")))
        if m.group("b") != want:
            A.bad(name, where(spec, doc, cmp.key, "%r: the noise band: %s" % (m.group(0), exp_found(want, m.group("b")))))
        if cmp.c["unit"] in SIZE_UNITS and m.group("how") in ("faster", "slower"):
            A.bad("a size unit is never faster or slower", where(
                spec, doc, cmp.key, "%r is said of a %s metric" % (m.group(0), cmp.c["unit"])))
    m = re.search(r"about (\d+) rounds per version would settle it", text)
    if m:
        checked += 1
        p = cmp.pairs.get((cmp.c["best_version"], cmp.c["worst_version"]))
        if not p or str(p.get("rounds_needed")) != m.group(1):
            A.bad(name, where(spec, doc, cmp.key, "rounds needed: %s" % exp_found(
                p and p.get("rounds_needed"), int(m.group(1)))))
    A.ok(name, checked)


def check_analysis(spec, comps):
    name = "analysis.json: bests, medians and spreads are those of its round values"
    for cmp in comps:
        for v in cmp.c["versions"]:
            n = v["version"]
            for what, mine in (("best", cmp.best[n]), ("median", cmp.median[n]), ("spread", cmp.spread[n])):
                if not close(v.get(what), mine):
                    A.bad(name, where(spec, "analysis.json", cmp.key, "%s of %s: %s" % (what, n, exp_found(mine, v.get(what)))))
                else:
                    A.ok(name)
    name = "analysis.json: a faster verdict names its claim's versions"
    for cmp in comps:
        c = cmp.c
        if c["verdict"] != "faster":
            continue
        # slow rounds of the machine close the verdict
        t = re.sub(r"; rounds? [0-9, and]+: every version about [0-9.]+\u00d7 slower \(the machine\)$", "", c["text"])
        # an anomaly opens the verdict; the claim follows "among the others"
        if c.get("anomaly") or " (anomaly)" in t:
            t = t.split("; among the others, ", 1)[-1].split("; ")[-1]
        if not t.startswith(c["best_version"] + " ") or (" " + c["worst_version"] + " ") not in (t + " "):
            A.bad(name, where(spec, "analysis.json", cmp.key, "best_version %r, worst_version %r, text %r"
                              % (c["best_version"], c["worst_version"], t)))
        else:
            A.ok(name)
        claims = {p["claim"] for p in c["pairs"] if p["claim"]}
        if c["best_version"] not in claims and "too few rounds" not in t:
            A.bad(name, where(spec, "analysis.json", cmp.key, "%s is named faster but is no pair's claim" % c["best_version"]))
    for cmp in comps:
        check_sentence(spec, "analysis.json text", cmp, cmp.c["text"])
    name = "analysis.json: every pair's ratio lies inside its ci"
    for cmp in comps:
        for p in cmp.c["pairs"]:
            lo, hi = p["ci"]
            if lo is not None and hi is not None and not (lo <= p["ratio"] <= hi):
                A.bad(name, where(spec, "analysis.json", cmp.key, "%s \u2192 %s: ratio %.4g outside %.4g\u2013%.4g"
                                  % (p["a"], p["b"], p["ratio"], lo, hi)))
            else:
                A.ok(name)


# ---- reading the documents -----------------------------------------------


def md_rows(text):
    """Every Markdown table row of text as (platform heading above it, the
    table's header cells, the row's cells)."""
    platform, header = None, None
    for line in text.splitlines():
        m = re.match(r"^\*\*([^*]+)\*\*:?$", line.strip())
        if m:
            platform = m.group(1)
            continue
        if line.startswith("#"):
            platform = None
        if not line.startswith("|"):
            header = None
            continue
        cells = [x.strip() for x in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            continue
        if all(re.match(r"^:?-+:?$", x) for x in cells):
            continue
        yield platform, header, cells


def section(text, start, stop=None):
    i = text.find(start)
    if i < 0:
        return ""
    j = text.find(stop, i + len(start)) if stop else -1
    return text[i:j] if j >= 0 else text[i:]


def verdict_rows(text, comps, with_unit):
    """The rows of the verdict tables of a Markdown document, matched to the
    comparisons: by platform heading when there is one, else in order among
    the rows of the same workload. Returns {key: (header, cells)}."""
    found = {}
    seen = {}
    for platform, header, cells in md_rows(text):
        if not header or header[-1] != "Verdict" or not header[0].startswith("Workload"):
            continue
        # a footnote mark after the name ("Render a page ¹ (ops/s)")
        first = re.sub(r" [\u00b9\u00b2\u00b3\u2070-\u2079]+(?= |$)", "", cells[0])
        for cmp in comps:
            label = "%s (%s)" % (cmp.w, cmp.c["unit"]) if with_unit else cmp.w
            if first != label and not first.startswith(label + " "):
                continue
            if platform is not None and platform != cmp.p:
                continue
            if platform is None:
                k = seen.get(cmp.w, 0)
                same = [x for x in comps if x.w == cmp.w]
                if same[k if k < len(same) else -1] is not cmp:
                    continue
                seen[cmp.w] = k + 1
            found[cmp.key] = (header, cells)
            break
    return found


def check_md_verdicts(spec, doc, text, comps, with_unit, name):
    rows = verdict_rows(text, comps, with_unit)
    for cmp in comps:
        got = rows.get(cmp.key)
        if got is None:
            A.bad(name, where(spec, doc, cmp.key, "no verdict row"))
            continue
        found = got[1][-1].replace("\\|", "|")
        if found != cmp.c["text"]:
            A.bad(name, where(spec, doc, cmp.key, exp_found(cmp.c["text"], found)))
        else:
            A.ok(name)
    return rows


def num_of(cell):
    """The number and the band of a table cell ("**51,436 ±13%**" -> (51436.0, 13.0)), or None"""
    m = re.match(r"^\**([-\d.,]+(?:e[-+]?\d+)?)\s*(?:\u00b1([\d.]+)%)?\**$", cell.strip())
    if not m:
        return None
    try:
        return float(m.group(1).replace(",", "")), (float(m.group(2)) if m.group(2) else None)
    except ValueError:
        return None


def shown_close(shown, v):
    """a value as a document rounds it: three significant digits at least"""
    return v is not None and abs(shown - v) <= max(abs(v) * 0.006, 0.0051)


def compared_of(cmp):
    """{version: (level, band in %)} of a comparison, as analysis.json gives them"""
    return {v["version"]: (v["level"], None if v["band"] is None else v["band"] * 100) for v in cmp.c["versions"]}


def check_compared_md(spec, doc, rows, comps):
    """every number of a verdict table is the value its verdict compared, with the
    band it used, under a header that names the statistic"""
    name = "%s: each table's numbers are the values its verdict compared, with its band, and the header says which" % doc
    for cmp in comps:
        got = rows.get(cmp.key)
        if got is None:
            continue
        header, cells = got
        want = compared_of(cmp)
        stat = cmp.c["compared"]["level"]
        probs = []
        if (stat + " of ") not in header[0]:
            probs.append("header %r does not say %s" % (header[0], stat))
        for i in range(1, len(cells) - 1):
            if header[i] not in want:
                continue
            n = num_of(cells[i])
            lv, bd = want[header[i]]
            if n is None or not shown_close(n[0], lv) or (bd is not None and n[1] is not None and abs(n[1] - bd) > 0.51):
                probs.append("%s: %s" % (header[i], exp_found("%s \u00b1%s%%" % (lv, bd), cells[i])))
        if probs:
            A.bad(name, where(spec, doc, cmp.key, "; ".join(probs)))
        else:
            A.ok(name)


def check_compared_terminal(spec, text, comps):
    """the terminal's cells: each is the compared value of one of the row's versions"""
    name = "terminal: each cell is a value its verdict compared, and the table says which statistic"
    if any(c.c["verdict"] != "insufficient" or len(c.names) > 1 for c in comps):
        stats = {c.c["compared"]["level"] for c in comps if len(c.names) > 1}
        heads = [l for l in text.splitlines() if l.startswith("each cell: ")]
        if not heads or not all(any(s + " of " in h for h in heads) for s in stats):
            A.bad(name, where(spec, "terminal", "-", "header lines %r for %s" % (heads, sorted(stats))))
    at = None
    for line in text.splitlines():
        if line.startswith("workload (") or line.startswith("workload "):
            at = line.find("verdict")
            continue
        if not line.strip():
            at = None
            continue
        if at is None or at < 0 or not line[:at].strip():
            continue
        parts = re.split(r"\s{2,}", line[:at].strip())
        cmp = next((c for c in comps if c.w == parts[0]), None)
        if cmp is None:
            continue
        levels = list(compared_of(cmp).values()) + [
            compared_of(c).get(v, (None, None)) for c in comps if c.w == cmp.w for v in c.names]
        for cell in parts[1:]:
            n = num_of(cell)
            if n is None:
                continue
            if not any(shown_close(n[0], lv) for lv, _ in levels):
                A.bad(name, where(spec, "terminal", cmp.key, "cell %r is no version's %s (%s)"
                                  % (cell, cmp.c["compared"]["level"], [lv for lv, _ in levels])))
                break
        else:
            A.ok(name)


def check_bold(spec, doc, rows, comps):
    name = "blog.md: bold marks the version the verdict names faster, and nothing without a claim"
    for cmp in comps:
        got = rows.get(cmp.key)
        if got is None:
            continue
        header, cells = got
        bold = [header[i] for i in range(1, len(cells) - 1) if "**" in cells[i]]
        # doc/outputs.md, "Every output": the version a faster verdict names, unless another
        # version of the row is better than it by the best round or by the
        # verdict's statistic; else nothing
        want = []
        if cmp.c["verdict"] == "faster":
            w = cmp.c["best_version"]
            beaten = False
            for v in cmp.names:
                if v == w or cmp.best.get(v) is None:
                    continue
                for stat in (cmp.best, cmp.median if cmp.design != "rounds" else cmp.best):
                    if stat.get(v) is None or stat.get(w) is None:
                        continue
                    if (stat[v] > stat[w]) if cmp.higher else (stat[v] < stat[w]):
                        beaten = True
            if not beaten:
                want = [w]
        if bold != want:
            A.bad(name, where(spec, doc, cmp.key, "verdict %r: bold %s" % (cmp.c["text"], exp_found(want, bold))))
        else:
            A.ok(name)


def parse_terminal(text, comps):
    """The terminal's verdict table: {key: verdict}, wrapped lines joined."""
    out = {}
    platform = None
    at = None
    rows = []
    plats = {c.p for c in comps}
    for line in text.splitlines():
        if line.strip() in plats and not line.startswith(" "):
            platform = line.strip()
            at = None
            continue
        if line.startswith("workload (") or line.startswith("workload "):
            at = line.find("verdict")
            continue
        if at is not None and at < 0 and line.strip():
            # a table too narrow for its verdicts: each row's verdict on
            # the indented lines under it
            if line.startswith("  ") and rows:
                rows[-1][2] = (rows[-1][2] + " " + line.strip()).strip()
            elif not line.startswith(" "):
                rows.append([platform, line, ""])
            continue
        if at is None or at < 0 or not line.strip():
            at = None if not line.strip() else at
            continue
        if line[:at].strip() == "" and rows:
            rows[-1][2] += " " + line.strip()
            continue
        rows.append([platform, line[:at], line[at:].strip()])
    for platform, head, verdict in rows:
        wl = re.split(r"\s{2,}", head.strip())[0]
        for cmp in comps:
            if cmp.w == wl and (platform is None or platform == cmp.p) and cmp.key not in out:
                out[cmp.key] = verdict
                break
    return out


def xlsx_sheet(path, sheet="xl/worksheets/sheet1.xml"):
    """{(row, col letters): cached value text} of one sheet"""
    ns = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}
    with zipfile.ZipFile(path) as z:
        strings = []
        if "xl/sharedStrings.xml" in z.namelist():
            for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", ns):
                strings.append("".join(t.text or "" for t in si.iter("{%s}t" % ns["m"])))
        root = ET.fromstring(z.read(sheet))
    cells = {}
    for c in root.iter("{%s}c" % ns["m"]):
        ref = c.get("r")
        col, row = re.match(r"([A-Z]+)(\d+)", ref).groups()
        v = c.find("m:v", ns)
        t = c.get("t")
        if t == "s" and v is not None:
            val = strings[int(v.text)]
        elif t == "inlineStr":
            val = "".join(x.text or "" for x in c.iter("{%s}t" % ns["m"]))
        else:
            val = v.text if v is not None else None
        cells[(int(row), col)] = val
    return cells


def summary_table(cells):
    """The Summary sheet's verdict table: list of {header: value}"""
    rows = sorted({r for r, _ in cells})
    cols = lambda r: sorted((c for (rr, c) in cells if rr == r), key=lambda c: (len(c), c))
    for r in rows:
        if cells.get((r, "A")) == "Workload" and cells.get((r, "B")) == "Platform":
            head = {c: cells[(r, c)] for c in cols(r)}
            out = []
            rr = r + 1
            while cells.get((rr, "A")):
                out.append({head[c]: cells.get((rr, c)) for c in head})
                rr += 1
            return out
    return []


def lo_table(path):
    """LibreOffice's CSV of a sheet (tab-separated, raw values): rows of cells"""
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.reader(f, delimiter="\t"))


def lo_num(s):
    if s is None or s == "":
        return None
    s = s.strip()
    if s.endswith("%"):
        return float(s[:-1]) / 100
    try:
        return float(s)
    except ValueError:
        return s


# ---- one dataset ---------------------------------------------------------


def audit(root, seed):
    d = os.path.join(root, str(seed))
    spec = json.load(open(os.path.join(d, "spec.json")))
    out = os.path.join(d, "out")
    an = json.load(open(os.path.join(out, "analysis.json")))
    comps = [Comparison(c) for c in an["comparisons"]]
    check_analysis(spec, comps)

    check_anomalies(spec, comps)
    name = "analysis.json: each version's level is the statistic its comparison's design compares"
    for cmp in comps:
        lv = cmp.c["compared"]["level"]
        want = "best" if cmp.design == "rounds" else "median"
        bad = [n for n in cmp.names if cmp.level(n) is not None
               and not close(dict(zip(cmp.names, (v["level"] for v in cmp.c["versions"])))[n], cmp.level(n))]
        if lv != want or bad:
            A.bad(name, where(spec, "analysis.json", cmp.key, "compared %s, levels of %s" % (exp_found(want, lv), bad)))
        else:
            A.ok(name)
    name = "each dataset is read as the design it was generated in"
    want = {"rounds-untimed": "rounds", "two-platforms": "rounds"}.get(spec["design"], spec["design"])
    for cmp in comps:
        if cmp.design != want:
            A.bad(name, where(spec, "analysis.json", cmp.key, "design " + exp_found(want, cmp.design)))
        else:
            A.ok(name)

    # the terminal
    name = "terminal: every comparison's verdict is analysis.json's text"
    term = parse_terminal(open(os.path.join(d, "term.txt"), encoding="utf-8").read(), comps)
    for cmp in comps:
        got = term.get(cmp.key)
        if got != cmp.c["text"]:
            A.bad(name, where(spec, "terminal", cmp.key, exp_found(cmp.c["text"], got)))
        else:
            A.ok(name)
    check_compared_terminal(spec, open(os.path.join(d, "term.txt"), encoding="utf-8").read(), comps)

    # blog.md: the verdict table, its bold, the change table, the borderline cases
    blog = open(os.path.join(out, "blog.md"), encoding="utf-8").read()
    rows = check_md_verdicts(spec, "blog.md", section(blog, "## What was measured", "\n## "), comps, True,
                             "blog.md: every comparison's verdict is analysis.json's text")
    check_bold(spec, "blog.md", rows, comps)
    check_compared_md(spec, "blog.md", rows, comps)
    check_change_table(spec, blog, comps)
    check_borderline(spec, blog, comps)
    check_blog_answer(spec, blog, an)

    # summary.md
    summ = open(os.path.join(out, "summary.md"), encoding="utf-8").read()
    check_plain_verdicts(spec, section(summ, "## Workload by workload", "\n## "), comps)

    # issue.md: the evidence table, the not-filed list, the pairs' bold
    issue = open(os.path.join(out, "issue.md"), encoding="utf-8").read()
    if "### Additional information" in issue:
        irows = check_md_verdicts(spec, "issue.md", section(issue, "### Additional information", "</details>"), comps,
                                  True, "issue.md: every comparison's verdict is analysis.json's text")
        check_compared_md(spec, "issue.md", irows, comps)
        check_issue(spec, issue, comps)
    else:
        name = "issue.md: with nothing to file, three lines that say so"
        lines = [l for l in issue.splitlines() if l.strip()]
        if len(lines) != 3 or not lines[0].startswith("**Nothing to file.**"):
            A.bad(name, where(spec, "issue.md", "-", "%d lines: %r" % (len(lines), issue[:160])))
        else:
            A.ok(name)

    # headline counts and counts in number
    check_counts(spec, {"blog.md": blog, "summary.md": summ, "issue.md": issue,
                        "terminal": open(os.path.join(d, "term.txt"), encoding="utf-8").read()}, an)

    # release advice only for releases
    name = "only Node.js releases get Node.js advice (labels and commands are variants)"
    if spec["style"] in ("labels", "commands"):
        docs = {"blog.md": blog, "summary.md": summ, "issue.md": issue,
                "terminal": open(os.path.join(d, "term.txt"), encoding="utf-8").read()}
        for doc, text in docs.items():
            # the recommendation, support windows, end-of-life warnings, and
            # "the oldest version" of labels that have no age
            hits = [l for l in text.splitlines()
                    if re.search(r"Node\.js v\d|end-of-life|Active LTS|Maintenance LTS|\boldest\b", l)]
            if hits:
                A.bad(name, where(spec, doc, "-", "versions %s: %r" % (", ".join(spec["versions"]), hits[0][:160])))
            else:
                A.ok(name)
        if an.get("recommendation"):
            A.bad(name, where(spec, "analysis.json", "-", "recommendation %r" % an["recommendation"].get("text")))

    # verdicts.csv
    name = "verdicts.csv: every comparison's verdict, compared values and bands are analysis.json's"
    with open(os.path.join(out, "verdicts.csv"), encoding="utf-8", newline="") as f:
        vrows = list(csv.DictReader(f))
    for cmp in comps:
        row = [r for r in vrows if r["workload"].lstrip("'") == cmp.w and r["platform"] == cmp.p]
        if len(row) != 1:
            A.bad(name, where(spec, "verdicts.csv", cmp.key, "%d rows" % len(row)))
            continue
        row = row[0]
        if row["verdict"] != cmp.c["text"]:
            A.bad(name, where(spec, "verdicts.csv", cmp.key, exp_found(cmp.c["text"], row["verdict"])))
        else:
            A.ok(name)
        if row.get("compared") != cmp.c["compared"]["text"]:
            A.bad(name, where(spec, "verdicts.csv", cmp.key, "compared " + exp_found(cmp.c["compared"]["text"], row.get("compared"))))
        for v in cmp.c["versions"]:
            b, s = row.get(v["version"] + " value"), row.get(v["version"] + " band")
            if b is None or not close(float(b), v["level"]) or (v["band"] is not None and not close(float(s), v["band"])):
                A.bad(name, where(spec, "verdicts.csv", cmp.key, "%s value, band: %s"
                                  % (v["version"], exp_found((v["level"], v["band"]), (b, s)))))

    # report.xlsx as written (cached values)
    check_workbook(spec, os.path.join(out, "report.xlsx"), comps)
    # report.xlsx as LibreOffice computes it without the cached values
    lo = os.path.join(d, "lo")
    if os.path.isdir(lo):
        check_recalculated(spec, lo, comps)

    # invariance: each workload alone, each platform alone
    check_alone(spec, d, an)


def check_anomalies(spec, comps):
    name = "a version whose rounds fall into two clusters is named in its comparison's verdict"
    for cmp in comps:
        for v in cmp.c["versions"]:
            if not v.get("bimodal"):
                continue
            t = cmp.c["text"]
            if v["version"] not in t or not re.search(r"anomal|two clusters", t):
                A.bad(name, where(spec, "analysis.json text", cmp.key, "%s is bimodal (%.0f%% of its rounds %.1f\u00d7 slower), "
                                  "the verdict says %r" % (v["version"], 100 * (v.get("slow_share") or 0),
                                                           v.get("slow_factor") or 0, t)))
            else:
                A.ok(name)
    name = "the generated anomaly is flagged on its version, and only there"
    b = spec.get("bimodal")
    for cmp in comps:
        flagged = [v["version"] for v in cmp.c["versions"] if v.get("bimodal")]
        want = [b["version"]] if b and b["workload"] == cmp.w and b["platform"] == cmp.p else []
        if flagged != want:
            what = "generated: %s" % ("%s with rounds %s %g\u00d7 slower" % (b["version"], b["rounds"], b["factor"]) if want else "none")
            A.bad(name, where(spec, "analysis.json", cmp.key, "%s; flagged bimodal: %s" % (what, flagged or "none")))
        else:
            A.ok(name)


def record_size_word(c, size, winner):
    """The verdicts' size of a record: "40%", from 2x on "2.4×"; a size
    that is smaller says how much less there is (words_share)."""
    if c["unit_kind"] == "size" and (c["better"] == "higher") != winner:
        size = size / (1 + size)
    if size >= 1:
        f = 1 + size
        return ("%.1f" % f if f < 100 else "%.0f" % f) + "\u00d7"
    return "%d%%" % int(size * 100 + 0.5)


def diff_words(c):
    if c["unit_kind"] != "size":
        return ("faster", "slower")
    if any(w in c["workload"].lower() for w in ("memory", "rss", "heap", "resident")):
        return ("more memory", "less memory") if c["better"] == "higher" else ("less memory", "more memory")
    return ("larger", "smaller") if c["better"] == "higher" else ("smaller", "larger")


def record_against_baseline(c, p, version):
    """A change-table cell: the pair's verdict record from version's side
    (verdict_words.c, words_against_baseline)."""
    r = p["record"] if p else None
    if not r or r["winner"] is None:
        return None
    better = r["winner"] == version
    if r["size"] < 0.005:
        return "the same"
    cell = "%s %s" % (record_size_word(c, r["size"], better), diff_words(c)[0 if better else 1])
    if r["verdict"] == "not-confirmed":
        cell += " (not confirmed)"
    elif r["verdict"] == "within-noise":
        cell += " (within noise)"
    return cell


def check_change_table(spec, blog, comps):
    name = "blog.md: the change against the baseline is analysis.json's, marked by its pair's keys"
    sec = section(blog, "Each version against the baseline", "\n## ")
    by_plat = {}
    for platform, header, cells in md_rows(sec):
        if header[0] != "Workload":
            continue
        for cmp in comps:
            if re.sub(r" [\u00b9\u00b2\u00b3\u2070-\u2079]+$", "", cells[0]) == cmp.w and (platform is None or platform == cmp.p) and cmp.key not in by_plat:
                by_plat[cmp.key] = (header, cells)
                break
    for cmp in comps:
        if cmp.c["verdict"] == "insufficient":
            continue
        got = by_plat.get(cmp.key)
        if got is None:
            A.bad(name, where(spec, "blog.md", cmp.key, "no row in the change table"))
            continue
        header, cells = got
        base = cmp.c["baseline"]
        for v in cmp.c["versions"]:
            if v["version"] not in header:
                continue
            cell = cells[header.index(v["version"])]
            if v["version"] == base:
                continue
            p = cmp.pairs.get((base, v["version"]))
            want = record_against_baseline(cmp.c, p, v["version"])
            # the change is of the best round: recompute it
            mine = cmp.best[v["version"]] / cmp.best[base] - 1
            if not close(mine, v["change"]):
                A.bad(name, where(spec, "analysis.json", cmp.key, "change of %s: %s" % (v["version"], exp_found(mine, v["change"]))))
            if want is not None and cell != want:
                A.bad(name, where(spec, "blog.md change table", cmp.key, "%s: %s" % (v["version"], exp_found(want, cell))))
            else:
                A.ok(name)
            # a claim the change table shows must point the way the claim does
            if p and p["claim"]:
                claim_better = p["claim"] == v["version"]
                if (diff_words(cmp.c)[0] in cell) != claim_better:
                    A.bad(name, where(spec, "blog.md change table", cmp.key,
                                      "%s %r against the baseline, while the claim of the pair is %s"
                                      % (v["version"], cell, p["claim"])))


def check_borderline(spec, blog, comps):
    name = "blog.md: the borderline cases' percentages are analysis.json's"
    inside = "every printed estimate lies inside the interval printed beside it"
    sec = section(blog, "## Borderline cases", "\n## ")
    for line in sec.splitlines():
        m = re.match(r"^- \*\*(.+?)\*\*(?: \(([^)]*)\))?: (.*)$", line)
        if not m:
            continue
        cands = [c for c in comps if c.w == m.group(1) and (m.group(2) is None or m.group(2) == c.p)]
        if len(cands) != 1:
            # two platforms, no platform named: try each
            pass
        rest = m.group(3)
        ok_any, problems = False, []
        for cmp in cands:
            V = version_alt(cmp.names)
            mm = re.match(r"(%s) and (%s) are (?:(\S+) apart, beyond|within) the noise of (\S+?)," % (V, V), rest)
            if not mm:
                problems.append("unread: %r" % rest[:80])
                continue
            a, b, apart, noise = mm.groups()
            p = cmp.pairs.get((a, b))
            mine = []
            want_noise = band(cmp.noise_of(a, b))
            if noise != want_noise:
                mine.append("noise " + exp_found(want_noise, noise))
            if apart is not None:
                _, size = cmp.size(a, b)
                if apart != pct(size):
                    mine.append("apart " + exp_found(pct(size), apart))
            mv = re.search(r"(?:the median moved|a typical round differs) by (\S+) \(95% interval (\S+) to (\S+)\)", rest)
            if mv and p:
                want = (pct_signed(p["ratio"] - 1), pct_signed(p["ci"][0] - 1), pct_signed(p["ci"][1] - 1))
                if mv.groups() != want:
                    mine.append("moved/interval " + exp_found(want, mv.groups()))
            if not mv and "interval" in rest:
                mine.append("an interval the auditor cannot read")
            if mv:
                num = lambda s: float(s.replace(MINUS, "-").rstrip("%"))
                s_, l_, h_ = (num(x) for x in mv.groups())
                if not (l_ <= s_ <= h_):
                    A.bad(inside, where(spec, "blog.md borderline", cmp.key, "%r" % mv.group(0)))
                else:
                    A.ok(inside)
            if not mine:
                ok_any = True
                break
            problems.append("; ".join(mine))
        if ok_any:
            A.ok(name)
        else:
            A.bad(name, where(spec, "blog.md borderline", m.group(1), " | ".join(problems) + " in %r" % line[:160]))


def check_plain_verdicts(spec, text, comps):
    """summary.md's plain words say each comparison's verdict: the record's
    two versions for a claim, "no difference we can measure" within noise,
    "undecided" when not confirmed"""
    name = "summary.md: every comparison's plain verdict says analysis.json's verdict and record"
    for cmp in comps:
        v = cmp.c["verdict"]
        if v == "insufficient":
            continue
        row = [l for l in text.splitlines() if l.startswith("| %s |" % cmp.w.replace("|", "\\|"))
               and (l.count(" | ") < 2 or cmp.p in l)]
        if not row:
            A.bad(name, where(spec, "summary.md", cmp.key, "no row"))
            continue
        plain = row[0].rstrip(" |").split(" | ")[-1]
        r = cmp.c["record"]
        if v == "faster":
            good = r["winner"] in plain and r["other"] in plain and " by " in plain
        elif v == "within-noise":
            good = plain.startswith("no difference we can measure")
        else:
            good = plain.startswith("undecided: more rounds needed")
        if good:
            A.ok(name)
        else:
            A.bad(name, where(spec, "summary.md", cmp.key, "%s: %r" % (v, plain)))


def check_issue(spec, issue, comps):
    name = "issue.md: the not-filed list gives analysis.json's verdict, gap and noise"
    for line in section(issue, "Not filed", "###").splitlines():
        # "verdict (gap G, noise ±N)" before any slow rounds of the
        # machine ("; rounds 3 and 8: ..."); a verdict that quotes its band
        # itself stands alone
        m = re.match(r"^- (.+?) \(([^)]*)\): (.*?) \(gap (\S+), noise (\S+)\)((?:; rounds? \d.*)?)$", line)
        if not m:
            m = re.match(r"^- (.+?) \(([^)]*)\): (.*)$", line)
            if not m:
                continue
            cands = [c for c in comps if c.w == m.group(1) and c.p == m.group(2)]
            if len(cands) == 1 and cands[0].c["text"] != m.group(3):
                A.bad(name, where(spec, "issue.md not filed", cands[0].key, exp_found(cands[0].c["text"], m.group(3))))
            elif len(cands) == 1:
                A.ok(name)
            continue
        cands = [c for c in comps if c.w == m.group(1) and c.p == m.group(2)]
        if len(cands) != 1:
            A.bad(name, where(spec, "issue.md", m.group(1), "names no comparison: %r" % line))
            continue
        cmp = cands[0]
        want = (cmp.c["text"], pct(cmp.size(cmp.c["best_version"], cmp.c["worst_version"])[1]), band(cmp.c["noise"]))
        if cmp.design == "rounds":
            want = (want[0], want[1], band(cmp.noise_of(None, None)))
        got = (m.group(3) + m.group(6), m.group(4), m.group(5))
        if got != want:
            A.bad(name, where(spec, "issue.md not filed", cmp.key, exp_found(want, got)))
        else:
            A.ok(name)
    name = "issue.md: p after Holm is bold exactly when the pair is significant"
    inside = "every printed estimate lies inside the interval printed beside it"
    for platform, header, cells in md_rows(section(issue, "**Rank tests.**")):
        if "p (Holm)" not in header:
            continue
        wl = cells[0]
        m = re.match(r"^(.*) \u2192 (.*)$", cells[1])
        cands = [c for c in comps if c.w == wl and (platform is None or platform == c.p)]
        if not m or not cands:
            continue
        a, b = m.groups()
        hits = [(c, c.pairs.get((a, b))) for c in cands if c.pairs.get((a, b))]
        if not hits:
            continue
        ph = cells[header.index("p (Holm)")]
        bold = ph.startswith("**")
        if not any(bool(p["significant"]) == bold for c, p in hits):
            A.bad(name, where(spec, "issue.md rank tests", hits[0][0].key, "%s \u2192 %s: p (Holm) %r, significant %s"
                              % (a, b, ph, hits[0][1]["significant"])))
        else:
            A.ok(name)
        # the estimate beside the interval
        est = [h for h in header if h.startswith("Median") or h.startswith("Ratio") or "estimate" in h.lower()]
        ci = [h for h in header if "CI" in h or "interval" in h.lower()]
        if est and ci:
            try:
                e = float(cells[header.index(est[0])])
                lo, hi = (float(x) for x in cells[header.index(ci[0])].split("\u2013"))
            except ValueError:
                continue
            if not (lo <= e <= hi):
                A.bad(inside, where(spec, "issue.md rank tests", hits[0][0].key, "%s \u2192 %s: %s %s, %s %s"
                                    % (a, b, est[0], cells[header.index(est[0])], ci[0], cells[header.index(ci[0])])))
            else:
                A.ok(inside)


def check_counts(spec, docs, an):
    name = "counts agree in number (\"1 workload\", not \"1 workloads\")"
    for doc, text in docs.items():
        for m in re.finditer(r"(?<![\d.,])1 (workloads|rounds|versions|pairs|comparisons|platforms|passes)\b", text):
            line = text[max(0, m.start() - 60):m.end() + 20].replace("\n", " ")
            A.bad(name, where(spec, doc, "-", "%r in %r" % (m.group(0), line)))
        A.ok(name)
    name = "the short answer counts the verdicts of analysis.json"
    verdicts = [c["verdict"] for c in an["comparisons"]]
    blog = docs["blog.md"]
    m = re.search(r"(\d+) of (\d+) (?:workloads|comparisons)[^.]*? show a confirmed difference", blog)
    if m:
        want = (str(verdicts.count("faster")), str(len(verdicts)))
        if m.groups() != want:
            A.bad(name, where(spec, "blog.md", "-", "%r: %s" % (m.group(0), exp_found(want, m.groups()))))
        else:
            A.ok(name)
    for what, v in (("beyond the noise but the rank test does not confirm", "not-confirmed"),
                    ("are within noise of each other", "within-noise")):
        m = re.search(r"in (\d+) (?:the difference is |the versions )?" + re.escape(what).replace(r"\ ", " ")
                      .replace("beyond", r"(?:the difference is )?beyond"), blog)
        if m and m.group(1) != str(verdicts.count(v)):
            A.bad(name, where(spec, "blog.md", "-", "%r: expected %d" % (m.group(0), verdicts.count(v))))


def check_blog_answer(spec, blog, an):
    """blog.md's short answer in prose names each workload by its verdict in
    analysis.json: the lead a plain confirmed change with its record's
    winner, then the groups (steady, unsteady, regressed, clusters, not
    confirmed, within noise, too few rounds)."""
    name = "blog.md: the short answer's prose names each workload by its analysis.json verdict"
    text = section(blog, "## The short answer", "\n## ")
    para = next((l for l in text.split("\n") if "landed inside the noise" in l or l.startswith("On \"")
                 or "moved beyond the noise" in l or "too few rounds for a verdict" in l
                 or "under one version only" in l), None)
    if para is None:
        return
    by = {}
    for c in an["comparisons"]:
        by.setdefault(c["workload"], []).append(c)

    def regressed(c):
        return c["verdict"] == "faster" and (c["record"].get("regression") or any(
            (p.get("record") or {}).get("regression") for p in c.get("pairs", [])))

    def anomaly(c):
        return any(v.get("bimodal") for v in c["versions"])

    groups = [
        (r"moved beyond the noise too", lambda c: c["verdict"] == "faster" and not regressed(c) and not anomaly(c)),
        (r"changed too, though", lambda c: c["verdict"] == "faster" and not c.get("linear")),
        (r"a version's rounds fall into two clusters", anomaly),
        (r"moved beyond the noise, but the rank test does not confirm", lambda c: c["verdict"] == "not-confirmed"),
        (r"landed inside the noise", lambda c: c["verdict"] == "within-noise"),
        (r"had too few rounds for a verdict", lambda c: c["verdict"] == "insufficient"),
        (r"measured under one version only", lambda c: c["verdict"] == "insufficient" and len(c["versions"]) == 1),
    ]
    bad = False
    for sentence in re.split(r"(?<=\.) (?=[A-Z\"])", para):
        names = re.findall(r'"([^"]+)"', sentence)
        m = re.match(r'On "([^"]+)"[^,]*, (\S+) is ', sentence)
        if m:
            cs = by.get(m.group(1), [])
            if not any(c["verdict"] == "faster" and c["record"].get("winner") == m.group(2) for c in cs):
                A.bad(name, where(spec, "blog.md", m.group(1), "the lead names %s, analysis.json's record does not" % m.group(2)))
                bad = True
            continue
        for pat, ok in groups:
            if re.search(pat, sentence):
                for w in names:
                    if not any(ok(c) for c in by.get(w, [])):
                        A.bad(name, where(spec, "blog.md", w, "named in %r" % sentence[:90]))
                        bad = True
                break
    if not bad:
        A.ok(name)


def check_workbook(spec, path, comps):
    name = "report.xlsx: the Summary's Finding is analysis.json's text and its Verdict the verdict"
    mark = "report.xlsx: Best version is the claim's winner, and names nothing a row without a claim contradicts"
    table = summary_table(xlsx_sheet(path))
    for cmp in comps:
        rows = [r for r in table if r.get("Workload") == cmp.w and r.get("Platform") == cmp.p]
        if len(rows) != 1:
            A.bad(name, where(spec, "report.xlsx Summary", cmp.key, "%d rows" % len(rows)))
            continue
        r = rows[0]
        finding = r.get("Finding")
        if finding != cmp.c["text"]:
            A.bad(name, where(spec, "report.xlsx Summary Finding", cmp.key, exp_found(cmp.c["text"], finding)))
        elif "Verdict" in r and r["Verdict"] != cmp.c["verdict"]:
            A.bad(name, where(spec, "report.xlsx Summary Verdict", cmp.key, exp_found(cmp.c["verdict"], r["Verdict"])))
        else:
            A.ok(name)
        if "Best version" in r:
            got = r["Best version"] or ""
            if cmp.c["verdict"] == "faster":
                ok = got == cmp.c["best_version"]
                want = cmp.c["best_version"]
            else:
                # without a claim: empty, or the version no other beats in the row
                levels = {n: cmp.level(n) for n in cmp.names}
                top = (max if cmp.higher else min)(levels, key=levels.get)
                ok = got in ("", top)
                want = "'' or %s" % top
            if not ok:
                A.bad(mark, where(spec, "report.xlsx Summary Best version", cmp.key, "verdict %r: %s"
                                  % (cmp.c["text"], exp_found(want, got))))
            else:
                A.ok(mark)


def check_recalculated(spec, lo, comps):
    """report.xlsx without its cached values, as LibreOffice computes it"""
    name = "report.xlsx recalculated without cached values: Summary and Versions agree with analysis.json"
    files = {f.rsplit("-", 1)[-1][:-4]: os.path.join(lo, f) for f in os.listdir(lo) if f.endswith(".csv")}
    if "Summary" not in files:
        A.bad(name, where(spec, "report.xlsx", "-", "LibreOffice wrote no Summary"))
        return
    rows = lo_table(files["Summary"])
    head = None
    table = []
    for r in rows:
        if head is None:
            if len(r) > 1 and r[0] == "Workload" and r[1] == "Platform":
                head = r
            continue
        if not r or not r[0]:
            break
        table.append(dict(zip(head, r)))
    for cmp in comps:
        r = [x for x in table if x.get("Workload") == cmp.w and x.get("Platform") == cmp.p]
        if len(r) != 1:
            A.bad(name, where(spec, "report.xlsx Summary (recalculated)", cmp.key, "%d rows" % len(r)))
            continue
        r = r[0]
        probs = []
        for v in cmp.c["versions"]:
            b = lo_num(r.get(v["version"] + " value"))
            s = lo_num(r.get(v["version"] + " \u00b1"))
            if not close(b, v["level"]):
                probs.append("%s value %s" % (v["version"], exp_found(v["level"], b)))
            if v["band"] is not None and not close(s, v["band"]):
                probs.append("%s band %s" % (v["version"], exp_found(v["band"], s)))
        if cmp.c["verdict"] != "insufficient":
            g = lo_num(r.get("Gap"))
            if not close(g, cmp.c["gap"]):
                probs.append("Gap " + exp_found(cmp.c["gap"], g))
        n = lo_num(r.get("Noise"))
        if not close(n, cmp.c["noise"]):
            probs.append("Noise " + exp_found(cmp.c["noise"], n))
        if "Verdict" in r and r["Verdict"] != cmp.c["verdict"]:
            probs.append("Verdict " + exp_found(cmp.c["verdict"], r["Verdict"]))
        if probs:
            A.bad(name, where(spec, "report.xlsx Summary (recalculated)", cmp.key, "; ".join(probs)))
        else:
            A.ok(name)
    if "Versions" in files:
        rows = lo_table(files["Versions"])
        head = rows[0]
        col = {h: i for i, h in enumerate(head)}
        for cmp in comps:
            for v in cmp.c["versions"]:
                r = [x for x in rows[1:] if len(x) > 2 and x[0] == cmp.w and x[1] == cmp.p and x[2] == v["version"]]
                if len(r) != 1:
                    A.bad(name, where(spec, "report.xlsx Versions (recalculated)", cmp.key, "%s: %d rows" % (v["version"], len(r))))
                    continue
                r = r[0]
                probs = []
                for h, want in (("Rounds", v["rounds"]), ("Best", v["best"]), ("Median of rounds", v["median"]),
                                ("Spread", v["spread"]), ("Change of best vs baseline", v.get("change"))):
                    if h not in col or want is None:
                        continue
                    got = lo_num(r[col[h]])
                    if not close(got, want):
                        probs.append("%s %s" % (h, exp_found(want, got)))
                if probs:
                    A.bad(name, where(spec, "report.xlsx Versions (recalculated)", cmp.key, "%s: %s" % (v["version"], "; ".join(probs))))
                else:
                    A.ok(name)
    name = "report.xlsx recalculated without cached values: Pairs agree with analysis.json"
    if "Pairs" in files:
        rows = lo_table(files["Pairs"])
        head = rows[0]
        col = {h: i for i, h in enumerate(head)}
        for cmp in comps:
            for p in cmp.c["pairs"]:
                r = [x for x in rows[1:] if len(x) > 3 and x[0] == cmp.w and x[1] == cmp.p and x[2] == p["a"] and x[3] == p["b"]]
                if len(r) != 1:
                    A.bad(name, where(spec, "report.xlsx Pairs (recalculated)", cmp.key, "%s \u2192 %s: %d rows" % (p["a"], p["b"], len(r))))
                    continue
                r = r[0]
                probs = []
                # the ratio of medians recomputed from the round values;
                # the interval's own estimate (ratio) where the sheet has it
                # apart, else (an older workbook) ratio is the ratio of medians
                medians = cmp.median[p["b"]] / cmp.median[p["a"]]
                hl = "Ratio b / a (Hodges-Lehmann)"
                checks = [("Ratio of medians b / a", medians)] + ([(hl, p["ratio"])] if hl in col else [])
                if "median_ratio" in p and not close(p["median_ratio"], medians):
                    probs.append("analysis.json median_ratio " + exp_found(medians, p["median_ratio"]))
                for h, want in checks + [("p after Holm", p["p_holm"]),
                                ("Smallest reachable p", p["p_floor"]),
                                ("Significant (p after Holm < 0.05)", "yes" if p["significant"] else "no")]:
                    if h not in col:
                        continue
                    got = lo_num(r[col[h]])
                    if (isinstance(want, str) and got != want) or (not isinstance(want, str) and not close(got, want)):
                        probs.append("%s %s" % (h, exp_found(want, got)))
                if probs:
                    A.bad(name, where(spec, "report.xlsx Pairs (recalculated)", cmp.key, "%s \u2192 %s: %s" % (p["a"], p["b"], "; ".join(probs))))
                else:
                    A.ok(name)


def claims_of(c):
    return (c["verdict"], c["text"], tuple("%s>%s:%s" % (p["a"], p["b"], p["claim"]) for p in c["pairs"]))


def check_alone(spec, d, an):
    name = "each workload (and each platform) reported alone gets the verdict, sentence and claims of the whole"
    whole = {(c["workload"], c["platform"]): claims_of(c) for c in an["comparisons"]}
    alone = os.path.join(d, "alone")
    for sub in sorted(os.listdir(alone)):
        a = json.load(open(os.path.join(alone, sub, "analysis.json")))
        for c in a["comparisons"]:
            k = (c["workload"], c["platform"])
            got = claims_of(c)
            if k not in whole:
                A.bad(name, where(spec, "alone/" + sub, "%s on %s" % k, "not in the whole report"))
            elif got != whole[k]:
                w = whole[k]
                diff = [what for what, x, y in zip(("verdict", "text", "claims"), w, got) if x != y]
                A.bad(name, where(spec, "alone/" + sub, "%s on %s" % k, "%s: whole %r, alone %r" % (
                    "/".join(diff), w[1] if "text" in diff else w, got[1] if "text" in diff else got)))
            else:
                A.ok(name)


def main():
    root = sys.argv[1]
    for seed in sys.argv[2:]:
        try:
            audit(root, int(seed))
        except Exception as e:  # a document the auditor cannot read is a failure, not a crash
            import traceback
            A.bad("every document of every dataset can be read", "seed %s: %s: %s" % (
                seed, type(e).__name__, traceback.format_exc().strip().splitlines()[-3:]))
    A.ok("every document of every dataset can be read", 0)
    A.report()


if __name__ == "__main__":
    main()
