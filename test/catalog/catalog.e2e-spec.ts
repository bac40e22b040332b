import { CatalogVocabulary } from '../../src/modules/catalog/domain/catalog-vocabulary';
import { describeEachBackend } from '../support/backends';
import { createDealer, createPartner, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { importCatalog, readFixture } from './catalog-support';

/** Spec 2.5 written out independently of the code: field -> JSON type. */
const MODEL = {
  id: 'string', manufacturer_id: 'string', locale: 'string', region: 'string', model: 'string', model_localized: 'string',
  model_display_name: 'string', type: 'string', body_type: 'string', fuel_type: 'string', seats: 'integer', year: 'integer',
  min_price: 'number', max_price: 'number', site_url: 'string', image_url: 'string', video_url: 'string', trims: 'array', can_test_drive: 'boolean',
};
const TRIM = {
  id: 'string', trim: 'string', trim_localized: 'string', trim_display_name: 'string', model: 'string', model_localized: 'string',
  model_display_name: 'string', manufacturer_id: 'string', type: 'string', override_model_name: 'boolean', can_test_drive: 'boolean',
  year: 'integer', site_url: 'string', car_properties: 'array',
};
/** `value` is untyped in the spec: checked separately. */
const CAR_PROPERTY = {
  tag: 'string', string_key: 'string', display_name: 'string', description: 'string', searchable_text: 'string', unit: 'string', url: 'string', image_urls: 'array',
};

function typesOf(value: Record<string, unknown>, expected: Record<string, string>, skip: string[] = []): Record<string, string> {
  return Object.fromEntries(Object.entries(value).filter(([k]) => !skip.includes(k)).map(([k, v]) => {
    if (Array.isArray(v)) return [k, 'array'];
    if (typeof v === 'number') return [k, expected[k] === 'number' ? 'number' : Number.isInteger(v) ? 'integer' : 'number'];
    return [k, v === null ? 'null' : typeof v];
  }));
}

const BAD_PAGING = ['Take=0', 'Take=501', 'Take=-1', 'Take=abc', 'Take=1.5', 'Take=', 'Skip=-1', 'Skip=2147483648', 'Skip=x', 'Skip=2.5'];

describeEachBackend('Catalog endpoints', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  const get = (url: string) => t.http().get(url).set('Authorization', dealer.auth);

  beforeAll(async () => {
    t = await startTestApp(backend);
    dealer = await createDealer(t);
    await importCatalog(t);
  });
  afterAll(() => t.close());

  describe('GET /api/v1/manufacturer', () => {
    it('is the paged envelope of manufacturers, ordered by name (accents folded)', async () => {
      const res = await get('/api/v1/manufacturer').expect(200);
      expect(res.body).toEqual({
        total_row_count: 4,
        row_count: 4,
        rows: [
          { id: 'acme', name: 'Acme' }, { id: 'mercedes-benz', name: 'Mercedes-Benz' }, { id: 'skoda', name: 'Škoda' }, { id: 'toyota', name: 'Toyota' },
        ],
      });
    });

    it('pages with Skip and Take', async () => {
      const res = await get('/api/v1/manufacturer?Skip=1&Take=2').expect(200);
      expect(res.body).toEqual({ total_row_count: 4, row_count: 2, rows: [{ id: 'mercedes-benz', name: 'Mercedes-Benz' }, { id: 'skoda', name: 'Škoda' }] });
      const past = await get('/api/v1/manufacturer?Skip=2147483647&Take=500').expect(200);
      expect(past.body).toEqual({ total_row_count: 4, row_count: 0, rows: [] });
    });

    it.each(BAD_PAGING)('refuses %s with 400', async (param) => {
      const res = await get(`/api/v1/manufacturer?${param}`).expect(400);
      expect(res.body.details).toEqual([{ field: param.split('=')[0], errors: expect.any(Array) }]);
    });

    it('needs dealer credentials', async () => {
      await t.http().get('/api/v1/manufacturer').expect(401);
      const partner = await createPartner(t);
      await t.http().get('/api/v1/manufacturer').set('Authorization', partner.auth).expect(403);
    });
  });

  describe('GET /api/v1/manufacturer/{manufacturerId}/models', () => {
    it('returns model rows with trims and car properties in the types of spec 2.5', async () => {
      const res = await get('/api/v1/manufacturer/toyota/models').expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['row_count', 'rows', 'total_row_count']);
      const camry = res.body.rows.find((r: { id: string }) => r.id === 'toyota-camry-2025');
      expect(typesOf(camry, MODEL)).toEqual(MODEL);
      expect(camry.trims).toHaveLength(2);
      for (const trim of camry.trims) expect(typesOf(trim, TRIM)).toEqual(TRIM);
      const properties = camry.trims[0].car_properties;
      expect(properties).toHaveLength(3);
      for (const p of properties) {
        expect(typesOf(p, CAR_PROPERTY, ['value'])).toEqual(CAR_PROPERTY);
        expect(['string', 'number', 'boolean']).toContain(typeof p.value);
      }
    });

    it('fills defaults and takes the trims\' model fields and manufacturer from the parents', async () => {
      const res = await get('/api/v1/manufacturer/toyota/models').expect(200);
      const camry = res.body.rows.find((r: { id: string }) => r.id === 'toyota-camry-2025');
      expect(camry).toMatchObject({
        manufacturer_id: 'toyota', locale: 'en-US', region: 'CA,US', model: 'Camry', model_display_name: 'Toyota Camry', type: 'Sedan',
        fuel_type: 'Hybrid', seats: 5, year: 2025, min_price: 34990, max_price: 45990.5, site_url: 'https://example.test/camry', can_test_drive: true,
      });
      expect(camry.trims.map((x: { id: string }) => x.id)).toEqual(['toyota-camry-2025-le', 'toyota-camry-2025-xle']);
      expect(camry.trims[0]).toEqual({
        id: 'toyota-camry-2025-le', trim: 'LE', trim_localized: 'LE', trim_display_name: 'Toyota Camry LE', model: 'Camry', model_localized: 'Camry',
        model_display_name: 'Toyota Camry', manufacturer_id: 'toyota', type: 'Sedan', override_model_name: false, can_test_drive: true, year: 2025, site_url: '',
        car_properties: [
          { tag: 'horsepower', string_key: 'horsepower', display_name: 'Horsepower', description: '', searchable_text: '225 hp', value: 225, unit: 'hp', url: '', image_urls: [] },
          { tag: 'drivetrain', string_key: 'drivetrain', display_name: 'Drivetrain', description: '', searchable_text: 'AWD / FWD', value: 'FWD', unit: '', url: '', image_urls: [] },
          {
            tag: 'hybrid', string_key: 'is_hybrid', display_name: 'Hybrid', description: 'Full hybrid', searchable_text: 'true', value: true, unit: '',
            url: 'https://example.test/hybrid', image_urls: ['https://example.test/hybrid.png'],
          },
        ],
      });
      expect(camry.trims[1]).toMatchObject({ trim: 'XLE', can_test_drive: false });
    });

    it('shows unknown values as null', async () => {
      const res = await get('/api/v1/manufacturer/toyota/models').expect(200);
      const matrix = res.body.rows.find((r: { id: string }) => r.id === 'toyota-matrix-2010');
      expect(matrix).toMatchObject({ seats: null, min_price: null, max_price: null, trims: [], region: 'CA' });
    });

    it('orders by model name, then year (newest first), then id', async () => {
      const res = await get('/api/v1/manufacturer/toyota/models').expect(200);
      expect(res.body.rows.map((r: { id: string }) => r.id)).toEqual([
        'toyota-camry-2025', 'toyota-camry-2024', 'toyota-matrix-2010', 'toyota-rav4-2025', 'toyota-tundra-2025',
      ]);
      expect(res.body).toMatchObject({ total_row_count: 5, row_count: 5 });
    });

    it('returns 20 rows by default and pages with Skip and Take up to 500', async () => {
      const first = await get('/api/v1/manufacturer/acme/models').expect(200);
      expect([first.body.total_row_count, first.body.row_count]).toEqual([25, 20]);
      expect(first.body.rows.slice(0, 2).map((r: { year: number }) => r.year)).toEqual([2024, 2023]);
      const rest = await get('/api/v1/manufacturer/acme/models?Skip=20').expect(200);
      expect(rest.body.rows.map((r: { year: number }) => r.year)).toEqual([2004, 2003, 2002, 2001, 2000]);
      const all = await get('/api/v1/manufacturer/acme/models?Take=500').expect(200);
      expect(all.body.row_count).toBe(25);
      const one = await get('/api/v1/manufacturer/acme/models?Skip=3&Take=1').expect(200);
      expect(one.body).toMatchObject({ total_row_count: 25, row_count: 1, rows: [{ id: 'acme-roadster-2021' }] });
    });

    it.each(BAD_PAGING)('refuses %s with 400', async (param) => {
      const res = await get(`/api/v1/manufacturer/toyota/models?${param}`).expect(400);
      expect(res.body.details).toEqual([{ field: param.split('=')[0], errors: expect.any(Array) }]);
    });

    it('filters by region, case-insensitively; the row shows the requested region', async () => {
      const ca = await get('/api/v1/manufacturer/toyota/models?region=ca').expect(200);
      expect(ca.body.rows.map((r: { id: string }) => r.id)).toEqual(['toyota-camry-2025', 'toyota-camry-2024', 'toyota-matrix-2010', 'toyota-rav4-2025']);
      expect(ca.body).toMatchObject({ total_row_count: 4, row_count: 4 });
      expect(new Set(ca.body.rows.map((r: { region: string }) => r.region))).toEqual(new Set(['CA']));
      expect((await get('/api/v1/manufacturer/toyota/models?region=CA').expect(200)).body).toEqual(ca.body);

      const us = await get('/api/v1/manufacturer/toyota/models?region=Us&Take=2').expect(200);
      expect(us.body).toMatchObject({ total_row_count: 4, row_count: 2, rows: [{ id: 'toyota-camry-2025', region: 'US' }, { id: 'toyota-camry-2024' }] });
      const usAll = await get('/api/v1/manufacturer/toyota/models?region=us').expect(200);
      expect(usAll.body.rows.map((r: { id: string }) => r.id)).toEqual(['toyota-camry-2025', 'toyota-camry-2024', 'toyota-rav4-2025', 'toyota-tundra-2025']);

      const unfiltered = await get('/api/v1/manufacturer/toyota/models').expect(200);
      expect(Object.fromEntries(unfiltered.body.rows.map((r: { id: string; region: string }) => [r.id, r.region]))).toEqual({
        'toyota-camry-2025': 'CA,US', 'toyota-camry-2024': 'CA,US', 'toyota-matrix-2010': 'CA', 'toyota-rav4-2025': 'CA,US', 'toyota-tundra-2025': 'US',
      });
    });

    it('gives an empty page for a region with no models, and 400 for a region that is not a code', async () => {
      expect((await get('/api/v1/manufacturer/toyota/models?region=MX').expect(200)).body).toEqual({ total_row_count: 0, row_count: 0, rows: [] });
      const bad = await get('/api/v1/manufacturer/toyota/models?region=Canada').expect(400);
      expect(bad.body.details).toEqual([{ field: 'region', errors: ['region must be a two-letter region code such as CA or US'] }]);
    });

    it('is 404 for an unknown manufacturer, with or without a region', async () => {
      const res = await get('/api/v1/manufacturer/no-such-maker/models').expect(404);
      expect(res.body).toEqual({ message: 'Manufacturer no-such-maker not found', details: null });
      await get('/api/v1/manufacturer/no-such-maker/models?region=CA').expect(404);
    });

    it('finds a manufacturer by its id in any case; a manufacturer without models has an empty page', async () => {
      const res = await get('/api/v1/manufacturer/Mercedes-Benz/models').expect(200);
      expect(res.body).toMatchObject({ total_row_count: 1, rows: [{ id: 'mercedes-benz-c-class-2025', manufacturer_id: 'mercedes-benz', model: 'C-Class' }] });
      expect((await get('/api/v1/manufacturer/skoda/models').expect(200)).body).toEqual({ total_row_count: 0, row_count: 0, rows: [] });
    });

    it('ignores the caller: every dealership sees the same system-wide catalog', async () => {
      const other = await createDealer(t, { region: 'US' });
      const mine = await get('/api/v1/manufacturer/toyota/models').expect(200);
      const theirs = await t.http().get('/api/v1/manufacturer/toyota/models').set('Authorization', other.auth).expect(200);
      expect(theirs.body).toEqual(mine.body);
    });
  });

  describe('CatalogVocabulary (read port for search)', () => {
    it('lists manufacturers and distinct manufacturer/model names, and its revision follows imports', async () => {
      const vocabulary = t.app.get(CatalogVocabulary);
      expect((await vocabulary.listManufacturers()).map((m) => m.name)).toEqual(['Acme', 'Mercedes-Benz', 'Škoda', 'Toyota']);
      expect(await vocabulary.listManufacturerModelNames()).toEqual([
        { manufacturer: 'Acme', model: 'Roadster', type: 'Convertible' },
        { manufacturer: 'Mercedes-Benz', model: 'C-Class', type: 'Sedan' },
        { manufacturer: 'Toyota', model: 'Camry', type: 'Sedan' },
        { manufacturer: 'Toyota', model: 'Matrix', type: 'Hatchback' },
        { manufacturer: 'Toyota', model: 'RAV4', type: 'SUV' },
        { manufacturer: 'Toyota', model: 'Tundra', type: 'Truck' },
      ]);

      const before = await vocabulary.revision();
      await importCatalog(t);
      expect(await vocabulary.revision()).toBe(before);

      const file = readFixture();
      file.manufacturers[2].models.push({ id: 'skoda-octavia-2025', model: 'Octavia', year: 2025, regions: ['CA'] });
      await importCatalog(t, file);
      expect(await vocabulary.revision()).not.toBe(before);
      expect(await vocabulary.listManufacturerModelNames()).toContainEqual({ manufacturer: 'Škoda', model: 'Octavia', type: null });
    });
  });
});
