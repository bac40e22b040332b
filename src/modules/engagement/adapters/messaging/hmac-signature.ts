import { hmacSha256, verifyHmacSha256 } from '../../../../../libs/common/auth/hmac';

/** Header carrying `sha256=<hex HMAC-SHA256 of the raw body>` on engine calls, both directions. */
export const SIGNATURE_HEADER = 'X-Messaging-Signature';

export function sign(rawBody: Buffer | string, secret: string): string {
  return `sha256=${hmacSha256(secret, typeof rawBody === 'string' ? Buffer.from(rawBody) : rawBody).toString('hex')}`;
}

/** Constant-time check of a signature header (hex of either case, `sha256=` prefix optional): the shared check. */
export function verify(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  return verifyHmacSha256(rawBody, header, [secret]);
}
