// Conversations and engagement benchmark (run after `nest build`: `npm run bench:conversations`).
//
// 1. A fresh MySQL database; the CLI creates the dealership (and runs the migrations).
// 2. 100,000 conversations (and their contacts) for that one dealership, bulk-inserted directly.
// 3. The API as a separate process (`node dist/src/main.js`, LOG_LEVEL=warn, DEMO_SEED=false) on
//    that database and Redis (Bull); listing latency p50/p95/p99 over HTTP for several filter
//    combinations (one request at a time), and engage throughput (BENCH_ENGAGE_CONCURRENCY requests
//    in flight for BENCH_ENGAGE_SECONDS; accepted/s).
//
// Variables: BENCH_MYSQL_URL (mysql://root@127.0.0.1:3306), BENCH_REDIS_URL (redis://127.0.0.1:6379),
// BENCH_CONVERSATIONS (100000), BENCH_REQUESTS (400 per listing), BENCH_ENGAGE_SECONDS (10),
// BENCH_ENGAGE_CONCURRENCY (50), BENCH_PORT (a free port), BENCH_KEEP=1 keeps the database,
// BENCH_SEPARATE_WORKER=1 runs the delivery worker as its own process (`node dist/src/worker.js`,
// the API with RUN_WORKERS=false) instead of inside the API process (the default).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { flushRedisPrefix, freePort, percentile, UNTHROTTLED } from './support/processes.mjs';

const require = createRequire(import.meta.url);
const mysql = require('mysql2/promise');

const ROOT = path.resolve(import.meta.dirname, '..');
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 100000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const ENGAGE_SECONDS = Number(process.env.BENCH_ENGAGE_SECONDS ?? 10);
const ENGAGE_CONCURRENCY = Number(process.env.BENCH_ENGAGE_CONCURRENCY ?? 50);
const PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
const SEPARATE_WORKER = ['1', 'true'].includes(process.env.BENCH_SEPARATE_WORKER ?? '');
const DAY = 24 * 3600 * 1000;

