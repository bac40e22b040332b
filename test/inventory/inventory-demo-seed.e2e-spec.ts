import { DemoSetup } from '../../src/demo/demo-setup';
import { StockedModelsReader } from '../../src/modules/inventory/domain/stocked-models.reader';
import { describeEachBackend } from '../support/backends';
import { basicAuth, startTestApp, TestApp } from '../support/test-app';
import { storedCars } from './inventory-fixtures';

describeEachBackend('Inventory demo seed and the stocked-models port', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('demo seed loads 300 used and 100 new cars into the demo dealership through the upload use case', async () => {
    const demo = await t.app.get(DemoSetup).ensureDemo();
    expect(demo.seeded.inventory).toEqual({ used_cars: 300, new_cars: 100, refused_rows: 0 });
    const auth = basicAuth(demo.username, demo.password);
    const page = await t.http().get('/api/v1/inventory/used').query({ Take: 5 }).set('Authorization', auth).expect(200);
    expect(page.body).toMatchObject({ total_row_count: 300, row_count: 5 });
    expect(page.body.rows[0]).toMatchObject({ dealer_id: 'demo-motors', condition: 'used', manufacturer: expect.any(String), display_name: expect.stringMatching(/^\d{4} /) });
    expect(await storedCars(t, 'demo-motors', 'new')).toHaveLength(100);
  });

  it('StockedModelsReader lists the distinct manufacturer/model pairs of new and used cars, with counts', async () => {
    const models = await t.app.get(StockedModelsReader).stockedModels('demo-motors');
    expect(models.length).toBeGreaterThan(20);
    expect(models.reduce((sum, m) => sum + m.count, 0)).toBe(400);
    const sorted = [...models].sort((a, b) => a.manufacturer.localeCompare(b.manufacturer) || a.model.localeCompare(b.model));
    expect(models.map((m) => `${m.manufacturer}/${m.model}`)).toEqual(sorted.map((m) => `${m.manufacturer}/${m.model}`));
    expect(new Set(models.map((m) => `${m.manufacturer}/${m.model}`)).size).toBe(models.length);
    expect(await t.app.get(StockedModelsReader).stockedModels('nobody')).toEqual([]);
  });
});
