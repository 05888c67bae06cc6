#!/usr/bin/env python3
"""png_check.py FILE...: prints one line per PNG that a viewer would reject or
misread (bad signature or chunk CRC, missing IHDR/IDAT/IEND, a zlib stream that
does not inflate or fails its checksum, rows of the wrong length or with an
unknown filter); nothing when all are sound.

png_check.py --pixels FILE...: for each sound 8-bit RGB PNG, its name, size and
the SHA-256 of its pixels as decoded (rows unfiltered, RGB bytes), so two files
can be compared by what a viewer shows rather than by their bytes."""
import hashlib, struct, sys, zlib


def unfilter(raw, w, h):
    """The RGB bytes of an 8-bit RGB image from its filtered rows."""
    n, out, prev = 3 * w, bytearray(), bytearray(3 * w)
    for y in range(h):
        f, row = raw[y * (n + 1)], bytearray(raw[y * (n + 1) + 1:(y + 1) * (n + 1)])
        for i in range(n if f else 0):
            a = row[i - 3] if i >= 3 else 0
            b, c = prev[i], prev[i - 3] if i >= 3 else 0
            if f == 1:
                row[i] = (row[i] + a) & 255
            elif f == 2:
                row[i] = (row[i] + b) & 255
            elif f == 3:
                row[i] = (row[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out += row
        prev = row
    return bytes(out)


pixels = sys.argv[1:2] == ['--pixels']
for fn in sys.argv[1 + pixels:]:
    name = fn.rsplit('/', 1)[-1]
    d = open(fn, 'rb').read()
    if d[:8] != b'\x89PNG\r\n\x1a\n':
        print(name, 'signature'); continue
    i, idat, types, w, h, problem = 8, b'', [], 0, 0, None
    while i + 12 <= len(d):
        n, = struct.unpack('>I', d[i:i + 4])
        t, body = d[i + 4:i + 8], d[i + 8:i + 8 + n]
        if zlib.crc32(t + body) != struct.unpack('>I', d[i + 8 + n:i + 12 + n])[0]:
            problem = 'crc of ' + t.decode('latin-1'); break
        types.append(t)
        if t == b'IHDR':
            w, h = struct.unpack('>II', body[:8])
        elif t == b'IDAT':
            idat += body
        i += 12 + n
        if t == b'IEND':
            break
    if not problem and (types[:1] != [b'IHDR'] or b'IDAT' not in types or types[-1:] != [b'IEND'] or i != len(d)):
        problem = 'chunks'
    if not problem:
        try:
            raw = zlib.decompress(idat)
        except zlib.error as e:
            problem = 'zlib: %s' % e
    if not problem and len(raw) != h * (3 * w + 1):
        problem = 'size'
    if not problem and any(raw[y * (3 * w + 1)] > 4 for y in range(h)):
        problem = 'filter'
    if problem:
        print(name, problem)
    elif pixels:
        print(name, '%dx%d' % (w, h), hashlib.sha256(unfilter(raw, w, h)).hexdigest())
