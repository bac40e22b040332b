import { LRUCache } from 'lru-cache';

export interface TtlCacheOptions {
  /** Most entries kept; the least recently used goes first. */
  max: number;
  /** How long an entry is served after it was set (reads do not extend it). Must be positive. */
  ttlMs: number;
}

/**
 * lru-cache captures the global `performance` when it loads; this reads it on every call instead,
 * so Jest's fake timers (which replace it) move the caches' clock too and specs need not sleep.
 * Never 0: lru-cache takes an entry set at time 0 for one without a TTL, and a fake clock starts there.
 */
const clock = { now: (): number => performance.now() + 1 };

/**
 * The one in-process cache of the code base: `lru-cache` bounded by `max`, entries expiring `ttlMs`
 * after they were set. An expired entry is never returned (it is dropped when read). A TTL of 0
 * would mean "never expires" to lru-cache, so it is refused here: a caller whose cache can be
 * switched off by configuration does not create one.
 */
export function createTtlCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(options: TtlCacheOptions): LRUCache<K, V> {
  if (!(options.ttlMs > 0)) throw new RangeError(`a TTL cache needs a positive ttlMs, got ${options.ttlMs}`);
  return new LRUCache<K, V>({ max: options.max, ttl: options.ttlMs, perf: clock });
}
