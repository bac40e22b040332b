import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { JobQueue } from '../queue/job-queue';
import { DeliveryResult, OutboxKind, ServiceMetrics } from './service-metrics';

/** A read at scrape time that takes longer is left out of that scrape: a slow Redis or database never holds it. */
const SCRAPE_READ_TIMEOUT_MS = 2000;

/** Request latency buckets (seconds): the API answers most requests in milliseconds, uploads in seconds. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Assistant runs take from tens of milliseconds (offline model) to the run deadline (2 minutes). */
const RUN_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * The service's metrics in Prometheus' text format (prom-client), in a registry of this app's own:
 * two apps in one process (tests) never share counters. Gauges of queues and outboxes are read
 * when scraped, from Redis and the database, so every process reports the same values.
 */
export class PrometheusMetrics extends ServiceMetrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'http_request_duration_seconds', help: 'HTTP requests answered, by method, route template and status class',
    labelNames: ['method', 'route', 'status_class'], buckets: HTTP_BUCKETS, registers: [this.registry],
  });
  private readonly authFailures = new Counter({
    name: 'auth_failures_total', help: 'Requests refused by authentication, by error code', labelNames: ['code'], registers: [this.registry],
  });
  private readonly runs = new Counter({
    name: 'assistant_runs_total', help: 'Assistant runs ended, by status and outcome code', labelNames: ['status', 'outcome_code'], registers: [this.registry],
  });
  private readonly runDurations = new Histogram({
    name: 'assistant_run_duration_seconds', help: 'Time from a run being queued to its end', buckets: RUN_BUCKETS, registers: [this.registry],
  });
  private readonly deliveries = new Counter({
    name: 'message_deliveries_total', help: 'Delivery attempts of outbound messages, by channel and result', labelNames: ['channel', 'result'], registers: [this.registry],
  });
  private readonly uploads = new Counter({
    name: 'inventory_upload_rows_total', help: 'Rows of inventory uploads, by kind (used CSV, new JSON) and result', labelNames: ['kind', 'result'], registers: [this.registry],
  });
  private readonly outboxes = new Map<OutboxKind, () => Promise<Date | null>>();

  constructor(queue: JobQueue) {
    super();
    collectDefaultMetrics({ register: this.registry });
    // Gauges named like counters, which `promtool check metrics` refuses; `nodejs_active_*{type}` carries the same by type.
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) this.registry.removeSingleMetric(name);
    const outboxes = this.outboxes;
    new Gauge({
      name: 'queue_jobs', help: 'Jobs in each queue by state (read from the queue when scraped)', labelNames: ['queue', 'state'], registers: [this.registry],
      async collect() {
        // Read everything first, then reset and set with no wait between: a concurrent scrape never sees it half-set.
        const read = await Promise.all(queue.names().map(async (name) => [name, await withinScrape(queue.counts(name))] as const));
        this.reset();
        for (const [name, counts] of read) {
          if (counts) for (const state of ['waiting', 'active', 'delayed', 'failed'] as const) this.set({ queue: name, state }, counts[state]);
        }
      },
    });
    new Gauge({
      name: 'outbox_oldest_age_seconds', help: 'Age of the oldest entry still waiting in each outbox (0: none waits), read from the database when scraped',
      labelNames: ['kind'], registers: [this.registry],
      async collect() {
        const read = await Promise.all([...outboxes].map(async ([kind, oldestWaiting]) => [kind, await withinScrape(oldestWaiting())] as const));
        const now = Date.now();
        this.reset();
        for (const [kind, oldest] of read) {
          if (oldest !== undefined) this.set({ kind }, oldest ? Math.max(0, (now - oldest.getTime()) / 1000) : 0);
        }
      },
    });
  }

  httpRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
  }

  authFailure(code: string): void {
    this.authFailures.inc({ code });
  }

  assistantRunEnded(status: string, outcomeCode: string | null, seconds: number): void {
    this.runs.inc({ status, outcome_code: outcomeCode ?? 'none' });
    this.runDurations.observe(seconds);
  }

  messageDelivery(channel: string, result: DeliveryResult): void {
    this.deliveries.inc({ channel, result });
  }

  uploadRows(kind: 'used' | 'new', inserted: number, failed: number): void {
    this.uploads.inc({ kind, result: 'inserted' }, inserted);
    this.uploads.inc({ kind, result: 'failed' }, failed);
  }

  watchOutbox(kind: OutboxKind, oldestWaiting: () => Promise<Date | null>): void {
    this.outboxes.set(kind, oldestWaiting);
  }

  /** The scrape: Prometheus' text format. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** The value, or undefined when the read failed or took too long (the series is left out of this scrape). */
function withinScrape<T>(read: Promise<T>): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), SCRAPE_READ_TIMEOUT_MS);
    timer.unref();
    read.then((value) => { clearTimeout(timer); resolve(value); }, () => { clearTimeout(timer); resolve(undefined); });
  });
}
