import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createConnection } from 'mysql2/promise';
import { configuredBackends } from '../support/backends';
import { copyOfRepository, freePort } from '../support/repository-copy';

/**
 * The README's first screen, run as printed (through bash and npm, not the compiled files) in a copy
 * of the repository: `npm start`, then the "second terminal" block, on SQLite and on MySQL + Redis.
 * Two liberties, both outside the printed commands: `npm ci` is not run again (the copy links this
 * checkout's node_modules; CI's own `npm ci && npm test` on a clean clone covers it), and the port is
 * a free one rather than 3000, so a running service cannot collide with the test.
 */
const ROOT = path.resolve(__dirname, '../..');
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const FIRST_SCREEN = README.slice(0, README.indexOf('\n## '));
// Every shell block, run or not: the start commands are fenced `sh skip` (a docs runner must not start a server).
const SHELL_BLOCKS = [...FIRST_SCREEN.matchAll(/```sh(?: \w+)?\n([\s\S]*?)```/g)].map((m) => m[1].trim());
const START_BLOCK = SHELL_BLOCKS.find((b) => b.includes('npm start') && b.includes('npm test'))!;
const TRY_BLOCK = SHELL_BLOCKS.find((b) => b.includes('npm run cli --') && b.includes('curl'))!;
const MYSQL_BLOCK = SHELL_BLOCKS.find((b) => b.includes('DATABASE_URL=mysql://'))!;



/** The environment of a fresh shell: none of the test's own database or queue settings. */
function shellEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'DATA_DIR', 'DEMO_SEED', 'MIGRATE_ON_START', 'LOG_LEVEL', 'NODE_ENV', 'RUN_WORKERS', 'PORT', 'HOST']) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

interface Started {
  child: ChildProcess;
  output: () => string;
}

/** Runs a command line in bash in its own process group (npm's children die with it), resolving once `ready` shows. */
function startShell(script: string, cwd: string, env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs = 150_000): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { cwd, env, detached: true });
    let output = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      // Its own process group: npm and the server go with the shell, nothing keeps the port.
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
      reject(new Error(`${reason}:\n${output}`));
    };
    const timer = setTimeout(() => fail('not ready in time'), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ child, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => fail(`exited with ${code} before it was ready`));
  });
}

function stopShell(started: Started | undefined): Promise<void> {
  const child = started?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

const BANNER_END = /^ {2}try {8}curl .*$/m;

describe('README first screen, as printed', () => {
  let repo: string;
  beforeAll(() => {
    repo = copyOfRepository('dealer-readme-');
  });
  afterAll(() => fs.rmSync(repo, { recursive: true, force: true }));

  it('has the blocks this test runs', () => {
    expect(START_BLOCK.split('\n')[0]).toMatch(/^npm ci && npm start\b/);
    expect(START_BLOCK.split('\n')[1]).toMatch(/^npm ci && npm test\b/);
    expect(TRY_BLOCK).toContain('127.0.0.1:3000');
    expect(MYSQL_BLOCK).toMatch(/npm start$/);
  });

  for (const backend of configuredBackends()) {
    it(`runs on ${backend.name}`, async () => {
      const port = await freePort();
      const local = (block: string) => block.replaceAll('127.0.0.1:3000', `127.0.0.1:${port}`);
      fs.rmSync(path.join(repo, 'data'), { recursive: true, force: true });
      const env = shellEnv({ PORT: String(port) });
      let database: { admin: string; name: string } | null = null;
      let exports = '';
      let startScript = START_BLOCK.split('\n')[0].replace(/#.*$/, '').replace('npm ci && ', '');
      if (backend.mysqlUrl) {
        // The README's MySQL lines, pointed at a database that does not exist yet: start-up creates it.
        database = { admin: backend.mysqlUrl, name: `readme_${Date.now().toString(36)}` };
        const url = new URL(backend.mysqlUrl);
        url.pathname = `/${database.name}`;
        startScript = MYSQL_BLOCK.replace(/mysql:\/\/\S+/, url.toString()).replace(/redis:\/\/\S+/, backend.redisUrl ?? 'redis://127.0.0.1:6379');
        // The second terminal has the same variables exported, as the README says.
        exports = startScript.split('\n').filter((line) => line.startsWith('export ')).join('\n');
        env.QUEUE_PREFIX = database.name;
      }
      let server: Started | undefined;
      try {
        server = await startShell(startScript, repo, env, BANNER_END);
        await new Promise((r) => setTimeout(r, 300));
        const printed = server.output();
        const banner = printed.slice(printed.lastIndexOf('Dealership API ready'));
        expect(banner).toContain(`swagger ui http://127.0.0.1:${port}/docs`);
        const lastLine = BANNER_END.exec(printed)![0];
        expect(printed.slice(printed.indexOf(lastLine)).trimEnd()).toBe(lastLine); // the banner comes after every log line
        const [, username, password] = /demo {7}(\S+) \/ (\S+)/.exec(banner)!;

        const shell = spawnSync('bash', ['-c', `set -euo pipefail\ncurl() { command curl --fail-with-body -sS "$@"; echo; }\n${exports}\n${local(TRY_BLOCK)}`], { cwd: repo, env, encoding: 'utf8' });
        expect({ status: shell.status, stderr: shell.status === 0 ? '' : shell.stderr }).toEqual({ status: 0, stderr: '' });
        const jsonLines = shell.stdout.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
        expect(jsonLines[0]).toMatchObject({ dealer_id: 'demo-motors', username, password });
        expect(jsonLines[1]).toMatchObject({ id: 'demo-motors' });
        expect(jsonLines[2]).toMatchObject({ total_row_count: expect.any(Number), rows: expect.arrayContaining([expect.objectContaining({ type: 'SUV' })]) });
        expect(jsonLines[3]).toMatchObject({ dealer_id: expect.stringMatching(/^acme-motors-\d+$/), username: expect.stringMatching(/^dk_/) });
      } finally {
        await stopShell(server);
        if (database) {
          const conn = await createConnection({ uri: database.admin });
          await conn.query(`DROP DATABASE IF EXISTS \`${database.name}\``);
          await conn.end();
        }
      }
    }, 240_000);
  }
});
