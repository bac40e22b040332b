import { randomBytes } from 'node:crypto';
import { Process, Processor } from '@nestjs/bull';
import { Injectable, Module } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { BULL_BACKOFF_STRATEGIES } from './bull-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import { jobContext, JobContext, JobQueue, QueueJob } from './job-queue';
import { deleteRedisKeys } from '../../../test/support/redis-keys';
import { QueueModule } from './queue.module';

/**
 * One contract, both adapters, wired as the app wires them: `@Processor` classes found by
 * `@nestjs/bull` (Redis) or by the in-process explorer. Bull runs when TEST_REDIS_URL is set (always in CI).
 */
const QUEUE = 'contract';
const redisUrls: [string, string | null][] = [['in-process', null]];
if (process.env.TEST_REDIS_URL) redisUrls.push(['bull', process.env.TEST_REDIS_URL]);
else process.stdout.write('[unit] Bull queue contract skipped: TEST_REDIS_URL is not set\n');

type Behaviour = (job: QueueJob<{ n: number }>, context: JobContext) => Promise<void>;

@Injectable()
class Script {
  behaviour: Behaviour = async () => undefined;
  readonly seen: { n: number; context: JobContext }[] = [];
}

@Processor(QUEUE)
class ContractProcessor {
  constructor(private readonly script: Script) {}

  @Process({ concurrency: 2 })
  async handle(job: QueueJob<{ n: number }>): Promise<void> {
    const context = jobContext(job);
    this.script.seen.push({ n: job.data.n, context });
    await this.script.behaviour(job, context);
  }
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setImmediate(r));
  }
}

describe.each(redisUrls)('JobQueue contract [%s]', (_name, redisUrl) => {
  let app: TestingModule;
  let queue: JobQueue;
  let script: Script;
  let prefix: string;

  async function start(withProcessor: boolean): Promise<void> {
    prefix = `t${randomBytes(4).toString('hex')}`;
    @Module({ providers: withProcessor ? [Script, ContractProcessor] : [Script], exports: [Script] })
    class Feature {}
    app = await Test.createTestingModule({
      imports: [QueueModule.forRoot({ redisUrl, prefix, queues: [QUEUE] }), Feature],
    }).compile();
    await app.init();
    queue = app.get(JobQueue);
    script = app.get(Script);
  }

  afterEach(async () => {
    await app.close();
    if (redisUrl) await deleteRedisKeys(redisUrl, `${prefix}:*`);
  });

  it('delivers enqueued payloads to the @Process method', async () => {
    await start(true);
    await queue.enqueue(QUEUE, { n: 1 });
    await queue.enqueue(QUEUE, { n: 2 });
    await until(() => script.seen.length === 2);
    expect(script.seen.map((s) => s.n).sort()).toEqual([1, 2]);
  });

  it('runs nothing where no processor is composed (an API root without the worker)', async () => {
    await start(false);
    await queue.enqueue(QUEUE, { n: 1 });
    expect(await queue.pendingCount(QUEUE)).toBe(1);
  });

  it('retries and tells the handler its attempt and the final one', async () => {
    await start(true);
    script.behaviour = async () => {
      throw new Error('engine down');
    };
    await queue.enqueue(QUEUE, { n: 1 }, { attempts: 3, backoffMs: 5 });
    await until(async () => script.seen.length === 3 && (await queue.pendingCount(QUEUE)) === 0);
    expect(script.seen.map((s) => [s.context.attempt, s.context.maxAttempts, s.context.isFinalAttempt])).toEqual([[1, 3, false], [2, 3, false], [3, 3, true]]);
  });

  it('stops retrying once an attempt succeeds', async () => {
    await start(true);
    script.behaviour = async (_job, context) => {
      if (context.attempt === 1) throw new Error('once');
    };
    await queue.enqueue(QUEUE, { n: 1 }, { attempts: 5, backoffMs: 5 });
    await until(async () => script.seen.length === 2 && (await queue.pendingCount(QUEUE)) === 0);
    expect(script.seen).toHaveLength(2);
  });

  it('does not add a job twice under the same job id while it waits', async () => {
    await start(false);
    await queue.enqueue(QUEUE, { n: 1 }, { jobId: 'same' });
    await queue.enqueue(QUEUE, { n: 2 }, { jobId: 'same' });
    expect(await queue.pendingCount(QUEUE)).toBe(1);
  });

  it('closes cleanly while the processor is still starting (no stray rejection or connection)', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      for (let i = 0; i < 5; i++) {
        await start(true);
        await app.close();
      }
      await start(true);
      await new Promise((r) => setTimeout(r, 300));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });

  it('answers ping', async () => {
    await start(false);
    await expect(queue.ping()).resolves.toBe(true);
  });
});

describe('retry backoff', () => {
  it('doubles the first delay on Bull (its own "exponential" would wait delay*(2^n - 1))', () => {
    const err = new Error('x');
    expect([1, 2, 3, 4].map((n) => BULL_BACKOFF_STRATEGIES.doubling(n, err, { delay: 200 }))).toEqual([200, 400, 800, 1600]);
  });

  it('doubles the first delay in process', async () => {
    jest.useFakeTimers();
    try {
      const queue = new InProcessJobQueue();
      const attempts: number[] = [];
      queue.process('q', async () => {
        attempts.push(Date.now());
        throw new Error('down');
      });
      await queue.enqueue('q', {}, { attempts: 3, backoffMs: 200 });
      await jest.advanceTimersByTimeAsync(0);
      expect(attempts).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(199);
      expect(attempts).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect(attempts).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(399);
      expect(attempts).toHaveLength(2);
      await jest.advanceTimersByTimeAsync(1);
      expect(attempts).toHaveLength(3);
      await queue.close();
    } finally {
      jest.useRealTimers();
    }
  });
});
