#!/usr/bin/env node
// Builds the demo inventory src/modules/inventory/seed/{used-cars.seed.csv,new-cars.seed.json} from
// the project's reference inventory in ../shared/data (relative to the repository root): every 6th
// used car (300) and every 7th new car (100), rows copied unchanged. Deterministic: re-running
// produces the same bytes.
//
//   node scripts/build-seed-inventory.mjs           write the seed files
//   node scripts/build-seed-inventory.mjs --check   exit 1 if the committed seed files are stale
//   INVENTORY_DATA_DIR=/path/to/shared/data node scripts/build-seed-inventory.mjs

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = resolve(process.env.INVENTORY_DATA_DIR ?? resolve(REPO, '../shared/data'));
const OUT = resolve(REPO, 'src/modules/inventory/seed');
const USED_EVERY = 6;
const NEW_EVERY = 7;

// The reference CSV has no line breaks inside fields: one line is one row (checked below).
const lines = readFileSync(resolve(DATA, 'reference-inventory.csv'), 'utf8').split('\n').filter((l) => l !== '');
const [header, ...rows] = lines;
if (!header.startsWith('vin,') || rows.some((r) => !/^[A-HJ-NPR-Z0-9]{17},/.test(r))) throw new Error('unexpected reference-inventory.csv layout');
const usedCsv = [header, ...rows.filter((_, i) => i % USED_EVERY === 0)].join('\n') + '\n';

const cars = JSON.parse(readFileSync(resolve(DATA, 'reference-inventory.new.json'), 'utf8'));
const picked = cars.filter((_, i) => i % NEW_EVERY === 0);
const newJson = '[\n' + picked.map((c) => '  ' + JSON.stringify(c)).join(',\n') + '\n]\n';

const outputs = [['used-cars.seed.csv', usedCsv], ['new-cars.seed.json', newJson]];
if (process.argv.includes('--check')) {
  const stale = outputs.filter(([name, text]) => {
    try {
      return readFileSync(resolve(OUT, name), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  for (const [name] of stale) process.stderr.write(`stale: src/modules/inventory/seed/${name}\n`);
  process.exit(stale.length ? 1 : 0);
}
for (const [name, text] of outputs) writeFileSync(resolve(OUT, name), text);
process.stdout.write(`wrote ${rows.filter((_, i) => i % USED_EVERY === 0).length} used and ${picked.length} new cars to src/modules/inventory/seed\n`);
