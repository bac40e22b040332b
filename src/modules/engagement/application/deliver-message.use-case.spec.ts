import { NO_METRICS } from '../../../../libs/common/metrics/service-metrics';
import { InMemoryDealerships, InMemoryOutboundMessages, ScriptedEngine } from '../../../../test/support/in-memory/engagement';
import { captureNestLogs } from '../../../../test/support/nest-logs';
import { DealershipLookup } from './dealership-lookup';
import { DeliverMessageUseCase } from './deliver-message.use-case';

const DEALER = { id: 'acme', name: 'Acme Motors', region: 'CA', outboundEmail: 'sales@acme.example', phone: '+14165550000' };

describe(DeliverMessageUseCase.name, () => {
  let messages: InMemoryOutboundMessages;
  let messageId: string;

  beforeEach(async () => {
    messages = new InMemoryOutboundMessages();
    ({ messageId } = await messages.append({ dealerId: 'acme', channel: 'sms', contact: { phone: '+14165550101', fullName: 'Ana' }, text: 'Hi', subject: null }));
  });

  afterEach(() => jest.restoreAllMocks());

  const attempt = (n: number, max = 3) => ({ attempt: n, maxAttempts: max, isFinalAttempt: n >= max });
  const useCase = (engine: ScriptedEngine) => new DeliverMessageUseCase(messages, new DealershipLookup(new InMemoryDealerships([DEALER])), engine, NO_METRICS);

  it('sends once and records sent, with the dealership as sender', async () => {
    const engine = new ScriptedEngine();
    await useCase(engine).execute({ dealerId: 'acme', messageId }, attempt(1));
    expect(engine.sent).toHaveLength(1);
    expect(engine.sent[0].from).toEqual({ name: 'Acme Motors', email: 'sales@acme.example', phone: '+14165550000' });
    expect(messages.outcomes.map((o) => o.outcome.status)).toEqual(['sent']);
  });

  it('records retrying and throws (the queue retries) on a transient failure, then failed on the last attempt', async () => {
    const engine = new ScriptedEngine(['transient', 'transient']);
    const logs = captureNestLogs();
    await expect(useCase(engine).execute({ dealerId: 'acme', messageId }, attempt(1, 2))).rejects.toThrow('engine timed out');
    await expect(useCase(engine).execute({ dealerId: 'acme', messageId }, attempt(2, 2))).rejects.toThrow('engine timed out');
    expect(messages.outcomes.map((o) => [o.outcome.status, o.outcome.attempts])).toEqual([['retrying', 1], ['failed', 2]]);
    expect(logs.map((l) => [l.message, l.fields.attempt, l.fields.final])).toEqual([['delivery attempt failed', 1, false], ['delivery attempt failed', 2, true]]);
  });

  it('records failed without a retry when the engine refuses for good', async () => {
    const engine = new ScriptedEngine(['permanent']);
    const logs = captureNestLogs();
    await useCase(engine).execute({ dealerId: 'acme', messageId }, attempt(1));
    expect(messages.outcomes.map((o) => o.outcome)).toEqual([{ status: 'failed', attempts: 1, lastError: 'no such number', sentAt: null }]);
    expect(logs.map((l) => [l.message, l.fields.final, l.fields.error])).toEqual([['delivery attempt failed', true, 'no such number']]);
  });

  it('never sends twice: a redelivered job of a sent or failed message does nothing', async () => {
    const engine = new ScriptedEngine();
    await useCase(engine).execute({ dealerId: 'acme', messageId }, attempt(1));
    await useCase(engine).execute({ dealerId: 'acme', messageId }, attempt(2));
    expect(engine.sent).toHaveLength(1);
  });

  it('records the hand-over its request died before recording, so a retry the queue loses is handed over again', async () => {
    // Scaled out: an API handed the job over and was killed before marking the message; another process's worker runs the job.
    const engine = new ScriptedEngine(['transient']);
    const logs = captureNestLogs();
    await expect(useCase(engine).execute({ dealerId: 'acme', messageId }, attempt(1))).rejects.toThrow('engine timed out');
    expect(logs.map((l) => l.message)).toEqual(['delivery attempt failed']);
    const later = new Date(Date.now() + 60_000);
    expect(await messages.awaitingHandOver({ recordedBefore: new Date(0), handedOverBefore: later }, 10)).toEqual([{ dealerId: 'acme', messageId }]);
  });

  it('does nothing for another dealership\'s message id', async () => {
    const engine = new ScriptedEngine();
    const logs = captureNestLogs();
    await useCase(engine).execute({ dealerId: 'other', messageId }, attempt(1));
    expect(engine.sent).toHaveLength(0);
    expect(logs.map((l) => [l.level, l.message])).toEqual([['warn', 'no outbound message to deliver']]);
    expect(messages.outcomes).toHaveLength(0);
  });
});
