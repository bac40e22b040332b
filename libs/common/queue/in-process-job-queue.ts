import { randomUUID } from 'node:crypto';
import { tracing } from '../tracing/tracing';
import { EnqueueOptions, JobQueue, QueueCounts, QueueJob } from './job-queue';

/** A `@Process()` method, bound to its processor. */
export type JobHandler = (job: QueueJob<unknown>) => Promise<void>;

interface Job {
  id: string;
  payload: unknown;
  attempt: number;
  maxAttempts: number;
  backoffMs: number;
  /** The trace of the request that enqueued it (tracing on). */
  trace?: Record<string, string>;
}

interface Lane {
  handler?: JobHandler;
  concurrency: number;
  running: number;
  ready: Job[];
  delayed: Map<string, NodeJS.Timeout>;
  ids: Set<string>;
  /** Jobs that used their last attempt, since the process started. */
  failed: number;
}

/**
 * The embedded default: jobs live in this process's memory, with the same retry and backoff
 * semantics as the Bull adapter. Jobs do not survive a restart; production runs Bull on Redis.
 */
export class InProcessJobQueue extends JobQueue {
  private readonly lanes = new Map<string, Lane>();
  private closed = false;

  /** `queues`: the registered queues, listed (by `names()`) before their first job. */
  constructor(queues: readonly string[] = []) {
    super();
    for (const name of queues) this.lane(name);
  }

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = { concurrency: 1, running: 0, ready: [], delayed: new Map(), ids: new Set(), failed: 0 };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  async enqueue<T>(queue: string, payload: T, options: EnqueueOptions = {}): Promise<string> {
    const lane = this.lane(queue);
    const id = options.jobId ?? randomUUID();
    if (lane.ids.has(id)) return id;
    lane.ids.add(id);
    const job: Job = {
      id, payload, attempt: 0, maxAttempts: Math.max(1, options.attempts ?? 1), backoffMs: options.backoffMs ?? 1000, trace: tracing().carrier(),
    };
    this.schedule(queue, job, options.delayMs ?? 0);
    return id;
  }

  /** Registers the queue's processor (InProcessProcessors does, for each `@Process()` in the app). */
  process(queue: string, handler: JobHandler, concurrency = 1): void {
    const lane = this.lane(queue);
    lane.handler = handler;
    lane.concurrency = concurrency;
    this.drain(queue);
  }

  names(): string[] {
    return [...this.lanes.keys()];
  }

  async counts(queue: string): Promise<QueueCounts> {
    const lane = this.lane(queue);
    return { waiting: lane.ready.length, active: lane.running, delayed: lane.delayed.size, failed: lane.failed };
  }

  async pendingCount(queue: string): Promise<number> {
    return this.lanes.get(queue)?.ids.size ?? 0;
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const lane of this.lanes.values()) for (const timer of lane.delayed.values()) clearTimeout(timer);
    // Let running jobs finish so nothing is cut off mid-write.
    while ([...this.lanes.values()].some((l) => l.running > 0)) await new Promise((r) => setTimeout(r, 10));
  }

  private schedule(queue: string, job: Job, delayMs: number): void {
    const lane = this.lane(queue);
    if (delayMs <= 0) {
      lane.ready.push(job);
      setImmediate(() => this.drain(queue));
      return;
    }
    const timer = setTimeout(() => {
      lane.delayed.delete(job.id);
      lane.ready.push(job);
      this.drain(queue);
    }, delayMs);
    timer.unref();
    lane.delayed.set(job.id, timer);
  }

  private drain(queue: string): void {
    const lane = this.lane(queue);
    while (!this.closed && lane.handler && lane.running < lane.concurrency && lane.ready.length > 0) {
      const job = lane.ready.shift()!;
      lane.running++;
      void this.run(queue, lane, job);
    }
  }

  private async run(queue: string, lane: Lane, job: Job): Promise<void> {
    job.attempt++;
    try {
      // In the trace of the request that enqueued it, not of whatever happened to drain the lane.
      await tracing().runJob({ queue, system: 'in_process', id: job.id, attempt: job.attempt }, job.trace, () =>
        lane.handler!({ id: job.id, data: job.payload, attemptsMade: job.attempt - 1, opts: { attempts: job.maxAttempts } }));
      lane.ids.delete(job.id);
    } catch {
      if (job.attempt < job.maxAttempts && !this.closed) {
        this.schedule(queue, job, job.backoffMs * 2 ** (job.attempt - 1));
      } else {
        lane.ids.delete(job.id);
        lane.failed++;
      }
    } finally {
      lane.running--;
      this.drain(queue);
    }
  }
}
