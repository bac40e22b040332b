/** What the roots may use of engagement. */
export { EngagementModule } from './engagement.module';
export { EngagementWorkerModule } from './engagement-worker.module';
export { RecordInboundMessageUseCase } from './application/record-inbound-message.use-case';
export { HandOffLeadUseCase, type LeadDestinationStatus } from './application/hand-off-lead.use-case';
import { ENGAGEMENT_DELIVERY_LOCK_MS, ENGAGEMENT_DELIVERY_QUEUE } from './adapters/queue/engagement.queue';

/** The queues engagement produces to and processes. */
export const ENGAGEMENT_QUEUES = [{ name: ENGAGEMENT_DELIVERY_QUEUE, lockDurationMs: ENGAGEMENT_DELIVERY_LOCK_MS }] as const;
