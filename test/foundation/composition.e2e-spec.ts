import { ChildProcess, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import Database from 'better-sqlite3';
import { JobQueue } from '../../libs/common/queue/job-queue';
import { configuredBackends } from '../support/backends';
import { startWorker, stopProcess } from '../support/worker-process';
import { createDealer, DealerFixture, startTestApp, TestApp } from '../support/test-app';
import { storedMessages, waitFor } from '../engagement/engagement-helpers';

const ROOT = path.resolve(__dirname, '../..');


describe('Composition roots: what a process runs is the root it starts', () => {
  it('the worker never migrates: started on an empty database it creates no table', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-worker-'));
    try {
      const worker = await startWorker({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      await stopProcess(worker);
      const db = new Database(path.join(dataDir, 'dealer.sqlite'), { readonly: true });
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
      db.close();
      expect(tables).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const bull = configuredBackends().find((b) => b.redisUrl);
  if (!bull) process.stdout.write('[e2e] separate worker process suite skipped: TEST_REDIS_URL is not set\n');
  (bull ? describe : describe.skip)(`API with RUN_WORKERS=false and a separate worker [${bull?.name}]`, () => {
    let t: TestApp;
    let dealer: DealerFixture;
    let worker: ChildProcess | null = null;

    beforeAll(async () => {
      t = await startTestApp(bull!, { RUN_WORKERS: 'false' });
      dealer = await createDealer(t);
    });
    afterAll(async () => {
      if (worker) await stopProcess(worker);
      await t.close();
    });

    it('the API only queues; the worker process delivers', async () => {
      const res = await t.http().post('/api/v1/ailm/engage').set('Authorization', dealer.auth)
        .send({ contact: { full_name: 'Ana Ruiz', phone: '+14165550101' }, message: 'Your car is ready.' }).expect(202);
      const conversationId = res.body.conversation_id as string;
      // No processor in the API process: the job waits in Redis.
      expect(await t.app.get(JobQueue).pendingCount('engagement-delivery')).toBe(1);
      const [queued] = await storedMessages(t, dealer, conversationId);
      expect(queued.delivery?.status).toBe('queued');

      worker = await startWorker(t.env);
      const sent = await waitFor(async () => {
        const [message] = await storedMessages(t, dealer, conversationId);
        return message.delivery?.status === 'sent' ? message : undefined;
      }, 'the worker process to deliver');
      expect(sent.delivery).toMatchObject({ status: 'sent', attempts: 1 });
    });
  });
});

describe.each(configuredBackends().map((b) => [b.name, b] as const))('TypeORM CLI through ormconfig.ts [%s]', (_name, backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());

  it('`npx typeorm -d ormconfig.ts migration:show` lists every migration as applied', () => {
    // TypeORM's CLI colours its output (ansis) whenever CI is set, even into a pipe: ask for plain text.
    const env = { ...process.env, ...t.env, FORCE_COLOR: '0' };
    const result = spawnSync('npx', ['typeorm', '-d', 'ormconfig.ts', 'migration:show'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n').filter((l) => l.startsWith('['));
    expect(lines.length).toBeGreaterThanOrEqual(8);
    expect(lines.every((l) => l.startsWith('[X]'))).toBe(true);
  });
});
