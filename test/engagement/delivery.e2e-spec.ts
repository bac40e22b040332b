import { JobQueue } from '../../libs/common/queue/job-queue';
import { ENGAGEMENT_DELIVERY_QUEUE } from '../../src/modules/engagement/adapters/queue/engagement.queue';
import { verify } from '../../src/modules/engagement/adapters/messaging/hmac-signature';
import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { listConversations, startEngineServer, storedMessages, waitFor, waitForDeliveryOutcome } from './engagement-helpers';
import { startFakeSmtpServer } from './fake-smtp-server';

const SECRET = 'engine-test-secret';
const ATTEMPTS = 3;

/** Delivery through the queue (in-process, and Bull on Redis) with the real engine adapters against local servers. */
describeEachBackend('Engagement delivery through the engagement-delivery queue', (backend) => {
  describe('http engine', () => {
    let t: TestApp;
    let engine: Awaited<ReturnType<typeof startEngineServer>>;
    /** Status the engine answers for the n-th request of a message (by message text). */
    const plans = new Map<string, (n: number) => number>();
    const counts = new Map<string, number>();

    beforeAll(async () => {
      engine = await startEngineServer((_n, req) => {
        const text = (JSON.parse(req.body.toString('utf8')) as { text: string }).text;
        const n = (counts.get(text) ?? 0) + 1;
        counts.set(text, n);
        return (plans.get(text) ?? (() => 200))(n);
      });
      t = await startTestApp(backend, {
        MESSAGING_ENGINE: 'http', MESSAGING_ENGINE_URL: engine.url, MESSAGING_ENGINE_SECRET: SECRET,
        MESSAGING_DELIVERY_ATTEMPTS: String(ATTEMPTS), MESSAGING_DELIVERY_BACKOFF_MS: '50', MESSAGING_ENGINE_TIMEOUT_MS: '2000',
      });
    });
    afterAll(async () => {
      await t.close();
      await engine.close();
    });

    async function engageAndWait(dealer: DealerFixture, text: string, respond?: (n: number) => number) {
      if (respond) plans.set(text, respond);
      await t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth)
        .send({ contact: { full_name: 'Sam Lee', phone: '+1 416 555 0142', email: 'sam@example.com' }, message: text }).expect(202);
      const conversation = (await listConversations(t, dealer)).find((c) => c.channel === 'sms')!;
      const message = (await storedMessages(t, dealer, conversation.conversation_id)).find((m) => m.text === text)!;
      const outcome = await waitFor(async () => {
        const m = (await storedMessages(t, dealer, conversation.conversation_id)).find((x) => x.id === message.id)!;
        return m.delivery!.status === 'sent' || m.delivery!.status === 'failed' ? m : undefined;
      }, `the outcome of "${text}"`);
      const requests = engine.requests.filter((r) => (JSON.parse(r.body.toString('utf8')) as { text: string }).text === text);
      return { outcome, requests, conversation };
    }

    it('POSTs a signed JSON payload and records the message sent', async () => {
      const dealer = await createDealer(t, { region: 'CA' });
      const { outcome, requests, conversation } = await engageAndWait(dealer, 'Your car is ready');
      expect(outcome.delivery).toEqual({ status: 'sent', attempts: 1, lastError: null, sentAt: expect.any(Date) });
      expect(requests).toHaveLength(1);
      const [request] = requests;
      expect(request.headers['content-type']).toBe('application/json');
      expect(verify(request.body, request.headers['x-messaging-signature'] as string, SECRET)).toBe(true);
      expect(verify(request.body, request.headers['x-messaging-signature'] as string, 'another-secret')).toBe(false);
      expect(request.headers['idempotency-key']).toBe(`message-${outcome.id}`);
      expect(JSON.parse(request.body.toString('utf8'))).toEqual({
        message_id: outcome.id, dealer_id: dealer.dealerId, conversation_id: conversation.conversation_id, channel: 'sms',
        to: { full_name: 'Sam Lee', email: 'sam@example.com', phone: '+14165550142' },
        from: { name: expect.any(String), email: null, phone: null },
        subject: null, text: 'Your car is ready', attachments: [], attempt: 1,
      });
    });

    it('retries a failing engine with backoff and finally records the message failed with attempts = max', async () => {
      const dealer = await createDealer(t, { region: 'CA' });
      const { outcome, requests } = await engageAndWait(dealer, 'The engine is down', () => 500);
      expect(outcome.delivery).toEqual({ status: 'failed', attempts: ATTEMPTS, lastError: expect.stringContaining('500'), sentAt: null });
      expect(requests.map((r) => (JSON.parse(r.body.toString('utf8')) as { attempt: number }).attempt)).toEqual([1, 2, 3]);
      // Nothing more comes after the final attempt: the queue holds no job for it any more.
      await waitFor(async () => ((await t.app.get(JobQueue).pendingCount(ENGAGEMENT_DELIVERY_QUEUE)) === 0 ? true : undefined), 'an empty delivery queue');
      expect(counts.get('The engine is down')).toBe(ATTEMPTS);
    });

    it('records the message sent when a retry succeeds', async () => {
      const dealer = await createDealer(t, { region: 'CA' });
      const { outcome, requests } = await engageAndWait(dealer, 'Flaky engine', (n) => (n < 3 ? 503 : 200));
      expect(outcome.delivery).toEqual({ status: 'sent', attempts: 3, lastError: null, sentAt: expect.any(Date) });
      expect(requests).toHaveLength(3);
    });

    it('does not retry a request the engine refuses (4xx) and records why', async () => {
      const dealer = await createDealer(t, { region: 'CA' });
      const { outcome, requests, conversation } = await engageAndWait(dealer, 'Refused by the engine', () => 422);
      expect(outcome.delivery).toEqual({ status: 'failed', attempts: 1, lastError: expect.stringContaining('422'), sentAt: null });
      expect(requests).toHaveLength(1);
      // The conversation endpoints show it (decisions.md section 10).
      const single = await t.http().get(`/api/v1/conversation/${conversation.conversation_id}`).query({ includeMessages: 'true' }).set('Authorization', dealer.auth).expect(200);
      expect(single.body.messages.find((m: { text: string }) => m.text === 'Refused by the engine')).toMatchObject({
        delivery_status: 'failed', delivery_error: expect.stringContaining('422'),
      });
    });
  });

  describe('smtp engine', () => {
    let t: TestApp;
    let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
    let dealer: DealerFixture;

    beforeAll(async () => {
      smtp = await startFakeSmtpServer();
      t = await startTestApp(backend, {
        MESSAGING_ENGINE: 'smtp', SMTP_URL: smtp.url, SMTP_FROM: 'store@dealer.example',
        MESSAGING_DELIVERY_ATTEMPTS: '2', MESSAGING_DELIVERY_BACKOFF_MS: '50', MESSAGING_ENGINE_TIMEOUT_MS: '2000',
      });
      dealer = await createDealer(t, { name: 'Maple Auto', region: 'CA' });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it('sends email through the SMTP server and records it sent', async () => {
      await t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth)
        .send({ contact: { full_name: 'Lee Chan', email: 'lee@example.com' }, subject: 'Your trade-in quote', message: 'We can offer $12,500 for your 2017 Civic.' }).expect(202);
      const conversation = (await listConversations(t, dealer)).find((c) => c.channel === 'email')!;
      const outcome = await waitForDeliveryOutcome(t, dealer, conversation.conversation_id);
      expect(outcome.delivery).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
      expect(smtp.mails).toHaveLength(1);
      const [mail] = smtp.mails;
      expect(mail.from).toContain('store@dealer.example');
      expect(mail.to).toEqual([expect.stringContaining('lee@example.com')]);
      expect(mail.data).toContain('Subject: Your trade-in quote');
      expect(mail.data).toContain('We can offer $12,500 for your 2017 Civic.');
      expect(mail.data).toContain('Maple Auto');
    });

    it('records an sms it cannot deliver as failed at once', async () => {
      await t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth)
        .send({ contact: { phone: '+14165550160' }, message: 'Text me' }).expect(202);
      const conversation = (await listConversations(t, dealer)).find((c) => c.channel === 'sms')!;
      const outcome = await waitForDeliveryOutcome(t, dealer, conversation.conversation_id);
      expect(outcome.delivery).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('email only') });
    });
  });
});
