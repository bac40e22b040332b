import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** Secrets are stored only as salted scrypt hashes: `scrypt$N$r$p$salt$hash` (base64url). */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(secret, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(secret, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Key ids and secrets handed out by the CLI: random, URL-safe, prefixed by kind for readability. */
export function generateUsername(kind: 'dealer' | 'partner'): string {
  return `${kind === 'dealer' ? 'dk' : 'pk'}_${randomBytes(12).toString('hex')}`;
}

export function generateSecret(): string {
  return randomBytes(24).toString('base64url');
}
