import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { JobQueue } from '../../../../../libs/common/queue/job-queue';
import { AppConfig } from '../../../../config/app-config';
import { DeliverMessageUseCase } from '../../application/deliver-message.use-case';
import { ENGAGEMENT_DELIVERY_CONCURRENCY, ENGAGEMENT_DELIVERY_QUEUE, EngagementDeliveryPayload } from './engagement.queue';

/** Runs delivery jobs in processes that run workers (the API by default, or `npm run start:worker`). */
@Injectable()
export class EngagementDeliveryProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly queue: JobQueue,
    private readonly config: AppConfig,
    private readonly deliver: DeliverMessageUseCase,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.runWorkers) return;
    this.queue.process<EngagementDeliveryPayload>(ENGAGEMENT_DELIVERY_QUEUE, (payload, context) => this.deliver.execute(payload, context), ENGAGEMENT_DELIVERY_CONCURRENCY);
  }
}
