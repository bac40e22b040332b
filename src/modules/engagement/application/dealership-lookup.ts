import { Injectable } from '@nestjs/common';
import { createTtlCache } from '../../../../libs/common/cache/ttl-cache';
import { DealershipDirectory, DealershipSummary } from '../domain/dealership-directory';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * The dealership summary, cached for 30 s (the least recently used of 10,000 dealerships dropped
 * first): engage and delivery run hundreds of times a second and the full profile is large to read
 * and complete with defaults. A region or sender change is seen within the TTL. An unknown
 * dealership is not cached.
 */
@Injectable()
export class DealershipLookup {
  private readonly cache = createTtlCache<string, DealershipSummary>({ max: MAX_ENTRIES, ttlMs: TTL_MS });

  constructor(private readonly dealerships: DealershipDirectory) {}

  async find(dealerId: string): Promise<DealershipSummary | null> {
    const hit = this.cache.get(dealerId);
    if (hit) return hit;
    const summary = await this.dealerships.find(dealerId);
    if (!summary) return null;
    this.cache.set(dealerId, summary);
    return summary;
  }
}
