export interface DeliveryJob {
  dealerId: string;
  /** The outbound message's id, or the lead notification's when `kind` says so. */
  messageId: string;
  /** What to deliver: a customer's outbound message (the default) or a hand-off lead's copy for staff. */
  kind?: 'message' | 'lead_notification';
}

/**
 * Port: hands an outbound message to the delivery queue (retries and backoff are the queue's). One
 * job per message: handing a message over while its job waits or runs adds nothing. `again`: a
 * hand-over of a message the queue had before and may have lost or finished without recording an
 * outcome; a finished job of it is replaced (delivery itself skips a message already sent).
 */
export abstract class DeliveryScheduler {
  abstract schedule(job: DeliveryJob, options?: { again?: boolean }): Promise<void>;
}
