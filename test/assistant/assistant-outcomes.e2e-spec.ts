import { randomUUID } from 'node:crypto';
import { type BaseMessage, ToolMessage } from '@langchain/core/messages';
import { UnitOfWork } from '../../libs/common/persistence/unit-of-work';
import { OfflineDealershipModel } from '../../src/modules/assistant/adapters/agent/offline-chat-model';
import { AssistantRepository } from '../../src/modules/assistant/domain/assistant.repository';
import { describeEachBackend } from '../support/backends';
import { until } from '../support/eventually';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { allEvents, send, SentMessage, stockCars, waitForRun } from './assistant-helpers';

/** The offline model's turn: private, spied on to make the model fail once it has the tools' results. */
type Responding = { respond(messages: BaseMessage[]): unknown };

describeEachBackend('Assistant outcomes and history', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let vins: string[];

  beforeAll(async () => {
    // A model that takes a few ms per word, so a run can be cancelled while it streams.
    t = await startTestApp(backend, { ASSISTANT_STREAM_DELAY_MS: '25' });
    dealer = await createDealer(t);
    vins = await stockCars(t, dealer, 400);
  });
  afterAll(() => t.close());

  const messages = async (who: DealerFixture, threadId: string) =>
    (await t.http().get(`/api/v1/assistant/threads/${threadId}/messages`).set('Authorization', who.auth).expect(200)).body as { run_id: string; role: string; run_outcome: string | null }[];
  const threads = async (who: DealerFixture, query: Record<string, string | number>) =>
    ((await t.http().get('/api/v1/assistant/threads').query(query).set('Authorization', who.auth).expect(200)).body as { thread_id: string }[]).map((th) => th.thread_id);
  const toolCalls = async (who: DealerFixture, sent: SentMessage) =>
    (await allEvents(t, who, sent)).filter((e) => e.type === 'tool.call').map((e) => JSON.parse(e.payload_json) as { name: string; args: Record<string, unknown> });

  it('a failed run keeps its outcome (unanswered) and its steps; later runs do not see its question', async () => {
    const first = await send(t, dealer, `Tell me about ${vins[0]}`);
    expect(await waitForRun(t, dealer, first)).toMatchObject({ status: 'completed', outcome: 'answered' });

    // The model fails once both tools of the question have answered (before any batch of events is written).
    const respond = (OfflineDealershipModel.prototype as unknown as Responding).respond;
    const failing = jest.spyOn(OfflineDealershipModel.prototype as unknown as Responding, 'respond').mockImplementation(function (this: Responding, all: BaseMessage[]) {
      if (all.some((m) => ToolMessage.isInstance(m)) && all.some((m) => String(m.content).includes(vins[1]))) throw new Error('the model is unavailable');
      return respond.call(this, all);
    });
    const { failed, run } = await (async () => {
      const sent = await send(t, dealer, `What are your hours, and tell me about ${vins[1]}`, first.thread_id);
      return { failed: sent, run: await waitForRun(t, dealer, sent) };
    })().finally(() => failing.mockRestore());
    expect(run).toMatchObject({
      status: 'failed', outcome: 'unanswered', outcome_code: 'model_error', step_index: 2, last_error: 'The model or a tool failed: the model is unavailable',
    });
    expect((await toolCalls(dealer, failed)).map((c) => c.name)).toEqual(['dealership_info', 'get_vehicle']);
    const end = (await allEvents(t, dealer, failed)).pop()!;
    expect({ type: end.type, payload: JSON.parse(end.payload_json) }).toMatchObject({ type: 'run.failed', payload: { outcome: 'unanswered', outcome_code: 'model_error' } });

    // "it" is the car of the thread's last answered turn, not of the failed question (two customer turns in a row before).
    const next = await send(t, dealer, 'How much is it?', first.thread_id);
    expect(await waitForRun(t, dealer, next)).toMatchObject({ status: 'completed', outcome: 'answered' });
    expect(await toolCalls(dealer, next)).toEqual([{ name: 'get_vehicle', args: { vin: vins[0] } }]);

    // The thread keeps every message; the history a model is shown alternates.
    expect((await messages(dealer, first.thread_id)).map((m) => [m.run_id, m.role, m.run_outcome])).toEqual([
      [first.run_id, 'user', 'answered'], [first.run_id, 'assistant', 'answered'], [failed.run_id, 'user', 'unanswered'],
      [next.run_id, 'user', 'answered'], [next.run_id, 'assistant', 'answered'],
    ]);
    const history = await t.app.get(AssistantRepository).listMessages(dealer.dealerId, first.thread_id, 20, { answered: true });
    expect(history.map((m) => [m.runId, m.role])).toEqual([[first.run_id, 'user'], [first.run_id, 'assistant'], [next.run_id, 'user'], [next.run_id, 'assistant']]);
    // The bound counts answered messages: the last two of them.
    expect((await t.app.get(AssistantRepository).listMessages(dealer.dealerId, first.thread_id, 2, { answered: true })).map((m) => m.runId)).toEqual([next.run_id, next.run_id]);
    // Scoped to the dealership.
    expect(await t.app.get(AssistantRepository).listMessages('another-dealer', first.thread_id, 20, { answered: true })).toEqual([]);
  });

  it('a run cancelled while it streams, or before it started, is unanswered with the steps it made', async () => {
    const sent = await send(t, dealer, 'List the Honda Civic cars you have with their prices and mileage please');
    await until(async () => (await allEvents(t, dealer, sent)).some((e) => e.type === 'message.delta'), 'the reply to start');
    await t.http().post(`/api/v1/assistant/threads/${sent.thread_id}/runs/cancel`).set('Authorization', dealer.auth).expect(202);
    expect(await waitForRun(t, dealer, sent)).toMatchObject({ status: 'cancelled', outcome: 'unanswered', outcome_code: 'cancelled_by_user', step_index: 1 });

    const queued = await insertQueuedRun(dealer, 'What are your hours?');
    const cancel = await t.http().post(`/api/v1/assistant/threads/${queued.thread_id}/runs/cancel`).set('Authorization', dealer.auth).expect(202);
    expect(cancel.body).toMatchObject({ status: 'cancelled', outcome: 'unanswered', outcome_code: 'cancelled_by_user', step_index: 0 });
  });

  it('lists the threads whose latest run was handed off (or answered, or unanswered), of the caller only; 400 on another outcome', async () => {
    const shop = await createDealer(t);
    const other = await createDealer(t);
    const ended = async (who: DealerFixture, message: string, threadId?: string, outcome = 'answered') => {
      const sent = await send(t, who, message, threadId);
      expect(await waitForRun(t, who, sent)).toMatchObject({ status: 'completed', outcome });
      return sent;
    };
    const answered = await ended(shop, 'What are your hours?');
    const handedOff = await ended(shop, 'Can you knock $2,000 off the price?', undefined, 'handed_off');
    // Handed off, then answered: its latest run is answered.
    const laterAnswered = await ended(shop, 'Would you take $15,000 for a Civic?', undefined, 'handed_off');
    await ended(shop, 'What are your hours?', laterAnswered.thread_id);
    const cancelled = await insertQueuedRun(shop, 'Where are you?');
    await t.http().post(`/api/v1/assistant/threads/${cancelled.thread_id}/runs/cancel`).set('Authorization', shop.auth).expect(202);
    const lastHandedOff = await ended(shop, 'What is the lowest you would take for a Civic?', undefined, 'handed_off');
    const theirs = await ended(other, 'Can you knock $2,000 off the price?', undefined, 'handed_off');

    expect(await threads(shop, { outcome: 'handed_off' })).toEqual([lastHandedOff.thread_id, handedOff.thread_id]);
    // take counts the threads that match, not the threads looked at.
    expect(await threads(shop, { outcome: 'handed_off', take: 1 })).toEqual([lastHandedOff.thread_id]);
    expect(await threads(shop, { outcome: 'answered' })).toEqual([laterAnswered.thread_id, answered.thread_id]);
    expect(await threads(shop, { outcome: 'unanswered' })).toEqual([cancelled.thread_id]);
    expect(await threads(shop, {})).toEqual([lastHandedOff.thread_id, cancelled.thread_id, laterAnswered.thread_id, handedOff.thread_id, answered.thread_id]);
    expect(await threads(other, { outcome: 'handed_off' })).toEqual([theirs.thread_id]);

    const bogus = await t.http().get('/api/v1/assistant/threads').query({ outcome: 'bogus' }).set('Authorization', shop.auth).expect(400);
    expect(bogus.body.details).toEqual([{ field: 'outcome', errors: [expect.stringContaining('answered, handed_off, unanswered')] }]);
  });

  /** A thread whose run is queued and not handed to any queue (so it stays queued until cancelled). */
  async function insertQueuedRun(who: DealerFixture, question: string): Promise<SentMessage> {
    const repository = t.app.get(AssistantRepository);
    const now = new Date();
    const threadId = randomUUID();
    const runId = randomUUID();
    await t.app.get(UnitOfWork).run(async () => {
      await repository.insertThread({ id: threadId, dealerId: who.dealerId, title: question, objective: '', latestRunId: null, createdDate: now, lastModifiedDate: now });
      await repository.insertRun({
        id: runId, threadId, dealerId: who.dealerId, status: 'queued', lastError: null, resultSummary: null, outcome: null, outcomeCode: null,
        stepIndex: 0, attempts: 0, deadlineAt: new Date(now.getTime() + 120_000), createdDate: now, startedDate: null, completedDate: null, lastModifiedDate: now, enqueuedAt: now,
      });
      await repository.insertMessage({ dealerId: who.dealerId, threadId, runId, role: 'user', content: question, metadataCode: null, dateCreated: now });
      await repository.touchThread(who.dealerId, threadId, runId, now);
    });
    return { thread_id: threadId, run_id: runId };
  }
});
