export interface DeliveryJob {
  dealerId: string;
  messageId: string;
}

/** Port: hands an outbound message to the delivery queue (retries and backoff are the queue's). */
export abstract class DeliveryScheduler {
  abstract schedule(job: DeliveryJob): Promise<void>;
}
