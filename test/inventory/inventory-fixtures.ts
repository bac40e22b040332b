import { withCheckDigit } from '../../src/modules/inventory/domain/vin';
import { TestApp } from '../support/test-app';
import { parseCsv } from '../support/search/filter-evaluator';

/** The reference inventory fixture (test/fixtures: rows of the project's reference files, unchanged). */
export { REFERENCE_CSV, REFERENCE_JSON } from '../support/search/reference-data';

/** A distinct valid VIN (check digit included) per number. */
export function vin(n: number, prefix = '1HGCM826'): string {
  return withCheckDigit(`${prefix}0${String(n).padStart(8, '0')}`.slice(0, 17));
}

export interface CsvOptions {
  delimiter?: string;
  eol?: string;
  bom?: boolean;
}

/** CSV text; cells with the delimiter, a quote or a line break are quoted. */
export function csv(rows: (string | number)[][], options: CsvOptions = {}): string {
  const d = options.delimiter ?? ',';
  const eol = options.eol ?? '\n';
  const cell = (v: string | number) => {
    const s = String(v);
    return s.includes(d) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return (options.bom ? '\uFEFF' : '') + rows.map((r) => r.map(cell).join(d)).join(eol) + eol;
}

/** `count` simple used cars, VINs vin(from)..vin(from + count - 1). */
export function simpleCars(from: number, count: number, price = 10000): (string | number)[][] {
  const rows: (string | number)[][] = [['vin', 'stock_number', 'year', 'manufacturer', 'model', 'trim', 'price', 'kilometers']];
  for (let i = from; i < from + count; i++) rows.push([vin(i), `U${i}`, 2015 + (i % 10), 'Toyota', 'Corolla', i % 2 ? 'LE' : '', price + i, 1000 * i]);
  return rows;
}

export function uploadCsv(t: TestApp, auth: string, text: string, options: { delimiter?: string; columnMappings?: string; filename?: string } = {}) {
  let req = t.http().put('/api/v1/inventory/used').set('Authorization', auth);
  if (options.columnMappings !== undefined) req = req.query({ columnMappings: options.columnMappings });
  req = req.attach('File', Buffer.from(text, 'utf8'), options.filename ?? 'inventory.csv');
  if (options.delimiter !== undefined) req = req.field('Delimeter', options.delimiter);
  return req;
}

export function uploadJson(t: TestApp, auth: string, body: string | Buffer) {
  return t.http().put('/api/v1/inventory/new/json').set('Authorization', auth)
    .attach('File', typeof body === 'string' ? Buffer.from(body, 'utf8') : body, 'inventory.json');
}

/** Every used car of the dealership, in listing order (pages of 500). */
export async function allUsedCars(t: TestApp, auth: string): Promise<Record<string, unknown>[]> {
  const cars: Record<string, unknown>[] = [];
  for (let skip = 0; ; skip += 500) {
    const res = await t.http().get('/api/v1/inventory/used').query({ Skip: skip, Take: 500 }).set('Authorization', auth).expect(200);
    cars.push(...res.body.rows);
    if (res.body.rows.length < 500) return cars;
  }
}

/** Rows of the inventory table for a dealership and condition, straight from the database. */
export async function storedCars(t: TestApp, dealerId: string, condition: 'new' | 'used'): Promise<Record<string, unknown>[]> {
  const q = t.dataSource.driver.escape('condition');
  return t.dataSource.query(
    `SELECT * FROM inventory_cars WHERE dealer_id = ? AND ${q} = ? ORDER BY date_created DESC, row_index ASC, vin ASC`,
    [dealerId, condition],
  );
}

/** A small RFC 4180 reader (the port of the shared evaluator's), independent of fast-csv. */
export const readCsv = (text: string): Record<string, string>[] => parseCsv(text);
