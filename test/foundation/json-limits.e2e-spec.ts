import fc from 'fast-check';
import { listConversations } from '../engagement/engagement-helpers';
import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';

/** decisions.md section 1: JSON bodies are checked before validation; `details` is bounded. */
describeEachBackend('JSON body limits', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;
  beforeAll(async () => {
    t = await startTestApp(backend);
    dealer = await createDealer(t);
  });
  afterAll(() => t.close());

  const post = (body: string) => t.http().post('/api/v1/search').set('Authorization', dealer.auth).set('Content-Type', 'application/json').send(body);

  it('refuses more than 1,000 object keys with a short 400', async () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `"k${i}":1`).join(',');
    const res = await post(`{"query":"suv",${keys}}`).expect(400);
    expect(res.body).toEqual({ message: 'JSON with more than 1000 object keys', details: null });
  });

  it('answers 1,400 levels of nesting with a 400, not a 500', async () => {
    const res = await post(`{"query":${'['.repeat(1400)}${']'.repeat(1400)}}`).expect(400);
    expect(res.body.message).toBe('JSON nested deeper than 32 levels');
  });

  it('refuses __proto__ like an unknown field', async () => {
    const res = await post('{"query":"suv","__proto__":{"take":1}}').expect(400);
    expect(res.body.details).toEqual([{ field: '__proto__', errors: ['property __proto__ should not exist'] }]);
  });

  it('lists at most 20 details, summing up the rest', async () => {
    const unknown = Array.from({ length: 100 }, (_, i) => `"unknown_${i}":1`).join(',');
    const res = await post(`{"query":"suv",${unknown}}`).expect(400);
    expect(res.body.details).toHaveLength(21);
    expect(res.body.details[20]).toEqual({ more: 80 });
  });

  it('still admits an ordinary body', async () => {
    await post('{"query":"red suv","take":5}').expect(200);
  });

  it('property (fast-check): any JSON body to engage is a 202 or a 4xx in the error shape, and a refusal records nothing', async () => {
    const hostileKey = fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'contact', 'message', 'channel', 'subject', 'phone'), fc.string({ maxLength: 6 }));
    const anyValue = fc.oneof(fc.constant(null), fc.boolean(), fc.double(), fc.string({ maxLength: 20 }), fc.array(fc.integer(), { maxLength: 3 }), fc.constant({}));
    const body = fc.record({
      base: fc.constantFrom(
        { contact: { phone: '(416) 555-0101', full_name: 'Ana Ruiz' }, message: 'Your car is ready' },
        { contact: { email: 'ana@example.com' }, message: 'Hello', channel: 'email', subject: 'Hi' },
        {},
      ),
      // No extra field half the time: acceptances come often enough that 60 runs always see some (about 1 in 6 is one).
      extra: fc.oneof(fc.constant([] as [string, unknown][]), fc.array(fc.tuple(hostileKey, anyValue), { minLength: 1, maxLength: 4 })),
      nesting: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 })),
    }).map(({ base, extra, nesting }) => {
      // Built as text so keys like __proto__ arrive as a client would send them.
      const fields = [...Object.entries(base), ...extra].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
      if (nesting) fields.push(`"deep":${'['.repeat(nesting)}${']'.repeat(nesting)}`);
      return `{${fields.join(',')}}`;
    });
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        const before = (await listConversations(t, dealer)).reduce((n, c) => n + c.message_count, 0);
        const res = await t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth).set('Content-Type', 'application/json').send(text);
        const after = (await listConversations(t, dealer)).reduce((n, c) => n + c.message_count, 0);
        if (res.status === 202) {
          accepted++;
          return after === before + 1;
        }
        return res.status >= 400 && res.status < 500 && typeof res.body.message === 'string' && 'details' in res.body && after === before;
      }),
      { numRuns: 60 },
    );
    // The generator is neither all refusals nor all acceptances: the property saw both sides.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(60);
  });
});
