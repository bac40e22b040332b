/** Port: POSTs a signed JSON notification to a dealership's chat URL. */
export abstract class ChatNotifier {
  /** Throws on failure: a PermanentDeliveryError is not retried, anything else is. `idempotencyKey` lets the receiver drop a repeat. */
  abstract post(url: string, body: string, idempotencyKey: string): Promise<void>;
}
