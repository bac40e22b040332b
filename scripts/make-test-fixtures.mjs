#!/usr/bin/env node
// Derives the test fixtures in test/fixtures from the project's reference data in ../shared/data,
// so that the tests never read ../shared:
//   nl-queries.dev.jsonl          the dev query set, copied whole
//   reference-inventory.csv       a subset of the used cars, rows copied unchanged, in file order
//   reference-inventory.new.json  a subset of the new cars, rows copied unchanged, in file order
//   README.md                     what was derived from what, and the counts
// It also reads the project's own query set, test/fixtures/nl-queries.conversational.jsonl (written
// by hand, not derived: the script never writes it), whose expected filters are targets too.
//
// The subset must not weaken the specs that score filters over it (nl-translator.spec.ts scores
// the translator by execution match, filter-to-sql.spec.ts compares SQL with the evaluator). So
// the cars are chosen, not sampled:
// 1. the names: for every manufacturer, manufacturer/model pair and trim, the first car that has
//    it, so the translator learns the same SearchNames, in the same order, as from the full stock;
//    and for every attribute, a car with each value of a low-cardinality attribute and a car
//    where the value is missing;
// 2. distinguishability: the targets are the expected filters of every dev query, of every
//    conversational query and of every row the translator spec checks with expectAll, plus the
//    SQL spec's edge cases. For each
//    target, near misses are generated (a condition dropped, negated or added, a comparator
//    flipped, lt<->lte, a number moved by one, by 10%, by a miles/km factor or by 1000, a list
//    element dropped, and<->or, other targets, everything, nothing). Whenever the full inventory
//    tells a target from a near miss (they select different cars), at least one car of the
//    difference is kept, so the fixture tells them apart as well (greedy set cover). And for
//    every numeric bound, the cars nearest to it on each side are kept, so that any move of the
//    bound the full inventory notices is noticed too.
// The result is checked before writing: same names, every difference kept, and each dev or
// conversational query selecting at least one car and not every car (unless it has no condition).
//
//   node scripts/make-test-fixtures.mjs           write test/fixtures
//   node scripts/make-test-fixtures.mjs --check   exit 1 if the committed fixtures are stale
//   SHARED_DATA_DIR=/path/to/shared/data node scripts/make-test-fixtures.mjs

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = resolve(process.env.SHARED_DATA_DIR ?? resolve(REPO, '../shared/data'));
const OUT = resolve(REPO, 'test/fixtures');
// The translator's end-to-end specs, in this order (their expectAll rows are read one file after the other).
const TRANSLATOR_SPECS = ['nl-translator.spec.ts', 'nl-translator.conditions.spec.ts'].map((f) => resolve(REPO, 'src/modules/search/domain/translator', f));
const check = process.argv.includes('--check');

// The shared evaluator (the scorer's semantics) decides what a filter selects.
const { ATTRIBUTES, carValue, evaluateFilter, parseCsv, validateFilter } = await import(pathToFileURL(resolve(DATA, '../tools/filter-eval.mjs')).href);

// The translator spec writes its expectations in the test DSL: load test/support/search/filter-dsl.ts,
// the domain's toWireNode and the spec's stockSearchNames through a transpile-only TypeScript require hook.
const require = createRequire(import.meta.url);
const ts = require('typescript');
require.extensions['.ts'] = (module, filename) => {
  const { outputText } = ts.transpileModule(readFileSync(filename, 'utf8'), {
    fileName: filename,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  });
  module._compile(outputText, filename);
};
const { expectation } = require(resolve(REPO, 'test/support/search/filter-dsl.ts'));
const { toWireNode } = require(resolve(REPO, 'libs/common/vehicle/filter-expression.ts'));
const { stockSearchNames } = require(resolve(REPO, 'test/support/search/reference-data.ts'));
const dsl = (text) => toWireNode(expectation(text));

// ---------------------------------------------------------------- inputs

