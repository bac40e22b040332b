import { ForbiddenError, RateLimitedError, UnauthenticatedError } from '../errors/domain-error';
import { BasicAuthenticator, parseBasic } from './basic-authenticator';
import { CredentialStore, StoredCredential } from './principal';
import * as secretHash from './secret-hash';
import { hashSecret } from './secret-hash';

/** A real store in memory that counts lookups (each lookup means one scrypt verification). */
class CountingStore extends CredentialStore {
  lookups = 0;
  constructor(private readonly credentials: StoredCredential[]) {
    super();
  }
  async findByUsername(username: string): Promise<StoredCredential | null> {
    this.lookups++;
    return this.credentials.find((c) => c.username === username) ?? null;
  }
}

const header = (user: string, pass: string) => `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
const settings = { cacheTtlMs: 60_000, cacheMaxEntries: 2, failureLimit: 3, addressFailureLimit: 100, failureWindowSeconds: 60 };

describe(BasicAuthenticator.name, () => {
  let store: CountingStore;

  beforeAll(async () => {
    store = new CountingStore([
      { username: 'dk_a', kind: 'dealer', dealerId: 'a', partnerId: null, partnerEndpoints: [], secretHash: await hashSecret('secret-a'), active: true },
      { username: 'dk_b', kind: 'dealer', dealerId: 'b', partnerId: null, partnerEndpoints: [], secretHash: await hashSecret('secret-b'), active: true },
      { username: 'dk_c', kind: 'dealer', dealerId: 'c', partnerId: null, partnerEndpoints: [], secretHash: await hashSecret('secret-c'), active: true },
      { username: 'dk_off', kind: 'dealer', dealerId: 'off', partnerId: null, partnerEndpoints: [], secretHash: await hashSecret('secret-off'), active: false },
      { username: 'pk_p', kind: 'partner', dealerId: null, partnerId: 'p', partnerEndpoints: ['credit-application'], secretHash: await hashSecret('secret-p'), active: true },
    ]);
  });
  beforeEach(() => {
    store.lookups = 0;
  });

  it('verifies once, then serves the same header from the cache', async () => {
    const auth = new BasicAuthenticator(store, settings);
    const principal = await auth.authenticate(header('dk_a', 'secret-a'), '1.1.1.1', 'dealer');
    expect(principal).toEqual({ kind: 'dealer', username: 'dk_a', dealerId: 'a', partnerId: null, partnerEndpoints: [] });
    await auth.authenticate(header('dk_a', 'secret-a'), '1.1.1.1', 'dealer');
    await auth.authenticate(header('dk_a', 'secret-a'), '2.2.2.2', 'dealer');
    expect(store.lookups).toBe(1);
  });

  it('does not cache a wrong secret, and caches per header value', async () => {
    const auth = new BasicAuthenticator(store, settings);
    await expect(auth.authenticate(header('dk_a', 'nope'), '1.1.1.1', 'dealer')).rejects.toBeInstanceOf(UnauthenticatedError);
    await auth.authenticate(header('dk_a', 'secret-a'), '1.1.1.1', 'dealer');
    expect(store.lookups).toBe(2);
  });

  describe('cache', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('forgets a header once the TTL has passed since it was verified', async () => {
      const auth = new BasicAuthenticator(store, { ...settings, cacheTtlMs: 1000 });
      await auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer');
      jest.advanceTimersByTime(999);
      await auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer');
      expect(store.lookups).toBe(1);
      jest.advanceTimersByTime(2);
      await auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer');
      expect(store.lookups).toBe(2);
    });

    it('keeps at most cacheMaxEntries headers, forgetting the least recently used', async () => {
      const auth = new BasicAuthenticator(store, settings); // bound of 2
      await auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer');
      await auth.authenticate(header('dk_b', 'secret-b'), 'x', 'dealer');
      await auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer'); // cached; b is now the least recently used
      await auth.authenticate(header('dk_c', 'secret-c'), 'x', 'dealer'); // evicts b
      expect(store.lookups).toBe(3);
      await auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer');
      expect(store.lookups).toBe(3);
      await auth.authenticate(header('dk_b', 'secret-b'), 'x', 'dealer');
      expect(store.lookups).toBe(4);
    });

    it('reads a cached credential\'s state again after statusRecheckMs, once for concurrent requests and with no new scrypt', async () => {
      const dealer = { username: 'dk_s', kind: 'dealer' as const, dealerId: 's', partnerId: null, partnerEndpoints: [], secretHash: await hashSecret('secret-s'), active: true };
      const states = new CountingStore([dealer]);
      const auth = new BasicAuthenticator(states, { ...settings, statusRecheckMs: 2000 });
      const scrypts = jest.spyOn(secretHash, 'verifySecret');
      const call = () => auth.authenticate(header('dk_s', 'secret-s'), 'x', 'dealer');
      await call();
      dealer.active = false;
      jest.advanceTimersByTime(1999);
      await expect(call()).resolves.toMatchObject({ dealerId: 's' });
      jest.advanceTimersByTime(2);
      const refused = await Promise.allSettled([call(), call(), call()]);
      expect(refused.map((r) => r.status === 'rejected' && (r.reason as ForbiddenError).code)).toEqual(Array(3).fill('auth.dealership_disabled'));
      dealer.active = true;
      jest.advanceTimersByTime(2001);
      await expect(call()).resolves.toMatchObject({ dealerId: 's' });
      expect([states.lookups, scrypts.mock.calls.length]).toEqual([3, 1]);
      scrypts.mockRestore();
    });

    it('refuses a cached credential once a re-read finds it revoked or its secret rotated', async () => {
      const dealer = { username: 'dk_r', kind: 'dealer' as const, dealerId: 'r', partnerId: null, partnerEndpoints: [], secretHash: await hashSecret('secret-r'), active: true };
      const credentials = [dealer];
      const auth = new BasicAuthenticator(new CountingStore(credentials), { ...settings, statusRecheckMs: 2000 });
      const call = () => auth.authenticate(header('dk_r', 'secret-r'), 'x', 'dealer');
      await call();
      dealer.secretHash = await hashSecret('rotated');
      jest.advanceTimersByTime(2001);
      await expect(call()).rejects.toBeInstanceOf(UnauthenticatedError);
      dealer.secretHash = await hashSecret('secret-r');
      await call();
      credentials.length = 0;
      jest.advanceTimersByTime(2001);
      await expect(call()).rejects.toBeInstanceOf(UnauthenticatedError);
    });

    it('serves the cached state while the store cannot be read', async () => {
      const auth = new BasicAuthenticator(store, { ...settings, statusRecheckMs: 2000 });
      await auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer');
      jest.spyOn(store, 'findByUsername').mockRejectedValueOnce(new Error('database gone'));
      jest.advanceTimersByTime(2001);
      await expect(auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer')).resolves.toMatchObject({ dealerId: 'a' });
      jest.restoreAllMocks();
    });

    it('caches nothing with a TTL of 0', async () => {
      const auth = new BasicAuthenticator(store, { ...settings, cacheTtlMs: 0 });
      await auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer');
      await auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer');
      expect(store.lookups).toBe(2);
    });
  });

  it('refuses the wrong kind and a disabled dealership with 403, cached or not', async () => {
    const auth = new BasicAuthenticator(store, settings);
    for (let i = 0; i < 2; i++) {
      await expect(auth.authenticate(header('pk_p', 'secret-p'), 'x', 'dealer')).rejects.toBeInstanceOf(ForbiddenError);
      await expect(auth.authenticate(header('dk_off', 'secret-off'), 'x', 'dealer')).rejects.toBeInstanceOf(ForbiddenError);
    }
    await expect(auth.authenticate(header('pk_p', 'secret-p'), 'x', 'partner', 'credit-application')).resolves.toMatchObject({ partnerId: 'p' });
  });

  it('opens to a partner only the endpoints its credential was issued for (403 otherwise, cached or not)', async () => {
    const auth = new BasicAuthenticator(store, settings);
    for (let i = 0; i < 2; i++) {
      await expect(auth.authenticate(header('pk_p', 'secret-p'), 'x', 'partner', 'credit-application')).resolves.toMatchObject({ partnerId: 'p' });
      await expect(auth.authenticate(header('pk_p', 'secret-p'), 'x', 'partner', 'messaging')).rejects.toMatchObject({
        code: 'auth.partner_endpoint_not_issued', message: expect.stringContaining('not issued for the messaging endpoints'),
      });
      // A partner route that names no endpoint is closed to every partner.
      await expect(auth.authenticate(header('pk_p', 'secret-p'), 'x', 'partner')).rejects.toMatchObject({ code: 'auth.partner_endpoint_not_issued' });
    }
  });

  it('throttles a username after the failure limit from one address, with a retry delay', async () => {
    const auth = new BasicAuthenticator(store, settings);
    for (let i = 0; i < 3; i++) await expect(auth.authenticate(header('dk_b', 'x'), '10.0.0.1', 'dealer')).rejects.toBeInstanceOf(UnauthenticatedError);
    const refused = await auth.authenticate(header('dk_b', 'secret-b'), '10.0.0.1', 'dealer').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it('does not lock the owner out: the right secret from another address still gets in', async () => {
    const auth = new BasicAuthenticator(store, settings);
    for (let i = 0; i < 5; i++) await auth.authenticate(header('dk_c', 'guess'), '10.6.6.6', 'dealer').catch(() => undefined);
    await expect(auth.authenticate(header('dk_c', 'guess'), '10.6.6.6', 'dealer')).rejects.toBeInstanceOf(RateLimitedError);
    await expect(auth.authenticate(header('dk_c', 'secret-c'), '192.0.2.7', 'dealer')).resolves.toMatchObject({ dealerId: 'c' });
  });

  it('gives a guess spread over many addresses one try per address once the username fails everywhere, and still lets the owner in', async () => {
    const auth = new BasicAuthenticator(store, { ...settings, usernameFailureLimit: 3 });
    for (let i = 0; i < 3; i++) await expect(auth.authenticate(header('dk_b', 'guess'), `10.7.0.${i}`, 'dealer')).rejects.toBeInstanceOf(UnauthenticatedError);
    // A new address gets its one try, then is refused; an address that never failed is not.
    await expect(auth.authenticate(header('dk_b', 'guess'), '10.7.0.50', 'dealer')).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(auth.authenticate(header('dk_b', 'guess-again'), '10.7.0.50', 'dealer')).rejects.toBeInstanceOf(RateLimitedError);
    await expect(auth.authenticate(header('dk_b', 'secret-b'), '192.0.2.99', 'dealer')).resolves.toMatchObject({ dealerId: 'b' });
  });

  it('throttles an address that tries many usernames', async () => {
    const auth = new BasicAuthenticator(store, { ...settings, addressFailureLimit: 4 });
    for (let i = 0; i < 4; i++) await expect(auth.authenticate(header(`dk_guess${i}`, 'x'), '10.9.9.9', 'dealer')).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(auth.authenticate(header('dk_a', 'secret-a'), '10.9.9.9', 'dealer')).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('shares one verification among concurrent requests with the same header', async () => {
    const auth = new BasicAuthenticator(store, settings);
    const principals = await Promise.all(Array.from({ length: 50 }, () => auth.authenticate(header('dk_a', 'secret-a'), '1.1.1.1', 'dealer')));
    expect(new Set(principals.map((p) => p.dealerId))).toEqual(new Set(['a']));
    expect(store.lookups).toBe(1);
    const wrong = await Promise.allSettled(Array.from({ length: 3 }, () => auth.authenticate(header('dk_b', 'nope'), '1.1.1.2', 'dealer')));
    expect(wrong.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(store.lookups).toBe(2);
  });

  it('matches usernames exactly', async () => {
    // A store on a case-insensitive collation answers `DK_A` with dk_a's row.
    const caseInsensitive = new (class extends CredentialStore {
      findByUsername(username: string) {
        return store.findByUsername(username.toLowerCase());
      }
    })();
    const auth = new BasicAuthenticator(caseInsensitive, settings);
    await expect(auth.authenticate(header('DK_A', 'secret-a'), '1.1.1.1', 'dealer')).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(auth.authenticate(header('dk_a', 'secret-a'), '1.1.1.1', 'dealer')).resolves.toMatchObject({ dealerId: 'a' });
  });

  it.each([
    [undefined, null],
    ['Bearer x', null],
    ['Basic !!!', null],
    [`Basic ${Buffer.from(':pw').toString('base64')}`, null],
    [`basic ${Buffer.from('u:p:w').toString('base64')}`, { username: 'u', password: 'p:w' }],
  ])('parses %j', (value, expected) => {
    expect(parseBasic(value)).toEqual(expected);
  });
});
