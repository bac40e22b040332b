// npm run eval:search-generated: a generated, blind evaluation of natural-language search. A fresh
// embedded server with two dealerships (A, region CA: the reference fixtures test/fixtures/
// reference-inventory.csv + .new.json; B, region US: test/fixtures/messy-dealer-feed.csv, uploaded
// with no column mappings), then `--count` queries composed with seed `--seed` by
// bench/support/search-query-generator.mjs, each POSTed to /api/v1/search/translate as its
// dealership and scored by execution match (the same VINs of that dealership's cars as the oracle).
// Seed 1 is the one to improve against; seeds 2 and 3 are reported as held out.
//
//   node bench/eval-search-generated.mjs [--seed 1] [--count 2400] [--verbose] [--dump FILE] [--self-test]
//
// Exit status: 0 when accuracy >= 0.97, 1 below it (everything still printed) or for bad arguments
// or a self-test that finds a broken query, 2 when the server cannot start.
import * as fs from 'node:fs';
import http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { loadInventory, sameSelection, selectVins, validateFilter } from './support/filter-eval.mjs';
import { API_MAIN, cli, percentile, ROOT, startServer, stopServer } from './support/processes.mjs';
import { feedCars, generateQueries } from './support/search-query-generator.mjs';

const FIXTURES = path.join(ROOT, 'test/fixtures');
const TRANSLATE_PATH = '/api/v1/search/translate';
const PASS = 0.97;
const WARMUP_CALLS = 10;
const TIMEOUT_MS = 10_000;

const { values: opt } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    count: { type: 'string', default: '2400' },
    verbose: { type: 'boolean', short: 'v', default: false },
    dump: { type: 'string' },
    'self-test': { type: 'boolean', default: false },
  },
});
const seed = Number(opt.seed);
const count = Number(opt.count);
if (!Number.isInteger(seed) || seed < 0 || !Number.isInteger(count) || count < 1) {
  console.error('usage: eval-search-generated.mjs [--seed N] [--count N] [--verbose] [--dump FILE] [--self-test]');
  process.exit(1);
}

// ---------------------------------------------------------------- the two stocks and the queries

const dealerships = [
  { key: 'A', region: 'CA', name: 'Reference Motors', cars: loadInventory({ csvPath: path.join(FIXTURES, 'reference-inventory.csv'), jsonPath: path.join(FIXTURES, 'reference-inventory.new.json') }) },
  {
    key: 'B', region: 'US', name: 'Messy Feed Trucks', cars: feedCars(fs.readFileSync(path.join(FIXTURES, 'messy-dealer-feed.csv'), 'utf8')),
    families: JSON.parse(fs.readFileSync(path.join(FIXTURES, 'messy-dealer-feed.families.json'), 'utf8')).families,
  },
];
const carsOf = Object.fromEntries(dealerships.map((d) => [d.key, d.cars]));
const queries = generateQueries({ seed, count, dealerships });
const expectedVins = queries.map((q) => selectVins(q.expected, carsOf[q.dealership]));
console.log(`generated ${queries.length} queries (seed ${seed}): dealership A ${carsOf.A.length} cars (${queries.filter((q) => q.dealership === 'A').length} queries), B ${carsOf.B.length} cars (${queries.filter((q) => q.dealership === 'B').length} queries)`);

if (opt.dump) {
  fs.writeFileSync(opt.dump, queries.map((q, i) => JSON.stringify({ ...q, expected_count: expectedVins[i].length })).join('\n') + '\n');
  console.log(`wrote ${opt.dump}`);
}

// ---------------------------------------------------------------- scoring and report

function score(status, text, expected, cars) {
  if (status !== 200) return { ok: false, reason: `HTTP ${status}`, body: text.slice(0, 300) };
  let returned;
  try {
    returned = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'response is not JSON', body: text.slice(0, 300) };
  }
  const errors = validateFilter(returned);
  if (errors.length) return { ok: false, reason: `invalid filter: ${errors.slice(0, 3).join('; ')}`, returned };
  const vins = selectVins(returned, cars);
  if (sameSelection(vins, expected)) return { ok: true, returned };
  const want = new Set(expected);
  const got = new Set(vins);
  return { ok: false, reason: `selects ${vins.length}, expected ${expected.length} (${expected.filter((v) => !got.has(v)).length} missing, ${vins.filter((v) => !want.has(v)).length} extra)`, returned };
}

const render = (n) => (n?.operator ? `${n.operator}(${(n.arguments ?? []).map(render).join(', ')})` : n && typeof n === 'object' ? `${n.attribute} ${n.comparator} ${JSON.stringify(n.value)}` : JSON.stringify(n));

function table(title, results, keysOf) {
  const by = new Map();
  for (const r of results) {
    for (const k of keysOf(r)) {
      const s = by.get(k) ?? { n: 0, ok: 0 };
      s.n++;
      if (r.ok) s.ok++;
      by.set(k, s);
    }
  }
  const width = Math.max(5, ...[...by.keys()].map((k) => k.length));
  console.log(`\n${title}:`);
  for (const [k, s] of [...by].sort((a, b) => a[1].ok / a[1].n - b[1].ok / b[1].n || b[1].n - a[1].n)) {
    console.log(`  ${k.padEnd(width)}  ${(s.ok / s.n).toFixed(3)}  (${s.ok}/${s.n})`);
  }
}

