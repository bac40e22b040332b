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
});
