import { ForbiddenError, RateLimitedError, UnauthenticatedError } from '../errors/domain-error';
import { BasicAuthenticator, parseBasic } from './basic-authenticator';
import { CredentialStore, StoredCredential } from './principal';
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
      { username: 'dk_a', kind: 'dealer', dealerId: 'a', partnerId: null, secretHash: await hashSecret('secret-a'), active: true },
      { username: 'dk_b', kind: 'dealer', dealerId: 'b', partnerId: null, secretHash: await hashSecret('secret-b'), active: true },
      { username: 'dk_c', kind: 'dealer', dealerId: 'c', partnerId: null, secretHash: await hashSecret('secret-c'), active: true },
      { username: 'dk_off', kind: 'dealer', dealerId: 'off', partnerId: null, secretHash: await hashSecret('secret-off'), active: false },
      { username: 'pk_p', kind: 'partner', dealerId: null, partnerId: 'p', secretHash: await hashSecret('secret-p'), active: true },
    ]);
  });
  beforeEach(() => {
    store.lookups = 0;
  });
  afterEach(() => jest.restoreAllMocks());

  it('verifies once, then serves the same header from the cache', async () => {
    const auth = new BasicAuthenticator(store, settings);
    const principal = await auth.authenticate(header('dk_a', 'secret-a'), '1.1.1.1', 'dealer');
    expect(principal).toEqual({ kind: 'dealer', username: 'dk_a', dealerId: 'a', partnerId: null });
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

  it('forgets entries after the TTL and when over its bound', async () => {
    const auth = new BasicAuthenticator(store, { ...settings, cacheTtlMs: 30 });
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000); // a simulated clock: cache expiry reads Date.now()
    await auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer');
    now.mockReturnValue(1_000_029);
    await auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer');
    expect(store.lookups).toBe(1);
    now.mockReturnValue(1_000_030);
    await auth.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer');
    expect(store.lookups).toBe(2);
    now.mockRestore();

    const bounded = new BasicAuthenticator(store, settings);
    store.lookups = 0;
    for (const u of ['a', 'b', 'c']) await bounded.authenticate(header(`dk_${u}`, `secret-${u}`), 'x', 'dealer');
    await bounded.authenticate(header('dk_a', 'secret-a'), 'x', 'dealer'); // evicted: the oldest of 3 with a bound of 2
    expect(store.lookups).toBe(4);
  });

  it('refuses the wrong kind and a disabled dealership with 403, cached or not', async () => {
    const auth = new BasicAuthenticator(store, settings);
    for (let i = 0; i < 2; i++) {
      await expect(auth.authenticate(header('pk_p', 'secret-p'), 'x', 'dealer')).rejects.toBeInstanceOf(ForbiddenError);
      await expect(auth.authenticate(header('dk_off', 'secret-off'), 'x', 'dealer')).rejects.toBeInstanceOf(ForbiddenError);
    }
    await expect(auth.authenticate(header('pk_p', 'secret-p'), 'x', 'partner')).resolves.toMatchObject({ partnerId: 'p' });
  });

  it('throttles a username after the failure limit, with a retry delay', async () => {
    const auth = new BasicAuthenticator(store, settings);
    for (let i = 0; i < 3; i++) await expect(auth.authenticate(header('dk_b', 'x'), `10.0.0.${i}`, 'dealer')).rejects.toBeInstanceOf(UnauthenticatedError);
    const refused = await auth.authenticate(header('dk_b', 'secret-b'), '10.0.0.9', 'dealer').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
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
