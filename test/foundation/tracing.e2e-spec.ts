import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEngineServer } from '../engagement/engagement-helpers';
import { configuredBackends } from '../support/backends';
import { eventually } from '../support/eventually';
import { createDealerWithCli, Deployment, freshStore } from '../support/service-processes';

/**
 * decisions.md section 13, traces: the built service (`npx nest build` first), run as deployed
 * (test/support/service-processes.ts), sends its spans to a stand-in collector here (OTLP/HTTP,
 * JSON) when OTEL_EXPORTER_OTLP_ENDPOINT names it. One trace holds the request that sent a message
 * and the job that delivered it: in one process on SQLite, and scaled out on MySQL + Redis (two
 * APIs that run no workers, two worker processes), where the trace crosses Redis in the job's data.
 * Off, no OpenTelemetry module is loaded in any process and nothing is sent.
 */
const SECRET = 'tracing-secret';
const TEST_TIMEOUT_MS = 90_000;

/** OTLP's span kinds (SpanKind in opentelemetry-proto's trace.proto). */
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  /** The service.name of the process that sent it. */
  service: string;
}

type OtlpAttributes = { key: string; value: Record<string, unknown> }[] | undefined;

interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttributes };
    scopeSpans?: { spans?: (Omit<ReceivedSpan, 'attributes' | 'service'> & { attributes?: OtlpAttributes })[] }[];
  }[];
}

/** `[{ key, value: { stringValue: 'x' } }]` as `{ key: 'x' }`. */
function attributesOf(list: OtlpAttributes): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, Object.values(value)[0]]));
}

/** A stand-in OpenTelemetry collector: what arrives at `/v1/traces` as OTLP JSON, and every path called. */
async function startCollector(): Promise<{ url: string; spans: ReceivedSpan[]; paths: string[]; close: () => Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      paths.push(req.url ?? '');
      if (req.url === '/v1/traces' && req.headers['content-type'] === 'application/json') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpTraces;
        for (const resourceSpans of body.resourceSpans ?? []) {
          const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name']);
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) spans.push({ ...span, attributes: attributesOf(span.attributes), service });
          }
        }
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, paths, close: () => new Promise((r) => server.close(() => r())) };
}

/** The spans from `span` up to the root of its trace. */
function ancestry(span: ReceivedSpan, trace: ReceivedSpan[]): ReceivedSpan[] {
  const chain = [span];
  for (let parent = trace.find((s) => s.spanId === span.parentSpanId); parent; parent = trace.find((s) => s.spanId === parent!.parentSpanId)) chain.push(parent);
  return chain;
}

const isUnder = (span: ReceivedSpan, ancestor: ReceivedSpan, trace: ReceivedSpan[]) => ancestry(span, trace).slice(1).some((s) => s.spanId === ancestor.spanId);

