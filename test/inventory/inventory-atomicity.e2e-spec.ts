import { createConnection } from 'mysql2/promise';
import { MYSQL_LOCK_NAME_SQL } from '../../src/modules/inventory/adapters/persistence/inventory-upload.locks';
import { CarInventoryStore } from '../../src/modules/inventory/domain/car-inventory.repository';
import { describeEachBackend } from '../support/backends';
import { eventually } from '../support/eventually';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { allUsedCars, csv, simpleCars, storedCars, uploadCsv, uploadJson, vin } from './inventory-fixtures';

type Store = CarInventoryStore & { writeBatch: (...args: unknown[]) => unknown };

describeEachBackend('Inventory uploads: atomic replace, one at a time, limits', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let store: Store;

  beforeAll(async () => {
    t = await startTestApp(backend);
    dealer = await createDealer(t, { region: 'US' });
    store = t.app.get(CarInventoryStore) as Store;
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  // MySQL streams rows by LOAD DATA LOCAL INFILE when the server allows it, else by multi-row INSERT: both are covered.
  const paths = backend.mysqlUrl ? ['LOAD DATA', 'INSERT'] : ['staged swap'];
  it.each(paths)('a failure part-way through the batches leaves the old inventory exactly as it was (%s)', async (path) => {
    const allowed = backend.mysqlUrl ? jest.spyOn(store as unknown as { loadDataAllowed: () => Promise<boolean> }, 'loadDataAllowed') : null;
    if (path === 'INSERT') allowed!.mockResolvedValue(false);
    await uploadCsv(t, dealer.auth, csv(simpleCars(0, 1500))).expect(200);
    const before = await allUsedCars(t, dealer.auth);
    const storedBefore = await storedCars(t, dealer.dealerId, 'used');
    expect(before).toHaveLength(1500);

    // The real store and database run; the upload fails part-way through writing (after rows were
    // written, some of them over existing VINs). MySQL: the second batch's write rejects. SQLite:
    // the 600th staged row is broken, so the swap (on its worker thread) throws mid-transaction.
    let calls = 0;
    if (backend.mysqlUrl) {
      const original = Object.getPrototypeOf(store).writeBatch as (...args: unknown[]) => unknown;
      jest.spyOn(store, 'writeBatch').mockImplementation(function (this: unknown, ...args: unknown[]) {
        calls++;
        if (calls === 2) return Promise.reject(new Error('injected failure in the second batch'));
        return original.apply(store, args);
      });
    } else {
      const original = Object.getPrototypeOf(store).stagedRow as (...args: unknown[]) => unknown[];
      jest.spyOn(store as unknown as { stagedRow: (...args: unknown[]) => unknown[] }, 'stagedRow').mockImplementation(function (this: unknown, ...args: unknown[]) {
        const row = original.apply(store, args);
        return ++calls === 600 ? row.slice(1) : row; // one parameter short: the upsert throws
      });
    }
    const failed = await uploadCsv(t, dealer.auth, csv(simpleCars(500, 3000, 50000)));
    expect(failed.status).toBe(500);
    expect(calls).toBe(backend.mysqlUrl ? 2 : 3000);
    if (path === 'LOAD DATA') {
      const [{ on }] = await t.dataSource.query('SELECT @@GLOBAL.local_infile AS `on`');
      // The path under test is the one taken whenever the server allows LOAD DATA LOCAL.
      expect(await allowed!.mock.results.at(-1)!.value).toBe(Number(on) === 1);
    }

    expect(await allUsedCars(t, dealer.auth)).toEqual(before);
    expect(await storedCars(t, dealer.dealerId, 'used')).toEqual(storedBefore);
    jest.restoreAllMocks();
    // Nothing stays locked, and the same path then replaces everything.
    const next = await uploadCsv(t, dealer.auth, csv(simpleCars(500, 3000, 50000))).expect(200);
    expect(next.body).toMatchObject({ num_deletes: 1500, num_inserts: 3000 });
    const after = await allUsedCars(t, dealer.auth);
    expect(after).toHaveLength(3000);
    expect(after[0]).toMatchObject({ vin: vin(500), price: 50500 });
  });

  it('413 for too many rows: nothing changes', async () => {
    const small = await startTestApp(backend, { UPLOAD_MAX_ROWS: '5', UPLOAD_LIMIT_BYTES: '4096' });
    try {
      const d = await createDealer(small, { region: 'US' });
      await uploadCsv(small, d.auth, csv(simpleCars(0, 5))).expect(200);
      const tooMany = await uploadCsv(small, d.auth, csv(simpleCars(10, 6))).expect(413);
      expect(tooMany.body).toEqual({ message: 'The file has more than 5 rows', details: { limit_rows: 5 } });
      const json = await uploadJson(small, d.auth, JSON.stringify(Array.from({ length: 6 }, (_, i) => ({ vin: vin(i) })))).expect(413);
      expect(json.body.details).toEqual({ limit_rows: 5 });
      const big = await uploadCsv(small, d.auth, csv(simpleCars(0, 5)) + `${vin(99)},${'x'.repeat(5000)}\n`).expect(413);
      expect(big.body).toEqual({ message: expect.any(String), details: null });
      expect((await allUsedCars(small, d.auth)).map((c) => c.vin)).toEqual([0, 1, 2, 3, 4].map((i) => vin(i)));
    } finally {
      await small.close();
    }
  });

  it('409 for a second upload (and a delete-all) while one runs for the dealership; other dealerships go ahead', async () => {
    const neighbour = await createDealer(t, { region: 'US' });
    await uploadCsv(t, dealer.auth, csv(simpleCars(0, 3))).expect(200);
    let reached!: () => void;
    const atGate = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const replace = store.replace.bind(store);
    jest.spyOn(store, 'replace').mockImplementationOnce(async (...args: Parameters<CarInventoryStore['replace']>) => {
      reached();
      await gate; // the first upload holds the dealership here
      return replace(...args);
    });

    const first = uploadCsv(t, dealer.auth, csv(simpleCars(10, 4))).then((res) => res);
    await atGate;
    const second = await uploadCsv(t, dealer.auth, csv(simpleCars(20, 1))).expect(409);
    expect(second.body).toEqual({ message: expect.stringContaining('already running'), details: null });
    await uploadJson(t, dealer.auth, '[]').expect(409);
    await t.http().delete('/api/v1/inventory/new').set('Authorization', dealer.auth).expect(409);
    await uploadCsv(t, neighbour.auth, csv(simpleCars(30, 1))).expect(200);
    open();
    expect((await first).status).toBe(200);
    expect((await allUsedCars(t, dealer.auth)).map((c) => c.vin)).toEqual([10, 11, 12, 13].map((i) => vin(i)));
    await uploadCsv(t, dealer.auth, csv(simpleCars(20, 1))).expect(200);
  });

  if (backend.mysqlUrl) {
    it('the MySQL lock holds across processes (any connection) and dies with its holder', async () => {
      const holder = await createConnection({ uri: t.env.DATABASE_URL });
      try {
        const [[{ got }]] = await holder.query(`SELECT GET_LOCK(${MYSQL_LOCK_NAME_SQL}, 0) AS got`, [dealer.dealerId]) as unknown as [[{ got: number }]];
        expect(got).toBe(1);
        await uploadCsv(t, dealer.auth, csv(simpleCars(0, 1))).expect(409);
      } finally {
        holder.destroy(); // a crash: the connection goes away without releasing
      }
      // The server frees the lock when it notices the connection is gone.
      const status = await eventually(async () => {
        const { status: s } = await uploadCsv(t, dealer.auth, csv(simpleCars(0, 1)));
        return s === 409 ? undefined : s;
      }, 'the lock of the vanished connection to be freed', { intervalMs: 100 });
      expect(status).toBe(200);
    });
  }
});
