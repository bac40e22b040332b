// Synthetic inventories for benchmarks: reference cars with fresh, valid VINs and varied values.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { parseCsvRows } from '../../scripts/csv.mjs';
import { ROOT } from './processes.mjs';

const SHARED = path.resolve(ROOT, '../shared/data');
const require = createRequire(import.meta.url);
const { withCheckDigit } = require('../../dist/src/modules/inventory/domain/vin.js');

/** The VIN with serial `n` in positions 12-17 and a correct ISO 3779 check digit. */
function vinWithSerial(template, n) {
  return withCheckDigit(template.slice(0, 11) + String(n % 1_000_000).padStart(6, '0'));
}

/** Header and rows (arrays of strings) of the reference used-car CSV. */
function referenceRows() {
  const rows = parseCsvRows(fs.readFileSync(path.join(SHARED, 'reference-inventory.csv'), 'utf8'));
  const [header, ...data] = rows;
  return { header, rows: data };
}

const quote = (v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Writes a CSV of `count` cars cycling through the reference rows, VIN serials from `serialStart`. */
export function writeInventoryCsv(file, count, serialStart = 0) {
  const { header, rows } = referenceRows();
  const vin = header.indexOf('vin');
  const stock = header.indexOf('stock_number');
  const price = header.indexOf('price');
  const km = header.indexOf('kilometers');
  const out = fs.createWriteStream(file);
  out.write(header.join(',') + '\n');
  for (let i = 0; i < count; i++) {
    const r = [...rows[i % rows.length]];
    const serial = serialStart + i;
    r[vin] = vinWithSerial(r[vin], serial);
    r[stock] = `B${serial}`;
    if (r[price]) r[price] = String(Math.round(Number(r[price]) * (0.85 + ((i * 7919) % 300) / 1000)));
    if (r[km]) r[km] = String(Math.round(Number(r[km]) * (0.8 + ((i * 104729) % 400) / 1000)));
    out.write(r.map(quote).join(',') + '\n');
  }
  return new Promise((resolve) => out.end(resolve));
}
