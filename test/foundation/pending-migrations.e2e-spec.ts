import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { migrateDatabase } from '../../libs/common/persistence/migrations';
import { mysqlMigrations } from '../../src/migrations/mysql';
import { configuredBackends } from '../support/backends';
import { Deployment } from '../support/service-processes';
import { scratchStore, ScratchStore } from '../support/scratch-store';

/**
 * decisions.md section 13: start-up on MySQL with pending migrations and MIGRATE_ON_START off stops
 * with one line naming them and the command to run, exit status 1, no stack trace; the worker,
 * which never migrates, says the same. Against the built service (`npx nest build` first).
 */
const MAIN = path.resolve(__dirname, '../../dist/src/main.js');
const WORKER = path.resolve(__dirname, '../../dist/src/worker.js');
const mysqlUrl = configuredBackends().find((b) => b.mysqlUrl)?.mysqlUrl ?? null;
if (!mysqlUrl) process.stdout.write('[e2e] pending-migrations suite skipped: it needs TEST_MYSQL_URL\n');

const names = (migrations: typeof mysqlMigrations) => migrations.map((m) => m.name);

(mysqlUrl ? describe : describe.skip)('Start-up on a MySQL database with pending migrations', () => {
  let store: ScratchStore;
  beforeEach(async () => {
    store = await scratchStore({ name: 'mysql', mysqlUrl, redisUrl: null }, 'pending_');
  });
  afterEach(() => store.drop());

  /** Runs an entry point to its end as `npm start` / `npm run start:worker` would, without migrating at start. */
  function run(entry: string) {
    const result = spawnSync(process.execPath, [entry], {
      env: { ...process.env, ...store.env, MIGRATE_ON_START: 'false', LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1' }, encoding: 'utf8', timeout: 30_000,
    });
    return { status: result.status, stdout: result.stdout, stderrLines: result.stderr.trim().split('\n') };
  }

  /** The one line: every pending migration named in order, none of those applied, and the command to run. */
  function expectOneLine(lines: string[], pending: string[], applied: string[], remedy: RegExp): void {
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toContain(`has ${pending.length} pending migration(s): ${pending.join(', ')};`);
    for (const name of applied) expect(line).not.toContain(name);
    expect(line).toMatch(remedy);
    expect(line).not.toMatch(/^\s*at |Error:/);
  }

  it('stops the API on an empty database with one line naming every migration and `npm run migrate`', () => {
    const { status, stdout, stderrLines } = run(MAIN);
    expect(status).toBe(1);
    expectOneLine(stderrLines, names(mysqlMigrations), [], /run `npm run migrate` \(or start the API with MIGRATE_ON_START=true\)$/);
    // Nothing else said: no log line, no stack trace, no banner.
    expect(stdout).toBe('');
  });

  it('names only the migrations not applied yet, in the API and in the worker', async () => {
    const applied = mysqlMigrations.slice(0, 5);
    await migrateDatabase({ kind: 'mysql', url: store.env.DATABASE_URL }, { migrations: { mysql: applied, sqlite: [] } });
    const pending = names(mysqlMigrations.slice(5));

    const api = run(MAIN);
    expect(api.status).toBe(1);
    expectOneLine(api.stderrLines, pending, names(applied), /run `npm run migrate`/);

    const worker = run(WORKER);
    expect(worker.status).toBe(1);
    expectOneLine(worker.stderrLines, pending, names(applied), /run `npm run migrate` first \(the worker never migrates\)$/);
    expect(worker.stdout).toBe('');
  });

  it('starts once `npm run migrate` has run', async () => {
    await migrateDatabase({ kind: 'mysql', url: store.env.DATABASE_URL }, { migrations: { mysql: mysqlMigrations, sqlite: [] } });
    const service = await Deployment.start({ ...store.env, MIGRATE_ON_START: 'false' }, false);
    await service.stop('SIGTERM');
  });
});