const tag = `conv_bench_${Date.now().toString(36)}`;
const serverUrl = new URL(MYSQL_URL);
serverUrl.pathname = '/';
const dbUrl = new URL(MYSQL_URL);
dbUrl.pathname = `/${tag}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'conversations-bench-'));
const env = {
  ...process.env, ...UNTHROTTLED, DATABASE_URL: dbUrl.toString(), MIGRATE_ON_START: 'true', REDIS_URL, QUEUE_PREFIX: tag, DATA_DIR: dataDir,
  LOG_LEVEL: 'warn', DEMO_SEED: 'false', PORT: String(PORT), HOST: '127.0.0.1',
};

const admin = await mysql.createConnection({ uri: serverUrl.toString() });
let api;
let worker;
try {
  await admin.query(`CREATE DATABASE \`${tag}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const dealer = cli('dealer', 'create', '--name', 'Bench Motors', '--region', 'CA');
  const auth = `Basic ${Buffer.from(`${dealer.username}:${dealer.password}`).toString('base64')}`;
  console.log(`database ${tag}; dealership ${dealer.dealer_id}`);

  const now = Date.now();
  const seedMs = await seedConversations(dealer.dealer_id, now);
  console.log(`seeded ${CONVERSATIONS.toLocaleString('en')} conversations (with contacts) in ${(seedMs / 1000).toFixed(1)} s`);

  api = spawn(process.execPath, [path.join(ROOT, 'dist/src/main.js')], { env: { ...env, RUN_WORKERS: SEPARATE_WORKER ? 'false' : 'true' }, stdio: ['ignore', 'pipe', 'inherit'] });
  api.stdout.resume();
  if (SEPARATE_WORKER) {
    worker = spawn(process.execPath, [path.join(ROOT, 'dist/src/worker.js')], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    worker.stdout.resume();
  }
  await waitForReady();
  const agent = new http.Agent({ keepAlive: true, maxSockets: ENGAGE_CONCURRENCY + 8 });

  const from = new Date(now - 30 * DAY).toISOString();
  const to = new Date(now).toISOString();
  const listings = [
    ['Take=20, Channel=sms, ModifiedDateFrom/To (last 30 days)  [target p95 < 30 ms]', `/api/v1/conversation?Take=20&Channel=sms&ModifiedDateFrom=${from}&ModifiedDateTo=${to}`],
    ['Take=20, Channel=SMS, CreatedDateFrom/To (last 30 days)', `/api/v1/conversation?Take=20&Channel=SMS&CreatedDateFrom=${from}&CreatedDateTo=${to}`],
    ['Take=20, no filter (default order, newest first)', '/api/v1/conversation?Take=20'],
    ['Take=20, Status=paused, SortOrder=asc', '/api/v1/conversation?Take=20&Status=paused&SortOrder=asc'],
    ['Take=20, Channel=email, Status=Ended, ModifiedDateFrom (last 90 days)', `/api/v1/conversation?Take=20&Channel=email&Status=Ended&ModifiedDateFrom=${new Date(now - 90 * DAY).toISOString()}`],
    ['Take=20, IncludeIsArchived=true', '/api/v1/conversation?Take=20&IncludeIsArchived=true'],
    ['Take=100, Skip=1000, Channel=webchat (chats family)', '/api/v1/chats/chats?Take=100&Skip=1000&Channel=webchat'],
  ];
  console.log(`\nlisting latency over HTTP, ${REQUESTS} sequential requests each (after 30 warm-up):`);
  const results = [];
  for (const [name, url] of listings) {
    const r = await latency(agent, auth, url);
    results.push({ name, ...r });
    console.log(`  ${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (total_row_count ${r.total.toLocaleString('en')})`);
  }
  const single = (await get(agent, auth, '/api/v1/conversation?Take=1')).rows[0].conversation_id;
  const one = await latency(agent, auth, `/api/v1/conversation/${single}?includeMessages=true`);
  console.log(`  single read with includeMessages=true: p50 ${one.p50.toFixed(1)} ms, p95 ${one.p95.toFixed(1)} ms`);

  console.log(`\nengage throughput: ${ENGAGE_CONCURRENCY} requests in flight for ${ENGAGE_SECONDS} s (Redis/Bull, log engine; delivery worker ${SEPARATE_WORKER ? 'in its own process' : 'inside the API process'}):`);
  const engage = await engageLoad(agent, auth);
  console.log(`  ${engage.accepted.toLocaleString('en')} accepted (202) in ${engage.seconds.toFixed(1)} s = ${(engage.accepted / engage.seconds).toFixed(0)} accepted/s [target >= 500]; other answers: ${JSON.stringify(engage.others)}`);
  console.log(`  request latency p50 ${engage.p50.toFixed(1)} ms, p95 ${engage.p95.toFixed(1)} ms`);
  const drained = await drainDeliveries(dealer.dealer_id);
  console.log(`  deliveries: ${drained.sent.toLocaleString('en')} sent, ${drained.pending} still queued ${drained.seconds.toFixed(1)} s after the load ended`);

  agent.destroy();
  fs.mkdirSync(path.join(ROOT, 'bench/out'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/out/conversations.json'), JSON.stringify({ date: new Date().toISOString(), conversations: CONVERSATIONS, separateWorker: SEPARATE_WORKER, listings: results, engage }, null, 2));
} finally {
  for (const child of [api, worker]) {
    if (!child || child.exitCode !== null) continue;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
  if (!process.env.BENCH_KEEP) await admin.query(`DROP DATABASE IF EXISTS \`${tag}\``);
  await admin.end();
  await flushRedisPrefix(REDIS_URL, tag);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function cli(...args) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'dist/src/cli.js'), ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop());
}

