import { Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitSettings {
  /** Requests each credential may make in a window of a minute. */
  perMinute: number;
  /** Counters in this Redis, shared by every API process; null: in this process's memory. */
  redisUrl: string | null;
  /** Redis key prefix (the counters are `<prefix>:rate-limit:<username>`). */
  keyPrefix: string;
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
 * one atomic script per request, shared by every process; while Redis does not answer (not
 * connected, or slower than 500 ms) each process counts in its own memory instead, so the API keeps
 * answering.
 */
export class CredentialRateLimit implements OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly limiter: RateLimiterAbstract;
  private readonly redis: Redis | null = null;

  constructor(private readonly settings: RateLimitSettings) {
    const options = { points: settings.perMinute, duration: WINDOW_SECONDS, keyPrefix: `${settings.keyPrefix}:rate-limit` };
    if (!settings.redisUrl) {
      this.limiter = new RateLimiterMemory(options);
      return;
    }
    const redis = new Redis(settings.redisUrl, { enableOfflineQueue: false, commandTimeout: 500, maxRetriesPerRequest: 1 });
    let reported = false;
    redis.on('error', (err: Error) => {
      if (!reported) this.logger.warn({ err }, 'rate-limit counters unreachable in Redis; counting per process until it answers');
      reported = true;
    });
    redis.on('ready', () => (reported = false));
    this.redis = redis;
    this.limiter = new RateLimiterRedis({ ...options, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) });
  }

  /** Counts one request of `username`. */
  async take(username: string): Promise<RateLimitState> {
    const { res, allowed } = await this.limiter.consume(username).then(
      (res) => ({ res, allowed: true }),
      (rejection: unknown) => {
        // Over the limit rejects with the counter's state; anything else is a real failure.
        if (rejection instanceof RateLimiterRes) return { res: rejection, allowed: false };
        throw rejection;
      },
    );
    return {
      limit: this.settings.perMinute,
      remaining: Math.max(0, res.remainingPoints),
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      allowed,
    };
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}
