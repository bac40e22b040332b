import { DataSource } from 'typeorm';
import { inSqliteWriteTurn } from './sqlite-write-queue';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe(inSqliteWriteTurn.name, () => {
  let ds: DataSource;
  beforeEach(async () => {
    ds = new DataSource({ type: 'better-sqlite3', database: ':memory:' });
    await ds.initialize();
    await ds.query('CREATE TABLE t (name varchar(20) NOT NULL)');
  });
  afterEach(() => ds.destroy());

  const names = async () => ((await ds.query('SELECT name FROM t ORDER BY name')) as { name: string }[]).map((r) => r.name);

  /** A transaction that writes, waits (as real work does between statements), then fails. */
  const failing = () => ds.transaction(async (em) => {
    await em.query("INSERT INTO t VALUES ('doomed')");
    await tick();
    await tick();
    throw new Error('rolled back');
  });

  it("keeps another request's transaction out of one that rolls back", async () => {
    const results = await Promise.allSettled([
      inSqliteWriteTurn(ds, failing),
      inSqliteWriteTurn(ds, () => ds.transaction(async (em) => {
        await tick();
        await em.query("INSERT INTO t VALUES ('kept')");
      })),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(await names()).toEqual(['kept']);
  });

  it('keeps a plain write out of an open transaction that rolls back', async () => {
    const doomed = inSqliteWriteTurn(ds, failing);
    await tick();
    await inSqliteWriteTurn(ds, () => ds.query("INSERT INTO t VALUES ('audit')"));
    await expect(doomed).rejects.toThrow('rolled back');
    expect(await names()).toEqual(['audit']);
  });

  it('runs nested work in the same turn instead of waiting for itself', async () => {
    await inSqliteWriteTurn(ds, () => inSqliteWriteTurn(ds, () => ds.query("INSERT INTO t VALUES ('nested')")));
    expect(await names()).toEqual(['nested']);
  });

  it('shows the hazard it prevents: without turns the rollback erases the other write', async () => {
    const doomed = failing();
    await tick();
    await ds.query("INSERT INTO t VALUES ('lost')");
    await expect(doomed).rejects.toThrow();
    expect(await names()).toEqual([]);
  });
});
