import { AppConfig } from '../../../config/app-config';
import { CarCondition, CarData } from '../domain/car';
import { CarFeed, FeedRecord } from '../domain/car-feed';
import { CarInventoryStore, InventoryUploadLock, ReplaceOutcome } from '../domain/car-inventory.repository';
import { DealershipRegions } from '../domain/dealership-regions';
import { InventoryChanges } from '../domain/inventory-changes';
import { TooManyRowsError, UploadInProgressError } from '../domain/inventory.errors';
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
    return dealerId === 'acme' ? 'DE' : null;
  }
}

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
    replace = new ReplaceInventoryUseCase({ limits: { uploadRows: 3 } } as AppConfig, new Regions(), store, lock, changes);
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
});
