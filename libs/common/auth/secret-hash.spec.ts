import { generateSecret, generateUsername, hashSecret, verifySecret } from './secret-hash';

describe('secret-hash', () => {
  it('verifies the secret it hashed and refuses others', async () => {
    const secret = generateSecret();
    const stored = await hashSecret(secret);
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(stored).not.toContain(secret);
    await expect(verifySecret(secret, stored)).resolves.toBe(true);
    await expect(verifySecret(secret + 'x', stored)).resolves.toBe(false);
  });

  it('salts: the same secret hashes differently', async () => {
    expect(await hashSecret('same')).not.toEqual(await hashSecret('same'));
  });

  it('refuses a malformed stored hash', async () => {
    await expect(verifySecret('x', 'plain$text')).resolves.toBe(false);
  });

  it('generates prefixed usernames', () => {
    expect(generateUsername('dealer')).toMatch(/^dk_[0-9a-f]{24}$/);
    expect(generateUsername('partner')).toMatch(/^pk_[0-9a-f]{24}$/);
  });
});
