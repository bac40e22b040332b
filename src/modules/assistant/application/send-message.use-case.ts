import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { REQUEST_HAND_OVER_WAIT_MS, settledWithin } from '../../../../libs/common/queue/hand-over';
import { AssistantRun, AssistantThread, threadTitle } from '../domain/assistant-run';
import { ThreadBusyError, ThreadNotFoundError } from '../domain/assistant.errors';
import { AssistantRepository } from '../domain/assistant.repository';
import { RunScheduler } from '../domain/run-scheduler';
import { AssistantSettings } from './assistant-settings';

export interface SendMessageResult {
  thread_id: string;
  run_id: string;
  thread_status: 'busy';
  run_status: 'queued';
  run_outcome: null;
  run_outcome_code: null;
}

/**
 * POST /assistant/threads/message: records the user's message and a queued run (with its
 * `run.queued` event) in one transaction, then hands the run to the queue, waiting for that at
 * most REQUEST_HAND_OVER_WAIT_MS. The run row is the outbox: if the hand-over fails, takes longer
 * or the process dies first, the sweep hands it over, so a 202 is never lost and a queue that does
 * not answer never holds the request. The API never executes runs.
 */
@Injectable()
export class SendMessageUseCase {
  private readonly logger = new Logger(SendMessageUseCase.name);

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly assistant: AssistantRepository,
    private readonly scheduler: RunScheduler,
    private readonly settings: AssistantSettings,
  ) {}

  async execute(dealerId: string, message: string, threadId?: string): Promise<SendMessageResult> {
    const now = new Date();
    const runId = randomUUID();
    const run = await this.unitOfWork.run(async () => {
      let thread: AssistantThread | null;
      if (threadId !== undefined) {
        thread = await this.assistant.findThread(dealerId, threadId);
        if (!thread) throw new ThreadNotFoundError(threadId);
        // Before the busy check: the thread's row lock makes concurrent sends on one thread take turns
        // (MySQL), so the second sees the first one's run and gets 409 instead of starting a second.
        await this.assistant.touchThread(dealerId, thread.id, runId, now);
        const active = await this.assistant.findActiveRun(dealerId, threadId);
        if (active) throw new ThreadBusyError(threadId, active.id);
      } else {
        // A new thread is written pointing at its first run already (one statement less).
        thread = { id: randomUUID(), dealerId, title: threadTitle(message), objective: '', latestRunId: runId, createdDate: now, lastModifiedDate: now };
        await this.assistant.insertThread(thread);
      }
      const created: AssistantRun = {
        id: runId, threadId: thread.id, dealerId, status: 'queued', lastError: null, resultSummary: null, outcome: null, outcomeCode: null,
        stepIndex: 0, attempts: 0, deadlineAt: new Date(now.getTime() + this.settings.runDeadlineMs), createdDate: now, startedDate: null,
        completedDate: null, lastModifiedDate: now, enqueuedAt: null,
      };
      await this.assistant.insertRun(created);
      await this.assistant.insertMessage({ dealerId, threadId: thread.id, runId: created.id, role: 'user', content: message, metadataCode: null, dateCreated: now });
      await this.assistant.appendEvent(dealerId, { runId: created.id, type: 'run.queued', summary: 'Run queued', payload: { run_id: created.id }, dateCreated: now }, 0);
      return created;
    });

    const handOver = (async () => {
      await this.scheduler.schedule({ dealerId, runId: run.id, attempt: 1 });
      await this.unitOfWork.run(() => this.assistant.updateRun(dealerId, run.id, ['queued'], { enqueuedAt: new Date() }, new Date()));
    })();
    // Recorded already: the sweep hands it over when the queue answers again (a late success marks it itself).
    handOver.catch((err: unknown) => this.logger.warn({ err, dealer_id: dealerId, run_id: run.id }, 'could not hand the run to the queue now; the sweep will'));
    await settledWithin(handOver, REQUEST_HAND_OVER_WAIT_MS);
    return { thread_id: run.threadId, run_id: run.id, thread_status: 'busy', run_status: 'queued', run_outcome: null, run_outcome_code: null };
  }
}
