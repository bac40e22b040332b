import { Injectable } from '@nestjs/common';
import { DealershipDirectory, DealershipSummary } from '../domain/dealership-directory';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

/**
 * The dealership summary, cached for 30 s: engage and delivery run hundreds of times a second and
 * the full profile is large to read and complete with defaults. A region or sender change is seen
 * within the TTL.
 */
@Injectable()
export class DealershipLookup {
  private readonly cache = new Map<string, { summary: DealershipSummary; expires: number }>();

  constructor(private readonly dealerships: DealershipDirectory) {}

  async find(dealerId: string): Promise<DealershipSummary | null> {
    const now = Date.now();
    const hit = this.cache.get(dealerId);
    if (hit && hit.expires > now) return hit.summary;
    const summary = await this.dealerships.find(dealerId);
    if (!summary) return null;
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(dealerId, { summary, expires: now + TTL_MS });
    return summary;
  }
}
