import { describeEachBackend } from '../support/backends';
import { createDealer, DealerFixture, startTestApp, TEST_RATE_LIMIT_PER_MINUTE, TestApp } from '../support/test-app';

const ALLOWED = 'https://app.example.com';
const ALSO_ALLOWED = 'http://localhost:5173';
const OTHER = 'https://evil.example.net';

/** The CSP directives of a Content-Security-Policy header, by name. */
function directives(header: string | undefined): Record<string, string> {
  expect(header).toBeDefined();
  return Object.fromEntries(header!.split(';').map((d) => d.trim()).filter(Boolean).map((d) => [d.split(' ')[0], d.slice(d.indexOf(' ') + 1)]));
}

describeEachBackend('Security headers and CORS', (backend) => {
  describe('by default (CORS off)', () => {
    let t: TestApp;
    let dealer: DealerFixture;
    beforeAll(async () => {
      t = await startTestApp(backend);
      dealer = await createDealer(t);
    });
    afterAll(() => t.close());

    it("puts helmet's headers and a JSON-only CSP on /api/v1 answers, refusals included", async () => {
      const ok = await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).expect(200);
      const refused = await t.http().get('/api/v1/dealership').expect(401);
      const malformed = await t.http().post('/api/v1/search').set('Authorization', dealer.auth).set('Content-Type', 'application/json').send('{"query": ').expect(400);
      for (const res of [ok, refused, malformed]) {
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['x-powered-by']).toBeUndefined();
        expect(directives(res.headers['content-security-policy'])).toEqual({ 'default-src': "'none'", 'frame-ancestors': "'none'" });
      }
      expect(ok.headers['ratelimit-limit']).toBe(String(TEST_RATE_LIMIT_PER_MINUTE));
    });

    it('serves Swagger UI at /docs under a CSP that lets it load its own scripts and styles', async () => {
      for (const path of ['/docs', '/docs/']) {
        const ui = await t.http().get(path).expect(200);
        expect(ui.text).toContain('swagger-ui');
        const csp = directives(ui.headers['content-security-policy']);
        expect(csp['script-src']).toBe("'self'");
        expect(csp['style-src']).toContain("'unsafe-inline'");
        expect(csp['img-src']).toContain('data:');
        expect(csp['upgrade-insecure-requests']).toBeUndefined();
        expect(ui.headers['x-content-type-options']).toBe('nosniff');
        // Every script of the page comes from the server itself, which script-src 'self' allows.
        const scripts = [...ui.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
        expect(scripts.length).toBeGreaterThan(0);
        for (const [, attributes, body] of scripts) {
          expect(body.trim()).toBe('');
          const src = /src=['"]([^'"]+)['"]/.exec(attributes)?.[1];
          expect(src).toMatch(/^\.\/[\w./-]+$/);
          // Resolved as the browser does, against the page's own URL.
          await t.http().get(new URL(src!, `http://localhost${path}`).pathname).expect(200);
        }
      }
    });

    it('sends no CORS headers, whatever the Origin', async () => {
      const res = await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).set('Origin', ALLOWED).expect(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.http().options('/api/v1/dealership').set('Origin', ALLOWED).set('Access-Control-Request-Method', 'GET');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('with CORS_ORIGINS', () => {
    let t: TestApp;
    let dealer: DealerFixture;
    beforeAll(async () => {
      t = await startTestApp(backend, { CORS_ORIGINS: `${ALLOWED},${ALSO_ALLOWED}` });
      dealer = await createDealer(t);
    });
    afterAll(() => t.close());

    it('answers the preflight of a listed origin', async () => {
      const res = await t.http().options('/api/v1/dealership').set('Origin', ALSO_ALLOWED)
        .set('Access-Control-Request-Method', 'GET').set('Access-Control-Request-Headers', 'authorization').expect(204);
      expect(res.headers['access-control-allow-origin']).toBe(ALSO_ALLOWED);
      expect(res.headers['access-control-allow-methods']).toContain('GET');
      expect(res.headers['access-control-allow-headers']).toBe('authorization');
      expect(res.headers['vary']).toMatch(/Origin/);
    });

    it('lets a listed origin read the answer and its request id, rate-limit and Retry-After headers', async () => {
      const res = await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).set('Origin', ALLOWED).expect(200);
      expect(res.headers['access-control-allow-origin']).toBe(ALLOWED);
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['access-control-expose-headers']!.split(',')).toEqual(
        ['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'],
      );
    });

    it('gives any other origin nothing to read', async () => {
      const res = await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).set('Origin', OTHER).expect(200);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.http().options('/api/v1/dealership').set('Origin', OTHER).set('Access-Control-Request-Method', 'GET');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
