import { describeEachBackend } from '../support/backends';
import { basicAuth, createDealer, createPartner, DealerFixture, startTestApp, TestApp } from '../support/test-app';

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

  it('429 with Retry-After once one username fails too often, even with the right secret', async () => {
    const victim = await createDealer(t);
    for (let i = 0; i < 3; i++) {
      await t.http().get('/api/v1/dealership').set('Authorization', basicAuth(victim.username, `guess-${i}`)).expect(401);
    }
    const res = await t.http().get('/api/v1/dealership').set('Authorization', victim.auth).expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({ message: 'Too many failed authentication attempts; try again later', details: null });
  });
});

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
