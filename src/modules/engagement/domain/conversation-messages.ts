/**
 * Ports: what engagement needs of the dealership's conversations, in its own words. The
 * conversations context owns the messages; an adapter calls its public use cases.
 */

/** An attachment as conversations store it and engines send it. */
export interface MessageAttachment {
  contentType: string;
  contentUrl: string;
  content: unknown;
  name: string;
}

export interface ContactAddress {
  /** E.164, already normalised. */
  phone?: string | null;
  email?: string | null;
  fullName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export interface AppendedMessage {
  conversationId: string;
  messageId: string;
  /** The engine's message id was already recorded; nothing was written. */
  duplicate: boolean;
}

type DeliveryState = 'queued' | 'retrying' | 'sent' | 'failed';

export interface DeliveryOutcome {
  status: DeliveryState;
  attempts: number;
  lastError: string | null;
  sentAt: Date | null;
}

/** An outbound message with where it goes, read in one go. */
export interface MessageToDeliver {
  messageId: string;
  dealerId: string;
  conversationId: string;
  channel: string;
  text: string;
  subject: string | null;
  attachments: MessageAttachment[];
  deliveryStatus: DeliveryState | null;
  /** The recorded destination for the channel's address; the contact's current name and other address. */
  to: { fullName: string | null; email: string | null; phone: string | null };
}

/** Outbound messages: appended `queued` to the contact's conversation on the channel, then delivered. */
export abstract class OutboundMessages {
  /** Joins the caller's unit of work. */
  abstract append(message: { dealerId: string; channel: string; contact: ContactAddress; text: string; subject: string | null }): Promise<AppendedMessage>;
  abstract findToDeliver(dealerId: string, messageId: string): Promise<MessageToDeliver | null>;
  abstract recordDelivery(dealerId: string, messageId: string, outcome: DeliveryOutcome): Promise<void>;
}

/** Customers' messages reported by the messaging engine (role user). */
export abstract class InboundMessages {
  abstract record(message: {
    dealerId: string;
    channel: string;
    conversationId?: string;
    contact?: ContactAddress;
    text: string;
    subject: string | null;
    attachments: MessageAttachment[];
    externalId: string | null;
    isAdf: boolean;
  }): Promise<AppendedMessage>;
}
