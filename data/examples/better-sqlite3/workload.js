'use strict';
// The SQLite work of forwardemail/sqlite-benchmarks' benchmark.js, as
// rounds-format results for `noisefloor run --measure output` (see run.sh).
//
// Usage: NODE_PATH=DIR/node_modules node workload.js [PASSES]
//
// DIR holds better-sqlite3 and better-sqlite3-multiple-ciphers built for the
// Node.js that runs this script (run.sh builds them once per version).
// WORKLOAD_CONFIG=plain (or encrypted) runs that configuration only, and then
// only its library needs to be in DIR (the bisect, bisect-select.sh, does so).
//
// Followed: benchmark.js as of commit eef348f3a9f3a01656d0b274724c5c2238f85f6f
// (the last commit that changed it; unchanged at 74f078593191). Two of its
// configurations:
//   "Forward Email Production"         better-sqlite3-multiple-ciphers, chacha20
//   "better-sqlite3 (no encryption)"   better-sqlite3, the same PRAGMAs
// and for each, what benchmarkConfiguration() does: a fresh database file,
// the PRAGMAs of setupPragma(), the tables and 1,000 messages of
// createTestData(), then timed with process.hrtime.bigint():
//   INSERT  100 single-row INSERTs of a ~1 KB message, no transaction
//   SELECT  1,000 times the 50 newest messages of the last 30 days
//   UPDATE  100 single-row UPDATEs of the flags
//   DELETE  one DELETE ... WHERE id > 1500 (it removes no row: the ids end
//           at 1,100; benchmark.js times it all the same)
// each as operations per second, computed as benchmark.js computes them.
//
// One pass is one such fresh database: the same work benchmark.js does once
// per process. PASSES (default 3) passes run one after another in this
// process, each on a new file; the first is cold, as benchmark.js's one run
// is. The output is one header line naming the workloads, then one line per
// workload with its passes:
//   {"workloads": {"SELECT 50 newest, encrypted": {"description": ..., "source": ...}}}
//   {"workload": "SELECT 50 newest, encrypted", "unit": "ops/s", "passes": [...],
//    "meta": {"node": ..., "v8": ..., "node_module_version": ..., "sqlite": ...}}
//
// Plain CommonJS, nothing newer than Node.js 20, so the same file runs
// unchanged under every version compared.

const fs = require('fs');
const os = require('os');
const path = require('path');

const PASSES = Number(process.argv[2] || 3);
if (!Number.isInteger(PASSES) || PASSES < 1) {
  process.stderr.write('workload.js: PASSES must be a whole number above zero\n');
  process.exit(2);
}

// benchmark.js's FORWARD_EMAIL_CONFIG
const FORWARD_EMAIL_CONFIG = {
  cipher: 'chacha20',
  journal_mode: 'WAL',
  secure_delete: 'ON',
  auto_vacuum: 'FULL',
  busy_timeout: 30000,
  synchronous: 'NORMAL',
  foreign_keys: 'ON',
  encoding: 'UTF-8',
  optimize: '0x10002',
  temp_store: 1
};

const CONFIGS = [
  { name: 'Forward Email Production', suffix: 'encrypted',
    library: 'better-sqlite3-multiple-ciphers', config: FORWARD_EMAIL_CONFIG },
  { name: 'better-sqlite3 (no encryption)', suffix: 'plain',
    library: 'better-sqlite3',
    config: Object.assign({}, FORWARD_EMAIL_CONFIG, { cipher: null, useStandard: true }) }
];

const ONLY = process.env.WORKLOAD_CONFIG;
if (ONLY !== undefined && !CONFIGS.some((c) => c.suffix === ONLY)) {
  process.stderr.write(`workload.js: WORKLOAD_CONFIG is '${ONLY}'; it takes ` +
    CONFIGS.map((c) => c.suffix).join(' or ') + '\n');
  process.exit(2);
}
if (ONLY !== undefined) CONFIGS.splice(0, CONFIGS.length, ...CONFIGS.filter((c) => c.suffix === ONLY));

