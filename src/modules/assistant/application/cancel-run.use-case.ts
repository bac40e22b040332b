import { Injectable } from '@nestjs/common';
import { ServiceMetrics } from '../../../../libs/common/metrics/service-metrics';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { AssistantRun } from '../domain/assistant-run';
import { NoActiveRunError, ThreadNotFoundError } from '../domain/assistant.errors';
import { AssistantRepository } from '../domain/assistant.repository';
import { secondsSince } from './execute-run.use-case';

/**
 * POST /assistant/threads/{threadId}/runs/cancel: a queued run ends `cancelled` at once; a running
 * one becomes `cancelling` and its worker (in whatever process) stops at the next step or during
 * model output, then records `cancelled`.
 */
@Injectable()
export class CancelRunUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly assistant: AssistantRepository,
    private readonly metrics: ServiceMetrics,
  ) {}

  async execute(dealerId: string, threadId: string): Promise<AssistantRun> {
    let cancelledQueued: AssistantRun | null = null;
    const runId = await this.unitOfWork.run(async () => {
      cancelledQueued = null;
      if (!(await this.assistant.findThread(dealerId, threadId))) throw new ThreadNotFoundError(threadId);
      const active = await this.assistant.findActiveRun(dealerId, threadId);
      if (!active) throw new NoActiveRunError(threadId);
      const now = new Date();
      if (active.status === 'queued' && await this.assistant.updateRun(dealerId, active.id, ['queued'], {
        status: 'cancelled', outcome: 'unanswered', outcomeCode: 'cancelled_by_user', completedDate: now, resultSummary: 'Cancelled before it started',
      }, now)) {
        await this.assistant.appendEvent(dealerId, { runId: active.id, type: 'run.cancelled', summary: 'Run cancelled before it started', payload: { run_id: active.id }, dateCreated: now });
        cancelledQueued = active;
      } else {
        await this.assistant.updateRun(dealerId, active.id, ['in_progress'], { status: 'cancelling' }, now);
      }
      return active.id;
    });
    const cancelled = await this.assistant.findRun(dealerId, runId);
    if (cancelledQueued && cancelled?.completedDate) this.metrics.assistantRunEnded('cancelled', 'cancelled_by_user', secondsSince(cancelled.createdDate, cancelled.completedDate));
    return cancelled!;
  }
}
