import { DeliveryJob } from '../../domain/delivery-scheduler';

/** Outbound messages waiting for the messaging engine. */
export const ENGAGEMENT_DELIVERY_QUEUE = 'engagement-delivery';

export type EngagementDeliveryPayload = DeliveryJob;

/**
 * A worker killed mid-delivery gives its job back within 15 s, not Bull's 30-60 s: running a
 * delivery twice is harmless (a message already sent is skipped, the engine drops a repeated
 * message id), and the lock is renewed every 5 s while a slow engine call runs.
 */
export const ENGAGEMENT_DELIVERY_LOCK_MS = 10_000;

/** Deliveries run side by side per worker process. */
export const ENGAGEMENT_DELIVERY_CONCURRENCY = 8;
