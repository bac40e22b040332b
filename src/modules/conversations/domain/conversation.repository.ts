import { ConversationListQuery } from './conversation-list-query';
import { Attachment, Contact, Conversation, ConversationWithContact, Delivery, DeliveryStatus, Message } from './conversation';

export interface ConversationPage {
  total: number;
  rows: ConversationWithContact[];
}

/** An outbound message with what its delivery needs, read in one go. */
export interface OutboundForDelivery {
  messageId: string;
  dealerId: string;
  conversationId: string;
  channel: string;
  text: string;
  subject: string | null;
  attachments: Attachment[];
  deliveryStatus: DeliveryStatus | null;
  /** Whether its hand-over to the delivery queue was recorded. */
  handedOver: boolean;
  /** Where the message goes (see Message.destination); null on messages recorded before it was stored. */
  destination: string | null;
  /** The contact's name and current addresses. */
  contact: { fullName: string; email: string | null; phone: string | null } | null;
}

/** An outbound message to hand (again) to the delivery queue. */
export interface OutboundRef {
  dealerId: string;
  messageId: string;
}

/** Which outbound messages wait for a hand-over to the delivery queue. */
export interface HandOverCutoffs {
  /** `queued` and never handed over, recorded before this (younger ones are still being handed over by their request). */
  recordedBefore: Date;
  /** `queued` or `retrying` and last handed over before this (the queue may have lost the job). */
  handedOverBefore: Date;
}

/** A message before it is stored (the store assigns its id). */
export type NewMessage = Omit<Message, 'id'>;

/**
 * Port: conversations, their contacts and messages. Every method takes the dealership id; writes
 * join the caller's unit of work (libs/common/persistence), which the use case opens.
 */
export abstract class ConversationRepository {
  /** `query.channel` and `query.status` arrive normalised. */
  abstract list(dealerId: string, query: ConversationListQuery): Promise<ConversationPage>;
  abstract findById(dealerId: string, conversationId: string): Promise<ConversationWithContact | null>;
  /** In the order they were recorded. */
  abstract listMessages(dealerId: string, conversationId: string, options: { excludeDebug: boolean }): Promise<Message[]>;
  abstract findMessage(dealerId: string, messageId: string): Promise<Message | null>;
  /** The message with its destination, its conversation's channel and its contact's name and addresses. */
  abstract findOutbound(dealerId: string, messageId: string): Promise<OutboundForDelivery | null>;
  abstract recordDelivery(dealerId: string, messageId: string, delivery: Delivery): Promise<void>;
  /**
   * The outbox: outbound messages waiting for a hand-over to the delivery queue, across
   * dealerships (the relay's sweep; each ref carries its dealership), the longest waiting first.
   */
  abstract awaitingHandOver(cutoffs: HandOverCutoffs, take: number): Promise<OutboundRef[]>;
  /** When the oldest outbound message still waiting for delivery (queued or retrying) was recorded; null: none waits. */
  abstract oldestAwaitingDelivery(): Promise<Date | null>;
  /** Records that the message was handed to the delivery queue at `at`. */
  abstract recordHandOver(dealerId: string, messageId: string, at: Date): Promise<void>;
  abstract findContactByPhone(dealerId: string, phone: string): Promise<Contact | null>;
  abstract findContactByEmail(dealerId: string, email: string): Promise<Contact | null>;
  abstract insertContact(contact: Contact): Promise<void>;
  abstract updateContact(contact: Contact): Promise<void>;
  abstract findConversation(dealerId: string, conversationId: string): Promise<Conversation | null>;
  /** The contact's most recently modified conversation on the channel that is not archived. */
  abstract findOpenConversation(dealerId: string, contactId: string, channel: string): Promise<Conversation | null>;
  abstract insertConversation(conversation: Conversation): Promise<void>;
  abstract findMessageByExternalId(dealerId: string, externalId: string): Promise<Message | null>;
  /**
   * Stores the message and updates its conversation: counts (the visible count skips debug),
   * last_modified_date, and last_online_date when the customer wrote it. Returns the message id.
   * `conversationCounted`: the conversation was just inserted with this message already counted.
   */
  abstract appendMessage(message: NewMessage, options?: { conversationCounted?: boolean }): Promise<string>;
  /** Demo data and imports: messages stored as given, the conversation's counters left alone. */
  abstract insertMessages(messages: NewMessage[]): Promise<void>;
  /** Counts of the dealership's conversations (archived ones left out); `matching` too when a filter is given. */
  abstract statistics(dealerId: string, recentSince: Date, filter?: ConversationCountFilter): Promise<ConversationCounts>;
}

/** Conversations to count: those meeting every condition given (channel and status arrive normalised). */
export interface ConversationCountFilter {
  channel?: string;
  status?: string;
  /** Whether the customer wrote last (see ConversationCounts.awaitingReply). */
  awaitingReply?: boolean;
}

export interface ConversationCounts {
  total: number;
  byChannel: { channel: string; count: number }[];
  byStatus: { status: string; count: number }[];
  /** The customer wrote last (their last message is the conversation's latest change). */
  awaitingReply: number;
  /** Modified since the `recentSince` given. */
  recent: number;
  /** How many match the filter given; absent without one. */
  matching?: number;
}
