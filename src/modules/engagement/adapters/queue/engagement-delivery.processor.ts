import { Process, Processor } from '@nestjs/bull';
import { jobContext, QueueJob } from '../../../../../libs/common/queue/job-queue';
import { DeliverLeadNotificationUseCase } from '../../application/deliver-lead-notification.use-case';
import { DeliverMessageUseCase } from '../../application/deliver-message.use-case';
import { ENGAGEMENT_DELIVERY_CONCURRENCY, ENGAGEMENT_DELIVERY_QUEUE, EngagementDeliveryPayload } from './engagement.queue';

/** Delivery jobs, in the processes whose root composes the worker (the API by default, or `npm run start:worker`). */
@Processor(ENGAGEMENT_DELIVERY_QUEUE)
export class EngagementDeliveryProcessor {
  constructor(
    private readonly deliver: DeliverMessageUseCase,
    private readonly deliverLead: DeliverLeadNotificationUseCase,
  ) {}

  @Process({ concurrency: ENGAGEMENT_DELIVERY_CONCURRENCY })
  deliverMessage(job: QueueJob<EngagementDeliveryPayload>): Promise<void> {
    if (job.data.kind === 'lead_notification') return this.deliverLead.execute(job.data, jobContext(job));
    return this.deliver.execute(job.data, jobContext(job));
  }
}
