// npm run soak (issue 15): SOAK_SECONDS (600) of mixed load on the built API, with a crash and a Redis
// outage in the middle; not run in CI. A few clients read the profile, the used inventory, the catalog
// and conversations, search in natural language and engage contacts (every engage with an
// Idempotency-Key); one asks the assistant every 3 s, one replaces the used inventory (a 500-row CSV)
// now and then. At a third of the run the API (and the worker) are SIGKILLed and restarted on the same
// port; at two thirds Redis, which the service reaches through a TCP proxy in this script, is cut for
// 30 s (SOAK_OUTAGE_SECONDS; a sixth of the run when shorter). Delivery goes to a recording engine in this script
// (MESSAGING_ENGINE=http): at the end it waits (at most 60 s) until every accepted message arrived.
// Prints requests and answers by phase and status, latency by operation, lost messages (exit 1 unless
// 0), duplicate deliveries, assistant runs by outcome and the processes' RSS.
//
// SOAK_MYSQL_URL (a MySQL server, e.g. mysql://root@127.0.0.1:3306; the script creates and drops its own
// database) and SOAK_REDIS_URL (redis://127.0.0.1:6379; its own QUEUE_PREFIX, flushed afterwards): with
// both, the queue worker runs as its own process (dist/src/worker.js). Without them: the embedded
// default (SQLite, in-process queues), and the Redis outage is skipped. SOAK_CLIENTS (5 mixed clients),
// SOAK_PAUSE_MS (150: each client's mean pause between operations; ~30 requests/s in all).
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { startRecordingEngine, startTcpProxy } from './support/faults.mjs';
import { writeInventoryCsv } from './support/inventory-data.mjs';
import { API_MAIN, cli, flushRedisPrefix, freePort, percentile, rssMb, startServer, startWorker } from './support/processes.mjs';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const MYSQL_URL = process.env.SOAK_MYSQL_URL;
const REDIS_URL = process.env.SOAK_REDIS_URL;
const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 5);
const PAUSE_MS = Number(process.env.SOAK_PAUSE_MS ?? 150);
const OUTAGE_SECONDS = Number(process.env.SOAK_OUTAGE_SECONDS ?? Math.min(30, SECONDS / 6));
const UPLOAD_EVERY_S = Math.min(45, SECONDS / 6);
const DRAIN_SECONDS = 60;
const SEPARATE_WORKER = Boolean(MYSQL_URL && REDIS_URL);
const MIX = ['profile', 'profile', 'inventory', 'inventory', 'search', 'search', 'search', 'catalog', 'conversations', 'conversations', 'engage', 'engage', 'engage'];
const SEARCHES = ['red AWD SUV under 30k', 'cheapest Honda Civic', 'Toyota newer than 2018', 'pickup truck with leather seats', 'lowest mileage sedan', 'hybrid under 25000'];
const QUESTIONS = ['What is the cheapest Honda Civic you have?', 'How many SUVs do you have?', 'What are your opening hours?'];
const MAKERS = ['toyota', 'honda', 'ford', 'chevrolet'];

