export interface DeliveryJob {
  dealerId: string;
  messageId: string;
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
