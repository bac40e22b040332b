import { createHmac, timingSafeEqual } from 'node:crypto';

/** A signing key: a configured secret (its UTF-8 bytes) or raw key bytes. */
export type HmacKey = string | Uint8Array;

const SIGNATURE = /^(?:sha256=)?([0-9a-f]{64})$/i;

export function hmacSha256(key: HmacKey, data: Uint8Array): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/**
 * The 32 bytes a signature header carries: hex of either case, with an optional `sha256=` prefix
 * (GitHub's style). null when the header is missing or not exactly that shape.
 */
export function parseHmacSha256Signature(header: string | undefined): Buffer | null {
  const match = header === undefined ? null : SIGNATURE.exec(header.trim());
  return match ? Buffer.from(match[1], 'hex') : null;
}

/**
 * True when `signatureHeader` is the HMAC-SHA256 of the exact `rawBody` bytes under one of
 * `secrets` (several during a rotation). Compared in constant time; every secret is tried, so the
 * time taken does not say which one matched.
 */
export function verifyHmacSha256(rawBody: Uint8Array, signatureHeader: string | undefined, secrets: readonly HmacKey[]): boolean {
  const given = parseHmacSha256Signature(signatureHeader);
  if (!given) return false;
  let matched = false;
  for (const secret of secrets) {
    const expected = hmacSha256(secret, rawBody);
    // Equal lengths by construction (32 bytes); timingSafeEqual throws otherwise, so check anyway.
    if (expected.length === given.length && timingSafeEqual(expected, given)) matched = true;
  }
  return matched;
}
