import { ThreadState } from './thread-state';
import { AssistantRun, AssistantThread, RunEvent, RunEventType, RunOutcome, RunStatus, ThreadMessage } from './assistant-run';

export type RunChanges = Partial<Pick<AssistantRun,
  'status' | 'lastError' | 'resultSummary' | 'outcome' | 'outcomeCode' | 'stepIndex' | 'attempts' | 'startedDate' | 'completedDate' | 'enqueuedAt'>>;

/** An event to append (its run and sequence are given by the repository). */
export interface NewRunEvent {
  type: RunEventType;
  summary: string;
  payload: unknown;
  dateCreated: Date;
}

/** A run the maintenance sweep looks at (any dealership: the sweep is the system's, not a caller's). */
export interface RunRef {
  dealerId: string;
  runId: string;
}

/**
 * Port: the assistant's threads, runs, messages and events. Every caller-facing method takes the
 * dealership id; writes join the caller's unit of work.
 */
export abstract class AssistantRepository {
  abstract insertThread(thread: AssistantThread): Promise<void>;
  abstract findThread(dealerId: string, threadId: string): Promise<AssistantThread | null>;
  /** Most recently modified first; with `outcome`, only the threads whose latest run ended so (`take` counts those). */
  abstract listThreads(dealerId: string, take: number, outcome?: RunOutcome): Promise<AssistantThread[]>;
  /** The thread's latest run and modification time, and with `state`, what its follow-ups refer to. */
  abstract touchThread(dealerId: string, threadId: string, latestRunId: string, at: Date, state?: ThreadState): Promise<void>;
  abstract threadState(dealerId: string, threadId: string): Promise<ThreadState>;

  abstract insertRun(run: AssistantRun): Promise<void>;
  abstract findRun(dealerId: string, runId: string): Promise<AssistantRun | null>;
  abstract findRuns(dealerId: string, runIds: readonly string[]): Promise<AssistantRun[]>;
  /** The thread's run that is queued, in progress or cancelling, if any. */
  abstract findActiveRun(dealerId: string, threadId: string): Promise<AssistantRun | null>;
  /**
   * Applies `changes` (and moves last_modified_date to `at`) only while the run's status is one of
   * `from`: the compare-and-set that keeps the API, workers and the sweep from overwriting each
   * other's transitions. With `attempt`, only while the run is still in that attempt: a worker that
   * stalled while the sweep handed its run to another cannot write over the new attempt. false when
   * the run had moved on.
   */
  abstract updateRun(dealerId: string, runId: string, from: readonly RunStatus[], changes: RunChanges, at: Date, attempt?: number): Promise<boolean>;
  /**
   * Moves last_modified_date only (the worker's heartbeat) while the run is still active in `attempt`,
   * and answers its status then (`cancelling` when a cancel was asked); null when it is not active.
   */
  abstract heartbeat(dealerId: string, runId: string, at: Date, attempt: number): Promise<'in_progress' | 'cancelling' | null>;

  abstract insertMessage(message: Omit<ThreadMessage, 'id'>): Promise<string>;
  /**
   * Chronological; the last `take` of the thread. `answered`: only the messages of runs that
   * completed (each question with its reply), the history a model is shown.
   */
  abstract listMessages(dealerId: string, threadId: string, take: number, options?: { answered: boolean }): Promise<ThreadMessage[]>;

  /**
   * Appends the events, in order, with the next sequences of their run (1, 2, ...), in one
   * statement; returns them. `after`: the run's last sequence when the caller knows it (0 for a run
   * it has just created), which spares reading it; a stale one fails on the (run, sequence) key, so
   * pass it only to a first attempt (a retry reads it anew).
   */
  abstract appendEvents(dealerId: string, runId: string, events: readonly NewRunEvent[], after?: number): Promise<RunEvent[]>;
  async appendEvent(dealerId: string, event: NewRunEvent & { runId: string }, after?: number): Promise<RunEvent> {
    return (await this.appendEvents(dealerId, event.runId, [event], after))[0];
  }
  /** Events with sequence >= `cursor`, in order, at most `take`. */
  abstract listEvents(dealerId: string, runId: string, cursor: number, take: number): Promise<RunEvent[]>;
  abstract hasEventOfType(dealerId: string, runId: string, types: readonly RunEventType[]): Promise<boolean>;

  /** Maintenance (the sweep): queued runs not handed to the queue since `before`. */
  abstract queuedNotHandedOver(before: Date, take: number): Promise<RunRef[]>;
  /** Maintenance: queued runs handed to the queue before `before` and still not started. */
  abstract queuedHandedOverBefore(before: Date, take: number): Promise<RunRef[]>;
  /** Maintenance: active runs whose deadline has passed. */
  abstract pastDeadline(now: Date, take: number): Promise<RunRef[]>;
  /** Maintenance: runs in progress whose worker has not beaten since `before`. */
  abstract stalled(before: Date, take: number): Promise<RunRef[]>;
  /** Operations: when the oldest run still queued (not started) was created; null: none is. */
  abstract oldestQueued(): Promise<Date | null>;
}
