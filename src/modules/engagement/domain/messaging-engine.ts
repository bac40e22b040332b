import { MessageAttachment } from './conversation-messages';

/** One outbound message as a messaging engine needs it. */
export interface OutboundMessage {
  messageId: string;
  dealerId: string;
  /** Null for a hand-off lead to the dealership's staff (no customer conversation). */
  conversationId: string | null;
  channel: string;
  to: { fullName: string | null; email: string | null; phone: string | null };
  from: { name: string; email: string | null; phone: string | null };
  subject: string | null;
  text: string;
  /** An HTML body beside `text` (email only); null for text only. */
  html: string | null;
  attachments: MessageAttachment[];
  /** 1 for the first try. */
  attempt: number;
}

export interface SendReceipt {
  /** The engine's id for the message, when it gives one. */
  externalId: string | null;
}

/** Port: sends a message on its channel. Adapters: log (default), smtp, http. */
export abstract class MessagingEngine {
  abstract readonly name: string;
  /** Throws on failure: a PermanentDeliveryError is not retried, anything else is. */
  abstract send(message: OutboundMessage): Promise<SendReceipt>;
}

/** A failure that retrying cannot fix (no address for the channel, the engine refused the request). */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}
