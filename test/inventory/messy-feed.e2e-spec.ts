import { LoadSeedCatalogUseCase } from '../../src/modules/catalog';
import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { allUsedCars, csv, storedCars, uploadCsv, uploadJson, vin } from './inventory-fixtures';

/**
 * A US dealer's used-car export as DMS tools write it: miles in a `Mileage` column, `-1`, `0` and
 * `Call for Price` for "no price", manufacturer colour names, pickup body styles, long model names,
 * 4x4 drive trains, a car listed twice and a mistyped VIN (decisions.md section 5).
 */
const HEADER = ['Stock #', 'VIN', 'Year', 'Make', 'Model', 'Trim', 'Body Style', 'Exterior Color', 'Interior Color', 'Mileage', 'Price',
  'Drivetrain', 'Fuel', 'Transmission', 'Engine', 'Photo URLs'];
type FeedCar = [year: number, make: string, model: string, trim: string, body: string, color: string, miles: string, price: string,
  drive: string, fuel: string, transmission: string];
const FEED: FeedCar[] = [
  [2021, 'Chevrolet', 'Silverado 1500', 'LT Trail Boss', 'Crew Cab Pickup', 'Summit White', '38,412', '$44,995', '4x4', 'Gas', '10-Speed Automatic'],
  [2019, 'GMC', 'Sierra 2500HD', 'Denali', 'Crew Cab Pickup', 'Onyx Black', '61,250', '$58,500', '4WD', 'Diesel', 'Allison 10-Speed Automatic'],
  [2020, 'Ford', 'F-350 Super Duty', 'Lariat', 'Crew Cab Pickup', 'Oxford White', '45,900', 'Call for Price', 'Four Wheel Drive', 'Diesel', '10-Speed Automatic'],
  [2018, 'Ram', '1500', 'Big Horn', 'Quad Cab Pickup', 'Bright White Clearcoat', '72,118', '$27,450', '4x4', 'Gasoline', '8-Speed Automatic'],
  [2022, 'Ford', 'F-150', 'XLT', 'SuperCrew', 'Carbonized Gray', '18,005', '-1', '4x4', 'Gas', '10-Speed Automatic'],
  [2017, 'Toyota', 'Tacoma', 'TRD Off-Road', 'Double Cab Pickup', 'Magnetic Gray Metallic', '88,300', '$29,995', '4WD', 'Gasoline', '6-Speed Automatic'],
  [2016, 'Chevrolet', 'Silverado 1500', 'Work Truck', 'Regular Cab', 'Summit White', '102,450', '$17,900', '4x2', 'Gas', '6-Speed Automatic'],
  [2021, 'Jeep', 'Grand Cherokee', 'Limited', '4dr SUV', 'Velvet Red Pearl', '29,870', '$33,450', '4x4', 'Gas', '8-Speed Automatic'],
  [2020, 'Ford', 'Explorer', 'XLT', 'Sport Utility', 'Iconic Silver Metallic', '41,200', '$28,995', '4WD', 'Gas', '10-Speed Automatic'],
  [2019, 'Chevrolet', 'Equinox', 'LT', '4dr SUV', 'Mosaic Black Metallic', '52,300', '$19,495', 'AWD', 'Gas', '6-Speed Automatic'],
  [2022, 'Honda', 'CR-V', 'EX-L', '4dr SUV', 'Sonic Gray Pearl', '15,600', '$31,200', 'AWD', 'Gas', 'CVT'],
  [2018, 'Toyota', 'RAV4', 'XLE', 'Sport Utility', 'Magnetic Gray Metallic', '64,000', '$21,900', 'All Wheel Drive', 'Gas', '6-Speed Automatic'],
  [2021, 'Toyota', 'RAV4 Hybrid', 'XSE', '4dr SUV', 'Blueprint', '22,100', '$34,800', 'AWD', 'Hybrid', 'CVT'],
  [2017, 'Honda', 'Accord', 'Sport', '4dr Car', 'Modern Steel Metallic', '71,200', '$16,995', 'FWD', 'Gas', '6-Speed Manual'],
  [2019, 'Toyota', 'Camry', 'SE', '4dr Sedan', 'Celestial Silver Metallic', '48,750', '$21,450', 'Front Wheel Drive', 'Gas', '8-Speed Automatic'],
  [2016, 'Ford', 'Mustang', 'GT', '2dr Car', 'Race Red', '39,800', '$24,900', 'RWD', 'Gas', '6-Speed Manual'],
  [2020, 'Chevrolet', 'Camaro', '1LT', 'Convertible', 'Red Hot', '21,300', '$26,750', 'Rear Wheel Drive', 'Gas', '8-Speed Automatic'],
  [2018, 'Honda', 'Odyssey', 'EX-L', 'Minivan', 'Lunar Silver Metallic', '58,900', '$24,300', 'FWD', 'Gas', '9-Speed Automatic'],
  [2019, 'Chrysler', 'Pacifica Hybrid', 'Limited', 'Mini-van, Passenger', 'Velvet Red Pearl', '33,100', '$29,800', 'FWD', 'Plug-In Hybrid', 'Automatic'],
  [2020, 'Ford', 'Transit-250 Cargo', 'Medium Roof', 'Cargo Van', 'Oxford White', '33,400', '$32,500', 'RWD', 'Gas', '10-Speed Automatic'],
  [2018, 'Chevrolet', 'Express 2500', 'LT', 'Passenger Van', 'Summit White', '67,800', '$26,900', 'RWD', 'Flex Fuel', '6-Speed Automatic'],
  [2019, 'Subaru', 'Outback', '2.5i Premium', 'Wagon', 'Crystal Black Silica', '44,100', '$22,800', 'All Wheel Drive', 'Gas', 'CVT'],
  [2018, 'Volkswagen', 'Golf GTI', 'SE', 'Hatchback', 'Tornado Red', '36,700', '$21,200', 'FWD', 'Gas', '6-Speed Manual'],
  [2022, 'Tesla', 'Model 3', 'Long Range', '4dr Car', 'Pearl White Multi-Coat', '12,300', '$38,900', 'AWD', 'Electric', 'Automatic'],
  [2021, 'Ford', 'Mustang Mach-E', 'Premium', '4dr SUV', 'Rapid Red Metallic', '9,800', '$41,500', 'AWD', 'EV', 'Automatic'],
  [2020, 'Toyota', 'Prius', 'LE', 'Hatchback', 'Super White', '40,200', '$0', 'FWD', 'Hybrid', 'CVT'],
  [2015, 'Ford', 'F-250 Super Duty', 'XLT', 'Crew Cab Pickup', 'Magnetite Gray Metallic', '128,300', '$31,900', '4x4', 'Diesel', '6-Speed Automatic'],
  [2019, 'Chevrolet', 'Silverado 1500', 'LT Trail Boss', 'Crew Cab Pickup', 'Black', '49,000', 'call', '4x4', 'Gas', '8-Speed Automatic'],
  [2017, 'GMC', 'Sierra 1500', 'SLT', 'Crew Cab Pickup', 'Quicksilver Metallic', '67,300', '$30,400', '4WD', 'Gas', '8-Speed Automatic'],
  [2018, 'Nissan', 'Frontier', 'SV', 'Crew Cab', 'Glacier White', '61,500', '$20,900', '4x2', 'Gas', '5-Speed Automatic'],
  [2020, 'Jeep', 'Wrangler Unlimited', 'Sahara', '4dr SUV', 'Sting-Gray Clear Coat', '35,700', '$36,500', '4x4', 'Gas', '8-Speed Automatic'],
  [2019, 'Hyundai', 'Elantra', 'SEL', '4dr Sedan', 'Phantom Black', '42,300', '$14,900', 'FWD', 'Gas', 'Auto'],
  [2017, 'Kia', 'Soul', '+', 'Hatchback', 'Caribbean Blue', '55,000', '$11,900', 'FWD', 'Gas', '6-Speed Automatic'],
  // No body style: the catalog's model decides.
  [2020, 'Chevrolet', 'Silverado 2500HD', 'LTZ', '', 'Iridescent Pearl Tricoat', '47,100', '$54,900', '4WD', 'Diesel', '10-Speed Automatic'],
  [2021, 'Ford', 'F-350 Super Duty', 'XL', '', 'Oxford White', '27,000', '$46,500', '4x4', 'Gas', '10-Speed Automatic'],
  [2014, 'Mazda', 'Mazda3', 'i Touring', '4dr Car', 'Deep Crystal Blue Mica', '98,000', '$8,900', 'FWD', 'Gas', '6-Speed Manual'],
  [2016, 'BMW', '328i xDrive', 'Sport Line', '4dr Sedan', 'Mineral Grey Metallic', '61,000', '$17,400', 'xDrive', 'Gas', '8-Speed Automatic'],
  [2019, 'Mercedes-Benz', 'GLC 300', '4MATIC', '4dr SUV', 'Polar White', '39,000', '$30,900', 'AWD', 'Gas', '9-Speed Automatic'],
  [2021, 'Rivian', 'R1T', 'Launch Edition', 'Pickup', 'Rivian Blue', '8,200', '$79,900', 'AWD', 'Electric', 'Automatic'],
];
const vinOf = (i: number) => vin(i, '1GCUYEED');
const DUPLICATE_OF = 3; // the Ram, listed again at the end of the file
const BAD_VIN = '1FTEW1EP5KFA1234O'; // a letter O typed for a zero

