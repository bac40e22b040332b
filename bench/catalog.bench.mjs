// Catalog benchmark: seed import into an empty catalog (what the first start pays), the idempotent
// re-import, and latency of the two catalog endpoints over HTTP. Run after `nest build`:
//   npm run bench:catalog                          # embedded SQLite
//   BENCH_MYSQL_URL=mysql://root@127.0.0.1:3306/x npm run bench:catalog   # also MySQL (a temporary database)
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { percentile, UNTHROTTLED } from './support/processes.mjs';

const require = createRequire(import.meta.url);
const dist = path.resolve(import.meta.dirname, '../dist/src');
const { createHttpApp } = require(`${dist}/app.factory.js`);
const { loadConfig } = require(`${dist}/config/app-config.js`);
const { LoadSeedCatalogUseCase, SEED_CATALOG_FILE } = require(`${dist}/modules/catalog/application/load-seed-catalog.use-case.js`);
const { ImportCatalogUseCase } = require(`${dist}/modules/catalog/application/import-catalog.use-case.js`);
const { CreateDealerUseCase } = require(`${dist}/modules/dealership/application/create-dealer.use-case.js`);
const mysql = require('mysql2/promise');

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

async function latency(base, auth, url) {
  const times = [];
  for (let i = 0; i < 20; i++) await (await fetch(base + url, { headers: { authorization: auth } })).arrayBuffer();
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(base + url, { headers: { authorization: auth } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;
}

async function run(name, env, cleanup) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DEMO_SEED: 'false', ...UNTHROTTLED, ...env });
  const app = await createHttpApp(config);
  await app.listen(0, '127.0.0.1');
  try {
    const seedBytes = fs.statSync(SEED_CATALOG_FILE).size;
    let t0 = performance.now();
    const first = await app.get(LoadSeedCatalogUseCase).execute();
    const firstMs = performance.now() - t0;
    t0 = performance.now();
    const again = await app.get(ImportCatalogUseCase).execute(JSON.parse(fs.readFileSync(SEED_CATALOG_FILE, 'utf8')));
    const againMs = performance.now() - t0;
    const dealer = await app.get(CreateDealerUseCase).execute({ name: `Bench ${Date.now()}`, region: 'CA' });
    const auth = `Basic ${Buffer.from(`${dealer.username}:${dealer.password}`).toString('base64')}`;
    const base = `http://127.0.0.1:${app.getHttpServer().address().port}`;
    console.log(`\n[${name}]`);
    console.log(`seed import into an empty catalog (${(seedBytes / 1e6).toFixed(1)} MB, ${first.models.inserted} model rows, ${first.trims.inserted} trims): ${firstMs.toFixed(0)} ms`);
    console.log(`re-import of the same file (all unchanged: ${again.models.unchanged} model rows): ${againMs.toFixed(0)} ms`);
    console.log(`GET /api/v1/manufacturer?Take=500: ${await latency(base, auth, '/api/v1/manufacturer?Take=500')}`);
    console.log(`GET /api/v1/manufacturer/toyota/models (Take 20): ${await latency(base, auth, '/api/v1/manufacturer/toyota/models')}`);
    console.log(`GET /api/v1/manufacturer/toyota/models?region=ca&Take=500 (every row, with trims): ${await latency(base, auth, '/api/v1/manufacturer/toyota/models?region=ca&Take=500')}`);
  } finally {
    await app.close();
    await cleanup();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-bench-'));
await run('sqlite', { DATA_DIR: dataDir }, async () => fs.rmSync(dataDir, { recursive: true, force: true }));

if (process.env.BENCH_MYSQL_URL) {
  const db = `catalog_bench_${Date.now().toString(36)}`;
  const server = new URL(process.env.BENCH_MYSQL_URL);
  server.pathname = '/';
  const admin = await mysql.createConnection({ uri: server.toString() });
  await admin.query(`CREATE DATABASE \`${db}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(process.env.BENCH_MYSQL_URL);
  url.pathname = `/${db}`;
  const mysqlDir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalog-bench-'));
  await run('mysql', { DATA_DIR: mysqlDir, DATABASE_URL: url.toString(), MIGRATE_ON_START: 'true' }, async () => {
    await admin.query(`DROP DATABASE IF EXISTS \`${db}\``);
    await admin.end();
    fs.rmSync(mysqlDir, { recursive: true, force: true });
  });
}
