#!/usr/bin/env python3
"""svg_text.py FILE...: the text of a noisefloor chart, one line per text it
draws: "x0 x1 y size text" (left and right end and baseline in px, the font
size) in drawing order. The charts draw text as glyph outlines (<use> of a
<symbol> per glyph, chart_svg.c), so the characters are read back through the
fonts' character maps: the font files are NOISEFLOOR_FONT and
NOISEFLOOR_FONT_BOLD, as for noisefloor, else DejaVu Sans.

As a module: texts(path) returns the same as dicts, rects(path) the
rectangles drawn (x, y, w, h, fill, stroke, dashed)."""
import os, re, struct, sys

FONT_DIR = '/usr/share/fonts/truetype/dejavu'
_fonts = {}


def _tables(data):
    n = struct.unpack('>H', data[4:6])[0]
    out = {}
    for i in range(n):
        tag, _, off, ln = struct.unpack('>4sIII', data[12 + 16 * i:28 + 16 * i])
        out[tag.decode('latin-1')] = (off, ln)
    return out


def _cmap(data, off):
    """glyph -> code point from the Unicode subtables (formats 4 and 12)."""
    n = struct.unpack('>H', data[off + 2:off + 4])[0]
    rev = {}
    for i in range(n):
        pid, eid, sub = struct.unpack('>HHI', data[off + 4 + 8 * i:off + 12 + 8 * i])
        if (pid, eid) not in ((3, 1), (3, 10), (0, 3), (0, 4)):
            continue
        s = off + sub
        fmt = struct.unpack('>H', data[s:s + 2])[0]
        if fmt == 4:
            segx2 = struct.unpack('>H', data[s + 6:s + 8])[0]
            seg = segx2 // 2
            ends = struct.unpack('>%dH' % seg, data[s + 14:s + 14 + segx2])
            base = s + 16 + segx2
            starts = struct.unpack('>%dH' % seg, data[base:base + segx2])
            deltas = struct.unpack('>%dh' % seg, data[base + segx2:base + 2 * segx2])
            ro_at = base + 2 * segx2
            ros = struct.unpack('>%dH' % seg, data[ro_at:ro_at + segx2])
            for k in range(seg):
                for c in range(starts[k], ends[k] + 1):
                    if c == 0xFFFF:
                        continue
                    if ros[k] == 0:
                        g = (c + deltas[k]) & 0xFFFF
                    else:
                        a = ro_at + 2 * k + ros[k] + 2 * (c - starts[k])
                        g = struct.unpack('>H', data[a:a + 2])[0]
                        g = (g + deltas[k]) & 0xFFFF if g else 0
                    if g:
                        rev.setdefault(g, c)
        elif fmt == 12:
            ngroups = struct.unpack('>I', data[s + 12:s + 16])[0]
            for k in range(ngroups):
                lo, hi, g0 = struct.unpack('>III', data[s + 16 + 12 * k:s + 28 + 12 * k])
                for c in range(lo, hi + 1):
                    rev.setdefault(g0 + c - lo, c)
    return rev


def _font(bold):
    if bold not in _fonts:
        path = os.environ.get('NOISEFLOOR_FONT_BOLD' if bold else 'NOISEFLOOR_FONT') or \
            os.path.join(FONT_DIR, 'DejaVuSans-Bold.ttf' if bold else 'DejaVuSans.ttf')
        data = open(path, 'rb').read()
        t = _tables(data)
        upem = struct.unpack('>H', data[t['head'][0] + 18:t['head'][0] + 20])[0]
        nhm = struct.unpack('>H', data[t['hhea'][0] + 34:t['hhea'][0] + 36])[0]
        hm = t['hmtx'][0]
        adv = [struct.unpack('>H', data[hm + 4 * i:hm + 4 * i + 2])[0] for i in range(nhm)]
        _fonts[bold] = (_cmap(data, t['cmap'][0]), adv, upem)
    return _fonts[bold]


GROUP = re.compile(r'<g fill="([^"]*)" transform="translate\(([-\d.]+) ([-\d.]+)\)'
                   r'(?: rotate\(([-\d.]+)\))? scale\(([-\d.]+)\)">\n((?:<use[^>]*>\n)*)</g>')
USE = re.compile(r'<use xlink:href="#g([01])-(\d+)"(?: x="(-?\d+)")?/>')


def texts(path):
    svg = open(path, encoding='utf-8').read()
    out = []
    for m in GROUP.finditer(svg):
        x, y, scale = float(m.group(2)), float(m.group(3)), float(m.group(5))
        chars, end = [], 0
        for u in USE.finditer(m.group(6)):
            rev, adv, upem = _font(int(u.group(1)))
            gid, pen = int(u.group(2)), int(u.group(3) or 0)
            chars.append(chr(rev.get(gid, 0xFFFD)))
            end = pen + adv[min(gid, len(adv) - 1)]
        size = scale * upem
        out.append({'x0': x, 'x1': x + end * scale, 'y': y, 'size': size,
                    'rotated': m.group(4) is not None, 'fill': m.group(1),
                    'text': ''.join(chars)})
    return out


RECT = re.compile(r'<path d="M ([-\d.]+) ([-\d.]+) H ([-\d.]+) V ([-\d.]+) H [-\d.]+ Z" '
                  r'fill="([^"]*)"(?: stroke="([^"]*)" stroke-width="[^"]*"'
                  r'( stroke-dasharray="[^"]*")?)?/>')


def rects(path):
    svg = open(path, encoding='utf-8').read()
    return [{'x': float(m.group(1)), 'y': float(m.group(2)),
             'w': float(m.group(3)) - float(m.group(1)), 'h': float(m.group(4)) - float(m.group(2)),
             'fill': m.group(5), 'stroke': m.group(6), 'dashed': m.group(7) is not None}
            for m in RECT.finditer(svg)]


if __name__ == '__main__':
    for f in sys.argv[1:]:
        for t in texts(f):
            print('%.2f %.2f %.2f %.2f %s' % (t['x0'], t['x1'], t['y'], t['size'], t['text']))
