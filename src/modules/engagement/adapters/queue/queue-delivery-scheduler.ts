import { Injectable } from '@nestjs/common';
import { JobQueue } from '../../../../../libs/common/queue/job-queue';
import { AppConfig } from '../../../../config/app-config';
import { DeliveryJob, DeliveryScheduler } from '../../domain/delivery-scheduler';
import { ENGAGEMENT_DELIVERY_QUEUE, EngagementDeliveryPayload } from './engagement.queue';

@Injectable()
export class QueueDeliveryScheduler extends DeliveryScheduler {
  constructor(
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async schedule(job: DeliveryJob, options: { again?: boolean } = {}): Promise<void> {
    const lead = job.kind === 'lead_notification';
    const payload: EngagementDeliveryPayload = lead ? { dealerId: job.dealerId, messageId: job.messageId, kind: 'lead_notification' } : { dealerId: job.dealerId, messageId: job.messageId };
    await this.queue.enqueue(ENGAGEMENT_DELIVERY_QUEUE, payload, {
      attempts: this.config.messaging.deliveryAttempts,
      backoffMs: this.config.messaging.deliveryBackoffMs,
      // Message and notification ids are unique across dealerships: one job per message or notification.
      jobId: lead ? `lead-${job.messageId}` : `message-${job.messageId}`,
      replaceFinished: options.again,
    });
  }
}
