import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { createTtlCache } from '../cache/ttl-cache';
import {
  ForbiddenError, RateLimitedError, UnauthenticatedError,
} from '../errors/domain-error';
import { CredentialKind, CredentialStore, Principal } from './principal';
import { verifySecret } from './secret-hash';

export interface BasicAuthSettings {
  cacheTtlMs: number;
  cacheMaxEntries: number;
  /** Failures allowed per username per window. */
  failureLimit: number;
  /** Failures allowed per client address per window (higher: many users may share a NAT). */
  addressFailureLimit: number;
  failureWindowSeconds: number;
}

interface CacheEntry {
  principal: Principal;
  active: boolean;
}

/**
 * Verifies `Authorization: Basic` headers. A verified header is cached (keyed by its SHA-256, for
 * at most the TTL, the least recently used dropped past `cacheMaxEntries`) so steady-state requests
 * pay no scrypt; failures are counted per
 * client address and per username and throttled with 429 once over the limit.
 */
export class BasicAuthenticator {
  /** Null when the TTL is 0: every request is verified. */
  private readonly cache: LRUCache<string, CacheEntry> | null;
  private readonly userFailures: RateLimiterMemory;
  private readonly addressFailures: RateLimiterMemory;

  constructor(
    private readonly store: CredentialStore,
    private readonly settings: BasicAuthSettings,
  ) {
    this.userFailures = new RateLimiterMemory({ points: settings.failureLimit, duration: settings.failureWindowSeconds });
    this.addressFailures = new RateLimiterMemory({ points: settings.addressFailureLimit, duration: settings.failureWindowSeconds });
    this.cache = settings.cacheTtlMs > 0 ? createTtlCache({ max: settings.cacheMaxEntries, ttlMs: settings.cacheTtlMs }) : null;
  }

  async authenticate(header: string | undefined, clientAddress: string, requiredKind: CredentialKind): Promise<Principal> {
    const cacheKey = header ? createHash('sha256').update(header).digest('base64') : '';
    const cached = cacheKey ? this.cache?.get(cacheKey) : undefined;
    if (cached) return this.authorize(cached.principal, cached.active, requiredKind);

    const parsed = parseBasic(header);
    await this.refuseIfThrottled(this.addressFailures, clientAddress);
    if (parsed) await this.refuseIfThrottled(this.userFailures, parsed.username);
    if (!parsed) {
      if (header) await this.recordFailure(clientAddress, null);
      throw new UnauthenticatedError(header ? 'Malformed Basic credentials' : 'Authentication required');
    }
    const stored = await this.store.findByUsername(parsed.username);
    // An unknown username costs the same scrypt as a known one: timing does not tell them apart.
    const ok = await verifySecret(parsed.password, stored?.secretHash ?? UNKNOWN_USER_HASH);
    if (!stored || !ok) {
      await this.recordFailure(clientAddress, parsed.username);
      throw new UnauthenticatedError('Invalid credentials');
    }
    const principal: Principal = {
      kind: stored.kind, username: stored.username, dealerId: stored.dealerId, partnerId: stored.partnerId,
    };
    this.cache?.set(cacheKey, { principal, active: stored.active });
    return this.authorize(principal, stored.active, requiredKind);
  }

  private authorize(principal: Principal, active: boolean, requiredKind: CredentialKind): Principal {
    if (principal.kind !== requiredKind) {
      throw new ForbiddenError(`This endpoint needs a ${requiredKind} credential; a ${principal.kind} credential was given`, 'auth.wrong_credential_kind');
    }
    if (!active) throw new ForbiddenError('The dealership is disabled', 'auth.dealership_disabled');
    return principal;
  }

  private async refuseIfThrottled(limiter: RateLimiterMemory, key: string): Promise<void> {
    const state = await limiter.get(key);
    if (state && state.consumedPoints >= limiter.points) {
      throw new RateLimitedError('Too many failed authentication attempts; try again later', Math.max(1, Math.ceil(state.msBeforeNext / 1000)));
    }
  }

  private async recordFailure(clientAddress: string, username: string | null): Promise<void> {
    // consume() rejects once a key is over its points; refuseIfThrottled reads that state.
    const ignoreOverLimit = () => undefined;
    await this.addressFailures.consume(clientAddress).catch(ignoreOverLimit);
    if (username) await this.userFailures.consume(username).catch(ignoreOverLimit);
  }
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
