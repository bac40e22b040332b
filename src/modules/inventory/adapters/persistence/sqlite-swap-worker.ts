import { Worker } from 'node:worker_threads';

/** What the swap of a staged upload needs: the database file, the staged rows and the statements. */
export interface SqliteSwapJob {
  databaseFile: string;
  staging: string;
  dealerId: string;
  condition: string;
  uploadId: number;
  upsertSql: string;
  countSql: string;
  staleSql: string;
  /** Increments the dealership's inventory version, in the same transaction. */
  bumpSql: string;
  batchRows: number;
}

/**
 * The worker: plain JavaScript evaluated in a worker thread (no build step: the same in tests and
 * dist). Its own connection to the same file; BEGIN IMMEDIATE takes the write lock up front, and
 * its busy timeout waits on another writer without blocking the API's thread.
 */
const WORKER_SOURCE = `
const { workerData: job, parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const { StringDecoder } = require('node:string_decoder');
const Database = require(job.betterSqlite3);

function* readStaged(file, size) {
  const fd = fs.openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(1 << 20);
    const decoder = new StringDecoder('utf8');
    let carry = '';
    let batch = [];
    for (;;) {
      const read = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      const lines = (carry + decoder.write(buffer.subarray(0, read))).split('\\n');
      carry = lines.pop();
      for (const line of lines) {
        if (line === '') continue;
        batch.push(JSON.parse(line));
        if (batch.length === size) { yield batch; batch = []; }
      }
    }
    if (carry !== '') batch.push(JSON.parse(carry));
    if (batch.length > 0) yield batch;
  } finally {
    fs.closeSync(fd);
  }
}

const db = new Database(job.databaseFile);
try {
  db.pragma('busy_timeout = 60000');
  db.pragma('synchronous = NORMAL');
  const upsert = db.prepare(job.upsertSql);
  const count = db.prepare(job.countSql);
  const stale = db.prepare(job.staleSql);
  const bump = db.prepare(job.bumpSql);
  const swap = db.transaction(() => {
    const { n } = count.get(job.dealerId, job.condition);
    let inserted = 0;
    for (const batch of readStaged(job.staging, job.batchRows)) {
      for (const row of batch) upsert.run(row);
      inserted += batch.length;
    }
    stale.run(job.dealerId, job.condition, job.uploadId);
    bump.run(job.dealerId);
    return { deleted: n, inserted };
  });
  parentPort.postMessage({ ok: swap.immediate() });
} catch (err) {
  parentPort.postMessage({ error: String(err && err.message), code: err && err.code });
} finally {
  db.close();
}
`;

/**
 * Runs the swap of a staged upload on a worker thread, so a 200,000-row replace does not hold the
 * API's event loop for seconds: health checks and other dealerships' reads (WAL: readers see the
 * last commit) are answered meanwhile. One transaction: all of it commits, or none.
 */
export function swapOnWorker(job: SqliteSwapJob): Promise<{ deleted: number; inserted: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { ...job, betterSqlite3: require.resolve('better-sqlite3') } });
    let settled = false;
    worker.once('message', (message: { ok: { deleted: number; inserted: number } } | { error: string; code?: string }) => {
      settled = true;
      if ('ok' in message) resolve(message.ok);
      else reject(Object.assign(new Error(`inventory swap failed: ${message.error}`), { code: message.code }));
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the inventory swap worker exited (code ${code}) before answering`));
    });
  });
}
