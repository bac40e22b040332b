import { createTtlCache } from './ttl-cache';

describe(createTtlCache.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('serves an entry until its TTL has passed, however often it is read', () => {
    const cache = createTtlCache<string, { v: number }>({ max: 10, ttlMs: 1000 });
    cache.set('a', { v: 1 });
    jest.advanceTimersByTime(999);
    expect(cache.get('a')).toEqual({ v: 1 });
    jest.advanceTimersByTime(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most max entries, dropping the least recently used', () => {
    const cache = createTtlCache<string, { v: number }>({ max: 2, ttlMs: 1000 });
    cache.set('a', { v: 1 });
    cache.set('b', { v: 2 });
    cache.get('a');
    cache.set('c', { v: 3 });
    expect([...cache.keys()].sort()).toEqual(['a', 'c']);
  });

  it.each([0, -1, Number.NaN])('refuses a TTL of %p (lru-cache would keep such entries forever)', (ttlMs) => {
    expect(() => createTtlCache({ max: 1, ttlMs })).toThrow(RangeError);
  });
});
