import { ValidationError } from '../../../../libs/common/errors/domain-error';
import { DEFAULT_REGION, isSupportedApiVersion, parseIntegrationEnabled } from './integration-enabled';

const parse = (body: unknown) => parseIntegrationEnabled(Buffer.from(typeof body === 'string' ? body : JSON.stringify(body), 'utf8'));
const problemsOf = (body: unknown) => {
  try {
    parse(body);
  } catch (err) {
    if (err instanceof ValidationError) return { code: err.code, details: err.details };
    throw err;
  }
  throw new Error('expected a refusal');
};

describe(parseIntegrationEnabled.name, () => {
  it('reads the retailer, its dealer id, the subscription and the region', () => {
    expect(parse({ retailerName: "  Bob's Côte Motors ", subscriptionId: ' sub_1 ', region: 'ca' })).toEqual({
      retailerName: "Bob's Côte Motors", dealerId: 'bobs-cote-motors', subscriptionId: 'sub_1', region: 'CA',
    });
  });

  it('accepts unknown fields and defaults what is absent', () => {
    expect(parse({ retailerName: 'Acme', eventId: 'e1', data: { x: [1] } })).toEqual({
      retailerName: 'Acme', dealerId: 'acme', subscriptionId: '', region: DEFAULT_REGION,
    });
  });

  it('reads the alternative spellings; an integer subscription id becomes text', () => {
    expect(parse({ retailerName: 'Acme', subscription_id: 42, countryCode: 'fr' })).toMatchObject({ subscriptionId: '42', region: 'FR' });
    expect(parse({ retailerName: 'Acme', country: 'de' }).region).toBe('DE');
  });

  it('ignores a region that is not a two-letter code', () => {
    expect(parse({ retailerName: 'Acme', region: 'Ontario' }).region).toBe(DEFAULT_REGION);
    expect(parse({ retailerName: 'Acme', region: 7 }).region).toBe(DEFAULT_REGION);
  });

  it('drops a UTF-8 byte order mark', () => {
    expect(parseIntegrationEnabled(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"retailerName":"Acme"}')])).dealerId).toBe('acme');
  });

  it.each([
    ['not JSON', '{"retailerName":', 'malformed_json'],
    ['empty', '', 'malformed_json'],
  ])('refuses a body that is %s', (_case, body, code) => {
    expect(problemsOf(body)).toEqual({ code, details: null });
  });

  it('refuses invalid UTF-8', () => {
    expect(() => parseIntegrationEnabled(Buffer.from([0x7b, 0xff, 0x7d]))).toThrow('The body is not valid UTF-8');
  });

  it.each([
    ['an array', ['x'], 'body', 'must be a JSON object'],
    ['null', null, 'body', 'must be a JSON object'],
    ['a string', 'Acme', 'body', 'must be a JSON object'],
    ['without retailerName', { name: 'Acme' }, 'retailerName', 'is required'],
    ['with a blank retailerName', { retailerName: '   ' }, 'retailerName', 'must not be blank'],
    ['with a numeric retailerName', { retailerName: 7 }, 'retailerName', 'must be a string'],
    ['with a retailerName of punctuation', { retailerName: '!?' }, 'retailerName', 'must contain a letter or a digit'],
    ['with a retailerName over 200 characters', { retailerName: 'a'.repeat(201) }, 'retailerName', 'must be at most 200 characters'],
    ['with a retailerName whose dealer id is over 100 characters', { retailerName: 'a '.repeat(60) }, 'retailerName', 'gives a dealer id over 100 characters'],
    ['with a Greek retailerName', { retailerName: 'Αθήνα Auto' }, 'retailerName', 'has letters a dealer id cannot hold (α θ η ν); send the name in Latin script'],
    ['with an object subscriptionId', { retailerName: 'Acme', subscriptionId: { id: 1 } }, 'subscriptionId', 'must be a string'],
    ['with a subscription_id over 200 characters', { retailerName: 'Acme', subscription_id: 'x'.repeat(201) }, 'subscription_id', 'must be at most 200 characters'],
  ])('refuses a body %s', (_case, body, field, message) => {
    expect(problemsOf(JSON.stringify(body))).toEqual({ code: 'partner_webhook.invalid_notification', details: [{ field, errors: [message] }] });
  });

  it('lists every invalid field at once', () => {
    expect(problemsOf({ subscriptionId: true })).toEqual({
      code: 'partner_webhook.invalid_notification',
      details: [{ field: 'retailerName', errors: ['is required'] }, { field: 'subscriptionId', errors: ['must be a string'] }],
    });
  });
});

describe(isSupportedApiVersion.name, () => {
  it.each([[undefined, true], ['1', true], ['1.0', true], ['2', false], ['1.00', false], ['', false], [' 1', false], [['1', '1'], false]])(
    '%j -> %j', (version, supported) => {
      expect(isSupportedApiVersion(version)).toBe(supported);
    },
  );

  it.each([
    ['a NUL', 'Acme\u0000Motors', 'must not contain control characters'],
    ['a line break', 'Acme\nMotors', 'must not contain control characters'],
    ['an escape', 'Acme\u001bMotors', 'must not contain control characters'],
    ['a lone surrogate', 'Acme \ud800 Motors', 'must not contain unpaired surrogates'],
  ])('refuses a retailerName with %s', (_what, retailerName, error) => {
    expect(() => parse({ retailerName })).toThrow(expect.objectContaining({ details: [{ field: 'retailerName', errors: [error] }] }));
  });
});
