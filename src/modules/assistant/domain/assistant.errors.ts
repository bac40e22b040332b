import { ConflictError, NotFoundError } from '../../../../libs/common/errors/domain-error';

export class ThreadNotFoundError extends NotFoundError {
  constructor(threadId: string) {
    super(`Thread ${threadId} not found`, 'assistant.thread_not_found');
  }
}

export class RunNotFoundError extends NotFoundError {
  constructor(runId: string) {
    super(`Run ${runId} not found`, 'assistant.run_not_found');
  }
}

export class ThreadBusyError extends ConflictError {
  constructor(threadId: string, runId: string) {
    super(`Thread ${threadId} has a run in progress (${runId}); wait for it or cancel it`, 'assistant.thread_busy');
  }
}

export class NoActiveRunError extends ConflictError {
  constructor(threadId: string) {
    super(`Thread ${threadId} has no queued or running run to cancel`, 'assistant.no_active_run');
  }
}

export class TaskNotFoundError extends NotFoundError {
  constructor(taskKey: string) {
    super(`Predefined task ${taskKey} not found`, 'assistant.task_not_found');
  }
}