const OPS = [
  { key: 'insert', label: 'INSERT',
    what: '100 single-row INSERTs of a ~1 KB message into a table of 1,000, no transaction' },
  { key: 'select', label: 'SELECT 50 newest',
    what: '1,000 runs of SELECT id, subject, from_addr, date ... ORDER BY date DESC LIMIT 50 over 1,000 messages (all 50 rows read into objects)' },
  { key: 'update', label: 'UPDATE',
    what: '100 single-row UPDATEs of a message\'s flags by id' },
  { key: 'delete', label: 'DELETE',
    what: 'one DELETE FROM messages WHERE id > 1500, timed alone (it removes no row)' }
];

const SOURCE = 'data/examples/better-sqlite3/workload.js';

function workloadName(op, c) {
  return op.label + ', ' + c.suffix;
}

// setupPragma() of benchmark.js
function setupPragma(db, config, dir) {
  const testPassword = 'test-password-123';
  if (config.cipher && !config.useStandard) {
    db.pragma(`cipher='${config.cipher}'`);
    if (typeof db.key === 'function') db.key(Buffer.from(testPassword));
    else db.pragma(`key="${testPassword}"`);
  }
  db.pragma(`journal_mode=${config.journal_mode || 'WAL'}`);
  if (config.secure_delete) db.pragma(`secure_delete=${config.secure_delete}`);
  if (config.auto_vacuum) db.pragma(`auto_vacuum=${config.auto_vacuum}`);
  if (config.busy_timeout) db.pragma(`busy_timeout=${config.busy_timeout}`);
  if (config.synchronous) db.pragma(`synchronous=${config.synchronous}`);
  if (config.foreign_keys) db.pragma(`foreign_keys=${config.foreign_keys}`);
  if (config.encoding) db.pragma(`encoding='${config.encoding}'`);
  if (config.optimize) db.pragma(`optimize=${config.optimize}`);
  if (config.temp_store) db.pragma(`temp_store=${config.temp_store}`);
  const tmp = path.join(dir, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  db.pragma(`temp_store_directory='${tmp}'`);
}

// createTestData() of benchmark.js
function createTestData(db) {
  db.exec(`
    CREATE TABLE IF NOT EXISTS messages (
      id INTEGER PRIMARY KEY,
      mailbox_id INTEGER NOT NULL,
      uid INTEGER NOT NULL,
      date INTEGER NOT NULL,
      flags TEXT,
      subject TEXT,
      from_addr TEXT,
      to_addr TEXT,
      message_id TEXT,
      raw BLOB,
      FOREIGN KEY (mailbox_id) REFERENCES mailboxes(id)
    );
    CREATE TABLE IF NOT EXISTS mailboxes (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      path TEXT NOT NULL,
      uidvalidity INTEGER NOT NULL,
      uidnext INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS idx_messages_mailbox_date ON messages(mailbox_id, date DESC);
    CREATE INDEX IF NOT EXISTS idx_messages_uid ON messages(mailbox_id, uid);
    CREATE INDEX IF NOT EXISTS idx_messages_flags ON messages(mailbox_id, flags) WHERE flags IS NOT NULL;
  `);
  db.prepare(`INSERT OR IGNORE INTO mailboxes (id, name, path, uidvalidity, uidnext)
    VALUES (1, 'INBOX', 'INBOX', 1234567890, 1)`).run();
  const insertMessage = db.prepare(`
    INSERT INTO messages (mailbox_id, uid, date, flags, subject, from_addr, to_addr, message_id, raw)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const batchInsert = db.transaction((messages) => {
    for (const message of messages) insertMessage.run(...message);
  });
  const messages = [];
  const now = Date.now();
  for (let i = 1; i <= 1000; i++) {
    messages.push([1, i, now - (i * 60000), i % 10 === 0 ? '\\Seen' : '',
      `Test Subject ${i}`, `sender${i}@example.com`, `recipient${i}@example.com`,
      `<message-${i}@example.com>`,
      Buffer.from(`Raw message content for message ${i}`.repeat(100))]);
  }
  batchInsert(messages);
}

function opsPerSec(iterations, start, end) {
  // benchmark.js rounds to whole operations per second
  return Math.round((iterations / (Number(end - start) / 1000000)) * 1000);
}

// benchmarkInserts/Selects/Updates/Deletes() of benchmark.js
function timeOps(db) {
  const out = {};
  const insertStmt = db.prepare(`
    INSERT INTO messages (mailbox_id, uid, date, flags, subject, from_addr, to_addr, message_id, raw)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  let start = process.hrtime.bigint();
  for (let i = 2000; i < 2100; i++) {
    insertStmt.run(1, i, Date.now(), '', `Benchmark Subject ${i}`, `bench${i}@example.com`,
      `test${i}@example.com`, `<bench-${i}@example.com>`,
      Buffer.from(`Benchmark message ${i}`.repeat(50)));
  }
  out.insert = opsPerSec(100, start, process.hrtime.bigint());

  const selectStmt = db.prepare(`
    SELECT id, subject, from_addr, date
    FROM messages
    WHERE mailbox_id = ? AND date > ?
    ORDER BY date DESC
    LIMIT 50`);
  start = process.hrtime.bigint();
  for (let i = 0; i < 1000; i++) selectStmt.all(1, Date.now() - (86400000 * 30));
  out.select = opsPerSec(1000, start, process.hrtime.bigint());

  const updateStmt = db.prepare('UPDATE messages SET flags = ? WHERE id = ?');
  start = process.hrtime.bigint();
  for (let i = 1; i <= 100; i++) updateStmt.run('\\Seen \\Flagged', i);
  out.update = opsPerSec(100, start, process.hrtime.bigint());

  const deleteStmt = db.prepare('DELETE FROM messages WHERE id > ?');
  start = process.hrtime.bigint();
  deleteStmt.run(1500);
  out.delete = opsPerSec(1, start, process.hrtime.bigint());
  return out;
}

function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'noisefloor-sqlite-'));
  process.env.SQLITE_TMPDIR = path.join(dir, 'tmp'); // as benchmark.js does
  const passes = {};
  const about = {};
  try {
    for (const c of CONFIGS) {
      const Database = require(c.library);
      const pkg = require(c.library + '/package.json');
      for (const op of OPS) passes[workloadName(op, c)] = [];
      for (let p = 0; p < PASSES; p++) {
        const file = path.join(dir, `${c.suffix}-${p}.db`);
        const db = new Database(file, c.config.useStandard ? {} : { cipher: c.config.cipher });
        setupPragma(db, c.config, dir);
        createTestData(db);
        const r = timeOps(db);
        if (p === 0) {
          about[c.suffix] = {
            library: c.library + '@' + pkg.version,
            sqlite: db.prepare('SELECT sqlite_version() AS v').get().v
          };
        }
        db.close();
        for (const name of [file, file + '-wal', file + '-shm']) fs.rmSync(name, { force: true });
        for (const op of OPS) {
          // one DELETE of nothing can be under the timer's resolution
          passes[workloadName(op, c)].push(Math.max(r[op.key], 1));
        }
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }

  const workloads = {};
  for (const c of CONFIGS) {
    for (const op of OPS) {
      workloads[workloadName(op, c)] = {
        description: `${op.what}; benchmark.js's "${c.name}" configuration (${c.library}` +
          (c.config.cipher ? `, ${c.config.cipher} cipher` : '') + '); operations per second',
        source: SOURCE
      };
    }
  }
  const lines = [JSON.stringify({ workloads })];
  for (const c of CONFIGS) {
    for (const op of OPS) {
      lines.push(JSON.stringify({
        workload: workloadName(op, c),
        unit: 'ops/s',
        passes: passes[workloadName(op, c)],
        meta: {
          node: process.versions.node,
          v8: process.versions.v8,
          node_module_version: process.versions.modules,
          library: about[c.suffix].library,
          sqlite: about[c.suffix].sqlite
        }
      }));
    }
  }
  process.stdout.write(lines.join('\n') + '\n');
}

main();
