// npm run bench:http — what one request costs: autocannon at 100 connections against the built API
// (embedded SQLite, demo data) and, as the ceiling, a bare Node HTTP server this script starts on the
// same machine. Routes: the authenticated profile read, a list endpoint (used cars, 20 a page),
// /health/live, and Express alone (the framework Nest runs on, one JSON route, for scale). The first
// round of the profile read starts on a cold server with a credential never verified (so 100
// simultaneous first requests meet scrypt), then warm rounds follow.
// Targets (issue 15): profile read >= 0.3x the bare server's throughput and p99 < 50 ms.
// Metrics (issue 28): the same profile read on a second API with operator access (OPS_*: request
// metrics on) and the first (off), in alternating rounds; target: at most 5% fewer req/s with them on.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import autocannon from 'autocannon';
import { API_MAIN, cli, ROOT, startServer, stopServer } from './support/processes.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const METRICS_ROUNDS = Number(process.env.BENCH_METRICS_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);

const BARE_NODE = `require('node:http').createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"ok":true}'); })
  .listen(0, '127.0.0.1', function () { console.log('READY ' + this.address().port); });`;
/** The framework's own ceiling: Express (the version Nest runs on here) answering one JSON route, nothing else. */
const BARE_EXPRESS = `const app = require('express')(); app.get('/', (req, res) => res.json({ ok: true }));
  app.listen(0, '127.0.0.1', function () { console.log('READY ' + this.address().port); });`;

function startBareServer(source) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', source], { cwd: ROOT });
    child.stdout.on('data', (d) => {
      const m = /READY (\d+)/.exec(String(d));
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}` });
    });
    child.on('exit', (code) => reject(new Error(`bare server exited ${code}`)));
  });
}

async function measure(url, headers = {}) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, max: r.latency.max };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-http-'));
const env = { DATA_DIR: dataDir, DEMO_SEED: 'true' };
const demo = cli(env, 'demo', 'seed');
const auth = { authorization: `Basic ${Buffer.from(`${demo.username}:${demo.password}`).toString('base64')}` };
const bare = await startBareServer(BARE_NODE);
const express = await startBareServer(BARE_EXPRESS);
const api = await startServer(env, [], API_MAIN);
const withMetrics = await startServer({ ...env, OPS_USERNAME: 'bench-ops', OPS_PASSWORD: 'bench-ops-secret' }, [], API_MAIN);
const rows = [];
const metricsRounds = { off: [], on: [] };
try {
  rows.push(['GET /api/v1/dealership (cold start, first verification)', await measure(`${api.url}/api/v1/dealership`, auth)]);
  rows.push(['GET /api/v1/dealership', await measure(`${api.url}/api/v1/dealership`, auth)]);
  rows.push(['GET /api/v1/inventory/used?Take=20', await measure(`${api.url}/api/v1/inventory/used?Take=20`, auth)]);
  rows.push(['GET /health/live', await measure(`${api.url}/health/live`)]);
  rows.push(['Express alone, one JSON route (the framework)', await measure(express.url)]);
  rows.push(['bare Node HTTP server (ceiling)', await measure(bare.url)]);
  // Warm the second API's credential cache, then alternate so drift of the machine falls on both alike.
  await measure(`${withMetrics.url}/api/v1/dealership`, auth);
  for (let round = 0; round < METRICS_ROUNDS; round++) {
    metricsRounds.off.push(await measure(`${api.url}/api/v1/dealership`, auth));
    metricsRounds.on.push(await measure(`${withMetrics.url}/api/v1/dealership`, auth));
  }
} finally {
  await stopServer(api);
  await stopServer(withMetrics);
  bare.child.kill();
  express.child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const ceiling = rows[rows.length - 1][1].rps;
console.log(`${CONNECTIONS} connections, ${SECONDS} s a route, SQLite, LOG_LEVEL=warn, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('| route | req/s | ratio to bare | p50 ms | p99 ms | max ms |');
console.log('|---|---|---|---|---|---|');
for (const [name, m] of rows) {
  console.log(`| ${name} | ${m.rps.toFixed(0)} | ${(m.rps / ceiling).toFixed(2)} | ${m.p50} | ${m.p99} | ${m.max} |`);
}
const profile = rows[1][1];
const framework = rows[rows.length - 2][1];
console.log(`profile read: ratio ${(profile.rps / ceiling).toFixed(2)} (target >= 0.3; Express alone reaches ${(framework.rps / ceiling).toFixed(2)}), p99 ${profile.p99} ms (target < 50); cold start p99 ${rows[0][1].p99} ms, max ${rows[0][1].max} ms`);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const off = median(metricsRounds.off.map((m) => m.rps));
const on = median(metricsRounds.on.map((m) => m.rps));
console.log(`metrics: profile read ${off.toFixed(0)} req/s off, ${on.toFixed(0)} req/s on (medians of ${METRICS_ROUNDS} alternating rounds; p99 ${median(metricsRounds.off.map((m) => m.p99))} / ${median(metricsRounds.on.map((m) => m.p99))} ms): `
  + `${((1 - on / off) * 100).toFixed(1)}% fewer with metrics on (target <= 5%), ${((1 / on - 1 / off) * 1e6).toFixed(1)} µs a request`);
