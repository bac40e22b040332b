/**
 * What the queue adapters and the shutdown ask of tracing, without depending on it: off (no
 * OTEL_EXPORTER_OTLP_ENDPOINT), these do nothing and no OpenTelemetry module is ever loaded; the
 * tracing bootstrap (src/tracing.ts) swaps in the OpenTelemetry implementation before anything
 * else is loaded.
 */
export interface Tracing {
  /** The active trace context as text (W3C `traceparent`) to travel with a job; undefined when there is none to continue. */
  carrier(): Record<string, string> | undefined;
  /** Runs a job as its own span (`<queue> process`), child of the trace `carrier` was taken from, or a new trace without it. */
  runJob<T>(job: TracedJob, carrier: Record<string, string> | undefined, work: () => Promise<T>): Promise<T>;
  /** Sends the spans still buffered and stops: at shutdown, before the process exits. */
  shutdown(): Promise<void>;
}

interface TracedJob {
  queue: string;
  /** 'bull', or 'in_process' for the embedded default. */
  system: string;
  id: string | number;
  /** 1 for the first try. */
  attempt: number;
}

const OFF: Tracing = {
  carrier: () => undefined,
  runJob: (_job, _carrier, work) => work(),
  shutdown: async () => undefined,
};

let current: Tracing = OFF;

export function tracing(): Tracing {
  return current;
}

/** The bootstrap's switch; once, before the app is built. */
export function useTracing(implementation: Tracing): void {
  current = implementation;
}