function report(results, latencies) {
  table('accuracy by main class', results, (r) => [r.cls]);
  table('accuracy by dealership', results, (r) => [r.dealership]);
  table('accuracy by tag (attributes and surface of typing)', results, (r) => r.tags);
  const failures = results.filter((r) => !r.ok);
  console.log(`\nfailures: ${failures.length}${opt.verbose || failures.length === 0 ? '' : ' (--verbose lists them)'}`);
  if (opt.verbose) {
    for (const f of failures) {
      console.log(`  ${f.id} [${f.dealership}/${f.cls}] ${JSON.stringify(f.query)} -> ${f.reason}`);
      console.log(`      expected: ${render(f.expected)}`);
      if (f.returned !== undefined) console.log(`      returned: ${render(f.returned)}`);
      if (f.body !== undefined) console.log(`      body:     ${f.body}`);
    }
  }
  if (latencies) {
    const s = [...latencies].sort((a, b) => a - b);
    console.log(`\ntranslate latency over ${s.length} calls: median ${percentile(s, 50).toFixed(2)} ms, p95 ${percentile(s, 95).toFixed(2)} ms, max ${s[s.length - 1].toFixed(2)} ms`);
  }
  const ok = results.filter((r) => r.ok).length;
  const accuracy = ok / results.length;
  console.log(`search-generated execution accuracy: ${accuracy.toFixed(3)} (${ok}/${results.length}) seed ${seed}`);
  return accuracy;
}

// ---------------------------------------------------------------- self-test: oracles against themselves

if (opt['self-test']) {
  const problems = [];
  const texts = new Set();
  queries.forEach((q, i) => {
    const errors = validateFilter(q.expected);
    if (errors.length) problems.push(`${q.id}: invalid oracle: ${errors.join('; ')}`);
    const key = `${q.dealership}|${q.query.toLowerCase()}`;
    if (texts.has(key)) problems.push(`${q.id}: duplicate query ${JSON.stringify(q.query)}`);
    texts.add(key);
    const n = expectedVins[i].length;
    const total = carsOf[q.dealership].length;
    if (q.tags.includes('no-filter') ? n !== total : n < 1 || n > 0.9 * total) problems.push(`${q.id}: selects ${n} of ${total}`);
  });
  const results = queries.map((q, i) => ({ ...q, ...score(200, JSON.stringify(q.expected), expectedVins[i], carsOf[q.dealership]) }));
  for (const p of problems) console.log(`broken: ${p}`);
  console.log(problems.length ? `self-test: ${problems.length} broken queries` : 'self-test: every oracle valid, selections within bounds, no duplicates');
  const accuracy = report(results, null);
  process.exit(problems.length || accuracy !== 1 ? 1 : 0);
}

// ---------------------------------------------------------------- against a fresh server

/** POSTs over one keep-alive connection per dealership; node:http keeps the client's overhead small. */
function translator(baseUrl, username, password) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(baseUrl + TRANSLATE_PATH);
  const auth = 'Basic ' + Buffer.from(`${username}:${password}`).toString('base64');
  const post = (query) => new Promise((resolve) => {
    const body = JSON.stringify({ query });
    const t0 = performance.now();
    const req = http.request(url, { method: 'POST', agent, timeout: TIMEOUT_MS, headers: { 'content-type': 'application/json', authorization: auth, 'content-length': Buffer.byteLength(body) } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve({ status: 0, text: String(error.message), ms: performance.now() - t0 }));
    req.end(body);
  });
  return { post, close: () => agent.destroy() };
}

async function upload(server, auth, route, file) {
  const form = new FormData();
  form.append('File', new Blob([fs.readFileSync(path.join(FIXTURES, file))]), file);
  const res = await fetch(`${server.url}/api/v1/inventory/${route}`, { method: 'PUT', headers: { authorization: auth }, body: form });
  const body = await res.json();
  if (res.status !== 200 || body.num_failed_inserts !== 0) throw new Error(`upload of ${file}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
}

const env = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'eval-search-generated-')), CATALOG_SEED: 'true' };
let server;
try {
  for (const d of dealerships) d.login = cli(env, 'dealer', 'create', '--name', d.name, '--region', d.region);
  server = await startServer(env, [], API_MAIN);
} catch (e) {
  console.error(`the server cannot start: ${e.message}`);
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
  process.exit(2);
}
let accuracy = 0;
try {
  const auth = (d) => `Basic ${Buffer.from(`${d.login.username}:${d.login.password}`).toString('base64')}`;
  await upload(server, auth(dealerships[0]), 'used', 'reference-inventory.csv');
  await upload(server, auth(dealerships[0]), 'new/json', 'reference-inventory.new.json');
  await upload(server, auth(dealerships[1]), 'used', 'messy-dealer-feed.csv');
  const clients = Object.fromEntries(dealerships.map((d) => [d.key, translator(server.url, d.login.username, d.login.password)]));
  const answers = [];
  try {
    // Untimed warm-up with queries of no set, so a cache of translations cannot flatter latency.
    for (const c of Object.values(clients)) for (let i = 0; i < WARMUP_CALLS; i++) await c.post(`warm-up request ${i + 1}`);
    for (const q of queries) answers.push(await clients[q.dealership].post(q.query));
  } finally {
    for (const c of Object.values(clients)) c.close();
  }
  const results = queries.map((q, i) => ({ ...q, ...score(answers[i].status, answers[i].text, expectedVins[i], carsOf[q.dealership]) }));
  accuracy = report(results, answers.map((a) => a.ms));
} finally {
  await stopServer(server);
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true });
}
process.exitCode = accuracy >= PASS ? 0 : 1;
