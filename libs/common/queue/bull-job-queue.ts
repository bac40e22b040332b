import { Logger } from '@nestjs/common';
import type Bull from 'bull';
import { tracing } from '../tracing/tracing';
import { EnqueueOptions, JobQueue, QueueCounts } from './job-queue';

/** Bull's own 'exponential' waits delay*(2^n - 1); the port promises delay*2^(n-1), as in-process does. */
export const BULL_BACKOFF_STRATEGIES = {
  doubling: (attemptsMade: number, _err: Error, options?: { delay?: number }) => (options?.delay ?? 1000) * 2 ** (attemptsMade - 1),
};

/** The parts of Bull's queue that `catchProcessorSetUp` wraps (not in its typings). */
interface BullInternals {
  process(...args: unknown[]): Promise<void>;
  run(...args: unknown[]): Promise<unknown>;
  setWorkerName(): Promise<unknown>;
  clientName(): string;
  bclient: { options: { connectionName?: string }; client(command: 'setname', name: string): Promise<unknown> };
  setHandler(name: string, handler: unknown): void;
  /** What `setHandler` made of each `@Process()` method: what Bull calls to run a job. */
  handlers: Record<string, (job: Bull.Job) => Promise<unknown>>;
}

/** Where a job's data carries the trace of the request that enqueued it, next to the payload (processors ignore it). */
const TRACE_FIELD = '_trace';

/** The payload with the active trace context, when tracing is on and there is one (only an object payload can carry it). */
function withTrace<T>(payload: T): T {
  const carrier = tracing().carrier();
  if (!carrier || typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  return { ...payload, [TRACE_FIELD]: carrier };
}

/** Production adapter: the queues `@nestjs/bull` registered, with Bull's own retries and backoff. */
export class BullJobQueue extends JobQueue {
  private readonly logger = new Logger('BullJobQueue');
  private readonly queues: Map<string, Bull.Queue>;

  constructor(queues: Bull.Queue[]) {
    super();
    this.queues = new Map(queues.map((q) => [q.name, q]));
    for (const queue of queues) {
      this.catchProcessorSetUp(queue);
      this.traceJobs(queue);
    }
  }

  /**
   * `@nestjs/bull` starts each `@Process()` with `queue.process()` and drops its promise, and Bull's
   * `setHandler` drops the promise of naming the worker connection. Closing the app while Bull is
   * still setting up rejects them ("Connection is closed.") and, worse, Bull's lazy getter opens a
   * new blocking connection after close that keeps the process alive. So once a queue closes,
   * naming and starting its worker do nothing; an error while it is open is logged.
   */
  private catchProcessorSetUp(queue: Bull.Queue): void {
    const internals = queue as unknown as BullInternals;
    let closing = false;
    const logUnlessClosing = (err: unknown) => {
      if (!closing) this.logger.error({ err, queue: queue.name }, 'queue processor stopped');
    };
    const process = internals.process.bind(queue);
    internals.process = (...args: unknown[]) => {
      const started = process(...args);
      started.catch(logUnlessClosing);
      return started;
    };
    const run = internals.run.bind(queue);
    internals.run = (...args: unknown[]) => (closing ? Promise.resolve() : run(...args));
    // Bull names the blocking connection (CLIENT SETNAME, for `getWorkers`); this does the same, after readiness.
    internals.setWorkerName = async () => {
      try {
        await queue.isReady();
        if (closing) return;
        const name = internals.clientName();
        internals.bclient.options.connectionName = name;
        await internals.bclient.client('setname', name);
      } catch (err) {
        // As Bull: a Redis with CLIENT disabled leaves the connection unnamed, the worker runs on.
        if (!/ERR unknown command ['`]client['`]/.test((err as Error).message)) logUnlessClosing(err);
      }
    };
    const close = queue.close.bind(queue);
    queue.close = (doNotWaitJobs?: boolean) => {
      closing = true;
      return close(doNotWaitJobs);
    };
  }

  /**
   * Each job runs as a span continuing the trace its data carries, so the worker's queries, Redis
   * commands and calls join the request that enqueued it (nothing when tracing is off). Wrapped
   * where Bull keeps the handler `@nestjs/bull` registered, which is what runs each job.
   */
  private traceJobs(queue: Bull.Queue): void {
    const internals = queue as unknown as BullInternals;
    const setHandler = internals.setHandler.bind(queue);
    internals.setHandler = (name: string, handler: unknown) => {
      setHandler(name, handler);
      const run = internals.handlers[name];
      internals.handlers[name] = (job: Bull.Job) => {
        const carrier = (job.data as Record<string, Record<string, string> | undefined> | null)?.[TRACE_FIELD];
        return tracing().runJob({ queue: queue.name, system: 'bull', id: job.id, attempt: job.attemptsMade + 1 }, carrier, () => run(job));
      };
    };
  }

  private queue(name: string): Bull.Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`queue ${name} is not registered (QueueModule.forRoot queues)`);
    return queue;
  }

  async enqueue<T>(queue: string, payload: T, options: EnqueueOptions = {}): Promise<string> {
    if (options.replaceFinished && options.jobId !== undefined) {
      const finished = await this.queue(queue).getJob(options.jobId);
      if (finished && ((await finished.isCompleted()) || (await finished.isFailed()))) await finished.remove();
    }
    const job = await this.queue(queue).add(withTrace(payload), {
      attempts: Math.max(1, options.attempts ?? 1),
      backoff: { type: 'doubling', options: { delay: options.backoffMs ?? 1000 } } as unknown as Bull.BackoffOptions,
      jobId: options.jobId,
      delay: options.delayMs,
      removeOnComplete: 1000,
      removeOnFail: 10000,
    });
    return String(job.id);
  }

  names(): string[] {
    return [...this.queues.keys()];
  }

  /** For the operator's queue board. */
  bullQueues(): Bull.Queue[] {
    return [...this.queues.values()];
  }

  async counts(queue: string): Promise<QueueCounts> {
    const { waiting, active, delayed, failed } = await this.queue(queue).getJobCounts();
    return { waiting, active, delayed, failed };
  }

  async pendingCount(queue: string): Promise<number> {
    const counts = await this.queue(queue).getJobCounts();
    return counts.waiting + counts.active + counts.delayed;
  }

  async ping(): Promise<boolean> {
    const [first] = this.queues.values();
    if (!first) return true;
    try {
      return (await Promise.race([first.client.ping(), new Promise<string>((r) => setTimeout(() => r('timeout'), 1000).unref())])) === 'PONG';
    } catch {
      return false;
    }
  }
}
