import { BullModule, getQueueToken } from '@nestjs/bull';
import { DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type Bull from 'bull';
import { BULL_BACKOFF_STRATEGIES, BullJobQueue } from './bull-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { InProcessProcessors } from './in-process-processors';
import { JobQueue } from './job-queue';

/** A queue, and how long Bull waits for a job whose worker went silent. */
interface QueueDefinition {
  name: string;
  /**
   * Bull's job lock, renewed at half of it while the job runs: a job whose worker stopped renewing
   * it this long (killed, or its event loop blocked) runs again, found by a check every half of it.
   * Bull's default (30 s, checked every 30 s) when absent. Shorter only for jobs harmless to run twice.
   */
  lockDurationMs?: number;
}

export interface QueueModuleOptions {
  /** Bull on this Redis; null: the in-process queue of the embedded default. */
  redisUrl: string | null;
  prefix: string;
  /** Every queue of the contexts (their `<context>.queue.ts` names). */
  queues: readonly (string | QueueDefinition)[];
}

/**
 * Bull's connections to Redis. Bull reconnects after e^n ms (20 s apart after ten tries), so a
 * Redis back after an outage of a minute went unused for up to 20 s: here every 100 ms more, at
 * most 2 s apart. A command sent while Redis is away waits for a reconnection and fails after 20
 * (ioredis' default); producers never wait for that in a request (`hand-over.ts`).
 *
 * `disableClientInfo`: no CLIENT SETINFO on connect. With it, ioredis 5 (Bull turns its ready check
 * off) marks a connection ready when those commands settle, even a connection that closed meanwhile:
 * after an outage past the 20 retries above (~21 s) the command client stayed "ready" on a dead
 * socket and never reconnected, so nothing was queued again until a restart (redis/ioredis#2099,
 * fixed in ioredis 6; found by `npm run soak`).
 */
export const REDIS_CONNECTION = {
  connectTimeout: 2000,
  disableClientInfo: true,
  retryStrategy: (times: number) => Math.min(100 * times, 2000),
};

/** The JobQueue port bound to Bull (`@nestjs/bull`) or to the in-process queue. */
@Global()
@Module({})
export class QueueModule {
  static forRoot(options: QueueModuleOptions): DynamicModule {
    const queues = options.queues.map((q): QueueDefinition => (typeof q === 'string' ? { name: q } : q));
    if (!options.redisUrl) {
      return {
        module: QueueModule,
        imports: [DiscoveryModule],
        providers: [{ provide: JobQueue, useValue: new InProcessJobQueue(queues.map((q) => q.name)) }, InProcessProcessors],
        exports: [JobQueue],
      };
    }
    return {
      module: QueueModule,
      imports: [
        BullModule.forRoot({ url: options.redisUrl, prefix: options.prefix, redis: REDIS_CONNECTION, settings: { backoffStrategies: BULL_BACKOFF_STRATEGIES } }),
        // A queue's own settings replace the shared ones whole: they repeat the backoff strategies.
        BullModule.registerQueue(...queues.map(({ name, lockDurationMs }) => (lockDurationMs === undefined ? { name } : {
          name, settings: { backoffStrategies: BULL_BACKOFF_STRATEGIES, lockDuration: lockDurationMs, stalledInterval: lockDurationMs / 2 },
        }))),
      ],
      providers: [
        {
          provide: JobQueue,
          inject: queues.map(({ name }) => getQueueToken(name)),
          useFactory: (...queues: Bull.Queue[]) => new BullJobQueue(queues),
        },
      ],
      exports: [JobQueue],
    };
  }
}
