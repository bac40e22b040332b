import { SnapshotCarSearch } from '../../src/modules/inventory/adapters/persistence/snapshot-car-search';
import { LoadSeedCatalogUseCase } from '../../src/modules/catalog';
import { csv, uploadCsv, vin } from '../inventory/inventory-fixtures';
import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';

/**
 * Suggestions (decisions.md section 4): a search that finds nothing answers the nearest cars, those
 * missing the fewest conditions, then the least important ones (colour before the model, the model
 * before price), then in the search's order; a price bound is missed by at most 15%.
 */
const HEADER = ['Stock #', 'VIN', 'Year', 'Make', 'Model', 'Trim', 'Body Style', 'Exterior Color', 'Mileage', 'Price'];
type FeedCar = [year: number, make: string, model: string, trim: string, body: string, color: string, miles: string, price: string];
const FEED: FeedCar[] = [
  [2021, 'Toyota', 'Camry', 'SE', 'Sedan', 'Blue', '20,000', '$28,000'], // 0: misses the colour
  [2020, 'Toyota', 'Corolla', 'LE', 'Sedan', 'Red', '30,000', '$25,000'], // 1: misses the model
  [2022, 'Toyota', 'Camry', 'XSE', 'Sedan', 'Red', '10,000', '$33,000'], // 2: 10% over the price
  [2023, 'Toyota', 'Camry', 'XLE', 'Sedan', 'Red', '5,000', '$42,000'], // 3: 40% over: never suggested
  [2019, 'Honda', 'Civic', 'EX', 'Sedan', 'Red', '40,000', '$20,000'], // 4: misses manufacturer and model
  [2018, 'Toyota', 'Camry', 'LE', 'Sedan', 'White', '60,000', '$26,000'], // 5: misses the colour, older than 0
  [2017, 'Ford', 'Focus', 'SE', 'Sedan', 'Red', '70,000', '$15,000'], // 6: as 4, older: the sixth
];
/** Another dealership's red Camry under 30k: it must never be suggested. */
const OTHER_FEED: FeedCar[] = [[2024, 'Toyota', 'Camry', 'SE', 'Sedan', 'Red', '1,000', '$29,000']];

const rows = (feed: FeedCar[], prefix: string) =>
  csv([HEADER, ...feed.map(([year, make, model, trim, body, color, miles, price], i) => [`${prefix}${100 + i}`, vinOf(i, prefix), year, make, model, trim, body, color, miles, price])]);
const vinOf = (i: number, prefix = 'S') => vin(i, prefix === 'S' ? '4T1B11HK' : '4T1G11AK');

describeEachBackend('Search suggestions: the nearest cars when nothing matches', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let other: DealerFixture;
  let empty: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.get(LoadSeedCatalogUseCase).execute();
    [dealer, other, empty] = [await createDealer(t, { region: 'US' }), await createDealer(t, { region: 'US' }), await createDealer(t, { region: 'US' })];
    await uploadCsv(t, dealer.auth, rows(FEED, 'S')).expect(200);
    await uploadCsv(t, other.auth, rows(OTHER_FEED, 'O')).expect(200);
  });
  afterAll(() => t.close());

  const search = async (who: DealerFixture, query: string) =>
    (await t.http().post('/api/v1/search').set('Authorization', who.auth).send({ query }).expect(200)).body;
  const relaxed = (s: { relaxed: { attribute: string }[] }) => s.relaxed.map((r) => r.attribute);

  // Twice: the first search after the upload runs in SQL (the snapshot builds meanwhile), then from the snapshot.
  it.each(['SQL', 'the snapshot'])('answers the nearest cars, fewest and least important misses first (from %s)', async (path) => {
    if (path === 'the snapshot') expect(await t.app.get(SnapshotCarSearch).current(dealer.dealerId)).not.toBeNull();
    const body = await search(dealer, 'red Toyota Camry under 30k');
    expect(body).toMatchObject({ total_row_count: 0, row_count: 0, rows: [] });
    expect(body.suggestions.map((s: { vin: string }) => s.vin)).toEqual([0, 5, 1, 2, 4].map((i) => vinOf(i)));
    expect(body.suggestions.map(relaxed)).toEqual([['color'], ['color'], ['model'], ['price'], ['manufacturer', 'model']]);
    expect(body.suggestions[0]).toMatchObject({
      vin: vinOf(0), manufacturer: 'Toyota', model: 'Camry', color: 'Blue', price: 28000,
      relaxed: [{ attribute: 'color', comparator: 'eq', wanted: 'Red', actual: 'Blue' }],
    });
    expect(body.suggestions[3].relaxed).toEqual([{ attribute: 'price', comparator: 'lt', wanted: 30000, actual: 33000 }]);
    expect(body.unused_terms).toEqual([]);
  });

  it('relaxes a price bound by at most 15%', async () => {
    // The $42,000 Camry is 40% over: only the $33,000 one is near.
    const body = await search(dealer, 'red Toyota Camry XLE under 30k');
    expect(body.total_row_count).toBe(0);
    expect(body.suggestions.map((s: { vin: string }) => s.vin)).not.toContain(vinOf(3));
    const near = await search(dealer, 'Camry under 37k');
    expect(near.total_row_count).toBe(3);
    expect(near.suggestions).toEqual([]);
    const cheap = await search(dealer, 'red Camry under 20k');
    expect(cheap.total_row_count).toBe(0);
    // The Focus misses the model; the $20,000 Civic the model and (within 15%) the price; the $25,000 Corolla is too far.
    expect(cheap.suggestions.map((s: { vin: string }) => s.vin)).toEqual([6, 4].map((i) => vinOf(i)));
  });

  it('answers suggestions [] when a car matched', async () => {
    const body = await search(dealer, 'red Toyota Camry');
    expect(body.total_row_count).toBe(2);
    expect(body.suggestions).toEqual([]);
    expect(body.unused_terms).toEqual([]);
  });

  it('answers no suggestions from an empty inventory', async () => {
    const body = await search(empty, 'red Toyota Camry under 30k');
    expect(body).toMatchObject({ total_row_count: 0, suggestions: [], unused_terms: [] });
  });

  it("never suggests another dealership's cars", async () => {
    const body = await search(dealer, 'red Toyota Camry under 30k');
    const theirs = vinOf(0, 'O');
    expect(body.suggestions.map((s: { vin: string }) => s.vin)).not.toContain(theirs);
    // And theirs matches for them, with nothing to suggest.
    expect(await search(other, 'red Toyota Camry under 30k')).toMatchObject({ total_row_count: 1, suggestions: [] });
  });
});
