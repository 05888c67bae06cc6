#!/usr/bin/env python3
"""bar_labels.py OVERVIEW.svg: checks what a reader of the overview's bars
relies on, against the chart's own description (<desc>), which lists every
bar in drawing order as "version change[ within noise| not confirmed][ (anomaly)]":

- every bar has its label beside its end (or inside it, when it runs off
  the axis): its change, and "not confirmed" for a bar beyond the noise that
  the rank test does not confirm;
- every bar is drawn as its kind: solid for a claim, pale for within noise,
  pale with a dashed outline for not confirmed;
- every version and every kind of bar shown has its legend entry.

Prints one line per problem; nothing when there is none."""
import re, sys
sys.path.insert(0, __import__('os').path.dirname(__file__))
import svg_text

path = sys.argv[1]
svg = open(path, encoding='utf-8').read()
desc = re.search(r'<desc>(.*?)</desc>', svg, re.S).group(1)
# each bar as its description gives it: the version, its size against the
# baseline in the verdicts' words ("40% faster", "2.4× slower", "the same")
entries = re.findall(r'(?:: |, )(\S+) ((?:[0-9.,]+(?:%|\u00d7) (?:faster|slower|smaller|larger|less memory|more memory))|the same)( within noise| not confirmed)?( \(anomaly\))?(?=[,.])', desc)
texts = svg_text.texts(path)
# bars: rectangles 1.08 base sizes thick (13 px), neither background nor band
bars = [r for r in svg_text.rects(path)
        if abs(r['h'] - 14.04) < 0.2 and r['fill'] not in ('#ffffff', '#e6e6e6')]
problems = []
if len(bars) != len(entries):
    problems.append('%d bars drawn, %d described' % (len(bars), len(entries)))
for (version, change, kind, anomaly), bar in zip(entries, bars):
    kind = kind.strip()
    # a version of two clusters says so beside its bar (its bar is judged
    # against its own spread, not the band drawn for the others)
    want = change + (' not confirmed' if kind == 'not confirmed' else anomaly)
    # the label sits beside the bar's far end, whichever way it points
    ends = (bar['x'], bar['x'] + bar['w'])
    mid = bar['y'] + bar['h'] / 2
    near = [t for t in texts if not t['rotated'] and abs(t['y'] - mid - 3) < bar['h'] / 2 and
            min(abs(x - e) for x in (t['x0'], t['x1']) for e in ends) < 13]
    if [t['text'] for t in near] != [want]:
        problems.append('%s %s: labelled %s, wanted [%s]' %
                        (version, change, [t['text'] for t in near], want))
    elif bar['stroke'] and near[0]['fill'] == '#ffffff':
        problems.append('%s %s: a white label on a pale bar' % (version, change))
    style = ('not confirmed' if bar['dashed'] else 'within noise') if bar['stroke'] else ''
    if style != kind:
        problems.append('%s %s: drawn as [%s], described as [%s]' % (version, change, style, kind))
top = min([b['y'] for b in bars] or [0])
legend = {t['text'] for t in texts if t['y'] < top}
for want in sorted({e[0] for e in entries} | {e[2].strip() for e in entries if e[2]}):
    if want not in legend:
        problems.append('no legend entry [%s]' % want)
print('\n'.join(problems), end='\n' if problems else '')
