import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { listeningPort, REPORT_LISTENING_PORT } from '../support/listening-port';

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
      if (output.includes('Try it:') && port !== null) {
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
      expect(first.output).toContain('Created the demo dealership on first start.');
      const [, user, pass] = /curl -u '([^:]+):([^']+)'/.exec(first.output)!;
      const res = await request(`http://127.0.0.1:${first.port}`).get('/api/v1/dealership').auth(user, pass).expect(200);
      expect(res.body.id).toBe('demo-motors');
      expect(fs.existsSync(path.join(dataDir, 'dealer.sqlite'))).toBe(true);

      await stop(first.child);
      const second = await start({ DATA_DIR: dataDir });
      try {
        expect(second.output).toContain('Demo dealership ready.');
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
