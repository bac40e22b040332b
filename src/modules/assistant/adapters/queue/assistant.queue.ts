/** Assistant runs waiting for a worker. */
export const ASSISTANT_RUNS_QUEUE = 'assistant-runs';

export interface AssistantRunPayload {
  dealerId: string;
  runId: string;
}

/**
 * Runs side by side per worker process: each mostly waits (on the model, on the database), so
 * too few slots leave the process idle while runs queue (with 8, MySQL runs waited in the queue
 * longer than they ran in the assistant benchmark).
 */
export const ASSISTANT_RUNS_CONCURRENCY = 32;
