import * as http from 'node:http';
import { describeEachBackend } from '../support/backends';
import { until } from '../support/eventually';
import { basicAuth, createDealer, createPartner, DealerFixture, listenOnFreePort, startTestApp, TestApp } from '../support/test-app';

const WWW_AUTHENTICATE = 'Basic realm="dealer-api", charset="UTF-8"';

describeEachBackend('Basic authentication', (backend) => {
  let t: TestApp;
  let dealer: DealerFixture;

  beforeAll(async () => {
    t = await startTestApp(backend, { AUTH_FAILURE_LIMIT: '3', AUTH_FAILURE_WINDOW_SECONDS: '60' });
    dealer = await createDealer(t);
  });
  afterAll(() => t.close());

  it('lets a dealer credential read its own dealership', async () => {
    const res = await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).expect(200);
    expect(res.body.id).toBe(dealer.dealerId);
  });

  it.each([
    ['no header', undefined, 'Authentication required'],
    ['another scheme', 'Bearer abc', 'Malformed Basic credentials'],
    ['base64 without a colon', `Basic ${Buffer.from('nocolon').toString('base64')}`, 'Malformed Basic credentials'],
  ])('401 for %s, with WWW-Authenticate', async (_case, header, message) => {
    const req = t.http().get('/api/v1/dealership');
    if (header) req.set('Authorization', header);
    const res = await req.expect(401);
    expect(res.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
    expect(res.body).toEqual({ message, details: null });
  });

  it('401 for a wrong secret and an unknown username', async () => {
    const wrong = await t.http().get('/api/v1/dealership').set('Authorization', basicAuth(dealer.username, 'wrong')).expect(401);
    expect(wrong.body).toEqual({ message: 'Invalid credentials', details: null });
    expect(wrong.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
    await t.http().get('/api/v1/dealership').set('Authorization', basicAuth('dk_unknown', 'x')).expect(401);
  });

  it('403 for a partner credential on a dealer endpoint', async () => {
    const partner = await createPartner(t);
    const res = await t.http().get('/api/v1/dealership').set('Authorization', partner.auth).expect(403);
    expect(res.body).toEqual({ message: 'This endpoint needs a dealer credential; a partner credential was given', details: null });
  });

  it('403 for the credential of a disabled dealership', async () => {
    const other = await createDealer(t);
    const { DealershipRepository } = await import('../../src/modules/dealership/domain/dealership.repository');
    await t.app.get(DealershipRepository).setStatus(other.dealerId, 'disabled');
    const res = await t.http().get('/api/v1/dealership').set('Authorization', other.auth).expect(403);
    expect(res.body.message).toBe('The dealership is disabled');
  });

  it('a dealership disabled or enabled and a credential revoked take effect within 2 s, through the verification cache', async () => {
    const other = await createDealer(t);
    const { ManageCredentialsUseCase, SetDealershipStatusUseCase } = await import('../../src/modules/dealership');
    const status = async () => (await t.http().get('/api/v1/dealership').set('Authorization', other.auth)).status;
    // Verified and cached (for the default TTL, 60 s); the changes below do not touch the cache, as another process's would not.
    expect(await status()).toBe(200);
    const becomes = (expected: number) => until(async () => (await status()) === expected, `the answer ${expected}`, { timeoutMs: 3000, intervalMs: 50 });
    await t.app.get(SetDealershipStatusUseCase).execute(other.dealerId, 'disabled');
    await becomes(403);
    await t.app.get(SetDealershipStatusUseCase).execute(other.dealerId, 'active');
    await becomes(200);
    await t.app.get(ManageCredentialsUseCase).revoke(other.username);
    await becomes(401);
  });

  it('429 with Retry-After once one username fails too often from one address, even with the right secret', async () => {
    const victim = await createDealer(t);
    for (let i = 0; i < 3; i++) {
      await t.http().get('/api/v1/dealership').set('Authorization', basicAuth(victim.username, `guess-${i}`)).expect(401);
    }
    const res = await t.http().get('/api/v1/dealership').set('Authorization', victim.auth).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({ message: 'Too many failed authentication attempts; try again later', details: null });
  });

  it('does not lock the owner out: the right secret from another address still gets in', async () => {
    const victim = await createDealer(t);
    for (let i = 0; i < 4; i++) await t.http().get('/api/v1/dealership').set('Authorization', basicAuth(victim.username, `guess-${i}`));
    await t.http().get('/api/v1/dealership').set('Authorization', victim.auth).expect(429);
    const { port } = await listenOnFreePort(t);
    // 127.0.0.2 is loopback too: the same server, seen from another client address.
    const fromElsewhere = await getFrom('127.0.0.2', port, '/api/v1/dealership', victim.auth);
    expect(fromElsewhere.status).toBe(200);
    expect(JSON.parse(fromElsewhere.body)).toMatchObject({ id: victim.dealerId });
  });

  it('matches usernames exactly (MySQL compares case-insensitively; the credential does not)', async () => {
    const owner = await createDealer(t);
    await t.http().get('/api/v1/dealership').set('Authorization', basicAuth(owner.username.toUpperCase(), owner.password)).expect(401);
    await t.http().get('/api/v1/dealership').set('Authorization', owner.auth).expect(200);
  });
});

function getFrom(localAddress: string, port: number, path: string, authorization: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, localAddress, headers: { authorization } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describeEachBackend('Authentication failure throttling by client address', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { AUTH_ADDRESS_FAILURE_LIMIT: '2' });
  });
  afterAll(() => t.close());

  it('429 for a client address after repeated failures across usernames', async () => {
    await t.http().get('/api/v1/dealership').set('Authorization', basicAuth('dk_a', 'x')).expect(401);
    await t.http().get('/api/v1/dealership').set('Authorization', basicAuth('dk_b', 'x')).expect(401);
    const res = await t.http().get('/api/v1/dealership').set('Authorization', basicAuth('dk_c', 'x')).expect(429);
    expect(res.headers['retry-after']).toBeDefined();
  });
});

