import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import request from 'supertest';
import { slugify } from '../../libs/common/slug/slug';
import { ManageCredentialsUseCase } from '../../src/modules/dealership/application/manage-credentials.use-case';
import { PurgeDeliveryAuditUseCase } from '../../src/modules/partner-integration/application/purge-delivery-audit.use-case';
import { DeliveryAuditEntry } from '../../src/modules/partner-integration/domain/partner-delivery';
import { DeliveryAuditLog } from '../../src/modules/partner-integration/domain/partner-delivery.repository';
import { describeEachBackend } from '../support/backends';
import { basicAuth, createDealer, createPartner, startTestApp, TestApp } from '../support/test-app';

const PATH = '/api/v1/webhooks/partner/integration-enabled';
const CLI = path.resolve(__dirname, '../../dist/src/cli.js');
const OLD_SECRET = 'old-signing-secret';
const NEW_SECRET = 'new-signing-secret';
const BODY_LIMIT = 2048;
const WWW_AUTHENTICATE = 'Basic realm="dealer-api", charset="UTF-8"';

type Partner = Awaited<ReturnType<typeof createPartner>>;

const sign = (body: string | Buffer, secret = NEW_SECRET) => createHmac('sha256', secret).update(body).digest('hex');
const sha256 = (body: string | Buffer) => createHash('sha256').update(body).digest('hex');
let names = 0;
/** A retailer nobody has used yet in this run. */
const freshRetailer = (base = 'Retailer') => `${base} ${++names} ${Date.now().toString(36)}`;

