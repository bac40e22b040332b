import { Logger } from '@nestjs/common';
import Bull from 'bull';
import { EnqueueOptions, JobHandler, JobQueue } from './job-queue';

/** Production adapter: Bull on Redis, with Bull's own retries and exponential backoff. */
export class BullJobQueue extends JobQueue {
  private readonly queues = new Map<string, Bull.Queue>();
  private readonly logger = new Logger('BullJobQueue');
  private closing = false;

  constructor(
    private readonly redisUrl: string,
    private readonly prefix: string,
  ) {
    super();
  }

  private queue(name: string): Bull.Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Bull(name, this.redisUrl, {
        prefix: this.prefix,
        // Bull's own 'exponential' waits delay*(2^n - 1); the port promises delay*2^(n-1), as in-process does.
        settings: { backoffStrategies: { doubling: (attemptsMade: number, _err: Error, options?: { delay?: number }) => (options?.delay ?? 1000) * 2 ** (attemptsMade - 1) } },
      });
      this.queues.set(name, queue);
    }
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

  process<T>(queue: string, handler: JobHandler<T>, concurrency = 1): void {
    this.queue(queue).process(concurrency, async (job: Bull.Job<T>) => {
      const maxAttempts = job.opts.attempts ?? 1;
      const attempt = job.attemptsMade + 1;
      await handler(job.data, { jobId: String(job.id), attempt, maxAttempts, isFinalAttempt: attempt >= maxAttempts });
    }).catch((err: unknown) => {
      // Closing while Bull still sets the processor up rejects with "Connection is closed.": expected then.
      if (this.closing) return;
      this.logger.error({ err, queue }, 'queue processor stopped');
    });
  }

  async pendingCount(queue: string): Promise<number> {
    const counts = await this.queue(queue).getJobCounts();
    return counts.waiting + counts.active + counts.delayed;
  }

  async ping(): Promise<boolean> {
    try {
      const client = this.queue('health').client;
      return (await Promise.race([client.ping(), new Promise<string>((r) => setTimeout(() => r('timeout'), 1000).unref())])) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}
