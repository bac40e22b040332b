import { ConfigureDealerUseCase } from '../../src/modules/dealership';
import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { allEvents, reply, send, waitForRun } from './assistant-helpers';

/**
 * The offline assistant reads "now", "today" and "tomorrow" with the clock in the dealership's time
 * zone: one fixed instant (ASSISTANT_FIXED_TIME) is Friday noon in Toronto and Saturday night's
 * small hours in Tokyo, so the same hours make one dealership open and the other closed.
 */
const INSTANT = '2026-11-27T17:26:00Z';
const HOURS = { opening: ['Mon-Fri 08:30', 'Sat 10:00'], closing: ['Mon-Fri 19:00', 'Sat 17:00'] };

describeEachBackend('Assistant clock', (backend) => {
  let t: TestApp;
  let toronto: DealerFixture;
  let tokyo: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend, { ASSISTANT_FIXED_TIME: INSTANT });
    toronto = await createDealer(t);
    tokyo = await createDealer(t);
    await t.app.get(ConfigureDealerUseCase).execute(toronto.dealerId, { time_zone: 'America/Toronto', service_operations: HOURS });
    await t.app.get(ConfigureDealerUseCase).execute(tokyo.dealerId, { time_zone: 'Asia/Tokyo', service_operations: HOURS });
  });
  afterAll(() => t.close());

  async function ask(dealer: DealerFixture, question: string) {
    const sent = await send(t, dealer, question);
    const run = await waitForRun(t, dealer, sent);
    expect(run).toMatchObject({ status: 'completed', outcome: 'answered' });
    return { sent, answer: (await reply(t, dealer, sent))!.content as string };
  }

  it('answers "are you open now?" open where it is Friday noon, closed where it is 2 a.m. Saturday', async () => {
    const open = await ask(toronto, 'are you open now?');
    expect(open.answer).toBe("Yes, we're open now: today (Fri) we're open until 19:00 (America/Toronto time).");
    const events = await allEvents(t, toronto, open.sent);
    const result = events.map((e) => JSON.parse(e.payload_json) as { name?: string; result?: Record<string, unknown> })
      .find((p) => p.name === 'dealership_info' && p.result)?.result;
    expect(result).toMatchObject({ time_zone: 'America/Toronto', now: { day: 'Fri', date: '2026-11-27', time: '12:26', time_zone: 'America/Toronto' } });

    const closed = await ask(tokyo, 'are you open now?');
    expect(closed.answer).toBe("We're closed right now: today (Sat) we open at 10:00 and close at 17:00 (Asia/Tokyo time).");
  });

  it('reads today and tomorrow, in chat spellings too, as that dealership\'s days', async () => {
    expect((await ask(toronto, 'what time do you close today')).answer).toBe('Today (Fri) we close at 19:00 (America/Toronto time).');
    expect((await ask(toronto, 'r u open tmrw morning')).answer).toBe("Tomorrow (Sat) we're open 10:00-17:00 (America/Toronto time).");
    // Tokyo's tomorrow is Sunday, closed.
    expect((await ask(tokyo, 'r u open tmrw morning')).answer).toBe("Tomorrow (Sun) we're closed; we open Mon at 08:30 (Asia/Tokyo time).");
    expect((await ask(toronto, 'can i swing by friday around 6:30pm')).answer).toBe('Our hours (America/Toronto): Fri: 08:30-19:00, so 18:30 is within our hours.');
  });
});
