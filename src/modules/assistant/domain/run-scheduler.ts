/**
 * Port: hands a recorded run to the `assistant-runs` queue. Idempotent per run attempt; `again`
 * hands it over once more even if the queue thinks that attempt's job finished (a job the queue
 * lost or dropped: executing a run is itself idempotent, so a second job of it does nothing).
 */
export abstract class RunScheduler {
  abstract schedule(run: { dealerId: string; runId: string; attempt: number }, options?: { again?: boolean }): Promise<void>;
}