describeEachBackend('Partner webhook: integration-enabled', (backend) => {
  let t: TestApp;
  let partner: Partner;

  beforeAll(async () => {
    t = await startTestApp(backend, { PARTNER_SIGNING_SECRETS: `${OLD_SECRET}, ${NEW_SECRET}`, BODY_LIMIT_BYTES: String(BODY_LIMIT) });
    partner = await createPartner(t);
  });
  afterAll(() => t.close());

  /** POSTs exactly `body` (a string is sent as is, never re-serialised). */
  function deliver(body: string | Buffer, options: { auth?: string | null; signature?: string | null; query?: string; contentType?: string } = {}): request.Test {
    const req = t.http().post(PATH + (options.query ?? '')).set('Content-Type', options.contentType ?? 'application/json');
    const auth = options.auth === undefined ? partner.auth : options.auth;
    if (auth) req.set('Authorization', auth);
    const signature = options.signature === undefined ? sign(body) : options.signature;
    if (signature !== null) req.set('X-Partner-Signature', signature);
    // superagent would JSON-serialise a Buffer under a JSON content type: send the bytes as they are.
    return req.serialize((bytes: Buffer) => bytes as unknown as string).send(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
  }

  function expectProblem(res: request.Response, status: number, code: string): void {
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toEqual(expect.objectContaining({
      type: `urn:dealer-api:problem:${code}`,
      title: expect.any(String),
      status,
      detail: expect.any(String),
      instance: PATH,
      request_id: res.headers['x-request-id'],
    }));
    expect(res.body.title.length).toBeGreaterThan(0);
  }

  /** The audit record of the response's request. */
  async function auditOf(res: request.Response): Promise<DeliveryAuditEntry> {
    const entries = await t.app.get(DeliveryAuditLog).list({ take: 500 });
    const entry = entries.find((e) => e.requestId === res.headers['x-request-id']);
    if (!entry) throw new Error(`no audit record for request ${res.headers['x-request-id']}`);
    return entry;
  }

  async function profileSeenBy(dealerId: string) {
    // As an operator would: `credentials rotate` issues the first credential of a webhook-made dealership.
    const issued = await t.app.get(ManageCredentialsUseCase).rotate(dealerId);
    const res = await t.http().get('/api/v1/dealership').set('Authorization', basicAuth(issued.username, issued.password)).expect(200);
    return res.body as { id: string; name: string; region: string; integration_configs: { key: string; subscription_id: string }[] };
  }

  async function dealershipCount(dealerId: string): Promise<number> {
    const rows: { n: number | string }[] = await t.dataSource.query('SELECT COUNT(*) AS n FROM dealerships WHERE id = ?', [dealerId]);
    return Number(rows[0].n);
  }

  describe('success', () => {
    it('204 with an empty body; the dealership and its integration are visible to a dealer credential created afterwards', async () => {
      const body = JSON.stringify({ retailerName: "  Bob\u2019s Côte   Motors ", subscriptionId: 'sub_123', region: 'ca' });
      const res = await deliver(body).expect(204);
      expect(res.text).toBe('');
      expect(res.headers['content-length'] ?? '0').toBe('0');

      const profile = await profileSeenBy('bobs-cote-motors');
      expect(profile).toMatchObject({ id: 'bobs-cote-motors', name: 'Bob\u2019s Côte   Motors', region: 'CA' });
      expect(profile.integration_configs).toEqual([{ key: 'partner-credit-application', subscription_id: 'sub_123' }]);

      expect(await auditOf(res)).toEqual({
        receivedAt: expect.any(Date), partnerId: partner.partner_id, username: partner.username, clientAddress: expect.any(String),
        requestId: res.headers['x-request-id'], outcome: 'accepted', status: 204, reason: 'dealership_created', detail: null,
        bodySha256: sha256(body), dealerId: 'bobs-cote-motors',
      });
    });

    it('accepts unknown fields, no subscription id and no region (default US)', async () => {
      const name = freshRetailer('Unknown Fields');
      await deliver(JSON.stringify({ retailerName: name, eventId: 'evt_1', nested: { anything: [1, 2] } })).expect(204);
      const profile = await profileSeenBy(slugify(name));
      expect(profile.region).toBe('US');
      expect(profile.integration_configs).toEqual([{ key: 'partner-credit-application', subscription_id: '' }]);
    });

    it('ignores a region that is not an assigned ISO 3166-1 code (default US)', async () => {
      for (const region of ['UK', 'EU', 'ZZ']) {
        const name = freshRetailer(`Region ${region}`);
        await deliver(JSON.stringify({ retailerName: name, region })).expect(204);
        expect((await profileSeenBy(slugify(name))).region).toBe('US');
      }
    });

    it('records the integration on an existing dealership without touching its name or region', async () => {
      const dealer = await createDealer(t, { name: freshRetailer('Existing Motors'), region: 'CA' });
      const before = await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).expect(200);
      const res = await deliver(JSON.stringify({ retailerName: before.body.name.toUpperCase(), subscription_id: 77, region: 'FR' })).expect(204);
      const after = await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).expect(200);
      expect(after.body).toMatchObject({ name: before.body.name, region: 'CA', integration_configs: [{ key: 'partner-credit-application', subscription_id: '77' }] });
      expect((await auditOf(res)).reason).toBe('integration_created');
    });

    it.each([
      ['uppercase hex', (b: string) => sign(b).toUpperCase()],
      ['a sha256= prefix', (b: string) => `sha256=${sign(b)}`],
      ['the other secret of a rotation', (b: string) => sign(b, OLD_SECRET)],
    ])('accepts a signature in %s', async (_case, signature) => {
      const body = JSON.stringify({ retailerName: freshRetailer('Signature Case') });
      await deliver(body, { signature: signature(body) }).expect(204);
    });

    it.each([['absent', ''], ['1', '?api-version=1'], ['1.0', '?api-version=1.0']])('accepts api-version %s', async (_case, query) => {
      await deliver(JSON.stringify({ retailerName: freshRetailer('Version Case') }), { query }).expect(204);
    });

    it('verifies the raw bytes: whitespace, key order and escapes as sent', async () => {
      const body = `{ "note": "caf\\u00e9",\n  "retailerName" :"${freshRetailer('Raw Bytes')}" }`;
      await deliver(body).expect(204);
      const reserialised = JSON.stringify(JSON.parse(body));
      const res = await deliver(body, { signature: sign(reserialised) });
      expectProblem(res, 401, 'webhook.signature_invalid');
    });
  });

  describe('refusals: status, problem body and audit record', () => {
    const valid = () => JSON.stringify({ retailerName: freshRetailer('Refused') });

    it('401 without credentials (partner unknown: audited with null)', async () => {
      const body = valid();
      const res = await deliver(body, { auth: null });
      expectProblem(res, 401, 'unauthenticated');
      expect(res.headers['www-authenticate']).toBe(WWW_AUTHENTICATE);
      expect(await auditOf(res)).toMatchObject({ partnerId: null, username: null, outcome: 'refused', status: 401, reason: 'unauthenticated', bodySha256: sha256(body), dealerId: null });
    });

    it('401 for a wrong partner secret', async () => {
      const res = await deliver(valid(), { auth: basicAuth(partner.username, 'wrong') });
      expectProblem(res, 401, 'unauthenticated');
      expect(await auditOf(res)).toMatchObject({ partnerId: null, username: partner.username, reason: 'unauthenticated' });
    });

    it('401 for a partner credential without a signature, with a malformed one, and with a wrong one', async () => {
      const body = valid();
      const missing = await deliver(body, { signature: null });
      expectProblem(missing, 401, 'webhook.signature_missing');
      expect(missing.body.detail).toBe('Missing X-Partner-Signature header');
      const malformed = await deliver(body, { signature: 'not-hex' });
      expectProblem(malformed, 401, 'webhook.signature_malformed');
      const wrong = await deliver(body, { signature: sign(body, 'someone-elses-secret') });
      expectProblem(wrong, 401, 'webhook.signature_invalid');
      expect(wrong.body).toMatchObject({ title: 'Invalid signature', detail: 'X-Partner-Signature does not match the request body' });
      expect(await auditOf(wrong)).toMatchObject({
        partnerId: partner.partner_id, outcome: 'refused', status: 401, reason: 'webhook.signature_invalid', bodySha256: sha256(body),
      });
    });

    it('403 for a dealer credential, even correctly signed', async () => {
      const dealer = await createDealer(t);
      const res = await deliver(valid(), { auth: dealer.auth });
      expectProblem(res, 403, 'auth.wrong_credential_kind');
      expect(await auditOf(res)).toMatchObject({ partnerId: null, username: dealer.username, status: 403 });
    });

    it.each([['2'], ['1.1'], ['']])('400 for api-version=%j', async (version) => {
      const res = await deliver(valid(), { query: `?api-version=${version}` });
      expectProblem(res, 400, 'partner_webhook.unsupported_api_version');
      expect(res.body.errors).toEqual([{ field: 'api-version', errors: ['must be 1 or 1.0 when given'] }]);
      expect((await auditOf(res)).reason).toBe('partner_webhook.unsupported_api_version');
    });

    it('400 for malformed JSON and for a body that is not UTF-8', async () => {
      const malformed = await deliver('{"retailerName": ');
      expectProblem(malformed, 400, 'malformed_json');
      expect(malformed.body.detail).toBe('Malformed JSON body');
      const latin1 = await deliver(Buffer.from('{"retailerName":"Caf\xe9 Motors"}', 'latin1'));
      expectProblem(latin1, 400, 'malformed_json');
      expect(latin1.body.detail).toBe('The body is not valid UTF-8');
    });

    it.each([
      ['missing', {}, 'is required'],
      ['null', { retailerName: null }, 'is required'],
      ['blank', { retailerName: ' \t ' }, 'must not be blank'],
      ['not a string', { retailerName: 42 }, 'must be a string'],
      ['punctuation only', { retailerName: '!!!' }, 'must contain a letter or a digit'],
      ['in another script', { retailerName: '東京 Motors' }, 'has letters a dealer id cannot hold (東 京); send the name in Latin script'],
    ])('400 when retailerName is %s', async (_case, fields, message) => {
      const res = await deliver(JSON.stringify(fields));
      expectProblem(res, 400, 'partner_webhook.invalid_notification');
      expect(res.body.errors).toEqual([{ field: 'retailerName', errors: [message] }]);
      expect(await auditOf(res)).toMatchObject({ partnerId: partner.partner_id, status: 400, reason: 'partner_webhook.invalid_notification' });
    });

    it('400 for JSON that is not an object', async () => {
      const res = await deliver('["retailerName"]');
      expectProblem(res, 400, 'partner_webhook.invalid_notification');
      expect(res.body.errors).toEqual([{ field: 'body', errors: ['must be a JSON object'] }]);
    });

    it('413 for a body over the limit (the audit has no hash: the body was not kept)', async () => {
      const body = JSON.stringify({ retailerName: freshRetailer('Big'), padding: 'x'.repeat(BODY_LIMIT) });
      const res = await deliver(body);
      expectProblem(res, 413, 'payload_too_large');
      expect(res.body.errors).toEqual({ limit_bytes: BODY_LIMIT });
      expect(await auditOf(res)).toMatchObject({ partnerId: partner.partner_id, status: 413, reason: 'payload_too_large', bodySha256: null });
    });

    it('415 for a wrong content type, a non-UTF-8 charset and a compressed body', async () => {
      const body = valid();
      const text = await deliver(body, { contentType: 'text/plain' });
      expectProblem(text, 415, 'unsupported_media_type');
      expect(text.body.detail).toBe('Content-Type must be application/json; got text/plain');
      expectProblem(await deliver(body, { contentType: 'application/json; charset=latin1' }), 415, 'unsupported_media_type');
      const gzipped = gzipSync(body);
      const gzip = await t.http().post(PATH).set('Authorization', partner.auth).set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip').set('X-Partner-Signature', sign(gzipped)).serialize((bytes: Buffer) => bytes as unknown as string).send(gzipped);
      expectProblem(gzip, 415, 'unsupported_media_type');
    });

    it('checks in order: credentials, then signature, then api-version, then content type, then body', async () => {
      const malformed = '{"retailerName": ';
      const big = 'x'.repeat(BODY_LIMIT + 1);
      // No credentials wins over everything else.
      expectProblem(await deliver(malformed, { auth: null, signature: 'bad', query: '?api-version=9' }), 401, 'unauthenticated');
      expectProblem(await deliver(big, { auth: null, contentType: 'text/plain' }), 401, 'unauthenticated');
      // Then the signature.
      expectProblem(await deliver(malformed, { signature: sign('other'), query: '?api-version=9', contentType: 'text/plain' }), 401, 'webhook.signature_invalid');
      // Then api-version.
      expectProblem(await deliver(malformed, { query: '?api-version=9', contentType: 'text/plain' }), 400, 'partner_webhook.unsupported_api_version');
      // Then the content type, then the body.
      expectProblem(await deliver(malformed, { contentType: 'text/plain' }), 415, 'unsupported_media_type');
      expectProblem(await deliver(malformed), 400, 'malformed_json');
    });

    it('a refused delivery changes nothing', async () => {
      const name = freshRetailer('Never Created');
      await deliver(JSON.stringify({ retailerName: name }), { signature: sign('x') }).expect(401);
      await deliver(JSON.stringify({ retailerName: name }), { query: '?api-version=2' }).expect(400);
      expect(await dealershipCount(slugify(name))).toBe(0);
    });
  });

  describe('idempotency', () => {
    it('a redelivery of the same body is a no-op, even after a later change', async () => {
      const name = freshRetailer('Redelivered');
      const first = JSON.stringify({ retailerName: name, subscriptionId: 'sub_1' });
      const a = await deliver(first).expect(204);
      const b = await deliver(first).expect(204);
      expect(b.text).toBe('');
      expect((await auditOf(a)).outcome).toBe('accepted');
      expect(await auditOf(b)).toMatchObject({ outcome: 'duplicate', reason: 'duplicate_delivery', status: 204, bodySha256: sha256(first) });

      const second = JSON.stringify({ retailerName: name, subscriptionId: 'sub_2' });
      expect((await auditOf(await deliver(second).expect(204))).reason).toBe('integration_updated');
      // The partner retries the first notification late: it must not undo the second.
      expect((await auditOf(await deliver(first).expect(204))).outcome).toBe('duplicate');
      expect((await profileSeenBy(slugify(name))).integration_configs).toEqual([{ key: 'partner-credit-application', subscription_id: 'sub_2' }]);
      expect(await dealershipCount(slugify(name))).toBe(1);
    });

    it('a different body with the same facts leaves the integration unchanged', async () => {
      const name = freshRetailer('Same Facts');
      await deliver(JSON.stringify({ retailerName: name, subscriptionId: 's' })).expect(204);
      const rows = () => t.dataSource.query('SELECT subscription_id, updated_at FROM integration_configs WHERE dealer_id = ?', [slugify(name)]);
      const before = await rows();
      const res = await deliver(JSON.stringify({ retailerName: name, subscriptionId: 's', deliveryAttempt: 2 })).expect(204);
      expect((await auditOf(res)).reason).toBe('integration_unchanged');
      expect(await rows()).toEqual(before);
    });
  });

  describe('concurrency', () => {
    it('concurrent deliveries for a new retailer create exactly one dealership', async () => {
      const name = freshRetailer('Race Motors');
      const bodies = Array.from({ length: 8 }, (_, i) => JSON.stringify({ retailerName: name, subscriptionId: `sub_${i}` }));
      const responses = await Promise.all(bodies.map((body) => deliver(body)));
      expect(responses.map((r) => r.status)).toEqual(bodies.map(() => 204));
      expect(await dealershipCount(slugify(name))).toBe(1);
      const audits = await Promise.all(responses.map(auditOf));
      expect(audits.filter((a) => a.reason === 'dealership_created')).toHaveLength(1);
      expect(audits.every((a) => a.outcome === 'accepted')).toBe(true);
      const profile = await profileSeenBy(slugify(name));
      expect(profile.integration_configs).toHaveLength(1);
      expect(bodies.map((b) => JSON.parse(b).subscriptionId)).toContain(profile.integration_configs[0].subscription_id);
    });

    it('concurrent identical deliveries are applied once', async () => {
      const body = JSON.stringify({ retailerName: freshRetailer('Race Twins'), subscriptionId: 'twin' });
      const responses = await Promise.all(Array.from({ length: 6 }, () => deliver(body)));
      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 204));
      const outcomes = (await Promise.all(responses.map(auditOf))).map((a) => a.outcome).sort();
      expect(outcomes).toEqual(['accepted', 'duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    });
  });

  describe('audit', () => {
    it('`partner deliveries` prints the newest records of a partner', async () => {
      const body = JSON.stringify({ retailerName: freshRetailer('Listed') });
      const accepted = await deliver(body).expect(204);
      const refused = await deliver(body, { signature: sign(body, 'wrong') }).expect(401);
      const result = spawnSync(process.execPath, [CLI, 'partner', 'deliveries', '--partner', partner.partner_id, '--take', '2'], {
        env: { ...process.env, ...t.env }, encoding: 'utf8',
      });
      expect(result.status).toBe(0);
      const printed = JSON.parse(result.stdout.trim().split('\n').pop()!) as { deliveries: Record<string, unknown>[] };
      expect(printed.deliveries.map((d) => d.request_id)).toEqual([refused.headers['x-request-id'], accepted.headers['x-request-id']]);
      expect(printed.deliveries[1]).toEqual({
        received_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/), partner_id: partner.partner_id,
        username: partner.username, client_address: expect.any(String), request_id: accepted.headers['x-request-id'], outcome: 'accepted',
        status: 204, reason: 'dealership_created', detail: null, body_sha256: sha256(body), dealer_id: slugify(JSON.parse(body).retailerName),
      });
      expect(printed.deliveries[0]).toMatchObject({ outcome: 'refused', status: 401, reason: 'webhook.signature_invalid', dealer_id: null });
    });

    it('purges records older than 30 days and keeps the rest', async () => {
      const log = t.app.get(DeliveryAuditLog);
      const now = new Date();
      const daysAgo = (days: number, extraMs = 0) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000 - extraMs);
      const entry = (receivedAt: Date, requestId: string): DeliveryAuditEntry => ({
        receivedAt, partnerId: 'retention-check', username: null, clientAddress: null, requestId, outcome: 'refused',
        status: 401, reason: 'unauthenticated', detail: null, bodySha256: null, dealerId: null,
      });
      await log.record(entry(daysAgo(31), 'old'));
      await log.record(entry(daysAgo(30, 1), 'just-expired'));
      await log.record(entry(daysAgo(30), 'exactly-30-days'));
      await log.record(entry(daysAgo(29), 'recent'));
      const delivered = await deliver(JSON.stringify({ retailerName: freshRetailer('Retained') })).expect(204);

      expect(await t.app.get(PurgeDeliveryAuditUseCase).execute(now)).toBe(2);
      const left = (await log.list({ partnerId: 'retention-check', take: 10 })).map((e) => e.requestId);
      expect(left).toEqual(['recent', 'exactly-30-days']);
      expect((await auditOf(delivered)).outcome).toBe('accepted');
    });
  });
});

