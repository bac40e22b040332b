import { Module } from '@nestjs/common';
import { EngagementDeliveryProcessor } from './adapters/queue/engagement-delivery.processor';
import { EngagementModule } from './engagement.module';

/** Engagement's background work: delivering queued messages (composed by the worker root). */
@Module({
  imports: [EngagementModule],
  providers: [EngagementDeliveryProcessor],
})
export class EngagementWorkerModule {}
