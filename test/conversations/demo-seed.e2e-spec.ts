import { DemoSetup } from '../../src/demo/demo-setup';
import { describeEachBackend } from '../support/backends';
import { basicAuth, startTestApp, TestApp } from '../support/test-app';

interface Row { conversation_id: string; channel: string; status: string; is_archived: boolean; is_likely_spam: boolean; is_adf: boolean; message_count: number }

describeEachBackend('demo seed: conversations', (backend) => {
  let t: TestApp;
  let auth: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const demo = await t.app.get(DemoSetup).ensureDemo();
    auth = basicAuth(demo.username, demo.password);
    expect(demo.seeded.conversations).toEqual({ conversations: expect.any(Number), messages: expect.any(Number) });
  });
  afterAll(() => t.close());

  const all = async (path: string): Promise<Row[]> =>
    (await t.http().get(path).query({ Take: '100', IncludeIsArchived: 'true' }).set('Authorization', auth).expect(200)).body.rows;

  it('covers the channels, statuses, archived, spam-flagged and ADF conversations', async () => {
    const rows = await all('/api/v1/conversation');
    expect(new Set(rows.map((r) => r.channel))).toEqual(new Set(['sms', 'email', 'webchat']));
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['Active', 'Ended', 'Paused']));
    expect(rows.some((r) => r.is_archived)).toBe(true);
    expect(rows.some((r) => r.is_likely_spam)).toBe(true);
    expect(rows.some((r) => r.is_adf)).toBe(true);
    const unarchived = (await t.http().get('/api/v1/conversation').query({ Take: '100' }).set('Authorization', auth).expect(200)).body;
    expect(unarchived.total_row_count).toBe(rows.filter((r) => !r.is_archived).length);
  });

  it('has debug messages that only the conversation family shows and counts, and attachments on some', async () => {
    const conversations = await all('/api/v1/conversation');
    const chats = new Map((await all('/api/v1/chats/chats')).map((r) => [r.conversation_id, r]));
    const withDebug = conversations.filter((r) => chats.get(r.conversation_id)!.message_count < r.message_count);
    expect(withDebug.length).toBeGreaterThan(0);

    let attachments = 0;
    for (const row of conversations) {
      const full = (await t.http().get(`/api/v1/conversation/${row.conversation_id}`).query({ includeMessages: 'true' }).set('Authorization', auth).expect(200)).body;
      const chat = (await t.http().get(`/api/v1/chats/chats/${row.conversation_id}`).query({ includeMessages: 'true' }).set('Authorization', auth).expect(200)).body;
      expect(full.messages).toHaveLength(row.message_count);
      expect(chat.messages).toEqual(full.messages.filter((m: { role: string }) => m.role !== 'debug'));
      attachments += full.messages.filter((m: { attachments: unknown[] }) => m.attachments.length > 0).length;
    }
    expect(attachments).toBeGreaterThan(0);
  });
});
