import { DeliveryJob } from '../../domain/delivery-scheduler';

/** Outbound messages waiting for the messaging engine. */
export const ENGAGEMENT_DELIVERY_QUEUE = 'engagement-delivery';

export type EngagementDeliveryPayload = DeliveryJob;

/** Deliveries run side by side per worker process. */
export const ENGAGEMENT_DELIVERY_CONCURRENCY = 8;