describeEachBackend('Partner webhook without a signing secret', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('503 with Retry-After for a partner, after the credentials check', async () => {
    const partner = await createPartner(t);
    const body = JSON.stringify({ retailerName: 'Unsigned Motors' });
    const res = await t.http().post(PATH).set('Authorization', partner.auth).set('Content-Type', 'application/json')
      .set('X-Partner-Signature', sign(body)).send(body);
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.headers['retry-after']).toBe('60');
    expect(res.body).toMatchObject({ type: 'urn:dealer-api:problem:webhook.signing_not_configured', status: 503 });
    await t.http().post(PATH).set('Content-Type', 'application/json').send(body).expect(401);
  });
});

describeEachBackend('Partner webhook under anonymous floods', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    // The address failure limit would 429 first; lift it to see the audit budget itself.
    t = await startTestApp(backend, { PARTNER_SIGNING_SECRETS: OLD_SECRET, AUTH_ADDRESS_FAILURE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  it('audits 20 anonymous refusals a minute per address; past that, 429 with Retry-After and nothing written', async () => {
    const log = t.app.get(DeliveryAuditLog);
    const body = JSON.stringify({ retailerName: 'Flood Motors' });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.http().post(PATH).set('Content-Type', 'application/json').set('Authorization', basicAuth(`pk_nobody${i}`, 'x')).send(body);
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(await log.list({ take: 500 })).toHaveLength(20);
    // A partner with a valid credential is still heard and audited.
    const partner = await createPartner(t);
    await t.http().post(PATH).set('Content-Type', 'application/json').set('Authorization', partner.auth).set('X-Partner-Signature', 'bad').send(body).expect(401);
    expect(await log.list({ take: 500 })).toHaveLength(21);
  });
});
