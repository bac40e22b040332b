import { NO_METRICS } from '../../../../libs/common/metrics/service-metrics';
import { AppConfig } from '../../../config/app-config';
import { CarCondition, CarData } from '../domain/car';
import { CarFeed, FeedRecord } from '../domain/car-feed';
import { CarInventoryRepository, CarInventoryStore, InventoryUploadLock, ReplaceOutcome } from '../domain/car-inventory.repository';
import { CatalogBodyTypes, CatalogModelType } from '../domain/catalog-body-types';
import { DealershipRegions } from '../domain/dealership-regions';
import { InventoryChanges } from '../domain/inventory-changes';
import { TooManyFailedRowsError, TooManyRowsError, UploadInProgressError } from '../domain/inventory.errors';
import { withCheckDigit } from '../domain/vin';
import { ReplaceInventoryUseCase } from './replace-inventory.use-case';

/** In-memory ports: a store that swaps only once every batch was consumed (as the real ones do), a lock, regions. */
class InMemoryStore extends CarInventoryStore {
  readonly cars = new Map<string, CarData[]>();

  async replace(dealerId: string, condition: CarCondition, batches: AsyncIterable<CarData[]>): Promise<ReplaceOutcome> {
    const next: CarData[] = [];
    for await (const batch of batches) next.push(...batch);
    const key = `${dealerId}/${condition}`;
    const deleted = this.cars.get(key)?.length ?? 0;
    this.cars.set(key, next);
    return { deleted, inserted: next.length };
  }

  async deleteAll(dealerId: string, condition: CarCondition): Promise<string[]> {
    const gone = this.cars.get(`${dealerId}/${condition}`) ?? [];
    this.cars.delete(`${dealerId}/${condition}`);
    return gone.map((c) => c.vin);
  }
}

class InMemoryLock extends InventoryUploadLock {
  readonly held = new Set<string>();

  async tryAcquire(dealerId: string): Promise<(() => Promise<void>) | null> {
    if (this.held.has(dealerId)) return null;
    this.held.add(dealerId);
    return async () => {
      this.held.delete(dealerId);
    };
  }
}

class Regions extends DealershipRegions {
  async regionOf(dealerId: string): Promise<string | null> {
    return dealerId === 'acme' ? 'DE' : dealerId === 'us-motors' ? 'US' : null;
  }
}

class Catalog extends CatalogBodyTypes {
  async modelTypes(): Promise<CatalogModelType[]> {
    return [{ manufacturer: 'Chevrolet', model: 'Silverado', type: 'Truck' }];
  }
}

/** The reads the use case makes: how many cars a dry run or a refused upload would remove. */
const countsOf = (store: InMemoryStore) => ({
  count: async (dealerId: string, condition: CarCondition) => store.cars.get(`${dealerId}/${condition}`)?.length ?? 0,
}) as unknown as CarInventoryRepository;

const feed = (rows: Record<string, unknown>[], failAfter?: number): CarFeed => ({
  async *records(): AsyncIterable<FeedRecord[]> {
    for (const [index, values] of rows.entries()) {
      if (failAfter !== undefined && index === failAfter) throw new Error('connection reset while reading the upload');
      yield [{ index, values }];
    }
  },
});

const car = (vin: string, extra: Record<string, unknown> = {}) => ({ vin, year: '2021', manufacturer: 'Honda', model: 'Civic', price: '20000', kilometers: '1000', ...extra });
const VINS = ['WVWZZZ1JZXW000001', 'WVWZZZ1JZXW000002', 'WVWZZZ1JZXW000003'];

