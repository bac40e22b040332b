import { ChildProcess } from 'node:child_process';
import { configuredBackends } from '../support/backends';
import { startWorker, stopProcess } from '../support/worker-process';
import { until } from '../support/eventually';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { allEvents, openStream, reply, send, stockCars, waitForRun } from './assistant-helpers';

const bull = configuredBackends().find((b) => b.redisUrl);
if (!bull) process.stdout.write('[e2e] assistant worker-process suite skipped: TEST_REDIS_URL is not set\n');

(bull ? describe : describe.skip)(`Assistant runs in a separate worker process [${bull?.name}]`, () => {
  let t: TestApp;
  let dealer: DealerFixture;
  let vins: string[];
  const workers: ChildProcess[] = [];
  /** The worker's own settings: a model slow enough to be caught mid-reply, a lost worker noticed within 2 s. */
  const workerEnv = () => ({ ...t.env, ASSISTANT_STREAM_DELAY_MS: '150', ASSISTANT_WORKER_TIMEOUT_S: '2', ASSISTANT_SWEEP_INTERVAL_MS: '200' });

  beforeAll(async () => {
    // The API process only records and enqueues: no processor, no sweep in it.
    t = await startTestApp(bull!, { RUN_WORKERS: 'false' });
    dealer = await createDealer(t);
    vins = await stockCars(t, dealer, 300);
  });
  afterAll(async () => {
    for (const w of workers) await stopProcess(w, 'SIGKILL');
    await t.close();
  });

  it('cancels a queued run at once (no worker has it)', async () => {
    const sent = await send(t, dealer, 'What are your hours?');
    const cancel = await t.http().post(`/api/v1/assistant/threads/${sent.thread_id}/runs/cancel`).set('Authorization', dealer.auth).expect(202);
    expect(cancel.body).toMatchObject({ run_id: sent.run_id, status: 'cancelled', outcome_code: 'cancelled_by_user' });
    expect((await allEvents(t, dealer, sent)).map((e) => e.type)).toEqual(['run.queued', 'run.cancelled']);
  });

  it('streams, on the API, a run that a worker process started after the stream was opened', async () => {
    const sent = await send(t, dealer, 'What is the cheapest Honda Civic?');
    const stream = openStream(t, dealer, sent);
    await until(async () => (await allEvents(t, dealer, sent)).length === 1, 'the run to wait, queued');
    workers.push(await startWorker({ ...t.env }));
    const { frames } = await stream.done;
    expect(frames[0].event).toBe('run.queued');
    expect(frames[frames.length - 1].event).toBe('run.completed');
    expect(frames.map((f) => f.event)).toContain('message.delta');
    expect((await reply(t, dealer, sent))!.content).toContain(`VIN ${vins[0]}`);
    await stopProcess(workers.pop()!);
  });

  it('a worker killed mid-reply: the run ends failed with last_error, and the next run on the thread works', async () => {
    const first = await startWorker(workerEnv());
    workers.push(first);
    const sent = await send(t, dealer, 'List the Honda Civic cars you have with their prices and mileage please');
    await until(async () => (await allEvents(t, dealer, sent)).some((e) => e.type === 'message.delta'), 'the reply to start', { timeoutMs: 20_000 });
    await stopProcess(first, 'SIGKILL');
    // Another worker's sweep finds the run without a heartbeat.
    workers.push(await startWorker(workerEnv()));
    const run = await waitForRun(t, dealer, sent, undefined, 30_000);
    expect(run).toMatchObject({ status: 'failed', outcome_code: 'worker_lost' });
    expect(run.last_error).toMatch(/worker running it stopped/);
    const events = await allEvents(t, dealer, sent);
    expect(events[events.length - 1].type).toBe('run.failed');

    const next = await send(t, dealer, 'What are your hours?', sent.thread_id);
    expect((await waitForRun(t, dealer, next, undefined, 30_000)).status).toBe('completed');
  });

  it('a worker killed before it replied: the run is retried from the start and completes', async () => {
    while (workers.length) await stopProcess(workers.pop()!);
    const slow = await startWorker({ ...workerEnv(), ASSISTANT_STREAM_DELAY_MS: '3000' });
    workers.push(slow);
    const sent = await send(t, dealer, 'What are your hours?');
    // Killed after its tools answered, while the (slow) model has not said a word.
    await until(async () => (await allEvents(t, dealer, sent)).some((e) => e.type === 'tool.result'), 'the tools to answer', { timeoutMs: 20_000 });
    expect((await allEvents(t, dealer, sent)).some((e) => e.type === 'message.delta')).toBe(false);
    await stopProcess(slow, 'SIGKILL');
    workers.push(await startWorker({ ...workerEnv(), ASSISTANT_STREAM_DELAY_MS: '0' }));
    const run = await waitForRun(t, dealer, sent, undefined, 30_000);
    expect(run).toMatchObject({ status: 'completed', outcome: 'answered' });
    const types = (await allEvents(t, dealer, sent)).map((e) => e.type);
    expect(types.filter((x) => x === 'run.started')).toHaveLength(2);
    expect(types.filter((x) => x === 'run.queued')).toHaveLength(2);
  });
});
