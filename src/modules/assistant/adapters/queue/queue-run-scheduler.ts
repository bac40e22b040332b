import { Injectable } from '@nestjs/common';
import { JobQueue } from '../../../../../libs/common/queue/job-queue';
import { RunScheduler } from '../../domain/run-scheduler';
import { ASSISTANT_RUNS_QUEUE, AssistantRunPayload } from './assistant.queue';

@Injectable()
export class QueueRunScheduler extends RunScheduler {
  constructor(private readonly queue: JobQueue) {
    super();
  }

  async schedule(run: { dealerId: string; runId: string; attempt: number }, options: { again?: boolean } = {}): Promise<void> {
    const payload: AssistantRunPayload = { dealerId: run.dealerId, runId: run.runId };
    // One job per start of the run: a retry after a lost worker is a new job, a repeated hand-over is not.
    await this.queue.enqueue(ASSISTANT_RUNS_QUEUE, payload, { jobId: `assistant-run-${run.runId}-${run.attempt}`, attempts: 1, replaceFinished: options.again });
  }
}
