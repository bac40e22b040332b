import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { RateLimiterAbstract, RateLimiterRes } from 'rate-limiter-flexible';
import { createTtlCache } from '../cache/ttl-cache';
import {
  ForbiddenError, RateLimitedError, UnauthenticatedError,
} from '../errors/domain-error';
import { LimiterStore } from './limiter-store';
import { CredentialKind, CredentialStore, PartnerEndpoint, Principal, StoredCredential } from './principal';
import { verifySecret } from './secret-hash';

export interface BasicAuthSettings {
  cacheTtlMs: number;
  cacheMaxEntries: number;
  /** Failures allowed per username from one client address per window. */
  failureLimit: number;
  /**
   * Failures of a username from every address together per window; past it, an address that has
   * failed for that username is refused at once (one guess per address), while one that has not
   * (the owner's, elsewhere) still gets in.
   */
  usernameFailureLimit?: number;
  /** Failures allowed per client address per window (higher: many users may share a NAT). */
  addressFailureLimit: number;
  failureWindowSeconds: number;
  /** How long a cached credential's state is used before it is read again (default STATUS_RECHECK_MS). */
  statusRecheckMs?: number;
}

/**
 * A cached credential's state (revoked, rotated, its dealership disabled or enabled, a partner's
 * endpoints) is read again this long after it was last read, before the next request it serves:
 * a change takes effect in every process within this bound, whatever the cache's TTL.
 */
const STATUS_RECHECK_MS = 2000;

interface CacheEntry {
  principal: Principal;
  active: boolean;
  /** The hash the secret was verified against: while the store holds the same one, the secret is still right. */
  secretHash: string;
  /** When the state above was read (its read's start, on the performance clock). */
  readAt: number;
}

/** A verified credential refused here (403): the answer still counts against that credential's rate limit. */
export class CredentialForbiddenError extends ForbiddenError {
  constructor(message: string, code: string, readonly username: string) {
    super(message, code);
  }
}

/**
 * Verifies `Authorization: Basic` headers. A verified header is cached (keyed by its SHA-256, for
 * at most the TTL, the least recently used dropped past `cacheMaxEntries`) so steady-state requests
 * pay no scrypt, and concurrent first requests with one header share one verification (a cold
 * burst of 100 requests costs one scrypt, not 100). A cached credential's state is read again
 * (one lookup, no scrypt) once it is older than `statusRecheckMs`, so a revocation, a rotation or a
 * dealership disabled or enabled takes effect within that bound in every process. Failures are counted per client address and
 * per username *from that address*, and throttled with 429 over the limit: someone guessing a
 * username's secret cannot lock its owner out, who still gets in from another address; once a
 * username fails from everywhere past `usernameFailureLimit`, each address that failed for it is
 * refused, so a guess spread over many addresses gets one try per address. Usernames match exactly (a case-insensitive database collation does not make `DK_x` a name for `dk_x`).
 */
export class BasicAuthenticator {
  /** Null when the TTL is 0: every request is verified. */
  private readonly cache: LRUCache<string, CacheEntry> | null;
  /** Verifications under way, by cache key: concurrent requests with one header share one. */
  private readonly inFlight = new Map<string, Promise<CacheEntry | null>>();
  /** Re-reads of cached credentials under way, by cache key: concurrent requests share one. */
  private readonly rechecks = new Map<string, Promise<CacheEntry | null>>();
  private readonly statusRecheckMs: number;
  private readonly userFailures: RateLimiterAbstract;
  private readonly usernameFailures: RateLimiterAbstract;
  private readonly addressFailures: RateLimiterAbstract;

  constructor(
    private readonly store: CredentialStore,
    private readonly settings: BasicAuthSettings,
    limiters: LimiterStore = new LimiterStore({ redisUrl: null, keyPrefix: 'auth' }),
  ) {
    this.userFailures = limiters.limiter('auth-failures:user', settings.failureLimit, settings.failureWindowSeconds);
    this.usernameFailures = limiters.limiter('auth-failures:username', settings.usernameFailureLimit ?? settings.failureLimit * 10, settings.failureWindowSeconds);
    this.addressFailures = limiters.limiter('auth-failures:address', settings.addressFailureLimit, settings.failureWindowSeconds);
    this.cache = settings.cacheTtlMs > 0 ? createTtlCache({ max: settings.cacheMaxEntries, ttlMs: settings.cacheTtlMs }) : null;
    this.statusRecheckMs = settings.statusRecheckMs ?? STATUS_RECHECK_MS;
  }

  async authenticate(header: string | undefined, clientAddress: string, requiredKind: CredentialKind, partnerEndpoint: PartnerEndpoint | null = null): Promise<Principal> {
    const cacheKey = header ? createHash('sha256').update(header).digest('base64') : '';
    const entry = cacheKey ? this.cache?.get(cacheKey) : undefined;
    const cached = entry && (performance.now() - entry.readAt < this.statusRecheckMs ? entry : await this.recheck(cacheKey, entry));
    // A credential no longer stored with that secret goes the uncached way: refused, and counted as a failure.
    if (cached) return this.authorize(cached.principal, cached.active, requiredKind, partnerEndpoint);

    const parsed = parseBasic(header);
    await this.refuseIfThrottled(this.addressFailures, clientAddress);
    if (parsed) await this.refuseGuessing(parsed.username, clientAddress);
    if (!parsed) {
      if (header) await this.recordFailure(clientAddress, null);
      throw new UnauthenticatedError(header ? 'Malformed Basic credentials' : 'Authentication required');
    }
    let verification = this.inFlight.get(cacheKey);
    if (!verification) {
      verification = this.verify(parsed.username, parsed.password).finally(() => this.inFlight.delete(cacheKey));
      this.inFlight.set(cacheKey, verification);
    }
    const verified = await verification;
    if (!verified) {
      await this.recordFailure(clientAddress, parsed.username);
      throw new UnauthenticatedError('Invalid credentials');
    }
    this.cache?.set(cacheKey, verified);
    return this.authorize(verified.principal, verified.active, requiredKind, partnerEndpoint);
  }

