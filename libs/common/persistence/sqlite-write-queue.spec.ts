import { DataSource } from 'typeorm';
import { inSqliteWriteTurn } from './sqlite-write-queue';

interface Gate {
  open: () => void;
  opened: Promise<void>;
}
/** A point that work waits at until the test opens it: the interleaving is set by the test, not by timing. */
function gate(): Gate {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** One turn of the event loop: all work that can run now (the driver is synchronous) has run. Not a wall-clock wait. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe(inSqliteWriteTurn.name, () => {
  let ds: DataSource;
  beforeEach(async () => {
    ds = new DataSource({ type: 'better-sqlite3', database: ':memory:' });
    await ds.initialize();
    await ds.query('CREATE TABLE t (name varchar(20) NOT NULL)');
  });
  afterEach(() => ds.destroy());

  const names = async () => ((await ds.query('SELECT name FROM t ORDER BY name')) as { name: string }[]).map((r) => r.name);

  /** A transaction that writes, says so, waits (as real work does between statements) until released, then fails. */
  const failing = (written: Gate, release: Gate) => () => ds.transaction(async (em) => {
    await em.query("INSERT INTO t VALUES ('doomed')");
    written.open();
    await release.opened;
    throw new Error('rolled back');
  });

  it("keeps another request's transaction out of one that rolls back", async () => {
    const [written, release] = [gate(), gate()];
    const doomed = inSqliteWriteTurn(ds, failing(written, release));
    await written.opened;
    let otherStarted = false;
    const other = inSqliteWriteTurn(ds, () => ds.transaction(async (em) => {
      otherStarted = true;
      await em.query("INSERT INTO t VALUES ('kept')");
    }));
    await nextTurn();
    expect(otherStarted).toBe(false); // it waits for its turn instead of nesting in the open transaction
    release.open();
    const results = await Promise.allSettled([doomed, other]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled']);
    expect(await names()).toEqual(['kept']);
  });

  it('keeps a plain write out of an open transaction that rolls back', async () => {
    const [written, release] = [gate(), gate()];
    const doomed = inSqliteWriteTurn(ds, failing(written, release));
    await written.opened;
    const audit = inSqliteWriteTurn(ds, () => ds.query("INSERT INTO t VALUES ('audit')"));
    await nextTurn(); // unguarded, the write would have landed in the open transaction by now
    release.open();
    await expect(doomed).rejects.toThrow('rolled back');
    await audit;
    expect(await names()).toEqual(['audit']);
  });

  it('runs nested work in the same turn instead of waiting for itself', async () => {
    await inSqliteWriteTurn(ds, () => inSqliteWriteTurn(ds, () => ds.query("INSERT INTO t VALUES ('nested')")));
    expect(await names()).toEqual(['nested']);
  });

  it('shows the hazard it prevents: without turns the rollback erases the other write', async () => {
    const [written, release] = [gate(), gate()];
    const doomed = failing(written, release)();
    await written.opened;
    await ds.query("INSERT INTO t VALUES ('lost')");
    release.open();
    await expect(doomed).rejects.toThrow();
    expect(await names()).toEqual([]);
  });
});
