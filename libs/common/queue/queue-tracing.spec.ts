import { randomBytes } from 'node:crypto';
import { Process, Processor } from '@nestjs/bull';
import { Injectable, Module } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { deleteRedisKeys } from '../../../test/support/redis-keys';
import { Tracing, tracing, useTracing } from '../tracing/tracing';
import { jobContext, JobQueue, QueueJob } from './job-queue';
import { QueueModule } from './queue.module';

/**
 * Both adapters carry the trace of the code that enqueued a job into the job's run, through the
 * hooks of tracing.ts: here a recording stand-in for the OpenTelemetry implementation (the real
 * one, across processes: test/foundation/tracing.e2e-spec.ts). Bull runs when TEST_REDIS_URL is set.
 */
const QUEUE = 'traced';
const adapters: [string, string | null][] = [['in_process', null]];
const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
if (process.env.TEST_REDIS_URL) adapters.push(['bull', process.env.TEST_REDIS_URL]);

/** The trace "active" where the test enqueues (undefined: none). */
let active: string | undefined;
/** The carrier of the runJob call in progress, as the processor sees it. */
let running: Record<string, string> | undefined;
const runs: { queue: string; system: string; attempt: number; carrier: Record<string, string> | undefined }[] = [];

const recording: Tracing = {
  carrier: () => (active ? { traceparent: active } : undefined),
  runJob: async (job, carrier, work) => {
    runs.push({ queue: job.queue, system: job.system, attempt: job.attempt, carrier });
    running = carrier;
    try {
      return await work();
    } finally {
      running = undefined;
    }
  },
  shutdown: async () => undefined,
};

@Injectable()
class Seen {
  readonly jobs: { data: unknown; attempt: number; running: Record<string, string> | undefined }[] = [];
  failFirst = false;
}

@Processor(QUEUE)
class TracedProcessor {
  constructor(private readonly seen: Seen) {}

  @Process()
  async handle(job: QueueJob<{ n: number }>): Promise<void> {
    const { attempt } = jobContext(job);
    this.seen.jobs.push({ data: job.data, attempt, running });
    if (this.seen.failFirst && attempt === 1) throw new Error('once');
  }
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe.each(adapters)('JobQueue tracing [%s]', (system, redisUrl) => {
  const off = tracing();
  let app: TestingModule;
  let prefix: string;

  async function start(): Promise<{ queue: JobQueue; seen: Seen }> {
    prefix = `t${randomBytes(4).toString('hex')}`;
    @Module({ providers: [Seen, TracedProcessor] })
    class Feature {}
    app = await Test.createTestingModule({ imports: [QueueModule.forRoot({ redisUrl, prefix, queues: [QUEUE] }), Feature] }).compile();
    await app.init();
    return { queue: app.get(JobQueue), seen: app.get(Seen) };
  }

  beforeEach(() => {
    runs.length = 0;
    active = undefined;
  });
  afterEach(async () => {
    useTracing(off);
    await app.close();
    if (redisUrl) await deleteRedisKeys(redisUrl, `${prefix}:*`);
  });

  it('runs each job inside its trace: the one active where it was enqueued, or none', async () => {
    useTracing(recording);
    const { queue, seen } = await start();
    active = TRACEPARENT;
    await queue.enqueue(QUEUE, { n: 1 });
    active = undefined;
    await queue.enqueue(QUEUE, { n: 2 });
    await until(() => seen.jobs.length === 2);

    const byN = (n: number) => seen.jobs.find((j) => (j.data as { n: number }).n === n)!;
    expect(byN(1).running).toEqual({ traceparent: TRACEPARENT });
    expect(byN(2).running).toBeUndefined();
    expect(runs).toHaveLength(2);
    for (const run of runs) expect(run).toMatchObject({ queue: QUEUE, system, attempt: 1 });
    // Only Bull needs the trace in the job's data (it crosses Redis); the processor reads its own fields.
    expect(byN(1).data).toEqual(system === 'bull' ? { n: 1, _trace: { traceparent: TRACEPARENT } } : { n: 1 });
    expect(byN(2).data).toEqual({ n: 2 });
  });

  it('continues the same trace on every attempt', async () => {
    useTracing(recording);
    const { queue, seen } = await start();
    seen.failFirst = true;
    active = TRACEPARENT;
    await queue.enqueue(QUEUE, { n: 1 }, { attempts: 2, backoffMs: 5 });
    await until(() => seen.jobs.length === 2);
    expect(runs.map((r) => [r.attempt, r.carrier])).toEqual([[1, { traceparent: TRACEPARENT }], [2, { traceparent: TRACEPARENT }]]);
  });

  it('off, leaves the payload as it is', async () => {
    const { queue, seen } = await start();
    active = TRACEPARENT;
    await queue.enqueue(QUEUE, { n: 1 });
    await until(() => seen.jobs.length === 1);
    expect(seen.jobs[0]).toEqual({ data: { n: 1 }, attempt: 1, running: undefined });
    expect(runs).toEqual([]);
  });
});
