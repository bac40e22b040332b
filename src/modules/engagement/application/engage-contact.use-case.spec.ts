import {
  InMemoryDealerships, InMemoryIdempotencyKeys, InMemoryOutboundMessages, InMemoryScheduler, InMemoryUnitOfWork,
} from '../../../../test/support/in-memory/engagement';
import { IdempotencyKeyReusedError } from '../domain/engagement.errors';
import { DealershipLookup } from './dealership-lookup';
import { EngageContactUseCase } from './engage-contact.use-case';

const DEALER = { id: 'acme', name: 'Acme Motors', region: 'CA', outboundEmail: null, phone: null };

describe(EngageContactUseCase.name, () => {
  let messages: InMemoryOutboundMessages;
  let keys: InMemoryIdempotencyKeys;
  let scheduler: InMemoryScheduler;
  let engage: EngageContactUseCase;

  beforeEach(() => {
    messages = new InMemoryOutboundMessages();
    keys = new InMemoryIdempotencyKeys();
    scheduler = new InMemoryScheduler();
    const unitOfWork = new InMemoryUnitOfWork().guard(messages, keys);
    engage = new EngageContactUseCase(unitOfWork, new DealershipLookup(new InMemoryDealerships([DEALER])), messages, keys, scheduler);
  });

  const command = (text = 'Your car is ready') => ({ contact: { phone: '(416) 555-0101', fullName: 'Ana Ruiz' }, message: text });

  it('appends the message queued and schedules one delivery job for it', async () => {
    const outcome = await engage.execute('acme', command());
    expect(outcome.repeated).toBe(false);
    expect(messages.messages.get(outcome.messageId!)).toMatchObject({ deliveryStatus: 'queued', channel: 'sms', to: { phone: '+14165550101' } });
    expect(scheduler.jobs).toEqual([{ dealerId: 'acme', messageId: outcome.messageId }]);
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
      new InMemoryUnitOfWork(), new DealershipLookup(new InMemoryDealerships([{ ...DEALER, id: 'zeta' }])), messages, keys, scheduler,
    );
    expect((await otherDealer.execute('zeta', command(), 'key-1')).repeated).toBe(false);
  });

  it('queue down: the message is recorded failed, the key released, so the client\'s retry is carried out', async () => {
    scheduler.down = true;
    await expect(engage.execute('acme', command(), 'key-1')).rejects.toMatchObject({ kind: 'unavailable', code: 'engagement.queue_unavailable' });
    expect([...messages.messages.values()].map((m) => m.deliveryStatus)).toEqual(['failed']);
    expect(keys.keys.size).toBe(0);
    scheduler.down = false;
    const retry = await engage.execute('acme', command(), 'key-1');
    expect(retry.repeated).toBe(false);
    expect(scheduler.jobs).toEqual([{ dealerId: 'acme', messageId: retry.messageId }]);
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
