// Assistant runs benchmark (run after `nest build`: `npm run bench:assistant`).
//
// The API as its own process (`node dist/src/main.js`, which composes the worker root too: the
// `assistant-runs` processor runs in it) on a free port, Bull on Redis under a unique QUEUE_PREFIX,
// the built-in offline model, LOG_LEVEL=warn. Database: a fresh MySQL database (MIGRATE_ON_START=true)
// when BENCH_MYSQL_URL or TEST_MYSQL_URL is set (any database path; only the server is used), else
// SQLite in a temporary DATA_DIR. A dealership holding the fixture inventory (test/fixtures).
//
// BENCH_RUNS runs (200) with BENCH_CONCURRENCY (20) in flight, after BENCH_WARMUP (20) unmeasured
// ones: each POSTs a question to a new thread, then polls the run every BENCH_POLL_MS (15) until it
// is terminal. Latency is POST sent -> terminal status seen. The run's own timestamps split it into
// queue wait (created -> started), execution (started -> completed) and the rest (the POST's answer
// after its commit, and the poll that sees the end). Targets: p50 < 100 ms, p95 < 300 ms; every run
// must complete (the exit status is 1 otherwise).
//
// Also printed, to see where the time goes: the POST's and the last poll's own latency, the API
// process's CPU time per run (/proc), and on MySQL the server's statements and commits per run.
//
// Variables: BENCH_RUNS, BENCH_CONCURRENCY, BENCH_WARMUP, BENCH_POLL_MS (above), BENCH_REDIS_URL or
// REDIS_URL (redis://127.0.0.1:6379), BENCH_API_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
// for the API and worker processes), BENCH_KEEP=1 keeps the database and the Redis keys. BENCH_SEPARATE_WORKER=1
// runs the runs' worker as its own process (`node dist/src/worker.js`, the API with RUN_WORKERS=false:
// the production shape; MySQL only); the CPU per run is then both processes'. BENCH_CLIENT=stream
// follows each run on its event stream (GET .../events/stream) until its terminal event instead of
// polling the run: latency is then POST sent -> terminal event received (the run is read once
// afterwards, unmeasured, for its timestamps).
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { API_MAIN, cli, cpuSeconds, flushRedisPrefix, percentile, ROOT, startServer, startWorker, stopProcess, stopServer, UNTHROTTLED } from './support/processes.mjs';

const require = createRequire(import.meta.url);

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 15);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL;
const CLIENT = process.env.BENCH_CLIENT === 'stream' ? 'stream' : 'poll';
const SEPARATE_WORKER = ['1', 'true'].includes(process.env.BENCH_SEPARATE_WORKER ?? '');
// Two processes on one SQLite file is not a supported shape (the embedded default runs the worker in the API).
if (SEPARATE_WORKER && !MYSQL_URL) throw new Error('BENCH_SEPARATE_WORKER needs MySQL (BENCH_MYSQL_URL or TEST_MYSQL_URL)');
const TERMINAL = new Set(['completed', 'failed', 'cancelled', 'expired']);

// A realistic mix: searches, a car by VIN, hours and contact, estimates, a deal (handed off).
const QUESTIONS = [
  'How many Toyota RAV4 do you have?',
  "What's your cheapest Honda Civic?",
  'Tell me about VIN 2HGBGRUAXES268606',
  'Are you open on Sunday?',
  'What would the monthly payments be if I finance 5UXNFJL24TX577857?',
  'How many SUVs do you have under $30,000?',
  "What's the newest pickup truck you have?",
  'Where are you located?',
  'How much would it cost per month to lease 5TDHYNUL8SK707991?',
  'Can you do $5000 off the 2014 Honda Civic 2HGBGRUAXES268606?',
];
const PROFILE = {
  site_url: 'https://bench-motors.example.com', time_zone: 'America/Toronto',
  address: { street: '1 Bench Street', city: 'Toronto', state: 'ON', postal_code: 'M5V 2T6', country: 'CA' },
  phone_num: [{ name: 'Sales', value: '+14165550100' }], email_address: [{ name: 'Sales', value: 'sales@bench-motors.example.com' }],
  service_operations: { opening: ['Mon-Fri 09:00', 'Sat 10:00'], closing: ['Mon-Fri 18:00', 'Sat 16:00'] },
  enable_finance_calculator: true, enable_lease_calculator: true,
  finance_calculator: { finance_information: [{ region: 'CA', finance_info: [5.49, 6.49], finance_term: [60, 72] }], email: '' },
  lease_calculator: {
    lease_information: [{ region: 'CA', mileage_unit: 'km', list_lease_term: [36, 48], list_lease_mileage: [20000], lease_info: [[{ lease_rate: 4.99, lease_residual: 55 }], [{ lease_rate: 5.49, lease_residual: 45 }]] }],
    email: '',
  },
};

