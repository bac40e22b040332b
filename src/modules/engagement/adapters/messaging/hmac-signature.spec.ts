import { sign, verify } from './hmac-signature';

describe('messaging HMAC signature', () => {
  const body = Buffer.from('{"text":"hi"}');

  it('verifies what it signs, with or without the prefix, in either case', () => {
    const signature = sign(body, 'secret');
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verify(body, signature, 'secret')).toBe(true);
    expect(verify(body, signature.slice(7).toUpperCase(), 'secret')).toBe(true);
  });

  it('refuses another secret, another body, and malformed headers', () => {
    const signature = sign(body, 'secret');
    expect(verify(body, signature, 'other')).toBe(false);
    expect(verify(Buffer.from('{"text":"hi!"}'), signature, 'secret')).toBe(false);
    for (const bad of [undefined, '', 'sha256=', 'sha256=zz', signature.slice(0, 20)]) expect(verify(body, bad, 'secret')).toBe(false);
  });
});
