import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header carrying `sha256=<hex HMAC-SHA256 of the raw body>` on engine calls, both directions. */
export const SIGNATURE_HEADER = 'X-Messaging-Signature';

export function sign(rawBody: Buffer | string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Constant-time check of a signature header (hex of either case, `sha256=` prefix optional). */
export function verify(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const hex = header.trim().replace(/^sha256=/i, '');
  if (!/^[0-9a-f]{64}$/i.test(hex)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(hex, 'hex'));
}
