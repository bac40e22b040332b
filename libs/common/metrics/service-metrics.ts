/** The outboxes whose oldest waiting entry is watched (decisions.md section 13). */
export type OutboxKind = 'message' | 'run' | 'handoff';

/** How one delivery attempt of an outbound message ended. */
export type DeliveryResult = 'sent' | 'retrying' | 'failed';

/**
 * What the service reports about itself for its operators (decisions.md section 13): the port the
 * contexts record through. Labels are bounded values only, never a dealership id, a VIN or a user name.
 * Bound to Prometheus when operator access is configured, else to `NO_METRICS` (nobody could read them).
 */
export abstract class ServiceMetrics {
  /** An answered HTTP request; `route` is the route's template (`/api/v1/inventory/:vin`), never the raw path. */
  abstract httpRequest(method: string, route: string, status: number, seconds: number): void;
  /** A request refused by authentication; `code` is the refusal's stable error code. */
  abstract authFailure(code: string): void;
  abstract assistantRunEnded(status: string, outcomeCode: string | null, seconds: number): void;
  abstract messageDelivery(channel: string, result: DeliveryResult): void;
  abstract uploadRows(kind: 'used' | 'new', inserted: number, failed: number): void;
  /** A gauge read at scrape time: when the oldest entry still waiting in the outbox was recorded (null: none waits). */
  abstract watchOutbox(kind: OutboxKind, oldestWaiting: () => Promise<Date | null>): void;
}

/** Metrics turned off: every record is dropped. */
class NoMetrics extends ServiceMetrics {
  httpRequest(): void {}
  authFailure(): void {}
  assistantRunEnded(): void {}
  messageDelivery(): void {}
  uploadRows(): void {}
  watchOutbox(): void {}
}

export const NO_METRICS: ServiceMetrics = new NoMetrics();