/** POST /ailm/engage of an email, with the X-Request-Id the caller chose. */
async function engage(baseUrl: string, auth: string, requestId: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v1/ailm/engage`, {
    method: 'POST',
    headers: { Authorization: auth, 'Content-Type': 'application/json', 'X-Request-Id': requestId },
    body: JSON.stringify({ contact: { full_name: 'Trace Test', email: 'trace@example.com' }, message: 'Your car is ready', channel: 'email', subject: 'Hi' }),
    signal: AbortSignal.timeout(10_000),
  });
  return res.status;
}

/**
 * A module preloaded into each process (NODE_OPTIONS=--require) that, on SIGUSR2, writes what the
 * process has loaded: whether express is among its modules (the probe sees the app), the
 * @opentelemetry packages they come from, and what was registered with the OpenTelemetry API
 * (its global: a tracer provider, a propagator, a context manager).
 */
const LOADED_MODULES_PROBE = `const { writeSync } = require('node:fs');
process.on('SIGUSR2', () => {
  const files = Object.keys(require.cache);
  const packages = new Set(files.map((f) => /\\/node_modules\\/(@opentelemetry\\/[^/]+)\\//.exec(f)?.[1]).filter(Boolean));
  const registered = Object.keys(globalThis[Symbol.for('opentelemetry.js.api.1')] ?? {}).filter((k) => k !== 'version');
  const report = { express: files.some((f) => f.includes('/node_modules/express/')), packages: [...packages], registered };
  writeSync(1, 'loaded modules: ' + JSON.stringify(report) + '\\n');
});
`;

interface LoadedModules {
  express: boolean;
  /** The @opentelemetry packages of the loaded modules. */
  packages: string[];
  /** What was registered with the OpenTelemetry API. */
  registered: string[];
}

async function loadedModules(child: ChildProcess): Promise<LoadedModules> {
  let output = '';
  const onData = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on('data', onData);
  try {
    child.kill('SIGUSR2');
    const report = await eventually(() => /loaded modules: (.*)\n/.exec(output)?.[1], 'the loaded modules');
    return JSON.parse(report) as LoadedModules;
  } finally {
    child.stdout!.off('data', onData);
  }
}

for (const backend of configuredBackends()) {
  // Several processes share a database only on MySQL, and a queue only on Redis.
  const scaledOut = Boolean(backend.mysqlUrl && backend.redisUrl);
  const shape = scaledOut ? 'two APIs, two workers' : 'one process';

  describe(`Traces [${backend.name}, ${shape}]`, () => {
    let store: Awaited<ReturnType<typeof freshStore>>;
    let collector: Awaited<ReturnType<typeof startCollector>>;
    let engine: Awaited<ReturnType<typeof startEngineServer>>;
    let service: Deployment | null = null;
    let probeDir: string;
    beforeEach(async () => {
      store = await freshStore(backend);
      collector = await startCollector();
      engine = await startEngineServer(() => 200);
      probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dealer-tracing-probe-'));
      fs.writeFileSync(path.join(probeDir, 'loaded-modules.cjs'), LOADED_MODULES_PROBE);
    });
    afterEach(async () => {
      await service?.stop();
      service = null;
      await engine.close();
      await collector.close();
      await store.drop();
      fs.rmSync(probeDir, { recursive: true, force: true });
    });
    /** What every process of both tests gets: the engine here, and the probe of loaded modules. */
    const commonEnv = () => ({
      ...store.env, MESSAGING_ENGINE: 'http', MESSAGING_ENGINE_URL: engine.url, MESSAGING_ENGINE_SECRET: SECRET,
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(probeDir, 'loaded-modules.cjs')}`.trim(),
    });
    const processes = () => [...service!.apis.map((a) => a.child), ...service!.workers];

    /** Sends a message through `service` and waits until the engine got it and the message is recorded sent. */
    async function sendMessage(requestId: string) {
      const dealer = await createDealerWithCli(store.env);
      expect(await engage(service!.api(0).url, dealer.auth, requestId)).toBe(202);
      const call = await eventually(() => engine.requests[0], 'the call to the messaging engine');
      await eventually(async () => {
        const [message] = await store.query<{ delivery_status: string }>("SELECT delivery_status FROM messages WHERE role = 'agent'");
        return message?.delivery_status === 'sent' ? true : undefined;
      }, 'the message recorded sent');
      return call;
    }

    it('one trace holds the request that sent a message (with its X-Request-Id) and the worker job that delivered it', async () => {
      service = await Deployment.start({
        ...commonEnv(), OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        // Nothing is sent before the processes stop: what arrives, their shutdown sent.
        OTEL_BSP_SCHEDULE_DELAY: '600000',
      }, scaledOut);
      const requestId = `trace-${randomBytes(6).toString('hex')}`;
      const call = await sendMessage(requestId);
      // The worker's call to the engine goes on with the trace (W3C traceparent): the request's, which the job carried.
      const traceparent = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(call.headers.traceparent));
      expect(traceparent).not.toBeNull();
      const [, traceId, engineCallSpanId] = traceparent!;
      expect(collector.spans).toEqual([]);
      // What the probe sees when tracing is on (the test below sees none of it).
      for (const child of processes()) {
        const loaded = await loadedModules(child);
        expect(loaded.packages).toEqual(expect.arrayContaining(['@opentelemetry/sdk-node', '@opentelemetry/instrumentation-http']));
        expect(loaded.registered).toEqual(expect.arrayContaining(['trace', 'propagation', 'context']));
      }

      await service.stop('SIGTERM');
      service = null;
      const trace = collector.spans.filter((s) => s.traceId === traceId);

      // The request: the trace's root, its span carrying the request id.
      const request = trace.find((s) => s.kind === SERVER && s.attributes.request_id === requestId);
      expect(request).toMatchObject({ name: 'POST /api/v1/ailm/engage', service: 'dealer-api' });
      expect(request!.parentSpanId || undefined).toBeUndefined();
      // The delivery job, under it: in the worker process when scaled out, after a trip through Redis.
      const job = trace.find((s) => s.kind === CONSUMER && s.name === 'engagement-delivery process');
      expect(job).toMatchObject({ service: scaledOut ? 'dealer-api-worker' : 'dealer-api', attributes: expect.objectContaining({ 'messaging.system': scaledOut ? 'bull' : 'in_process' }) });
      expect(isUnder(job!, request!, trace)).toBe(true);
      // What the job did, under it: the call to the engine and, on MySQL, its queries.
      const engineCall = trace.find((s) => s.spanId === engineCallSpanId);
      expect(engineCall).toMatchObject({ kind: CLIENT, service: job!.service });
      expect(isUnder(engineCall!, job!, trace)).toBe(true);
      if (backend.mysqlUrl) {
        const queries = trace.filter((s) => s.kind === CLIENT && (s.attributes['db.system.name'] ?? s.attributes['db.system']) === 'mysql' && isUnder(s, job!, trace));
        expect(queries.length).toBeGreaterThan(0);
        // Statements without their values.
        for (const query of queries) expect(JSON.stringify(query.attributes)).not.toContain('trace@example.com');
      }
      if (backend.redisUrl) {
        // The request handed the job to Bull: its Redis commands are the request's.
        expect(trace.some((s) => (s.attributes['db.system.name'] ?? s.attributes['db.system']) === 'redis' && isUnder(s, request!, trace))).toBe(true);
      }
      // Every trace starts at a request or a job: Bull's polling, the relays' scans and pool pings record nothing.
      for (const root of collector.spans.filter((s) => !s.parentSpanId)) expect([SERVER, CONSUMER]).toContain(root.kind);
      // Traces only, as JSON: no metrics or logs are pushed.
      expect(new Set(collector.paths)).toEqual(new Set(['/v1/traces']));
    }, TEST_TIMEOUT_MS);

    it('off (OTEL_EXPORTER_OTLP_ENDPOINT unset), no process loads an OpenTelemetry module and nothing is sent', async () => {
      service = await Deployment.start({
        ...commonEnv(),
        // The SDK's own variables would send spans here, were it loaded.
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/v1/traces`, OTEL_BSP_SCHEDULE_DELAY: '10',
      }, scaledOut);
      const call = await sendMessage(`off-${randomBytes(6).toString('hex')}`);
      expect(call.headers.traceparent).toBeUndefined();
      for (const child of processes()) {
        const loaded = await loadedModules(child);
        expect(loaded.express).toBe(true);
        // prom-client (the metrics) requires the API, a no-op facade until an SDK registers with it, whether traces are on or not.
        expect(loaded.packages.filter((p) => p !== '@opentelemetry/api')).toEqual([]);
        expect(loaded.registered).toEqual([]);
      }
      await service.stop('SIGTERM');
      service = null;
      expect(collector.paths).toEqual([]);
    }, TEST_TIMEOUT_MS);
  });
}