const require = createRequire(import.meta.url);
const tag = `soak_${Date.now().toString(36)}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const fmt = (n) => Math.round(n).toLocaleString('en');
let t0 = performance.now();
const elapsedS = () => (performance.now() - t0) / 1000;

const engine = await startRecordingEngine();
const proxy = REDIS_URL ? await startTcpProxy(new URL(REDIS_URL).hostname, Number(new URL(REDIS_URL).port || 6379)) : null;
const port = await freePort();
// The CLI reaches Redis directly: it runs synchronously, and this process is the proxy.
const direct = {
  DATA_DIR: dataDir, QUEUE_PREFIX: tag, MIGRATE_ON_START: 'true', PORT: String(port),
  MESSAGING_ENGINE: 'http', MESSAGING_ENGINE_URL: engine.url, MESSAGING_ENGINE_SECRET: 'soak-secret',
};
let admin;
if (MYSQL_URL) {
  const server = new URL(MYSQL_URL);
  server.pathname = '/';
  admin = await require('mysql2/promise').createConnection({ uri: server.toString() });
  await admin.query(`CREATE DATABASE \`${tag}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  direct.DATABASE_URL = Object.assign(new URL(server), { pathname: `/${tag}` }).toString();
}
if (REDIS_URL) direct.REDIS_URL = REDIS_URL;
const serviceEnv = { ...direct, ...(proxy && { REDIS_URL: Object.assign(new URL(REDIS_URL), { hostname: '127.0.0.1', port: String(proxy.port) }).toString() }) };
let api;
let worker;
let exitCode = 1;

const startApi = async () => (api = await startServer({ ...serviceEnv, RUN_WORKERS: String(!SEPARATE_WORKER) }, [], API_MAIN));
const startSeparateWorker = async () => SEPARATE_WORKER && (worker = await startWorker(serviceEnv));

async function stopProcesses(signal) {
  for (const child of [api?.child, worker]) {
    if (!child || child.exitCode !== null || child.signalCode !== null) continue;
    child.removeAllListeners('exit');
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    // A process that does not stop within 15 s is a finding, and must not hold the script.
    if (await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)])) {
      console.log(`pid ${child.pid} did not exit within 15 s of ${signal}; killed`);
      child.kill('SIGKILL');
      await exited;
    }
  }
}

const memory = () => ({ api: rssMb(api.child.pid), worker: worker ? rssMb(worker.pid) : null });

// Answers by phase, latency by operation.
const phases = [];
let phase;
const enter = (name) => phases.push((phase = { name, from: elapsedS(), answers: {}, requests: 0 }));
const latency = Object.fromEntries(['all', 'profile', 'inventory', 'search', 'catalog', 'conversations', 'engage', 'assistant', 'upload'].map((op) => [op, []]));
function record(op, outcome, ms) {
  phase.requests++;
  phase.answers[outcome] = (phase.answers[outcome] ?? 0) + 1;
  if (ms !== undefined) for (const k of ['all', op]) (latency[k] ??= []).push(ms);
}

let auth;
async function call(op, method, url, body, headers = {}) {
  const started = performance.now();
  const json = body !== undefined && !(body instanceof FormData);
  try {
    const res = await fetch(`http://127.0.0.1:${port}${url}`, {
      method, body: json ? JSON.stringify(body) : body, signal: AbortSignal.timeout(15_000),
      headers: { authorization: auth, ...(json && { 'content-type': 'application/json' }), ...headers },
    });
    const text = await res.text();
    record(op, res.status, performance.now() - started);
    return { status: res.status, json: () => JSON.parse(text) };
  } catch (err) {
    record(op, err.name === 'TimeoutError' ? 'timeout' : `connection error (${err.cause?.code ?? err.message})`);
    return { status: 0 };
  }
}

// Engage: every 202's key is a promise to deliver; a key without a clear answer is retried as is,
// as a client must (a 202 may have been lost with the connection).
const accepted = new Set();
const retries = [];
let engaged = 0;
async function engage() {
  const key = retries.shift() ?? `${tag}-${engaged++}`;
  const n = Number(key.slice(key.lastIndexOf('-') + 1)) % 300;
  const body = { contact: { full_name: `Soak Customer ${n}`, email: `soak-${n}@example.com` }, channel: 'email', subject: 'Soak', message: `Soak message [${key}]` };
  const res = await call('engage', 'POST', '/api/v1/ailm/engage', body, { 'idempotency-key': key });
  if (res.status === 202) accepted.add(key);
  else if (res.status === 0 || res.status >= 500) retries.push(key);
}

const runs = [];
async function askAssistant() {
  const res = await call('assistant', 'POST', '/api/v1/assistant/threads/message', { message: pick(QUESTIONS) });
  if (res.status === 202) runs.push(res.json());
}

const csvFiles = [path.join(dataDir, 'a.csv'), path.join(dataDir, 'b.csv')];
await writeInventoryCsv(csvFiles[0], 500, 0);
await writeInventoryCsv(csvFiles[1], 500, 250);
let uploads = 0;
async function upload() {
  const form = new FormData();
  form.append('File', new Blob([fs.readFileSync(csvFiles[uploads++ % 2])], { type: 'text/csv' }), 'soak.csv');
  await call('upload', 'PUT', '/api/v1/inventory/used', form);
}

