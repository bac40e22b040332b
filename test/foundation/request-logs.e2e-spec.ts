import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import request from 'supertest';
import { until } from '../support/eventually';
import { listeningPort, REPORT_LISTENING_PORT } from '../support/listening-port';

const MAIN = path.resolve(__dirname, '../../dist/src/main.js');

interface LogLine {
  msg?: string;
  request_id?: string;
  req?: { id?: string; url?: string; headers?: Record<string, string> };
  res?: { statusCode?: number };
}

/** The built service as `npm start` runs it, logging at info; its stdout is collected. */
describe('Request logs (the built service, LOG_LEVEL=info)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-logs-'));
  let child: ChildProcess;
  let output = '';
  let base = '';

  beforeAll(async () => {
    child = spawn(process.execPath, [...REPORT_LISTENING_PORT, MAIN], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', DEMO_SEED: 'false', CATALOG_SEED: 'false' },
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(() => listeningPort(output) !== null && output.includes('swagger ui '), 'the service to listen', { timeoutMs: 20_000 });
    base = `http://127.0.0.1:${listeningPort(output)}`;
  });
  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const requestLines = (): LogLine[] =>
    output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as LogLine).filter((l) => l.req !== undefined && l.res !== undefined);

  it('logs one line per request whose request_id is the X-Request-Id answered, refused bodies included', async () => {
    const answers = [
      await request(base).get('/api/v1/dealership').set('X-Request-Id', 'log-test-given').expect(401),
      await request(base).get('/api/v1/dealership').expect(401),
      await request(base).get('/docs/openapi.json').expect(200),
      // Refused by the JSON body parser, before any route or guard runs.
      await request(base).post('/api/v1/search').set('Content-Type', 'application/json').set('X-Request-Id', 'log-test-malformed').send('{"query": ').expect(400),
    ];
    const ids = answers.map((res) => res.headers['x-request-id'] as string);
    expect(ids[0]).toBe('log-test-given');
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    await until(() => ids.every((id) => requestLines().some((line) => line.request_id === id)), 'a log line for every request');

    for (const line of requestLines()) {
      expect(line.request_id).toBeDefined();
      expect(line.req!.id).toBe(line.request_id);
      expect(line.req!.headers?.authorization).toBeUndefined();
    }
    for (const [i, id] of ids.entries()) {
      const lines = requestLines().filter((line) => line.request_id === id);
      expect(lines).toHaveLength(1);
      expect(lines[0].res!.statusCode).toBe(answers[i].status);
    }
  });

  it('leaves health probes out, while they still answer with their request id', async () => {
    const probe = await request(base).get('/health/live').expect(200);
    const after = await request(base).get('/api/v1/dealership').expect(401);
    // The request after the probe is logged, so the probe's line would be out by then had it one.
    await until(() => requestLines().some((line) => line.request_id === after.headers['x-request-id']), 'the next request\'s line');
    expect(probe.headers['x-request-id']).toBeDefined();
    expect(requestLines().filter((line) => line.request_id === probe.headers['x-request-id'] || line.req?.url?.startsWith('/health'))).toEqual([]);
  });

  it('redacts credentials', async () => {
    const res = await request(base).get('/api/v1/dealership').auth('dk_nobody', 'not-the-secret').expect(401);
    const id = res.headers['x-request-id'] as string;
    await until(() => requestLines().some((line) => line.request_id === id), 'the log line');
    const line = requestLines().find((l) => l.request_id === id)!;
    expect(line.req!.headers!.authorization).toBe('[redacted]');
    expect(output).not.toContain(Buffer.from('dk_nobody:not-the-secret').toString('base64'));
  });
});
