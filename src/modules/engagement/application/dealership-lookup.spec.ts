import { DealershipDirectory, DealershipSummary } from '../domain/dealership-directory';
import { DealershipLookup } from './dealership-lookup';

/** Dealerships `d0`, `d1`, ... exist; `region` is what the next read returns; reads are counted. */
class CountingDealerships extends DealershipDirectory {
  reads = 0;
  region = 'CA';
  async find(id: string): Promise<DealershipSummary | null> {
    this.reads++;
    if (!id.startsWith('d')) return null;
    return { id, name: `Dealer ${id}`, region: this.region, outboundEmail: null, phone: null };
  }

  async leadRouting(): Promise<null> {
    return null;
  }
}

describe(DealershipLookup.name, () => {
  let dealerships: CountingDealerships;
  let lookup: DealershipLookup;

  beforeEach(() => {
    jest.useFakeTimers();
    dealerships = new CountingDealerships();
    lookup = new DealershipLookup(dealerships);
  });
  afterEach(() => jest.useRealTimers());

  it('reads a dealership once per 30 s and sees a change after that', async () => {
    expect(await lookup.find('d1')).toMatchObject({ id: 'd1', name: 'Dealer d1', region: 'CA', outboundEmail: null, phone: null });
    dealerships.region = 'US';
    jest.advanceTimersByTime(29_999);
    expect((await lookup.find('d1'))?.region).toBe('CA');
    expect(dealerships.reads).toBe(1);
    jest.advanceTimersByTime(2);
    expect((await lookup.find('d1'))?.region).toBe('US');
    expect(dealerships.reads).toBe(2);
  });

  it('does not cache an unknown dealership', async () => {
    expect(await lookup.find('nobody')).toBeNull();
    expect(await lookup.find('nobody')).toBeNull();
    expect(dealerships.reads).toBe(2);
  });

  it('keeps 10,000 dealerships, dropping the least recently used', async () => {
    for (let i = 0; i < 10_000; i++) await lookup.find(`d${i}`);
    await lookup.find('d0'); // cached; d1 is now the least recently used
    await lookup.find('d10000'); // evicts d1
    expect(dealerships.reads).toBe(10_001);
    await lookup.find('d0');
    await lookup.find('d2');
    expect(dealerships.reads).toBe(10_001);
    await lookup.find('d1');
    expect(dealerships.reads).toBe(10_002);
  });
});