const ops = {
  profile: () => call('profile', 'GET', '/api/v1/dealership'),
  inventory: () => call('inventory', 'GET', `/api/v1/inventory/used?Take=20&Skip=${20 * Math.floor(Math.random() * 25)}`),
  search: () => call('search', 'POST', '/api/v1/search', { query: pick(SEARCHES) }),
  catalog: () => call('catalog', 'GET', Math.random() < 0.5 ? '/api/v1/manufacturer?Take=100' : `/api/v1/manufacturer/${pick(MAKERS)}/models?Take=20`),
  conversations: async () => {
    const list = await call('conversations', 'GET', '/api/v1/conversation?Take=20');
    const id = list.status === 200 && list.json().rows[0]?.conversation_id;
    if (id) await call('conversations', 'GET', `/api/v1/conversation/${id}?includeMessages=true`);
  },
  engage,
};

let running = true;
async function loop(work, pauseMs) {
  while (running) {
    await work();
    // Short steps, so the load stops on time whatever the pause.
    for (const until = performance.now() + pauseMs * (0.5 + Math.random()); running && performance.now() < until;) await sleep(Math.min(200, pauseMs));
  }
}

/** Unauthenticated or final reads, outside the load's figures. */
async function peek(url) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers: { authorization: auth }, signal: AbortSignal.timeout(5000) });
  return { status: res.status, body: await res.json() };
}