function feedRows(): (string | number)[][] {
  const rows: (string | number)[][] = FEED.map(([year, make, model, trim, body, color, miles, price, drive, fuel, trans], i) => [
    `P${1000 + i}`, vinOf(i), year, make, model, trim, body, color, 'Jet Black', miles, price, drive, fuel, trans, '',
    `https://photos.example.com/${i}/1.jpg|https://photos.example.com/${i}/2.jpg`,
  ]);
  const dup = [...rows[DUPLICATE_OF]];
  dup[0] = 'P9999';
  dup[10] = '$26,950';
  rows.push(dup, ['P9998', BAD_VIN, 2019, 'Ford', 'F-150', 'XLT', 'SuperCrew', 'Oxford White', 'Black', '40,000', '$30,000', '4x4', 'Gas', 'Auto', '', '']);
  return [HEADER, ...rows];
}
const MESSY_CSV = csv(feedRows());
const index = (model: string, trim?: string) => FEED.findIndex((c) => c[2] === model && (trim === undefined || c[3] === trim));
const milesToKm = (miles: string) => Math.round(Number(miles.replace(/,/g, '')) * 1.609344);
/** Indexes of the feed's cars matching a predicate (the test's own reading of the feed). */
const where = (p: (c: FeedCar, i: number) => boolean) => FEED.flatMap((c, i) => (p(c, i) ? [vinOf(i)] : [])).sort();

