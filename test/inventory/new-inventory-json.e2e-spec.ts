import * as fs from 'node:fs';
import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { allUsedCars, csv, REFERENCE_JSON, simpleCars, storedCars, uploadCsv, uploadJson, vin } from './inventory-fixtures';

const newCar = (n: number, extra: Record<string, unknown> = {}) => ({
  vin: vin(n, '5UXNFJL2'), stock_number: `N${n}`, year: 2026, manufacturer: 'BMW', model: 'X5', trim: 'xDrive40i', type: 'SUV',
  condition: 'new', certified: 'no', price: 78595, doors: '4', seats: '5', accident: 'no', ...extra,
});

describeEachBackend('New inventory: JSON upload and delete-all', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let other: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    dealer = await createDealer(t, { region: 'CA' });
    other = await createDealer(t, { region: 'CA' });
  });
  afterAll(() => t.close());

  it('uploads the reference new-car JSON with zero row errors, every field stored', async () => {
    const cars = JSON.parse(fs.readFileSync(REFERENCE_JSON, 'utf8')) as Record<string, unknown>[];
    expect(cars.length).toBeGreaterThan(100);
    const res = await uploadJson(t, dealer.auth, fs.readFileSync(REFERENCE_JSON)).expect(200);
    expect(res.body).toEqual({ num_deletes: 0, num_failed_deletes: 0, num_inserts: cars.length, num_failed_inserts: 0, delete_errors: [], insert_errors: [] });
    const stored = await storedCars(t, dealer.dealerId, 'new');
    expect(stored.map((r) => r.vin)).toEqual(cars.map((c) => c.vin));
    const first = stored[0];
    const ref = cars[0];
    expect({ ...first, price: Number(first.price), certified: Boolean(first.certified), accident: Boolean(first.accident) }).toMatchObject({
      vin: ref.vin, stock_number: ref.stock_number, year: ref.year, manufacturer: ref.manufacturer, model: ref.model, trim: ref.trim,
      condition: 'new', price: ref.price, kilometers: ref.kilometers, doors: Number(ref.doors), seats: Number(ref.seats),
      certified: ref.certified === 'yes', accident: ref.accident === 'yes', car_fax: null, options: ref.options,
      display_name: `${ref.year} ${ref.manufacturer} ${ref.model} ${ref.trim}`,
    });
    // New cars are not used cars.
    await t.http().get(`/api/v1/inventory/used/${String(ref.vin)}`).set('Authorization', dealer.auth).expect(404);
  });

  it('accepts { "cars": [...] } and an array; replaces only the new inventory', async () => {
    await uploadCsv(t, dealer.auth, csv(simpleCars(0, 2))).expect(200);
    const wrapped = await uploadJson(t, dealer.auth, JSON.stringify({ dealer: 'x', cars: [newCar(1), newCar(2)] })).expect(200);
    expect(wrapped.body).toMatchObject({ num_inserts: 2, num_failed_inserts: 0 });
    const array = await uploadJson(t, dealer.auth, JSON.stringify([newCar(3)])).expect(200);
    expect(array.body).toMatchObject({ num_deletes: 2, num_inserts: 1 });
    expect((await storedCars(t, dealer.dealerId, 'new')).map((r) => r.vin)).toEqual([vin(3, '5UXNFJL2')]);
    expect(await allUsedCars(t, dealer.auth)).toHaveLength(2);
  });

  it('reads aliases, JSON numbers, booleans and nulls, and reports row errors by array index', async () => {
    const res = await uploadJson(t, dealer.auth, JSON.stringify([
      { VIN: vin(4, '5UXNFJL2'), Make: 'Kia', Model: 'EV9', 'Body Style': 'SUV', Price: '$61,000', certified: false, seats: 7, trim: null },
      'not a car',
      newCar(5, { condition: 'used' }),
      newCar(6, { year: 'soon' }),
      newCar(4),
      { make: 'Kia' },
      newCar(7, { options: { sunroof: true } }),
    ])).expect(200);
    expect(res.body.num_inserts).toBe(1);
    expect(res.body.insert_errors.map((e: { index: number; error: { code: number } }) => [e.index, e.error.code])).toEqual([
      [1, 1006], [2, 1005], [3, 1004], [4, 1003], [5, 1001], [6, 1006],
    ]);
    const [row] = await storedCars(t, dealer.dealerId, 'new');
    expect(row).toMatchObject({ manufacturer: 'Kia', model: 'EV9', type: 'SUV', seats: 7, trim: null, condition: 'new' });
    expect(Number(row.price)).toBe(61000);
  });

  it('bounds each car: more than 200 keys or nesting deeper than 32 is a 1006 row, the other cars are inserted', async () => {
    const wide = { ...newCar(41), ...Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`extra_${i}`, i])) };
    let deep: unknown = 'x';
    for (let i = 0; i < 40; i++) deep = { nested: deep };
    const res = await uploadJson(t, dealer.auth, JSON.stringify([newCar(40), wide, { ...newCar(42), notes: deep }, newCar(43)])).expect(200);
    expect(res.body.num_inserts).toBe(2);
    expect(res.body.insert_errors.map((e: { index: number; id: string; error: { code: number; reason: string } }) => [e.index, e.id, e.error.code, e.error.reason])).toEqual([
      [1, vin(41, '5UXNFJL2'), 1006, 'JSON with more than 200 object keys'],
      [2, vin(42, '5UXNFJL2'), 1006, 'JSON nested deeper than 32 levels'],
    ]);
  });

  it('400 and nothing changes for a file that is not JSON, has no cars array, or breaks off', async () => {
    await uploadJson(t, dealer.auth, JSON.stringify([newCar(1)])).expect(200);
    for (const body of ['', 'vin,make\nX,Y\n', '{"dealer": "x"}', '{"cars": {"a": 1}}', `[${JSON.stringify(newCar(2))}, {"vin": `]) {
      const res = await uploadJson(t, dealer.auth, body);
      expect(`${body.slice(0, 20)}: ${res.status}`).toBe(`${body.slice(0, 20)}: 400`);
      expect(res.body.details).toEqual([{ field: 'File', errors: [expect.any(String)] }]);
    }
    expect((await storedCars(t, dealer.dealerId, 'new')).map((r) => r.vin)).toEqual([vin(1, '5UXNFJL2')]);
    // Valid JSON of the wrong shape is said to be that, not broken JSON.
    const shape = await uploadJson(t, dealer.auth, '{"cars": "x"}').expect(400);
    expect(shape.body.details).toEqual([{ field: 'File', errors: ['the JSON object\'s "cars" is not an array of cars'] }]);
  });

  it('400 for form fields other than File', async () => {
    const res = await t.http().put('/api/v1/inventory/new/json').set('Authorization', dealer.auth)
      .attach('File', Buffer.from('[]'), 'a.json').field('Delimeter', ',').expect(400);
    expect(res.body.details).toEqual([{ field: 'Delimeter', errors: ['property Delimeter should not exist'] }]);
  });

  it('DELETE /inventory/new removes every new car, listing them; used cars and other dealerships stay', async () => {
    await uploadCsv(t, dealer.auth, csv(simpleCars(0, 2))).expect(200);
    await uploadJson(t, dealer.auth, JSON.stringify([newCar(11), newCar(12), newCar(13)])).expect(200);
    await uploadJson(t, other.auth, JSON.stringify([newCar(9)])).expect(200);
    // It takes no parameters: one it does not know (a dry run, as the uploads have) is refused, and nothing is deleted.
    const refused = await t.http().delete('/api/v1/inventory/new').query({ dryRun: true }).set('Authorization', dealer.auth).expect(400);
    expect(refused.body.details).toEqual([{ field: 'dryRun', errors: ['property dryRun should not exist'] }]);
    expect(await storedCars(t, dealer.dealerId, 'new')).toHaveLength(3);
    const res = await t.http().delete('/api/v1/inventory/new').set('Authorization', dealer.auth).expect(200);
    expect(res.body).toEqual({
      rows: [11, 12, 13].map((n, index) => ({ index, id: vin(n, '5UXNFJL2'), error: null, has_error: false })),
      has_error: false,
    });
    expect(await storedCars(t, dealer.dealerId, 'new')).toEqual([]);
    expect(await allUsedCars(t, dealer.auth)).toHaveLength(2);
    expect(await storedCars(t, other.dealerId, 'new')).toHaveLength(1);
    const again = await t.http().delete('/api/v1/inventory/new').set('Authorization', dealer.auth).expect(200);
    expect(again.body).toEqual({ rows: [], has_error: false });
  });
});
