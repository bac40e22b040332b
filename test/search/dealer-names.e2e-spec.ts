import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WireFilterNode } from '../../libs/common/vehicle/filter-expression';
import { LoadSeedCatalogUseCase } from '../../src/modules/catalog';
import { csv, readCsv, uploadCsv, vin } from '../inventory/inventory-fixtures';
import { describeEachBackend } from '../support/backends';
import { valuesOf } from '../support/search/filter-dsl';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';

/**
 * A dealership's own model and trim names (search-vocabulary.md, "Real feeds and real shoppers"):
 * a messy feed (test/fixtures/messy-dealer-feed.csv) spells one model several ways and writes trims
 * with slashes and codes. Each car's model family is resolved at upload and stored; a model word
 * finds its family's cars, a trim word the cars whose trim has that word.
 */
const FIXTURES = join(__dirname, '..', 'fixtures');
const FEED = readFileSync(join(FIXTURES, 'messy-dealer-feed.csv'), 'utf8');
const ROWS = readCsv(FEED);
/** Hand labels: a shopper's model words -> the feed's model texts they cover. */
const FAMILIES = (JSON.parse(readFileSync(join(FIXTURES, 'messy-dealer-feed.families.json'), 'utf8')) as { families: Record<string, string[]> }).families;

const vinsWhere = (keep: (row: Record<string, string>) => boolean) => ROWS.filter(keep).map((r) => r.VIN).sort();

/** Another dealership with names of its own: they must never enter the first one's translations. */
const OTHER_HEADER = ['Stock #', 'VIN', 'Year', 'Make', 'Model', 'Trim', 'Mileage', 'Price'];
const OTHER_FEED = csv([
  OTHER_HEADER,
  ['O1', vin(1, '3GTU9DED'), 2017, 'GMC', 'Sierra 3500HD Denali', 'Denali', '80,000', '$45,000'],
  ['O2', vin(2, '3GTU9DED'), 2018, 'Ford', 'F-350 King Ranch', 'King Ranch', '70,000', '$52,000'],
  ['O3', vin(3, '3GTU9DED'), 2019, 'Ram', '1500', 'Longhorn Special', '40,000', '$39,000'],
]);

describeEachBackend("Dealers' own model and trim names: families stored at upload, trims matched by word", (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let other: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    await t.app.get(LoadSeedCatalogUseCase).execute();
    dealer = await createDealer(t, { region: 'US' });
    other = await createDealer(t, { region: 'US' });
    const uploaded = await uploadCsv(t, dealer.auth, FEED).expect(200);
    expect(uploaded.body.num_failed_inserts).toBe(0);
    await uploadCsv(t, other.auth, OTHER_FEED).expect(200);
  });
  afterAll(() => t.close());

  const search = async (who: DealerFixture, query: string): Promise<string[]> => {
    const res = await t.http().post('/api/v1/search').set('Authorization', who.auth).send({ query, take: 100 }).expect(200);
    expect(res.body.total_row_count).toBe(res.body.rows.length);
    return res.body.rows.map((r: { vin: string }) => r.vin).sort();
  };
  const translate = async (who: DealerFixture, query: string) =>
    (await t.http().post('/api/v1/search/translate').set('Authorization', who.auth).send({ query }).expect(200)).body as WireFilterNode;

  describe('model families', () => {
    // "super duty" names a line of the catalog's model names, not a family of the feed's: not covered here
    const labelled = Object.entries(FAMILIES).filter(([query]) => query !== 'super duty');

    it.each(labelled)('%j finds exactly the cars of its family', async (query, models) => {
      expect(await search(dealer, query)).toEqual(vinsWhere((r) => models.includes(r.Model)));
    });

    it('names the models a filter covers, the raw text of each', async () => {
      expect(valuesOf(await translate(dealer, 'f350'), 'model').sort()).toEqual(['F-350SD', 'Super Duty F-350 DRW', 'Super Duty F-350 SRW']);
      expect(valuesOf(await translate(dealer, 'silverado 1500'), 'model').sort()).toEqual(['Silverado 1500', 'Silverado 1500 LTD']);
      expect(valuesOf(await translate(dealer, 'sierra 2500'), 'model').sort()).toEqual(['2500HD Sierra', 'Sierra 2500HD']);
    });

    it('stores the family beside the raw model text and shows it on a car', async () => {
      const row = ROWS.find((r) => r.Model === 'Super Duty F-350 DRW')!;
      const car = (await t.http().get(`/api/v1/inventory/used/${row.VIN}`).set('Authorization', dealer.auth).expect(200)).body;
      expect(car).toMatchObject({ model: 'Super Duty F-350 DRW', model_family: 'F-350' });
      const sierra = ROWS.find((r) => r.Model === '2500HD Sierra')!;
      expect((await t.http().get(`/api/v1/inventory/used/${sierra.VIN}`).set('Authorization', dealer.auth).expect(200)).body.model_family).toBe('Sierra 2500HD');
    });
  });

  describe('trims by word', () => {
    it.each([
      ['longhorn', ['Longhorn', 'Laramie/Longhorn', 'Limited Longhorn']],
      ['lt1', ['LT LT1']],
      ['xl', ['XL']],
      ['sr', ['SR']],
      ['limited', ['Limited', 'Limited 4WD', 'Limited Longhorn']],
    ])('%j alone finds the cars whose trim has that word (not XLT for "xl", not SR5 for "sr")', async (query, trims) => {
      expect(await search(dealer, query)).toEqual(vinsWhere((r) => trims.includes(r.Trim)));
    });

    it('keeps a trim after a model with 2WD/4WD variants', async () => {
      const runners = ['4Runner 2WD', '4Runner 4WD'];
      expect(await search(dealer, '4runner limited')).toEqual(vinsWhere((r) => runners.includes(r.Model) && ['Limited', 'Limited 4WD', 'Limited Longhorn'].includes(r.Trim)));
      expect(await search(dealer, 'tacoma sr')).toEqual(vinsWhere((r) => ['Tacoma 2WD', 'Tacoma 4WD'].includes(r.Model) && r.Trim === 'SR'));
      expect(await search(dealer, 'silverado lt1')).toEqual(vinsWhere((r) => r.Model.startsWith('Silverado') && r.Trim === 'LT LT1'));
    });
  });

  it("resolves names against this dealership's stock only", async () => {
    expect(valuesOf(await translate(dealer, 'sierra'), 'model').sort()).toEqual(['2500HD Sierra', 'Sierra 1500', 'Sierra 2500HD']);
    expect(valuesOf(await translate(other, 'sierra'), 'model')).toEqual(['Sierra 3500HD Denali']);
    expect(valuesOf(await translate(other, 'f350'), 'model')).toEqual(['F-350 King Ranch']);
    expect(valuesOf(await translate(dealer, 'longhorn'), 'trim')).not.toContain('Longhorn Special');
    expect(await search(other, 'sierra')).toEqual([vin(1, '3GTU9DED')]);
  });
});
