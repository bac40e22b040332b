import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Connection, createConnection } from 'mysql2/promise';
import request from 'supertest';
import { listeningPort, REPORT_LISTENING_PORT } from '../support/listening-port';
import { scratchStore } from '../support/scratch-store';

const MAIN = path.resolve(__dirname, '../../dist/src/main.js');

/**
 * Starts the built service as `npm start` does, on a port the system assigns (PORT=0), and resolves
 * with what it printed and that port once it is ready.
 */
function start(env: Record<string, string>): Promise<{ child: ChildProcess; output: string; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...REPORT_LISTENING_PORT, MAIN], { env: { ...process.env, LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1', ...env } });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), 20000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = listeningPort(output);
      if (/^ {2}try {8}curl .*$/m.test(output) && port !== null) {
        clearTimeout(timer);
        resolve({ child, output, port });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

describe('npm start on a fresh machine (embedded default)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-start-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates the demo dealership on first start, prints working credentials, and prints them again on restart', async () => {
    const first = await start({ DATA_DIR: dataDir });
    try {
      const [, user, pass] = /curl -u '([^:]+):([^']+)'/.exec(first.output)!;
      expect(first.output).toContain(`  demo       ${user} / ${pass}  (dealership demo-motors; kept in ${path.join(dataDir, 'demo-credentials.json')})`);
      const res = await request(`http://127.0.0.1:${first.port}`).get('/api/v1/dealership').auth(user, pass).expect(200);
      expect(res.body.id).toBe('demo-motors');
      expect(fs.existsSync(path.join(dataDir, 'dealer.sqlite'))).toBe(true);

      await stop(first.child);
      const second = await start({ DATA_DIR: dataDir });
      try {
        expect(second.output).toContain(`curl -u '${user}:${pass}'`);
      } finally {
        await stop(second.child);
      }
    } finally {
      await stop(first.child);
    }
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'postgres://nope' }, 'DATABASE_URL'],
  ])('refuses to start with %j, naming the variable', (env, variable) => {
    const result = spawnSync(process.execPath, [MAIN], { env: { ...process.env, DATA_DIR: dataDir, ...env }, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Invalid configuration:\n  ${variable}=`);
  });
});

const MYSQL_URL = process.env.TEST_MYSQL_URL;

describe('the demo credentials, one pair per database under one DATA_DIR', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-demo-'));
  const file = path.join(dataDir, 'demo-credentials.json');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** Starts the quick start on `env`, returns the demo credentials it printed once they opened the API, and stops it. */
  async function quickStart(env: Record<string, string> = {}): Promise<{ user: string; pass: string }> {
    const started = await start({ DATA_DIR: dataDir, ...env });
    try {
      const [, user, pass] = /curl -u '([^:]+):([^']+)'/.exec(started.output)!;
      await request(`http://127.0.0.1:${started.port}`).get('/api/v1/dealership').auth(user, pass).expect(200);
      return { user, pass };
    } finally {
      await stop(started.child);
    }
  }

  it('a start on another database (MySQL when TEST_MYSQL_URL is set) leaves the SQLite ones working and printed again', async () => {
    const sqlite = await quickStart();
    const sqliteKey = `sqlite:${path.join(dataDir, 'dealer.sqlite')}`;
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ [sqliteKey]: { dealer_id: 'demo-motors', username: sqlite.user, password: sqlite.pass } });

    if (MYSQL_URL) {
      const store = await scratchStore({ name: 'mysql', mysqlUrl: MYSQL_URL, redisUrl: null }, 'demo_');
      try {
        const onMySql = { DATABASE_URL: store.env.DATABASE_URL, MIGRATE_ON_START: 'true' };
        const mysql = await quickStart(onMySql);
        expect(mysql.user).not.toBe(sqlite.user);
        expect(await quickStart(onMySql)).toEqual(mysql);
        const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { username: string; password: string }>;
        // Named without its password.
        expect(Object.keys(saved)).toEqual([sqliteKey, expect.stringMatching(new RegExp(`^mysql://([^:@/]+@)?[^@/]+/${store.tag}$`))]);
      } finally {
        await store.drop();
      }
    }
    expect(await quickStart()).toEqual(sqlite);
  }, 120_000);

  it('adopts the single pair an earlier version saved, naming its database', async () => {
    const { user, pass } = await quickStart();
    fs.writeFileSync(file, JSON.stringify({ dealer_id: 'demo-motors', username: user, password: pass }));
    expect(await quickStart()).toEqual({ user, pass });
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({ [`sqlite:${path.join(dataDir, 'dealer.sqlite')}`]: { dealer_id: 'demo-motors', username: user, password: pass } });
  }, 60_000);
});
(MYSQL_URL ? describe : describe.skip)('a MySQL database that does not exist yet', () => {
  const MIGRATION_CLI = path.resolve(__dirname, '../../dist/src/migration-cli.js');
  const user = `limited_${Date.now().toString(36)}`;
  let admin: Connection;
  beforeAll(async () => {
    admin = await createConnection({ uri: MYSQL_URL });
    await admin.query(`CREATE USER '${user}'@'%' IDENTIFIED BY 'secret'`);
  });
  afterAll(async () => {
    await admin.query(`DROP USER IF EXISTS '${user}'@'%'`);
    await admin.end();
  });

  function urlFor(database: string, asUser?: string): string {
    const url = new URL(MYSQL_URL!);
    url.pathname = `/${database}`;
    if (asUser) {
      url.username = asUser;
      url.password = 'secret';
    }
    return url.toString();
  }

  it('is created by `npm run migrate` when the user may create databases', async () => {
    const database = `created_${Date.now().toString(36)}`;
    try {
      const result = spawnSync(process.execPath, [MIGRATION_CLI, 'run'], { env: { ...process.env, DATABASE_URL: urlFor(database) }, encoding: 'utf8' });
      expect(result.status).toBe(0);
      const [rows] = await admin.query('SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?', [database]);
      expect(Number((rows as { n: number }[])[0].n)).toBeGreaterThan(5);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS \`${database}\``);
    }
  });

  it('stops `npm start` (no migrating on MySQL) with one line saying what to run', () => {
    const MAIN_JS = path.resolve(__dirname, '../../dist/src/main.js');
    const result = spawnSync(process.execPath, [MAIN_JS], { env: { ...process.env, DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-nodb-')), DATABASE_URL: urlFor('not_there_yet') }, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Unknown database 'not_there_yet': run `npm run migrate` first/)]);
  });

  it('stops start-up with one line saying what to run when the user may not', () => {
    const result = spawnSync(process.execPath, [MIGRATION_CLI, 'run'], { env: { ...process.env, DATABASE_URL: urlFor('nobody_may_create', user) }, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^MySQL database "nobody_may_create" does not exist on .* and user "limited_\w+" may not create it; run: mysql .*CREATE DATABASE `nobody_may_create`/),
    ]);
  });
});
