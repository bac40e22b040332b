import { Injectable, Logger } from '@nestjs/common';
import { UnitOfWork } from '../../../../libs/common/persistence/unit-of-work';
import { handAgainBefore } from '../../../../libs/common/queue/hand-over';
import { AssistantRepository } from '../domain/assistant.repository';
import { RunScheduler } from '../domain/run-scheduler';
import { AssistantSettings } from './assistant-settings';
import { ExecuteRunUseCase } from './execute-run.use-case';

const BATCH = 100;

/** Rolls a re-queue back: the run has already streamed part of its reply. */
class ReplyBegun extends Error {}
/** A run recorded this long ago and still not handed over is the relay's (the API hands over at once). */
const HAND_OVER_GRACE_MS = 1000;

/**
 * Keeps every run's promise (decisions.md sections 9 and 10), run by the worker root on a timer:
 * hands over queued runs the API could not enqueue (the outbox relay), expires runs past their
 * deadline, and deals with runs whose worker died: retried from the start while they had said
 * nothing, else failed with `last_error`. Runs handed over before this process started (an
 * in-process queue dies with its process, and its jobs with it) or a minute ago and still queued
 * are handed over again. Nothing stays queued or in progress.
 */
@Injectable()
export class SweepRunsUseCase {
  private readonly logger = new Logger(SweepRunsUseCase.name);
  private readonly startedAt = new Date();

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly assistant: AssistantRepository,
    private readonly scheduler: RunScheduler,
    private readonly executor: ExecuteRunUseCase,
    private readonly settings: AssistantSettings,
  ) {}

  async execute(now: Date = new Date()): Promise<{ handedOver: number; expired: number; retried: number; failed: number }> {
    const counts = { handedOver: 0, expired: 0, retried: 0, failed: 0 };
    for (const ref of await this.assistant.pastDeadline(now, BATCH)) {
      const run = await this.assistant.findRun(ref.dealerId, ref.runId);
      if (!run) continue;
      await this.executor.finish(run, ['queued', 'in_progress', 'cancelling'], 'expired');
      counts.expired++;
    }
    for (const ref of await this.assistant.stalled(new Date(now.getTime() - this.settings.stalledAfterMs), BATCH)) {
      const run = await this.assistant.findRun(ref.dealerId, ref.runId);
      if (!run) continue;
      if (run.status === 'cancelling') {
        await this.executor.finish(run, ['cancelling'], 'cancelled');
        continue;
      }
      // Re-queued only if it has said nothing, checked after the run's row is taken (the same
      // transaction): a worker still alive cannot store a reply between the check and the re-queue,
      // since its batches go through that row too, and its attempt is fenced out afterwards.
      const requeue = await this.unitOfWork.run(async () => {
        if (!(await this.assistant.updateRun(run.dealerId, run.id, ['in_progress'], { status: 'queued', enqueuedAt: null, startedDate: null }, now, run.attempts))) return 'moved on';
        if (await this.assistant.hasEventOfType(run.dealerId, run.id, ['message.delta', 'message.completed'])) throw new ReplyBegun();
        await this.assistant.appendEvent(run.dealerId, { runId: run.id, type: 'run.queued', summary: 'Run queued again: its worker stopped before replying', payload: { run_id: run.id, retry: true }, dateCreated: now });
        return 'queued again';
      }).catch((err: unknown) => {
        if (err instanceof ReplyBegun) return 'reply begun';
        throw err;
      });
      if (requeue === 'queued again') counts.retried++;
      else if (requeue === 'reply begun') {
        await this.executor.finish(run, ['in_progress', 'cancelling'], 'failed', 'The worker running it stopped after the reply had begun; send the message again');
        counts.failed++;
      }
    }
    const handedOverBefore = handAgainBefore(now, this.startedAt);
    const toHandOver = [
      ...(await this.assistant.queuedNotHandedOver(new Date(now.getTime() - HAND_OVER_GRACE_MS), BATCH)).map((ref) => ({ ref, again: false })),
      ...(await this.assistant.queuedHandedOverBefore(handedOverBefore, BATCH)).map((ref) => ({ ref, again: true })),
    ];
    for (const { ref, again } of toHandOver) {
      const run = await this.assistant.findRun(ref.dealerId, ref.runId);
      if (!run || run.status !== 'queued') continue;
      try {
        await this.scheduler.schedule({ dealerId: run.dealerId, runId: run.id, attempt: run.attempts + 1 }, { again });
        await this.unitOfWork.run(() => this.assistant.updateRun(run.dealerId, run.id, ['queued'], { enqueuedAt: new Date() }, new Date()));
        counts.handedOver++;
      } catch (err) {
        this.logger.warn({ err, run_id: run.id }, 'the queue is still unavailable; the run waits for the next sweep');
        break;
      }
    }
    return counts;
  }
}