  /** One scrypt: the credential when the secret is right, else null. */
  private async verify(username: string, password: string): Promise<CacheEntry | null> {
    const readAt = performance.now();
    const stored = await this.lookUp(username);
    // An unknown username costs the same scrypt as a known one: timing does not tell them apart.
    const ok = await verifySecret(password, stored?.secretHash ?? UNKNOWN_USER_HASH);
    return stored && ok ? toEntry(stored, readAt) : null;
  }

  /**
   * A cached credential's current state, read again without a scrypt; null (and dropped from the
   * cache) once it is revoked or its secret changed. While the store cannot be read, the cached
   * state serves on (until the TTL), as it did before the read was due.
   */
  private recheck(cacheKey: string, entry: CacheEntry): Promise<CacheEntry | null> {
    let pending = this.rechecks.get(cacheKey);
    if (!pending) {
      const readAt = performance.now();
      pending = this.lookUp(entry.principal.username).then((stored) => {
        if (stored?.secretHash !== entry.secretHash) {
          this.cache?.delete(cacheKey);
          return null;
        }
        // In place: the entry keeps the TTL of its scrypt.
        return Object.assign(entry, toEntry(stored, readAt));
      }, () => {
        // The next read waits a whole interval: requests are not held by a store that is down.
        entry.readAt = readAt;
        return entry;
      }).finally(() => this.rechecks.delete(cacheKey));
      this.rechecks.set(cacheKey, pending);
    }
    return pending;
  }

  private async lookUp(username: string): Promise<StoredCredential | null> {
    const found = await this.store.findByUsername(username);
    return found?.username === username ? found : null;
  }

  private authorize(principal: Principal, active: boolean, requiredKind: CredentialKind, partnerEndpoint: PartnerEndpoint | null): Principal {
    if (principal.kind !== requiredKind) {
      throw new CredentialForbiddenError(`This endpoint needs a ${requiredKind} credential; a ${principal.kind} credential was given`, 'auth.wrong_credential_kind', principal.username);
    }
    // A partner route names its endpoint; one that does not opens to no partner (closed, not open, by mistake).
    if (requiredKind === 'partner' && (!partnerEndpoint || !principal.partnerEndpoints.includes(partnerEndpoint))) {
      throw new CredentialForbiddenError(
        partnerEndpoint
          ? `This partner credential was not issued for the ${partnerEndpoint} endpoints (it opens: ${principal.partnerEndpoints.join(', ') || 'none'})`
          : 'This endpoint opens to no partner credential',
        'auth.partner_endpoint_not_issued',
        principal.username,
      );
    }
    if (!active) throw new CredentialForbiddenError('The dealership is disabled', 'auth.dealership_disabled', principal.username);
    return principal;
  }

  /**
   * A username from an address: refused over its own limit, or after a failure when the username
   * fails from everywhere at once (a guess spread over many addresses gets one try per address).
   */
  private async refuseGuessing(username: string, clientAddress: string): Promise<void> {
    const pair = await failuresOf(this.userFailures, userAtAddress(username, clientAddress));
    if (!pair) return;
    refuseOverLimit(this.userFailures, pair);
    await this.refuseIfThrottled(this.usernameFailures, username);
  }

  private async refuseIfThrottled(limiter: RateLimiterAbstract, key: string): Promise<void> {
    const state = await failuresOf(limiter, key);
    if (state) refuseOverLimit(limiter, state);
  }

  private async recordFailure(clientAddress: string, username: string | null): Promise<void> {
    // consume() rejects once a key is over its points; refuseIfThrottled reads that state.
    const ignoreOverLimit = () => undefined;
    await this.addressFailures.consume(clientAddress).catch(ignoreOverLimit);
    if (username) {
      await this.userFailures.consume(userAtAddress(username, clientAddress)).catch(ignoreOverLimit);
      await this.usernameFailures.consume(username).catch(ignoreOverLimit);
    }
  }
}

/** A counter's state; null when it counted nothing, or cannot be read (Redis gone, no insurance for reads): that throttles nobody. */
function failuresOf(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes | null> {
  return limiter.get(key).catch(() => null);
}

function toEntry(stored: StoredCredential, readAt: number): CacheEntry {
  return {
    principal: { kind: stored.kind, username: stored.username, dealerId: stored.dealerId, partnerId: stored.partnerId, partnerEndpoints: stored.partnerEndpoints },
    active: stored.active,
    secretHash: stored.secretHash,
    readAt,
  };
}

function refuseOverLimit(limiter: RateLimiterAbstract, state: RateLimiterRes): void {
  if (state.consumedPoints >= limiter.points) {
    throw new RateLimitedError('Too many failed authentication attempts; try again later', Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
  }
}

function userAtAddress(username: string, clientAddress: string): string {
  return `${clientAddress}|${username}`;
}

/** A valid hash of a random secret nobody knows (same scrypt parameters as real ones). */
const UNKNOWN_USER_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$' + Buffer.alloc(32, 7).toString('base64url');

export function parseBasic(header: string | undefined): { username: string; password: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
