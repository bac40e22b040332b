import { namesChannel, sayStatistics, statisticsArgs } from './offline-statistics';

/** A conversation_statistics result: 7 conversations, 4 SMS and 3 email; 5 active and 2 ended; 3 awaiting a reply. */
const stats = (matching?: { channel?: string; status?: string; awaiting_reply?: boolean; count: number }) => ({
  total: 7,
  byChannel: [{ channel: 'sms', count: 4 }, { channel: 'email', count: 3 }],
  byStatus: [{ status: 'Active', count: 5 }, { status: 'Ended', count: 2 }],
  awaitingReply: 3,
  recent: { days: 7, count: 6 },
  ...(matching ? { matching: { channel: matching.channel ?? null, status: matching.status ?? null, awaiting_reply: matching.awaiting_reply ?? null, count: matching.count } } : {}),
});

describe('statisticsArgs', () => {
  it('reads the channel a question names, and no channel from words that only mean conversations', () => {
    expect(statisticsArgs('how many texting threads?')).toEqual({ channel: 'sms' });
    expect(statisticsArgs('How many SMS conversations do we have?')).toEqual({ channel: 'sms' });
    expect(statisticsArgs('number of text convos this week')).toEqual({ channel: 'sms' });
    expect(statisticsArgs('how many texts did we get')).toEqual({ channel: 'sms' });
    expect(statisticsArgs('how many email convos do we have')).toEqual({ channel: 'email' });
    expect(statisticsArgs('How many e-mail leads?')).toEqual({ channel: 'email' });
    expect(statisticsArgs('how many website chats came in?')).toEqual({ channel: 'webchat' });
    expect(statisticsArgs('How many web chat conversations?')).toEqual({ channel: 'webchat' });
    expect(statisticsArgs('how many conversations came in via chat')).toEqual({ channel: 'webchat' });
    expect(statisticsArgs('how many active chats rn')).toEqual({ status: 'Active' });
    expect(statisticsArgs('How many chats do we have?')).toEqual({});
    // Two channels named: neither alone is what is counted.
    expect(statisticsArgs('how many sms and email conversations')).toEqual({});
  });

  it('reads the status and whether the conversations await a reply', () => {
    expect(statisticsArgs('any paused conversations?')).toEqual({ status: 'Paused' });
    expect(statisticsArgs('how many convos are on hold')).toEqual({ status: 'Paused' });
    expect(statisticsArgs('How many ended conversations?')).toEqual({ status: 'Ended' });
    expect(statisticsArgs('how many conversations were active in the last week?')).toEqual({});
    expect(statisticsArgs('how many convos r waiting on us')).toEqual({ awaiting_reply: true });
    expect(statisticsArgs('Which conversations need a reply?')).toEqual({ awaiting_reply: true });
    expect(statisticsArgs('how many unanswered texts')).toEqual({ channel: 'sms', awaiting_reply: true });
    expect(statisticsArgs("how many leads haven't been answered yet")).toEqual({ awaiting_reply: true });
    expect(statisticsArgs('How many customer conversations do we have open?')).toEqual({});
  });

  it('keeps the earlier filter when the question narrows it, and starts afresh otherwise', () => {
    const earlier = { awaiting_reply: true };
    expect(statisticsArgs('and how many of those r sms', earlier)).toEqual({ awaiting_reply: true, channel: 'sms' });
    expect(statisticsArgs('how many of them are paused?', { channel: 'sms' })).toEqual({ channel: 'sms', status: 'Paused' });
    expect(statisticsArgs('and email?', { channel: 'sms', awaiting_reply: true })).toEqual({ channel: 'email', awaiting_reply: true });
    expect(statisticsArgs('how many email conversations?', earlier)).toEqual({ channel: 'email' });
    expect(statisticsArgs('and how many paused conversations are there?', earlier)).toEqual({ status: 'Paused' });
    expect(statisticsArgs('how many of those r sms')).toEqual({ channel: 'sms' });
  });

  it('tells a channel of conversations from nothing of the kind', () => {
    expect(namesChannel('how many email convos do we have')).toBe(true);
    expect(namesChannel('how many web chat conversations')).toBe(true);
    expect(namesChannel('how many conversations are open')).toBe(false);
    expect(namesChannel('can you text me the details')).toBe(false);
  });
});

describe('sayStatistics', () => {
  it('keeps the totals when no filter was given', () => {
    expect(sayStatistics(stats(), 'How many conversations?')).toEqual([
      'There are 7 conversations (5 active, 2 ended), not counting archived ones; 3 are awaiting a reply.',
      '6 were active in the last 7 days.',
    ]);
  });

  it('states the count matching the filter, copied from the result', () => {
    expect(sayStatistics(stats({ channel: 'sms', count: 4 }), 'how many texting threads?')).toEqual(['There are 4 SMS conversations.']);
    expect(sayStatistics(stats({ channel: 'email', count: 1 }), 'how many email convos')).toEqual(['There is 1 email conversation.']);
    expect(sayStatistics(stats({ awaiting_reply: true, count: 3 }), 'how many convos r waiting on us')).toEqual(['There are 3 conversations awaiting a reply.']);
    expect(sayStatistics(stats({ channel: 'sms', awaiting_reply: true, count: 2 }), 'how many sms convos are waiting on us')).toEqual(['There are 2 SMS conversations awaiting a reply.']);
    expect(sayStatistics(stats({ channel: 'webchat', status: 'Paused', count: 2 }), 'paused web chats?')).toEqual(['There are 2 paused web chat conversations.']);
  });

  it('says what there is instead when none match', () => {
    expect(sayStatistics(stats({ status: 'Paused', count: 0 }), 'any paused conversations?')).toEqual(['There are no paused conversations (5 active, 2 ended).']);
    const allActive = { ...stats({ status: 'Paused', count: 0 }), byStatus: [{ status: 'Active', count: 5 }] };
    expect(sayStatistics(allActive, 'any paused conversations?')).toEqual(['There are no paused conversations (all 5 are active).']);
    expect(sayStatistics(stats({ channel: 'webchat', count: 0 }), 'how many website chats?')).toEqual(['There are no web chat conversations (4 SMS, 3 email).']);
    expect(sayStatistics(stats({ awaiting_reply: true, count: 0 }), 'anyone waiting on us?')).toEqual(['There are no conversations awaiting a reply.']);
  });

  it('says a narrowed count as a part of the count it narrows', () => {
    expect(sayStatistics(stats({ awaiting_reply: true, channel: 'sms', count: 2 }), 'and how many of those r sms')).toEqual(['2 of the 3 conversations awaiting a reply are SMS.']);
    expect(sayStatistics(stats({ channel: 'sms', status: 'Ended', count: 1 }), 'how many of them are ended?')).toEqual(['1 of the 4 SMS conversations is ended.']);
    expect(sayStatistics(stats({ channel: 'sms', status: 'Paused', count: 0 }), 'and paused?')).toEqual(['None of the 4 SMS conversations are paused.']);
    // Two filters carried over: the result has no count of those alone, so the count is said plainly.
    expect(sayStatistics(stats({ channel: 'sms', awaiting_reply: true, status: 'Active', count: 1 }), 'and active?')).toEqual(['There is 1 active SMS conversation awaiting a reply.']);
  });
});
