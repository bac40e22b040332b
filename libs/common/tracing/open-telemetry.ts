import type { ServerResponse } from 'node:http';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MySQL2Instrumentation } from '@opentelemetry/instrumentation-mysql2';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { ParentBasedSampler, Sampler, SamplingDecision } from '@opentelemetry/sdk-trace';
import { useTracing } from './tracing';

interface OpenTelemetryOptions {
  /** The collector's OTLP/HTTP base URL: spans go to `<endpoint>/v1/traces`, as JSON. */
  endpoint: string;
  serviceName: string;
}

/**
 * Traces start at a request or a job only. Without this, every Bull poll, lock renewal, outbox
 * relay scan and pool ping would be a trace of its own, drowning the ones asked about.
 */
const startsAtRequestsAndJobs: Sampler = {
  shouldSample: (_context, _traceId, _name, kind) => ({
    decision: kind === SpanKind.SERVER || kind === SpanKind.CONSUMER ? SamplingDecision.RECORD_AND_SAMPLED : SamplingDecision.NOT_RECORD,
  }),
  toString: () => 'StartsAtRequestsAndJobs',
};

/** Machines call these every few seconds (probes, scrapes): no trace, as the request logs skip probes. */
const isPolled = (url: string | undefined): boolean => /^\/(health|metrics)(\/|\?|$)/.test(url ?? '');

/**
 * Starts the OpenTelemetry SDK: spans of HTTP (requests in; calls out, through `http` and `fetch`),
 * Express, mysql2 and ioredis, and of each queue job, batched to the collector. Must run before
 * those modules are loaded: the instrumentations patch them as they are required.
 */
export function startOpenTelemetry(options: OpenTelemetryOptions): void {
  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    // The SDK wraps it in a BatchSpanProcessor (OTEL_BSP_* tune it).
    traceExporter: new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` }),
    sampler: new ParentBasedSampler({ root: startsAtRequestsAndJobs }),
    // Traces only: metrics are prom-client's (GET /metrics). Left unset, the SDK would push metrics and logs over OTLP too.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => isPolled(request.url),
        // At the end: the id is the caller's X-Request-Id or one made by requestIdMiddleware, echoed on every response.
        applyCustomAttributesOnSpan: (span, _request, response) => {
          const id = 'getHeader' in response ? (response as ServerResponse).getHeader('x-request-id') : undefined;
          if (typeof id === 'string') span.setAttribute('request_id', id);
        },
      }),
      // `fetch`, which the messaging engine and the model client call out with (the http instrumentation does not see it).
      new UndiciInstrumentation(),
      new ExpressInstrumentation(),
      // The statements with their placeholders, never the values (contacts, password hashes).
      new MySQL2Instrumentation({ maskStatement: true }),
      // Command names only: keys and arguments carry user names (rate limits) and job payloads.
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
    ],
  });
  sdk.start();

  const tracer = trace.getTracer('dealer-api-queue');
  useTracing({
    carrier: () => {
      // A span that is not recorded (no request around it) has no trace to continue: the job starts its own.
      if (!trace.getActiveSpan()?.isRecording()) return undefined;
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier;
    },
    runJob: (job, carrier, work) =>
      tracer.startActiveSpan(`${job.queue} process`, {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': job.system,
          'messaging.operation.type': 'process',
          'messaging.destination.name': job.queue,
          'messaging.message.id': String(job.id),
          'messaging.job.attempt': job.attempt,
        },
        // Whatever context the queue's own code runs in, the job continues the trace it was sent with, or none.
      }, propagation.extract(ROOT_CONTEXT, carrier ?? {}), async (span) => {
        try {
          return await work();
        } catch (err) {
          span.recordException(err as Error);
          span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
          throw err;
        } finally {
          span.end();
        }
      }),
    shutdown: () => sdk.shutdown(),
  });
}
