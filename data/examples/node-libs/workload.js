'use strict';
// Three libraries at work on real documents, as rounds-format results for
// `noisefloor run --measure output` (see run.sh):
//
//   acorn.parse lodash.js      acorn's parse() of lodash's lodash.js (the
//                              unminified 546 KB source) into an ESTree AST
//   marked.parse Markdown      marked's parse() of ~246 KB of Markdown: five
//                              README, guide and CHANGELOG files from npm
//                              packages, concatenated (MARKDOWN_FILES below)
//   yaml.parse regexes.yaml    yaml's parse() of uap-core's regexes.yaml
//                              (205 KB, unmodified) into plain objects
//
// Usage: node workload.js MODULES [PASSES [WARMUP]]
//
// MODULES is a node_modules folder holding acorn, lodash, marked, yaml and the
// document packages at the versions run.sh pins. Each workload runs WARMUP
// untimed passes (default 3), then PASSES timed ones (default 5), one after
// another in this process. Each timed pass is measured twice:
//   CPU time   process.cpuUsage() before and after: user plus system time of
//              the whole process (V8's helper threads included: concurrent
//              marking and compilation count, so it can exceed wall time)
//   wall time  process.hrtime.bigint() before and after
// so each workload is two results, "<workload>, CPU time" and
// "<workload>, wall time", both in ms. On a loaded machine the wall time also
// holds the time the process waited for a core; the CPU time does not.
//
// The output is one header line naming the workloads, then one line per
// result with its passes:
//   {"workloads": {"acorn.parse lodash.js, CPU time": {"description": ..., "bytes": ..., "source": ...}}}
//   {"workload": "acorn.parse lodash.js, CPU time", "unit": "ms", "passes": [...],
//    "meta": {"node": ..., "v8": ..., "library": "acorn@8.19.0", "document": ..., "check": ...}}
//
// Plain CommonJS and nothing newer than Node.js 20, so the same file runs
// unchanged under every version compared; marked is an ES module and is
// loaded with import().

const fs = require('fs');
const path = require('path');
const url = require('url');

const SOURCE = 'data/examples/node-libs/workload.js';

function usage(msg) {
  process.stderr.write('workload.js: ' + msg + '\n' +
    'usage: node workload.js MODULES [PASSES [WARMUP]]\n');
  process.exit(2);
}

const MODULES = process.argv[2];
if (!MODULES) usage('MODULES (a node_modules folder) is missing');
if (!fs.existsSync(path.join(MODULES, 'acorn', 'package.json'))) {
  usage(`'${MODULES}' holds no acorn/package.json; run.sh installs the libraries there`);
}
const PASSES = Number(process.argv[3] || 5);
const WARMUP = Number(process.argv[4] || 3);
if (!Number.isInteger(PASSES) || PASSES < 1) usage('PASSES must be a whole number above zero');
if (!Number.isInteger(WARMUP) || WARMUP < 0) usage('WARMUP must be a whole number, zero or more');

// The Markdown document: these files, in this order, joined by a blank line.
const MARKDOWN_FILES = [
  'axios/README.md',
  'axios/MIGRATION_GUIDE.md',
  'commander/Readme.md',
  'form-data/CHANGELOG.md',
  'debug/README.md'
];
const YAML_FILE = 'uap-core/regexes.yaml';
const JS_FILE = 'lodash/lodash.js';

function version(pkg) {
  return JSON.parse(fs.readFileSync(path.join(MODULES, pkg, 'package.json'), 'utf8')).version;
}
function read(rel) {
  return fs.readFileSync(path.join(MODULES, rel), 'utf8');
}
function pkgOf(rel) {
  return rel.split('/')[0];
}
function at(rel) {
  return pkgOf(rel) + '@' + version(pkgOf(rel)) + rel.slice(pkgOf(rel).length);
}

// One pass: fn() once, timed both ways. The result's size goes into a check
// sum so that no pass's work can be dropped as unused.
function timePass(fn) {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const out = fn();
  const t1 = process.hrtime.bigint();
  const cpu = process.cpuUsage(cpu0);
  return {
    cpu: (cpu.user + cpu.system) / 1000,
    wall: Number(t1 - t0) / 1e6,
    check: out
  };
}

