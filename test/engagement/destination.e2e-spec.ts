import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { listConversations, startEngineServer, storedMessages, waitFor } from './engagement-helpers';

interface EnginePayload {
  message_id: string;
  channel: string;
  text: string;
  attempt: number;
  to: { full_name: string | null; email: string | null; phone: string | null };
}

/**
 * Where an outbound message goes: the address the caller gave for the channel, recorded with the
 * message, under the contact that owns that address (docs/conversations-and-engagement.md).
 */
describeEachBackend('Engagement destination', (backend) => {
  let t: TestApp;
  let engine: Awaited<ReturnType<typeof startEngineServer>>;
  /** The engine refuses (503) the first attempt of the texts listed here, so their delivery is retried later. */
  const failFirst = new Set<string>();
  const payloads = () => engine.requests.map((r) => JSON.parse(r.body.toString('utf8')) as EnginePayload);

  beforeAll(async () => {
    engine = await startEngineServer((_n, req) => {
      const body = JSON.parse(req.body.toString('utf8')) as EnginePayload;
      return failFirst.has(body.text) && body.attempt === 1 ? 503 : 200;
    });
    t = await startTestApp(backend, {
      MESSAGING_ENGINE: 'http', MESSAGING_ENGINE_URL: engine.url, MESSAGING_ENGINE_SECRET: 'destination-secret',
      MESSAGING_DELIVERY_ATTEMPTS: '3', MESSAGING_DELIVERY_BACKOFF_MS: '1500', MESSAGING_ENGINE_TIMEOUT_MS: '2000',
    });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  const engage = (dealer: DealerFixture, body: object) => t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth).send(body).expect(202);
  /** Waits for the message to be recorded sent; the engine's last request for it. */
  const sentPayload = (text: string) => waitFor(async () => ((await deliveryStatus(text)) === 'sent' ? payloads().filter((p) => p.text === text).at(-1) : undefined), `the delivery of "${text}"`);
  let current: DealerFixture;
  async function deliveryStatus(text: string): Promise<string | undefined> {
    for (const c of await listConversations(t, current)) {
      const m = (await storedMessages(t, current, c.conversation_id)).find((x) => x.text === text);
      if (m) return m.delivery?.status;
    }
    return undefined;
  }

  it('email to a phone of one contact and an email of another: filed under and delivered to the email owner', async () => {
    current = await createDealer(t, { region: 'CA' });
    await engage(current, { contact: { full_name: 'Ana Ruiz', phone: '+14165550101', email: 'ana@example.com' }, message: 'A: setup' });
    await engage(current, { contact: { full_name: 'Ben Ode', email: 'ben@example.com' }, message: 'B: setup' });

    await engage(current, { contact: { phone: '+14165550101', email: 'Ben@Example.com' }, channel: 'email', subject: 'Quote', message: 'For Ben' });
    const sent = await sentPayload('For Ben');
    expect(sent.channel).toBe('email');
    expect(sent.to).toMatchObject({ email: 'ben@example.com', full_name: 'Ben Ode' });

    const conversations = await listConversations(t, current);
    const filed = conversations.find((c) => c.channel === 'email' && c.contact_info.email === 'ben@example.com');
    expect(filed?.message_count).toBe(2);
    // Ana keeps her phone and email; Ben does not take Ana's phone.
    expect(conversations.find((c) => c.contact_info.full_name === 'Ana Ruiz')?.contact_info).toMatchObject({ phone: '+14165550101', email: 'ana@example.com' });
    expect(filed?.contact_info.phone).toBeNull();
  });

  it('email to a phone of a contact without email and an email of another: delivered to that email, not failed', async () => {
    current = await createDealer(t, { region: 'CA' });
    await engage(current, { contact: { full_name: 'Cy Phone', phone: '+14165550102' }, message: 'C: setup' });
    await engage(current, { contact: { full_name: 'Di Mail', email: 'di@example.com' }, message: 'D: setup' });

    await engage(current, { contact: { phone: '+14165550102', email: 'di@example.com' }, channel: 'email', message: 'For Di' });
    const sent = await sentPayload('For Di');
    expect(sent.to).toMatchObject({ email: 'di@example.com', full_name: 'Di Mail' });
  });

  it('a later engage that changes the contact\'s address does not redirect a message already queued', async () => {
    current = await createDealer(t, { region: 'CA' });
    failFirst.add('First, to the old address');
    await engage(current, { contact: { phone: '+14165550103', email: 'old@example.com' }, channel: 'email', message: 'First, to the old address' });
    // The first attempt has failed; the retry waits out its backoff.
    await waitFor(async () => (payloads().some((p) => p.text === 'First, to the old address') ? true : undefined), 'the first attempt');
    await engage(current, { contact: { phone: '+14165550103', email: 'new@example.com' }, channel: 'email', message: 'Second, to the new address' });

    const second = await sentPayload('Second, to the new address');
    expect(second.to.email).toBe('new@example.com');
    const first = await sentPayload('First, to the old address');
    expect(first.attempt).toBe(2);
    expect(first.to.email).toBe('old@example.com');
    // The contact itself now has the new address.
    expect((await listConversations(t, current)).find((c) => c.channel === 'email')?.contact_info.email).toBe('new@example.com');
  });

  it('sms goes to the phone given, even when the email belongs to a contact with another phone', async () => {
    current = await createDealer(t, { region: 'CA' });
    await engage(current, { contact: { full_name: 'Eve', phone: '+14165550104', email: 'eve@example.com' }, channel: 'email', message: 'E: setup' });
    await engage(current, { contact: { phone: '+14165550105', email: 'eve@example.com' }, message: 'To the other phone' });
    const sent = await sentPayload('To the other phone');
    expect(sent.channel).toBe('sms');
    expect(sent.to.phone).toBe('+14165550105');
  });
});
