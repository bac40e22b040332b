import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { seedConversation } from '../conversations/conversation-factory';
import { allEvents, reply, send, waitForRun } from './assistant-helpers';
import { AssistantSources, RunToolbox } from '../../src/modules/assistant/application/run-toolbox';
import { ConversationInsights } from '../../src/modules/assistant/domain/conversation-statistics';

/** Awaiting a reply: the customer's last message is the conversation's latest change. */
const awaiting = { modified: '2024-05-02T10:00:00.000Z', online: '2024-05-02T10:00:00.000Z' };
/** Answered: staff wrote after the customer. */
const answered = { modified: '2024-05-02T10:00:00.000Z', online: '2024-05-01T10:00:00.000Z' };

describeEachBackend('Assistant: conversation counts by channel, status and awaiting a reply', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let other: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    [dealer, other] = [await createDealer(t), await createDealer(t)];
    const created = '2024-05-01T09:00:00.000Z';
    // The dealer: 3 SMS and 2 email conversations (not archived); 1 paused; 3 awaiting a reply, 2 of them SMS.
    for (const spec of [
      { channel: 'sms', status: 'Active', ...awaiting },
      { channel: 'sms', status: 'Active', ...awaiting },
      { channel: 'sms', status: 'Paused', ...answered },
      { channel: 'email', status: 'Active', ...awaiting },
      { channel: 'email', status: 'Ended', ...answered },
      // Archived: counted nowhere.
      { channel: 'sms', status: 'Paused', archived: true, ...awaiting },
    ]) await seedConversation(t, dealer.dealerId, { created, ...spec });
    // Another dealership's conversations, which no count of the dealer's may include.
    for (let i = 0; i < 4; i++) await seedConversation(t, other.dealerId, { channel: 'sms', status: 'Paused', created, ...awaiting });
  });
  afterAll(() => t.close());

  /** The reply to the question, and the conversation_statistics call and result behind it. */
  async function ask(who: DealerFixture, question: string): Promise<{ text: string; calls: { name: string; args: Record<string, unknown> }[]; matching: unknown }> {
    const sent = await send(t, who, question);
    expect(await waitForRun(t, who, sent)).toMatchObject({ status: 'completed' });
    const events = await allEvents(t, who, sent);
    const calls = events.filter((e) => e.type === 'tool.call').map((e) => JSON.parse(e.payload_json) as { name: string; args: Record<string, unknown> });
    const results = events.filter((e) => e.type === 'tool.result').map((e) => JSON.parse(e.payload_json) as { name: string; result: { matching?: unknown } });
    return { text: String((await reply(t, who, sent))?.content), calls, matching: results.find((r) => r.name === 'conversation_statistics')?.result.matching };
  }

  it.each([
    ['how many texting threads?', { channel: 'sms' }, 'There are 3 SMS conversations.'],
    ['any paused conversations?', { status: 'Paused' }, 'There is 1 paused conversation.'],
    ['how many convos are waiting on us', { awaiting_reply: true }, 'There are 3 conversations awaiting a reply.'],
    ['how many email convos do we have', { channel: 'email' }, 'There are 2 email conversations.'],
    ['How many SMS conversations are waiting on us?', { channel: 'sms', awaiting_reply: true }, 'There are 2 SMS conversations awaiting a reply.'],
  ])('answers "%s" with the count of the dealership\'s conversations matching it', async (question, args, answer) => {
    const { text, calls, matching } = await ask(dealer, question);
    expect(text).toBe(answer);
    // Only the statistics: no car search, no contact details.
    expect(calls).toEqual([{ name: 'conversation_statistics', args }]);
    expect(matching).toEqual({ channel: null, status: null, awaiting_reply: null, ...args, count: expect.any(Number) });
  });

  it('keeps the totals when the question names no filter', async () => {
    const { text, matching } = await ask(dealer, 'How many conversations do we have?');
    // Paused and ended tie at 1: either may come first.
    expect(text).toMatch(/^There are 5 conversations \(3 active, (1 paused, 1 ended|1 ended, 1 paused)\), not counting archived ones; 3 are awaiting a reply\./);
    expect(matching).toBeUndefined();
  });

  it('validates the tool\'s filters and counts conversations meeting all of them, any model\'s arguments in any case', async () => {
    const toolbox = new RunToolbox(dealer.dealerId, { conversations: t.app.get(ConversationInsights) } as AssistantSources);
    const matching = async (args: Record<string, unknown>) => ((await toolbox.call('conversation_statistics', args)) as { matching?: unknown; error?: string });
    expect((await matching({ channel: 'SMS', status: 'active', awaiting_reply: true })).matching).toEqual({ channel: 'sms', status: 'Active', awaiting_reply: true, count: 2 });
    expect((await matching({ channel: 'sms', awaiting_reply: false })).matching).toEqual({ channel: 'sms', status: null, awaiting_reply: false, count: 1 });
    expect((await matching({ status: 'Ended', awaiting_reply: 'false' })).matching).toEqual({ channel: null, status: 'Ended', awaiting_reply: false, count: 1 });
    expect((await matching({ channel: 'webchat' })).matching).toEqual({ channel: 'webchat', status: null, awaiting_reply: null, count: 0 });
    expect(await matching({ channel: null, status: '' })).not.toHaveProperty('matching');
    expect((await matching({ status: 'open' })).error).toBe('unknown status "open": the statuses are Active, Ended, Paused');
    expect((await matching({ channel: 'fax' })).error).toBe('unknown channel "fax": the channels are sms, email, webchat');
    expect((await matching({ awaiting_reply: 'maybe' })).error).toBe('awaiting_reply must be true or false');
  });

  it("counts only the caller's dealership", async () => {
    expect((await ask(other, 'how many texting threads?')).text).toBe('There are 4 SMS conversations.');
    expect((await ask(other, 'any paused conversations?')).text).toBe('There are 4 paused conversations.');
    expect((await ask(other, 'how many email convos do we have')).text).toBe('There are no email conversations (all 4 are SMS).');
  });
});
