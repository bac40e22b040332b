import * as fs from 'node:fs';
import { featureMask } from '../../libs/common/vehicle/car-features';
import { describeEachBackend } from '../support/backends';
import { until } from '../support/eventually';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import {
  allUsedCars, csv, readCsv, REFERENCE_CSV, simpleCars, storedCars, uploadCsv, vin,
} from './inventory-fixtures';

/** Spec 2.6 written out independently of the code: field -> JSON type (plus display_name, decisions.md 5). */
const USED_CAR_TYPES: Record<string, string> = {
  ...Object.fromEntries(['vin', 'stock_number', 'manufacturer', 'model', 'trim', 'type', 'description', 'options', 'certified', 'car_fax',
    'accident', 'color', 'currency_code', 'condition', 'transmission', 'fuel_type', 'drive_train', 'doors', 'seats', 'engine', 'site_url',
    'image_url', 'image_url_list', 'video_url', 'dealer_id', 'source_id', 'source_system', 'stock_status', 'display_name',
    // beside spec 2.6's fields: the model's family, resolved at upload (libs/common/vehicle/model-family.ts)
    'model_family'].map((f) => [f, 'string'])),
  ...Object.fromEntries(['year', 'display_price', 'kilometers', 'horse_power', 'torque', 'fuel_economy_city', 'fuel_economy_highway',
    'monthly_lease_payment', 'monthly_finance_payment'].map((f) => [f, 'integer'])),
  price: 'number',
  is_deleted: 'boolean',
  date_created: 'date-time',
};
const INTEGER_FIELDS = Object.keys(USED_CAR_TYPES).filter((f) => USED_CAR_TYPES[f] === 'integer');

/** What the API must answer for a row of the reference CSV (an empty cell is a missing value). */
function expectedFromCsv(rec: Record<string, string>, dealerId: string): Record<string, unknown> {
  const out: Record<string, unknown> = { dealer_id: dealerId, is_deleted: false };
  for (const [field, value] of Object.entries(rec)) {
    if (value === '') out[field] = null;
    else if (INTEGER_FIELDS.includes(field) || field === 'price') out[field] = Number(value);
    else out[field] = value;
  }
  out.display_name = [rec.year, rec.manufacturer, rec.model, rec.trim].filter((p) => p !== '').join(' ');
  return out;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(value)) return 'date-time';
  return typeof value;
}

