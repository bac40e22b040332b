import { csv, uploadCsv, vin } from '../inventory/inventory-fixtures';
import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';

/**
 * What a car does, said in words (docs/search.md): fuel economy from the mpg columns a feed
 * maps at upload, towing from the options that say so, age against the clock; where the stock has
 * no value for the attribute, the words are not applied and come back in `unused_terms`.
 */
const HEADER = ['Stock #', 'VIN', 'Year', 'Make', 'Model', 'Body Style', 'Price', 'City MPG', 'Highway MPG', 'Options'];
const THIS_YEAR = new Date().getUTCFullYear();
type Row = [year: number, make: string, model: string, body: string, price: string, city: string, highway: string, options: string];
const FEED: Row[] = [
  [THIS_YEAR - 1, 'Toyota', 'Prius', '4dr Hatchback', '$29,900', '57', '56', 'Backup Camera'],
  [THIS_YEAR - 2, 'Honda', 'Civic', '4dr Sedan', '$24,500', '31', '40', 'Apple CarPlay'],
  [THIS_YEAR - 9, 'Ford', 'F-150', 'SuperCrew', '$21,000', '17', '24', 'Trailer Tow Package, Bed Liner'],
  [THIS_YEAR - 3, 'Ram', '2500', 'Crew Cab Pickup', '$48,000', '', '', 'Tow Hitch'],
  [THIS_YEAR - 12, 'Chevrolet', 'Tahoe', '4dr SUV', '$14,000', '14', '20', 'Third Row'],
];
/** The same cars from a feed without mpg columns. */
const NO_MPG_HEADER = ['Stock #', 'VIN', 'Year', 'Make', 'Model', 'Body Style', 'Price', 'Options'];

const rows = (prefix: string, withMpg: boolean) =>
  csv([
    withMpg ? HEADER : NO_MPG_HEADER,
    ...FEED.map(([year, make, model, body, price, city, highway, options], i) => {
      const id = [`${prefix}${100 + i}`, vin(i, '2T3W1RFV'), year, make, model, body, price];
      return withMpg ? [...id, city, highway, options] : [...id, options];
    }),
  ]);
const vinOf = (model: string) => vin(FEED.findIndex((c) => c[2] === model), '2T3W1RFV');

describeEachBackend('What a car does, said in words', (backend) => {
  let t: TestApp;
  let measured: DealerFixture;
  let unmeasured: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    measured = await createDealer(t, { region: 'US' });
    unmeasured = await createDealer(t, { region: 'US' });
    await uploadCsv(t, measured.auth, rows('M', true)).expect(200);
    await uploadCsv(t, unmeasured.auth, rows('U', false)).expect(200);
  });
  afterAll(() => t.close());

  const search = async (who: DealerFixture, query: string) =>
    (await t.http().post('/api/v1/search').set('Authorization', who.auth).send({ query, take: 100 }).expect(200)).body as {
      rows: { vin: string }[];
      total_row_count: number;
      unused_terms: string[];
    };
  const vins = (body: { rows: { vin: string }[] }) => body.rows.map((r) => r.vin).sort();

  it('reads fuel economy from the mpg the feed mapped at upload, never as a fuel type', async () => {
    for (const query of ['something good on gas', 'fuel efficient', 'cheap on gas', 'at least 30 mpg']) {
      const body = await search(measured, query);
      expect([query, vins(body)]).toEqual([query, [vinOf('Prius'), vinOf('Civic')].sort()]);
      expect(body.unused_terms).toEqual([]);
    }
    expect(vins(await search(measured, '50 mpg in the city'))).toEqual([vinOf('Prius')]);
  });

  it('reads towing from the options that say so', async () => {
    expect(vins(await search(measured, 'a truck that can tow'))).toEqual([vinOf('F-150'), vinOf('2500')].sort());
  });

  it('reads age in words against this year', async () => {
    expect(vins(await search(measured, 'something newer'))).toEqual([vinOf('Prius'), vinOf('Civic'), vinOf('2500')].sort());
    expect(vins(await search(measured, 'not too old, under 25k'))).toEqual([vinOf('Civic')]);
  });

  it('does not apply what the stock cannot answer, and says which words it did not use', async () => {
    const body = await search(unmeasured, 'toyota good on gas');
    expect(body.total_row_count).toBe(1);
    expect(body.unused_terms).toEqual(['good', 'on', 'gas']);
    expect((await search(unmeasured, 'a reliable car for camping, please')).unused_terms).toEqual(['reliable', 'camping']);
  });

  it('answers what a dealership stocks from its own cars only', async () => {
    // the other dealership's mpg figures do not make this one's answerable
    expect((await search(unmeasured, 'fuel efficient')).unused_terms).toEqual(['fuel', 'efficient']);
    expect((await search(measured, 'fuel efficient')).unused_terms).toEqual([]);
  });
});
