/**
 * Test helper: the reference data fixtures (test/fixtures: the dev query set, and a subset of the
 * reference inventory chosen by scripts/make-test-fixtures.mjs so that it keeps the stock's search
 * names and tells the dev queries' and the translator spec's expected filters from their near misses
 * as the whole inventory does) and the SearchNames a dealership with that stock would provide.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchNames } from '../../../src/modules/search/domain/translator/nl-translator';
import type { WireFilterNode } from '../../../libs/common/vehicle/filter-expression';
import { loadInventory, type Car } from './filter-evaluator';

const FIXTURES_DIR = join(__dirname, '..', '..', 'fixtures');
/** Used cars, the reference CSV's rows unchanged. */
export const REFERENCE_CSV = join(FIXTURES_DIR, 'reference-inventory.csv');
/** New cars, the reference JSON's rows unchanged. */
export const REFERENCE_JSON = join(FIXTURES_DIR, 'reference-inventory.new.json');
/** The whole dev query set. */
const DEV_QUERIES = join(FIXTURES_DIR, 'nl-queries.dev.jsonl');

let cachedCars: Car[] | null = null;

/** The fixture inventory (used cars from the CSV, then new cars from the JSON), values as written. */
export function loadReferenceInventory(): Car[] {
  if (!cachedCars) cachedCars = loadInventory({ csvPath: REFERENCE_CSV, jsonPath: REFERENCE_JSON });
  return cachedCars;
}

/** Manufacturer/model pairs and trims of the stock, as the dealership's inventory would provide them. */
export function stockSearchNames(cars: readonly Car[]): SearchNames {
  const manufacturers = new Map<string, { name: string }>();
  const models = new Map<string, { name: string; manufacturer: string }>();
  const trims = new Set<string>();
  for (const car of cars) {
    const manufacturer = String(car.manufacturer ?? '').trim();
    const model = String(car.model ?? '').trim();
    const trim = String(car.trim ?? '').trim();
    if (manufacturer) manufacturers.set(manufacturer.toLowerCase(), { name: manufacturer });
    if (manufacturer && model) models.set(`${manufacturer}|${model}`.toLowerCase(), { name: model, manufacturer });
    if (trim) trims.add(trim);
  }
  return { manufacturers: [...manufacturers.values()], models: [...models.values()], trims: [...trims] };
}

export interface DevQuery {
  readonly id: string;
  readonly query: string;
  readonly expected: WireFilterNode;
  readonly tags: readonly string[];
}

export function loadDevQueries(): DevQuery[] {
  return readFileSync(DEV_QUERIES, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as DevQuery);
}
