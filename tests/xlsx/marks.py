#!/usr/bin/env python3
"""marks.py ANALYSIS.json BLOG.md REPORT.xlsx - every bold version in the
blog's verdict table and in the workbook (Summary values, Summary Winner,
Versions) against the one rule (doc/outputs.md, "Every output"): bold is the version a
"faster" verdict names (best_version), when no other version of its row is
better by the best round or by the verdict's statistic (level). Prints one
line per disagreement, and "marks: N rows" on stdout; exits 1 on any."""
import json
import re
import sys
import zipfile
import xml.etree.ElementTree as ET

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}


def expected(c):
    """The version the rule marks in comparison c, or None."""
    if c["verdict"] != "faster" or not c.get("best_version"):
        return None
    lower = c["better"] == "lower"
    w = next(v for v in c["versions"] if v["version"] == c["best_version"])
    for v in c["versions"]:
        if v is w or not v.get("rounds"):
            continue
        for k in ("best", "level"):
            if v.get(k) is None or w.get(k) is None:
                continue
            if (v[k] < w[k]) if lower else (v[k] > w[k]):
                return None
    return w["version"]


def beaten(c, version):
    """Some version of c has a better best round than `version`."""
    lower = c["better"] == "lower"
    w = next(v for v in c["versions"] if v["version"] == version)
    return any((v["best"] < w["best"]) if lower else (v["best"] > w["best"])
               for v in c["versions"] if v["best"] is not None)


def blog_marks(path, comparisons):
    """{(workload, platform): set of bold versions} from the blog's verdict
    tables (a "| Workload: … | v1 | v2 | ... | Verdict |" header, the platform
    in the bold line above a table when there are several)."""
    marks, head, platform = {}, None, None
    platforms = sorted({c["platform"] for c in comparisons})
    for line in open(path, encoding="utf-8"):
        line = line.rstrip("\n")
        m = re.match(r"^\*\*(.+?)\*\*:?$", line)
        if m and m.group(1) in platforms:
            platform = m.group(1)
            continue
        cells = [x.strip() for x in line.strip().strip("|").split("|")] if line.startswith("|") else None
        if not cells:
            head = None
            continue
        if cells[0].startswith("Workload") and cells[-1] == "Verdict":
            head = cells
            continue
        if head is None or set(cells[0]) <= set(":-"):
            continue
        name = re.sub(r"( ¹)? \([^()]*\)$", "", cells[0])
        key = (name, platform or platforms[0])
        marks.setdefault(key, set())
        for h, cell in zip(head[1:-1], cells[1:-1]):
            if cell.startswith("**"):
                marks[key].add(h)
    return marks


def col_index(ref):
    n = 0
    for ch in re.match(r"[A-Z]+", ref).group(0):
        n = n * 26 + ord(ch) - 64
    return n - 1


def sheet_cells(z, n, strings, bold_styles):
    """{(row, col): (text, bold)} of sheet n."""
    out = {}
    root = ET.fromstring(z.read("xl/worksheets/sheet%d.xml" % n))
    for c in root.iter("{%s}c" % NS["m"]):
        ref = c.get("r")
        row = int(re.search(r"[0-9]+", ref).group(0))
        t = c.get("t")
        v = c.find("m:v", NS)
        text = ""
        if t == "s" and v is not None:
            text = strings[int(v.text)]
        elif t == "inlineStr":
            text = "".join(x.text or "" for x in c.iter("{%s}t" % NS["m"]))
        elif v is not None:
            text = v.text or ""
        out[(row, col_index(ref))] = (text, int(c.get("s", "0")) in bold_styles)
    return out


def workbook_marks(path):
    """({(workload, platform): bold versions on Summary bests},
    {...: Winner column}, {...: bold versions on Versions})."""
    z = zipfile.ZipFile(path)
    strings = []
    if "xl/sharedStrings.xml" in z.namelist():
        for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", NS):
            strings.append("".join(x.text or "" for x in si.iter("{%s}t" % NS["m"])))
    styles = ET.fromstring(z.read("xl/styles.xml"))
    fonts = styles.find("m:fonts", NS).findall("m:font", NS)
    bold_fonts = {i for i, f in enumerate(fonts) if f.find("m:b", NS) is not None}
    xfs = styles.find("m:cellXfs", NS).findall("m:xf", NS)
    bold_styles = {i for i, xf in enumerate(xfs) if int(xf.get("fontId", "0")) in bold_fonts}
    names = [s.get("name") for s in ET.fromstring(z.read("xl/workbook.xml")).iter("{%s}sheet" % NS["m"])]

    summary = sheet_cells(z, names.index("Summary") + 1, strings, bold_styles)
    best, winner = {}, {}
    head_row = next(r for (r, c), (t, _) in sorted(summary.items()) if c == 0 and t == "Workload")
    heads = {c: t for (r, c), (t, _) in summary.items() if r == head_row}
    wcol = next(c for c, t in heads.items() if t in ("Winner", "Best version"))
    row = head_row + 1
    while (row, 0) in summary and summary[(row, 0)][0]:
        key = (summary[(row, 0)][0], summary[(row, 1)][0])
        best[key] = {heads[c][:-len(" value")] for c, t in heads.items()
                     if t.endswith(" value") and summary.get((row, c), ("", False))[1]}
        winner[key] = summary.get((row, wcol), ("", False))[0]
        row += 1

    versions = sheet_cells(z, names.index("Versions") + 1, strings, bold_styles)
    vmarks = {}
    for (r, c), (t, b) in versions.items():
        if r > 1 and c == 2:
            key = (versions[(r, 0)][0], versions[(r, 1)][0])
            vmarks.setdefault(key, set())
            if b:
                vmarks[key].add(t)
    return best, winner, vmarks


def main():
    analysis = json.load(open(sys.argv[1], encoding="utf-8"))
    comparisons = analysis["comparisons"]
    blog = blog_marks(sys.argv[2], comparisons)
    best, winner, vmarks = workbook_marks(sys.argv[3])
    bad = 0
    for c in comparisons:
        key = (c["workload"], c["platform"])
        want = expected(c)
        wants = {want} if want else set()
        for where, got in (("blog.md", blog.get(key)), ("workbook Summary bests", best.get(key)),
                           ("workbook Versions", vmarks.get(key)),
                           ("workbook Summary Winner", {winner[key]} - {""} if key in winner else None)):
            if got is None:
                if where == "blog.md" and len({v["version"] for v in c["versions"]}) < 2:
                    continue
                print("%s: no row for %s on %s" % (where, c["workload"], c["platform"]))
                bad += 1
                continue
            for v in got:
                if beaten(c, v):
                    print("%s: %s on %s: bold %s is beaten in its row" % (where, c["workload"], c["platform"], v))
                    bad += 1
            if got != wants:
                print("%s: %s on %s: bold %s, the rule marks %s" % (where, c["workload"], c["platform"],
                      sorted(got) or "nothing", want or "nothing"))
                bad += 1
    print("marks: %d rows" % len(comparisons))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
