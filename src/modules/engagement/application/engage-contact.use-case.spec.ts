import {
  InMemoryDealerships, InMemoryIdempotencyKeys, InMemoryOutboundMessages, InMemoryScheduler, InMemoryUnitOfWork, InMemoryLeadNotifications,
} from '../../../../test/support/in-memory/engagement';
import { captureNestLogs } from '../../../../test/support/nest-logs';
import { IdempotencyKeyReusedError } from '../domain/engagement.errors';
import { DealershipLookup } from './dealership-lookup';
import { DeliveryHandOver } from './delivery-hand-over';
import { EngageContactUseCase } from './engage-contact.use-case';

const DEALER = { id: 'acme', name: 'Acme Motors', region: 'CA', outboundEmail: null, phone: null };

describe(EngageContactUseCase.name, () => {
  let messages: InMemoryOutboundMessages;
  let keys: InMemoryIdempotencyKeys;
  let scheduler: InMemoryScheduler;
  let handOver: DeliveryHandOver;
  let relayWoken: number;
  let engage: EngageContactUseCase;

  beforeEach(() => {
    messages = new InMemoryOutboundMessages();
    keys = new InMemoryIdempotencyKeys();
    scheduler = new InMemoryScheduler();
    handOver = new DeliveryHandOver(messages, new InMemoryLeadNotifications(), scheduler);
    relayWoken = 0;
    handOver.onMissed(() => relayWoken++);
    const unitOfWork = new InMemoryUnitOfWork().guard(messages, keys);
    engage = new EngageContactUseCase(unitOfWork, new DealershipLookup(new InMemoryDealerships([DEALER])), messages, keys, handOver);
  });

  afterEach(() => jest.restoreAllMocks());

  const command = (text = 'Your car is ready') => ({ contact: { phone: '(416) 555-0101', fullName: 'Ana Ruiz' }, message: text });

  it('appends the message queued, hands one delivery job for it to the queue and marks it handed over', async () => {
    const outcome = await engage.execute('acme', command());
    expect(outcome.repeated).toBe(false);
    expect(messages.messages.get(outcome.messageId!)).toMatchObject({ deliveryStatus: 'queued', channel: 'sms', to: { phone: '+14165550101' }, handedOverAt: expect.any(Date) });
    expect(scheduler.jobs).toEqual([{ dealerId: 'acme', messageId: outcome.messageId, again: false }]);
    expect(relayWoken).toBe(0);
  });

  it('a repeat of the Idempotency-Key with the same request records and schedules nothing', async () => {
    const first = await engage.execute('acme', command(), 'key-1');
    // The same request, spelled differently (the normalised plan is fingerprinted).
    const again = await engage.execute('acme', { ...command(), contact: { phone: '+1 416 555 0101', fullName: 'Ana Ruiz' } }, 'key-1');
    expect(first.repeated).toBe(false);
    expect(again).toEqual({ repeated: true, conversationId: null, messageId: null });
    expect(messages.messages.size).toBe(1);
    expect(scheduler.jobs).toHaveLength(1);
  });

  it('the same key with another request is a conflict', async () => {
    await engage.execute('acme', command(), 'key-1');
    await expect(engage.execute('acme', command('Something else'), 'key-1')).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
  });

  it('keys are per dealership', async () => {
    await engage.execute('acme', command(), 'key-1');
    const otherDealer = new EngageContactUseCase(
      new InMemoryUnitOfWork(), new DealershipLookup(new InMemoryDealerships([{ ...DEALER, id: 'zeta' }])), messages, keys, handOver,
    );
    expect((await otherDealer.execute('zeta', command(), 'key-1')).repeated).toBe(false);
  });

  it('queue down: the message stays queued, not handed over, the key holds, the relay is woken, and the answer is a 202', async () => {
    scheduler.down = true;
    const logs = captureNestLogs();
    const outcome = await engage.execute('acme', command(), 'key-1');
    expect(outcome.repeated).toBe(false);
    expect(logs.map((l) => [l.level, l.message])).toEqual([['warn', 'could not hand the delivery to the queue now; the relay will']]);
    expect(messages.messages.get(outcome.messageId!)).toMatchObject({ deliveryStatus: 'queued', handedOverAt: null });
    expect(keys.keys.size).toBe(1);
    expect(relayWoken).toBe(1);
    // The client's retry is the no-op it would be had the queue answered: the relay owns the message now.
    expect((await engage.execute('acme', command(), 'key-1')).repeated).toBe(true);
    expect(messages.messages.size).toBe(1);
  });

  it('a queue that does not answer holds the request at most REQUEST_HAND_OVER_WAIT_MS; its late answer still marks the message', async () => {
    scheduler.hanging = true;
    const started = Date.now();
    const outcome = await engage.execute('acme', command());
    expect(Date.now() - started).toBeLessThan(1000);
    expect(messages.messages.get(outcome.messageId!)!.handedOverAt).toBeNull();
    expect(relayWoken).toBe(1);
    scheduler.answer();
    await new Promise((resolve) => setImmediate(resolve));
    expect(scheduler.jobs).toEqual([{ dealerId: 'acme', messageId: outcome.messageId, again: false }]);
    expect(messages.messages.get(outcome.messageId!)!.handedOverAt).toEqual(expect.any(Date));
  });

  it('a failure inside the unit of work keeps neither the key nor the message', async () => {
    const append = messages.append.bind(messages);
    messages.append = async (m) => {
      await append(m);
      throw new Error('database went away');
    };
    await expect(engage.execute('acme', command(), 'key-1')).rejects.toThrow('database went away');
    expect(messages.messages.size).toBe(0);
    expect(keys.keys.size).toBe(0);
  });
});