// The reference CSV has no line breaks inside fields: one line is one row (checked below).
const csvText = readFileSync(resolve(DATA, 'reference-inventory.csv'), 'utf8');
const [csvHeader, ...csvLines] = csvText.split('\n').filter((l) => l !== '');
const usedCars = parseCsv(csvText);
if (usedCars.length !== csvLines.length || csvLines.some((l, i) => !l.startsWith(`${usedCars[i].vin},`))) throw new Error('unexpected reference-inventory.csv layout');
const newCars = JSON.parse(readFileSync(resolve(DATA, 'reference-inventory.new.json'), 'utf8'));
const cars = [...usedCars, ...newCars];
const N = cars.length;
const devText = readFileSync(resolve(DATA, 'nl-queries.dev.jsonl'), 'utf8');
const devQueries = devText.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
const CONVERSATIONAL = resolve(OUT, 'nl-queries.conversational.jsonl');
const conversationalText = readFileSync(CONVERSATIONAL, 'utf8');
const conversationalQueries = conversationalText.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));

/** [query, dsl] rows of the translator spec's expectAll tables (string literals, either quote). */
function specRows() {
  const literal = String.raw`'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"`;
  const row = new RegExp(String.raw`\[\s*(${literal}),\s*(${literal})\s*\]`, 'g');
  const unquote = (s) => s.slice(1, -1).replace(/\\(.)/g, '$1');
  const source = TRANSLATOR_SPECS.map((f) => readFileSync(f, 'utf8')).join('\n');
  const rows = [];
  for (const block of source.split('expectAll(').slice(1)) {
    const body = block.slice(0, block.search(/\]\)\)?;/) + 1);
    for (const m of body.matchAll(row)) rows.push([unquote(m[1]), unquote(m[2])]);
  }
  if (rows.length < 100) throw new Error(`found only ${rows.length} expectAll rows in ${TRANSLATOR_SPECS.join(', ')}`);
  return rows;
}

/** The edge cases of filter-to-sql.spec.ts (missing values, like, case), in the DSL. */
const SQL_EDGE_CASES = [
  'not(trim eq XLE)', 'trim ne xle', 'trim nin XLE,Sport', 'not(horse_power gt 200)', 'not(options contain sunroof)',
  'model like c_v%', 'model like CR\\-V', 'stock_number like U1%', 'options contain APPLE carplay', 'model contain %',
  'manufacturer eq mercedes-benz ; certified eq true', 'accident ne true', 'monthly_lease_payment lt 500',
  'not(monthly_lease_payment lt 500)', 'or(color eq red, fuel_type in electric,HYBRID)', 'not(and(condition eq new, year gte 2020))',
];

const targets = [
  ...devQueries.map((q) => q.expected),
  ...conversationalQueries.map((q) => q.expected),
  ...specRows().map(([, e]) => dsl(e)),
  ...SQL_EDGE_CASES.map(dsl),
];

// ---------------------------------------------------------------- selections as bitsets

const WORDS = Math.ceil(N / 32);
const cache = new Map();
function select(filter) {
  const key = JSON.stringify(filter);
  let bits = cache.get(key);
  if (!bits) {
    bits = new Uint32Array(WORDS);
    for (let i = 0; i < N; i++) if (evaluateFilter(filter, cars[i])) bits[i >>> 5] |= 1 << (i & 31);
    cache.set(key, bits);
  }
  return bits;
}
const bitsOf = (indexes) => {
  const bits = new Uint32Array(WORDS);
  for (const i of indexes) bits[i >>> 5] |= 1 << (i & 31);
  return bits;
};
const has = (bits, i) => (bits[i >>> 5] & (1 << (i & 31))) !== 0;
function* members(bits) {
  for (let w = 0; w < WORDS; w++) {
    let word = bits[w];
    while (word !== 0) {
      const low = word & -word;
      yield w * 32 + (31 - Math.clz32(low));
      word ^= low;
    }
  }
}
const isEmpty = (bits) => bits.every((w) => w === 0);
const intersects = (a, b) => a.some((w, i) => (w & b[i]) !== 0);
const xor = (a, b) => a.map((w, i) => w ^ b[i]);
const andNot = (a, b) => a.map((w, i) => w & ~b[i]);

