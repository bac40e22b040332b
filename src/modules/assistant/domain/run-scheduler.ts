/** Port: hands a recorded run to the `assistant-runs` queue. Idempotent per run attempt. */
export abstract class RunScheduler {
  abstract schedule(run: { dealerId: string; runId: string; attempt: number }): Promise<void>;
}
