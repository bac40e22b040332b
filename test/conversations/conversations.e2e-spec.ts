import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { seedConversation } from './conversation-factory';

const FAMILIES = [
  { name: 'conversation', path: '/api/v1/conversation' },
  { name: 'chats', path: '/api/v1/chats/chats' },
] as const;

const CONVERSATION_KEYS = [
  'conversation_id', 'dealer_id', 'channel', 'contact_info', 'is_likely_spam', 'flag', 'is_archived', 'status', 'is_adf',
  'message_count', 'created_date', 'last_online_date_time', 'last_modified_date', 'messages',
].sort();
const ISO_MS_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describeEachBackend('Conversations and chats: listing and single reads', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let other: DealerFixture;
  let paging: DealerFixture;
  /** The dealer's conversations by name; see beforeAll for their attributes. */
  const ids: Record<string, string> = {};
  let otherId: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    [dealer, other, paging] = [await createDealer(t), await createDealer(t), await createDealer(t)];
    ids.smsActive = await seedConversation(t, dealer.dealerId, {
      channel: 'sms', status: 'Active', created: '2024-01-01T10:00:00.000Z', modified: '2024-01-05T10:00:00.000Z', online: '2024-01-05T09:00:00.000Z',
      contact: { fullName: 'Ana Ruiz', phone: '+14165550101', email: 'ana@example.com' }, flags: ['hot-lead'],
      messages: [
        { role: 'agent', text: 'Hi Ana, your car is ready.' },
        { role: 'debug', text: 'intent=pickup score=0.93' },
        { role: 'user', text: 'Great, see you at 5.', attachments: [{ contentType: 'image/jpeg', contentUrl: 'https://cdn.example.com/a.jpg', content: null, name: 'a.jpg' }] },
        { role: 'assistant', text: 'See you then!' },
      ],
    });
    ids.emailEnded = await seedConversation(t, dealer.dealerId, {
      channel: 'email', status: 'Ended', created: '2024-01-02T10:00:00.000Z', modified: '2024-01-04T10:00:00.000Z', adf: true,
      contact: { fullName: 'Ben Ode', email: 'ben@example.com' }, messages: [{ role: 'user', text: 'ADF lead' }],
    });
    ids.webchatPaused = await seedConversation(t, dealer.dealerId, {
      channel: 'webchat', status: 'Paused', created: '2024-01-03T10:00:00.000Z', modified: '2024-01-06T10:00:00.000Z', spam: true, contact: null,
    });
    ids.smsEndedArchived = await seedConversation(t, dealer.dealerId, {
      channel: 'sms', status: 'Ended', archived: true, created: '2024-01-04T10:00:00.000Z', modified: '2024-01-07T10:00:00.000Z',
    });
    // Same last_modified_date as smsActive: the tie is broken by conversation_id, in the same direction.
    ids.smsActiveTwin = await seedConversation(t, dealer.dealerId, {
      channel: 'sms', status: 'Active', created: '2024-01-05T10:00:00.000Z', modified: '2024-01-05T10:00:00.000Z',
    });
    otherId = await seedConversation(t, other.dealerId, { channel: 'sms', created: '2024-01-01T00:00:00.000Z', modified: '2024-01-09T00:00:00.000Z' });
    for (let i = 0; i < 25; i++) {
      const day = String(1 + i).padStart(2, '0');
      await seedConversation(t, paging.dealerId, { channel: i % 2 ? 'sms' : 'email', created: `2024-03-${day}T08:00:00.000Z`, modified: `2024-03-${day}T09:00:00.000Z` });
    }
  });
  afterAll(() => t.close());

  const list = (auth: string, path: string, query: Record<string, string> = {}) => t.http().get(path).query(query).set('Authorization', auth);
  const idsOf = (body: { rows: { conversation_id: string }[] }) => body.rows.map((r) => r.conversation_id);
  /** Expected order of the unarchived set, newest first, with the tie broken by id descending. */
  const newestFirst = () => {
    const twins = [ids.smsActive, ids.smsActiveTwin].sort().reverse();
    return [ids.webchatPaused, ...twins, ids.emailEnded];
  };

  describe.each(FAMILIES)('$name family', ({ name, path }) => {
    it('lists the unarchived conversations newest first, in the paged envelope with every field', async () => {
      const res = await list(dealer.auth, path).expect(200);
      expect(res.body.total_row_count).toBe(4);
      expect(res.body.row_count).toBe(4);
      expect(idsOf(res.body)).toEqual(newestFirst());
      for (const row of res.body.rows) {
        expect(Object.keys(row).sort()).toEqual(CONVERSATION_KEYS);
        expect(row.messages).toEqual([]);
        expect(row.created_date).toMatch(ISO_MS_Z);
        expect(row.last_modified_date).toMatch(ISO_MS_Z);
      }
      const ana = res.body.rows.find((r: { conversation_id: string }) => r.conversation_id === ids.smsActive);
      expect(ana).toEqual({
        conversation_id: ids.smsActive, dealer_id: dealer.dealerId, channel: 'sms',
        contact_info: { full_name: 'Ana Ruiz', email: 'ana@example.com', phone: '+14165550101' },
        is_likely_spam: false, flag: ['hot-lead'], is_archived: false, status: 'Active', is_adf: false,
        message_count: name === 'chats' ? 3 : 4,
        created_date: '2024-01-01T10:00:00.000Z', last_online_date_time: '2024-01-05T09:00:00.000Z', last_modified_date: '2024-01-05T10:00:00.000Z',
        messages: [],
      });
      const spam = res.body.rows.find((r: { conversation_id: string }) => r.conversation_id === ids.webchatPaused);
      expect(spam).toMatchObject({ is_likely_spam: true, contact_info: { full_name: null, email: null, phone: null }, last_online_date_time: null, message_count: 0 });
    });

    it('orders ascending with SortOrder=asc in any case, and descending by default or with desc', async () => {
      const oldestFirst = [...newestFirst()].reverse();
      for (const sortOrder of ['asc', 'ASC', 'Asc']) expect(idsOf((await list(dealer.auth, path, { SortOrder: sortOrder }).expect(200)).body)).toEqual(oldestFirst);
      for (const sortOrder of ['desc', 'DESC']) expect(idsOf((await list(dealer.auth, path, { SortOrder: sortOrder }).expect(200)).body)).toEqual(newestFirst());
      await list(dealer.auth, path, { SortOrder: 'newest' }).expect(400);
    });

    it('includes archived conversations only with IncludeIsArchived=true', async () => {
      const withArchived = await list(dealer.auth, path, { IncludeIsArchived: 'true' }).expect(200);
      expect(withArchived.body.total_row_count).toBe(5);
      expect(idsOf(withArchived.body)[0]).toBe(ids.smsEndedArchived);
      expect(withArchived.body.rows[0].is_archived).toBe(true);
      expect(idsOf((await list(dealer.auth, path, { IncludeIsArchived: 'false' }).expect(200)).body)).toEqual(newestFirst());
      expect((await list(dealer.auth, path, { IncludeIsArchived: 'TRUE' }).expect(200)).body.total_row_count).toBe(5);
      const bad = await list(dealer.auth, path, { IncludeIsArchived: 'yes' }).expect(400);
      expect(bad.body.details).toEqual([expect.objectContaining({ field: 'IncludeIsArchived' })]);
    });

    it('filters by Channel case-insensitively', async () => {
      for (const channel of ['sms', 'SMS', 'Sms']) {
        const res = await list(dealer.auth, path, { Channel: channel }).expect(200);
        expect(idsOf(res.body)).toEqual([ids.smsActive, ids.smsActiveTwin].sort().reverse());
        expect(res.body.total_row_count).toBe(2);
      }
      expect(idsOf((await list(dealer.auth, path, { Channel: 'EMAIL' }).expect(200)).body)).toEqual([ids.emailEnded]);
      expect((await list(dealer.auth, path, { Channel: 'fax' }).expect(200)).body).toEqual({ total_row_count: 0, row_count: 0, rows: [] });
      expect((await list(dealer.auth, path, { Channel: 'sms', IncludeIsArchived: 'true' }).expect(200)).body.total_row_count).toBe(3);
    });

    it('filters by Status case-insensitively', async () => {
      for (const status of ['ended', 'ENDED', 'Ended']) expect(idsOf((await list(dealer.auth, path, { Status: status }).expect(200)).body)).toEqual([ids.emailEnded]);
      expect(idsOf((await list(dealer.auth, path, { Status: 'ended', IncludeIsArchived: 'true' }).expect(200)).body)).toEqual([ids.smsEndedArchived, ids.emailEnded]);
      expect(idsOf((await list(dealer.auth, path, { Status: 'paused' }).expect(200)).body)).toEqual([ids.webchatPaused]);
      expect((await list(dealer.auth, path, { Status: 'closed' }).expect(200)).body.total_row_count).toBe(0);
      expect(idsOf((await list(dealer.auth, path, { Status: 'active', Channel: 'Sms', SortOrder: 'asc' }).expect(200)).body)).toEqual([ids.smsActive, ids.smsActiveTwin].sort());
    });

    it('filters by created date, bounds inclusive', async () => {
      const res = await list(dealer.auth, path, { CreatedDateFrom: '2024-01-02T10:00:00.000Z', CreatedDateTo: '2024-01-03T10:00:00.000Z' }).expect(200);
      expect(idsOf(res.body).sort()).toEqual([ids.emailEnded, ids.webchatPaused].sort());
      const justAfter = await list(dealer.auth, path, { CreatedDateFrom: '2024-01-02T10:00:00.001Z', CreatedDateTo: '2024-01-03T09:59:59.999Z' }).expect(200);
      expect(justAfter.body.total_row_count).toBe(0);
      expect(idsOf((await list(dealer.auth, path, { CreatedDateFrom: '2024-01-05T10:00:00Z' }).expect(200)).body)).toEqual([ids.smsActiveTwin]);
      expect(idsOf((await list(dealer.auth, path, { CreatedDateTo: '2024-01-01T10:00:00Z' }).expect(200)).body)).toEqual([ids.smsActive]);
      // A date alone: From is the start of that day, To the whole day.
      expect(idsOf((await list(dealer.auth, path, { CreatedDateFrom: '2024-01-02', CreatedDateTo: '2024-01-02' }).expect(200)).body)).toEqual([ids.emailEnded]);
      // An offset is honoured: 12:00+02:00 is 10:00Z.
      expect(idsOf((await list(dealer.auth, path, { CreatedDateFrom: '2024-01-01T12:00:00+02:00', CreatedDateTo: '2024-01-01T12:00:00+02:00' }).expect(200)).body)).toEqual([ids.smsActive]);
    });

    it('filters by modified date, bounds inclusive, combined with the other filters', async () => {
      const res = await list(dealer.auth, path, { ModifiedDateFrom: '2024-01-04T10:00:00.000Z', ModifiedDateTo: '2024-01-05T10:00:00.000Z' }).expect(200);
      expect(idsOf(res.body)).toEqual([...[ids.smsActive, ids.smsActiveTwin].sort().reverse(), ids.emailEnded]);
      expect((await list(dealer.auth, path, { ModifiedDateFrom: '2024-01-05T10:00:00.001Z', ModifiedDateTo: '2024-01-05T23:00:00Z' }).expect(200)).body.total_row_count).toBe(0);
      const combined = await list(dealer.auth, path, {
        Channel: 'sms', Status: 'active', ModifiedDateFrom: '2024-01-05', ModifiedDateTo: '2024-01-05', CreatedDateFrom: '2024-01-05', IncludeIsArchived: 'true',
      }).expect(200);
      expect(idsOf(combined.body)).toEqual([ids.smsActiveTwin]);
    });

    it.each([
      ['CreatedDateFrom', 'CreatedDateTo'],
      ['ModifiedDateFrom', 'ModifiedDateTo'],
    ])('refuses %s after %s with 400', async (from, to) => {
      const res = await list(dealer.auth, path, { [from]: '2024-01-03T00:00:00Z', [to]: '2024-01-02T23:59:59.999Z' }).expect(400);
      expect(res.body).toEqual({ message: expect.any(String), details: [{ field: from, errors: [expect.stringContaining(to)] }] });
      // Equal bounds are a valid (inclusive) range.
      await list(dealer.auth, path, { [from]: '2024-01-03T00:00:00Z', [to]: '2024-01-03T00:00:00Z' }).expect(200);
    });

    it.each(['CreatedDateFrom', 'CreatedDateTo', 'ModifiedDateFrom', 'ModifiedDateTo'])('refuses an unparsable %s with 400', async (param) => {
      for (const value of ['yesterday', '2024-02-30', '2024-01-01T25:00:00Z', '1704067200', '']) {
        const res = await list(dealer.auth, path, { [param]: value }).expect(400);
        expect(res.body.details).toEqual([expect.objectContaining({ field: param })]);
      }
    });

    it('pages with Skip and Take, default Take 20', async () => {
      const all = await list(paging.auth, path).expect(200);
      expect(all.body.total_row_count).toBe(25);
      expect(all.body.row_count).toBe(20);
      const full = idsOf((await list(paging.auth, path, { Take: '100' }).expect(200)).body);
      expect(full).toHaveLength(25);
      expect(idsOf(all.body)).toEqual(full.slice(0, 20));
      const page2 = await list(paging.auth, path, { Skip: '10', Take: '10' }).expect(200);
      expect(page2.body).toMatchObject({ total_row_count: 25, row_count: 10 });
      expect(idsOf(page2.body)).toEqual(full.slice(10, 20));
      const last = await list(paging.auth, path, { Skip: '20', Take: '10' }).expect(200);
      expect(idsOf(last.body)).toEqual(full.slice(20));
      const one = await list(paging.auth, path, { Take: '1' }).expect(200);
      expect(one.body).toMatchObject({ total_row_count: 25, row_count: 1 });
      const beyond = await list(paging.auth, path, { Skip: '2147483647' }).expect(200);
      expect(beyond.body).toEqual({ total_row_count: 25, row_count: 0, rows: [] });
      // The order is by last_modified_date (newest first), which these rows spread over days.
      const modified = all.body.rows.map((r: { last_modified_date: string }) => r.last_modified_date);
      expect(modified).toEqual([...modified].sort().reverse());
      expect(modified[0]).toBe('2024-03-25T09:00:00.000Z');
    });

    it.each([
      ['Take', '0'], ['Take', '101'], ['Take', '-1'], ['Take', 'ten'], ['Take', '2.5'], ['Take', ''],
      ['Skip', '-1'], ['Skip', '2147483648'], ['Skip', 'x'], ['Skip', '1e3'],
    ])('refuses %s=%j with 400', async (param, value) => {
      const res = await list(dealer.auth, path, { [param]: value }).expect(400);
      expect(res.body.details).toEqual([expect.objectContaining({ field: param })]);
    });

    it('accepts the bounds Take=1, Take=100, Skip=0', async () => {
      await list(dealer.auth, path, { Take: '1', Skip: '0' }).expect(200);
      await list(dealer.auth, path, { Take: '100' }).expect(200);
    });

    it('refuses unknown query parameters with 400', async () => {
      const res = await list(dealer.auth, path, { take: '5' }).expect(400);
      expect(JSON.stringify(res.body.details)).toContain('take');
    });

    it('never shows another dealership its conversations: its listing, and 404 for the ids', async () => {
      const theirs = await list(other.auth, path, { IncludeIsArchived: 'true', Take: '100' }).expect(200);
      expect(idsOf(theirs.body)).toEqual([otherId]);
      for (const id of Object.values(ids)) {
        const res = await t.http().get(`${path}/${id}`).query({ includeMessages: 'true' }).set('Authorization', other.auth).expect(404);
        expect(res.body).toEqual({ message: expect.any(String), details: null });
      }
      await t.http().get(`${path}/${otherId}`).set('Authorization', dealer.auth).expect(404);
      await t.http().get(`${path}/not-a-conversation`).set('Authorization', dealer.auth).expect(404);
    });

    it('needs credentials', async () => {
      await t.http().get(path).expect(401);
      await t.http().get(`${path}/${ids.smsActive}`).expect(401);
    });

    it('reads one conversation, with messages [] unless includeMessages=true', async () => {
      const plain = await t.http().get(`${path}/${ids.smsActive}`).set('Authorization', dealer.auth).expect(200);
      expect(Object.keys(plain.body).sort()).toEqual(CONVERSATION_KEYS);
      expect(plain.body).toMatchObject({ conversation_id: ids.smsActive, status: 'Active', message_count: name === 'chats' ? 3 : 4, messages: [] });
      const off = await t.http().get(`${path}/${ids.smsActive}`).query({ includeMessages: 'false' }).set('Authorization', dealer.auth).expect(200);
      expect(off.body.messages).toEqual([]);

      const full = await t.http().get(`${path}/${ids.smsActive}`).query({ includeMessages: 'true' }).set('Authorization', dealer.auth).expect(200);
      // None of these was sent through the messaging engine: no delivery to show.
      const noDelivery = { delivery_status: null, delivery_error: null };
      const expected = [
        { role: 'agent', text: 'Hi Ana, your car is ready.', attachments: [], date_created: '2024-01-01T10:00:00.000Z', ...noDelivery },
        { role: 'debug', text: 'intent=pickup score=0.93', attachments: [], date_created: '2024-01-01T10:00:01.000Z', ...noDelivery },
        {
          role: 'user', text: 'Great, see you at 5.', date_created: '2024-01-01T10:00:02.000Z',
          attachments: [{ content_type: 'image/jpeg', content_url: 'https://cdn.example.com/a.jpg', content: null, name: 'a.jpg' }], ...noDelivery,
        },
        { role: 'assistant', text: 'See you then!', attachments: [], date_created: '2024-01-01T10:00:03.000Z', ...noDelivery },
      ];
      // The chats family never returns debug messages; the conversation family returns them all.
      expect(full.body.messages).toEqual(name === 'chats' ? expected.filter((m) => m.role !== 'debug') : expected);
      expect(full.body.message_count).toBe(full.body.messages.length);
    });

    it('reads archived and message-less conversations, and refuses a malformed includeMessages', async () => {
      const archived = await t.http().get(`${path}/${ids.smsEndedArchived}`).query({ includeMessages: 'true' }).set('Authorization', dealer.auth).expect(200);
      expect(archived.body).toMatchObject({ is_archived: true, status: 'Ended', messages: [], message_count: 0 });
      const adf = await t.http().get(`${path}/${ids.emailEnded}`).set('Authorization', dealer.auth).expect(200);
      expect(adf.body).toMatchObject({ is_adf: true, channel: 'email', contact_info: { full_name: 'Ben Ode', email: 'ben@example.com', phone: null } });
      const bad = await t.http().get(`${path}/${ids.smsActive}`).query({ includeMessages: 'sure' }).set('Authorization', dealer.auth).expect(400);
      expect(bad.body.details).toEqual([expect.objectContaining({ field: 'includeMessages' })]);
    });
  });
});