describeEachBackend('Used inventory: CSV upload and reads', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let other: DealerFixture;
  let german: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    dealer = await createDealer(t, { region: 'CA' });
    other = await createDealer(t, { region: 'US' });
    german = await createDealer(t, { region: 'DE' });
  });
  afterAll(() => t.close());

  it('uploads the reference CSV with zero row errors and serves every row as spec 2.6 types it', async () => {
    const text = fs.readFileSync(REFERENCE_CSV, 'utf8');
    const expected = readCsv(text).map((r) => expectedFromCsv(r, dealer.dealerId));
    expect(expected.length).toBeGreaterThan(500); // more than one page of the listing below
    const res = await uploadCsv(t, dealer.auth, text).expect(200);
    expect(res.body).toEqual({ num_deletes: 0, num_failed_deletes: 0, num_inserts: expected.length, num_failed_inserts: 0, delete_errors: [], insert_errors: [] });

    const cars = await allUsedCars(t, dealer.auth);
    expect(cars).toHaveLength(expected.length);
    // One upload: every car has the same date, so the listing is the file's row order.
    expect(cars.map((c) => c.vin)).toEqual(expected.map((e) => e.vin));
    cars.forEach((car, i) => expect(car).toMatchObject(expected[i]));
    for (const car of cars.slice(0, 50)) {
      expect(Object.keys(car).sort()).toEqual(Object.keys(USED_CAR_TYPES).sort());
      for (const [field, value] of Object.entries(car)) {
        if (value !== null) expect(`${field}: ${typeOf(value)}`).toBe(`${field}: ${USED_CAR_TYPES[field] === 'number' ? typeOf(value) : USED_CAR_TYPES[field]}`);
      }
    }
    expect(cars[0]).toMatchObject({ certified: 'no', accident: 'no', doors: '4', seats: '5', date_created: expect.stringMatching(/Z$/) });

    // Search tests each car's mask of known features, which the upload sets from its options.
    const stored = await storedCars(t, dealer.dealerId, 'used');
    expect(stored.map((r) => [r.vin, Number(r.feature_flags)])).toEqual(stored.map((r) => [r.vin, featureMask(r.options as string | null)]));
    expect(stored.filter((r) => Number(r.feature_flags) !== 0).length).toBeGreaterThan(expected.length / 2);
  });

  it('pages with Skip/Take (default 20) and counts every car', async () => {
    await uploadCsv(t, dealer.auth, csv(simpleCars(0, 45))).expect(200);
    const first = await t.http().get('/api/v1/inventory/used').set('Authorization', dealer.auth).expect(200);
    expect(first.body).toMatchObject({ total_row_count: 45, row_count: 20 });
    expect(first.body.rows.map((c: { vin: string }) => c.vin)).toEqual(Array.from({ length: 20 }, (_, i) => vin(i)));
    const last = await t.http().get('/api/v1/inventory/used').query({ Skip: 40, Take: 10 }).set('Authorization', dealer.auth).expect(200);
    expect(last.body).toMatchObject({ total_row_count: 45, row_count: 5 });
    expect(last.body.rows[4].vin).toBe(vin(44));
    for (const bad of [{ Take: 0 }, { Take: 501 }, { Skip: -1 }, { Take: 'ten' }]) {
      await t.http().get('/api/v1/inventory/used').query(bad).set('Authorization', dealer.auth).expect(400);
    }
  });

  it('reads one car by VIN, case-insensitively; unknown VINs are 404', async () => {
    await uploadCsv(t, dealer.auth, csv(simpleCars(0, 3))).expect(200);
    const res = await t.http().get(`/api/v1/inventory/used/${vin(1).toLowerCase()}`).set('Authorization', dealer.auth).expect(200);
    expect(res.body).toMatchObject({ vin: vin(1), stock_number: 'U1', year: 2016, manufacturer: 'Toyota', model: 'Corolla', trim: 'LE', display_name: '2016 Toyota Corolla LE', price: 10001, kilometers: 1000, condition: 'used', dealer_id: dealer.dealerId });
    const missing = await t.http().get(`/api/v1/inventory/used/${vin(99)}`).set('Authorization', dealer.auth).expect(404);
    expect(missing.body).toEqual({ message: `No used car with VIN ${vin(99)}`, details: null });
  });

  it('replaces everything: counts the old cars, rewrites the cars that stay, forgets the others', async () => {
    await uploadCsv(t, dealer.auth, csv(simpleCars(0, 10))).expect(200);
    const before = await allUsedCars(t, dealer.auth);
    // The next upload must get a later date: wait until the clock has passed this one's.
    await until(() => new Date().toISOString() > String(before[0].date_created), 'the clock to pass the first upload');
    const [header, ...rows] = simpleCars(5, 10, 20000);
    const res = await uploadCsv(t, dealer.auth, csv([header, ...rows.reverse()])).expect(200);
    expect(res.body).toMatchObject({ num_deletes: 10, num_inserts: 10, num_failed_inserts: 0 });
    const after = await allUsedCars(t, dealer.auth);
    // One upload, one date: the listing is the new file's row order.
    expect(after.map((c) => c.vin)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5].map((i) => vin(i)));
    expect(new Set(after.map((c) => c.date_created)).size).toBe(1);
    expect(String(after[0].date_created) > String(before[0].date_created)).toBe(true);
    expect(after.find((c) => c.vin === vin(5))).toMatchObject({ price: 20005, stock_number: 'U5' });
    await t.http().get(`/api/v1/inventory/used/${vin(0)}`).set('Authorization', dealer.auth).expect(404);
  });

  it('maps real feed headers by alias (HomeNet / vAuto / Cars.com / Meta style)', async () => {
    const text = csv([
      ['VIN', 'Stock #', 'Year', 'Make', 'Model', 'Series', 'Body Style', 'New/Used', 'Certified', 'Exterior Color', 'Drivetrain', 'Fuel', 'Transmission',
        'Odometer', 'Internet Price', 'Photo URLs', 'Features', 'Vehicle Description', 'Dealer Name'],
      [vin(1), 'A-100', '2019', 'Honda', 'CR-V', 'EX-L', 'SUV', 'Used', 'Yes', 'Gray', 'AWD', 'Gasoline', 'Automatic', '48,200', '$27,995',
        'https://img/1.jpg|https://img/2.jpg', 'Sunroof, Leather Seats', 'Clean, one owner', 'Acme'],
    ]);
    const res = await uploadCsv(t, dealer.auth, text).expect(200);
    expect(res.body).toMatchObject({ num_inserts: 1, num_failed_inserts: 0 });
    const car = (await t.http().get(`/api/v1/inventory/used/${vin(1)}`).set('Authorization', dealer.auth).expect(200)).body;
    expect(car).toMatchObject({
      stock_number: 'A-100', year: 2019, manufacturer: 'Honda', model: 'CR-V', trim: 'EX-L', type: 'SUV', condition: 'used', certified: 'yes',
      color: 'Gray', drive_train: 'AWD', fuel_type: 'Gasoline', transmission: 'Automatic', kilometers: 48200, price: 27995,
      image_url_list: 'https://img/1.jpg|https://img/2.jpg', image_url: 'https://img/1.jpg', options: 'Sunroof, Leather Seats',
      description: 'Clean, one owner', display_name: '2019 Honda CR-V EX-L',
    });
  });

  it('maps Meta catalog headers: mileage.value in miles, numbered images', async () => {
    const text = csv([
      ['vehicle_id', 'vin', 'make', 'model', 'year', 'mileage.value', 'mileage.unit', 'body_style', 'drivetrain', 'image[0].url', 'image[1].url', 'state_of_vehicle'],
      ['v-1', vin(2), 'Ford', 'F-150', '2020', '30000', 'MI', 'Truck', '4X4', 'https://i/0.jpg', 'https://i/1.jpg', 'CPO'],
    ]);
    await uploadCsv(t, dealer.auth, text).expect(200);
    const car = (await t.http().get(`/api/v1/inventory/used/${vin(2)}`).set('Authorization', dealer.auth).expect(200)).body;
    expect(car).toMatchObject({ source_id: 'v-1', kilometers: 48280, type: 'Truck', drive_train: '4X4', image_url: 'https://i/0.jpg', image_url_list: 'https://i/1.jpg', certified: 'yes' });
  });

  it('applies columnMappings in both syntaxes and refuses bad ones with 400', async () => {
    const text = csv([['Unit', 'Brand', 'Sticker', 'Notes'], [vin(3), 'Kia', '19,500', 'x']]);
    await uploadCsv(t, dealer.auth, text, { columnMappings: '{"Unit":"vin","Brand":"manufacturer","Sticker":"price","Notes":"ignore"}' }).expect(200);
    expect((await t.http().get(`/api/v1/inventory/used/${vin(3)}`).set('Authorization', dealer.auth)).body).toMatchObject({ manufacturer: 'Kia', price: 19500, description: null });
    await uploadCsv(t, dealer.auth, text, { columnMappings: 'Unit:vin,Brand:Manufacturer,Sticker:price' }).expect(200);
    expect((await t.http().get(`/api/v1/inventory/used/${vin(3)}`).set('Authorization', dealer.auth)).body).toMatchObject({ manufacturer: 'Kia', price: 19500 });

    const bad = await uploadCsv(t, dealer.auth, text, { columnMappings: 'Unit:vin,Brand:brand' }).expect(400);
    expect(bad.body).toEqual({ message: 'columnMappings is invalid', details: [{ field: 'columnMappings', errors: ['"Brand" maps to "brand", which is not a car field'] }] });
    const absent = await uploadCsv(t, dealer.auth, text, { columnMappings: 'Unit:vin,Colour:color' }).expect(400);
    expect(absent.body.details[0].errors[0]).toContain('colour');
    await uploadCsv(t, dealer.auth, text, { columnMappings: '{"Unit":' }).expect(400);
  });

  it.each([
    [';', ';'], ['semicolon', ';'], ['\t', '\t'], ['tab', '\t'], ['|', '|'], ['pipe', '|'], ['comma', ','],
  ])('reads the delimiter %j', async (delimiter, actual) => {
    const text = csv([['vin', 'manufacturer', 'options'], [vin(4), 'Mazda', 'Sunroof, Heated Seats']], { delimiter: actual });
    const res = await uploadCsv(t, dealer.auth, text, { delimiter }).expect(200);
    expect(res.body).toMatchObject({ num_inserts: 1, num_failed_inserts: 0 });
    expect((await t.http().get(`/api/v1/inventory/used/${vin(4)}`).set('Authorization', dealer.auth)).body).toMatchObject({ manufacturer: 'Mazda', options: 'Sunroof, Heated Seats' });
  });

  it('refuses a delimiter that is neither one character nor a known name', async () => {
    const res = await uploadCsv(t, dealer.auth, csv(simpleCars(0, 1)), { delimiter: 'colon' }).expect(400);
    expect(res.body.details).toEqual([{ field: 'Delimeter', errors: [expect.stringContaining('colon')] }]);
    // One character to a reader, two UTF-16 units to the CSV parser.
    const emoji = await uploadCsv(t, dealer.auth, csv(simpleCars(0, 1)), { delimiter: '\u{1F600}' }).expect(400);
    expect(emoji.body.details).toEqual([{ field: 'Delimeter', errors: [expect.any(String)] }]);
  });

  it('reads quoted fields with delimiters, quotes and line breaks, a UTF-8 BOM and CRLF line ends', async () => {
    const description = 'Line one, with a comma\r\nLine "two"\nLine three\twith a tab, C:\\path\\N and \\N';
    const text = csv([['VIN', 'Make', 'Description', 'Options'], [vin(5), 'Škoda', description, 'A, B'], [vin(6), 'Citroën', '', '']], { bom: true, eol: '\r\n' });
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const res = await uploadCsv(t, dealer.auth, text).expect(200);
    expect(res.body).toMatchObject({ num_inserts: 2, num_failed_inserts: 0 });
    const car = (await t.http().get(`/api/v1/inventory/used/${vin(5)}`).set('Authorization', dealer.auth)).body;
    expect(car).toMatchObject({ manufacturer: 'Škoda', description, options: 'A, B' });
  });

  it('reports every row error with its code, 0-based index and VIN as given; inserts the valid rows', async () => {
    const header = ['vin', 'year', 'price', 'kilometers', 'seats', 'certified', 'manufacturer'];
    const rows: (string | number)[][] = [
      header,
      [vin(10), '2018', '15000', '1000', '5', 'yes', 'Audi'], // 0 ok
      ['', '2018', '15000', '1000', '5', 'no', 'Audi'], // 1 1001
      ['NOTAVIN', '2018', '15000', '1000', '5', 'no', 'Audi'], // 2 1002
      [vin(10).toLowerCase(), '2018', '15000', '1000', '5', 'no', 'Audi'], // 3 1003
      [vin(11), '2018', 'call us', '1000', '5', 'no', 'Audi'], // 4 1004
      [vin(12), '2018', '15000', '-3', '5', 'no', 'Audi'], // 5 1005
      [vin(13), '2018', '15000'], // 6 1006
      [vin(14), '2018', '15000', '1000', '5', 'no', 'A'.repeat(101)], // 7 1007
      [vin(15), '1990', '$1,500.50', '12 345', '2', 'N', 'Lada'], // 8 ok
      [vin(16), '2018', '15000', '1000', '5', 'maybe', 'Audi'], // 9 1005
    ];
    const badCheckDigit = vin(17).slice(0, 8) + (vin(17)[8] === '0' ? '1' : '0') + vin(17).slice(9);
    rows.push([badCheckDigit, '2018', '1', '1', '1', 'no', 'Audi']); // 10 1002 (CA dealership)
    const res = await uploadCsv(t, dealer.auth, csv(rows)).expect(200);
    expect(res.body).toMatchObject({ num_inserts: 2, num_failed_inserts: 9, num_failed_deletes: 0, delete_errors: [] });
    expect(res.body.insert_errors.map((e: { index: number; id: string; error: { code: number }; has_error: boolean }) => [e.index, e.id, e.error.code, e.has_error])).toEqual([
      [1, '', 1001, true], [2, 'NOTAVIN', 1002, true], [3, vin(10).toLowerCase(), 1003, true], [4, vin(11), 1004, true], [5, vin(12), 1005, true],
      [6, vin(13), 1006, true], [7, vin(14), 1007, true], [9, vin(16), 1005, true], [10, badCheckDigit, 1002, true],
    ]);
    for (const e of res.body.insert_errors) expect(e.error.reason).toEqual(expect.any(String));
    expect((await allUsedCars(t, dealer.auth)).map((c) => c.vin)).toEqual([vin(10), vin(15)]);
    expect((await t.http().get(`/api/v1/inventory/used/${vin(15)}`).set('Authorization', dealer.auth)).body).toMatchObject({ price: 1500.5, kilometers: 12345, seats: '2', certified: 'no' });
  });

  it.each([
    ['a quoted field of 200 KB (parsed in the request thread)', `"${'Sunroof, ""Nav""\n'.repeat(Math.ceil((200 * 1024) / 18))}"`],
    ['a quoted field of 8 MB (parsed on the worker thread)', `"${'Sunroof, ""Nav""\n'.repeat(Math.ceil((8 * 1024 * 1024) / 18))}"`],
    ['a quoted field of 4 MB after a space', ` "${'a,'.repeat(2 * 1024 * 1024)}"`],
    ['a row of 4 MB of short fields', 'a,'.repeat(2 * 1024 * 1024)],
  ])('cuts %s before parsing: its row is a 1007, the others are inserted', async (_what, huge) => {
    const file = [
      'vin,year,manufacturer,options',
      `${vin(30)},2019,Audi,Leather`,
      `${vin(31)},2019,Audi,${huge}`,
      `${vin(32)},2020,BMW,Sunroof`,
    ].join('\r\n');
    const res = await uploadCsv(t, dealer.auth, file).expect(200);
    expect(res.body).toMatchObject({ num_inserts: 2, num_failed_inserts: 1 });
    expect(res.body.insert_errors).toEqual([{ index: 1, id: vin(31), error: { code: 1007, reason: expect.stringContaining('cut as the file was read (a field over 65536 bytes or a row over 262144)') }, has_error: true }]);
    expect((await allUsedCars(t, dealer.auth)).map((c) => c.vin).sort()).toEqual([vin(30), vin(32)].sort());
  });

  it('checks the VIN check digit only for US and CA dealerships', async () => {
    const bad = vin(20).slice(0, 8) + (vin(20)[8] === '0' ? '1' : '0') + vin(20).slice(9);
    const text = csv([['vin'], [bad]]);
    expect((await uploadCsv(t, other.auth, text).expect(200)).body.insert_errors[0].error.code).toBe(1002);
    expect((await uploadCsv(t, german.auth, text).expect(200)).body).toMatchObject({ num_inserts: 1, num_failed_inserts: 0 });
  });

  it('400 and nothing changes for a file unusable as a whole', async () => {
    await uploadCsv(t, dealer.auth, csv(simpleCars(0, 3))).expect(200);
    const cases: [string, string | Buffer][] = [
      ['empty', ''],
      ['no VIN column', csv([['make', 'model'], ['Honda', 'Civic']])],
      ['binary', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00])],
      ['broken quoting', `vin,make\n${vin(1)},"Hon"da\n`],
    ];
    for (const [name, body] of cases) {
      const res = await t.http().put('/api/v1/inventory/used').set('Authorization', dealer.auth).attach('File', Buffer.from(body), 'x.csv');
      expect(`${name}: ${res.status}`).toBe(`${name}: 400`);
      expect(res.body.details).toEqual([{ field: 'File', errors: [expect.any(String)] }]);
    }
    expect((await allUsedCars(t, dealer.auth)).map((c) => c.vin)).toEqual([vin(0), vin(1), vin(2)]);
  });

  it('a header-only file empties the inventory', async () => {
    await uploadCsv(t, dealer.auth, csv(simpleCars(0, 3))).expect(200);
    const res = await uploadCsv(t, dealer.auth, 'vin,make\r\n').expect(200);
    expect(res.body).toMatchObject({ num_deletes: 3, num_inserts: 0 });
    expect(await allUsedCars(t, dealer.auth)).toEqual([]);
  });

  it('400 without a File part or with an unknown form field; 415 for JSON; 401 without credentials', async () => {
    const none = await t.http().put('/api/v1/inventory/used').set('Authorization', dealer.auth).field('Delimeter', ',').expect(400);
    expect(none.body.details).toEqual([{ field: 'File', errors: [expect.any(String)] }]);
    const extra = await t.http().put('/api/v1/inventory/used').set('Authorization', dealer.auth).attach('File', Buffer.from(csv(simpleCars(0, 1))), 'a.csv').field('Bogus', '1').expect(400);
    expect(extra.body.details.map((d: { field: string }) => d.field)).toEqual(['Bogus']);
    await t.http().put('/api/v1/inventory/used').set('Authorization', dealer.auth).send({ File: 'x' }).expect(415);
    await t.http().get('/api/v1/inventory/used').expect(401);
    await uploadCsv(t, 'Basic AAAA', csv(simpleCars(0, 1))).expect(401);
  });

  it("keeps each dealership's inventory to itself", async () => {
    await uploadCsv(t, dealer.auth, csv(simpleCars(0, 4))).expect(200);
    await uploadCsv(t, other.auth, csv(simpleCars(100, 2))).expect(200);
    const theirs = await t.http().get('/api/v1/inventory/used').set('Authorization', other.auth).expect(200);
    expect(theirs.body.rows.map((c: { vin: string }) => c.vin)).toEqual([vin(100), vin(101)]);
    expect(theirs.body.total_row_count).toBe(2);
    await t.http().get(`/api/v1/inventory/used/${vin(0)}`).set('Authorization', other.auth).expect(404);
    // The same VIN may be stocked by two dealerships; replacing one's leaves the other's.
    await uploadCsv(t, other.auth, csv(simpleCars(0, 1, 5))).expect(200);
    expect((await t.http().get(`/api/v1/inventory/used/${vin(0)}`).set('Authorization', dealer.auth)).body.price).toBe(10000);
    expect((await t.http().get(`/api/v1/inventory/used/${vin(0)}`).set('Authorization', other.auth)).body.price).toBe(5);
    expect(await storedCars(t, dealer.dealerId, 'used')).toHaveLength(4);
  });
});