const backend = `${MYSQL_URL ? 'MySQL' : 'SQLite'} + ${REDIS_URL ? 'Redis (Bull)' : 'in-process queues'}${SEPARATE_WORKER ? ', API and worker apart' : ', workers in the API process'}`;
const loads = [];
const events = [];
try {
  const dealer = cli(direct, 'dealer', 'create', '--name', 'Soak Motors', '--region', 'CA');
  auth = `Basic ${Buffer.from(`${dealer.username}:${dealer.password}`).toString('base64')}`;
  await startApi();
  await startSeparateWorker();
  t0 = performance.now();
  enter('steady');
  await upload();
  const rss = { start: memory() };
  const loadTimer = setInterval(() => loads.push(os.loadavg()[0]), 5000);
  loads.push(os.loadavg()[0]);
  const clients = [
    ...Array.from({ length: CLIENTS }, () => loop(() => ops[pick(MIX)](), PAUSE_MS)),
    loop(askAssistant, 3000),
    loop(upload, UPLOAD_EVERY_S * 1000),
  ];
  const until = (s) => sleep(Math.max(0, s - elapsedS()) * 1000);

  await until(SECONDS / 3);
  rss.beforeKill = memory();
  enter('kill (down until restarted)');
  const killedAt = elapsedS();
  await stopProcesses('SIGKILL');
  await startApi();
  const apiBackS = elapsedS() - killedAt;
  enter('after the kill');
  await startSeparateWorker();
  events.push(`kill: API${worker ? ' and worker' : ''} SIGKILLed at ${killedAt.toFixed(0)} s; API restarted and ready ${apiBackS.toFixed(1)} s later`
    + `${worker ? `, worker ${(elapsedS() - killedAt).toFixed(1)} s later` : ''}`);
  rss.afterRestart = memory();

  await until((2 * SECONDS) / 3);
  if (proxy) {
    enter('Redis cut');
    proxy.cut();
    await sleep((OUTAGE_SECONDS * 1000) / 2);
    const ready = await peek('/health/ready').catch((err) => ({ status: err.message, body: {} }));
    await sleep((OUTAGE_SECONDS * 1000) / 2);
    proxy.restore();
    events.push(`Redis cut at ${phase.from.toFixed(0)} s for ${OUTAGE_SECONDS} s; /health/ready meanwhile: ${ready.status} ${JSON.stringify(ready.body.error ?? ready.body)}`);
    enter('after Redis returned');
  } else {
    events.push('Redis outage skipped: no SOAK_REDIS_URL (the in-process queue has no connection to cut)');
  }

  await until(SECONDS);
  running = false;
  await Promise.all(clients);
  const loadEnded = elapsedS();
  rss.end = memory();
  clearInterval(loadTimer);

  // Every accepted message delivered? Runs all ended? (bounded)
  const terminal = new Set(['completed', 'failed', 'cancelled', 'expired']);
  const runStatus = new Map();
  let byKey;
  for (const deadline = performance.now() + DRAIN_SECONDS * 1000; ;) {
    byKey = new Map();
    for (const c of engine.calls) {
      const key = /\[([^\]]+)\]/.exec(c.body.text)?.[1];
      byKey.set(key, [...(byKey.get(key) ?? []), c.body.message_id]);
    }
    for (const run of runs.filter((r) => !terminal.has(runStatus.get(r.run_id)))) {
      runStatus.set(run.run_id, (await peek(`/api/v1/assistant/threads/${run.thread_id}/runs/${run.run_id}`).catch(() => ({ body: {} }))).body.status);
    }
    const done = [...accepted].every((k) => byKey.has(k)) && [...runStatus.values()].every((s) => terminal.has(s));
    if (done || performance.now() > deadline) break;
    await sleep(500);
  }
  const drainS = elapsedS() - loadEnded;

  const lost = [...accepted].filter((k) => !byKey.has(k));
  const calls = [...byKey.values()].flat();
  const duplicateCalls = calls.length - new Set(calls).size;
  const twoMessages = [...byKey.values()].filter((ids) => new Set(ids).size > 1).length;
  const unseen = [...byKey.keys()].filter((k) => !accepted.has(k)).length;
  const runOutcomes = {};
  for (const s of runStatus.values()) runOutcomes[s ?? 'unknown'] = (runOutcomes[s ?? 'unknown'] ?? 0) + 1;

  const total = phases.reduce((n, p) => n + p.requests, 0);
  const sortedLoads = [...loads].sort((a, b) => a - b);
  console.log(`\nsoak: ${SECONDS} s on ${backend}; ${CLIENTS} mixed clients (mean pause ${PAUSE_MS} ms), an assistant question every ~3 s, a 500-row CSV upload every ~${UPLOAD_EVERY_S} s`);
  console.log(`machine: ${os.cpus().length} cores, load average (1 min) over the run ${sortedLoads[0].toFixed(1)}-${sortedLoads.at(-1).toFixed(1)}, median ${percentile(sortedLoads, 50).toFixed(1)}`);
  console.log(`requests: ${fmt(total)} (${(total / loadEnded).toFixed(1)}/s)`);
  console.log('\n| phase | from | requests | answers and errors |\n|---|---|---|---|');
  for (const p of phases) {
    const answers = Object.entries(p.answers).sort().map(([k, n]) => `${k}: ${fmt(n)}`).join(', ');
    console.log(`| ${p.name} | ${p.from.toFixed(0)} s | ${fmt(p.requests)} | ${answers} |`);
  }
  console.log('\n| operation | answered | p50 ms | p99 ms | max ms |\n|---|---|---|---|---|');
  for (const [op, times] of Object.entries(latency)) {
    if (!times.length) continue;
    times.sort((a, b) => a - b);
    console.log(`| ${op} | ${fmt(times.length)} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 99).toFixed(1)} | ${times.at(-1).toFixed(0)} |`);
  }
  console.log('');
  for (const e of events) console.log(e);
  console.log(`messages: ${fmt(accepted.size)} accepted (202), ${fmt(byKey.size)} delivered; LOST ${lost.length}${lost.length ? ` (${lost.slice(0, 5).join(', ')}...)` : ''}`
    + `; ${duplicateCalls} duplicate engine call(s) (a message id sent again; the engine drops them by Idempotency-Key); ${twoMessages} key(s) with two messages`
    + `; ${unseen} delivered whose 202 the client never saw, ${retries.length} never answered; waited ${drainS.toFixed(1)} s after the load`);
  console.log(`assistant runs: ${runs.length} accepted; ${Object.entries(runOutcomes).map(([s, n]) => `${s} ${n}`).join(', ') || 'none'}`);
  const mb = (m, k) => (m[k] === null ? '-' : `${m[k].toFixed(0)} MB`);
  for (const k of worker ? ['api', 'worker'] : ['api']) {
    console.log(`RSS ${k}: start ${mb(rss.start, k)}, before the kill ${mb(rss.beforeKill, k)}; restarted ${mb(rss.afterRestart, k)}, end ${mb(rss.end, k)}`);
  }
  exitCode = lost.length > 0 || twoMessages > 0 ? 1 : 0;
} finally {
  running = false;
  await stopProcesses('SIGTERM');
  await proxy?.close();
  await engine.close();
  if (admin) {
    await admin.query(`DROP DATABASE IF EXISTS \`${tag}\``);
    await admin.end();
  }
  if (REDIS_URL) await flushRedisPrefix(REDIS_URL, tag);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = exitCode;
