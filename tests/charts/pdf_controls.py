#!/usr/bin/env python3
"""pdf_controls.py FILE: prints one line for each glyph a PDF shows for a
control character (C0, DEL, C1), as its fonts' ToUnicode maps say (a font has
no glyph for one: a viewer draws the missing-glyph box), and one for each
control character among the codes its text strings show (libharu's UTF-8
encoding shows each character as two bytes, its code point); nothing when
there is none. FILE is a PDF rewritten by `qpdf --qdf
--object-streams=disable`, so that its streams are plain text."""
import re, sys


def controls(hexstr):
    """The control characters among the UTF-16BE code units of hexstr."""
    units = [int(hexstr[i:i + 4], 16) for i in range(0, len(hexstr) - 3, 4)]
    return [u for u in units if u < 0x20 or 0x7F <= u <= 0x9F]


data = open(sys.argv[1], 'rb').read().decode('latin-1')
found = []
for block in re.findall(r'beginbfchar(.*?)endbfchar', data, re.S):
    for src, dst in re.findall(r'<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>', block):
        for u in controls(dst):
            found.append('code <%s> shows U+%04X' % (src, u))
for block in re.findall(r'beginbfrange(.*?)endbfrange', data, re.S):
    for lo, hi, dst in re.findall(r'<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(\[[^\]]*\]|<[0-9A-Fa-f]+>)',
                                  block):
        if dst.startswith('['):
            targets = re.findall(r'<([0-9A-Fa-f]+)>', dst)
        else:
            # consecutive codes map to consecutive characters from dst
            first = int(dst[1:-1], 16)
            width = len(dst) - 2
            targets = ['%0*X' % (width, first + k) for k in range(int(hi, 16) - int(lo, 16) + 1)]
        for k, t in enumerate(targets):
            for u in controls(t):
                found.append('code <%X> shows U+%04X' % (int(lo, 16) + k, u))
for shown in re.findall(r'<([0-9A-Fa-f]*)>\s*Tj', data):
    for u in controls(shown):
        found.append('text shows U+%04X' % u)
print('\n'.join(found), end='\n' if found else '')
