import { TypeOrmUnitOfWork } from '../../libs/common/persistence/typeorm-unit-of-work';
import { newDealership } from '../../src/modules/dealership/domain/dealership';
import { DealershipRepository } from '../../src/modules/dealership/domain/dealership.repository';
import { describeEachBackend } from '../support/backends';
import { startTestApp, TestApp } from '../support/test-app';

/** The unit of work the partner webhook's effect runs in (libs/common/persistence), on the real databases. */
describeEachBackend('Unit of work', (backend) => {
  let t: TestApp;
  let uow: TypeOrmUnitOfWork;
  let dealerships: DealershipRepository;
  let n = 0;
  const id = (prefix: string) => `uow-${prefix}-${++n}`;
  const dealership = (dealerId: string) => newDealership({ id: dealerId, name: dealerId, region: 'CA' }, new Date());

  beforeAll(async () => {
    t = await startTestApp(backend);
    uow = new TypeOrmUnitOfWork(t.dataSource);
    dealerships = t.app.get(DealershipRepository);
  });
  afterAll(() => t.close());

  it('commits all of the work, or none of it', async () => {
    const [a, b] = [id('a'), id('b')];
    await uow.run(async () => {
      await dealerships.create(dealership(a));
      await dealerships.recordIntegrationConfig(a, { key: 'k', subscription_id: 's' }, new Date());
    });
    await expect(uow.run(async () => {
      await dealerships.create(dealership(b));
      await dealerships.recordIntegrationConfig(b, { key: 'k', subscription_id: 's' }, new Date());
      throw new Error('fails after both writes');
    })).rejects.toThrow('fails after both writes');
    expect(await dealerships.findById(a)).not.toBeNull();
    expect(await dealerships.listIntegrationConfigs(a)).toEqual([{ key: 'k', subscription_id: 's' }]);
    expect(await dealerships.findById(b)).toBeNull();
    expect(await dealerships.listIntegrationConfigs(b)).toEqual([]);
  });

  it("one unit's rollback never undoes another's commit, nor commits its own writes", async () => {
    // On SQLite TypeORM shares one connection: a second transaction opened while the first is
    // open would be a SAVEPOINT inside it, and the first one's rollback would take the second's
    // writes with it. Units of work must not interleave there.
    const [a, b] = [id('rolled-back'), id('committed')];
    let aWrote!: () => void;
    const aHasWritten = new Promise<void>((resolve) => (aWrote = resolve));
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let bWrote = false;

    const first = uow.run(async () => {
      await dealerships.create(dealership(a));
      aWrote();
      await gate;
      throw new Error('rolled back');
    }).catch((err: Error) => err);
    await aHasWritten;
    const second = uow.run(async () => {
      await dealerships.create(dealership(b));
      bWrote = true;
    });
    // Give the second unit every chance to interleave (it may, on MySQL's separate connections).
    for (let i = 0; i < 50 && !bWrote; i++) await new Promise((resolve) => setImmediate(resolve));
    openGate();

    expect(await first).toEqual(new Error('rolled back'));
    await second;
    expect(await dealerships.findById(a)).toBeNull();
    expect(await dealerships.findById(b)).not.toBeNull();
  });

  it('a nested run joins the surrounding unit', async () => {
    const [outer, inner] = [id('outer'), id('inner')];
    await expect(uow.run(async () => {
      await dealerships.create(dealership(outer));
      await uow.run(() => dealerships.create(dealership(inner)));
      throw new Error('undo both');
    })).rejects.toThrow('undo both');
    expect(await dealerships.findById(outer)).toBeNull();
    expect(await dealerships.findById(inner)).toBeNull();
  });

  it('findOrCreate: concurrent callers for one new id get one row and one creator', async () => {
    const dealerId = id('race');
    const results = await Promise.all(Array.from({ length: 6 }, () => uow.run(() => dealerships.findOrCreate(dealership(dealerId)))));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.dealership.id))).toEqual(new Set([dealerId]));
  });
});
