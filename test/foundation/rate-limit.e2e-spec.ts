import Redis from 'ioredis';
import { describeEachBackend } from '../support/backends';
import { createDealer, createPartner, DealerFixture, startTestApp, TestApp } from '../support/test-app';

const LIMIT = 3;
const WEBHOOK = '/api/v1/webhooks/partner/integration-enabled';

describeEachBackend('Rate limit per credential', (backend) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(backend, { RATE_LIMIT_PER_MINUTE: String(LIMIT), PARTNER_SIGNING_SECRETS: 'rate-limit-secret' });
  });
  afterAll(() => t.close());

  const profile = (who: DealerFixture) => t.http().get('/api/v1/dealership').set('Authorization', who.auth);

  it('counts every answer of a credential in RateLimit-* headers, errors included, then answers 429 with Retry-After', async () => {
    const dealer = await createDealer(t);
    const first = await profile(dealer).expect(200);
    expect(first.headers['ratelimit-limit']).toBe(String(LIMIT));
    expect(first.headers['ratelimit-remaining']).toBe('2');
    const reset = Number(first.headers['ratelimit-reset']);
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);

    const notFound = await t.http().get('/api/v1/inventory/used/1HGCM82633A004352').set('Authorization', dealer.auth).expect(404);
    expect(notFound.headers['ratelimit-remaining']).toBe('1');
    const invalid = await t.http().post('/api/v1/search').set('Authorization', dealer.auth).send({ query: '' }).expect(400);
    expect(invalid.headers['ratelimit-remaining']).toBe('0');

    const refused = await profile(dealer).expect(429);
    expect(refused.body).toEqual({ message: expect.stringContaining(`${LIMIT} requests a minute`), details: null });
    expect(refused.headers['ratelimit-limit']).toBe(String(LIMIT));
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['retry-after']).toBe(refused.headers['ratelimit-reset']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['x-request-id']).toBeDefined();
  });

  it('keys the limit by credential: another credential keeps its whole allowance', async () => {
    const busy = await createDealer(t);
    for (let i = 0; i < LIMIT; i++) await profile(busy).expect(200);
    await profile(busy).expect(429);
    const other = await createDealer(t);
    const res = await profile(other).expect(200);
    expect(res.headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it('neither counts nor limits callers without valid credentials, nor the health checks', async () => {
    const dealer = await createDealer(t);
    const refused = await t.http().get('/api/v1/dealership').set('Authorization', 'Basic Zm9vOmJhcg==').expect(401);
    expect(refused.headers['ratelimit-limit']).toBeUndefined();
    for (let i = 0; i < LIMIT + 1; i++) {
      const health = await t.http().get('/health/live').expect(200);
      expect(health.headers['ratelimit-limit']).toBeUndefined();
    }
    expect((await profile(dealer).expect(200)).headers['ratelimit-remaining']).toBe(String(LIMIT - 1));
  });

  it("counts a verified credential's 403 too (the wrong kind of credential), with its headers, then answers 429", async () => {
    const partner = await createPartner(t);
    for (let i = 0; i < LIMIT; i++) {
      const res = await t.http().get('/api/v1/dealership').set('Authorization', partner.auth).expect(403);
      expect(res.headers['ratelimit-remaining']).toBe(String(LIMIT - 1 - i));
    }
    const over = await t.http().get('/api/v1/dealership').set('Authorization', partner.auth).expect(429);
    expect(over.headers['retry-after']).toBe(over.headers['ratelimit-reset']);
  });

  it('answers the partner webhook over its limit in problem details, like its other refusals', async () => {
    const partner = await createPartner(t);
    const post = () => t.http().post(WEBHOOK).set('Authorization', partner.auth).set('Content-Type', 'application/json').send('{}');
    for (let i = 0; i < LIMIT; i++) {
      const res = await post().expect(401); // unsigned: refused after the credential was counted
      expect(res.headers['ratelimit-remaining']).toBe(String(LIMIT - 1 - i));
    }
    const res = await post().expect(429);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['retry-after']).toBe(res.headers['ratelimit-reset']);
    expect(res.body).toEqual({
      type: 'urn:dealer-api:problem:rate_limit_exceeded',
      title: 'Rate limit exceeded',
      status: 429,
      detail: expect.stringContaining(`${LIMIT} requests a minute`),
      instance: WEBHOOK,
      request_id: res.headers['x-request-id'],
    });
  });

  if (backend.redisUrl) {
    it('keeps the count in Redis, so every API process sees the requests of the others', async () => {
      const dealer = await createDealer(t);
      await profile(dealer).expect(200);
      const redis = new Redis(backend.redisUrl!);
      try {
        const key = `${t.config.queuePrefix}:rate-limit:${dealer.username}`;
        expect(await redis.get(key)).toBe('1');
        // Another process's requests land in the same counter.
        await redis.incrby(key, LIMIT - 1);
        const res = await profile(dealer).expect(429);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      } finally {
        redis.disconnect();
      }
    });
  }
});
