import { hmacSha256, parseHmacSha256Signature, verifyHmacSha256 } from './hmac';

const bytes = (hex: string) => Buffer.from(hex, 'hex');
const ascii = (text: string) => Buffer.from(text, 'ascii');

/** RFC 4231 section 4: the HMAC-SHA-256 test vectors (key, data, HMAC-SHA-256). */
const RFC_4231: { name: string; key: Buffer; data: Buffer; mac: string }[] = [
  { name: 'test case 1', key: Buffer.alloc(20, 0x0b), data: ascii('Hi There'), mac: 'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7' },
  { name: 'test case 2 (key shorter than the output)', key: ascii('Jefe'), data: ascii('what do ya want for nothing?'), mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843' },
  { name: 'test case 3 (combined key and data over 64 bytes)', key: Buffer.alloc(20, 0xaa), data: Buffer.alloc(50, 0xdd), mac: '773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe' },
  { name: 'test case 4', key: bytes('0102030405060708090a0b0c0d0e0f10111213141516171819'), data: Buffer.alloc(50, 0xcd), mac: '82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b' },
  { name: 'test case 6 (key larger than the block size)', key: Buffer.alloc(131, 0xaa), data: ascii('Test Using Larger Than Block-Size Key - Hash Key First'), mac: '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54' },
  {
    name: 'test case 7 (key and data larger than the block size)',
    key: Buffer.alloc(131, 0xaa),
    data: ascii('This is a test using a larger than block-size key and a larger than block-size data. The key needs to be hashed before being used by the HMAC algorithm.'),
    mac: '9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2',
  },
];

describe('HMAC-SHA256 signatures', () => {
  describe('RFC 4231 test vectors', () => {
    it.each(RFC_4231)('$name: computes the published MAC', ({ key, data, mac }) => {
      expect(hmacSha256(key, data).toString('hex')).toBe(mac);
    });

    it.each(RFC_4231)('$name: accepts it as a signature, in lowercase, uppercase and with sha256=', ({ key, data, mac }) => {
      for (const header of [mac, mac.toUpperCase(), `sha256=${mac}`, `SHA256=${mac.toUpperCase()}`, ` ${mac} `]) {
        expect(verifyHmacSha256(data, header, [key])).toBe(true);
      }
    });

    it.each(RFC_4231)('$name: refuses it with one bit of the MAC, the data or the key changed', ({ key, data, mac }) => {
      const flippedMac = bytes(mac);
      flippedMac[31] ^= 0x01;
      expect(verifyHmacSha256(data, flippedMac.toString('hex'), [key])).toBe(false);
      const flippedData = Buffer.from(data);
      flippedData[0] ^= 0x01;
      expect(verifyHmacSha256(flippedData, mac, [key])).toBe(false);
      const flippedKey = Buffer.from(key);
      flippedKey[0] ^= 0x01;
      expect(verifyHmacSha256(data, mac, [flippedKey])).toBe(false);
    });

    it('test case 5 publishes only a 128-bit truncation: it is the prefix of the MAC, and refused as a signature', () => {
      const key = Buffer.alloc(20, 0x0c);
      const data = ascii('Test With Truncation');
      const truncated = 'a3b6167473100ee06e0c796c2955552b';
      expect(hmacSha256(key, data).toString('hex').slice(0, 32)).toBe(truncated);
      expect(verifyHmacSha256(data, truncated, [key])).toBe(false);
      expect(verifyHmacSha256(data, hmacSha256(key, data).toString('hex'), [key])).toBe(true);
    });
  });

  describe('secrets and headers', () => {
    const body = Buffer.from('{"retailerName":"Bob\u2019s Côte Motors"}', 'utf8');
    const sign = (secret: string) => hmacSha256(secret, body).toString('hex');

    it('signs the raw bytes: the same JSON re-serialised does not verify', () => {
      const reserialised = Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8')), null, 1));
      expect(verifyHmacSha256(body, sign('s3cret'), ['s3cret'])).toBe(true);
      expect(verifyHmacSha256(reserialised, sign('s3cret'), ['s3cret'])).toBe(false);
    });

    it('accepts any of several secrets (rotation) and refuses when none matches', () => {
      expect(verifyHmacSha256(body, sign('new'), ['old', 'new'])).toBe(true);
      expect(verifyHmacSha256(body, sign('old'), ['old', 'new'])).toBe(true);
      expect(verifyHmacSha256(body, sign('older'), ['old', 'new'])).toBe(false);
      expect(verifyHmacSha256(body, sign('old'), [])).toBe(false);
    });

    it.each([
      ['missing', undefined],
      ['empty', ''],
      ['too short', 'ab'.repeat(31)],
      ['too long (no length-mismatch throw)', 'ab'.repeat(33)],
      ['not hex', 'zz'.repeat(32)],
      ['base64 of the right bytes', 'x'.repeat(43) + '='],
      ['another prefix', `sha1=${'ab'.repeat(32)}`],
      ['two signatures', `${'ab'.repeat(32)},${'cd'.repeat(32)}`],
    ])('refuses a %s header', (_case, header) => {
      expect(parseHmacSha256Signature(header)).toBeNull();
      expect(verifyHmacSha256(body, header, ['s3cret'])).toBe(false);
    });
  });
});
