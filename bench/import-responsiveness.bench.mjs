// npm run bench:import-responsiveness — does a large import on the embedded default (SQLite) leave
// the API answering? Uploads BENCH_ROWS (200,000) used cars through the API while a second client
// calls /health/live, reads another dealership's profile and writes for it (an engage, which
// records a message) every 20 ms; prints the upload's time and the latency of those calls during it
// (p50, p99, max). Target (issue 15): health and reads within 100 ms; writes wait for the swap's
// lock (asynchronously) but never stall the event loop.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { API_MAIN, cli, percentile, startServer, stopServer } from './support/processes.mjs';
import { writeInventoryCsv } from './support/inventory-data.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-loop-'));
const env = { DATA_DIR: dataDir, UPLOAD_LIMIT_BYTES: String(512 * 1024 * 1024), UPLOAD_MAX_ROWS: String(ROWS) };
const importer = cli(env, 'dealer', 'create', '--name', 'Big Feed Motors', '--region', 'CA');
const other = cli(env, 'dealer', 'create', '--name', 'Other Motors', '--region', 'CA');
const auth = (d) => `Basic ${Buffer.from(`${d.username}:${d.password}`).toString('base64')}`;
const csv = path.join(dataDir, 'cars.csv');
await writeInventoryCsv(csv, ROWS);
const server = await startServer(env, [], API_MAIN);
try {
  // The probes run in a process of their own: this one is busy sending the upload.
  const PROBER = `
    const [base, authorization] = process.argv.slice(1);
    const latencies = { health: [], profile: [], engage: [] };
    const probe = async (url, headers, body) => {
      const t0 = performance.now();
      const res = await fetch(url, body ? { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) } : { headers });
      await res.arrayBuffer();
      if (res.status !== 200 && res.status !== 202) throw new Error(url + ': ' + res.status);
      return performance.now() - t0;
    };
    let running = true;
    process.stdin.on('end', () => (running = false)).resume();
    (async () => {
      await probe(base + '/api/v1/dealership', { authorization }); // warm: the credential is verified
      process.stdout.write('READY\\n');
      while (running) {
        latencies.health.push(await probe(base + '/health/live'));
        latencies.profile.push(await probe(base + '/api/v1/dealership', { authorization }));
        latencies.engage.push(await probe(base + '/api/v1/ailm/engage', { authorization }, { contact: { email: 'probe@example.com' }, message: 'Still there?' }));
        await new Promise((r) => setTimeout(r, 20));
      }
      process.stdout.write(JSON.stringify(latencies) + '\\n');
    })();
  `;
  const prober = spawn(process.execPath, ['-e', PROBER, server.url, auth(other)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let proberOut = '';
  prober.stdout.on('data', (d) => (proberOut += d));
  while (!proberOut.includes('READY')) await new Promise((r) => setTimeout(r, 10));
  const started = performance.now();
  const form = new FormData();
  form.append('File', new Blob([fs.readFileSync(csv)]), 'cars.csv');
  const res = await fetch(`${server.url}/api/v1/inventory/used`, { method: 'PUT', headers: { authorization: auth(importer) }, body: form });
  const body = await res.json();
  const seconds = (performance.now() - started) / 1000;
  prober.stdin.end();
  await once(prober, 'exit');
  const latencies = JSON.parse(proberOut.trim().split('\n').pop());
  if (res.status !== 200 || body.num_inserts !== ROWS) throw new Error(`upload ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  console.log(`SQLite import of ${ROWS.toLocaleString('en')} rows through the API: ${seconds.toFixed(1)} s (${Math.round(ROWS / seconds).toLocaleString('en')} rows/s)`);
  for (const [name, xs] of Object.entries(latencies)) {
    const sorted = xs.slice().sort((a, b) => a - b);
    console.log(`  ${name.padEnd(8)} ${String(xs.length).padStart(5)} calls during it: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1).toFixed(1)} ms${name === 'engage' ? '' : ' (target: max < 100 ms)'}`);
  }
} finally {
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
