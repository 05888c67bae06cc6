#!/usr/bin/env python3
"""english.py FILE... - prints each C string literal that holds words of
English (two or more words joined by spaces, or a word and a printf
conversion), one per line as FILE:LINE: TEXT. Comments, #include lines and
format-only strings ("%s: %d") are not English. Exit 1 when any is found.

The analysis hands facts to present/; a sentence in its string literals is
a sentence a reader would meet that present/ did not word."""
import re
import sys

LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
WORDS = re.compile(r"[A-Za-z][a-z']+ +(?:%[-+ #0-9.]*[a-z]+ |[a-z'%(]+)")


def strip_comments(src):
    keep_lines = lambda m: '\n' * m.group(0).count('\n')
    src = re.sub(r'/\*.*?\*/', keep_lines, src, flags=re.S)
    return re.sub(r'//[^\n]*', '', src)


found = 0
for path in sys.argv[1:]:
    with open(path, encoding='utf-8') as f:
        src = strip_comments(f.read())
    for n, line in enumerate(src.split('\n'), 1):
        if line.lstrip().startswith('#include'):
            continue
        for m in LITERAL.finditer(line):
            if WORDS.search(m.group(1)):
                print(f'{path}:{n}: {m.group(1)[:100]}')
                found += 1
sys.exit(1 if found else 0)
