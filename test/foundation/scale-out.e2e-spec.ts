import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';
import { bumpInventoryVersionSql } from '../../src/modules/inventory/adapters/persistence/inventory-versions';
import { MYSQL_LOCK_NAME_SQL } from '../../src/modules/inventory/adapters/persistence/inventory-upload.locks';
import { configuredBackends } from '../support/backends';
import { eventually, until } from '../support/eventually';
import { CliDealer, createDealerWithCli, Deployment, freshStore, Server, Store } from '../support/service-processes';
import { basicAuth } from '../support/test-app';
import { deliveriesOf, engageOverHttp, startEngineServer } from '../engagement/engagement-helpers';
import { csv, simpleCars } from '../inventory/inventory-fixtures';

/**
 * Issue 15, scale-out: two API processes and two worker processes of the built service
 * (`npx nest build` first) on one MySQL database and one Redis behave as one service. Every check
 * goes through HTTP to both APIs: one upload at a time per dealership, one rate limit and one
 * failure throttle per credential, each message delivered once and each assistant run executed once
 * with the two workers competing for the jobs of one queue. (A worker and an API killed
 * mid-delivery, Redis and MySQL cut: test/engagement/outbox-faults.e2e-spec.ts, in the same shape.)
 */
const RATE_LIMIT = 100;
const FAILURE_LIMIT = 3;
const USERNAME_FAILURE_LIMIT = 4;
const SECRET = 'scale-out-secret';

const backend = configuredBackends().find((b) => b.mysqlUrl && b.redisUrl);
if (!backend) process.stdout.write('[e2e] scale-out suite skipped: it needs TEST_MYSQL_URL and TEST_REDIS_URL (processes share a database only on MySQL, a queue only on Redis)\n');

