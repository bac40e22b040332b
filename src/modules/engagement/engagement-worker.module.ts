import { Module } from '@nestjs/common';
import { EngagementDeliveryProcessor } from './adapters/queue/engagement-delivery.processor';
import { DeliveryRelay } from './adapters/schedule/delivery-relay';
import { EngagementModule } from './engagement.module';

/** Engagement's background work: the outbox relay and delivering queued messages (composed by the worker root). */
@Module({
  imports: [EngagementModule],
  providers: [EngagementDeliveryProcessor, DeliveryRelay],
})
export class EngagementWorkerModule {}
