import { UnitOfWork } from '../../libs/common/persistence/unit-of-work';
import { CatalogRepository } from '../../src/modules/catalog/domain/catalog.repository';
import { fingerprint } from '../../src/modules/catalog/domain/catalog-content-hash';
import { readCatalogFile } from '../../src/modules/catalog/domain/catalog-file';
import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import {
  catalogSnapshot, cli, FixtureRow, MALFORMED_CATALOG, readFixture, SMALL_CATALOG, writeTemp,
} from './catalog-support';

type Snapshot = Awaited<ReturnType<typeof catalogSnapshot>>;
const rowOf = (snapshot: Snapshot, table: keyof Snapshot, id: string) => snapshot[table].find((r) => (r as { id: string }).id === id) as Record<string, unknown>;

describeEachBackend('catalog import (command line)', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let afterFirstImport: Snapshot;
  const models = async (manufacturerId: string) =>
    (await t.http().get(`/api/v1/manufacturer/${manufacturerId}/models?Take=500`).set('Authorization', dealer.auth).expect(200)).body;

  beforeAll(async () => {
    t = await startTestApp(backend);
    dealer = await createDealer(t);
  });
  afterAll(() => t.close());

  it('imports a file and prints the counts', async () => {
    const result = cli(t, 'catalog', 'import', SMALL_CATALOG);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.json).toEqual({
      file: SMALL_CATALOG,
      manufacturers: { inserted: 4, updated: 0, unchanged: 0 },
      models: { inserted: 31, updated: 0, unchanged: 0, deleted: 0 },
      trims: { inserted: 4, updated: 0, unchanged: 0, deleted: 0 },
      duration_ms: expect.any(Number),
    });
    expect((await models('toyota')).total_row_count).toBe(5);
    afterFirstImport = await catalogSnapshot(t);
  });

  it('is idempotent: importing the same file again writes nothing, timestamps included', async () => {
    const apiBefore = await models('toyota');
    const result = cli(t, 'catalog', 'import', SMALL_CATALOG);
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({
      manufacturers: { inserted: 0, updated: 0, unchanged: 4 },
      models: { inserted: 0, updated: 0, unchanged: 31, deleted: 0 },
      trims: { inserted: 0, updated: 0, unchanged: 4, deleted: 0 },
    });
    expect(await catalogSnapshot(t)).toEqual(afterFirstImport);
    expect(await models('toyota')).toEqual(apiBefore);
  });

  it("replaces a manufacturer's models with the file's: changed rows updated, missing ones deleted, others untouched", async () => {
    const file = readFixture();
    const toyota = file.manufacturers[0];
    const camry2024 = toyota.models.find((m) => m.id === 'toyota-camry-2024')!;
    camry2024.seats = 4;
    toyota.models = toyota.models.filter((m) => m.id !== 'toyota-tundra-2025');
    toyota.models.push({ id: 'toyota-prius-2025', model: 'Prius', year: 2025, type: 'Hatchback', fuel_type: 'Hybrid', seats: 5 });
    const camry2025 = toyota.models.find((m) => m.id === 'toyota-camry-2025')!;
    (camry2025.trims as FixtureRow[])[1].trim_display_name = 'Toyota Camry XLE (2025)';

    const result = cli(t, 'catalog', 'import', writeTemp(t, 'changed.json', file));
    expect(result.code).toBe(0);
    expect(result.json).toMatchObject({
      manufacturers: { inserted: 0, updated: 1, unchanged: 3 },
      models: { inserted: 1, updated: 1, unchanged: 29, deleted: 1 },
      trims: { inserted: 0, updated: 1, unchanged: 3, deleted: 0 },
    });

    const after = await catalogSnapshot(t);
    // Untouched rows keep their timestamps; a changed row keeps created_at and gets a new updated_at.
    for (const [table, id] of [['models', 'toyota-camry-2025'], ['models', 'acme-roadster-2010'], ['trims', 'toyota-camry-2025-le'], ['manufacturers', 'acme']] as const) {
      expect(rowOf(after, table, id)).toEqual(rowOf(afterFirstImport, table, id));
    }
    const [was, now] = [rowOf(afterFirstImport, 'models', 'toyota-camry-2024'), rowOf(after, 'models', 'toyota-camry-2024')];
    expect(now.created_at).toEqual(was.created_at);
    expect(now.updated_at).not.toEqual(was.updated_at);
    expect(rowOf(after, 'models', 'toyota-tundra-2025')).toBeUndefined();
    expect(after.regions.filter((r) => (r as { model_id: string }).model_id === 'toyota-tundra-2025')).toEqual([]);

    const body = await models('toyota');
    expect(body.rows.map((r: { id: string }) => r.id)).toEqual(['toyota-camry-2025', 'toyota-camry-2024', 'toyota-matrix-2010', 'toyota-prius-2025', 'toyota-rav4-2025']);
    expect(body.rows[1].seats).toBe(4);
    expect(body.rows[0].trims[1].trim_display_name).toBe('Toyota Camry XLE (2025)');
    expect((await models('toyota') as { rows: unknown[] }).rows).toHaveLength(5);
    expect((await t.http().get('/api/v1/manufacturer/toyota/models?region=US').set('Authorization', dealer.auth).expect(200)).body.rows
      .map((r: { id: string }) => r.id)).not.toContain('toyota-tundra-2025');
  });

  it('refuses a malformed file as a whole: errors with their JSON path on stderr, non-zero exit, nothing changed', async () => {
    const before = await catalogSnapshot(t);
    const result = cli(t, 'catalog', 'import', MALFORMED_CATALOG);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const error = JSON.parse(result.stderr.trim());
    expect(error).toEqual({
      error: expect.stringContaining('$.manufacturers[1].models[0].year: must be an integer'),
      code: 'catalog.invalid_file',
      details: [
        { field: '$.manufacturers[1].models[0].year', errors: ['must be an integer'] },
        { field: '$.manufacturers[2].models[0].trims[0].car_properties[0].value', errors: ['is required'] },
      ],
    });
    // The file's first manufacturer is valid and differs from the catalog: it is not written either.
    expect(await catalogSnapshot(t)).toEqual(before);
    const manufacturers = await t.http().get('/api/v1/manufacturer').set('Authorization', dealer.auth).expect(200);
    expect(manufacturers.body.rows.map((m: { id: string }) => m.id)).not.toContain('new-maker');
  });

  it('refuses a file that is not JSON, or is missing, and changes nothing', async () => {
    const before = await catalogSnapshot(t);
    const notJson = cli(t, 'catalog', 'import', writeTemp(t, 'broken.json', '{"format": "dealer-api-catalog/1", "manufacturers": ['));
    expect(notJson.code).toBe(1);
    expect(JSON.parse(notJson.stderr.trim()).error).toMatch(/^cannot read .*broken\.json as JSON/);
    expect(cli(t, 'catalog', 'import', '/nonexistent/catalog.json').code).toBe(1);
    expect(cli(t, 'catalog', 'import').code).toBe(2);
    expect(await catalogSnapshot(t)).toEqual(before);
  });

  it('rolls the whole import back when the database refuses a row part-way', async () => {
    // A duplicate id that only the database catches (the file reader would refuse it first):
    // the first manufacturer's change must not survive the failure of the second.
    const file = readFixture();
    file.manufacturers[0].models[0].seats = 7;
    const read = readCatalogFile(file);
    if (!read.ok) throw new Error('fixture should be valid');
    const [toyota, mercedes] = read.catalog;
    mercedes.models.push({ ...mercedes.models[0], model: 'Duplicate' });
    const before = await catalogSnapshot(t);
    const repository = t.app.get(CatalogRepository);
    await expect(t.app.get(UnitOfWork).run(() => repository.replaceManufacturers([fingerprint(toyota), fingerprint(mercedes)], new Date()))).rejects.toThrow();
    expect(await catalogSnapshot(t)).toEqual(before);
  });
});
