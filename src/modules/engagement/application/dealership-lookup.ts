import { Injectable } from '@nestjs/common';
import { createTtlCache } from '../../../../libs/common/cache/ttl-cache';
import { DealershipRepository } from '../../dealership/domain/dealership.repository';

/** What engagement needs of a dealership on every request and delivery. */
export interface DealershipSummary {
  id: string;
  name: string;
  /** Default country of national phone numbers. */
  region: string;
  outboundEmail: string | null;
  phone: string | null;
}

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

  constructor(private readonly dealerships: DealershipRepository) {}

  async find(dealerId: string): Promise<DealershipSummary | null> {
    const hit = this.cache.get(dealerId);
    if (hit) return hit;
    const dealership = await this.dealerships.findById(dealerId);
    if (!dealership) return null;
    const summary: DealershipSummary = {
      id: dealership.id,
      name: dealership.name,
      region: dealership.region,
      outboundEmail: dealership.profile.reach_settings.email_outbound_address || null,
      phone: dealership.profile.phone_num[0]?.value || null,
    };
    this.cache.set(dealerId, summary);
    return summary;
  }
}