// process.cpuUsage() counts in microseconds: a pass shorter than that would
// be 0, which the rounds format refuses; none of these is anywhere near.
function positive(ms) {
  return Math.max(ms, 0.001);
}

async function main() {
  const acorn = require(path.join(MODULES, 'acorn'));
  const YAML = require(path.join(MODULES, 'yaml'));
  const markedPath = require.resolve('marked', { paths: [MODULES] });
  const { marked } = await import(url.pathToFileURL(markedPath).href);

  const js = read(JS_FILE);
  const md = MARKDOWN_FILES.map(read).join('\n\n');
  const yml = read(YAML_FILE);

  const WORKLOADS = [
    {
      name: 'acorn.parse lodash.js',
      library: 'acorn@' + version('acorn'),
      document: at(JS_FILE),
      bytes: Buffer.byteLength(js),
      what: `acorn.parse() of lodash's lodash.js (${at(JS_FILE)}, unminified) ` +
        'with ecmaVersion "latest", sourceType "script", into an ESTree AST',
      run: () => acorn.parse(js, { ecmaVersion: 'latest', sourceType: 'script' }).body.length
    },
    {
      name: 'marked.parse Markdown',
      library: 'marked@' + version('marked'),
      document: MARKDOWN_FILES.map(at).join(' + '),
      bytes: Buffer.byteLength(md),
      what: 'marked.parse() (default options) of Markdown to HTML: ' +
        MARKDOWN_FILES.map(at).join(', ') + ', concatenated with a blank line between',
      run: () => marked.parse(md).length
    },
    {
      name: 'yaml.parse regexes.yaml',
      library: 'yaml@' + version('yaml'),
      document: at(YAML_FILE),
      bytes: Buffer.byteLength(yml),
      what: `YAML.parse() of uap-core's regexes.yaml (${at(YAML_FILE)}, unmodified) ` +
        'into plain objects',
      run: () => {
        const doc = YAML.parse(yml);
        return doc.user_agent_parsers.length + doc.os_parsers.length + doc.device_parsers.length;
      }
    }
  ];

  const results = {};
  for (const w of WORKLOADS) {
    for (let i = 0; i < WARMUP; i++) w.run();
    const cpu = [];
    const wall = [];
    let check;
    for (let p = 0; p < PASSES; p++) {
      const r = timePass(w.run);
      cpu.push(positive(r.cpu));
      wall.push(positive(r.wall));
      if (check === undefined) check = r.check;
      else if (check !== r.check) throw new Error(`${w.name}: pass ${p + 1} gave ${r.check}, pass 1 gave ${check}`);
    }
    results[w.name] = { cpu, wall, check };
  }

  const workloads = {};
  const lines = [];
  for (const w of WORKLOADS) {
    for (const [metric, key, how] of [
      ['CPU time', 'cpu', 'process CPU time (user + system, process.cpuUsage) of one pass'],
      ['wall time', 'wall', 'wall time (process.hrtime.bigint) of one pass']]) {
      const name = `${w.name}, ${metric}`;
      workloads[name] = {
        description: `${w.what}; ${how}, after ${WARMUP} untimed passes`,
        bytes: w.bytes,
        source: SOURCE
      };
      lines.push({
        workload: name,
        unit: 'ms',
        better: 'lower',
        passes: results[w.name][key].map((x) => Math.round(x * 1000) / 1000),
        meta: {
          node: process.versions.node,
          v8: process.versions.v8,
          library: w.library,
          document: w.document,
          bytes: w.bytes,
          check: results[w.name].check
        }
      });
    }
  }
  process.stdout.write([JSON.stringify({ workloads })]
    .concat(lines.map((l) => JSON.stringify(l))).join('\n') + '\n');
}

main().catch((e) => {
  process.stderr.write('workload.js: error: ' + (e && e.stack || e) + '\n');
  process.exit(1);
});
