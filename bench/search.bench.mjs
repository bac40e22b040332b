// npm run bench:search — 50,000 cars for one dealership among 200,000 in all, on MySQL.
// p50/p95 of 20 varied natural-language searches through the API, and of the same filters run
// directly as SQL (the search repository against the database, no HTTP, no translation), in one run.
// Targets: API p95 < 50 ms and < 3x the direct SQL p95. BENCH_MYSQL_URL picks the server.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { createConnection } from 'mysql2/promise';
import { cli, percentile, ROOT, startServer, stopServer } from './support/processes.mjs';
import { writeInventoryCsv } from './support/inventory-data.mjs';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const { DataSource } = require('typeorm');
const { TypeOrmCarSearchRepository } = require('../dist/src/modules/inventory/adapters/persistence/typeorm-car-search.repository.js');
const { parseWireNode } = require('../dist/libs/common/vehicle/filter-expression.js');
const { translateQuery } = require('../dist/src/modules/search/domain/translator/nl-translator.js');

const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/bench_search';
const PER_DEALER = Number(process.env.BENCH_CARS_PER_DEALER ?? 50000);
const DEALERS = 4;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 15);
const QUERIES = [
  'Toyota', 'red SUV under 30k', 'AWD SUV with third row under 45k', 'Honda Civic', 'used trucks 4x4 under 40,000',
  'cheapest electric car', 'newest BMW', 'sedan 2018 or newer under 20k', 'hybrid or electric', 'certified pre-owned Lexus',
  'Ford F-150 lariat', 'low mileage Mazda', 'no accidents, automatic, under 15k', 'minivan with leather', 'convertible',
  'Mercedes-Benz C-Class', 'diesel', 'white or silver Camry between 15k and 25k', 'with sunroof and heated seats', 'lowest mileage wagon',
];

const url = new URL(MYSQL);
{
  const conn = await createConnection({ uri: MYSQL.replace(/\/[^/]*$/, '/') });
  const [[server]] = await conn.query('SELECT VERSION() AS version, @@innodb_buffer_pool_size DIV 1048576 AS pool_mb');
  console.log(`MySQL server ${server.version}, innodb_buffer_pool_size ${server.pool_mb} MB`);
  await conn.end();
}
const dbName = url.pathname.slice(1);
const admin = await createConnection({ uri: MYSQL.replace(/\/[^/]*$/, '/') });
await admin.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
await admin.end();

const env = { DATABASE_URL: MYSQL, MIGRATE_ON_START: 'true', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-')), CATALOG_SEED: 'true' };
const server = await startServer(env, [], path.join(ROOT, 'dist/src/main.js'));
const ds = new DataSource({ type: 'mysql', url: MYSQL });
try {
  const dealers = [];
  for (let d = 0; d < DEALERS; d++) dealers.push(cli(env, 'dealer', 'create', '--name', `Search Bench ${d}`, '--region', 'CA'));
  const auth = (d) => `Basic ${Buffer.from(`${d.username}:${d.password}`).toString('base64')}`;
  const csv = path.join(env.DATA_DIR, 'cars.csv');
  for (const [i, d] of dealers.entries()) {
    await writeInventoryCsv(csv, PER_DEALER, i * PER_DEALER);
    const started = Date.now();
    const form = new FormData();
    form.append('File', new Blob([fs.readFileSync(csv)]), 'cars.csv');
    const res = await fetch(`${server.url}/api/v1/inventory/used`, { method: 'PUT', headers: { authorization: auth(d) }, body: form });
    if (res.status !== 200) throw new Error(`upload ${res.status}: ${await res.text()}`);
    const body = await res.json();
    console.log(`loaded ${body.num_inserts} cars for ${d.dealer_id} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const target = dealers[0];
  await ds.initialize();
  const repository = new TypeOrmCarSearchRepository(ds);

  const post = async (p, body) => {
    const res = await fetch(`${server.url}${p}`, { method: 'POST', headers: { authorization: auth(target), 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`${p} ${res.status}`);
    return res.json();
  };
  const time = async (fn) => {
    const t0 = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - t0) / 1e6;
  };

  const api = [];
  const direct = [];
  const perQuery = [];
  for (const query of QUERIES) {
    const wire = await post('/api/v1/search/translate', { query });
    const parsed = parseWireNode(wire);
    if (!parsed.ok) throw new Error(`bad filter for ${query}`);
    // Sort words do not depend on names: the translator alone gives the order the API applies.
    const { sort } = translateQuery(query, { manufacturers: [], models: [] });
    await post('/api/v1/search', { query }); // warm-up
    await repository.search(target.dealer_id, parsed.node, sort, { skip: 0, take: 20 });
    const a = [];
    const s = [];
    let total = 0;
    for (let i = 0; i < REPEAT; i++) {
      a.push(await time(async () => (total = (await post('/api/v1/search', { query })).total_row_count)));
      s.push(await time(() => repository.search(target.dealer_id, parsed.node, sort, { skip: 0, take: 20 })));
    }
    api.push(...a);
    direct.push(...s);
    perQuery.push({ query, total, api_p50: percentile([...a].sort((x, y) => x - y), 50), sql_p50: percentile([...s].sort((x, y) => x - y), 50) });
  }
  api.sort((x, y) => x - y);
  direct.sort((x, y) => x - y);
  console.table(perQuery.map((q) => ({ ...q, api_p50: q.api_p50.toFixed(1), sql_p50: q.sql_p50.toFixed(1) })));
  const apiP95 = percentile(api, 95);
  const sqlP95 = percentile(direct, 95);
  console.log(`search over ${PER_DEALER} cars of one dealership (${PER_DEALER * DEALERS} in all), MySQL, ${QUERIES.length} queries x ${REPEAT}:`);
  console.log(`  API (POST /api/v1/search, take 20):  p50 ${percentile(api, 50).toFixed(1)} ms, p95 ${apiP95.toFixed(1)} ms  (target < 50)`);
  console.log(`  direct SQL (same filters and query): p50 ${percentile(direct, 50).toFixed(1)} ms, p95 ${sqlP95.toFixed(1)} ms`);
  console.log(`  API p95 / SQL p95: ${(apiP95 / sqlP95).toFixed(2)}  (target < 3)`);
  console.log(`  API p99 ${percentile(api, 99).toFixed(1)} ms, max ${api[api.length - 1].toFixed(1)} ms; slowest query (p50): ${perQuery.reduce((a, b) => (b.api_p50 > a.api_p50 ? b : a)).query}`);
} finally {
  if (ds.isInitialized) await ds.destroy();
  await stopServer(server);
}
