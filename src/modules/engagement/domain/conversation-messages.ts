import { DeliveryJob } from './delivery-scheduler';

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
  /** Whether its hand-over to the delivery queue was recorded. */
  handedOver: boolean;
  /** The recorded destination for the channel's address; the contact's current name and other address. */
  to: { fullName: string | null; email: string | null; phone: string | null };
}

/** Which messages the relay hands (again) to the delivery queue. */
export interface HandOverCutoffs {
  /** `queued`, never handed over, and recorded before this (a younger one is still its request's to hand over). */
  recordedBefore: Date;
  /** `queued` or `retrying`, and last handed over before this (the queue may have lost the job). */
  handedOverBefore: Date;
}

/**
 * Outbound messages: appended `queued` to the contact's conversation on the channel, then delivered.
 * The message row is the outbox entry of its delivery job: committed with the message, handed to
 * the queue after the commit, and marked handed over.
 */
export abstract class OutboundMessages {
  /** Joins the caller's unit of work. */
  abstract append(message: { dealerId: string; channel: string; contact: ContactAddress; text: string; subject: string | null }): Promise<AppendedMessage>;
  abstract findToDeliver(dealerId: string, messageId: string): Promise<MessageToDeliver | null>;
  abstract recordDelivery(dealerId: string, messageId: string, outcome: DeliveryOutcome): Promise<void>;
  /** The outbox, across dealerships (each job names its dealership), the longest waiting first. */
  abstract awaitingHandOver(cutoffs: HandOverCutoffs, take: number): Promise<DeliveryJob[]>;
  /** When the oldest message still waiting for delivery (queued or retrying) was recorded; null: none waits. */
  abstract oldestAwaitingDelivery(): Promise<Date | null>;
  abstract recordHandOver(dealerId: string, messageId: string, at: Date): Promise<void>;
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
