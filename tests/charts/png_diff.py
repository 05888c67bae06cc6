#!/usr/bin/env python3
"""png_diff.py [--mean M] [--block B] A.png B.png [A2.png B2.png ...]

Compares pictures pair by pair as a reader would see them: both on white,
8-bit grey or RGB(A), not interlaced. For each pair it prints one line,
  NAME mean=X worst=Y size=WxH
X is the mean absolute difference of the R, G and B values over the whole
picture (0..255). Y is the largest difference of one channel's mean over an
8x8 block: two rasterisers antialias the same edge differently, moving a
fraction of a pixel's ink from one side to the other, which cancels inside a
block, while a mark or word that is missing, moved or of another colour does
not cancel. When the sizes differ by a pixel (rounding of a fractional
height), the common part is compared. Exits 1 when a pair differs in size by
more than a pixel, or its mean exceeds M (default 1.0) or a block exceeds B
(default 24), else 0."""
import struct, sys, zlib

BLOCK = 8


def decode(fn):
    """(width, height, RGB bytes) of a PNG, composited on white."""
    d = open(fn, 'rb').read()
    if d[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('not a PNG')
    i, idat = 8, []
    while i + 12 <= len(d):
        n, = struct.unpack('>I', d[i:i + 4])
        t, body = d[i + 4:i + 8], d[i + 8:i + 8 + n]
        if t == b'IHDR':
            w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            if depth != 8 or interlace or ctype not in (0, 2, 4, 6):
                raise ValueError('unsupported PNG (depth %d, type %d)' % (depth, ctype))
        elif t == b'IDAT':
            idat.append(body)
        elif t == b'IEND':
            break
        i += 12 + n
    bpp = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
    raw = zlib.decompress(b''.join(idat))
    stride = w * bpp
    prev = bytearray(stride)
    out = bytearray()
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)]
        if f == 0:
            row = bytearray(line)
        elif f == 2:
            row = bytearray((a + b) & 255 for a, b in zip(line, prev))
        else:
            row = bytearray(line)
            if f == 1:
                for k in range(bpp, stride):
                    row[k] = (row[k] + row[k - bpp]) & 255
            elif f == 3:
                for k in range(stride):
                    left = row[k - bpp] if k >= bpp else 0
                    row[k] = (row[k] + ((left + prev[k]) >> 1)) & 255
            elif f == 4:
                for k in range(stride):
                    b = prev[k]
                    if k >= bpp:
                        a, c = row[k - bpp], prev[k - bpp]
                    else:
                        a = c = 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    if pa <= pb and pa <= pc:
                        pr = a
                    elif pb <= pc:
                        pr = b
                    else:
                        pr = c
                    row[k] = (row[k] + pr) & 255
            else:
                raise ValueError('filter %d' % f)
        out += row
        prev = row
    # RGB on white
    if ctype == 0:
        rgb = bytes(v for v in out for _ in range(3))
    elif ctype == 2:
        rgb = bytes(out)
    elif ctype == 4:
        rgb = bytes(255 - ((255 - v) * al + 127) // 255
                    for v, al in zip(out[0::2], out[1::2]) for _ in range(3))
    else:
        rgb = bytearray(len(out) // 4 * 3)
        opaque = out[3::4].count(255) == len(out) // 4
        for c in range(3):
            rgb[c::3] = out[c::4] if opaque else bytes(
                255 - ((255 - v) * al + 127) // 255 for v, al in zip(out[c::4], out[3::4]))
        rgb = bytes(rgb)
    return w, h, rgb


def compare(fa, fb):
    wa, ha, a = decode(fa)
    wb, hb, b = decode(fb)
    if abs(wa - wb) > 1 or abs(ha - hb) > 1:
        return None, None, (wa, ha, wb, hb)
    w, h = min(wa, wb), min(ha, hb)
    total = 0
    bw, bh = (w + BLOCK - 1) // BLOCK, (h + BLOCK - 1) // BLOCK
    blocks = [0] * (3 * bw * bh)  # signed sums, per block and channel
    for y in range(h):
        ra = a[3 * y * wa:3 * (y * wa + w)]
        rb = b[3 * y * wb:3 * (y * wb + w)]
        if ra == rb:
            continue
        base = 3 * (y // BLOCK) * bw
        for x, (p, q) in enumerate(zip(ra, rb)):
            if p != q:
                total += abs(p - q)
                blocks[base + x // (3 * BLOCK) * 3 + x % 3] += p - q
    worst = max(abs(v) for v in blocks) / (BLOCK * BLOCK) if blocks else 0
    return total / (3 * w * h), worst, (w, h)


def main(argv):
    mean_max, block_max = 1.0, 24.0
    while argv and argv[0].startswith('--'):
        if argv[0] == '--mean':
            mean_max = float(argv[1])
        elif argv[0] == '--block':
            block_max = float(argv[1])
        else:
            print('png_diff.py: unknown option', argv[0], file=sys.stderr)
            return 2
        argv = argv[2:]
    if not argv or len(argv) % 2:
        print(__doc__, file=sys.stderr)
        return 2
    bad = 0
    for fa, fb in zip(argv[0::2], argv[1::2]):
        name = fb.rsplit('/', 1)[-1]
        mean, worst, size = compare(fa, fb)
        if mean is None:
            print('%s size %dx%d against %dx%d' % ((name,) + size))
            bad = 1
            continue
        ok = mean <= mean_max and worst <= block_max
        print('%s mean=%.3f worst=%.1f size=%dx%d%s' %
              (name, mean, worst, size[0], size[1], '' if ok else ' DIFFERENT'))
        bad |= not ok
    return bad


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
