import { randomBytes } from 'node:crypto';
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

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
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
    await until(() => seen.length === 2);
    expect(seen.sort()).toEqual([1, 2]);
  });

  it('keeps jobs enqueued before a processor registers', async () => {
    await queue.enqueue('q-late', { n: 7 });
    const seen: number[] = [];
    queue.process<{ n: number }>('q-late', async (p) => {
      seen.push(p.n);
    });
    await until(() => seen.length === 1);
    expect(seen).toEqual([7]);
  });

  it('retries with backoff and tells the handler its final attempt', async () => {
    const contexts: JobContext[] = [];
    const times: number[] = [];
    queue.process('q-retry', async (_p, ctx) => {
      contexts.push(ctx);
      times.push(Date.now());
      throw new Error('engine down');
    });
    await queue.enqueue('q-retry', {}, { attempts: 3, backoffMs: 200 });
    await until(() => contexts.length === 3);
    expect(contexts.map((c) => [c.attempt, c.maxAttempts, c.isFinalAttempt])).toEqual([[1, 3, false], [2, 3, false], [3, 3, true]]);
    // Doubling: 200 ms, then 400 ms (Bull's own 'exponential' would wait 200, then 600).
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(190);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(380);
    expect(times[2] - times[1]).toBeLessThan(550);
    await new Promise((r) => setTimeout(r, 300));
    expect(contexts).toHaveLength(3);
  });

  it('stops retrying once an attempt succeeds', async () => {
    let calls = 0;
    queue.process('q-recover', async () => {
      calls++;
      if (calls === 1) throw new Error('once');
    });
    await queue.enqueue('q-recover', {}, { attempts: 5, backoffMs: 10 });
    await until(() => calls === 2);
    await new Promise((r) => setTimeout(r, 200));
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
