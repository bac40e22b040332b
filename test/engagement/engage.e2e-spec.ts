import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { listConversations, storedMessages, waitFor, waitForDeliveryOutcome } from './engagement-helpers';

describeEachBackend('POST /api/v1/ailm/engage', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let other: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    dealer = await createDealer(t, { region: 'CA' });
    other = await createDealer(t, { region: 'US' });
  });
  afterAll(() => t.close());

  const engage = (body: unknown, auth = dealer.auth, key?: string) => {
    const req = t.http().post('/api/v1/ailm/engage').set('Authorization', auth);
    if (key !== undefined) req.set('Idempotency-Key', key);
    return req.send(body as object);
  };
  const countMessages = async (d: DealerFixture) => (await listConversations(t, d)).reduce((n, c) => n + c.message_count, 0);

  it('answers 202 with an empty body, records the contact and the outbound message, and the log engine marks it sent', async () => {
    const res = await engage({ contact: { full_name: 'Ana Ruiz', phone: '(416) 555-0101' }, message: 'Hi Ana, your Civic is ready for pickup.' }).expect(202);
    expect(res.text).toBe('');
    const [conversation] = await listConversations(t, dealer);
    expect(conversation).toMatchObject({
      channel: 'sms', status: 'Active', message_count: 1, last_online_date_time: null,
      contact_info: { full_name: 'Ana Ruiz', phone: '+14165550101', email: null },
    });
    const single = await t.http().get(`/api/v1/conversation/${conversation.conversation_id}`).query({ includeMessages: 'true' }).set('Authorization', dealer.auth).expect(200);
    expect(single.body.messages).toEqual([{
      role: 'agent', text: 'Hi Ana, your Civic is ready for pickup.', attachments: [], date_created: expect.stringMatching(/Z$/),
      delivery_status: expect.stringMatching(/^(queued|sent)$/), delivery_error: null,
    }]);

    const delivered = await waitForDeliveryOutcome(t, dealer, conversation.conversation_id);
    expect(delivered.delivery).toEqual({ status: 'sent', attempts: 1, lastError: null, sentAt: expect.any(Date) });
    const after = await t.http().get(`/api/v1/conversation/${conversation.conversation_id}`).query({ includeMessages: 'true' }).set('Authorization', dealer.auth).expect(200);
    expect(after.body.messages[0]).toMatchObject({ delivery_status: 'sent', delivery_error: null });
  });

  it('upserts the contact by phone and appends to its conversation on the channel', async () => {
    await engage({ contact: { first_name: 'Ana', last_name: 'Ruiz-Lopez', phone: '+1 416 555 0101', email: 'Ana@Example.com' }, message: 'Second message' }).expect(202);
    let conversations = await listConversations(t, dealer);
    expect(conversations).toHaveLength(1);
    // The new last name, given without a full name, is what is shown: the stored full name does not hide it.
    expect(conversations[0]).toMatchObject({ message_count: 2, contact_info: { full_name: 'Ana Ruiz-Lopez', phone: '+14165550101', email: 'ana@example.com' } });

    // The same contact on email: found by phone, a second conversation on the email channel.
    await engage({ contact: { phone: '4165550101', email: 'ana@example.com' }, channel: 'email', subject: 'Your Civic', message: 'Details attached' }).expect(202);
    conversations = await listConversations(t, dealer);
    expect(conversations.map((c) => c.channel).sort()).toEqual(['email', 'sms']);
    expect(conversations.find((c) => c.channel === 'email')).toMatchObject({ message_count: 1, contact_info: { phone: '+14165550101', email: 'ana@example.com' } });

    // Email only: the contact with that email (already Ana), on email by default.
    await engage({ contact: { email: 'ANA@example.com' }, message: 'By email only' }).expect(202);
    conversations = await listConversations(t, dealer);
    expect(conversations).toHaveLength(2);
    expect(conversations.find((c) => c.channel === 'email')?.message_count).toBe(2);
    // The conversation just written to comes first (it was modified last).
    expect(conversations[0].channel).toBe('email');
  });

  it('keeps another dealership out: its listing is empty and the ids 404', async () => {
    const mine = await listConversations(t, dealer);
    expect(await listConversations(t, other)).toEqual([]);
    for (const c of mine) await t.http().get(`/api/v1/chats/chats/${c.conversation_id}`).set('Authorization', other.auth).expect(404);
    // The same phone engaged by another dealership is another contact.
    await engage({ contact: { phone: '+14165550101' }, message: 'Hello from the other store' }, other.auth).expect(202);
    const theirs = await listConversations(t, other);
    expect(theirs).toHaveLength(1);
    expect(theirs[0].contact_info.full_name).toBeNull();
    expect((await listConversations(t, dealer)).map((c) => c.conversation_id)).not.toContain(theirs[0].conversation_id);
  });

  it('reads national phone formats with the dealership region (US here)', async () => {
    await engage({ contact: { phone: '212-555-0100' }, message: 'Hi' }, other.auth).expect(202);
    const phones = (await listConversations(t, other)).map((c) => c.contact_info.phone);
    expect(phones).toContain('+12125550100');
  });

  describe('validation (400, nothing recorded)', () => {
    const cases: [string, unknown, string][] = [
      ['no body fields', {}, 'contact'],
      ['no contact', { message: 'Hi' }, 'contact'],
      ['contact not an object', { contact: 'ana@example.com', message: 'Hi' }, 'contact'],
      ['neither email nor phone', { contact: { full_name: 'Ana' }, message: 'Hi' }, 'contact'],
      ['blank email and phone', { contact: { email: '', phone: ' ' }, message: 'Hi' }, 'contact'],
      ['no message', { contact: { phone: '+14165550101' } }, 'message'],
      ['empty message', { contact: { phone: '+14165550101' }, message: '' }, 'message'],
      ['blank message', { contact: { phone: '+14165550101' }, message: '   ' }, 'message'],
      ['message of 1601 characters', { contact: { phone: '+14165550101' }, message: 'x'.repeat(1601) }, 'message'],
      ['message not a string', { contact: { phone: '+14165550101' }, message: 42 }, 'message'],
      ['unknown channel', { contact: { phone: '+14165550101' }, message: 'Hi', channel: 'fax' }, 'channel'],
      ['sms without a phone', { contact: { email: 'a@example.com' }, message: 'Hi', channel: 'sms' }, 'channel'],
      ['email without an email', { contact: { phone: '+14165550101' }, message: 'Hi', channel: 'email' }, 'channel'],
      ['invalid phone', { contact: { phone: '555-01' }, message: 'Hi' }, 'contact.phone'],
      ['phone that is not a number', { contact: { phone: 'call me' }, message: 'Hi' }, 'contact.phone'],
      ['invalid email', { contact: { email: 'not-an-email' }, message: 'Hi' }, 'contact.email'],
      ['unknown body field', { contact: { phone: '+14165550101' }, message: 'Hi', priority: 'high' }, 'priority'],
      ['unknown contact field', { contact: { phone: '+14165550101', nickname: 'A' }, message: 'Hi' }, 'contact.nickname'],
      ['subject too long', { contact: { email: 'a@example.com' }, message: 'Hi', subject: 's'.repeat(301) }, 'subject'],
    ];
    it.each(cases)('%s', async (_name, body, field) => {
      const before = await countMessages(dealer);
      const res = await engage(body).expect(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      expect(await countMessages(dealer)).toBe(before);
    });

    it('accepts a message of exactly 1600 characters and a channel in any case', async () => {
      await engage({ contact: { phone: '+14165550123' }, message: 'y'.repeat(1600), channel: 'SMS' }).expect(202);
    });

    it('refuses malformed JSON, a non-JSON body, and a malformed Idempotency-Key', async () => {
      await t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth).set('Content-Type', 'application/json').send('{"contact":').expect(400);
      await t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth).set('Content-Type', 'text/plain').send('hello').expect(415);
      const res = await engage({ contact: { phone: '+14165550101' }, message: 'Hi' }, dealer.auth, 'has a space').expect(400);
      expect(res.body.details).toEqual([expect.objectContaining({ field: 'Idempotency-Key' })]);
    });

    it('needs dealer credentials', async () => {
      await t.http().post('/api/v1/ailm/engage').send({ contact: { phone: '+14165550101' }, message: 'Hi' }).expect(401);
    });
  });

  describe('Idempotency-Key', () => {
    let keyed: DealerFixture;
    beforeAll(async () => {
      keyed = await createDealer(t, { region: 'CA' });
    });
    const body = { contact: { phone: '+14165550177', full_name: 'Kim Park' }, message: 'Your appointment is confirmed.' };

    it('makes a repeat within 24 hours a no-op (202 again, no new message, no new job)', async () => {
      await engage(body, keyed.auth, 'order-1001').expect(202);
      await engage(body, keyed.auth, 'order-1001').expect(202);
      // The same request with the phone written differently is still the same request.
      await engage({ ...body, contact: { ...body.contact, phone: '(416) 555-0177' } }, keyed.auth, 'order-1001').expect(202);
      expect(await countMessages(keyed)).toBe(1);
      const [conversation] = await listConversations(t, keyed);
      await waitForDeliveryOutcome(t, keyed, conversation.conversation_id);
      // Without a key, or with another key, each request is carried out.
      await engage(body, keyed.auth, 'order-1002').expect(202);
      await engage(body, keyed.auth).expect(202);
      expect(await countMessages(keyed)).toBe(3);
    });

    it('refuses the same key for a different request with 409', async () => {
      const res = await engage({ ...body, message: 'Something else' }, keyed.auth, 'order-1001').expect(409);
      expect(res.body).toEqual({ message: expect.stringContaining('Idempotency-Key'), details: null });
      expect(await countMessages(keyed)).toBe(3);
    });

    it('scopes keys to the dealership and compares them exactly', async () => {
      await engage(body, other.auth, 'order-1001').expect(202);
      await engage(body, keyed.auth, 'ORDER-1001').expect(202);
      expect(await countMessages(keyed)).toBe(4);
    });

    it('records one message for concurrent duplicates', async () => {
      const concurrent = { contact: { phone: '+14165550188' }, message: 'Only once, please.' };
      const results = await Promise.all(Array.from({ length: 6 }, () => engage(concurrent, keyed.auth, 'burst-1')));
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(202));
      const conversations = (await listConversations(t, keyed)).filter((c) => c.contact_info.phone === '+14165550188');
      expect(conversations).toHaveLength(1);
      expect(conversations[0].message_count).toBe(1);
      const messages = await storedMessages(t, keyed, conversations[0].conversation_id);
      expect(messages).toHaveLength(1);
      await waitForDeliveryOutcome(t, keyed, conversations[0].conversation_id);
    });

    it('carries out a repeat once the key is older than 24 hours', async () => {
      const old = { contact: { phone: '+14165550199' }, message: 'A day later' };
      await engage(old, keyed.auth, 'daily-1').expect(202);
      await t.dataSource.query(
        'UPDATE engagement_idempotency_keys SET created_at = ? WHERE dealer_id = ? AND idempotency_key = ?',
        [t.dataSource.options.type === 'mysql' ? new Date(Date.now() - 25 * 3600 * 1000) : new Date(Date.now() - 25 * 3600 * 1000).toISOString().replace('T', ' ').replace('Z', ''), keyed.dealerId, 'daily-1'],
      );
      await engage(old, keyed.auth, 'daily-1').expect(202);
      const conversation = (await listConversations(t, keyed)).find((c) => c.contact_info.phone === '+14165550199');
      expect(conversation?.message_count).toBe(2);
      // And the renewed key holds again.
      await engage(old, keyed.auth, 'daily-1').expect(202);
      await waitFor(async () => ((await listConversations(t, keyed)).find((c) => c.contact_info.phone === '+14165550199')?.message_count === 2 ? true : undefined), 'count');
    });
  });
});
