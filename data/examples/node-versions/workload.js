'use strict';
// Benchmark workloads for the node-versions example dataset.
//
// Usage: node workload.js              time every workload
//        node workload.js --describe   describe every workload, time nothing
//
// Runs each workload once untimed (warm-up), then five timed passes, and
// prints one rounds-format result line per workload to stdout:
//   {"workload": "...", "unit": "ms", "passes": [ms, ms, ms, ms, ms],
//    "meta": {"node": "...", "v8": "..."}}
// `noisefloor run --measure output` reads these lines (see run.sh).
//
// With --describe it prints the rounds format's "workloads" field instead:
//   {"workloads": {"<name>": {"description": "...", "bytes": N, "source": "..."}}}
// where bytes is how much data one pass handles, measured here on the very
// inputs the timed passes use (left out where no byte count is meaningful).
//
// Plain CommonJS with nothing newer than Node 20 supports, so the same file
// runs unchanged on every version being compared. All inputs are generated
// deterministically, so every version works on identical data.

const crypto = require('crypto');

const WARMUP_PASSES = 1;
const TIMED_PASSES = 5;

// Results of each pass are folded into this so no work can be dropped as dead.
let sink = 0;

function mulberry32(seed) {
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---- input data, built once before any timing ------------------------------

const FIRST = ['Ada', 'Grace', 'Linus', 'Barbara', 'Ken', 'Margaret', 'Dennis',
  'Frances', 'Edsger', 'Radia', 'Niklaus', 'Shafi', 'Donald', 'Hedy'];
const LAST = ['Lovelace', 'Hopper', 'Torvalds', 'Liskov', 'Thompson', 'Hamilton',
  'Ritchie', 'Allen', 'Dijkstra', 'Perlman', 'Wirth', 'Goldwasser', 'Knuth', 'Lamarr'];
const TAGS = ['admin', 'beta', 'billing', 'support', 'ops', 'trial', 'vip',
  'legacy', 'mobile', 'api'];
const CITIES = ['Lisbon', 'Oslo', 'Toronto', 'Nairobi', 'Osaka', 'Santiago',
  'Leeds', 'Porto', 'Austin', 'Tallinn'];
const DOMAINS = ['example.com', 'mail.example.org', 'corp.example.net', 'test.io'];

function buildRows(count) {
  const rand = mulberry32(20240101);
  const base = Date.UTC(2020, 0, 1);
  const rows = new Array(count);
  for (let i = 0; i < count; i++) {
    const first = FIRST[Math.floor(rand() * FIRST.length)];
    const last = LAST[Math.floor(rand() * LAST.length)];
    const tagCount = 1 + Math.floor(rand() * 4);
    const tags = [];
    for (let t = 0; t < tagCount; t++) tags.push(TAGS[Math.floor(rand() * TAGS.length)]);
    rows[i] = {
      id: i + 1,
      name: first + ' ' + last,
      email: (first + '.' + last + i).toLowerCase() + '@' +
        DOMAINS[Math.floor(rand() * DOMAINS.length)],
      tags: tags,
      address: {
        street: (1 + Math.floor(rand() * 9999)) + ' Main Street',
        city: CITIES[Math.floor(rand() * CITIES.length)],
        zip: String(10000 + Math.floor(rand() * 89999)),
        geo: { lat: rand() * 180 - 90, lng: rand() * 360 - 180 }
      },
      created: new Date(base + Math.floor(rand() * 5 * 365 * 86400000)).toISOString(),
      active: rand() < 0.8,
      score: Math.round(rand() * 100000) / 1000
    };
  }
  return { total: count, page: 1, items: rows };
}

const apiObject = buildRows(20000);
const apiJson = JSON.stringify(apiObject);

const intRand = mulberry32(42);
const integers = new Array(200000);
for (let i = 0; i < integers.length; i++) {
  integers[i] = Math.floor(intRand() * 2147483647) - 1073741823;
}

const pieceRand = mulberry32(7);
const pieces = new Array(50000);
for (let i = 0; i < pieces.length; i++) {
  pieces[i] = 'item-' + i + '-' + Math.floor(pieceRand() * 1e6).toString(36) + ';';
}

const emailRand = mulberry32(99);
const emails = new Array(100000);
for (let i = 0; i < emails.length; i++) {
  const r = emailRand();
  const user = FIRST[i % FIRST.length].toLowerCase() + '.' + LAST[(i * 7) % LAST.length].toLowerCase() + i;
  // Roughly one in five addresses is malformed in some way.
  if (r < 0.05) emails[i] = user + '@';
  else if (r < 0.10) emails[i] = user + '@@' + DOMAINS[i % DOMAINS.length];
  else if (r < 0.15) emails[i] = user + '@' + DOMAINS[i % DOMAINS.length].replace(/\./g, '');
  else if (r < 0.20) emails[i] = user + ' x@' + DOMAINS[i % DOMAINS.length];
  else emails[i] = user + '@' + DOMAINS[i % DOMAINS.length];
}
const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

const hashInput = Buffer.alloc(8 * 1024 * 1024);
{
  const bufRand = mulberry32(1234);
  for (let i = 0; i < hashInput.length; i += 4) {
    hashInput.writeUInt32LE((bufRand() * 4294967296) >>> 0, i);
  }
}

const mapKeys = new Array(200000);
for (let i = 0; i < mapKeys.length; i++) mapKeys[i] = 'key:' + i;

// ---- workloads ---------------------------------------------------------------

// [name, what one pass does, bytes one pass handles (or null), the pass]
const workloads = [
  ['JSON.parse, 20k rows',
    'JSON.parse of an API-style response: 20,000 objects with id, name, email, ' +
    'a tags array, a nested address, an ISO date, a boolean and a float score',
    function () { return Buffer.byteLength(apiJson); },
    function () {
      const obj = JSON.parse(apiJson);
      return obj.items.length;
    }],
  ['JSON.stringify, 20k rows',
    'JSON.stringify of the same 20,000-row object back to JSON text',
    function () { return Buffer.byteLength(JSON.stringify(apiObject)); },
    function () {
      return JSON.stringify(apiObject).length;
    }],
  ['Sort 200k integers',
    'Sorting a copy of 200,000 pseudo-random integers with (a, b) => a - b',
    null,
    function () {
      const copy = integers.slice();
      copy.sort(function (a, b) { return a - b; });
      return copy[0] + copy[copy.length - 1];
    }],
  ['Concatenate 50k strings',
    'Building one string with += from 50,000 short pieces, then reading its length',
    function () { return Buffer.byteLength(pieces.join('')); },
    function () {
      let s = '';
      for (let i = 0; i < pieces.length; i++) s += pieces[i];
      return s.length;
    }],
  ['Regex over 100k emails',
    'Testing an email regular expression against 100,000 generated addresses ' +
    '(about a fifth malformed) and counting the matches',
    function () {
      let n = 0;
      for (let i = 0; i < emails.length; i++) n += Buffer.byteLength(emails[i]);
      return n;
    },
    function () {
      let matches = 0;
      for (let i = 0; i < emails.length; i++) {
        if (EMAIL_RE.test(emails[i])) matches++;
      }
      return matches;
    }],
  ['SHA-256 of 8 MB',
    "crypto.createHash('sha256') over an 8 MiB buffer of pseudo-random bytes",
    function () { return hashInput.length; },
    function () {
      const digest = crypto.createHash('sha256').update(hashInput).digest();
      return digest[0];
    }],
  ['Map of 200k keys',
    'Filling a new Map with 200,000 short string keys',
    function () {
      let n = 0;
      for (let i = 0; i < mapKeys.length; i++) n += Buffer.byteLength(mapKeys[i]);
      return n;
    },
    function () {
      const m = new Map();
      for (let i = 0; i < mapKeys.length; i++) m.set(mapKeys[i], i);
      return m.size;
    }]
];

if (process.argv[2] === '--describe') {
  const described = {};
  for (const [name, description, bytes] of workloads) {
    described[name] = { description: description };
    if (bytes) described[name].bytes = bytes();
    described[name].source = 'data/examples/node-versions/workload.js';
  }
  process.stdout.write(JSON.stringify({ workloads: described }) + '\n');
  process.exit(0);
}

const results = [];
for (const entry of workloads) {
  const name = entry[0];
  const fn = entry[3];
  for (let w = 0; w < WARMUP_PASSES; w++) sink = (sink + fn()) | 0;
  const passes = [];
  for (let p = 0; p < TIMED_PASSES; p++) {
    const start = process.hrtime.bigint();
    const value = fn();
    const end = process.hrtime.bigint();
    sink = (sink + value) | 0;
    passes.push(Math.round(Number(end - start) / 1000) / 1000);
  }
  results.push({ workload: name, passes: passes });
}

if (sink === 0x7fffffff) process.stderr.write('sink ' + sink + '\n');

// One rounds-format result line per workload; `noisefloor run --measure
// output` fills in version, round, timestamp and platform. The runtime's own
// record goes into meta, so the report shows V8 beside each version even
// when the command is not a plain node binary (a container, say).
for (const r of results) {
  process.stdout.write(JSON.stringify({
    workload: r.workload,
    unit: 'ms',
    passes: r.passes,
    meta: { node: process.versions.node, v8: process.versions.v8 }
  }) + '\n');
}