// ---------------------------------------------------------------- near misses

const leaf = (comparator, attribute, value) => ({ comparator, attribute, value, operator: null, arguments: [] });
const op = (operator, args) => ({ comparator: null, attribute: null, value: null, operator, arguments: args });
const NUMERIC = Object.keys(ATTRIBUTES).filter((a) => ATTRIBUTES[a] === 'number' || ATTRIBUTES[a] === 'integer');
const FLIP = { eq: ['ne', 'contain'], ne: ['eq'], in: ['nin'], nin: ['in'], lt: ['lte', 'gt', 'gte'], lte: ['lt', 'gte', 'gt'], gt: ['gte', 'lt', 'lte'], gte: ['gt', 'lte', 'lt'], contain: ['eq'], like: ['eq'] };

function leafVariants(node) {
  const out = [];
  for (const comparator of FLIP[node.comparator] ?? []) {
    if (comparator === 'contain' && typeof node.value !== 'string') continue;
    out.push(leaf(comparator, node.attribute, node.value));
  }
  if (typeof node.value === 'number') {
    const v = node.value;
    for (const moved of new Set([v - 1, v + 1, Math.round(v * 0.9), Math.round(v * 1.1), Math.round(v * 1.609344), Math.round(v / 1.609344), v * 1000, Math.round(v / 1000), Math.round(v / 1000) * 1000])) {
      if (moved !== v) out.push(leaf(node.comparator, node.attribute, moved));
    }
    for (const other of NUMERIC) if (other !== node.attribute) out.push(leaf(node.comparator, other, v));
  }
  if (Array.isArray(node.value)) {
    for (let i = 0; i < node.value.length; i++) {
      if (node.value.length > 1) out.push(leaf(node.comparator, node.attribute, node.value.filter((_, j) => j !== i)));
      out.push(leaf(node.comparator === 'in' ? 'eq' : 'ne', node.attribute, node.value[i]));
    }
  }
  return out;
}

/** Every filter that differs from `root` by one local change. */
function nearMisses(root) {
  const out = [];
  const walk = (node, rebuild) => {
    out.push(rebuild(op('not', [node])));
    if (node.operator === null) {
      for (const v of leafVariants(node)) out.push(rebuild(v));
      return;
    }
    if (node.operator === 'not') out.push(rebuild(node.arguments[0]));
    if (node.operator !== 'not') out.push(rebuild(op(node.operator === 'and' ? 'or' : 'and', node.arguments)));
    node.arguments.forEach((child, i) => {
      const withChild = (c) => rebuild(op(node.operator, node.arguments.map((x, j) => (j === i ? c : x))));
      if (node.operator !== 'not') out.push(rebuild(op(node.operator, node.arguments.filter((_, j) => j !== i))));
      walk(child, withChild);
    });
  };
  walk(root, (n) => n);
  return out.filter((f) => validateFilter(f).length === 0);
}

/**
 * For every numeric bound in `root`: the cars whose value is nearest to it on either side (largest
 * below, largest at or below, smallest at or above, smallest above), among the cars whose selection
 * depends on that condition. Keeping one of each, any move of the bound that changes the selection
 * of the whole inventory changes the fixture's too (price lt 8000 vs lt 7793, not only vs lt 7999).
 */
