/** Assistant runs waiting for a worker. */
export const ASSISTANT_RUNS_QUEUE = 'assistant-runs';

export interface AssistantRunPayload {
  dealerId: string;
  runId: string;
}

/** Runs side by side per worker process (each mostly waits on the model). */
export const ASSISTANT_RUNS_CONCURRENCY = 8;
