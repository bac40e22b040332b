/** The assistant's settings (ASSISTANT_*), bound by the module from configuration. */
export abstract class AssistantSettings {
  /** A run past it ends `expired` (ASSISTANT_RUN_DEADLINE_S). */
  abstract readonly runDeadlineMs: number;
  /** A run in progress whose worker has not beaten for this long lost its worker. */
  abstract readonly stalledAfterMs: number;
  /** How often the worker beats while it runs. */
  abstract readonly heartbeatMs: number;
  /** How long a run's event may wait to be written with the ones after it (default 200 ms; tests set it). */
  readonly eventFlushMs?: number;
}
