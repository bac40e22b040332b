import * as fs from 'node:fs';
import * as path from 'node:path';
import { displayRegion, sortKey } from './catalog';
import { fingerprint } from './catalog-content-hash';
import { CATALOG_FORMAT, MAX_REPORTED_PROBLEMS, readCatalogFile } from './catalog-file';

const minimal = (models: unknown[] = [{ id: 'acme-a-2020', model: 'A', year: 2020 }]) => ({
  format: CATALOG_FORMAT,
  manufacturers: [{ id: 'acme', name: 'Acme', models }],
});

function problemsOf(doc: unknown): string[] {
  const result = readCatalogFile(doc);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.problems.flatMap((p) => p.errors.map((e) => `${p.field}: ${e}`));
}

describe(readCatalogFile.name, () => {
  it('fills every default of a model row, trim and car property from the enclosing rows', () => {
    const result = readCatalogFile(minimal([{
      id: 'acme-a-2020', model: 'A', year: 2020,
      trims: [{ id: 'acme-a-2020-base', trim: 'Base', car_properties: [{ tag: 'horsepower', display_name: 'Horsepower', value: 150, unit: 'hp' }] }],
    }]));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const [{ manufacturer, models: [model] }] = result.catalog;
    expect(manufacturer).toEqual({ id: 'acme', name: 'Acme' });
    expect(model).toEqual({
      id: 'acme-a-2020', manufacturerId: 'acme', model: 'A', modelLocalized: 'A', modelDisplayName: 'Acme A', locale: 'en-US', regions: ['CA', 'US'],
      type: null, bodyType: null, fuelType: null, seats: null, year: 2020, minPrice: null, maxPrice: null, siteUrl: '', imageUrl: '', videoUrl: '',
      canTestDrive: true,
      trims: [{
        id: 'acme-a-2020-base', trim: 'Base', trimLocalized: 'Base', trimDisplayName: 'Acme A Base', overrideModelName: false, canTestDrive: true,
        year: 2020, siteUrl: '', type: null,
        carProperties: [{
          tag: 'horsepower', stringKey: 'horsepower', displayName: 'Horsepower', description: '', searchableText: '150 hp', value: 150, unit: 'hp', url: '', imageUrls: [],
        }],
      }],
    });
  });

  it('takes canonical values in any case and normalises region codes', () => {
    const result = readCatalogFile(minimal([{ id: 'x', model: 'X', year: 2020, type: 'suv', fuel_type: 'plug-in hybrid', regions: ['us', 'CA', 'us'], trims: [{ id: 't', trim: 'T' }] }]));
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const model = result.catalog[0].models[0];
    expect([model.type, model.fuelType, model.regions, model.trims[0].type]).toEqual(['SUV', 'Plug-in Hybrid', ['CA', 'US'], 'SUV']);
  });

  it('reports every problem with its JSON path', () => {
    expect(problemsOf({
      format: 'dealer-api-catalog/2',
      extra: true,
      manufacturers: [
        { id: 'Acme Motors', name: ' ', models: [{ id: 'a', model: 'A', year: '2020', min_price: 10, regions: ['Canada'], colour: 'red' }] },
        { id: 'zeta', name: 'Zeta', models: [
          { id: 'a', model: 'B', year: 2021.5, min_price: 20, max_price: 10, type: 'Boat', trims: [{ id: 't', trim: 'T', car_properties: [{ tag: 'x', display_name: 'X', value: null }] }] },
        ] },
        'not an object',
      ],
    })).toEqual([
      '$.extra: unknown field',
      '$.format: must be "dealer-api-catalog/1"',
      '$.manufacturers[0].id: must be a slug: lowercase letters and digits joined by hyphens',
      '$.manufacturers[0].name: must not be blank',
      '$.manufacturers[0].models[0].colour: unknown field',
      '$.manufacturers[0].models[0].year: must be an integer',
      '$.manufacturers[0].models[0].max_price: min_price and max_price must both be set or both be null',
      '$.manufacturers[0].models[0].regions[0]: must be a two-letter region code such as CA or US',
      '$.manufacturers[1].models[0].id: duplicate model id (first at $.manufacturers[0].models[0].id)',
      '$.manufacturers[1].models[0].type: must be one of SUV, Sedan, Truck, Coupe, Hatchback, Minivan, Convertible, Wagon, Van or null',
      '$.manufacturers[1].models[0].year: must be an integer',
      '$.manufacturers[1].models[0].max_price: must not be less than min_price',
      '$.manufacturers[1].models[0].trims[0].car_properties[0].value: must be a string, number or boolean, got null',
      '$.manufacturers[2]: must be an object, got a string',
    ]);
  });

  it('refuses a document that is not an object, and missing required fields', () => {
    expect(problemsOf([])).toEqual(['$: must be an object, got an array']);
    expect(problemsOf({ format: CATALOG_FORMAT })).toEqual(['$.manufacturers: is required']);
    expect(problemsOf(minimal([{ trims: [{}] }]))).toEqual([
      '$.manufacturers[0].models[0].id: is required',
      '$.manufacturers[0].models[0].model: is required',
      '$.manufacturers[0].models[0].year: is required',
      '$.manufacturers[0].models[0].trims[0].id: is required',
      '$.manufacturers[0].models[0].trims[0].trim: is required',
    ]);
  });

  it('caps the reported problems but counts them all', () => {
    const models = Array.from({ length: MAX_REPORTED_PROBLEMS + 20 }, (_, i) => ({ id: `m${i}`, model: 'M', year: 'x' }));
    const result = readCatalogFile(minimal(models));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(MAX_REPORTED_PROBLEMS);
    expect(result.totalProblems).toBe(MAX_REPORTED_PROBLEMS + 20);
  });

  it('accepts the committed seed catalog', () => {
    const seed = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'seed', 'catalog.seed.json'), 'utf8'));
    const result = readCatalogFile(seed);
    if (!result.ok) throw new Error(JSON.stringify(result.problems.slice(0, 5)));
    const models = result.catalog.flatMap((c) => c.models);
    expect([result.catalog.length, models.length, models.reduce((n, m) => n + m.trims.length, 0)])
      .toEqual([seed.provenance.counts.manufacturers, seed.provenance.counts.model_rows, seed.provenance.counts.trims]);
  });
});

