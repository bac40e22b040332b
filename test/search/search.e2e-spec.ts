import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { selectVins } from '../support/search/filter-evaluator';
import { loadReferenceInventory, REFERENCE_CSV, REFERENCE_JSON } from '../support/search/reference-data';
import { WireFilterNode } from '../../libs/common/vehicle/filter-expression';

/** The reference inventory fixture (test/fixtures), as the evaluator reads it. */
const referenceCars = loadReferenceInventory();

const NODE_FIELDS = ['arguments', 'attribute', 'comparator', 'operator', 'value'];
function expectFiveFields(node: WireFilterNode): void {
  expect(Object.keys(node).sort()).toEqual(NODE_FIELDS);
  node.arguments.forEach(expectFiveFields);
}

describeEachBackend('Natural-language search and translate', (backend) => {
  let t: TestApp;
  let a: DealerFixture;
  let b: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    a = await createDealer(t, { region: 'CA' });
    b = await createDealer(t, { region: 'US' });
    await t.http().put('/api/v1/inventory/used').set('Authorization', a.auth).attach('File', REFERENCE_CSV).expect(200);
    await t.http().put('/api/v1/inventory/new/json').set('Authorization', a.auth).attach('File', REFERENCE_JSON).expect(200);
    // Dealer b stocks a model no catalog knows, and one Toyota.
    const csv = [
      'vin,stock_number,year,manufacturer,model,trim,type,condition,price,kilometers,color',
      '1HGCM82633A004352,B1,2021,Acme,Zephyrion,GT,Coupe,used,25000,30000,Red',
      '2T1BURHE8JC123456,B2,2019,Toyota,Corolla,LE,Sedan,used,18000,60000,White',
    ].join('\n');
    await t.http().put('/api/v1/inventory/used').set('Authorization', b.auth).attach('File', Buffer.from(csv), 'b.csv').expect(200);
  });
  afterAll(() => t.close());

  const translate = (who: DealerFixture, query: string) => t.http().post('/api/v1/search/translate').set('Authorization', who.auth).send({ query });
  const search = (who: DealerFixture, body: Record<string, unknown>) => t.http().post('/api/v1/search').set('Authorization', who.auth).send(body);

  it('translates into five-field nodes under an `and` root', async () => {
    const res = await translate(a, 'red toyota under 30k').expect(200);
    expectFiveFields(res.body);
    expect(res.body.operator).toBe('and');
    expect(res.body.arguments).toEqual(expect.arrayContaining([
      { comparator: 'eq', attribute: 'manufacturer', value: 'Toyota', operator: null, arguments: [] },
      { comparator: 'eq', attribute: 'color', value: 'Red', operator: null, arguments: [] },
    ]));
  });

  it('gives an empty `and` for words it does not know', async () => {
    await translate(a, 'something nice please').expect(200, { comparator: null, attribute: null, value: null, operator: 'and', arguments: [] });
  });

  it.each([
    [{}, 'query'],
    [{ query: '' }, 'query'],
    [{ query: 'x'.repeat(501) }, 'query'],
    [{ query: 'suv', extra: 1 }, 'extra'],
  ])('400 on a bad translate body %j', async (body, field) => {
    const res = await t.http().post('/api/v1/search/translate').set('Authorization', a.auth).send(body).expect(400);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it.each([
    [{ query: 'suv', take: 0 }, 'take'],
    [{ query: 'suv', take: 101 }, 'take'],
    [{ query: 'suv', skip: -1 }, 'skip'],
    [{ query: 'suv', take: '5' }, 'take'],
  ])('400 on a bad search body %j', async (body, field) => {
    const res = await search(a, body).expect(400);
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('counts every match over new and used cars, exactly as the filter selects', async () => {
    for (const query of ['Toyota', 'AWD SUV under 40k', 'Honda or Mazda with sunroof', 'electric', 'certified',
      'heated seats and navigation', 'red car without a sunroof', 'heated leather seats, not white']) {
      const filter = (await translate(a, query).expect(200)).body as WireFilterNode;
      const expected = selectVins(filter, referenceCars);
      const res = await search(a, { query, take: 100 }).expect(200);
      expect(res.body.total_row_count).toBe(expected.length);
      expect(res.body.row_count).toBe(Math.min(100, expected.length));
      expect(res.body.rows.every((r: { vin: string }) => expected.includes(r.vin.toUpperCase()))).toBe(true);
    }
    const toyota = await search(a, { query: 'Toyota', take: 100 }).expect(200);
    expect(new Set(toyota.body.rows.map((r: { condition: string }) => r.condition))).toEqual(new Set(['new', 'used']));
  });

  it('returns search rows with the fields of spec 2.2', async () => {
    const res = await search(a, { query: 'Honda Civic', take: 1 }).expect(200);
    // The envelope, and decisions.md section 4's suggestions and unused_terms (always present).
    expect(Object.keys(res.body).sort()).toEqual(['row_count', 'rows', 'suggestions', 'total_row_count', 'unused_terms']);
    const [row] = res.body.rows;
    // Spec 2.2's fields, and decisions.md section 4's price, kilometers, color and image_url.
    expect(Object.keys(row).sort()).toEqual(['condition', 'display_name', 'manufacturer', 'model', 'stock_number', 'trim', 'type', 'vin', 'year',
      'price', 'kilometers', 'color', 'image_url'].sort());
    expect(row).toMatchObject({ manufacturer: 'Honda', model: 'Civic', year: expect.any(Number), price: expect.any(Number), kilometers: expect.any(Number),
      color: expect.any(String), image_url: expect.stringMatching(/^https:\/\//) });
    expect(row.display_name).toContain('Honda Civic');
  });

  /** The expected order, computed from the reference data: nulls last, then VIN, then condition. */
  function expectedOrder(filter: WireFilterNode, keys: [string, 'asc' | 'desc'][]): string[] {
    const selected = new Set(selectVins(filter, referenceCars));
    const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));
    return referenceCars
      .filter((c) => selected.has(String(c.vin).toUpperCase()))
      .sort((x, y) => {
        for (const [key, dir] of keys) {
          const a = num(x[key]);
          const b = num(y[key]);
          if (a === b) continue;
          if (a === null) return 1;
          if (b === null) return -1;
          return dir === 'asc' ? a - b : b - a;
        }
        return String(x.vin).localeCompare(String(y.vin)) || String(x.condition).localeCompare(String(y.condition));
      })
      .map((c) => String(c.vin));
  }

  it('orders by newest year, then lowest price, then VIN; sort words change the order', async () => {
    for (const [query, keys] of [
      ['SUV', [['year', 'desc'], ['price', 'asc']]],
      ['cheapest SUV', [['price', 'asc'], ['year', 'desc']]],
      ['most expensive sedan', [['price', 'desc'], ['year', 'desc']]],
      ['lowest mileage hatchback', [['kilometers', 'asc'], ['price', 'asc']]],
      // Every car, or most: the page is read in an index's order on SQLite.
      ['newest', [['year', 'desc'], ['price', 'asc']]],
      ['cheapest', [['price', 'asc'], ['year', 'desc']]],
      ['most expensive with sunroof', [['price', 'desc'], ['year', 'desc']]],
      ['lowest mileage, not red', [['kilometers', 'asc'], ['price', 'asc']]],
      ['oldest', [['year', 'asc'], ['price', 'asc']]],
      ['cheapest Toyota or Honda', [['price', 'asc'], ['year', 'desc']]],
    ] as [string, [string, 'asc' | 'desc'][]][]) {
      const filter = (await translate(a, query).expect(200)).body as WireFilterNode;
      const rows = (await search(a, { query, take: 100 }).expect(200)).body.rows as { vin: string }[];
      expect(rows.map((r) => r.vin)).toEqual(expectedOrder(filter, keys).slice(0, 100));
    }
  });

  it('answers null for a value the car does not have', async () => {
    const noTrim = referenceCars.find((c) => c.trim === '' && c.condition === 'used')!;
    const res = await search(a, { query: String(noTrim.vin) }).expect(200);
    expect(res.body.rows).toEqual([expect.objectContaining({ vin: noTrim.vin, trim: null, manufacturer: noTrim.manufacturer })]);
  });

  it('pages without overlap or gaps', async () => {
    const all = (await search(a, { query: 'sedan', take: 100 }).expect(200)).body;
    const first = (await search(a, { query: 'sedan', take: 30, skip: 0 }).expect(200)).body.rows;
    const second = (await search(a, { query: 'sedan', take: 30, skip: 30 }).expect(200)).body.rows;
    expect([...first, ...second].map((r: { vin: string }) => r.vin)).toEqual(all.rows.slice(0, 60).map((r: { vin: string }) => r.vin));
    const beyond = (await search(a, { query: 'sedan', skip: all.total_row_count }).expect(200)).body;
    expect(beyond).toEqual({ total_row_count: all.total_row_count, row_count: 0, rows: [], suggestions: [], unused_terms: [] });
  });

  it("keeps each dealership to its own cars and learns model names from its stock", async () => {
    const bToyota = (await search(b, { query: 'Toyota' }).expect(200)).body;
    expect(bToyota.rows.map((r: { vin: string }) => r.vin)).toEqual(['2T1BURHE8JC123456']);
    const aVin = String(referenceCars[0].vin);
    expect((await search(b, { query: aVin }).expect(200)).body.total_row_count).toBe(0);
    expect((await search(a, { query: aVin }).expect(200)).body.total_row_count).toBe(1);

    const known = await translate(b, 'zephyrion').expect(200);
    expect(known.body.arguments).toEqual([{ comparator: 'eq', attribute: 'model', value: 'Zephyrion', operator: null, arguments: [] }]);
    expect((await search(b, { query: 'zephyrion' }).expect(200)).body.total_row_count).toBe(1);
    expect((await translate(a, 'zephyrion').expect(200)).body.arguments).toEqual([]);
  });

  it('recognises a newly stocked model right after the upload', async () => {
    const c = await createDealer(t, { region: 'US' });
    expect((await translate(c, 'zephyrion').expect(200)).body.arguments).toEqual([]);
    const csv = 'vin,manufacturer,model,year,price\n1HGCM82633A004352,Acme,Zephyrion,2022,30000\n';
    await t.http().put('/api/v1/inventory/used').set('Authorization', c.auth).attach('File', Buffer.from(csv), 'c.csv').expect(200);
    expect((await translate(c, 'zephyrion').expect(200)).body.arguments).toEqual([
      { comparator: 'eq', attribute: 'model', value: 'Zephyrion', operator: null, arguments: [] },
    ]);
    expect((await search(c, { query: 'zephyrion' }).expect(200)).body.total_row_count).toBe(1);
  });

  it('needs dealer credentials', async () => {
    await t.http().post('/api/v1/search').send({ query: 'suv' }).expect(401);
  });
});
