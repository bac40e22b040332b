// npm run bench:search — search latency per query class over 200,000 cars (4 dealerships x 50,000,
// searching one of them), on SQLite (the embedded default, a file under a fresh DATA_DIR) and on
// MySQL/MariaDB. For each class, a few natural-language queries run REPEAT times each, one at a
// time, through POST /api/v1/search (take 20) and, in the same run, their filters directly through
// the SQL search repository against the database (no HTTP, no translation), and through the
// in-process snapshot in front of it (what the API uses: filter, count and order in memory, then the
// inventory version and the page's rows read by primary key). Also: the snapshot's build time and size.
// Target per class: API p95 < 20 ms (< 40 ms for zero-result searches, which also find the nearest
// cars: their SQL and snapshot columns time the search and the suggestions); the API/SQL ratio shows
// what HTTP and translation add.
//
// Env: BENCH_BACKENDS (sqlite,mysql; or pass --sqlite / --mysql), BENCH_MYSQL_URL
//      (mysql://root@127.0.0.1:3306/bench_search; the database is dropped and recreated),
//      BENCH_CARS_PER_DEALER (50000), BENCH_REPEAT (20), BENCH_KEEP=1 keeps the SQLite DATA_DIR.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { createConnection } from 'mysql2/promise';
import { API_MAIN, cli, percentile, startServer, stopServer } from './support/processes.mjs';
import { writeInventoryCsv } from './support/inventory-data.mjs';

const require = createRequire(import.meta.url);
require('reflect-metadata');
const { DataSource } = require('typeorm');
const { dataSourceOptions } = require('../dist/libs/common/persistence/data-source-options.js');
const { TypeOrmCarSearchRepository } = require('../dist/src/modules/inventory/adapters/persistence/typeorm-car-search.repository.js');
const { SnapshotCarSearch } = require('../dist/src/modules/inventory/adapters/persistence/snapshot-car-search.js');
const { InventoryChanges } = require('../dist/src/modules/inventory/domain/inventory-changes.js');
const { parseWireNode } = require('../dist/libs/common/vehicle/filter-expression.js');
const { translateQuery } = require('../dist/src/modules/search/domain/translator/nl-translator.js');
const { planSuggestions } = require('../dist/src/modules/search/domain/suggestions.js');

const MYSQL = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/bench_search';
const PER_DEALER = Number(process.env.BENCH_CARS_PER_DEALER ?? 50000);
const DEALERS = 4;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const TARGET_MS = 20;
/** Zero-result searches also find the nearest cars (decisions.md section 4, suggestions). */
const SUGGESTIONS_TARGET_MS = 40;
const flags = process.argv.slice(2).filter((a) => a.startsWith('--')).map((a) => a.slice(2));
const BACKENDS = flags.length ? flags : (process.env.BENCH_BACKENDS ?? 'sqlite,mysql').split(',').map((b) => b.trim());
for (const b of BACKENDS) if (!['sqlite', 'mysql'].includes(b)) throw new Error(`unknown backend ${b} (sqlite, mysql)`);

/** What shoppers type, by the kind of condition it makes. */
const CLASSES = [
  ['make/model', ['Toyota', 'Honda Civic', 'Ford F-150', 'Mercedes-Benz C-Class', 'used Mazda CX-5']],
  ['price/year range', ['under 20k', 'between 15k and 25k', '2019 or newer', 'cars from 2015 to 2018 under 30,000', 'over 50k']],
  ['features', ['with sunroof', 'heated seats', 'leather and navigation', 'apple carplay and a backup camera', 'with sunroof and heated seats']],
  ['colour', ['red', 'white or silver', 'black SUV', 'blue car']],
  ['negation', ['not red', 'no accidents', 'SUV but not a Toyota', 'without a sunroof', 'anything except a sedan']],
  ['sort words', ['cheapest', 'newest', 'lowest mileage', 'most expensive SUV', 'cheapest Honda']],
  ['combined', ['red AWD SUV under 30k', 'cheapest hybrid with navigation 2019+', 'low mileage Toyota with heated seats under 25k',
    'certified Lexus with leather, no accidents', 'newest white or silver Camry between 15k and 25k']],
  // Colour/model pairs the data has not (every row repeats a reference car): nothing matches, near cars do.
  ['zero-result with suggestions', ['purple Honda Civic', 'gold Ford F-150 under 40k', 'orange Honda CR-V with sunroof',
    'purple Jeep Wrangler 4WD', 'gold Toyota RAV4 AWD under 25k'], { suggestions: true }],
];

