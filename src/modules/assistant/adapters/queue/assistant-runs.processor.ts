import { Process, Processor } from '@nestjs/bull';
import { QueueJob } from '../../../../../libs/common/queue/job-queue';
import { ExecuteRunUseCase } from '../../application/execute-run.use-case';
import { ASSISTANT_RUNS_CONCURRENCY, ASSISTANT_RUNS_QUEUE, AssistantRunPayload } from './assistant.queue';

/** Executes runs in the processes whose root composes the worker. */
@Processor(ASSISTANT_RUNS_QUEUE)
export class AssistantRunsProcessor {
  constructor(private readonly executeRun: ExecuteRunUseCase) {}

  @Process({ concurrency: ASSISTANT_RUNS_CONCURRENCY })
  run(job: QueueJob<AssistantRunPayload>): Promise<void> {
    return this.executeRun.execute(job.data);
  }
}
