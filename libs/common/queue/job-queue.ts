/**
 * The queue port for producers. Consumers are `@Processor(queue)` classes of `@nestjs/bull` with a
 * `@Process()` method taking a `QueueJob`; they run in the processes whose root composes them
 * (the worker root). Adapters: Bull on Redis (REDIS_URL set) and an in-process queue (the embedded
 * default), with the same retry and backoff semantics.
 */
export interface EnqueueOptions {
  /** Total tries including the first (default 1). */
  attempts?: number;
  /** First retry delay; later retries double it (exponential backoff). */
  backoffMs?: number;
  /** A job with the same id as a waiting/active one is not added twice. */
  jobId?: string;
  /**
   * A finished (completed or failed) job kept under the same id is replaced, so the payload runs
   * again; without it Bull ignores the add while it keeps the finished job (the in-process queue
   * keeps none).
   */
  replaceFinished?: boolean;
  delayMs?: number;
}

/** What a `@Process()` method receives: the part of Bull's `Job` both adapters provide. */
export interface QueueJob<T> {
  id: string | number;
  data: T;
  /** Failed attempts before this one. */
  attemptsMade: number;
  opts: { attempts?: number };
}

export interface JobContext {
  jobId: string;
  /** 1 for the first try. */
  attempt: number;
  maxAttempts: number;
  isFinalAttempt: boolean;
}

export function jobContext(job: QueueJob<unknown>): JobContext {
  const maxAttempts = Math.max(1, job.opts.attempts ?? 1);
  const attempt = job.attemptsMade + 1;
  return { jobId: String(job.id), attempt, maxAttempts, isFinalAttempt: attempt >= maxAttempts };
}

/** Jobs of one queue by state, as an operator's dashboard shows them. */
export interface QueueCounts {
  waiting: number;
  active: number;
  delayed: number;
  /** Jobs that used their last attempt (Bull keeps the last 10,000; in-process: counted since start). */
  failed: number;
}

export abstract class JobQueue {
  abstract enqueue<T>(queue: string, payload: T, options?: EnqueueOptions): Promise<string>;
  /** The queues this process registered. */
  abstract names(): string[];
  abstract counts(queue: string): Promise<QueueCounts>;
  /** Jobs waiting, delayed or running (for tests and health). */
  abstract pendingCount(queue: string): Promise<number>;
  abstract ping(): Promise<boolean>;
}
