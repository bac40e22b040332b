import { InMemoryLeadNotifications, InMemoryOutboundMessages, InMemoryScheduler } from '../../../../test/support/in-memory/engagement';
import { captureNestLogs } from '../../../../test/support/nest-logs';
import { DeliveryHandOver } from './delivery-hand-over';
import { RelayDeliveriesUseCase } from './relay-deliveries.use-case';

const T0 = new Date('2030-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

describe(RelayDeliveriesUseCase.name, () => {
  let messages: InMemoryOutboundMessages;
  let leads: InMemoryLeadNotifications;
  let scheduler: InMemoryScheduler;
  let handOver: DeliveryHandOver;
  let relay: RelayDeliveriesUseCase;
  let clock: number;

  beforeEach(() => {
    messages = new InMemoryOutboundMessages();
    clock = 0;
    messages.now = () => at(clock);
    scheduler = new InMemoryScheduler();
    leads = new InMemoryLeadNotifications();
    handOver = new DeliveryHandOver(messages, leads, scheduler);
    relay = new RelayDeliveriesUseCase(messages, leads, handOver);
  });

  afterEach(() => jest.restoreAllMocks());

  const record = async (dealerId = 'acme') =>
    (await messages.append({ dealerId, channel: 'sms', contact: { phone: '+14165550101' }, text: 'Hi', subject: null })).messageId;

  it('hands over every committed message its request did not, across dealerships, and marks them', async () => {
    const a = await record('acme');
    const b = await record('zeta');
    const result = await relay.execute({ now: at(5000), queueSince: T0 });
    expect(result).toEqual({ handedOver: 2, queueAnswered: true });
    expect(scheduler.jobs.map((j) => [j.dealerId, j.messageId])).toEqual([['acme', a], ['zeta', b]]);
    expect([...messages.messages.values()].every((m) => m.handedOverAt !== null)).toBe(true);
    // Handed over: the next round has nothing to do.
    expect(await relay.execute({ now: at(6000), queueSince: T0 })).toEqual({ handedOver: 0, queueAnswered: true });
  });

  it("hands over hand-off leads' copies after customers' messages, as lead notification jobs", async () => {
    const message = await record('acme');
    leads.add('zeta', 'lead-copy-1', at(0));
    expect(await relay.execute({ now: at(5000), queueSince: T0 })).toEqual({ handedOver: 2, queueAnswered: true });
    expect(scheduler.jobs.map((j) => [j.dealerId, j.messageId, j.kind ?? 'message'])).toEqual([['acme', message, 'message'], ['zeta', 'lead-copy-1', 'lead_notification']]);
    expect(leads.rows[0].handedOver).toBe(true);
    expect((await relay.execute({ now: at(6000), queueSince: T0 })).handedOver).toBe(0);
  });

  it('leaves a young message to its request, unless woken by that request', async () => {
    await record();
    expect((await relay.execute({ now: at(500), queueSince: T0 })).handedOver).toBe(0);
    expect((await relay.execute({ now: at(500), queueSince: T0, urgent: true })).handedOver).toBe(1);
  });

  it('hands over again what a queue of an earlier process had (lost when it stopped) and what waits long after its hand-over', async () => {
    const lost = await record();
    await handOver.handOver({ dealerId: 'acme', messageId: lost });
    clock = 10_000;
    const waiting = await record();
    await handOver.handOver({ dealerId: 'acme', messageId: waiting });
    scheduler.jobs.length = 0;

    // This process started after the first hand-over: its queue never had that job.
    clock = 20_000;
    expect((await relay.execute({ now: at(20_000), queueSince: at(5000) })).handedOver).toBe(1);
    expect(scheduler.jobs).toEqual([{ dealerId: 'acme', messageId: lost, again: true }]);
    // A minute after its hand-over a message still queued (or retrying) is handed over again.
    messages.messages.get(waiting)!.deliveryStatus = 'retrying';
    clock = 71_000;
    expect((await relay.execute({ now: at(71_000), queueSince: at(5000) })).handedOver).toBe(1);
    expect(scheduler.jobs.map((j) => j.messageId)).toEqual([lost, waiting]);
  });

  it('never hands over a message already sent or failed', async () => {
    const sent = await record();
    const failed = await record();
    messages.messages.get(sent)!.deliveryStatus = 'sent';
    messages.messages.get(failed)!.deliveryStatus = 'failed';
    expect((await relay.execute({ now: at(100_000), queueSince: at(100_000) })).handedOver).toBe(0);
  });

  it('stops at the first hand-over the queue refuses, leaving the message for the next round', async () => {
    await record();
    await record();
    scheduler.down = true;
    const logs = captureNestLogs();
    expect(await relay.execute({ now: at(5000), queueSince: T0 })).toEqual({ handedOver: 0, queueAnswered: false });
    expect(logs.map((l) => [l.level, l.message])).toEqual([['warn', 'the delivery queue did not take a delivery; the next round tries again']]);
    expect([...messages.messages.values()].every((m) => m.handedOverAt === null)).toBe(true);
    scheduler.down = false;
    expect(await relay.execute({ now: at(7000), queueSince: T0 })).toEqual({ handedOver: 2, queueAnswered: true });
  });

  it('gives up on a queue that does not answer within 2 s', async () => {
    await record();
    scheduler.hanging = true;
    jest.useFakeTimers();
    try {
      const round = relay.execute({ now: at(5000), queueSince: T0 });
      await jest.advanceTimersByTimeAsync(2000);
      expect(await round).toEqual({ handedOver: 0, queueAnswered: false });
    } finally {
      jest.useRealTimers();
    }
    // When it answers at last, the hand-over it took is recorded.
    scheduler.answer();
    await new Promise((resolve) => setImmediate(resolve));
    expect([...messages.messages.values()][0].handedOverAt).not.toBeNull();
  });
});