const TRUCKS = where((c) => /cab|pickup|supercrew/i.test(c[4]) || (c[4] === '' && /silverado|f-350/i.test(c[2])));
const FOUR_WD = where((c) => /^(4x4|4wd|four wheel drive)$/i.test(c[8]));
const WHITE = where((c) => /white/i.test(c[5]));
const GRAY = where((c) => /gray|grey/i.test(c[5]));
const NO_PRICE = where((c) => ['-1', '$0', 'call', 'Call for Price'].includes(c[7]));

describeEachBackend('Messy feeds: a US dealer export, shoppers\' searches, dry runs and new-car reads', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let other: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.get(LoadSeedCatalogUseCase).execute();
    dealer = await createDealer(t, { region: 'US' });
    other = await createDealer(t, { region: 'US' });
  });
  afterAll(() => t.close());

  const search = (query: string, take = 100) => t.http().post('/api/v1/search').set('Authorization', dealer.auth).send({ query, take }).expect(200);
  const vinsOf = (res: { body: { rows: { vin: string }[] } }) => res.body.rows.map((r) => r.vin).sort();

  describe('the upload', () => {
    let result: Record<string, unknown>;
    beforeAll(async () => {
      result = (await uploadCsv(t, dealer.auth, MESSY_CSV).expect(200)).body;
    });

    it('lands every car but the duplicate and the mistyped VIN; no-price values are no row error', () => {
      expect(result).toMatchObject({ num_deletes: 0, num_inserts: FEED.length, num_failed_inserts: 2 });
      expect(result.insert_errors).toEqual([
        { index: FEED.length, id: vinOf(DUPLICATE_OF), error: { code: 1003, reason: `vin repeats the VIN of row ${DUPLICATE_OF}` }, has_error: true },
        { index: FEED.length + 1, id: BAD_VIN, error: { code: 1002, reason: expect.any(String) }, has_error: true },
      ]);
    });

    it('shows what the dealer wrote, with miles stored as km and no price as null', async () => {
      const i = index('Silverado 1500', 'LT Trail Boss');
      const car = (await t.http().get(`/api/v1/inventory/used/${vinOf(i)}`).set('Authorization', dealer.auth).expect(200)).body;
      expect(car).toMatchObject({
        type: 'Crew Cab Pickup', color: 'Summit White', drive_train: '4x4', fuel_type: 'Gas', transmission: '10-Speed Automatic',
        kilometers: milesToKm('38,412'), price: 44995, model: 'Silverado 1500', trim: 'LT Trail Boss', image_url: 'https://photos.example.com/0/1.jpg',
      });
      const listed = await allUsedCars(t, dealer.auth);
      const byVin = new Map(listed.map((c) => [c.vin as string, c]));
      expect(listed).toHaveLength(FEED.length);
      expect(where((_, n) => byVin.get(vinOf(n))!.price === null)).toEqual(NO_PRICE);
      // A car without a body style shows the type the catalog gave it.
      FEED.forEach((c, n) => expect(byVin.get(vinOf(n))).toMatchObject({ kilometers: milesToKm(c[6]), type: c[4] || 'Truck', color: c[5] }));
    });

    it('stores canonical values for search beside the raw text; a value with no canonical match stays as text', async () => {
      const stored = new Map((await storedCars(t, dealer.dealerId, 'used')).map((r) => [r.vin as string, r]));
      const at = (model: string, trim?: string) => stored.get(vinOf(index(model, trim)))!;
      expect(at('Silverado 1500', 'LT Trail Boss')).toMatchObject({ type: 'Truck', type_text: 'Crew Cab Pickup', color: 'White', color_text: 'Summit White',
        drive_train: '4WD', drive_train_text: '4x4', fuel_type: 'Gasoline', fuel_type_text: 'Gas', transmission: 'Automatic' });
      expect(at('1500')).toMatchObject({ type: 'Truck', type_text: 'Quad Cab Pickup', color: 'White', color_text: 'Bright White Clearcoat' });
      expect(at('F-150')).toMatchObject({ type: 'Truck', type_text: 'SuperCrew', color: 'Gray', price: null });
      expect(at('Silverado 1500', 'Work Truck')).toMatchObject({ type: 'Truck', type_text: 'Regular Cab', drive_train: 'RWD', drive_train_text: '4x2' });
      expect(at('Mustang')).toMatchObject({ type: 'Coupe', type_text: '2dr Car', transmission: 'Manual', transmission_text: '6-Speed Manual' });
      expect(at('Accord')).toMatchObject({ type: 'Sedan', color: 'Modern Steel Metallic' });
      expect(at('Pacifica Hybrid')).toMatchObject({ type: 'Minivan', fuel_type: 'Plug-in Hybrid' });
      expect(at('Express 2500')).toMatchObject({ type: 'Van', fuel_type: 'Gasoline', fuel_type_text: 'Flex Fuel' });
      expect(at('Transit-250 Cargo')).toMatchObject({ type: 'Van' });
      expect(at('RAV4 Hybrid')).toMatchObject({ color: 'Blueprint', color_text: 'Blueprint' });
      expect(at('Sierra 1500')).toMatchObject({ color: 'Quicksilver Metallic' });
      expect(at('328i xDrive')).toMatchObject({ color: 'Gray', drive_train: 'AWD', drive_train_text: 'xDrive' });
      // No body style: the catalog's Silverado 2500HD and F-350 Super Duty are trucks.
      expect(at('Silverado 2500HD')).toMatchObject({ type: 'Truck', type_text: null });
      expect(at('F-350 Super Duty', 'XL')).toMatchObject({ type: 'Truck', type_text: null });
    });
  });

  describe('searches shoppers type', () => {
    it.each([
      ['pickup', TRUCKS],
      ['trucks', TRUCKS],
      ['4x4', FOUR_WD],
      ['four wheel drive trucks', where((c, i) => TRUCKS.includes(vinOf(i)) && FOUR_WD.includes(vinOf(i)))],
      ['white truck', where((c, i) => TRUCKS.includes(vinOf(i)) && WHITE.includes(vinOf(i)))],
      ['gray SUV', where((c) => /SUV|Sport Utility/.test(c[4]) && GRAY.includes(vinOf(FEED.indexOf(c))))],
      ['grey cars', GRAY],
      ['red', where((c) => /red/i.test(c[5]))],
      ['black', where((c) => /black/i.test(c[5]))],
      ['diesel', where((c) => c[9] === 'Diesel')],
      ['electric', where((c) => /^(Electric|EV)$/.test(c[9]))],
      ['minivan', where((c) => /mini-?van/i.test(c[4]))],
      ['manual', where((c) => /manual/i.test(c[10]))],
      ['coupe', where((c) => c[4] === '2dr Car')],
    ])('%j', async (query, expected) => {
      expect(expected.length).toBeGreaterThan(0);
      const res = await search(query);
      expect(vinsOf(res)).toEqual(expected);
      expect(res.body.total_row_count).toBe(expected.length);
    });

    it('never matches a car without a price on a price condition, whichever way', async () => {
      expect(vinsOf(await search('under 1000000'))).toEqual(where((_, i) => !NO_PRICE.includes(vinOf(i))));
      expect(vinsOf(await search('over $1,000'))).toEqual(where((_, i) => !NO_PRICE.includes(vinOf(i))));
      const cheapTrucks = await search('4x4 trucks under 50k');
      expect(vinsOf(cheapTrucks)).toEqual(where((c, i) => TRUCKS.includes(vinOf(i)) && FOUR_WD.includes(vinOf(i)) && !NO_PRICE.includes(vinOf(i))
        && Number(c[7].replace(/[$,]/g, '')) < 50000));
    });

    it('answers rows with price, kilometers, the canonical colour and the first photo', async () => {
      const rows = new Map((await search('trucks')).body.rows.map((r: { vin: string }) => [r.vin, r]));
      expect(rows.get(vinOf(index('Silverado 1500', 'LT Trail Boss')))).toEqual({
        vin: vinOf(0), stock_number: 'P1000', display_name: '2021 Chevrolet Silverado 1500 LT Trail Boss', manufacturer: 'Chevrolet',
        model: 'Silverado 1500', trim: 'LT Trail Boss', year: 2021, type: 'Truck', condition: 'used',
        price: 44995, kilometers: milesToKm('38,412'), color: 'White', image_url: 'https://photos.example.com/0/1.jpg',
      });
      expect(rows.get(vinOf(index('F-150')))).toMatchObject({ price: null, color: 'Gray' });
      expect(rows.get(vinOf(index('Sierra 1500')))).toMatchObject({ color: null, price: 30400 });
    });
  });

  describe('dryRun and maxFailedRatio', () => {
    const listing = async () => (await allUsedCars(t, dealer.auth)).map((c) => [c.vin, c.price, c.date_created]);

    it('a dry run answers the result an upload would and changes nothing', async () => {
      const before = await listing();
      const res = await t.http().put('/api/v1/inventory/used').query({ dryRun: 'true' }).set('Authorization', dealer.auth)
        .attach('File', Buffer.from(csv([HEADER, ...feedRows().slice(1, 4)])), 'feed.csv').expect(200);
      expect(res.body).toEqual({ num_deletes: FEED.length, num_failed_deletes: 0, num_inserts: 3, num_failed_inserts: 0, delete_errors: [], insert_errors: [] });
      expect(await listing()).toEqual(before);
      const same = await uploadCsv(t, dealer.auth, MESSY_CSV).query({ dryRun: true }).expect(200);
      expect(same.body).toMatchObject({ num_deletes: FEED.length, num_inserts: FEED.length, num_failed_inserts: 2 });
      expect(await listing()).toEqual(before);
    });

    it('refuses an upload with a larger share of refused rows than maxFailedRatio: 422, the result in details, nothing changed', async () => {
      const before = await listing();
      const res = await t.http().put('/api/v1/inventory/used').query({ maxFailedRatio: '0.01' }).set('Authorization', dealer.auth)
        .attach('File', Buffer.from(MESSY_CSV), 'feed.csv').expect(422);
      expect(res.body.message).toContain('maxFailedRatio');
      expect(res.body.details).toMatchObject({ num_deletes: FEED.length, num_inserts: FEED.length, num_failed_inserts: 2 });
      expect(res.body.details.insert_errors.map((e: { error: { code: number } }) => e.error.code)).toEqual([1003, 1002]);
      expect(await listing()).toEqual(before);

      // More than 20 refused rows: details is the whole result (the 20-entry cap applies to lists of field errors).
      const bad = csv([['vin', 'price'], ...Array.from({ length: 25 }, (_, i) => [`BAD${i}`, '1']), [vinOf(0), '1']]);
      const many = await uploadCsv(t, dealer.auth, bad).query({ maxFailedRatio: 0.5 }).expect(422);
      expect(many.body.details.insert_errors).toHaveLength(25);
      await uploadCsv(t, dealer.auth, bad).query({ maxFailedRatio: 0.5, dryRun: true }).expect(422);
      expect(await listing()).toEqual(before);

      // At the ratio (2 of 41 rows is under 0.05) the upload goes through.
      await uploadCsv(t, dealer.auth, MESSY_CSV).query({ maxFailedRatio: 0.05 }).expect(200);
      expect(await allUsedCars(t, dealer.auth)).toHaveLength(FEED.length);
    });

    it.each([
      [{ dryRun: 'yes' }, 'dryRun'], [{ dryRun: '' }, 'dryRun'], [{ maxFailedRatio: '1.5' }, 'maxFailedRatio'],
      [{ maxFailedRatio: '-0.1' }, 'maxFailedRatio'], [{ maxFailedRatio: 'half' }, 'maxFailedRatio'],
    ])('400 for the query %j, nothing changed', async (query, field) => {
      const res = await uploadCsv(t, dealer.auth, csv([HEADER, ...feedRows().slice(1, 2)])).query(query).expect(400);
      expect(res.body.details).toEqual([{ field, errors: expect.any(Array) }]);
      const json = await uploadJson(t, dealer.auth, '[]').query(query).expect(400);
      expect(json.body.details).toEqual([{ field, errors: expect.any(Array) }]);
      expect(await allUsedCars(t, dealer.auth)).toHaveLength(FEED.length);
    });

    it('columnMappings may name the unit of kilometers; an unknown unit is a 400', async () => {
      const canadian = await createDealer(t, { region: 'CA' });
      const text = csv([['Unit', 'Odo', 'Miles'], [vinOf(0), '10,000', '5']]);
      await uploadCsv(t, canadian.auth, text, { columnMappings: 'Unit:vin,Odo:kilometers:mi,Miles:ignore' }).expect(200);
      expect((await allUsedCars(t, canadian.auth))[0]).toMatchObject({ kilometers: 16093 });
      await uploadCsv(t, canadian.auth, text, { columnMappings: '{"Unit":"vin","Odo":"kilometers:km","Miles":"ignore"}' }).expect(200);
      expect((await allUsedCars(t, canadian.auth))[0]).toMatchObject({ kilometers: 10000 });
      // In Canada a Miles column is km.
      await uploadCsv(t, canadian.auth, csv([['VIN', 'Miles'], [vinOf(0), '5']])).expect(200);
      expect((await allUsedCars(t, canadian.auth))[0]).toMatchObject({ kilometers: 5 });
      const bad = await uploadCsv(t, canadian.auth, text, { columnMappings: 'Unit:vin,Odo:kilometers:parsecs' }).expect(400);
      expect(bad.body).toEqual({ message: 'columnMappings is invalid', details: [{ field: 'columnMappings', errors: ['"Odo" maps to "kilometers:parsecs": the unit must be mi or km'] }] });
    });
  });

  describe('new cars: JSON upload and reads', () => {
    const NEW = [
      { VIN: vin(1, '1GT49REY'), Make: 'GMC', Model: 'Sierra 2500HD', Trim: 'AT4', 'Body Style': 'Crew Cab Pickup', 'Exterior Color': 'Onyx Black',
        Mileage: 12, Price: -1, Drivetrain: '4x4', Fuel: 'Diesel', Transmission: 'Allison 10-Speed Automatic', Year: 2025 },
      { VIN: vin(2, '1GT49REY'), Make: 'Ford', Model: 'F-150 Lightning', Trim: 'Lariat', 'Body Style': 'SuperCrew', 'Exterior Color': 'Agate Black',
        Mileage: '5', Price: 'Call For Price', Drivetrain: 'AWD', Fuel: 'Electric', Transmission: 'Automatic', Year: 2025 },
      { VIN: vin(3, '1GT49REY'), Make: 'Toyota', Model: 'Camry', Trim: 'XSE', 'Body Style': '4dr Car', 'Exterior Color': 'Wind Chill Pearl',
        Mileage: 3, Price: 0, Drivetrain: 'FWD', Fuel: 'Hybrid', Transmission: 'CVT', Year: 2025 },
      { VIN: vin(4, '1GT49REY'), Make: 'Toyota', Model: 'Tundra', Trim: 'SR5', 'Body Style': 'CrewMax', 'Exterior Color': 'Lunar Rock',
        Mileage: 8, Price: 52995, Drivetrain: '4WD', Fuel: 'Gas', Transmission: '10-Speed Automatic', Year: 2025 },
    ];

    beforeAll(async () => {
      const res = await uploadJson(t, dealer.auth, JSON.stringify({ cars: NEW })).expect(200);
      expect(res.body).toMatchObject({ num_inserts: 4, num_failed_inserts: 0 });
    });

    it('lists new cars newest first with Skip/Take, as the used list does', async () => {
      const all = (await t.http().get('/api/v1/inventory/new').set('Authorization', dealer.auth).expect(200)).body;
      expect(all).toMatchObject({ total_row_count: 4, row_count: 4 });
      expect(all.rows.map((c: { vin: string }) => c.vin)).toEqual(NEW.map((c) => c.VIN));
      expect(all.rows[0]).toMatchObject({ condition: 'new', type: 'Crew Cab Pickup', color: 'Onyx Black', kilometers: 19, price: null, drive_train: '4x4' });
      expect(all.rows.map((c: { price: number | null }) => c.price)).toEqual([null, null, null, 52995]);
      const page = (await t.http().get('/api/v1/inventory/new').query({ Skip: 1, Take: 2 }).set('Authorization', dealer.auth).expect(200)).body;
      expect(page).toMatchObject({ total_row_count: 4, row_count: 2 });
      expect(page.rows.map((c: { vin: string }) => c.vin)).toEqual([NEW[1].VIN, NEW[2].VIN]);
      await t.http().get('/api/v1/inventory/new').query({ Take: 501 }).set('Authorization', dealer.auth).expect(400);
      await t.http().get('/api/v1/inventory/new').query({ Skip: -1 }).set('Authorization', dealer.auth).expect(400);
    });

    it('reads one new car by VIN (any case); 404 for an unknown VIN and for a used car', async () => {
      const car = (await t.http().get(`/api/v1/inventory/new/${NEW[3].VIN.toLowerCase()}`).set('Authorization', dealer.auth).expect(200)).body;
      expect(car).toMatchObject({ vin: NEW[3].VIN, condition: 'new', type: 'CrewMax', color: 'Lunar Rock', fuel_type: 'Gas', kilometers: 13, price: 52995 });
      const missing = await t.http().get(`/api/v1/inventory/new/${vin(99, '1GT49REY')}`).set('Authorization', dealer.auth).expect(404);
      expect(missing.body).toEqual({ message: `No new car with VIN ${vin(99, '1GT49REY')}`, details: null });
      await t.http().get(`/api/v1/inventory/new/${vinOf(0)}`).set('Authorization', dealer.auth).expect(404);
    });

    it('another dealership sees none of them', async () => {
      const list = (await t.http().get('/api/v1/inventory/new').set('Authorization', other.auth).expect(200)).body;
      expect(list).toMatchObject({ total_row_count: 0, rows: [] });
      await t.http().get(`/api/v1/inventory/new/${NEW[0].VIN}`).set('Authorization', other.auth).expect(404);
      expect((await t.http().post('/api/v1/search').set('Authorization', other.auth).send({ query: 'trucks' }).expect(200)).body.total_row_count).toBe(0);
    });

    it('searches new cars by canonical values: black pickup, and a dry run of the JSON upload changes nothing', async () => {
      const res = await search('black pickup');
      expect(vinsOf(res)).toEqual([...where((c, i) => TRUCKS.includes(vinOf(i)) && /black/i.test(c[5])), NEW[0].VIN, NEW[1].VIN].sort());
      const dry = await uploadJson(t, dealer.auth, JSON.stringify([NEW[0]])).query({ dryRun: 'true' }).expect(200);
      expect(dry.body).toMatchObject({ num_deletes: 4, num_inserts: 1 });
      expect((await t.http().get('/api/v1/inventory/new').set('Authorization', dealer.auth).expect(200)).body.total_row_count).toBe(4);
      const refused = await uploadJson(t, dealer.auth, JSON.stringify([NEW[0], { VIN: 'nope' }])).query({ maxFailedRatio: 0.2 }).expect(422);
      expect(refused.body.details).toMatchObject({ num_deletes: 4, num_inserts: 1, num_failed_inserts: 1 });
      expect((await t.http().get('/api/v1/inventory/new').set('Authorization', dealer.auth).expect(200)).body.total_row_count).toBe(4);
    });
  });
});
