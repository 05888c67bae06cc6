#!/usr/bin/env python3
"""cycles.py DIR: the include cycles among the files of one folder of src/,
one a line ("a -> b -> a"); nothing when there is none.

A file pair x.c and x.h is one node x; x -> y when x.c or x.h includes
"FOLDER/y.h" (y other than x): x uses y, so y must not use x back, through
any path."""
import os
import re
import sys


def graph(d):
    folder = os.path.basename(os.path.normpath(d))
    inc = re.compile(r'^#include "' + re.escape(folder) + r'/([A-Za-z0-9_]+)\.h"', re.M)
    g = {}
    for f in sorted(os.listdir(d)):
        if not f.endswith(('.c', '.h')):
            continue
        node = f[:-2]
        with open(os.path.join(d, f), encoding='utf-8', errors='replace') as fh:
            deps = set(inc.findall(fh.read())) - {node}
        g.setdefault(node, set()).update(deps)
    return g


def cycles(g):
    found, state, stack = [], {}, []

    def walk(n):
        state[n] = 1
        stack.append(n)
        for m in sorted(g.get(n, ())):
            if state.get(m) == 1:
                found.append(' -> '.join(stack[stack.index(m):] + [m]))
            elif m not in state:
                walk(m)
        stack.pop()
        state[n] = 2

    for n in sorted(g):
        if n not in state:
            walk(n)
    return found


for line in cycles(graph(sys.argv[1])):
    print(line)
