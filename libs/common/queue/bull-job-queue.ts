import { Logger } from '@nestjs/common';
import type Bull from 'bull';
import { EnqueueOptions, JobQueue } from './job-queue';

/** Bull's own 'exponential' waits delay*(2^n - 1); the port promises delay*2^(n-1), as in-process does. */
export const BULL_BACKOFF_STRATEGIES = {
  doubling: (attemptsMade: number, _err: Error, options?: { delay?: number }) => (options?.delay ?? 1000) * 2 ** (attemptsMade - 1),
};

/** Production adapter: the queues `@nestjs/bull` registered, with Bull's own retries and backoff. */
export class BullJobQueue extends JobQueue {
  private readonly logger = new Logger('BullJobQueue');
  private readonly queues: Map<string, Bull.Queue>;
  private closing = false;

  constructor(queues: Bull.Queue[]) {
    super();
    this.queues = new Map(queues.map((q) => [q.name, q]));
    for (const queue of queues) this.catchProcessorSetUp(queue);
  }

  /**
   * `@nestjs/bull` starts each `@Process()` with `queue.process()` and drops its promise; closing
   * the app while Bull is still setting the processor up rejects it ("Connection is closed."),
   * which would surface as an unhandled rejection. Expected then; logged otherwise.
   */
  private catchProcessorSetUp(queue: Bull.Queue): void {
    const process = queue.process.bind(queue) as (...args: unknown[]) => Promise<void>;
    (queue as unknown as { process: (...args: unknown[]) => Promise<void> }).process = (...args: unknown[]) => {
      const started = process(...args);
      started.catch((err: unknown) => {
        if (!this.closing) this.logger.error({ err, queue: queue.name }, 'queue processor stopped');
      });
      return started;
    };
    const close = queue.close.bind(queue);
    queue.close = (doNotWaitJobs?: boolean) => {
      this.closing = true;
      return close(doNotWaitJobs);
    };
  }

  private queue(name: string): Bull.Queue {
    const queue = this.queues.get(name);
    if (!queue) throw new Error(`queue ${name} is not registered (QueueModule.forRoot queues)`);
    return queue;
  }

  async enqueue<T>(queue: string, payload: T, options: EnqueueOptions = {}): Promise<string> {
    const job = await this.queue(queue).add(payload, {
      attempts: Math.max(1, options.attempts ?? 1),
      backoff: { type: 'doubling', options: { delay: options.backoffMs ?? 1000 } } as unknown as Bull.BackoffOptions,
      jobId: options.jobId,
      delay: options.delayMs,
      removeOnComplete: 1000,
      removeOnFail: 10000,
    });
    return String(job.id);
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
