import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Browser, chromium, Locator, Page } from 'playwright-core';
import { describeEachBackend } from '../support/backends';
import { findChromium } from '../support/chromium';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { csv, simpleCars } from '../inventory/inventory-fixtures';

/**
 * Swagger UI at /docs, driven in a real browser: what a developer trying the API does there
 * (authorize with Basic, then "Try it out" and "Execute") must work from our OpenAPI document.
 * playwright-core drives Debian's `chromium` (no browser download); `.ci/run` installs it when it is
 * missing, so CI always runs this suite. Elsewhere it is skipped only when no Chromium exists.
 *
 * The browser talks to the built service (`node dist/src/main.js`, as `npm start` runs it): the
 * Swagger CLI plugin fills the DTO schemas at build time, so only the built code serves the document
 * production serves (libs/client/openapi.json); the app under ts-jest serves one without them.
 */
const ROOT = path.resolve(__dirname, '../..');
const MAIN = path.join(ROOT, 'dist/src/main.js');
const ARTIFACTS = path.join(ROOT, 'test-artifacts');

/**
 * The built service on a port the system assigns, configured by `env` alone (the test app's: its
 * database and queue), so no variable of the caller's shell points it elsewhere. Resolves with the
 * Swagger UI address its start-up banner prints.
 */
