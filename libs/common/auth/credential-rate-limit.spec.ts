import { CredentialRateLimit } from './credential-rate-limit';
import { LimiterStore } from './limiter-store';

describe(CredentialRateLimit.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const limiter = (perMinute: number) => new CredentialRateLimit({ perMinute }, new LimiterStore({ redisUrl: null, keyPrefix: 'test' }));

  it('counts down per credential within a minute, then refuses until the minute is over', async () => {
    const limit = limiter(2);
    expect(await limit.take('dk_a')).toEqual({ limit: 2, remaining: 1, resetSeconds: 60, allowed: true });
    jest.advanceTimersByTime(20_000);
    expect(await limit.take('dk_a')).toEqual({ limit: 2, remaining: 0, resetSeconds: 40, allowed: true });
    expect(await limit.take('dk_a')).toEqual({ limit: 2, remaining: 0, resetSeconds: 40, allowed: false });
    expect(await limit.take('dk_b')).toMatchObject({ remaining: 1, allowed: true });
    jest.advanceTimersByTime(40_001);
    expect(await limit.take('dk_a')).toEqual({ limit: 2, remaining: 1, resetSeconds: 60, allowed: true });
  });

  it('never announces a reset of 0 seconds', async () => {
    const limit = limiter(1);
    await limit.take('dk_a');
    jest.advanceTimersByTime(59_999);
    expect(await limit.take('dk_a')).toEqual({ limit: 1, remaining: 0, resetSeconds: 1, allowed: false });
  });
});

describe(`${CredentialRateLimit.name} on a Redis that does not answer`, () => {
  it('counts in memory instead, so requests are still answered (and still limited)', async () => {
    // Nothing listens on port 1: the connection is refused, again and again.
    const store = new LimiterStore({ redisUrl: 'redis://127.0.0.1:1', keyPrefix: 'test' });
    const limit = new CredentialRateLimit({ perMinute: 1 }, store);
    try {
      expect(await limit.take('dk_a')).toMatchObject({ remaining: 0, allowed: true });
      expect(await limit.take('dk_a')).toMatchObject({ remaining: 0, allowed: false });
    } finally {
      store.onApplicationShutdown();
    }
  });
});