describe(fingerprint.name, () => {
  const read = (doc: unknown) => {
    const r = readCatalogFile(doc);
    if (!r.ok) throw new Error(JSON.stringify(r.problems));
    return fingerprint(r.catalog[0]);
  };

  it('is the same for the same content, whether defaults are written out or not', () => {
    const short = read(minimal([{ id: 'a', model: 'A', year: 2020 }]));
    const long = read(minimal([{ id: 'a', model: 'A', year: 2020, model_localized: 'A', regions: ['US', 'CA'], can_test_drive: true, trims: [] }]));
    expect(long.hash).toBe(short.hash);
  });

  it('changes with any field of a trim or its position', () => {
    const base = read(minimal([{ id: 'a', model: 'A', year: 2020, trims: [{ id: 't1', trim: 'X' }, { id: 't2', trim: 'Y' }] }]));
    const renamed = read(minimal([{ id: 'a', model: 'A', year: 2020, trims: [{ id: 't1', trim: 'X' }, { id: 't2', trim: 'Z' }] }]));
    const reordered = read(minimal([{ id: 'a', model: 'A', year: 2020, trims: [{ id: 't2', trim: 'Y' }, { id: 't1', trim: 'X' }] }]));
    expect(new Set([base.hash, renamed.hash, reordered.hash]).size).toBe(3);
    expect(renamed.modelHashes).toEqual(base.modelHashes);
    expect(renamed.trimHashes[0][0]).toBe(base.trimHashes[0][0]);
  });
});

describe('catalog helpers', () => {
  it('sortKey folds accents and case', () => {
    expect(['Toyota', 'škoda', 'Mercedes-Benz', 'acme'].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1))).toEqual(['acme', 'Mercedes-Benz', 'škoda', 'Toyota']);
  });

  it('displayRegion shows the requested region, else every region', () => {
    expect(displayRegion({ regions: ['CA', 'US'] }, 'ca')).toBe('CA');
    expect(displayRegion({ regions: ['CA', 'US'] }, null)).toBe('CA,US');
  });
});
