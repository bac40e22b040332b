import { Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface LimiterStoreSettings {
  /** Counters in this Redis, shared by every API process; null: in this process's memory. */
  redisUrl: string | null;
  /** Redis key prefix (the counters are `<prefix>:<name>:<key>`). */
  keyPrefix: string;
}

/**
 * Where the API's counters live (requests per credential, failed sign-ins): one Redis connection
 * shared by every limiter, so API processes count together. While Redis does not answer (not
 * connected, or slower than 500 ms) each limiter counts in this process's memory instead, so the
 * API keeps answering.
 */
export class LimiterStore implements OnApplicationShutdown {
  private readonly logger = new Logger('Limiters');
  private readonly redis: Redis | null = null;

  constructor(private readonly settings: LimiterStoreSettings) {
    if (!settings.redisUrl) return;
    const redis = new Redis(settings.redisUrl, { enableOfflineQueue: false, commandTimeout: 500, maxRetriesPerRequest: 1 });
    let reported = false;
    redis.on('error', (err: Error) => {
      if (!reported) this.logger.warn({ err }, 'limiter counters unreachable in Redis; counting per process until it answers');
      reported = true;
    });
    redis.on('ready', () => (reported = false));
    this.redis = redis;
  }

  /** A fixed-window limiter of `points` per `durationSeconds`, named for its keys. */
  limiter(name: string, points: number, durationSeconds: number): RateLimiterAbstract {
    const options = { points, duration: durationSeconds, keyPrefix: `${this.settings.keyPrefix}:${name}` };
    if (!this.redis) return new RateLimiterMemory(options);
    return new RateLimiterRedis({ ...options, storeClient: this.redis, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) });
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}

/**
 * Counts one event of `key`: `allowed` false once it is over the limit, with the counter's state
 * either way. Over the limit, rate-limiter-flexible rejects with that state; any other rejection is
 * a real failure and is thrown.
 */
export async function countOne(limiter: RateLimiterAbstract, key: string): Promise<{ allowed: boolean; res: RateLimiterRes }> {
  return limiter.consume(key).then(
    (res) => ({ res, allowed: true }),
    (rejection: unknown) => {
      if (rejection instanceof RateLimiterRes) return { res: rejection, allowed: false };
      throw rejection;
    },
  );
}