describeEachBackend('Authentication failure throttling across API processes', (backend) => {
  // Two apps with one queue prefix share the counters when Redis holds them; in memory they cannot.
  const shared = backend.redisUrl !== null;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    const prefix = `auth-shared-${process.pid}-${Date.now()}`;
    one = await startTestApp(backend, { AUTH_FAILURE_LIMIT: '2', QUEUE_PREFIX: prefix });
    two = await startTestApp(backend, { AUTH_FAILURE_LIMIT: '2', QUEUE_PREFIX: prefix });
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it(shared ? 'failures counted by one process throttle the next attempt on the other (Redis)' : 'each process counts its own failures (no Redis)', async () => {
    const guess = basicAuth('dk_shared_target', 'wrong');
    for (let i = 0; i < 2; i++) await one.http().get('/api/v1/dealership').set('Authorization', guess).expect(401);
    await two.http().get('/api/v1/dealership').set('Authorization', guess).expect(shared ? 429 : 401);
  });
});

describeEachBackend('Client addresses behind a proxy (TRUST_PROXY)', (backend) => {
  let trusting: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    trusting = await startTestApp(backend, { AUTH_FAILURE_LIMIT: '2', TRUST_PROXY: 'loopback' });
    direct = await startTestApp(backend, { AUTH_FAILURE_LIMIT: '2' });
  });
  afterAll(async () => {
    await trusting.close();
    await direct.close();
  });

  it('throttles per forwarded client when the proxy is trusted, and ignores X-Forwarded-For when it is not', async () => {
    for (const [t, trusted] of [[trusting, true], [direct, false]] as const) {
      const owner = await createDealer(t);
      for (let i = 0; i < 2; i++) {
        await t.http().get('/api/v1/dealership').set('Authorization', basicAuth(owner.username, 'guess')).set('X-Forwarded-For', '203.0.113.5').expect(401);
      }
      await t.http().get('/api/v1/dealership').set('Authorization', owner.auth).set('X-Forwarded-For', '203.0.113.5').expect(429);
      // Another client behind the same proxy: its own address when trusted, the proxy's (throttled) when not.
      await t.http().get('/api/v1/dealership').set('Authorization', owner.auth).set('X-Forwarded-For', '198.51.100.7').expect(trusted ? 200 : 429);
    }
  });
});
