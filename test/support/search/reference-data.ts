/**
 * Test helper: the reference data fixtures (test/fixtures: the dev query set, the project's
 * conversational query set, and a subset of the reference inventory chosen by
 * scripts/make-test-fixtures.mjs so that it keeps the stock's search names and tells both sets' and
 * the translator spec's expected filters from their near misses as the whole inventory does) and
 * the SearchNames a dealership with that stock would provide.
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
/** The project's own conversational queries (written by hand, not derived from ../shared). */
const CONVERSATIONAL_QUERIES = join(FIXTURES_DIR, 'nl-queries.conversational.jsonl');

let cachedCars: Car[] | null = null;

/** The fixture inventory (used cars from the CSV, then new cars from the JSON), values as written. */
export function loadReferenceInventory(): Car[] {
  if (!cachedCars) cachedCars = loadInventory({ csvPath: REFERENCE_CSV, jsonPath: REFERENCE_JSON });
  return cachedCars;
}

/** Manufacturer/model pairs and trims of the stock, as the dealership's inventory would provide them. */
export function stockSearchNames(cars: readonly Car[]): SearchNames {
  const manufacturers = new Map<string, { name: string }>();
  const models = new Map<string, { name: string; manufacturer: string; stocked: true }>();
  const trims = new Set<string>();
  for (const car of cars) {
    const manufacturer = String(car.manufacturer ?? '').trim();
    const model = String(car.model ?? '').trim();
    const trim = String(car.trim ?? '').trim();
    if (manufacturer) manufacturers.set(manufacturer.toLowerCase(), { name: manufacturer });
    if (manufacturer && model) models.set(`${manufacturer}|${model}`.toLowerCase(), { name: model, manufacturer, stocked: true });
    if (trim) trims.add(trim);
  }
  return { manufacturers: [...manufacturers.values()], models: [...models.values()], trims: [...trims] };
}

/** The seed catalog the API loads with CATALOG_SEED=true (what `npm run eval:translate` runs with). */
const SEED_CATALOG = join(__dirname, '..', '..', '..', 'src', 'modules', 'catalog', 'seed', 'catalog.seed.json');

interface SeedCatalog {
  manufacturers: { name: string; models: { model: string }[] }[];
}

const byName = (a: string, b: string): number => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0);

/**
 * The names a dealership with this stock recognises on a server with the seed catalog, as the
 * inventory's search-names source gives them: the stock's first, then the catalog's (manufacturers
 * and their models by name). The catalog adds names the stock lacks (`A5`, `300`), which a query
 * must not mistake for what it means (`a 5 series`, `300-450/mo`).
 */
export function stockAndCatalogSearchNames(cars: readonly Car[]): SearchNames {
  const stock = stockSearchNames(cars);
  const catalog = (JSON.parse(readFileSync(SEED_CATALOG, 'utf8')) as SeedCatalog).manufacturers.slice().sort((a, b) => byName(a.name, b.name));
  const catalogModels = catalog.flatMap((m) =>
    [...new Set(m.models.map((x) => x.model))].sort(byName).map((model) => ({ name: model, manufacturer: m.name })));
  return {
    manufacturers: [...stock.manufacturers, ...catalog.map((m) => ({ name: m.name }))],
    models: [...stock.models, ...catalogModels],
    trims: stock.trims,
  };
}

export interface DevQuery {
  readonly id: string;
  readonly query: string;
  readonly expected: WireFilterNode;
  readonly tags: readonly string[];
}

function loadQuerySet(path: string): DevQuery[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as DevQuery);
}

export function loadDevQueries(): DevQuery[] {
  return loadQuerySet(DEV_QUERIES);
}

/** Sentences as shoppers type them: negation across words, background vehicles, shared lists, glued words, ranges with units, plurals. */
export function loadConversationalQueries(): DevQuery[] {
  return loadQuerySet(CONVERSATIONAL_QUERIES);
}
