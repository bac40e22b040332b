import { spawnSync } from 'node:child_process';
import * as net from 'node:net';
import Bull from 'bull';
import { csv, simpleCars, uploadCsv, vin } from '../inventory/inventory-fixtures';
import { send, waitForRun } from '../assistant/assistant-helpers';
import { Backend, describeEachBackend } from '../support/backends';
import { eventually } from '../support/eventually';
import { Deployment, freshStore, Store } from '../support/service-processes';
import { Sample, samples } from '../support/prometheus-text';
import { basicAuth, createDealer, DealerFixture, listenOnFreePort, startTestApp, TestApp } from '../support/test-app';
import { workerOutput } from '../support/worker-process';

/**
 * The operator's metrics (decisions.md section 13): `GET /metrics` for the operator's credentials
 * only, in Prometheus' text format, with counters and histograms that move by what the service did
 * and labels that never carry a dealership, a VIN or a user name.
 */
const OPS = { OPS_USERNAME: 'ops', OPS_PASSWORD: 'ops-secret-1' };
const OPS_AUTH = basicAuth(OPS.OPS_USERNAME, OPS.OPS_PASSWORD);

/** The sum of the samples named `name` whose labels include `labels` (0 when there is none). */
function sum(scrape: Sample[], name: string, labels: Record<string, string> = {}): number {
  return scrape.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((n, s) => n + s.value, 0);
}

/** promtool (Debian's `prometheus`), which `.ci/run` installs: CI always checks the format with it. */
const promtool = spawnSync('promtool', ['--version']).status === 0;
if (!promtool && process.env.CI !== 'true') process.stdout.write("[e2e] promtool check skipped: no promtool (install Debian's `prometheus`)\n");

