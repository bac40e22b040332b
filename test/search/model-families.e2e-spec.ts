import { LoadSeedCatalogUseCase } from '../../src/modules/catalog';
import { WireFilterNode } from '../../libs/common/vehicle/filter-expression';
import { csv, uploadCsv, vin } from '../inventory/inventory-fixtures';
import { describeEachBackend } from '../support/backends';
import { valuesOf } from '../support/search/filter-dsl';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';

/**
 * Model families (search-vocabulary.md, "Real feeds and real shoppers"): a model word finds every
 * model of that family the dealership stocks, whatever its feed calls it, resolved against the
 * catalog and the dealership's own stock names together; another dealership's names never enter.
 */
const HEADER = ['Stock #', 'VIN', 'Year', 'Make', 'Model', 'Trim', 'Body Style', 'Exterior Color', 'Mileage', 'Price', 'Drivetrain'];
type FeedCar = [year: number, make: string, model: string, trim: string, body: string, color: string, miles: string, price: string, drive: string];
const FEED: FeedCar[] = [
  [2022, 'GMC', 'Sierra 1500 Limited', 'SLT', 'Crew Cab Pickup', 'Summit White', '21,400', '$41,900', '4x4'],
  [2020, 'GMC', 'Sierra 2500HD', 'Denali', 'Crew Cab Pickup', 'Onyx Black', '48,100', '$57,250', '4WD'],
  [2019, 'Ford', 'F-350SD', 'Lariat', 'Crew Cab Pickup', 'Oxford White', '66,300', '$49,800', '4x4'],
  [2021, 'Ford', 'F-350 Super Duty', 'XL', 'Regular Cab', 'Race Red', '30,050', '$44,100', '4x2'],
  [2016, 'Ford', 'F-3500', '', 'Cab Chassis', 'Oxford White', '120,000', '$22,000', '4x2'],
  [2021, 'Chevrolet', 'Silverado 1500 LT Trail Boss', 'LT', 'Crew Cab Pickup', 'Black', '35,700', '$45,995', '4x4'],
  [2019, 'Chevrolet', 'Silverado 2500HD', 'LTZ', 'Crew Cab Pickup', 'Silver Ice Metallic', '58,900', '$47,500', '4WD'],
  [2018, 'Ram', '1500', 'Big Horn', 'Quad Cab Pickup', 'Bright White Clearcoat', '72,118', '$27,450', '4x4'],
  [2020, 'Ram', '2500', 'Tradesman', 'Crew Cab Pickup', 'Granite Crystal Metallic', '55,000', '$39,900', '4x4'],
  [2021, 'Ford', 'F-150', 'XLT', 'SuperCrew', 'Carbonized Gray', '18,005', '$38,000', '4x4'],
  [2022, 'Ford', 'F-150 Lightning', 'Lariat', 'SuperCrew', 'Antimatter Blue', '9,000', '$61,000', 'AWD'],
  [2019, 'Toyota', 'Camry', 'SE', '4dr Sedan', 'Celestial Silver Metallic', '48,750', '$21,450', 'FWD'],
];
/** Another dealership's names: they must never enter this dealership's translations. */
const OTHER_FEED: FeedCar[] = [
  [2017, 'GMC', 'Sierra 3500HD Denali', 'Denali', 'Crew Cab Pickup', 'White Frost', '80,000', '$45,000', '4x4'],
  [2018, 'Ford', 'F-350 King Ranch', 'King Ranch', 'Crew Cab Pickup', 'Magnetic', '70,000', '$52,000', '4x4'],
];

const rows = (feed: FeedCar[], prefix: string) =>
  csv([HEADER, ...feed.map(([year, make, model, trim, body, color, miles, price, drive], i) =>
    [`${prefix}${100 + i}`, vin(i, prefix === 'M' ? '1GT49REY' : '3GTU9DED'), year, make, model, trim, body, color, miles, price, drive])]);
const vinOf = (model: string) => vin(FEED.findIndex((c) => c[2] === model), '1GT49REY');
const vinsOf = (...models: string[]) => models.map(vinOf).sort();

describeEachBackend('Model families: a model word finds every model of its family the dealership stocks', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let other: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.get(LoadSeedCatalogUseCase).execute();
    dealer = await createDealer(t, { region: 'US' });
    other = await createDealer(t, { region: 'US' });
    await uploadCsv(t, dealer.auth, rows(FEED, 'M')).expect(200);
    await uploadCsv(t, other.auth, rows(OTHER_FEED, 'O')).expect(200);
  });
  afterAll(() => t.close());

  const search = (who: DealerFixture, query: string) => t.http().post('/api/v1/search').set('Authorization', who.auth).send({ query, take: 100 }).expect(200);
  const translate = async (who: DealerFixture, query: string) =>
    (await t.http().post('/api/v1/search/translate').set('Authorization', who.auth).send({ query }).expect(200)).body as WireFilterNode;

  it.each([
    ['sierra', vinsOf('Sierra 1500 Limited', 'Sierra 2500HD')],
    ['gmc sierras', vinsOf('Sierra 1500 Limited', 'Sierra 2500HD')],
    ['sierra 1500', vinsOf('Sierra 1500 Limited')],
    ['sierra 2500hd', vinsOf('Sierra 2500HD')],
    ['f350', vinsOf('F-350SD', 'F-350 Super Duty')],
    ['F-350', vinsOf('F-350SD', 'F-350 Super Duty')],
    ['F-350 super duty', vinsOf('F-350SD', 'F-350 Super Duty')],
    ['f-3500', vinsOf('F-3500')],
    ['silverado trucks', vinsOf('Silverado 1500 LT Trail Boss', 'Silverado 2500HD')],
    ['silverado 1500', vinsOf('Silverado 1500 LT Trail Boss')],
    ['ram1500', vinsOf('1500')],
    ['ram 1500 crew cab 4x4', vinsOf('1500')],
    ['f150', vinsOf('F-150')],
    ['f-150 lightning', vinsOf('F-150 Lightning')],
    ['toyotacamry', vinsOf('Camry')],
  ])('%j finds exactly its family', async (query, expected) => {
    const res = await search(dealer, query);
    expect(res.body.rows.map((r: { vin: string }) => r.vin).sort()).toEqual(expected);
    expect(res.body.total_row_count).toBe(expected.length);
  });

  it("resolves model words against this dealership's names only", async () => {
    expect(valuesOf(await translate(dealer, 'sierra'), 'model').sort()).toEqual(['Sierra 1500 Limited', 'Sierra 2500HD']);
    expect(valuesOf(await translate(dealer, 'f350'), 'model').sort()).toEqual(['F-350 Super Duty', 'F-350SD']);
    expect(valuesOf(await translate(other, 'sierra'), 'model')).toEqual(['Sierra 3500HD Denali']);
    expect(valuesOf(await translate(other, 'f350'), 'model')).toEqual(['F-350 King Ranch']);
    expect((await search(other, 'sierra')).body.total_row_count).toBe(1);
  });

  it("falls back to the catalog's model when the dealership stocks none of the family", async () => {
    expect(valuesOf(await translate(dealer, 'tacoma'), 'model')).toEqual(['Tacoma']);
    expect((await search(dealer, 'tacoma')).body.total_row_count).toBe(0);
  });
});
