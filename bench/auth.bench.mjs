// npm run bench:auth — requests/s of an authenticated GET /api/v1/dealership against the same route
// with Basic auth stubbed out, in one run, on the embedded default (or DATABASE_URL if set).
// Rounds alternate between the two servers so machine noise hits both alike. Target: ratio >= 0.9.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import autocannon from 'autocannon';
import { cli, startServer, stopServer } from './support/processes.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-auth-'));
const env = { DATA_DIR: dataDir };
const dealer = cli(env, 'dealer', 'create', '--name', 'Bench Motors', '--region', 'CA');
const authHeader = `Basic ${Buffer.from(`${dealer.username}:${dealer.password}`).toString('base64')}`;

const withAuth = await startServer(env);
const withoutAuth = await startServer(env, ['--no-auth', dealer.dealer_id]);

async function measure(server, headers) {
  const r = await autocannon({ url: `${server.url}/api/v1/dealership`, connections: CONNECTIONS, duration: SECONDS, headers });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

try {
  await measure(withAuth, { authorization: authHeader }); // warm-up (fills the verification cache)
  await measure(withoutAuth, {});
  const a = [];
  const b = [];
  for (let i = 0; i < ROUNDS; i++) {
    a.push(await measure(withAuth, { authorization: authHeader }));
    b.push(await measure(withoutAuth, {}));
  }
  const median = (xs) => xs.map((x) => x.rps).sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const authRps = median(a);
  const plainRps = median(b);
  console.log(`GET /api/v1/dealership, ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS}s rounds (median), database: ${process.env.DATABASE_URL ? 'mysql' : 'sqlite'}`);
  console.log(`  authenticated:  ${authRps.toFixed(0)} req/s  (p99 ${a.map((x) => x.p99).join('/')} ms)`);
  console.log(`  auth disabled:  ${plainRps.toFixed(0)} req/s  (p99 ${b.map((x) => x.p99).join('/')} ms)`);
  console.log(`  ratio:          ${(authRps / plainRps).toFixed(3)}  (target >= 0.9)`);
} finally {
  await stopServer(withAuth);
  await stopServer(withoutAuth);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
