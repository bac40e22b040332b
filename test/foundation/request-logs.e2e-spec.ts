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

/** The built service as `npm start` runs it, with `env`; its stdout and stderr are collected. */
function builtService(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-logs-'));
  const service = { dataDir, output: '', base: '', child: undefined as ChildProcess | undefined };
  beforeAll(async () => {
    const child = spawn(process.execPath, [...REPORT_LISTENING_PORT, MAIN], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_SEED: 'false', CATALOG_SEED: 'false', ...env },
    });
    service.child = child;
    child.stdout!.on('data', (chunk: Buffer) => (service.output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (service.output += chunk.toString()));
    await until(() => listeningPort(service.output) !== null && service.output.includes('swagger ui '), 'the service to listen', { timeoutMs: 20_000 });
    service.base = `http://127.0.0.1:${listeningPort(service.output)}`;
  });
  afterAll(async () => {
    const child = service.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return service;
}

const logLines = (output: string): LogLine[] => output.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as LogLine);

describe('Request logs (the built service, LOG_LEVEL=info)', () => {
  const service = builtService({ LOG_LEVEL: 'info' });

  const requestLines = (): LogLine[] => logLines(service.output).filter((l) => l.req !== undefined && l.res !== undefined);

  it('logs one line per request whose request_id is the X-Request-Id answered, refused bodies included', async () => {
    const answers = [
      await request(service.base).get('/api/v1/dealership').set('X-Request-Id', 'log-test-given').expect(401),
      await request(service.base).get('/api/v1/dealership').expect(401),
      await request(service.base).get('/docs/openapi.json').expect(200),
      // Refused by the JSON body parser, before any route or guard runs.
      await request(service.base).post('/api/v1/search').set('Content-Type', 'application/json').set('X-Request-Id', 'log-test-malformed').send('{"query": ').expect(400),
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
    const probe = await request(service.base).get('/health/live').expect(200);
    const after = await request(service.base).get('/api/v1/dealership').expect(401);
    // The request after the probe is logged, so the probe's line would be out by then had it one.
    await until(() => requestLines().some((line) => line.request_id === after.headers['x-request-id']), 'the next request\'s line');
    expect(probe.headers['x-request-id']).toBeDefined();
    expect(requestLines().filter((line) => line.request_id === probe.headers['x-request-id'] || line.req?.url?.startsWith('/health'))).toEqual([]);
  });

  it('redacts credentials', async () => {
    const res = await request(service.base).get('/api/v1/dealership').auth('dk_nobody', 'not-the-secret').expect(401);
    const id = res.headers['x-request-id'] as string;
    await until(() => requestLines().some((line) => line.request_id === id), 'the log line');
    const line = requestLines().find((l) => l.request_id === id)!;
    expect(line.req!.headers!.authorization).toBe('[redacted]');
    expect(service.output).not.toContain(Buffer.from('dk_nobody:not-the-secret').toString('base64'));
  });
});

/** Below info no request line is written; what is logged while serving a request still carries its id. */
describe('Request logs (the built service, LOG_LEVEL=warn)', () => {
  // A model endpoint that refuses connections: search falls back to the built-in translator and warns.
  const service = builtService({ LOG_LEVEL: 'warn', DEMO_SEED: 'true', LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'unreachable', LLM_TIMEOUT_MS: '2000' });

  it('writes no request lines, and a warning logged while serving a request carries its request_id', async () => {
    // One database here: the file's one entry (it holds one pair per database).
    const [{ username, password }] = Object.values(JSON.parse(fs.readFileSync(path.join(service.dataDir, 'demo-credentials.json'), 'utf8')) as Record<string, { username: string; password: string }>);
    const res = await request(service.base).post('/api/v1/search').auth(username, password).set('X-Request-Id', 'warn-level-search')
      .send({ query: 'red SUV under 30k' }).expect(200);
    expect(res.headers['x-request-id']).toBe('warn-level-search');
    await until(() => logLines(service.output).some((l) => l.request_id === 'warn-level-search'), 'the fallback warning');
    const lines = logLines(service.output).filter((l) => l.request_id === 'warn-level-search');
    expect(lines).toEqual([expect.objectContaining({ msg: expect.stringContaining('fell back to the built-in translator') })]);
    expect(logLines(service.output).filter((l) => l.req !== undefined && l.res !== undefined)).toEqual([]);
  });
});
