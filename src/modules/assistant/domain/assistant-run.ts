/**
 * Threads, runs, their messages and events (decisions.md section 9). Pure: the rules of the run's
 * state machine live here, the use cases apply them, the repository stores the result.
 */
export type RunStatus = 'queued' | 'in_progress' | 'cancelling' | 'completed' | 'failed' | 'cancelled' | 'expired';

const TERMINAL_STATUSES: readonly RunStatus[] = ['completed', 'failed', 'cancelled', 'expired'];
/** A thread with a run in one of these is busy: a new message is a 409. */
export const ACTIVE_STATUSES: readonly RunStatus[] = ['queued', 'in_progress', 'cancelling'];

export function isTerminal(status: RunStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

/** How a run ended; null only while it runs. `unanswered`: it failed, expired or was cancelled. */
export const RUN_OUTCOMES = ['answered', 'handed_off', 'unanswered'] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

/**
 * `outcome_code`: why the run ended as it did (stable, snake_case; docs/assistant.md).
 * answered: `answered` (grounded as written), `answer_repaired` (a figure not backed by a tool was
 * corrected), `cannot_answer` (the question is outside what the tools know).
 * handed_off: `deal_request` (price, discount or deal negotiation goes to staff), `trade_in_request`
 * (what the customer's car is worth: an appraisal is staff's too).
 * unanswered (failed / cancelled / expired): `model_error`, `worker_lost`, `cancelled_by_user`, `deadline_exceeded`.
 */
export type OutcomeCode =
  | 'answered' | 'answer_repaired' | 'cannot_answer' | 'deal_request' | 'trade_in_request'
  | 'model_error' | 'worker_lost' | 'cancelled_by_user' | 'deadline_exceeded';

export type RunEventType =
  | 'run.queued' | 'run.started' | 'tool.call' | 'tool.result' | 'message.delta' | 'message.completed'
  | 'run.completed' | 'run.failed' | 'run.cancelled' | 'run.expired';

export interface AssistantThread {
  id: string;
  dealerId: string;
  title: string;
  objective: string;
  latestRunId: string | null;
  createdDate: Date;
  lastModifiedDate: Date;
}

export interface AssistantRun {
  id: string;
  threadId: string;
  dealerId: string;
  status: RunStatus;
  lastError: string | null;
  resultSummary: string | null;
  outcome: RunOutcome | null;
  outcomeCode: OutcomeCode | null;
  /** Tool calls made so far (the agent's steps). */
  stepIndex: number;
  /** Times a worker started it (a run whose worker died is retried from the start while it has said nothing). */
  attempts: number;
  deadlineAt: Date;
  createdDate: Date;
  startedDate: Date | null;
  completedDate: Date | null;
  lastModifiedDate: Date;
  /** Set by the API when the run was handed to the queue (the relay hands over the rest). */
  enqueuedAt: Date | null;
}

type MessageRole = 'user' | 'assistant';

export interface ThreadMessage {
  id: string;
  dealerId: string;
  threadId: string;
  runId: string;
  role: MessageRole;
  content: string;
  /** `answer_repaired` on a reply corrected after the model; null otherwise. */
  metadataCode: string | null;
  dateCreated: Date;
}

export interface RunEvent {
  runId: string;
  sequence: number;
  type: RunEventType;
  summary: string;
  payload: unknown;
  dateCreated: Date;
}

/** A thread's title: the first words of its first message. */
export function threadTitle(message: string): string {
  const oneLine = message.replace(/\s+/g, ' ').trim();
  return oneLine.length <= 80 ? oneLine : `${oneLine.slice(0, 77)}...`;
}

/**
 * The turns a model is shown of a thread's messages (chronological): each question followed by its
 * run's reply. A question without one (its run failed, expired or was cancelled, or is the one
 * running) is left out, and so is a reply whose question is not there: customer and assistant
 * turns alternate.
 */
export function conversationTurns(messages: readonly ThreadMessage[]): ThreadMessage[] {
  const turns: ThreadMessage[] = [];
  for (let i = 0; i + 1 < messages.length; i++) {
    const question = messages[i];
    const reply = messages[i + 1];
    if (question.role === 'user' && reply.role === 'assistant' && reply.runId === question.runId) {
      turns.push(question, reply);
      i++;
    }
  }
  return turns;
}
