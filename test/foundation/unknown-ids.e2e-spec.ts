import { sign } from '../../src/modules/engagement/adapters/messaging/hmac-signature';
import { send, waitForRun } from '../assistant/assistant-helpers';
import { listConversations } from '../engagement/engagement-helpers';
import { describeEachBackend } from '../support/backends';
import { createDealer, createPartner, DealerFixture, startTestApp, TestApp } from '../support/test-app';

const SECRET = 'unknown-ids-secret';

/**
 * Ways an id that names nothing may be spelt: well-formed but unknown, not a UUID, not a slug, too
 * long for any column, other scripts, spaces, SQL and URL punctuation (decisions.md section 1).
 */
const SPELLINGS = [
  '0b9c5f3e-6f1a-4c2d-9e8b-3a7d2c1f4e5a', 'abc', 'ABC-DEF', 'x'.repeat(300), 'ünïcödé 車', 'two words', "o'brien\"; --", 'a/b', '%', '{}', ' ',
];

/** Values that are no id at all: the wrong JSON type, or empty. */
const NOT_IDS: unknown[] = [42, true, {}, ['abc'], ''];

/** An unknown id is a 404 however it is spelt, in a path or in a body, and a body's 404 says what the path's says. */
describeEachBackend('Unknown ids', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  let engine: string;
  let threadId: string;
  let runId: string;
  let conversationId: string;
  beforeAll(async () => {
    t = await startTestApp(backend, { MESSAGING_ENGINE_SECRET: SECRET });
    dealer = await createDealer(t);
    engine = (await createPartner(t, 'Messaging Engine', ['messaging'])).auth;
    const sent = await send(t, dealer, 'What are your hours?');
    await waitForRun(t, dealer, sent);
    ({ thread_id: threadId, run_id: runId } = sent);
    await t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth).send({ contact: { full_name: 'Ana Ruiz', phone: '+14165550101' }, message: 'Your car is ready.' }).expect(202);
    [{ conversation_id: conversationId }] = await listConversations(t, dealer);
  });
  afterAll(() => t.close());

  const get = (path: string) => t.http().get(path).set('Authorization', dealer.auth);
  const post = (path: string, body: unknown = {}) => t.http().post(path).set('Authorization', dealer.auth).send(body as object);
  const inbound = (body: unknown) => {
    const raw = JSON.stringify(body);
    return t.http().post('/api/v1/messaging/inbound').set('Authorization', engine).set('Content-Type', 'application/json').set('X-Messaging-Signature', sign(raw, SECRET)).send(raw);
  };

  /** The answer to an unknown id: 404 in the error shape; its message. */
  async function notFound(answer: Promise<{ status: number; body: { message?: string; details?: unknown } }>, what: string): Promise<string> {
    const res = await answer;
    expect({ what, status: res.status, details: res.body.details }).toEqual({ what, status: 404, details: null });
    return res.body.message!;
  }

  describe.each(SPELLINGS)('spelt %j', (spelling) => {
    const id = encodeURIComponent(spelling);

    it('is a 404 in every path that names a resource', async () => {
      expect(await notFound(get(`/api/v1/assistant/threads/${id}/messages`), 'thread messages')).toBe(`Thread ${spelling} not found`);
      expect(await notFound(post(`/api/v1/assistant/threads/${id}/runs/cancel`), 'cancel')).toBe(`Thread ${spelling} not found`);
      for (const suffix of ['', '/events', '/events/stream']) {
        await notFound(get(`/api/v1/assistant/threads/${id}/runs/${runId}${suffix}`), `run${suffix} of an unknown thread`);
        await notFound(get(`/api/v1/assistant/threads/${threadId}/runs/${id}${suffix}`), `unknown run${suffix}`);
      }
      await notFound(post(`/api/v1/assistant/predefined-tasks/${id}/execute`), 'task');
      await notFound(get(`/api/v1/manufacturer/${id}/models`), 'manufacturer');
      await notFound(get(`/api/v1/conversation/${id}`), 'conversation');
      await notFound(get(`/api/v1/chats/chats/${id}`), 'chat');
      await notFound(get(`/api/v1/inventory/used/${id}`), 'used car');
      await notFound(get(`/api/v1/inventory/new/${id}`), 'new car');
    });

    it("is a 404 in a body, with the path's message", async () => {
      const byPath = await notFound(get(`/api/v1/assistant/threads/${id}/messages`), 'thread by path');
      expect(await notFound(post('/api/v1/assistant/threads/message', { message: 'hi', thread_id: spelling }), 'thread_id')).toBe(byPath);

      const conversationByPath = await notFound(get(`/api/v1/conversation/${id}`), 'conversation by path');
      expect(await notFound(inbound({ dealer_id: dealer.dealerId, channel: 'sms', conversation_id: spelling, text: 'Hi' }), 'conversation_id')).toBe(conversationByPath);
      expect(await notFound(inbound({ dealer_id: spelling, channel: 'sms', from: '+14165550101', text: 'Hi' }), 'dealer_id')).toBe(`Dealership ${spelling} not found`);
    });
  });

  it('cuts an unknown id as long as the body limit out of its 404 message', async () => {
    const huge = 'z'.repeat(500_000);
    const message = await notFound(post('/api/v1/assistant/threads/message', { message: 'hi', thread_id: huge }), 'a 500 KB thread_id');
    expect(message.startsWith('Thread zzz')).toBe(true);
    expect(message.length).toBeLessThanOrEqual(1001);
  });

  it.each(NOT_IDS)('answers %j, which is no id, with 400 saying only what is wrong with the field', async (value) => {
    const refused = async (answer: Promise<{ status: number; body: unknown }>, field: string) => {
      const res = await answer;
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400, body: { message: expect.any(String), details: [{ field, errors: [value === '' ? `${field} must not be empty` : `${field} must be a string`] }] },
      });
    };
    await refused(post('/api/v1/assistant/threads/message', { message: 'hi', thread_id: value }), 'thread_id');
    await refused(inbound({ dealer_id: dealer.dealerId, channel: 'sms', conversation_id: value, text: 'Hi' }), 'conversation_id');
    await refused(inbound({ dealer_id: value, channel: 'sms', from: '+14165550101', text: 'Hi' }), 'dealer_id');
  });

  it('still finds what the ids name, and null thread_id starts a new thread', async () => {
    const next = await post('/api/v1/assistant/threads/message', { message: 'And on Sunday?', thread_id: threadId }).expect(202);
    expect(next.body.thread_id).toBe(threadId);
    await waitForRun(t, dealer, next.body);
    const fresh = await post('/api/v1/assistant/threads/message', { message: 'Hello', thread_id: null }).expect(202);
    expect(fresh.body.thread_id).not.toBe(threadId);
    await waitForRun(t, dealer, fresh.body);
    await inbound({ dealer_id: dealer.dealerId, channel: 'sms', conversation_id: conversationId, text: 'Thanks' }).expect(200);
  });
});