describe(ReplaceInventoryUseCase.name, () => {
  let store: InMemoryStore;
  let lock: InMemoryLock;
  let changed: string[];
  let replace: ReplaceInventoryUseCase;

  beforeEach(() => {
    store = new InMemoryStore();
    lock = new InMemoryLock();
    changed = [];
    const changes = new InventoryChanges();
    changes.subscribe((dealerId) => changed.push(dealerId));
    replace = new ReplaceInventoryUseCase({ limits: { uploadRows: 3 } } as AppConfig, new Regions(), store, countsOf(store), lock, changes, new Catalog(), NO_METRICS);
  });

  it('replaces the whole inventory of the condition with the valid rows and reports the invalid ones by index', async () => {
    await replace.execute('acme', 'used', feed([car(VINS[0]), car(VINS[1])]));
    const result = await replace.execute('acme', 'used', feed([car(VINS[2]), car('not-a-vin')]));
    expect(result).toMatchObject({ num_deletes: 2, num_inserts: 1, num_failed_inserts: 1 });
    expect(result.insert_errors).toEqual([expect.objectContaining({ index: 1 })]);
    expect(store.cars.get('acme/used')!.map((c) => c.vin)).toEqual([VINS[2]]);
    expect(changed).toEqual(['acme', 'acme']);
    expect(lock.held.size).toBe(0);
  });

  it('changes nothing when the upload fails part-way, and releases the lock', async () => {
    await replace.execute('acme', 'used', feed([car(VINS[0])]));
    await expect(replace.execute('acme', 'used', feed([car(VINS[1]), car(VINS[2])], 1))).rejects.toThrow('connection reset');
    expect(store.cars.get('acme/used')!.map((c) => c.vin)).toEqual([VINS[0]]);
    expect(lock.held.size).toBe(0);
  });

  it('over the row limit is refused whole', async () => {
    await expect(replace.execute('acme', 'used', feed([...VINS, 'WVWZZZ1JZXW000004'].map((v) => car(v))))).rejects.toBeInstanceOf(TooManyRowsError);
    expect(store.cars.has('acme/used')).toBe(false);
  });

  it('one upload at a time per dealership', async () => {
    await lock.tryAcquire('acme');
    await expect(replace.execute('acme', 'used', feed([car(VINS[0])]))).rejects.toBeInstanceOf(UploadInProgressError);
  });

  it('an unknown dealership is not found and takes no lock', async () => {
    await expect(replace.execute('nobody', 'used', feed([car(VINS[0])]))).rejects.toMatchObject({ kind: 'not_found' });
    expect(lock.held.size).toBe(0);
  });

  it('a dry run validates and answers the same result, changing nothing and taking no lock', async () => {
    await replace.execute('acme', 'used', feed([car(VINS[0]), car(VINS[1])]));
    changed = [];
    await lock.tryAcquire('acme');
    const result = await replace.execute('acme', 'used', feed([car(VINS[2]), car('not-a-vin')]), { dryRun: true });
    expect(result).toMatchObject({ num_deletes: 2, num_inserts: 1, num_failed_inserts: 1, insert_errors: [expect.objectContaining({ index: 1 })] });
    expect(store.cars.get('acme/used')!.map((c) => c.vin)).toEqual([VINS[0], VINS[1]]);
    expect(changed).toEqual([]);
  });

  it('refuses an upload whose share of refused rows is over maxFailedRatio (422, nothing changed), and accepts one at it', async () => {
    await replace.execute('acme', 'used', feed([car(VINS[0])]));
    const rows = [car(VINS[1]), car('bad-1'), car('bad-2')];
    const refused = await replace.execute('acme', 'used', feed(rows), { maxFailedRatio: 0.5 }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TooManyFailedRowsError);
    expect(refused).toMatchObject({ kind: 'unprocessable', details: { num_deletes: 1, num_inserts: 1, num_failed_inserts: 2 } });
    expect(store.cars.get('acme/used')!.map((c) => c.vin)).toEqual([VINS[0]]);
    expect(lock.held.size).toBe(0);
    await expect(replace.execute('acme', 'used', feed(rows), { maxFailedRatio: 0.5, dryRun: true })).rejects.toBeInstanceOf(TooManyFailedRowsError);
    await expect(replace.execute('acme', 'used', feed(rows), { maxFailedRatio: 2 / 3 })).resolves.toMatchObject({ num_inserts: 1 });
    expect(store.cars.get('acme/used')!.map((c) => c.vin)).toEqual([VINS[1]]);
  });

  it('reads Mileage in miles for a US dealership and in km elsewhere; the catalog types a car whose body says nothing', async () => {
    const us = withCheckDigit('1GCUYDED0LZ123456');
    const record = (vin: string): FeedRecord => ({
      index: 0,
      values: { ...car(vin, { manufacturer: 'Chevrolet', model: 'Silverado 1500 LT', type: '4dr' }), kilometers: '10000' },
      kilometersUnit: 'regional',
    });
    const upload = (dealer: string, vin: string) => replace.execute(dealer, 'used', { async *records() { yield [record(vin)]; } });
    await upload('acme', VINS[0]);
    expect(store.cars.get('acme/used')![0]).toMatchObject({ kilometers: 10000, type: 'Truck', type_text: '4dr' });
    await upload('us-motors', us);
    expect(store.cars.get('us-motors/used')![0]).toMatchObject({ kilometers: 16093 });
  });
});
