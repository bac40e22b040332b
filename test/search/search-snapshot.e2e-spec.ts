import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createHttpApp } from '../../src/app.factory';
import { SnapshotCarSearch } from '../../src/modules/inventory/adapters/persistence/snapshot-car-search';
import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';

const HEADER = 'vin,stock_number,year,manufacturer,model,trim,type,condition,price,kilometers,color';
const TOYOTA = '2T1BURHE8JC123456,T1,2019,Toyota,Corolla,LE,Sedan,used,18000,60000,White';
const HONDA = '1HGCM82633A004352,H1,2021,Honda,Accord,EX,Sedan,used,25000,30000,Red';
/** Colours name the cars in searches (the translator knows them whatever the stock). */
const csv = (...rows: string[]) => Buffer.from([HEADER, ...rows].join('\n'));

/**
 * Searches answer from the in-process snapshot, yet never from an inventory other than the
 * committed one: an upload through this app is seen by the next search, one through another app
 * on the same database too (the inventory version check), and a dealership's snapshot never
 * answers another's search.
 */
describeEachBackend('Search snapshot freshness and isolation', (backend) => {
  let t: TestApp;
  let other: NestExpressApplication;
  let a: DealerFixture;
  let b: DealerFixture;
  let snapshots: SnapshotCarSearch;

  beforeAll(async () => {
    t = await startTestApp(backend);
    // A second API instance on the same database (its own snapshots, its own connections).
    other = await createHttpApp(t.config);
    await other.init();
    snapshots = t.app.get(SnapshotCarSearch);
    a = await createDealer(t, { region: 'US' });
    b = await createDealer(t, { region: 'US' });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const upload = (server: ReturnType<typeof request>, who: DealerFixture, body: Buffer) =>
    server.put('/api/v1/inventory/used').set('Authorization', who.auth).attach('File', body, 'cars.csv').expect(200);
  const search = async (who: DealerFixture, query: string) => {
    const res = await t.http().post('/api/v1/search').set('Authorization', who.auth).send({ query }).expect(200);
    return { total: res.body.total_row_count as number, vins: (res.body.rows as { vin: string }[]).map((c) => c.vin) };
  };

  it('sees an upload through this app at once', async () => {
    await upload(t.http(), a, csv(TOYOTA));
    expect((await snapshots.current(a.dealerId))?.size).toBe(1);
    expect(await search(a, 'white')).toEqual({ total: 1, vins: ['2T1BURHE8JC123456'] });

    await upload(t.http(), a, csv(HONDA));
    expect(await search(a, 'white')).toEqual({ total: 0, vins: [] });
    expect(await search(a, 'red')).toEqual({ total: 1, vins: ['1HGCM82633A004352'] });
    // Rebuilt at the new inventory, and answering from it.
    expect((await snapshots.current(a.dealerId))?.size).toBe(1);
    expect(await search(a, 'red sedan under 30k')).toEqual({ total: 1, vins: ['1HGCM82633A004352'] });
  });

  it('sees an upload through another app on the same database on the next search', async () => {
    await upload(t.http(), a, csv(TOYOTA, HONDA));
    const before = await snapshots.current(a.dealerId);
    expect(before?.size).toBe(2);
    expect(await search(a, 'cars')).toMatchObject({ total: 2 });

    await upload(request(other.getHttpServer()), a, csv(HONDA));
    // This app heard nothing of it: its snapshot is stale until the version check.
    expect(await search(a, 'white')).toEqual({ total: 0, vins: [] });
    expect(await search(a, 'cars')).toEqual({ total: 1, vins: ['1HGCM82633A004352'] });
    const after = await snapshots.current(a.dealerId);
    expect(after).not.toBe(before);
    expect(after?.size).toBe(1);

    // And an emptied inventory (another app again).
    await request(other.getHttpServer()).put('/api/v1/inventory/used').set('Authorization', a.auth)
      .attach('File', csv(), 'cars.csv');
    const emptied = await search(a, 'red');
    if (emptied.total === 0) expect((await snapshots.current(a.dealerId))?.size).toBe(0);
    else expect(emptied).toEqual({ total: 1, vins: ['1HGCM82633A004352'] }); // an empty file may be refused, leaving the inventory
  });

  it('never answers a dealership from another one\'s snapshot', async () => {
    // The same VIN at both, as different cars.
    await upload(t.http(), a, csv(TOYOTA, HONDA));
    await upload(t.http(), b, csv(TOYOTA.replace('Toyota,Corolla', 'Mazda,CX-5').replace('White', 'Blue')));
    expect((await snapshots.current(a.dealerId))?.size).toBe(2);
    expect((await snapshots.current(b.dealerId))?.size).toBe(1);
    expect(await search(a, 'blue')).toEqual({ total: 0, vins: [] });
    expect(await search(b, 'white')).toEqual({ total: 0, vins: [] });
    expect(await search(b, 'red')).toEqual({ total: 0, vins: [] });
    expect(await search(b, 'blue')).toEqual({ total: 1, vins: ['2T1BURHE8JC123456'] });
    expect(await search(a, 'cars')).toMatchObject({ total: 2 });
    const res = await t.http().post('/api/v1/search').set('Authorization', b.auth).send({ query: 'cars' }).expect(200);
    expect(res.body.rows.map((c: { manufacturer: string }) => c.manufacturer)).toEqual(['Mazda']);
  });
});

describeEachBackend('Search snapshot memory bound (SEARCH_SNAPSHOT_MAX_CARS)', (backend) => {
  it('drops the least recently searched dealership first to stay within the bound; 0 turns snapshots off', async () => {
    const t = await startTestApp(backend, { SEARCH_SNAPSHOT_MAX_CARS: '2' });
    const off = await startTestApp(backend, { SEARCH_SNAPSHOT_MAX_CARS: '0' });
    try {
      const snapshots = t.app.get(SnapshotCarSearch);
      const [a, b, c] = [await createDealer(t, { region: 'US' }), await createDealer(t, { region: 'US' }), await createDealer(t, { region: 'US' })];
      const put = (who: DealerFixture, body: Buffer) => t.http().put('/api/v1/inventory/used').set('Authorization', who.auth).attach('File', body, 'cars.csv').expect(200);
      await put(a, csv(TOYOTA));
      await put(b, csv(HONDA));
      await put(c, csv(TOYOTA, HONDA));
      const first = await snapshots.current(a.dealerId);
      expect(await snapshots.current(b.dealerId)).not.toBeNull();
      expect(await snapshots.current(a.dealerId)).toBe(first); // both fit
      expect(await snapshots.current(c.dealerId)).not.toBeNull(); // 2 cars: a and b make room
      expect(await snapshots.current(a.dealerId)).not.toBe(first); // a was dropped, rebuilt now
      const res = await t.http().post('/api/v1/search').set('Authorization', c.auth).send({ query: 'white' }).expect(200);
      expect(res.body.total_row_count).toBe(1);

      const d = await createDealer(off, { region: 'US' });
      await off.http().put('/api/v1/inventory/used').set('Authorization', d.auth).attach('File', csv(TOYOTA), 'cars.csv').expect(200);
      expect(await off.app.get(SnapshotCarSearch).current(d.dealerId)).toBeNull();
      const found = await off.http().post('/api/v1/search').set('Authorization', d.auth).send({ query: 'white' }).expect(200);
      expect(found.body.rows.map((r: { vin: string }) => r.vin)).toEqual(['2T1BURHE8JC123456']);
    } finally {
      await off.close();
      await t.close();
    }
  });
});
