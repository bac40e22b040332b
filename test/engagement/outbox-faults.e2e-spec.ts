import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { createConnection } from 'mysql2/promise';
import { Backend, configuredBackends } from '../support/backends';
import { eventually } from '../support/eventually';
import { listeningPort, REPORT_LISTENING_PORT } from '../support/listening-port';
import { TcpProxy } from '../support/tcp-proxy';
import { basicAuth } from '../support/test-app';
import { RecordedRequest, startEngineServer } from './engagement-helpers';

/**
 * Faults against the built service (`npx nest build` first), run as `npm start` runs it: a child
 * process of dist/src/main.js with its own data, delivering through MESSAGING_ENGINE=http to a
 * recording engine in this test (decisions.md sections 2, 10 and 12).
 * - killed (SIGKILL) right after its 202s and restarted: every accepted message is delivered once;
 * - Redis cut (a TCP proxy this test cuts): engage still answers 202 within 1 s, delivery resumes
 *   once it is restored, /health/ready names the queue meanwhile;
 * - MySQL cut: 503 with Retry-After within 2 s, nothing recorded, /health/ready names the database.
 */
const MAIN = path.resolve(__dirname, '../../dist/src/main.js');
const CLI = path.resolve(__dirname, '../../dist/src/cli.js');
const SECRET = 'outbox-faults-secret';
const FAULT_TEST_TIMEOUT_MS = 90_000;

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** Starts the built API on a port the system assigns; resolves once its start banner is out. */
function startServer(env: Record<string, string>): Promise<Server> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.REDIS_URL;
  const child = spawn(process.execPath, [...REPORT_LISTENING_PORT, MAIN], {
    env: {
      ...base, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', DEMO_SEED: 'false', CATALOG_SEED: 'false', MIGRATE_ON_START: 'true',
      RATE_LIMIT_PER_MINUTE: '1000000', ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server was not ready in time:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = listeningPort(output);
      if (port !== null && output.includes('Dealership API ready')) {
        clearTimeout(timer);
        resolve({ child, url: `http://127.0.0.1:${port}`, output: () => output });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}):\n${output}`));
    });
  });
}

async function stopServer(server: Server | null, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill(signal);
  await exited;
}

/** A dealership and its credential, made with the CLI against the server's database. */
function createDealer(env: Record<string, string>): { dealerId: string; auth: string } {
  const result = spawnSync(process.execPath, [CLI, 'dealer', 'create', '--name', `Outbox Motors ${randomBytes(3).toString('hex')}`, '--region', 'CA'], {
    env: { ...process.env, LOG_LEVEL: 'warn', MIGRATE_ON_START: 'true', ...env }, encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`cli dealer create failed: ${result.stderr}`);
  const issued = JSON.parse(result.stdout.trim().split('\n').pop()!) as { dealer_id: string; username: string; password: string };
  return { dealerId: issued.dealer_id, auth: basicAuth(issued.username, issued.password) };
}

/** The server of TEST_MYSQL_URL without its database, which need not exist: each test makes its own. */
function adminUrl(mysqlUrl: string): string {
  const url = new URL(mysqlUrl);
  url.pathname = '/';
  return url.toString();
}

/** A fresh database (MySQL: created here, dropped by `drop`) and queue prefix for one server. */
async function freshStore(backend: Backend, mysqlPort?: number) {
  const tag = `outbox_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-outbox-'));
  const env: Record<string, string> = { DATA_DIR: dataDir, QUEUE_PREFIX: tag };
  let proxiedDatabaseUrl = '';
  if (backend.redisUrl) env.REDIS_URL = backend.redisUrl;
  if (backend.mysqlUrl) {
    const conn = await createConnection({ uri: adminUrl(backend.mysqlUrl) });
    await conn.query(`CREATE DATABASE \`${tag}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await conn.end();
    const url = new URL(backend.mysqlUrl);
    url.pathname = `/${tag}`;
    env.DATABASE_URL = url.toString();
    if (mysqlPort !== undefined) {
      url.hostname = '127.0.0.1';
      url.port = String(mysqlPort);
      proxiedDatabaseUrl = url.toString();
    }
  }
  return {
    env,
    proxiedDatabaseUrl,
    /** Read straight from the server's database (the wire shape of a message does not show its delivery). */
    query: async <T>(sql: string): Promise<T[]> => {
      if (!env.DATABASE_URL) {
        const db = new Database(path.join(dataDir, 'dealer.sqlite'), { readonly: true });
        try {
          return db.prepare(sql).all() as T[];
        } finally {
          db.close();
        }
      }
      const conn = await createConnection({ uri: env.DATABASE_URL });
      try {
        return (await conn.query(sql))[0] as T[];
      } finally {
        await conn.end();
      }
    },
    drop: async () => {
      if (backend.mysqlUrl) {
        const conn = await createConnection({ uri: adminUrl(backend.mysqlUrl) });
        await conn.query(`DROP DATABASE IF EXISTS \`${tag}\``);
        await conn.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Delivery {
  messageId: string;
  idempotencyKey: string | undefined;
  email: string | null;
}

function deliveriesOf(requests: RecordedRequest[]): Delivery[] {
  return requests.map((r) => {
    const body = JSON.parse(r.body.toString()) as { message_id: string; to: { email: string | null } };
    return { messageId: body.message_id, idempotencyKey: r.headers['idempotency-key'] as string | undefined, email: body.to.email };
  });
}

/**
 * What the customers received from an engine that honours the Idempotency-Key (as decisions.md 10
 * has engines do): the first request of each key. A key seen twice means the service tried again
 * after a kill between the engine's answer and recording it; the engine drops that repeat.
 */
function received(requests: RecordedRequest[]): { byEmail: Map<string, string[]>; repeats: number } {
  const seen = new Set<string>();
  const byEmail = new Map<string, string[]>();
  let repeats = 0;
  for (const d of deliveriesOf(requests)) {
    expect(d.idempotencyKey).toBe(`message-${d.messageId}`);
    if (seen.has(d.idempotencyKey!)) {
      repeats++;
      continue;
    }
    seen.add(d.idempotencyKey!);
    byEmail.set(d.email!, [...(byEmail.get(d.email!) ?? []), d.messageId]);
  }
  return { byEmail, repeats };
}

function engage(server: Server, auth: string, email: string, key?: string): Promise<Response> {
  return fetch(`${server.url}/api/v1/ailm/engage`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) },
    body: JSON.stringify({ contact: { full_name: 'Outbox Test', email }, message: `Hello ${email}`, channel: 'email', subject: 'Hi' }),
    signal: AbortSignal.timeout(10_000),
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

async function readiness(server: Server): Promise<{ status: number; body: { error: Record<string, unknown> } }> {
  const res = await fetch(`${server.url}/health/ready`, { signal: AbortSignal.timeout(5000) });
  return { status: res.status, body: (await res.json()) as { error: Record<string, unknown> } };
}

function redisAddress(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || 6379) };
}

for (const backend of configuredBackends()) {
  describe(`The outbox under faults [${backend.name}]`, () => {
    const engineEnv = (url: string) => ({ MESSAGING_ENGINE: 'http', MESSAGING_ENGINE_URL: url, MESSAGING_ENGINE_SECRET: SECRET, MESSAGING_DELIVERY_BACKOFF_MS: '200' });
    let server: Server | null = null;
    afterEach(async () => {
      await stopServer(server, 'SIGKILL');
      server = null;
    });

    it('a process killed right after its 202s delivers every accepted message exactly once after the restart', async () => {
      const store = await freshStore(backend);
      // An engine that takes 200 ms per message: the kill finds most of them still to deliver, some mid-call.
      const engine = await startEngineServer(() => 200, 200);
      try {
        const env = { ...store.env, ...engineEnv(engine.url) };
        server = await startServer(env);
        const dealer = createDealer(env);
        const emails = Array.from({ length: 100 }, (_, i) => `kill-${i}@example.com`);
        // One request first: the credential's first check (scrypt) is not what this test measures.
        expect((await fetch(`${server.url}/api/v1/dealership`, { headers: { Authorization: dealer.auth } })).status).toBe(200);
        const answers = await Promise.all(emails.map((email) => engage(server!, dealer.auth, email, `kill-${email}`)));
        await stopServer(server, 'SIGKILL');
        expect(answers.map((a) => a.status)).toEqual(emails.map(() => 202));
        const beforeRestart = engine.requests.length;

        server = await startServer(env);
        // The client's retries of the same requests are no-ops: nothing recorded or delivered again.
        const retries = await Promise.all(emails.map((email) => engage(server!, dealer.auth, email, `kill-${email}`)));
        expect(retries.map((a) => a.status)).toEqual(emails.map(() => 202));

        // Every message recorded sent (and handed over). On Bull a job that was running in the killed
        // process comes back when its lock runs out (ENGAGEMENT_DELIVERY_LOCK_MS, checked every half of it).
        await eventually(async () => {
          const rows = await store.query<{ delivery_status: string; handed_over: number; n: number }>(
            "SELECT delivery_status, CASE WHEN delivery_enqueued_at IS NULL THEN 0 ELSE 1 END AS handed_over, COUNT(*) AS n FROM messages WHERE role = 'agent' GROUP BY 1, 2",
          );
          if (rows.length === 1 && rows[0].delivery_status === 'sent' && Number(rows[0].handed_over) === 1 && Number(rows[0].n) === emails.length) return true;
          throw new Error(`messages by delivery status and hand-over: ${JSON.stringify(rows)}`);
        }, 'every message recorded sent', { timeoutMs: 30_000, intervalMs: 200 });

        // Each customer got one message: one per contact, one engine call per message id but repeats the engine drops.
        const { byEmail, repeats } = received(engine.requests);
        expect(byEmail.size).toBe(emails.length);
        for (const email of emails) expect(byEmail.get(email)).toHaveLength(1);
        process.stdout.write(`[outbox] ${backend.name}: ${beforeRestart} of ${emails.length} messages had reached the engine before the kill; `
          + `${repeats} repeated engine call(s) after the restart (killed mid-call), dropped by the Idempotency-Key\n`);
      } finally {
        await stopServer(server, 'SIGKILL');
        await store.drop();
        await engine.close();
      }
    }, FAULT_TEST_TIMEOUT_MS);

    if (!backend.redisUrl) process.stdout.write(`[outbox] ${backend.name}: the Redis cut needs TEST_REDIS_URL; skipped\n`);
    (backend.redisUrl ? it : it.skip)('Redis cut: engage answers 202 within 1 s, /health/ready names the queue, delivery resumes when it returns', async () => {
      const target = redisAddress(backend.redisUrl!);
      const store = await freshStore(backend);
      const proxy = await TcpProxy.start(target.host, target.port);
      const engine = await startEngineServer(() => 200);
      try {
        const env = { ...store.env, ...engineEnv(engine.url), REDIS_URL: `redis://127.0.0.1:${proxy.port}` };
        server = await startServer(env);
        // Not through the proxy: the CLI runs synchronously, and this process is the proxy.
        const dealer = createDealer(store.env);
        expect((await engage(server, dealer.auth, 'before@example.com')).status).toBe(202);
        await eventually(() => (received(engine.requests).byEmail.has('before@example.com') ? true : undefined), 'the first delivery');

        proxy.cut();
        const emails = Array.from({ length: 5 }, (_, i) => `redis-down-${i}@example.com`);
        for (const email of emails) {
          const { value, ms } = await timed(() => engage(server!, dealer.auth, email, `redis-${email}`));
          expect(value.status).toBe(202);
          expect(ms).toBeLessThan(1000);
        }
        const ready = await readiness(server);
        expect(ready.status).toBe(503);
        expect(ready.body.error).toEqual({ queue: expect.objectContaining({ status: 'down' }) });
        expect((await fetch(`${server.url}/health/live`)).status).toBe(200);
        expect(emails.some((email) => received(engine.requests).byEmail.has(email))).toBe(false);

        proxy.restore();
        await eventually(() => (emails.every((email) => received(engine.requests).byEmail.has(email)) ? true : undefined), 'the deliveries after Redis returned', { timeoutMs: 30_000, intervalMs: 100 });
        for (const email of emails) expect(received(engine.requests).byEmail.get(email)).toHaveLength(1);
        await eventually(async () => ((await readiness(server!)).status === 200 ? true : undefined), 'ready again', { timeoutMs: 10_000, intervalMs: 200 });
      } finally {
        await stopServer(server, 'SIGKILL');
        await store.drop();
        await engine.close();
        await proxy.close();
      }
    }, FAULT_TEST_TIMEOUT_MS);

    if (!backend.mysqlUrl) {
      process.stdout.write(`[outbox] ${backend.name}: the database cut needs TEST_MYSQL_URL (an embedded SQLite file cannot be cut off); skipped\n`);
      it.skip('database cut: not on SQLite (an embedded file cannot be cut off; run with TEST_MYSQL_URL)', () => undefined);
      return;
    }
    it('MySQL cut: 503 with Retry-After within 2 s and nothing recorded; /health/ready names the database; the retry after it returns is carried out', async () => {
      const mysql = new URL(backend.mysqlUrl!);
      const proxy = await TcpProxy.start(mysql.hostname, Number(mysql.port || 3306));
      const store = await freshStore(backend, proxy.port);
      const engine = await startEngineServer(() => 200);
      try {
        const env = { ...store.env, ...engineEnv(engine.url), DATABASE_URL: store.proxiedDatabaseUrl };
        server = await startServer(env);
        // Not through the proxy: the CLI runs synchronously, and this process is the proxy.
        const dealer = createDealer(store.env);
        expect((await engage(server, dealer.auth, 'before-db@example.com')).status).toBe(202);

        proxy.cut();
        for (const attempt of [1, 2]) {
          const { value, ms } = await timed(() => engage(server!, dealer.auth, 'db-down@example.com', 'db-down-1'));
          expect([attempt, value.status]).toEqual([attempt, 503]);
          expect(ms).toBeLessThan(2000);
          expect(Number(value.headers.get('retry-after'))).toBeGreaterThan(0);
          expect(await value.json()).toEqual({ message: expect.any(String), details: null });
        }
        const read = await timed(() => fetch(`${server!.url}/api/v1/dealership`, { headers: { Authorization: dealer.auth }, signal: AbortSignal.timeout(10_000) }));
        expect(read.value.status).toBe(503);
        expect(read.ms).toBeLessThan(2000);
        const ready = await readiness(server);
        expect(ready.status).toBe(503);
        expect(ready.body.error).toEqual({ database: expect.objectContaining({ status: 'down' }) });
        expect((await fetch(`${server.url}/health/live`)).status).toBe(200);

        proxy.restore();
        await eventually(async () => ((await readiness(server!)).status === 200 ? true : undefined), 'ready again', { timeoutMs: 15_000, intervalMs: 200 });
        // Nothing was recorded under the key while the database was away: the retry is carried out, once.
        expect((await engage(server, dealer.auth, 'db-down@example.com', 'db-down-1')).status).toBe(202);
        expect((await engage(server, dealer.auth, 'db-down@example.com', 'db-down-1')).status).toBe(202);
        await eventually(() => (received(engine.requests).byEmail.has('db-down@example.com') ? true : undefined), 'the delivery after the database returned');
        const list = await fetch(`${server.url}/api/v1/conversation?Take=100`, { headers: { Authorization: dealer.auth } });
        const rows = ((await list.json()) as { rows: { contact_info: { email: string | null }; message_count: number }[] }).rows;
        expect(rows.filter((r) => r.contact_info.email === 'db-down@example.com').map((r) => r.message_count)).toEqual([1]);
        expect(received(engine.requests).byEmail.get('db-down@example.com')).toHaveLength(1);
      } finally {
        await stopServer(server, 'SIGKILL');
        await store.drop();
        await engine.close();
        await proxy.close();
      }
    }, FAULT_TEST_TIMEOUT_MS);
  });
}
