#!/usr/bin/env python3
"""Reads README.md and doc/*.md as GitHub shows them.

  docs.py links FILE...      every relative link and #anchor that does not
                             resolve, one line each: FILE:LINE: TARGET: why
  docs.py anchors FILE       the GitHub anchors of FILE's headings, one a line
  docs.py examples FILE...   the example commands of fenced code blocks, one
                             a line: FILE:LINE<TAB>STATUS<TAB>COMMAND, STATUS
                             the exit status a trailing "# exits N" names
                             (else 0); `cp` lines of a block come along, in
                             order, as setup (STATUS "-")
"""
import os
import re
import sys
import unicodedata

FENCE = re.compile(r'^ {0,3}(`{3,}|~{3,})(.*)$')


def blocks(text):
    """Yields (lineno, line, fence_info or None) for every line; fence_info
    is the info string of the code block the line is inside."""
    fence = None
    info = None
    for n, line in enumerate(text.split('\n'), 1):
        m = FENCE.match(line)
        if fence is None and m:
            fence, info = m.group(1), m.group(2).strip()
            yield n, line, None, True
            continue
        if fence is not None and m and m.group(1)[0] == fence[0] and \
                len(m.group(1)) >= len(fence) and not m.group(2).strip():
            fence = None
            yield n, line, None, True
            continue
        yield n, line, info if fence is not None else None, False


def slug(heading):
    """GitHub's anchor of a heading: markup gone, lower case, every
    character but letters, marks, digits, '_', '-' and space dropped,
    spaces as '-'."""
    h = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', heading)   # links: their text
    h = re.sub(r'<[^>]+>', '', h)                            # inline HTML
    h = h.strip().lower()
    out = []
    for ch in h:
        cat = unicodedata.category(ch)
        if ch in '-_' or ch == ' ' or cat[0] in 'LMN' and cat != 'No' and cat != 'Nl':
            out.append('-' if ch == ' ' else ch)
    return ''.join(out)


def anchors(path):
    text = open(path, encoding='utf-8').read()
    seen = {}
    result = set()
    for n, line, info, fence in blocks(text):
        if info is not None or fence:
            continue
        m = re.match(r'^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$', line)
        if m:
            base = slug(m.group(2))
            k = seen.get(base, 0)
            seen[base] = k + 1
            result.add(base if k == 0 else '%s-%d' % (base, k))
        for a in re.findall(r'<a\s+(?:id|name)="([^"]+)"', line):
            result.add(a)
    return result


def strip_code_spans(line):
    return re.sub(r'(`+)(.+?)\1', lambda m: ' ' * len(m.group(0)), line)


def links(paths):
    bad = []
    cache = {}
    for path in paths:
        text = open(path, encoding='utf-8').read()
        for n, line, info, fence in blocks(text):
            if info is not None or fence:
                continue
            for target in re.findall(r'\]\(([^)\s]+)(?:\s+"[^"]*")?\)', strip_code_spans(line)):
                if re.match(r'^[a-z][a-z0-9+.-]*:', target):
                    continue
                file, _, frag = target.partition('#')
                dest = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
                where = '%s:%d: %s' % (path, n, target)
                if not os.path.exists(dest):
                    bad.append(where + ': no such file')
                    continue
                if frag:
                    if not dest.endswith('.md'):
                        bad.append(where + ': an anchor in a file that is not Markdown')
                        continue
                    if dest not in cache:
                        cache[dest] = anchors(dest)
                    if frag not in cache[dest]:
                        bad.append(where + ': no heading with that anchor in ' + dest)
    return bad


def examples(paths):
    out = []
    for path in paths:
        text = open(path, encoding='utf-8').read()
        after_usage = False
        skip_block = False
        pending = None
        for n, line, info, fence in blocks(text):
            if info is None and not fence and line.startswith('## '):
                after_usage = line.strip() == '## Usage' and os.path.basename(path) == 'README.md'
            if fence:
                # the README's usage block is --help's usage lines (t-cli.sh)
                skip_block = info is None and after_usage
                after_usage = False
                continue
            if info is None or skip_block:
                continue
            if pending is not None:
                pending = (pending[0], pending[1] + ' ' + line.strip())
            else:
                s = line.strip()
                if s.startswith('noisefloor ') or s.startswith('./noisefloor '):
                    pending = (n, s)
                elif s.startswith('cp ') and info == 'sh':
                    out.append('%s:%d\t-\t%s' % (path, n, s))
                    continue
                else:
                    continue
            if pending[1].endswith('\\'):
                pending = (pending[0], pending[1][:-1].rstrip())
                continue
            cmd = pending[1]
            m = re.search(r'#.*\bexits (\d+)\b', cmd)
            out.append('%s:%d\t%s\t%s' % (path, pending[0], m.group(1) if m else '0', cmd))
            pending = None
    return out


if __name__ == '__main__':
    what, args = sys.argv[1], sys.argv[2:]
    if what == 'links':
        print('\n'.join(links(args)))
    elif what == 'anchors':
        print('\n'.join(sorted(anchors(args[0]))))
    elif what == 'examples':
        print('\n'.join(examples(args)))
    else:
        sys.exit('usage: docs.py links|anchors|examples FILE...')
