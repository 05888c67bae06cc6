#!/usr/bin/env python3
"""png_check.py FILE...: prints one line per PNG that a viewer would reject or
misread (bad signature or chunk CRC, missing IHDR/IDAT/IEND, a zlib stream that
does not inflate or fails its checksum, rows of the wrong length or with an
unknown filter); nothing when all are sound."""
import struct, sys, zlib

for fn in sys.argv[1:]:
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
