/**
 * Test helper: the shared reference data (shared/data: reference inventory and the dev query set)
 * and the SearchNames a dealership with that stock would provide.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { SearchNames } from '../../../src/modules/inventory/domain/search/nl-translator';
import type { WireFilterNode } from '../../../src/modules/inventory/domain/search/filter-expression';
import { loadInventory, type Car } from './filter-evaluator';

/** shared/data beside the repository (CI clones main with shared/ next to it), or SEARCH_REFERENCE_DATA_DIR. */
export function referenceDataDir(): string {
  const candidates = [
    process.env.SEARCH_REFERENCE_DATA_DIR,
    resolve(__dirname, '../../../..', 'shared', 'data'),
    resolve(process.cwd(), '..', 'shared', 'data'),
  ].filter((d): d is string => typeof d === 'string' && d.length > 0);
  const found = candidates.find((d) => existsSync(join(d, 'reference-inventory.csv')));
  if (!found) throw new Error(`reference data not found (looked in ${candidates.join(', ')}); set SEARCH_REFERENCE_DATA_DIR`);
  return found;
}

let cachedCars: Car[] | null = null;

/** The 2,500 reference cars (1,800 used from the CSV, 700 new from the JSON), values as written. */
export function loadReferenceInventory(): Car[] {
  if (!cachedCars) {
    const dir = referenceDataDir();
    cachedCars = loadInventory({ csvPath: join(dir, 'reference-inventory.csv'), jsonPath: join(dir, 'reference-inventory.new.json') });
  }
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
  return readFileSync(join(referenceDataDir(), 'nl-queries.dev.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as DevQuery);
}