(backend ? describe : describe.skip)('Scale-out: two APIs and two workers on one MySQL and one Redis', () => {
  let store: Store;
  let engine: Awaited<ReturnType<typeof startEngineServer>>;
  let service: Deployment;
  /**
   * a: uploads, then messages and runs (well within the rate limit); b: the neighbour's upload and a
   * guessed password; limits: spends its whole rate limit.
   */
  let dealers: Record<'a' | 'b' | 'limits', CliDealer>;

  beforeAll(async () => {
    store = await freshStore(backend!);
    engine = await startEngineServer(() => 200);
    const tag = randomBytes(3).toString('hex');
    const names = ['a', 'b', 'limits'] as const;
    // The CLI migrates too (under the same migration lock as the two APIs): the dealerships are made meanwhile.
    const [started, ...made] = await Promise.all([
      Deployment.start({
        ...store.env,
        MESSAGING_ENGINE: 'http', MESSAGING_ENGINE_URL: engine.url, MESSAGING_ENGINE_SECRET: SECRET,
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT), AUTH_FAILURE_LIMIT: String(FAILURE_LIMIT), AUTH_USERNAME_FAILURE_LIMIT: String(USERNAME_FAILURE_LIMIT),
        // The test stands for clients at several addresses through X-Forwarded-For.
        TRUST_PROXY: 'loopback',
      }, true),
      ...names.map((name) => createDealerWithCli(store.env, `scale-${name}-${tag}`)),
    ]);
    service = started;
    dealers = Object.fromEntries(names.map((name, i) => [name, made[i]])) as typeof dealers;
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
    await store?.drop();
    await engine?.close();
  });

  const call = (api: Server, path: string, auth: string, init: RequestInit = {}) =>
    fetch(`${api.url}${path}`, { ...init, headers: { Authorization: auth, ...init.headers }, signal: AbortSignal.timeout(15_000) });

  const upload = (api: Server, dealer: CliDealer, rows: (string | number)[][]) => {
    const form = new FormData();
    form.append('File', new Blob([csv(rows)], { type: 'text/csv' }), 'inventory.csv');
    return call(api, '/api/v1/inventory/used', dealer.auth, { method: 'PUT', body: form });
  };

  it('runs one upload at a time per dealership across the APIs; another dealership is not held up', async () => {
    const { a, b } = dealers;
    // The test holds the row of a's inventory counter, which an upload of a's cars writes last, so that
    // upload stays in progress (holding its upload lock) until the test lets go: no race on file sizes.
    const holder = await createConnection({ uri: store.env.DATABASE_URL });
    const probe = await createConnection({ uri: store.env.DATABASE_URL });
    try {
      await holder.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED');
      await holder.beginTransaction();
      await holder.query(bumpInventoryVersionSql('mysql'), [a.dealerId]);
      const first = upload(service.api(0), a, simpleCars(0, 50));
      await until(async () => {
        const [[{ holder: connection }]] = await probe.query(`SELECT IS_USED_LOCK(${MYSQL_LOCK_NAME_SQL}) AS holder`, [a.dealerId]) as unknown as [[{ holder: number | null }]];
        return connection !== null;
      }, "the first upload to hold a's upload lock", { intervalMs: 20 });

      const second = await upload(service.api(1), a, simpleCars(100, 5));
      expect(second.status).toBe(409);
      expect(await second.json()).toEqual({ message: expect.stringContaining('already running'), details: null });
      const neighbour = await upload(service.api(1), b, simpleCars(200, 5));
      expect(neighbour.status).toBe(200);
      expect(await neighbour.json()).toMatchObject({ num_inserts: 5, num_failed_inserts: 0 });

      await holder.rollback();
      const done = await first;
      expect(done.status).toBe(200);
      expect(await done.json()).toMatchObject({ num_inserts: 50, num_failed_inserts: 0 });
      // Refused only while the first ran: the same upload through the other API goes through now.
      const again = await upload(service.api(1), a, simpleCars(100, 5));
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ num_deletes: 50, num_inserts: 5 });
    } finally {
      await holder.end();
      await probe.end();
    }
  });

  it('shares one rate limit per credential between the APIs (429 after the limit, not twice it)', async () => {
    const dealer = dealers.limits;
    for (let i = 0; i < RATE_LIMIT; i++) {
      const res = await call(service.api(i), '/api/v1/dealership', dealer.auth);
      // Every answer counts down one shared budget, whichever API gave it.
      expect([i, res.status, res.headers.get('ratelimit-remaining')]).toEqual([i, 200, String(RATE_LIMIT - 1 - i)]);
    }
    for (const api of service.apis) {
      const refused = await call(api, '/api/v1/dealership', dealer.auth);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('throttles failed sign-ins as one: per username and address, and per username from every address', async () => {
    const wrong = basicAuth(dealers.limits.username, 'not-the-password');
    const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
    // One address guessing, spread over the APIs: refused after FAILURE_LIMIT failures in all.
    for (let i = 0; i < FAILURE_LIMIT; i++) expect([i, (await call(service.api(i), '/api/v1/dealership', wrong, from('203.0.113.1'))).status]).toEqual([i, 401]);
    for (const api of service.apis) expect((await call(api, '/api/v1/dealership', wrong, from('203.0.113.1'))).status).toBe(429);

    // A guess spread over addresses and APIs: past the username's limit (counted together), an
    // address that already failed for it is refused, while a new one still gets its try.
    const spread = basicAuth(dealers.b.username, 'not-the-password');
    for (let i = 0; i < USERNAME_FAILURE_LIMIT; i++) {
      expect([i, (await call(service.api(i), '/api/v1/dealership', spread, from(`198.51.100.${i + 1}`))).status]).toEqual([i, 401]);
    }
    expect((await call(service.api(1), '/api/v1/dealership', spread, from('198.51.100.1'))).status).toBe(429);
    expect((await call(service.api(0), '/api/v1/dealership', spread, from('198.51.100.2'))).status).toBe(429);
    expect((await call(service.api(0), '/api/v1/dealership', spread, from('198.51.100.200'))).status).toBe(401);
  });

  it('delivers each message once, two workers taking the jobs, whichever API accepted it', async () => {
    const dealer = dealers.a;
    const emails = Array.from({ length: 40 }, (_, i) => `scale-${i}@example.com`);
    const answers = await Promise.all(emails.map((email, i) => engageOverHttp(service.api(i).url, dealer.auth, email)));
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 202));

    const sent = await eventually(async () => {
      const rows = await store.query<{ id: string | number; delivery_status: string }>(
        "SELECT id, delivery_status FROM messages WHERE dealer_id = ? AND role = 'agent'", [dealer.dealerId],
      );
      if (rows.length === emails.length && rows.every((r) => r.delivery_status === 'sent')) return rows.map((r) => String(r.id));
      throw new Error(`${rows.filter((r) => r.delivery_status === 'sent').length} of ${rows.length} sent`);
    }, 'every message recorded sent', { intervalMs: 100 });

    // No worker died: not even a repeat the engine would drop. One call per message, keyed by its id.
    const calls = deliveriesOf(engine.requests).filter((d) => d.email?.startsWith('scale-'));
    expect(calls.map((d) => d.messageId).sort()).toEqual([...sent].sort());
    for (const d of calls) expect(d.idempotencyKey).toBe(`message-${d.messageId}`);
    expect(new Set(calls.map((d) => d.email)).size).toBe(emails.length);
  });

  it('executes each assistant run once, two workers taking the runs, whichever API accepted it', async () => {
    const dealer = dealers.a;
    const questions = ['What are your hours?', 'Where are you located?', 'Do you have a Toyota Corolla?', 'What cars do you have under 20000?', 'Can I book a test drive?', 'What are your hours on Saturday?'];
    const runs = await Promise.all(questions.map(async (message, i) => {
      const res = await call(service.api(i), '/api/v1/assistant/threads/message', dealer.auth, {
        method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ message }),
      });
      expect(res.status).toBe(202);
      return (await res.json()) as { thread_id: string; run_id: string };
    }));

    // One request for all: every thread idle (its run ended).
    await until(async () => {
      const threads = (await (await call(service.api(0), '/api/v1/assistant/threads', dealer.auth)).json()) as { thread_id: string; status: string }[];
      return runs.every((r) => threads.some((t) => t.thread_id === r.thread_id && t.status === 'idle'));
    }, 'every run to end', { timeoutMs: 30_000, intervalMs: 500 });

    for (const [i, { thread_id: threadId, run_id: runId }] of runs.entries()) {
      const base = `/api/v1/assistant/threads/${threadId}`;
      const run = (await (await call(service.api(i + 1), `${base}/runs/${runId}`, dealer.auth)).json()) as { status: string };
      expect([runId, run.status]).toEqual([runId, 'completed']);
      const { events } = (await (await call(service.api(i), `${base}/runs/${runId}/events?Cursor=1&Take=500`, dealer.auth)).json()) as { events: { sequence: number; type: string }[] };
      const types = events.map((e) => e.type);
      // Executed once: started once, completed once, and one gapless sequence (two executions would interleave or repeat).
      expect(events.map((e) => e.sequence)).toEqual(events.map((_, n) => n + 1));
      expect([runId, types[0], types.filter((t) => t === 'run.started').length, types.filter((t) => t === 'message.completed').length, types.at(-1)])
        .toEqual([runId, 'run.queued', 1, 1, 'run.completed']);
      const messages = (await (await call(service.api(i + 1), `${base}/messages`, dealer.auth)).json()) as { run_id: string; role: string }[];
      expect(messages.filter((m) => m.run_id === runId).map((m) => m.role)).toEqual(['user', 'assistant']);
    }
  });
});