function boundaryCars(root) {
  const out = [];
  const walk = (node, rebuild) => {
    if (node.operator !== null) {
      node.arguments.forEach((child, i) => walk(child, (c) => rebuild(op(node.operator, node.arguments.map((x, j) => (j === i ? c : x))))));
      return;
    }
    if (typeof node.value !== 'number') return;
    const depends = xor(select(rebuild(op('and', []))), select(rebuild(op('or', []))));
    const byValue = new Map();
    for (const i of members(depends)) {
      const v = carValue(cars[i], node.attribute);
      if (v !== null) byValue.set(v, [...(byValue.get(v) ?? []), i]);
    }
    const values = [...byValue.keys()];
    const v = node.value;
    for (const nearest of [
      Math.max(...values.filter((x) => x < v)), Math.max(...values.filter((x) => x <= v)),
      Math.min(...values.filter((x) => x >= v)), Math.min(...values.filter((x) => x > v)),
    ]) {
      if (byValue.has(nearest)) out.push(bitsOf(byValue.get(nearest)));
    }
  };
  walk(root, (n) => n);
  return out;
}

// ---------------------------------------------------------------- what must be kept

const mandatory = new Set();
// 1. names, in first-occurrence order, and every value (and a missing one) of the small attributes
const firstOf = new Map();
const keep = (key, i) => { if (!firstOf.has(key)) firstOf.set(key, i); };
const norm = (v) => String(v ?? '').trim().toLowerCase();
cars.forEach((car, i) => {
  const [make, model, trim] = [norm(car.manufacturer), norm(car.model), String(car.trim ?? '').trim()];
  if (make) keep(`manufacturer|${make}`, i);
  if (make && model) keep(`model|${make}|${model}`, i);
  if (trim) keep(`trim|${trim}`, i);
  for (const attribute of Object.keys(ATTRIBUTES)) {
    const raw = car[attribute];
    const missing = raw === null || raw === undefined || String(raw).trim() === '';
    keep(`missing|${attribute}|${missing}`, i);
  }
  for (const attribute of ['condition', 'certified', 'type', 'color', 'fuel_type', 'transmission', 'drive_train', 'seats', 'doors', 'year', 'accident']) {
    keep(`value|${attribute}|${norm(car[attribute])}`, i);
  }
});
for (const i of firstOf.values()) mandatory.add(i);

// 2. differences: every set of cars that tells a target from a near miss must keep one car
const constraints = new Map();
const need = (diff) => {
  if (isEmpty(diff)) return;
  const key = Buffer.from(diff.buffer).toString('base64');
  if (!constraints.has(key)) constraints.set(key, diff);
};
const everything = op('and', []);
const nothing = op('and', [leaf('eq', 'vin', '-')]);
const extraLeaves = new Map();
const collectLeaves = (n) => (n.operator === null ? extraLeaves.set(JSON.stringify(n), n) : n.arguments.forEach(collectLeaves));
targets.forEach(collectLeaves);
const extraBits = [...extraLeaves.values(), leaf('eq', 'condition', 'new'), leaf('eq', 'condition', 'used')].map(select);
const targetBits = targets.map(select);
targets.forEach((target, t) => {
  const bits = targetBits[t];
  for (const other of [everything, nothing, ...nearMisses(target)]) need(xor(bits, select(other)));
  for (const boundary of boundaryCars(target)) need(boundary);
  for (const extra of extraBits) need(andNot(bits, extra)); // the target and one more condition
  for (let u = t + 1; u < targets.length; u++) need(xor(bits, targetBits[u]));
});

// Greedy set cover: repeatedly keep the car in the most unmet differences (ties: file order).
const chosen = bitsOf(mandatory);
let open = [...constraints.values()].filter((c) => !intersects(c, chosen));
const counts = new Int32Array(N);
for (const c of open) for (const i of members(c)) counts[i]++;
while (open.length > 0) {
  let best = 0;
  for (let i = 1; i < N; i++) if (counts[i] > counts[best]) best = i;
  chosen[best >>> 5] |= 1 << (best & 31);
  const still = [];
  for (const c of open) {
    if (has(c, best)) for (const i of members(c)) counts[i]--;
    else still.push(c);
  }
  open = still;
}

// ---------------------------------------------------------------- checks

