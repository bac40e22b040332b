import { Browser, chromium } from 'playwright-core';
import { configuredBackends } from '../support/backends';
import { findChromium } from '../support/chromium';
import { basicAuth, listenOnFreePort, startTestApp, TestApp } from '../support/test-app';

/**
 * The operator's queue board (Bull Board at /admin/queues, decisions.md section 13) loads in a real
 * browser for the operator, over every queue. It shows Bull queues, so it runs on the Redis backend
 * (always in CI); Chromium is Debian's (`.ci/run` installs it), as for the Swagger UI suite.
 */
const OPS = { OPS_USERNAME: 'ops', OPS_PASSWORD: 'board-secret-1' };
const QUEUES = ['engagement-delivery', 'assistant-runs'];

const executablePath = findChromium();
const strict = process.env.CI === 'true';
const redisBackend = configuredBackends().find((b) => b.redisUrl);
if (!redisBackend) process.stdout.write('[e2e] queue board suite skipped: Bull Board needs Bull (TEST_REDIS_URL is not set)\n');
else if (!executablePath && !strict) process.stdout.write("[e2e] queue board suite skipped: no Chromium (install Debian's `chromium`, or set CHROMIUM_PATH)\n");

(redisBackend && (executablePath || strict) ? describe : describe.skip)(`Bull Board at /admin/queues [${redisBackend?.name}]`, () => {
  let t: TestApp;
  let baseUrl: string;
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (!executablePath) throw new Error("CI=true but no Chromium: .ci/run installs Debian's `chromium` (or set CHROMIUM_PATH)");
    t = await startTestApp(redisBackend!, OPS);
    ({ baseUrl } = await listenOnFreePort(t));
    browser = await chromium.launch({ executablePath });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('refuses a browser without the operator credentials', async () => {
    // The browser's own request (a navigation would stop at the Basic prompt headless Chromium cancels).
    const context = await browser!.newContext();
    try {
      const res = await context.request.get(`${baseUrl}/admin/queues`);
      expect(res.status()).toBe(401);
      expect(res.headers()['www-authenticate']).toBe('Basic realm="dealer-api", charset="UTF-8"');
    } finally {
      await context.close();
    }
  });

  it('shows every queue to the operator, page and API alike', async () => {
    const context = await browser!.newContext({ httpCredentials: { username: OPS.OPS_USERNAME, password: OPS.OPS_PASSWORD } });
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const failed: string[] = [];
      page.on('response', (res) => {
        if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
      });
      page.on('pageerror', (err) => failed.push(`page error: ${err.message}`));
      const res = await page.goto(`${baseUrl}/admin/queues`);
      expect(res?.status()).toBe(200);
      for (const queue of QUEUES) await page.getByText(queue, { exact: true }).first().waitFor();
      expect(failed).toEqual([]);
      const api = await t.http().get('/admin/queues/api/queues').set('Authorization', basicAuth(OPS.OPS_USERNAME, OPS.OPS_PASSWORD)).expect(200);
      expect((api.body.queues as { name: string }[]).map((q) => q.name).sort()).toEqual([...QUEUES].sort());
    } finally {
      await context.close();
    }
  });
});
