/**
 * The queue port. Producers enqueue through it; processors register handlers through it.
 * Adapters: Bull on Redis (REDIS_URL set) and an in-process queue (the embedded default).
 */
export interface EnqueueOptions {
  /** Total tries including the first (default 1). */
  attempts?: number;
  /** First retry delay; later retries double it (exponential backoff). */
  backoffMs?: number;
  /** A job with the same id as a waiting/active one is not added twice. */
  jobId?: string;
  delayMs?: number;
}

export interface JobContext {
  jobId: string;
  /** 1 for the first try. */
  attempt: number;
  maxAttempts: number;
  isFinalAttempt: boolean;
}

export type JobHandler<T> = (payload: T, context: JobContext) => Promise<void>;

export abstract class JobQueue {
  abstract enqueue<T>(queue: string, payload: T, options?: EnqueueOptions): Promise<string>;
  /** A thrown error fails the attempt; it is retried until `attempts` are used up. */
  abstract process<T>(queue: string, handler: JobHandler<T>, concurrency?: number): void;
  /** Jobs waiting, delayed or running (for tests and health). */
  abstract pendingCount(queue: string): Promise<number>;
  abstract ping(): Promise<boolean>;
  abstract close(): Promise<void>;
}