const tag = `assistant_bench_${Date.now().toString(36)}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'assistant-bench-'));
const env = {
  ...process.env, ...UNTHROTTLED, REDIS_URL, QUEUE_PREFIX: tag, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_SEED: 'false',
};
let admin;
if (MYSQL_URL) {
  const mysql = require('mysql2/promise');
  const server = new URL(MYSQL_URL);
  server.pathname = '/';
  admin = await mysql.createConnection({ uri: server.toString() });
  await admin.query(`CREATE DATABASE \`${tag}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const db = new URL(MYSQL_URL);
  db.pathname = `/${tag}`;
  Object.assign(env, { DATABASE_URL: db.toString(), MIGRATE_ON_START: 'true' });
} else delete env.DATABASE_URL;
const backend = `${MYSQL_URL ? `MySQL (database ${tag})` : 'SQLite'} + Redis/Bull (prefix ${tag})`;

let api;
let worker;
let exitCode = 1;
try {
  const dealer = cli(env, 'dealer', 'create', '--name', 'Bench Motors', '--region', 'CA');
  fs.writeFileSync(path.join(dataDir, 'profile.json'), JSON.stringify(PROFILE));
  cli(env, 'dealer', 'configure', '--id', dealer.dealer_id, '--file', path.join(dataDir, 'profile.json'));
  api = await startServer({ ...env, RUN_WORKERS: SEPARATE_WORKER ? 'false' : 'true' }, [], API_MAIN);
  const { url } = api;
  // After the API is up: it applied the migrations (the worker never migrates).
  if (SEPARATE_WORKER) worker = await startWorker(env);
  const authorization = `Basic ${Buffer.from(`${dealer.username}:${dealer.password}`).toString('base64')}`;
  for (const [route, file] of [['used', 'reference-inventory.csv'], ['new/json', 'reference-inventory.new.json']]) {
    const form = new FormData();
    form.append('File', new Blob([fs.readFileSync(path.join(ROOT, 'test/fixtures', file))]), file);
    const res = await fetch(`${url}/api/v1/inventory/${route}`, { method: 'PUT', headers: { authorization }, body: form });
    if (res.status !== 200) throw new Error(`upload of ${file}: ${res.status} ${await res.text()}`);
  }

  const call = async (method, route, body) => {
    const res = await fetch(`${url}${route}`, { method, headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const json = await res.json();
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  /** One run: POST, then poll until terminal. */
  async function oneRun(i) {
    const t0 = performance.now();
    const sent = await call('POST', '/api/v1/assistant/threads/message', { message: QUESTIONS[i % QUESTIONS.length] });
    const postMs = performance.now() - t0;
    const route = `/api/v1/assistant/threads/${sent.thread_id}/runs/${sent.run_id}`;
    if (CLIENT === 'stream') {
      const s0 = performance.now();
      const res = await fetch(`${url}${route}/events/stream`, { headers: { authorization } });
      if (res.status !== 200) throw new Error(`stream: ${res.status}`);
      const decoder = new TextDecoder();
      let text = '';
      for await (const chunk of res.body) {
        text += decoder.decode(chunk, { stream: true });
        if (/^event: run\.(completed|failed|cancelled|expired)$/m.test(text)) break;
      }
      const ms = performance.now() - t0;
      const lastPollMs = performance.now() - s0;
      return { ms, postMs, lastPollMs, polls: 0, run: await call('GET', route) };
    }
    for (let polls = 1; ; polls++) {
      const p0 = performance.now();
      const run = await call('GET', route);
      if (TERMINAL.has(run.status)) return { ms: performance.now() - t0, postMs, lastPollMs: performance.now() - p0, polls, run };
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }
  async function load(count, offset) {
    const results = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count) }, async () => {
      while (next < count) results.push(await oneRun(offset + next++));
    }));
    return { results, seconds: (performance.now() - t0) / 1000 };
  }

  await load(WARMUP, 0);
  const cpuOfProcesses = () => cpuMs(api.child.pid) + (worker ? cpuMs(worker.pid) : 0);
  const cpu0 = cpuOfProcesses();
  const db0 = await mysqlCounters();
  const client0 = process.cpuUsage();
  const { results, seconds } = await load(RUNS, WARMUP);
  const cpuPerRun = (cpuOfProcesses() - cpu0) / RUNS;
  const client = process.cpuUsage(client0);
  const clientCpuPerRun = (client.user + client.system) / 1000 / RUNS;
  const db1 = await mysqlCounters();

  const stats = (values) => {
    const s = [...values].sort((a, b) => a - b);
    return { p50: percentile(s, 50), p95: percentile(s, 95), p99: percentile(s, 99), max: s[s.length - 1] };
  };
  const at = (iso) => new Date(iso).getTime();
  const finished = results.filter((r) => r.run.started_date && r.run.completed_date);
  const rows = [
    ['POST -> terminal seen', stats(results.map((r) => r.ms))],
    ['  POST answered (202)', stats(results.map((r) => r.postMs))],
    [CLIENT === 'stream' ? '  the stream (open -> terminal event)' : '  the last poll (GET run)', stats(results.map((r) => r.lastPollMs))],
    ['  queue wait (created -> started)', stats(finished.map((r) => at(r.run.started_date) - at(r.run.created_date)))],
    ['  execution (started -> completed)', stats(finished.map((r) => at(r.run.completed_date) - at(r.run.started_date)))],
  ];
  const statuses = {};
  for (const r of results) statuses[r.run.status] = (statuses[r.run.status] ?? 0) + 1;
  const fmt = (ms) => `${ms.toFixed(1)} ms`.padStart(10);

  console.log(`\nassistant runs: ${backend}, offline model, worker ${SEPARATE_WORKER ? 'in its own process' : 'inside the API process'}; ${RUNS} runs, ${CONCURRENCY} in flight, ${CLIENT === 'stream' ? 'following the event stream' : `poll every ${POLL_MS} ms`} (after ${WARMUP} warm-up runs)`);
  console.log(`${''.padEnd(36)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'p99'.padStart(10)}${'max'.padStart(10)}`);
  for (const [label, s] of rows) console.log(`${label.padEnd(36)}${fmt(s.p50)}${fmt(s.p95)}${fmt(s.p99)}${fmt(s.max)}`);
  console.log(`throughput: ${(RUNS / seconds).toFixed(1)} runs/s (${seconds.toFixed(2)} s); polls per run: ${(results.reduce((n, r) => n + r.polls, 0) / RUNS).toFixed(1)}`);
  if (Number.isFinite(cpuPerRun)) console.log(`${SEPARATE_WORKER ? 'API + worker processes' : 'API process'} CPU: ${cpuPerRun.toFixed(1)} ms per run (${((cpuPerRun * RUNS) / 10 / seconds).toFixed(0)}% of one core; load average ${os.loadavg()[0].toFixed(2)}); this client (on the same ${os.cpus().length} cores): ${clientCpuPerRun.toFixed(1)} ms per run`);
  if (db0 && db1) {
    console.log(`MySQL server per run (server-wide counters: other clients count too): ${Object.keys(db0).map((k) => `${k} ${((db1[k] - db0[k]) / RUNS).toFixed(1)}`).join(', ')}`);
  }
  console.log(`statuses: ${Object.entries(statuses).map(([k, v]) => `${k} ${v}`).join(', ')}`);
  const total = rows[0][1];
  console.log(`targets: p50 < 100 ms ${total.p50 < 100 ? 'met' : 'MISSED'} (${total.p50.toFixed(1)}), p95 < 300 ms ${total.p95 < 300 ? 'met' : 'MISSED'} (${total.p95.toFixed(1)})`);
  exitCode = statuses.completed === RUNS ? 0 : 1;
} finally {
  if (worker) await stopProcess(worker);
  if (api) await stopServer(api);
  if (!process.env.BENCH_KEEP) {
    if (admin) await admin.query(`DROP DATABASE IF EXISTS \`${tag}\``);
    await flushRedisPrefix(REDIS_URL, tag);
  }
  await admin?.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = exitCode;

/** Statements and commits so far (MySQL only). */
async function mysqlCounters() {
  if (!admin) return null;
  const [rows] = await admin.query("SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_select', 'Com_insert', 'Com_update', 'Com_commit')");
  return Object.fromEntries(rows.map((r) => [r.Variable_name.replace(/^Com_/, ''), Number(r.Value)]));
}

/** CPU milliseconds a process has used so far (NaN where /proc cannot say). */
function cpuMs(pid) {
  return (cpuSeconds(pid) ?? NaN) * 1000;
}

