import { RecordMessageUseCase } from '../../src/modules/conversations/application/record-message.use-case';
import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { listConversations, waitForDeliveryOutcome } from './engagement-helpers';

/**
 * The Idempotency-Key is claimed in the transaction that records the message: a request that dies
 * between the two leaves neither behind, so the client's retry is carried out (not a silent no-op).
 */
describeEachBackend('Engage Idempotency-Key and the message transaction', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend);
    dealer = await createDealer(t, { region: 'CA' });
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const engage = (body: object, key: string) =>
    t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth).set('Idempotency-Key', key).send(body);
  const keyRows = (key: string) =>
    t.dataSource.query('SELECT message_id FROM engagement_idempotency_keys WHERE dealer_id = ? AND idempotency_key = ?', [dealer.dealerId, key]) as Promise<{ message_id: string | null }[]>;
  const messagesTo = async (phone: string) =>
    (await listConversations(t, dealer)).filter((c) => c.contact_info.phone === phone).reduce((n, c) => n + c.message_count, 0);

  it('a crash between claiming the key and recording the message leaves the key free for the retry', async () => {
    const body = { contact: { phone: '+14165550301' }, message: 'Crash before the message' };
    // The process "dies" while recording: the message is not written, and nothing after runs.
    jest.spyOn(t.app.get(RecordMessageUseCase), 'execute').mockRejectedValueOnce(new Error('simulated crash'));
    await engage(body, 'crash-1').expect(500);
    expect(await keyRows('crash-1')).toEqual([]);
    expect(await messagesTo('+14165550301')).toBe(0);
    jest.restoreAllMocks();

    await engage(body, 'crash-1').expect(202);
    expect(await messagesTo('+14165550301')).toBe(1);
    const [row] = await keyRows('crash-1');
    expect(row.message_id).toEqual(expect.stringMatching(/^\d+$/));
    // And now the key holds: a repeat is a no-op, another body a 409.
    await engage(body, 'crash-1').expect(202);
    await engage({ ...body, message: 'Something else' }, 'crash-1').expect(409);
    expect(await messagesTo('+14165550301')).toBe(1);
    const [conversation] = (await listConversations(t, dealer)).filter((c) => c.contact_info.phone === '+14165550301');
    await waitForDeliveryOutcome(t, dealer, conversation.conversation_id);
  });

  it('a failure after the message is written but before the commit keeps neither the message nor the key', async () => {
    const body = { contact: { phone: '+14165550302' }, message: 'Failure after the message' };
    const recordMessage = t.app.get(RecordMessageUseCase);
    const record = recordMessage.execute.bind(recordMessage);
    jest.spyOn(recordMessage, 'execute').mockImplementationOnce(async (input) => {
      await record(input);
      throw new Error('simulated failure after the message');
    });
    await engage(body, 'crash-2').expect(500);
    expect(await keyRows('crash-2')).toEqual([]);
    expect(await messagesTo('+14165550302')).toBe(0);
    jest.restoreAllMocks();

    await engage(body, 'crash-2').expect(202);
    await engage(body, 'crash-2').expect(202);
    expect(await messagesTo('+14165550302')).toBe(1);
    const [conversation] = (await listConversations(t, dealer)).filter((c) => c.contact_info.phone === '+14165550302');
    await waitForDeliveryOutcome(t, dealer, conversation.conversation_id);
  });

  it('concurrent requests for one new contact, each with its own key and each repeated, record one message per key', async () => {
    const phone = '+14165550303';
    const keys = Array.from({ length: 8 }, (_, i) => `race-${i}`);
    const requests = keys.flatMap((key) => [key, key].map(() => engage({ contact: { phone }, message: `Race ${key}` }, key)));
    const results = await Promise.all(requests);
    expect(results.map((r) => r.status)).toEqual(Array(requests.length).fill(202));
    expect(await messagesTo(phone)).toBe(keys.length);
    for (const key of keys) expect(await keyRows(key)).toEqual([{ message_id: expect.stringMatching(/^\d+$/) }]);
  });
});
