#!/usr/bin/env python3
"""banners.py FILE...: the file names a banner (the comment that opens a
file) names that exist nowhere in the tree, one "FILE: NAME" a line.

A name is a word ending in .c, .h or .[ch] (a pattern such as cmd_NAME.c
aside); it exists when the repository holds a file of that path (from the
root, or from src/) or of that base name, or the system a header of it. Names of other projects' files (git's lockfile.c, an
R script) are kept out by a trailing "(elsewhere)" on their line."""
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..'))
NAME = re.compile(r'(?<![\w./-])([A-Za-z0-9_./-]*[A-Za-z0-9_]\.(?:\[ch\]|c|h))(?![\w\[.])')


def tree():
    paths, bases = set(), set()
    for d, dirs, files in os.walk(ROOT):
        dirs[:] = [x for x in dirs if not x.startswith('.') and x not in ('build', 'out', 'tmp')]
        for f in files:
            rel = os.path.relpath(os.path.join(d, f), ROOT)
            paths.add(rel)
            bases.add(f)
    return paths, bases


def banner(text):
    m = re.match(r'\s*/\*(.*?)\*/', text, re.S)
    if m:
        return m.group(1)
    lines = []
    for line in text.splitlines():
        if line.startswith('#!'):
            continue
        if not line.startswith('#'):
            break
        lines.append(line)
    return '\n'.join(lines)


def exists(name, paths, bases):
    names = [name]
    if name.endswith('.[ch]'):
        names = [name[:-5] + '.c', name[:-5] + '.h']
    for n in names:
        if n in paths or 'src/' + n in paths or os.path.basename(n) in bases \
                or os.path.exists('/usr/include/' + n):
            continue
        return False
    return True


def main():
    paths, bases = tree()
    for f in sys.argv[1:]:
        with open(f, encoding='utf-8', errors='replace') as fh:
            text = banner(fh.read())
        for line in text.splitlines():
            if '(elsewhere)' in line:
                continue
            for name in NAME.findall(line):
                if re.search(r'[A-Z]{2}', name) or '.' in name.rsplit('.', 1)[0].replace('.[ch]', ''):
                    continue
                if not exists(name, paths, bases):
                    print(f'{f}: {name}')


main()
