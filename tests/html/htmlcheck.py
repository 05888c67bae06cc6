#!/usr/bin/env python3
"""htmlcheck.py MODE FILE: reads an HTML page (report.html, or Chromium's
--dump-dom of it) with the standard library's parser.
  bad    prints one line per thing that could load, run or link outside the
         page: a script, iframe, object, embed, link, base or form element,
         an on* attribute, an href/src/action that is not "#fragment", a
         url() in a style attribute that is not url(#...); nothing when clean
  shape  prints each element name with its count, sorted, an <svg> counted
         without what is inside it: two pages with the same shape have the
         same structure whatever their text
  text   prints the text content, whitespace collapsed
  ids    prints each id, one a line (duplicates show twice)
  rows   (rows FILE ID) prints each table row inside the <section id=ID>,
         its cells' text tab-separated, whitespace collapsed; a line
         "caption: TEXT" before each table's rows"""
import collections, html.parser, re, sys

mode, path = sys.argv[1], sys.argv[2]
target = sys.argv[3] if len(sys.argv) > 3 else None


class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.bad, self.tags, self.text, self.ids = [], collections.Counter(), [], []
        self.skip = self.svg = 0
        # rows mode: the sections open inside the target, the row and cell
        self.depth, self.rows, self.row, self.cell = 0, [], None, None

    def handle_starttag(self, tag, attrs):
        # a chart's inner elements (glyph outlines) follow its text: the
        # shape counts each chart once
        if not self.svg:
            self.tags[tag] += 1
        if tag == "svg":
            self.svg += 1
        if tag in ("script", "iframe", "object", "embed", "link", "base", "form", "img",
                   "audio", "video", "source", "frame", "applet", "meta") and not (
                tag == "meta" and all(k in ("charset", "name", "content", "http-equiv")
                                      for k, _ in attrs)):
            self.bad.append(f"element <{tag}>")
        if tag in ("style", "title"):
            self.skip += 1
        if tag == "section" and (self.depth or dict(attrs).get("id") == target):
            self.depth += 1
        if self.depth and tag == "tr":
            self.row = []
        if self.depth and tag in ("td", "th", "caption"):
            self.cell = []
        for k, v in attrs:
            v = v or ""
            if k.startswith("on"):
                self.bad.append(f"<{tag} {k}>")
            if k in ("href", "src", "action", "xlink:href", "formaction", "srcset", "poster",
                     "background", "data") and not v.startswith("#"):
                self.bad.append(f"<{tag} {k}={v!r}>")
            if k == "style" and re.search(r"url\((?!\s*['\"]?#)", v):
                self.bad.append(f"<{tag} style={v!r}>")
            if k == "id":
                self.ids.append(v)

    def handle_endtag(self, tag):
        if tag == "section" and self.depth:
            self.depth -= 1
        if self.cell is not None and tag in ("td", "th", "caption"):
            text = re.sub(r"\s+", " ", "".join(self.cell)).strip()
            if tag == "caption":
                self.rows.append("caption: " + text)
            elif self.row is not None:
                self.row.append(text)
            self.cell = None
        if self.row is not None and tag == "tr":
            self.rows.append("\t".join(self.row))
            self.row = None
        if tag == "svg" and self.svg:
            self.svg -= 1
        if tag in ("style", "title") and self.skip:
            self.skip -= 1

    def handle_data(self, d):
        if not self.skip:
            self.text.append(d)
        if self.cell is not None:
            self.cell.append(d)


p = P()
p.feed(open(path, encoding="utf-8").read())
p.close()
if mode == "bad":
    for b in p.bad:
        print(b)
elif mode == "shape":
    for t, n in sorted(p.tags.items()):
        print(t, n)
elif mode == "text":
    print(re.sub(r"\s+", " ", "".join(p.text)))
elif mode == "rows":
    for r in p.rows:
        print(r)
elif mode == "ids":
    for i in p.ids:
        print(i)