const results = [];
for (const backend of BACKENDS) results.push(await runBackend(backend));

for (const { label, rows } of results) {
  console.log(`\n${label}: ${PER_DEALER.toLocaleString('en')} cars of one dealership among ${(PER_DEALER * DEALERS).toLocaleString('en')}, ` +
    `each query x ${REPEAT} (p50/p95 over a class's samples, nearest rank)`);
  console.table(rows.map((r) => ({
    class: r.name,
    queries: r.queries,
    'p50 API ms': r.apiP50.toFixed(1),
    'p95 API ms': r.apiP95.toFixed(1),
    'p95 SQL ms': r.sqlP95.toFixed(1),
    'p95 snapshot ms': r.snapP95.toFixed(1),
    'API/SQL': (r.apiP95 / r.sqlP95).toFixed(2),
    matches: r.matches,
    target: `< ${r.target} ms: ${r.apiP95 < r.target ? 'yes' : 'NO'}`,
  })));
}

async function runBackend(backend) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  const env = { DATA_DIR: dataDir, MIGRATE_ON_START: 'true', CATALOG_SEED: 'true' };
  let label = 'SQLite';
  if (backend === 'mysql') {
    const admin = await createConnection({ uri: MYSQL.replace(/\/[^/]*$/, '/') });
    const [[server]] = await admin.query('SELECT VERSION() AS version, @@innodb_buffer_pool_size DIV 1048576 AS pool_mb');
    const dbName = new URL(MYSQL).pathname.slice(1);
    await admin.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
    await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin.end();
    env.DATABASE_URL = MYSQL;
    label = `MySQL (${server.version}, buffer pool ${server.pool_mb} MB)`;
  } else {
    label = `SQLite (${path.join(dataDir, 'dealer.sqlite')})`;
  }
  console.log(`\n== ${label}`);
  const server = await startServer(env, [], API_MAIN);
  const config = backend === 'mysql' ? { kind: 'mysql', url: MYSQL } : { kind: 'sqlite', file: path.join(dataDir, 'dealer.sqlite') };
  const ds = new DataSource(dataSourceOptions(config, { migrations: { mysql: [], sqlite: [] } }));
  try {
    const dealers = [];
    for (let d = 0; d < DEALERS; d++) dealers.push(cli(env, 'dealer', 'create', '--name', `Search Bench ${d}`, '--region', 'CA'));
    const auth = (d) => `Basic ${Buffer.from(`${d.username}:${d.password}`).toString('base64')}`;
    const csv = path.join(dataDir, 'cars.csv');
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
    fs.rmSync(csv);
    const target = dealers[0];
    await ds.initialize();
    const repository = new TypeOrmCarSearchRepository(ds);
    const snapshots = new SnapshotCarSearch(repository, ds, { searchSnapshotMaxCars: 1_000_000 }, new InventoryChanges());
    const builds = [];
    for (let i = 0; i < 3; i++) {
      const t0 = process.hrtime.bigint();
      const snapshot = await snapshots.current(target.dealer_id);
      builds.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (i === 2) {
        for (const sort of [null, 'price_asc', 'price_desc', 'year_asc', 'kilometers_asc']) snapshot.select({ kind: 'operation', operator: 'and', arguments: [] }, sort, { skip: 0, take: 1 });
        console.log(`snapshot of ${snapshot.size.toLocaleString('en')} cars: built in ${builds.map((b) => b.toFixed(0)).join(', ')} ms (3 builds); ~${(snapshot.bytes() / 1048576).toFixed(1)} MB with its 5 sort orders`);
      } else await ds.query('UPDATE inventory_versions SET version = version + 1 WHERE dealer_id = ?', [target.dealer_id]); // forces the next build
    }

    const post = async (p, body) => {
      const res = await fetch(`${server.url}${p}`, { method: 'POST', headers: { authorization: auth(target), 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`${p} ${res.status}: ${await res.text()}`);
      return res.json();
    };
    const time = async (fn) => {
      const t0 = process.hrtime.bigint();
      await fn();
      return Number(process.hrtime.bigint() - t0) / 1e6;
    };
    const page = { skip: 0, take: 20 };

    // The API's snapshot is built in the background by its first search after the upload (SQL meanwhile).
    const ready = Date.now();
    for (let fast = 0; fast < 3 && Date.now() - ready < 60_000;) {
      const t0 = Date.now();
      await post('/api/v1/search', { query: 'cars' });
      fast = Date.now() - t0 < 15 ? fast + 1 : 0;
    }
    console.log(`the API answered from its snapshot ${Date.now() - ready} ms after the first search`);

    const rows = [];
    const detail = [];
    for (const [name, queries, { suggestions = false } = {}] of CLASSES) {
      const api = [];
      const sql = [];
      const snap = [];
      const matches = [];
      const suggestedCounts = [];
      for (const query of queries) {
        const parsed = parseWireNode(await post('/api/v1/search/translate', { query }));
        if (!parsed.ok) throw new Error(`bad filter for ${query}`);
        // Sort words do not depend on names: the translator alone gives the order the API applies.
        const { sort } = translateQuery(query, { manufacturers: [], models: [] });
        // The API's suggestions step after a search that found nothing, on the same backend.
        const plan = suggestions ? planSuggestions(parsed.node) : null;
        const searchSql = async () => {
          const found = await repository.search(target.dealer_id, parsed.node, sort, page);
          if (plan && found.total === 0) await repository.nearest(target.dealer_id, plan.query, sort);
        };
        const searchSnapshot = async () => {
          const found = await snapshots.search(target.dealer_id, parsed.node, sort, page);
          if (plan && found.total === 0) await snapshots.nearest(target.dealer_id, plan.query, sort);
        };
        for (let i = 0; i < 2; i++) { // warm-up
          await post('/api/v1/search', { query });
          await searchSql();
          await searchSnapshot();
        }
        const a = [];
        const s = [];
        const m = [];
        let total = 0;
        let suggested = 0;
        for (let i = 0; i < REPEAT; i++) {
          a.push(await time(async () => {
            const body = await post('/api/v1/search', { query });
            [total, suggested] = [body.total_row_count, body.suggestions.length];
          }));
          s.push(await time(searchSql));
          m.push(await time(searchSnapshot));
        }
        if (suggestions && (total !== 0 || suggested === 0)) throw new Error(`"${query}" should match nothing and have near cars: ${total} matches, ${suggested} suggested`);
        api.push(...a);
        sql.push(...s);
        snap.push(...m);
        matches.push(total);
        if (suggestions) suggestedCounts.push(suggested);
        const sorted = (xs) => [...xs].sort((x, y) => x - y);
        detail.push({ class: name, query, matches: total, 'p50 API ms': percentile(sorted(a), 50).toFixed(1), 'p50 SQL ms': percentile(sorted(s), 50).toFixed(1), 'p50 snapshot ms': percentile(sorted(m), 50).toFixed(1), 'max API ms': Math.max(...a).toFixed(1) });
      }
      api.sort((x, y) => x - y);
      sql.sort((x, y) => x - y);
      snap.sort((x, y) => x - y);
      rows.push({
        name,
        queries: queries.length,
        apiP50: percentile(api, 50),
        apiP95: percentile(api, 95),
        sqlP95: percentile(sql, 95),
        snapP95: percentile(snap, 95),
        matches: `${Math.min(...matches).toLocaleString('en')}-${Math.max(...matches).toLocaleString('en')}${suggestions ? ` (${Math.min(...suggestedCounts)}-${Math.max(...suggestedCounts)} suggested)` : ''}`,
        target: suggestions ? SUGGESTIONS_TARGET_MS : TARGET_MS,
      });
    }
    console.table(detail);
    return { label, rows };
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await stopServer(server);
    if (process.env.BENCH_KEEP === '1' && backend === 'sqlite') console.log(`kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
