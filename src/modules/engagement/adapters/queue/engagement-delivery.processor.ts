import { Process, Processor } from '@nestjs/bull';
import { jobContext, QueueJob } from '../../../../../libs/common/queue/job-queue';
import { DeliverMessageUseCase } from '../../application/deliver-message.use-case';
import { ENGAGEMENT_DELIVERY_CONCURRENCY, ENGAGEMENT_DELIVERY_QUEUE, EngagementDeliveryPayload } from './engagement.queue';

/** Delivery jobs, in the processes whose root composes the worker (the API by default, or `npm run start:worker`). */
@Processor(ENGAGEMENT_DELIVERY_QUEUE)
export class EngagementDeliveryProcessor {
  constructor(private readonly deliver: DeliverMessageUseCase) {}

  @Process({ concurrency: ENGAGEMENT_DELIVERY_CONCURRENCY })
  deliverMessage(job: QueueJob<EngagementDeliveryPayload>): Promise<void> {
    return this.deliver.execute(job.data, jobContext(job));
  }
}
