import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sign } from '../../src/modules/engagement/adapters/messaging/hmac-signature';
import { describeEachBackend } from '../support/backends';
import { createDealer, createPartner, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { listConversations, storedMessages } from './engagement-helpers';

const SECRET = 'inbound-test-secret';
const CLI = path.resolve(__dirname, '../../dist/src/cli.js');

describeEachBackend("The messaging engine's inbound side", (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let other: DealerFixture;
  let engine: string;

  beforeAll(async () => {
    t = await startTestApp(backend, { MESSAGING_ENGINE_SECRET: SECRET });
    dealer = await createDealer(t, { region: 'CA' });
    other = await createDealer(t, { region: 'CA' });
    engine = (await createPartner(t, 'Messaging Engine', ['messaging'])).auth;
  });
  afterAll(() => t.close());

  const inbound = (body: unknown, signature?: string) => {
    const raw = JSON.stringify(body);
    return t.http().post('/api/v1/messaging/inbound').set('Authorization', engine).set('Content-Type', 'application/json')
      .set('X-Messaging-Signature', signature ?? sign(raw, SECRET)).send(raw);
  };

  it("records a reply in the contact's conversation: role user, counted, last_online and last_modified moved", async () => {
    await t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth)
      .send({ contact: { full_name: 'Ana Ruiz', phone: '+14165550101' }, message: 'Your car is ready.' }).expect(202);
    const [before] = await listConversations(t, dealer);
    expect(before.last_online_date_time).toBeNull();

    const res = await inbound({ dealer_id: dealer.dealerId, channel: 'SMS', from: '(416) 555-0101', text: 'Thanks! On my way.', external_id: 'SM-1' }).expect(200);
    expect(res.body).toEqual({ conversation_id: before.conversation_id, message_id: expect.any(String), duplicate: false });

    const [after] = await listConversations(t, dealer);
    expect(after.message_count).toBe(2);
    expect(after.last_online_date_time).toEqual(expect.any(String));
    expect(after.last_modified_date >= before.last_modified_date).toBe(true);
    expect(after.last_online_date_time).toBe(after.last_modified_date);
    const single = await t.http().get(`/api/v1/chats/chats/${after.conversation_id}`).query({ includeMessages: 'true' }).set('Authorization', dealer.auth).expect(200);
    expect(single.body.messages.map((m: { role: string; text: string }) => [m.role, m.text])).toEqual([['agent', 'Your car is ready.'], ['user', 'Thanks! On my way.']]);
    // Inbound messages have no delivery record.
    expect((await storedMessages(t, dealer, after.conversation_id))[1].delivery).toBeNull();
  });

  it('records a redelivery of the same external_id once', async () => {
    const res = await inbound({ dealer_id: dealer.dealerId, channel: 'sms', from: '+14165550101', text: 'Thanks! On my way.', external_id: 'SM-1' }).expect(200);
    expect(res.body.duplicate).toBe(true);
    expect((await listConversations(t, dealer))[0].message_count).toBe(2);
  });

  it('starts an Active conversation for a new sender, with attachments, and an ADF lead by email', async () => {
    const res = await inbound({
      dealer_id: dealer.dealerId, channel: 'webchat', from: 'new.buyer@example.com', full_name: 'New Buyer', text: 'Is this one still available?',
      attachments: [{ content_type: 'image/png', content_url: 'https://cdn.example.com/listing.png', name: 'listing.png' }],
    }).expect(200);
    const chat = await t.http().get(`/api/v1/conversation/${res.body.conversation_id}`).query({ includeMessages: 'true' }).set('Authorization', dealer.auth).expect(200);
    expect(chat.body).toMatchObject({
      channel: 'webchat', status: 'Active', is_adf: false, message_count: 1, contact_info: { full_name: 'New Buyer', email: 'new.buyer@example.com', phone: null },
    });
    expect(chat.body.messages[0].attachments).toEqual([{ content_type: 'image/png', content_url: 'https://cdn.example.com/listing.png', content: null, name: 'listing.png' }]);

    const adf = await inbound({ dealer_id: dealer.dealerId, channel: 'email', from: 'lead@example.com', subject: 'ADF lead', text: '<adf>...</adf>', is_adf: true }).expect(200);
    const lead = await t.http().get(`/api/v1/conversation/${adf.body.conversation_id}`).set('Authorization', dealer.auth).expect(200);
    expect(lead.body).toMatchObject({ channel: 'email', is_adf: true, status: 'Active' });
  });

  it('appends to a given conversation_id of the dealership, and 404s for another dealership\'s', async () => {
    const [conversation] = await listConversations(t, dealer);
    await inbound({ dealer_id: dealer.dealerId, channel: conversation.channel, conversation_id: conversation.conversation_id, text: 'One more thing' }).expect(200);
    expect((await listConversations(t, dealer)).find((c) => c.conversation_id === conversation.conversation_id)?.message_count).toBe(conversation.message_count + 1);
    await inbound({ dealer_id: other.dealerId, channel: 'sms', conversation_id: conversation.conversation_id, text: 'Sneaky' }).expect(404);
    expect(await listConversations(t, other)).toEqual([]);
  });

  it('refuses a missing or wrong signature with 401', async () => {
    const body = { dealer_id: dealer.dealerId, channel: 'sms', from: '+14165550101', text: 'Hi' };
    await inbound(body, sign(JSON.stringify(body), 'wrong-secret')).expect(401);
    await inbound(body, 'sha256=' + '0'.repeat(64)).expect(401);
    await t.http().post('/api/v1/messaging/inbound').set('Authorization', engine).send(body).expect(401);
    // Signed, but the body changed afterwards.
    await t.http().post('/api/v1/messaging/inbound').set('Authorization', engine).set('Content-Type', 'application/json')
      .set('X-Messaging-Signature', sign(JSON.stringify(body), SECRET)).send(JSON.stringify({ ...body, text: 'Changed' })).expect(401);
  });

  it('checks the signature before the content type: a wrong signature 401, a right one on text 415', async () => {
    const raw = JSON.stringify({ dealer_id: dealer.dealerId, channel: 'sms', from: '+14165550101', text: 'Hi' });
    const asText = (signature: string) => t.http().post('/api/v1/messaging/inbound').set('Authorization', engine)
      .set('Content-Type', 'text/plain').set('X-Messaging-Signature', signature).send(raw);
    await asText(sign(raw, 'wrong-secret')).expect(401);
    await asText(sign(raw, SECRET)).expect(415);
  });

  it('needs a partner credential before the signature: none 401, a dealer credential 403', async () => {
    const body = { dealer_id: dealer.dealerId, channel: 'sms', from: '+14165550101', text: 'Hi' };
    const raw = JSON.stringify(body);
    const signed = () => t.http().post('/api/v1/messaging/inbound').set('Content-Type', 'application/json').set('X-Messaging-Signature', sign(raw, SECRET));
    const none = await signed().send(raw).expect(401);
    expect(none.headers['www-authenticate']).toContain('Basic');
    await signed().set('Authorization', dealer.auth).send(raw).expect(403);
  });

  it('opens only to a partner issued for it: the credit-application partner gets 403, nothing recorded; one issued for both gets in', async () => {
    const body = { dealer_id: dealer.dealerId, channel: 'sms', from: '+14165550177', text: 'Only for the engine' };
    const raw = JSON.stringify(body);
    const signed = () => t.http().post('/api/v1/messaging/inbound').set('Content-Type', 'application/json').set('X-Messaging-Signature', sign(raw, SECRET));
    const conversations = async () => (await t.http().get('/api/v1/conversation').set('Authorization', dealer.auth).expect(200)).body.total_row_count as number;
    const before = await conversations();
    const credit = await createPartner(t);
    const refused = await signed().set('Authorization', credit.auth).send(raw).expect(403);
    expect(refused.body.message).toBe('This partner credential was not issued for the messaging endpoints (it opens: credit-application)');
    expect(await conversations()).toBe(before);
    const both = await createPartner(t, undefined, ['messaging', 'credit-application']);
    expect(both.endpoints).toEqual(['credit-application', 'messaging']);
    await signed().set('Authorization', both.auth).send(raw).expect(200);
  });

  it.each([
    ['unknown dealership', 404, { dealer_id: 'no-such-dealer', channel: 'sms', from: '+14165550101', text: 'Hi' }],
    ['no sender and no conversation', 400, { channel: 'sms', text: 'Hi' }],
    ['invalid phone', 400, { channel: 'sms', from: '12', text: 'Hi' }],
    ['invalid email', 400, { channel: 'email', from: 'a@b', text: 'Hi' }],
    ['unknown field', 400, { channel: 'sms', from: '+14165550101', text: 'Hi', priority: 1 }],
    ['missing text', 400, { channel: 'sms', from: '+14165550101' }],
  ])('answers %s with %i', async (_name, status, body) => {
    await inbound({ dealer_id: dealer.dealerId, ...body }).expect(status);
  });

  it('is recorded by the CLI too: npm run cli -- conversations inbound', () => {
    if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: npm test builds it first (pretest)`);
    const run = (...args: string[]) => spawnSync(process.execPath, [CLI, 'conversations', 'inbound', ...args], { env: { ...process.env, ...t.env }, encoding: 'utf8' });
    const result = run('--dealer', other.dealerId, '--channel', 'sms', '--from', '416-555-0177', '--text', 'Do you have winter tires?', '--name', 'Kai');
    expect(result.status).toBe(0);
    const printed = JSON.parse(result.stdout.trim().split('\n').pop()!);
    expect(printed).toEqual({ conversation_id: expect.any(String), message_id: expect.any(String), duplicate: false });
    const bad = run('--dealer', other.dealerId, '--channel', 'sms', '--from', 'nope', '--text', 'x');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('from');
    return listConversations(t, other).then((rows) => {
      expect(rows).toEqual([expect.objectContaining({ conversation_id: printed.conversation_id, channel: 'sms', message_count: 1, contact_info: { full_name: 'Kai', phone: '+14165550177', email: null } })]);
    });
  });
});

describeEachBackend('Inbound messages without MESSAGING_ENGINE_SECRET', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('are refused with 503 and Retry-After (a server setting is missing)', async () => {
    const engine = await createPartner(t, 'Messaging Engine', ['messaging']);
    const res = await t.http().post('/api/v1/messaging/inbound').set('Authorization', engine.auth).send({ dealer_id: 'x', channel: 'sms', text: 'Hi' }).expect(503);
    expect(res.body.message).toContain('MESSAGING_ENGINE_SECRET');
    expect(res.headers['retry-after']).toBe('60');
  });
});
