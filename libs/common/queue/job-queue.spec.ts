import { randomBytes } from 'node:crypto';
import type Bull from 'bull';
import { until } from '../../../test/support/eventually';
import { BullJobQueue } from './bull-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobContext, JobQueue } from './job-queue';

/** One contract, both adapters: Bull runs when TEST_REDIS_URL is set (always in CI). */
const adapters: [string, () => JobQueue][] = [['in-process', () => new InProcessJobQueue()]];
if (process.env.TEST_REDIS_URL) {
  adapters.push(['bull', () => new BullJobQueue(process.env.TEST_REDIS_URL!, `t${randomBytes(4).toString('hex')}`)]);
} else {
  process.stdout.write('[unit] Bull queue contract skipped: TEST_REDIS_URL is not set\n');
}

describe.each(adapters)('JobQueue contract [%s]', (_name, make) => {
  let queue: JobQueue;
  beforeEach(() => {
    queue = make();
  });
  afterEach(() => queue.close());

  it('delivers enqueued payloads to the processor', async () => {
    const seen: unknown[] = [];
    queue.process<{ n: number }>('q-deliver', async (p) => {
      seen.push(p.n);
    });
    await queue.enqueue('q-deliver', { n: 1 });
    await queue.enqueue('q-deliver', { n: 2 });
    await until(() => seen.length === 2, 'both payloads');
    expect(seen.sort()).toEqual([1, 2]);
  });

  it('keeps jobs enqueued before a processor registers', async () => {
    await queue.enqueue('q-late', { n: 7 });
    const seen: number[] = [];
    queue.process<{ n: number }>('q-late', async (p) => {
      seen.push(p.n);
    });
    await until(() => seen.length === 1, 'the early payload');
    expect(seen).toEqual([7]);
  });

  it('retries a failing job up to its attempts and tells the handler its final attempt', async () => {
    const contexts: JobContext[] = [];
    queue.process('q-retry', async (_p, ctx) => {
      contexts.push(ctx);
      throw new Error('engine down');
    });
    await queue.enqueue('q-retry', {}, { attempts: 3, backoffMs: 20 });
    await until(() => contexts.length === 3, 'three attempts');
    // Nothing left waiting, delayed or running: the job has failed for good, so no 4th attempt can come.
    await until(async () => (await queue.pendingCount('q-retry')) === 0, 'the failed job to leave the queue');
    expect(contexts.map((c) => [c.attempt, c.maxAttempts, c.isFinalAttempt])).toEqual([[1, 3, false], [2, 3, false], [3, 3, true]]);
  });

  it('stops retrying once an attempt succeeds', async () => {
    let calls = 0;
    queue.process('q-recover', async () => {
      calls++;
      if (calls === 1) throw new Error('once');
    });
    await queue.enqueue('q-recover', {}, { attempts: 5, backoffMs: 10 });
    // Done once nothing is waiting, delayed or running any more.
    await until(async () => (await queue.pendingCount('q-recover')) === 0, 'the job to complete');
    expect(calls).toBe(2);
  });

  it('does not add a job twice under the same job id while it waits', async () => {
    await queue.enqueue('q-dedupe', { n: 1 }, { jobId: 'same', delayMs: 200 });
    await queue.enqueue('q-dedupe', { n: 2 }, { jobId: 'same', delayMs: 200 });
    expect(await queue.pendingCount('q-dedupe')).toBe(1);
  });

  it('answers ping', async () => {
    await expect(queue.ping()).resolves.toBe(true);
  });
});

/** The backoff schedule in simulated time: attempt n+1 starts backoffMs * 2^(n-1) after attempt n fails. */
describe(`${InProcessJobQueue.name} backoff`, () => {
  let queue: InProcessJobQueue;
  beforeEach(() => {
    jest.useFakeTimers();
    queue = new InProcessJobQueue();
  });
  afterEach(async () => {
    await queue.close();
    jest.useRealTimers();
  });

  it('doubles the delay: 200 ms, then 400 ms (Bull\'s own exponential would wait 200, then 600)', async () => {
    const started: number[] = [];
    queue.process('q-backoff', async () => {
      started.push(Date.now());
      throw new Error('engine down');
    });
    const t0 = Date.now();
    await queue.enqueue('q-backoff', {}, { attempts: 3, backoffMs: 200 });
    await jest.advanceTimersByTimeAsync(0);
    expect(started).toEqual([t0]);
    await jest.advanceTimersByTimeAsync(199);
    expect(started).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(started).toEqual([t0, t0 + 200]);
    await jest.advanceTimersByTimeAsync(399);
    expect(started).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(started).toEqual([t0, t0 + 200, t0 + 600]);
    // The last attempt failed: nothing is scheduled any more.
    expect(await queue.pendingCount('q-backoff')).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });
});

/** Bull computes the retry delays itself: check the ones it will use for the options the adapter recorded, not the clock. */
(process.env.TEST_REDIS_URL ? describe : describe.skip)(`${BullJobQueue.name} backoff`, () => {
  type BackoffCalculator = { calculate(backoff: unknown, attemptsMade: number, strategies: unknown, err: Error, options: unknown): number };
  const { calculate } = jest.requireActual<BackoffCalculator>('bull/lib/backoffs');
  let queue: BullJobQueue;
  beforeEach(() => {
    queue = new BullJobQueue(process.env.TEST_REDIS_URL!, `t${randomBytes(4).toString('hex')}`);
  });
  afterEach(() => queue.close());

  it('doubles the delay: 200 ms, then 400 ms (Bull\'s own exponential would wait 200, then 600)', async () => {
    const id = await queue.enqueue('q-backoff', {}, { attempts: 3, backoffMs: 200, delayMs: 60_000 });
    const bull = (queue as unknown as { queue(name: string): Bull.Queue & { settings: { backoffStrategies: unknown } } }).queue('q-backoff');
    const job = (await bull.getJob(id))!;
    expect(job.opts.attempts).toBe(3);
    const backoff = job.opts.backoff as { options?: unknown };
    const delays = [1, 2].map((attemptsMade) => calculate(backoff, attemptsMade, bull.settings.backoffStrategies, new Error('engine down'), backoff.options));
    expect(delays).toEqual([200, 400]);
  });
});
