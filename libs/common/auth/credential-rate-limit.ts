import { RateLimiterAbstract } from 'rate-limiter-flexible';
import { countOne, LimiterStore } from './limiter-store';

export interface RateLimitSettings {
  /** Requests each credential may make in a window of a minute. */
  perMinute: number;
}
/** What the caller is told after a request was counted. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the full allowance is back (at least 1). */
  resetSeconds: number;
  /** False: over the limit, to be refused with 429 and `Retry-After: resetSeconds`. */
  allowed: boolean;
}

const WINDOW_SECONDS = 60;

/**
 * Requests per credential and minute (fixed window, rate-limiter-flexible). With Redis the count is
 * one atomic script per request, shared by every process (see LimiterStore for the fallback).
 */
export class CredentialRateLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    private readonly settings: RateLimitSettings,
    store: LimiterStore,
  ) {
    this.limiter = store.limiter('rate-limit', settings.perMinute, WINDOW_SECONDS);
  }
  /** Counts one request of `username`. */
  async take(username: string): Promise<RateLimitState> {
    const { res, allowed } = await countOne(this.limiter, username);
    return {
      limit: this.settings.perMinute,
      remaining: Math.max(0, res.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      allowed,
    };
  }
}