function startBuiltApi(env: Record<string, string>): Promise<{ child: ChildProcess; docsUrl: string }> {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} is missing: npm test builds it first (pretest)`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAIN], {
      env: { ...env, PORT: '0', HOST: '127.0.0.1', CATALOG_SEED: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the built API was not ready in time:\n${output}`));
    }, 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const docs = /^ {2}swagger ui (http:\/\/\S+\/docs)$/m.exec(output);
      if (docs) {
        clearTimeout(timer);
        resolve({ child, docsUrl: docs[1] });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the built API exited with ${code}:\n${output}`));
    });
  });
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const executablePath = findChromium();
const strict = process.env.CI === 'true';
if (!executablePath && !strict) {
  process.stdout.write("[e2e] Swagger UI suite skipped: no Chromium (install Debian's `chromium`, or set CHROMIUM_PATH)\n");
}

(executablePath || strict ? describe : describe.skip)('Swagger UI at /docs in Chromium', () => {
  describeEachBackend('authorize, upload, search and engage', (backend) => {
    let t: TestApp;
    let api: ChildProcess | undefined;
    let docsUrl: string;
    let dealer: DealerFixture;
    let browser: Browser | undefined;
    let page: Page;

    beforeAll(async () => {
      if (!executablePath) throw new Error("CI=true but no Chromium: .ci/run installs Debian's `chromium` (or set CHROMIUM_PATH)");
      // The test app makes the database and the dealership; the built API serves the browser.
      t = await startTestApp(backend);
      dealer = await createDealer(t);
      ({ child: api, docsUrl } = await startBuiltApi(t.env));
      browser = await chromium.launch({ executablePath });
      page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      page.setDefaultTimeout(15_000);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await stop(api);
      await t?.close();
    });

    /** The operation's block, found by method and path (operation ids and tags may change). */
    const operation = (method: string, apiPath: string): Locator =>
      page.locator(`.opblock.opblock-${method}`).filter({ has: page.locator(`.opblock-summary-path[data-path="${apiPath}"]`) });

    async function tryItOut(op: Locator): Promise<void> {
      await op.locator('.opblock-summary').first().click();
      await op.locator('button.try-out__btn').click();
    }

    /**
     * Clicks Execute; returns the status Swagger UI shows for the live response and its body. When
     * Swagger UI sends nothing (it refuses a request whose required fields are empty or invalid),
     * says which fields it marked.
     */
    async function execute(op: Locator): Promise<{ status: string; body: string }> {
      const label = `${await op.locator('.opblock-summary-method').innerText()} ${await op.locator('.opblock-summary-path').innerText()}`;
      await op.locator('button.execute').click();
      const statusCell = op.locator('.live-responses-table tbody td.response-col_status');
      const refused = op.locator('.invalid, .validation-errors');
      await statusCell.or(refused).first().waitFor();
      if (!(await statusCell.count())) {
        const marked = await refused.evaluateAll((elements) => elements.map((e) => {
          const message = e.getAttribute('title') || e.textContent;
          const row = e.closest('tr[data-param-name], tr[data-property-name], .body-param');
          if (!row) return message;
          const where = row.getAttribute('data-param-in');
          return `${row.getAttribute('data-param-name') ?? row.getAttribute('data-property-name') ?? 'request body'}${where ? ` (${where})` : ''}: ${message}`;
        }));
        throw new Error(`Swagger UI did not send ${label}; it marked:\n${marked.join('\n')}`);
      }
      const status = (await statusCell.innerText()).trim();
      const details = op.locator('.live-responses-table tbody td.response-col_description');
      if (!/^2\d\d$/.test(status)) throw new Error(`Swagger UI shows ${status} for ${label}:\n${await details.innerText()}`);
      const body = details.locator('h5:text-is("Response body") + * pre');
      return { status, body: (await body.count()) ? await body.innerText() : '' };
    }

    it('authorizes with Basic and runs an upload, a search and an engage with a 2xx each; keeps a screenshot', async () => {
      try {
        await page.goto(docsUrl);

        await page.locator('.auth-wrapper button.authorize').click();
        // The dialog has a form per security scheme; Basic's is the one with the username field
        // (its label stays once authorized, when the input gives way to the name).
        const dialog = page.locator('.modal-ux');
        const basic = dialog.locator('form', { has: page.locator('label[for="auth-basic-username"]') });
        await basic.locator('#auth-basic-username').fill(dealer.username);
        await basic.locator('#auth-basic-password').fill(dealer.password);
        await basic.locator('button[type=submit]').click();
        await basic.getByRole('button', { name: 'Remove authorization' }).waitFor();
        await dialog.locator('button.btn-done').first().click();

        const upload = operation('put', '/api/v1/inventory/used');
        await tryItOut(upload);
        await upload.locator('tr[data-property-name="File"] input[type=file]').setInputFiles({
          name: 'inventory.csv',
          mimeType: 'text/csv',
          buffer: Buffer.from(csv(simpleCars(1, 3)), 'utf8'),
        });
        const uploaded = await execute(upload);
        expect(uploaded.status).toBe('200');
        expect(JSON.parse(uploaded.body)).toMatchObject({ num_inserts: 3, num_failed_inserts: 0 });

        const search = operation('post', '/api/v1/search');
        await tryItOut(search);
        await search.locator('textarea.body-param__text').fill(JSON.stringify({ query: 'toyota corolla', take: 10 }));
        const found = await execute(search);
        expect(found.status).toBe('200');
        expect(JSON.parse(found.body)).toMatchObject({ total_row_count: 3, row_count: 3 });

        const engage = operation('post', '/api/v1/ailm/engage');
        await tryItOut(engage);
        // Before the body: leaving the header's (debounced) input commits its value.
        await engage.locator('tr[data-param-in="header"][data-param-name="Idempotency-Key"] input').fill('swagger-ui-1');
        await engage.locator('textarea.body-param__text').fill(JSON.stringify({ contact: { full_name: 'Ana Ruiz', phone: '(416) 555-0101' }, message: 'Hi Ana, your Corolla is ready.' }));
        expect((await execute(engage)).status).toBe('202');
      } finally {
        // Also when a step failed: the page shows what Swagger UI showed.
        fs.mkdirSync(ARTIFACTS, { recursive: true });
        const name = backend.mysqlUrl || backend.redisUrl ? `swagger-ui.${backend.name.replace(/[^a-z0-9]+/gi, '-')}.png` : 'swagger-ui.png';
        await page.screenshot({ path: path.join(ARTIFACTS, name), fullPage: true });
      }
    }, 60_000);
  });
});