/** Realistic spread: a year of conversations, half sms, a fifth archived, a few spam and ADF. */
async function seedConversations(dealerId, now) {
  const conn = await mysql.createConnection({ uri: dbUrl.toString() });
  const t0 = performance.now();
  const iso = (ms) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '');
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = (weights) => {
    let r = random();
    for (const [value, w] of weights) if ((r -= w) < 0) return value;
    return weights[weights.length - 1][0];
  };
  const BATCH = 2000;
  await conn.query('SET unique_checks = 0');
  for (let start = 0; start < CONVERSATIONS; start += BATCH) {
    const contacts = [];
    const conversations = [];
    for (let i = start; i < Math.min(CONVERSATIONS, start + BATCH); i++) {
      const contactId = randomUUID();
      const created = now - random() * 365 * DAY;
      const modified = Math.min(now, created + random() * 7 * DAY);
      const channel = pick([['sms', 0.5], ['email', 0.3], ['webchat', 0.2]]);
      const status = pick([['Active', 0.4], ['Ended', 0.45], ['Paused', 0.15]]);
      const messages = 1 + Math.floor(random() * 12);
      const debug = Math.floor(random() * 3);
      contacts.push([contactId, dealerId, `+1416${String(1000000 + i).slice(-7)}`, `customer${i}@example.com`, `Customer ${i}`, '', '', iso(created), iso(created)]);
      conversations.push([
        randomUUID(), dealerId, contactId, channel, status, random() < 0.2 ? 1 : 0, random() < 0.03 ? 1 : 0, channel === 'email' && random() < 0.3 ? 1 : 0,
        '[]', messages + debug, messages, iso(created), iso(modified - random() * 3600 * 1000), iso(modified),
      ]);
    }
    await conn.query('INSERT INTO contacts (id, dealer_id, phone, email, full_name, first_name, last_name, created_at, updated_at) VALUES ?', [contacts]);
    await conn.query(
      'INSERT INTO conversations (id, dealer_id, contact_id, channel, status, is_archived, is_likely_spam, is_adf, flags, message_count, visible_message_count, created_date, last_online_date, last_modified_date) VALUES ?',
      [conversations],
    );
  }
  await conn.query('ANALYZE TABLE contacts, conversations');
  await conn.end();
  return performance.now() - t0;
}

async function waitForReady() {
  const deadline = Date.now() + 60000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/health/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (api.exitCode !== null) throw new Error(`the API exited with ${api.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the API did not become ready in 60 s');
}

function request(agent, method, url, auth, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request({
      host: '127.0.0.1', port: PORT, path: url, method, agent,
      headers: { authorization: auth, ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}), ...headers },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function get(agent, auth, url) {
  const res = await request(agent, 'GET', url, auth);
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status} ${res.body}`);
  return JSON.parse(res.body);
}

async function latency(agent, auth, url) {
  let total = 0;
  for (let i = 0; i < 30; i++) total = (await get(agent, auth, url)).total_row_count;
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    await get(agent, auth, url);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), total: total ?? 0 };
}

async function engageLoad(agent, auth) {
  const others = {};
  const times = [];
  let accepted = 0;
  let n = 0;
  const t0 = performance.now();
  const end = t0 + ENGAGE_SECONDS * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const i = n++;
      // A pool of 5,000 contacts: first requests create contacts and conversations, later ones append.
      const body = { contact: { full_name: `Lead ${i % 5000}`, phone: `+1647${String(2000000 + (i % 5000)).slice(-7)}` }, message: `Hello from the bench, message ${i}.` };
      const s = performance.now();
      const res = await request(agent, 'POST', '/api/v1/ailm/engage', auth, body, i % 4 === 0 ? { 'idempotency-key': `bench-${i}-${randomBytes(4).toString('hex')}` } : {});
      times.push(performance.now() - s);
      if (res.status === 202) accepted++;
      else others[res.status] = (others[res.status] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: ENGAGE_CONCURRENCY }, client));
  const seconds = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { accepted, seconds, others, acceptedPerSecond: accepted / seconds, p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function drainDeliveries(dealerId) {
  const conn = await mysql.createConnection({ uri: dbUrl.toString() });
  const t0 = performance.now();
  let counts;
  for (;;) {
    const [rows] = await conn.query(
      "SELECT SUM(delivery_status = 'sent') AS sent, SUM(delivery_status IN ('queued', 'retrying')) AS pending FROM messages WHERE dealer_id = ?", [dealerId],
    );
    counts = { sent: Number(rows[0].sent ?? 0), pending: Number(rows[0].pending ?? 0) };
    if (counts.pending === 0 || performance.now() - t0 > 60000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await conn.end();
  return { ...counts, seconds: (performance.now() - t0) / 1000 };
}