const kept = [...members(chosen)];
const subset = kept.map((i) => cars[i]);
const unmet = [...constraints.values()].filter((c) => !intersects(c, chosen));
if (unmet.length > 0) throw new Error(`${unmet.length} differences not kept`);
if (JSON.stringify(stockSearchNames(subset)) !== JSON.stringify(stockSearchNames(cars))) throw new Error('the subset does not give the same search names');
const subsetBits = (filter) => kept.filter((i) => has(select(filter), i)).length;
for (const q of [...devQueries, ...conversationalQueries]) {
  const n = subsetBits(q.expected);
  const all = q.tags.includes('no-filter');
  if (n === 0 || (all ? n !== kept.length : n === kept.length)) throw new Error(`${q.id} selects ${n} of ${kept.length} fixture cars`);
}

// ---------------------------------------------------------------- output

const usedKept = kept.filter((i) => i < usedCars.length);
const newKept = kept.filter((i) => i >= usedCars.length).map((i) => i - usedCars.length);
const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const rel = (p) => relative(REPO, p).split('\\').join('/');
const files = {
  'nl-queries.dev.jsonl': devText,
  'reference-inventory.csv': [csvHeader, ...usedKept.map((i) => csvLines[i])].join('\n') + '\n',
  'reference-inventory.new.json': '[\n' + newKept.map((i) => '  ' + JSON.stringify(newCars[i])).join(',\n') + '\n]\n',
};
files['README.md'] = `# Test fixtures

Generated by \`node scripts/make-test-fixtures.mjs\` from \`../shared/data\`; do not edit by hand
(re-run the script when the reference data or the translator spec's expectations change;
\`--check\` tells whether these files are current). Tests read these files, never \`../shared\`.

| file | what |
|---|---|
| \`nl-queries.dev.jsonl\` | the dev query set, copied whole (${devQueries.length} queries) |
| \`nl-queries.conversational.jsonl\` | not generated: the project's own ${conversationalQueries.length} conversational queries, written by hand (read here as targets) |
| \`reference-inventory.csv\` | ${usedKept.length} of the ${usedCars.length} used cars of the reference inventory, rows unchanged |
| \`reference-inventory.new.json\` | ${newKept.length} of the ${newCars.length} new cars, rows unchanged |

The cars are chosen so that the subset keeps the stock's search names (every manufacturer, model
and trim, in the same first-seen order) and tells apart everything the full inventory tells
apart among ${targets.length} target filters (the dev set's, the conversational set's and the translator
spec's expectations, the SQL spec's edge cases) and their near misses: ${constraints.size} distinct differences, each keeping
at least one car. See the script for the details.

Sources (sha256):
- \`reference-inventory.csv\` ${sha256(csvText)}
- \`reference-inventory.new.json\` ${sha256(readFileSync(resolve(DATA, 'reference-inventory.new.json'), 'utf8'))}
- \`nl-queries.dev.jsonl\` ${sha256(devText)}
- \`${rel(CONVERSATIONAL)}\` ${sha256(conversationalText)}
- ${TRANSLATOR_SPECS.map((f) => `\`${rel(f)}\``).join(' and ')} (expectAll rows) ${sha256(JSON.stringify(specRows()))}
`;

if (check) {
  const stale = Object.entries(files).filter(([name, text]) => {
    try { return readFileSync(resolve(OUT, name), 'utf8') !== text; } catch { return true; }
  });
  if (stale.length > 0) {
    console.error(`stale: ${stale.map(([name]) => rel(resolve(OUT, name))).join(', ')} (run node scripts/make-test-fixtures.mjs)`);
    process.exit(1);
  }
  console.log('test fixtures are current');
} else {
  mkdirSync(OUT, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(resolve(OUT, name), text);
  const size = Object.values(files).reduce((n, t) => n + Buffer.byteLength(t), 0);
  console.log(`${rel(OUT)}: ${usedKept.length} used + ${newKept.length} new cars (of ${N}), ${constraints.size} differences kept, ${(size / 1024).toFixed(0)} KB`);
}