describeEachBackend('operator metrics', (backend) => {
  describe('without OPS_USERNAME and OPS_PASSWORD', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(backend);
    });
    afterAll(() => t?.close());

    it('has no operator routes: 404 like any unknown route, whatever the credentials', async () => {
      for (const path of ['/metrics', '/admin/queues']) {
        const res = await t.http().get(path).set('Authorization', OPS_AUTH).expect(404);
        expect(res.body).toEqual({ message: `No route for GET ${path}`, details: null });
      }
    });
  });

  describe('with operator access', () => {
    let t: TestApp;
    let dealer: DealerFixture;
    const scrape = async () => samples((await t.http().get('/metrics').set('Authorization', OPS_AUTH).expect(200)).text);

    beforeAll(async () => {
      t = await startTestApp(backend, OPS);
      dealer = await createDealer(t);
    });
    afterAll(() => t?.close());

    it('answers only the operator: 401 with the Basic challenge without credentials, with a wrong secret and with a dealership credential', async () => {
      const refusals = [
        await t.http().get('/metrics').expect(401),
        await t.http().get('/metrics').set('Authorization', basicAuth('ops', 'wrong')).expect(401),
        await t.http().get('/metrics').set('Authorization', dealer.auth).expect(401),
        await t.http().get('/admin/queues').set('Authorization', dealer.auth).expect(401),
      ];
      for (const res of refusals) {
        expect(res.headers['www-authenticate']).toBe('Basic realm="dealer-api", charset="UTF-8"');
        expect(res.body).toEqual({ message: expect.any(String), details: null });
      }
      const ok = await t.http().get('/metrics').set('Authorization', OPS_AUTH).expect(200);
      expect(ok.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(ok.text).toContain('# TYPE http_request_duration_seconds histogram');
      expect(ok.text).toContain('process_cpu_seconds_total');
    });

    (promtool || process.env.CI === 'true' ? it : it.skip)('passes promtool check metrics', async () => {
      await t.http().get('/api/v1/dealership').set('Authorization', dealer.auth).expect(200);
      const text = (await t.http().get('/metrics').set('Authorization', OPS_AUTH).expect(200)).text;
      const check = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
      expect(check.error).toBeUndefined();
      expect({ status: check.status, out: `${check.stdout}${check.stderr}` }).toEqual({ status: 0, out: '' });
    });

    it('moves by what was done: an upload, a message, a run, requests and a failed authentication; no label names a dealership, a VIN or a user', async () => {
      const before = await scrape();
      const rows = simpleCars(500, 3);
      rows.push([vin(503), 'U503', 'not a year', 'Toyota', 'Corolla', '', 10000, 1000]);
      await uploadCsv(t, dealer.auth, csv(rows)).expect(200);
      const engaged = await t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth)
        .send({ contact: { full_name: 'Ana Ruiz', phone: '+14155550100' }, message: 'Your car is ready' }).expect(202);
      expect(engaged.status).toBe(202);
      const run = await waitForRun(t, dealer, await send(t, dealer, 'How many cars do you have?'));
      await t.http().get('/api/v1/dealership').set('Authorization', basicAuth(dealer.username, 'not-the-secret')).expect(401);

      const after = await eventually(async () => {
        const now = await scrape();
        return sum(now, 'message_deliveries_total') > sum(before, 'message_deliveries_total') ? now : undefined;
      }, 'the delivery counted');
      const moved = (name: string, labels: Record<string, string> = {}) => sum(after, name, labels) - sum(before, name, labels);

      expect(moved('inventory_upload_rows_total', { kind: 'used', result: 'inserted' })).toBe(3);
      expect(moved('inventory_upload_rows_total', { kind: 'used', result: 'failed' })).toBe(1);
      expect(moved('inventory_upload_rows_total', { kind: 'new' })).toBe(0);
      expect(moved('message_deliveries_total', { channel: 'sms', result: 'sent' })).toBe(1);
      expect(moved('message_deliveries_total')).toBe(1);
      expect(moved('assistant_runs_total', { status: String(run.status), outcome_code: String(run.outcome_code) })).toBe(1);
      expect(moved('assistant_runs_total')).toBe(1);
      expect(moved('assistant_run_duration_seconds_count')).toBe(1);
      expect(moved('auth_failures_total', { code: 'unauthenticated' })).toBe(1);
      expect(moved('http_request_duration_seconds_count', { method: 'PUT', route: '/api/v1/inventory/used', status_class: '2xx' })).toBe(1);
      expect(moved('http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/ailm/engage', status_class: '2xx' })).toBe(1);
      expect(moved('http_request_duration_seconds_count', { method: 'GET', route: '/api/v1/dealership', status_class: '4xx' })).toBe(1);
      // Route templates, never raw paths: the run's own path is counted under its template.
      expect(sum(after, 'http_request_duration_seconds_count', { route: '/api/v1/assistant/threads/:threadId/runs/:runId' })).toBeGreaterThan(0);

      for (const queue of ['engagement-delivery', 'assistant-runs']) {
        for (const state of ['waiting', 'active', 'delayed', 'failed']) expect(after.some((s) => s.name === 'queue_jobs' && s.labels.queue === queue && s.labels.state === state)).toBe(true);
      }
      expect(after.filter((s) => s.name === 'outbox_oldest_age_seconds').map((s) => s.labels.kind).sort()).toEqual(['handoff', 'message', 'run']);

      const labelValues = after.flatMap((s) => Object.values(s.labels));
      for (const secret of [dealer.dealerId, dealer.username, run.run_id as string, vin(500), vin(503), '+14155550100']) {
        expect(labelValues.filter((v) => v.includes(secret))).toEqual([]);
      }
    });

    it("throttles an address's failed operator logins like a dealer's (429, even for the right secret), and counts a 408 answered on the socket", async () => {
      const guarded = await startTestApp(backend, { ...OPS, AUTH_ADDRESS_FAILURE_LIMIT: '3', REQUEST_TIMEOUT_S: '1' });
      try {
        const { port } = await listenOnFreePort(guarded);
        const scrapeGuarded = async () => samples(await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { Authorization: OPS_AUTH } })).text());
        const before = await scrapeGuarded();
        // A body that never arrives: 408 from the socket, counted with the request's method.
        const answer = await new Promise<string>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1', () => socket.write('POST /api/v1/ailm/engage HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"con'));
          let text = '';
          socket.on('data', (chunk) => (text += chunk.toString()));
          socket.on('close', () => resolve(text));
          socket.on('error', reject);
        });
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        const after = await scrapeGuarded();
        expect(sum(after, 'http_request_duration_seconds_count', { method: 'POST', status_class: '4xx' }) - sum(before, 'http_request_duration_seconds_count', { method: 'POST', status_class: '4xx' })).toBe(1);

        for (let i = 0; i < 3; i++) await guarded.http().get('/metrics').set('Authorization', basicAuth('ops', `guess-${i}`)).expect(401);
        const refused = await guarded.http().get('/metrics').set('Authorization', OPS_AUTH).expect(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
        expect(refused.body).toEqual({ message: expect.any(String), details: null });
      } finally {
        await guarded.close();
      }
    });

    it('reports a delivery that waits: retrying counted, and the message outbox ages', async () => {
      const failing = await startTestApp(backend, {
        ...OPS, MESSAGING_ENGINE: 'http', MESSAGING_ENGINE_URL: 'http://127.0.0.1:9/refused', MESSAGING_ENGINE_SECRET: 'engine-secret',
        MESSAGING_DELIVERY_ATTEMPTS: '3', MESSAGING_DELIVERY_BACKOFF_MS: '3600000',
      });
      try {
        const other = await createDealer(failing);
        await failing.http().post('/api/v1/ailm/engage').set('Authorization', other.auth)
          .send({ contact: { email: 'ana@example.com' }, message: 'Hello' }).expect(202);
        const scraped = await eventually(async () => {
          const now = samples((await failing.http().get('/metrics').set('Authorization', OPS_AUTH).expect(200)).text);
          return sum(now, 'message_deliveries_total', { channel: 'email', result: 'retrying' }) === 1 && sum(now, 'outbox_oldest_age_seconds', { kind: 'message' }) > 0 ? now : undefined;
        }, 'a retrying delivery and an ageing outbox');
        expect(sum(scraped, 'message_deliveries_total', { result: 'sent' })).toBe(0);
        expect(sum(scraped, 'queue_jobs', { queue: 'engagement-delivery', state: 'delayed' })).toBe(1);
      } finally {
        await failing.close();
      }
    });
  });

  if (backend.mysqlUrl && backend.redisUrl) {
    describe('two APIs and two workers', () => {
      let store: Store;
      let service: Deployment | undefined;

      beforeAll(async () => {
        store = await freshStore(backend as Backend);
        service = await Deployment.start({ ...store.env, ...OPS, METRICS_PORT: '0' }, true);
      }, 90_000);
      afterAll(async () => {
        await service?.stop('SIGTERM');
        await store?.drop();
      });

      it('each process serves its own metrics, and all read the same queue gauges from Redis', async () => {
        const workerUrls = service!.workers.map((w) => /metrics: (http:\/\/\S+\/metrics)/.exec(workerOutput(w))?.[1]);
        expect(workerUrls).toEqual([expect.stringMatching(/^http:/), expect.stringMatching(/^http:/)]);
        const urls = [...service!.apis.map((a) => `${a.url}/metrics`), ...(workerUrls as string[])];
        for (const url of urls) expect((await fetch(url)).status).toBe(401);

        // A job that waits an hour: every process must see it in Redis.
        const queue = new Bull('engagement-delivery', backend.redisUrl!, { prefix: store.env.QUEUE_PREFIX });
        try {
          const job = await queue.add({ dealerId: 'nobody', messageId: '0' }, { delay: 3_600_000 });
          const delayed = await Promise.all(urls.map(async (url) => {
            const res = await fetch(url, { headers: { Authorization: OPS_AUTH } });
            expect(res.status).toBe(200);
            return sum(samples(await res.text()), 'queue_jobs', { queue: 'engagement-delivery', state: 'delayed' });
          }));
          expect(delayed).toEqual([1, 1, 1, 1]);
          await job.remove();
        } finally {
          await queue.close();
        }
      });
    });
  }
});
