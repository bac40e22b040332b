/** What the roots may use of the assistant. */
export { AssistantModule } from './assistant.module';
export { AssistantWorkerModule } from './assistant-worker.module';
import { ASSISTANT_RUNS_QUEUE } from './adapters/queue/assistant.queue';

/** The queues the assistant produces to and processes. */
export const ASSISTANT_QUEUES = [ASSISTANT_RUNS_QUEUE] as const;
